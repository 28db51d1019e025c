"""Odds of contests and chases: Markov chains over where the goal (and the pursuer) stand.

A tie in a contest, or a round in which neither side of a chase gets its way, can repeat
indefinitely, so the chain is iterated round by round in floating point until less than
:data:`TAIL` of the probability is still in play; what is left after :data:`MAX_ROUNDS`
rounds is reported as ``"unresolved"``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from ..errors import InvalidInput
from .base import Board
from .chase import ESCAPEE, Chase
from .checks import CheckDistribution, SkillPlan
from .contest import Contest
from .outcomes import BoardOdds, Number, finished_odds
from .rules import BoardRules, tracked_key
from .sequence import Compositions

__all__ = ["MAX_ROUNDS", "TAIL", "chase_odds", "contest_odds"]

TAIL = 1e-13
"""The iteration stops once less than this much probability is still in play."""
MAX_ROUNDS = 100_000
"""The most rounds (or exchanges) the iteration runs."""


def contest_odds(
    board: Contest,
    dist: CheckDistribution,
    odist: CheckDistribution,
    plan: SkillPlan,
    oplan: SkillPlan,
    lengths: bool = True,
) -> BoardOdds:
    if board.finished:
        return finished_odds(board)
    st = board.snapshot
    rules = board.rules
    pc = _PenaltyStream(board, plan, board.used_skills)
    oc = _PenaltyStream(board, oplan, st.opponent_used)
    base = [c.value + m for c, m in zip(board.cards, board.modifiers)]
    pf, of = _float_success(dist, rules), _float_success(odist, rules)
    alive = {(st.lo, st.hi, st.goal): 1.0}
    win = lose = 0.0
    length: dict[int, float] = {}
    t = 0
    steady = tracked_key(plan.default, rules) is None and tracked_key(oplan.default, rules) is None
    while alive and sum(alive.values()) > TAIL and t < MAX_ROUNDS:
        pp, op = pc.penalty(t), oc.penalty(t)
        if not lengths and steady and t >= max(len(plan.skills), len(oplan.skills)):
            # From here on every exchange is alike: solve the absorbing chain directly.
            stuck = 0.0
            for state, p in alive.items():
                w = _contest_win(state, base, pf, of, pp, op, {})
                if w is None:
                    stuck += p
                else:
                    win += p * w
                    lose += p * (1 - w)
            alive = {"unresolved": stuck} if stuck > 1e-9 else {}  # type: ignore[dict-item]
            break
        nxt: dict[tuple[int, int, int], float] = {}
        # No exchange can move the goal now, nor ever again: neither side can succeed (and
        # penalties only rise), or every exchange is alike from here on and all tie.
        alike = steady and t >= max(len(plan.skills), len(oplan.skills))
        frozen = True
        for (lo, hi, g), p in alive.items():
            a, b = pf(base[g] + pp), of(base[g] + op)
            right, left = a * (1 - b), b * (1 - a)
            stay = 1.0 - right - left
            frozen = frozen and ((a == 0.0 and b == 0.0) or (alike and right + left == 0.0))
            for (nlo, nhi, ng), q in (
                ((lo + 1, hi, g + 1), right),
                ((lo, hi - 1, g - 1), left),
                ((lo, hi, g), stay),
            ):
                if q <= 0:
                    continue
                mass = p * q
                if ng > nhi:
                    win += mass
                    length[t + 1] = length.get(t + 1, 0.0) + mass
                elif ng < nlo:
                    lose += mass
                    length[t + 1] = length.get(t + 1, 0.0) + mass
                else:
                    nxt[(nlo, nhi, ng)] = nxt.get((nlo, nhi, ng), 0.0) + mass
        alive = nxt
        t += 1
        if frozen:
            break  # what is left stays unresolved (it would only repeat to MAX_ROUNDS)
    rest = sum(alive.values())
    outcomes: dict[str, Number] = {"players win": win, "opponent wins": lose}
    if not lengths:
        length = {}
    if rest > 1e-9:
        outcomes["unresolved"] = rest
    return BoardOdds("contest", outcomes, win, {}, dict(sorted(length.items())))


def _contest_win(
    state: tuple[int, int, int],
    base: list[int],
    pf: Any,
    of: Any,
    pp: int,
    op: int,
    memo: dict[tuple[int, int, int], float | None],
) -> float | None:
    """Chance the players win from ``state`` when every exchange is alike (``None``: never ends)."""
    lo, hi, g = state
    if g > hi:
        return 1.0
    if g < lo:
        return 0.0
    if state not in memo:
        a, b = pf(base[g] + pp), of(base[g] + op)
        right, left = a * (1 - b), b * (1 - a)
        if right + left <= 0:
            memo[state] = None
        else:
            wr = _contest_win((lo + 1, hi, g + 1), base, pf, of, pp, op, memo)
            wl = _contest_win((lo, hi - 1, g - 1), base, pf, of, pp, op, memo)
            if (wr is None and right > 0) or (wl is None and left > 0):
                memo[state] = None
            else:
                memo[state] = (right * (wr or 0.0) + left * (wl or 0.0)) / (right + left)
    return memo[state]


def chase_odds(
    board: Chase, dist: CheckDistribution, plan: SkillPlan, deal: dict[int, int] | None = None
) -> BoardOdds:
    """The chase's chain; with ``deal`` (``{value: count}``) every card is unseen and dealt.

    A dealt card is turned up the first time a check faces it, drawn without replacement
    from ``deal``: averaged over every deal, that is the same as dealing the row first. A
    state is then the pursuer's and the goal's slots, the values turned up that may still be
    faced (the card under the goal; every card from the pursuer's on, when a side faces the
    leftmost card) and the counts of each value still undealt, never the order of the deal.
    """
    if board.finished:
        return finished_odds(board)
    st = board.snapshot
    rules, n = board.rules, board.length
    pc = _PenaltyStream(board, plan, board.used_skills)
    ndist = CheckDistribution.of(board.npc_checks) if board.npc_checks is not None else None
    pf = _float_success(dist, rules)
    nf = _float_success(ndist, rules) if ndist is not None else None
    faces_goal = board.role == ESCAPEE or rules.pursuer_faces == "goal"
    keep_left = not faces_goal or (board.role == ESCAPEE and nf is not None)
    cards = _Cards(board, deal, keep_left)

    escaped = caught = 0.0
    length: dict[int, float] = {}
    alive = {(st.left, st.goal, cards.start): 1.0}
    t = 0
    while alive and sum(alive.values()) > TAIL and t < MAX_ROUNDS:
        pen = pc.penalty(t)
        nxt: dict[tuple[int, int, Any], float] = {}

        def end(kind: str, mass: float, rounds: int = t + 1) -> None:
            nonlocal escaped, caught
            if kind == "escaped":
                escaped += mass
            else:
                caught += mass
            length[rounds] = length.get(rounds, 0.0) + mass

        def npc_p(slot: int, seen: Any) -> list[tuple[float, Any, float]]:
            if nf is None:
                return [(1.0, seen, float(rules.npc_chance))]
            return [(w, s2, nf(v)) for w, s2, v in cards.face(seen, slot)]

        def add(key: tuple[int, int, Any], mass: float, into: dict[Any, float] = nxt) -> None:
            key = (key[0], key[1], cards.forget(key[2], key[0], key[1]))
            into[key] = into.get(key, 0.0) + mass

        # no check of either side can succeed now (penalties only rise: nor ever again)
        frozen = True
        for (lo, g, seen), p in alive.items():
            if board.role == ESCAPEE:
                firsts = []
                for w, s1, v in cards.face(seen, g):
                    a = pf(v + pen)
                    frozen = frozen and a == 0.0
                    if g + 1 >= n:
                        end("escaped", p * w * a)
                    else:
                        firsts.append(((lo, g + 1, s1), p * w * a))
                    firsts.append(((lo, g, s1), p * w * (1 - a)))
                for (l1, g1, s1), m in firsts:
                    if m <= 0:
                        continue
                    for w, s2, b in npc_p(l1, s1):
                        frozen = frozen and b == 0.0
                        if l1 + 1 > g1:
                            end("caught", m * w * b)
                        elif b > 0:
                            add((l1 + 1, g1, s2), m * w * b)
                        if b < 1:
                            add((l1, g1, s2), m * w * (1 - b))
            else:
                firsts = []
                for w, s1, b in npc_p(g, seen):
                    frozen = frozen and b == 0.0
                    if g + 1 >= n:
                        end("escaped", p * w * b)
                    elif b > 0:
                        firsts.append(((lo, g + 1, s1), p * w * b))
                    if b < 1:
                        firsts.append(((lo, g, s1), p * w * (1 - b)))
                for (l1, g1, s1), m in firsts:
                    for w, s2, v in cards.face(s1, g1 if faces_goal else l1):
                        a = pf(v + pen)
                        frozen = frozen and a == 0.0
                        if l1 + 1 > g1:
                            end("caught", m * w * a)
                        elif a > 0:
                            add((l1 + 1, g1, s2), m * w * a)
                        if a < 1:
                            add((l1, g1, s2), m * w * (1 - a))
        alive = {k: v for k, v in nxt.items() if v > 0}
        t += 1
        if frozen:
            break  # what is left stays unresolved (it would only repeat to MAX_ROUNDS)
    rest = sum(alive.values())
    outcomes: dict[str, Number] = {"escaped": escaped, "caught": caught}
    if rest > 1e-9:
        outcomes["unresolved"] = rest
    win = escaped if board.role == ESCAPEE else caught
    return BoardOdds("chase", outcomes, win, {}, dict(sorted(length.items())))


def deals_lazily(board: Chase) -> bool:
    """Whether a chase over every deal is best solved turning cards up as they are faced.

    It is, unless one side faces the goal's card and the other the pursuer's: then the state
    must remember every card turned up between the two, which is no smaller than the rows.
    """
    npc_faces = board.npc_checks is not None
    faces_goal = board.role == ESCAPEE or board.rules.pursuer_faces == "goal"
    faces_left = not faces_goal or (npc_faces and board.role == ESCAPEE)
    goal_faced = faces_goal or (npc_faces and board.role != ESCAPEE)
    return not (faces_left and goal_faced)


class _Cards:
    """The values a chase's checks face: the board's own, or cards turned up from a deal.

    A state's ``seen`` is ``None`` for a dealt board; for a deal it is the values turned up
    that may still be faced (one per slot, ``None`` where not turned up) and the code of the
    counts still undealt (:class:`~kit.boards.sequence.Compositions`).
    """

    def __init__(self, board: Chase, deal: dict[int, int] | None, keep_left: bool) -> None:
        self.base = [c.value + m for c, m in zip(board.cards, board.modifiers)]
        self.mods = board.modifiers
        self.keep_left = keep_left
        self.values = sorted(v for v, c in (deal or {}).items() if c > 0)
        self.deck = Compositions.of(tuple((deal or {})[v] for v in self.values))
        self.dealt = deal is not None
        self.start: Any = ((None,) * board.length, self.deck.start) if self.dealt else None

    def face(self, seen: Any, slot: int) -> list[tuple[float, Any, int]]:
        """``(weight, seen after, value + modifier)`` for each card ``slot`` may hold."""
        if not self.dealt:
            return [(1.0, seen, self.base[slot])]
        known, code = seen
        if known[slot] is not None:
            return [(1.0, seen, known[slot] + self.mods[slot])]
        kids = self.deck.children.get(code) or self.deck.kids(code)
        total = sum(c for _, c, _ in kids)
        if not total:
            raise InvalidInput("the pool of unseen cards ran out; pass a larger pool")
        out = []
        for child, c, j in kids:
            v = self.values[j]
            turned = known[:slot] + (v,) + known[slot + 1 :]
            out.append((c / total, (turned, child), v + self.mods[slot]))
        return out

    def forget(self, seen: Any, left: int, goal: int) -> Any:
        """``seen`` without the values no check can face again (so equal futures merge)."""
        if not self.dealt:
            return seen
        known, code = seen
        first = left if self.keep_left else goal
        if any(v is not None for v in known[:first]):
            known = (None,) * first + known[first:]
        return (known, code)


@lru_cache(maxsize=64)
def _float_table(dist: CheckDistribution, meet_target: bool) -> dict[int, float]:
    """Success chance by target as floats, shared by every chain asked about ``dist``."""
    return {}


def _float_success(dist: CheckDistribution, rules: BoardRules) -> Any:
    """A cached float version of ``dist.success`` (the Markov loops call it very often)."""
    cache = _float_table(dist, rules.meet_target)

    def f(target: int) -> float:
        p = cache.get(target)
        if p is None:
            p = cache[target] = float(dist.success(target, rules.meet_target))
        return p

    return f


class _PenaltyStream:
    """Penalties of a side's future checks under a plan (the plan's default may repeat)."""

    def __init__(self, board: Board[Any], plan: SkillPlan, used: Iterable[str | None]) -> None:
        self.board, self.plan = board, plan
        self.counts = Counter(k for k in used if k is not None)
        self.cache: list[int] = []

    def penalty(self, t: int) -> int:
        while len(self.cache) <= t:
            i = len(self.cache)
            key = tracked_key(self.plan.skill(i), self.board.rules)
            self.cache.append(self.board.rules.skill_penalty * self.counts[key] if key else 0)
            if key:
                self.counts[key] += 1
        return self.cache[t]
