"""The setup of a battle (Side) and the state it starts from: unit keys, the units a side
brings (ships, Control, racks, Rammers), what a Unit's status says, and Side's refusals."""

from __future__ import annotations

import pytest

from kit.errors import IllegalAction, InvalidInput, InvalidType
from kit.successors import Entity, Fleet
from kit.successors.combat import Battle, Side
from kit.successors.combat.state import (
    entity_key,
    entity_neutralized,
    entity_with_damage,
    initial_state,
    parse_key,
)
from kit.successors.projects import HyperCannon


def test_a_stellar_cannon_needs_an_entity():
    with pytest.raises(InvalidInput, match=r"stellar_cannon=1\) but no entity"):
        Side("Guns", ships=["Cruiser"], stellar_cannon=1)
    assert Side("Guns", Entity("E", battle=4), stellar_cannon=1).stellar_cannon == 1


def test_busters_as_a_bare_number_say_what_busters_takes():
    with pytest.raises(InvalidType, match=r"busters takes the Battle rank of each Buster.*got 3"):
        Side("A", ships=["Drone"], busters=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="buster rank"):
        Side("A", busters=(0,))
    with pytest.raises(InvalidType, match="controlled takes the ids"):
        Side("A", Entity("E", control=2), ships=["Drone"], controlled=1)  # type: ignore[arg-type]


def test_a_side_from_a_fleet_keeps_control_and_racks():
    from kit.successors import Entity

    owner = Entity("TanRac", battle=4, control=4, handling=3, information=2, sensors=2)
    fleet = Fleet(owner, budget=32)
    fleet.buy("Gunboat", 5)
    sats = fleet.buy("Satellite", 10)
    tug = fleet.buy("Tug")
    fleet.set_control(sats[:4])
    fleet.stow(tug[0], sats[4:])
    side = Side("TanRac", ships=fleet)
    assert side.entity == owner and side.controlled == (6, 7, 8, 9)
    b = Battle([side, Side("B", ships=["Cruiser"])], seed=1)
    assert b.state.units["0:10"].carried_by == "0:16"
    assert Side.from_dict(side.to_dict()) == side


def test_unit_keys_are_side_and_id_and_a_malformed_key_is_refused():
    assert entity_key(1) == "1:E"
    assert parse_key("1:E") == (1, "E") and parse_key("0:12") == (0, "12")
    assert parse_key("2:R3") == (2, "R3")  # a Rammer's key
    for bad in ("07", "x:1", 5, None):
        with pytest.raises(InvalidInput, match="a unit key looks like '0:3' or '1:E'"):
            parse_key(bad)


def test_the_initial_state_numbers_each_sides_ships_and_keeps_control_and_racks():
    ent = Entity("E", battle=2, control=2, handling=1, information=1, sensors=1)
    a_ships = {"Cruiser": 1, "Tug": 1, "Gunboat": 2}  # ids 1, 2, 3 and 4
    sides = [
        Side("A", ent, ships=a_ships, controlled=(1,), carried=((2, (3, 4)),)),
        Side("B", ships=["Frigate"], rammers=2, busters=(5,), static_defenses=3),
    ]
    st = initial_state(sides)
    assert list(st.units) == ["0:1", "0:2", "0:3", "0:4", "1:1", "1:R1", "1:R2"]
    assert [u.owner for u in st.units.values()] == [0, 0, 0, 0, 1, 1, 1]
    assert st.units["0:1"].controlled and not st.units["0:2"].controlled
    assert st.units["0:3"].carried_by == st.units["0:4"].carried_by == "0:2"
    # carried ships are in the orbit but cannot act; the rest are operational
    assert [u.key for u in st.side_units(0, operational=True)] == ["0:1", "0:2"]
    assert len(st.side_units(0)) == 4
    # Rammers: rank 5 single attack, 3 RU each (successors.txt, Rammers)
    rammer = st.units["1:R1"]
    assert rammer.kind == "rammer" and rammer.cost == 3 and rammer.design.battle == 5
    a, b = st.sides
    assert (a.entity, a.entity_state) == (ent, "active") and b.entity_state == "none"
    assert (b.busters, b.static_defenses, b.rammers) == ([5], 3, 2)
    assert a.sensors == {1: 0} and b.sensors == {0: 0}


