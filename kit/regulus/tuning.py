"""Set a job up at the odds the GM wants: the Difficulty and Clock nearest a target chance.

:func:`tune` computes the exact chance of success for every (Difficulty, Clock) pair of a grid
and returns the pairs nearest the target, best first, so a GM asking for "a heist the crew
wins about 60% of the time" sees the closest setup and its neighbours.

One exact walk per Difficulty covers every Clock: the Clock only decides when a job that has
not yet succeeded runs out of time, so a job with Clock c succeeds exactly when the same job
with the longest Clock has succeeded by the end of its c-th main roll
(:attr:`~kit.regulus.odds.Odds.by_turn`). The tests check this against :func:`odds` pair by
pair.

>>> from kit.regulus import tune
>>> best = tune("heist", 3, 0.6)[0]
>>> best.difficulty, best.clock, round(best.chance, 3)
(3, 6, 0.592)
>>> d, c, p = best  # a Tuning unpacks like a tuple
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .. import validate
from ..errors import InvalidInput
from .job import Job, Operative
from .odds import odds
from .rules import DEFAULT_CONDITIONS, Condition, RegulusRules
from .tables import JobType

__all__ = ["Tuning", "chance_grid", "tune"]


class Tuning(NamedTuple):
    """One job setup and its exact chance of success."""

    difficulty: int
    """Progress needed (3..7)."""
    clock: int
    """Main rolls allowed (3..7)."""
    chance: float
    """Exact chance of success with this Difficulty and Clock."""


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
) -> list[Tuning]:
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
        Up to ``n`` :class:`Tuning` rows, nearest first; equally near pairs come easiest first
        (lower Difficulty, then longer Clock).
    """
    target = validate.number("target", target, 0.0, 1.0)
    ds = _axis("difficulties", difficulties)
    cs = _axis("clocks", clocks)
    n = validate.integer("n", n, 1, len(ds) * len(cs))
    rows = [
        Tuning(d, c, by_turn[c - 1])
        for d, by_turn in zip(ds, _success_by_turn(job_type, crew, ds, max(cs), conditions, rules))
        for c in cs
    ]
    rows.sort(key=lambda t: (abs(t.chance - target), t.difficulty, -t.clock))
    return rows[:n]
