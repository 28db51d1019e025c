"""Set a job up at the odds the GM wants: the Difficulty and Clock nearest a target chance.

:func:`tune` computes the exact chance of success for every (Difficulty, Clock) pair of a grid
and returns the pairs nearest the target, best first, so a GM asking for "a heist the crew
wins about 60% of the time" sees the closest setup and its neighbours.

One exact walk per Difficulty covers every Clock: the Clock only decides when a job that has
not yet succeeded runs out of time, so a job with Clock c succeeds exactly when the same job
with the longest Clock has succeeded by the end of its c-th main roll
(:attr:`~kit.regulus.odds.Odds.by_turn`, see :func:`~kit.regulus.odds.odds_grid`).

It returns the kit's one tuning report, a :class:`~kit.advising.Tuning`: the setups nearest
the target, best first, each a :class:`~kit.advising.TuningRow` that reads ``difficulty``,
``clock`` and ``chance`` and unpacks like a tuple.

>>> from kit.regulus import tune
>>> best = tune("heist", 0.6, crew=3)[0]
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
from .odds import odds_grid
from .rules import DEFAULT_CONDITIONS, Condition, RegulusRules
from .tables import JobType

__all__ = ["Tuning", "TuningRow", "tune"]


def _axis(field: str, values: Iterable[int]) -> list[int]:
    items = sorted(
        {validate.integer(field, v, 3, 7) for v in validate.sequence(field, list(values))}
    )
    if not items:
        raise InvalidInput(f"{field} must list at least one value from 3 to 7")
    return items


def tune(
    job: Job | str | JobType,
    target: float,
    *,
    crew: Iterable[Operative] | int | None = None,
    conditions: Iterable[Condition] | None = None,
    rules: RegulusRules | None = None,
    difficulties: Iterable[int] = range(3, 8),
    clocks: Iterable[int] = range(3, 8),
    n: int = 5,
) -> Tuning:
    """The (Difficulty, Clock) pairs whose exact chance of success is nearest ``target``.

    ``kit.tune(job, target)`` is this function: given a :class:`~kit.regulus.Job`, its type,
    crew (as it started), Conditions and rules are kept and only its Difficulty and Clock are
    tried (the job itself is not changed). Given a job type instead, ``crew`` (default 3),
    ``conditions`` and ``rules`` say the rest.

    Args:
        job: a job, or a job type name ("heist", ...) or :class:`~kit.regulus.tables.JobType`.
        target: the chance wanted, from 0 to 1.
        crew: with a job type, the operatives or a crew size (anonymous operatives of one gig
            type).
        conditions: with a job type, what must hold at success (default: a crew gig type
            remains active).
        rules: with a job type, house-rule options (default: the project's rulings).
        difficulties: the Difficulties to try (3..7).
        clocks: the Clocks to try (3..7).
        n: how many pairs come first (at least 1; more than the grid holds gives it all).

    Decisions are answered by the automatic rulings (:data:`~kit.regulus.policies.AUTO`).

    Returns:
        A :class:`~kit.advising.Tuning` of every pair of the grid; its ``n`` rows nearest the
        target come first (``t[0]``, ``for d, c, p in t``), equally near pairs easiest first
        (lower Difficulty, then longer Clock).

    Raises:
        InvalidInput: a job given with ``crew``, ``conditions`` or ``rules`` (the job has its
            own).

    >>> from kit.regulus import Job, Operative
    >>> job = Job("heist", 7, 3, [Operative("Ash", "Thief"), Operative("Oro", "Hacker")])
    >>> tune(job, 0.6)[0] == tune("heist", 0.6, crew=list(job.crew))[0]
    True
    """
    if isinstance(job, Job):
        given = [k for k, v in (("crew", crew), ("conditions", conditions), ("rules", rules)) if v]
        if given:
            raise InvalidInput(
                f"tune() takes {', '.join(given)} with a job type only; the job has its own"
            )
        job_type: str | JobType = job.job_type
        ops: list[Operative] = list(job.crew)
        conds: list[Condition] = list(job.conditions)
        rules = job.rules
    else:
        job_type = job
        ops = _crew(3 if crew is None else crew)
        conds = list(DEFAULT_CONDITIONS if conditions is None else conditions)
    target = validate.number("target", target, 0.0, 1.0)
    ds = _axis("difficulties", difficulties)
    cs = _axis("clocks", clocks)
    # a GM asking for more pairs than the grid holds gets the whole grid, as a slice would
    n = min(validate.integer("n", n, 1), len(ds) * len(cs))
    _, _, chances = odds_grid(
        job_type, crew=ops, difficulties=ds, clocks=cs, conditions=conds, rules=rules
    )
    grid = tuple(
        TuningRow((("difficulty", d), ("clock", c)), row[j], None, (d, -c))
        for d, row in zip(ds, chances)
        for j, c in enumerate(cs)
    )
    name = job_type.name if isinstance(job_type, JobType) else str(job_type).strip().casefold()
    return Tuning(f"{name} job, crew of {len(ops)}", float(target), grid, shown=n)


def _crew(crew: Iterable[Operative] | int) -> list[Operative]:
    if isinstance(crew, int):
        size = validate.integer("crew size", crew, 1, 12)
        return [Operative(f"Operative {i + 1}", "Crew") for i in range(size)]
    return list(crew)
