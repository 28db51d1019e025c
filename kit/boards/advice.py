"""Advice on a board: which card to face next, and which skill to use next.

Two decisions the players make on a board have exact advice here, both under *best play*: each
answer's chance is that of the board ending the players' way when that answer is taken now and
every later choice is made as well as possible, knowing by then what the earlier checks did and
which face-down cards they turned up.

**Which card** (limit boards). The players choose the card each check faces.
:func:`card_advice` gives each open slot the chance of meeting the limit when the next check
faces it, the checks using the players' skill plan (``plan=``: the ``i``-th check from now uses
the plan's ``i``-th skill, so its repeated-skill penalty is fixed by its place). A face-down card
is any card still unseen, drawn without replacement, and its target is its value plus its own
slot's modifier: face-down slots with different modifiers are different choices, and each label
names the slot's face and modifier (``"slot 2, face down, -3"``, ``"slot 3, 4"``).

When every check carries the same penalty (no repeated skill in the plan), the order cannot
change the chance: success means enough of the cards still open would be beaten, whichever comes
first. The options then tie. The order matters once a skill repeats, since each repeat makes the
next check harder, and best play can do better than any fixed order by choosing each card once
the earlier results are known:

>>> from kit.boards import LimitBoard
>>> board = LimitBoard([4, 8, 6], need=2)
>>> a = card_advice(board, checks="2d6", plan="Tinker")
>>> a.best, round(a.options["slot 3, 6"], 4), a.answer()
('slot 3, 6', 0.5465, 3)

**Which skill** (every kind of board; it lives in :mod:`kit.boards.skill_choice` and is
exported here). Each use of a skill on a board makes the next use of the same skill 2 harder,
so a strong skill used again can be worse than a weak fresh one. :func:`skill_advice` takes the
skills the players have (``skills=``, each with its own check distribution if they differ) and
gives, for each, the chance of the board's success when that skill makes the next check and
every later check is played as well as possible: each picks the best of the same skills given
what has happened by then (and, on a limit board, the best card to face).

>>> from kit.boards import StandardBoard
>>> bomb = StandardBoard([6, 6, 7, 4], goal=3)
>>> _ = bomb.check(6, "Investigation: Mechanical Working")
>>> _ = bomb.check(5, "Tinker: Disable Device")
>>> a = skill_advice(bomb, ["Persuasion: Calm", "Tinker: Disable Device"])
>>> a.best, round(a.options["Persuasion: Calm"], 4), round(a.options["Tinker: Disable Device"], 4)
('Persuasion: Calm', 0.4213, 0.2546)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

from ..advising import Advice
from ..errors import IllegalAction, InvalidInput, InvalidType
from .base import Board
from .cards import PoolLike
from .chase import Chase
from .checks import CheckDistribution, ChecksLike, SkillPlan, SkillsLike, default_order
from .contest import Contest
from .exact import pool_counts
from .limit import LimitBoard
from .limit_walk import Card, LimitWalk
from .skill_choice import MAX_STATES, skill_advice
from .standard import PreparationBoard, StandardBoard
from .walk import settled

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["MAX_STATES", "AdviceOptions", "advice", "card_advice", "skill_advice"]

_TIE = 1e-12


class AdviceOptions(TypedDict, total=False):
    """What :func:`advice` passes on to :func:`card_advice` (a limit board's card) or
    :func:`skill_advice` (the next check's skill); each takes only its own."""

    checks: ChecksLike
    """The players' check distribution (``"2d6"``, a table or an int)."""
    skills: SkillsLike | Sequence[str] | Mapping[str, ChecksLike | None]
    """Skill advice: the skills on offer (names, or name -> that skill's own checks); card
    advice: the skill plan's older name."""
    plan: SkillsLike
    """Card advice: the skills the players plan to use, in order."""
    pool: PoolLike
    """The cards a face-down card of a limit board may be."""
    at_least: int | None
    """Skill advice on a preparation board: the strength that counts as success."""
    opponent_checks: ChecksLike | None
    """Skill advice on a contest: the opponent's checks."""
    opponent_skills: SkillsLike
    """Skill advice on a contest: the opponent's skill plan."""


def card_advice(
    board: LimitBoard,
    checks: ChecksLike = "2d6",
    plan: SkillsLike = None,
    *,
    skills: SkillsLike = None,
    pool: PoolLike = None,
) -> Advice:
    """The exact chance of meeting a limit board's limit for each card the next check may face.

    Args:
        board: a :class:`~kit.boards.limit.LimitBoard` still in play.
        checks: the players' check distribution (``"2d6"``, a table or an int).
        plan: the skills the players plan to use, in order: a list (one name per check, later
            checks without a skill), one name for every check, a
            :class:`~kit.boards.checks.SkillPlan`, or None (no skill, so no penalty), as for
            :func:`~kit.boards.odds.odds`.
        skills: the older name of ``plan`` on this function, still accepted (give one of them).
            For the skills on offer at each check, ask :func:`skill_advice` instead
            (``kit.advice(board, decide="skill", skills=[...])``).
        pool: the cards a face-down card may be (default: the event deck minus the visible cards).

    Each option is labelled by :meth:`LimitBoard.slot_label` (``"slot 2, face down, -3"``);
    :meth:`~kit.advising.Advice.answer` gives its slot number, and ``board.check`` takes either.
    After it every check faces the card that is best by then. On a tie the first slot in the
    default order (face-up cards easiest first, then face-down ones left to right) is ``best``.
    The notes give the next check's own chance.

    Raises:
        IllegalAction: the board is finished, so there is nothing to decide.
        InvalidInput: both ``plan`` and ``skills`` given.
    """
    if not isinstance(board, LimitBoard):
        raise InvalidType(f"card advice needs a LimitBoard, got {type(board).__name__}")
    if board.finished:
        raise IllegalAction(
            f"the board is finished ({board.result}), so there is nothing to decide"
        )
    if plan is not None and skills is not None:
        raise InvalidInput(
            "give the skill plan once: plan= (skills= is its older name on card advice)"
        )
    walk = LimitWalk(
        board,
        checks=CheckDistribution.of(checks),
        plan=SkillPlan.of(plan if plan is not None else skills),
        pool=pool_counts(board, pool),
    )
    pos = walk.start(board)
    worth: dict[Card, tuple[float, float]] = {}
    options: dict[str, float] = {}
    notes: dict[str, str] = {}
    answers: dict[str, Any] = {}
    for slot in default_order(board):
        card = walk.card_of(board, slot)
        if card not in worth:
            worth[card] = (walk.option(pos, (0, card)), walk.check_chance(pos, 0, card))
        label = board.slot_label(slot)
        options[label], check = worth[card]
        notes[label] = f"next check {check:.1%} (penalty +{walk.penalty(pos, 0)})"
        answers[label] = slot
    options = settled(options)
    top = max(options.values())
    best = next(label for label, p in options.items() if p >= top - _TIE)
    need = board.need - board.successes
    return Advice(
        options=options,
        best=best,
        exact=True,
        question=(
            f"Limit board: which card does the next check face? ({need} more success(es) "
            "needed; best play after)"
        ),
        notes=notes,
        answers=answers,
    )


def advice(
    board: Board[Any], *, decide: str | None = None, **options: Unpack[AdviceOptions]
) -> Advice:
    """Advice on the decision a board in play waits for (``kit.advice(board)`` is this function).

    A limit board asks which card to face next (``decide="card"``, the default:
    :func:`card_advice`, with the skill plan as ``plan=``, or by its older name ``skills=``) or
    which skill the next check uses (``decide="skill"``: :func:`skill_advice`, with the skills
    on offer as ``skills=``); every other board asks only which skill (``skills=`` is needed).

    :meth:`~kit.advising.Advice.choose` plays the chosen card or skill as the board's next
    check, given the check's total from the host game: ``choose(label, check=9)`` (a contest
    also takes the opponent's total, ``opponent=``; a skill chosen on a limit board also the
    slot its check faces, ``slot=``; a card chosen there may name the check's ``skill=``).
    """
    given: dict[str, Any] = dict(options)  # each function below checks the options it takes
    if isinstance(board, LimitBoard):
        decide = "card" if decide is None else decide
        if decide == "skill":
            if "plan" in given:
                raise InvalidInput(
                    "plan= is the skill plan of card advice; skill advice takes the skills on "
                    "offer as skills=[...]"
                )
            return _playing(board, "skill", skill_advice(board, **given))
        if decide != "card":
            raise InvalidInput(f"decide must be 'card' or 'skill' on a limit board, got {decide!r}")
        return _playing(board, "card", card_advice(board, **given))
    if decide not in (None, "skill"):
        raise InvalidInput(f"decide: a {board.KIND} board only has 'skill', got {decide!r}")
    if "skills" not in given:
        raise InvalidInput(
            f"a {board.KIND} board's decision is which skill the next check uses: pass "
            "skills=[...] (the skills the players may use); card advice is for a LimitBoard"
        )
    return _playing(board, "skill", skill_advice(board, **given))


def _playing(board: Board[Any], decide: str, advised: Advice) -> Advice:
    """``advised`` whose :meth:`~kit.advising.Advice.choose` plays the answer on ``board``."""
    played = len(board.history)

    def apply(
        answer: object,
        *,
        check: int | None = None,
        opponent: int | None = None,
        slot: int | str | None = None,
        skill: str | None = None,
    ) -> Board[Any]:
        if len(board.history) != played or board.finished:
            raise IllegalAction("the board has moved on since this advice; ask for advice again")
        if check is None:
            raise InvalidInput(
                "a board moves on with a check: pass check=<the check's total from the host game>"
            )
        if isinstance(board, LimitBoard):
            if decide == "card":
                board.check(check, int(str(answer)), skill)
            else:
                if slot is None:
                    raise InvalidInput(
                        "a skill chosen on a limit board also needs the slot its check faces: slot="
                    )
                board.check(check, slot, str(answer))
        elif isinstance(board, Contest):
            if opponent is None:
                raise InvalidInput(
                    "a contest's exchange also needs the opponent's total: opponent="
                )
            board.check(check, opponent, str(answer))
        elif isinstance(board, (StandardBoard, PreparationBoard, Chase)):
            board.check(check, str(answer))
        else:
            raise InvalidType(f"the kit plays no checks on a {type(board).__name__}")
        return board

    return dataclasses.replace(advised, apply=apply)
