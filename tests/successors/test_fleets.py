"""Fleets: the worked starting fleets, Control limits, racks, attack pools, signatures."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.errors import IllegalAction, InvalidInput, InvalidType, SaveFileError
from kit.successors import (
    SHIPS,
    Entity,
    Fleet,
    ShipDesign,
    SuccessorsRules,
    ability_pool,
    controlled_dice,
    pool_summary,
    success_distribution,
)
from kit.successors.examples import releata, tanrac
from kit.successors.fleets import ship_orbits_per_day


def tanrac_fleet() -> tuple[Fleet, dict[str, list[int]]]:
    fleet = Fleet(tanrac(), budget=5 + 2 + 25)  # Joe rolled a 5 and a 2
    ids = {
        "gunboats": fleet.buy("GUNBOAT", 5),
        "sats": fleet.buy("SATELLITE", 10),
        "tug": fleet.buy("TUG"),
        "servos": fleet.buy("SERVO", 2),
        "relay": fleet.buy("RELAY"),
    }
    return fleet, ids


def test_tanrac_starting_fleet_spends_32():
    fleet, _ = tanrac_fleet()
    assert fleet.spent == 32 and fleet.remaining == 0 and fleet.findings() == []
    assert fleet.counts() == {"GUNBOAT": 5, "SATELLITE": 10, "TUG": 1, "SERVO": 2, "RELAY": 1}
    assert all(s.side == "Vontuni Empire" for s in fleet.ships)
    assert fleet.racks_capacity == 10 and fleet.cargo_capacity == 0


def test_releata_starting_fleet_spends_32():
    fleet = Fleet(releata(), budget=32)
    fleet.buy("Battleship", 2)
    fleet.buy("Drone", 8)
    assert fleet.spent == 32 and fleet.findings() == []
    assert fleet.signature_view() == {0: 8, 2: 2, 4: 1}


def test_tanrac_attack_pools_from_combat_example_two():
    fleet, ids = tanrac_fleet()
    fleet.stow(ids["tug"][0], ids["sats"])  # travelling: the Tug carries the ten Satellites
    assert fleet.rack_load(ids["tug"][0]) == 10
    assert pool_summary(fleet.attack_pool()) == {4: 1, 1: 6}
    fleet.unload(ids["tug"][0])  # order of battle: drop them all
    fleet.set_control(ids["sats"][:4])
    assert pool_summary(fleet.attack_pool()) == {4: 5, 1: 12}  # 5 at rank 4, 12 at rank 1
    assert pool_summary(fleet.attack_pool("main")) == {4: 5, 1: 12}
    assert fleet.attack_pool("first") == [] and fleet.attack_pool("last") == []
    # Round two: two Satellites lost; both Servos and two Satellites under Control.
    fleet.remove(ids["sats"][:2])
    fleet.set_control(ids["servos"] + ids["sats"][2:4])
    assert pool_summary(fleet.attack_pool()) == {4: 3, 1: 12}
    assert pool_summary(fleet.pool("handling")) == {3: 3}
    new_servo = fleet.buy("SERVO")  # the Servo taken over from the enemy
    assert pool_summary(fleet.pool("handling")) == {3: 3, 1: 1}  # 3 rank 3 and 1 rank 1
    # Round three: five Satellites lost; three Servos and a Gunboat under Control.
    fleet.remove(ids["sats"][2:7])
    fleet.set_control(ids["servos"] + new_servo + ids["gunboats"][:1])
    assert pool_summary(fleet.attack_pool()) == {4: 2, 1: 8}
    assert pool_summary(fleet.pool("handling")) == {3: 4}
    # Round four: a Gunboat and the rest of the Satellites lost.
    fleet.remove(ids["gunboats"][4:] + ids["sats"][7:])
    assert pool_summary(fleet.attack_pool()) == {4: 2, 1: 4}


def test_releata_first_strike_pool():
    fleet = Fleet(releata(), budget=32)
    bs = fleet.buy("Battleship", 2)
    drones = fleet.buy("Drone", 8)
    fleet.set_control(bs + drones[:1])
    # Combat Reflexes: she and her three controlled ships strike first; every die of a
    # controlled ship becomes her whole 5+3 split (ruling 2). The text's own count (7 and 7)
    # has one 5+3 set more than its fleet can field: 1 (her) + 2 + 2 (Battleships) + 1 (Drone).
    assert pool_summary(fleet.attack_pool("first")) == {5: 6, 3: 6}
    assert pool_summary(fleet.attack_pool("main")) == {1: 7}
    assert fleet.attack_pool("last") == []


def test_controlled_dice_rules():
    assert controlled_dice(3, 8) == (5, 3)
    assert controlled_dice(6, 8) == (5, 3, 5, 3)
    assert controlled_dice(11, 4) == (5, 5, 4)
    assert controlled_dice(0, 9) == ()
    assert controlled_dice(6, 8, whole_split=False) == (5, 5)
    r = SuccessorsRules(whole_split_control=False)
    fleet = Fleet(releata(), budget=32, rules=r)
    fleet.set_control(fleet.buy("Battleship", 1))
    assert pool_summary(fleet.attack_pool("first")) == {5: 3, 3: 1}


def test_control_limit_is_illegal_action_and_leaves_fleet_unchanged():
    fleet, ids = tanrac_fleet()
    fleet.set_control(ids["gunboats"][:2])
    before = fleet.to_json()
    with pytest.raises(IllegalAction, match="at most 4 ships under Control, asked for 5"):
        fleet.set_control(ids["gunboats"])
    assert fleet.to_json() == before and fleet.controlled == frozenset(ids["gunboats"][:2])
    with pytest.raises(InvalidInput, match="no ship with id 999"):
        fleet.set_control([999])
    assert fleet.to_json() == before
    ownerless = Fleet(budget=10)
    with pytest.raises(IllegalAction, match="without an owner can hold at most 0"):
        ownerless.set_control(ownerless.buy("Gunboat"))


def test_damaged_controller_makes_a_finding():
    fleet, ids = tanrac_fleet()
    fleet.set_control(ids["gunboats"][:4])
    hurt = Fleet.from_dict(
        {**fleet.to_dict(), "owner": fleet.owner.with_damage("control", 2).to_dict()}
    )
    assert hurt.control_limit == 2
    assert [f.code for f in hurt.findings()] == ["over_control"]


def test_over_budget_is_a_finding_not_an_error():
    fleet = Fleet(tanrac(), budget=10)
    fleet.buy("Cruiser", 2)
    [f] = fleet.findings()
    assert f.code == "over_budget" and "6 over" in f.message
    assert fleet.remaining == -6


def test_racks_capacity_is_enforced():
    fleet, ids = tanrac_fleet()
    tug = ids["tug"][0]
    fleet.stow(tug, ids["sats"][:8])
    with pytest.raises(IllegalAction, match="racks for 10 units; loading would need 11"):
        fleet.stow(tug, ids["gunboats"][:1] + ids["sats"][8:9])
    with pytest.raises(IllegalAction, match="cannot carry itself"):
        fleet.stow(tug, [tug])
    with pytest.raises(IllegalAction, match="in racks"):
        fleet.set_control(ids["sats"][:1])
    assert fleet.in_racks == frozenset(ids["sats"][:8])


def test_custom_designs_undo_and_round_trip():
    fleet = Fleet.starting(tanrac(), seed=7)
    assert 27 <= fleet.budget <= 37 and fleet.budget == sum(fleet.budget_roll) + 25
    ghost = ShipDesign(battle=2, stealth=1, drive="fast")
    [gid] = fleet.buy(ghost, label="Ghost")
    assert (
        fleet.ship(gid).cost == 6.25
        and fleet.ship(gid).sig == 0
        and fleet.ship(gid).name == "Ghost"
    )
    fleet.buy("Relay", 2)
    fleet.set_control([gid])
    again = Fleet.from_json(fleet.to_json())
    assert again == fleet and again.ships == fleet.ships and again.controlled == fleet.controlled
    fleet.undo()
    assert fleet.controlled == frozenset()
    fleet.undo()
    assert len(fleet.ships) == 1
    assert Fleet.starting(seed=7).budget == Fleet.starting(seed=7).budget


def test_bad_input():
    fleet = Fleet(tanrac(), budget=30)
    with pytest.raises(InvalidInput, match="unknown ship type 'Deathstar'"):
        fleet.buy("Deathstar")
    with pytest.raises(InvalidInput, match="count must be an integer"):
        fleet.buy("Gunboat", 0)
    with pytest.raises(InvalidType):
        fleet.buy(42)
    with pytest.raises(InvalidType):
        Fleet(owner="TanRac")
    with pytest.raises(SaveFileError):
        Fleet.from_json("{not json")
    bad = fleet.to_dict()
    bad["events"] = [{"kind": "control", "action": 0, "data": {"ids": [5]}}]
    with pytest.raises(InvalidInput, match="not in the fleet"):
        Fleet.from_dict(bad)
    bad["events"] = [{"kind": "teleport", "action": 0, "data": {}}]
    with pytest.raises(InvalidInput, match="unknown fleet event"):
        Fleet.from_dict(bad)
    assert fleet.ships == ()


def test_no_weapon_systems_lends_no_battle_and_movement():
    e = Entity("n", battle=4, control=2, flaws=["No Weapon Systems"], edges=["Fast"])
    fleet = Fleet(e)
    ids = fleet.buy("Gunboat", 2)
    fleet.set_control(ids[:1])
    assert fleet.attack_pool() == [1, 1]
    assert ship_orbits_per_day(SHIPS["GUNBOAT"].design, e, controlled=True) == 2
    assert ship_orbits_per_day(SHIPS["GUNBOAT"].design, e, controlled=False) == 1
    assert ship_orbits_per_day(SHIPS["SATELLITE"].design, e, controlled=True) == 0


def test_signature_view_printed_and_rules():
    fleet = Fleet(tanrac())
    fleet.buy("Destroyer")
    fleet.buy("Fortress")
    assert fleet.signature_view(include_owner=False) == {0: 1, 3: 1}
    assert fleet.signature_view(printed=False, include_owner=False) == {1: 1, 2: 1}


@given(st.integers(1, 15), st.integers(0, 15), st.lists(st.integers(0, 12), max_size=6), st.data())
def test_pool_properties(battle, control, ranks, data):
    e = Entity("e", battle=battle, control=control)
    fleet = Fleet(e)
    for r in ranks:
        fleet.buy(ShipDesign(battle=r))
    n = min(control, len(ranks))
    chosen = (
        data.draw(st.lists(st.sampled_from([s.id for s in fleet.ships]), unique=True, max_size=n))
        if ranks and n
        else []
    )
    fleet.set_control(chosen)
    pool = fleet.attack_pool()
    free = Fleet(e)
    for r in ranks:
        free.buy(ShipDesign(battle=r))

    # Control never lowers a die, never changes whether a ship can attack
    def mean(dice):
        return sum(k * p for k, p in success_distribution(dice).items())

    assert mean(pool) >= mean(free.attack_pool())
    assert pool == ability_pool("battle", e, fleet.ships, set(chosen))
    assert sum(Counter(pool).values()) >= sum(Counter(free.attack_pool()).values())


def test_foreign_ships_and_tek_locked():
    locked = Fleet(tanrac().replace(flaws=("Still at War", "Tek Locked")), budget=40)
    own = locked.buy("Servo")
    captured = locked.buy("Servo", side="Takeru Republic")
    assert locked.ship(own[0]).side == "Vontuni Empire"
    [f] = locked.findings()
    assert f.code == "tek_locked" and str(captured) in f.message


def test_pool_accepts_combat_ship_states():
    class State:  # what a combat engine might keep per ship
        def __init__(self, id, design):
            self.id, self.design = id, design

    ships = [State(1, SHIPS["CRUISER"].design), State(2, SHIPS["GUNBOAT"].design)]
    assert ability_pool("battle", releata(), ships, {2}, phase="first") == [5, 5, 3, 3]
    assert ability_pool("battle", releata(), ships, {2}, phase="main") == [4]
    with pytest.raises(InvalidInput, match="phase must be one of"):
        ability_pool("battle", None, ships, phase="second")
    with pytest.raises(InvalidInput, match="ability must be one of"):
        ability_pool("speed", None, ships)
