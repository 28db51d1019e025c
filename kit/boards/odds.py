"""Exact odds of a board, the odds of the next check, and a Monte Carlo of the same engine.

Given how the players' checks are distributed (a dice expression such as ``"2d6"``, a
``{value: weight}`` table or an int) and which skills they plan to use (a
:class:`~kit.boards.checks.SkillPlan`), :func:`odds` computes how the board will end:

* standard, preparation and limit boards: a dynamic programme over the checks still to come.
  Cards not yet seen (face-down cards on a limit board, or every card of a board not yet
  dealt, see :func:`deal_odds`) are averaged over every deal of the remaining deck, drawn
  without replacement, by keeping the counts of each value still undealt rather than the
  order they came in; when every card is unseen and every check alike the deal is
  exchangeable and a closed form replaces the programme. The answer is an exact
  :class:`~fractions.Fraction` either way (see :mod:`kit.boards.sequence`);
* contests and chases: a Markov chain over the goal's position and the cards left, iterated
  round by round in floating point until less than ``1e-13`` of the probability is still in
  play (ties in a contest, or a failed NPC in a chase, can repeat a round indefinitely).

The work is split by method: :mod:`kit.boards.sequence` (the dynamic programme and the
closed form), :mod:`kit.boards.exact` (what each board kind asks of it),
:mod:`kit.boards.markov` (contests and chases), :mod:`kit.boards.montecarlo` (:func:`simulate`)
and :mod:`kit.boards.outcomes` (:class:`BoardOdds`); this module holds the entry points.

:func:`simulate` plays copies of the board with the engine itself and a seeded
:class:`~kit.boards.checks.CheckSource`; a test checks that it agrees with :func:`odds`.

>>> from kit.boards import StandardBoard
>>> o = odds(StandardBoard([6, 5, 7, 4], goal=3), checks="2d6")
>>> o.success
Fraction(443, 576)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TypedDict

from ..errors import IllegalAction, InvalidInput, InvalidType
from .base import Board
from .cards import Card, PoolLike, event_deck_cards
from .chase import Chase
from .checks import CheckDistribution, ChecksLike, SkillPlan, SkillsLike
from .contest import Contest
from .exact import (
    deals_of,
    dealt_limit_odds,
    limit_odds,
    pool_counts,
    preparation_odds,
    standard_odds,
)
from .limit import LimitBoard
from .markov import chase_odds, contest_odds, deals_lazily
from .montecarlo import simulate
from .outcomes import BoardOdds
from .standard import PreparationBoard, StandardBoard

__all__ = [
    "MAX_DEALS",
    "BoardOdds",
    "OddsOptions",
    "deal_odds",
    "exchange_odds",
    "next_check_odds",
    "odds",
    "simulate",
]


class OddsOptions(TypedDict, total=False):
    """The keyword options of :func:`odds` besides the players' checks and skills (what a
    figure or a widget passes on to it)."""

    opponent_checks: ChecksLike | None
    """A contest opponent's checks (default: the players' checks)."""
    opponent_skills: SkillsLike
    """A contest opponent's skill plan."""
    order: Sequence[int] | None
    """On a limit board, the slots the players face in order."""
    pool: PoolLike
    """The cards a face-down card of a limit board may be."""


def odds(
    board: Board[Any],
    checks: ChecksLike = "2d6",
    skills: SkillsLike = None,
    *,
    opponent_checks: ChecksLike | None = None,
    opponent_skills: SkillsLike = None,
    order: Sequence[int] | None = None,
    pool: PoolLike = None,
) -> BoardOdds:
    """Exact odds of how ``board`` ends from where it stands.

    Args:
        board: any board kind, fresh or part-played.
        checks: the players' check distribution: ``"2d6+1"``, ``{value: weight}`` or an int.
        skills: the skills the players plan to use, in order (a list, one name for every
            check, or a :class:`SkillPlan`); repeats raise the difficulty as in play.
        opponent_checks: a contest opponent's checks (default: the same as ``checks``).
        opponent_skills: a contest opponent's skill plan.
        order: on a limit board, the slots the players face in order (default: face-up cards
            easiest first, then face-down ones left to right).
        pool: the cards an unseen card may be (default: the 20-card event deck minus the
            cards the players can see); a list of cards or ints, or an :class:`EventDeck`.
    """
    dist = CheckDistribution.of(checks)
    plan = SkillPlan.of(skills)
    if isinstance(board, StandardBoard):
        return standard_odds(board, dist, plan, pool)
    if isinstance(board, PreparationBoard):
        return preparation_odds(board, dist, plan, pool)
    if isinstance(board, LimitBoard):
        return limit_odds(board, dist, plan, pool, order)
    if isinstance(board, Contest):
        odist = (
            dist
            if opponent_checks is None
            else CheckDistribution.of(opponent_checks, "opponent_checks")
        )
        return contest_odds(board, dist, odist, plan, SkillPlan.of(opponent_skills))
    if isinstance(board, Chase):
        return chase_odds(board, dist, plan)
    raise InvalidType(f"board must be one of the kit's boards, got {type(board).__name__}")


