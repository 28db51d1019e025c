"""What a house rule does to the odds: two rules objects compared over the grid they affect.

:class:`GridImpact` is the report every system shares: a grid of setups (rows by columns), the
chance of success under each rules object, the change (second minus first), the cells that
change most, a heatmap (:func:`kit.figures.impact_heatmap`) and a Markdown summary.
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

import html
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .. import validate
from ..errors import InvalidType
from .job import Operative
from .rules import DEFAULT_CONDITIONS, Condition, RegulusRules
from .tables import JobType
from .tuning import _axis, chance_grid

__all__ = ["Cell", "Change", "GridImpact", "RuleImpact", "rule_impact"]

Grid = tuple[tuple[float | None, ...], ...]


class Cell(NamedTuple):
    """One cell of an impact grid: its row and column, both chances and the change."""

    row: Any
    """The row's label (a Difficulty, a board length, a ship type ...)."""
    col: Any
    """The column's label (a Clock, a goal, a garrison size ...)."""
    before: float
    """Chance under the first rules."""
    after: float
    """Chance under the second rules."""
    change: float
    """``after - before``."""


class Change(NamedTuple):
    """One cell of a job's grid: its setup, the chance under each rules object, and the change."""

    difficulty: int
    clock: int
    before: float
    """Chance under the first rules."""
    after: float
    """Chance under the second rules."""
    change: float
    """``after - before``."""


def _options(rules: Any) -> dict[str, Any]:
    to_dict = getattr(rules, "to_dict", None)
    return dict(to_dict()) if callable(to_dict) else {}


