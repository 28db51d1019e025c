"""Exact odds of a board, the odds of the next check, and a Monte Carlo of the same engine.

Given how the players' checks are distributed (a dice expression such as ``"2d6"``, a
``{value: weight}`` table or an int) and which skills they plan to use (a
:class:`~kit.boards.checks.SkillPlan`), :func:`odds` computes how the board will end:

* standard, preparation and limit boards: a dynamic programme over the checks still to come.
  Cards not yet seen (face-down cards on a limit board, or every card of a board not yet
  dealt, see :func:`deal_odds`) are averaged over every deal of the remaining deck, drawn
  without replacement; the answer is an exact :class:`~fractions.Fraction`;
* contests and chases: a Markov chain over the goal's position and the cards left, iterated
  round by round in floating point until less than ``1e-13`` of the probability is still in
  play (ties in a contest, or a failed NPC in a chase, can repeat a round indefinitely).

:func:`simulate` plays copies of the board with the engine itself and a seeded
:class:`~kit.boards.checks.CheckSource`; a test checks that it agrees with :func:`odds`.

>>> from kit.boards import StandardBoard
>>> o = odds(StandardBoard([6, 5, 7, 4], goal=3), checks="2d6")
>>> o.success
Fraction(443, 576)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Union

import numpy as np

from .. import validate
from ..errors import IllegalAction, InvalidInput, InvalidType
from ..rng import SeedLike, make_rng
from .base import Board
from .cards import Card, EventDeck, as_card, event_deck_cards
from .chase import ESCAPEE, Chase
from .checks import CheckDistribution, ChecksLike, CheckSource, SkillPlan, autoplay, default_order
from .contest import Contest
from .limit import LimitBoard
from .rules import BoardRules, tracked_key
from .standard import PreparationBoard, StandardBoard

__all__ = ["BoardOdds", "deal_odds", "exchange_odds", "next_check_odds", "odds", "simulate"]

Number = Union[Fraction, float]  # noqa: UP007 - a runtime alias
#: The Markov iteration stops once less than this much probability is still in play.
TAIL = 1e-13
MAX_ROUNDS = 100_000


@dataclass(frozen=True)
class BoardOdds:
    """How a board ends: named outcomes, successes and length, each a distribution."""

    kind: str
    """The board kind."""
    outcomes: Mapping[str, Number]
    """Probability of each named end (``"goal reached"``, ``"escaped"``, ...)."""
    success: Number | None
    """Probability that the players get their way (``None`` for a preparation board)."""
    successes: Mapping[int, Number] = field(default_factory=dict)
    """Distribution of the players' successes at the end (standard, limit, preparation)."""
    length: Mapping[int, Number] = field(default_factory=dict)
    """Distribution of how many more checks, exchanges or rounds the board takes."""
    exact: bool = True
    """Whether the numbers are exact Fractions (False: floats accurate to about 1e-12)."""
    samples: int = 0
    """For a Monte Carlo estimate, the number of runs; 0 for computed odds."""

    @property
    def mean_length(self) -> float:
        """Expected number of further checks, exchanges or rounds."""
        return float(sum(k * float(p) for k, p in self.length.items()))

    @property
    def mean_successes(self) -> float:
        """Expected successes at the end."""
        return float(sum(k * float(p) for k, p in self.successes.items()))

    def stderr(self, p: float) -> float:
        """Standard error of a proportion ``p`` estimated from :attr:`samples` runs."""
        if not self.samples:
            return 0.0
        p = float(p)
        return float(np.sqrt(max(p * (1 - p), 1e-12) / self.samples))

    def to_dict(self) -> dict[str, Any]:
        """JSON form with float probabilities."""
        return {
            "kind": self.kind,
            "outcomes": {k: float(v) for k, v in self.outcomes.items()},
            "success": None if self.success is None else float(self.success),
            "successes": {str(k): float(v) for k, v in self.successes.items()},
            "length": {str(k): float(v) for k, v in self.length.items()},
            "exact": self.exact,
            "samples": self.samples,
        }


# ---------------------------------------------------------------------- helpers
def _penalties(board: Board[Any], plan: SkillPlan, n: int, used: Sequence[str | None] | None = None) -> list[int]:
    """Penalty of each of the next ``n`` checks of the players under ``plan``."""
    counts = Counter(k for k in (board._used() if used is None else used) if k is not None)
    out = []
    for i in range(n):
        key = tracked_key(plan.skill(i), board.rules)
        out.append(board.rules.skill_penalty * counts[key] if key is not None else 0)
        if key is not None:
            counts[key] += 1
    return out


