"""Standard and preparation boards, per the text and the rulings."""

from __future__ import annotations

import pytest

from kit.boards import Card, EventDeck, PreparationBoard, StandardBoard
from kit.errors import IllegalAction, InvalidInput, InvalidType


def test_bomb_example_from_the_text():
    """N=4, goal 3; success, failure, success, failure: the goal is covered face down."""
    bomb = StandardBoard(
        [Card(5, "clubs"), Card(4, "spades"), Card(7, "hearts"), Card(6, "diamonds")],
        goal=3,
        title="Disarm the bomb",
    )
    bomb.check(6, "Investigation: Mechanical Workings")  # success, slot 1
    bomb.check(5 - 2, "Tinker: Disable Device")  # failure, slot 4
    assert not bomb.finished
    bomb.check(8, "Persuasion: Calm")  # success, slot 2
    assert not bomb.finished and not bomb.goal_lost
    bomb.check(3, "Tinker: Repair")  # failure, slot 3 = the goal
    assert bomb.finished and not bomb.goal_reached and bomb.goal_lost
    assert (bomb.successes, bomb.failures) == (2, 2)
    assert [r.placed for r in bomb.history] == [1, 4, 2, 3]
    assert bomb.outcome == "failure"
    with pytest.raises(IllegalAction, match="finished"):
        bomb.check(12)


def test_kth_check_faces_kth_card_with_modifier_and_penalty():
    board = StandardBoard([5, 6, 7, 8], goal=4, modifiers={2: 1, 3: -2})
    r1 = board.check(5, "Tinker: Repair")
    r2 = board.check(9, "tinker - repair")
    r3 = board.check(9, "Tinker: Repair")
    assert [r.slot for r in (r1, r2, r3)] == [1, 2, 3]
    assert [r.target for r in (r1, r2, r3)] == [5, 6 + 1 + 2, 7 - 2 + 4]
    assert [r.success for r in (r1, r2, r3)] == [True, True, True]


def test_success_on_goal_ends_early():
    board = StandardBoard([4, 4, 4, 4, 4], goal=2)
    board.check(4)
    board.check(4)
    assert board.finished and board.goal_reached and len(board.history) == 2


def test_goal_lost_plays_to_the_last_slot():
    board = StandardBoard([6, 6, 6, 6], goal=4)
    board.check(1)  # failure covers slot 4, the goal
    assert board.goal_lost and not board.finished
    for v in (9, 9, 9):
        board.check(v)
    assert board.finished and not board.goal_reached and board.successes == 3


def test_general_skill_alone_counts_and_none_never_does():
    board = StandardBoard([5] * 6, goal=6)
    assert board.check(5, "Tinker").penalty == 0
    assert board.check(5, "tinker").penalty == 2
    assert board.check(5, "Tinker: Repair").penalty == 0
    assert board.check(5).penalty == 0
    assert board.check(5).penalty == 0
    assert board.penalty_for("Tinker") == 4
    assert board.skill_uses() == {"tinker": 2, "tinker: repair": 1}


@pytest.mark.parametrize("goal", [0, 5, -1])
def test_goal_outside_the_board(goal):
    with pytest.raises(InvalidInput, match="goal"):
        StandardBoard([5, 6, 7, 8], goal=goal)


def test_too_short_and_bad_values():
    with pytest.raises(InvalidInput, match="from 3"):
        StandardBoard([5, 6], goal=1)
    with pytest.raises(InvalidInput, match="not a card"):
        StandardBoard([5, "x?", 6], goal=1)
    with pytest.raises(InvalidType):
        StandardBoard([5, 6.5, 6], goal=1)
    with pytest.raises(InvalidInput, match="modifiers"):
        StandardBoard([5, 6, 7], goal=1, modifiers=[1, 2])
    board = StandardBoard([5, 6, 7], goal=2)
    with pytest.raises(InvalidType, match="check value"):
        board.check("7")
    assert board.history == [] and len(board.events) == 0


def test_failed_action_leaves_board_unchanged():
    board = StandardBoard([5, 6, 7], goal=1)
    board.check(9)
    before = board.to_json()
    with pytest.raises(IllegalAction):
        board.check(9)
    assert board.to_json() == before


def test_undo_and_save_round_trip():
    board = StandardBoard(
        EventDeck(seed=4).deal(5), goal=4, modifiers=[0, 1, 0, -1, 2], title="Heist"
    )
    for v in (7, 3, 8):
        board.check(v, "Stealth: Sneak")
    copy = StandardBoard.from_json(board.to_json())
    assert copy == board and copy.state == board.state
    board.undo()
    assert len(board.history) == 2 and board != copy


def test_preparation_strength_per_card():
    prep = PreparationBoard([5, 6, 7, 8], title="Ambush")
    for v in (5, 2, 9, 8):
        prep.check(v)
    assert prep.finished and prep.strength == 3
    assert [s["placed"]["success"] for s in prep.state["slots"]] == [True, False, True, True]
    with pytest.raises(IllegalAction):
        prep.check(5)


@pytest.mark.parametrize("n", [2, 9])
def test_preparation_length_3_to_8(n):
    with pytest.raises(InvalidInput, match="from 3 to 8"):
        PreparationBoard([5] * n)


def test_state_is_json_and_marks_the_goal():
    import json

    board = StandardBoard([Card(5, "hearts"), 6, 7], goal=2)
    board.check(2)
    st = board.state
    json.dumps(st)
    assert [s["goal"] for s in st["slots"]] == [False, True, False]
    assert st["slots"][2]["placed"]["success"] is False
    assert st["slots"][0]["card"]["symbol"] == "\u2665" and st["slots"][0]["card"]["red"]
