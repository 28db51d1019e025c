"""How many more travel days a journey takes: exactly (:func:`odds`) or by simulation.

:func:`odds` is exact: from where the journey stands (the leg under way and its plotters'
running successes), the plotting rolls of the leg still to come and of every later leg are
convolved into the distribution of the remaining travel days (the same walk the journey's luck
report uses, :func:`~kit.successors.sector.luck.remaining_days_pmf`). :func:`simulate` plays
copies of the journey to arrival with fresh dice; a test checks that the two agree.

Both give a :class:`JourneyOdds`, with ``method`` and standard errors ``se`` like every odds
and simulation result of the kit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ... import validate
from ...advising import Method, StandardErrors
from ...errors import IllegalAction, InvalidType
from ...rng import SeedLike, make_rng
from .journey import Journey
from .luck import _states, remaining_days_pmf

__all__ = ["JourneyOdds", "odds", "simulate"]

#: Days the exact walk looks ahead at most (mass beyond is reported as ``unresolved``).
MAX_HORIZON = 100_000


@dataclass(frozen=True)
class JourneyOdds:
    """The travel days a journey still takes, as a distribution.

    Attributes:
        days: Chance (or share of simulated journeys) of each number of further travel days.
        expected_days: Expected further travel days.
        method: ``"exact"`` (computed) or ``"simulated"`` (:attr:`n` journeys played out).
        n: Journeys simulated (None when exact).
        se: Standard error of each estimate by field name (``se.days[d]``,
            ``se.expected_days``); all 0.0 when exact.
        unresolved: Chance left beyond the days the exact walk looked at (about 0).
    """

    days: dict[int, float]
    """Chance (or share of simulated journeys) of each number of further travel days."""
    expected_days: float
    """Expected further travel days."""
    method: Method = "exact"
    """``"exact"`` (computed) or ``"simulated"`` (:attr:`n` journeys played out)."""
    n: int | None = None
    """Journeys simulated (None when exact)."""
    se: StandardErrors = field(default_factory=lambda: StandardErrors({}))
    """Standard error of each estimate by field name (``se.days[d]``, ``se.expected_days``);
    all 0.0 when exact."""
    unresolved: float = 0.0
    """Chance left beyond the days the exact walk looked at (about 0)."""


def _check(journey: object, what: str) -> Journey:
    if not isinstance(journey, Journey):
        raise InvalidType(f"{what}() needs a Journey, got {type(journey).__name__}")
    if not np.isfinite(float(sum(leg.expected_days for leg in journey.legs))):
        raise IllegalAction("a leg of this journey can never be plotted (its pool has no dice)")
    return journey


def odds(journey: Journey) -> JourneyOdds:
    """The exact distribution of the further travel days ``journey`` takes from where it stands.

    >>> from kit.successors.sector.journey import Journey
    >>> from kit.successors.sector.party import Party, Traveller
    >>> from kit.successors.sector.routes import Leg
    >>> leg = Leg(0, 1, 1.0, "known", 1, False, pool=(3,), time_factor=1, travel_days=1)
    >>> party = Party((Traveller("Vex", "entity", 3, 0, 1),))
    >>> o = odds(Journey([leg], ["A", "B"], party))
    >>> o.method, round(o.days[2], 3), round(o.expected_days, 3)
    ('exact', 0.5, 3.0)
    """
    journey = _check(journey, "odds")
    _, leg, totals = _states(journey)[-1]
    expected = float(sum(x.expected_days for x in journey.legs))
    horizon = max(16, int(4 * expected) + 16)
    while True:
        pmf = remaining_days_pmf(journey.legs, leg, totals, horizon)
        left = max(0.0, 1.0 - float(pmf.sum()))
        if left < 1e-12 or horizon >= MAX_HORIZON:
            break
        horizon = min(MAX_HORIZON, horizon * 2)
    days = {d: float(p) for d, p in enumerate(pmf) if p > 0}
    mean = sum(d * p for d, p in days.items())
    return JourneyOdds(
        days,
        mean,
        se=StandardErrors.zeros({"days": days, "expected_days": mean}),
        unresolved=left,
    )


def simulate(journey: Journey, n: int = 2000, *, seed: SeedLike = None) -> JourneyOdds:
    """``n`` copies of ``journey`` played to arrival with fresh dice from where it stands (the
    journey itself is not changed): the share taking each number of further travel days."""
    journey = _check(journey, "simulate")
    n = validate.integer("n", n, 1, 1_000_000)
    rng, _ = make_rng(seed)
    start = _states(journey)[0 if not len(journey.log) else -1][0]
    raw = journey.to_dict()
    counts: dict[int, int] = {}
    for s in rng.integers(0, 2**62, size=n):
        copy = Journey.from_dict({**raw, "seed": int(s)}).run()
        more = _states(copy)[-1][0] - start
        counts[more] = counts.get(more, 0) + 1
    days = {d: c / n for d, c in sorted(counts.items())}
    values = np.repeat(np.array(list(counts), float), list(counts.values()))
    mean = float(values.mean())
    return JourneyOdds(
        days,
        mean,
        method="simulated",
        n=n,
        se=StandardErrors(
            {
                **StandardErrors.of_shares({"days": days}, n),
                "expected_days": float(values.std(ddof=1) / np.sqrt(n)) if n > 1 else 0.0,
            }
        ),
    )
