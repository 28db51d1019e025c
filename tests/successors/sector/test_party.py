"""Who crosses a Hyper-Jump and how (issue #10), handed plots, and moving between orbits.

Expected values come from the Star Travel text: an entity jumps itself and Control x 5 ships,
a Hyper-Jump ship itself and whatever is on board, ships given no plot roll rank 1 at five
times the time; one orbit a day, Fast two, Slow one per two days (Fast allows, Slow forces).
"""

from __future__ import annotations

import contextlib
import json
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.errors import IllegalAction, InvalidInput, InvalidType, KitError
from kit.successors.entities import Entity
from kit.successors.fleets import Fleet, ship_orbits_per_day
from kit.successors.sector import (
    Journey,
    Party,
    Sector,
    Traveller,
    orbit_move_days,
    orbits_per_day,
)
from kit.successors.ships import ship_type
from tests.strategies import json_values


@pytest.fixture
def sector():
    return Sector(np.array([[0, 0], [4, 0], [8, 0]], float), ["Ana", "Bel", "Cor"], seed=1)


def ent(name="Vex", control=1, **kw):
    return Traveller(name, "entity", 5, 4, control, **kw)


def how(party):
    return {p.name: (p.how, p.by) for p in party.manifest()}


# ------------------------------------------------------------------ issue #10: who jumps
def test_one_jump_ship_no_longer_takes_the_whole_party(sector):
    scout = Traveller("Scout", "ship", hyper_jump=True)
    tug = Traveller("Tug", "ship")
    grounded = ent("Ossa", no_hyper_jump=True)
    party = Party((scout, tug, grounded))
    stranded = party.stranded()
    assert set(stranded) == {"Tug", "Ossa"}
    assert "a Hyper-Jump ship takes only itself and what is on board" in stranded["Tug"]
    assert not party.navigator().can_jump
    with pytest.raises(IllegalAction) as err:
        Journey.along(sector, sector.route("Ana", "Bel"), party)
    assert "Stranded: Tug: it cannot Hyper-Jump" in str(err.value) and "Ossa:" in str(err.value)
    # the GM may go without them: they stay at the origin, the journey says so
    j = Journey.along(sector, sector.route("Ana", "Bel"), party, seed=1, leave_behind=True)
    assert j.party.names == ("Scout",) and [n for n, _ in j.left_behind] == ["Tug", "Ossa"]
    assert j.record()[0].startswith("left behind: Tug (")
    assert Journey.from_json(j.to_json()) == j


def test_ships_on_board_go_with_their_jump_ship_up_to_racks_and_cargo():
    # JUMPFREIGHTER: cargo 50, Hyper-Jump. Gunboats cost 2 RU each (units = RU cost)
    gunboat_units = float(ship_type("Gunboat").cost)
    assert gunboat_units == 2
    freighter = Traveller("JF", "ship", hyper_jump=True, cargo=50)
    boats = tuple(Traveller(f"G{k}", "ship", aboard="JF", units=gunboat_units) for k in range(26))
    party = Party((freighter, *boats))
    m = how(party)
    assert m["JF"] == ("plots alone", None)
    assert all(m[f"G{k}"] == ("aboard", "JF") for k in range(25))  # 25 x 2 = 50 units
    assert m["G25"][0] == "stranded"
    assert party.stranded() == {
        "G25": "JF has 50 units of racks and cargo and G25 would bring its load to 52"
    }


def test_a_carrier_without_hyper_jump_needs_an_entity_and_its_racks_follow_it():
    carrier = Traveller("Carrier", "ship", racks=60)
    boats = tuple(Traveller(f"G{k}", "ship", aboard="Carrier", units=2) for k in range(3))
    carried = Party((ent(control=1), carrier, *boats))
    assert how(carried)["Carrier"] == ("carried", "Vex")
    assert {how(carried)[b.name] for b in boats} == {("aboard", "Carrier")}
    assert carried.stranded() == {}
    # Control 0: no places; the carrier is stranded and so is everything in its racks
    alone = Party((ent(control=0), carrier, *boats))
    assert set(alone.stranded()) == {"Carrier", "G0", "G1", "G2"}
    assert alone.stranded()["G0"] == "aboard Carrier, which is stranded"


def test_control_times_five_places_go_in_party_order():
    tugs = tuple(Traveller(f"T{k}", "ship") for k in range(12))
    party = Party((ent(control=2), *tugs))  # 2 x 5 = 10 places
    assert [p.name for p in party.manifest() if p.how == "carried"] == [f"T{k}" for k in range(10)]
    assert set(party.stranded()) == {"T10", "T11"}
    assert len(party.without(["T10", "T11"]).stranded()) == 0


