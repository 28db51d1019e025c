"""The law of battle advice (#22), within its stated standard errors, on generated battles.

A battle's chances are simulated, so the law is statistical: for each answer the advisor lists
at a battle's decision (where the hits land, whether to retreat, which ship a Take-Over goes
for), its chance agrees with an independent estimate of forcing that answer and playing on with
the automatic policy, made here through the public API alone (a copy of the battle under other
seeds, an ``InteractivePolicy`` holding the answer ``Advice.choose`` gives, the phase's dice the
GM has already seen replayed, ``run`` afterwards), within 4.5 standard errors of the difference
of two independent estimates. The advisor's ``best`` is an argmax of its chances. Small ``n``
and few battles keep this part quick: the exact agreement with the same seeds is tested with
the combat advisor itself (tests/successors/combat). A battle small enough for the exact
engine is advised exactly (standard errors 0): the same law then holds with the forced side's
error alone.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import kit
from kit.successors.combat import AutoPolicy, Battle, DecisionNeeded, InteractivePolicy, Side
from kit.successors.examples import takeover_duel

N = 60
"""Battles per estimate, on each side of the comparison."""
BATTLES = settings(max_examples=3, deadline=None)
SHIPS = ["Frigate", "Cruiser", "Gunboat", "Destroyer"]


def fleets() -> st.SearchStrategy[dict[str, int]]:
    return st.dictionaries(st.sampled_from(SHIPS), st.integers(1, 3), min_size=1, max_size=2)


def _stopped(battle: Battle, ask: InteractivePolicy, faces: list[int] | None = None) -> Any:
    """Step one phase; the decision ``ask`` stopped it at, or the phase's events."""
    try:
        return battle.step_phase(ask, faces=faces)
    except DecisionNeeded as need:
        return need.decision


def first_decision(battle: Battle, ask: InteractivePolicy) -> dict[str, Any] | None:
    """Step ``battle`` until ``ask`` stops it; its decision (None if the battle ends first)."""
    while not battle.over:
        got = _stopped(battle, ask)
        if isinstance(got, dict):
            return got
    return None


def step_answering(battle: Battle, ask: InteractivePolicy, faces: list[int]) -> list[Any]:
    """Play the pending phase with ``ask``; later decisions of the phase get their default."""
    got = _stopped(battle, ask, faces)
    while isinstance(got, dict):
        ask.answer(got, got["default"])
        got = _stopped(battle, ask, faces)
    return list(got)


def seen_dice(battle: Battle, decision: dict[str, Any]) -> list[int]:
    """The dice the phase rolled before the decision, which the GM has seen: an allocation
    comes after every attack of its phase (RULINGS Successors 4); a retreat or a Take-Over
    target is chosen before the phase rolls anything."""
    if decision["kind"] != "allocate":
        return []
    trial = Battle.from_dict(battle.to_dict())
    ask = InteractivePolicy(ask=(decision["kind"],))
    ask.answer(decision, decision["default"])
    events = step_answering(trial, ask, [])
    return [f for e in events if e.kind == "attack" for f in e["faces"]]


def forced_chance(battle: Battle, decision: dict[str, Any], answer: Any, seed: int) -> float:
    """The share of ``N`` battles the deciding side wins when ``answer`` is forced."""
    side = int(decision["side"])
    faces = seen_dice(battle, decision)
    wins = 0
    for s in np.random.default_rng(seed).integers(0, 2**62, size=N):
        b = Battle(battle.sides, rules=battle.rules, seed=int(s), jammer=battle.jammer,
                   orbit=battle.orbit, log=battle.log.copy())  # fmt: skip
        ask = InteractivePolicy(ask=(decision["kind"],), sides=(side,))
        ask.answer(decision, answer)
        step_answering(b, ask, faces)
        if not b.over:
            b.run(policy=AutoPolicy())
        wins += bool(b.result and b.result["winner_index"] == side)
    return wins / N


def check_law(battle: Battle, decision: dict[str, Any], seed: int) -> None:
    a = kit.advice(battle, decision=decision, n=N, seed=seed)
    assert a.stderr is not None
    if a.exact:  # a small battle is advised exactly (#36): no trials, no error
        assert a.n is None and set(a.stderr.values()) == {0.0}
    else:
        assert a.n == N
    assert a.options[a.best] == max(a.options.values())
    for label, got in a.options.items():
        mine = forced_chance(battle, decision, a.answer(label), seed + 10_000)
        # an exact chance is the true one, so it gives the forced estimate's error (a share of
        # 0 of 60 battles has no error of its own, a true chance of 1% still has one)
        p = got if a.exact else mine
        se = math.sqrt(a.stderr[label] ** 2 + max(p * (1 - p), 0.0) / N)
        assert abs(got - mine) <= 4.5 * se + 1e-9, (label, got, mine)


@BATTLES
@given(fleets(), fleets(), st.integers(0, 50))
def test_allocation_advice_is_forcing_each_allocation(ours, theirs, seed):
    battle = Battle([Side("Raiders", ships=ours), Side("Garrison", ships=theirs)], seed=seed)
    decision = first_decision(battle, InteractivePolicy(ask=("allocate",)))
    assume(decision is not None)
    check_law(battle, decision, seed)


@BATTLES
@given(fleets(), fleets(), st.integers(0, 50))
def test_retreat_advice_is_forcing_retreat_or_stay(ours, theirs, seed):
    battle = Battle([Side("Raiders", ships=ours), Side("Garrison", ships=theirs)], seed=seed)
    decision = first_decision(battle, InteractivePolicy(ask=("retreat",)))
    assume(decision is not None)
    check_law(battle, decision, seed)


@BATTLES
@given(st.integers(1, 40), st.sampled_from([("Servo", "Cruiser"), ("Frigate", "Cruiser")]))
def test_takeover_advice_is_forcing_each_target(seed, ships):
    battle = takeover_duel(seed, ships=ships)
    decision = first_decision(battle, InteractivePolicy(ask=("takeover",)))
    assume(decision is not None)
    check_law(battle, decision, seed)
