"""Playing a battle on from a pending decision (kit.successors.combat.trials): finding the
decision the GM will meet, and playing an answer to the end on a bare copy of the state, which
must reach the very result the battle engine reaches with the same seed, dice and answers."""

from __future__ import annotations

import numpy as np
import pytest
from combat_setups import example_one

from kit.errors import IllegalAction, InvalidInput, InvalidType
from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, DecisionNeeded, InteractivePolicy, Side
from kit.successors.combat.forcing import ForcedPolicy
from kit.successors.combat.policies import _key
from kit.successors.combat.trials import _before, find_decision, play_answer

TYPES = ["Drone", "Gunboat", "Frigate", "Cruiser", "Battleship", "Battlecruiser", "Servo"]


def _setup(rng: np.random.Generator) -> Battle:
    sides = []
    for i in range(2):
        ships = [TYPES[j] for j in rng.integers(0, len(TYPES), size=int(rng.integers(2, 7)))]
        ent, ctl = None, ()
        if rng.random() < 0.5:
            r = [int(x) for x in rng.integers(1, 6, size=5)]
            ent = Entity(
                f"E{i}", battle=r[0], control=r[1], handling=r[2], information=r[3], sensors=r[4]
            )
            ctl = tuple(range(1, min(len(ships), r[1]) + 1))
        sides.append(Side(f"S{i}", ent, ships=ships, controlled=ctl))
    return Battle(sides, seed=int(rng.integers(0, 1000)))


@pytest.mark.parametrize("i", range(8))
def test_playing_out_matches_the_battle_engine(i):
    """The advisor plays each trial on a bare copy of the state (no event log); the result must
    be the very one a copy of the Battle reaches by step_phase and run with the same seed,
    faces and answers, on generated setups with entities, Control, repairs and Take-Overs."""
    battle, decision = find_decision(
        _setup(np.random.default_rng(500 + i)), InteractivePolicy(ask=("allocate", "retreat"))
    )
    answer = decision.get("default", False)
    base = AutoPolicy()
    faces = _before(battle, decision, base, {}).faces
    seeds = [11, 12, 13]
    fast = play_answer(battle, decision, answer, seeds, faces=faces)
    for s, got in zip(seeds, fast):
        b = Battle(battle.sides, rules=battle.rules, seed=s, log=battle.log.copy())
        forced = ForcedPolicy(base, {_key(decision): answer}, None)
        b.step_phase(forced, faces=faces)
        b.run(policy=forced)
        assert got == b.result


def test_the_decision_found_is_the_one_the_battle_meets_and_the_battle_is_untouched():
    battle = example_one()
    copy, decision = find_decision(battle, InteractivePolicy(ask=("allocate",)))
    assert len(battle.log) == 0 and copy is not battle
    assert decision["kind"] == "allocate"
    with pytest.raises(DecisionNeeded) as met:
        while True:
            battle.step_phase(InteractivePolicy(ask=("allocate",)))
    assert met.value.decision == decision
    assert copy.state == battle.state  # stopped at the same place with the same dice


def test_finding_a_decision_needs_an_asking_policy_and_a_decision_to_find():
    battle = Battle([Side("A", ships=["Cruiser"]), Side("B", ships=["Drone"])], seed=1)
    with pytest.raises(InvalidType, match="policy must be an InteractivePolicy"):
        find_decision(battle, AutoPolicy())  # type: ignore[arg-type]
    nobody = InteractivePolicy(ask=("allocate",), sides=(7,))  # asks no side of this battle
    with pytest.raises(IllegalAction, match="ends without a decision"):
        find_decision(battle, nobody)


def test_an_answer_to_a_decision_not_pending_is_refused():
    battle = example_one()
    copy, decision = find_decision(battle, InteractivePolicy(ask=("allocate",)))
    later = {**decision, "round": decision["round"] + 1}
    with pytest.raises(InvalidInput, match="not asked in this battle's next phase"):
        play_answer(copy, later, later["default"], [1])


def test_the_same_seed_plays_the_same_battle_and_answers_change_it():
    battle, decision = find_decision(
        Battle([Side("A", ships={"Cruiser": 3}), Side("B", ships={"Gunboat": 6})], seed=4),
        InteractivePolicy(ask=("retreat",), sides=(1,)),
    )
    stay = play_answer(battle, decision, False, [1, 2, 1])
    assert stay[0] == stay[2]
    gone = play_answer(battle, decision, True, [1, 2])
    assert all(r["sides"][1]["outcome"] == "retreated" for r in gone)
    assert all(r["rounds"] == decision["round"] for r in gone)
