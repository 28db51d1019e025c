"""Where check numbers come from for odds and simulation (kit.boards.checks): distributions,
seeded sources, skill plans and autoplay."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kit.boards import PreparationBoard, odds
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
    from kit.boards.base import Board
    from kit.boards.checks import CheckSource, autoplay
    from kit.errors import InvalidType

    class HouseBoard(Board):  # a table's own board kind, unknown to autoplay
        finished = False

    with pytest.raises(InvalidType, match=r"board must be a StandardBoard.*got HouseBoard"):
        autoplay(object.__new__(HouseBoard), CheckSource(seed=1))
