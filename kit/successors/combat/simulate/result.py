"""The result of a battle Monte Carlo: outcome codes and :class:`BattleSimulation`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ....advising import Method, StandardErrors
from ....errors import InvalidInput, InvalidType

__all__ = ["OUTCOMES", "BattleSimulation"]

#: Outcome codes of a side, in the order of the result arrays.
OUTCOMES = ("won", "lost", "draw", "retreated")


@dataclass
class BattleSimulation:
    """Results of ``n`` simulated battles.

    Attributes:
        sides: Side names.
        outcome: [n, sides] outcome codes (index into :data:`OUTCOMES`).
        ru_lost: [n, sides] RU each side lost.
        rounds: [n] rounds fought.
        seed: Seed the run used (same seed, same numbers).
        engine: What played the battles: ``"fast"`` (the vectorised simulation) or ``"engine"``
            (the event-log engine).
        first_hits: [n, sides] hits each side scored in the first attack phase it fired in (-1:
            it never fired).
    """

    sides: list[str]
    """Side names."""
    outcome: np.ndarray
    """[n, sides] outcome codes (index into :data:`OUTCOMES`)."""
    ru_lost: np.ndarray
    """[n, sides] RU each side lost."""
    rounds: np.ndarray
    """[n] rounds fought."""
    seed: int
    """Seed the run used (same seed, same numbers)."""
    engine: str
    """What played the battles: ``"fast"`` (the vectorised simulation) or ``"engine"`` (the
    event-log engine)."""
    first_hits: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), int))
    """[n, sides] hits each side scored in the first attack phase it fired in (-1: it never
    fired)."""

    @property
    def n(self) -> int:
        """Battles simulated."""
        return int(self.rounds.shape[0])

    @property
    def method(self) -> Method:
        """Always ``"simulated"`` (:attr:`engine` says what played the battles)."""
        return "simulated"

    def _shares(self, outcome: str) -> tuple[float, ...]:
        return tuple(self.probability(i, outcome) for i in range(len(self.sides)))

    @property
    def won(self) -> tuple[float, ...]:
        """Share of battles each side won, by side."""
        return self._shares("won")

    @property
    def lost(self) -> tuple[float, ...]:
        """Share of battles each side lost, by side."""
        return self._shares("lost")

    @property
    def draw(self) -> tuple[float, ...]:
        """Share of battles that ended in a draw for each side, by side."""
        return self._shares("draw")

    @property
    def retreated(self) -> tuple[float, ...]:
        """Share of battles each side retreated from, by side."""
        return self._shares("retreated")

    @property
    def mean_rounds(self) -> float:
        """Mean rounds fought."""
        return float(self.rounds.mean()) if self.n else 0.0

    @property
    def mean_ru_lost(self) -> tuple[float, ...]:
        """Mean RU each side lost, by side."""
        return tuple(float(self.ru_lost[:, i].mean()) for i in range(len(self.sides)))

    @property
    def se(self) -> StandardErrors:
        """Standard error of each estimate, under the same names: ``won``, ``lost``, ``draw``,
        ``retreated`` (one per side), ``mean_rounds`` and ``mean_ru_lost`` (one per side)."""
        n = self.n
        shares = StandardErrors.of_shares(
            {o: self._shares(o) for o in ("won", "lost", "draw", "retreated")}, n
        )

        def mean_se(values: np.ndarray) -> float:
            return float(values.std(ddof=1) / np.sqrt(n)) if n > 1 else 0.0

        return StandardErrors(
            {
                **shares,
                "mean_rounds": mean_se(self.rounds),
                "mean_ru_lost": tuple(mean_se(self.ru_lost[:, i]) for i in range(len(self.sides))),
            }
        )

    def __repr__(self) -> str:
        """A short summary: sides, n, each side's shares of won/draw/retreated/lost, mean rounds
        and method (the arrays stay in :attr:`outcome`, :attr:`ru_lost` and :attr:`rounds`).

        >>> r = BattleSimulation(["A", "B"], np.array([[0, 1], [2, 2]]), np.zeros((2, 2)),
        ...                      np.array([3, 5]), 7, "fast")
        >>> r
        BattleSimulation(n=2, engine='fast', seed=7, mean rounds 4.00; A: won 50.0% draw 50.0% retreated 0.0% lost 0.0%; B: won 0.0% draw 50.0% retreated 0.0% lost 50.0%)
        """
        head = f"n={self.n}, engine={self.engine!r}, seed={self.seed}"
        if self.n:
            head += f", mean rounds {float(self.rounds.mean()):.2f}"
        parts = [head]
        for i, name in enumerate(self.sides):
            shares = " ".join(
                f"{o} {self.probability(i, o):.1%}" if self.n else f"{o} -"
                for o in ("won", "draw", "retreated", "lost")
            )
            parts.append(f"{name}: {shares}")
        return "BattleSimulation(" + "; ".join(parts) + ")"

    def _side(self, side: object) -> int:
        """The index of ``side`` (an index or a side's name), or the kit's error saying which."""
        allowed = (
            f"a side's index 0..{len(self.sides) - 1} or its name "
            f"({', '.join(map(repr, self.sides))})"
        )
        if isinstance(side, str):
            if side in self.sides:
                return self.sides.index(side)
            hint = (
                f"; {side!r} is an outcome: the side comes first, probability(side, outcome)"
                if side in OUTCOMES
                else ""
            )
            raise InvalidInput(f"side must be {allowed}, got {side!r}{hint}")
        if isinstance(side, bool) or not isinstance(side, (int, np.integer)):
            raise InvalidType(f"side must be {allowed}, got {type(side).__name__} {side!r}")
        if not 0 <= int(side) < len(self.sides):
            raise InvalidInput(f"side must be {allowed}, got {side!r}")
        return int(side)

    @staticmethod
    def _outcome(outcome: object) -> int:
        if isinstance(outcome, str) and outcome in OUTCOMES:
            return OUTCOMES.index(outcome)
        hint = (
            "; the side comes first, probability(side, outcome)"
            if not isinstance(outcome, str)
            else ""
        )
        raise InvalidInput(
            f"outcome must be one of {', '.join(map(repr, OUTCOMES))}, got {outcome!r}{hint}"
        )

    def probability(self, side: int | str, outcome: str) -> float:
        """Share of battles with ``outcome`` (won/lost/draw/retreated) for ``side`` (its index
        or name).

        >>> r = BattleSimulation(["A", "B"], np.array([[0, 1], [2, 2]]), np.zeros((2, 2)),
        ...                      np.array([3, 5]), 7, "fast")
        >>> r.probability(0, "won"), r.probability("B", "lost")
        (0.5, 0.5)
        >>> r.probability("won", 1)
        Traceback (most recent call last):
        ...
        kit.errors.InvalidInput: side must be a side's index 0..1 or its name ('A', 'B'), got 'won'; 'won' is an outcome: the side comes first, probability(side, outcome)
        """
        i, code = self._side(side), self._outcome(outcome)
        return float(np.mean(self.outcome[:, i] == code))

    def standard_error(self, side: int | str, outcome: str) -> float:
        """Standard error of :meth:`probability`."""
        p = self.probability(side, outcome)
        return float(np.sqrt(max(p * (1 - p), 1e-12) / self.n))

    def odds(self) -> list[dict[str, Any]]:
        """Per side: outcome probabilities, mean and quantiles of RU lost."""
        rows = []
        for i, name in enumerate(self.sides):
            lost = self.ru_lost[:, i]
            rows.append(
                {
                    "side": name,
                    **{o: self.probability(i, o) for o in OUTCOMES},
                    "ru_lost_mean": float(lost.mean()),
                    "ru_lost_p10": float(np.percentile(lost, 10)),
                    "ru_lost_p50": float(np.percentile(lost, 50)),
                    "ru_lost_p90": float(np.percentile(lost, 90)),
                }
            )
        return rows

    def loss_distribution(self, side: int | str) -> dict[float, float]:
        """RU lost by ``side`` (its index or name) -> share of battles."""
        vals, counts = np.unique(self.ru_lost[:, self._side(side)], return_counts=True)
        return {float(v): float(c) / self.n for v, c in zip(vals, counts)}

    def rounds_distribution(self) -> dict[int, float]:
        """Rounds fought -> share of battles."""
        vals, counts = np.unique(self.rounds, return_counts=True)
        return {int(v): float(c) / self.n for v, c in zip(vals, counts)}

    def summary(self) -> str:
        """A few lines of text."""
        lines = [
            (
                f"{self.n} battles ({self.engine}, seed {self.seed}), "
                f"mean rounds {self.rounds.mean():.2f}"
            )
        ]
        lines += [
            f"{r['side']}: won {r['won']:.1%}, lost {r['lost']:.1%}, draw "
            f"{r['draw']:.1%}, retreated {r['retreated']:.1%}; RU lost mean "
            f"{r['ru_lost_mean']:.1f} (10%-90%: {r['ru_lost_p10']:g}-{r['ru_lost_p90']:g})"
            for r in self.odds()
        ]
        return "\n".join(lines)
