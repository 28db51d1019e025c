"""Setups from the rule text's combat examples, shared by the combat tests."""

from __future__ import annotations

from kit.successors import Entity
from kit.successors.combat import Battle, Side


def releata() -> Entity:
    return Entity(
        "Releata",
        battle=8,
        control=3,
        handling=1,
        information=1,
        sensors=1,
        edges=["Combat Reflexes"],
        flaws=["Checkered Past", "No Memory"],
        sex="Female",
        side="Kingdoms of Jukint",
    )


def tanrac() -> Entity:
    return Entity(
        "TanRac",
        battle=4,
        control=4,
        handling=3,
        information=2,
        sensors=2,
        edges=["Cross-Trained"],
        flaws=["Still at War"],
        sex="Male",
        side="Vontuni Empire",
    )


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
