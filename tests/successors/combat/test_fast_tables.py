"""The fast path's tables are rebuilt when what they were built from changes."""

from __future__ import annotations

import numpy as np

from kit.successors.combat import AutoPolicy, simulate
from kit.successors.examples import example_one


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
