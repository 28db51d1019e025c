"""Set a job up at the odds the GM wants: the Difficulty and Clock nearest a target chance.

:func:`tune` computes the exact chance of success for every (Difficulty, Clock) pair of a grid
and returns the pairs nearest the target, best first, so a GM asking for "a heist the crew
wins about 60% of the time" sees the closest setup and its neighbours.

One exact walk per Difficulty covers every Clock: the Clock only decides when a job that has
not yet succeeded runs out of time, so a job with Clock c succeeds exactly when the same job
with the longest Clock has succeeded by the end of its c-th main roll
(:attr:`~kit.regulus.odds.Odds.by_turn`). The tests check this against :func:`odds` pair by
pair.

It returns the kit's one tuning report, a :class:`~kit.advising.Tuning`: the setups nearest
the target, best first, each a :class:`~kit.advising.TuningRow` that reads ``difficulty``,
``clock`` and ``chance`` and unpacks like a tuple.

>>> from kit.regulus import tune
>>> best = tune("heist", 3, 0.6)[0]
>>> best.difficulty, best.clock, round(best.chance, 3)
(3, 6, 0.592)
>>> d, c, p = best  # a row unpacks like a tuple
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import validate
from ..advising import Tuning, TuningRow
from ..errors import InvalidInput
from .job import Job, Operative
from .odds import odds
from .rules import DEFAULT_CONDITIONS, Condition, RegulusRules
from .tables import JobType

__all__ = ["Tuning", "TuningRow", "chance_grid", "tune", "tune_job"]


def _axis(field: str, values: Iterable[int]) -> list[int]:
    items = sorted(
        {validate.integer(field, v, 3, 7) for v in validate.sequence(field, list(values))}
    )
    if not items:
        raise InvalidInput(f"{field} must list at least one value from 3 to 7")
    return items


def _crew(crew: Iterable[Operative] | int) -> list[Operative]:
    if isinstance(crew, int):
        size = validate.integer("crew size", crew, 1, 12)
        return [Operative(f"Operative {i + 1}", "Crew") for i in range(size)]
    return list(crew)


def chance_grid(
    job_type: str | JobType,
    crew: Iterable[Operative] | int,
    difficulties: Iterable[int],
    clocks: Iterable[int],
    conditions: Iterable[Condition] = DEFAULT_CONDITIONS,
    rules: RegulusRules | None = None,
) -> list[list[float]]:
    """Exact chance of success for every Difficulty (rows) and Clock (columns), in the given order.

    >>> (row,) = chance_grid("heist", 1, [4], [6])
    >>> round(row[0], 4)
    0.3086
    """
    ds = [
        validate.integer("difficulty", d, 3, 7)
        for d in validate.sequence("difficulties", list(difficulties))
    ]
    cs = [validate.integer("clock", c, 3, 7) for c in validate.sequence("clocks", list(clocks))]
    if not ds or not cs:
        raise InvalidInput("difficulties and clocks must each list at least one value from 3 to 7")
    walks = _success_by_turn(job_type, crew, ds, max(cs), conditions, rules)
    return [[by_turn[c - 1] for c in cs] for by_turn in walks]


def _success_by_turn(
    job_type: str | JobType,
    crew: Iterable[Operative] | int,
    difficulties: list[int],
    clock: int,
    conditions: Iterable[Condition],
    rules: RegulusRules | None,
) -> list[tuple[float, ...]]:
    """For each Difficulty, the chance of success by the end of each main roll up to ``clock``."""
    ops, conds = _crew(crew), list(conditions)
    return [
        odds(Job(job_type, d, clock, ops, conds, rules=rules, seed=0)).by_turn for d in difficulties
    ]


def tune(
    job_type: str | JobType,
    crew: Iterable[Operative] | int,
    target: float,
    *,
    conditions: Iterable[Condition] = DEFAULT_CONDITIONS,
    difficulties: Iterable[int] = range(3, 8),
    clocks: Iterable[int] = range(3, 8),
    rules: RegulusRules | None = None,
    n: int = 5,
) -> Tuning:
    """The (Difficulty, Clock) pairs whose exact chance of success is nearest ``target``.

    Args:
        job_type: a job type name ("heist", ...) or a :class:`~kit.regulus.tables.JobType`.
        crew: the operatives, or a crew size (anonymous operatives of one gig type).
        target: the chance wanted, from 0 to 1.
        conditions: what must hold at success (default: a crew gig type remains active).
        difficulties: the Difficulties to try (3..7).
        clocks: the Clocks to try (3..7).
        rules: house-rule options (default: the project's rulings).
        n: how many pairs to return (1..grid size).

    Decisions are answered by the automatic rulings (:data:`~kit.regulus.policies.AUTO`).

    Returns:
        A :class:`~kit.advising.Tuning` of every pair of the grid; its ``n`` rows nearest the
        target come first (``t[0]``, ``for d, c, p in t``), equally near pairs easiest first
        (lower Difficulty, then longer Clock).
    """
    target = validate.number("target", target, 0.0, 1.0)
    ds = _axis("difficulties", difficulties)
    cs = _axis("clocks", clocks)
    n = validate.integer("n", n, 1, len(ds) * len(cs))
    crew = _crew(crew)
    grid = tuple(
        TuningRow((("difficulty", d), ("clock", c)), by_turn[c - 1], None, (d, -c))
        for d, by_turn in zip(ds, _success_by_turn(job_type, crew, ds, max(cs), conditions, rules))
        for c in cs
    )
    name = job_type.name if isinstance(job_type, JobType) else str(job_type).strip().casefold()
    return Tuning(f"{name} job, crew of {len(crew)}", float(target), grid, shown=n)


def tune_job(
    job: Job,
    target: float,
    *,
    difficulties: Iterable[int] = range(3, 8),
    clocks: Iterable[int] = range(3, 8),
    n: int = 5,
) -> Tuning:
    """``kit.tune(job, target)``: the Difficulty and Clock nearest ``target`` for ``job``.

    The job's type, crew (as it started), Conditions and rules are kept; only its Difficulty
    and Clock are tried over the grid (see :func:`tune`). The job itself is not changed.

    >>> from kit.regulus import Job, Operative
    >>> job = Job("heist", 7, 3, [Operative("Ash", "Thief"), Operative("Oro", "Hacker")])
    >>> t = tune_job(job, 0.6)
    >>> t[0] == tune("heist", list(job.crew), 0.6)[0]
    True
    """
    if not isinstance(job, Job):
        raise InvalidInput(f"tune_job() needs a kit.regulus.Job, got {type(job).__name__}")
    return tune(
        job.job_type,
        list(job.crew),
        target,
        conditions=job.conditions,
        difficulties=difficulties,
        clocks=clocks,
        rules=job.rules,
        n=n,
    )
