"""The vectorised simulation against the event-log engine on many generated setups.

The two paths share the rules on numbers (:mod:`kit.successors.combat.core_rules`), the
allocation (:func:`~kit.successors.combat.allocation.plan_wave`) and tables generated from the
engine's own functions; what the fast path still does on its own (bookkeeping, the order of
Handling jobs) is checked here statistically on seeded random setups of three families:

* ``duel``: two sides, fleets of 1..6 ships from 16 types, entities with random ranks half the
  time, ships under Control, retreat rules, reloaders held in reserve, Take-Overs off;
* ``melee``: three or four sides the same way (each fires at the first enemy still fighting);
* ``takeover``: the default policy with Take-Overs on, where at least one side has an entity
  with Control and Sensors (or starts with a lock), ships built by other nations (taken ships
  need reconditioning) and sometimes an ancient target side.

For each setup the win and loss rates of every side, the mean RU each side lost and the mean
rounds must agree within 4.5 standard errors of the difference (variance pooled from both
samples) plus one engine battle's share of the metric's range (see :func:`_close`; the seeds
are fixed, so the test is deterministic). In the ``takeover`` family the engine's own logs must
show Take-Over attempts landing (a ``takeover_progress`` or ``taken_over`` event) in the setup,
so the agreement there covers them.

The default run plays 3,960 engine battles (setups x ``ENGINE_N``); ``GMKIT_LONG=1`` plays
four times as many setups with three times the battles each. Last, the tables the fast path
keeps from one run to the next are rebuilt when the policy they were built for is changed in place.
"""

from __future__ import annotations

import os

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
from kit.successors.examples import example_one

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
LONG = os.environ.get("GMKIT_LONG") == "1"
SCALE_SETUPS, SCALE_N = (4, 3) if LONG else (1, 1)
ENGINE_N, FAST_N, ROUNDS = 120 * SCALE_N, 4000, 8
FAMILIES = {"duel": 14 * SCALE_SETUPS, "melee": 8 * SCALE_SETUPS, "takeover": 11 * SCALE_SETUPS}
NATIONS = ("Vontuni Empire", "Kingdoms of Jukint", "Takeru Republic")


def _entity(rng: np.random.Generator, name: str, control: int = 0, sensors: int = 0) -> Entity:
    r = [int(x) for x in rng.integers(1, 6, size=5)]
    return Entity(
        name,
        battle=r[0],
        control=max(r[1], control),
        handling=r[2],
        information=r[3],
        sensors=max(r[4], sensors),
    )


def random_side(rng: np.random.Generator, i: int, *, leader: bool = False, least: int = 1) -> Side:
    ships = [TYPES[j] for j in rng.integers(0, len(TYPES), size=int(rng.integers(least, 7)))]
    ent, ctl = None, ()
    if leader or rng.random() < 0.5:
        ent = _entity(rng, f"E{i}", *((4, 4) if leader else (0, 0)))
        k = int(rng.integers(0, min(len(ships), ent.base("control")) + 1))
        ctl = tuple(sorted(int(x) + 1 for x in rng.choice(len(ships), size=k, replace=False)))
    return Side(
        f"S{i}",
        ent,
        ships=ships,
        controlled=ctl,
        faction=NATIONS[i % len(NATIONS)],
        sensors=int(rng.integers(2, 4)) if leader else 0,
        ancient=bool(rng.random() < 0.3),
    )


def random_setup(family: str, rng: np.random.Generator) -> tuple[Battle, AutoPolicy]:
    n_sides = 2 if family != "melee" else int(rng.integers(3, 5))
    tko = family == "takeover"
    sides = [
        random_side(rng, i, leader=tko and i == 0, least=3 if tko else 1) for i in range(n_sides)
    ]
    rules = [None, RetreatAfter(int(rng.integers(1, 4))), RetreatWhenLosses(0.5)]
    pick = int(rng.integers(0, 3))
    last = n_sides - 1
    mobile = all(not sh.design.immobile for sh in sides[last].ships)
    retreat = {last: rules[pick]} if rules[pick] is not None and mobile else {}
    policy = AutoPolicy(
        takeover=family == "takeover",
        retreat_rules=retreat,
        hold_reloaders=bool(rng.random() < 0.3),
    )
    return Battle(sides, seed=1), policy


