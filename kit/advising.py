"""The shape of a piece of advice: the chance of success behind each answer to one decision.

:class:`Advice` is plain data shared by every advisor (Regulus jobs, Complex Task boards,
Successors battles). It imports nothing from the engines, so any of them may build one.

Example:
    >>> a = Advice(
    ...     options={"spend": 0.75, "keep": 0.5},
    ...     best="spend",
    ...     exact=True,
    ...     question="Spend the token?",
    ... )
    >>> a.best, a.margin
    ('spend', 0.25)
    >>> a.ranked()
    [('spend', 0.75), ('keep', 0.5)]
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidInput

__all__ = ["Advice"]


@dataclass(frozen=True)
class Advice:
    """The chance of success of each answer to a pending decision, and which answer is best."""

    options: dict[str, float]
    """Each answer's label mapped to the chance (0 to 1) of success if that answer is taken."""
    best: str
    """The label of the answer with the highest chance (the first one listed on a tie)."""
    exact: bool
    """True when every chance is computed exactly; False for Monte Carlo estimates."""
    stderr: dict[str, float] | None = None
    """Standard error of each Monte Carlo estimate, by label; None when exact."""
    n: int | None = None
    """Monte Carlo runs behind each estimate; None when exact."""
    question: str = ""
    """What is being decided, in words."""
    notes: dict[str, str] = field(default_factory=dict)
    """Optional one-line explanation of an answer, by label."""

    def __post_init__(self) -> None:
        if not self.options:
            raise InvalidInput("Advice options: at least one answer is needed, got none")
        for label, chance in self.options.items():
            if not isinstance(label, str):
                raise InvalidInput(f"Advice options: labels must be strings, got {label!r}")
            if not (isinstance(chance, (int, float)) and 0.0 <= chance <= 1.0 + 1e-9):
                raise InvalidInput(
                    f"Advice options[{label!r}]: a chance between 0 and 1 is needed, got {chance!r}"
                )
        if self.best not in self.options:
            raise InvalidInput(
                f"Advice best: {self.best!r} is not one of the options {list(self.options)!r}"
            )
        if self.stderr is not None and set(self.stderr) != set(self.options):
            raise InvalidInput("Advice stderr: one standard error per option is needed")

    @classmethod
    def from_chances(
        cls,
        options: dict[str, float],
        *,
        exact: bool,
        question: str = "",
        stderr: dict[str, float] | None = None,
        n: int | None = None,
        notes: dict[str, str] | None = None,
    ) -> Advice:
        """Build advice whose best answer is the highest chance (first listed on a tie).

        Example:
            >>> Advice.from_chances({"a": 0.2, "b": 0.6, "c": 0.6}, exact=True).best
            'b'
        """
        best = max(options, key=lambda k: options[k]) if options else ""
        return cls(
            options=dict(options),
            best=best,
            exact=exact,
            stderr=None if stderr is None else dict(stderr),
            n=n,
            question=question,
            notes=dict(notes or {}),
        )

    def ranked(self) -> list[tuple[str, float]]:
        """The answers with their chances, best first (ties keep their listed order)."""
        return sorted(self.options.items(), key=lambda kv: -kv[1])

    @property
    def margin(self) -> float:
        """How much the best answer gains over the runner-up (0 when there is only one)."""
        ranked = self.ranked()
        if len(ranked) < 2:
            return 0.0
        return ranked[0][1] - ranked[1][1]

    def _chance_text(self, label: str) -> str:
        chance = self.options[label]
        text = f"{chance:.1%}"
        if self.stderr is not None:
            text += f" ± {self.stderr[label]:.1%}"
        return text

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, {self.n} runs"
        head = f"Advice({self.question!r}, {how})" if self.question else f"Advice({how})"
        width = max(len(label) for label in self.options)
        lines = [head]
        for label, _ in self.ranked():
            mark = "*" if label == self.best else " "
            lines.append(f"  {mark} {label.ljust(width)}  {self._chance_text(label)}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html  # loaded when shown in a notebook, not when the kit is imported

        how = "exact" if self.exact else f"Monte Carlo, {self.n} runs"
        rows = []
        for label, chance in self.ranked():
            weight = "bold" if label == self.best else "normal"
            bar = max(0, min(100, math.floor(chance * 100 + 0.5)))
            note = html.escape(self.notes.get(label, ""))
            rows.append(
                f'<tr style="font-weight:{weight}"><td>{html.escape(label)}</td>'
                f"<td>{html.escape(self._chance_text(label))}</td>"
                f'<td><div style="background:currentColor;opacity:.35;height:.7em;'
                f'width:{bar}px"></div></td><td>{note}</td></tr>'
            )
        caption = html.escape(self.question or "Advice")
        return (
            f'<table class="gmk-advice"><caption>{caption} ({how}); best: '
            f"<b>{html.escape(self.best)}</b></caption>"
            "<tr><th>answer</th><th>chance of success</th><th></th><th></th></tr>"
            + "".join(rows)
            + "</table>"
        )


class StepsLuck:
    """What every luck report of a played game shares, over its ``steps``.

    A report (a job's, a board's, a battle's) is a frozen dataclass holding ``steps``: records
    with a ``percentile`` (where the roll fell in its own dice, 0..1) and a ``swing`` (how far it
    moved the chance of the players' way).
    """

    steps: tuple[Any, ...]

    @property
    def mean_percentile(self) -> float | None:
        """The steps' average percentile (0.5 is average luck; None with no steps)."""
        if not self.steps:
            return None
        return sum(s.percentile for s in self.steps) / len(self.steps)

    def turning_points(self, n: int = 3) -> list[Any]:
        """The ``n`` steps that moved the chance most, largest first (ties: earliest first)."""
        return sorted(self.steps, key=lambda s: -abs(s.swing))[: max(0, n)]
