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
event).

The same comparison for a pack of Ferals feeding on a 300 RU wreck for 60 days
(``ferals_clock_s`` against ``ferals_reference_s``, a FeralPack played by hand on the clock's
seeds; ``ferals_ratio``, goal at most 3), and ``moves_year_s``: a Fast entity and a Slow one
going back and forth between orbits 1 and 9 for a year. ``--check`` exits 1 when a goal is
missed.
"""

from __future__ import annotations

import argparse
import json
import sys

import numpy as np
from _timing import median_of

from kit import Campaign
from kit.clock import stream
from kit.successors import Entity, Workshop
from kit.successors.bestiary import BESTIARY, FeralPack
from kit.successors.examples import releata_repairs

NAME = "Releata's repairs"
SEED = 53


def fleet() -> Workshop:
    return releata_repairs(seed=1)


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


FERALS = "pack"
FERAL_DAYS = 60


def ferals() -> list[Entity]:
    return [BESTIARY["FERAL"].generate(n, seed=k) for k, n in enumerate(("Fang", "Claw"), 1)]


def ferals_on_the_clock() -> list[float]:
    camp = Campaign("Bench", seed=SEED)
    for f in ferals():
        camp.add(f)
    camp.schedule_feeding(["Fang", "Claw"], [("wreck", 300)], days=FERAL_DAYS, name=FERALS)
    camp.advance(FERAL_DAYS, progress=False)
    return list(camp.clock.activities[FERALS].options["ru"])


def ferals_by_hand() -> list[float]:
    pack = FeralPack(ferals())
    pack.add_food("wreck", 300)
    for day in range(1, FERAL_DAYS + 1):
        pack.rng = np.random.default_rng(int(stream(SEED, FERALS, day).integers(2**32)))
        pack.day()
    return [float(x) for x in pack.ru]


def moves_year() -> None:
    camp = Campaign("Bench", seed=SEED)
    camp.add(Entity("Kiri", sensors=1, edges=("Fast",)))
    camp.add(Entity("Mole", sensors=1, flaws=("Slow",)))
    for who in ("Kiri", "Mole"):
        last = camp.schedule_move(who, "Sol", 9, from_orbit=1, name=f"{who} 0")
        for k in range(1, 60):
            last = camp.schedule_move(who, "Sol", 1 if k % 2 else 9, after=last, name=f"{who} {k}")
    camp.advance(365, progress=False)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    days = on_the_clock()
    assert days == by_hand(), "the clock and the reference played different days"
    clock_s = median_of(on_the_clock, 3)
    reference_s = median_of(by_hand, 3)
    ratio = clock_s / reference_s
    assert ferals_on_the_clock() == ferals_by_hand(), "the Ferals fed differently"
    ferals_clock_s = median_of(ferals_on_the_clock, 3)
    ferals_reference_s = median_of(ferals_by_hand, 3)
    ferals_ratio = ferals_clock_s / ferals_reference_s
    row = {
        "days": days,
        "clock_s": round(clock_s, 3),
        "reference_s": round(reference_s, 3),
        "ratio": round(ratio, 2),
        "year_empty_s": round(median_of(empty_year, 3), 4),
        "ferals_clock_s": round(ferals_clock_s, 4),
        "ferals_reference_s": round(ferals_reference_s, 4),
        "ferals_ratio": round(ferals_ratio, 2),
        "moves_year_s": round(median_of(moves_year, 3), 3),
    }
    print(json.dumps(row))
    return 1 if args.check and (ratio > 3 or ferals_ratio > 3) else 0


if __name__ == "__main__":
    sys.exit(main())
