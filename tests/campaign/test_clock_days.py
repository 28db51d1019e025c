"""The campaign clock's values (kit.clock_days): the order of a day (RULINGS Successors 11),
the GM's calendar, dated events and the timeline, each activity's record and options, and
the dice of an activity's day; everything saved as plain JSON and checked when read."""

from __future__ import annotations

import pytest

from kit.clock_days import (
    EVENT_KINDS,
    KINDS,
    SPEEDS,
    Activity,
    Advance,
    Calendar,
    ClockEvent,
    Timeline,
    stream,
)
from kit.errors import InvalidInput, InvalidType


def test_a_day_plays_battles_then_movement_then_sensors_then_handling_then_traits():
    # RULINGS Successors 11: battles, then movement and jumps, then Sensors, then Handling, then
    # daily traits
    order = [KINDS.index(k) for k in ("battle", "journey", "scan", "workshop", "traits")]
    assert order == sorted(order)
    assert KINDS.index("move") < KINDS.index("scan")


def test_speeds_are_slow_standard_and_fast():
    # successors.txt: Slow takes two days an orbit, a standard drive one orbit a day, Fast two
    assert SPEEDS == [[1, 2], [1, 1], [2, 1]]


@pytest.mark.parametrize(
    "day, date",
    [
        (1, "1 Thaw 3102, week 1"),
        (30, "30 Thaw 3102, week 5"),
        (31, "1 Bloom 3102, week 6"),
        (60, "30 Bloom 3102, week 10"),
        (61, "1 Thaw 3103, week 11"),  # a year is 60 days
    ],
)
def test_a_calendar_counts_months_years_and_weeks(day, date):
    assert Calendar((("Thaw", 30), ("Bloom", 30)), week=6, epoch=3102).format(day) == date


def test_a_calendar_round_trips_and_refuses_bad_months():
    cal = Calendar((("Thaw", 30),), week=7, epoch=-5)
    assert Calendar.from_dict(cal.to_dict()) == cal
    assert Calendar().format(40) == "day 40"
    with pytest.raises(InvalidInput, match=r"calendar months\[0\] days must be an integer from 1"):
        Calendar((("Thaw", 0),))
    with pytest.raises(InvalidInput, match=r"calendar months\[0\] must be \(name, days\)"):
        Calendar((("Thaw",),))
    with pytest.raises(InvalidInput, match="calendar has unknown field"):
        Calendar.from_dict({"months": [], "era": 1})


def events() -> list[ClockEvent]:
    return [
        ClockEvent(3, "scan", "scan", "Sensors on Ana", systems=("Ana",), players=True),
        ClockEvent(1, None, "note", "the GM's note"),
        ClockEvent(3, "trip", "jump", "jump Ana -> Bel", ("Ana", "Bel"), ("Vex",), True),
        ClockEvent(5, "trip", "arrived", "arrived at Bel", ("Bel",), ("Vex",)),
    ]


def test_a_timeline_is_in_day_order_keeping_the_order_of_play_within_a_day():
    t = Timeline(events())
    assert [(e.day, e.kind) for e in t] == [(1, "note"), (3, "scan"), (3, "jump"), (5, "arrived")]
    assert isinstance(t[1:], Timeline) and len(t[1:]) == 3


def test_a_timeline_filters_by_every_field():
    t = Timeline(events())
    assert [e.kind for e in t.filter(activity="trip")] == ["jump", "arrived"]
    assert [e.kind for e in t.filter(system="Ana")] == ["scan", "jump"]
    assert [e.kind for e in t.filter(entity="Vex", since=4)] == ["arrived"]
    assert [e.kind for e in t.filter(until=3, players=True)] == ["scan", "jump"]
    assert [e.kind for e in t.on(3)] == ["scan", "jump"]
    assert t.filter(kind="round") == []


def test_a_timelines_lines_are_dated_by_the_calendar():
    lines = Timeline(events()[:2]).lines(Calendar((("Thaw", 2),), epoch=1))
    assert lines == ["1 Thaw 1: the GM's note", "1 Thaw 2: [scan] Sensors on Ana"]
    advance = Advance(events(), "arrived", 5)
    assert (advance.reason, advance.days, len(advance)) == ("arrived", 5, 4)


def test_an_event_round_trips_and_a_bad_one_is_refused_naming_the_field():
    event = events()[2]
    assert ClockEvent.from_dict(event.to_dict()) == event
    raw = event.to_dict()
    with pytest.raises(InvalidInput, match=r"event\.kind must be one of"):
        ClockEvent.from_dict({**raw, "kind": "explosion"})
    with pytest.raises(InvalidInput, match=r"event\.day must be an integer from 0"):
        ClockEvent.from_dict({**raw, "day": -1})
    with pytest.raises(InvalidInput, match="event is missing required field"):
        ClockEvent.from_dict({"day": 1, "kind": "note"})
    with pytest.raises(InvalidInput, match="names at most 100 things"):
        ClockEvent.from_dict({**raw, "systems": ["Ana"] * 101})
    assert "planned" in EVENT_KINDS and "note" in EVENT_KINDS


def scan(**options) -> dict:
    return Activity("look", "scan", "Ana", 2, options={"scanner": "Vex", **options}).to_dict()


def test_an_activity_round_trips():
    act = Activity.from_dict(scan(days=3, orbit=2))
    assert act.options == {"scanner": "Vex", "days": 3, "orbit": 2}
    assert Activity.from_dict(act.to_dict()) == act


@pytest.mark.parametrize(
    "raw, says",
    [
        (scan(), "a scan needs days= or level="),
        (scan(days=0), r"activity\.options\.days must be an integer from 1"),
        ({**scan(days=1), "kind": "nap"}, r"activity\.kind must be one of"),
        ({**scan(days=1), "start": 0}, r"activity\.start must be an integer from 1"),
        (
            {
                **scan(days=1),
                "kind": "move",
                "options": {"system": "Ana", "from": 1, "to": 3, "speed": [3, 1]},
            },
            r"speed must be orbits a day as \[numerator, denominator\], one of",
        ),
        (
            {
                **scan(days=1),
                "kind": "cannon",
                "options": {"level": 2, "spotter": "x", "days": 1, "battle": "b"},
            },
            "battle= and side= go together",
        ),
        (
            {**scan(days=1), "kind": "cannon", "options": {"level": 2, "spotter": "x"}},
            "a Hyper Cannon needs rammers= or days=",
        ),
        (
            {**scan(days=1), "kind": "workshop", "options": {"plan": [["mine", "ore"]]}},
            "a plan that mines never runs out of work",
        ),
        (
            {
                **scan(days=1),
                "kind": "feeding",
                "options": {"ferals": ["a", "a"], "ru": [1, 1], "food": []},
            },
            "names a feral twice",
        ),
        ({**scan(days=1), "kind": "battle"}, r"activity\.options has unknown field"),
    ],
)
def test_a_bad_activity_is_refused_naming_its_field(raw, says):
    with pytest.raises((InvalidInput, InvalidType), match=says):
        Activity.from_dict(raw)


def test_an_activitys_dice_depend_on_clock_seed_name_and_day_only():
    def roll(seed, name, day):
        return stream(seed, name, day).integers(1, 7, size=8).tolist()

    assert roll(1, "scan", 4) == roll(1, "scan", 4)
    others = [roll(2, "scan", 4), roll(1, "scan ", 4), roll(1, "scan", 5)]
    assert all(r != roll(1, "scan", 4) for r in others)
