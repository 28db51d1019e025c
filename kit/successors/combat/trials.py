"""Playing a battle on from a pending decision: the combat advisor's trials.

:func:`play_answer` plays each trial on the engine (a copy of the state, the phase replayed
with the dice already rolled, then phase by phase with no event log); :func:`fast_trials`
plays all trials of an answer at once on the vectorised simulation
(:func:`~.simulate.resume.resume`) when it covers the battle, the decision and the policy.
:func:`find_decision` finds the next decision the GM will be asked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, cast

import numpy as np

from ... import validate
from ...errors import IllegalAction, InvalidInput, InvalidType
from .battle import Battle, _end_check, summarize
from .events import Ctx, RngRoller, Roller, ScriptedRoller, apply_event, copy_state
from .forcing import DecisionReached, ForcedPolicy, RecordingRoller
from .phases import PHASE_FUNCTIONS
from .policies import AutoPolicy, DecisionNeeded, InteractivePolicy, _key
from .protocol import CombatPolicy
from .rules import PHASES
from .state import BattleState
from .takeover_choice import takeover_question

__all__ = ["Prefix", "fast_trials", "find_decision", "play_answer"]

#: Decision kinds the advisor knows how to answer.
KINDS = ("allocate", "retreat", "release", "fire", "aim", "takeover")


def _automatic(policy: CombatPolicy | None) -> tuple[CombatPolicy, dict[tuple[Any, ...], Any]]:
    """(the automatic policy to play on with, answers already queued for this phase)."""
    if policy is None:
        return AutoPolicy(), {}
    if isinstance(policy, InteractivePolicy):
        settings = {f.name: getattr(policy, f.name) for f in dataclasses.fields(AutoPolicy)}
        return AutoPolicy(**settings), dict(policy.answers)
    if not callable(getattr(policy, "allocate", None)):
        raise InvalidType(
            f"policy must be a combat policy such as AutoPolicy or InteractivePolicy, got {policy!r}"
        )
    return policy, {}


def _check_decision(battle: Battle, decision: Any) -> dict[str, Any]:
    """A copy of ``decision``, checked; its round defaults to the round of the next phase."""
    decision = dict(validate.mapping("decision", decision))
    for field in ("kind", "side"):
        if field not in decision:
            raise InvalidInput(f"decision needs a {field!r} entry (pass DecisionNeeded.decision)")
    validate.choice("decision kind", decision["kind"], KINDS)
    if battle.over:
        raise IllegalAction("the battle is over: there is no decision to advise")
    st = battle.state
    decision.setdefault("round", st.round + (1 if st.phase_index >= len(PHASES) else 0))
    return cast("dict[str, Any]", decision)


@dataclasses.dataclass
class Prefix:
    """What the pending phase did before the decision: the dice it rolled (``faces``), the
    state at the decision (``st``), its events so far and the queued answers it used."""

    faces: list[int]
    st: BattleState
    events: list[tuple[str, dict[str, Any]]]
    used: set[tuple[Any, ...]]


class _Recording(ForcedPolicy):
    """A :class:`ForcedPolicy` that remembers which queued answers the phase asked for."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.used: set[tuple[Any, ...]] = set()

    def _fixed(self, ctx: Ctx, decision: dict[str, Any]) -> tuple[bool, Any]:
        found, value = super()._fixed(ctx, decision)
        if found:
            self.used.add(_key({"round": ctx.st.round, **decision}))
        return found, value


def _before(
    battle: Battle,
    decision: dict[str, Any],
    base: CombatPolicy,
    answers: dict[tuple[Any, ...], Any],
) -> Prefix:
    """Play the battle's next phase with its own dice up to ``decision``."""
    st = copy_state(battle.state)
    phase = PHASES[st.phase_index % len(PHASES)]
    rnd = st.round + (1 if st.phase_index >= len(PHASES) else 0)
    roller = RecordingRoller(RngRoller(np.random.default_rng([battle.seed, st.steps])))
    policy = _Recording(base, answers, _key(decision))
    events: list[tuple[str, dict[str, Any]]] = []
    ctx = Ctx(
        battle.sides,
        st,
        battle.rules,
        policy,
        roller,
        jammer=battle.jammer,
        record=lambda k, d: events.append((k, d)),
    )
    ctx.emit("phase", round=rnd, phase=phase)
    try:
        PHASE_FUNCTIONS[phase](ctx)
    except DecisionReached as reached:
        return Prefix(list(roller.seen), reached.st, events, policy.used)
    raise InvalidInput(
        f"decision {decision['kind']!r} for side {decision['side']} is not asked in this "
        f"battle's next phase (round {rnd}, {phase}); pass the decision the battle stopped at"
    )


