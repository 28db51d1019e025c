"""The Take-Over target as a decision (#15): it pends with the ships the text allows, the advice
agrees with forcing each answer on copies with the same seeds, and an answered decision replays
identically from the log.

Which ships are legal targets comes from the Successors text (Take-Over): a side needs 3 or
more Sensors successes on an enemy fleet to lock on to its ships (same orbit: a battle is one
orbit); a ship not under an entity's direct Control falls at 2 successes, the first success
neutralizing it.
"""

from __future__ import annotations

import numpy as np
import pytest

import kit
from kit.errors import InvalidInput
from kit.successors import Entity
from kit.successors.combat import (
    AdvisedCombatPolicy,
    AutoPolicy,
    Battle,
    DecisionNeeded,
    InteractivePolicy,
    Side,
)
from kit.successors.combat import (
    advice as advise_battle,
)
from kit.successors.combat.takeover_choice import takeover_candidates
from kit.successors.examples import takeover_duel


def duel(sensors: int = 5, seed: int = 3, ships=("Servo", "Cruiser")) -> Battle:
    """An entity with Control 4 and a Satellite against ownerless ships (a Servo, a Cruiser)."""
    return takeover_duel(seed, sensors=sensors, ships=tuple(ships))


class HoldFire(InteractivePolicy):
    """Nobody fires, so only Take-Overs change the battle."""

    def fire(self, ctx, side, phase, can):
        return []


def asking(quiet: bool = False) -> InteractivePolicy:
    # no Sensors rolls, so the lock is the one the side was set up with
    return (HoldFire if quiet else InteractivePolicy)(ask=("takeover",), sensors=False)


def pend(battle: Battle, policy: InteractivePolicy) -> dict:
    """Step until the battle stops for a decision; return it (the battle is left before it)."""
    try:
        while True:
            battle.step_phase(policy)
    except DecisionNeeded as need:
        return need.decision


def test_the_decision_pends_with_every_locked_enemy_ship_and_no_attempt_allowed():
    b = duel()
    before = b.to_json()
    d = pend(b, asking())
    # 5 Sensors successes on side 1 (>= 3): both of its ships can be locked on; only the entity
    # has Control (a Satellite has none), so it is the one user.
    assert (d["kind"], d["side"], d["round"], d["phase"]) == ("takeover", 0, 1, "takeover")
    assert d["options"] == ["1:1", "1:2"]
    assert d["users"] == ["0:E"]
    assert d["default"] == {"0:E": "1:2"}  # the automatic choice: the priciest (the Cruiser)
    assert b.next_phase == "takeover" and b.to_json() != before  # two phases were played
    a = kit.advice(b, decision=d, n=10, seed=1)
    assert set(a.options) == {"SERVO 1:1", "CRUISER 1:2", "none"}
    assert not a.exact and a.n == 10 and set(a.stderr) == set(a.options)
    assert "take over" in a.question


def test_no_lock_no_decision():
    # 2 Sensors successes are short of the 3 a lock needs: the phase plays without asking.
    b = duel(sensors=2)
    ask = asking(quiet=True)
    for _ in range(8):  # one whole round, no decision is asked
        b.step_phase(ask)
    assert b.round == 1 and not [e for e in b.events if e.get("purpose") == "takeover"]


def test_a_taken_ship_is_no_longer_a_target():
    b = duel()
    ask = asking(quiet=True)
    d = pend(b, ask)
    ask.answer(d, "1:2")
    b.step_phase(ask, faces=[1])  # one success: the Cruiser is neutralized, not yet taken
    assert b.state.units["1:2"].status == "neutralized" and b.state.units["1:2"].owner == 1
    d = pend(b, ask)
    assert d["round"] == 2 and d["options"] == ["1:1", "1:2"]
    ask.answer(d, "1:2")
    b.step_phase(ask, faces=[1])  # the second success takes it (not under Control: 2 needed)
    assert b.state.units["1:2"].owner == 0
    d = pend(b, ask)
    assert d["round"] == 3 and d["options"] == ["1:1"]


def test_bad_answers_are_refused_with_the_allowed_ones():
    b = duel()
    ask = asking()
    d = pend(b, ask)
    with pytest.raises(InvalidInput, match=r"'0:1'.*lock"):
        ask.answer(d, "0:1")  # our own Satellite
    with pytest.raises(InvalidInput, match="cannot attempt"):
        ask.answer(d, {"0:1": "1:1"})  # the Satellite has no Control
    ask.answer(d, None)
    events = b.step_phase(ask)
    assert not [e for e in events if e.kind == "roll"]  # no attempt


def _won(battle: Battle, seed: int, answer, d: dict) -> bool:
    """Force ``answer`` on a copy of ``battle`` under ``seed`` and play it out automatically."""
    copy = Battle(battle.sides, rules=battle.rules, seed=seed, log=battle.log.copy())
    ask = asking()
    ask.answer(d, answer)
    copy.step_phase(ask)
    copy.run(policy=AutoPolicy())
    return copy.result["winner_index"] == d["side"]


