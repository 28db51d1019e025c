"""Were they lucky on the board? (kit.boards.luck): a limit board played to the end, its chances
before and after each check and its percentiles worked by hand; refusals; the chains' method."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kit.boards import Contest, LimitBoard, StandardBoard
from kit.boards.luck import luck
from kit.errors import IllegalAction, InvalidType

#: 2d6 reaches 7 on 21 of its 36 rolls.
P7 = Fraction(21, 36)


def played_limit_board() -> LimitBoard:
    board = LimitBoard([7, 7, 7], need=2, title="Pick the lock")
    board.check(8, slot=1)
    board.check(8, slot=3)
    return board


def test_the_chance_before_and_after_each_check():
    report = luck(played_limit_board(), "2d6")
    p = P7
    # before: at least 2 of 3 checks against 7s; after one success: at least 1 of 2; then won
    before = 3 * p**2 * (1 - p) + p**3
    after_one = 1 - (1 - p) ** 2
    first, second = report.steps
    assert report.chance == pytest.approx(float(before), abs=1e-12)
    assert first.chance_before == pytest.approx(float(before), abs=1e-12)
    assert first.chance_after == pytest.approx(float(after_one), abs=1e-12)
    assert second.chance_before == first.chance_after and second.chance_after == 1.0
    # expected successes add each check's own chance; the actual count is 1, then 2
    assert (first.progress, second.progress) == (1, 2)
    assert second.expected_progress == pytest.approx(float(2 * p), abs=1e-12)
    assert report.difficulty == 2 and report.method == "exact"


def test_percentiles_are_mid_ranks():
    report = luck(played_limit_board(), "2d6")
    # a check of 8 on 2d6: below 8 on 21 rolls of 36, an 8 on 5, so 21/36 + (5/36) / 2
    assert report.steps[0].percentile == pytest.approx(47 / 72)
    # success ranks above failure: the chance of failing plus half the chance of succeeding
    win = 3 * P7**2 * (1 - P7) + P7**3
    assert report.outcome == "success"
    assert report.outcome_percentile == pytest.approx(float(1 - win + win / 2), abs=1e-12)


def test_a_board_still_in_play_has_no_outcome_percentile():
    board = StandardBoard([7, 7, 7], goal=3)
    board.check(4)
    report = luck(board, "2d6")
    assert report.outcome is None and report.outcome_percentile is None
    assert report.steps[0].chance_after == 0.0  # the failure covers the goal slot: lost already
    assert "4 vs 7 (slot 1): failure" in report.steps[0].incident


def test_a_contests_chances_come_from_the_markov_chain():
    board = Contest([5, 6, 7, 6, 5])
    board.exchange(9, 3)
    report = luck(board, "2d6")
    assert report.method.startswith("Markov chain")
    assert report.steps[0].phase == "exchange"
    assert report.steps[0].chance_after > report.steps[0].chance_before  # the goal moved right


def test_no_luck_to_judge_without_a_check_or_without_a_board():
    with pytest.raises(IllegalAction, match="no checks yet"):
        luck(StandardBoard([5, 6, 7], goal=2))
    with pytest.raises(InvalidType, match="str"):
        luck("a board")  # type: ignore[arg-type]
