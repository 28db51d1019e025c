"""Exact odds of the boards whose checks come in a row: standard, preparation and limit.

Each board kind turns its position into a run of checks still to come (the card each faces, or
an unseen card, and its modifier and repeated-skill penalty) and a stopping rule, and hands them
to :func:`~kit.boards.sequence.sequence_dp`, which averages unseen cards over every deal without
replacement. Every number is a :class:`~fractions.Fraction`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from .. import validate
from .base import Board
from .cards import EventDeck, PoolLike, as_card, event_deck_cards
from .checks import CheckDistribution, SkillPlan, default_order
from .limit import LimitBoard
from .outcomes import BoardOdds, finished_odds
from .rules import BoardRules, tracked_key
from .sequence import sequence_dp
from .standard import PreparationBoard, StandardBoard

__all__ = [
    "deals_of",
    "dealt_limit_odds",
    "limit_odds",
    "limit_order",
    "plan_penalties",
    "pool_counts",
    "preparation_odds",
    "standard_odds",
]


def _penalties(
    board: Board[Any], plan: SkillPlan, n: int, used: Sequence[str | None] | None = None
) -> list[int]:
    """Penalty of each of the next ``n`` checks of the players under ``plan``."""
    return plan_penalties(plan, board.rules, n, board.used_skills if used is None else used)


def plan_penalties(
    plan: SkillPlan, rules: BoardRules, n: int, used: Sequence[str | None] = ()
) -> list[int]:
    """Repeated-skill penalty of each of the next ``n`` checks under ``plan``.

    A check's penalty depends only on its place in the plan and the skill keys already
    ``used`` on the board, never on which checks succeeded.

    >>> plan_penalties(SkillPlan((), "Tinker: Repair"), BoardRules(), 3)
    [0, 2, 4]
    """
    counts = Counter(k for k in used if k is not None)
    out = []
    for i in range(n):
        key = tracked_key(plan.skill(i), rules)
        out.append(rules.skill_penalty * counts[key] if key is not None else 0)
        if key is not None:
            counts[key] += 1
    return out


def pool_counts(board: Board[Any], pool: PoolLike) -> dict[int, int]:
    """Values (with multiplicity) an unseen card on ``board`` may have."""
    if pool is None:
        cards = event_deck_cards()
        seen = board.visible_cards() if isinstance(board, LimitBoard) else list(board.cards)
        for c in seen:
            same = (
                c
                if c in cards
                else next((d for d in cards if c.suit is None and d.value == c.value), None)
            )
            if same is not None:
                cards.remove(same)
    elif isinstance(pool, EventDeck):
        cards = list(pool.cards)
    else:
        cards = [as_card(c, "pool card") for c in validate.sequence("pool", list(pool))]
    counts = Counter(c.value for c in cards)
    return dict(sorted(counts.items()))


def _fsum(parts: list[Fraction]) -> Fraction:
    """Exact sum of ``parts`` over one common denominator (cheaper than adding Fractions)."""
    den = 1
    for p in parts:
        den = math.lcm(den, p.denominator)
    return Fraction(sum(p.numerator * (den // p.denominator) for p in parts), den)


def _collect(
    kind: str, done: dict[tuple[int, int, int], Fraction], win: Any, names: tuple[str, str]
) -> BoardOdds:
    outcomes: dict[str, list[Fraction]] = {names[0]: [], names[1]: []}
    successes: dict[int, list[Fraction]] = {}
    length: dict[int, list[Fraction]] = {}
    for (s, f, n), p in done.items():
        outcomes[names[0] if win(s, f) else names[1]].append(p)
        successes.setdefault(s, []).append(p)
        length.setdefault(n, []).append(p)
    ends = {k: _fsum(v) for k, v in outcomes.items()}
    return BoardOdds(
        kind,
        ends,
        ends[names[0]],
        {k: _fsum(v) for k, v in sorted(successes.items())},
        {k: _fsum(v) for k, v in sorted(length.items())},
    )


def standard_odds(
    board: StandardBoard,
    dist: CheckDistribution,
    plan: SkillPlan,
    pool: PoolLike,
    unseen: bool = False,
) -> BoardOdds:
    n, g = board.length, board.goal
    s0, f0 = board.successes, board.failures
    if board.finished:
        return finished_odds(board)
    k = s0 + f0
    steps = [(None if unseen else board.cards[i].value, board.modifiers[i]) for i in range(k, n)]
    pens = _penalties(board, plan, len(steps))

    def stop(s: int, f: int, _i: int) -> bool:
        return (s >= g and f <= n - g) or s + f >= n

    done = sequence_dp(
        steps,
        pens,
        dist,
        board.rules.meet_target,
        pool_counts(board, pool) if unseen else {},
        s0,
        f0,
        stop,
    )
    return _collect(
        "standard", done, lambda s, f: s >= g and f <= n - g, ("goal reached", "goal missed")
    )


def preparation_odds(
    board: PreparationBoard,
    dist: CheckDistribution,
    plan: SkillPlan,
    pool: PoolLike,
    unseen: bool = False,
) -> BoardOdds:
    if board.finished:
        return finished_odds(board)
    k = len(board.history)
    n = board.length
    steps = [(None if unseen else board.cards[i].value, board.modifiers[i]) for i in range(k, n)]
    pens = _penalties(board, plan, len(steps))
    done = sequence_dp(
        steps,
        pens,
        dist,
        board.rules.meet_target,
        pool_counts(board, pool) if unseen else {},
        board.successes,
        board.failures,
        lambda s, f, i: s + f >= n,
    )
    res = _collect("preparation", done, lambda s, f: True, ("done", "-"))
    return BoardOdds(
        "preparation",
        {f"strength {s}": p for s, p in res.successes.items()},
        None,
        res.successes,
        res.length,
    )


def limit_odds(
    board: LimitBoard,
    dist: CheckDistribution,
    plan: SkillPlan,
    pool: PoolLike,
    order: Sequence[int] | None,
    unseen_all: bool = False,
) -> BoardOdds:
    if board.finished:
        return finished_odds(board)
    slots = limit_order(board, order)
    steps = [
        (
            None if (unseen_all or board.is_face_down(s)) else board.cards[s - 1].value,
            board.modifiers[s - 1],
        )
        for s in slots
    ]
    pens = _penalties(board, plan, len(steps))
    need, left0 = board.need, len(slots)

    def stop(s: int, f: int, i: int) -> bool:
        return board._over(s, left0 - i)

    done = sequence_dp(
        steps,
        pens,
        dist,
        board.rules.meet_target,
        pool_counts(board, pool),
        board.successes,
        board.failures,
        stop,
    )
    return _collect("limit", done, lambda s, f: s >= need, ("limit met", "limit missed"))


def limit_order(board: LimitBoard, order: Sequence[int] | None) -> list[int]:
    open_ = board.open_slots
    if order is None:
        return default_order(board)
    chosen = [
        validate.integer("order slot", s, 1, board.length)
        for s in validate.sequence("order", order)
    ]
    seq = [s for i, s in enumerate(chosen) if s in open_ and s not in chosen[:i]]
    return seq + [s for s in default_order(board) if s not in seq]


Deal = tuple[tuple[int, ...], tuple[int, ...]]
"""A deal of a limit board's face-up slots, as the odds see it: the face-up difficulties
(increasing) and the count of each pool value left unseen."""


def deals_of(
    board: LimitBoard, counts: dict[int, int]
) -> tuple[tuple[int, ...], dict[Deal, Fraction]]:
    """Every deal of ``board``'s face-up slots from ``counts``, merged where the odds cannot
    tell them apart, with its exact chance.

    Returns the pool's values (increasing) and ``{(difficulties, counts left): chance}``: the
    face-up cards' difficulties (value plus the slot's modifier) in increasing order and how
    many cards of each value are still unseen for the face-down slots.

    >>> from kit.boards import LimitBoard
    >>> values, deals = deals_of(LimitBoard([4, 4, 4], need=2, hidden=[3]), {5: 1, 6: 2})
    >>> values, deals
    ((5, 6), {((5, 6), (0, 1)): Fraction(2, 3), ((6, 6), (1, 0)): Fraction(1, 3)})
    """
    values = tuple(sorted(v for v, c in counts.items() if c > 0))
    start = tuple(counts[v] for v in values)
    deals: dict[Deal, Fraction] = {((), start): Fraction(1)}
    for slot in range(1, board.length + 1):
        if slot in board.hidden:
            continue
        mod = board.modifiers[slot - 1]
        nxt: dict[Deal, Fraction] = {}
        for (diffs, left), p in deals.items():
            total = sum(left)
            for j, c in enumerate(left):
                if not c:
                    continue
                key = (
                    tuple(sorted(diffs + (values[j] + mod,))),
                    left[:j] + (c - 1,) + left[j + 1 :],
                )
                nxt[key] = nxt.get(key, Fraction(0)) + p * Fraction(c, total)
        deals = nxt
    return values, deals


def dealt_limit_odds(
    board: LimitBoard, dist: CheckDistribution, plan: SkillPlan, counts: dict[int, int]
) -> BoardOdds:
    """Exact odds of a limit board of ``board``'s shape before its cards are dealt.

    The face-up slots are dealt from ``counts`` and seen: the players face them in the order
    :func:`~kit.boards.odds.odds` uses by default (easiest first), then the face-down slots
    left to right, each face-down card any card still unseen. The odds are those of every deal,
    weighted by its chance: the average of ``odds()`` over every dealt board.
    """
    values, deals = deals_of(board, counts)
    down = [board.modifiers[s - 1] for s in board.hidden]
    n = board.length
    pens = plan_penalties(plan, board.rules, n)

    def stop(s: int, f: int, i: int) -> bool:
        return board._over(s, n - i)

    done: dict[tuple[int, int, int], list[Fraction]] = {}
    for (diffs, left), weight in deals.items():
        steps = [(d, 0) for d in diffs] + [(None, m) for m in down]
        pool = dict(zip(values, left))
        ends = sequence_dp(steps, pens, dist, board.rules.meet_target, pool, 0, 0, stop)
        for k, p in ends.items():
            done.setdefault(k, []).append(weight * p)
    need = board.need
    return _collect(
        "limit",
        {k: _fsum(v) for k, v in done.items()},
        lambda s, f: s >= need,
        ("limit met", "limit missed"),
    )
