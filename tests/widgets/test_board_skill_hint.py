"""The board widget's GM hint on which of the party's skills the next check should use.

The bomb of the Complex Tasks text: cards 6, 6, 7, 4 (our choice; the text gives none), goal on
the third card. The hint must be the advisor's answer for the board as it stands, follow each
check, and wait for the button when the last walk was long.
"""

from __future__ import annotations

import pytest

import kit.widgets.boards as boards_widget
from kit.boards import StandardBoard
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