def fast_trials(
    battle: Battle,
    decision: dict[str, Any],
    prefix: Prefix,
    options: Mapping[str, Any],
    base: CombatPolicy,
    answers: dict[tuple[Any, ...], Any],
    n: int,
    stream: np.random.SeedSequence,
) -> dict[str, dict[str, np.ndarray]] | None:
    """The result arrays of ``n`` trials per answer on the vectorised simulation, from the
    random ``stream`` (see :func:`~.simulate.resume.resume`: every answer meets the same dice
    in the rest of the pending phase); None when it does not cover them (the policy is not
    an :class:`~.policies.AutoPolicy`, an answer queued for a later decision of the phase, a
    kind or a battle it cannot play)."""
    from .simulate.resume import resume

    if type(base) is not AutoPolicy or set(answers) - prefix.used:
        return None
    kind = decision["kind"]
    if kind not in ("allocate", "retreat", "takeover", "aim"):
        return None
    limit = battle.rules.max_rounds
    out: dict[str, dict[str, np.ndarray]] = {}
    starts = []
    for label, answer in options.items():
        if kind == "retreat":  # no dice left in the phase: the engine plays it once
            st = _phase_with(battle, prefix, base, {**answers, _key(decision): answer})
            if st.over:
                assert st.result is not None  # the end event sets both
                out[label] = _one_result(battle, st.result, n)
                continue
            starts.append((label, st, None))
        else:
            starts.append((label, prefix.st, answer))
    if starts:
        finish, play = stream.spawn(2)
        res = resume(
            battle,
            base,
            [(st, answer) for _, st, answer in starts],
            prefix.events,
            None if kind == "retreat" else decision,
            n,
            finish,
            play,
            limit,
        )
        if res is None:
            return None
        out.update({label: r for (label, _, _), r in zip(starts, res)})
    return {label: out[label] for label in options}


def _phase_with(
    battle: Battle, prefix: Prefix, base: CombatPolicy, answers: dict[tuple[Any, ...], Any]
) -> BattleState:
    """The state after the pending phase played with its own dice and ``answers``."""
    st = copy_state(battle.state)
    phase = PHASES[st.phase_index % len(PHASES)]
    rnd = st.round + (1 if st.phase_index >= len(PHASES) else 0)
    roller = ScriptedRoller(list(prefix.faces), fallback=RngRoller(np.random.default_rng(0)))
    policy = ForcedPolicy(base, answers, None)
    ctx = Ctx(battle.sides, st, battle.rules, policy, roller, jammer=battle.jammer)
    ctx.emit("phase", round=rnd, phase=phase)
    PHASE_FUNCTIONS[phase](ctx)
    end = _end_check(ctx, phase)
    if end is not None:
        ctx.emit("end", **end)
    return st


def _one_result(battle: Battle, result: dict[str, Any], n: int) -> dict[str, np.ndarray]:
    """The result arrays of ``n`` trials that all end as ``result``."""
    from .simulate.result import OUTCOMES

    rows = result["sides"]
    return {
        "outcome": np.tile([OUTCOMES.index(r["outcome"]) for r in rows], (n, 1)),
        "ru_lost": np.tile([float(r["ru_lost"]) for r in rows], (n, 1)),
        "rounds": np.full(n, int(result["rounds"])),
    }


def find_decision(
    battle: Battle, policy: InteractivePolicy | None = None
) -> tuple[Battle, dict[str, Any]]:
    """Step a copy of ``battle`` to the next decision the GM is asked; (the copy, the decision).

    ``policy`` is the :class:`~.policies.InteractivePolicy` that asks (default: every side's
    allocations and retreats). The copy rolls the same dice the battle itself would, so the
    decision is the one the GM will meet. Raises :class:`~kit.errors.IllegalAction` when the
    battle ends without one.
    """
    if policy is None:
        ask = InteractivePolicy(ask=("allocate", "retreat"))
    elif isinstance(policy, InteractivePolicy):
        ask = InteractivePolicy(ask=policy.ask, sides=policy.sides)
        for f in dataclasses.fields(AutoPolicy):
            setattr(ask, f.name, getattr(policy, f.name))
        ask.answers = dict(policy.answers)
    else:
        raise InvalidType(f"policy must be an InteractivePolicy to find a decision, got {policy!r}")
    copy = _clone(battle, battle.seed)
    limit = battle.rules.max_rounds
    while not copy.over:
        if copy.state.phase_index >= len(PHASES) and copy.state.round >= limit:
            break
        try:
            copy.step_phase(ask)
        except DecisionNeeded as need:
            return copy, need.decision
    raise IllegalAction("the battle ends without a decision for the GM: nothing to advise")


def _clone(battle: Battle, seed: int) -> Battle:
    """The battle's setup and log under another seed (the state is rebuilt by replaying)."""
    return type(battle)(
        battle.sides,
        rules=battle.rules,
        seed=seed,
        jammer=battle.jammer,
        orbit=battle.orbit,
        log=battle.log.copy(),
    )


# --------------------------------------------------------------------------- playing
def play_answer(
    battle: Battle,
    decision: Mapping[str, Any],
    answer: object,
    seeds: Sequence[int],
    *,
    policy: CombatPolicy | None = None,
    faces: Sequence[int] | None = None,
) -> list[dict[str, Any]]:
    """Play ``battle`` to its end once per seed with ``answer`` given to ``decision``.

    Each play starts from a copy of the battle's state under that seed, replays the pending
    phase with ``faces`` (the dice rolled before the decision; found from the battle's own seed
    when None) and goes on under ``policy`` (default :class:`~.policies.AutoPolicy`). Returns
    each play's result (see :func:`~.battle.summarize`): the very result a copy of the battle
    made with that seed would reach by ``step_phase(policy, faces=faces)`` and ``run`` (a
    test checks it), without writing an event log.
    """
    d = _check_decision(battle, decision)
    base, answers = _automatic(policy)
    if faces is None:
        faces = _before(battle, d, base, answers).faces
    forced = ForcedPolicy(base, {**answers, _key(d): answer}, None)
    return [_play_out(battle, int(s), forced, faces) for s in seeds]


