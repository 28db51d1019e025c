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

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..advising import StepsLuck
from ..errors import IllegalAction, InvalidType
from .job import Job
from .odds import odds

__all__ = ["JobLuck", "LuckStep", "luck", "roll_percentile"]


def roll_percentile(dist: dict[int, Fraction], total: int) -> float:
    """Mid-rank percentile of ``total`` in a dice distribution: P(less) + P(equal) / 2.

    >>> from kit.dice import as_dice
    >>> roll_percentile(as_dice("2d6").distribution(), 7)
    0.5
    """
    below = sum((p for t, p in dist.items() if t < total), Fraction(0))
    return float(below + dist.get(total, Fraction(0)) / 2)


@dataclass(frozen=True)
class LuckStep:
    """One roll of a played job and how lucky it was."""

    index: int
    """The roll's number in the job (1 = first; main and companion rolls both count)."""
    phase: str
    """"main" or "companion"."""
    total: int
    """What the dice showed."""
    incident: str
    """The table row it landed on."""
    percentile: float
    """Mid-rank percentile of ``total`` in its dice (0..1)."""
    chance_before: float
    """Exact chance of success just before the roll."""
    chance_after: float
    """Exact chance of success just after it (pending decisions by the automatic rulings)."""
    progress: int
    """Progress after the roll (and any decision or adjustment before the next roll)."""
    expected_progress: float
    """Progress the job would have after this many average rolls of the same dice."""

    @property
    def swing(self) -> float:
        """How much the roll moved the chance of success."""
        return self.chance_after - self.chance_before


@dataclass(frozen=True)
class JobLuck(StepsLuck):
    """A played job's luck: its outcome's percentile, each roll's, and the progress track."""

    title: str
    difficulty: int
    clock: int
    outcome: str | None
    """"success", "failure", or None if the job is still running."""
    turn: int
    """Clock ticks used."""
    chance: float
    """Exact chance of success the job had before its first roll."""
    outcome_percentile: float | None
    """Mid-rank percentile of the ending among every ending (None while running)."""
    steps: tuple[LuckStep, ...]
    """Every roll, in order."""

    @property
    def verdict(self) -> str:
        """A short sentence: lucky, unlucky or about as expected, and why."""
        mean = self.mean_percentile
        rolls = "" if mean is None else f"; rolls averaged the {mean:.0%} mark"
        if self.outcome_percentile is None:
            return (
                f"still running: chance now {self.steps[-1].chance_after:.0%}" + rolls
                if self.steps
                else "not started"
            )
        pct = self.outcome_percentile
        word = "lucky" if pct >= 0.75 else "unlucky" if pct <= 0.25 else "about as expected"
        how = f"succeeded on tick {self.turn}" if self.outcome == "success" else "failed"
        return f"{word}: {how} (chance {self.chance:.0%}), an ending at the {pct:.0%} mark{rolls}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form (for widgets and handouts)."""
        return {
            "title": self.title,
            "outcome": self.outcome,
            "chance": self.chance,
            "outcome_percentile": self.outcome_percentile,
            "verdict": self.verdict,
            "steps": [{**s.__dict__, "swing": s.swing} for s in self.steps],
        }

    def __repr__(self) -> str:
        lines = [f"JobLuck({self.title!r}: {self.verdict})"]
        lines.extend(
            f"  roll {s.index:>2} {s.phase:<9} {s.total:>2} {s.incident:<14} "
            f"percentile {s.percentile:4.0%}  chance {s.chance_before:4.0%} -> "
            f"{s.chance_after:4.0%}  progress {s.progress} (expected {s.expected_progress:.1f})"
            for s in self.steps
        )
        return "\n".join(lines)


def _outcome_percentile(job: Job, fresh: Any) -> float:
    """Mid-rank percentile of ``job``'s ending among the endings of ``fresh`` (its start)."""
    p_fail = fresh.failure
    if job.outcome != "success":
        return p_fail / 2
    by = (0.0, *fresh.by_turn)
    at = [by[k] - by[k - 1] for k in range(1, len(by))]  # success on tick k
    t = job.turn
    later = sum(at[t:])
    return p_fail + later + at[t - 1] / 2


def luck(job: Job) -> JobLuck:
    """Where ``job``'s outcome and each of its rolls fell in the exact odds (see the module).

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
    return JobLuck(
        title=job.title or f"{job.job_type.name.title()} job",
        difficulty=job.difficulty,
        clock=job.clock,
        outcome=job.outcome,
        turn=job.turn,
        chance=start.success,
        outcome_percentile=_outcome_percentile(job, start) if job.ended else None,
        steps=tuple(steps),
    )
