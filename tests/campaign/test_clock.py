"""The campaign clock (issue #32): one count of standard days for every game of a campaign.

Expected values come from the rules (docs/rulings.md, Successors 11: the order of a day, one
activity an entity a day, a battle round a day) and from small oracles written here: the dice
of a day are re-derived in the test from the clock seed, the activity's name and the day with
numpy's SeedSequence directly, and a battle on the clock is compared with the same battle run
alone. The laws at the end are checked over generated campaigns (hypothesis).
"""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kit import Campaign, limits
from kit.clock import Calendar, Timeline
from kit.errors import IllegalAction, InvalidInput, InvalidType, SaveFileError
from kit.successors import Entity, Workshop
from kit.successors.combat import Battle, Side
from kit.successors.examples import example_one, releata
from kit.successors.sector import Journey, Party, Sector, Traveller
from kit.successors.stars import generate_system


# ---------------------------------------------------------------- helpers and oracles
def faces_of(seed: int, name: str, day: int, n: int) -> list[int]:
    """The oracle of a day's dice: SeedSequence([seed, sha256(name)[:8], day])."""
    key = int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big")
    rng = np.random.default_rng(np.random.SeedSequence([seed, key, day]))
    return [int(x) for x in rng.integers(1, 7, size=n)]


def sector() -> Sector:
    xs = np.array([[0, 0], [9, 0], [18, 0]], float)
    return Sector(xs, ["Ana", "Bel", "Cor"], seed=1)


def journey(who: str = "Releata", seed: int = 5) -> Journey:
    s = sector()
    return Journey.along(
        s, s.route("Ana", "Cor"), Party((Traveller(who, "entity", 3, 3, 3),)), seed=seed
    )


def workshop(entity: Entity | None = None, drones: int = 3) -> Workshop:
    ws = Workshop(entity or releata().with_damage("control", 1), seed=1)
    for _ in range(drones):
        ws.add("Drone", neutralized=True, maker="Takeru Republic")
    return ws


def frozen(camp: Campaign) -> str:
    return camp.to_json()


# ---------------------------------------------------------------- the public API
def test_a_new_campaign_is_on_day_0_and_saves_no_clock():
    camp = Campaign("Jukint")
    assert camp.today == 0 and len(camp.timeline) == 0
    assert "clock" not in camp.to_dict()
    assert Campaign("Jukint") == Campaign("Jukint")


def test_advance_plays_days_and_returns_their_events():
    camp = Campaign("Jukint", seed=11)
    name = camp.schedule(workshop(), "repairs")
    assert name == "repairs" and camp.get("workshops", "repairs").days == []
    out = camp.advance(3)
    assert camp.today == 3 and out.days == 3
    assert [e.day for e in out] == [1, 2, 3]
    assert all(e.activity == "repairs" and e.kind == "handling" for e in out)
    assert out.reason == "3 days played"
    assert len(camp.get("workshops", "repairs").days) == 3  # played in place


def test_a_workshop_day_rolls_the_dice_of_its_own_stream():
    # Releata (Handling 1) alone: one rank-1 die a day; a success is a face of 1 (a 6 always
    # fails). The first job is her own Control hit (she is neutralized, ruling: she comes
    # first), then the Drones.
    camp = Campaign("Jukint", seed=11)
    camp.schedule(workshop(drones=2), "repairs")
    camp.advance(20)
    ws = camp.get("workshops", "repairs")
    for k, day in enumerate(ws.days, start=1):
        n = len(day.rolls)
        assert [r["face"] for r in day.rolls] == faces_of(11, "repairs", k, max(n, 1))[:n]
        for r in day.rolls:
            assert r["success"] == (r["face"] <= r["die"] and r["face"] < 6)