def _play_out(
    battle: Battle, seed: int, policy: CombatPolicy, faces: Sequence[int]
) -> dict[str, Any]:
    """What ``Battle.step_phase(policy, faces=faces)`` then ``run(policy=policy)`` on a copy
    of ``battle`` seeded ``seed`` would end with, played on one copy of the state with the
    same phase functions, end check and dice streams, but no event log (no log writes, no
    copy of the state per phase)."""
    st = copy_state(battle.state)
    limit = battle.rules.max_rounds
    first = True
    while not st.over:
        if not first and st.phase_index >= len(PHASES) and st.round >= limit:
            roller: Roller = RngRoller(np.random.default_rng(0))
            ctx = Ctx(battle.sides, st, battle.rules, policy, roller, jammer=battle.jammer)
            apply_event(st, "end", summarize(ctx, reason="round limit"))
            break
        begin = getattr(policy, "begin_phase", None)
        if begin is not None:
            begin()
        phase = PHASES[st.phase_index % len(PHASES)]
        rnd = st.round + (1 if st.phase_index >= len(PHASES) else 0)
        roller = RngRoller(np.random.default_rng([seed, st.steps]))
        if first:
            roller = ScriptedRoller(list(faces), fallback=roller)
            first = False
        ctx = Ctx(battle.sides, st, battle.rules, policy, roller, jammer=battle.jammer)
        ctx.emit("phase", round=rnd, phase=phase)
        PHASE_FUNCTIONS[phase](ctx)
        end = _end_check(ctx, phase)
        if end is not None:
            ctx.emit("end", **end)
    assert st.result is not None
    return st.result


_PHASE_WORDS = {
    "first": "First Strike",
    "main": "Main combat",
    "last": "Last combat",
    "takeover": "Take-Over",
}


def _question(battle: Battle, d: dict[str, Any]) -> str:
    names = [s.name for s in battle.sides]
    who = names[int(d["side"])]
    where = f"Round {d.get('round', battle.round)}"
    phase = str(d.get("phase", ""))
    where += f", {_PHASE_WORDS.get(phase, phase)}"
    kind = d["kind"]
    if kind == "allocate":
        by = names[int(d["by"])] if 0 <= int(d.get("by", -1)) < len(names) else "the enemy"
        return f"{where}: where does {who} take {d['hits']} hit(s) from {by}?"
    if kind == "retreat":
        return f"{where}: does {who} retreat?"
    if kind == "release":
        return f"{where}: which {d['n']} ship(s) does {who} let go of Control?"
    if kind == "fire":
        return f"{where}: what does {who} fire?"
    if kind == "takeover":
        return takeover_question(where, who)
    return f"{where}: does {who} aim its shots?"


def _precise(wins: dict[str, list[bool]], precision: float) -> bool:
    """Every answer's chance is known to ``precision`` (its standard error)."""
    for v in wins.values():
        p, m = float(np.mean(v)), len(v)
        if np.sqrt(p * (1 - p) / m) > precision:
            return False
    return True


def _stream(seed: int, k: int) -> np.random.SeedSequence:
    """The stream of the advisor's ``k``-th batch of trials on the vectorised simulation."""
    return np.random.SeedSequence(seed, spawn_key=(k,))


def _legal(
    battle: Battle,
    d: dict[str, Any],
    prefix: Prefix,
    options: dict[str, Any],
    base: CombatPolicy,
    answers: dict[tuple[Any, ...], Any],
    candidates: Any,
) -> dict[str, Any]:
    """The answers the rules accept here: each plays the pending phase once on the engine
    (a built-in answer the rules refuse is dropped; a refused answer the caller gave raises)."""
    out = {}
    for label, answer in options.items():
        try:
            _phase_with(battle, prefix, base, {**answers, _key(d): answer})
        except IllegalAction:
            if candidates is not None:
                raise
            continue
        out[label] = answer
    if not out:
        raise IllegalAction("no answer to this decision could be played")
    return out


def _clear(wins: dict[str, list[bool]], losses: dict[str, list[float]]) -> bool:
    """True when one answer leads every other by more than 4 standard errors (paired)."""
    if len(wins) < 2:
        return True
    rate = {k: float(np.mean(v)) for k, v in wins.items()}
    best = max(rate, key=lambda k: (rate[k], -float(np.mean(losses[k]))))
    top = np.array(wins[best], float)
    for k, v in wins.items():
        if k == best:
            continue
        diff = top - np.array(v, float)
        se = float(diff.std(ddof=1) / np.sqrt(len(diff)))
        if not diff.mean() > 4 * se:
            return False
    return True
