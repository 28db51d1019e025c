"""The outcome figure and the board widget's Python side (no browser)."""

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
from kit.widgets.boards import BoardWidget


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


def test_widget_plays_and_refuses_inline():
    board = StandardBoard([6, 5, 7, 4], goal=3)
    w = BoardWidget(board)
    w.check(6, "Tinker: Repair")
    w.skill = "Tinker: Repair"
    assert w.view["penalty"] == 2 and w.view["odds"] == {"2": pytest.approx(21 / 36)}
    w.check("seven")
    assert "whole number" in w.error and len(board.history) == 1
    w._on_msg(w, {"action": "check", "value": "4", "skill": ""}, None)
    assert w.error == "" and board.failures == 1
    w._on_msg(w, {"action": "undo"}, None)
    assert len(board.history) == 1 and w.view["can_undo"]


def test_widget_finished_board_refuses_and_keeps_state():
    board = StandardBoard([4, 4, 4], goal=1)
    w = BoardWidget(board)
    w.check(9)
    saved = board.to_json()
    w.check(9)
    assert "finished" in w.error and board.to_json() == saved


def test_widget_contest_limit_and_chase_views():
    c = BoardWidget(Contest([5, 6, 7, 6, 5]))
    c.check(9, opponent=2)
    assert c.view["goal"] == 4 and set(c.view["exchange"]) == {
        "toward players",
        "toward opponent",
        "no move",
    }
    lim = BoardWidget(LimitBoard([5, 6, 7], need=2, hidden=[3]))
    lim.check(9)
    assert "pick a card" in lim.error
    lim.check(9, slot=3)
    assert lim.view["slots"][2]["card"]["rank"] == 7
    ch = BoardWidget(Chase([5, 6, 7, 6, 5], rules=BoardRules(npc_chance=0.5), seed=2))
    ch.check(8)
    assert ch.view["npc"].startswith("succeeds 50%") and len(ch.view["npc_results"]) == 1


def test_widget_rejects_unknown_options():
    with pytest.raises(TypeError, match="check the spelling"):
        BoardWidget(StandardBoard([5, 5, 5], goal=2), chekcs="2d6")
    with pytest.raises(TypeError, match="board"):
        BoardWidget("not a board")


def test_board_script_announces_errors_to_screen_readers():
    from importlib.resources import files

    script = (files("kit") / "widgets" / "static" / "board.js").read_text()
    assert 'error.setAttribute("role", "alert")' in script
