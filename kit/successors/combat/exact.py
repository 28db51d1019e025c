"""Exact battle odds: the whole battle as a Markov chain, and one answer that says how.

:func:`exact_odds` works out how a battle ends under a deterministic policy without rolling a
die. The chain's states are the battle's own :class:`~.state.BattleState` s (what every ship,
entity and extra is, Sensors successes and locks, Busters left, the round), told apart by a
fingerprint of everything a later phase can read, so two ways of reaching the same position
become one state. The chain moves a phase at a time, all eight in order, so every state of a
step is at the same point of the same round:

* each phase is played by the engine's own phase function; at every roll it makes, a
  branching roller takes one possible result (the number of hits of a volley or a Sensors or
  Take-Over pool, the row of the damage table, each face of a single die) with its exact
  probability and notes the others, and the phase is run again for each result not yet
  followed, as :func:`.odds.round_outcomes` branches;
* outcomes of the same state are merged, so the count of states stays that of the distinct
  positions (tens to a few thousand for a few ships a side);
* a battle that ends leaves the chain with its result (who won, the rounds, each side's RU
  lost, worked out by the engine's own :func:`~.battle.summarize`), and the rest play on until
  the round limit (``max_rounds``, default the rules'), where the engine calls a draw.

Repairs and healing that send a damaged position back to an earlier one are no special case:
the round limit the engine plays to is finite, so playing the chain round by round to it is
the exact answer (probability that never leaves the repair loop ends in the draw the limit
gives, as it does in a played battle).

Probabilities are rational (:class:`fractions.Fraction`) by default, so every figure is exact;
``arithmetic="float"`` sums in floats instead, somewhat faster, and states a first-order bound
on the rounding in ``error_bound`` (each product or sum of positive numbers errs by at most
2**-53 of its value; about 1e-13 for the battles under the limit).

:func:`battle_odds` is the one answer: exact when the battle fits under
:data:`kit.limits.EXACT_MAX_STATES` and :data:`kit.limits.EXACT_MAX_SECONDS`, otherwise a
simulation with standard errors, its ``method`` and ``why`` saying which.

>>> from kit.successors.combat import Battle, Side
>>> b = Battle([Side("A", ships={"Frigate": 1}), Side("B", ships={"Frigate": 1})], seed=1)
>>> odds = exact_odds(b)
>>> odds.method, round(odds.won["A"], 6) == round(odds.won["B"], 6)
('exact', True)
>>> abs(sum(odds.won) + odds.draw[0] - 1) < 1e-12
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ... import limits, validate
from ...errors import IllegalAction
from ...rng import SeedLike
from ..ranks import success_distribution
from .battle import _end_check, summarize
from .events import Ctx, Roller, phase_copy
from .odds_result import OUTCOME_FIELDS, BattleOdds, OddsErrors, PerSide, binomial_se
from .phases import PHASE_FUNCTIONS
from .policies import AutoPolicy
from .rules import PHASES
from .simulate.result import OUTCOMES
from .state import BattleState, SideState, Unit

if TYPE_CHECKING:
    from .battle import Battle
    from .protocol import CombatPolicy

__all__ = [
    "ExactTooLarge",
    "auto_budget",
    "battle_odds",
    "exact_answers",
    "exact_odds",
    "fighting_units",
    "play_exact",
]

Prob = Any  # Fraction or float


class ExactTooLarge(IllegalAction):
    """The battle's chain is over the exact engine's limit (the message gives the count)."""

    def __init__(self, message: str, states: int, seconds: float) -> None:
        super().__init__(message)
        self.states = states
        self.seconds = seconds


class _BranchRoller(Roller):
    """Follows a path of results (indices into each roll's possible results); past the path's
    end it takes each roll's first result and notes the others (:attr:`fresh`), so one run
    of a phase reaches an outcome and tells the caller which other paths to run.

    Faces in ``prefix`` (dice already rolled at an advised decision) are served first, as
    they were rolled. Attacks (and Sensors and Take-Over pools, which count successes alike)
    branch on the number of hits; the damage table on its rows; any other roll on each face.
    """

    def __init__(
        self,
        path: tuple[int, ...],
        damage: list[tuple[int, Prob]],
        one: Prob,
        prefix: Sequence[int] = (),
        pools: dict[tuple[int, ...], list[tuple[list[int], Prob]]] | None = None,
    ) -> None:
        self.path, self.i, self.prob = path, 0, one
        self.taken: list[int] = []
        self.fresh: list[tuple[int, int]] = []  # (depth, number of results) of new rolls
        self.damage_opts, self.one = damage, one
        self.prefix = list(prefix)
        self.pools = pools if pools is not None else {}
        self.face_opts = [(f, one / 6) for f in range(1, 7)]

    def _choose(self, options: list[tuple[Any, Prob]]) -> Any:
        if self.i >= len(self.path):
            self.fresh.append((self.i, len(options)))
            k = 0
        else:
            k = self.path[self.i]
        self.taken.append(k)
        value, p = options[k]
        self.i += 1
        self.prob = self.prob * p
        return value

    def _scripted(self, n: int) -> list[int] | None:
        if not self.prefix:
            return None
        out, self.prefix = self.prefix[:n], self.prefix[n:]
        if len(out) < n:  # the decision came in the middle of a roll: never, but be exact
            out += [self._face() for _ in range(n - len(out))]
        return out

    def _face(self) -> int:
        return int(self._choose(self.face_opts))

    def attack(self, dice: Sequence[int]) -> list[int]:
        got = self._scripted(len(dice))
        if got is not None:
            return got
        n = len(dice)
        if not n:
            return []
        key = tuple(dice)
        opts = self.pools.get(key)
        if opts is None:
            dist = sorted(success_distribution(dice).items())
            one = self.one
            opts = self.pools[key] = [
                ([1] * k + [6] * (n - k), p if isinstance(one, Fraction) else float(p))
                for k, p in dist
            ]
        return list(self._choose(opts))

    def damage(self) -> int:
        got = self._scripted(1)
        if got is not None:
            return got[0]
        return int(self._choose(self.damage_opts))

    def faces(self, n: int) -> list[int]:
        got = self._scripted(n)
        if got is not None:
            return got
        return [self._face() for _ in range(n)]


# --------------------------------------------------------------------------- fingerprints
def _unit_print(u: Unit, round_end: bool) -> tuple[Any, ...]:
    return (
        u.key,
        u.owner,
        u.state,
        u.damaged,
        u.counter,
        u.hulk_ru,
        u.controlled,
        u.carried_by,
        u.held_by,
        tuple(sorted(u.takeover.items())) if u.takeover else (),
        u.needs_recondition,
        u.eaten,
        False if round_end else u.fired,  # the next round's order phase clears it
    )


def _side_print(s: SideState, sensors: bool) -> tuple[Any, ...]:
    ent = s.entity
    return (
        None if ent is None else ent.damage,
        s.entity_state,
        tuple(sorted(s.sensors.items())) if sensors else (),
        s.static_defenses,
        tuple(s.busters),
        s.rammers,
        s.retreated,
        s.feral_ru,
        tuple(sorted((k, tuple(sorted(v.items()))) for k, v in s.structures.items())),
        s.cubes,
        tuple(s.prisoners),
    )


def fingerprint(
    st: BattleState, *, with_round: bool = True, sensors: bool = True
) -> tuple[Any, ...]:
    """Everything of ``st`` a later phase can read (not the phase count that seeds dice).

    ``with_round=False`` leaves the round out (for a policy that no longer reads it);
    ``sensors=False`` leaves Sensors successes out (for a battle where nobody can attempt a
    Take-Over, the one thing they unlock)."""
    end = st.phase_index >= len(PHASES)
    return (
        st.round if with_round else 0,
        st.phase_index,
        tuple(_unit_print(u, end) for u in st.units.values()),
        tuple(_side_print(s, sensors) for s in st.sides),
    )


def _round_blind_from(policy: Any) -> int | None:
    """The first round from which ``policy``'s answers no longer depend on the round number
    (None: not known to ever). Known: :class:`~.policies.AutoPolicy` with retreat rules of
    this module's kinds, and a :class:`~.forcing.ForcedPolicy` over one (after the rounds its
    answers name). Busters left in the orbit keep the round in (their policy times them)."""
    from .forcing import ForcedPolicy
    from .policies import Never, RetreatAfter, RetreatWhenLosses

    if type(policy) is AutoPolicy:
        rules = policy.retreat_rules
        start = 1
        for rule in rules.values() if isinstance(rules, dict) else [rules]:
            if type(rule) in (Never, RetreatWhenLosses):
                continue
            if type(rule) is RetreatAfter:
                start = max(start, rule.rounds + 1)
                continue
            return None
        return start
    if type(policy) is ForcedPolicy and policy.stop is None:
        base = _round_blind_from(policy.base)
        if base is None:
            return None
        return max([base] + [int(k[1]) + 1 for k in policy.answers])
    return None


def _sensors_matter(battle: Battle) -> bool:
    """True when some side could ever attempt a Take-Over (an entity or a ship with Control
    rank): only then do Sensors successes (the locks) change what happens."""
    for side in battle.sides:
        ent = side.entity
        if ent is not None and ent.base("control") > 0:
            return True
        if any(getattr(sh.design, "control", 0) for sh in side.ships):
            return True
    return False


def _result_key(res: dict[str, Any]) -> tuple[int, tuple[str, ...], tuple[float, ...]]:
    rows = res["sides"]
    return (
        int(res["rounds"]),
        tuple(r["outcome"] for r in rows),
        tuple(float(r["ru_lost"]) for r in rows),
    )


# --------------------------------------------------------------------------- the chain
class _Chain:
    """The phase-by-phase walk of one battle under one policy.

    Each distinct position's phase is enumerated once (:attr:`memo`); a policy that no longer
    reads the round (see :func:`_round_blind_from`) shares the enumeration between rounds, so
    a chain that loops through repairs costs a dictionary look-up per round after the first.
    """

    def __init__(
        self,
        battle: Battle,
        policy: CombatPolicy,
        limit: int,
        *,
        fractions: bool,
        max_states: int,
        max_seconds: float,
    ) -> None:
        self.battle, self.policy, self.limit = battle, policy, limit
        self.one: Prob = Fraction(1) if fractions else 1.0
        dmg: dict[str, list[int]] = {}
        for f, r in battle.rules.damage_table:
            dmg.setdefault(r, []).append(f)
        self.dmg_opts = [(fs[0], self.one * len(fs) / 6) for fs in dmg.values()]
        self.pools: dict[tuple[int, ...], list[tuple[list[int], Prob]]] = {}
        self.max_states, self.max_seconds = max_states, max_seconds
        self.blind = _round_blind_from(policy)
        self.sensors = _sensors_matter(battle)
        self.memo: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
        self.t0 = time.perf_counter()
        self.states = 0
        self.leaves = 0
        n = len(battle.sides)
        self.terminal: dict[tuple[Any, ...], Prob] = {}
        self.errors: dict[tuple[Any, ...], int] = {}
        self.first_adds = 0
        self.first_err = 0
        self.firsts: list[dict[int, Prob]] = [{} for _ in range(n)]

    def _check(self) -> None:
        spent = time.perf_counter() - self.t0
        if self.states > self.max_states or spent > self.max_seconds:
            raise ExactTooLarge(
                f"the battle is too big for exact odds: {self.states} states explored "
                f"({self.leaves} phase outcomes) in {spent:.1f} s, over the limit of "
                f"{self.max_states} states or {self.max_seconds:g} s "
                "(kit.limits.EXACT_MAX_STATES / EXACT_MAX_SECONDS); use battle_odds() or "
                "simulate() for a simulated answer",
                self.states,
                spent,
            )

    def phase(
        self, st: BattleState, prefix: Sequence[int] = (), policy: CombatPolicy | None = None
    ) -> list[tuple[Prob, BattleState, dict[int, int], int]]:
        """Every outcome of the next phase from ``st``: (probability, state, first hits seen,
        rounding steps behind the probability in float arithmetic)."""
        battle = self.battle
        policy = policy if policy is not None else self.policy
        phase = PHASES[st.phase_index % len(PHASES)]
        rnd = st.round + (1 if st.phase_index >= len(PHASES) else 0)
        fn = PHASE_FUNCTIONS[phase]
        out = []
        stack: list[tuple[int, ...]] = [()]
        begin = getattr(policy, "begin_phase", None)
        self.states += 1
        while stack:
            path = stack.pop()
            if begin is not None:
                begin()
            roller = _BranchRoller(path, self.dmg_opts, self.one, prefix, self.pools)
            st2 = phase_copy(st)
            seen: dict[int, int] = {}

            def record(kind: str, d: dict[str, Any], seen: dict[int, int] = seen) -> None:
                if kind == "attack" and not d.get("aimed") and d["side"] not in seen:
                    seen[d["side"]] = int(d["hits"])

            ctx = Ctx(
                battle.sides, st2, battle.rules, policy, roller, jammer=battle.jammer, record=record
            )
            ctx.emit("phase", round=rnd, phase=phase)
            fn(ctx)
            for depth, n in reversed(roller.fresh):
                head = tuple(roller.taken[:depth])
                stack.extend(head + (k,) for k in range(n - 1, 0, -1))
            end = _end_check(ctx, phase)
            if end is not None:
                ctx.emit("end", **end)
            self.leaves += 1
            if self.leaves % 1000 == 0:
                self._check()
            # each factor is rounded once as a float and once when multiplied in
            out.append((roller.prob, st2, seen, 2 * roller.i))
        return out

    def _outcomes(self, st: BattleState, fp: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """The next phase's outcomes from ``st`` (``fp`` its fingerprint without the round),
        merged and remembered: (probability, state, first hits seen, merge key or None,
        (outcomes, RU lost) when it ends, round step)."""
        rnd = st.round + (1 if st.phase_index >= len(PHASES) else 0)
        with_round = self.blind is None or rnd < self.blind or any(s.busters for s in st.sides)
        key = (fp, rnd if with_round else 0)
        got = self.memo.get(key)
        if got is not None:
            return got
        merged: dict[tuple[Any, ...], list[Any]] = {}
        for q, st2, seen, err in self.phase(st):
            step = st2.round - st.round
            if st2.over:
                assert st2.result is not None
                _, outs, lost = _result_key(st2.result)
                k: tuple[Any, ...] = ("end", outs, lost, tuple(sorted(seen.items())))
                row = [q, None, seen, None, (outs, lost), step, err]
            else:
                fp = fingerprint(st2, with_round=False, sensors=self.sensors)
                k = (fp, tuple(sorted(seen.items())))
                row = [q, st2, seen, fp, None, step, err]
            have = merged.get(k)
            if have is None:
                merged[k] = row
            else:
                have[0] = have[0] + q
                have[6] = max(have[6], err) + 1
        out = [tuple(r) for r in merged.values()]
        self.memo[key] = out
        return out

    def run(self, start: list[tuple[BattleState, Prob, tuple[bool, ...]]]) -> None:
        """Walk the chain from ``start`` (states with their probability and which sides
        have fired a volley) to the end, filling :attr:`terminal` and :attr:`firsts`."""
        dist: dict[tuple[Any, ...], list[Any]] = {}
        for st, p, flags in start:
            if st.over:
                assert st.result is not None
                self._end(_result_key(st.result), p, 0)
                continue
            fp = fingerprint(st, with_round=False, sensors=self.sensors)
            have = dist.get((fp, flags))
            if have is None:
                dist[(fp, flags)] = [st, p, flags, 0]
            else:
                have[1] = have[1] + p
                have[3] += 1
        while dist:
            new: dict[tuple[Any, ...], list[Any]] = {}
            for (fp0, _), (st, p, flags, e) in dist.items():
                if st.phase_index >= len(PHASES) and st.round >= self.limit:
                    self._finish(st, p, e)
                    continue
                r = st.round
                for q, st2, seen, fp, term, step, eq in self._outcomes(st, fp0):
                    pq = p * q
                    epq = e + eq + 1
                    fl = flags
                    if seen:
                        fl = self._seen(flags, seen, pq, epq)
                    if term is not None:
                        self._end((r + step, term[0], term[1]), pq, epq)
                        continue
                    key = (fp, fl)
                    have = new.get(key)
                    if have is None:
                        if st2.round != r + step:  # a remembered phase of another round
                            st2 = _with_round(st2, r + step)
                        new[key] = [st2, pq, fl, epq]
                    else:
                        have[1] = have[1] + pq
                        have[3] = max(have[3], epq) + 1
            dist = new
            self._check()

    def _seen(
        self, flags: tuple[bool, ...], seen: dict[int, int], p: Prob, err: int = 0
    ) -> tuple[bool, ...]:
        """Count first volleys of sides that had not fired one; the flags after."""
        fl = list(flags)
        for side, hits in seen.items():
            if not fl[side]:
                fl[side] = True
                f = self.firsts[side]
                f[hits] = f.get(hits, 0) + p
                self.first_adds += 1
                self.first_err = max(self.first_err, err)
        return tuple(fl)

    def _finish(self, st: BattleState, p: Prob, err: int) -> None:
        """The round limit: the engine's draw (as :meth:`.battle.Battle.run` ends it)."""
        b = self.battle
        ctx = Ctx(b.sides, st, b.rules, self.policy, Roller(), jammer=b.jammer)
        self._end(_result_key(summarize(ctx, reason="round limit")), p, err)

    def _end(self, k: tuple[Any, ...], p: Prob, err: int) -> None:
        """Add ``p`` (``err`` rounding steps behind it) to the ending ``k``."""
        have = self.terminal.get(k)
        self.terminal[k] = p if have is None else have + p
        self.errors[k] = err if have is None else max(self.errors[k], err) + 1

    @property
    def rounding(self) -> int:
        """Rounding steps behind any figure summed from :attr:`terminal` (float arithmetic:
        each step errs by at most 2**-53 of the value; every value here is at most 1)."""
        ends = max(self.errors.values(), default=0) + len(self.terminal)
        return max(ends, self.first_err + self.first_adds)


