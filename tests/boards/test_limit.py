"""Limit boards."""

from __future__ import annotations

import pytest

from kit.boards import BoardRules, LimitBoard
from kit.errors import IllegalAction, InvalidInput


def test_any_order_and_success_at_the_limit():
    board = LimitBoard([5, 9, 4, 7, 6], need=3)
    board.check(6, slot=1)
    board.check(5, slot=3)
    assert not board.finished
    board.check(7, slot=4)
    assert board.finished and board.goal_reached and board.outcome == "success"
    assert board.open_slots == []


def test_face_down_cards_revealed_on_commit():
    board = LimitBoard([5, 9, 4, 7, 6], need=2, hidden=[2, 5])
    assert board.is_face_down(2) and board.state["slots"][1]["card"] is None
    rec = board.check(8, slot=2)
    assert rec.card.value == 9 and not rec.success
    assert not board.is_face_down(2) and board.state["slots"][1]["card"]["rank"] == 9


def test_facing_a_card_twice_is_refused_and_nothing_changes():
    board = LimitBoard([5, 9, 4, 7, 6], need=3)
    board.check(2, slot=4)
    before = board.to_json()
    with pytest.raises(IllegalAction, match="already been faced"):
        board.check(9, slot=4)
    assert board.to_json() == before


def test_fails_as_soon_as_limit_is_out_of_reach():
    board = LimitBoard([5, 5, 5, 5], need=3)
    board.check(1, slot=1)
    assert not board.finished
    board.check(1, slot=2)
    assert board.finished and board.outcome == "failure"


def test_without_early_stop_every_card_is_faced():
    board = LimitBoard([5, 5, 5, 5], need=3, rules=BoardRules(limit_stop_early=False))
    board.check(1, slot=1)
    board.check(1, slot=2)
    assert not board.finished
    board.check(9, slot=3)
    board.check(9, slot=4)
    assert board.finished and board.outcome == "failure" and board.successes == 2


def test_bad_limit_setup():
    with pytest.raises(InvalidInput, match="need"):
        LimitBoard([5, 6, 7], need=4)
    with pytest.raises(InvalidInput, match="hidden slot"):
        LimitBoard([5, 6, 7], need=2, hidden=[4])
    board = LimitBoard([5, 6, 7], need=2)
    with pytest.raises(InvalidInput, match="slot"):
        board.check(5, slot=0)


def test_limit_round_trip_and_penalty():
    board = LimitBoard([5, 6, 7, 8], need=3, hidden=[3], modifiers={4: 2})
    board.check(9, slot=4, skill="Athletics: Climb")
    rec = board.check(9, slot=3, skill="Athletics: Climb")
    assert rec.target == 7 + 2
    copy = LimitBoard.from_json(board.to_json())
    assert copy == board and not copy.is_face_down(3)
