"""Were they lucky? Where a played job's outcome and each of its rolls fell in the exact odds.

:func:`luck` reads a job's event log and reports:

* the **outcome percentile**: where the job's ending sits among every way the same job could
  have gone from the start (exact, decisions by the automatic rulings). Endings are ranked
  failure first, then successes from the latest clock tick to the earliest, and the percentile
  is the mid-rank one: the chance of a worse ending plus half the chance of this one;
* each roll's **percentile** in its own dice (2d6 for a main roll, 1d6+1 for a companion),
  mid-rank as well: a 7 on 2d6 sits at 50%, a 12 at 98.6%;
* each roll's **swing**: how far it moved the exact chance of success, so the turning points of
  the job are the rolls with the largest swings;
* expected against actual **Progress** after each roll (the expected line adds, roll by roll,
  the Progress an average roll of the same dice gives on the job's table).

>>> from kit.regulus import Job, Operative
>>> job = Job("heist", 3, 4, [Operative("Ash", "Thief")], seed=1)
>>> for total in (12, 10):
...     _ = job.roll(total)
>>> report = luck(job)
>>> report.outcome, report.steps[0].percentile
('success', 0.9861111111111112)
>>> report.verdict.split(":")[0]
'lucky'
"""

from __future__ import annotations

from fractions import Fraction

from ..advising import Luck, LuckStep
from ..errors import IllegalAction, InvalidType
from .job import Job
from .odds import Odds, odds

__all__ = ["Luck", "LuckStep", "luck", "roll_percentile"]


def roll_percentile(dist: dict[int, Fraction], total: int) -> float:
    """Mid-rank percentile of ``total`` in a dice distribution: P(less) + P(equal) / 2.

    >>> from kit.dice import as_dice
    >>> roll_percentile(as_dice("2d6").distribution(), 7)
    0.5
    """
    below = sum((p for t, p in dist.items() if t < total), Fraction(0))
    return float(below + dist.get(total, Fraction(0)) / 2)


def _outcome_percentile(job: Job, fresh: Odds) -> float:
    """Mid-rank percentile of ``job``'s ending among the endings of ``fresh`` (its start)."""
    p_fail = float(fresh.failure)
    if job.outcome != "success":
        return p_fail / 2
    by = (0.0, *fresh.by_turn)
    at = [by[k] - by[k - 1] for k in range(1, len(by))]  # success on tick k
    t = job.turn
    later = float(sum(at[t:]))
    return p_fail + later + float(at[t - 1]) / 2


def luck(job: Job) -> Luck:
    """Where ``job``'s outcome and each of its rolls fell in the exact odds (see the module).

    Returns the kit's one luck report, a :class:`~kit.advising.Luck` of kind ``"job"``: its
    steps are the main and companion rolls, ``progress`` is Progress and ``difficulty`` the
    job's Difficulty; ``report.clock`` and ``report.turn`` give the Clock and the ticks used.

    Raises:
        IllegalAction: the job has no rolls yet, so there is nothing to judge.
    """
    if not isinstance(job, Job):
        raise InvalidType(f"luck() needs a kit.regulus.Job, got {type(job).__name__}")
    rolls = [i for i, e in enumerate(job.events) if e.kind == "roll"]
    if not rolls:
        raise IllegalAction("the job has no rolls yet, so there is no luck to judge")
    setup = job.setup_dict()
    events = job.to_dict()["events"]

    def after(n: int) -> Job:
        return Job.from_dict({**setup, "events": events[:n]})

    start = odds(after(0))
    mains = job.rules.main().distribution()
    comps = job.rules.companion().distribution()
    table = job.job_type.table
    mean = {
        "main": sum(float(p) * table[t].progress for t, p in mains.items()),
        "companion": sum(float(p) * table[t].progress for t, p in comps.items()),
    }
    roll_rows = [r for r in job.rows if r.kind in ("main", "companion")]
    steps = []
    expected = 0.0
    for k, (i, row) in enumerate(zip(rolls, roll_rows)):
        before = odds(after(i)).success
        now = odds(after(i + 1)).success
        end = rolls[k + 1] if k + 1 < len(rolls) else len(events)
        expected += mean[row.kind]
        assert row.roll is not None
        steps.append(
            LuckStep(
                index=k + 1,
                phase=row.kind,
                total=row.roll,
                incident=row.incident,
                percentile=roll_percentile(mains if row.kind == "main" else comps, row.roll),
                chance_before=before,
                chance_after=now,
                progress=after(end).progress,
                expected_progress=expected,
            )
        )
    won = job.outcome == "success"
    return Luck(
        kind="job",
        title=job.title or f"{job.job_type.name.title()} job",
        outcome=job.outcome,
        ending=f"succeeded on tick {job.turn}" if won else "failed",
        chance=start.success,
        outcome_percentile=_outcome_percentile(job, start) if job.ended else None,
        steps=tuple(steps),
        difficulty=job.difficulty,
        chance_label="chance",
        progress_label="Progress",
        details={"clock": job.clock, "turn": job.turn},
    )
