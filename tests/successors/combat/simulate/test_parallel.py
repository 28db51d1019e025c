"""Any number of processes and any executor: the same seed gives the same numbers wherever
the chunks are played.

A run is cut into chunks of a fixed size, each drawing from its own child of the seed's
``SeedSequence`` (the engine: one seed per battle drawn for the whole run), so how many
processes play the chunks changes nothing. Checked battle by battle on the fast path (with
Take-Overs: some battles move to the batch with owners) and on the engine.

simulate, the tuners, rule_impact, battle luck and battle advice take ``executor=`` (any
``concurrent.futures.Executor``). Their chunks are module-level functions with picklable
arguments on SeedSequence streams, so a thread pool, a pool of forked processes or a cluster
(tests/integration/test_cluster.py) plays the very battles of the default path. Bad executors
and failing chunks give a kit error naming the chunk and its seed, never a partial result, and
leave the caller's executor usable.
"""

from __future__ import annotations

import importlib
import multiprocessing as mp
import os
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from kit.errors import ChunkFailed, InvalidType
from kit.successors.combat import (
    AutoPolicy,
    CombatRules,
    DecisionNeeded,
    InteractivePolicy,
    Side,
    simulate,
)
from kit.successors.combat import (
    impact as rule_impact,
)
from kit.successors.combat.advice import advice as advise_battle
from kit.successors.combat.luck import luck as battle_luck
from kit.successors.combat.simulate.parallel import available_workers, chunk_streams, run_chunks
from kit.successors.combat.tuning import tune_budget, tune_garrison
from kit.successors.examples import example_one, example_two, releata

FIELDS = ("outcome", "ru_lost", "rounds", "first_hits")
PARENT = os.getpid()


def fork_pool(workers: int = 2) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(workers, mp_context=mp.get_context("fork"))


def same_battles(a, b) -> bool:
    return all(np.array_equal(getattr(a, f), getattr(b, f)) for f in FIELDS)


def test_simulate_gives_the_same_battles_on_threads_and_processes():
    here = simulate(example_two(), 2000, seed=7, chunk=300, progress=False)
    with ThreadPoolExecutor(3) as threads, fork_pool() as procs:
        on_threads = simulate(example_two(), 2000, seed=7, chunk=300, executor=threads)
        on_procs = simulate(example_two(), 2000, seed=7, chunk=300, executor=procs)
    assert here.engine == on_threads.engine == on_procs.engine == "fast"
    assert same_battles(here, on_threads) and same_battles(here, on_procs)


def test_the_engine_gives_the_same_battles_on_an_executor():
    policy = AutoPolicy(takeover=False)
    here = simulate(example_one(), 30, seed=4, chunk=7, method="engine", policy=policy)
    with fork_pool() as procs:
        there = simulate(
            example_one(), 30, seed=4, chunk=7, method="engine", policy=policy, executor=procs
        )
    assert same_battles(here, there)


def test_tuners_and_sweeps_give_the_same_numbers_on_an_executor():
    rel = Side("Releata", releata(), ships={"Battleship": 2, "Drone": 8}, controlled=(1, 2, 3))
    raiders = Side("Raiders", ships={"Frigate": 3})
    with ThreadPoolExecutor(2) as ex:
        for run in (
            lambda e: tune_garrison(
                rel, "Frigate", 0.5, n=300, counts=range(20, 27, 3), executor=e
            ),
            lambda e: tune_budget(raiders, ["Frigate"], 0.5, n=200, budgets=(5, 10), executor=e),
            lambda e: rule_impact(
                None, CombatRules(max_rounds=2), raiders, ["Loader"], [1, 2], n=300, executor=e
            ),
        ):
            assert run(None) == run(ex)


def test_luck_and_advice_give_the_same_report_on_an_executor():
    played = example_one().run()
    battle = example_one()
    ask = InteractivePolicy(ask=("allocate",))
    with pytest.raises(DecisionNeeded):
        while True:
            battle.step_phase(ask)
    with fork_pool() as procs:
        luck_there = battle_luck(played, seed=2, n_phase=50, executor=procs)
        advice_there = advise_battle(battle, seed=3, executor=procs)
        engine_there = advise_battle(
            battle, seed=3, n=20, method="engine", precision=None, executor=procs
        )
    assert battle_luck(played, seed=2, n_phase=50).to_dict() == luck_there.to_dict()
    assert advise_battle(battle, seed=3) == advice_there
    assert advise_battle(battle, seed=3, n=20, method="engine", precision=None) == engine_there


def watched_bar(monkeypatch, module: str) -> list[int]:
    """Replace ``module``'s progress bar with one that records each update (-1: closed)."""
    ticks: list[int] = []

    class Bar:
        def update(self, k: int) -> None:
            ticks.append(k)

        def close(self) -> None:
            ticks.append(-1)

    monkeypatch.setattr(importlib.import_module(module), "progress_bar", lambda total, desc: Bar())
    return ticks


