"""What the board odds functions return: :class:`BoardOdds`, exact or estimated.

Exact odds of standard, preparation and limit boards are :class:`~fractions.Fraction` values;
the Markov chains of contests and chases and every Monte Carlo estimate give floats.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from .base import Board

__all__ = ["BoardOdds", "Number", "finished_odds"]

Number = Fraction | float
"""A probability: exact (Fraction) or floating point."""


@dataclass(frozen=True)
class BoardOdds:
    """How a board ends: named outcomes, successes and length, each a distribution."""

    kind: str
    """The board kind."""
    outcomes: Mapping[str, Number]
    """Probability of each named end (``"goal reached"``, ``"escaped"``, ...)."""
    success: Number | None
    """Probability that the players get their way (``None`` for a preparation board)."""
    successes: Mapping[int, Number] = field(default_factory=dict)
    """Distribution of the players' successes at the end (standard, limit, preparation)."""
    length: Mapping[int, Number] = field(default_factory=dict)
    """Distribution of how many more checks, exchanges or rounds the board takes."""
    exact: bool = True
    """Whether the numbers are exact Fractions (False: floats accurate to about 1e-12)."""
    samples: int = 0
    """For a Monte Carlo estimate, the number of runs; 0 for computed odds."""

    @property
    def mean_length(self) -> float:
        """Expected number of further checks, exchanges or rounds."""
        return float(sum(k * float(p) for k, p in self.length.items()))

    @property
    def mean_successes(self) -> float:
        """Expected successes at the end."""
        return float(sum(k * float(p) for k, p in self.successes.items()))

    def stderr(self, p: float) -> float:
        """Standard error of a proportion ``p`` estimated from :attr:`samples` runs."""
        if not self.samples:
            return 0.0
        p = float(p)
        return float(np.sqrt(max(p * (1 - p), 1e-12) / self.samples))

    def to_dict(self) -> dict[str, Any]:
        """JSON form with float probabilities."""
        return {
            "kind": self.kind,
            "outcomes": {k: float(v) for k, v in self.outcomes.items()},
            "success": None if self.success is None else float(self.success),
            "successes": {str(k): float(v) for k, v in self.successes.items()},
            "length": {str(k): float(v) for k, v in self.length.items()},
            "exact": self.exact,
            "samples": self.samples,
        }


def finished_odds(board: Board[Any]) -> BoardOdds:
    name = {"success": "players' way", "failure": "against the players", "done": "done"}[
        board.outcome or "done"
    ]
    one = Fraction(1)
    success = (
        None if board.outcome == "done" else (one if board.outcome == "success" else Fraction(0))
    )
    return BoardOdds(board.KIND, {name: one}, success, {board.successes: one}, {0: one})
