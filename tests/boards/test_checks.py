"""Where check numbers come from for odds and simulation (kit.boards.checks): distributions,
seeded sources, skill plans and autoplay."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kit.boards import LimitBoard, PreparationBoard, StandardBoard, odds
from kit.boards.base import Board
from kit.boards.checks import CheckDistribution, CheckSource, SkillPlan, autoplay, default_order
from kit.errors import InvalidInput, InvalidType


def test_checks_as_table_and_int():
    board = PreparationBoard([5, 6, 7])
    o = odds(board, {4: 1, 8: 1})
    assert o.successes == {
        0: Fraction(1, 8),
        1: Fraction(3, 8),
        2: Fraction(3, 8),
        3: Fraction(1, 8),
    }
    assert odds(board, 7).successes == {3: 1}
    with pytest.raises(InvalidType):
        odds(board, 2.5)
    with pytest.raises(InvalidInput):
        odds(board, "2x6")


def test_autoplay_names_the_boards_it_plays_when_given_another_kind():
    class HouseBoard(Board):  # a table's own board kind, unknown to autoplay
        finished = False

    with pytest.raises(InvalidType, match=r"board must be a StandardBoard.*got HouseBoard"):
        autoplay(object.__new__(HouseBoard), CheckSource(seed=1))


def test_a_table_is_normalised_and_stays_exact():
    dist = CheckDistribution.of({4: 1, "8": 3, 6: 0})
    assert dist.values == (4, 8)  # a weight of 0 is no result
    assert dist.probs == (Fraction(1, 4), Fraction(3, 4))
    assert dist.at_least(5) == Fraction(3, 4) and dist.at_least(9) == 0 and dist.at_least(4) == 1
    # a check must beat its target: the same as reaching one more
    assert dist.success(8, meet_target=False) == 0 and dist.success(7, False) == Fraction(3, 4)


def test_dice_give_their_counted_chances():
    # 2d6 reaches 10 on 6 of 36 rolls (4+6, 5+5, 6+4, 5+6, 6+5, 6+6)
    assert CheckDistribution.of("2d6").at_least(10) == Fraction(6, 36)
    assert CheckDistribution.of(7).values == (7,)


@pytest.mark.parametrize(
    "bad, error, says",
    [
        ({}, InvalidInput, "empty"),
        ({5: -1}, InvalidInput, "negative"),
        ({5: 0}, InvalidInput, "more than 0"),
        ({5: "x"}, InvalidType, r"checks\[5\] weight"),
        (True, InvalidType, "dice expression"),
    ],
)
def test_bad_checks_are_refused_naming_the_field(bad, error, says):
    with pytest.raises(error, match=says):
        CheckDistribution.of(bad)


def test_a_seeded_source_rolls_the_same_checks_again():
    a, b = CheckSource("2d6", seed=42), CheckSource("2d6", seed=42)
    rolls = [a.roll() for _ in range(20)]
    assert rolls == [b.roll() for _ in range(20)] and all(2 <= r <= 12 for r in rolls)
    table = CheckSource({3: 1, 9: 1}, seed=1)
    assert {table.roll() for _ in range(40)} == {3, 9}


def test_a_skill_plan_names_the_checks_then_its_default():
    plan = SkillPlan.of(["Tinker", None])
    assert [plan.skill(i) for i in range(3)] == ["Tinker", None, None]
    every = SkillPlan.of("Athletics")
    assert every.skill(0) == every.skill(9) == "Athletics"
    assert SkillPlan.of(None) == SkillPlan() and SkillPlan.of(plan) is plan
    with pytest.raises(InvalidType, match=r"skills\[1\]"):
        SkillPlan.of(["Tinker", 3])


def test_autoplay_plays_to_the_end_with_the_plan():
    board = StandardBoard([5, 6, 7, 8], goal=4)
    autoplay(board, CheckSource(12, seed=0), "Tinker")  # a 12 reaches 5, 8, 11 but not 14
    assert board.finished and [r.success for r in board.history] == [True, True, True, False]
    assert [r.penalty for r in board.history] == [0, 2, 4, 6]


def test_a_limit_board_is_faced_easiest_first_then_the_face_down_cards():
    board = LimitBoard([8, 5, 7, 6], need=4, hidden=[3], modifiers={1: -4})
    # face up: slot 1 is 8 - 4 = 4, slot 2 a 5, slot 4 a 6; the face-down slot 3 comes last
    assert default_order(board) == [1, 2, 4, 3]
    autoplay(board, CheckSource(20, seed=0), order=[4])
    assert [r.slot for r in board.history] == [4, 1, 2, 3]
