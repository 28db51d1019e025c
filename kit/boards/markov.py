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

from .base import Board
from .chase import ESCAPEE, Chase
from .checks import CheckDistribution, SkillPlan
from .contest import Contest
from .outcomes import BoardOdds, Number, finished_odds
from .rules import BoardRules, tracked_key

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
        for (lo, hi, g), p in alive.items():
            a, b = pf(base[g] + pp), of(base[g] + op)
            right, left = a * (1 - b), b * (1 - a)
            stay = 1.0 - right - left
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
    rest = sum(alive.values())
    outcomes: dict[str, Number] = {"players win": win, "opponent wins": lose}
    if not lengths:
        length = {}
    if rest > 1e-9:
        outcomes["unresolved"] = rest
    return BoardOdds("contest", outcomes, win, {}, dict(sorted(length.items())), exact=False)


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


def chase_odds(board: Chase, dist: CheckDistribution, plan: SkillPlan) -> BoardOdds:
    if board.finished:
        return finished_odds(board)
    st = board.snapshot
    rules, n = board.rules, board.length
    pc = _PenaltyStream(board, plan, board.used_skills)
    base = [c.value + m for c, m in zip(board.cards, board.modifiers)]
    ndist = CheckDistribution.of(board.npc_checks) if board.npc_checks is not None else None

    pf = _float_success(dist, rules)
    nf = _float_success(ndist, rules) if ndist is not None else None

    def npc_p(slot: int) -> float:
        return float(rules.npc_chance) if nf is None else nf(base[slot])

    alive = {(st.left, st.goal): 1.0}
    escaped = caught = 0.0
    length: dict[int, float] = {}
    t = 0
    faces_goal = board.role == ESCAPEE or rules.pursuer_faces == "goal"
    while alive and sum(alive.values()) > TAIL and t < MAX_ROUNDS:
        pen = pc.penalty(t)
        nxt: dict[tuple[int, int], float] = {}

        def end(kind: str, mass: float, rounds: int = t + 1) -> None:
            nonlocal escaped, caught
            if kind == "escaped":
                escaped += mass
            else:
                caught += mass
            length[rounds] = length.get(rounds, 0.0) + mass

        for (lo, g), p in alive.items():
            if board.role == ESCAPEE:
                a = pf(base[g] + pen)
                if g + 1 >= n:
                    end("escaped", p * a)
                    firsts = [((lo, g), p * (1 - a))]
                else:
                    firsts = [((lo, g + 1), p * a), ((lo, g), p * (1 - a))]
                for (l1, g1), m in firsts:
                    if m <= 0:
                        continue
                    b = npc_p(l1)
                    if l1 + 1 > g1:
                        end("caught", m * b)
                    elif b > 0:
                        nxt[(l1 + 1, g1)] = nxt.get((l1 + 1, g1), 0.0) + m * b
                    if b < 1:
                        nxt[(l1, g1)] = nxt.get((l1, g1), 0.0) + m * (1 - b)
            else:
                b = npc_p(g)
                firsts = []
                if g + 1 >= n:
                    end("escaped", p * b)
                elif b > 0:
                    firsts.append(((lo, g + 1), p * b))
                if b < 1:
                    firsts.append(((lo, g), p * (1 - b)))
                for (l1, g1), m in firsts:
                    a = pf(base[g1 if faces_goal else l1] + pen)
                    if l1 + 1 > g1:
                        end("caught", m * a)
                    elif a > 0:
                        nxt[(l1 + 1, g1)] = nxt.get((l1 + 1, g1), 0.0) + m * a
                    if a < 1:
                        nxt[(l1, g1)] = nxt.get((l1, g1), 0.0) + m * (1 - a)
        alive = {k: v for k, v in nxt.items() if v > 0}
        t += 1
    rest = sum(alive.values())
    outcomes: dict[str, Number] = {"escaped": escaped, "caught": caught}
    if rest > 1e-9:
        outcomes["unresolved"] = rest
    win = escaped if board.role == ESCAPEE else caught
    return BoardOdds("chase", outcomes, win, {}, dict(sorted(length.items())), exact=False)


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
