"""``kit.advice(battle)`` on a battle that stopped for a decision advises on that decision.

A battle stopped by ``DecisionNeeded`` remembers the decision (``Battle.waiting``) and the
policy that asked, until it moves on; the advice then answers that very question, whatever its
kind (here a Take-Over target, which the advisor would not find by stepping on its own).
"""

from __future__ import annotations

import kit
from kit.successors.combat import Battle, DecisionNeeded, InteractivePolicy
from kit.successors.examples import example_one, takeover_duel


def duel() -> Battle:
    return takeover_duel()


def stop(battle: Battle, policy: InteractivePolicy) -> dict:
    try:
        while True:
            battle.step_phase(policy)
    except DecisionNeeded as need:
        return need.decision


def test_a_waiting_takeover_is_the_decision_advised() -> None:
    battle = duel()
    ask = InteractivePolicy(ask=("takeover",))
    assert battle.waiting is None
    d = stop(battle, ask)
    assert battle.waiting == d and d["kind"] == "takeover"
    plain = kit.advice(battle, n=40, seed=1)
    explicit = kit.advice(battle, decision=d, policy=ask, n=40, seed=1)
    assert plain.options == explicit.options and plain.best == explicit.best
    assert "Take-Over" in plain.question
    # answered and played on: nothing waits any more
    ask.answer(d, "1:2")
    battle.step_phase(ask)
    assert battle.waiting is None


def test_waiting_clears_on_undo_and_a_waiting_allocation_is_advised() -> None:
    battle = example_one()
    ask = InteractivePolicy(ask=("allocate",))
    d = stop(battle, ask)
    assert battle.waiting["kind"] == "allocate"
    advice = kit.advice(battle, n=30, seed=2)
    assert f"{d['hits']} hit(s)" in advice.question
    battle.undo()
    assert battle.waiting is None


def test_answer_goes_to_the_policy_that_asked_and_a_refused_one_keeps_the_question() -> None:
    import pytest

    from kit.errors import IllegalAction, InvalidInput

    battle = duel()
    with pytest.raises(IllegalAction, match="no decision is waiting"):
        battle.answer("1:1")
    ask = InteractivePolicy(ask=("takeover",))
    d = stop(battle, ask)
    assert battle.asked_by is ask
    with pytest.raises(InvalidInput):
        battle.answer("1:9")  # not a locked enemy ship
    assert battle.waiting == d
    battle.answer(None)  # the decision's default: the dearer ship, the Cruiser 1:2
    rolls = [e for e in battle.log if e.kind == "roll" and e["purpose"] == "takeover"]
    assert battle.waiting is None and [e["unit"] for e in rolls] == ["1:2"]
    battle.cancel_decision()  # nothing waits: a no-op
    assert battle.waiting is None