def test_the_order_of_a_day_is_the_rulings():
    # Successors 11: battles, movement and jumps, Sensors, Handling, daily traits
    camp = Campaign("Order", seed=3)
    camp.add(Entity("Scout", sensors=2), "Scout")
    camp.add(generate_system(seed=2, name="Tor"), "Tor")
    hurt = Entity("Mender", battle=2, control=1, edges=["Self-Repairing"]).with_damage("battle", 1)
    camp.schedule(hurt, "Mender")  # daily traits, put on first
    camp.schedule(workshop(Entity("Smith", handling=2, control=1), drones=1), "smithy")
    camp.schedule_scan("Tor", "Scout", days=2, name="scan")
    camp.schedule(journey("Walker"), "walk")
    camp.schedule(
        Battle([Side("A", ships={"Cruiser": 1}), Side("B", ships={"Frigate": 1})], seed=1), "fight"
    )
    day1 = camp.advance(1)
    kinds = [e.activity for e in day1 if e.kind not in ("done",)]
    firsts = list(dict.fromkeys(kinds))
    assert firsts == ["fight", "walk", "scan", "smithy", "Mender"]


def test_a_battle_on_the_clock_plays_exactly_as_run_a_round_a_day():
    for seed in (1, 2, 5):
        alone = example_one(seed=seed).run()
        camp = Campaign("War", seed=99)
        battle = example_one(seed=seed)
        name = camp.schedule(battle)
        out = camp.advance_until(name)
        assert camp.get("battles", name) is battle
        assert battle.to_dict() == alone.to_dict() and battle.result == alone.result
        rounds = [e for e in alone.log if e.kind == "phase" and e["phase"] == "order"]
        assert out.days == len(rounds) == camp.today  # one round a day
        assert [e.kind for e in out].count("round") == len(rounds)


def test_a_journey_steps_on_the_days_its_steps_take_and_records_its_jumps():
    camp = Campaign("Trip", seed=1)
    j = journey()
    camp.schedule(j, "trip", players=True)
    out = camp.advance_until("trip")
    assert j.arrived and out.reason == f"'trip' ended on day {camp.today}"
    # every plotting roll and jump takes one day here: one log event per clock day
    assert (
        [e["day"] for e in j.log]
        == list(range(1, len(j.log) + 1))
        == [e.day for e in out if e.kind in ("plot", "jump")]
    )
    # the players' knowledge gets each jump, dated by the clock
    travel = [e for e in camp.knowledge.log if e.kind == "travel"]
    jumps = [e for e in j.log if e.kind == "jump"]
    assert [t["day"] for t in travel] == [e["day"] for e in jumps]


def test_a_scan_after_a_journey_starts_the_day_after_arrival_and_dates_the_record():
    camp = Campaign("Trip", seed=1)
    camp.add(releata(), "Releata")
    camp.add(generate_system(seed=3, name="Cor"), "Cor")
    camp.schedule(journey(), "trip", players=True)
    camp.schedule_scan("Cor", "Releata", days=3, orbit=1, after="trip")
    camp.advance_until("trip")
    arrived = camp.today
    camp.advance_until("scan of Cor")
    scans = camp.timeline.filter(activity="scan of Cor", kind="scan")
    assert [e.day for e in scans] == [arrived + 1, arrived + 2, arrived + 3]
    record = [e for e in camp.knowledge.log if e.kind == "scan"]
    assert [e["day"] for e in record] == [arrived + 1, arrived + 2, arrived + 3]
    assert camp.knowledge.level("Cor") == sum(e["successes"] for e in record)


def test_a_clash_is_refused_naming_both_activities_and_the_day():
    camp = Campaign("Clash", seed=1)
    camp.schedule(journey("Releata"), "trip")
    before = frozen(camp)
    with pytest.raises(IllegalAction, match=r"'Releata'.*'trip'.*'repairs'.*day 1"):
        camp.schedule(workshop(), "repairs")
    assert frozen(camp) == before  # the workshop was not added either
    # a clash that starts later is found on its day, and the whole advance is taken back
    camp.schedule(workshop(), "repairs", start=3)
    before = frozen(camp)
    with pytest.raises(IllegalAction, match=r"'trip' and 'repairs' on day 3"):
        camp.advance(5)
    assert frozen(camp) == before and camp.today == 0


