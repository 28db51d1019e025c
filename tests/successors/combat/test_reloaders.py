"""Ruling 12, Reloaders ("Neutralized after one attack"), on both paths.

By default a reloader that fired is neutralized at the end of the phase, after that phase's
hits have landed: a hit in the same phase finds it operational, so it rolls on the damage
table (a ``damage`` event with a face). ``CombatRules(reloader_neutralized_before_hits=True)``
is the other reading: it is neutralized as it fires, and a hit in the same phase lands on a
neutralized ship and destroys it (no face).
"""

from __future__ import annotations

import numpy as np
import pytest

from kit.successors.combat import (
    DEFAULT_COMBAT_RULES,
    AutoPolicy,
    Battle,
    CombatRules,
    Side,
    simulate,
)
from kit.successors.combat.rules import DAMAGE_RESULTS

EARLY = CombatRules(reloader_neutralized_before_hits=True)
POLICY = AutoPolicy(takeover=False)


def _swarm(rules: CombatRules = DEFAULT_COMBAT_RULES, seed: int = 1) -> Battle:
    """Drones and Battle Pods (reloaders) screening a Battleship against two Cruisers."""
    return Battle(
        [
            Side("Swarm", ships={"Drone": 6, "Battle Pod": 2, "Battleship": 1}),
            Side("Line", ships={"Cruiser": 2}),
        ],
        rules=rules,
        seed=seed,
    )


def _hit_in_the_phase_it_fired(rules: CombatRules) -> list[tuple[str, object, str | None]]:
    """(result, face, reason) of the first damage event on a reloader in the phase it fired
    and was hit, over seeded one-round battles."""
    seen = []
    for seed in range(40):
        b = _swarm(rules, seed)
        b.run(1, POLICY)
        phase_events: list = []
        for e in b.log:
            if e.kind == "phase":
                phase_events = []
                continue
            phase_events.append(e)
            if e.kind == "fired":
                fired = {
                    k for k in e["units"] if b.state.units[k].design.after_attack == "neutralized"
                }
                hits = [x for x in phase_events if x.kind == "damage" and x["unit"] in fired]
                seen += [(x["result"], x.get("face"), x.get("reason")) for x in hits]
    return seen


def test_by_default_a_reloader_hit_in_its_phase_rolls_on_the_damage_table():
    seen = _hit_in_the_phase_it_fired(CombatRules())
    rolled = [s for s in seen if s[2] is None]
    assert rolled, "no reloader was hit in the phase it fired"
    assert all(face in range(1, 7) and res in DAMAGE_RESULTS for res, face, _ in rolled)
    # every face of the table turns up: the hit found it operational
    assert {face for _, face, _ in rolled} == set(range(1, 7))


def test_the_other_reading_neutralizes_it_first_and_the_hit_destroys_it():
    seen = _hit_in_the_phase_it_fired(EARLY)
    hit = [s for s in seen if s[2] is None]
    assert hit, "no reloader was hit in the phase it fired"
    assert all(res == "destroyed" and face is None for res, face, _ in hit)


def test_the_option_saves_with_the_battle():
    b = _swarm(EARLY)
    b.run(2, POLICY)
    again = Battle.from_json(b.to_json())
    assert again.rules.reloader_neutralized_before_hits and again == b
    with pytest.raises(Exception, match="reloader_neutralized_before_hits"):
        CombatRules(reloader_neutralized_before_hits="yes")  # type: ignore[arg-type]


def _close(a: np.ndarray, b: np.ndarray, k: float = 4.5) -> bool:
    both = np.concatenate([a, b])
    se = np.sqrt(both.var(ddof=1) * (1 / len(a) + 1 / len(b)))
    return bool(abs(a.mean() - b.mean()) <= k * se + (both.max() - both.min()) / len(b) + 1e-9)


@pytest.mark.parametrize("early", [False, True])
def test_fast_path_and_engine_agree_under_either_reading(early):
    rules = EARLY if early else CombatRules()
    battle = _swarm(rules)
    fast = simulate(
        battle, 6000, seed=2, policy=POLICY, method="fast", max_rounds=6, progress=False
    )
    slow = simulate(
        battle, 500, seed=2, policy=POLICY, method="engine", max_rounds=6, progress=False
    )
    for side in range(2):
        for code in (0, 1):
            assert _close(
                (fast.outcome[:, side] == code).astype(float),
                (slow.outcome[:, side] == code).astype(float),
            ), (early, side, code)
        assert _close(fast.ru_lost[:, side], slow.ru_lost[:, side]), (early, side)
    assert _close(fast.rounds.astype(float), slow.rounds.astype(float))


def test_the_reading_matters_here():
    """Premise of the agreement above: the two readings give different RU lost for the swarm
    (a spent reloader takes no damage roll, so more of them are lost)."""
    a = simulate(_swarm(), 6000, seed=3, policy=POLICY, method="fast", max_rounds=6, progress=False)
    b = simulate(
        _swarm(EARLY), 6000, seed=3, policy=POLICY, method="fast", max_rounds=6, progress=False
    )
    assert not _close(a.ru_lost[:, 0], b.ru_lost[:, 0], k=6)
