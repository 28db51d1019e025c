"""Successors rulings 1, 2 and 4 in combat: every hit allocated, rank modifiers per die,
Control lowered below the ships under it, and every CombatRules option changing an outcome.

Expected numbers are worked out here from the rule text and the rulings (docs/rulings.md),
by hand or with small oracles in Fractions, never read back from the engine.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pytest

from kit.errors import IllegalAction, InvalidInput, InvalidType
from kit.successors import Entity
from kit.successors.combat import (
    AutoPolicy,
    Battle,
    CombatRules,
    DecisionNeeded,
    InteractivePolicy,
    Side,
    fleet_view,
    round_outcomes,
    simulate,
)
from kit.successors.combat.battle import describe_event
from kit.successors.combat.damage import land_hit, resolve_hits
from kit.successors.combat.events import Ctx, ScriptedRoller, apply_event
from kit.successors.combat.operations import self_repair
from kit.successors.combat.phases import _aimed_dice, attackers
from kit.successors.combat.pools import modify, unit_dice
from kit.successors.combat.takeover import lockable_targets, needed_successes
from kit.successors.design import ShipDesign
from kit.successors.rules import SuccessorsRules

P = Fraction(1, 6)


def die(part: int) -> Fraction:
    """Chance one die succeeds: a face at or under its part, a 6 always failing."""
    return Fraction(min(max(part, 0), 5), 6)


def ctx_of(b, faces=(), policy=None):
    rec: list = []
    c = Ctx(
        b.sides,
        b.state,
        b.rules,
        policy or AutoPolicy(),
        ScriptedRoller(list(faces)),
        jammer=b.jammer,
        record=lambda k, d: rec.append((k, d)),
    )
    c.recorded = rec  # type: ignore[attr-defined]
    return c


def to_phase(b, name, policy=None):
    while b.next_phase != name:
        b.step_phase(policy)


def plain(**kw):
    base = {"battle": 1, "control": 1, "handling": 1, "information": 1, "sensors": 1}
    base.update(kw)
    return Entity("E", **base)


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
def test_modifiers_move_each_die_or_the_whole_rank():
    per, whole = CombatRules(), CombatRules(modifier_per_die=False)
    assert modify([5, 3], -2, per) == [3, 1] and modify([5, 3], -2, whole) == [5, 1]
    assert modify([5, 1], -1, per) == [4] and modify([5, 1], -1, whole) == [5]
    assert modify([5, 3], +1, per) == [6, 4] and modify([5, 3], +1, whole) == [5, 4]
    assert modify([2], -2, per) == [] and modify([2], -2, whole) == []
    assert modify([5, 5, 1], 0, whole) == [5, 5, 1]


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


def test_a_jammer_and_static_defenses_move_each_die():
    jam = Battle([Side("A", ships=["Battleship"]), Side("B", ships=["Cruiser"])], seed=1, jammer=1)
    assert unit_dice(ctx_of(jam), jam.state.units["0:1"], "battle") == [4]  # 5-1, 1-1 gone
    whole = Battle(
        [Side("A", ships=["Battleship"]), Side("B", ships=["Cruiser"])],
        seed=1,
        jammer=1,
        rules=CombatRules(modifier_per_die=False),
    )
    assert unit_dice(ctx_of(whole), whole.state.units["0:1"], "battle") == [5]  # 6-1 = 5
    sd = Battle([Side("A", ships=["Cruiser"]), Side("B", static_defenses=4)], seed=1)
    assert _aimed_dice(ctx_of(sd), [5, 3], "1:S") == [6, 4]  # a 6 still fails


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


# ----------------------------------------------------------------- loading
@pytest.mark.parametrize(
    "field,value",
    [
        ("damage_table", [[1]]),
        ("damage_table", [[1, "neutralized", 3]]),
        ("damage_table", "1-3"),
        ("damage_table", [1, 2, 3, 4, 5, 6]),
        ("stellar_cannon_hits", "1d8"),
        ("stellar_cannon_hits", 6),
        ("modifier_per_die", "yes"),
        ("max_rounds", "x"),
        ("fleet_rules", [1]),
    ],
)
def test_a_malformed_rules_field_in_a_save_raises_the_kits_error(field, value):
    b = Battle([Side("A", ships=["Cruiser"]), Side("B", ships=["Frigate"])], seed=1)
    raw = b.to_dict()
    raw["rules"][field] = value
    with pytest.raises((InvalidInput, InvalidType)) as err:
        Battle.from_dict(raw)
    assert field.split("_")[0] in str(err.value) or "rules" in str(err.value)


# ----------------------------------------------------------------- every option matters
def _cannon(rules):
    b = Battle(
        [Side("A", plain(battle=6), stellar_cannon=2), Side("B", ships=["Gunboat"] * 8)],
        seed=1,
        rules=rules,
    )
    to_phase(b, "main")
    ev = b.step_phase(faces=[6, 6, 1, 4, 4])
    return next(e["hits"] for e in ev if e.kind == "attack" and e["units"] == ["stellar cannon"])


def _aimed(rules, design=8):
    b = Battle(
        [Side("A", ships=[ShipDesign(battle=design)]), Side("B", ships=["Cruiser"])],
        seed=1,
        rules=rules,
    )
    try:
        return tuple(
            _aimed_dice(ctx_of(b), unit_dice(ctx_of(b), b.state.units["0:1"], "battle"), "1:1")
        )
    except IllegalAction:
        return "refused"


def _takeover(rules, **kw):
    me = Entity(
        "Me",
        battle=1,
        control=4,
        handling=3,
        information=1,
        sensors=1,
        edges=kw.get("edges", []),
        flaws=["Still at War", "Checkered Past"],
    )
    them = Entity("Them", battle=1, control=2, handling=1, information=1, sensors=1)
    b = Battle(
        [
            Side("Me", me, ships=["Satellite"], sensors=kw.get("sensors", 5)),
            Side("Them", them, ships=["Servo", "Cruiser"], controlled=kw.get("controlled", ())),
        ],
        seed=3,
        rules=rules,
    )
    return b


def _takeover_bonus(rules):
    b = _takeover(rules, edges=["Strong Control"])
    quiet = AutoPolicy(sensors=False)
    to_phase(b, "takeover", quiet)
    ev = b.step_phase(quiet, faces=[6])
    return tuple(e["bonus"] for e in ev if e.kind == "roll")


def _repair_takeover(rules):
    b = Battle(
        [Side("A", ships=["Servo", "Cruiser"]), Side("B", ships=["Gunboat"])], seed=1, rules=rules
    )
    b.log.append("takeover_progress", unit="0:2", side=1, successes={"1": 2})
    b.state = b._replay()
    quiet = AutoPolicy(sensors=False, takeover=False)
    to_phase(b, "repair", quiet)
    b.step_phase(quiet, faces=[1])
    return tuple(sorted(b.state.units["0:2"].takeover.items()))


def _self_repair(rules):
    ent = plain(information=2).with_damage("information", 2)  # neutralized
    b = Battle([Side("A", ent), Side("B", ships=["Gunboat"])], seed=1, rules=rules)
    self_repair(ctx_of(b, [3]), 0)
    return b.state.sides[0].entity.neutralized


def _feral(rules):
    feral = Entity("Feral", kind="creature", battle=3, sensors=2)
    b = Battle(
        [Side("F", feral, feral=True), Side("B", ships=["Cruiser", "Gunboat"])], seed=1, rules=rules
    )
    apply_event(b.state, "damage", {"unit": "1:1", "result": "neutralized"})
    c = ctx_of(b)
    self_repair(c, 0)
    return sum(d["ru"] for k, d in c.recorded if k == "eaten")


def _left_behind(rules):
    b = Battle(
        [Side("A", ships=["Cruiser", "Gunboat"]), Side("B", ships=["Frigate"])], seed=1, rules=rules
    )
    apply_event(b.state, "damage", {"unit": "0:1", "result": "neutralized"})
    apply_event(b.state, "damage", {"unit": "0:2", "result": "vaporized"})
    from kit.successors.combat.battle import summarize

    return summarize(ctx_of(b))["sides"][0]["ru_lost"]


def _structure(rules):
    b = Battle(
        [Side("A", plain(battle=3), matrix=1), Side("B", ships=["Cruiser"])], seed=1, rules=rules
    )
    c = ctx_of(b)
    land_hit(c, "0:M", by=1, phase="main")
    land_hit(c, "0:M", by=1, phase="main")
    return b.state.sides[0].entity_state


def _long_ranged(rules):
    ent = plain(battle=6, edges=["Long Ranged"], flaws=["Checkered Past"])
    b = Battle([Side("A", ent, adjacent=True), Side("B", ships=["Long Gun"])], seed=1, rules=rules)
    return tuple(attackers(ctx_of(b), 0, "main").get("0:E", ()))


def _whole_split(rules):
    ent = plain(battle=8)
    b = Battle(
        [Side("A", ent, ships=["Battleship"], controlled=(1,)), Side("B", ships=["Cruiser"])],
        seed=1,
        rules=rules,
    )
    return tuple(unit_dice(ctx_of(b), b.state.units["0:1"], "battle"))


def _rounds(rules):
    b = Battle([Side("A", ships=["Loader"]), Side("B", ships=["Transport"])], seed=1, rules=rules)
    return b.run().result["rounds"]


def _view(rules):
    b = Battle(
        [Side("A", ships=["Relay"], sensors=5), Side("B", ships=["Cruiser"])], seed=1, rules=rules
    )
    return fleet_view(b, 0, 1, elsewhere=True)["level"]


def _reloader(rules):
    """Ruling 12: A's Drone (a reloader) fires in Main and misses (6); B's Gunboat hits it
    (1) in the same phase; the damage die shows 3. By the ruling the hit finds the Drone
    operational and the 3 neutralizes it; neutralized before the hits, the hit destroys it."""
    b = Battle([Side("A", ships=["Drone"]), Side("B", ships=["Gunboat"])], seed=1, rules=rules)
    quiet = AutoPolicy(sensors=False, takeover=False)
    to_phase(b, "main", quiet)
    b.step_phase(quiet, faces=[6, 1, 3])
    return b.state.units["0:1"].status


OPTION_CHECKS = {
    # field: (another value, outcome of the rules, what the default gives by the text)
    "damage_table": (tuple((f, "neutralized") for f in range(1, 7)), None, None),
    "aimed_penalty": (1, _aimed, (3, 1)),
    "aimed_min_rank": (9, _aimed, (3, 1)),
    "static_defense_bonus": (0, None, None),
    "takeover_lock": (6, lambda r: len(lockable_targets(ctx_of(_takeover(r)), 0)), 2),
    "takeover_uncontrolled": (
        1,
        lambda r: needed_successes(ctx_of(_takeover(r)), _takeover(r).state.units["1:2"]),
        2,
    ),
    "takeover_controlled": (
        2,
        lambda r: needed_successes(
            ctx_of(_takeover(r, controlled=(2,))),
            _takeover(r, controlled=(2,)).state.units["1:2"],
        ),
        3,
    ),
    "takeover_bonus_needs_a_success": (True, _takeover_bonus, (1,)),
    "repair_cancels_all_takeover": (True, _repair_takeover, ((1, 1),)),
    "entity_self_repair_rank": (3, _self_repair, True),  # a 3 fails at rank 1
    "system_view_offset": (2, _view, 4),
    "feral_ru_per_day": (5, _feral, 2),
    "feral_capacity": (1, _feral, 2),
    "stellar_cannon_hits": ("1d6+2", _cannon, 4),
    "modifier_per_die": (False, _aimed, (3, 1)),
    "long_ranged_entity_penalty": (2, _long_ranged, (4,)),
    "left_behind_counts_as_lost": (False, _left_behind, 8 + 2),
    "structure_loss_destroys_entity": (False, _structure, "destroyed"),
    "max_rounds": (2, _rounds, 30),
    "reloader_neutralized_before_hits": (True, _reloader, "neutralized"),
    "fleet_rules": (SuccessorsRules(whole_split_control=False), _whole_split, (5, 5, 3, 3)),
}


def _damage(rules):
    b = Battle([Side("A", ships=["Cruiser"]), Side("B", ships=["Frigate"])], seed=1, rules=rules)
    land_hit(ctx_of(b, [6]), "0:1", by=1, phase="main")
    return b.state.units["0:1"].status


def _sd(rules):
    b = Battle([Side("A", ships=["Cruiser"]), Side("B", static_defenses=4)], seed=1, rules=rules)
    return tuple(_aimed_dice(ctx_of(b), [5, 3], "1:S"))


OPTION_CHECKS["damage_table"] = (OPTION_CHECKS["damage_table"][0], _damage, "vaporized")
OPTION_CHECKS["static_defense_bonus"] = (0, _sd, (6, 4))


def test_every_combat_option_is_checked():
    assert set(OPTION_CHECKS) == {f.name for f in dataclasses.fields(CombatRules)}


@pytest.mark.parametrize("field", sorted(OPTION_CHECKS))
def test_every_combat_option_changes_an_outcome(field):
    other, outcome, by_text = OPTION_CHECKS[field]
    default = outcome(CombatRules())
    assert default == by_text
    assert outcome(CombatRules(**{field: other})) != default


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
