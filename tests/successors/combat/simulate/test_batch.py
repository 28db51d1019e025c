"""The state of a batch of battles (:mod:`kit.successors.combat.simulate.batch`) says what the
engine's own records say, battle by battle, and its results are the rules' outcomes and losses.

The engine's records are read at every phase of the text's two examples and the Take-Over duel
(ships damaged, destroyed, hulked, partly and wholly taken over), one short battle each, so the
flags of a ship's state byte are compared with the engine's own ``operational``, ``in_orbit``
and ``status`` of that ship and ``in_fight`` of each side.
"""

from __future__ import annotations

import numpy as np
import pytest

from kit.successors.combat import AutoPolicy, Battle, Side
from kit.successors.combat.events import in_fight
from kit.successors.combat.simulate import OUTCOMES
from kit.successors.combat.simulate.batch import DMG, GONE, Batch, binom, count
from kit.successors.combat.simulate.tables import Tables
from kit.successors.examples import example_one, example_two, takeover_duel


def test_count_is_the_number_of_trues_per_battle():
    m = np.array([[1, 0, 1], [1, 1, 0], [0, 0, 0], [1, 0, 1]], bool)
    assert count(m).tolist() == [3, 1, 2]
    big = np.ones((300, 2), bool)  # more rows than a byte counts
    assert count(big).tolist() == [300, 300]


def test_binom_rolls_each_rank_at_its_chance():
    rng = np.random.default_rng(3)
    n = np.zeros((5, 20000), np.int64)
    n[1] = 3  # three rank-2 dice
    n[4] = 1  # one rank-5 die
    got = binom(rng, n)
    assert got.min() >= 0 and got.max() <= 4
    mean = 3 * 2 / 6 + 5 / 6  # a die of rank r succeeds on r of six faces
    var = 3 * (2 / 6) * (4 / 6) + (5 / 6) * (1 / 6)
    assert abs(got.mean() - mean) <= 4.5 * np.sqrt(var / n.shape[1])
    assert not binom(rng, np.zeros((5, 7), np.int64)).any()  # no dice, no successes


@pytest.mark.parametrize("make", [example_one, example_two, takeover_duel])
def test_the_state_bytes_say_what_the_engines_records_say(make):
    battle = make(seed=1)
    policy = AutoPolicy()
    T = Tables(battle, policy)
    statuses, taken = set(), False
    while not battle.over:
        battle.step_phase(policy)
        st = battle.state
        b = Batch(battle, policy, T, 2, np.random.default_rng(0), start=st)
        units = [st.units[k] for k in T.keys]
        statuses |= {u.status for u in units}
        for col in range(2):  # every battle of the batch starts from the same state
            assert b.op()[:, col].tolist() == [u.operational for u in units]
            assert b.in_orbit()[:, col].tolist() == [u.in_orbit for u in units]
            assert b.neutral()[:, col].tolist() == [u.status == "neutralized" for u in units]
            assert b.fighting()[:, col].tolist() == [in_fight(st, s) for s in range(T.S)]
            assert b.ethere[:, col].tolist() == [s.entity_state == "active" for s in st.sides]
        if b.owner is not None:
            assert b.owner[:, 0].tolist() == [u.owner for u in units]
        taken |= any(u.owner != u.origin for u in units)
    # the premise: ships were neutralized, and ships were lost or changed hands
    assert "neutralized" in statuses and (len(statuses) >= 3 or taken)
    assert taken == (make is not example_one)  # Take-Overs land in the second example and duel


def two_sides(n: int) -> tuple[Batch, dict[str, int]]:
    b = Battle(
        [Side("A", ships=["Cruiser", "Drone"]), Side("B", ships=["Frigate", "Gunboat"])], seed=1
    )
    policy = AutoPolicy()
    T = Tables(b, policy)
    return Batch(b, policy, T, n, np.random.default_rng(0)), {k: j for j, k in enumerate(T.keys)}


def test_results_are_the_outcomes_and_the_ru_each_side_lost():
    b, rows = two_sides(4)
    # battle 0: A's Cruiser (8 RU) destroyed, A wins; battle 1: B's Frigate (4 RU) left
    # neutralized and B lost; battle 2: B retreats leaving its neutralized Gunboat (2 RU);
    # battle 3: nothing happens, a draw
    b.state[rows["0:1"], 0] = GONE
    b.state[rows["1:1"], 1] = DMG
    b.state[rows["1:2"], 2] = DMG
    b.winner[:] = [0, 0, 0, -1]
    b.sret[1, 2] = True
    b.live[:] = False
    b.rounds[:] = [1, 2, 3, 6]
    b.compact()
    assert b.B == 0
    out = b.out
    names = [[OUTCOMES[c] for c in row] for row in out["outcome"]]
    assert names == [["won", "lost"], ["won", "lost"], ["won", "retreated"], ["draw", "draw"]]
    # a losing or retreating side's neutralized ships left behind count as lost (the rules'
    # default), a winner's destroyed ship too
    assert out["ru_lost"].tolist() == [[8, 0], [0, 4], [0, 2], [0, 0]]
    assert out["rounds"].tolist() == [1, 2, 3, 6]


def test_a_battle_split_off_and_taken_back_keeps_its_own_results():
    b, rows = two_sides(6)
    b.state[rows["1:1"]] = [0, GONE, 0, GONE, 0, 0]
    b.winner[:] = [0, 1, -1, 1, 0, -1]
    b.rounds[:] = [1, 2, 3, 4, 5, 6]
    moved = b.split(np.array([1, 3]))
    assert (b.B, moved.B) == (4, 2)
    assert moved.idx.tolist() == [1, 3] and b.idx.tolist() == [0, 2, 4, 5]
    # ships in the battles split off have owners of their own: their sides' at first
    assert moved.owner[:, 0].tolist() == moved.T.origin.tolist()
    b.absorb(moved)
    assert b.B == 6 and b.owner is not None
    b.live[:] = False
    b.compact()
    assert b.out["rounds"].tolist() == [1, 2, 3, 4, 5, 6]
    won = [int(row[0] == OUTCOMES.index("won")) for row in b.out["outcome"]]
    assert won == [1, 0, 0, 0, 1, 0]
    assert b.out["ru_lost"][:, 1].tolist() == [0, 4, 0, 4, 0, 0]
