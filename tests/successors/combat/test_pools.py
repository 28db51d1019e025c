"""Dice pools in a battle: rank modifiers applied per die of a split rank (ruling 4) or to the
whole rank, Jammer Fields and Static Defenses, and the dice a unit, an entity or a side rolls."""

from __future__ import annotations

from combat_setups import ctx_of, plain

from kit.successors.combat import (
    Battle,
    CombatRules,
    Side,
)
from kit.successors.combat.events import apply_event
from kit.successors.combat.phases import _aimed_dice
from kit.successors.combat.pools import (
    boosted_entity,
    entity_dice,
    hits_of,
    modify,
    pool,
    unit_dice,
)
from kit.successors.design import ShipDesign


def test_modifiers_move_each_die_or_the_whole_rank():
    per, whole = CombatRules(), CombatRules(modifier_per_die=False)
    assert modify([5, 3], -2, per) == [3, 1] and modify([5, 3], -2, whole) == [5, 1]
    assert modify([5, 1], -1, per) == [4] and modify([5, 1], -1, whole) == [5]
    assert modify([5, 3], +1, per) == [6, 4] and modify([5, 3], +1, whole) == [5, 4]
    assert modify([2], -2, per) == [] and modify([2], -2, whole) == []
    assert modify([5, 5, 1], 0, whole) == [5, 5, 1]


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


def test_hits_are_faces_at_or_under_their_die_and_never_a_6():
    assert hits_of([5, 3, 2], [5, 4, 1]) == 2
    assert hits_of([5, 5], [6, 6]) == 0 and hits_of([], []) == 0


def test_a_ship_under_control_rolls_the_controllers_whole_split():
    # Ruling 2: "a 5+1 ship under a 5+3 controller rolls 5,3,5,3"
    ent = plain(battle=8, control=1)
    b = Battle([Side("A", ent, ships=[ShipDesign(battle=6)], controlled=(1,)), Side("B")], seed=1)
    c = ctx_of(b)
    assert sorted(unit_dice(c, b.state.units["0:1"], "battle"), reverse=True) == [5, 5, 3, 3]
    b.state.units["0:1"].controlled = False
    assert sorted(unit_dice(c, b.state.units["0:1"], "battle"), reverse=True) == [5, 1]


def test_a_ship_with_rank_0_cannot_use_the_ability_even_under_control():
    b = Battle([Side("A", plain(battle=4), ships=["Loader"], controlled=(1,)), Side("B")], seed=1)
    assert unit_dice(ctx_of(b), b.state.units["0:1"], "battle") == []


def test_tanrac_attacks_with_five_dice_at_4_and_twelve_at_1():
    # Ruling 2's check: TanRac, Battle 4, with 4 Satellites under Control and 5 Gunboats,
    # 6 Satellites and a Tug not.
    tanrac = plain(battle=4, control=4)
    ships = ["Satellite"] * 4 + ["Gunboat"] * 5 + ["Satellite"] * 6 + ["Tug"]
    b = Battle([Side("TanRac", tanrac, ships=ships, controlled=(1, 2, 3, 4)), Side("B")], seed=1)
    c = ctx_of(b)
    dice = entity_dice(c, 0, "battle")
    for u in b.state.side_units(0, operational=True):
        dice += unit_dice(c, u, "battle")
    assert sorted(dice, reverse=True) == [4] * 5 + [1] * 12


def test_a_sides_pool_is_its_entity_and_its_operational_ships():
    ent = plain(sensors=7)  # 5 + 2
    b = Battle([Side("A", ent, ships=["Relay", "Relay"]), Side("B", ships=["Drone"])], seed=1)
    c = ctx_of(b)
    relay = unit_dice(c, b.state.units["0:1"], "sensors")
    assert relay  # a Relay has Sensors
    assert pool(c, 0, "sensors") == sorted([5, 2, *relay, *relay], reverse=True)
    apply_event(b.state, "damage", {"unit": "0:2", "result": "neutralized"})
    assert pool(c, 0, "sensors") == sorted([5, 2, *relay], reverse=True)
    apply_event(b.state, "entity_state", {"side": 0, "state": "destroyed"})
    assert pool(c, 0, "sensors") == relay and entity_dice(c, 0, "sensors") == []
    assert boosted_entity(c, 0) is None


def test_a_targeter_adds_to_battle_only_and_a_destroyed_one_adds_nothing():
    ent = plain(battle=3, sensors=2)
    b = Battle([Side("A", ent, targeter=2), Side("B", ships=["Drone"])], seed=1)
    c = ctx_of(b)
    boosted = boosted_entity(c, 0)
    assert (boosted.battle, boosted.sensors, boosted.control) == (5, 2, 1)
    assert entity_dice(c, 0, "battle") == [5]
    apply_event(b.state, "structure_hit", {"side": 0, "code": "T", "state": "destroyed"})
    assert boosted_entity(c, 0).battle == 3
