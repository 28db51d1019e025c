"""Ability ranks, split ranks and counting successes.

In Successors an ability rank is rolled with six-sided dice: a die succeeds when it shows a
number at or under its rank, and a 6 always fails. Ranks above 5 are *split*: into as many 5s
as fit and a remainder, one die each (7 is ``5+2``, 14 is ``5+5+4``). Rank 0 rolls no dice.

>>> str(Rank(8)), Rank(14).dice
('5+3', (5, 5, 4))
>>> success_distribution([4])[1]
Fraction(2, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache, total_ordering

import numpy as np

from .. import validate
from ..errors import InvalidInput
from ..rng import SeedLike, make_rng

__all__ = [
    "Rank",
    "controlled_dice",
    "die_success",
    "roll_successes",
    "split",
    "success_distribution",
]

#: A die never succeeds on this face, whatever the rank.
ALWAYS_FAILS = 6


def split(n: int) -> tuple[int, ...]:
    """Split a rank into dice: as many 5s as fit, then the remainder (``split(7) == (5, 2)``)."""
    n = validate.integer("rank", n, 0)
    fives, rest = divmod(n, 5)
    return (5,) * fives + ((rest,) if rest else ())


@total_ordering
class Rank:
    """An ability rank; ``str`` gives the split form printed on character sheets."""

    __slots__ = ("value",)

    def __init__(self, value: int | Rank) -> None:
        if isinstance(value, Rank):
            value = value.value
        self.value: int = validate.integer("rank", value, 0)

    @property
    def dice(self) -> tuple[int, ...]:
        """One entry per die: the number it must roll at or under (``Rank(7).dice == (5, 2)``)."""
        return split(self.value)

    def successes(self, rng: SeedLike = None) -> int:
        """Roll this rank's dice and count successes."""
        return roll_successes(self.dice, rng)

    def distribution(self) -> dict[int, Fraction]:
        """Exact distribution of the number of successes of this rank's dice."""
        return success_distribution(self.dice)

    def __int__(self) -> int:
        return self.value

    def __index__(self) -> int:
        return self.value

    def __str__(self) -> str:
        return "+".join(str(d) for d in self.dice) if self.value else "0"

    def __repr__(self) -> str:
        return f"Rank({self.value})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Rank):
            return self.value == other.value
        if isinstance(other, int) and not isinstance(other, bool):
            return self.value == other
        return NotImplemented

    def __lt__(self, other: Rank | int) -> bool:
        return self.value < int(other)

    def __hash__(self) -> int:
        return hash(self.value)


def die_success(part: int) -> Fraction:
    """Chance that one die with target ``part`` succeeds: rolls of 1..part, never a 6."""
    if part < 0:
        raise InvalidInput(f"a die's rank must be at least 0, got {part!r}")
    return Fraction(min(part, ALWAYS_FAILS - 1), 6)


def success_distribution(dice: Iterable[int]) -> dict[int, Fraction]:
    """Exact distribution of successes for a pool of dice given by their targets."""
    return dict(_pool(tuple(sorted(int(d) for d in dice))))


@lru_cache(maxsize=4096)
def _pool(dice: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    dist = [Fraction(1)]
    for part in dice:
        p = die_success(part)
        q = 1 - p
        new = [Fraction(0)] * (len(dist) + 1)
        for k, w in enumerate(dist):
            new[k] += w * q
            new[k + 1] += w * p
        dist = new
    return tuple((k, w) for k, w in enumerate(dist) if w)


def roll_successes(dice: Sequence[int], rng: SeedLike = None) -> int:
    """Roll one die per entry of ``dice`` and count those at or under their target (6 fails)."""
    gen = rng if isinstance(rng, np.random.Generator) else make_rng(rng)[0]
    if not len(dice):
        return 0
    faces = gen.integers(1, 7, size=len(dice))
    targets = np.asarray(dice)
    return int(np.count_nonzero((faces <= targets) & (faces < ALWAYS_FAILS)))


def controlled_dice(own: int, controller: int, *, whole_split: bool = True) -> tuple[int, ...]:
    """Dice of a ship's ability when it is under the Control of an entity.

    A ship with rank 0 in the ability still has no dice. Otherwise each of the ship's dice
    uses the higher of its own part and the controller's rank; when the controller's rank is
    split (above 5) and ``whole_split`` is true, each of the ship's dice becomes the
    controller's whole split instead (a 5+1 ship under a 5+3 controller rolls 5, 3, 5, 3).
    With ``whole_split`` false a split controller counts part for part as its first die.

    >>> controlled_dice(1, 4), controlled_dice(6, 8), controlled_dice(3, 8), controlled_dice(0, 8)
    ((4,), (5, 3, 5, 3), (5, 3), ())
    """
    own_dice = split(own)
    ctrl = split(controller)
    if not own_dice:
        return ()
    if len(ctrl) > 1 and whole_split:
        return ctrl * len(own_dice)
    best = ctrl[0] if ctrl else 0
    return tuple(max(part, best) for part in own_dice)
