"""What a house rule does to the odds: two rules objects compared over the grid they affect.

:class:`~kit.advising.Impact` is the report every system shares: a grid of setups (rows by
columns), the chance of success under each rules object, the change (second minus first), the
cells that change most, a heatmap (:func:`kit.figures.impact_heatmap`) and a Markdown summary.
Jobs compare Difficulty by Clock (:func:`rule_impact` here, exact), boards compare board length
by goal (``kit.boards.rule_impact``, exact) and battles compare garrisons
(``kit.successors.combat.rule_impact``, simulated, with standard errors).

:func:`rule_impact` computes the exact chance of success of a job type and crew for every
Difficulty and Clock under two :class:`~kit.regulus.rules.RegulusRules`.

>>> from kit.regulus import RegulusRules, rule_impact
>>> same = rule_impact(RegulusRules(), RegulusRules(), "heist", 2)
>>> same.max_change
0.0
>>> quick = rule_impact(RegulusRules(), RegulusRules(token_on_same_incident=True), "heist", 1)
>>> d, c, before, after, change = quick.largest(1)[0]
>>> change > 0
True
"""

from __future__ import annotations

from collections.abc import Iterable

from ..advising import Impact
from ..errors import InvalidType
from .job import Job, Operative
from .rules import DEFAULT_CONDITIONS, Condition, RegulusRules
from .tables import JobType
from .tuning import _axis, chance_grid

__all__ = ["Impact", "job_impact", "rule_impact"]


def rule_impact(
    rules_a: RegulusRules | None,
    rules_b: RegulusRules | None,
    job_type: str | JobType,
    crew: Iterable[Operative] | int,
    *,
    conditions: Iterable[Condition] = DEFAULT_CONDITIONS,
    difficulties: Iterable[int] = range(3, 8),
    clocks: Iterable[int] = range(3, 8),
) -> Impact:
    """Compare two rules objects by the exact chance of success over a Difficulty x Clock grid.

    Args:
        rules_a: the reference rules (``None``: the project's rulings).
        rules_b: the rules to compare with them (``None``: the project's rulings).
        job_type: a job type name or a :class:`~kit.regulus.tables.JobType`.
        crew: the operatives, or a crew size.
        conditions: what must hold at success.
        difficulties: the Difficulties of the grid (3..7).
        clocks: the Clocks of the grid (3..7).
    """
    ra = RegulusRules() if rules_a is None else rules_a
    rb = RegulusRules() if rules_b is None else rules_b
    for field, r in (("rules_a", ra), ("rules_b", rb)):
        if not isinstance(r, RegulusRules):
            raise InvalidType(f"{field} must be a RegulusRules or None, got {type(r).__name__}")
    ds = _axis("difficulties", difficulties)
    cs = _axis("clocks", clocks)
    conds = list(conditions)
    before = chance_grid(job_type, crew, ds, cs, conds, ra)
    after = chance_grid(job_type, crew, ds, cs, conds, rb)
    name = job_type.name if isinstance(job_type, JobType) else str(job_type).strip().casefold()
    return Impact(
        name,
        ra,
        rb,
        "Difficulty",
        "Clock",
        tuple(ds),
        tuple(cs),
        tuple(tuple(row) for row in before),
        tuple(tuple(row) for row in after),
        row_key="difficulty",
        col_key="clock",
    )


def job_impact(
    job: Job,
    rules: RegulusRules | None,
    *,
    difficulties: Iterable[int] = range(3, 8),
    clocks: Iterable[int] = range(3, 8),
) -> Impact:
    """``kit.impact(job, rules)``: what ``rules`` change against ``job``'s own rules.

    The grid is every Difficulty and Clock of the job's type, crew (as it started) and
    Conditions (see :func:`rule_impact`); the job's rules are the reference.

    >>> from kit.regulus import Job, Operative, RegulusRules
    >>> job = Job("heist", 4, 5, [Operative("Ash", "Thief")])
    >>> job_impact(job, RegulusRules()).max_change
    0.0
    """
    if not isinstance(job, Job):
        raise InvalidType(f"job_impact() needs a kit.regulus.Job, got {type(job).__name__}")
    return rule_impact(
        job.rules,
        rules,
        job.job_type,
        list(job.crew),
        conditions=job.conditions,
        difficulties=difficulties,
        clocks=clocks,
    )
