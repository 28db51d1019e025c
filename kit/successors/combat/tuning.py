"""The combat tuner: how big a garrison gives an attacker the win chance the GM wants.

:func:`tune_garrison` puts ``count`` ships of one type into a defending garrison for every
count on a grid, simulates the attacker against each garrison with the same seed, and returns
the count whose win chance for the attacker is nearest the target, with the counts around it.

Example (Releata against a garrison of Frigates, aiming at an even fight):

>>> from kit.successors.combat import Side
>>> from kit.successors.examples import releata
>>> rel = Side("Releata", releata(), ships={"Battleship": 2, "Drone": 8}, controlled=(1, 2, 3))
>>> t = tune_garrison(rel, "Frigate", 0.5, n=400, counts=range(20, 29, 2), seed=1)
>>> t.count, [c for c, _ in t.neighbours]
(24, [22, 26])
>>> abs(t.chance - 0.5) == min(abs(p - 0.5) for p in t.chances.values())
True
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

import numpy as np

from ... import validate
from ...advising import Tuning, TuningRow
from ...errors import InvalidInput, InvalidType
from ...rng import SeedLike, resolve_seed
from ..fleets import Ship
from ..ships import ship_type
from .battle import Battle
from .rules import DEFAULT_COMBAT_RULES, CombatRules
from .simulate import simulate
from .simulate.parallel import check_executor
from .state import Side

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from typing_extensions import Unpack

    from .protocol import CombatPolicy

__all__ = [
    "TuneOptions",
    "buy_garrison",
    "garrison_battle",
    "garrison_grid",
    "tune_budget",
    "tune_garrison",
]


def _report(
    subject: str,
    ship: str,
    target: float,
    chances: dict[int, float],
    n: int,
    seed: int,
    method: str,
    unit: str,
) -> Tuning:
    """The shared tuning report of a garrison grid (every count, with its standard error)."""
    grid = tuple(
        TuningRow((("count", c),), p, math.sqrt(p * (1 - p) / n), (c,)) for c, p in chances.items()
    )
    return Tuning(
        subject,
        target,
        grid,
        shown=len(grid),
        exact=False,
        n=n,
        seed=seed,
        method=method,
        details={"ship": ship, "unit": unit},
    )


def garrison_battle(
    attacker: Side,
    ship: str,
    count: int,
    *,
    garrison: Side | None = None,
    rules: CombatRules = DEFAULT_COMBAT_RULES,
    jammer: int = 0,
    seed: SeedLike = 0,
) -> Battle:
    """The battle :func:`tune_garrison` simulates for one count: ``attacker`` (side 0) against
    ``garrison`` (default an empty side called "Garrison") with ``count`` more ``ship``."""
    base = garrison if garrison is not None else Side("Garrison")
    if not isinstance(base, Side):
        raise InvalidType(f"garrison must be a Side or None, got {base!r}")
    t = ship_type(ship)
    added = tuple(Ship(len(base.ships) + i + 1, t.design, t.name) for i in range(count))
    defender = dataclasses.replace(base, ships=base.ships + added)
    return Battle([attacker, defender], rules=rules, jammer=jammer, seed=seed)


def tune_garrison(
    attacker_side: Side,
    ship: str,
    target: float,
    *,
    n: int = 2000,
    counts: Iterable[int] = range(1, 31),
    garrison: Side | None = None,
    seed: SeedLike = 0,
    policy: CombatPolicy | None = None,
    rules: CombatRules = DEFAULT_COMBAT_RULES,
    jammer: int = 0,
    executor: Executor | None = None,
) -> Tuning:
    """The number of ``ship`` in a defending garrison that gives ``attacker_side`` the win
    chance nearest ``target``.

    Args:
        attacker_side: the side that attacks (side 0 of every battle).
        ship: catalog name of the garrison's ship type to count (``"Frigate"``).
        target: the attacker's win chance wanted, 0 to 1.
        n: battles simulated per count.
        counts: the garrison sizes to try.
        garrison: the rest of the garrison (an entity, other ships, Static Defenses); the
            counted ships join it. Default: nothing but the counted ships.
        seed: every count is simulated with this seed (common random numbers).
        policy: automatic policy for both sides (default AutoPolicy, Take-Overs included; the
            vectorised simulation runs whenever it covers the battle's extras, see
            :func:`~.simulate.simulate`).
        rules: combat rules.
        jammer: Jammer Field level of the orbit.
        executor: any :class:`concurrent.futures.Executor` to play the battles on (default:
            this process for small grids, every core for large ones); the same seed gives the
            same answer on any executor.

    Returns:
        A :class:`~kit.advising.Tuning` of every count, nearest the target first (fewer ships
        on a tie): ``t.count``, ``t.chance`` and ``t.stderr`` are the nearest count's,
        ``t.neighbours`` the counts beside it and ``t.chances`` the whole grid.
    """
    if not isinstance(attacker_side, Side):
        raise InvalidType(f"attacker_side must be a Side, got {attacker_side!r}")
    executor = check_executor(executor)
    target = validate.number("target", target, 0, 1)
    n = validate.integer("n", n, 1, 1_000_000)
    name = ship_type(ship).name
    grid, base = garrison_grid(counts, garrison)
    recorded = resolve_seed(seed)
    chances = _all_sizes_at_once(
        attacker_side, name, grid, base, rules, jammer, policy, n, recorded, executor
    )
    method = "fast"
    if chances is None:  # one simulation per size (on the engine where the fast path declines)
        chances = {}
        methods = set()
        for c in grid:
            battle = garrison_battle(
                attacker_side, name, c, garrison=base, rules=rules, jammer=jammer
            )
            result = simulate(
                battle, n, policy=policy, seed=recorded, progress=False, executor=executor
            )
            chances[c] = result.probability(0, "won")
            methods.add(result.engine)
        method = methods.pop() if len(methods) == 1 else "mixed"
    subject = f"{attacker_side.name} against a garrison of {name}"
    return _report(subject, name, float(target), chances, n, recorded, method, "ships")


def _all_sizes_at_once(
    attacker: Side,
    name: str,
    grid: list[int],
    base: Side,
    rules: CombatRules,
    jammer: int,
    policy: CombatPolicy | None,
    n: int,
    seed: int,
    executor: Executor | None = None,
) -> dict[int, float] | None:
    """Every garrison size of ``grid`` in one vectorised batch of ``n`` battles per size:
    the biggest garrison, with the ships a smaller size does not have kept out of the orbit
    from the start (so the long tails of slow battles are played once for every size). None
    when the fast path does not cover the battle, or when the garrison's retreat rule reads
    its losses (ships kept out would count as lost there)."""
    from .policies import AutoPolicy, Never, RetreatAfter
    from .simulate import OUTCOMES, _fast_chunk, fast_supported
    from .simulate.fast import _tables
    from .simulate.parallel import (
        available_workers,
        chunk_streams,
        concat,
        describe_chunk,
        run_chunks,
    )

    policy = policy if policy is not None else AutoPolicy()
    biggest = garrison_battle(attacker, name, max(grid), garrison=base, rules=rules, jammer=jammer)
    # (only an AutoPolicy is vectorised: fast_supported refuses any other)
    if not isinstance(policy, AutoPolicy) or fast_supported(biggest, policy) is not None:
        return None
    if not isinstance(policy._rule(1), (Never, RetreatAfter)):
        return None
    T = _tables(biggest, policy)
    row = {k: j for j, k in enumerate(T.keys)}
    added = [row[f"1:{len(base.ships) + i + 1}"] for i in range(max(grid))]
    total = n * len(grid)
    chunks = chunk_streams(seed, total, 100_000)  # one batch: one slow tail for every size
    sizes = np.repeat(np.array(grid), n)  # the garrison size of each battle
    token = f"tune:{id(biggest)}:{seed}:{total}"
    args = []
    for a, b, ss in chunks:
        away = np.zeros((T.U, b - a), bool)
        for i, r in enumerate(added):
            away[r] = i >= sizes[a:b]
        args.append((token, biggest, policy, b - a, ss, rules.max_rounds, away))
    labels = [describe_chunk(a, b, ss) for a, b, ss in chunks]
    workers = available_workers() if total >= 100_000 else 1
    parts = run_chunks(_fast_chunk, args, workers, executor=executor, labels=labels)
    won = concat(parts)["outcome"][:, 0] == OUTCOMES.index("won")
    return {c: float(won[i * n : (i + 1) * n].mean()) for i, c in enumerate(grid)}


def garrison_grid(counts: Iterable[int], garrison: Side | None) -> tuple[list[int], Side]:
    """The garrison sizes to try, checked and sorted, and the rest of the garrison they join
    (an empty side named Garrison when None); a size of 0 needs something else to defend.

    >>> grid, base = garrison_grid((3, 1, 3), None)
    >>> grid, base.name
    ([1, 3], 'Garrison')
    """
    grid = sorted({validate.integer("counts", c, 0, 10_000) for c in counts})
    if not grid:
        raise InvalidInput("counts: at least one garrison size is needed, got none")
    base = garrison if garrison is not None else Side("Garrison")
    if not isinstance(base, Side):
        raise InvalidType(f"garrison must be a Side or None, got {type(base).__name__}")
    if 0 in grid and not base.ships and base.entity is None and not base.static_defenses:
        raise InvalidInput("counts: 0 leaves the garrison empty; start the counts at 1")
    return grid, base


def buy_garrison(ships: Sequence[str], budget: int) -> dict[str, int]:
    """What ``budget`` RU buys of ``ships``: one of each type in turn, in the order given,
    skipping a type that no longer fits, until nothing fits (printed catalog costs).

    >>> buy_garrison(["Frigate", "Cruiser"], 30)
    {'FRIGATE': 3, 'CRUISER': 2}
    """
    types = [ship_type(s) for s in validate.sequence("ships", list(ships))]
    if not types:
        raise InvalidInput("ships: at least one ship type to buy is needed, got none")
    left = validate.integer("budget", budget, 0, 1_000_000)
    bought = {t.name: 0 for t in types}
    while True:
        spent = False
        for t in types:
            if t.cost <= left:
                bought[t.name] += 1
                left -= t.cost
                spent = True
        if not spent:
            return bought


def tune_budget(
    attacker_side: Side,
    ships: Sequence[str],
    target: float,
    *,
    n: int = 2000,
    budgets: Iterable[int] = range(5, 101, 5),
    garrison: Side | None = None,
    seed: SeedLike = 0,
    policy: CombatPolicy | None = None,
    rules: CombatRules = DEFAULT_COMBAT_RULES,
    jammer: int = 0,
    executor: Executor | None = None,
) -> Tuning:
    """The garrison budget in RU, spent on ``ships`` by :func:`buy_garrison`, that gives
    ``attacker_side`` the win chance nearest ``target``.

    Args:
        attacker_side: the side that attacks (side 0 of every battle).
        ships: catalog names of the types the garrison buys, one of each in turn.
        target: the attacker's win chance wanted, 0 to 1.
        n: battles simulated per budget.
        budgets: the budgets in RU to try (each must buy one ship at least).
        garrison: the rest of the garrison; the bought ships join it.
        seed: every budget is simulated with this seed.
        policy: automatic policy for both sides (see :func:`tune_garrison`).
        rules: combat rules.
        jammer: Jammer Field level of the orbit.
        executor: any :class:`concurrent.futures.Executor` to play the battles on (see
            :func:`tune_garrison`).

    Returns:
        A :class:`~kit.advising.Tuning` whose rows' ``count`` is a budget in RU
        (``t.unit == "RU"``).
    """
    if not isinstance(attacker_side, Side):
        raise InvalidType(f"attacker_side must be a Side, got {attacker_side!r}")
    executor = check_executor(executor)
    target = validate.number("target", target, 0, 1)
    n = validate.integer("n", n, 1, 1_000_000)
    grid = sorted({validate.integer("budgets", b, 0, 1_000_000) for b in budgets})
    if not grid:
        raise InvalidInput("budgets: at least one budget is needed, got none")
    base = garrison if garrison is not None else Side("Garrison")
    if not isinstance(base, Side):
        raise InvalidType(f"garrison must be a Side or None, got {base!r}")
    recorded = resolve_seed(seed)
    chances: dict[int, float] = {}
    methods = set()
    names: list[str] = []
    for b in grid:
        bought = buy_garrison(ships, b)
        names = list(bought)
        if not any(bought.values()):
            raise InvalidInput(f"budgets: {b} RU buys none of {names}; start higher")
        added = [
            Ship(len(base.ships) + i + 1, ship_type(name).design, ship_type(name).name)
            for i, name in enumerate(k for k, c in bought.items() for _ in range(c))
        ]
        defender = dataclasses.replace(base, ships=base.ships + tuple(added))
        battle = Battle([attacker_side, defender], rules=rules, jammer=jammer)
        result = simulate(
            battle, n, policy=policy, seed=recorded, progress=False, executor=executor
        )
        chances[b] = result.probability(0, "won")
        methods.add(result.engine)
    method = methods.pop() if len(methods) == 1 else "mixed"
    ship = "+".join(names)
    subject = f"{attacker_side.name} against a garrison budget of {ship}"
    return _report(subject, ship, float(target), chances, n, recorded, method, "RU")


class TuneOptions(TypedDict, total=False):
    """What :func:`tune` passes on to :func:`tune_garrison` (``counts``) or :func:`tune_budget`
    (``budgets``); the rest both take."""

    n: int
    """Battles simulated per count or budget."""
    counts: Iterable[int]
    """The garrison sizes to try (tuning how many of one ship)."""
    budgets: Iterable[int]
    """The budgets in RU to try (tuning a budget)."""
    garrison: Side | None
    """The rest of the garrison (a battle to tune gives its second side)."""
    seed: SeedLike
    """Every setup is simulated with this seed."""
    policy: CombatPolicy | None
    """The automatic policy both sides play."""
    rules: CombatRules
    """The combat rules (a battle to tune gives its own)."""
    jammer: int
    """The attacker's Jammer Field (a battle to tune gives its own)."""
    executor: Executor | None
    """Runs the simulations in parallel."""