def test_the_progress_bar_follows_completed_chunks_on_any_executor(monkeypatch):
    ticks = watched_bar(monkeypatch, "kit.successors.combat.simulate")
    with ThreadPoolExecutor(2) as ex:
        simulate(example_one(), 1000, seed=1, chunk=300, progress=True, executor=ex)
    assert sorted(ticks[:-1]) == [100, 300, 300, 300] and ticks[-1] == -1


@pytest.mark.parametrize("bad", ["dask", 4, ThreadPoolExecutor])
def test_something_that_is_not_an_executor_is_refused_by_name(bad):
    with pytest.raises(InvalidType, match=r"executor must be a concurrent\.futures\.Executor"):
        simulate(example_one(), 10, executor=bad)
    with pytest.raises(InvalidType, match="executor"):
        tune_garrison(Side("A", ships={"Frigate": 2}), "Frigate", 0.5, n=10, executor=bad)


def test_a_closed_executor_is_a_clear_error():
    ex = ThreadPoolExecutor(2)
    ex.shutdown()
    with pytest.raises(ChunkFailed, match="shut down"):
        simulate(example_one(), 200, seed=1, chunk=50, executor=ex)
    battle = example_one()
    with pytest.raises(DecisionNeeded):
        while True:
            battle.step_phase(InteractivePolicy(ask=("allocate",)))
    with pytest.raises(ChunkFailed, match="shut down"):  # the batches after the first
        advise_battle(battle, seed=1, n=1000, precision=0.001, executor=ex)


class Refusing(AutoPolicy):
    """A policy whose every allocation raises (a chunk that fails on the engine)."""

    def allocate(self, *args, **kwargs):
        raise RuntimeError("no allocation today")


class DyingInChildren(AutoPolicy):
    """A policy that kills the worker process it runs in (never the test's own process)."""

    def allocate(self, *args, **kwargs):
        if os.getpid() != PARENT:
            os._exit(3)
        return super().allocate(*args, **kwargs)


def test_a_chunk_that_raises_names_the_chunk_and_seed_and_leaves_the_executor_usable():
    with ThreadPoolExecutor(2) as ex:
        with pytest.raises(ChunkFailed) as info:
            simulate(example_one(), 40, seed=11, chunk=10, policy=Refusing(), executor=ex)
        msg = str(info.value)
        assert "chunk" in msg and "of 4" in msg and "seed 11" in msg
        assert "no allocation today" in msg and "No result" in msg
        assert isinstance(info.value.__cause__, RuntimeError)
        assert ex.submit(sum, [1, 2]).result() == 3  # still usable


def test_the_default_pool_reports_a_failing_chunk_the_same_way():
    with pytest.raises(ChunkFailed, match=r"chunk \d of 4 \(battles \d+ to \d+, seed 5"):
        simulate(example_one(), 40, seed=5, chunk=10, policy=Refusing(), workers=2)


def test_a_worker_that_dies_mid_sweep_is_a_clear_error():
    with fork_pool() as ex:
        with pytest.raises(ChunkFailed, match="worker died") as info:
            simulate(example_one(), 40, seed=8, chunk=10, policy=DyingInChildren(), executor=ex)
        assert "seed 8" in str(info.value)
    # the kit's own pool, too
    with pytest.raises(ChunkFailed, match="worker died"):
        simulate(example_one(), 40, seed=8, chunk=10, policy=DyingInChildren(), workers=2)


def _half(x: int) -> float:
    if x == 3:
        raise ValueError("three is odd")
    return x / 2


def test_run_chunks_returns_in_chunk_order_and_stops_at_a_failure():
    with ThreadPoolExecutor(3) as ex:
        assert run_chunks(_half, [(x,) for x in (8, 2, 4)], executor=ex) == [4.0, 1.0, 2.0]
        with pytest.raises(ChunkFailed, match=r"chunk 1 of 2 \(the odd one\) failed"):
            run_chunks(_half, [(2,), (3,)], executor=ex, labels=["even", "the odd one"])


def test_a_sweeps_bar_moves_one_cell_at_a_time_on_an_executor(monkeypatch):
    ticks = watched_bar(monkeypatch, "kit.successors.combat.impact")
    raiders = Side("Raiders", ships={"Frigate": 3})
    with ThreadPoolExecutor(2) as ex:
        rule_impact(
            None,
            CombatRules(max_rounds=2),
            raiders,
            ["Loader"],
            [1, 2, 3],
            n=40,
            executor=ex,
            progress=True,
        )
    # three counts under two rules: six cells of 40 battles, then the bar closes
    assert ticks == [40] * 6 + [-1]


# ----------------------------------------------------------------------------- workers
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
