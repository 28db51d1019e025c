"""The vectorised simulation against the event-log engine on many generated setups.

The two paths share the allocation rule (:func:`kit.successors.combat.allocation.plan_wave`),
the pools and the damage table; what the fast path still writes on its own (bookkeeping of
phases, repairs, retreats, releases of Control) is checked here statistically: 24 seeded
random setups (fleets of 1..6 ships from 16 types, entities with random ranks half the time,
ships under Control, retreat rules), 120 engine battles and 4,000 fast battles each (2,880
engine battles in all). For each setup the win and loss rates of side 0, the mean RU each side
lost and the mean rounds must agree within 4.5 standard errors of the difference (variance
pooled from both samples) plus one engine battle's share of the metric's range (see
:func:`_close`; the seeds are fixed, so the test is deterministic). A real difference of a few
percent in a win rate, or of a fraction of an RU in the mean loss, fails it.
"""

from __future__ import annotations

import numpy as np
import pytest

from kit.successors import Entity
from kit.successors.combat import (
    AutoPolicy,
    Battle,
    RetreatAfter,
    RetreatWhenLosses,
    Side,
    simulate,
)
from kit.successors.combat.simulate import OUTCOMES, fast_supported

TYPES = [
    "Drone",
    "Gunboat",
    "Frigate",
    "Destroyer",
    "Cruiser",
    "Battleship",
    "Battlecruiser",
    "Dreadnought",
    "Mocker",
    "Servo",
    "Darter",
    "Battle Pod",
    "Loader",
    "Repair",
    "Striker",
    "Shouter",
]
ENGINE_N, FAST_N, SETUPS, ROUNDS = 120, 4000, 24, 8


def random_setup(rng: np.random.Generator) -> tuple[Battle, AutoPolicy]:
    sides = []
    for i in range(2):
        ships = [TYPES[j] for j in rng.integers(0, len(TYPES), size=int(rng.integers(1, 7)))]
        ent, ctl = None, ()
        if rng.random() < 0.5:
            r = [int(x) for x in rng.integers(1, 6, size=5)]
            ent = Entity(
                f"E{i}", battle=r[0], control=r[1], handling=r[2], information=r[3], sensors=r[4]
            )
            k = int(rng.integers(0, min(len(ships), r[1]) + 1))
            ctl = tuple(sorted(int(x) + 1 for x in rng.choice(len(ships), size=k, replace=False)))
        sides.append(Side(f"S{i}", ent, ships=ships, controlled=ctl))
    rules = [None, RetreatAfter(int(rng.integers(1, 4))), RetreatWhenLosses(0.5)]
    pick = int(rng.integers(0, 3))
    mobile = all(not sh.design.immobile for sh in sides[1].ships)
    retreat = {1: rules[pick]} if rules[pick] is not None and mobile else {}
    policy = AutoPolicy(
        takeover=False, retreat_rules=retreat, hold_reloaders=bool(rng.random() < 0.3)
    )
    return Battle(sides, seed=1), policy


SETUP_LIST = [random_setup(np.random.default_rng(1000 + i)) for i in range(SETUPS)]


def _close(a: np.ndarray, b: np.ndarray) -> bool:
    """Means within 4.5 standard errors of their difference, the variance pooled from both
    samples (the two paths should draw from one distribution), plus one engine battle's worth
    of the metric's range: an outcome rarer than 1 in 1,000 that the small engine sample
    happens to meet once moves its mean by that much, which no normal tolerance allows for."""
    both = np.concatenate([a, b])
    se = np.sqrt(both.var(ddof=1) * (1 / len(a) + 1 / len(b)))
    one_battle = (both.max() - both.min()) / len(b)
    return bool(abs(a.mean() - b.mean()) <= 4.5 * se + one_battle + 1e-9)


def test_every_generated_setup_runs_on_the_fast_path():
    for battle, policy in SETUP_LIST:
        assert fast_supported(battle, policy) is None


@pytest.mark.parametrize("i", range(SETUPS))
def test_fast_and_engine_agree(i):
    battle, policy = SETUP_LIST[i]
    fast = simulate(battle, FAST_N, seed=i, policy=policy, method="fast", max_rounds=ROUNDS)
    slow = simulate(battle, ENGINE_N, seed=i, policy=policy, method="engine", max_rounds=ROUNDS)
    for outcome in ("won", "lost"):
        a = (fast.outcome[:, 0] == _code(outcome)).astype(float)
        b = (slow.outcome[:, 0] == _code(outcome)).astype(float)
        assert _close(a, b), (outcome, a.mean(), b.mean())
    for side in (0, 1):
        assert _close(fast.ru_lost[:, side], slow.ru_lost[:, side]), side
    assert _close(fast.rounds.astype(float), slow.rounds.astype(float))


def _code(outcome: str) -> int:
    return OUTCOMES.index(outcome)
