"""What a house rule does to the odds: two rules objects compared over the Difficulty x Clock grid.

:func:`rule_impact` computes the exact chance of success of a job type and crew for every
Difficulty and Clock under two :class:`~kit.regulus.rules.RegulusRules` and reports the
difference (second minus first), the cells that change most, and a heatmap
(:meth:`RuleImpact.figure`, plotly loaded on use).

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
from dataclasses import dataclass
from typing import Any, NamedTuple

from .. import validate
from ..errors import InvalidType
from .job import Operative
from .rules import DEFAULT_CONDITIONS, Condition, RegulusRules
from .tables import JobType
from .tuning import _axis, chance_grid

__all__ = ["Change", "RuleImpact", "rule_impact"]


class Change(NamedTuple):
    """One cell of the grid: its setup, the chance under each rules object, and the change."""

    difficulty: int
    clock: int
    before: float
    """Chance under the first rules."""
    after: float
    """Chance under the second rules."""
    change: float
    """``after - before``."""


@dataclass(frozen=True)
class RuleImpact:
    """Exact chances of success under two rules objects over a Difficulty x Clock grid."""

    job_type: str
    """The job type's name."""
    rules_a: RegulusRules
    """The first (reference) rules."""
    rules_b: RegulusRules
    """The second rules, compared with the first."""
    difficulties: tuple[int, ...]
    """Row labels of the grids."""
    clocks: tuple[int, ...]
    """Column labels of the grids."""
    before: tuple[tuple[float, ...], ...]
    """``before[i][j]``: chance under ``rules_a`` at ``difficulties[i]``, ``clocks[j]``."""
    after: tuple[tuple[float, ...], ...]
    """The same under ``rules_b``."""

    @property
    def diff(self) -> list[list[float]]:
        """``after - before`` for every cell (rows: Difficulty, columns: Clock)."""
        return [[b - a for a, b in zip(ra, rb)] for ra, rb in zip(self.before, self.after)]

    def changes(self) -> list[Change]:
        """Every cell as a :class:`Change`, row by row."""
        return [
            Change(d, c, self.before[i][j], self.after[i][j], self.after[i][j] - self.before[i][j])
            for i, d in enumerate(self.difficulties)
            for j, c in enumerate(self.clocks)
        ]

    def largest(self, n: int = 5) -> list[Change]:
        """The ``n`` cells whose chance changes most (by size), largest first."""
        n = validate.integer("n", n, 1, len(self.difficulties) * len(self.clocks))
        return sorted(self.changes(), key=lambda ch: (-abs(ch.change), ch.difficulty, ch.clock))[:n]

    @property
    def max_change(self) -> float:
        """The largest change in size (0.0 when the two rules play alike on this grid)."""
        return max(abs(ch.change) for ch in self.changes())

    def differing_options(self) -> dict[str, tuple[Any, Any]]:
        """The rules options that differ: name -> (first value, second value)."""
        a, b = self.rules_a.to_dict(), self.rules_b.to_dict()
        return {k: (a[k], b[k]) for k in a if a[k] != b[k]}

    def figure(self, *, template: str = "gmkit") -> Any:
        """A plotly heatmap of the change in chance (percentage points) over the grid."""
        from ..figures.advisor import impact_heatmap

        return impact_heatmap(self, template=template)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}: {a!r} -> {b!r}" for k, (a, b) in self.differing_options().items())
        top = self.largest(1)[0]
        return (
            f"RuleImpact({self.job_type!r}, {opts or 'identical rules'}; largest change "
            f"{top.change:+.1%} at Difficulty {top.difficulty}, Clock {top.clock})"
        )


def rule_impact(
    rules_a: RegulusRules | None,
    rules_b: RegulusRules | None,
    job_type: str | JobType,
    crew: Iterable[Operative] | int,
    *,
    conditions: Iterable[Condition] = DEFAULT_CONDITIONS,
    difficulties: Iterable[int] = range(3, 8),
    clocks: Iterable[int] = range(3, 8),
) -> RuleImpact:
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
    return RuleImpact(
        name,
        ra,
        rb,
        tuple(ds),
        tuple(cs),
        tuple(tuple(row) for row in before),
        tuple(tuple(row) for row in after),
    )
