"""Dice expressions with exact distributions and seeded rolls.

The three rule texts use a small family of notations: ``2d6``, ``1d6+1``, ``2d6-3``,
``3d6x100``, ``2d6x3``, ``1d3``, ``2d6+3``. :func:`parse` reads all of them (and ``d6``
for ``1d6``, ``*`` or ``×`` for ``x``) into a :class:`Dice`, which knows its exact
distribution as :class:`fractions.Fraction` probabilities that sum to exactly 1, and rolls
from a seeded generator.

Modifiers and multipliers apply left to right as written: ``2d6+1x3`` is ``(2d6+1)*3``.

>>> d = parse("2d6")
>>> d.distribution()[7]
Fraction(1, 6)
>>> sum(d.distribution().values())
Fraction(1, 1)
>>> str(parse(" 3d6 x 100 "))
'3d6x100'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import overload

import numpy as np
import numpy.typing as npt

from .errors import DiceError, InvalidType
from .rng import SeedLike, make_rng

__all__ = ["ACCEPTED_FORMS", "Dice", "DiceLike", "as_dice", "parse"]

#: Shown in every parse error so the user sees what would have worked.
ACCEPTED_FORMS = "NdS, NdS+K, NdS-K, NdSxM (for example 2d6, 1d6+1, 2d6-3, 3d6x100, 1d3)"

MAX_COUNT = 100
MAX_SIDES = 1000
MAX_FACTOR = 10**6

_TERM = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*")
_OP = re.compile(r"([+\-xX*×])\s*(\d+)\s*")


@dataclass(frozen=True)
class Dice:
    """A dice expression: ``count`` dice with ``sides`` faces, then ``ops`` in order.

    Each op is ``("+", k)``, ``("-", k)`` or ``("x", m)``.
    """

    count: int
    """How many dice are rolled."""
    sides: int
    """Faces on each die (numbered 1..sides)."""
    ops: tuple[tuple[str, int], ...] = ()
    """Modifiers and multipliers applied to the total, left to right."""

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_COUNT:
            raise DiceError(f"dice count must be from 1 to {MAX_COUNT}, got {self.count!r}")
        if not 2 <= self.sides <= MAX_SIDES:
            raise DiceError(f"dice sides must be from 2 to {MAX_SIDES}, got {self.sides!r}")
        for op, k in self.ops:
            if op not in ("+", "-", "x") or not 0 <= k <= MAX_FACTOR:
                raise DiceError(f"dice modifier {op}{k} is not allowed; use +K, -K or xM")

    # ------------------------------------------------------------------ values
    @overload
    def _apply(self, total: int) -> int: ...
    @overload
    def _apply(self, total: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]: ...
    def _apply(self, total: int | npt.NDArray[np.int64]) -> int | npt.NDArray[np.int64]:
        """The modifiers applied to a total (an int, or an array of them, alike)."""
        for op, k in self.ops:
            if op == "+":
                total = total + k
            elif op == "-":
                total = total - k
            else:
                total = total * k
        return total

    @property
    def min(self) -> int:
        """The smallest total."""
        return min(self._apply(self.count), self._apply(self.count * self.sides))

    @property
    def max(self) -> int:
        """The largest total."""
        return max(self._apply(self.count), self._apply(self.count * self.sides))

    def distribution(self) -> dict[int, Fraction]:
        """Exact probabilities of each total, in increasing order; they sum to exactly 1."""
        base = _sum_distribution(self.count, self.sides)
        out: dict[int, Fraction] = {}
        for total, p in base.items():
            v = self._apply(total)
            out[v] = out.get(v, Fraction(0)) + p
        return dict(sorted(out.items()))

    def probabilities(self) -> dict[int, float]:
        """:meth:`distribution` as floats (handy for plotting and numpy)."""
        return {k: float(v) for k, v in self.distribution().items()}

    def mean(self) -> Fraction:
        """The exact expected total."""
        return sum((v * p for v, p in self.distribution().items()), Fraction(0))

    def roll(self, rng: SeedLike = None) -> int:
        """Roll once. ``rng`` is a numpy Generator, an int seed, or None for a fresh seed."""
        gen = rng if isinstance(rng, np.random.Generator) else make_rng(rng)[0]
        faces = gen.integers(1, self.sides + 1, size=self.count)
        return int(self._apply(int(faces.sum())))

    def roll_dice(self, rng: SeedLike = None) -> tuple[tuple[int, ...], int]:
        """Roll once and return ``(faces, total)`` so the single dice can be shown."""
        gen = rng if isinstance(rng, np.random.Generator) else make_rng(rng)[0]
        faces = tuple(int(f) for f in gen.integers(1, self.sides + 1, size=self.count))
        return faces, int(self._apply(sum(faces)))

    def roll_many(self, n: int, rng: SeedLike = None) -> npt.NDArray[np.int64]:
        """Roll ``n`` times at once (vectorised) and return an int64 array of totals."""
        gen = rng if isinstance(rng, np.random.Generator) else make_rng(rng)[0]
        faces = gen.integers(1, self.sides + 1, size=(n, self.count))
        return np.asarray(self._apply(faces.sum(axis=1)), dtype=np.int64)

    # ------------------------------------------------------------------ text
    def __str__(self) -> str:
        ops = "".join(f"{op}{k}" for op, k in self.ops)
        return f"{self.count}d{self.sides}{ops}"

    def __repr__(self) -> str:
        return f"parse({str(self)!r})"


DiceLike = str | Dice
"""A dice expression as text or a parsed :class:`Dice`."""


def parse(text: str) -> Dice:
    """Parse a dice expression such as ``"2d6+3"`` or ``"3d6x100"``.

    Raises :class:`~kit.errors.DiceError` (a ``ValueError``) quoting the text and listing
    the accepted forms when it cannot be read.

    >>> parse("2x6")
    Traceback (most recent call last):
    ...
    kit.errors.DiceError: cannot read dice expression '2x6'; accepted forms: NdS, NdS+K, NdS-K, NdSxM (for example 2d6, 1d6+1, 2d6-3, 3d6x100, 1d3)
    """
    if isinstance(text, Dice):
        return text
    if not isinstance(text, str):
        raise InvalidType(f"a dice expression must be a string such as '2d6', got {text!r}")
    bad = DiceError(f"cannot read dice expression {text!r}; accepted forms: {ACCEPTED_FORMS}")
    m = _TERM.match(text)
    if not m:
        raise bad
    count = int(m.group(1)) if m.group(1) else 1
    sides = int(m.group(2))
    pos = m.end()
    ops: list[tuple[str, int]] = []
    while pos < len(text):
        om = _OP.match(text, pos)
        if not om:
            raise bad
        op = om.group(1)
        ops.append(("x" if op in "xX*×" else op, int(om.group(2))))
        pos = om.end()
    if count < 1 or sides < 2 or count > MAX_COUNT or sides > MAX_SIDES:
        raise DiceError(
            f"dice expression {text!r} needs 1 to {MAX_COUNT} dice of 2 to {MAX_SIDES} sides; "
            f"accepted forms: {ACCEPTED_FORMS}"
        )
    try:
        return Dice(count, sides, tuple(ops))
    except DiceError as exc:
        raise DiceError(
            f"dice expression {text!r}: {exc}; accepted forms: {ACCEPTED_FORMS}"
        ) from None


def as_dice(value: DiceLike, field: str = "dice") -> Dice:
    """Accept a :class:`Dice` or its text; errors name ``field``."""
    if isinstance(value, Dice):
        return value
    try:
        return parse(value)
    except (DiceError, InvalidType) as exc:
        raise type(exc)(f"{field}: {exc}") from None


@lru_cache(maxsize=256)
def _sum_distribution(count: int, sides: int) -> dict[int, Fraction]:
    """Exact distribution of the sum of ``count`` dice with ``sides`` faces (by convolution)."""
    ways = np.zeros(1, dtype=object)
    ways[0] = 1
    face = np.ones(sides, dtype=object)
    for _ in range(count):
        ways = np.convolve(ways, face)
    denom = sides**count
    return {count + i: Fraction(int(w), denom) for i, w in enumerate(ways) if w}
