"""The first ``k`` in order, as the vectorised simulation states it
(:func:`~kit.successors.combat.simulate.hits.first_k`, per run of alike ships), checked against
the engine's statement of the same rule (STYLE 23: one statement of each rule, and a property
test where the fast path needs its own): it places every wave as
:func:`~kit.successors.combat.allocation.plan_wave` does. And a batch lands a side's hits in
ruling 4's order and ends a battle when a side has nothing left that fights.
"""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as hs

from kit.successors.combat import AutoPolicy, Battle, Side
from kit.successors.combat.allocation import plan_wave
from kit.successors.combat.simulate.hits import Hits, first_k
from kit.successors.combat.simulate.tables import Tables


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


def test_a_batch_lands_hits_decoys_first_then_cheapest_and_ends_the_battle():
    """Ruling 4's default allocation: decoys, then the cheapest operational ship; a ship that
    takes two hits to roll on the damage table rolls once per two. Side A: a Cruiser (8 RU), a
    Mocker (a decoy, 3 RU), a Drone (1 RU) and a Battlecruiser (15 RU, two hits per roll)."""
    battle = Battle(
        [
            Side("A", ships=["Cruiser", "Mocker", "Drone", "Battlecruiser"]),
            Side("B", ships=["Frigate"]),
        ],
        seed=1,
    )
    policy = AutoPolicy()
    T = Tables(battle, policy)
    n = 100  # battles per number of hits: which ships are hit must not depend on the dice
    b = Hits(battle, policy, T, 5 * n, np.random.default_rng(0))
    b.land(0, np.repeat(np.arange(1, 6), n))
    row = {k: j for j, k in enumerate(T.keys)}
    hit = {  # ships out of action (rolled on the damage table) after 1..5 hits
        k + 1: sorted(
            key
            for key in ("0:1", "0:2", "0:3", "0:4")
            if (b.state[row[key], k * n : (k + 1) * n] != 0).all()
        )
        for k in range(5)
    }
    assert hit == {
        1: ["0:2"],  # the Mocker
        2: ["0:2", "0:3"],  # and the Drone
        3: ["0:1", "0:2", "0:3"],  # and the Cruiser
        4: ["0:1", "0:2", "0:3"],  # the Battlecruiser's first hit: no roll yet
        5: ["0:1", "0:2", "0:3", "0:4"],
    }
    assert (b.counter[row["0:4"], 3 * n : 4 * n] == 1).all()
    # no side is out while it has an operational ship; with every ship out, B has won
    b.end_check()
    assert b.live.tolist() == [True] * 4 * n + [False] * n
    assert (b.winner[4 * n :] == 1).all() and (b.winner[: 4 * n] == -1).all()