def _with_round(st: BattleState, rnd: int) -> BattleState:
    """A shallow copy of ``st`` in round ``rnd`` (states in the chain are never changed)."""
    new = object.__new__(BattleState)
    new.__dict__.update(st.__dict__)
    new.round = rnd
    return new


def _logged_firsts(battle: Battle) -> dict[int, int]:
    """Hits of each side's first unaimed volley already in the battle's log."""
    out: dict[int, int] = {}
    for e in battle.log:
        if e.kind == "attack" and not e.get("aimed") and e["side"] not in out:
            out[e["side"]] = int(e["hits"])
    return out


def _flags(battle: Battle) -> tuple[bool, ...]:
    """Sides that fired an unaimed volley already in the battle's log."""
    fired = _logged_firsts(battle)
    return tuple(i in fired for i in range(len(battle.sides)))


def play_exact(
    battle: Battle,
    policy: CombatPolicy | None = None,
    max_rounds: int | None = None,
    *,
    start: list[tuple[BattleState, Prob, tuple[bool, ...]]] | None = None,
    fractions: bool = True,
    max_states: int | None = None,
    max_seconds: float | None = None,
) -> _Chain:
    """Walk ``battle``'s chain (from its current state, or from ``start``); the walked chain.
    A battle that is over is its own result (probability 1).

    For :func:`exact_odds` and the advisor; raises :class:`ExactTooLarge` past the limits.
    """
    limit = max_rounds if max_rounds is not None else battle.rules.max_rounds
    limit = validate.integer("max_rounds", limit, 1, 10000)
    chain = _Chain(
        battle,
        policy if policy is not None else AutoPolicy(),
        limit,
        fractions=fractions,
        max_states=limits.EXACT_MAX_STATES if max_states is None else max_states,
        max_seconds=limits.EXACT_MAX_SECONDS if max_seconds is None else max_seconds,
    )
    if start is None:
        start = [(battle.state, chain.one, _flags(battle))]
        for side, hits in _logged_firsts(battle).items():  # known already: certain
            chain.firsts[side][hits] = chain.one
    chain.run(start)
    return chain