def test_after_hands_over_cleanly():
    camp = Campaign("Handover", seed=2)
    camp.schedule(journey("Releata"), "trip")
    camp.schedule(workshop(), "repairs", after="trip")
    camp.advance_until("repairs")
    arrived = camp.timeline.filter(activity="trip", kind="arrived")[0].day
    first = camp.timeline.filter(activity="repairs")[0].day
    assert first == arrived + 1


def test_bad_days_are_refused_and_change_nothing():
    camp = Campaign("Bad", seed=1)
    camp.schedule(workshop(), "repairs")
    before = frozen(camp)
    for days, err in (
        (0, InvalidInput),
        (-3, InvalidInput),
        (limits.MAX_ADVANCE_DAYS + 1, InvalidInput),
        ("3", InvalidType),
        (2.5, InvalidType),
    ):
        with pytest.raises(err, match="days"):
            camp.advance(days)
        assert frozen(camp) == before


def test_an_activity_from_another_campaign_is_refused():
    a, b = Campaign("A", seed=1), Campaign("B", seed=1)
    j = journey()
    a.schedule(j, "trip")
    with pytest.raises(InvalidInput, match="clock of campaign 'A'"):
        b.schedule(j, "trip")
    with pytest.raises(InvalidInput, match="not on this campaign's clock"):
        b.advance_until(j)
    with pytest.raises(InvalidInput, match="no activity 'nope'"):
        a.advance_until("nope")
    assert len(b) == 0


def test_planned_events_stop_advance_and_must_be_in_the_future():
    camp = Campaign("Plans", seed=1)
    camp.plan(60, "the Takeru patrol returns", players=True)
    camp.plan(70, "a secret", players=False)
    out = camp.advance(100)
    assert camp.today == 60 and out.reason == "planned on day 60: 'the Takeru patrol returns'"
    assert camp.advance(100).reason.startswith("planned on day 70")
    for day in (70, 10, 0):
        with pytest.raises(InvalidInput, match="day"):
            camp.plan(day, "too late")
    assert [e.text for e in camp.timeline.filter(players=True)] == ["the Takeru patrol returns"]


def test_advance_until_with_nothing_running_is_an_error():
    with pytest.raises(IllegalAction, match="nothing is on the clock"):
        Campaign("Empty").advance_until()


def test_the_timeline_filters_by_activity_system_entity_and_day():
    camp = Campaign("Filters", seed=4)
    camp.add(releata(), "Releata")
    camp.add(generate_system(seed=3, name="Cor"), "Cor")
    camp.schedule(journey("Walker"), "trip")
    camp.schedule_scan("Cor", "Releata", days=4)
    camp.advance(4)
    t = camp.timeline
    assert isinstance(t, Timeline) and [e.day for e in t] == sorted(e.day for e in t)
    assert {e.activity for e in t.filter(system="Cor")} == {"scan of Cor"}
    assert {e.activity for e in t.filter(entity="Walker")} == {"trip"}
    assert len(t.on(2)) == 2 and len(t.filter(since=2, until=3)) == 4


def test_undo_takes_back_a_day_and_replay_gives_the_same_day():
    camp = Campaign("Undo", seed=8)
    camp.schedule(workshop(Entity("Smith", handling=2, control=1)), "repairs")
    camp.schedule(journey("Walker"), "trip")
    camp.schedule(example_one(seed=3), "fight")
    camp.advance(3)
    before = frozen(camp)
    camp.advance(2)
    after = frozen(camp)
    camp.undo_day()
    camp.undo_day()
    assert frozen(camp) == before and camp.today == 3
    camp.advance(2)
    assert frozen(camp) == after
    with pytest.raises(IllegalAction, match="no played day"):
        Campaign("x").undo_day()


