"""The GM's advisor in a battle: each answer to a pending decision and the win chance it leaves.

A battle stops for the GM with a :class:`~.policies.DecisionNeeded` (or, in the Combat table,
with its ``pending`` decision). :func:`advice` takes that battle and that decision dict,
tries a few sensible answers and, for each, plays the battle to its end ``n`` times under the
automatic policy; the share of those battles the deciding side wins is the answer's chance,
reported with its standard error as a :class:`kit.advising.Advice`.

How one answer is tried:

* The dice the phase rolled before the decision are already on the table (the GM has seen the
  hits), so every trial keeps them: the phase is replayed with those faces scripted.
* Everything after the decision is unknown to the GM, so it is random in every trial: trial
  ``j`` plays as a copy of the battle whose seed is the ``j``-th of ``n`` seeds drawn from
  ``seed`` would. It runs the battle's own phase functions on a copy of its state without
  writing an event log (about 1.4 times as fast as stepping a copied :class:`~.battle.Battle`,
  and a test checks both end alike).
* Every answer is tried on the same ``n`` seeds (common random numbers), so two answers meet
  the same luck after the decision and their difference is sharper than either chance alone.

Answers tried, by kind of decision:

* ``allocate`` (where the incoming hits land): the default of ruling 4 (decoys, then the
  cheapest ships), the priciest ships first, one hit on each ship in turn (spread), and the
  entity first while its abilities stay at 1 or more; duplicates are dropped.
* ``retreat``: retreat or stay.
* ``release`` (ships leaving Control): every choice when there are few, else the cheapest
  (default) or the priciest.
* ``fire``: everything, or everything but the reloaders (Drones and pods) held back.
* ``aim``: no Aimed Shots, or every firing unit aimed at the enemy's priciest operational
  ship.

* ``takeover`` (which enemy ship the side's Take-Over goes for, every Control user of the side
  on it): each ship the side has a lock on (ships alike in design, owner and condition are
  tried once, the label naming how many are alike), no attempt, and the automatic choice
  when it spreads the users over several ships (see :mod:`.takeover_choice`).

Example (the text's first example: where should the garrison take Releata's first volley?):

>>> from kit.successors.examples import example_one
>>> from kit.successors.combat import DecisionNeeded, InteractivePolicy
>>> battle = example_one()
>>> ask = InteractivePolicy(ask=("allocate",))
>>> try:
...     while True:
...         _ = battle.step_phase(ask)
... except DecisionNeeded as need:
...     decision = need.decision
>>> decision["hits"], decision["side"]
(6, 1)
>>> a = advice(battle, decision, n=20, seed=1)
>>> a.best in a.options and not a.exact and a.n
20
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ... import limits, validate
from ...advising import Advice
from ...errors import ChunkFailed, IllegalAction, InvalidInput
from ...limits import EXACT_MAX_UNITS
from ...rng import SeedLike, make_rng
from .battle import Battle
from .candidates import battle_candidates
from .damage import auto_allocation
from .events import Ctx
from .exact import ExactTooLarge, exact_answers, fighting_units
from .forcing import ForcedPolicy
from .policies import AutoPolicy, DecisionNeeded, InteractivePolicy, _key, takeover_plan
from .protocol import CombatPolicy
from .rules import PHASES
from .simulate.parallel import check_executor, run_chunks
from .simulate.result import OUTCOMES
from .takeover_choice import takeover_candidates
from .trials import (
    KINDS,
    _automatic,
    _before,
    _check_decision,
    _clear,
    _legal,
    _precise,
    _question,
    _stream,
    fast_trials,
    find_decision,
    play_answer,
)

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from typing_extensions import Unpack

    from .policies import AutoOptions

__all__ = [
    "GOALS",
    "AdvisedCombatPolicy",
    "advice",
    "battle_candidates",
    "find_decision",
    "play_answer",
]

#: Battles per answer before ``precision`` may stop the advisor early.
MIN_TRIALS = 500

#: What counts as success for the deciding side: ``"win"`` (it wins the battle) or
#: ``"not_lose"`` (it wins, draws or gets away by retreating).
GOALS = ("win", "not_lose")

#: The old private name of :class:`~.forcing.ForcedPolicy` (it lived here before).
_Forced = ForcedPolicy


def advice(
    battle: Battle,
    decision: Mapping[str, Any] | None = None,
    *,
    n: int = 2000,
    seed: SeedLike = 0,
    policy: CombatPolicy | None = None,
    goal: str = "win",
    candidates: Mapping[str, Any] | None = None,
    stop_when_clear: bool = False,
    method: str = "auto",
    precision: float | None = 0.02,
    executor: Executor | None = None,
) -> Advice:
    """The chance the deciding side succeeds after each answer to a pending battle decision.

    Args:
        battle: the :class:`~.battle.Battle` waiting for the decision (unchanged by the call).
        decision: the dict of the :class:`~.policies.DecisionNeeded` the battle stopped with
            (``CombatTable.pending`` is the same dict); None takes the decision the battle
            stopped at (:attr:`~.battle.Battle.waiting`), or when it has not stopped, finds the
            next decision the GM is asked by stepping a copy (see :func:`find_decision`).
        n: battles played to the end per answer (Monte Carlo; the same luck for every answer:
            common random numbers).
        seed: seeds the ``n`` battles (same seed, same numbers; None draws a seed). On the
            engine, trial ``j`` plays under the ``j``-th of
            ``numpy.random.default_rng(seed).integers(0, 2**62, size=n)``; on the vectorised
            simulation, every answer's batch ``k`` of trials draws from the stream
            ``numpy.random.SeedSequence(seed, spawn_key=(k,))``.
        policy: how the battle goes on after the decision (default
            :class:`~.policies.AutoPolicy`); an :class:`~.policies.InteractivePolicy` lends
            its automatic settings and the answers already queued for this phase's earlier
            decisions.
        goal: ``"win"`` (the deciding side wins) or ``"not_lose"`` (it wins, draws or retreats).
        candidates: answers to try instead of the built-in ones, by label.
        stop_when_clear: play in batches of 100 battles and stop before ``n`` once every
            other answer trails the best by more than 4 standard errors of the paired
            difference (``Advice.n`` then says how many were played).
        precision: stop before ``n`` once every answer's standard error is at most this
            (checked from :data:`MIN_TRIALS` battles per answer on; None: play all ``n``).
        method: ``"auto"`` (exact, from :func:`.exact.exact_answers`, when the battle has at
            most :data:`kit.limits.EXACT_MAX_UNITS` fighting units and the answers' chains
            together have at most :data:`kit.limits.EXACT_ADVICE_STATES` states (a count, so
            the choice does not depend on the machine's load): standard errors 0, ``Advice.exact`` True; else the vectorised
            simulation when it covers the battle, the decision and the policy: an
            ``allocate`` or ``retreat`` decision under the automatic policy; else the engine),
            ``"fast"`` or ``"engine"`` (simulated).
        executor: any :class:`concurrent.futures.Executor` to play the trials on: each batch
            of the vectorised simulation, or each answer's chunk on the engine, is one task
            (default: this process). Batches past the point where ``precision`` stops are
            cancelled or dropped, so the advice for a seed is the same on any executor.

    Returns:
        An :class:`~kit.advising.Advice` with each answer's chance and standard error; its
        ``answers`` (and :meth:`~kit.advising.Advice.choose`) give the value each label stands
        for, as ``InteractivePolicy.answer(decision, value)`` takes it (a list of unit keys for
        ``allocate``, a bool for ``retreat``, a target key, None or a dict for ``takeover``); its
        notes give the mean RU the deciding side loses and each answer's gap to the best with
        the standard error of that paired difference. The best answer has the highest chance;
        among equal chances, the one losing the fewest RU.
    """
    n = validate.integer("n", n, 1, 1_000_000)
    validate.choice("goal", goal, GOALS)
    validate.choice("method", method, ("auto", "fast", "engine"))
    real = battle
    executor = check_executor(executor)
    if decision is None and battle.waiting is not None:
        # the battle stopped at a decision: advise on that one, under the policy that asked
        decision = battle.waiting
        policy = battle.asked_by if policy is None else policy
    if decision is None:
        if not isinstance(policy, InteractivePolicy):
            where = "it is over" if battle.over else "it is between phases"
            raise IllegalAction(
                f"the battle waits for no decision, so there is nothing to advise: {where}. "
                "Play it to the decision (battle.step_phase with an InteractivePolicy), or pass "
                "policy=<that InteractivePolicy> to look ahead to the next one it asks"
            )
        battle, decision = find_decision(battle, policy)
    d = _check_decision(battle, decision)
    base, answers = _automatic(policy)
    prefix = _before(battle, d, base, answers)
    st = prefix.st
    if candidates is not None:
        options = dict(candidates)
    elif d["kind"] == "takeover":
        options = takeover_candidates(st, d)
    else:
        options = battle_candidates(st, d)
    if not options:
        raise InvalidInput("candidates: at least one answer to try is needed")
    rng, recorded = make_rng(seed)
    side = int(d["side"])
    good = ("won",) if goal == "win" else ("won", "draw", "retreated")
    wins: dict[str, list[bool]] = {label: [] for label in options}
    losses: dict[str, list[float]] = {label: [] for label in options}
    legal = _legal(battle, d, prefix, options, base, answers, candidates)
    if precision is not None:
        precision = validate.number("precision", precision, 0, 1)
    units = fighting_units(battle)
    if method != "auto":
        why = f"simulated as asked (method={method!r})"
    elif units > EXACT_MAX_UNITS:
        why = (
            f"simulated: {units} fighting units, over the {EXACT_MAX_UNITS} the exact engine is "
            "tried for (kit.limits.EXACT_MAX_UNITS)"
        )
    else:
        try:
            exact = exact_answers(battle, d, prefix.faces, legal, base, answers, good)
        except ExactTooLarge as exc:  # too big to walk: simulate
            why = f"simulated: {exc}"
        else:  # small enough: every answer's chance exactly
            total = sum(v[2] for v in exact.values())
            why = (
                f"exact: the answers' chains have {total} states together (limit "
                f"{limits.EXACT_ADVICE_STATES}, kit.limits.EXACT_ADVICE_STATES)"
            )
            return _exact_advice(battle, d, goal, legal, exact, apply=_answering(real, d), why=why)
    first, step = (100, 100) if stop_when_clear else (MIN_TRIALS, 250) if precision else (n, n)

    def enough(done: int) -> bool:
        if done >= n:
            return True
        if stop_when_clear and _clear(wins, losses):
            return True
        return precision is not None and done >= MIN_TRIALS and _precise(wins, precision)

    fast = None
    if method != "engine":
        fast = fast_trials(
            battle, d, prefix, legal, base, answers, min(first, n), _stream(recorded, 0)
        )
        if fast is None and method == "fast":
            raise InvalidInput("method='fast' cannot play this decision: use 'auto' or 'engine'")
    if fast is not None:
        codes = [OUTCOMES.index(o) for o in good]
        wins = {k: [] for k in legal}
        losses = {k: [] for k in legal}
        done, batches = 0, 0
        ahead = _Ahead(executor, recorded, battle, d, prefix, legal, base, answers)
        try:
            while True:
                for label, r in fast.items():
                    wins[label] += np.isin(r["outcome"][:, side], codes).tolist()
                    losses[label] += r["ru_lost"][:, side].tolist()
                done += len(next(iter(fast.values()))["rounds"])
                if enough(done):
                    break
                batches += 1
                fast = ahead.batch(batches, done, step, n)
                assert fast is not None
        finally:
            ahead.close()
    else:
        seeds = [int(s) for s in rng.integers(0, 2**62, size=n)]
        done = 0
        while done < n:
            chunk = seeds[done : done + (first if not done else min(step, 100))]
            labels = list(wins)
            played = run_chunks(
                _engine_answer,
                [(battle, d, options[k], chunk, policy, prefix.faces) for k in labels],
                executor=executor,
                labels=[f"answer {k!r}, trials {done} to {done + len(chunk) - 1}" for k in labels],
            )
            for label, results in zip(labels, played):
                if isinstance(results, IllegalAction):
                    if candidates is not None or done:
                        raise results
                    del wins[label], losses[label]  # a built-in answer the rules refuse here
                    continue
                rows = [r["sides"][side] for r in results]
                wins[label] += [row["outcome"] in good for row in rows]
                losses[label] += [row["ru_lost"] for row in rows]
            done += len(chunk)
            if not wins:
                raise IllegalAction("no answer to this decision could be played")
            if enough(done):
                break
    n = done
    played_on = "event-log engine" if fast is None else "vectorised simulation"
    success = {k: np.array(v, float) for k, v in wins.items()}
    lost = {k: float(np.mean(v)) for k, v in losses.items()}
    chances = {k: float(v.mean()) for k, v in success.items()}
    stderr = {k: float(np.sqrt(max(p * (1 - p), 0.0) / n)) for k, p in chances.items()}
    best = max(chances, key=lambda k: (chances[k], -lost[k]))
    notes = {}
    for k, v in success.items():
        diff = v - success[best]
        gap = float(diff.std(ddof=1) / np.sqrt(n)) if n > 1 else 0.0
        vs = "" if k == best else f"; vs best {diff.mean():+.1%} ± {gap:.1%}"
        notes[k] = f"mean RU lost {lost[k]:.1f}{vs}"
    # ranked order, so the first listed among equal chances is the best one
    order = sorted(chances, key=lambda k: (-chances[k], lost[k]))
    return Advice(
        options={k: chances[k] for k in order},
        best=best,
        exact=False,
        stderr={k: stderr[k] for k in order},
        n=n,
        question=_question(battle, d) + ("" if goal == "win" else " (not losing)"),
        notes={k: notes[k] for k in order},
        answers={k: options[k] for k in order},
        apply=_answering(real, d),
        why=f"{why}; {n} battles an answer on the {played_on}",
    )


def _answering(battle: Battle, decision: Mapping[str, Any]) -> Callable[[object], Battle]:
    """Plays an answer to ``decision`` in ``battle`` (:meth:`~kit.advising.Advice.choose`)."""

    def apply(answer: object) -> Battle:
        if battle.waiting is None or dict(battle.waiting) != dict(decision):
            raise IllegalAction(
                "the battle is not waiting for this decision (it was advised on ahead of play, "
                "or has moved on): play it to the decision, then ask again"
            )
        # the phase may go on to the next decision: then battle.waiting holds it
        with contextlib.suppress(DecisionNeeded):
            battle.answer(answer)
        return battle

    return apply


def _exact_advice(
    battle: Battle,
    d: dict[str, Any],
    goal: str,
    legal: dict[str, Any],
    exact: dict[str, tuple[float, float, int]],
    apply: Callable[[object], Battle] | None = None,
    why: str = "exact",
) -> Advice:
    """Advice from :func:`.exact.exact_answers`: exact chances, standard errors 0."""
    chances = {k: v[0] for k, v in exact.items()}
    lost = {k: v[1] for k, v in exact.items()}
    best = max(chances, key=lambda k: (chances[k], -lost[k]))
    order = sorted(chances, key=lambda k: (-chances[k], lost[k]))
    notes = {
        k: f"mean RU lost {lost[k]:.2f}"
        + ("" if k == best else f"; vs best {chances[k] - chances[best]:+.1%}")
        + f"; exact ({exact[k][2]} states)"
        for k in order
    }
    return Advice(
        options={k: chances[k] for k in order},
        best=best,
        exact=True,
        stderr={k: 0.0 for k in order},
        n=None,
        question=_question(battle, d) + ("" if goal == "win" else " (not losing)"),
        notes=notes,
        answers={k: legal[k] for k in order},
        apply=apply,
        why=why,
    )


def _engine_answer(
    battle: Battle,
    d: dict[str, Any],
    answer: Any,
    seeds: list[int],
    policy: CombatPolicy | None,
    faces: Sequence[int],
) -> list[dict[str, Any]] | IllegalAction:
    """One answer's chunk of engine trials (a task for an executor); the rules' refusal of
    the answer comes back as a value, so a refused built-in answer is dropped, not failed."""
    try:
        return play_answer(battle, d, answer, seeds, policy=policy, faces=faces)
    except IllegalAction as exc:
        return exc


def _fast_batch(
    part: int,
    seed: int,
    k: int,
    battle: Battle,
    d: dict[str, Any],
    prefix: Any,
    legal: Mapping[str, Any],
    base: CombatPolicy,
    answers: dict[tuple[Any, ...], Any],
) -> dict[str, dict[str, np.ndarray]] | None:
    """The advisor's ``k``-th batch of ``part`` trials per answer (a task for an executor)."""
    return fast_trials(battle, d, prefix, legal, base, answers, part, _stream(seed, k))


class _Ahead:
    """The advisor's later batches: played here one at a time, or sent to an executor
    ahead of need (every batch up to ``n`` at once; those past the stop are cancelled)."""

    def __init__(self, executor: Executor | None, seed: int, *setup: Any) -> None:
        self.executor = executor
        self.seed = seed
        self.setup = setup
        self.futures: dict[int, Any] = {}

    def batch(self, k: int, done: int, step: int, n: int) -> Any:
        if self.executor is None:
            return _fast_batch(min(step, n - done), self.seed, k, *self.setup)
        if not self.futures:
            at, j = done, k
            while at < n:
                part = min(step, n - at)
                self.futures[j] = (
                    self._submit(_fast_batch, part, self.seed, j, *self.setup),
                    part,
                    at,
                )
                at, j = at + part, j + 1
        future, part, at = self.futures.pop(k)
        try:
            return future.result()
        except Exception as exc:
            seed = self.seed
            raise ChunkFailed(
                f"batch {k} of the advisor's trials (trials {at} to {at + part - 1} of each "
                f"answer, seed {seed}, SeedSequence spawn_key ({k},)) failed: "
                f"{type(exc).__name__}: {exc}. No advice is returned; run it again"
            ) from exc

    def _submit(self, fn: Any, *args: Any) -> Any:
        assert self.executor is not None
        try:
            return self.executor.submit(fn, *args)
        except RuntimeError as exc:
            self.close()
            raise ChunkFailed(
                f"the executor {type(self.executor).__name__} cannot take the advisor's "
                f"trials: {exc}. Give an executor that is running (not shut down), or none"
            ) from exc

    def close(self) -> None:
        for future, _, _ in self.futures.values():
            future.cancel()
        self.futures.clear()


class AdvisedCombatPolicy(AutoPolicy):
    """Takes the advisor's best answer at every hit allocation (retreat, Take-Over target)
    of chosen sides.

    Made for one battle and used with that battle's :meth:`~.battle.Battle.step_phase` or
    :meth:`~.battle.Battle.run` (each allocation is advised from the battle's state at the
    start of the phase, so stepping with scripted ``faces`` is not supported); every other
    decision, and the battles the advisor plays on, follow :class:`~.policies.AutoPolicy`
    with the same settings. Each allocation plays ``n`` battles per answer, so keep ``n``
    small: the point is comparing good play with the defaults over many battles.

    Args:
        battle: the battle this policy plays.
        sides: sides whose decisions are advised (default: every side).
        decisions: the decisions advised: ``"allocate"`` (hits taken), ``"retreat"`` and
            ``"takeover"`` (the ship a side's Take-Over goes for).
        n: battles per answer at each allocation.
        seed: seeds the advice; each decision draws its own seeds from it and the kind,
            round, phase, side and hits, so replaying a phase gives the same answer.
        goal: what the advised side aims for (see :data:`GOALS`).
        **auto: settings of the automatic policy (``retreat_rules``, ``takeover`` ...).

    Example:
        >>> from kit.successors.combat import Battle, Side
        >>> b = Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 3})], seed=2)
        >>> b.run(policy=AdvisedCombatPolicy(b, n=4)).over
        True
    """

    def __init__(
        self,
        battle: Battle,
        *,
        sides: Sequence[int] | None = None,
        decisions: Sequence[str] = ("allocate",),
        n: int = 50,
        seed: int = 0,
        goal: str = "win",
        **auto: Unpack[AutoOptions],
    ) -> None:
        super().__init__(**auto)
        self.battle = battle
        self.sides = None if sides is None else tuple(sides)
        self.decisions = tuple(
            validate.choice("decisions", k, ("allocate", "retreat", "takeover")) for k in decisions
        )
        self.n = validate.integer("n", n, 1, 100_000)
        self.seed = validate.integer("seed", seed, 0)
        self.goal = validate.choice("goal", goal, GOALS)
        self.advice: list[Advice] = []
        """Every piece of advice taken, in order."""
        self._answers: dict[tuple[Any, ...], Any] = {}

    def begin_phase(self) -> None:
        """Forget the answers given in the previous phase."""
        self._answers = {}

    def _mine(self, ctx: Ctx, kind: str, side: int) -> bool:
        """True when this decision is advised (else the automatic answer is taken)."""
        if kind not in self.decisions or (self.sides is not None and side not in self.sides):
            return False
        if ctx.sides is not self.battle.sides or ctx.st.steps != self.battle.state.steps + 1:
            raise IllegalAction(
                "AdvisedCombatPolicy advises only the battle it was made for, "
                "played with that battle's step_phase or run"
            )
        return True

    def _take(self, ctx: Ctx, d: dict[str, Any], options: dict[str, Any]) -> Any:
        """Advise on ``d`` among ``options`` and remember the answer for this phase."""
        if len(options) > 1:
            settings = {f.name: getattr(self, f.name) for f in dataclasses.fields(AutoPolicy)}
            earlier = InteractivePolicy(ask=(), **settings)
            earlier.answers = dict(self._answers)
            where = [ctx.st.round, PHASES.index(d["phase"]), d["side"], d.get("hits", 0)]
            advised = advice(
                self.battle,
                d,
                n=self.n,
                seed=np.random.default_rng([self.seed, KINDS.index(d["kind"]), *where]),
                policy=earlier,
                goal=self.goal,
                candidates=options,
            )
            self.advice.append(advised)
            answer = options[advised.best]
        else:
            answer = next(iter(options.values()))
        self._answers[_key(d)] = answer
        return answer

    def allocate(self, ctx: Ctx, side: int, hits: int, phase: str, by: int) -> list[str]:
        """The advisor's best allocation for the chosen sides; ruling 4 for the others."""
        default = auto_allocation(ctx.st, side, hits)
        if not self._mine(ctx, "allocate", side):
            return default
        d = {
            "kind": "allocate",
            "round": ctx.st.round,
            "side": side,
            "phase": phase,
            "hits": hits,
            "by": by,
            "default": default,
        }
        options = battle_candidates(ctx.st, d) or {"default": default}
        return list(self._take(ctx, d, options))

    def retreat(self, ctx: Ctx, side: int) -> bool:
        """Retreat or stay, as advised, when ``"retreat"`` is among the advised decisions."""
        if not self._mine(ctx, "retreat", side):
            return super().retreat(ctx, side)
        d = {"kind": "retreat", "round": ctx.st.round, "side": side, "phase": "retreat"}
        return bool(self._take(ctx, d, {"stay": False, "retreat": True}))

    def takeovers(
        self, ctx: Ctx, side: int, users: dict[str, list[int]], targets: list[str]
    ) -> dict[str, str]:
        """The advisor's best Take-Over target when ``"takeover"`` is advised; else automatic."""
        default = super().takeovers(ctx, side, users, targets)
        if not self._mine(ctx, "takeover", side):
            return default
        d = {
            "kind": "takeover",
            "round": ctx.st.round,
            "side": side,
            "phase": "takeover",
            "options": list(targets),
            "users": list(users),
            "default": default,
        }
        return takeover_plan(
            self._take(ctx, d, takeover_candidates(ctx.st, d)), list(users), targets
        )