def _pool_counts(board: Board[Any], pool: Any) -> dict[int, int]:
    """Values (with multiplicity) an unseen card on ``board`` may have."""
    if pool is None:
        cards = event_deck_cards()
        seen = board.visible_cards() if isinstance(board, LimitBoard) else list(board.cards)
        for c in seen:
            same = c if c in cards else next((d for d in cards if c.suit is None and d.value == c.value), None)
            if same is not None:
                cards.remove(same)
    elif isinstance(pool, EventDeck):
        cards = list(pool.cards)
    else:
        cards = [as_card(c, "pool card") for c in validate.sequence("pool", list(pool))]
    counts = Counter(c.value for c in cards)
    return dict(sorted(counts.items()))


def _sequence_dp(steps: Sequence[tuple[int | None, int]], pens: Sequence[int], dist: CheckDistribution,
                 rules: BoardRules, pool: dict[int, int], s0: int, f0: int, stop: Any) -> dict[tuple[int, int, int], Fraction]:
    """Exact end distribution of a run of checks.

    ``steps`` lists, for each check still to come, the card value faced (``None``: an unseen
    card drawn from ``pool`` without replacement) and the slot modifier. ``stop(s, f, i)``
    says whether play ends with ``s`` successes and ``f`` failures after ``i`` more checks.
    Returns ``{(s, f, checks_made): probability}``.
    """
    values = sorted(pool)
    alive: dict[tuple[int, int, tuple[int, ...]], Fraction] = {(s0, f0, tuple(pool[v] for v in values)): Fraction(1)}
    done: dict[tuple[int, int, int], Fraction] = {}
    for i, (value, mod) in enumerate(steps):
        nxt: dict[tuple[int, int, tuple[int, ...]], Fraction] = {}
        for (s, f, counts), p in alive.items():
            if value is not None:
                branches = [(value, Fraction(1), counts)]
            else:
                total = sum(counts)
                if total == 0:
                    raise InvalidInput("the pool of unseen cards ran out; pass a larger pool")
                branches = []
                for j, v in enumerate(values):
                    if counts[j]:
                        rest = counts[:j] + (counts[j] - 1,) + counts[j + 1:]
                        branches.append((v, Fraction(counts[j], total), rest))
            for v, w, rest in branches:
                ps = dist.success(v + mod + pens[i], rules.meet_target)
                for ok, q in ((True, ps), (False, 1 - ps)):
                    if not q:
                        continue
                    ns, nf = (s + 1, f) if ok else (s, f + 1)
                    mass = p * w * q
                    if stop(ns, nf, i + 1):
                        key = (ns, nf, i + 1)
                        done[key] = done.get(key, Fraction(0)) + mass
                    else:
                        k2 = (ns, nf, rest)
                        nxt[k2] = nxt.get(k2, Fraction(0)) + mass
        alive = nxt
    if alive:  # every step ran out without a stop (cannot happen for well-formed boards)
        for (s, f, _), p in alive.items():
            key = (s, f, len(steps))
            done[key] = done.get(key, Fraction(0)) + p
    return done


def _collect(kind: str, done: dict[tuple[int, int, int], Fraction], win: Any, names: tuple[str, str]) -> BoardOdds:
    outcomes = {names[0]: Fraction(0), names[1]: Fraction(0)}
    successes: dict[int, Fraction] = {}
    length: dict[int, Fraction] = {}
    for (s, f, n), p in sorted(done.items()):
        outcomes[names[0] if win(s, f) else names[1]] += p
        successes[s] = successes.get(s, Fraction(0)) + p
        length[n] = length.get(n, Fraction(0)) + p
    return BoardOdds(kind, outcomes, outcomes[names[0]], dict(sorted(successes.items())),
                     dict(sorted(length.items())))


# ---------------------------------------------------------------------- per kind
def _standard_odds(board: StandardBoard, dist: CheckDistribution, plan: SkillPlan, pool: Any,
                   unseen: bool = False) -> BoardOdds:
    n, g = board.length, board.goal
    s0, f0 = board.successes, board.failures
    if board.finished:
        return _finished(board)
    k = s0 + f0
    steps = [(None if unseen else board.cards[i].value, board.modifiers[i]) for i in range(k, n)]
    pens = _penalties(board, plan, len(steps))

    def stop(s: int, f: int, _i: int) -> bool:
        return (s >= g and f <= n - g) or s + f >= n

    done = _sequence_dp(steps, pens, dist, board.rules, _pool_counts(board, pool) if unseen else {}, s0, f0, stop)
    done = {(s - s0 + s0, f, i): p for (s, f, i), p in done.items()}
    return _collect("standard", done, lambda s, f: s >= g and f <= n - g, ("goal reached", "goal missed"))


