"""Invariants of whole battles on random small fleets."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hs

from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, RetreatWhenLosses, Side

NAMES = [
    "Drone",
    "Gunboat",
    "Frigate",
    "Cruiser",
    "Battlecruiser",
    "Mocker",
    "Servo",
    "Darter",
    "Satellite",
    "Battle Pod",
]

fleet = hs.lists(hs.sampled_from(NAMES), min_size=1, max_size=5)


@settings(max_examples=25, deadline=None)
@given(a=fleet, b=fleet, seed=hs.integers(0, 10**6), with_entity=hs.booleans())
def test_battles_end_conserve_ships_and_replay(a, b, seed, with_entity):
    ent = (
        Entity("E", battle=3, control=2, handling=2, information=1, sensors=1)
        if with_entity
        else None
    )
    sides = [Side("A", ent, ships=a, controlled=(1,) if ent else ()), Side("B", ships=b)]
    battle = Battle(sides, seed=seed).run(8, AutoPolicy(retreat_rules={1: RetreatWhenLosses(0.6)}))
    assert battle.over
    res = battle.result
    for i, side in enumerate(sides):
        total = sum(sh.cost for sh in side.ships)
        assert 0 <= res["sides"][i]["ru_lost"] <= total
    # every unit is accounted for, exactly once, in one state
    assert len(battle.state.units) == len(a) + len(b)
    again = Battle.from_json(battle.to_json())
    assert again == battle and again.state.result == battle.state.result