def test_side_sensors_start_against_every_other_side():
    st = initial_state(
        [Side("A", ships=["Relay"], sensors=3), Side("B", ships=["Drone"]), Side("C")]
    )
    assert [s.sensors for s in st.sides] == [{1: 3, 2: 3}, {0: 0, 2: 0}, {0: 0, 1: 0}]


def test_a_units_status_follows_damage_takeover_and_its_gone_states():
    st = initial_state([Side("A", ships=["Cruiser"]), Side("B", ships=["Frigate"])])
    u = st.units["0:1"]
    assert (u.status, u.operational, u.in_orbit) == ("operational", True, True)
    u.takeover = {1: 0}
    assert u.status == "operational"  # no success yet
    u.takeover = {1: 1}  # the first Take-Over success neutralizes it
    assert (u.status, u.operational) == ("neutralized", False)
    u.takeover = {}
    u.damaged = True
    assert (u.status, u.gatherable) == ("neutralized", True)
    u.held_by = 1
    assert not u.gatherable
    u.held_by, u.state, u.hulk_ru = None, "hulked", 2
    assert (u.status, u.in_orbit, u.gatherable) == ("hulked", False, True)
    u.hulk_ru = 0
    assert not u.gatherable  # an empty hulk holds nothing to gather


def test_a_reconditioning_or_carried_ship_is_in_orbit_but_not_operational():
    st = initial_state([Side("A", ships=["Servo", "Tug"]), Side("B", ships=["Frigate"])])
    servo = st.units["0:1"]
    servo.needs_recondition = True
    assert servo.status == "operational" and not servo.operational and servo.in_orbit
    servo.needs_recondition, servo.carried_by = False, "0:2"
    assert not servo.operational


def test_entity_damage_is_remembered_but_the_same_as_asking_the_entity():
    e = Entity("E", battle=2, control=1, handling=1, information=1, sensors=1)
    hit = entity_with_damage(e, "battle")
    assert hit == e.with_damage("battle", 1) and hit.current("battle") == 1
    assert not entity_neutralized(hit)
    down = entity_with_damage(e, "control", 1)
    assert entity_neutralized(down)  # any ability below 1 neutralizes (ruling 4)
    assert entity_with_damage(e, "battle", 2) is entity_with_damage(e, "battle", 2)


def test_rammers_launched_by_a_hyper_cannon_need_fire_control_and_respect_its_level():
    # Hyper Cannon: "Level of the Cannon determines the maximum number of Rammers that can be
    # launched per day" and it needs "an entity or Sensors equipped ship in the target system".
    side = Side.launched(HyperCannon(3), 2, spotters=["Relay"], launched_today=1)
    assert side.rammers == 2 and side.name == "Rammers" and side.entity is None
    with pytest.raises(IllegalAction, match="at most 3 Rammers a day"):
        Side.launched(HyperCannon(3), 2, spotters=["Relay"], launched_today=2)
    with pytest.raises(IllegalAction, match="fire control"):
        Side.launched(HyperCannon(3), 1, spotters=["Drone"])
    with pytest.raises(InvalidType, match="cannon must be a HyperCannon"):
        Side.launched(3, 1, spotters=["Relay"])  # type: ignore[arg-type]


def test_a_side_saves_and_loads_as_it_was():
    side = Side(
        "A",
        Entity("E", battle=4, control=2, handling=1, information=1, sensors=1),
        ships=["Cruiser", "Gunboat"],
        controlled=(2,),
        busters=(3, 3),
        stellar_cannon=1,
        matrix=1,
    )
    again = Side.from_dict(side.to_dict())
    assert again == side and again.busters == (3, 3) and again.controlled == (2,)
