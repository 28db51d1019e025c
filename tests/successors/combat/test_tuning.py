"""The garrison tuner: its answer is the nearest count on the grid, checked by brute force.

The tuner plays every garrison size in one vectorised batch (the biggest garrison, with the
ships a smaller size lacks kept out of the orbit). Every count is simulated here again on its
own, with battles built by hand (not by the tuner's helper): a grid of one size is the very
same simulation (same seed, same battles), and on a grid of several each size's chance
agrees with its own simulation within the sampling error; the nearest count is found by
scanning the grid.
"""

from __future__ import annotations

import numpy as np
import pytest

from kit.errors import KitError
from kit.successors.combat import AutoPolicy, Battle, Side, simulate
from kit.successors.combat.tuning import buy_garrison, tune_budget, tune_garrison
from kit.successors.examples import releata

FAST = AutoPolicy(takeover=False)


def _releata() -> Side:
    """The text's first example's attacker: Releata, two Battleships, eight Drones, the two
    Battleships and a Drone under her Control."""
    return Side("Releata", releata(), ships={"Battleship": 2, "Drone": 8}, controlled=(1, 2, 3))


def _brute(attacker: Side, extra: list, ship: str, counts, n: int, seed: int) -> dict[int, float]:
    out = {}
    for c in counts:
        defender = Side("Garrison", ships=[*extra, (ship, c)])
        result = simulate(Battle([attacker, defender]), n, policy=FAST, seed=seed)
        out[c] = result.probability(0, "won")
    return out


def _agree(a: float, b: float, n: int) -> bool:
    """Two shares of ``n`` battles each within 4.5 standard errors of their difference."""
    p = (a + b) / 2
    return abs(a - b) <= 4.5 * np.sqrt(max(p * (1 - p), 1e-4) * 2 / n) + 1e-12


@pytest.mark.parametrize("count", [18, 25])
def test_a_grid_of_one_size_is_that_sizes_own_simulation(count):
    tuned = tune_garrison(_releata(), "Frigate", 0.5, n=300, counts=[count], seed=4, policy=FAST)
    assert tuned.chances == _brute(_releata(), [], "Frigate", [count], 300, 4)


@pytest.mark.parametrize("target", [0.1, 0.5, 0.9])
def test_answer_is_the_nearest_on_the_grid(target):
    counts, n, seed = range(18, 31, 3), 1500, 4
    tuned = tune_garrison(_releata(), "Frigate", target, n=n, counts=counts, seed=seed, policy=FAST)
    grid = _brute(_releata(), [], "Frigate", counts, n, seed + 1)
    for c in counts:
        assert _agree(tuned.chances[c], grid[c], n), (c, tuned.chances[c], grid[c])
    gaps = {c: abs(p - target) for c, p in tuned.chances.items()}
    nearest = min(c for c in counts if gaps[c] == min(gaps.values()))
    assert tuned.count == nearest and tuned.chance == tuned.chances[nearest]
    below = [c for c in counts if c < nearest][-1:]
    above = [c for c in counts if c > nearest][:1]
    assert [c for c, _ in tuned.neighbours] == below + above
    assert tuned.ranked()[0] == (nearest, tuned.chances[nearest])


def test_the_counted_ships_join_the_rest_of_the_garrison():
    counts, n, seed = [10, 14], 1500, 2
    base = Side("Garrison", ships={"Cruiser": 3})
    tuned = tune_garrison(
        _releata(), "Gunboat", 0.5, n=n, counts=counts, seed=seed, policy=FAST, garrison=base
    )
    grid = _brute(_releata(), [("Cruiser", 3)], "Gunboat", counts, n, seed + 1)
    for c in counts:
        assert _agree(tuned.chances[c], grid[c], n), (c, tuned.chances[c], grid[c])


def test_more_frigates_lower_the_attackers_chance():
    """A sanity bound, not an oracle: with the same seed, the attacker's chance against 30
    Frigates is below its chance against 10 (each Frigate adds a rank-2 die and a target)."""
    tuned = tune_garrison(_releata(), "Frigate", 0.5, n=300, counts=[10, 30], seed=0, policy=FAST)
    assert tuned.chances[30] < tuned.chances[10]


def test_bad_input_is_refused():
    with pytest.raises(KitError, match="target"):
        tune_garrison(_releata(), "Frigate", 1.5, n=10, counts=[1])
    with pytest.raises(KitError, match="counts"):
        tune_garrison(_releata(), "Frigate", 0.5, n=10, counts=[])
    with pytest.raises(KitError, match="counts"):
        tune_garrison(_releata(), "Frigate", 0.5, n=10, counts=[0, 1])
    with pytest.raises(KitError):
        tune_garrison(_releata(), "Warp Whale", 0.5, n=10, counts=[1])


def test_budgets_buy_one_of_each_in_turn():
    # Frigate 4 RU, Cruiser 8 RU (text's ship table), bought F, C, F, C ... while they fit:
    # 20 RU: F C F (4 left) F -> 3 Frigates, 1 Cruiser; 28: F C F C F; 36: F C F C F C.
    assert buy_garrison(["Frigate", "Cruiser"], 20) == {"FRIGATE": 3, "CRUISER": 1}
    assert buy_garrison(["Frigate", "Cruiser"], 28) == {"FRIGATE": 3, "CRUISER": 2}
    assert buy_garrison(["Frigate", "Cruiser"], 36) == {"FRIGATE": 3, "CRUISER": 3}
    assert buy_garrison(["Cruiser"], 7) == {"CRUISER": 0}


def test_budget_answer_is_the_nearest_on_the_grid():
    n, seed, target = 300, 6, 0.5
    # (Frigates, Cruisers): a Frigate and a Cruiser cost 12 RU together, so 108 RU is 9 pairs
    garrisons = {108: (9, 9), 120: (10, 10), 132: (11, 11)}
    tuned = tune_budget(
        _releata(), ["Frigate", "Cruiser"], target, n=n, budgets=garrisons, seed=seed, policy=FAST
    )
    grid = {}
    for budget, (f, c) in garrisons.items():
        defender = Side("Garrison", ships=[("Frigate", f), ("Cruiser", c)])
        result = simulate(Battle([_releata(), defender]), n, policy=FAST, seed=seed)
        grid[budget] = result.probability(0, "won")
    assert tuned.chances == pytest.approx(grid, abs=1e-12)
    gaps = {b: abs(p - target) for b, p in grid.items()}
    assert tuned.count == min(b for b in grid if gaps[b] == min(gaps.values()))
    assert tuned.unit == "RU" and "RU" in repr(tuned)
    with pytest.raises(KitError, match="budgets"):
        tune_budget(_releata(), ["Cruiser"], 0.5, n=10, budgets=[7])
