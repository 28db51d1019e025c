"""Advice on a limit board: which card to face next, with the exact chance behind each.

On a limit board the players choose the card each check faces. :func:`board_advice` forces
each open slot as the next card and computes the exact chance of meeting the limit with
:func:`~kit.boards.odds.odds`, the rest of the cards faced in the best fixed order (every
distinct order of the cards left is tried, face-down cards counting as alike; past
:data:`MAX_ORDERS` orders the default order is used, face-up cards easiest first).

When every check carries the same penalty (no repeated skill in the plan), the order cannot
change the chance: success means enough of the cards still open would be beaten, whichever comes
first. The options then tie, and the advice says so. The order matters once a skill repeats,
since each repeat makes the next check harder: the easy cards are best kept for the late,
penalised checks, or faced early while the skill is fresh, depending on the cards.

>>> from kit.boards import LimitBoard
>>> board = LimitBoard([4, 8, 6], need=2)
>>> a = board_advice(board, checks="2d6", skills="Tinker")
>>> a.best, round(a.options["slot 3 (6)"], 4)
('slot 3 (6)', 0.5328)
"""

from __future__ import annotations

from typing import Any

from ..advising import Advice
from ..errors import IllegalAction, InvalidType
from .checks import ChecksLike
from .limit import LimitBoard
from .odds import odds

__all__ = ["MAX_ORDERS", "board_advice"]

_TIE = 1e-12

#: The most distinct orders of the remaining cards tried after each first card.
MAX_ORDERS = 120


def _orders(keys: list[tuple[Any, ...]]) -> list[list[int]]:
    """Every distinct order of the items (indices), items with equal keys counted once."""
    out: list[list[int]] = []

    def rec(prefix: list[int], left: list[int]) -> None:
        if len(out) > MAX_ORDERS:
            return
        if not left:
            out.append(prefix)
            return
        seen: set[tuple[Any, ...]] = set()
        for j, i in enumerate(left):
            if keys[i] not in seen:
                seen.add(keys[i])
                rec(prefix + [i], left[:j] + left[j + 1 :])

    rec([], list(range(len(keys))))
    return out


def _label(board: LimitBoard, slot: int) -> str:
    if board.is_face_down(slot):
        return f"slot {slot} (face down)"
    mod = board.modifiers[slot - 1]
    card = board.cards[slot - 1].value
    return f"slot {slot} ({card}{mod:+d})" if mod else f"slot {slot} ({card})"


def board_advice(
    board: LimitBoard, checks: ChecksLike = "2d6", skills: Any = None, *, pool: Any = None
) -> Advice:
    """The exact chance of meeting a limit board's limit for each card the next check may face.

    Args:
        board: a :class:`~kit.boards.limit.LimitBoard` still in play.
        checks: the players' check distribution (``"2d6"``, a table or an int).
        skills: the skills the players plan to use, in order (as for :func:`~kit.boards.odds.odds`).
        pool: the cards a face-down card may be (default: the event deck minus the visible cards).

    Each option is labelled ``"slot N (value)"`` (``"slot N (face down)"`` for a hidden card);
    after it the remaining cards are faced in the best fixed order (the default order when
    there are more than :data:`MAX_ORDERS` to try). On a tie the first slot in the default
    order is ``best``.

    Raises:
        IllegalAction: the board is finished, so there is nothing to decide.
    """
    if not isinstance(board, LimitBoard):
        raise InvalidType(f"board_advice() needs a LimitBoard, got {type(board).__name__}")
    if board.finished:
        raise IllegalAction(
            f"the board is finished ({board.result}), so there is nothing to decide"
        )
    from .checks import default_order

    options: dict[str, float] = {}
    first = default_order(board)
    searched = True
    for slot in first:
        rest = [s for s in first if s != slot]
        keys = [
            ("down",)
            if board.is_face_down(s)
            else (board.cards[s - 1].value, board.modifiers[s - 1])
            for s in rest
        ]
        orders = _orders(keys)
        if len(orders) > MAX_ORDERS:
            orders, searched = [list(range(len(rest)))], False
        chance = max(
            float(
                odds(board, checks, skills, order=[slot] + [rest[i] for i in o], pool=pool).success
                or 0
            )
            for o in orders
        )
        options[_label(board, slot)] = chance
    top = max(options.values())
    best = next(label for label, p in options.items() if p >= top - _TIE)
    need = board.need - board.successes
    return Advice(
        options=options,
        best=best,
        exact=True,
        question=(
            f"Limit board: which card does the next check face? ({need} more success(es) needed; "
            + ("the rest in the best order)" if searched else "the rest in the default order)")
        ),
    )
