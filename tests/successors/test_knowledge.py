"""The record of what the players know (issue #16): scans, routes, reveals, notes, saving.

Expected values are read off the Successors text's "Learning about the Universe" table and
RULINGS.md (Successors 5: successes accumulate per target across days; 6: a route flown ten
times is locked), each worked out by hand in the comment beside it.
"""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kit import Campaign, limits
from kit.errors import IllegalAction, InvalidInput, InvalidType, KitError, SaveFileError
from kit.successors.knowledge import Knowledge
from kit.successors.sector import Navigator, Party, Traveller, generate_sector
from kit.successors.sector.journey import Journey
from kit.successors.stars.system import Body, Orbit, Secret, Star, StarSystem
from tests.strategies import user_text


def seven(name: str = "Vega") -> StarSystem:
    """Seven orbits, each a planet; orbit 3 holds an ordinary secret and a GM-rated one (7)."""
    orbits = [Orbit(i, Body("Planet", 8000, 20, 90)) for i in range(1, 8)]
    orbits[2] = Orbit(
        3, Body("Planet", 8000, 20, 90), secrets=(Secret("old base"), Secret("relic", 7))
    )
    return StarSystem(Star("G"), orbits, name=name)


# ---------------------------------------------------------------- scans
def test_successes_add_up_across_days():
    # ruling 5: 2 on day 1, then 0, then 1: a total of 3
    k = Knowledge()
    k.scan("Vega", 2, day=1)
    k.scan("Vega", 0, day=2)
    k.scan("Vega", 1, day=3)
    assert k.level("Vega") == 3
    assert k.level("Sol") == 0  # never scanned


def test_orbits_known_are_the_union_of_every_scanning_position():
    k = Knowledge()
    system = seven()
    # 1 success from orbit 2: "detailed information about the orbit currently occupied" -> {2}
    k.scan("Vega", 1, orbit=2)
    assert k.view(system).known_orbits == [2]
    # the scanner moves to orbit 6 and gets 1 more: total 2, "adjacent orbits" from 6 -> 5, 6, 7;
    # orbit 2 was learned before and is not forgotten
    k.scan("Vega", 1, orbit=6)
    assert k.view(system).known_orbits == [2, 5, 6, 7]
    assert k.orbit_levels("Vega") == {2: 1, 6: 2}
    # a third success: "the entire system"
    k.scan("Vega", 1, orbit=6)
    assert k.view(system).known_orbits == [1, 2, 3, 4, 5, 6, 7]


def test_secrets_follow_the_table_from_the_scanners_orbit():
    system = seven()

    def secrets(k):
        return [s.text for s in k.view(system).orbits[2].secrets]

    k = Knowledge()
    # from orbit 3 itself: secrets of the current orbit at 3
    k.scan("Vega", 3, orbit=3)
    assert secrets(k) == ["old base"]
    k2 = Knowledge()
    # from orbit 4 (adjacent): at 3 the orbit is known but not its secret; at 4 the secret
    k2.scan("Vega", 3, orbit=4)
    assert secrets(k2) == []
    k2.scan("Vega", 1, orbit=4)
    assert secrets(k2) == ["old base"]
    k3 = Knowledge()
    # from orbit 7 (far away): the whole system's secrets at 5; the GM-rated 7 at 7
    k3.scan("Vega", 4, orbit=7)
    assert secrets(k3) == []
    k3.scan("Vega", 1, orbit=7)
    assert secrets(k3) == ["old base"]
    k3.scan("Vega", 2, orbit=7)
    assert secrets(k3) == ["old base", "relic"]


def test_fleet_scans_add_up_by_name():
    k = Knowledge()
    k.scan_fleet("Vorakh's fleet", 1, day=1)
    k.scan_fleet("Vorakh's fleet", 2, day=2)
    assert k.fleet_level("Vorakh's fleet") == 3
    assert k.fleet_level("another") == 0


