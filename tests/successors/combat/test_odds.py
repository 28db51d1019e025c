"""Exact odds against Monte Carlo, the fast simulation against the engine, seeding."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from combat_setups import example_one

from kit.successors import Entity, success_distribution
from kit.successors.combat import (
    AutoPolicy,
    Battle,
    Side,
    phase_hits,
    pool_hits,
    round_outcomes,
    simulate,
)
from kit.successors.combat.events import Ctx, RngRoller, copy_state
from kit.successors.combat.odds import mean, side_counts
from kit.successors.combat.phases import attack_phase


def small_fight(seed=1):
    ent = Entity(
        "Ace",
        battle=3,
        control=1,
        handling=1,
        information=1,
        sensors=1,
        edges=["Combat Reflexes"],
        flaws=["Checkered Past", "No Memory"],
    )
    return Battle(
        [
            Side("A", ent, ships=["Frigate", "Drone"], controlled=(1,)),
            Side("B", ships=["Cruiser", "Gunboat", "Gunboat"]),
        ],
        seed=seed,
    )


def test_pool_hits_is_exact():
    assert pool_hits([5, 3]) == success_distribution([5, 3])
    assert pool_hits([5, 3])[2] == Fraction(5, 6) * Fraction(1, 2)


def test_phase_hits_uses_the_engines_pool():
    b = example_one()
    assert phase_hits(b, 0, "first") == success_distribution([5] * 6 + [3] * 6)
    assert phase_hits(b, 1, "first") == {0: 1}


def test_round_outcomes_are_exact_and_agree_with_monte_carlo():
    b = small_fight()
    for _ in range(4):
        b.step_phase()
    exact = round_outcomes(b)
    assert sum(exact.values()) == 1
    rng = np.random.default_rng(5)
    n = 4000
    counts: dict = {}
    for _ in range(n):
        st = copy_state(b.state)
        ctx = Ctx(b.sides, st, b.rules, AutoPolicy(), RngRoller(rng))
        for p in ("first", "main", "last"):
            attack_phase(ctx, p)
        k = side_counts(st, 2)
        counts[k] = counts.get(k, 0) + 1
    for k, p in sorted(exact.items(), key=lambda kv: -kv[1])[:6]:
        p = float(p)
        se = np.sqrt(p * (1 - p) / n)
        assert abs(counts.get(k, 0) / n - p) < 4 * se + 1e-9, k


def test_fast_simulation_agrees_with_exact_first_strike_hits():
    b = example_one()
    res = simulate(b, 10000, seed=3, policy=AutoPolicy(takeover=False))
    assert res.engine == "fast"
    dist = phase_hits(b, 0, "first")
    m, var = (
        float(mean(dist)),
        float(sum(Fraction(k) ** 2 * p for k, p in dist.items()) - mean(dist) ** 2),
    )
    got = res.first_hits[:, 0]
    assert abs(got.mean() - m) < 4 * np.sqrt(var / res.n)
    for k in (4, 6, 8):
        p = float(dist[k])
        assert abs(np.mean(got == k) - p) < 4 * np.sqrt(p * (1 - p) / res.n)


def test_simulation_is_seeded_and_reports_distributions():
    b = small_fight()
    one = simulate(b, 500, seed=9, policy=AutoPolicy(takeover=False))
    two = simulate(b, 500, seed=9, policy=AutoPolicy(takeover=False))
    assert np.array_equal(one.ru_lost, two.ru_lost) and np.array_equal(one.outcome, two.outcome)
    assert abs(sum(one.loss_distribution(0).values()) - 1) < 1e-9
    assert abs(sum(one.rounds_distribution().values()) - 1) < 1e-9
    assert "won" in one.summary() and len(one.odds()) == 2


def test_unsupported_battles_fall_back_to_the_engine():
    b = Battle([Side("A", ships=["Cruiser"], cubes=1), Side("B", ships=["Frigate"])], seed=1)
    assert simulate(b, 5, seed=1).engine == "engine"
    with pytest.raises(ValueError, match="fast"):
        simulate(b, 5, seed=1, method="fast")
