"""Ruling 10, the Stellar Cannon, on both paths.

It fires only under an entity's control (a side with a Cannon and no entity is refused, see
test_state), in Main combat, with the entity's Battle rank minus the orbit distance,
in addition to the entity's own attacks. Combat Reflexes gives the entity's side First Strike
but leaves the Cannon's shot in Main.
"""

from __future__ import annotations

import numpy as np
import pytest

from kit.successors import Entity
from kit.successors.combat import (
    DEFAULT_COMBAT_RULES,
    AutoPolicy,
    Battle,
    CombatRules,
    Side,
    simulate,
)

POLICY = AutoPolicy(takeover=False)


def _gunner(
    orbit: int, *, reflexes: bool, battle: int = 7, rules: CombatRules = DEFAULT_COMBAT_RULES
):
    ent = Entity(
        "Gunner",
        battle=battle,
        control=2,
        handling=2,
        information=2,
        sensors=2,
        edges=["Combat Reflexes"] if reflexes else [],  # type: ignore[arg-type]
    )
    return Battle(
        [Side("Star", ent, stellar_cannon=orbit), Side("Raid", ships={"Cruiser": 6})],
        rules=rules,
        seed=4,
    )


def _per_die(rank: int, minus: int) -> list[int]:
    """Ruling 4 worked by hand: 5s and a remainder, each die lowered, dice at 0 dropped."""
    dice = [5] * (rank // 5) + ([rank % 5] if rank % 5 else [])
    return sorted((d - minus for d in dice if d - minus > 0), reverse=True)


def _round_one(b: Battle) -> list:
    b.step_round(POLICY)
    return [e for e in b.log if e.kind == "attack" and e["side"] == 0]


@pytest.mark.parametrize("orbit", [1, 2, 3])
def test_the_cannon_fires_in_main_at_battle_minus_orbit_besides_the_entity(orbit):
    attacks = _round_one(_gunner(orbit, reflexes=False))
    cannon = [e for e in attacks if e["units"] == ["stellar cannon"]]
    own = [e for e in attacks if "0:E" in e["units"]]
    assert [e["phase"] for e in cannon] == ["main"]
    assert cannon[0]["dice"] == _per_die(7, orbit)
    assert [e["phase"] for e in own] == ["main"] and own[0]["dice"] == [5, 2]


def test_combat_reflexes_moves_the_entity_not_the_cannon():
    attacks = _round_one(_gunner(2, reflexes=True))
    cannon = [e for e in attacks if e["units"] == ["stellar cannon"]]
    own = [e for e in attacks if "0:E" in e["units"]]
    assert [e["phase"] for e in own] == ["first"]
    assert [e["phase"] for e in cannon] == ["main"] and cannon[0]["dice"] == [3]


def test_the_whole_rank_reading_lowers_the_rank_then_splits():
    attacks = _round_one(_gunner(2, reflexes=False, rules=CombatRules(modifier_per_die=False)))
    cannon = [e for e in attacks if e["units"] == ["stellar cannon"]]
    assert cannon[0]["dice"] == [5]  # 7 - 2


def test_a_neutralized_entity_does_not_fire_the_cannon():
    b = _gunner(1, reflexes=False)
    b.log.append("phase", round=1, phase="order")
    b.log.append("ability_hit", side=0, ability="control", hits=2)
    b.state = b._replay()
    assert b.state.sides[0].entity.neutralized
    b.run(1, POLICY)
    assert not [e for e in b.log if e.kind == "attack" and e["units"] == ["stellar cannon"]]


def _close(a: np.ndarray, b: np.ndarray) -> bool:
    both = np.concatenate([a, b])
    se = np.sqrt(both.var(ddof=1) * (1 / len(a) + 1 / len(b)))
    return bool(abs(a.mean() - b.mean()) <= 4.5 * se + (both.max() - both.min()) / len(b) + 1e-9)


@pytest.mark.parametrize("reflexes", [False, True])
def test_fast_path_and_engine_agree_on_the_cannon(reflexes):
    battle = _gunner(2, reflexes=reflexes, battle=8)
    fast = simulate(
        battle, 6000, seed=5, policy=POLICY, method="fast", max_rounds=6, progress=False
    )
    slow = simulate(
        battle, 400, seed=5, policy=POLICY, method="engine", max_rounds=6, progress=False
    )
    for side in range(2):
        a = (fast.outcome[:, side] == 0).astype(float)
        b = (slow.outcome[:, side] == 0).astype(float)
        assert _close(a, b), (reflexes, side)
        assert _close(fast.ru_lost[:, side], slow.ru_lost[:, side]), (reflexes, side)
    assert _close(fast.rounds.astype(float), slow.rounds.astype(float))
