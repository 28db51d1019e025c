"""Simulations on several processes give the same battles as on one, for the same seed.

A run is cut into chunks of a fixed size, each drawing from its own child of the seed's
``SeedSequence`` (the engine: one seed per battle drawn for the whole run), so how many
processes play the chunks changes nothing. Checked battle by battle on the fast path (with
Take-Overs: some battles move to the batch with owners) and on the engine.
"""

from __future__ import annotations

import numpy as np
import pytest

from kit.successors.combat import AutoPolicy, simulate
from kit.successors.combat.simulate.parallel import available_workers, chunk_streams
from kit.successors.examples import example_one, example_two


@pytest.mark.parametrize("make", [example_one, example_two])
def test_the_fast_path_gives_the_same_battles_on_one_process_or_three(make):
    one = simulate(make(), 2400, seed=11, chunk=500, workers=1, progress=False)
    three = simulate(make(), 2400, seed=11, chunk=500, workers=3, progress=False)
    assert one.engine == three.engine == "fast"
    for field in ("outcome", "ru_lost", "rounds", "first_hits"):
        assert np.array_equal(getattr(one, field), getattr(three, field)), field


def test_the_engine_gives_the_same_battles_on_one_process_or_two():
    b = example_one()
    policy = AutoPolicy(takeover=False)
    one = simulate(b, 12, seed=4, chunk=5, workers=1, method="engine", policy=policy)
    two = simulate(b, 12, seed=4, chunk=5, workers=2, method="engine", policy=policy)
    assert np.array_equal(one.outcome, two.outcome) and np.array_equal(one.ru_lost, two.ru_lost)
    # and the same as one chunk: an engine battle's seed does not depend on the chunks
    whole = simulate(b, 12, seed=4, chunk=100, workers=1, method="engine", policy=policy)
    assert np.array_equal(one.rounds, whole.rounds)


def test_chunks_and_their_streams_do_not_depend_on_the_workers():
    a = chunk_streams(3, 10, 4)
    assert [(x, y) for x, y, _ in a] == [(0, 4), (4, 8), (8, 10)]
    draws = [np.random.default_rng(ss).integers(0, 10**9) for _, _, ss in a]
    again = [np.random.default_rng(ss).integers(0, 10**9) for _, _, ss in chunk_streams(3, 10, 4)]
    assert draws == again and len(set(draws)) == 3
    assert available_workers() >= 1
