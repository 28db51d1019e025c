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
  incident from Progress 1), so that settling is worked out once per distinct result. Those
  counters are one integer (a class's code plus the effect's code), a cheap dictionary key.
* When a roll settled before the last tick goes on to a main roll, the same roll on the last
  tick differs only in the final step, which reads the clock; that step alone is run again for
  the last tick instead of the whole settling.
* The walk itself keys states by small integers (class index and turn in one number); a class's
  moves are shared by every turn it is reached on, the walk adding the turn as it goes.
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
    while s[0] in (KNOCKOUT, TOKEN):
        if s[0] == KNOCKOUT:
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


#: Walk keys are ``class index * TURNS + turn`` (a Clock is at most 7; the walk refuses one of
#: ``TURNS`` or more). ``TURNS`` is odd so that keys spread over a dictionary's slots, which
#: a power of two would not: Python hashes an integer to itself and a small dictionary picks
#: the slot from its lowest bits, which would then hold the turn alone.
TURNS = 65

#: One roll from a class: the expected Threat and Heat it adds, the live classes it reaches
#: ``[(class index * TURNS, p)]`` and its ends ``[(success, reason, p)]``.
ClassMoves = tuple[float, float, list[tuple[int, float]], list[tuple[bool, str, float]]]
#: A state's moves for the walk: its class's moves with the live entries as walk keys (the
#: turn after the roll added), and that turn (the one its ends are counted on).
WalkMoves = tuple[float, float, list[tuple[int, float]], list[tuple[bool, str, float]], int]


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
        # Per phase, each total's probability and effect, in the dice's order: the probability,
        # the settling key's offset (see _code), the Threat and Heat the effect adds, the total,
        # and whether the settling key is the previous row's (7 and 8 on the default tables).
        # The effect's flags (companion, token may be spent, Knockout) are one small number.
        flags: dict[tuple[bool, bool, bool], int] = {}
        self.rows: dict[str, list[tuple[float, int, int, int, int, bool]]] = {}
        rules = ctx.rules
        detailed = self.detailed
        for phase, dice in ((MAIN, rules.main_dice), (COMPANION, rules.companion_dice)):
            rows = self.rows[phase] = []
            before = None
            for total, p in _probabilities(dice):
                e = ctx.effects[total]
                f = flags.setdefault((e.companion, e.token_ok, e.lose_crew), len(flags))
                if detailed:
                    off = _code(e.threat, e.heat, e.progress, e.tokens, 0, f)
                else:
                    off = _code(0, 0, e.progress, e.tokens, 0, f)
                rows.append((p, off, e.threat, e.heat, total, off == before))
                before = off
        self.class_index: dict[tuple[Any, ...], int] = {}
        """A live state without its turn (and without Threat and Heat unless a condition reads
        them), as a plain tuple -> its class index."""
        self.class_state: list[JobState] = []
        self.class_base: list[int] = []
        """Per class, its counters as a settling key (see _code) with no effect added yet."""
        self.rosters: dict[tuple[str, ...], int] = {}
        self.class_moves: dict[int, ClassMoves] = {}
        """Class index * TURNS + the tick's flag (a bool, or the turn after the roll when the
        policy may read it) -> the class's moves."""
        self.by_flag: dict[Any, dict[int, tuple[int, int, int]]] = (
            {} if self.exact_turn else {False: {}, True: {}}
        )
        """Per the tick's flag: counters right after an incident (a settling key) -> what they
        settle into. A result that holds on any tick (see _settle) goes in every flag's table."""
        self.ends: list[tuple[bool, str]] = []
        """Ways a job ends, ``(success, reason)``; a settled result ``-1 - i`` is ``ends[i]``."""
        self.end_index: dict[tuple[bool, str], int] = {}
        """``ends[i]`` -> ``-1 - i``."""
        self.lose_crew = {total: e.lose_crew for total, e in ctx.effects.items()}
        self.walk_moves: dict[int, dict[int, WalkMoves]] = {}
        """Per Clock: walk key (class index * TURNS + turn) -> moves."""

    # ---------------------------------------------------------------- keys
    def _class(self, s: JobState) -> int:
        """Index of the class of a live state (the state without its turn)."""
        # s without its turn (and without Threat and Heat unless a condition reads them)
        if self.counters:
            ck: tuple[Any, ...] = (s[0], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10])
        else:
            ck = (s[0], s[2], s[5], s[6], s[7], s[8], s[9], s[10])
        i = self.class_index.get(ck)
        if i is None:
            i = self.class_index[ck] = len(self.class_state)
            k = _new(
                JobState,
                (s[0], 0, s[2], s[3], s[4]) + s[5:]
                if self.counters
                else (s[0], 0, s[2], 0, 0) + s[5:],
            )
            self.class_state.append(k)
            roster = self.rosters.setdefault(k.roster, len(self.rosters))
            if self.detailed:
                self.class_base.append(_code(k.threat, k.heat, k.progress, k.tokens, roster, 0))
            else:
                self.class_base.append(_code(0, 0, k.progress, k.tokens, roster, 0))
        return i

    def key(self, s: JobState, clock: int) -> int:
        """Walk key of a live state after its decisions are resolved."""
        return self._class(s) * TURNS + s.turn

    # --------------------------------------------------------------- moves
    def moves(self, key: int, clock: int) -> WalkMoves:
        """The walk's moves from the state with this key, for a job with this Clock (worked out
        and kept; the walk looks in ``walk_moves`` first)."""
        cid, turn = divmod(key, TURNS)
        main = self.class_state[cid][0] == MAIN
        after = turn + 1 if main else turn
        if self.exact_turn:
            flag: Any = after
            at = turn
        else:
            # Whether this roll spends the last tick is all the rules read of the turn; the
            # moves are worked out at a turn of the compiled context that gives the same.
            flag = after >= clock
            at = (self.ctx.clock - main if flag else 0) if clock != self.ctx.clock else turn
        ck = cid * TURNS + flag  # the flag is a bool, or a turn below TURNS
        cm = self.class_moves.get(ck)
        if cm is None:
            cm = self.class_moves[ck] = self._class_moves(cid, at, flag)
        d_threat, d_heat, live, ends = cm
        hit = self.walk_moves.setdefault(clock, {})[key] = (
            d_threat,
            d_heat,
            [(k + after, p) for k, p in live],
            ends,
            after,
        )
        return hit

    def _class_moves(self, cid: int, turn: int, flag: Any) -> ClassMoves:
        """One roll from a class at ``turn``, merged over the totals in the dice's order."""
        c = self.class_state[cid]
        s = None  # the class's state on this turn, built when a roll needs settling
        flagged = self.by_flag.get(flag)
        if flagged is None:
            flagged = self.by_flag[flag] = {}
        get = flagged.get
        base = self.class_base[cid]
        d_threat = d_heat = 0.0
        # Live classes (codes >= 0) and ends (codes < 0) in one table, each in the order reached.
        reached: dict[int, float] = {}
        add = reached.get
        hit: Any = None
        for p, off, dt, dh, total, again in self.rows[c[0]]:
            if not again:  # the key differs from the previous row's
                k = base + off
                hit = get(k)
                if hit is None:
                    if s is None:
                        s = _new(JobState, (c[0], turn) + c[2:])
                    hit = self._settle(s, total, k, flag)
            nxt, more_threat, more_heat = hit
            # Adding p * 0 leaves a sum as it is (it starts at +0.0), so zeros are skipped.
            if dt or more_threat:
                d_threat += p * (dt + more_threat)
            if dh or more_heat:
                d_heat += p * (dh + more_heat)
            reached[nxt] = add(nxt, 0.0) + p
        ends = self.ends
        return (
            d_threat,
            d_heat,
            [(k, p) for k, p in reached.items() if k >= 0],
            [(*ends[-1 - k], p) for k, p in reached.items() if k < 0],
        )

    def _settle(self, s: JobState, total: int, k: int, flag: Any) -> tuple[int, int, int]:
        """Roll ``total`` from ``s`` through the rule functions and the policy; remember the
        result under the settling key ``k`` for the tick's ``flag``.

        The result is the class index (times ``TURNS``) of the state reached, or ``-1 - i`` for
        ``ends[i]`` if the job ended, with the Threat and Heat added after the incident's own
        effect. It holds on any clock tick when the clock was not read and the policy does not
        read the turn; then it goes in every flag's table.
        """
        ctx = self.ctx
        post = ctx.incident(s, total)
        t = ctx.after_incident(post, self.lose_crew[total])
        phase = t[0]
        if phase in (KNOCKOUT, TOKEN):
            t = resolve(ctx, self.policy, t)
            phase = t[0]
        more_threat, more_heat = t[3] - post[3], t[4] - post[4]
        if phase == ENDED:
            hit = (self._end(t), more_threat, more_heat)
        else:
            hit = (self._class(t) * TURNS, more_threat, more_heat)
        by_flag = self.by_flag
        if self.exact_turn:
            by_flag[flag][k] = hit
        elif not ctx.clock_decided(t):
            by_flag[False][k] = by_flag[True][k] = hit
        else:
            by_flag[flag][k] = hit
            last_tick = by_flag[True]
            if phase == MAIN and k not in last_tick:
                # Reached on a tick before the last, the job goes on to a main roll. Nothing on
                # the way read the turn but the final step (Context._next, see clock_decided),
                # so on the last tick the same roll ends where that step ends then.
                last = ctx._next(_new(JobState, (t[0], ctx.clock) + t[2:]))
                if last[0] == ENDED:
                    last_tick[k] = (self._end(last), more_threat, more_heat)
        return hit

    def _end(self, t: JobState) -> int:
        """The code ``-1 - i`` of the way the ended state ``t`` ended, ``ends[i]``."""
        end = (t[9] == "success", t[10] or "clock")
        code = self.end_index.get(end)
        if code is None:
            code = self.end_index[end] = -1 - len(self.ends)
            self.ends.append(end)
        return code