def deal_odds(
    board: Board[Any],
    checks: ChecksLike = "2d6",
    skills: SkillsLike = None,
    *,
    pool: PoolLike = None,
    order: Sequence[int] | str | None = None,
    opponent_checks: ChecksLike | None = None,
    opponent_skills: SkillsLike = None,
) -> BoardOdds:
    """Odds of a board of ``board``'s shape *before* its cards are dealt.

    The cards on ``board`` are ignored (its length, goal, modifiers, hidden slots, rules and role
    are kept): every slot is dealt from ``pool`` (default: the full 20-card event deck), drawn
    without replacement, and the answer is exact over every deal. Standard and preparation
    boards use the dynamic programme directly (exact Fractions, a few milliseconds for ten
    cards; without modifiers or repeated skills a closed form, well under one).

    A limit board is dealt as it is played (RULINGS Complex Tasks 4): once dealt, the players
    see the face-up cards and choose the order; only the board's face-down slots stay unknown
    until faced. So the answer is the average, over every deal, of the dealt board's odds:

    * ``order=None`` (the default): :func:`odds` of each dealt board, its face-up cards faced
      easiest first, then the face-down ones left to right (exact Fractions);
    * ``order="best"``: best play on each dealt board, every card chosen once the checks before
      it are known, as :func:`~kit.boards.advice.card_advice` plays (floats); never below the
      default, and above it when a repeated skill makes the order matter;
    * a list of slots: those slots first in that order, whatever the deal (what is seen then
      changes nothing).
    A chase turns each card up the first time a check faces it, dealt from what is left
    (floats, any length), unless its two sides face different cards (an NPC that rolls against
    the pursuer's card while the players face the goal's, or the other way round). Such chases
    and contests average :func:`odds` over every distinct row of values (floats; for a contest
    only the ends, not its length); rows longer than about six cards have too many deals for
    that and raise, so use :func:`simulate` there.

    Raises:
        IllegalAction: the board already has checks on it (use :func:`odds`).
        InvalidInput: the pool is smaller than the board, or a row-averaged contest or chase
            has more than :data:`MAX_DEALS` distinct rows.
    """
    if len(board.events):
        raise IllegalAction(
            "deal_odds is for a board before play; this one has checks on it, use odds()"
        )
    dist = CheckDistribution.of(checks)
    plan = SkillPlan.of(skills)
    full = list(event_deck_cards()) if pool is None else pool
    if isinstance(board, StandardBoard):
        return standard_odds(board, dist, plan, full, unseen=True)
    if isinstance(board, PreparationBoard):
        return preparation_odds(board, dist, plan, full, unseen=True)
    if isinstance(board, LimitBoard):
        return _dealt_limit(board, dist, plan, full, order)
    if isinstance(board, (Contest, Chase)):
        counts = pool_counts(board, full)
        if sum(counts.values()) < board.length:
            raise InvalidInput(
                f"pool holds {sum(counts.values())} cards, fewer than the board's {board.length}"
            )
        if isinstance(board, Chase) and deals_lazily(board):
            return chase_odds(board, dist, plan, counts)
        rows = _deals(counts, board.length)
        outcomes: dict[str, float] = {}
        length: dict[int, float] = {}
        win = 0.0
        odist = (
            dist
            if opponent_checks is None
            else CheckDistribution.of(opponent_checks, "opponent_checks")
        )
        oplan = SkillPlan.of(opponent_skills)
        faces = {v: Card(v) for v in counts}  # built once: a Card passes validation as it is
        for values, weight in rows:
            dealt = board.fork(cards=[faces[v] for v in values])
            if isinstance(dealt, Contest):
                one = contest_odds(dealt, dist, odist, plan, oplan, lengths=False)
            else:
                one = odds(dealt, dist, plan)
            w = float(weight)
            win += w * float(one.success or 0)
            for k, p in one.outcomes.items():
                outcomes[k] = outcomes.get(k, 0.0) + w * float(p)
            for n, p in one.length.items():
                length[n] = length.get(n, 0.0) + w * float(p)
        return BoardOdds(board.KIND, outcomes, win, {}, dict(sorted(length.items())))
    raise InvalidType(f"deal_odds needs one of the kit's boards, got {type(board).__name__}")