# ---------------------------------------------------------------- routes
def test_a_route_flown_ten_times_is_locked():
    # the text: a jump taken before is known; made ten or more times it is locked
    k = Knowledge()
    k.travelled(("Sol", "Vega"), times=9)
    assert k.known_routes() == {("Sol", "Vega"): "known"}
    k.travelled(("Vega", "Sol"))
    assert k.known_routes() == {("Sol", "Vega"): "locked"}
    assert k.known_routes(locked_after=11) == {("Sol", "Vega"): "known"}
    assert k.known_systems() == ["Sol", "Vega"]
    assert k.knows_route("Vega", "Sol") and not k.knows_route("Vega", "Tau")


def test_a_played_journey_marks_only_the_jumps_made():
    sector = generate_sector(40, seed=7)
    nav = Navigator(information=3, sensors=3)
    start = sector.names[0]
    far = max(range(sector.n), key=lambda i: len(sector.route(0, i, navigator=nav).systems))
    route = sector.route(0, far, navigator=nav)
    assume_legs = len(route.systems) - 1
    assert assume_legs >= 2
    party = Party((Traveller("Joe", information=3, sensors=3, control=1),))
    journey = Journey.along(sector, route, party, seed=3)
    k = Knowledge()
    with pytest.raises(InvalidInput, match="no jump"):
        k.travelled(journey)  # nothing flown yet
    while journey.state()["leg"] < 1:
        journey.step()
    k.travelled(journey, day=journey.day)
    first = tuple(sorted((start, route.names[1])))
    assert k.known_routes() == {first: "known"}
    journey.run()
    k2 = Knowledge()
    k2.travelled(journey)
    assert set(k2.known_routes()) == {tuple(sorted(p)) for p in zip(route.names, route.names[1:])}
    assert set(k2.known_systems()) == set(route.names)


# ---------------------------------------------------------------- reveals, hides, notes
def test_reveal_and_hide_by_hand():
    system = seven()
    k = Knowledge()
    k.reveal("Vega", orbit=5)
    assert k.knows_system("Vega") and k.view(system).known_orbits == [5]
    k.reveal("Vega", orbit=3, secret="relic")
    view = k.view(system)
    assert view.known_orbits == [3, 5] and [s.text for s in view.orbits[2].secrets] == ["relic"]
    k.scan("Vega", 3, orbit=3)  # every orbit; the ordinary secret of orbit 3 too
    k.hide("Vega", orbit=4)
    assert k.view(system).known_orbits == [1, 2, 3, 5, 6, 7]  # the hide wins over the scan
    k.hide("Vega", orbit=3, secret="old base")
    assert [s.text for s in k.view(system).orbits[2].secrets] == ["relic"]
    k.reveal("Vega", orbit=4)
    assert 4 in k.view(system).known_orbits
    k.hide("Vega")
    assert not k.knows_system("Vega") and k.level("Vega") == 0
    assert k.view(system).known_orbits == [] and "Vega" not in k.known_systems()
    k.reveal(("Sol", "Vega"))
    assert k.known_routes() == {("Sol", "Vega"): "known"}
    k.hide(("Vega", "Sol"))
    assert k.known_routes() == {}


def test_notes_for_the_players_and_for_the_gm():
    k = Knowledge()
    assert k.note("The beacon repeats every 6 days.", day=2) == 0
    assert k.note("The beacon is a trap.", player_visible=False, about="Vega") == 1
    assert [n.text for n in k.visible_notes()] == ["The beacon repeats every 6 days."]
    k.reveal(note=1, day=5)
    assert [n.number for n in k.visible_notes()] == [0, 1]
    k.hide(note=0)
    assert [n.number for n in k.visible_notes()] == [1]
    assert [n.about for n in k.notes()] == [None, "Vega"]
    with pytest.raises(InvalidInput, match="note"):
        k.reveal(note=2)