def test_the_clock_saves_loads_and_migrates():
    camp = Campaign("Saved", seed=8)
    camp.schedule(workshop(), "repairs")
    camp.plan(40, "they come", players=True)
    camp.note("repairs begin", day=0)
    camp.calendar = Calendar((("Thaw", 30), ("Bloom", 30)), week=6, epoch=3102)
    camp.advance(10)
    again = Campaign.from_json(camp.to_json())
    assert again == camp and again.today == 10 and again.timeline == camp.timeline
    assert again.date() == "10 Thaw 3102, week 2"
    # a version-4 file (before the clock) loads on day 0
    doc = json.loads(Campaign("Old").to_json())
    doc["version"] = 4
    old = Campaign.from_json(json.dumps(doc))
    assert old.today == 0 and old.name == "Old"


@pytest.mark.parametrize(
    "path, value, match",
    [
        (("events", 0, "day"), 99, "day"),
        (("events", 1, "day"), 0, "day"),
        (("events", 0, "activity"), "ghost", "activity"),
        (("events", 0, "kind"), "teleport", "kind"),
        (("today",), -1, "today"),
        (("activities", 0, "kind"), "party", "kind"),
        (("activities", 0, "done_day"), 50, "after today"),
        (("entries", 0, "kind"), "plot", "note"),
        (("seed",), "x", "seed"),
    ],
)
def test_a_corrupted_timeline_is_refused_with_a_save_file_error(path, value, match):
    camp = Campaign("Corrupt", seed=8)
    camp.schedule(workshop(), "repairs")
    camp.plan(40, "they come")
    camp.advance(5)
    doc = json.loads(camp.to_json())
    here = doc["data"]["clock"]
    for step in path[:-1]:
        here = here[step]
    here[path[-1]] = value
    with pytest.raises(SaveFileError, match=match):
        Campaign.from_json(json.dumps(doc))


def test_calendar_formats_days_by_hand():
    cal = Calendar((("Thaw", 30), ("Bloom", 31), ("Ash", 4)), week=7, epoch=12)
    # a year of 65 days: day 65 is the 4th of Ash, year 12; day 66 the 1st of Thaw, year 13
    assert cal.format(65) == "4 Ash 12, week 10"
    assert cal.format(66) == "1 Thaw 13, week 10"
    assert cal.format(31) == "1 Bloom 12, week 5"
    with pytest.raises(InvalidInput, match="calendar months"):
        Calendar((("Thaw", 0),))


def test_scan_day_and_records_are_dated_by_the_clock():
    camp = Campaign("Dates", seed=1)
    camp.add(releata(), "Releata")
    camp.add(generate_system(seed=3, name="Cor"), "Cor")
    camp.plan(12, "arrive")
    camp.advance(20)
    camp.scan_day("Cor", "Releata", seed=1)
    assert camp.knowledge.log[-1]["day"] == 12


def test_daily_traits_self_repairing_and_healing_while_neutralized():
    # Self-Repairing: one hit a day, automatically (no roll): three hits, three days
    camp = Campaign("Heal", seed=1)
    hurt = Entity("Mender", battle=3, control=1, edges=["Self-Repairing"]).with_damage("battle", 3)
    camp.schedule(hurt, "Mender")
    out = camp.advance(5)
    assert out.reason == "5 days played" and camp.today == 5
    assert not any(camp.get("entities", "Mender").damage)
    assert [e.day for e in camp.timeline.filter(kind="heal")] == [1, 2, 3]
    # a neutralized entity rolls one rank-1 die a day: it heals exactly on the days a 1 shows
    camp = Campaign("Heal", seed=5)
    camp.schedule(Entity("Sleeper", battle=1, control=1).with_damage("battle", 1), "Sleeper")
    camp.advance(30)
    healed = next((d for d in range(1, 31) if faces_of(5, "Sleeper", d, 1)[0] == 1), None)
    assert healed is not None
    heals = camp.timeline.filter(kind="heal")
    assert heals[len(heals) - 1].day == healed and "mends battle" in heals[len(heals) - 1].text
    assert camp.clock.activities["Sleeper"].done_day == healed


def test_a_long_advance_shows_a_progress_bar(capsys):
    camp = Campaign("Long", seed=1)
    camp.advance(400)
    assert camp.today == 400
    assert "days" in capsys.readouterr().err


