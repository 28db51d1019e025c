"""The social contest (Complex Tasks, "Social Contests"; RULINGS Complex Tasks 5): an odd row with
the goal in the centre, moving one slot toward the side that alone wins an exchange while the card
farthest out on the other side leaves; the goal off the board wins it for that side."""

from __future__ import annotations

import pytest

from kit.boards import Contest
from kit.errors import IllegalAction, InvalidInput


def test_contest_goal_moves_and_far_card_leaves():
    c = Contest([5, 6, 7, 6, 5])
    assert c.goal == 3
    assert c.exchange(9, 3) == 1  # players win the exchange
    assert c.goal == 4 and c.removed == [1]
    assert c.exchange(3, 9) == -1  # opponent wins: the players' far card goes
    assert c.goal == 3 and c.removed == [1, 5]
    assert c.exchange(9, 9) == 0 and c.check(2, 2) == 0  # ties: no move
    assert c.goal == 3 and c.exchanges == 4


def test_contest_off_the_board_wins():
    c = Contest([6, 6, 6])
    c.exchange(8, 1)
    c.exchange(8, 1)
    assert c.finished and c.winner == "player" and c.outcome == "success"
    with pytest.raises(IllegalAction, match="finished"):
        c.exchange(8, 1)
    c2 = Contest([6, 6, 6, 6, 6])
    for _ in range(3):
        c2.exchange(1, 8)
    assert c2.winner == "opponent" and c2.goal == 0


def test_contest_checks_against_card_under_goal_with_separate_penalties():
    c = Contest([4, 8, 6, 5, 7], modifiers={3: 1})
    c.exchange(7, 7, "Persuasion: Debate", "Persuasion: Debate")
    mine, theirs = c.history
    assert mine.target == theirs.target == 7 and mine.success and theirs.success
    c.exchange(8, 9, "Persuasion: Debate", "Deception: Lie")
    mine, theirs = c.history[-2:]
    assert mine.target == 9 and theirs.target == 7 and not mine.success


def test_contest_even_length_refused():
    with pytest.raises(InvalidInput, match="odd number"):
        Contest([5, 6, 7, 8])


def test_contest_round_trip():
    c = Contest([5, 6, 7, 6, 5], title="Arm wrestling")
    c.exchange(9, 3, "Athletics")
    c.exchange(5, 6)
    assert Contest.from_json(c.to_json()) == c