def _dealt_limit(
    board: LimitBoard,
    dist: CheckDistribution,
    plan: SkillPlan,
    pool: PoolLike,
    order: Sequence[int] | str | None,
) -> BoardOdds:
    """:func:`deal_odds` of a limit board (see there)."""
    counts = pool_counts(board, pool)
    if sum(counts.values()) < board.length:
        raise InvalidInput(
            f"pool holds {sum(counts.values())} cards, fewer than the board's {board.length}"
        )
    if order is None:
        return dealt_limit_odds(board, dist, plan, counts)
    if isinstance(order, str):
        if order != "best":
            raise InvalidInput(f"order must be None, 'best' or a list of slots, got {order!r}")
        return _dealt_best(board, dist, plan, counts)
    # one order of slots for every deal: what is seen changes nothing, as if nothing were seen
    return limit_odds(board, dist, plan, pool, order, unseen_all=True)


def _dealt_best(
    board: LimitBoard, dist: CheckDistribution, plan: SkillPlan, counts: dict[int, int]
) -> BoardOdds:
    """Best play (each card chosen once the earlier checks are known) averaged over every deal."""
    from .limit_walk import LimitPos, LimitWalk

    walk = LimitWalk(board, checks=dist, plan=plan, pool=counts)
    _, deals = deals_of(board, counts)
    down = tuple(sorted(board.modifiers[s - 1] for s in board.hidden))
    win = 0.0
    for (diffs, left), weight in deals.items():
        start = LimitPos(diffs, down, 0, (0,), left if down else ())
        win += float(weight) * walk.value(start)
    return BoardOdds("limit", {"limit met": win, "limit missed": 1.0 - win}, win, {}, {})


#: The most distinct rows of values :func:`deal_odds` averages a contest or chase over.
MAX_DEALS = 20_000


def _deals(counts: dict[int, int], n: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every distinct row of ``n`` values dealt from ``counts`` without replacement, weighted."""
    values = sorted(counts)
    out: list[tuple[tuple[int, ...], Fraction]] = []

    def rec(prefix: tuple[int, ...], left: list[int], total: int, p: Fraction) -> None:
        if len(out) > MAX_DEALS:
            raise InvalidInput(
                f"a {n}-card row has more than {MAX_DEALS} distinct deals; use simulate() on dealt boards"
            )
        if len(prefix) == n:
            out.append((prefix, p))
            return
        for j, v in enumerate(values):
            if left[j]:
                left[j] -= 1
                rec(prefix + (v,), left, total - 1, p * Fraction(left[j] + 1, total))
                left[j] += 1

    rec((), [counts[v] for v in values], sum(counts.values()), Fraction(1))
    return out


def next_check_odds(
    board: Board[Any],
    checks: ChecksLike = "2d6",
    skill: str | None = None,
    *,
    pool: PoolLike = None,
) -> dict[int, Fraction]:
    """Chance that the players' next check succeeds, for each slot it could face (1-based).

    A standard or preparation board has one such slot (the next card); a limit board has
    every open slot (a face-down card averaged over ``pool``); a contest the card under the
    goal; a chase the card the players face this round. Empty once the board is finished.
    """
    dist = CheckDistribution.of(checks)
    if board.finished:
        return {}
    pen = board.penalty_for(skill)
    rules = board.rules
    if isinstance(board, LimitBoard):
        out = {}
        counts = pool_counts(board, pool)
        total = sum(counts.values())
        for s in board.open_slots:
            mod = board.modifiers[s - 1] + pen
            if board.is_face_down(s):
                out[s] = sum(
                    (
                        Fraction(c, total) * dist.success(v + mod, rules.meet_target)
                        for v, c in counts.items()
                    ),
                    Fraction(0),
                )
            else:
                out[s] = dist.success(board.cards[s - 1].value + mod, rules.meet_target)
        return out
    slot: int | None
    if isinstance(board, Chase):
        slot = board.player_target() + 1
    elif isinstance(board, Contest):
        slot = board.goal
    else:
        slot = board.next_slot
    if slot is None:
        return {}
    return {slot: dist.success(board.slot_target(slot, skill), rules.meet_target)}


def exchange_odds(
    board: Contest,
    checks: ChecksLike = "2d6",
    skill: str | None = None,
    *,
    opponent_checks: ChecksLike | None = None,
    opponent_skill: str | None = None,
) -> dict[str, Fraction]:
    """Chances of the next contest exchange: toward the players, toward the opponent, no move."""
    if not isinstance(board, Contest):
        raise InvalidType(f"exchange_odds needs a Contest, got {type(board).__name__}")
    if board.finished:
        return {}
    dist = CheckDistribution.of(checks)
    odist = (
        dist
        if opponent_checks is None
        else CheckDistribution.of(opponent_checks, "opponent_checks")
    )
    base = board.cards[board.goal - 1].value + board.modifiers[board.goal - 1]
    a = dist.success(base + board.penalty_for(skill), board.rules.meet_target)
    b = odist.success(base + board.opponent_penalty_for(opponent_skill), board.rules.meet_target)
    return {
        "toward players": a * (1 - b),
        "toward opponent": b * (1 - a),
        "no move": a * b + (1 - a) * (1 - b),
    }