# ---------------------------------------------------------------- laws over generated campaigns
@st.composite
def campaigns(draw):
    """A recipe for a campaign of workshops, scans, healing entities and battles (distinct
    entities, so nothing clashes), as a builder that makes fresh twins."""
    seed = draw(st.integers(0, 2**32))
    specs = draw(
        st.lists(
            st.tuples(
                st.sampled_from(["workshop", "scan", "traits", "battle", "journey"]),
                st.integers(1, 4),
            ),
            min_size=1,
            max_size=4,
        )
    )
    return seed, specs


def build(seed, specs, extra=False):
    camp = Campaign("Law", seed=seed)
    camp.add(generate_system(seed=1, name="Tor"), "Tor")
    specs = list(specs) + ([("workshop", 2)] if extra else [])
    for i, (kind, n) in enumerate(specs):
        who = f"E{i}" if not (extra and i == len(specs) - 1) else "Extra"
        if kind == "workshop":
            ws = Workshop(
                Entity(who, handling=2, control=2, battle=2).with_damage("control", 1), seed=i
            )
            for _ in range(n):
                ws.add("Drone", neutralized=True, maker="Takeru Republic")
            camp.schedule(ws, f"ws {who}")
        elif kind == "scan":
            camp.add(Entity(who, sensors=n), who)
            camp.schedule_scan("Tor", who, days=2 * n, name=f"scan {who}")
        elif kind == "traits":
            camp.schedule(
                Entity(who, battle=n, control=1, edges=["Self-Repairing"]).with_damage("battle", n),
                who,
            )
        elif kind == "journey":
            camp.schedule(journey(who, seed=seed % 1000 + n), f"trip {who}")
        else:
            sides = [Side(f"{who}a", ships={"Cruiser": 1}), Side(f"{who}b", ships={"Frigate": n})]
            camp.schedule(Battle(sides, seed=seed % 1000 + i), f"fight {who}")
    return camp


laws = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@laws
@given(campaigns(), st.integers(1, 12), st.integers(1, 12))
@example((0, [("workshop", 2), ("battle", 1), ("journey", 1)]), 3, 4)
def test_law_n_then_m_days_equals_n_plus_m(recipe, n, m):
    a, b = build(*recipe), build(*recipe)
    a.advance(n)
    a.advance(m)
    b.advance(n + m)
    assert a.to_json() == b.to_json()


@laws
@given(campaigns(), st.integers(1, 12), st.integers(1, 12))
def test_law_saved_mid_way_and_loaded_plays_the_same_remaining_days(recipe, n, m):
    camp = build(*recipe)
    camp.advance(n)
    loaded = Campaign.from_json(camp.to_json())
    camp.advance(m)
    loaded.advance(m)
    assert loaded.to_json() == camp.to_json()


@laws
@given(campaigns(), st.integers(1, 15))
def test_law_an_unrelated_activity_never_changes_anothers_dice(recipe, n):
    plain, more = build(*recipe), build(*recipe, extra=True)
    plain.advance(n)
    more.advance(n)
    for name in plain.clock.activities:
        assert plain.timeline.filter(activity=name) == more.timeline.filter(activity=name)
    for collection, name, obj in plain:
        assert more.get(collection, name).to_json() == obj.to_json()


@laws
@given(campaigns(), st.integers(1, 15))
def test_law_no_entity_does_two_things_on_one_day(recipe, n):
    camp = build(*recipe)
    camp.advance(n)
    for day in range(1, camp.today + 1):
        busy: dict[str, str] = {}
        for e in camp.timeline.on(day):
            if e.activity is None or camp.clock.activities[e.activity].kind == "traits":
                continue
            for who in e.entities:
                assert busy.setdefault(who, e.activity) == e.activity
    # and a second activity for a busy entity is refused
    first = next(iter(camp.clock.activities.values()))
    who = camp.clock.participants(first.name)[0]
    if first.done_day is None and first.kind != "traits":
        with pytest.raises(IllegalAction, match=f"day {camp.today + 1}"):
            camp.schedule(Workshop(Entity(who, handling=1)), "double booked")