def exact_odds(
    battle: Battle,
    policy: CombatPolicy | None = None,
    max_rounds: int | None = None,
    *,
    arithmetic: str = "fraction",
    max_states: int | None = None,
    max_seconds: float | None = None,
) -> BattleOdds:
    """How ``battle`` ends under ``policy``, exactly (see the module docs).

    Args:
        battle: the battle; its current state is the start (it is not changed).
        policy: a deterministic policy (default :class:`~.policies.AutoPolicy`): the same
            state must always get the same answers. A forced or scripted policy
            (:class:`~.forcing.ForcedPolicy`) is fine; one that rolls its own dice is not.
        max_rounds: rounds before the engine calls a draw (default the rules').
        arithmetic: ``"fraction"`` (exact) or ``"float"`` (faster; ``error_bound`` says by
            how much a figure may be off).
        max_states: states to explore before giving up (default
            :data:`kit.limits.EXACT_MAX_STATES`).
        max_seconds: seconds before giving up (default :data:`kit.limits.EXACT_MAX_SECONDS`).

    Raises:
        ExactTooLarge: (an :class:`~kit.errors.IllegalAction`) past either limit; the message
            gives the states explored.
    """
    validate.choice("arithmetic", arithmetic, ("fraction", "float"))
    t0 = time.perf_counter()
    chain = play_exact(
        battle,
        policy,
        max_rounds,
        fractions=arithmetic == "fraction",
        max_states=max_states,
        max_seconds=max_seconds,
    )
    seconds = time.perf_counter() - t0
    names = [s.name for s in battle.sides]
    S = len(names)
    shares = {o: [0.0] * S for o in OUTCOME_FIELDS}
    rounds: dict[int, Prob] = {}
    ru: list[dict[float, Prob]] = [{} for _ in range(S)]
    for (r, outs, lost), p in chain.terminal.items():
        rounds[r] = rounds.get(r, 0) + p
        for i in range(S):
            shares[outs[i]][i] += p
            ru[i][lost[i]] = ru[i].get(lost[i], 0) + p
    firsts = []
    for i in range(S):
        f = dict(chain.firsts[i])
        never = chain.one - sum(f.values(), 0 * chain.one)
        if never:
            f[-1] = never
        firsts.append(dict(sorted((k, float(v)) for k, v in f.items())))
    # first-order forward error of float sums and products of positive numbers: each rounding
    # step errs by at most 2**-53 of the value, and every figure is at most 1
    bound = 0.0 if arithmetic == "fraction" else chain.rounding * 2.0**-53
    zero = PerSide([0.0] * S, names)
    how = "rational" if arithmetic == "fraction" else f"float (error below {bound:.1e})"
    return BattleOdds(
        sides=tuple(names),
        method="exact",
        won=PerSide([float(v) for v in shares["won"]], names),
        lost=PerSide([float(v) for v in shares["lost"]], names),
        draw=PerSide([float(v) for v in shares["draw"]], names),
        retreated=PerSide([float(v) for v in shares["retreated"]], names),
        rounds={k: float(v) for k, v in sorted(rounds.items())},
        ru_lost=PerSide([{k: float(v) for k, v in sorted(d.items())} for d in ru], names),
        first_hits=PerSide(firsts, names),
        se=OddsErrors(
            won=zero,
            lost=zero,
            draw=zero,
            retreated=zero,
            rounds={k: 0.0 for k in sorted(rounds)},
            ru_lost=PerSide([{k: 0.0 for k in sorted(d)} for d in ru], names),
            first_hits=PerSide([{k: 0.0 for k in f} for f in firsts], names),
        ),
        why=(
            f"exact: the battle's chain has {chain.states} states (limit "
            f"{chain.max_states}), walked in {seconds:.2f} s with {how} arithmetic"
        ),
        states=chain.states,
        seconds=seconds,
        error_bound=bound,
        extra={"max_rounds": chain.limit, "arithmetic": arithmetic, "leaves": chain.leaves},
    )


