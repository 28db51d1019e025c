"""The battle as an event log: replay, undo, save/load mid-fight, interactive decisions."""

from __future__ import annotations

import pytest
from combat_setups import example_one

from kit.errors import IllegalAction
from kit.successors.combat import (
    AutoPolicy,
    Battle,
    DecisionNeeded,
    InteractivePolicy,
    RetreatAfter,
    RetreatWhenLosses,
    Side,
)


def test_save_mid_fight_load_and_continue_identically():
    a = example_one(seed=21)
    for _ in range(13):
        a.step_phase()
    text = a.to_json()
    b = Battle.from_json(text)
    assert b == a and b.state.units.keys() == a.state.units.keys()
    assert [u.status for u in b.state.units.values()] == [u.status for u in a.state.units.values()]
    a.run()
    b.run()
    assert a == b and a.result == b.result


def test_replay_never_rolls_and_rebuilds_the_same_state():
    a = example_one(seed=4).run()
    again = Battle(a.sides, rules=a.rules, seed=999, log=a.log.copy())  # another seed: no rolls
    assert again.state.result == a.state.result
    assert [u.status for u in again.state.units.values()] == [
        u.status for u in a.state.units.values()
    ]


def test_undo_removes_the_last_phase_and_stepping_again_rolls_the_same():
    a = example_one(seed=8)
    for _ in range(5):
        a.step_phase()
    events = [e.to_dict() for e in a.step_phase()]
    a.undo()
    assert a.next_phase == "main"
    assert [e.to_dict() for e in a.step_phase()] == events


def test_bad_setup_and_actions_raise_named_errors():
    with pytest.raises(ValueError, match="at least 2 sides"):
        Battle([Side("A")])
    with pytest.raises(TypeError, match="Side"):
        Battle([Side("A"), "B"])
    with pytest.raises(ValueError, match="Control"):
        Side("A", ships=["Cruiser"], controlled=(1,))
    b = Battle([Side("A", ships=["Cruiser"]), Side("B", ships=["Castle"])], seed=1).run()
    with pytest.raises(IllegalAction, match="over"):
        b.step_phase()


def test_interactive_allocation_pauses_and_resumes_with_the_same_dice():
    b = example_one(seed=3)
    pol = InteractivePolicy(ask=("allocate",), sides=(1,))
    for _ in range(4):
        b.step_phase(pol)
    before = b.to_dict()
    with pytest.raises(DecisionNeeded) as info:
        b.step_phase(pol)
    assert b.to_dict() == before
    d = info.value.decision
    assert d["kind"] == "allocate" and d["side"] == 1 and d["hits"] == len(d["default"])
    choice = list(reversed(d["default"]))
    pol.answer(d, choice)
    ev = b.step_phase(pol)
    assert [e["targets"] for e in ev if e.kind == "decision"] == [choice]
    auto = example_one(seed=3)
    for _ in range(5):
        auto.step_phase()
    hits = [e["hits"] for e in auto.log if e.kind == "attack"]
    assert hits == [e["hits"] for e in b.log if e.kind == "attack"]


def test_retreat_rules():
    b = example_one(seed=2)
    b.run(policy=AutoPolicy(retreat_rules={0: RetreatAfter(2)}))
    assert b.result["sides"][0]["outcome"] in ("retreated", "lost", "won")
    if b.result["sides"][0]["outcome"] == "retreated":
        assert b.result["rounds"] == 2
    c = example_one(seed=2).run(policy=AutoPolicy(retreat_rules={0: RetreatWhenLosses(0.3)}))
    assert c.result["sides"][0]["outcome"] in ("retreated", "lost", "won")
    retreat = [e for e in c.log if e.kind == "retreat"]
    assert not retreat or retreat[0]["side"] == 0
    with pytest.raises(ValueError, match="share"):
        RetreatWhenLosses(1.5)


def test_round_limit_is_a_draw():
    b = Battle([Side("A", ships=["Servo"]), Side("B", ships=["Servo"])], seed=1).run(3)
    assert b.result["winner"] is None and b.result["reason"] == "round limit"
    assert b.result["rounds"] == 3
