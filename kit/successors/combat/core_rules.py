"""Battle rules written once, on plain numbers, for the engine and the vectorised simulation.

Each function here is the single statement of one rule. It uses only arithmetic and
comparisons, so the event-log engine calls it with plain ints and bools (one battle) and
:mod:`kit.successors.combat.simulate` calls it with numpy arrays (thousands of battles at
once, the same rule broadcast). The engine's modules keep their own signatures and call
these:

* :func:`die_hits` is a die's success (``pools.hits_of``); :func:`die_chance` is the chance
  the simulation draws binomials with, counted from :func:`die_hits` over the six faces;
* :func:`competing_margin` is what is left when sides score on one target in the same
  phase (``takeover.cancel_competing``, gathers);
* :func:`takeover_needed` is the successes a Take-Over needs (``takeover.needed_successes``);
* :func:`control_excess` is how many ships must leave Control after a hit lowers it
  (``damage.control_excess``);
* :func:`battle_end` is the end-of-battle check after each phase (the battle's end check).

>>> die_hits(3, 3), die_hits(3, 4), die_hits(7, 6)
(True, False, False)
>>> [round(float(die_chance(p)), 3) for p in (1, 5, 8)]
[0.167, 0.833, 0.833]
>>> competing_margin([2, 1]), competing_margin([1, 1]), competing_margin([0, 3])
((0, 1), (-1, 0), (1, 3))
>>> battle_end([True, False, False]), battle_end([True, True])
((True, 0), (False, -1))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, overload

import numpy as np
import numpy.typing as npt

__all__ = [
    "FACES",
    "BoolArray",
    "IntArray",
    "battle_end",
    "competing_margin",
    "control_excess",
    "die_chance",
    "die_hits",
    "takeover_needed",
]

#: The faces of the d6 every roll of the combat rules uses.
FACES = (1, 2, 3, 4, 5, 6)

#: Whole numbers of the vectorised simulation: one per battle (or per battle and side, ...).
IntArray = npt.NDArray[np.integer[Any]]
#: Flags of the vectorised simulation, laid out as an :data:`IntArray`.
BoolArray = npt.NDArray[np.bool_]
_Ints = int | np.integer[Any] | IntArray


@overload
def die_hits(part: int, face: int) -> bool: ...
@overload
def die_hits(part: IntArray, face: _Ints) -> BoolArray: ...
@overload
def die_hits(part: _Ints, face: IntArray) -> BoolArray: ...
def die_hits(part: _Ints, face: _Ints) -> bool | np.bool_ | BoolArray:
    """A die of rank ``part`` rolling ``face`` succeeds: at or under the part, never on a 6."""
    return (face <= part) & (face < 6)


@overload
def die_chance(part: int) -> float: ...
@overload
def die_chance(part: IntArray) -> npt.NDArray[np.float64]: ...
def die_chance(part: int | IntArray) -> float | npt.NDArray[np.float64]:
    """Chance a die of rank ``part`` succeeds: :func:`die_hits` counted over the six faces."""
    parts = np.asarray(part)
    return sum(np.asarray(die_hits(parts, f), float) for f in FACES) / len(FACES)


@overload
def competing_margin(scores: Sequence[int]) -> tuple[int, int]: ...
@overload
def competing_margin(scores: IntArray) -> tuple[IntArray, IntArray]: ...
def competing_margin(
    scores: Sequence[int] | IntArray,
) -> tuple[int, int] | tuple[IntArray, IntArray]:
    """Sides scoring on one target in the same phase cancel (the rule for anything tried by
    several at once): ``(side, margin)`` of the best side over the next best, or ``(-1, 0)``
    when nobody scored or the best are tied. ``scores`` has the sides on its last axis: a list
    (one target: ints come back) or an array with a row per target (arrays come back)."""
    s = np.maximum(np.asarray(scores), 0)
    if s.shape[-1] == 1:
        top = s[..., 0]
        second = np.zeros_like(top)
    else:
        part = np.sort(s, axis=-1)
        top, second = part[..., -1], part[..., -2]
    best = np.argmax(s, axis=-1)
    keep = top > second
    side = np.where(keep, best, -1)
    margin = np.where(keep, top - second, 0)
    if side.ndim == 0:
        return int(side), int(margin)
    return side, margin


@overload
def takeover_needed(controlled: bool, uncontrolled_n: int, controlled_n: int) -> int: ...
@overload
def takeover_needed(controlled: BoolArray, uncontrolled_n: int, controlled_n: int) -> IntArray: ...
def takeover_needed(
    controlled: bool | BoolArray, uncontrolled_n: int, controlled_n: int
) -> int | IntArray:
    """Successes a Take-Over needs: more for a ship under its entity's direct Control."""
    return uncontrolled_n + (controlled_n - uncontrolled_n) * controlled


@overload
def control_excess(held: int, control_rank: int, per_rank: int) -> np.integer[Any]: ...
@overload
def control_excess(held: IntArray, control_rank: _Ints, per_rank: int) -> IntArray: ...
def control_excess(
    held: int | IntArray, control_rank: _Ints, per_rank: int
) -> np.integer[Any] | IntArray:
    """Ships over the Control limit: ``held`` under Control, the entity's Control rank now."""
    excess: np.integer[Any] | IntArray = np.maximum(
        0, held - np.maximum(0, control_rank) * per_rank
    )
    return excess


@overload
def battle_end(remaining: Sequence[bool]) -> tuple[bool, int]: ...
@overload
def battle_end(remaining: BoolArray) -> tuple[BoolArray, IntArray]: ...
def battle_end(
    remaining: Sequence[bool] | BoolArray,
) -> tuple[bool, int] | tuple[BoolArray, IntArray]:
    """After each phase: ``(over, winner)`` from which sides are still fighting and have not
    retreated (last axis): a list for one battle (a bool and an int come back) or an array
    with a row per battle (arrays come back). The battle is over when one side or none is
    left; the one left wins (winner -1: none)."""
    r = np.asarray(remaining, bool)
    count = r.sum(axis=-1)
    over = count <= 1
    winner = np.where(count == 1, np.argmax(r, axis=-1), -1)
    if winner.ndim == 0:
        return bool(over), int(winner)
    return over, winner