def exact_answers(
    battle: Battle,
    decision: dict[str, Any],
    faces: Sequence[int],
    options: dict[str, Any],
    base: CombatPolicy,
    answers: dict[tuple[Any, ...], Any],
    good: Sequence[str],
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
) -> dict[str, tuple[float, float, int]]:
    """The advisor's exact answers: for each answer to ``decision`` (a pending decision of the
    battle's next phase, the phase having rolled ``faces`` before it), (the chance the deciding
    side ends in one of ``good``, its mean RU lost, states explored), playing the phase and the
    rest of the battle under ``base`` with that answer forced (:class:`~.forcing.ForcedPolicy`,
    as the simulated advice forces it).

    The answers share one budget of ``max_states`` chain states (default
    :data:`kit.limits.EXACT_ADVICE_STATES`): a count, so whether advice is exact does not
    depend on the machine's load. ``max_seconds`` (default
    :data:`kit.limits.EXACT_MAX_SECONDS`) is only a safety net against a pathological phase.

    Raises:
        ExactTooLarge: the answers' chains together pass the budget (the message gives the
            count; the caller simulates instead).
    """
    from .forcing import ForcedPolicy
    from .policies import _key

    side = int(decision["side"])
    budget = limits.EXACT_ADVICE_STATES if max_states is None else max_states
    seconds = limits.EXACT_MAX_SECONDS if max_seconds is None else max_seconds
    t0 = time.perf_counter()
    out: dict[str, tuple[float, float, int]] = {}
    used = 0
    for label, answer in options.items():
        policy = ForcedPolicy(base, {**answers, _key(decision): answer}, None)
        chain = _Chain(
            battle,
            policy,
            battle.rules.max_rounds,
            fractions=True,
            max_states=budget - used,
            max_seconds=seconds - (time.perf_counter() - t0),
        )
        flags = _flags(battle)
        try:
            first = chain.phase(battle.state, prefix=faces)
            start = [(st2, q, chain._seen(flags, seen, q)) for q, st2, seen, _ in first]
            chain.run(start)
        except ExactTooLarge as exc:
            spent = time.perf_counter() - t0
            raise ExactTooLarge(
                f"the answers' exact chains passed {used + exc.states} states together "
                f"({len(out)} of {len(options)} answers walked), over the advisor's limit of "
                f"{budget} states (kit.limits.EXACT_ADVICE_STATES)"
                + ("" if exc.states > budget - used else f" or the {seconds:g} s safety net"),
                used + exc.states,
                spent,
            ) from exc
        used += chain.states
        win = sum(
            (v for (_, outs, _), v in chain.terminal.items() if outs[side] in good), Fraction(0)
        )
        lost = sum(
            (v * Fraction(ru[side]) for (_, _, ru), v in chain.terminal.items()), Fraction(0)
        )
        out[label] = (float(win), float(lost), chain.states)
    return out