def test_when_things_were_learned():
    k = Knowledge()
    k.scan("Vega", 1, day=3, date="3 Thaw 1201")
    k.travelled(("Vega", "Sol"), day=9)
    assert k.learned("Vega").day == 3 and k.learned("Vega").date == "3 Thaw 1201"
    assert k.learned("Vega").seq == 0
    assert k.learned(("Sol", "Vega")).day == 9 and k.learned("Sol").seq == 1
    assert k.learned("Tau") is None


def test_undo_drops_a_whole_journey_and_observers_hear_of_it():
    heard = []
    k = Knowledge()
    k.observe(lambda rec: heard.append(len(rec)))
    k.scan("Vega", 2)
    from kit.successors.sector.routes import Route

    sector = generate_sector(30, seed=4)
    route = sector.route(0, 5)
    assert isinstance(route, Route) and route.jumps >= 1
    k.travelled(route)
    assert len(k.known_routes()) == route.jumps
    k.undo()
    assert k.known_routes() == {} and k.level("Vega") == 2
    assert heard == [1, 1 + route.jumps, 1]
    k.undo()
    with pytest.raises(IllegalAction):
        k.undo()


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda k: k.scan("", 1), InvalidInput, "system"),
        (lambda k: k.scan("Vega", -1), InvalidInput, "successes"),
        (lambda k: k.scan("Vega", 1, orbit=0), InvalidInput, "orbit"),
        (lambda k: k.scan("Vega", 1, day=-2), InvalidInput, "day"),
        (lambda k: k.scan("Vega", 1, date="x" * 41), InvalidInput, "date"),
        (lambda k: k.scan("x" * (limits.MAX_NAME + 1), 1), InvalidInput, "system"),
        (lambda k: k.scan(3, 1), InvalidType, "system"),
        (lambda k: k.travelled(("Vega", "Vega")), InvalidInput, "two different"),
        (lambda k: k.travelled("Vega"), InvalidType, "route"),
        (lambda k: k.reveal(), InvalidInput, "say what"),
        (lambda k: k.reveal("Vega", secret="x"), InvalidInput, "orbit"),
        (lambda k: k.note("x" * (limits.MAX_TEXT + 1)), InvalidInput, "text"),
        (lambda k: k.note("fine", player_visible="yes"), InvalidType, "player_visible"),
    ],
)
def test_bad_input_names_the_field(call, error, words):
    k = Knowledge()
    with pytest.raises(error, match=words):
        call(k)
    assert len(k) == 0  # nothing half-recorded


@pytest.mark.parametrize(
    "events",
    [
        [{"kind": "teleport", "action": 0, "data": {}}],
        [{"kind": "travel", "action": 0, "data": {"a": "b", "b": "a", "times": 1, "gate": False}}],
        [{"kind": "reveal", "action": 0, "data": {"note": 0}}],  # no note written yet
        [{"kind": "scan", "action": 0, "data": {"system": " Vega", "successes": 1}}],
        [{"kind": "scan", "action": 0, "data": {"system": "Vega", "successes": 1, "x": 1}}],
        [{"kind": "scan", "action": 0, "data": {"system": "Vega", "successes": 10**6}}],
        [
            {"kind": "scan", "action": 1, "data": {"system": "Vega", "successes": 1}},
            {"kind": "scan", "action": 0, "data": {"system": "Vega", "successes": 1}},
        ],
    ],
)
def test_hostile_files_are_refused(events):
    text = json.dumps({"format": "gm-kit/knowledge", "version": 1, "data": {"events": events}})
    with pytest.raises(SaveFileError):
        Knowledge.from_json(text)


# ---------------------------------------------------------------- round trips
names = user_text(1, 30)
days = st.none() | st.integers(0, 10**9)
dates = st.none() | user_text(max_size=40)


def accepted(call, *args, **kwargs):
    # a refused action leaves the record as it was; the rest still count
    with contextlib.suppress(KitError):
        call(*args, **kwargs)


