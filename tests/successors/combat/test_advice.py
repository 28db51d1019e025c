"""The combat advisor: each answer's chance is what forcing that answer and playing on gives.

The checks replay the battles independently of the advisor (an InteractivePolicy answering the
decision, the phase's dice read back from its own attack events, AutoPolicy afterwards), so an
advisor that played the wrong dice, the wrong seeds or the wrong answer would disagree.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from kit.errors import IllegalAction, InvalidInput
from kit.successors.combat import AutoPolicy, Battle, DecisionNeeded, InteractivePolicy, Side
from kit.successors.combat.advice import (
    AdvisedCombatPolicy,
    find_decision,
    play_answer,
)
from kit.successors.combat.advice import (
    advice as advise_battle,
)
from kit.successors.examples import example_one


def _next_decision(battle: Battle, ask: InteractivePolicy) -> dict:
    with pytest.raises(DecisionNeeded) as need:
        while True:
            battle.step_phase(ask)
    return need.value.decision


def _first_allocation(battle: Battle) -> dict:
    return _next_decision(battle, InteractivePolicy(ask=("allocate",)))


def _faces_before(battle: Battle, decision: dict) -> list[int]:
    """The dice the pending attack phase rolls before any hit lands (ruling 4: every attack is
    rolled first), read from the attack events of the phase played on a copy."""
    trial = Battle.from_dict(battle.to_dict())
    ask = InteractivePolicy(ask=("allocate",))
    ask.answer(decision, decision["default"])
    events = trial.step_phase(ask)
    assert not [e for e in events if e.kind == "roll"]  # only attacks roll before the landings
    return [f for e in events if e.kind == "attack" for f in e["faces"]]


def _forced_wins(battle: Battle, decision: dict, answer: list[str], seeds) -> list[bool]:
    side = decision["side"]
    faces = _faces_before(battle, decision)
    wins = []
    for s in seeds:
        b = Battle(battle.sides, rules=battle.rules, seed=int(s), log=battle.log.copy())
        ask = InteractivePolicy(ask=("allocate",), sides=(side,))
        ask.answer(decision, answer)
        b.step_phase(ask, faces=faces)
        b.run(policy=AutoPolicy())
        wins.append(b.result["winner_index"] == side)
    return wins


def test_each_chance_is_forcing_that_answer_and_playing_on():
    battle = example_one()
    decision = _first_allocation(battle)
    assert decision["side"] == 1  # Releata's First Strike lands on the garrison
    # Garrison numbering (the text's list: 2 Servos, 8 Drones, 5 Gunboats, 5 Frigates,
    # 5 Cruisers; ids from 1): Cruisers are 1:21..1:25, Frigates 1:16..1:20.
    hits = decision["hits"]
    cruisers = [f"1:{i}" for i in range(21, 26)][:hits]
    cruisers += [f"1:{i}" for i in range(16, 21)][: hits - len(cruisers)]
    answers = {"ruling 4": decision["default"], "big ships": cruisers}
    n, seed = 40, 7
    advice = advise_battle(battle, decision, n=n, seed=seed, candidates=answers, method="engine")
    # the documented seeds of the engine's trials: n draws from numpy's default_rng(seed)
    seeds = np.random.default_rng(seed).integers(0, 2**62, size=n)
    for label, answer in answers.items():
        wins = _forced_wins(battle, decision, answer, seeds)
        p = sum(wins) / n
        assert advice.options[label] == pytest.approx(p, abs=1e-12)
        assert advice.stderr[label] == pytest.approx(math.sqrt(p * (1 - p) / n), abs=1e-12)
    assert advice.options[advice.best] == max(advice.options.values())
    assert advice.n == n and not advice.exact


def test_same_seed_same_numbers_and_the_battle_is_untouched():
    battle = example_one()
    decision = _first_allocation(battle)
    before = battle.to_dict()
    a = advise_battle(battle, decision, n=15, seed=3)
    b = advise_battle(battle, decision, n=15, seed=3)
    assert a.options == b.options and a.best == b.best
    assert battle.to_dict() == before


def test_answers_share_their_seeds():
    """Common random numbers: one answer under two labels meets the same luck, so the two
    chances are equal exactly (independent seeds would differ by noise)."""
    battle = example_one()
    decision = _first_allocation(battle)
    same = list(decision["default"])
    advice = advise_battle(battle, decision, n=25, seed=5, candidates={"a": same, "b": same})
    assert advice.options["a"] == advice.options["b"]


def test_no_decision_given_finds_the_next_one_its_policy_asks():
    fresh = example_one()
    with pytest.raises(IllegalAction, match="between phases"):  # nothing to decide yet
        advise_battle(fresh, n=10, seed=2)
    ask = InteractivePolicy(ask=("allocate", "retreat"))
    advice = advise_battle(fresh, n=10, seed=2, policy=ask)  # looks ahead on a copy
    battle = example_one()
    decision = _first_allocation(battle)
    assert advice.options == advise_battle(battle, decision, n=10, seed=2).options
    assert len(fresh.log) == 0  # the copy moved on, not the battle


def _hopeless() -> tuple[Battle, dict]:
    """Four Cruisers (one rank-4 die each) against thirty Gunboats (rank 1, 1 in 6 to hit), at
    the end of round 1 with a Cruiser still operational. Staying cannot win in practice: at most
    four hits a round means eight rounds or more to neutralize thirty Gunboats, while thirty
    rank-1 dice score five hits a round on average against at most four Cruisers."""
    battle = Battle([Side("A", ships={"Cruiser": 4}), Side("B", ships={"Gunboat": 30})], seed=1)
    return find_decision(battle, InteractivePolicy(ask=("retreat",), sides=(0,)))


def test_retreat_beats_a_hopeless_stay():
    battle, decision = _hopeless()
    assert decision["kind"] == "retreat" and decision["side"] == 0
    # A side that retreats never wins, and staying cannot win: both chances are 0, and the tie
    # goes to the answer that loses fewer RU (retreating keeps the Cruisers still fighting).
    win = advise_battle(battle, decision, n=60, seed=0)
    assert win.options == {"retreat": 0.0, "stay": 0.0}
    assert win.best == "retreat"
    # Not losing: retreating with an operational ship always gets away; staying always loses.
    safe = advise_battle(battle, decision, n=60, seed=0, goal="not_lose")
    assert safe.options == {"retreat": 1.0, "stay": 0.0}
    assert safe.best == "retreat"


def test_bad_decisions_are_refused():
    battle = example_one()
    decision = _first_allocation(battle)
    with pytest.raises(InvalidInput, match="decision kind"):
        advise_battle(battle, {**decision, "kind": "dance"}, n=2)
    with pytest.raises(InvalidInput, match="not asked"):
        advise_battle(battle, {**decision, "side": 0}, n=2)
    with pytest.raises(InvalidInput, match="goal"):
        advise_battle(battle, decision, n=2, goal="glory")
    over = example_one().run()
    with pytest.raises(IllegalAction):
        advise_battle(over, decision, n=2)
    # a decision written by hand may leave out the round: it is the next phase's
    no_round = {k: v for k, v in decision.items() if k != "round"}
    assert (
        advise_battle(battle, no_round, n=5).options == advise_battle(battle, decision, n=5).options
    )


def test_advised_policy_takes_the_best_allocation():
    battle = example_one()
    decision = _first_allocation(battle)  # the battle is still before the phase
    advised = AdvisedCombatPolicy(battle, sides=(1,), n=20, seed=3)
    events = battle.step_phase(advised)
    placed = [e["targets"] for e in events if e.kind == "decision" and e["side"] == 1]
    advice = advised.advice[0]
    assert advice.question.startswith("Round 1, First Strike")
    assert advice.best == max(advice.options, key=advice.options.get)
    # Taking six hits on the six cheapest ships (1 RU Drones 1:3..1:8, ruling 4) keeps every
    # Cruiser and Frigate fighting; the priciest-first answer loses all five Cruisers at once
    # and the garrison's chance with it, so the advisor keeps the default here.
    assert placed[0] == decision["default"] == ["1:3", "1:4", "1:5", "1:6", "1:7", "1:8"]


def test_advised_policy_belongs_to_its_battle():
    battle = example_one()
    other = example_one(seed=2)
    with pytest.raises(IllegalAction, match="made for"):
        other.run(policy=AdvisedCombatPolicy(battle, n=2))


def test_stop_when_clear_stops_early_only_on_a_clear_lead():
    battle = example_one()
    decision = _first_allocation(battle)
    quick = advise_battle(battle, decision, n=2000, seed=4, stop_when_clear=True)
    # default 1:3..1:8 against priciest first: after one batch of 100 the lead is near 100
    # points with a standard error of about 1 point, far past 4 standard errors
    assert quick.n == 100
    # the first batch plays the first 100 of the 2000 seeds: the plain advice with n=100
    assert quick.options == advise_battle(battle, decision, n=100, seed=4).options
    # a tie (retreat and a hopeless stay both never win) is never clear: every battle is played
    hopeless, retreat = _hopeless()
    tied = advise_battle(hopeless, retreat, n=250, seed=0, stop_when_clear=True)
    assert tied.n == 250


def test_earlier_answers_of_the_phase_come_from_the_gms_policy():
    """Round 1's Main combat asks the garrison first (Releata's Drones fire), then Releata. The
    GM put the garrison's hit on a Cruiser (1:21), not on ruling 4's Drone; advice for Releata's
    decision, given the GM's InteractivePolicy, must play the phase with that answer."""
    battle = example_one()
    ask = InteractivePolicy(ask=("allocate",))
    decision = _next_decision(battle, ask)
    while decision["side"] != 0:
        main = decision["phase"] == "main"
        ask.answer(decision, ["1:21"] if main else decision["default"])
        decision = _next_decision(battle, ask)
    assert decision["phase"] == "main" and decision["round"] == 1
    earlier = dict(ask.answers)
    assert list(earlier.values()) == [["1:21"]]
    # The phase's dice before Releata's decision: every attack roll (ruling 4: all attacks are
    # rolled first), then the damage roll of the Cruiser's hit, read from the phase's events.
    trial = Battle.from_dict(battle.to_dict())
    replay = InteractivePolicy(ask=("allocate",))
    replay.answers = dict(earlier)
    replay.answer(decision, decision["default"])
    events = trial.step_phase(replay)
    cut = next(i for i, e in enumerate(events) if e.kind == "decision" and e["side"] == 0)
    faces = [f for e in events if e.kind == "attack" for f in e["faces"]]
    faces += [e["face"] for e in events[:cut] if e.kind == "damage" and e["face"]]
    n, seed = 30, 8
    answers = {"ruling 4": decision["default"]}
    advice = advise_battle(
        battle, decision, n=n, seed=seed, policy=ask, candidates=answers, method="engine"
    )
    seeds = np.random.default_rng(seed).integers(0, 2**62, size=n)
    expected = []
    for s in seeds:
        b = Battle(battle.sides, rules=battle.rules, seed=int(s), log=battle.log.copy())
        forced = InteractivePolicy(ask=("allocate",))
        forced.answers = dict(earlier)
        forced.answer(decision, decision["default"])
        b.step_phase(forced, faces=faces)
        b.run(policy=AutoPolicy())
        expected.append(b.result)
    wins = sum(r["winner_index"] == 0 for r in expected)
    assert advice.options["ruling 4"] == pytest.approx(wins / n, abs=1e-12)
    # whole results (RU lost, rounds), not only the winner: the garrison's losses show where
    # its earlier hit went
    played = play_answer(battle, decision, decision["default"], seeds, policy=ask)
    assert played == expected
    # without the GM's policy the garrison's hit goes to ruling 4's Drone: other battles
    assert play_answer(battle, decision, decision["default"], seeds) != expected


def test_advised_policy_retreats_from_a_hopeless_fight():
    # the _hopeless battle: A still has a Cruiser fighting at the end of round 1 (seed 1), and
    # staying cannot win, so the advised retreat decision takes A out in round 1's retreat phase
    battle = Battle([Side("A", ships={"Cruiser": 4}), Side("B", ships={"Gunboat": 30})], seed=1)
    policy = AdvisedCombatPolicy(battle, sides=(0,), decisions=("retreat",), n=40)
    battle.run(policy=policy)
    assert battle.result["sides"][0]["outcome"] == "retreated"
    assert battle.result["rounds"] == 1
    assert [a.best for a in policy.advice] == ["retreat"]