def test_party_from_a_fleet_puts_rack_ships_aboard_their_carrier():
    owner = Entity("Rel", control=2, information=4, sensors=3)
    fleet = Fleet(owner, budget=200)
    (jc,) = fleet.buy("Jumpcarrier")
    boats = fleet.buy("Gunboat", 3)
    tug = fleet.buy("Tug")
    fleet.stow(jc, boats)
    party = Party.from_fleet(fleet)
    m = how(party)
    assert m["Rel"] == ("plots", None)
    assert m[f"JUMPCARRIER #{jc}"] == ("handed the plot", "Rel")
    assert all(m[f"GUNBOAT #{b}"] == ("aboard", f"JUMPCARRIER #{jc}") for b in boats)
    assert m[f"TUG #{tug[0]}"] == ("carried", "Rel")
    assert party.traveller(f"GUNBOAT #{boats[0]}").units == ship_type("Gunboat").cost


# ------------------------------------------------------------------ handed plots
def test_an_entity_hands_its_plot_to_the_jump_ships(sector):
    scout = Traveller("Scout", "ship", hyper_jump=True)
    with_entity = Party((ent(), scout))
    assert how(with_entity)["Scout"] == ("handed the plot", "Vex")
    nav = with_entity.navigator()
    assert (nav.information, nav.sensors, nav.time_factor) == (5, 4, 1)
    j = Journey.along(sector, sector.route("Ana", "Bel"), with_entity, seed=3)
    assert j.step()[0]["day"] == 1  # the entity's daily roll, not the ship's five days


def test_ships_without_an_entity_plot_alone_at_rank_one_five_times_slower(sector):
    a = Traveller("A", "ship", hyper_jump=True)
    b = Traveller("B", "ship", hyper_jump=True)
    party = Party((a, b))
    assert how(party) == {"A": ("plots alone", None), "B": ("plots alone", "A")}
    nav = party.navigator()
    assert (nav.information, nav.sensors, nav.time_factor) == (1, 1, 5)
    # unknown 4 ly route: ceil(4/3) = 2 successes on Information 1 + Sensors 1
    j = Journey.along(sector, sector.route("Ana", "Bel", navigator=nav), party, seed=4)
    first = j.step()[0]
    assert first["dice"] == [1, 1] and first["needed"] == 2 and first["day"] == 5


# ------------------------------------------------------------------ moving between orbits
def test_orbits_per_day_by_hand():
    std, fast, slow = (Traveller("E", "entity", speed=s) for s in ("standard", "fast", "slow"))
    ship = {d: Traveller("S", "ship", speed=d) for d in ("immobile", "slow", "standard", "fast")}
    assert orbits_per_day(std) == 1 and orbits_per_day(fast) == 2
    assert orbits_per_day(slow) == Fraction(1, 2)
    assert orbits_per_day(ship["slow"], fast) == 2  # Fast allows its ships its speed
    assert orbits_per_day(ship["fast"], slow) == Fraction(1, 2)  # Slow forces its pace
    assert orbits_per_day(ship["fast"], std) == 2 and orbits_per_day(ship["slow"]) == Fraction(1, 2)
    assert orbits_per_day(ship["immobile"], fast) == 0
    assert [orbit_move_days(3, p) for p in (Fraction(2), Fraction(1), Fraction(1, 2))] == [2, 3, 6]
    with pytest.raises(IllegalAction, match="immobile"):
        orbit_move_days(1, Fraction(0))


def test_orbit_pace_agrees_with_the_fleet_rule():
    """One rule, two callers: the party's pace equals kit.successors.fleets' for every case."""
    from kit.successors.design import ShipDesign

    for drive, edge in product(("immobile", "slow", "standard", "fast"), ("", "Fast", "Slow")):
        boss = Entity(
            "Boss", edges=(edge,) if edge == "Fast" else (), flaws=(edge,) if edge == "Slow" else ()
        )
        t_boss = Traveller.from_entity(boss)
        ship = Traveller("S", "ship", speed=drive)
        want = ship_orbits_per_day(ShipDesign(drive=drive), boss, controlled=True)
        assert orbits_per_day(ship, t_boss) == want, (drive, edge)