@st.composite
def records(draw) -> Knowledge:
    k = Knowledge()
    pool = draw(st.lists(names, min_size=2, max_size=5))
    for _ in range(draw(st.integers(0, 12))):
        what = draw(st.sampled_from(["scan", "fleet", "travel", "reveal", "hide", "note", "undo"]))
        when = {"day": draw(days), "date": draw(dates)}
        a, b = draw(st.sampled_from(pool)), draw(st.sampled_from(pool))
        orbit = draw(st.none() | st.integers(1, 20))
        if what == "scan":
            accepted(k.scan, a, draw(st.integers(0, 20)), orbit, **when)
        elif what == "fleet":
            accepted(k.scan_fleet, a, draw(st.integers(0, 20)), **when)
        elif what == "travel":
            accepted(k.travelled, (a, b), times=draw(st.integers(1, 12)), **when)
        elif what in ("reveal", "hide"):
            target = draw(st.sampled_from(["system", "route", "orbit", "secret", "note"]))
            call = getattr(k, what)
            if target == "system":
                accepted(call, a, **when)
            elif target == "route":
                accepted(call, (a, b), **when)
            elif target == "orbit":
                accepted(call, a, orbit=orbit or 1, **when)
            elif target == "secret":
                accepted(call, a, orbit=orbit or 1, secret=draw(names), **when)
            else:
                accepted(call, note=draw(st.integers(0, 3)), **when)
        elif what == "note":
            accepted(
                k.note, draw(names), draw(st.booleans()), about=draw(st.none() | names), **when
            )
        else:
            accepted(k.undo)
    return k


cases = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cases
@given(records())
def test_records_round_trip(k):
    text = k.to_json()
    again = Knowledge.from_json(text)
    assert again == k
    assert again.to_json() == text
    # and every answer derived from it is the same
    assert again.known_systems() == k.known_systems()
    assert again.known_routes() == k.known_routes()
    assert again.visible_notes() == k.visible_notes()
    assert {n: again.level(n) for n in k.known_systems()} == {
        n: k.level(n) for n in k.known_systems()
    }


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(k=records(), name=names)
def test_records_round_trip_with_the_campaign(tmp_path_factory, k, name):
    camp = Campaign(name)
    camp.knowledge = k
    path = tmp_path_factory.mktemp("camp") / "c.json"
    camp.save(path)
    again = Campaign.load(path)
    assert again.knowledge == k
    assert again == camp
    assert again.to_json() == camp.to_json()
    assume(len(k) > 0)
    assert json.loads(path.read_text())["data"]["knowledge"]["events"]


# ---------------------------------------------------------------- the campaign
def test_a_version_2_campaign_loads_with_an_empty_record_and_saves_as_the_current_version():
    old = {
        "format": "gm-kit/campaign",
        "version": 2,
        "data": {"name": "Old", "notes": "", "house_rules": {}, "sessions": [], "collections": {}},
    }
    camp = Campaign.from_json(json.dumps(old))
    assert len(camp.knowledge) == 0 and camp.name == "Old"
    saved = json.loads(camp.to_json())
    assert saved["version"] == Campaign.VERSION and saved["data"]["knowledge"] == {"events": []}


def test_the_campaign_refuses_a_bad_record():
    camp = Campaign("x")
    with pytest.raises(InvalidType, match="knowledge"):
        camp.knowledge = {"events": []}
    data = json.loads(camp.to_json())
    data["data"]["knowledge"] = {"events": [{"kind": "teleport", "action": 0, "data": {}}]}
    with pytest.raises(SaveFileError, match="knowledge"):
        Campaign.from_json(json.dumps(data))


def test_a_scan_played_in_the_campaign_records_its_successes():
    from kit.successors import Entity

    camp = Campaign("Scans")
    camp.add(seven(), "Vega")
    camp.add(Entity("TanRac", sensors=7), "TanRac")
    total = 0
    for day in (1, 2, 3):
        roll = camp.scan_day("Vega", "TanRac", orbit=2, seed=day, day=day)
        # Sensors 7 is split 5+2 (ruling 1): a die succeeds on a face at or under its part
        assert roll.dice == (5, 2)
        total += sum(1 for f, t in zip(roll.faces, (5, 2)) if f <= t and f < 6)
        assert camp.knowledge.level("Vega") == total
    assert camp.knowledge.orbit_levels("Vega") == {2: total}
    assert Campaign.from_json(camp.to_json()).knowledge == camp.knowledge


