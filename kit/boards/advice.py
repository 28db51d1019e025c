"""Advice on a board: which card to face next, and which skill to use next.

Two decisions the players make on a board have exact advice here.

**Which card** (limit boards). The players choose the card each check faces.
:func:`board_advice` forces each open slot as the next card and computes the exact chance of
meeting the limit with :func:`~kit.boards.odds.odds`, the rest of the cards faced in the best
fixed order (every distinct order of the cards left is tried, face-down cards counting as
alike; past :data:`MAX_ORDERS` orders the default order is used, face-up cards easiest first).

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

**Which skill** (every kind of board; it lives in :mod:`kit.boards.skill_choice` and is
exported here). Each use of a skill on a board makes the next use of the same skill 2 harder,
so a strong skill used again can be worse than a weak fresh one. :func:`skill_advice` takes the
skills the players have (each with its own check distribution if they differ) and gives, for
each, the chance of the board's success when that skill makes the next check and every later
check is played as well as possible: each picks the best of the same skills given what has
happened by then (and, on a limit board, the best card to face).

>>> from kit.boards import StandardBoard
>>> bomb = StandardBoard([6, 6, 7, 4], goal=3)
>>> _ = bomb.check(6, "Investigation: Mechanical Working")
>>> _ = bomb.check(5, "Tinker: Disable Device")
>>> a = skill_advice(bomb, ["Persuasion: Calm", "Tinker: Disable Device"])
>>> a.best, round(a.options["Persuasion: Calm"], 4), round(a.options["Tinker: Disable Device"], 4)
('Persuasion: Calm', 0.4213, 0.2546)
"""

from __future__ import annotations

from typing import Any

from ..advising import Advice
from ..errors import IllegalAction, InvalidInput, InvalidType
from .checks import ChecksLike
from .limit import LimitBoard
from .odds import odds
from .skill_choice import MAX_STATES, skill_advice

__all__ = ["MAX_ORDERS", "MAX_STATES", "advise", "board_advice", "skill_advice"]

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


def advise(board: Any, *, decide: str | None = None, **options: Any) -> Advice:
    """Advice on the decision a board in play waits for (behind :func:`kit.advice`).

    A limit board asks which card to face next (``decide="card"``, the default:
    :func:`board_advice`) or which skill the next check uses (``decide="skill"``:
    :func:`skill_advice`); every other board asks only which skill (``skills=`` is needed).
    """
    if isinstance(board, LimitBoard):
        decide = "card" if decide is None else decide
        if decide == "skill":
            return skill_advice(board, **options)
        if decide != "card":
            raise InvalidInput(f"decide must be 'card' or 'skill' on a limit board, got {decide!r}")
        return board_advice(board, **options)
    if decide not in (None, "skill"):
        raise InvalidInput(f"decide: a {board.KIND} board only has 'skill', got {decide!r}")
    if "skills" not in options:
        raise InvalidInput(
            f"a {board.KIND} board's decision is which skill the next check uses: pass "
            "skills=[...] (the skills the players may use); card advice is for a LimitBoard"
        )
    return skill_advice(board, **options)
