"""The moves of the exact walk, compiled once per job setup and kept between calls.

:func:`kit.regulus.odds.odds` carries probability mass forward one roll at a time. What one roll
does from a state is worked out by the rule functions of :mod:`kit.regulus.core`; this module
makes sure they run as few times as possible, without changing a single result:

* A state's moves do not depend on the clock tick it was reached on, only on whether the roll
  spends the last tick (the rules read the turn in that one comparison; the automatic policy
  never reads it). So moves are worked out per *class* (the state without its turn) and per
  "last tick or not", and shifted to the state's turn. A policy other than
  :class:`~kit.regulus.policies.AutoPolicy` might read the turn, so for it the exact turn is
  part of the class.
* An incident changes the counters by a fixed :class:`~kit.regulus.core.Effect`; whatever
  follows (the floor, the end check, a Knockout, a token) depends only on the counters after
  it. Many (state, total) pairs lead to the same counters (a Fumble from Progress 2 and a Type 2
  incident from Progress 1), so that settling is worked out once per distinct result.
* The walk itself keys states by small integers and reads moves from a list-like table.
* A compiled setup (job type, Difficulty, Clock, Conditions, rules, crew and automatic policy)
  is kept in a small cache, so asking again - the same job later in play, another job of the
  same setup - reuses every move already worked out.

The walk adds the same products in the same order as a walk over whole states would, so its
floats are equal to the last bit (``tests/regulus/test_odds_speed_agreement.py`` compares it with
the plain walk it replaced).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from ..dice import as_dice
from ..errors import InvalidInput
from .core import COMPANION, ENDED, KNOCKOUT, MAIN, TOKEN, Context, JobState
from .policies import AutoPolicy, Policy

__all__ = ["Compiled", "Walked", "chain", "clear_cache", "compiled", "resolve", "setup_key", "walk"]

_new = tuple.__new__

#: Mass below which a state is dropped (and counted as unresolved).
TINY = 1e-18
#: Most rolls the walk follows.
MAX_ROLLS = 5000
#: Compiled setups kept between calls (least recently used dropped first).
CACHE_SIZE = 32


@lru_cache(maxsize=64)
def _probabilities(dice: str) -> tuple[tuple[int, float], ...]:
    """Each total of ``dice`` with its probability as a float, in increasing order of total.

    Kept per dice text like the constants of a hand-written table: working them out from the
    exact distribution costs more than a small job's whole walk.
    """
    return tuple((t, float(p)) for t, p in as_dice(dice, "dice").distribution().items())


def resolve(ctx: Context, policy: Policy, s: JobState) -> JobState:
    """Answer decisions with ``policy`` until a roll is due or the job ended."""
    while s.phase in (KNOCKOUT, TOKEN):
        if s.phase == KNOCKOUT:
            name = policy.knockout(s)
            if name is None:
                raise InvalidInput("odds need an automatic policy; this one waits for a person")
            s = ctx.knockout(s, name)
        else:
            spend = policy.spend_token(s)
            if spend is None:
                raise InvalidInput("odds need an automatic policy; this one waits for a person")
            s = ctx.token(s, bool(spend))
    return s


#: A state's moves for the walk: the expected Threat and Heat one roll adds, the live states it
#: reaches ``[(key, p)]`` and its ends ``[(turn, success, reason, p)]``.
WalkMoves = tuple[float, float, list[tuple[int, float]], list[tuple[int, bool, str, float]]]


class Compiled:
    """The moves of one job setup under one policy, worked out lazily as the walk needs them.

    With an :class:`~kit.regulus.policies.AutoPolicy` nothing here depends on the Clock (the
    moves of a class are kept per "the roll spends the last tick or not"), so jobs that differ
    only in their Clock share one ``Compiled``; only the walk's own table is per Clock.
    """

    def __init__(self, ctx: Context, policy: Policy) -> None:
        self.ctx = ctx
        self.policy = policy
        self.counters = any(c.uses_counters for c in ctx.conditions)
        """Some condition reads Heat or Threat, so they are part of a state."""
        self.exact_turn = type(policy) is not AutoPolicy
        """The policy might read the turn (or Threat and Heat): keep them in every key."""
        self.detailed = self.counters or self.exact_turn
        """Keep Threat and Heat in the settling keys."""
        # Per phase, each total's probability and effect, in the dice's order; the effect's
        # flags (companion, token may be spent, Knockout) as one small number for the keys.
        # The last item says the settling key is the previous row's (7 and 8 on the default
        # tables), once for keys without and once for keys with Threat and Heat.
        flags: dict[tuple[bool, bool, bool], int] = {}
        Row = tuple[float, int, int, int, int, int, int, bool]
        self.rows: dict[str, tuple[list[Row], list[Row]]] = {}
        rules = ctx.rules
        for phase, dice in ((MAIN, rules.main_dice), (COMPANION, rules.companion_dice)):
            both: tuple[list[Row], list[Row]] = ([], [])
            for detailed, rows in enumerate(both):
                before = None
                for total, p in _probabilities(dice):
                    e = ctx.effects[total]
                    f = flags.setdefault((e.companion, e.token_ok, e.lose_crew), len(flags))
                    parts = (e.progress, e.tokens, f) + ((e.threat, e.heat) if detailed else ())
                    rows.append(
                        (p, e.progress, e.threat, e.heat, e.tokens, f, total, parts == before)
                    )
                    before = parts
            self.rows[phase] = both
        self.class_index: dict[JobState, int] = {}
        self.class_state: list[JobState] = []
        self.class_roster: list[int] = []
        self.rosters: dict[tuple[str, ...], int] = {}
        self.class_moves: dict[tuple[int, Any], tuple[float, float, list, list]] = {}
        self.settled: dict[tuple, tuple[int, int, int]] = {}
        """Counters right after an incident -> what they settle into, on any clock tick."""
        self.by_flag: dict[tuple, tuple[int, int, int]] = {}
        """The same for results that read the clock, keyed with the tick's flag as well."""
        self.ends: list[tuple[bool, str]] = []
        """Ways a job ends, ``(success, reason)``; a settled result ``-1 - i`` is ``ends[i]``."""
        self.walk_moves: dict[int, dict[int, WalkMoves]] = {}
        """Per Clock: walk key (class index * (Clock + 1) + turn) -> moves."""

    # ---------------------------------------------------------------- keys
    def _class(self, s: JobState) -> int:
        """Index of the class of a live state (the state without its turn)."""
        # s without its turn (and without Threat and Heat unless a condition reads them)
        k = _new(
            JobState,
            (s[0], 0, s[2], s[3], s[4]) + s[5:] if self.counters else (s[0], 0, s[2], 0, 0) + s[5:],
        )
        i = self.class_index.get(k)
        if i is None:
            i = self.class_index[k] = len(self.class_state)
            self.class_state.append(k)
            self.class_roster.append(self.rosters.setdefault(k.roster, len(self.rosters)))
        return i

    def key(self, s: JobState, clock: int) -> int:
        """Walk key of a live state after its decisions are resolved."""
        return self._class(s) * (clock + 1) + s.turn

    # --------------------------------------------------------------- moves
    def moves(self, key: int, clock: int) -> WalkMoves:
        """The walk's moves from the state with this key, for a job with this Clock."""
        table = self.walk_moves.setdefault(clock, {})
        hit = table.get(key)
        if hit is None:
            w = clock + 1
            cid, turn = divmod(key, w)
            main = self.class_state[cid].phase == MAIN
            after = turn + 1 if main else turn
            if self.exact_turn:
                flag: Any = after
                at = turn
            else:
                # Whether this roll spends the last tick is all the rules read of the turn; the
                # moves are worked out at a turn of the compiled context that gives the same.
                flag = after >= clock
                at = (self.ctx.clock - main if flag else 0) if clock != self.ctx.clock else turn
            cm = self.class_moves.get((cid, flag))
            if cm is None:
                cm = self.class_moves[(cid, flag)] = self._class_moves(cid, at, flag)
            d_threat, d_heat, live, ends = cm
            hit = table[key] = (
                d_threat,
                d_heat,
                [(c * w + after, p) for c, p in live],
                [(after, ok, reason, p) for ok, reason, p in ends],
            )
        return hit

    def _class_moves(self, cid: int, turn: int, flag: Any) -> tuple[float, float, list, list]:
        """One roll from a class at ``turn``, merged over the totals in the dice's order."""
        c = self.class_state[cid]
        s = _new(JobState, (c[0], turn) + c[2:])
        settled, by_flag = self.settled, self.by_flag
        get, get_flag = settled.get, by_flag.get
        progress, threat, heat, tokens = s.progress, s.threat, s.heat, s.tokens
        roster = self.class_roster[cid]
        detailed = self.detailed
        d_threat = d_heat = 0.0
        live: dict[int, float] = {}
        ends: dict[int, float] = {}
        hit: tuple[int, int, int] | None = None
        for p, dp, dt, dh, dk, f, total, again in self.rows[s.phase][detailed]:
            if not again:  # the key differs from the previous row's
                if detailed:
                    k: tuple = (progress + dp, threat + dt, heat + dh, tokens + dk, roster, f)
                else:
                    k = (progress + dp, tokens + dk, roster, f)
                hit = get(k)
                if hit is None:
                    hit = get_flag((k, flag))
                    if hit is None:
                        hit, any_tick = self._settle(s, total)
                        if any_tick:
                            settled[k] = hit
                        else:
                            by_flag[(k, flag)] = hit
            assert hit is not None
            nxt, more_threat, more_heat = hit
            # Adding p * 0 leaves a sum as it is (it starts at +0.0), so zeros are skipped.
            if dt or more_threat:
                d_threat += p * (dt + more_threat)
            if dh or more_heat:
                d_heat += p * (dh + more_heat)
            if nxt >= 0:
                live[nxt] = live.get(nxt, 0.0) + p
            else:
                ends[nxt] = ends.get(nxt, 0.0) + p
        return (
            d_threat,
            d_heat,
            list(live.items()),
            [(*self.ends[-1 - i], p) for i, p in ends.items()],
        )

    def _settle(self, s: JobState, total: int) -> tuple[tuple[int, int, int], bool]:
        """Roll ``total`` from ``s`` through the rule functions and the policy.

        Returns the class index of the state reached (``-1 - i`` for ``ends[i]`` if the job
        ended) with the Threat and Heat added after the incident's own effect, and whether that
        holds on any clock tick (the clock was not read, and the policy does not read the turn).
        """
        ctx = self.ctx
        post = ctx.incident(s, total)
        t = ctx.after_incident(post, ctx.effects[total].lose_crew)
        if t.phase == KNOCKOUT or t.phase == TOKEN:
            t = resolve(ctx, self.policy, t)
        any_tick = not self.exact_turn and not ctx.clock_decided(t)
        more_threat, more_heat = t.threat - post.threat, t.heat - post.heat
        if t.phase == ENDED:
            end = (t.outcome == "success", t.reason or "clock")
            if end not in self.ends:
                self.ends.append(end)
            return (-1 - self.ends.index(end), more_threat, more_heat), any_tick
        return (self._class(t), more_threat, more_heat), any_tick