@dataclass(frozen=True)
class GridImpact:
    """Chances of success under two rules objects over a grid of setups, and their change.

    Cells the grid does not hold (a goal past the end of a short board) are ``None`` in
    :attr:`before` and :attr:`after` and left out of :meth:`changes`.
    """

    subject: str
    """What was compared, in words (a job type, a board kind and check, an attacker)."""
    rules_a: Any
    """The first (reference) rules."""
    rules_b: Any
    """The second rules, compared with the first."""
    row_name: str
    """What the rows are (``"Difficulty"``, ``"cards"``, ``"garrison of"``)."""
    col_name: str
    """What the columns are (``"Clock"``, ``"goal"``, ``"ships"``)."""
    rows: tuple[Any, ...]
    """Row labels of the grids."""
    cols: tuple[Any, ...]
    """Column labels of the grids."""
    before: Grid
    """``before[i][j]``: chance under ``rules_a`` at ``rows[i]``, ``cols[j]`` (None: no cell)."""
    after: Grid
    """The same under ``rules_b``."""
    exact: bool = True
    """True when every chance is exact; False for Monte Carlo estimates."""
    stderr: Grid | None = None
    """Standard error of each cell's change (Monte Carlo only)."""
    n: int | None = None
    """Battles (or runs) simulated per cell and rules object (Monte Carlo only)."""

    @property
    def diff(self) -> list[list[float | None]]:
        """``after - before`` for every cell (None where the grid has no cell)."""
        return [
            [None if a is None or b is None else b - a for a, b in zip(ra, rb)]
            for ra, rb in zip(self.before, self.after)
        ]

    def cells(self) -> list[Cell]:
        """Every cell of the grid as a :class:`Cell`, row by row."""
        out = []
        for i, r in enumerate(self.rows):
            for j, c in enumerate(self.cols):
                a, b = self.before[i][j], self.after[i][j]
                if a is not None and b is not None:
                    out.append(Cell(r, c, a, b, b - a))
        return out

    def changes(self) -> list[Any]:
        """Every cell, row by row (a job's report names the fields ``difficulty``, ``clock``)."""
        return self.cells()

    def largest(self, n: int = 5) -> list[Any]:
        """The ``n`` cells whose chance changes most (by size), largest first."""
        rows = self.changes()
        n = validate.integer("n", n, 1, max(1, len(rows)))
        key = {(r, c): (i, j) for i, r in enumerate(self.rows) for j, c in enumerate(self.cols)}
        return sorted(rows, key=lambda ch: (-abs(ch[4]), key[(ch[0], ch[1])]))[:n]

    @property
    def max_change(self) -> float:
        """The largest change in size (0.0 when the two rules play alike on this grid)."""
        return max((abs(ch[4]) for ch in self.changes()), default=0.0)

    def error_at(self, row: Any, col: Any) -> float:
        """Standard error of the change at (``row``, ``col``): 0.0 when the grid is exact."""
        if self.stderr is None:
            return 0.0
        se = self.stderr[self.rows.index(row)][self.cols.index(col)]
        return 0.0 if se is None else se

    def differing_options(self) -> dict[str, tuple[Any, Any]]:
        """The rules options that differ: name -> (first value, second value)."""
        a, b = _options(self.rules_a), _options(self.rules_b)
        return {k: (a.get(k), b.get(k)) for k in {**a, **b} if a.get(k) != b.get(k)}

    def _where(self, ch: Any) -> str:
        return f"{self.row_name} {ch[0]}, {self.col_name} {ch[1]}"

    def _pm(self, ch: Any) -> str:
        return "" if self.exact else f" ± {self.error_at(ch[0], ch[1]):.1%}"

    def to_markdown(self, top: int = 5) -> str:
        """A short Markdown summary: what differs, the largest changes, how the numbers came."""
        opts = self.differing_options()
        lines = [f"### House rule impact: {self.subject}", ""]
        if not opts:
            lines.append("The two rules objects are identical.")
        else:
            lines.append(
                "Changed: "
                + "; ".join(f"`{k}` {a!r} → {b!r}" for k, (a, b) in sorted(opts.items()))
            )
        method = (
            "exact"
            if self.exact
            else f"simulated ({self.n} runs a cell and rules, same seed; ± one standard error)"
        )
        lines += [
            "",
            f"Largest change {self.max_change:.1%} in size over {len(self.changes())} "
            f"setups, {method}.",
            "",
        ]
        cells = self.largest(min(top, max(1, len(self.changes())))) if self.changes() else []
        if cells:
            lines += [
                f"| {self.row_name} | {self.col_name} | before | after | change |",
                "|---|---|---|---|---|",
            ]
            lines += [
                f"| {ch[0]} | {ch[1]} | {ch[2]:.1%} | {ch[3]:.1%} | {ch[4]:+.1%}{self._pm(ch)} |"
                for ch in cells
            ]
        return "\n".join(lines) + "\n"

    def _repr_markdown_(self) -> str:
        return html.escape(self.to_markdown(), quote=False)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}: {a!r} -> {b!r}" for k, (a, b) in self.differing_options().items())
        head = f"{type(self).__name__}({self.subject!r}, {opts or 'identical rules'}"
        if not self.max_change:
            return f"{head}; no change on {len(self.changes())} setups)"
        top = self.largest(1)[0]
        return f"{head}; largest change {top[4]:+.1%}{self._pm(top)} at {self._where(top)})"


@dataclass(frozen=True, repr=False)
class RuleImpact(GridImpact):
    """Exact chances of success of a job under two rules objects over Difficulty x Clock."""

    @property
    def job_type(self) -> str:
        """The job type's name."""
        return self.subject

    @property
    def difficulties(self) -> tuple[int, ...]:
        """Row labels of the grids."""
        return tuple(self.rows)

    @property
    def clocks(self) -> tuple[int, ...]:
        """Column labels of the grids."""
        return tuple(self.cols)

    def changes(self) -> list[Any]:
        """Every cell as a :class:`Change`, row by row."""
        return [Change(*cell) for cell in self.cells()]


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
        "Difficulty",
        "Clock",
        tuple(ds),
        tuple(cs),
        tuple(tuple(row) for row in before),
        tuple(tuple(row) for row in after),
    )
