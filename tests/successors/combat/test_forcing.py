"""Answering a battle's decisions in advance (kit.successors.combat.forcing): a ForcedPolicy
gives its fixed answers to the decisions they are keyed to and asks its base policy for the
rest; at its stop key it interrupts the phase with the state there; a RecordingRoller keeps
the faces it passes on."""

from __future__ import annotations

import pytest
from combat_setups import ctx_of

from kit.errors import InvalidInput
from kit.successors.combat import AutoPolicy, Battle, Side
from kit.successors.combat.events import ScriptedRoller
from kit.successors.combat.forcing import DecisionReached, ForcedPolicy, RecordingRoller
from kit.successors.combat.policies import RetreatAfter, _key


def _battle() -> Battle:
    return Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Gunboat": 4})], seed=3)


def _retreat(side: int, round_: int) -> tuple:
    return _key({"kind": "retreat", "side": side, "phase": "retreat", "round": round_})


def test_a_recording_roller_passes_faces_on_and_keeps_them():
    r = RecordingRoller(ScriptedRoller([4, 1, 6, 2]))
    assert r.faces(2) == [4, 1] and r.damage() == 6 and r.attack([5]) == [2]
    assert r.seen == [4, 1, 6, 2]


def test_a_forced_answer_goes_to_its_decision_only():
    c = ctx_of(_battle())
    forced = ForcedPolicy(AutoPolicy(), {_retreat(0, 1): True}, None)
    assert forced.retreat(c, 0) is True  # forced
    assert forced.retreat(c, 1) is False  # the base policy (never retreat)
    c.st.round = 2
    assert forced.retreat(c, 0) is False  # another round: another decision
    base = AutoPolicy(retreat_rules=RetreatAfter(2))
    assert ForcedPolicy(base, {_retreat(0, 2): False}, None).retreat(c, 0) is False
    assert ForcedPolicy(base, {}, None).retreat(c, 1) is True


def test_decisions_it_has_no_method_for_go_to_the_base_policy():
    c = ctx_of(_battle())
    forced = ForcedPolicy(AutoPolicy(takeover=False), {}, None)
    assert forced.static_split(c, 0, 7) == [5, 2] and forced.takeover is False


def test_a_forced_retreat_plays_out_in_a_battle():
    b = _battle()
    b.run(1, policy=ForcedPolicy(AutoPolicy(), {_retreat(1, 1): True}, None))
    assert b.over and b.state.sides[1].retreated
    assert b.result["sides"][1]["outcome"] == "retreated"


def test_a_forced_takeover_target_is_checked_against_the_lock():
    c = ctx_of(_battle())
    key = _key({"kind": "takeover", "side": 0, "phase": "takeover", "round": 1})
    forced = ForcedPolicy(AutoPolicy(), {key: "1:9"}, None)
    with pytest.raises(InvalidInput, match="not a ship the side has a lock on"):
        forced.takeovers(c, 0, {"0:E": [3]}, ["1:1", "1:2"])
    ok = ForcedPolicy(AutoPolicy(), {key: "1:2"}, None)
    assert ok.takeovers(c, 0, {"0:E": [3]}, ["1:1", "1:2"]) == {"0:E": "1:2"}


def test_at_its_stop_key_the_phase_stops_with_a_copy_of_the_state_there():
    b = _battle()
    c = ctx_of(b)
    stop = _key({"kind": "allocate", "side": 1, "phase": "main", "hits": 2, "by": 0, "round": 1})
    forced = ForcedPolicy(AutoPolicy(), {}, stop)
    assert forced.allocate(c, 1, 1, "main", 0)  # another wave: not the stop
    b.state.units["1:1"].damaged = True
    with pytest.raises(DecisionReached) as reached:
        forced.allocate(c, 1, 2, "main", 0)
    st = reached.value.st
    assert st is not b.state and st == b.state
    st.units["1:2"].damaged = True
    assert not b.state.units["1:2"].damaged  # a copy: the battle's own state is untouched


def test_empty_fire_and_aim_are_not_asked_and_fixed_ones_are_used():
    c = ctx_of(_battle())
    fire = _key({"kind": "fire", "side": 0, "phase": "main", "round": 1})
    aim = _key({"kind": "aim", "side": 0, "phase": "main", "round": 1})
    forced = ForcedPolicy(AutoPolicy(), {fire: ["0:2"], aim: {"0:2": "1:3"}}, None)
    assert forced.fire(c, 0, "main", ["0:1", "0:2"]) == ["0:2"]
    assert forced.fire(c, 0, "main", []) == []
    assert forced.aim(c, 0, "main", ["0:2"]) == {"0:2": "1:3"}
    assert forced.aim(c, 0, "main", []) == {}