def test_party_moves_at_its_slowest_pace(sector):
    fast_boss = ent(speed="fast")
    slow_ship = Traveller("Slowcoach", "ship", speed="slow", controlled_by="Vex")
    assert Party((fast_boss, slow_ship)).orbit_days(4) == 2  # 2 a day, the ship keeps up
    free_ship = Traveller("Slowcoach", "ship", speed="slow")
    assert Party((fast_boss, free_ship)).orbit_days(4) == 8  # not under Control: its own pace
    slow_boss = ent(speed="slow")
    quick = Traveller("Dart", "ship", speed="fast", controlled_by="Vex")
    assert Party((slow_boss, quick)).orbit_days(1) == 2
    sat = Traveller("Sat", "ship", speed="immobile")
    with pytest.raises(IllegalAction, match="Sat is immobile"):
        Party((ent(), sat)).orbit_days(1)
    riding = Party(
        (
            ent(),
            Traveller("JC", "ship", racks=60),
            Traveller("Sat", "ship", speed="immobile", aboard="JC"),
        )
    )
    assert riding.orbit_days(2) == 2
    j = Journey.along(sector, sector.route("Ana", "Bel"), Party((fast_boss, slow_ship)), seed=1)
    j.move(3)
    assert j.day == 2 and "moved 3 orbits in Ana (2 a day)" in j.record()[-1]
    j.run()
    day = j.day
    j.move(1)
    assert j.day == day + 1 and "in Bel" in j.record()[-1]
    assert Journey.from_json(j.to_json()) == j


# ------------------------------------------------------------------ issue #11: journey files
def _journey_dict(sector):
    j = Journey.along(sector, sector.route("Ana", "Cor"), Party((ent(),)), seed=2)
    j.step()
    return json.loads(j.to_json())


@pytest.mark.parametrize(
    "field,value",
    [
        ("ly", "far"),
        ("ly", -1),
        ("ly", 1e308 * 10),  # becomes inf
        ("ly", None),
        ("status", "lost"),
        ("status", 3),
        ("status", ["known"]),
        ("a", -1),
        ("a", 10**30),
        ("a", 1.5),
        ("a", "0"),
        ("successes", 1e300),
        ("gate", "yes"),
        ("pool", 5),
        ("pool", ["a"]),
        ("pool", [9]),
        ("pool", [10**400]),
        ("time_factor", 0),
        ("travel_days", "1"),
    ],
)
def test_bad_leg_fields_raise_the_kits_errors(sector, field, value):
    raw = _journey_dict(sector)
    raw["data"]["legs"][0][field] = value
    text = json.dumps(raw)
    with pytest.raises(KitError, match=r"legs\[0\]|journey|Infinity|NaN|number"):
        Journey.from_json(text)


@pytest.mark.parametrize("drop", ["ly", "status", "a", "gate"])
def test_missing_leg_fields_are_named(sector, drop):
    raw = _journey_dict(sector)
    del raw["data"]["legs"][0][drop]
    with pytest.raises(InvalidInput, match=rf"legs\[0\] is missing required field\(s\) '{drop}'"):
        Journey.from_json(json.dumps(raw))


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.__setitem__("legs", {"a": 1}),
        lambda d: d["legs"].__setitem__(0, "leg"),
        lambda d: d["party"]["travellers"][0].__setitem__("speed", "warp"),
        lambda d: d["party"]["travellers"][0].__setitem__("aboard", "Nowhere"),
        lambda d: d["party"].__setitem__("prefer", 7),
        lambda d: d["events"][0].__setitem__("faces", [7, 1, 1]),
        lambda d: d["events"][0].__setitem__("dice", "555"),
        lambda d: d.__setitem__("left_behind", [["x"]]),
        lambda d: d.__setitem__("names", ["Ana", 2, "Cor"]),
        lambda d: d.__setitem__("seed", -4),
    ],
)
def test_other_bad_journey_fields_raise_the_kits_errors(sector, mutate):
    raw = _journey_dict(sector)
    mutate(raw["data"])
    with pytest.raises((InvalidInput, InvalidType)):
        Journey.from_json(json.dumps(raw))


def test_traveller_fields_are_checked():
    with pytest.raises(InvalidInput, match=r"traveller\.speed"):
        Traveller("X", "ship", speed="warp")
    with pytest.raises(InvalidInput, match="entity: hyper_jump"):
        Traveller("X", "entity", hyper_jump=True)
    with pytest.raises(InvalidInput, match="aboard 'Y', which is not a ship"):
        Party((Traveller("X", "ship", aboard="Y"), ent("Y")))
    with pytest.raises(InvalidInput, match="controlled_by"):
        Party((Traveller("X", "ship", controlled_by="Y"),))


def test_routing_for_a_party_with_someone_stranded_says_so(sector):
    party = Party((ent(control=0), Traveller("Tug", "ship")))
    nav = party.navigator()
    assert not nav.can_jump and nav.name == "Vex (1 would be stranded)"
    with pytest.raises(
        IllegalAction, match=r"Vex \(1 would be stranded\) cannot Hyper-Jump to 'Bel'"
    ):
        sector.route("Ana", "Bel", navigator=nav)


