"""The board outcome figure: the exact odds of a board, or a simulation of it, as two bar charts."""

from __future__ import annotations

import pytest

from kit.boards import (
    BoardRules,
    Chase,
    Contest,
    LimitBoard,
    PreparationBoard,
    StandardBoard,
    simulate,
)
from kit.figures.boards import board_outcomes


@pytest.mark.parametrize(
    "board",
    [
        StandardBoard([6, 5, 7, 4], goal=3, title="Bomb"),
        LimitBoard([5, 6, 7, 8], need=2, hidden=[1]),
        Contest([5, 6, 7, 6, 5]),
        Chase([5, 6, 7, 6, 5], rules=BoardRules(npc_chance=0.5)),
        PreparationBoard([5, 6, 7]),
    ],
    ids=lambda b: b.KIND,
)
def test_outcome_figure_shows_the_exact_odds(board):
    fig = board_outcomes(board, checks="2d6")
    ends, right = fig.data
    assert sum(ends.x) == pytest.approx(1, abs=1e-9)
    assert sum(right.y) == pytest.approx(1, abs=2e-3)
    assert fig.layout.template.layout.paper_bgcolor == "rgba(0,0,0,0)"


def test_outcome_figure_of_a_simulation():
    board = StandardBoard([6, 5, 7, 4], goal=3)
    fig = board_outcomes(board, result=simulate(board, 200, checks="2d6", seed=1))
    assert "Monte Carlo, 200 runs" in fig.layout.title.text
