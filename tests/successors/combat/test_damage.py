"""The damage table, multi-hit ships, hits on the neutralized, the default allocation."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, CombatRules, Side
from kit.successors.combat.damage import auto_allocation, land_hit, resolve_hits
from kit.successors.combat.events import Ctx, ScriptedRoller


def ctx(b, faces=()):
    rec: list = []
    c = Ctx(
        b.sides,
        b.state,
        b.rules,
        AutoPolicy(),
        ScriptedRoller(list(faces)),
        record=lambda k, d: rec.append((k, d)),
    )
    c.recorded = rec  # type: ignore[attr-defined]
    return c


def c_events(c):
    return c.recorded


@pytest.mark.parametrize(
    "face,result",
    [
        (1, "neutralized"),
        (2, "neutralized"),
        (3, "neutralized"),
        (4, "hulked"),
        (5, "hulked"),
        (6, "vaporized"),
    ],
)
def test_every_row_of_the_damage_table(face, result):
    b = Battle([Side("A", ships=["Cruiser"]), Side("B", ships=["Frigate"])], seed=1)
    land_hit(ctx(b, [face]), "0:1", by=1, phase="main")
    u = b.state.units["0:1"]
    assert (u.status if result == "neutralized" else u.state) == result
    assert u.hulk_ru == (4 if result == "hulked" else 0)  # half of 8 RU


def test_hulks_round_down():
    b = Battle([Side("A", ships=["Battlecruiser", "Drone"]), Side("B", ships=["Frigate"])], seed=1)
    c = ctx(b, [4, 4])
    land_hit(c, "0:1", by=1, phase="main")
    land_hit(c, "0:1", by=1, phase="main")
    land_hit(c, "0:2", by=1, phase="main")
    assert b.state.units["0:1"].hulk_ru == 7 and b.state.units["0:2"].hulk_ru == 0


@pytest.mark.parametrize(
    "ship,k",
    [
        ("Battlecruiser", 2),
        ("Dreadnought", 3),
        ("Juggernaut", 4),
        ("Fortress", 3),
        ("Castle", 5),
        ("Carrier", 2),
        ("Cruiser", 1),
    ],
)
def test_multi_hit_ships_roll_once_per_k_hits(ship, k):
    b = Battle([Side("A", ships=[ship]), Side("B", ships=["Frigate"])], seed=1)
    c = ctx(b, [1])
    for i in range(k - 1):
        land_hit(c, "0:1", by=1, phase="main")
        assert (
            b.state.units["0:1"].counter == i + 1 and b.state.units["0:1"].status == "operational"
        )
    land_hit(c, "0:1", by=1, phase="main")
    assert b.state.units["0:1"].status == "neutralized" and b.state.units["0:1"].counter == 0


def test_a_hit_on_a_neutralized_ship_destroys_it():
    b = Battle([Side("A", ships=["Dreadnought"]), Side("B", ships=["Frigate"])], seed=1)
    c = ctx(b, [1])
    for _ in range(3):
        land_hit(c, "0:1", by=1, phase="main")
    land_hit(c, "0:1", by=1, phase="main")
    assert b.state.units["0:1"].state == "destroyed"


def test_default_allocation_decoys_then_cheapest_entity_last():
    ent = Entity("E", battle=2, control=1, handling=1, information=1, sensors=1)
    b = Battle(
        [
            Side("A", ent, ships=["Cruiser", "Mocker", "Gunboat", "Battlecruiser"]),
            Side("B", ships=["Frigate"]),
        ],
        seed=1,
    )
    # one wave: the Mocker (decoy), the Gunboat (2 RU), the Cruiser (8), the Battlecruiser's two
    # hits to its damage roll (15), then the one hit the entity takes keeping every ability >= 1
    # (Battle 2 -> 1); the last two hits wait for the damage rolls (the next wave)
    alloc = auto_allocation(b.state, 0, 8)
    assert alloc == ["0:2", "0:3", "0:1", "0:4", "0:4", "0:E:battle"]


@settings(max_examples=40, deadline=None)
@given(hits=hs.integers(0, 40), seed=hs.integers(0, 10**6))
def test_allocation_never_exceeds_hits_and_targets_are_valid(hits, seed):
    rng = np.random.default_rng(seed)
    names = ["Drone", "Gunboat", "Cruiser", "Battlecruiser", "Mocker", "Castle"]
    ships = [names[int(i)] for i in rng.integers(0, len(names), size=int(rng.integers(1, 6)))]
    ent = Entity("E", battle=3, control=2, handling=1, information=1, sensors=1)
    b = Battle([Side("A", ent, ships=ships), Side("B", ships=["Frigate"])], seed=1)
    assert len(auto_allocation(b.state, 0, hits)) <= hits
    c = ctx(b, list(rng.integers(1, 7, size=400)))
    resolve_hits(c, 0, hits, by=1, phase="main")
    landed = [e for e in c_events(c) if e[0] == "decision"]
    placed = sum(len(d["targets"]) for _, d in landed)
    # every hit landed, or the side had nothing left to hit (and a note says how many were lost)
    nothing_left = not auto_allocation(b.state, 0, 1)
    assert placed == hits or (nothing_left and b.state.sides[0].entity_state == "destroyed")


def test_custom_damage_table_is_an_option():
    rules = CombatRules(damage_table=tuple((f, "neutralized") for f in range(1, 7)))
    b = Battle([Side("A", ships=["Cruiser"]), Side("B", ships=["Frigate"])], seed=1, rules=rules)
    land_hit(ctx(b, [6]), "0:1", by=1, phase="main")
    assert b.state.units["0:1"].status == "neutralized"
    with pytest.raises(ValueError, match=r"each face 1\.\.6 once"):
        CombatRules(damage_table=((1, "hulked"),))
    assert CombatRules.from_dict(rules.to_dict()) == rules