def _preparation_odds(board: PreparationBoard, dist: CheckDistribution, plan: SkillPlan, pool: Any,
                      unseen: bool = False) -> BoardOdds:
    if board.finished:
        return _finished(board)
    k = len(board.history)
    n = board.length
    steps = [(None if unseen else board.cards[i].value, board.modifiers[i]) for i in range(k, n)]
    pens = _penalties(board, plan, len(steps))
    done = _sequence_dp(steps, pens, dist, board.rules, _pool_counts(board, pool) if unseen else {},
                        board.successes, board.failures, lambda s, f, i: s + f >= n)
    res = _collect("preparation", done, lambda s, f: True, ("done", "-"))
    return BoardOdds("preparation", {f"strength {s}": p for s, p in res.successes.items()}, None,
                     res.successes, res.length)


def _limit_odds(board: LimitBoard, dist: CheckDistribution, plan: SkillPlan, pool: Any,
                order: Sequence[int] | None, unseen_all: bool = False) -> BoardOdds:
    if board.finished:
        return _finished(board)
    slots = _limit_order(board, order)
    steps = [(None if (unseen_all or board.is_face_down(s)) else board.cards[s - 1].value,
              board.modifiers[s - 1]) for s in slots]
    pens = _penalties(board, plan, len(steps))
    need, left0 = board.need, len(slots)
    early = board.rules.limit_stop_early

    def stop(s: int, f: int, i: int) -> bool:
        left = left0 - i
        return s >= need or left == 0 or (early and s + left < need)

    done = _sequence_dp(steps, pens, dist, board.rules, _pool_counts(board, pool),
                        board.successes, board.failures, stop)
    return _collect("limit", done, lambda s, f: s >= need, ("limit met", "limit missed"))


def _limit_order(board: LimitBoard, order: Sequence[int] | None) -> list[int]:
    open_ = board.open_slots
    if order is None:
        return default_order(board)
    chosen = [validate.integer("order slot", s, 1, board.length) for s in validate.sequence("order", order)]
    seq = [s for i, s in enumerate(chosen) if s in open_ and s not in chosen[:i]]
    return seq + [s for s in default_order(board) if s not in seq]


def _contest_odds(board: Contest, dist: CheckDistribution, odist: CheckDistribution, plan: SkillPlan,
                  oplan: SkillPlan, lengths: bool = True) -> BoardOdds:
    if board.finished:
        return _finished(board)
    st = board._state
    rules = board.rules
    pc = _PenaltyStream(board, plan, board._used())
    oc = _PenaltyStream(board, oplan, st.opponent_used)
    base = [c.value + m for c, m in zip(board.cards, board.modifiers)]
    pf, of = _float_success(dist, rules), _float_success(odist, rules)
    alive = {(st.lo, st.hi, st.goal): 1.0}
    win = lose = 0.0
    length: dict[int, float] = {}
    t = 0
    steady = (tracked_key(plan.default, rules) is None and tracked_key(oplan.default, rules) is None)
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
            for (nlo, nhi, ng), q in (((lo + 1, hi, g + 1), right), ((lo, hi - 1, g - 1), left),
                                      ((lo, hi, g), stay)):
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


def _contest_win(state: tuple[int, int, int], base: list[int], pf: Any, of: Any, pp: int, op: int,
                 memo: dict[tuple[int, int, int], float | None]) -> float | None:
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


def _chase_odds(board: Chase, dist: CheckDistribution, plan: SkillPlan) -> BoardOdds:
    if board.finished:
        return _finished(board)
    st = board._state
    rules, n = board.rules, board.length
    pc = _PenaltyStream(board, plan, board._used())
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


def _float_success(dist: CheckDistribution, rules: BoardRules) -> Any:
    """A cached float version of ``dist.success`` (the Markov loops call it very often)."""
    cache: dict[int, float] = {}

    def f(target: int) -> float:
        if target not in cache:
            cache[target] = float(dist.success(target, rules.meet_target))
        return cache[target]

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


