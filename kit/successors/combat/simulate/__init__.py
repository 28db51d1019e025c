"""Battle Monte Carlo: many whole battles under automatic policies, seeded and reproducible.

Two engines give the same statistics:

* ``method="engine"`` plays each battle with :class:`~..battle.Battle` (every rule, any policy);
* ``method="fast"`` plays thousands of battles at once with numpy arrays (:mod:`.fast`). It
  covers :class:`~..policies.AutoPolicy` as it comes (Sensors and Take-Overs on, any number
  of sides, reloaders held in reserve, retreats by :class:`~..policies.RetreatAfter` or
  :class:`~..policies.RetreatWhenLosses`) for ships and entities fighting in the three attack
  phases: multi-hit ships, decoys, Combat Reflexes, Control, repairs, reconditioning, the
  neutralized entity's self-repair, Static Defenses, Busters, Rammers, the Stellar Cannon, a
  Matrix or Targeter, a Jammer Field, adjacent orbits (Long Ranged ships and entities), ships
  in racks, Fragile, Self-Repairing and facet entities, controllers without weapons or
  Handling. :func:`fast_supported` names what it does not cover (gathering, Cubes, Ferals,
  Natural Aptitude for repairs, other policies); ``method="auto"`` (the default) uses it when
  it covers the battle, else the engine.

Both paths call the same rules: the rules on numbers of :mod:`~..core_rules`, tables the fast
path builds from the engine's own functions and the policy's own answers (see :mod:`.tables`
and :mod:`.fast`); where the fast path states a rule in its own words (the first ``k`` in
order, the Take-Over plan from the policy's order) a property test compares it with the
engine's statement. Tests play both on many generated setups and compare them.

The package splits along its seams: :mod:`.result` (the result type), :mod:`.support` (what the
fast path covers), :mod:`.parallel` (chunks, seeds and processes), :mod:`.tables` and
:mod:`.entity` (static tables), :mod:`.batch`, :mod:`.hits`, :mod:`.handling`,
:mod:`.attack`, :mod:`.keys`, :mod:`.specials` and :mod:`.fast` (the fast path),
:mod:`.resume` (the advisor's trials from a decision) and this module's driver.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from .... import validate
from ....errors import InvalidInput
from ....rng import SeedLike, make_rng
from .result import OUTCOMES, BattleSimulation

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from ..battle import Battle
    from ..protocol import CombatPolicy

__all__ = ["OUTCOMES", "BattleSimulation", "fast_supported", "simulate"]


def fast_supported(battle: Battle, policy: CombatPolicy, *, started: bool = False) -> str | None:
    """None when the fast path covers this battle and policy, else the reason it does not
    (see :func:`.support.fast_supported`)."""
    from .support import fast_supported as check

    return check(battle, policy, started=started)


def simulate(
    battle: Battle,
    n: int = 1000,
    *,
    policy: CombatPolicy | None = None,
    seed: SeedLike = None,
    method: str = "auto",
    progress: bool | None = None,
    max_rounds: int | None = None,
    chunk: int = 20000,
    workers: int | None = None,
    executor: Executor | None = None,
) -> BattleSimulation:
    """Simulate ``n`` battles from ``battle``'s setup (the battle itself is not changed).

    Args:
        battle: a :class:`~.battle.Battle` (its sides, rules and jammer are used).
        n: number of battles.
        policy: automatic policy (default :class:`AutoPolicy`).
        seed: seeds the whole run (recorded in the result).
        method: ``"fast"``, ``"engine"`` or ``"auto"`` (fast when it covers the battle).
        progress: show a tqdm bar (default: for runs of 20,000 battles or more).
        max_rounds: rounds before a draw (default the rules').
        chunk: battles per vectorised batch; chunk ``j`` draws from the ``j``-th child of the
            seed's :class:`numpy.random.SeedSequence` (see :mod:`.parallel`). The engine
            gives battle ``j`` the ``j``-th of ``n`` seeds drawn from ``seed``.
        workers: processes to play the chunks on (default: every CPU for runs of 100,000
            battles or more, else 1). The same seed gives the same battles whatever the
            number.
        executor: any :class:`concurrent.futures.Executor` to play the chunks on instead
            (dask.distributed's ``Client.get_executor()``, loky's, a process pool); the same
            seed gives the same battles there too. A chunk that fails raises
            :class:`~kit.errors.ChunkFailed` naming it and its seed.

    >>> from kit.successors.examples import example_one
    >>> a = simulate(example_one(), 300, seed=5, chunk=100, workers=1)
    >>> b = simulate(example_one(), 300, seed=5, chunk=100, workers=2)
    >>> bool((a.outcome == b.outcome).all() and (a.rounds == b.rounds).all())
    True
    """
    # the engines load here, not when the package is imported (``import kit.successors.combat``
    # stays light: see the import benchmark)
    from ..policies import AutoPolicy
    from .fast import _tables
    from .parallel import (
        available_workers,
        check_executor,
        chunk_streams,
        concat,
        describe_chunk,
        run_chunks,
    )

    n = validate.integer("n", n, 1, 10_000_000)
    validate.choice("method", method, ("auto", "fast", "engine"))
    chunk = validate.integer("chunk", chunk, 1, 10_000_000)
    executor = check_executor(executor)
    if workers is None:
        workers = available_workers() if n >= 100_000 else 1
    workers = validate.integer("workers", workers, 1, 1024)
    policy = policy if policy is not None else AutoPolicy()
    rng, recorded = make_rng(seed)
    limit = max_rounds if max_rounds is not None else battle.rules.max_rounds
    why = fast_supported(battle, policy)
    if method == "fast" and why:
        raise InvalidInput(f"method='fast' cannot run this battle: {why}")
    use = "fast" if method == "fast" or (method == "auto" and why is None) else "engine"
    show = progress if progress is not None else n >= 20000
    bar = progress_bar(n, f"battles ({use})") if show else None
    names = [s.name for s in battle.sides]
    chunks = chunk_streams(recorded, n, chunk)
    labels = [describe_chunk(a, b, ss) for a, b, ss in chunks]
    token = f"{os.getpid()}:{id(battle)}:{recorded}:{time.monotonic_ns()}"
    args: list[tuple[Any, ...]]
    if use == "fast":
        assert isinstance(policy, AutoPolicy)  # the fast path plays the automatic policy only
        _tables(battle, policy)  # built once, before any worker is forked
        args = [(token, battle, policy, b - a, ss, limit) for a, b, ss in chunks]
        job: Any = _fast_chunk
    else:
        # the engine's battles each take a seed of their own, drawn for the whole run at once
        seeds = rng.integers(0, 2**62, size=n)
        args = [(battle, policy, seeds[a:b], limit) for a, b, _ in chunks]
        job = _engine_chunk

    def tick(part: dict[str, np.ndarray]) -> None:
        if bar is not None:
            bar.update(len(part["rounds"]))

    try:
        parts = run_chunks(job, args, workers, tick, executor=executor, labels=labels)
    finally:
        if bar is not None:
            bar.close()
    cat = concat(parts)
    return BattleSimulation(
        names, cat["outcome"], cat["ru_lost"], cat["rounds"], recorded, use, cat["first_hits"]
    )


class ProgressBar(Protocol):
    """What the simulations ask of a progress bar (a tqdm bar, which ships no types)."""

    def update(self, n: int = 1) -> None:
        """Move the bar on by ``n`` (what tqdm returns, whether it redrew, goes unused)."""
        ...

    def close(self) -> None:
        """Take the bar down."""
        ...


def progress_bar(total: int, desc: str) -> ProgressBar:
    """A tqdm bar of ``total`` battles (no monitor thread in a browser)."""
    from tqdm.auto import tqdm

    if sys.platform == "emscripten":
        tqdm.monitor_interval = 0  # Pyodide starts no threads: no monitor thread for the bar
    bar: ProgressBar = tqdm(total=total, desc=desc, leave=False)
    return bar


#: The battle and policy the last chunks on this worker were played from, by run (so a worker
#: that unpickles a run's battle for each chunk reuses its tables: they are kept by identity).
_SEEN: list[tuple[str, Any, Any]] = []


def _same_run(token: str, battle: Any, policy: Any) -> tuple[Any, Any]:
    for t, b, p in _SEEN:
        if t == token:
            return b, p
    _SEEN[:] = [(token, battle, policy)]
    return battle, policy


def _fast_chunk(
    token: str,
    battle: Any,
    policy: Any,
    n: int,
    ss: np.random.SeedSequence,
    limit: int,
    away: Any = None,
) -> dict[str, np.ndarray]:
    """One chunk of the vectorised simulation: ``n`` battles on the stream ``ss``."""
    from .fast import run_fast

    battle, policy = _same_run(token, battle, policy)
    return run_fast(battle, policy, n, np.random.default_rng(ss), limit, away=away)


def _engine_chunk(battle: Any, policy: Any, seeds: np.ndarray, limit: int) -> dict[str, np.ndarray]:
    """One battle per seed on the event-log engine."""
    from ..battle import Battle as cls

    S = len(battle.sides)
    n = len(seeds)
    cat = {
        "outcome": np.zeros((n, S), int),
        "ru_lost": np.zeros((n, S)),
        "rounds": np.zeros(n, int),
        "first_hits": np.full((n, S), -1),
    }
    for j in range(n):
        b = cls(battle.sides, rules=battle.rules, seed=int(seeds[j]), jammer=battle.jammer)
        b.run(limit, policy)
        res = b.result
        assert res is not None
        for i, srow in enumerate(res["sides"]):
            cat["outcome"][j, i] = OUTCOMES.index(srow["outcome"])
            cat["ru_lost"][j, i] = srow["ru_lost"]
        cat["rounds"][j] = res["rounds"]
        for e in b.log:
            if e.kind == "attack" and not e.get("aimed") and cat["first_hits"][j, e["side"]] < 0:
                cat["first_hits"][j, e["side"]] = e["hits"]
    return cat
