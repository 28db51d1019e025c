"""The daily rules of entities on the campaign clock (issue #32): movement between orbits
(Fast, Slow, Immobile), Ferals feeding and mating, Hyper Cannon launches, the one entity a
day of a Core or Stellar Tap, and the order of a day as an option.

Expected values come from the rules text (successors.txt): a ship or entity moves one orbit a
standard day, two when Fast, one every two days when Slow (and ships under a Fast or Slow
controller move at its pace); an Immobile unit must be carried; a Feral eats 2 RU a day, holds
at most 20 and at 10 or more mates, the pair paying the newborn's total ranks; a Hyper Cannon
launches at most its level in Rammers a day and needs a spotter in the target system; a Tap
serves one entity a day.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit import Campaign
from kit.errors import IllegalAction, InvalidInput, SaveFileError
from kit.successors import Entity, Workshop
from kit.successors.bestiary import BESTIARY
from kit.successors.fleets import Fleet
from kit.successors.sector import Journey, Party, Sector, Traveller
from kit.successors.stars import generate_system


# ---------------------------------------------------------------- helpers
def camp_with(*entities: Entity, seed: int = 3) -> Campaign:
    camp = Campaign("Jukint", seed=seed)
    for e in entities:
        camp.add(e)
    return camp


def mover(name: str, *edges: str, flaws: tuple[str, ...] = ()) -> Entity:
    return Entity(name, battle=3, control=3, sensors=2, edges=edges, flaws=flaws)


def slow_fleet() -> Fleet:
    fleet = Fleet(mover("Mole", flaws=("Slow",)))
    fleet.buy("Drone", 2)
    fleet.set_control([s.id for s in fleet.ships])
    return fleet


def orbits(camp: Campaign, who: str, days: range) -> list[int]:
    out = []
    for d in days:
        where = camp.position(who, d)
        assert where is not None
        out.append(where[1])
    return out


def feral(name: str, seed: int) -> Entity:
    return BESTIARY["FERAL"].generate(name, seed=seed)


# ---------------------------------------------------------------- movement
def test_a_standard_entity_moves_one_orbit_a_day():
    camp = camp_with(mover("Kiri"))
    camp.schedule_move("Kiri", "Sol", 5, from_orbit=2)
    out = camp.advance(5)
    assert [e.day for e in out.filter(kind="done")] == [3]  # 3 orbits, 3 days
    assert orbits(camp, "Kiri", range(0, 5)) == [2, 3, 4, 5, 5]
    moves = out.filter(kind="move")
    assert [e.day for e in moves] == [1, 2, 3]
    assert [e.day for e in out.filter(kind="arrived")] == [3]


def test_a_fast_entity_moves_two_orbits_a_day_and_stops_on_its_orbit():
    camp = camp_with(mover("Kiri", "Fast"))
    assert camp.speed("Kiri") == 2
    camp.schedule_move("Kiri", "Sol", 7, from_orbit=2)
    camp.advance(5)
    assert orbits(camp, "Kiri", range(0, 5)) == [2, 4, 6, 7, 7]  # 5 orbits: 3 days
    assert camp.timeline.filter(kind="arrived")[0].day == 3


def test_a_slow_entity_takes_two_days_per_orbit_inward_too():
    camp = camp_with(mover("Mole", flaws=("Slow",)))
    assert camp.speed("Mole") == pytest.approx(0.5)
    camp.schedule_move("Mole", "Sol", 2, from_orbit=4)
    out = camp.advance(6)
    assert orbits(camp, "Mole", range(0, 6)) == [4, 4, 3, 3, 2, 2]
    assert [e.day for e in out.filter(kind="done")] == [4]
    assert "under way" in out.filter(day=1)[0].text  # a day moved without reaching an orbit


def test_ships_under_a_slow_controller_keep_its_pace_and_the_owner_goes_with_them():
    camp = Campaign("Jukint", seed=1)
    camp.add(slow_fleet(), "moles")
    assert camp.speed("moles") == pytest.approx(0.5)  # Drones alone would do 1 a day
    camp.schedule_move("moles", "Sol", 3, from_orbit=4)
    camp.advance(2)
    assert camp.position("moles") == ("Sol", 3)
    assert camp.position("Mole") == ("Sol", 3)  # the owner is where its fleet is


def test_ships_under_a_fast_controller_move_at_its_speed():
    fleet = Fleet(mover("Kiri", "Fast"))
    fleet.buy("Drone", 2)
    fleet.set_control([fleet.ships[0].id])
    camp = Campaign("Jukint")
    camp.add(fleet, "kiri")
    assert camp.speed("kiri") == 1  # the Drone not under Control holds the fleet to 1
    fleet.set_control([s.id for s in fleet.ships])
    assert camp.speed("kiri") == 2


def test_an_immobile_ship_is_refused_unless_carried():
    fleet = Fleet(mover("Warden"))
    fleet.buy("FORTRESS")
    camp = Campaign("Jukint")
    camp.add(fleet, "forts")
    with pytest.raises(IllegalAction, match=r"Immobile.*carried"):
        camp.schedule_move("forts", "Sol", 2, from_orbit=4)
    assert not camp.clock.activities


def test_a_mover_does_one_thing_a_day():
    camp = camp_with(mover("Kiri"))
    camp.schedule_move("Kiri", "Sol", 5, from_orbit=2)
    camp.add(generate_system(seed=4, name="Sol"), "Sol")
    with pytest.raises(IllegalAction, match=r"'Kiri'.*'Kiri to orbit 5'.*day 1"):
        camp.schedule_scan("Sol", "Kiri", days=2)
    # after the move it may scan
    camp.schedule_scan("Sol", "Kiri", days=1, after="Kiri to orbit 5", players=False)
    camp.advance(5)
    assert [e.day for e in camp.timeline.filter(kind="scan")] == [4]


def test_a_second_move_starts_where_the_first_ends():
    camp = camp_with(mover("Kiri"))
    first = camp.schedule_move("Kiri", "Sol", 3, from_orbit=1)
    camp.schedule_move("Kiri", "Sol", 1, after=first, name="back", start=None)
    assert orbits(camp, "Kiri", range(0, 6)) == [1, 2, 3, 2, 1, 1]  # foreseen
    camp.advance(10)
    assert orbits(camp, "Kiri", range(0, 6)) == [1, 2, 3, 2, 1, 1]


def test_bad_moves_are_kit_errors_naming_the_field():
    camp = camp_with(mover("Kiri"))
    with pytest.raises(InvalidInput, match="from_orbit"):
        camp.schedule_move("Kiri", "Sol", 3)  # nothing says where it starts
    with pytest.raises(InvalidInput, match="already at orbit 3"):
        camp.schedule_move("Kiri", "Sol", 3, from_orbit=3)
    with pytest.raises(InvalidInput, match="who"):
        camp.schedule_move("Nobody", "Sol", 3, from_orbit=1)
    system = generate_system(seed=4, name="Ukko")
    camp.add(system, "Ukko")
    with pytest.raises(InvalidInput, match="to_orbit"):
        camp.schedule_move("Kiri", "Ukko", len(system.orbits) + 1, from_orbit=1)


# ---------------------------------------------------------------- ferals
def test_ferals_eat_two_ru_a_day_and_mate_at_ten():
    fang, claw = feral("Fang", 1), feral("Claw", 2)
    camp = camp_with(fang, claw)
    camp.schedule_feeding(["Fang", "Claw"], [("Wreck", 30)], where="Ukko", name="pack")
    camp.advance(4)
    act = camp.clock.activities["pack"]
    assert act.options["ru"] == [8.0, 8.0]  # 2 RU a day each
    assert act.options["food"] == [["Wreck", 14.0]]
    out = camp.advance(1)  # both reach 10 RU: they mate
    births = out.filter(kind="birth")
    assert len(births) == 1
    child = camp.get("entities", "Feral 1")
    cost = child.total_ranks  # the newborn's ranks, paid from both
    ru = camp.clock.activities["pack"].options["ru"]
    assert sum(ru[:2]) == pytest.approx(20 - cost)
    assert ru[2] == 0.0 and "Feral 1" in camp.clock.participants("pack")
    assert births[0].systems == ("Ukko",)


def test_a_feral_holds_at_most_twenty_ru():
    camp = camp_with(feral("Fang", 1))
    camp.schedule_feeding(["Fang"], [("Hulk", 100)], ru=[19], days=3, name="pack")
    camp.advance(3)
    act = camp.clock.activities["pack"]
    assert act.options["ru"] == [20.0]  # one RU fits on day 1, then it is full
    assert act.options["food"] == [["Hulk", 99.0]]


def test_a_catalog_ship_is_worth_its_cost_and_is_gnawed_until_consumed():
    camp = camp_with(feral("Fang", 1))
    camp.schedule_feeding(["Fang"], ["Drone"], name="pack")  # a Drone costs 2 RU
    out = camp.advance(5)
    assert [e.kind for e in out.filter(day=1)] == ["eat", "consumed"]
    assert [e.day for e in out.filter(kind="done")] == [2]  # day 2: nothing eaten, none born


def test_feeding_is_undone_with_its_newborns():
    camp = camp_with(feral("Fang", 1), feral("Claw", 2))
    camp.schedule_feeding(["Fang", "Claw"], [("Wreck", 30)], ru=[9, 9], name="pack")
    before = camp.to_json()
    camp.advance(1)
    assert "Feral 1" in camp.collections["entities"]
    camp.undo_day()
    assert "Feral 1" not in camp.collections["entities"]
    assert camp.to_json() == before


def test_ferals_in_two_places_do_not_make_one_pack():
    camp = camp_with(feral("Fang", 1), feral("Claw", 2))
    camp.schedule_move("Claw", "Ukko", 5, from_orbit=1)
    camp.advance(1)
    camp.schedule_move("Fang", "Tuoni", 2, from_orbit=1, start=5)
    with pytest.raises(IllegalAction, match="one place"):
        camp.schedule_feeding(["Fang", "Claw"], [("Wreck", 30)])


# ---------------------------------------------------------------- hyper cannon
def test_a_hyper_cannon_launches_at_most_its_level_a_day():
    camp = camp_with(Entity("Eye", sensors=3))
    camp.schedule_cannon("Ukko", level=3, spotter="Eye", rammers=7, name="cannon")
    out = camp.advance(5)
    texts = [e.text for e in out.filter(kind="launch")]
    assert [t.split(" ")[0] for t in texts] == ["3", "3", "1"]  # 7 Rammers at 3 a day
    assert [e.day for e in out.filter(kind="done")] == [3]


def test_a_hyper_cannon_without_a_spotter_is_refused():
    fleet = Fleet(None)
    fleet.buy("Drone")  # no Sensors, no owner: nothing feeds fire control
    camp = Campaign("Jukint")
    camp.add(fleet, "blind")
    with pytest.raises(IllegalAction, match="fire control in Ukko"):
        camp.schedule_cannon("Ukko", level=2, spotter="blind", days=2)
    assert not camp.clock.activities


def test_a_spotter_elsewhere_stops_the_cannon_naming_the_day():
    camp = camp_with(Entity("Eye", sensors=3))
    camp.schedule_move("Eye", "Tuoni", 2, from_orbit=1)
    camp.schedule_cannon("Ukko", level=2, spotter="Eye", days=3, start=3)
    camp.advance(2)
    with pytest.raises(IllegalAction, match="no spotter in Ukko on day 3: Eye is in Tuoni"):
        camp.advance(1)
    assert camp.today == 2


# ---------------------------------------------------------------- taps
def tapped(name: str) -> Workshop:
    ws = Workshop(
        Entity(name, handling=3, control=2), system=generate_system(seed=4, name="Ukko"), seed=1
    )
    ws.install("Stellar Tap", site="star")
    return ws


def test_a_stellar_tap_serves_one_entity_a_day():
    camp = Campaign("Jukint", seed=2)
    camp.schedule(tapped("Miner A"), "a", plan=[("mine", "star:core")], days=3)
    with pytest.raises(IllegalAction, match=r"Stellar Tap at the star of Ukko.*day 1"):
        camp.schedule(tapped("Miner B"), "b", plan=[("mine", "star:core")], days=3)
    # the day after the first one's days, the Tap is free
    camp.schedule(tapped("Miner B"), "b", plan=[("mine", "star:core")], days=3, after="a")
    camp.advance(6)
    assert [e.activity for e in camp.timeline.filter(kind="handling")] == ["a"] * 3 + ["b"] * 3


def test_two_taps_serve_two_entities():
    camp = Campaign("Jukint", seed=2)
    ws = tapped("Miner A")
    ws.install("Stellar Tap", site="star")
    camp.schedule(ws, "a", plan=[("mine", "star:core")], days=2)
    camp.schedule(tapped("Miner B"), "b", plan=[("mine", "star:core")], days=2)
    assert len(camp.advance(2).filter(kind="handling")) == 4


# ---------------------------------------------------------------- order of the day
def test_the_order_of_a_day_is_the_ruling_and_an_option():
    camp = camp_with(Entity("Eye", sensors=3), mover("Kiri"))
    camp.schedule_move("Kiri", "Sol", 3, from_orbit=1)
    camp.schedule_cannon("Ukko", level=1, spotter="Eye", days=1)
    kinds = [e.kind for e in camp.advance(1) if e.kind != "done"]
    assert kinds == ["launch", "move"]  # Hyper Cannon fire first
    camp.undo_day()
    order = list(camp.clock.order)
    order.remove("cannon")
    camp.clock.order = (*order, "cannon")
    assert [e.kind for e in camp.advance(1) if e.kind != "done"] == ["move", "launch"]
    again = Campaign.from_json(camp.to_json())
    assert again.clock.order == camp.clock.order
    with pytest.raises(InvalidInput, match="order must list every kind"):
        camp.clock.order = ("battle",)


def test_a_version_5_file_loads_in_the_rulings_order():
    camp = camp_with(mover("Kiri"))
    camp.schedule_move("Kiri", "Sol", 3, from_orbit=1)
    text = camp.to_json().replace('"version": 6', '"version": 5')
    assert Campaign.from_json(text).clock.order[:2] == ("cannon", "battle")


def test_a_corrupted_move_in_a_file_is_a_save_file_error():
    camp = camp_with(mover("Kiri"))
    camp.schedule_move("Kiri", "Sol", 3, from_orbit=1)
    raw = json.loads(camp.to_json())
    raw["data"]["clock"]["activities"][0]["options"]["speed"] = [3, 1]
    with pytest.raises(SaveFileError, match="speed"):
        Campaign.from_json(json.dumps(raw))


# ---------------------------------------------------------------- laws
def busy_campaign(seed: int) -> Campaign:
    camp = camp_with(
        mover("Kiri", "Fast"),
        mover("Mole", flaws=("Slow",)),
        feral("Fang", 1),
        feral("Claw", 2),
        Entity("Eye", sensors=3),
        seed=seed,
    )
    camp.schedule_move("Kiri", "Sol", 9, from_orbit=1)
    camp.schedule_move("Mole", "Sol", 1, from_orbit=6)
    camp.schedule_feeding(["Fang", "Claw"], [("Wreck", 40), "Drone"], days=12)
    camp.schedule_cannon("Ukko", level=2, spotter="Eye", rammers=9)
    return camp


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**16), st.integers(1, 8), st.integers(1, 8))
def test_advancing_n_then_m_days_equals_n_plus_m(seed, n, m):
    a, b = busy_campaign(seed), busy_campaign(seed)
    a.advance(n)
    a.advance(m)
    b.advance(n + m)
    assert a.to_json() == b.to_json()


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**16), st.integers(1, 10))
def test_saved_mid_way_plays_the_same_remaining_days(seed, n):
    a = busy_campaign(seed)
    a.advance(n)
    b = Campaign.from_json(a.to_json())
    a.advance(6)
    b.advance(6)
    assert a.to_json() == b.to_json()


def test_an_unrelated_activity_never_changes_the_ferals_dice():
    a, b = busy_campaign(9), busy_campaign(9)
    s = Sector(np.array([[0, 0], [9, 0]], float), ["Ana", "Bel"], seed=1)
    j = Journey.along(
        s, s.route("Ana", "Bel"), Party((Traveller("Ro", "entity", 3, 3, 3),)), seed=2
    )
    b.schedule(j, "trip")
    a.advance(12)
    b.advance(12)
    for camp in (a, b):
        assert camp.timeline.filter(kind="birth")  # they do mate on these days
    pick = [
        [e.text for e in c.timeline if e.activity == "ferals feeding at the feeding ground"]
        for c in (a, b)
    ]
    assert pick[0] == pick[1]
    assert a.collections["entities"].keys() == b.collections["entities"].keys()


def test_bad_ferals_and_cannons_are_kit_errors_and_leave_the_clock_as_it_was():
    camp = camp_with(feral("Fang", 1), Entity("Eye", sensors=3))
    camp.add(slow_fleet(), "moles")
    with pytest.raises(InvalidInput, match="ferals: 'moles' is a fleet"):
        camp.schedule_feeding(["Fang", "moles"], [("Wreck", 3)])
    with pytest.raises(InvalidInput, match=r"ru\[0\]"):
        camp.schedule_feeding(["Fang"], [("Wreck", 3)], ru=[21])  # 20 RU at most
    with pytest.raises(InvalidInput, match=r"food\[0\] RU"):
        camp.schedule_feeding(["Fang"], [("Wreck", -1)])
    with pytest.raises(InvalidInput, match="spotter"):
        camp.schedule_cannon("Ukko", level=2, spotter="Nobody", days=1)
    with pytest.raises(InvalidInput, match="level"):
        camp.schedule_cannon("Ukko", level=0, spotter="Eye", days=1)
    with pytest.raises(InvalidInput, match="rammers= or days="):
        camp.schedule_cannon("Ukko", level=2, spotter="Eye")
    assert not camp.clock.activities and "Feral 1" not in camp.collections["entities"]


def test_moves_ferals_and_cannons_keep_their_own_dice_and_records_through_undo():
    camp = busy_campaign(5)
    camp.advance(3)
    before = camp.to_json()
    camp.advance(2)
    camp.undo_day()
    camp.undo_day()
    assert camp.to_json() == before


def test_a_mover_a_feral_or_a_spotter_on_the_clock_cannot_be_removed():
    camp = camp_with(mover("Kiri"), feral("Fang", 1), Entity("Eye", sensors=3))
    camp.schedule_move("Kiri", "Sol", 3, from_orbit=1, name="m")
    camp.schedule_feeding(["Fang"], ["Drone"], name="f")
    camp.schedule_cannon("Ukko", level=1, spotter="Eye", days=1, name="c")
    for who, act in (("Kiri", "m"), ("Fang", "f"), ("Eye", "c")):
        with pytest.raises(IllegalAction, match=f"in activity '{act}'"):
            camp.remove("entities", who)
        camp.clock.remove(act)
        camp.remove("entities", who)


def test_a_hyper_cannons_rammers_join_a_battle_before_the_days_round():
    from kit.successors.combat import Battle, Side

    camp = camp_with(Entity("Eye", sensors=3))
    fight = Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Battleship": 1})], seed=4)
    camp.schedule(fight, "fight")
    camp.schedule_cannon("Ukko", level=2, spotter="Eye", rammers=3, battle="fight", side="A")
    before = camp.to_json()
    camp.advance(1)
    kinds = [e.kind for e in fight.events]
    assert kinds[0] == "rammers_arrive" and kinds[1] == "phase"  # they arrive, then round 1
    assert fight.events[0].data["count"] == 2  # at most the level a day
    rammers = [u for u in fight.units(0) if u.kind == "rammer"]
    assert len(rammers) == 2
    assert all(u.state == "destroyed" for u in rammers)  # attacking that round destroyed them
    again = Campaign.from_json(camp.to_json())  # the arrival replays from the battle's log
    assert again == camp and len(again.get("battles", "fight").units(0)) == 4
    camp.undo_day()
    assert camp.to_json() == before and not fight.events


def test_rammers_join_only_an_existing_side():
    from kit.successors.combat import Battle, Side

    camp = camp_with(Entity("Eye", sensors=3))
    camp.add(Battle([Side("A", ships={"Cruiser": 1}), Side("B", ships={"Frigate": 1})]), "fight")
    with pytest.raises(InvalidInput, match="no side 'C'"):
        camp.schedule_cannon("Ukko", level=2, spotter="Eye", days=1, battle="fight", side="C")
    with pytest.raises(InvalidInput, match="go together"):
        camp.schedule_cannon("Ukko", level=2, spotter="Eye", days=1, battle="fight")


def test_a_core_tap_serves_one_entity_a_day_and_core_mining_without_one_is_free():
    system = generate_system(seed=4, name="Ukko")
    site = next(
        str(i) for i, o in enumerate(system.orbits, 1) if o.body is not None and o.body.core_ru
    )

    def miner(name: str, tap: bool) -> Workshop:
        ws = Workshop(Entity(name, handling=3, control=2), system=system, seed=1)
        if tap:
            ws.install("Core Tap", site=site)
        return ws

    camp = Campaign("Jukint", seed=2)
    camp.schedule(miner("Miner A", True), "a", plan=[("mine", f"{site}:core")], days=2)
    with pytest.raises(IllegalAction, match=rf"Core Tap at orbit {site} of Ukko.*day 1"):
        camp.schedule(miner("Miner B", True), "b", plan=[("mine", f"{site}:core")], days=2)
    # crust mining through no Tap is no Tap's business
    camp.schedule(miner("Miner C", False), "c", plan=[("mine", f"{site}:crust")], days=2)
    assert len(camp.advance(2).filter(kind="handling")) == 4