JSON = json_values(ints=2**70, text=5, width=3, keys=3, leaves=6)
LEG_KEYS = ("a", "b", "ly", "status", "successes", "gate", "pool", "time_factor", "travel_days")
EVENT_KEYS = ("kind", "leg", "day", "total", "successes", "needed", "dice", "faces", "ly")


@settings(max_examples=150, deadline=None)
@given(
    where=st.sampled_from(["leg", "event", "traveller"]),
    key=st.sampled_from(LEG_KEYS + EVENT_KEYS + ("speed", "units", "aboard", "cargo")),
    value=JSON,
)
def test_fuzzed_journey_files_raise_only_the_kits_errors(where, key, value):
    sector = Sector(np.array([[0, 0], [4, 0], [8, 0]], float), ["Ana", "Bel", "Cor"], seed=1)
    raw = _journey_dict(sector)
    data = raw["data"]
    target = {
        "leg": data["legs"][0],
        "event": data["events"][0],
        "traveller": data["party"]["travellers"][0],
    }[where]
    target[key] = value
    with contextlib.suppress(KitError):  # anything else fails the test
        Journey.from_json(json.dumps(raw))


def test_on_board_travellers_that_can_jump_still_go_when_their_host_stays():
    # a Scout (Hyper-Jump) in the racks of a plain Carrier that nobody carries: the Carrier
    # stays, the Scout crosses on its own drive; a Gunboat in the same racks stays with it
    party = Party(
        (
            Traveller("Carrier", "ship", racks=60),
            Traveller("Scout", "ship", hyper_jump=True, aboard="Carrier", units=4),
            Traveller("Gunboat", "ship", aboard="Carrier", units=2),
        )
    )
    m = how(party)
    assert m["Scout"] == ("plots alone", None) and m["Gunboat"][0] == "stranded"
    assert set(party.stranded()) == {"Carrier", "Gunboat"}
    assert "no entity carries it" in party.stranded()["Carrier"]
    # a ship that does not fit leaves its units free for a smaller one listed after it
    hold = Party(
        (
            Traveller("JF", "ship", hyper_jump=True, cargo=5),
            Traveller("Big", "ship", aboard="JF", units=6),
            Traveller("Small", "ship", aboard="JF", units=5),
        )
    )
    assert how(hold)["Small"] == ("aboard", "JF") and set(hold.stranded()) == {"Big"}


# ------------------------------------------------------------------ several ships plotting alone
def test_two_ships_plotting_alone_jump_when_the_slower_is_done(sector):
    """Each rolls one rank-1 die a roll (a success 1 time in 6) on a known one-success route.

    One plotter needs 6 rolls on average (geometric). For the later of two:
    E[max] = 2 E[T] - E[min], and the first of two succeeds with 1 - (5/6)^2 = 11/36 a roll,
    so E[min] = 36/11 and E[max] = 12 - 36/11 = 96/11 rolls, five days each, plus the jump.
    """
    sector.record_jump("Ana", "Bel")  # known: ceil(4 / 5) = 1 success, Information only
    pair = Party((Traveller("A", "ship", hyper_jump=True), Traveller("B", "ship", hyper_jump=True)))
    nav = pair.navigator()
    assert nav.plotters == 2 and nav.name == "A and 1 more (alone)"
    route = sector.route("Ana", "Bel", navigator=nav)
    want = 5 * 96 / 11 + 1
    assert route.expected_days == pytest.approx(want, rel=1e-9)
    assert route.legs[0].expected_days_exact() == pytest.approx(want, rel=1e-9)
    # one ship alone: 6 rolls, 31 days
    solo = Party((Traveller("A", "ship", hyper_jump=True),))
    assert sector.route("Ana", "Bel", navigator=solo.navigator()).expected_days == 31
    # the journey rolls each ship's die and jumps when both totals reach 1
    days = []
    for seed in range(600):
        j = Journey.along(sector, route, pair, seed=seed).run()
        plots = [e for e in j.log if e.kind == "plot"]
        assert all(len(e["faces"]) == 2 and e["total"] == min(e["totals"]) for e in plots)
        assert plots[-1]["total"] >= 1 and all(e["total"] < 1 for e in plots[:-1])
        days.append(j.day)
    days = np.array(days)
    se = days.std(ddof=1) / np.sqrt(len(days))
    assert abs(days.mean() - want) < 4 * se
    assert "2 ships alone" in j.record()[0]
    assert Journey.from_json(j.to_json()) == j


def test_a_jump_ship_on_board_a_going_carrier_does_not_plot():
    party = Party(
        (
            Traveller("JC", "ship", hyper_jump=True, racks=60),
            Traveller("Scout", "ship", hyper_jump=True, aboard="JC", units=4),
        )
    )
    assert how(party)["Scout"] == ("aboard", "JC") and party.navigator().plotters == 1
