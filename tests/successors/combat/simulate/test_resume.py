"""The advisor's trials on the vectorised simulation against its trials on the engine.

For decisions of every kind the fast path plays (where a volley's hits land, whether to
retreat, the Take-Over target, Aimed Shots), met in the text's two examples, the Take-Over
duel and generated battles, each answer's chance from 3,000 vectorised trials
(``method="fast"``) must agree with the chance from engine trials (``method="engine"``, each
a bare copy of the battle played with the engine's own phase functions) within 4.5 standard
errors of the difference plus one engine trial's share. The decisions are found by stepping
the battles with an :class:`InteractivePolicy` that asks that kind, so each case really is that
kind of decision (later ones are reached by answering the earlier ones with their defaults).
"""

from __future__ import annotations

import numpy as np
import pytest

from kit.successors import Entity
from kit.successors.combat import Battle, DecisionNeeded, InteractivePolicy, Side
from kit.successors.combat.advice import advice as advise_battle
from kit.successors.examples import example_one, example_two, takeover_duel

FAST_N, ENGINE_N = 3000, 100


def _generated(seed: int) -> Battle:
    rng = np.random.default_rng(seed)
    names = ["Drone", "Gunboat", "Frigate", "Cruiser", "Servo", "Battleship", "Mocker"]
    sides = []
    for i in range(2):
        ships = [names[j] for j in rng.integers(0, len(names), size=int(rng.integers(3, 7)))]
        r = [int(x) for x in rng.integers(1, 6, size=5)]
        ent = Entity(
            f"E{i}",
            battle=r[0],
            control=max(r[1], 2),
            handling=r[2],
            information=r[3],
            sensors=r[4],
        )
        ctl = tuple(range(1, min(len(ships), ent.base("control")) + 1))
        sides.append(
            Side(
                f"S{i}",
                ent,
                ships=ships,
                controlled=ctl,
                sensors=3 if i == 0 else 0,
                faction=("Vontuni Empire", "Takeru Republic")[i],
            )
        )
    return Battle(sides, seed=int(rng.integers(0, 1000)))


def _stopped(battle: Battle, kind: str, skip: int = 0) -> dict:
    ask = InteractivePolicy(ask=(kind,))
    seen = 0
    while True:
        try:
            battle.step_phase(ask)
        except DecisionNeeded as need:  # noqa: PERF203 - the loop stops at decisions
            if seen == skip:
                return need.decision
            seen += 1
            ask.answer(need.decision, need.decision.get("default", False))


CASES = [
    ("allocate", example_one, 0),
    ("allocate", example_one, 2),
    ("allocate", example_two, 1),
    ("retreat", example_one, 0),
    ("retreat", example_two, 1),
    ("takeover", takeover_duel, 0),
    ("takeover", example_two, 0),
    ("aim", example_one, 0),
    ("takeover", lambda: _generated(3), 0),
    ("allocate", lambda: _generated(4), 1),
]


@pytest.mark.parametrize("i", range(len(CASES)), ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_fast_trials_agree_with_engine_trials(i):
    kind, make, skip = CASES[i]
    battle = make()
    decision = _stopped(battle, kind, skip)
    assert decision["kind"] == kind
    fast = advise_battle(battle, decision, n=FAST_N, seed=1, method="fast", precision=None)
    slow = advise_battle(battle, decision, n=ENGINE_N, seed=2, method="engine", precision=None)
    assert set(fast.options) == set(slow.options)
    for label, p in fast.options.items():
        q = slow.options[label]
        pooled = (p * FAST_N + q * ENGINE_N) / (FAST_N + ENGINE_N)
        se = np.sqrt(max(pooled * (1 - pooled), 1e-9) * (1 / FAST_N + 1 / ENGINE_N))
        assert abs(p - q) <= 4.5 * se + 1 / ENGINE_N, (kind, label, p, q)
