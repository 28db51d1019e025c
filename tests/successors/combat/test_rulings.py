"""Successors rulings 1, 2 and 4 in combat: every hit allocated, rank modifiers per die,
Control lowered below the ships under it (the CombatRules options are in test_rules.py, the
rank modifiers of pools in test_pools.py).

Expected numbers are worked out here from the rule text and the rulings (docs/rulings.md),
by hand or with small oracles in Fractions, never read back from the engine.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from combat_setups import ctx_of, plain, to_phase

from kit.errors import IllegalAction, InvalidInput, InvalidType
from kit.successors.combat import (
    AutoPolicy,
    Battle,
    CombatRules,
    DecisionNeeded,
    InteractivePolicy,
    Side,
    round_outcomes,
    simulate,
)
from kit.successors.combat.battle import describe_event
from kit.successors.combat.damage import land_hit, resolve_hits
from kit.successors.design import ShipDesign


def die(part: int) -> Fraction:
    """Chance one die succeeds: a face at or under its part, a 6 always failing."""
    return Fraction(min(max(part, 0), 5), 6)


# ----------------------------------------------------------------- every hit is allocated
def test_two_cruisers_leave_a_lone_loader_neutralized_two_times_in_nine():
    """Two rank 4 dice: exactly one hit 2 * 4/6 * 2/6 = 4/9, two hits 4/9. One hit rolls on
    the damage table (1-3 neutralized: 1/2). With two hits the second lands on what the first
    left: it destroys a neutralized Loader, and a hulked or vaporized one is gone already."""
    p = die(4)
    one, two = 2 * p * (1 - p), p * p
    expect = {
        "operational": (1 - p) ** 2,
        "neutralized": one * Fraction(1, 2),
        "destroyed": two * Fraction(1, 2),
        "hulked": (one + two) * Fraction(2, 6),
        "vaporized": (one + two) * Fraction(1, 6),
    }
    assert expect["neutralized"] == Fraction(2, 9) and sum(expect.values()) == 1
    b = Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships=["Loader"])], seed=1)
    to_phase(b, "main")
    got = round_outcomes(b, phases=("main",), key=lambda st: st.units["1:1"].status)
    assert got == expect  # before the fix: neutralized 4/9, destroyed never


def test_the_fast_path_allocates_the_second_hit_too():
    """Same fight in the vectorised simulation, one round, neutralized ships not counted as
    lost: the Loader is lost (hulked, vaporized or destroyed) with 1 - P(0 hits) - P(neutr.)
    = 1 - 1/9 - 2/9 = 2/3 (before the fix: 8/9 * 1/2 = 4/9)."""
    rules = CombatRules(left_behind_counts_as_lost=False)
    b = Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships=["Loader"])], seed=1, rules=rules)
    res = simulate(b, 20000, seed=4, method="fast", max_rounds=1, policy=AutoPolicy())
    p = float(Fraction(2, 3))
    got = float(np.mean(res.ru_lost[:, 1] == 1))
    assert abs(got - p) < 4 * np.sqrt(p * (1 - p) / res.n)
    lost = float(Fraction(8, 9))  # any hit ends the Loader's part in the fight
    assert abs(res.probability(1, "lost") - lost) < 4 * np.sqrt(lost * (1 - lost) / res.n)


def test_surplus_hits_destroy_ships_the_same_volley_neutralized():
    # ten Cruisers roll five 1s and five 6s: 5 hits on three Loaders. The first wave puts one
    # hit on each (damage faces 1, 4, 1: neutralized, hulked, neutralized); the two hits left
    # land on the two neutralized Loaders and destroy them (before: they vanished).
    b = Battle([Side("A", ships={"Cruiser": 10}), Side("B", ships={"Loader": 3})], seed=1)
    to_phase(b, "main")
    ev = b.step_phase(faces=[1] * 5 + [6] * 5 + [1, 4, 1])
    waves = [e["targets"] for e in ev if e.kind == "decision"]
    assert waves == [["1:1", "1:2", "1:3"], ["1:1", "1:3"]]
    states = {k: b.state.units[k].state for k in ("1:1", "1:2", "1:3")}
    assert states == {"1:1": "destroyed", "1:2": "hulked", "1:3": "destroyed"}


def test_hits_with_nothing_left_to_hit_are_noted():
    b = Battle([Side("A", ships={"Cruiser": 10}), Side("B", ships=["Loader"])], seed=1)
    to_phase(b, "main")
    ev = b.step_phase(faces=[1] * 5 + [6] * 5 + [2])  # neutralized, then destroyed
    assert b.state.units["1:1"].state == "destroyed"
    notes = [e["text"] for e in ev if e.kind == "note"]
    assert notes and notes[0].startswith("3 hit(s) on side 1 lost")


def test_the_entity_is_hit_last_after_the_ships_it_lost_in_the_same_volley():
    # every ability at 1: no hit on the entity can keep it working. Three hits: the Gunboat
    # (damage face 2: neutralized), the Gunboat again (destroyed), then the entity.
    b = Battle([Side("A", plain(), ships=["Gunboat"]), Side("B", ships=["Cruiser"])], seed=1)
    c = ctx_of(b, [2])
    resolve_hits(c, 0, 3, by=1, phase="main")
    waves = [d["targets"] for k, d in c.recorded if k == "decision"]
    assert waves == [["0:1"], ["0:1"], ["0:E:information"]]
    assert b.state.units["0:1"].state == "destroyed" and b.state.sides[0].entity.neutralized


def test_a_ship_taking_two_hits_per_roll_takes_the_surplus_after_its_roll():
    b = Battle([Side("A", ships=["Battlecruiser"]), Side("B", ships=["Cruiser"])], seed=1)
    c = ctx_of(b, [3])
    resolve_hits(c, 0, 4, by=1, phase="main")
    waves = [d["targets"] for k, d in c.recorded if k == "decision"]
    assert waves == [["0:1", "0:1"], ["0:1"]]  # the fourth hit finds nothing left
    assert b.state.units["0:1"].state == "destroyed"


def test_a_policy_placing_no_hit_while_targets_remain_is_refused():
    class Lazy(AutoPolicy):
        def allocate(self, ctx, side, hits, phase, by):
            return []

    b = Battle([Side("A", ships=["Gunboat"]), Side("B", ships=["Cruiser"])], seed=1)
    with pytest.raises(IllegalAction, match="between 1 and 2"):
        resolve_hits(ctx_of(b, [1], Lazy()), 0, 2, by=1, phase="main")


# ----------------------------------------------------------------- rank modifiers per die


@pytest.mark.parametrize(
    "per_die,dice,p_any",
    [
        # 5+3 Aimed: per die 3 and 1; hit chance 1 - (1 - 3/6)(1 - 1/6) = 7/12
        (True, [3, 1], 1 - (1 - die(3)) * (1 - die(1))),
        # whole: 8 - 2 = 6 = 5+1; 1 - (1/6)(5/6) = 31/36
        (False, [5, 1], 1 - (1 - die(5)) * (1 - die(1))),
    ],
)
def test_an_aimed_5_plus_3_under_both_readings(per_die, dice, p_any):
    rules = CombatRules(modifier_per_die=per_die)
    b = Battle(
        [Side("A", ships=[ShipDesign(battle=8)]), Side("B", ships=["Cruiser", "Gunboat"])],
        seed=1,
        rules=rules,
    )
    policy = InteractivePolicy(ask=("aim",), sides=(0,))
    to_phase(b, "main", policy)
    with pytest.raises(DecisionNeeded):
        b.step_phase(policy)
    policy.answer({"kind": "aim", "side": 0, "phase": "main", "round": 1}, {"0:1": "1:1"})
    ev = b.step_phase(policy)
    shot = next(e for e in ev if e.kind == "attack" and e.get("aimed"))
    assert shot["dice"] == dice
    assert 1 - np.prod([1 - float(die(d)) for d in shot["dice"]]) == pytest.approx(float(p_any))


# ----------------------------------------------------------------- Control lowered
def test_a_hit_on_control_releases_the_cheapest_ship_under_control():
    ent = plain(control=2, battle=3)
    b = Battle(
        [
            Side("A", ent, ships=["Cruiser", "Gunboat"], controlled=(1, 2)),
            Side("B", ships=["Frigate"]),
        ],
        seed=1,
    )
    c = ctx_of(b)
    land_hit(c, "0:E:control", by=1, phase="main")
    released = [d for k, d in c.recorded if k == "control_release"]
    assert [d["units"] for d in released] == [["0:2"]]  # the Gunboat (2 RU) before the Cruiser
    assert not b.state.units["0:2"].controlled and b.state.units["0:1"].controlled


def test_the_gm_chooses_which_ship_leaves_control_and_the_log_replays_it():
    ent = plain(control=2)
    sides = [
        Side("A", ent, ships=["Gunboat", "Gunboat"], controlled=(1, 2)),
        Side("B", ships=["Cruiser"]),
    ]
    b = Battle(sides, seed=5)
    quiet = {"takeover": False, "sensors": False}
    policy = InteractivePolicy(ask=("allocate", "release"), sides=(0,), **quiet)
    to_phase(b, "main", AutoPolicy(**quiet))
    faces = [6, 6, 6, 1]  # A: entity and two Gunboats miss; B's Cruiser hits
    with pytest.raises(DecisionNeeded) as need:
        b.step_phase(policy, faces=faces)
    policy.answer(need.value.decision, ["0:E:control"])
    with pytest.raises(DecisionNeeded) as need:
        b.step_phase(policy, faces=faces)
    asked = need.value.decision
    assert asked["kind"] == "release" and asked["n"] == 1 and asked["default"] == ["0:1"]
    policy.answer(asked, ["0:2"])
    ev = b.step_phase(policy, faces=faces)
    rel = next(e for e in ev if e.kind == "control_release")
    assert rel["units"] == ["0:2"]
    assert "no longer under Control" in describe_event(b, rel)
    again = Battle.from_json(b.to_json())
    assert not again.state.units["0:2"].controlled and again.state.units["0:1"].controlled


@pytest.mark.parametrize(
    "where,value",
    [
        (("rules", "damage_table"), [[1]]),
        (("sides", 0, "carried"), [[1]]),
        (("sides", 0, "carried"), [[1, 2, 3]]),
        (("sides", 0, "ships", 0, "id"), "q"),
        (("sides", 0, "controlled"), 5),
        (("events",), [1]),
    ],
)
def test_from_json_refuses_malformed_fields_with_the_kits_error(where, value):
    import json

    b = Battle([Side("A", ships=["Cruiser", "Tug"]), Side("B", ships=["Frigate"])], seed=1)
    b.run(2)
    raw = json.loads(b.to_json())
    node = raw["data"]
    for k in where[:-1]:
        node = node[k]
    node[where[-1]] = value
    with pytest.raises((InvalidInput, InvalidType)):
        Battle.from_json(json.dumps(raw))
