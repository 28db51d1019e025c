"""kit.advice delegates a battle waiting for a decision to the combat advisor (Monte Carlo)."""

import pytest

import kit
from kit.advising import Advice


def test_kit_advice_delegates_a_battle_to_the_combat_advisor():
    from kit.successors.combat import DecisionNeeded, InteractivePolicy
    from kit.successors.combat.advice import advice as advise_battle
    from kit.successors.examples import example_one

    battle = example_one()
    ask = InteractivePolicy(ask=("allocate",))
    with pytest.raises(DecisionNeeded) as need:
        while True:
            battle.step_phase(ask)
    decision = need.value.decision
    got = kit.advice(battle, decision=decision, n=20, seed=1)
    direct = advise_battle(battle, decision, n=20, seed=1)
    assert isinstance(got, Advice) and not got.exact and got.n == 20
    assert got.options == direct.options and got.best == direct.best
    assert got.stderr is not None and set(got.stderr) == set(got.options)
