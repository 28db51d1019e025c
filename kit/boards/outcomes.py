"""What the board odds functions return: :class:`BoardOdds`, exact or estimated.

Exact odds of standard, preparation and limit boards are :class:`~fractions.Fraction` values;
the Markov chains of contests and chases and every Monte Carlo estimate give floats.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..advising import Method, StandardErrors
from ..errors import InvalidInput
from .base import Board

__all__ = ["BoardOdds", "Number", "finished_odds"]

Number = Fraction | float
"""A probability: exact (Fraction) or floating point."""


@dataclass(frozen=True)
class BoardOdds:
    """How a board ends: named outcomes, successes and length, each a distribution.

    Attributes:
        kind: The board kind.
        outcomes: Probability of each named end (``"goal reached"``, ``"escaped"``, ...).
        success: Probability that the players get their way (``None`` for a preparation board).
        successes: Distribution of the players' successes at the end (standard, limit,
            preparation).
        length: Distribution of how many more checks, exchanges or rounds the board takes.
        method: ``"exact"``: computed (exact Fractions for standard, preparation and limit
            boards, floats accurate to about 1e-12 from the Markov chains of contests and
            chases); ``"simulated"``: a Monte Carlo estimate
            (:func:`~kit.boards.montecarlo.simulate`).
        n: Runs behind a Monte Carlo estimate; None for computed odds.
    """

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
    method: Method = "exact"
    """``"exact"``: computed (exact Fractions for standard, preparation and limit boards, floats
    accurate to about 1e-12 from the Markov chains of contests and chases); ``"simulated"``: a
    Monte Carlo estimate (:func:`~kit.boards.montecarlo.simulate`)."""
    n: int | None = None
    """Runs behind a Monte Carlo estimate; None for computed odds."""

    def __post_init__(self) -> None:
        if (self.method == "simulated") != (self.n is not None):
            raise InvalidInput(
                "BoardOdds: a simulated estimate gives its runs n, computed odds none"
            )

    @property
    def se(self) -> StandardErrors:
        """Standard error of each probability, by field name (all 0.0 when computed)."""
        fields = {
            "outcomes": self.outcomes,
            "success": 0.0 if self.success is None else self.success,
            "successes": self.successes,
            "length": self.length,
        }
        if self.n is None:
            return StandardErrors.zeros(fields)
        return StandardErrors.of_shares(fields, self.n)

    @property
    def mean_length(self) -> float:
        """Expected number of further checks, exchanges or rounds."""
        return float(sum(k * float(p) for k, p in self.length.items()))

    @property
    def mean_successes(self) -> float:
        """Expected successes at the end."""
        return float(sum(k * float(p) for k, p in self.successes.items()))

    def to_dict(self) -> dict[str, Any]:
        """JSON form with float probabilities."""
        return {
            "kind": self.kind,
            "outcomes": {k: float(v) for k, v in self.outcomes.items()},
            "success": None if self.success is None else float(self.success),
            "successes": {str(k): float(v) for k, v in self.successes.items()},
            "length": {str(k): float(v) for k, v in self.length.items()},
            "method": self.method,
            "n": self.n,
            "se": self.se.to_dict(),
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
