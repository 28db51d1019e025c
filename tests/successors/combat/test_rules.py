"""CombatRules: every option of the rulings is a field that changes an outcome, with the text's
reading as its default, and a malformed field in a save is refused with the kit's error.

The default of each option is checked against what the rule text and the rulings give (worked
by hand in the table below); the other value must change that outcome.
"""

from __future__ import annotations

import dataclasses

import pytest
from combat_setups import ctx_of, plain, to_phase

from kit.errors import IllegalAction, InvalidInput, InvalidType
from kit.successors import Entity
from kit.successors.combat import (
    AutoPolicy,
    Battle,
    CombatRules,
    Side,
    fleet_view,
)
from kit.successors.combat.damage import land_hit
from kit.successors.combat.events import apply_event
from kit.successors.combat.operations import self_repair
from kit.successors.combat.phases import _aimed_dice, attackers
from kit.successors.combat.pools import unit_dice
from kit.successors.combat.takeover import lockable_targets, needed_successes
from kit.successors.design import ShipDesign
from kit.successors.rules import SuccessorsRules


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