_CACHE: OrderedDict[tuple, Compiled] = OrderedDict()
_CHAINS: OrderedDict[tuple, Any] = OrderedDict()
"""Monte Carlo tables (``kit.regulus.odds._Chain``) by setup, Clock and starting state."""

T = TypeVar("T")


def setup_key(ctx: Context, policy: Policy) -> tuple | None:
    """What the moves of a job depend on, except its Clock; None when they cannot be cached.

    Only an :class:`~kit.regulus.policies.AutoPolicy` is known to answer the same way every
    time; another policy may carry state of its own (or read the turn), so it is never cached.
    """
    if type(policy) is not AutoPolicy:
        return None
    return (ctx.table, ctx.difficulty, ctx.conditions, ctx.rules, tuple(ctx.gigs.items()), policy)


def _remember(cache: OrderedDict[tuple, T], key: tuple, build: Callable[[], T]) -> T:
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = build()
        if len(cache) > CACHE_SIZE:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    return hit


def compiled(ctx: Context, policy: Policy) -> Compiled:
    """The compiled moves of this setup, from the cache when the policy is an AutoPolicy.

    The setup is everything but the Clock and the state reached, so jobs that differ only in
    those share one.
    """
    key = setup_key(ctx, policy)
    if key is None:
        return Compiled(ctx, policy)
    return _remember(_CACHE, key, lambda: Compiled(ctx, policy))