def test_a_journey_played_in_the_campaign_marks_its_route_travelled():
    camp = Campaign("Travel")
    sector = generate_sector(30, seed=4)
    route = sector.route(0, 5)
    party = Party((Traveller("Joe", information=3, sensors=3, control=1),))
    journey = Journey.along(sector, route, party, seed=1).run()
    camp.add(sector, "The Drift")
    camp.add(journey, "first trip")
    jumps = camp.record_journey("first trip", sector="The Drift", day=12)
    assert jumps == route.jumps
    for a, b in zip(route.systems, route.systems[1:]):
        assert sector.jumps_made(a, b) == 1
        assert (
            camp.knowledge.known_routes()[tuple(sorted((sector.names[a], sector.names[b])))]
            == "known"
        )
    assert camp.knowledge.learned(route.names[-1]).day == 12


def test_a_full_record_is_refused_before_it_could_not_be_saved():
    from kit.successors import knowledge as module

    k = Knowledge()
    long_note = "x" * limits.MAX_TEXT
    # each note event takes a little over MAX_TEXT bytes; the budget is MAX_BYTES in all
    fits = module.MAX_BYTES // (limits.MAX_TEXT + 100)
    for _ in range(fits):
        k.note(long_note)
    with pytest.raises(IllegalAction, match="full"):
        for _ in range(200):
            k.note(long_note)
    before = len(k)
    assert before > fits
    # a campaign holding the full record still saves and loads it
    camp = Campaign("Full")
    camp.knowledge = k
    again = Campaign.from_json(camp.to_json())
    assert len(again.knowledge) == before and again.knowledge.visible_notes()[-1].text == long_note
    k.undo()  # undo frees room again
    k.note("short")


def test_a_battle_played_in_the_campaign_records_the_players_sensors_rolls():
    from kit.successors.combat import Battle, Side

    battle = Battle(
        [Side("Us", ships=["Seeker", "Sensor Ship"]), Side("Them", ships=["Cruiser"])], seed=1
    )
    for _ in range(3):
        if not battle.over:
            battle.step_round()
    ours = [e for e in battle.log if e.kind == "sensors" and e["side"] == 0]
    assert ours  # the players rolled Sensors on the other side
    # each roll's successes, counted from its faces: a face at or under its die's target, not 6
    expected = sum(sum(1 for f, t in zip(e["faces"], e["dice"]) if f <= t and f < 6) for e in ours)
    camp = Campaign("Battles")
    camp.add(battle, "ambush")
    assert camp.record_battle("ambush", "Us", day=7) == expected
    # "Them" is no fleet the campaign keeps: it is recorded under a key of this battle's own,
    # never under the side's name (which another fleet or owner may share)
    assert camp.knowledge.fleet_level("battles/ambush/sides/1") == expected
    assert camp.knowledge.fleet_level("Them") == 0
    assert camp.knowledge.fleet_level("battles/ambush/sides/0") == 0
    camp.knowledge.undo()  # the whole battle is one action
    assert camp.knowledge.fleet_level("battles/ambush/sides/1") == 0
    assert len(camp.knowledge) == 0
    with pytest.raises(InvalidInput, match="side"):
        camp.record_battle(battle, "Nobody")


def test_a_failed_group_of_records_leaves_nothing_behind():
    k = Knowledge()
    k.scan("Vega", 1)
    with pytest.raises(InvalidInput), k.action():
        k.scan_fleet("Them", 2)
        k.scan_fleet("Them", -1)
    assert len(k) == 1 and k.fleet_level("Them") == 0
    k.note("still fine")
    assert Knowledge.from_json(k.to_json()) == k
