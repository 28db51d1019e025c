"""The first ``k`` in order, as the vectorised simulation states it
(:func:`~kit.successors.combat.simulate.hits.first_k`, per run of alike ships), checked against
the engine's statement of the same rule (STYLE 23: one statement of each rule, and a property
test where the fast path needs its own): it places every wave as
:func:`~kit.successors.combat.allocation.plan_wave` does.
"""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as hs

from kit.successors.combat.allocation import plan_wave
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
