"""The Take-Over plan the vectorised simulation builds from the policy's order of every ship
(:func:`~kit.successors.combat.simulate.handling.plan_from_order`) is the plan
``AutoPolicy.takeovers`` gives for the targets a battle has (STYLE 23: a property test where the
fast path states a rule in its own words), and the dice pools a batch rolls are the ones
the text's second example counts.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as hs

from kit.successors.combat import AutoPolicy, Battle, Side
from kit.successors.combat.simulate.batch import GONE
from kit.successors.combat.simulate.fast import _Run, _tables
from kit.successors.combat.simulate.handling import Handling, plan_from_order
from kit.successors.examples import example_two

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


def test_the_pools_a_side_rolls_are_the_texts_second_example():
    """The text's TanRac example, Main combat of round 1: "Except for the 4 Sats under his
    Control and himself, all his ships need a 1 to hit. So he has 5 rank 4 attacks and 12 rank
    1 attacks"; the enemy, holding his Drones in reserve, fires "5 rank 1 attacks, 5 rank 2
    attacks and 5 rank 4 attacks". In round 2 two of the Sats under his Control are gone:
    "Except for the 2 Sats under his Control and himself ... 3 rank 4 attacks and 12 rank 1"."""
    battle = example_two()
    policy = AutoPolicy(hold_reloaders=True)
    T = _tables(battle, policy)
    b = Handling(battle, policy, T, 2, np.random.default_rng(0))

    def attacks(side: int) -> list[int]:
        ships = b.pool_dice("battle:main", side, b.mine(b.op(), side))
        return (ships + b.ent_dice(side, "battle", b.ent_active(side)))[:, 0].tolist()

    assert attacks(0) == [12, 0, 0, 5, 0]
    assert attacks(1) == [5, 5, 0, 5, 0]
    controlled = [T.keys[j] for j in T.ccols]
    assert len(controlled) == 4
    for key in controlled[:2]:
        b.state[T.keys.index(key)] = GONE
    assert attacks(0) == [12, 0, 0, 3, 0]
