"""What the vectorised simulation states in its own words, checked against the engine's
statement of the same rule on generated cases (STYLE 23: one statement of each rule, and a
property test where the fast path needs its own).

* :func:`~kit.successors.combat.simulate.hits.first_k` (the first k in order, per run of
  alike ships) places every wave as :func:`~kit.successors.combat.allocation.plan_wave` does;
* the Take-Over plan built from the policy's order of every ship
  (:func:`~kit.successors.combat.simulate.handling.plan_from_order`) is the plan
  ``AutoPolicy.takeovers`` gives for the targets a battle has;
* :class:`~kit.successors.combat.simulate.asked.Asked` gives each row the answer the policy
  gives that row, whether or not rows share a hash.
"""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as hs

from kit.successors.combat import AutoPolicy, Battle, Side
from kit.successors.combat.allocation import plan_wave
from kit.successors.combat.simulate.asked import Asked
from kit.successors.combat.simulate.fast import _Run, _tables
from kit.successors.combat.simulate.handling import plan_from_order
from kit.successors.combat.simulate.hits import first_k


@hs.composite
def waves(draw):
    """A batch of waves: per ship a count it can take (0 when it cannot), hits per battle and
    a cut of the ships into segments."""
    U = draw(hs.integers(1, 12))
    B = draw(hs.integers(1, 6))
    caps = np.array(
        draw(hs.lists(hs.integers(0, 3), min_size=U * B, max_size=U * B)), np.int64
    ).reshape(U, B)
    hits = np.array(draw(hs.lists(hs.integers(0, 20), min_size=B, max_size=B)), np.int64)
    cuts = sorted(set(draw(hs.lists(hs.integers(1, U), max_size=U))) | {0, U})
    segments = list(itertools.pairwise(cuts))
    return caps, hits, segments


@settings(max_examples=200, deadline=None)
@given(case=waves())
def test_first_k_places_hits_as_plan_wave(case):
    caps, hits, segments = case
    U, B = caps.shape
    wave = plan_wave(
        hits, caps.T, np.zeros(B, int), np.zeros((B, U), bool), np.arange(U), np.zeros(B, bool)
    )
    taken, total = first_k(caps, hits, segments)
    assert np.array_equal(taken.T, wave.take)
    assert np.array_equal(np.minimum(total, hits), wave.take.sum(axis=1))
    # bool masks: the neutralized ships plan_wave kills, in the same order
    neut = caps > 0
    wave = plan_wave(
        hits, np.zeros((B, U), int), np.zeros(B, int), neut.T, np.arange(U), np.zeros(B, bool)
    )
    killed, total = first_k(neut, hits, segments)
    assert np.array_equal(killed.T, wave.kill)
    assert np.array_equal(np.minimum(total, hits), wave.kill.sum(axis=1))


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


@settings(max_examples=50, deadline=None)
@given(
    rows=hs.lists(hs.lists(hs.integers(-1, 3), min_size=3, max_size=3), min_size=1, max_size=30),
    collide=hs.booleans(),
)
def test_asked_gives_each_row_its_own_answer(rows, collide):
    keys = np.array(rows, np.int64)
    asked = Asked(lambda row: sum(row) * 10 + row[0])
    if collide:  # every row hashes alike: the answers must still be each row's own
        asked._mult = np.zeros(3, np.int64)
    got = asked(keys)
    assert got.tolist() == [sum(r) * 10 + r[0] for r in rows]
