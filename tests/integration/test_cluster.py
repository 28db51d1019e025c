"""A real cluster: a Dask ``LocalCluster`` plays the kit's chunks bit-identically to the local
path, for the same seed.

Two worker processes on loopback (one thread each, no dashboard) take the chunks through
``client.get_executor()``: a simulation cut into several chunks, the garrison tuner and a
rule-impact sweep give the very numbers of the default path. Skipped only where the
``cluster`` extra (``dask[distributed]``) is not installed; the test extra installs it.
"""

from __future__ import annotations

import numpy as np
import pytest

from kit.successors.combat import CombatRules, Side, simulate
from kit.successors.combat import impact as rule_impact
from kit.successors.combat.tuning import tune_garrison
from kit.successors.examples import example_two, releata

distributed = pytest.importorskip(
    "distributed", reason="the cluster extra (pip install 'gm-kit[cluster]') is not installed"
)

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    )
    c = distributed.Client(cluster)
    try:
        yield c
    finally:
        c.close()
        cluster.close()


def test_the_cluster_plays_the_same_battles_as_this_process(client):
    here = simulate(example_two(), 3000, seed=21, chunk=400, progress=False)
    with distributed.get_task_stream(client) as stream:
        there = simulate(
            example_two(), 3000, seed=21, chunk=400, progress=False, executor=client.get_executor()
        )
    assert here.engine == there.engine == "fast"
    for field in ("outcome", "ru_lost", "rounds", "first_hits"):
        assert np.array_equal(getattr(here, field), getattr(there, field)), field
    # the eight chunks really ran on the cluster's workers
    assert len(stream.data) == 8
    assert {t["worker"] for t in stream.data} <= set(client.scheduler_info()["workers"])


def test_the_cluster_tunes_a_garrison_to_the_same_numbers(client):
    rel = Side("Releata", releata(), ships={"Battleship": 2, "Drone": 8}, controlled=(1, 2, 3))
    options = {"n": 400, "counts": range(18, 29, 2), "seed": 5}
    here = tune_garrison(rel, "Frigate", 0.5, **options)
    there = tune_garrison(rel, "Frigate", 0.5, executor=client.get_executor(), **options)
    assert here == there and here.chances == there.chances


def test_the_cluster_sweeps_a_rule_to_the_same_numbers(client):
    raiders = Side("Raiders", ships={"Frigate": 2, "Cruiser": 1})
    options = {"n": 500, "seed": 8}
    rules = CombatRules(max_rounds=3)
    here = rule_impact(None, rules, raiders, ["Loader", "Frigate"], [1, 2, 3], **options)
    there = rule_impact(
        None,
        rules,
        raiders,
        ["Loader", "Frigate"],
        [1, 2, 3],
        executor=client.get_executor(),
        **options,
    )
    assert here == there
    assert here.before == there.before and here.after == there.after
