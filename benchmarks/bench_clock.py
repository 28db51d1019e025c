"""Benchmark: what the campaign clock costs over playing the same days by hand.

    python benchmarks/bench_clock.py [--check]

The text's repair example (Releata's fleet to operational, about 140 standard days) is played
two ways in one process, on the same dice:

* ``clock_s``: on a campaign's clock, ``advance_until`` the Workshop ends (each day: the order of
  the day, the clash check, a snapshot for undo, the dated timeline);
* ``reference_s``: the reference written here, the same Workshop days called directly with the
  same faces (the clock's own stream for each day), no clock at all.

``ratio`` is clock / reference (goal: at most 3, the clock's bookkeeping within twice the work of
the days themselves). Then ``year_empty_s``: 365 empty days (a campaign waiting for a planned
event). ``--check`` exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import sys

from _timing import median_of

from kit import Campaign
from kit.clock import stream
from kit.successors import Workshop
from kit.successors.examples import releata

NAME = "Releata's repairs"
SEED = 53


def fleet() -> Workshop:
    ws = Workshop(releata().with_damage("control", 1), seed=1)
    takeru = "Takeru Republic"
    for name, count, maker in [
        ("Servo", 2, takeru),
        ("Drone", 8, None),
        ("Drone", 10, takeru),
        ("Gunboat", 5, takeru),
        ("Frigate", 5, takeru),
        ("Cruiser", 4, takeru),
        ("Battleship", 1, None),
    ]:
        for _ in range(count):
            ws.add(name, neutralized=True, maker=maker)
    return ws


def on_the_clock() -> int:
    camp = Campaign("Bench", seed=SEED)
    camp.schedule(fleet(), NAME)
    camp.advance_until(NAME, progress=False)
    return camp.today


def by_hand() -> int:
    ws, day = fleet(), 0
    while ws.pending() or any(ws.entity.damage):
        day += 1
        ws.control([u.key for u in ws.usable if u.design.handling][: ws.control_limit])
        faces = [int(x) for x in stream(SEED, NAME, day).integers(1, 7, size=len(ws.dice()))]
        ws.day(None, faces=faces)
    return day


def empty_year() -> None:
    Campaign("Empty", seed=1).advance(365, progress=False)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    days = on_the_clock()
    assert days == by_hand(), "the clock and the reference played different days"
    clock_s = median_of(on_the_clock, 3)
    reference_s = median_of(by_hand, 3)
    ratio = clock_s / reference_s
    row = {
        "days": days,
        "clock_s": round(clock_s, 3),
        "reference_s": round(reference_s, 3),
        "ratio": round(ratio, 2),
        "year_empty_s": round(median_of(empty_year, 3), 4),
    }
    print(json.dumps(row))
    return 1 if args.check and ratio > 3 else 0


if __name__ == "__main__":
    sys.exit(main())
