"""What a Handling die can do and at what rates (kit.successors.combat.handling), and which
ability a repair of an entity fixes first."""

from __future__ import annotations

from kit.successors import Entity
from kit.successors.combat.handling import (
    MINING_RATES,
    RECYCLE_RU,
    TASKS,
    entity_repair_ability,
)


def _entity(**damage: int) -> Entity:
    e = Entity("E", battle=3, control=2, handling=2, information=2, sensors=1)
    for ability, hits in damage.items():
        e = e.with_damage(ability, hits)
    return e


def test_the_rates_are_the_rule_texts():
    # "Surface RU can be mined at the rate of 3RU per success, Crust RU ... 2RU per success
    # and Core RU at the rate of 1RU per success"; "Recycle: each success breaks down an
    # object by 5RU".
    assert MINING_RATES == {"surface": 3, "crust": 2, "core": 1}
    assert RECYCLE_RU == 5
    # Gathering / repair attempts, reconditioning (combat phase 4), and the building, mining
    # and recycling operations of "Manipulating the Universe"
    assert set(TASKS) == {"repair", "recondition", "gather", "build", "mine", "recycle"}


def test_an_unhurt_entity_has_nothing_to_repair():
    assert entity_repair_ability(_entity()) is None


def test_a_repair_fixes_the_ability_that_neutralizes_it_first():
    # Sensors 1 hit once is below 1 (neutralized); Battle took two hits but is still at 1:
    # the repair brings the entity back into action first.
    e = _entity(battle=2, sensors=1)
    assert e.neutralized
    assert entity_repair_ability(e) == "sensors"


def test_otherwise_the_ability_hit_most_and_on_a_tie_the_first():
    # every ability still at 1 or more: the one with the most hits, Battle before Control
    # before Handling before Information on equal hits (the entity's order of abilities)
    assert entity_repair_ability(_entity(battle=2, information=1)) == "battle"
    assert entity_repair_ability(_entity(battle=1, information=1, control=1)) == "battle"
    assert entity_repair_ability(_entity(handling=1, information=1)) == "handling"
    assert entity_repair_ability(_entity(battle=1, information=1).with_damage("battle", -1)) == (
        "information"
    )
