"""Which skill the next check on a board should use, with the exact chance behind each.

Each use of a skill on a board makes the next use of the same skill harder (+2 by default, see
:mod:`kit.boards.rules`), so a strong skill used again can be worse than a weak fresh one, and
a skill is sometimes best saved for a later, harder card. :func:`skill_advice` takes the skills
the players have (each with its own check distribution if they differ) and gives each the
chance of the board's success when that skill makes the next check and every later check is
played as well as possible. It is also reached as ``kit.advice(board, skills=...)``.

How the chance is found: every position the board can reach is valued once
(:class:`~kit.boards.walk.Walk`), with the board's own step function (the same code that plays
a check at the table) on standard, preparation, contest and chase boards, trying every skill at
every check (and on a limit board every distinct card, :mod:`kit.boards.limit_walk`) and keeping
the best. Face-down cards are averaged over the cards still in the deck, never read; face-down
slots with different modifiers are different cards. Contests and chases can repeat a round
without a change (a tie, or both sides failing): a skill whose uses no longer matter then faces
the same position again, which is solved as the repeating round it is; once no skill on offer
can succeed any more, the players can no longer get their way and the walk stops.

>>> from kit.boards import Contest
>>> debate = Contest([6, 7, 8, 7, 6])
>>> a = skill_advice(debate, {"Persuasion: Argue": "2d6+2", "Insight: Read": "2d6"})
>>> a.best
'Persuasion: Argue'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import validate
from ..advising import Advice
from ..errors import IllegalAction, InvalidInput, InvalidType
from .base import Board
from .cards import PoolLike
from .chase import ESCAPEE, Chase
from .checks import CheckDistribution, ChecksLike, SkillPlan, SkillsLike, default_order
from .contest import Contest
from .exact import pool_counts
from .limit import LimitBoard
from .limit_walk import Card, LimitWalk
from .rules import penalty, tracked_key
from .skill_rounds import RoundWalk
from .skill_walk import SkillWalk
from .standard import PreparationBoard, StandardBoard
from .walk import MAX_STATES, Offered, settled

__all__ = ["MAX_STATES", "skill_advice"]

_TIE = 1e-12


def _skills(board: Board[Any], skills: Any, checks: ChecksLike) -> list[Offered]:
    """Read ``skills``: names (all rolling ``checks``) or a mapping name -> checks (or None)."""
    if isinstance(skills, str) or skills is None:
        raise InvalidType(
            "skills must list the skills the players may use (a list of one or more names, or "
            f"a mapping name -> checks), got {skills!r}"
        )
    default = CheckDistribution.of(checks)
    if isinstance(skills, Mapping):
        items = list(skills.items())
    elif isinstance(skills, Sequence):
        items = [(name, None) for name in skills]
    else:
        raise InvalidType(f"skills must be a list or a mapping of skill names, got {skills!r}")
    if not items:
        raise InvalidInput("skills: at least one skill is needed, got none")
    out: list[Offered] = []
    seen: dict[str | None, str] = {}
    for name, own in items:
        if not isinstance(name, str):
            raise InvalidType(
                f"skills: each skill must be a name such as 'Tinker: Repair', got {name!r}"
            )
        key = tracked_key(name, board.rules)
        if key is not None and key in seen:
            raise InvalidInput(
                f"skills: {name!r} and {seen[key]!r} are the same skill on a board (key {key!r})"
            )
        seen[key] = name
        dist = default if own is None else CheckDistribution.of(own, f"skills[{name!r}]")
        out.append(Offered(name, name, key, dist))
    return out


def skill_advice(
    board: Board[Any],
    skills: Sequence[str] | Mapping[str, ChecksLike | None],
    checks: ChecksLike = "2d6",
    *,
    pool: PoolLike = None,
    at_least: int | None = None,
    opponent_checks: ChecksLike | None = None,
    opponent_skills: SkillsLike = None,
) -> Advice:
    """The chance of the board's success for each skill the next check may use.

    Args:
        board: any of the kit's boards still in play (standard, preparation, limit, contest,
            chase).
        skills: the skills the players may use, as names (every one rolls ``checks``) or as a
            mapping from name to that skill's own checks (``None``: ``checks``).
        checks: the players' check distribution (``"2d6"``, a table or an int).
        pool: the cards a face-down card of a limit board may be (default: the event deck
            minus the visible cards).
        at_least: on a preparation board, the strength that counts as success (required there).
        opponent_checks: a contest opponent's checks (default: ``checks``).
        opponent_skills: a contest opponent's skill plan from the next exchange on (as for
            :func:`~kit.boards.odds.odds`; default: no skill, so no penalty).

    Each option is labelled with the skill's name as given. Its chance assumes that skill makes
    the next check and every later check is played as well as possible (the skill, and on a
    limit board the card, that gives the best chance from there; the same skills are on offer
    every time, each as often as wanted). A skill's uses already on the board count toward its
    penalty. Success is the goal reached (standard), the limit met (limit), ``at_least``
    successes (preparation), the contest won, or the chase ended the players' way (escaped or
    caught, by their role). The chances are computed over every position and check result, in
    floating point (``Advice.exact`` is True: nothing is sampled). The notes give the next
    check's own chance and penalty (and the best card on a limit board). On a tie the first
    skill listed is ``best``.

    Raises:
        IllegalAction: the board is finished, so there is nothing to decide.
        InvalidType: not one of the kit's boards, or ``skills`` is not a list or mapping.
        InvalidInput: two names for one skill, no skills, a preparation board without
            ``at_least``, or more than :data:`MAX_STATES` positions to walk.
    """
    if not isinstance(board, (StandardBoard, PreparationBoard, LimitBoard, Contest, Chase)):
        raise InvalidType(
            "skill_advice() needs a standard, preparation, limit, contest or chase board, got "
            f"{type(board).__name__}"
        )
    if board.finished:
        raise IllegalAction(
            f"the board is finished ({board.result}), so there is nothing to decide"
        )
    if isinstance(board, PreparationBoard):
        if at_least is None:
            raise InvalidInput(
                "at_least: a preparation board has no goal; give the strength that counts as "
                f"success (1 to {board.length})"
            )
        at_least = validate.integer("at_least", at_least, 1, board.length)
    elif at_least is not None:
        raise InvalidInput(f"at_least is for preparation boards only, not a {board.KIND} board")
    if not isinstance(board, Contest) and (opponent_checks, opponent_skills) != (None, None):
        raise InvalidInput(
            f"opponent_checks and opponent_skills are for contests, not a {board.KIND} board"
        )
    offered = _skills(board, skills, checks)
    state = board.snapshot
    options: dict[str, float] = {}
    notes: dict[str, str] = {}
    if isinstance(board, LimitBoard):
        lw = LimitWalk(board, skills=offered, pool=pool_counts(board, pool))
        pos = lw.start(board)
        for i, s in enumerate(offered):
            best: tuple[float, int, float] | None = None
            tried: set[Card] = set()
            j = lw.index_for(board, i)
            for slot in default_order(board):
                card = lw.card_of(board, slot)
                if card in tried:
                    continue
                tried.add(card)
                chance = lw.option(pos, (j, card))
                if best is None or chance > best[0] + _TIE:
                    best = (chance, slot, lw.check_chance(pos, j, card))
            assert best is not None
            options[s.label] = best[0]
            pen = penalty(s.name, state.used, board.rules)
            notes[s.label] = f"slot {best[1]}: next check {best[2]:.1%} (penalty +{pen})"
    else:
        # (the chance of the players' way, the next check's own chance) for each skill offered
        chances: list[tuple[float, float]] = []
        if isinstance(board, (Contest, Chase)):
            opponent = CheckDistribution.of(
                checks if opponent_checks is None else opponent_checks, "opponent_checks"
            )
            rounds = RoundWalk(board, offered, opponent, SkillPlan.of(opponent_skills))
            at = rounds.start(board)
            for i in range(len(offered)):
                j = rounds.index_for(board, i)
                chances.append((rounds.option(at, j), rounds.check_chance(at, j)))
        else:
            walk = SkillWalk(board, offered, at_least)
            start = walk.start(board)
            chances = [
                (walk.option(start, i), walk.check_chance(start, i)) for i in range(len(offered))
            ]
        for s, (chance, check) in zip(offered, chances):
            options[s.label] = chance
            pen = penalty(s.name, state.used, board.rules)
            notes[s.label] = f"next check {check:.1%} (penalty +{pen})"
    options = settled(options)
    top = max(options.values())
    best_label = next(label for label, p in options.items() if p >= top - _TIE)
    return Advice(
        options=options,
        best=best_label,
        exact=True,
        question=f"Which skill for the next check? (chance of {_goal(board, at_least)}, "
        "best play after)",
        notes=notes,
        answers={s.label: s.name for s in offered},
    )


def _goal(board: Board[Any], at_least: int | None) -> str:
    """What success means on ``board``, in words."""
    if isinstance(board, Chase):
        return "escaping" if board.role == ESCAPEE else "catching the quarry"
    return {
        "standard": "reaching the goal",
        "limit": "meeting the limit",
        "preparation": f"strength {at_least} or more",
        "contest": "winning the contest",
    }[board.KIND]