def fighting_units(battle: Battle) -> int:
    """Ships and Rammers in the orbit and active entities: the size the auto paths check
    against :data:`kit.limits.EXACT_MAX_UNITS` before trying the exact engine."""
    st = battle.state
    ships = sum(1 for u in st.units.values() if u.in_orbit)
    return ships + sum(1 for s in st.sides if s.entity_state == "active")


def auto_budget(battle: Battle, policy: CombatPolicy | None) -> tuple[int, float] | None:
    """(states, seconds) ``battle_odds`` gives the exact engine unasked, or None when the
    battle is too big to try (see :mod:`kit.limits`): little where the vectorised simulation
    covers the battle (it is fast), the full limit where only the event-log engine does."""
    from .simulate import fast_supported

    if fighting_units(battle) > limits.EXACT_MAX_UNITS:
        return None
    if len(battle.log):
        return limits.EXACT_MAX_STATES, limits.EXACT_MAX_SECONDS  # simulations start afresh
    if fast_supported(battle, policy if policy is not None else AutoPolicy()) is None:
        return limits.EXACT_FAST_STATES, limits.EXACT_FAST_SECONDS
    return limits.EXACT_MAX_STATES, limits.EXACT_MAX_SECONDS


def battle_odds(
    battle: Battle,
    policy: CombatPolicy | None = None,
    max_rounds: int | None = None,
    *,
    n: int | None = None,
    seed: SeedLike = None,
    method: str = "auto",
    max_states: int | None = None,
    max_seconds: float | None = None,
) -> BattleOdds:
    """How ``battle`` ends: exactly when its chain is small, else simulated.

    With ``method="auto"`` the exact engine is tried when the battle has at most
    :data:`kit.limits.EXACT_MAX_UNITS` fighting units, within a budget chosen so that it
    answers before a simulation of standard error 0.5 points would (:func:`auto_budget`);
    past the budget the battle is simulated.

    Args:
        battle: the battle (the exact answer plays on from where it is; a simulation always
            plays from the setup).
        policy: the policy (default :class:`~.policies.AutoPolicy`).
        max_rounds: rounds before a draw (default the rules').
        n: battles to simulate when simulated (default 10,000: a standard error of at most
            0.5 points on each chance).
        seed: seeds the simulation.
        method: ``"auto"``, ``"exact"`` (raise past the limits) or ``"simulated"``.
        max_states: override the exact engine's budget of states.
        max_seconds: override the exact engine's budget of seconds.

    Returns:
        A :class:`~.odds_result.BattleOdds`; ``method`` says which and ``why`` why.
    """
    validate.choice("method", method, ("auto", "exact", "simulated"))
    if method == "exact":
        return exact_odds(
            battle, policy, max_rounds, max_states=max_states, max_seconds=max_seconds
        )
    reason = "simulated as asked (method='simulated')"
    if method == "auto":
        budget = auto_budget(battle, policy)
        if budget is None and max_states is None and max_seconds is None:
            reason = (
                f"simulated: {fighting_units(battle)} fighting units, over the "
                f"{limits.EXACT_MAX_UNITS} the exact engine is tried for (kit.limits.EXACT_MAX_UNITS)"
            )
        else:
            states, seconds = budget or (limits.EXACT_MAX_STATES, limits.EXACT_MAX_SECONDS)
            try:
                return exact_odds(
                    battle,
                    policy,
                    max_rounds,
                    max_states=states if max_states is None else max_states,
                    max_seconds=seconds if max_seconds is None else max_seconds,
                )
            except ExactTooLarge as exc:
                reason = (
                    f"simulated: the exact chain passed {exc.states} states or "
                    f"{exc.seconds:.2f} s, over the budget a simulation beats "
                    f"({states} states, {seconds:g} s)"
                )
    if len(battle.log):
        reason += " (from the battle's setup: a simulation does not start mid-battle)"
    return simulated_odds(battle, policy, max_rounds, n=n, seed=seed, why=reason)