def test_advice_agrees_with_forcing_each_target_on_copies_with_the_same_seeds():
    b = duel(seed=11, ships=("Servo", "Cruiser", "Cruiser"))
    d = pend(b, asking())
    n = 40
    a = advise_battle(b, d, n=n, seed=5, method="engine")
    # the engine trials' documented seeds: the j-th of default_rng(seed).integers(0, 2**62, n)
    seeds = [int(s) for s in np.random.default_rng(5).integers(0, 2**62, size=n)]
    answers = takeover_candidates(b.state, d)
    assert set(a.options) == set(answers)
    for label, answer in answers.items():
        wins = sum(_won(b, s, answer, d) for s in seeds)
        assert a.options[label] == pytest.approx(wins / n, abs=1e-12)
        p = wins / n
        assert a.stderr[label] == pytest.approx((p * (1 - p) / n) ** 0.5, abs=1e-12)
    assert a.best == max(a.options, key=lambda k: a.options[k])
    assert len(set(a.options.values())) > 1  # the answers differ here, so the check bites


def test_kit_advice_finds_the_pending_takeover_with_the_asking_policy():
    b = duel(seed=11)
    pending = Battle.from_json(b.to_json())
    d = pend(pending, asking())
    # kit.advice steps a copy of the fresh battle to the decision the asking policy stops at
    found = kit.advice(b, policy=asking(), n=12, seed=2)
    direct = advise_battle(pending, d, n=12, seed=2, policy=asking())
    assert found.options == direct.options and found.question == direct.question


def test_answering_replays_identically_from_the_log():
    b = duel(seed=8)
    ask = asking()
    d = pend(b, ask)
    twin = Battle.from_json(b.to_json())
    ask.answer(d, "1:1")
    events = b.step_phase(ask)
    rolls = [e for e in events if e.kind == "roll" and e.get("purpose") == "takeover"]
    assert [(r["unit"], r["by"]) for r in rolls] == [("1:1", "0:E")]
    # the saved battle replays to the same state and log
    again = Battle.from_json(b.to_json())
    assert again == b and again.state.units["1:1"].status == b.state.units["1:1"].status
    # and the same answer on a copy from before the decision writes the same events
    other = asking()
    other.answer(d, "1:1")
    assert [(e.kind, e.data) for e in twin.step_phase(other)] == [(e.kind, e.data) for e in events]


def test_answering_with_the_default_plays_as_the_automatic_policy():
    b = duel(seed=4)
    auto = Battle.from_json(b.to_json())
    ask = asking()
    d = pend(b, ask)
    ask.answer(d, d["default"])
    b.step_phase(ask)
    quiet = AutoPolicy(sensors=False)
    while auto.state.steps < b.state.steps:
        auto.step_phase(quiet)
    assert auto.to_dict()["events"] == b.to_dict()["events"]


def test_the_text_example_two_locks_on_to_the_whole_garrison(ex2):
    # TanRac has 5 Sensors successes on the garrison (>= 3): all of its 2 + 8 + 5 + 5 + 5 = 25
    # ships are targets; only TanRac himself has Control (his ships have none).
    d = pend(ex2, InteractivePolicy(ask=("takeover",)))
    assert d["side"] == 0 and d["users"] == ["0:E"]
    assert d["options"] == [f"1:{i}" for i in range(1, 26)]
    labels = list(takeover_candidates(ex2.state, d))
    # alike ships are tried once: one Servo, Drone, Gunboat, Frigate, Cruiser, and no attempt
    assert len(labels) == 6 and labels[-1] == "none"
    assert labels[0] == "SERVO 1:1 (or 1 alike)" and labels[1] == "DRONE 1:3 (or 7 alike)"


def test_the_advised_policy_takes_the_best_target():
    b = duel(seed=6)
    policy = AdvisedCombatPolicy(b, decisions=("takeover",), sides=(0,), n=8, seed=3, sensors=False)
    while b.next_phase != "takeover":
        b.step_phase(policy)
    state = Battle.from_json(b.to_json()).state
    events = b.step_phase(policy)
    (advice,) = policy.advice
    d = {"options": ["1:1", "1:2"], "users": ["0:E"], "default": {"0:E": "1:2"}}
    answer = takeover_candidates(state, d)[advice.best]
    rolls = [(e["unit"], e["by"]) for e in events if e.get("purpose") == "takeover"]
    assert rolls == ([] if answer is None else [(answer, "0:E")])


def test_both_sides_are_asked_in_turn_within_one_phase():
    # Both sides have an entity with Control and 5 Sensors successes on the other: each may try
    # the other's ships. Side 0 is asked first; once answered, the same phase asks side 1, and
    # the answer already given is kept for the phase's next attempt.
    them = Entity(
        "Them", battle=1, control=2, handling=1, information=1, sensors=1, side="Takeru Republic"
    )
    me = Entity("Me", battle=1, control=4, handling=3, information=1, sensors=1)
    b = Battle(
        [
            Side("Me", me, ships=["Satellite"], sensors=5),
            Side("Them", them, ships=["Servo", "Cruiser"], sensors=5),
        ],
        seed=5,
    )
    ask = asking(quiet=True)
    first = pend(b, ask)
    assert (first["side"], first["options"], first["users"]) == (0, ["1:1", "1:2"], ["0:E"])
    ask.answer(first, "1:1")
    second = pend(b, ask)
    assert (second["side"], second["round"], second["options"]) == (1, 1, ["0:1"])
    assert second["users"] == ["1:E"]
    ask.answer(second, "0:1")
    events = b.step_phase(ask)
    rolls = [(e["side"], e["unit"]) for e in events if e.get("purpose") == "takeover"]
    assert rolls == [(0, "1:1"), (1, "0:1")]
