"""Were they lucky on the journey? Days taken against the exact distribution of days.

A journey's days are the plotting rolls of each jump (``time_factor`` days a roll, until the
running successes reach what the jump needs), the jumps themselves and any Hyper Gate
passages. The kit has that distribution exactly (:meth:`~kit.successors.sector.routes.Leg.days_pmf`,
floats), so :func:`luck` reports, in the shape of every other luck report:

* the **outcome percentile**: where the travel days fall among every way the journey could
  have gone, fewer days ranking higher (the chance of taking longer plus half the chance of
  taking exactly as long). Days spent moving between orbits are left out: they are the GM's
  choice, not luck;
* each plotting roll's **percentile**: its successes among the exact successes of its dice
  (a die of rank ``r`` succeeds on 1 to ``r``, never on a 6);
* each roll's **swing** in the chance of arriving within ``within`` days (by default the
  expected travel days, rounded), so the turning points are the rolls that moved it most.

>>> from kit.successors.sector.routes import Leg
>>> from kit.successors.sector import Journey, Party, Traveller
>>> leg = Leg(0, 1, 3.0, "known", 2, False, pool=(3,), time_factor=1, travel_days=1)
>>> party = Party((Traveller("Vex", "entity", 3, 0, 1),))
>>> j = Journey([leg], ["Home", "Away"], party, seed=3).run()
>>> report = luck(j)
>>> report.outcome, len(report.steps) == sum(1 for e in j.log if e.kind == "plot")
('arrived', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from ... import validate
from ...advising import Luck, LuckStep, mid_rank
from ...errors import IllegalAction, InvalidType
from ..ranks import success_distribution
from .journey import Journey
from .routes import Leg, plot_rolls_pmf

__all__ = ["luck", "remaining_days_pmf"]


def remaining_days_pmf(
    legs: Sequence[Leg], leg: int, totals: Sequence[int], horizon: int
) -> np.ndarray:
    """``pmf[d]``: chance the rest of the journey takes exactly ``d`` more travel days.

    ``leg`` is the leg under way (0-based) and ``totals`` its plotters' running successes
    (empty before the first roll). Mass beyond ``horizon`` is left out.

    >>> legs = [Leg(0, 1, 1.0, "known", 1, False, pool=(3,), time_factor=1, travel_days=1)]
    >>> pmf = remaining_days_pmf(legs, 0, [], 3)  # a roll: 1 in 2
    >>> " ".join(f"{float(x):.3f}" for x in pmf)
    '0.000 0.000 0.500 0.250'
    """
    out = np.zeros(horizon + 1)
    out[0] = 1.0
    if leg >= len(legs):
        return out
    cur = legs[leg]
    if cur.gate:
        first = cur.days_pmf(horizon)
    else:
        have = list(totals) or [0] * cur.plotters
        cdf = np.ones(horizon + 1)
        for t in have:
            cdf *= np.cumsum(plot_rolls_pmf(cur.pool, cur.successes - t, horizon))
        rolls = np.diff(np.concatenate(([0.0], cdf)))
        first = np.zeros(horizon + 1)
        for t, w in enumerate(rolls):
            d = t * cur.time_factor + cur.travel_days
            if d <= horizon:
                first[d] += w
    out = np.convolve(out, first)[: horizon + 1]
    for later in legs[leg + 1 :]:
        out = np.convolve(out, later.days_pmf(horizon))[: horizon + 1]
    return out


def _states(journey: Journey) -> list[tuple[int, int, list[int]]]:
    """(travel days, leg, running totals) before the first event and after each one."""
    days, leg = 0, 0
    totals: list[int] = []
    out = [(days, leg, list(totals))]
    last_day = 0
    for e in journey.log:
        gained = int(e["day"]) - last_day
        last_day = int(e["day"])
        if e.kind != "move":
            days += gained
        if e.kind == "plot":
            totals = list(e.get("totals") or [e["total"]])
        elif e.kind in ("jump", "gate"):
            leg, totals = leg + 1, []
        out.append((days, leg, list(totals)))
    return out


def luck(journey: Journey, *, within: int | None = None) -> Luck:
    """Where ``journey``'s travel days and each plotting roll fell (see the module).

    Args:
        journey: a :class:`~kit.successors.sector.journey.Journey` with at least one step.
        within: the day mark for the steps' chances (default: expected travel days, rounded).

    Raises:
        InvalidType: ``journey`` is not a Journey.
        IllegalAction: nothing has happened on the journey yet, or it cannot arrive.
    """
    if not isinstance(journey, Journey):
        raise InvalidType(f"luck() needs a Journey, got {type(journey).__name__}")
    events = list(journey.log)
    if not events:
        raise IllegalAction("the journey has not started, so there is no luck to judge")
    expected = float(sum(leg.expected_days for leg in journey.legs))
    if not np.isfinite(expected):
        raise IllegalAction("a leg of this journey can never be plotted (its pool has no dice)")
    mark = (
        max(0, round(expected))
        if within is None
        else validate.integer("within", within, 0, 100_000)
    )
    states = _states(journey)

    def chance(k: int) -> float:
        days, leg, totals = states[k]
        if days > mark:
            return 0.0
        return float(remaining_days_pmf(journey.legs, leg, totals, mark - days).sum())

    steps: list[LuckStep] = []
    done, expected_done = 0, 0.0
    for k, e in enumerate(events):
        if e.kind != "plot":
            continue
        dice = [int(d) for d in e["dice"]]
        copies = len(e["faces"]) // max(1, len(dice))
        pool = dice * copies
        hits = int(e["successes"])
        dist = success_distribution(pool)
        below = sum((p for h, p in dist.items() if h < hits), Fraction(0))
        done += hits
        expected_done += sum(min(d, 5) for d in pool) / 6
        steps.append(
            LuckStep(
                index=len(steps) + 1,
                phase=f"leg {int(e['leg']) + 1}",
                total=hits,
                incident=f"day {e['day']}: {hits} success(es), {e['total']} of {e['needed']}",
                percentile=mid_rank(float(below), float(dist.get(hits, Fraction(0)))),
                chance_before=chance(k),
                chance_after=chance(k + 1),
                progress=done,
                expected_progress=expected_done,
            )
        )
    days = states[-1][0]
    percentile: float | None = None
    ending = f"under way after {days} travel day(s)"
    if journey.arrived:
        pmf = remaining_days_pmf(journey.legs, 0, [], days)
        percentile = mid_rank(1.0 - float(pmf.sum()), float(pmf[days]))
        ending = f"arrived in {days} travel day(s) (expected {expected:.1f})"
    names = journey.names
    return Luck(
        kind="journey",
        title=f"Journey: {names[0]} to {names[-1]}",
        outcome="arrived" if journey.arrived else None,
        ending=ending,
        chance=chance(0),
        outcome_percentile=percentile,
        steps=tuple(steps),
        difficulty=sum(leg.successes for leg in journey.legs),
        method="exact (floats)",
        chance_label=f"chance of arriving within {mark} day(s)",
        progress_label="plotting successes",
        details={"days": days, "expected_days": expected, "within": mark},
    )
