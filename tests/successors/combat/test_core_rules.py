"""The battle rules stated once on plain numbers (kit.successors.combat.core_rules): each gives
the rule text's answer for plain ints, and the same answer row by row for numpy arrays (the
vectorised simulation broadcasts the very same functions)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from kit.successors.combat.core_rules import (
    FACES,
    battle_end,
    competing_margin,
    control_excess,
    die_chance,
    die_hits,
    takeover_needed,
)


def test_a_die_succeeds_at_or_under_its_part_and_never_on_a_6():
    # Ruling 1: each part is one die, which succeeds on a roll <= the part; a 6 always fails.
    for part, face in product(range(0, 8), FACES):
        assert die_hits(part, face) == (face <= part and face != 6), (part, face)
    parts = np.array([0, 1, 3, 5, 6])
    assert die_hits(parts, 3).tolist() == [False, False, True, True, True]
    assert die_hits(5, np.array(FACES)).tolist() == [True] * 5 + [False]


@pytest.mark.parametrize("part", range(0, 9))
def test_a_dies_chance_is_its_winning_faces_over_six(part):
    expected = Fraction(min(part, 5), 6)  # faces 1..part win, the 6 never does
    assert die_chance(part) == pytest.approx(float(expected))


def test_die_chances_broadcast_over_arrays():
    got = die_chance(np.array([[1, 2], [5, 7]]))
    assert got.shape == (2, 2)
    np.testing.assert_allclose(got, [[1 / 6, 2 / 6], [5 / 6, 5 / 6]])


@pytest.mark.parametrize(
    "scores,expected",
    [
        # "the successes are cancelled until only one entity or ship has a success"
        ([3, 1], (0, 2)),
        ([1, 3, 2], (1, 1)),
        ([2, 2], (-1, 0)),  # a tie cancels everything
        ([2, 2, 1], (-1, 0)),
        ([0, 0], (-1, 0)),  # nobody scored
        ([0, 4], (1, 4)),
        ([4], (0, 4)),  # alone on the target: keeps every success
        ([0], (-1, 0)),
        ([-2, 1], (1, 1)),  # a negative score counts as none
    ],
)
def test_competing_successes_cancel_one_for_one(scores, expected):
    assert competing_margin(scores) == expected


def test_competing_margins_of_many_targets_match_one_at_a_time():
    rows = [[3, 1, 0], [2, 2, 1], [0, 0, 0], [1, 4, 2]]
    side, margin = competing_margin(np.array(rows))
    assert list(zip(side.tolist(), margin.tolist(), strict=True)) == [
        competing_margin(r) for r in rows
    ]


def test_a_takeover_needs_two_successes_or_three_under_direct_control():
    # Take-Over: "2 successes to Take-Over a ship not under direct Control by an entity and 3
    # successes for ships that are."
    assert takeover_needed(False, 2, 3) == 2 and takeover_needed(True, 2, 3) == 3
    assert takeover_needed(np.array([True, False, True]), 2, 3).tolist() == [3, 2, 3]


def test_ships_over_the_control_limit_must_leave_control():
    # Ruling 2: at most the Control rank under direct Control (one ship per rank by default).
    assert control_excess(4, 4, 1) == 0
    assert control_excess(4, 3, 1) == 1  # one hit on Control 4: one ship released
    assert control_excess(4, 0, 1) == 4
    assert control_excess(4, -1, 1) == 4  # a rank below 0 frees no more than all of them
    assert control_excess(5, 2, 2) == 1  # a house rule of two ships a rank
    assert control_excess(np.array([1, 3, 6]), np.array([2, 2, 2]), 1).tolist() == [0, 1, 4]


def test_the_battle_ends_when_one_side_or_none_is_left():
    assert battle_end([True, True]) == (False, -1)
    assert battle_end([False, True, False]) == (True, 1)
    assert battle_end([False, False]) == (True, -1)  # nobody left: no winner
    assert battle_end([True, True, False]) == (False, -1)
    over, winner = battle_end(np.array([[True, True], [False, True], [False, False]]))
    assert over.tolist() == [False, True, True] and winner.tolist() == [-1, 1, -1]