#: Base of the digits of a settling key (see _code).
_B = 1_000_003


def _code(threat: int, heat: int, progress: int, tokens: int, roster: int, flags: int) -> int:
    """Counters as one integer, a dictionary key cheaper to build and hash than a tuple.

    Digits in base ``_B`` (Threat, Heat and Progress may be negative: each stays well within
    ``_B // 2`` of zero over the walk's at most ``MAX_ROLLS`` rolls, tokens and the roster index
    within ``0.._B - 1``) and ``flags`` (0..7) last in base 11, so distinct counters give
    distinct codes and the code of a sum is the sum of the codes: a state's code plus an
    effect's is the code of the counters the effect leaves. Both bases are odd, so every digit
    shows in the lowest bits, which pick a key's slot in a dictionary (see ``TURNS``).
    """
    return ((((threat * _B + heat) * _B + progress) * _B + tokens) * _B + roster) * 11 + flags


_CACHE: OrderedDict[_Key, Compiled] = OrderedDict()
_CHAINS: OrderedDict[_Key, Any] = OrderedDict()
"""Monte Carlo tables (``kit.regulus.odds._Chain``) by setup, Clock and starting state."""

T = TypeVar("T")


def setup_key(ctx: Context, policy: Policy) -> tuple[Any, ...] | None:
    """What the moves of a job depend on, except its Clock; None when they cannot be cached.

    Only an :class:`~kit.regulus.policies.AutoPolicy` is known to answer the same way every
    time; another policy may carry state of its own (or read the turn), so it is never cached.
    """
    if type(policy) is not AutoPolicy:
        return None
    return (ctx.table, ctx.difficulty, ctx.conditions, ctx.rules, tuple(ctx.gigs.items()), policy)


class _Key:
    """A cache key that hashes its parts once (a job type hashes every row of its table, and a
    cache asks for the hash on each lookup and store)."""

    __slots__ = ("hash", "parts")

    def __init__(self, parts: tuple[Any, ...]) -> None:
        self.parts = parts
        self.hash = hash(parts)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and self.hash == other.hash and self.parts == other.parts


def _remember(cache: OrderedDict[_Key, T], parts: tuple[Any, ...], build: Callable[[], T]) -> T:
    key = _Key(parts)
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
    table: T = _remember(_CHAINS, (key, ctx.clock, start), build)
    return table


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
    if clock >= TURNS:
        raise InvalidInput(f"clock {clock} is too long for exact odds (at most {TURNS - 1})")
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
            d_threat, d_heat, live, ends, after = mv
            if d_threat:
                threat += mass * d_threat
            if d_heat:
                heat += mass * d_heat
            for k, p in live:
                nxt[k] = get(k, 0.0) + mass * p
            if ends:
                ended = True
                for ok, reason, p in ends:
                    w = mass * p
                    turns[after] += w
                    level += w
                    if ok:
                        success += w
                        success_turn[after] += w
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
