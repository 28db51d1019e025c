"""What every board shares (kit.boards.base): fork, replay, undo and the public reads of its state."""

from __future__ import annotations

import json

import pytest

from kit.boards import BoardRules, Chase, LimitBoard, StandardBoard
from kit.errors import IllegalAction, KitError, SaveFileError
from kit.log import Event


def test_fork_keeps_the_checks_and_changes_only_what_is_asked():
    board = StandardBoard([6, 6, 6, 6], goal=3)
    board.check(7)  # 7 against the first card, a 6: a success
    other = board.fork(cards=[6, 9, 9, 9])
    assert other.successes == 1 and other.failures == 0
    assert other.slot_target(2) == 9 and board.slot_target(2) == 6
    other.check(8)  # 8 against a 9 fails on the fork only
    assert other.failures == 1 and board.failures == 0 and len(board.events) == 1


def test_fork_refuses_a_setup_on_which_a_check_ends_differently():
    board = StandardBoard([6, 6, 6, 6], goal=3)
    board.check(7)
    saved = board.to_json()
    with pytest.raises(IllegalAction, match="disagrees"):
        board.fork(cards=[10, 6, 6, 6])  # the 7 would now miss the first card
    assert board.to_json() == saved


def test_fork_of_a_chase_with_another_seed_keeps_the_recorded_npc_rolls():
    chase = Chase([5, 6, 7, 6, 5], rules=BoardRules(npc_chance=0.5), seed=1)
    chase.check(8)
    chase.check(3)
    other = chase.fork(seed=99)
    assert other.seed == 99 and other.history == chase.history and other.events == chase.events


def test_replay_is_all_or_nothing():
    board = StandardBoard([5, 5, 5], goal=2)
    board.check(9)
    before = board.to_json()
    good = list(board.events)
    with pytest.raises(KitError):
        board.replay([*good, Event("check", {"value": "nine"})])
    assert board.to_json() == before
    fresh = StandardBoard([5, 5, 5], goal=2)
    fresh.replay(board.events)
    assert fresh == board


def test_snapshot_and_used_skills_are_public_reads():
    board = LimitBoard([5, 6, 7], need=2)
    board.check(9, slot=2, skill="Tinker: Repair")
    assert board.used_skills == ("tinker: repair",)
    assert board.snapshot is board.snapshot  # the frozen state itself, no copy needed


def test_a_check_record_adds_card_modifier_and_penalty():
    board = StandardBoard([6, 5, 7], goal=3, modifiers={2: 2})
    board.check(6, "Tinker: Repair")
    rec = board.check(8, "tinker - repair")  # the same skill, typed another way
    # card 5 + slot modifier 2 + 2 for one earlier use = 9; an 8 falls short
    assert (rec.number, rec.slot, rec.modifier, rec.penalty, rec.target) == (2, 2, 2, 2, 9)
    assert not rec.success and rec.placed == 3  # a failure goes to the rightmost open slot
    assert rec.view()["card"] == "5" and board.skill_uses() == {"tinker: repair": 2}
    assert board.penalty_for("Tinker: Repair") == 4 and board.slot_target(3, "Tinker: Repair") == 11


def test_undo_and_reset():
    board = StandardBoard([5, 5, 5], goal=2)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        board.undo()
    board.check(9)
    board.check(2)
    board.undo()
    assert (board.successes, board.failures, len(board.events)) == (1, 0, 1)
    board.reset()
    assert board.history == [] and board == StandardBoard([5, 5, 5], goal=2)


def test_a_finished_board_refuses_a_check_and_says_how_to_go_on():
    board = StandardBoard([4, 4, 4], goal=1)
    board.check(9)
    with pytest.raises(IllegalAction, match=r"finished.*undo"):
        board.check(9)
    assert len(board.events) == 1


@pytest.mark.parametrize(
    "change, says",
    [
        ({"events": [{"kind": "check", "data": {"value": 2, "success": True}}]}, "disagrees"),
        ({"cards": [5, 5]}, "from 3"),
        ({"colour": "red"}, "invalid"),
    ],
)
def test_a_save_that_lies_or_is_broken_is_refused(change, says):
    data = StandardBoard([5, 5, 5], goal=2).to_dict()
    with pytest.raises(SaveFileError, match=says):
        StandardBoard.from_dict({**data, **change})


def test_the_state_view_is_json_for_the_widget():
    board = StandardBoard([5, 6, 7], goal=2, title="Bomb")
    board.check(9, "Tinker")
    state = board.state
    assert json.loads(json.dumps(state)) == state
    assert state["successes"] == 1 and state["can_undo"] and state["skill_uses"] == {"tinker": 1}
    assert state["history"][0]["target"] == 5 and state["title"] == "Bomb"
