"""Setups from the rule text's combat examples, shared by the combat tests."""

from __future__ import annotations

from kit.successors.combat import Battle, Side
from kit.successors.examples import releata, tanrac




def garrison(**kw) -> Side:
    return Side(
        "Garrison",
        ships=[("Servo", 2), ("Drone", 8), ("Gunboat", 5), ("Frigate", 5), ("Cruiser", 5)],
        faction="Takeru Republic",
        **kw,
    )


def example_one(seed: int = 1, **kw) -> Battle:
    rel = Side("Releata", releata(), ships=[("Battleship", 2), ("Drone", 8)], controlled=(1, 2, 3))
    return Battle([rel, garrison()], seed=seed, **kw)


def example_two(seed: int = 1) -> Battle:
    side = Side(
        "TanRac",
        tanrac(),
        ships=[("Gunboat", 5), ("Satellite", 10), ("Tug", 1), ("Servo", 2), ("Relay", 1)],
        controlled=(6, 7, 8, 9),
        sensors=5,
    )
    return Battle([side, garrison()], seed=seed)
