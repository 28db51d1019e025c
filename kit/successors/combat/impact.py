"""What a house rule does to a battle: two :class:`CombatRules` over garrisons of each size.

:func:`impact` sets ``attacker`` against a garrison of ``count`` ships of each type
listed (the battle :func:`~.tuning.garrison_battle` builds), for every count of a grid, and
simulates every battle under both rules objects with the same seed. It returns the shared
report, :class:`~kit.advising.Impact`: the attacker's win chance under each rules
object, the change, the largest changes, a heatmap and a Markdown summary.

A battle's win chance is simulated (the kit's exact combat odds cover one round, not a whole
battle), so each change carries a standard error. Both rules objects play the same battles
from the same seed, and the error is that of the paired difference, battle by battle: far
smaller than two independent runs would give when the rule moves few battles. Identical rules
give a change of exactly zero.

A Frigate (one rank-2 die, a hit on 1 or 2) against one unarmed Loader wins in the first
round one time in three; with a second round allowed, 1 - (2/3)**2 = 5/9:

>>> from kit.successors.combat import CombatRules, Side, impact
>>> im = impact(CombatRules(max_rounds=1), CombatRules(max_rounds=2),
...                  Side("Raiders", ships={"Frigate": 1}), ["Loader"], [1], n=4000, seed=3)
>>> cell = im.cells()[0]
>>> abs(cell.before - 1 / 3) < 0.03, abs(cell.after - 5 / 9) < 0.03
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ... import validate
from ...advising import Impact
from ...errors import InvalidInput, InvalidType
from ...rng import SeedLike, resolve_seed
from ..ships import ship_type
from .rules import DEFAULT_COMBAT_RULES, CombatRules
from .simulate import OUTCOMES, progress_bar, simulate
from .simulate.parallel import available_workers, check_executor, run_chunks
from .state import Side
from .tuning import garrison_battle, garrison_grid

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from .battle import Battle
    from .protocol import CombatPolicy

__all__ = ["impact"]


def _rules_impact(
    rules_a: CombatRules | None,
    rules_b: CombatRules | None,
    attacker: Side,
    ships: Sequence[str] | str = ("Frigate",),
    counts: Iterable[int] = range(1, 11),
    *,
    n: int = 1000,
    seed: SeedLike = 0,
    garrison: Side | None = None,
    policy: CombatPolicy | None = None,
    jammer: int = 0,
    executor: Executor | None = None,
    progress: bool = False,
) -> Impact:
    """Compare two combat rules by the attacker's simulated win chance against garrisons.

    Args:
        rules_a: the reference rules (``None``: the text and the project's rulings).
        rules_b: the rules to compare with them (``None``: the same defaults).
        attacker: the side that attacks (side 0 of every battle).
        ships: the garrison ship types of the rows (catalog names; one name is one row).
        counts: the garrison sizes of the columns (how many of the row's ship).
        n: battles simulated per cell and rules object.
        seed: every cell under both rules is simulated from this seed.
        garrison: the rest of the garrison (an entity, other ships); the counted ships join it.
        policy: automatic policy for both sides (default ``AutoPolicy``).
        jammer: Jammer Field level of the orbit.
        executor: any :class:`concurrent.futures.Executor` to simulate the cells on, one
            cell a chunk (default: this process for small sweeps, every core from 100,000
            battles on); the same seed gives the same numbers on any executor.
        progress: show a tqdm bar of the battles, moving as each cell completes.

    Returns:
        An :class:`~kit.advising.Impact` with ``exact=False`` and the standard error of
        every change.
    """
    ra = DEFAULT_COMBAT_RULES if rules_a is None else rules_a
    rb = DEFAULT_COMBAT_RULES if rules_b is None else rules_b
    for field, r in (("rules_a", ra), ("rules_b", rb)):
        if not isinstance(r, CombatRules):
            raise InvalidType(f"{field} must be a CombatRules or None, got {type(r).__name__}")
    if not isinstance(attacker, Side):
        raise InvalidType(f"attacker must be a Side, got {type(attacker).__name__}")
    executor = check_executor(executor)
    names = [ships] if isinstance(ships, str) else list(validate.sequence("ships", ships))
    rows = list(dict.fromkeys(ship_type(s).name for s in names))
    if not rows:
        raise InvalidInput("ships: at least one garrison ship type is needed, got none")
    cols, base = garrison_grid(counts, garrison)
    n = validate.integer("n", n, 2, 1_000_000)
    recorded = resolve_seed(seed)
    same = rb == ra
    cells = [(ship, c, r) for ship in rows for c in cols for r in ((ra,) if same else (ra, rb))]
    args = [
        (
            garrison_battle(attacker, ship, c, garrison=base, rules=r, jammer=jammer),
            n,
            policy,
            recorded,
        )
        for ship, c, r in cells
    ]
    labels = [
        f"{n} battles against {c} {ship} under rules {'a' if r is ra else 'b'}, seed {recorded}"
        for ship, c, r in cells
    ]
    workers = available_workers() if n * len(cells) >= 100_000 else 1
    bar = progress_bar(n * len(cells), "battles (sweep)") if progress else None
    try:
        done = None if bar is None else (lambda _: bar.update(n))
        wins = run_chunks(_cell, args, workers, done, executor=executor, labels=labels)
    finally:
        if bar is not None:
            bar.close()
    won = dict(zip(cells, wins))

    before: list[tuple[float, ...]] = []
    after: list[tuple[float, ...]] = []
    errors: list[tuple[float, ...]] = []
    for ship in rows:
        b_row, a_row, e_row = [], [], []
        for c in cols:
            wa = won[(ship, c, ra)]
            wb = wa if same else won[(ship, c, rb)]
            d = wb - wa
            b_row.append(float(wa.mean()))
            a_row.append(float(wb.mean()))
            e_row.append(float(d.std(ddof=1) / math.sqrt(n)))
        before.append(tuple(b_row))
        after.append(tuple(a_row))
        errors.append(tuple(e_row))

    return Impact(
        f"{attacker.name} against a garrison",
        ra,
        rb,
        "garrison of",
        "ships",
        tuple(rows),
        tuple(cols),
        tuple(before),
        tuple(after),
        exact=False,
        stderr=tuple(errors),
        n=n,
        row_key="ship",
        col_key="count",
    )


def _cell(battle: Battle, n: int, policy: CombatPolicy | None, seed: int) -> np.ndarray:
    """One cell of a sweep (a chunk of work): 1.0 for each of ``n`` battles side 0 wins."""
    result = simulate(battle, n, policy=policy, seed=seed, progress=False, workers=1)
    return np.asarray(result.outcome[:, 0] == OUTCOMES.index("won"), dtype=float)


def impact(
    battle: Battle | CombatRules | None,
    house_rules: CombatRules | None,
    attacker: Side | None = None,
    ships: Sequence[str] | str = ("Frigate",),
    counts: Iterable[int] = range(1, 11),
    *,
    n: int = 1000,
    seed: SeedLike = 0,
    garrison: Side | None = None,
    policy: CombatPolicy | None = None,
    jammer: int = 0,
    executor: Executor | None = None,
    progress: bool = False,
) -> Impact:
    """Compare two combat rules by the attacker's simulated win chance against garrisons.

    ``kit.impact(battle, house_rules)`` is this function: given a two-sided
    :class:`~.battle.Battle`, its first side attacks its second, which is the garrison the
    counted ``ships`` join; the battle's rules are the reference and its Jammer Field level is
    kept (the battle itself is not changed). Given a rules object (or None) instead,
    ``attacker`` (and ``garrison``, ``jammer``) say who fights (see :func:`_rules_impact` for
    the grid).

    Raises:
        InvalidInput: a battle not of two sides, or given with ``attacker``, ``garrison`` or
            ``jammer`` (it has its own); rules given without an attacker.
    """
    from .battle import Battle

    if isinstance(battle, Battle):
        if attacker is not None or garrison is not None or jammer:
            raise InvalidInput(
                "impact() takes attacker, garrison and jammer with a rules object only; the "
                "battle has its own"
            )
        if len(battle.sides) != 2:
            raise InvalidInput(
                f"impact() compares an attacker and one garrison; this battle has "
                f"{len(battle.sides)} sides"
            )
        return _rules_impact(
            battle.rules,
            house_rules,
            battle.sides[0],
            ships,
            counts,
            n=n,
            seed=seed,
            garrison=battle.sides[1],
            policy=policy,
            jammer=battle.jammer,
            executor=executor,
            progress=progress,
        )
    if attacker is None:
        raise InvalidInput(
            "impact(rules, house_rules, attacker, ...): the attacking Side is needed to compare "
            "two rules objects (or pass a two-sided Battle first)"
        )
    return _rules_impact(
        battle,
        house_rules,
        attacker,
        ships,
        counts,
        n=n,
        seed=seed,
        garrison=garrison,
        policy=policy,
        jammer=jammer,
        executor=executor,
        progress=progress,
    )