def simulated_odds(
    battle: Battle,
    policy: CombatPolicy | None = None,
    max_rounds: int | None = None,
    *,
    n: int | None = None,
    seed: SeedLike = None,
    why: str = "simulated",
) -> BattleOdds:
    """:class:`~.odds_result.BattleOdds` from a simulation of ``n`` battles (default 10,000)."""
    from .simulate import simulate

    n = validate.integer("n", n if n is not None else 10_000, 1, 10_000_000)
    t0 = time.perf_counter()
    res = simulate(battle, n, policy=policy, seed=seed, max_rounds=max_rounds, progress=False)
    seconds = time.perf_counter() - t0
    names = list(res.sides)
    S = len(names)

    def dist(values: Any, conv: Callable[[Any], Any]) -> dict[Any, float]:
        import numpy as np

        vals, counts = np.unique(values, return_counts=True)
        return {conv(v): float(c) / n for v, c in zip(vals, counts)}

    shares = {o: [res.probability(i, o) for i in range(S)] for o in OUTCOMES}
    rounds = dist(res.rounds, int)
    ru = [dist(res.ru_lost[:, i], float) for i in range(S)]
    firsts = [dist(res.first_hits[:, i], int) for i in range(S)]
    return BattleOdds(
        sides=tuple(names),
        method="simulated",
        won=PerSide(shares["won"], names),
        lost=PerSide(shares["lost"], names),
        draw=PerSide(shares["draw"], names),
        retreated=PerSide(shares["retreated"], names),
        rounds=rounds,
        ru_lost=PerSide(ru, names),
        first_hits=PerSide(firsts, names),
        se=OddsErrors(
            won=PerSide([binomial_se(p, n) for p in shares["won"]], names),
            lost=PerSide([binomial_se(p, n) for p in shares["lost"]], names),
            draw=PerSide([binomial_se(p, n) for p in shares["draw"]], names),
            retreated=PerSide([binomial_se(p, n) for p in shares["retreated"]], names),
            rounds={k: binomial_se(p, n) for k, p in rounds.items()},
            ru_lost=PerSide([{k: binomial_se(p, n) for k, p in d.items()} for d in ru], names),
            first_hits=PerSide(
                [{k: binomial_se(p, n) for k, p in d.items()} for d in firsts], names
            ),
        ),
        why=f"{why}; {n} battles on the {res.engine} simulation (seed {res.seed})",
        n=n,
        seconds=seconds,
        extra={"seed": res.seed, "simulation": res.engine},
    )
