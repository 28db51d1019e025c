"""One per-step generator helper (kit.rng.step_rng) in place of the copies of
``default_rng([seed, n])``: the streams are the ones the games drew before (#12)."""

from __future__ import annotations

import numpy as np
import pytest

from kit.rng import step_rng


@pytest.mark.parametrize(("seed", "step"), [(0, 0), (7, 3), (2026, 41), (2**31 - 5, 999)])
def test_step_rng_draws_what_both_old_spellings_drew(seed, step):
    new = step_rng(seed, step).integers(1, 7, size=64)
    # the two spellings the kit used: a battle's phase and a journey's day
    battle_before = np.random.default_rng([seed, step]).integers(1, 7, size=64)
    journey_before = np.random.default_rng(np.random.SeedSequence([seed, step])).integers(
        1, 7, size=64
    )
    assert new.tolist() == battle_before.tolist() == journey_before.tolist()


def test_each_step_has_its_own_stream():
    a = step_rng(5, 1).integers(0, 2**62, size=4).tolist()
    b = step_rng(5, 2).integers(0, 2**62, size=4).tolist()
    c = step_rng(6, 1).integers(0, 2**62, size=4).tolist()
    assert a != b and a != c