def tune(
    attacker: Side | Battle,
    target: float,
    *,
    ship: str | None = None,
    ships: Sequence[str] | None = None,
    **options: Unpack[TuneOptions],
) -> Tuning:
    """``kit.tune(battle_or_side, target)`` is this function: the garrison an attacker meets at ``target`` odds.

    ``attacker`` is the attacking :class:`~.state.Side`, or a two-sided
    :class:`~.battle.Battle` whose first side attacks its second (the second is then the
    garrison the tuned ships join, and the battle's rules and Jammer Field are kept). Give
    ``ship`` to tune how many of that type (:func:`tune_garrison`) or ``ships`` to tune a budget
    spent on those types (:func:`tune_budget`); ``options`` go to that tuner.
    """
    given: dict[str, Any] = dict(options)  # the tuner called below checks what it takes
    if isinstance(attacker, Battle):
        if len(attacker.sides) != 2:
            raise InvalidInput(
                "a battle to tune needs two sides, an attacker and its garrison; this one has "
                f"{len(attacker.sides)}"
            )
        given = {
            "garrison": attacker.sides[1],
            "rules": attacker.rules,
            "jammer": attacker.jammer,
            **given,
        }
        attacker = attacker.sides[0]
    if (ship is None) == (ships is None):
        raise InvalidInput(
            "give ship='Frigate' to tune how many of one type, or ships=[...] to tune a budget "
            "spent on them (one of the two)"
        )
    if ship is not None:
        return tune_garrison(attacker, ship, target, **given)
    assert ships is not None
    return tune_budget(attacker, ships, target, **given)