@laws
@given(campaigns(), st.integers(1, 10), st.integers(1, 5))
def test_law_save_load_undo_and_replay_give_the_same_days(recipe, n, k):
    camp = build(*recipe)
    camp.advance(n)
    mark = camp.to_json()
    camp.advance(k)
    played = camp.to_json()
    for _ in range(k):
        camp.undo_day()
    assert camp.to_json() == mark
    camp.advance(k)
    assert camp.to_json() == played
    loaded = Campaign.from_json(mark)
    loaded.advance(k)
    assert loaded.to_json() == played


def test_an_item_on_the_clock_cannot_be_removed_until_taken_off():
    camp = Campaign("Remove", seed=1)
    camp.add(Entity("Scout", sensors=2), "Scout")
    camp.add(generate_system(seed=2, name="Tor"), "Tor")
    camp.schedule(workshop(), "repairs")
    camp.schedule_scan("Tor", "Scout", days=2)
    for collection, name, activity in (
        ("workshops", "repairs", "repairs"),
        ("entities", "Scout", "scan of Tor"),
        ("systems", "Tor", "scan of Tor"),
    ):
        with pytest.raises(IllegalAction, match=f"in activity '{activity}'"):
            camp.remove(collection, name)
    camp.advance(1)
    # a played activity stays as the record of its events, stopped today
    assert camp.clock.remove("scan of Tor").done_day == 1
    with pytest.raises(IllegalAction, match="in activity 'scan of Tor'"):
        camp.remove("systems", "Tor")
    camp.schedule_scan("Tor", "Scout", days=2, start=5, name="later scan")
    camp.clock.remove("later scan")  # never played: it goes
    assert "later scan" not in camp.clock.activities
    camp.advance(2)
    assert Campaign.from_json(camp.to_json()) == camp
    assert len(camp.timeline.filter(activity="scan of Tor")) == 1


def test_undo_of_a_day_refuses_when_its_objects_changed_since():
    camp = Campaign("Undo", seed=3)
    j = journey("Walker")
    camp.schedule(j, "trip", players=True)
    camp.advance(2)
    j.step()  # the GM plays a step by hand after the day
    with pytest.raises(IllegalAction, match="'trip' changed since"):
        camp.undo_day()
    j.undo()
    camp.knowledge.reveal("Ana")
    with pytest.raises(IllegalAction, match="the knowledge record changed since"):
        camp.undo_day()
    camp.knowledge.undo()
    camp.undo_day()
    assert camp.today == 1


def test_the_planned_stop_option_stops_before_the_planned_day():
    # docs/rulings.md: by default the planned day is played, then the clock stops; the option
    # "before" stops on the eve of it, and the next call plays the planned day itself
    camp = Campaign("Eve", seed=1)
    camp.plan(5, "the patrol returns")
    camp.clock.planned_stop = "before"
    out = camp.advance(10)
    assert camp.today == 4 and out.reason == "planned on day 5: 'the patrol returns' (tomorrow)"
    assert camp.advance(10).days == 10 and camp.today == 14
    again = Campaign.from_json(camp.to_json())
    assert again.clock.planned_stop == "before"
    with pytest.raises(InvalidInput, match="planned_stop"):
        camp.clock.planned_stop = "never"


def test_a_journey_that_waits_starts_its_own_days_when_it_starts():
    # a journey after a Workshop: its first plotting roll is on the day after the repairs end,
    # one step a day from there (not every step it "missed" while it waited)
    camp = Campaign("Wait", seed=2)
    camp.schedule(workshop(drones=1), "repairs")
    j = journey("Releata")
    camp.schedule(j, "trip", after="repairs")
    camp.advance_until("trip")
    ended = camp.clock.activities["repairs"].done_day
    days = [e.day for e in camp.timeline.filter(activity="trip") if e.kind in ("plot", "jump")]
    assert days == list(range(ended + 1, ended + 1 + len(j.log)))
