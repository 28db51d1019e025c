"""What a house rule does to the odds: two rules objects compared over the grid they affect.

:class:`~kit.advising.Impact` is the report every system shares: a grid of setups (rows by
columns), the chance of success under each rules object, the change (second minus first), the
cells that change most, a heatmap (:func:`kit.figures.impact_heatmap`) and a Markdown summary.
Jobs compare Difficulty by Clock (:func:`impact` here, exact), boards compare board length
by goal (``kit.boards.impact``, exact) and battles compare garrisons
(``kit.successors.combat.impact``, simulated, with standard errors).

:func:`impact` computes the exact chance of success of a job type and crew for every
Difficulty and Clock under two :class:`~kit.regulus.rules.RegulusRules`.

>>> from kit.regulus import RegulusRules, impact
>>> same = impact(RegulusRules(), RegulusRules(), "heist", 2)
>>> same.max_change
0.0
>>> quick = impact(RegulusRules(), RegulusRules(token_on_same_incident=True), "heist", 1)
>>> d, c, before, after, change = quick.largest(1)[0]
>>> change > 0
True
"""

from __future__ import annotations

from collections.abc import Iterable

from ..advising import Impact
from ..errors import InvalidInput, InvalidType
from .job import Job, Operative
from .odds import odds_grid
from .rules import DEFAULT_CONDITIONS, Condition, RegulusRules
from .tables import JobType
from .tuning import _axis

__all__ = ["Impact", "impact"]


def impact(
    job: Job | RegulusRules | None,
    house_rules: RegulusRules | None,
    job_type: str | JobType | None = None,
    crew: Iterable[Operative] | int | None = None,
    *,
    conditions: Iterable[Condition] | None = None,
    difficulties: Iterable[int] = range(3, 8),
    clocks: Iterable[int] = range(3, 8),
) -> Impact:
    """Compare two rules objects by the exact chance of success over a Difficulty x Clock grid.

    ``kit.impact(job, house_rules)`` is this function: given a :class:`~kit.regulus.Job`, the
    grid is every Difficulty and Clock of the job's type, crew (as it started) and Conditions,
    and the job's own rules are the reference. Given a rules object (or None, the project's
    rulings) instead, ``job_type`` and ``crew`` say what is played.

    Args:
        job: a job, or the reference rules (``None``: the project's rulings).
        house_rules: the rules to compare with them (``None``: the project's rulings).
        job_type: with reference rules, a job type name or a
            :class:`~kit.regulus.tables.JobType`.
        crew: with reference rules, the operatives or a crew size.
        conditions: with reference rules, what must hold at success.
        difficulties: the Difficulties of the grid (3..7).
        clocks: the Clocks of the grid (3..7).

    >>> from kit.regulus import Job, Operative, RegulusRules
    >>> impact(Job("heist", 4, 5, [Operative("Ash", "Thief")]), RegulusRules()).max_change
    0.0

    Raises:
        InvalidInput: a job given with a job type, crew or Conditions (it has its own), or
            reference rules given without them.
        InvalidType: a rules object is not a ``RegulusRules``.
    """
    if isinstance(job, Job):
        if job_type is not None or crew is not None or conditions is not None:
            raise InvalidInput(
                "impact() takes job_type, crew and conditions with a rules object only; "
                "the job has its own"
            )
        ra: object = job.rules
        kind: str | JobType = job.job_type
        ops: Iterable[Operative] | int = list(job.crew)
        conds = list(job.conditions)
    else:
        if job_type is None or crew is None:
            raise InvalidInput(
                "impact(rules, house_rules, job_type, crew): a job type and a crew are needed "
                "to compare two rules objects (or pass a Job first)"
            )
        ra, kind, ops = (RegulusRules() if job is None else job), job_type, crew
        conds = list(DEFAULT_CONDITIONS if conditions is None else conditions)
    rb: object = RegulusRules() if house_rules is None else house_rules
    for field, r in (("rules", ra), ("house_rules", rb)):
        if not isinstance(r, RegulusRules):
            raise InvalidType(f"{field} must be a RegulusRules or None, got {type(r).__name__}")
    assert isinstance(ra, RegulusRules) and isinstance(rb, RegulusRules)
    ds = _axis("difficulties", difficulties)
    cs = _axis("clocks", clocks)
    _, _, before = odds_grid(kind, crew=ops, difficulties=ds, clocks=cs, conditions=conds, rules=ra)
    _, _, after = odds_grid(kind, crew=ops, difficulties=ds, clocks=cs, conditions=conds, rules=rb)
    name = kind.name if isinstance(kind, JobType) else str(kind).strip().casefold()
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
