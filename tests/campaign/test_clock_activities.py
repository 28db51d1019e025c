"""How the clock plays each kind of activity for a day (kit.clock_activities): a move between
orbits at the speeds of successors.txt (one orbit a day; Fast two; Slow one every two days),
counted activities that end at their day count or their goal, and the spotters of a Hyper
Cannon. Played here through a stand-in clock, so each adapter is checked alone."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from kit.clock_activities import ADAPTERS, move_days, moved, orbit_on, speed_text, spotters
from kit.clock_days import KINDS, Activity, ClockEvent
from kit.successors import Entity
from kit.successors.fleets import Fleet


def move(speed, start=1, frm=2, to=6, **state) -> Activity:
    options = {"system": "Ana", "from": frm, "to": to, "speed": speed}
    return Activity("drift", "move", "entities/Vex", start, options=options, **state)


@pytest.mark.parametrize(
    "speed, days_needed, after_three",
    [([1, 1], 4, 3), ([2, 1], 2, 4), ([1, 2], 8, 1)],  # four orbits from orbit 2 to orbit 6
)
def test_a_move_covers_orbits_at_its_speed(speed, days_needed, after_three):
    act = move(speed)
    assert move_days(act) == days_needed
    assert moved(act, 3) == after_three
    assert moved(act, 100) == 4  # never past its goal


def test_the_orbit_on_a_day_counts_from_the_first_day_and_either_way():
    act = move([1, 1], start=10)
    assert [orbit_on(act, d) for d in (9, 10, 11, 13, 20)] == [2, 3, 4, 6, 6]
    inward = move([2, 1], start=1, frm=7, to=2)
    assert [orbit_on(inward, d) for d in (1, 2, 3)] == [5, 3, 2]
    begun = move([1, 1], start=1, first_day=4, days=2)
    assert orbit_on(begun, 4) == 3 and orbit_on(begun, 3) == 2


def test_speed_in_words():
    assert speed_text([1, 1]) == "1 orbit a day"
    assert speed_text([2, 1]) == "2 orbits a day"
    assert speed_text([1, 2]) == "1 orbit every 2 days"


class _Campaign:
    def __init__(self, **items: Any) -> None:
        self.items = items

    def get(self, collection: str, name: str) -> Any:
        return self.items[f"{collection}/{name}"]


class _Clock:
    """The little of kit.clock.Clock an adapter reads."""

    def __init__(self, **items: Any) -> None:
        self._policies: dict[str, Any] = {}
        self.campaign = _Campaign(**items)

    def _event(self, act: Activity, day: int, kind: str, text: str, **refs: Any) -> ClockEvent:
        return ClockEvent(day, act.name, kind, text)


def test_a_slow_move_is_under_way_then_moves_and_arrives():
    clock, adapter = _Clock(), ADAPTERS["move"]
    act = move([1, 2], frm=2, to=3)
    rng = np.random.default_rng(0)
    first = adapter.play(clock, act, 1, rng)
    assert [e.kind for e in first] == ["move"] and "under way" in first[0].text
    assert "(day 1 of 2: 1 orbit every 2 days)" in first[0].text
    second = adapter.play(clock, Activity(**{**act.__dict__, "days": 1}), 2, rng)
    assert [e.kind for e in second] == ["move", "arrived"]
    assert second[1].text == "Vex reaches orbit 3 of Ana"
    assert adapter.done(clock, Activity(**{**act.__dict__, "days": 2}))
    assert adapter.progress(clock, Activity(**{**act.__dict__, "days": 1})) == 0.5
    assert adapter.systems(clock, act) == ["Ana"]


def test_a_fleets_move_occupies_the_fleet_and_its_owner():
    fleet = Fleet(Entity("Vorn", battle=3, control=2), budget=40)
    act = Activity("go", "move", "fleets/raiders", 1, options=move([1, 1]).options)
    clock = _Clock(**{"fleets/raiders": fleet})
    assert ADAPTERS["move"].participants(clock, act) == ["raiders", "Vorn"]


def test_a_scan_ends_at_its_days_or_its_level_whichever_comes_first():
    scan = ADAPTERS["scan"]
    act = Activity("look", "scan", "Ana", 1, options={"scanner": "Vex", "days": 4, "level": 6})
    assert not scan.done(_Clock(), act)
    assert scan.done(_Clock(), Activity(**{**act.__dict__, "days": 4, "total": 2}))
    assert scan.done(_Clock(), Activity(**{**act.__dict__, "days": 1, "total": 6}))
    # progress is the larger share: 1 of 4 days, 3 of 6 successes
    assert scan.progress(_Clock(), Activity(**{**act.__dict__, "days": 1, "total": 3})) == 0.5
    assert scan.systems(_Clock(), act) == ["Ana"]
    fleet_scan = Activity("look", "scan", "fleets/raiders", 1, options=act.options)
    assert scan.systems(_Clock(), fleet_scan) == []


def test_the_spotters_of_a_fleet_are_its_owner_and_its_ships():
    fleet = Fleet(Entity("Vorn", battle=3, control=2), budget=40)
    fleet.buy("CRUISER", 2)
    clock = _Clock(**{"fleets/raiders": fleet, "entities/Vex": Entity("Vex", sensors=2)})
    assert [getattr(s, "name", None) for s in spotters(clock, "fleets/raiders")] == [
        "Vorn",
        "CRUISER",
        "CRUISER",
    ]
    assert [s.name for s in spotters(clock, "entities/Vex")] == ["Vex"]


def test_there_is_one_adapter_for_each_kind_of_activity():
    assert set(ADAPTERS) == set(KINDS)
