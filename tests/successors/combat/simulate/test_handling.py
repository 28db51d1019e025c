"""The Take-Over plan the vectorised simulation builds from the policy's order of every ship
(:func:`~kit.successors.combat.simulate.handling.plan_from_order`) is the plan
``AutoPolicy.takeovers`` gives for the targets a battle has (STYLE 23: a property test where the
fast path states a rule in its own words).
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as hs

from kit.successors.combat import AutoPolicy, Battle, Side
from kit.successors.combat.simulate.fast import _Run, _tables
from kit.successors.combat.simulate.handling import plan_from_order

NAMES = ["Drone", "Gunboat", "Frigate", "Cruiser", "Servo", "Battleship", "Mocker", "Tug"]


@hs.composite
def takeover_cases(draw):
    """Ships of the side taken over, the taker's progress on each ship and which ships are
    targets (the taker's own Cruiser comes first in no order: it is never a target), and the
    number of users."""
    ships = draw(hs.lists(hs.sampled_from(NAMES), min_size=1, max_size=9))
    U = len(ships) + 1
    prog = draw(hs.lists(hs.integers(0, 2), min_size=U, max_size=U))
    target = draw(hs.lists(hs.booleans(), min_size=U, max_size=U))
    return ships, prog, target, draw(hs.integers(1, 4))


@settings(max_examples=60, deadline=None)
@given(case=takeover_cases())
@example(case=(["Drone"], [0, 0], [False, False], 3))  # more users than ships
def test_takeover_plan_from_the_policys_order_is_the_policys_plan(case):
    ships, prog, target, m = case
    battle = Battle([Side("A", ships=["Cruiser"]), Side("B", ships=ships)], seed=1)
    policy = AutoPolicy()
    T = _tables(battle, policy)
    run = _Run(battle, policy, T, 1, np.random.default_rng(0))
    U = T.U
    target = np.array(target) & (T.origin == 1)
    prog = [p if t else 0 for p, t in zip(prog, target)]
    place = run._ask_order(0, tuple(prog))
    plan = plan_from_order(place[:, None], target[:, None], m)[:, 0]
    # the policy itself, asked about exactly these targets and users
    keys = [T.keys[j] for j in T.setup_order if target[j]]
    units = {
        T.keys[j]: SimpleNamespace(takeover={0: prog[j]}, cost=float(T.cost[j]))
        for j in range(U)
        if target[j]
    }
    users = {f"user{i}": [1] for i in range(m)}
    got = policy.takeovers(SimpleNamespace(st=SimpleNamespace(units=units)), 0, users, keys)
    want = [T.keys.index(got[u]) if u in got else -1 for u in users]
    assert plan.tolist() == want