def chain(ctx: Context, policy: Policy, start: JobState, build: Callable[[], T]) -> T:
    """The Monte Carlo table of a job from ``start``, built once per setup, Clock and state."""
    key = setup_key(ctx, policy)
    if key is None:
        return build()
    return _remember(_CHAINS, (key, ctx.clock, start), build)


def clear_cache() -> None:
    """Forget every compiled setup and table (benchmarks use it to time a first call)."""
    _CACHE.clear()
    _CHAINS.clear()


@dataclass
class Walked:
    """What the walk adds up, before :class:`~kit.regulus.odds.Odds` is built from it."""

    success: float
    failure: float
    reasons: dict[str, float]
    turns: dict[int, float]
    rolls: dict[int, float]
    success_turn: list[float]
    """Success on clock tick k, for k = 0..clock."""
    threat: float
    heat: float
    unresolved: float


def walk(c: Compiled, start: JobState, clock: int) -> Walked:
    """Carry the mass of the live state ``start`` of a job with this Clock forward one roll at a
    time until it ends.

    Each level's states are visited in the order they were first reached and each state's moves
    in the order of the totals, so every sum is formed in the same order as in a walk over whole
    states.
    """
    turns = [0.0] * (clock + 2)
    success_turn = [0.0] * (clock + 2)
    reasons: dict[str, float] = {}
    rolls: dict[int, float] = {}
    success = failure = threat = heat = unresolved = 0.0
    frontier = {c.key(start, clock): 1.0}
    table = c.walk_moves.setdefault(clock, {})
    moves = c.moves
    n = 0
    while frontier:
        n += 1
        nxt: dict[int, float] = {}
        get = nxt.get
        level = 0.0
        ended = False
        for s, mass in frontier.items():
            mv = table.get(s)
            if mv is None:
                mv = moves(s, clock)
            d_threat, d_heat, live, ends = mv
            if d_threat:
                threat += mass * d_threat
            if d_heat:
                heat += mass * d_heat
            for k, p in live:
                nxt[k] = get(k, 0.0) + mass * p
            for turn, ok, reason, p in ends:
                w = mass * p
                turns[turn] += w
                level += w
                ended = True
                if ok:
                    success += w
                    success_turn[turn] += w
                else:
                    failure += w
                    reasons[reason] = reasons.get(reason, 0.0) + w
        if ended:
            rolls[n] = level
        if n < MAX_ROLLS and (not nxt or min(nxt.values()) >= TINY):
            frontier = nxt
            continue
        frontier = {s: m for s, m in nxt.items() if m >= TINY} if n < MAX_ROLLS else {}
        for m in nxt.values():
            if m < TINY or n >= MAX_ROLLS:
                unresolved += m
    return Walked(
        success=success,
        failure=failure,
        reasons=reasons,
        # Every end adds a positive amount, so the turns reached are those above zero.
        turns={k: v for k, v in enumerate(turns) if v},
        rolls=rolls,
        success_turn=success_turn,
        threat=threat,
        heat=heat,
        unresolved=unresolved,
    )
