"""Exact odds of a job, and a vectorised Monte Carlo of the same rules.

:func:`odds` walks every reachable state of a job through the rule functions of
:mod:`kit.regulus.core`, carrying probability mass forward one roll at a time. Decisions are
answered by an automatic policy (by default the ruled defaults). Because a main roll spends a
clock tick and companion chains thin out by at least a factor of six per link, the walk ends
after a few dozen rolls; any mass still unresolved below 1e-18 is reported (it is zero for the
built-in tables). Results are floats accurate far beyond 1e-9.

:func:`simulate` compiles the same walk into a transition table (state x total -> next state)
and samples many jobs at once with numpy. It shares every rule with the exact walk and with
:class:`~kit.regulus.job.Job`, which is what the tests that compare them rely on.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from .. import validate
from ..advising import Method, StandardErrors
from ..errors import InvalidInput, InvalidType
from ..rng import SeedLike, make_rng
from . import _walk
from ._walk import resolve as _resolve
from .core import COMPANION, ENDED, MAIN, Context, JobState
from .job import Job, Operative
from .policies import AUTO, Policy
from .rules import DEFAULT_CONDITIONS, Condition, RegulusRules
from .tables import JobType

__all__ = ["JobSimulation", "Odds", "odds", "odds_grid", "simulate"]

_TINY = _walk.TINY
_MAX_ROLLS = _walk.MAX_ROLLS


@dataclass(frozen=True)
class Odds:
    """Exact outcome probabilities of a job from its current state.

    Attributes:
        success: Probability the job succeeds.
        failure: Probability it fails (any reason).
        by_turn: ``by_turn[k-1]``: probability of success by the end of clock tick k (k =
            1..clock).
        turns: Probability the job ends on main roll k (clock ticks used, counting ticks already
            spent).
        rolls: Probability the job takes r more rolls in all (main and companion) from now.
        expected_threat: Expected Threat when the job ends.
        expected_heat: Expected Heat when the job ends.
        failure_reasons: Probability of failing because of "clock", "crew" or "condition".
        unresolved: Probability mass not resolved (companion chains longer than the walk; ~0).
    """

    success: float
    """Probability the job succeeds."""
    failure: float
    """Probability it fails (any reason)."""
    by_turn: tuple[float, ...]
    """``by_turn[k-1]``: probability of success by the end of clock tick k (k = 1..clock)."""
    turns: dict[int, float]
    """Probability the job ends on main roll k (clock ticks used, counting ticks already spent)."""
    rolls: dict[int, float]
    """Probability the job takes r more rolls in all (main and companion) from now."""
    expected_threat: float
    """Expected Threat when the job ends."""
    expected_heat: float
    """Expected Heat when the job ends."""
    failure_reasons: dict[str, float] = field(default_factory=dict)
    """Probability of failing because of "clock", "crew" or "condition"."""
    unresolved: float = 0.0
    """Probability mass not resolved (companion chains longer than the walk; ~0)."""

    @property
    def method(self) -> Method:
        """Always ``"exact"``: a job's odds are computed, never estimated."""
        return "exact"

    @property
    def n(self) -> None:
        """None: no trials behind exact odds."""
        return None

    @property
    def se(self) -> StandardErrors:
        """Standard errors by field name: all 0.0 (the odds are exact)."""
        return StandardErrors.zeros(
            {
                "success": self.success,
                "failure": self.failure,
                "by_turn": self.by_turn,
                "turns": self.turns,
                "rolls": self.rolls,
                "expected_threat": self.expected_threat,
                "expected_heat": self.expected_heat,
                "failure_reasons": self.failure_reasons,
            }
        )

    def success_by(self, turn: int) -> float:
        """Probability of success by the end of clock tick ``turn``."""
        if turn <= 0:
            return 0.0
        return self.by_turn[min(turn, len(self.by_turn)) - 1]

    @property
    def expected_turns(self) -> float:
        """Expected clock ticks used when the job ends."""
        return sum(k * p for k, p in self.turns.items())

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form (for widgets)."""
        return {
            "success": self.success,
            "failure": self.failure,
            "by_turn": list(self.by_turn),
            "turns": {str(k): v for k, v in self.turns.items()},
            "rolls": {str(k): v for k, v in self.rolls.items()},
            "expected_threat": self.expected_threat,
            "expected_heat": self.expected_heat,
            "failure_reasons": dict(self.failure_reasons),
        }


def _need_job(func: str, job: object) -> None:
    if not isinstance(job, Job):
        raise InvalidType(f"{func}() needs a kit.regulus.Job, got {type(job).__name__} {job!r:.60}")


def _probs(job: Job) -> dict[str, list[tuple[int, float]]]:
    return {
        MAIN: [(t, float(p)) for t, p in job.rules.main().distribution().items()],
        COMPANION: [(t, float(p)) for t, p in job.rules.companion().distribution().items()],
    }


_Key = Callable[[JobState], JobState]
"""What a walk merges states by (a state with the counters no condition reads set to 0)."""


def _stepper(
    ctx: Context, policy: Policy, key: _Key
) -> Callable[[JobState, int], tuple[JobState, JobState]]:
    """Memoised roll-and-resolve: (state, total) -> (next state, its key)."""
    memo: dict[tuple[JobState, int], tuple[JobState, JobState]] = {}

    def step(s: JobState, total: int) -> tuple[JobState, JobState]:
        hit = memo.get((s, total))
        if hit is None:
            t = _resolve(ctx, policy, ctx.roll(s, total)[0])
            hit = memo[(s, total)] = (t, key(t))
        return hit

    return step


#: What one roll from a state leads to, merged over the totals: the expected Threat and Heat it
#: adds, the live states it reaches ``[(key, p)]`` and the ends ``[((turn, outcome, reason), p)]``.
_Moves = tuple[float, float, list[tuple[JobState, float]], list[tuple[tuple[int, str, str], float]]]


def _mover(
    ctx: Context, policy: Policy, key: _Key, probs: dict[str, list[tuple[int, float]]]
) -> Callable[[JobState], _Moves]:
    """Memoised state -> :data:`_Moves`, so each level of the walk touches each state once."""
    step = _stepper(ctx, policy, key)
    memo: dict[JobState, _Moves] = {}

    def moves(s: JobState) -> _Moves:
        hit = memo.get(s)
        if hit is None:
            d_threat = d_heat = 0.0
            live: dict[JobState, float] = defaultdict(float)
            ends: dict[tuple[int, str, str], float] = defaultdict(float)
            for total, p in probs[s.phase]:
                t, k = step(s, total)
                d_threat += p * (t.threat - s.threat)
                d_heat += p * (t.heat - s.heat)
                if t.phase == ENDED:
                    ends[(t.turn, t.outcome or "failure", t.reason or "clock")] += p
                else:
                    live[k] += p
            hit = memo[s] = (d_threat, d_heat, list(live.items()), list(ends.items()))
        return hit

    return moves


def _keyer(ctx: Context) -> _Key:
    if any(c.uses_counters for c in ctx.conditions):
        return lambda s: s
    return lambda s: s._replace(threat=0, heat=0)


def odds(job: Job, policy: Policy = AUTO) -> Odds:
    """Exact odds of ``job`` from its current state, decisions answered by ``policy``.

    The moves of a job's setup are compiled once and kept (for the automatic policies), so
    asking again later in the same job, or for another job of the same setup, is quicker.

    >>> from kit.regulus import Job, Operative
    >>> o = odds(Job("hit", 3, 3, [Operative("Kas", "Gun")]))
    >>> 0 < o.success < 1, abs(o.success + o.failure - 1) < 1e-12
    (True, True)
    """
    _need_job("odds", job)
    ctx = job._ctx
    start = _resolve(ctx, policy, job.state)
    if start.phase == ENDED:
        ok = start.outcome == "success"
        return Odds(
            success=1.0 if ok else 0.0,
            failure=0.0 if ok else 1.0,
            by_turn=tuple(
                1.0 if ok and 1 <= start.turn <= k else 0.0 for k in range(1, job.clock + 1)
            ),
            turns={start.turn: 1.0},
            rolls={0: 1.0},
            expected_threat=job.threat + 0.0,
            expected_heat=job.heat + 0.0,
            failure_reasons={} if ok else {start.reason or "clock": 1.0},
            unresolved=0.0,
        )
    w = _walk.walk(_walk.compiled(ctx, policy), start, job.clock)
    by_turn = []
    acc = 0.0
    for k in range(1, job.clock + 1):
        acc += w.success_turn[k]
        by_turn.append(acc)
    return Odds(
        success=min(w.success, 1.0),
        failure=min(w.failure, 1.0),
        by_turn=tuple(by_turn),
        turns=w.turns,
        rolls=w.rolls,
        expected_threat=job.threat + w.threat,
        expected_heat=job.heat + w.heat,
        failure_reasons=w.reasons,
        unresolved=w.unresolved,
    )


# ====================================================================== Monte Carlo
@dataclass(frozen=True)
class JobSimulation:
    """``n`` jobs played out by Monte Carlo: the shares and means they gave, and their standard
    errors (:attr:`se`, under the same field names).

    Attributes:
        n: Jobs simulated.
        success: Share that succeeded.
        by_turn: Share that succeeded by the end of each clock tick.
        mean_threat: Mean Threat when the jobs ended.
        mean_heat: Mean Heat when the jobs ended.
        turns: Share of jobs that ended on each clock tick.
        seed: The seed that reproduces this run.
        se: Standard error of each estimate, by field name (``se.success``, ``se.by_turn[k]``).
    """

    n: int
    """Jobs simulated."""
    success: float
    """Share that succeeded."""
    by_turn: tuple[float, ...]
    """Share that succeeded by the end of each clock tick."""
    mean_threat: float
    """Mean Threat when the jobs ended."""
    mean_heat: float
    """Mean Heat when the jobs ended."""
    turns: dict[int, float]
    """Share of jobs that ended on each clock tick."""
    seed: int
    """The seed that reproduces this run."""
    se: StandardErrors
    """Standard error of each estimate, by field name (``se.success``, ``se.by_turn[k]``)."""

    @property
    def method(self) -> Method:
        """Always ``"simulated"``."""
        return "simulated"


@dataclass
class _Chain:
    """A job compiled into a lookup table over its reachable states.

    A roll is drawn as one integer ``r`` in ``0..denom-1``; ``nxt[state, r]`` is the state it
    leads to (with the policy's decisions applied), ``d_threat``/``d_heat`` what it adds.
    """

    denom: int
    nxt: np.ndarray  # (states, denom) next state index
    d_threat: np.ndarray  # (states, denom)
    d_heat: np.ndarray  # (states, denom)
    terminal: np.ndarray  # (states,) bool
    success: np.ndarray  # (states,) bool
    turn: np.ndarray  # (states,) clock ticks used
    start_threat: int
    start_heat: int


def _lut(dist: dict[int, Fraction], denom: int) -> list[int]:
    """Totals laid out so a uniform integer 0..denom-1 picks each with its exact probability."""
    out: list[int] = []
    for total, p in dist.items():
        out += [total] * int(p * denom)
    return out


def _reachable(job: Job, policy: Policy, start: JobState) -> set[JobState]:
    """The state keys the exact walk visits with probability of at least ``_TINY``.

    Tokens, and on some custom tables Progress, can grow without bound along a companion chain
    (each link a sixth as likely), so the chain is compiled over these states only; a roll that
    leaves them lands in an absorbing "unresolved" state, reached with probability
    ``Odds.unresolved`` (zero for the built-in tables).
    """
    ctx = job._ctx
    moves = _mover(ctx, policy, _keyer(ctx), _probs(job))
    seen: set[JobState] = set()
    frontier = {start: 1.0}
    for _ in range(_MAX_ROLLS):
        if not frontier:
            break
        seen.update(frontier)
        nxt: dict[JobState, float] = defaultdict(float)
        for s, mass in frontier.items():
            for k, p in moves(s)[2]:
                nxt[k] += mass * p
        frontier = {s: m for s, m in nxt.items() if m >= _TINY}
    return seen


def _compile(job: Job, policy: Policy) -> _Chain:
    ctx = job._ctx
    key = _keyer(ctx)
    step = _stepper(ctx, policy, key)
    dists = {MAIN: job.rules.main().distribution(), COMPANION: job.rules.companion().distribution()}
    denom = 1
    for d in dists.values():
        for p in d.values():
            denom = math.lcm(denom, p.denominator)
    if denom > 100_000:
        raise InvalidInput(
            f"the roll dice give probabilities too fine to simulate (denominator {denom})"
        )
    luts = {ph: _lut(d, denom) for ph, d in dists.items()}
    start = key(_resolve(ctx, policy, job.state))
    live = _reachable(job, policy, start) if start.phase != ENDED else set()
    # The absorbing "unresolved" state: ended, neither success nor a real failure reason.
    lost = start._replace(phase=ENDED, outcome=None, reason="unresolved")
    index: dict[JobState, int] = {start: 0}
    order = [start]
    nxt_rows, dt_rows, dh_rows = [], [], []
    i = 0
    while i < len(order):
        s = order[i]
        if s.phase == ENDED:
            nxt_rows.append([i] * denom)
            dt_rows.append([0] * denom)
            dh_rows.append([0] * denom)
        else:
            by_total: dict[int, tuple[int, int, int]] = {}
            for total in dists[s.phase]:
                t, k = step(s, total)
                if t.phase != ENDED and k not in live:
                    t, k = lost._replace(threat=s.threat, heat=s.heat), lost
                if k not in index:
                    if len(order) >= 200_000:
                        raise InvalidInput("this job has too many states to simulate")
                    index[k] = len(order)
                    order.append(k)
                by_total[total] = (index[k], t.threat - s.threat, t.heat - s.heat)
            lut = luts[s.phase]
            nxt_rows.append([by_total[t][0] for t in lut])
            dt_rows.append([by_total[t][1] for t in lut])
            dh_rows.append([by_total[t][2] for t in lut])
        i += 1
    return _Chain(
        denom=denom,
        nxt=np.array(nxt_rows, dtype=np.int32).ravel(),
        d_threat=np.array(dt_rows, dtype=np.int32).ravel(),
        d_heat=np.array(dh_rows, dtype=np.int32).ravel(),
        terminal=np.array([s.phase == ENDED for s in order]),
        success=np.array([s.outcome == "success" for s in order]),
        turn=np.array([s.turn for s in order], dtype=np.int64),
        start_threat=job.threat,
        start_heat=job.heat,
    )


def simulate(
    job: Job, n: int = 100_000, seed: SeedLike = None, policy: Policy = AUTO
) -> JobSimulation:
    """Monte Carlo of ``n`` jobs from ``job``'s current state, vectorised with numpy.

    >>> from kit.regulus import Job, Operative
    >>> r = simulate(Job("con", 4, 5, [Operative("Vex", "Face")]), n=20_000, seed=1)
    >>> abs(r.success - odds(Job("con", 4, 5, [Operative("Vex", "Face")])).success) < 4 * r.se.success
    True
    """
    _need_job("simulate", job)
    n = validate.integer("n", n, 1, 50_000_000)
    rng, recorded = make_rng(seed)
    # The table depends on the setup, the Clock and the state only: kept between calls.
    chain = _walk.chain(job._ctx, policy, job.state, lambda: _compile(job, policy))
    state = np.zeros(n, dtype=np.int32)
    threat = np.zeros(n, dtype=np.int32)
    heat = np.zeros(n, dtype=np.int32)
    alive = np.arange(n) if not chain.terminal[0] else np.arange(0)
    steps = 0
    while alive.size:
        steps += 1
        if steps > _MAX_ROLLS:
            raise InvalidInput("simulated jobs did not end; check the table's companion rows")
        idx = state[alive] * chain.denom + rng.integers(
            0, chain.denom, size=alive.size, dtype=np.int32
        )
        threat[alive] += chain.d_threat[idx]
        heat[alive] += chain.d_heat[idx]
        new = chain.nxt[idx]
        state[alive] = new
        alive = alive[~chain.terminal[new]]
    ok = chain.success[state]
    p = float(ok.mean())
    turn = chain.turn[state]
    by_turn = tuple(float(np.mean(ok & (turn <= k))) for k in range(1, job.clock + 1))
    counts = np.bincount(turn, minlength=job.clock + 1)
    t_all = threat + chain.start_threat
    h_all = heat + chain.start_heat
    turns = {k: float(c / n) for k, c in enumerate(counts) if c}
    shares = StandardErrors.of_shares({"success": p, "by_turn": by_turn, "turns": turns}, n)
    return JobSimulation(
        n=n,
        success=p,
        by_turn=by_turn,
        mean_threat=float(t_all.mean()),
        mean_heat=float(h_all.mean()),
        turns=turns,
        seed=recorded,
        se=StandardErrors(
            {
                **shares,
                "mean_threat": float(t_all.std(ddof=1) / np.sqrt(n)) if n > 1 else 0.0,
                "mean_heat": float(h_all.std(ddof=1) / np.sqrt(n)) if n > 1 else 0.0,
            }
        ),
    )


def odds_grid(
    job_type: str | JobType,
    *,
    crew: Iterable[Operative] | int = 3,
    difficulties: Iterable[int] = range(3, 8),
    clocks: Iterable[int] = range(3, 8),
    conditions: Iterable[Condition] = DEFAULT_CONDITIONS,
    rules: RegulusRules | None = None,
    policy: Policy = AUTO,
) -> tuple[list[int], list[int], list[list[float]]]:
    """Exact chance of success for every Difficulty x Clock: ``(difficulties, clocks,
    grid[d][c])``, rows and columns in the order given.

    ``crew`` is a list of operatives or a crew size (anonymous operatives of one gig type).
    Under the automatic rulings one walk per Difficulty covers every Clock: the Clock only
    decides when a job that has not yet succeeded runs out of time, so a job with Clock c
    succeeds exactly when the same job with the longest Clock has succeeded by the end of its
    c-th main roll (:attr:`Odds.by_turn`; the tests check this pair by pair). Another policy
    may look at the Clock, so each pair is then walked on its own.

    >>> _, _, [[p]] = odds_grid("heist", crew=1, difficulties=[4], clocks=[6])
    >>> round(p, 4)
    0.3086
    """
    if isinstance(crew, int):
        size = validate.integer("crew size", crew, 1, 12)
        crew = [Operative(f"Operative {i + 1}", "Crew") for i in range(size)]
    ops, conds = list(crew), list(conditions)
    ds = [
        validate.integer("difficulty", d, 3, 7)
        for d in validate.sequence("difficulties", list(difficulties))
    ]
    cs = [validate.integer("clock", c, 3, 7) for c in validate.sequence("clocks", list(clocks))]
    if not ds or not cs:
        raise InvalidInput("difficulties and clocks must each list at least one value from 3 to 7")
    if policy is AUTO:
        longest = max(cs)
        walks = [
            odds(Job(job_type, d, longest, ops, conds, rules=rules, seed=0)).by_turn for d in ds
        ]
        return ds, cs, [[by_turn[c - 1] for c in cs] for by_turn in walks]
    grid = [
        [odds(Job(job_type, d, c, ops, conds, rules=rules, seed=0), policy).success for c in cs]
        for d in ds
    ]
    return ds, cs, grid