def _finished(board: Board[Any]) -> BoardOdds:
    name = {"success": "players' way", "failure": "against the players", "done": "done"}[board.outcome or "done"]
    one = Fraction(1)
    success = None if board.outcome == "done" else (one if board.outcome == "success" else Fraction(0))
    return BoardOdds(board.KIND, {name: one}, success, {board.successes: one}, {0: one})


# ---------------------------------------------------------------------- public
def odds(
    board: Board[Any],
    checks: ChecksLike = "2d6",
    skills: Any = None,
    *,
    opponent_checks: ChecksLike | None = None,
    opponent_skills: Any = None,
    order: Sequence[int] | None = None,
    pool: Any = None,
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
        return _standard_odds(board, dist, plan, pool)
    if isinstance(board, PreparationBoard):
        return _preparation_odds(board, dist, plan, pool)
    if isinstance(board, LimitBoard):
        return _limit_odds(board, dist, plan, pool, order)
    if isinstance(board, Contest):
        odist = dist if opponent_checks is None else CheckDistribution.of(opponent_checks, "opponent_checks")
        return _contest_odds(board, dist, odist, plan, SkillPlan.of(opponent_skills))
    if isinstance(board, Chase):
        return _chase_odds(board, dist, plan)
    raise InvalidType(f"board must be one of the kit's boards, got {type(board).__name__}")


def deal_odds(
    board: Board[Any], checks: ChecksLike = "2d6", skills: Any = None, *, pool: Any = None,
    order: Sequence[int] | None = None, opponent_checks: ChecksLike | None = None,
    opponent_skills: Any = None,
) -> BoardOdds:
    """Odds of a board of ``board``'s shape *before* its cards are dealt.

    The cards on ``board`` are ignored (its length, goal, modifiers, rules and role are kept):
    every slot is an unseen card, and the answer is exact over every deal from ``pool``
    (default: the full 20-card event deck), drawn without replacement. Standard, preparation
    and limit boards use the dynamic programme directly (exact Fractions). Contests and chases
    average :func:`odds` over every distinct row of values (floats; for a contest only the ends,
    not its length); rows longer than about six cards have too many deals for that and raise,
    so use :func:`simulate` there.

    Raises:
        IllegalAction: the board already has checks on it (use :func:`odds`).
        InvalidInput: a contest or chase with more than :data:`MAX_DEALS` distinct rows.
    """
    if len(board.events):
        raise IllegalAction("deal_odds is for a board before play; this one has checks on it, use odds()")
    dist = CheckDistribution.of(checks)
    plan = SkillPlan.of(skills)
    full = list(event_deck_cards()) if pool is None else pool
    if isinstance(board, StandardBoard):
        return _standard_odds(board, dist, plan, full, unseen=True)
    if isinstance(board, PreparationBoard):
        return _preparation_odds(board, dist, plan, full, unseen=True)
    if isinstance(board, LimitBoard):
        return _limit_odds(board, dist, plan, full, order, unseen_all=True)
    if isinstance(board, (Contest, Chase)):
        counts = _pool_counts(board, full)
        if sum(counts.values()) < board.length:
            raise InvalidInput(f"pool holds {sum(counts.values())} cards, fewer than the board's {board.length}")
        rows = _deals(counts, board.length)
        outcomes: dict[str, float] = {}
        length: dict[int, float] = {}
        win = 0.0
        odist = dist if opponent_checks is None else CheckDistribution.of(opponent_checks, "opponent_checks")
        oplan = SkillPlan.of(opponent_skills)
        for values, weight in rows:
            dealt = board._with_setup(cards=list(values))
            if isinstance(dealt, Contest):
                one = _contest_odds(dealt, dist, odist, plan, oplan, lengths=False)
            else:
                one = odds(dealt, dist, plan)
            w = float(weight)
            win += w * float(one.success or 0)
            for k, p in one.outcomes.items():
                outcomes[k] = outcomes.get(k, 0.0) + w * float(p)
            for n, p in one.length.items():
                length[n] = length.get(n, 0.0) + w * float(p)
        return BoardOdds(board.KIND, outcomes, win, {}, dict(sorted(length.items())), exact=False)
    raise InvalidType(f"deal_odds needs one of the kit's boards, got {type(board).__name__}")


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


def next_check_odds(board: Board[Any], checks: ChecksLike = "2d6", skill: str | None = None, *,
                    pool: Any = None) -> dict[int, Fraction]:
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
        counts = _pool_counts(board, pool)
        total = sum(counts.values())
        for s in board.open_slots:
            mod = board.modifiers[s - 1] + pen
            if board.is_face_down(s):
                out[s] = sum((Fraction(c, total) * dist.success(v + mod, rules.meet_target)
                              for v, c in counts.items()), Fraction(0))
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


def exchange_odds(board: Contest, checks: ChecksLike = "2d6", skill: str | None = None, *,
                  opponent_checks: ChecksLike | None = None, opponent_skill: str | None = None) -> dict[str, Fraction]:
    """Chances of the next contest exchange: toward the players, toward the opponent, no move."""
    if not isinstance(board, Contest):
        raise InvalidType(f"exchange_odds needs a Contest, got {type(board).__name__}")
    if board.finished:
        return {}
    dist = CheckDistribution.of(checks)
    odist = dist if opponent_checks is None else CheckDistribution.of(opponent_checks, "opponent_checks")
    base = board.cards[board.goal - 1].value + board.modifiers[board.goal - 1]
    a = dist.success(base + board.penalty_for(skill), board.rules.meet_target)
    b = odist.success(base + board.opponent_penalty_for(opponent_skill), board.rules.meet_target)
    return {"toward players": a * (1 - b), "toward opponent": b * (1 - a), "no move": a * b + (1 - a) * (1 - b)}


def simulate(
    board: Board[Any],
    checks: ChecksLike = "2d6",
    n: int = 10_000,
    seed: SeedLike = None,
    skills: Any = None,
    *,
    opponent_checks: ChecksLike | None = None,
    opponent_skills: Any = None,
    order: Sequence[int] | None = None,
    pool: Any = None,
) -> BoardOdds:
    """Monte Carlo of :func:`odds`: play ``n`` copies of ``board`` to the end with the engine.

    Face-down cards of a limit board are re-dealt from ``pool`` in every run, and a chase's
    NPC rolls from a fresh seed in every run. The board itself is not changed.
    """
    n = validate.integer("n", n, 1, 10_000_000)
    rng, _ = make_rng(seed)
    src = CheckSource(checks, rng)
    opp = CheckSource(opponent_checks, rng) if opponent_checks is not None else None
    plan = SkillPlan.of(skills)
    oplan = SkillPlan.of(opponent_skills)
    tallies: Counter[str] = Counter()
    succ: Counter[int] = Counter()
    length: Counter[int] = Counter()
    wins = 0
    hidden = [s for s in getattr(board, "hidden", ()) if isinstance(board, LimitBoard) and board.is_face_down(s)]
    unseen_values: list[int] = []
    if hidden:
        for v, c in _pool_counts(board, pool).items():
            unseen_values += [v] * c
    start = _progress(board)
    for _ in range(n):
        if hidden:
            cards = list(board.cards)
            picks = rng.choice(len(unseen_values), size=len(hidden), replace=False)
            for s, j in zip(hidden, picks):
                cards[s - 1] = Card(int(unseen_values[j]))
            copy = board._with_setup(cards=cards)
            copy._state = copy._replay(board.events)
            copy.events = board.events.copy()
        elif isinstance(board, Chase):
            copy = board._with_setup(seed=int(rng.integers(0, 2**62)))
            copy._state = copy._replay(board.events)
            copy.events = board.events.copy()
        else:
            copy = board.copy()
        autoplay(copy, src, plan, opponent=opp, opponent_skills=oplan,
                 order=_limit_order(board, order) if isinstance(board, LimitBoard) and not board.finished else None)
        tallies[_outcome_name(copy)] += 1
        succ[copy.successes] += 1
        length[_progress(copy) - start] += 1
        wins += copy.outcome == "success"
    outcomes = {k: v / n for k, v in tallies.items()}
    return BoardOdds(
        board.KIND, outcomes, None if isinstance(board, PreparationBoard) else wins / n,
        {k: v / n for k, v in sorted(succ.items())}, {k: v / n for k, v in sorted(length.items())},
        exact=False, samples=n,
    )


def _progress(board: Board[Any]) -> int:
    if isinstance(board, Contest):
        return board.exchanges
    if isinstance(board, Chase):
        return board.rounds
    return len(board.history)


def _outcome_name(board: Board[Any]) -> str:
    if isinstance(board, StandardBoard):
        return "goal reached" if board.goal_reached else "goal missed"
    if isinstance(board, LimitBoard):
        return "limit met" if board.goal_reached else "limit missed"
    if isinstance(board, Contest):
        return {"player": "players win", "opponent": "opponent wins"}.get(board.winner or "", "unresolved")
    if isinstance(board, Chase):
        return board._state.outcome or "unresolved"
    return f"strength {board.successes}"