SETUPS = [
    (family, k, *random_setup(family, np.random.default_rng([2024, j, k])))
    for j, (family, count) in enumerate(FAMILIES.items())
    for k in range(count)
]
IDS = [f"{family}-{k}" for family, k, _, _ in SETUPS]


def _close(a: np.ndarray, b: np.ndarray) -> bool:
    """Means within 4.5 standard errors of their difference, the variance pooled from both
    samples (the two paths should draw from one distribution), plus one engine battle's worth
    of the metric's range: an outcome rarer than 1 in 1,000 that the small engine sample
    happens to meet once moves its mean by that much, which no normal tolerance allows for."""
    both = np.concatenate([a, b])
    se = np.sqrt(both.var(ddof=1) * (1 / len(a) + 1 / len(b)))
    one_battle = (both.max() - both.min()) / len(b)
    return bool(abs(a.mean() - b.mean()) <= 4.5 * se + one_battle + 1e-9)


def test_the_families_are_what_they_say():
    sizes = {f: {len(b.sides) for g, _, b, _ in SETUPS if g == f} for f in FAMILIES}
    assert sizes["duel"] == {2} and sizes["takeover"] == {2}
    assert sizes["melee"] >= {3, 4}
    for family, _, battle, policy in SETUPS:
        assert fast_supported(battle, policy) is None, family
        assert policy.takeover == (family == "takeover")


def test_the_default_policy_on_the_texts_first_example_is_vectorised():
    assert fast_supported(example_one(), AutoPolicy()) is None
    assert simulate(example_one(), 50, seed=1).engine == "fast"


@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_fast_and_engine_agree(i):
    _, _, battle, policy = SETUPS[i]
    fast = simulate(battle, FAST_N, seed=i, policy=policy, method="fast", max_rounds=ROUNDS)
    slow = simulate(battle, ENGINE_N, seed=i, policy=policy, method="engine", max_rounds=ROUNDS)
    for side in range(len(battle.sides)):
        for outcome in ("won", "lost"):
            a = (fast.outcome[:, side] == _code(outcome)).astype(float)
            b = (slow.outcome[:, side] == _code(outcome)).astype(float)
            assert _close(a, b), (side, outcome, a.mean(), b.mean())
        assert _close(fast.ru_lost[:, side], slow.ru_lost[:, side]), side
    assert _close(fast.rounds.astype(float), slow.rounds.astype(float))


@pytest.mark.parametrize(
    "i", [j for j, (family, *_) in enumerate(SETUPS) if family == "takeover"], ids=lambda j: IDS[j]
)
def test_takeovers_happen_in_the_engine_in_the_takeover_family(i):
    """Hand-checkable premise of the agreement above: in these setups the engine's logs show
    Take-Over successes landing (progress or a ship changing sides) in some of 40 battles."""
    _, _, battle, policy = SETUPS[i]
    kinds = set()
    for seed in range(40):
        b = Battle(battle.sides, rules=battle.rules, seed=seed)
        b.run(ROUNDS, policy)
        kinds |= {e.kind for e in b.log}
    assert kinds & {"takeover_progress", "taken_over"}


def _code(outcome: str) -> int:
    return OUTCOMES.index(outcome)


# ----------------------------------------------------------------------------- the tables' cache
def test_a_policy_changed_in_place_is_not_served_stale_tables():
    battle = example_one()
    policy = AutoPolicy(takeover=False)
    simulate(battle, 200, seed=1, policy=policy, progress=False)
    policy.hold_reloaders = True  # the same object, now keeping its Drones in reserve
    changed = simulate(battle, 2000, seed=1, policy=policy, progress=False)
    fresh = simulate(  # a new battle of the same setup: tables built afresh
        example_one(),
        2000,
        seed=1,
        policy=AutoPolicy(takeover=False, hold_reloaders=True),
        progress=False,
    )
    assert changed.engine == fresh.engine == "fast"
    assert np.array_equal(changed.outcome, fresh.outcome)
    assert np.array_equal(changed.ru_lost, fresh.ru_lost)
