"""The answer to "how does this battle go?": :class:`BattleOdds`, exact or simulated.

:func:`~.exact.exact_odds` fills one from the battle's Markov chain (standard errors 0) and
:func:`~.exact.battle_odds` from it or from a simulation; the fields read the same either way.
Per-side fields are :class:`PerSide` tuples: index them by side number or by side name.

>>> w = PerSide([0.75, 0.25], ["Red", "Blue"])
>>> w[0], w["Blue"], list(w)
(0.75, 0.25, [0.75, 0.25])
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, overload

from ...advising import Method, StandardErrors
from ...errors import InvalidInput

__all__ = ["OUTCOME_FIELDS", "BattleOdds", "OddsErrors", "PerSide"]

#: The four per-side outcome fields, in the order of :data:`.simulate.result.OUTCOMES`.
OUTCOME_FIELDS = ("won", "lost", "draw", "retreated")

T = TypeVar("T")


class PerSide(tuple[T, ...], Generic[T]):
    """A tuple with one value per side, also indexable by the side's name."""

    names: tuple[str, ...]

    def __new__(cls, values: Iterable[T], names: Sequence[str]) -> PerSide[T]:
        obj = super().__new__(cls, tuple(values))
        obj.names = tuple(names)
        if len(obj) != len(obj.names):
            raise InvalidInput(
                f"PerSide needs one value per side ({len(obj.names)}), got {len(obj)}"
            )
        return obj

    @overload  # type: ignore[override]
    def __getitem__(self, key: int | str) -> T: ...
    @overload
    def __getitem__(self, key: slice) -> tuple[T, ...]: ...
    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            if key not in self.names:
                raise KeyError(f"no side named {key!r}; the sides are {list(self.names)}")
            key = self.names.index(key)
        return super().__getitem__(key)

    def __repr__(self) -> str:
        return "(" + ", ".join(f"{n}={v!r}" for n, v in zip(self.names, self)) + ")"

    def as_dict(self) -> dict[str, T]:
        """Side name -> value."""
        return dict(zip(self.names, self))


class OddsErrors(StandardErrors):
    """Standard errors of a :class:`BattleOdds`' figures, under the same field names (all 0
    when the odds are exact): the kit's one :class:`~kit.advising.StandardErrors` type, so
    ``odds.se.won[0]`` reads like ``odds.won[0]`` and ``odds.se["rounds"]`` as a mapping.

    Fields: ``won``, ``lost``, ``draw`` and ``retreated`` (per side, of each side's chances),
    ``rounds`` (of each entry of the rounds distribution), ``ru_lost`` and ``first_hits`` (per
    side, of each entry of that side's distribution).
    """

    __slots__ = ()

    def __init__(
        self,
        *,
        won: PerSide[float],
        lost: PerSide[float],
        draw: PerSide[float],
        retreated: PerSide[float],
        rounds: dict[int, float],
        ru_lost: PerSide[dict[float, float]],
        first_hits: PerSide[dict[int, float]],
    ) -> None:
        fields: dict[str, Any] = {
            "won": won,
            "lost": lost,
            "draw": draw,
            "retreated": retreated,
            "rounds": rounds,
            "ru_lost": ru_lost,
            "first_hits": first_hits,
        }
        super().__init__(fields)


@dataclass(frozen=True)
class BattleOdds:
    """How a battle ends under a policy: each side's chances, the rounds and the losses.

    ``method`` is ``"exact"`` (the battle's Markov chain, summed exactly; ``se`` all 0,
    ``n`` None, ``states`` the states explored) or ``"simulated"`` (``n`` battles; ``se`` the
    standard errors); ``why`` says in a sentence why that method was used.
    """

    sides: tuple[str, ...]
    """Side names, in the battle's order."""
    method: Method
    """``"exact"`` or ``"simulated"``."""
    won: PerSide[float]
    """Chance each side wins (it alone is left fighting)."""
    lost: PerSide[float]
    """Chance each side loses."""
    draw: PerSide[float]
    """Chance each side ends in a draw (nobody, or several sides, left at the end)."""
    retreated: PerSide[float]
    """Chance each side retreats."""
    rounds: dict[int, float]
    """Rounds fought -> chance."""
    ru_lost: PerSide[dict[float, float]]
    """Per side: RU lost -> chance."""
    first_hits: PerSide[dict[int, float]]
    """Per side: hits of its first unaimed volley -> chance (-1: it never fired one)."""
    se: OddsErrors
    """Standard errors of every figure above (0 when exact)."""
    why: str
    """Why this method: the state count and time of the exact answer, or why it was not used."""
    n: int | None = None
    """Battles simulated (None when exact)."""
    states: int | None = None
    """States of the chain explored (None when simulated)."""
    seconds: float = 0.0
    """Time taken."""
    error_bound: float = 0.0
    """Bound on the rounding error of each exact figure (0 with rational arithmetic)."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Anything else the method reports (the exact engine: ``max_rounds``, arithmetic)."""

    @property
    def exact(self) -> bool:
        """True when the figures are exact."""
        return self.method == "exact"

    def first_hit_chance(self, side: int | str) -> float:
        """Chance ``side``'s first volley scores at least one hit."""
        return sum(p for h, p in self.first_hits[side].items() if h > 0)

    def mean_ru_lost(self, side: int | str) -> float:
        """Mean RU ``side`` loses."""
        return sum(k * p for k, p in self.ru_lost[side].items())

    @property
    def mean_rounds(self) -> float:
        """Mean rounds fought."""
        return sum(k * p for k, p in self.rounds.items())

    def summary(self) -> str:
        """A few lines of text."""
        how = (
            f"exact ({self.states} states, {self.seconds:.2f} s)"
            if self.exact
            else f"simulated ({self.n} battles, {self.seconds:.2f} s)"
        )
        lines = [f"{' vs '.join(self.sides)}: {how}; mean rounds {self.mean_rounds:.2f}"]
        for i, name in enumerate(self.sides):
            pm = "" if self.exact else f" ± {self.se.won[i]:.1%}"
            lines.append(
                f"{name}: won {self.won[i]:.1%}{pm}, lost {self.lost[i]:.1%}, "
                f"draw {self.draw[i]:.1%}, retreated {self.retreated[i]:.1%}; "
                f"mean RU lost {self.mean_ru_lost(i):.2f}; "
                f"first volley hits {self.first_hit_chance(i):.1%}"
            )
        lines.append(self.why)
        return "\n".join(lines)

    def __repr__(self) -> str:
        parts = [f"method={self.method!r}"]
        parts += [
            f"{n}: won {self.won[i]:.3f} lost {self.lost[i]:.3f}" for i, n in enumerate(self.sides)
        ]
        return "BattleOdds(" + "; ".join(parts) + ")"


def binomial_se(p: float, n: int) -> float:
    """Standard error of a share ``p`` of ``n`` trials."""
    return math.sqrt(max(p * (1.0 - p), 0.0) / n) if n else 0.0
