"""The board widget's Python side (no browser): playing checks, refusing inline, the views of
each kind of board, and the GM hint on which of the party's skills the next check should use.

The bomb of the Complex Tasks text: cards 6, 6, 7, 4 (our choice; the text gives none), goal on
the third card. The hint must be the advisor's answer for the board as it stands, follow each
check, and wait for the button when the last walk was long.
"""

from __future__ import annotations

import pytest

import kit.widgets.boards as boards_widget
from kit.boards import BoardRules, Chase, Contest, LimitBoard, StandardBoard
from kit.boards.advice import skill_advice
from kit.errors import InvalidInput, InvalidType
from kit.widgets import BoardWidget

PARTY = {"Tinker: Disable Device": "2d6+3", "Persuasion: Calm": None}


def msg(widget, **content):
    widget._on_msg(widget, content, None)


def test_the_hint_is_the_advisors_answer_and_follows_each_check() -> None:
    bomb = StandardBoard([6, 6, 7, 4], goal=3)
    w = BoardWidget(bomb, party=PARTY)
    hint = w.view["skill_advice"]
    expected = skill_advice(bomb, PARTY)
    assert hint["options"] == expected.options and hint["best"] == expected.best
    assert "Tinker: Disable Device" in w.skills  # the party's skills join the picker
    msg(w, action="check", value="9", skill="Tinker: Disable Device")
    again = skill_advice(bomb, PARTY)
    assert w.view["skill_advice"]["options"] == again.options
    # the text: each repeat of a skill on the board adds 2 to the next check's difficulty
    assert "penalty +2" in w.view["skill_advice"]["notes"]["Tinker: Disable Device"]
    w.hints = False
    assert w.view["skill_advice"] is None


def test_a_long_walk_waits_for_the_button(monkeypatch) -> None:
    monkeypatch.setattr(boards_widget, "SKILL_HINT_AUTO", 0.0)
    bomb = StandardBoard([6, 6, 7, 4], goal=3)
    w = BoardWidget(bomb, party=PARTY)
    assert w.view["skill_advice"] is not None  # the first walk is always tried
    bomb.check(9, "Persuasion: Calm")
    assert w.view["skill_advice"] is None and w.view["can_advise_skill"] is True
    msg(w, action="advise_skill")
    assert w.view["skill_advice"]["options"] == skill_advice(bomb, PARTY).options
    assert w.view["can_advise_skill"] is False


def test_no_party_no_skill_hint_and_bad_party_is_refused() -> None:
    w = BoardWidget(StandardBoard([6, 6, 7, 4], goal=3))
    assert w.view["skill_advice"] is None and w.view["can_advise_skill"] is False
    msg(w, action="advise_skill")
    assert "party" in w.error
    with pytest.raises(InvalidType, match="party"):
        BoardWidget(StandardBoard([6, 6, 7], goal=1), party=["Tinker"])
    with pytest.raises(InvalidInput):
        BoardWidget(StandardBoard([6, 6, 7], goal=1), party={"Tinker": "two dice"})


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
