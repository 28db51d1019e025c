"""Social contests and chases."""

from __future__ import annotations

import pytest

from kit.boards import BoardRules, Chase, Contest
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


def test_chase_escapee_default_npc_always_succeeds():
    ch = Chase([5, 6, 7, 6, 5], role="escapee")
    assert ch.goal == 1
    ch.check(7)  # move to slot 2, NPC removes slot 1
    assert ch.goal == 2 and ch.removed == [1]
    ch.check(2)  # fail; NPC removes slot 2 under the goal: caught
    assert ch.finished and ch.caught and ch.outcome == "failure"


def test_chase_head_start_and_escape():
    ch = Chase([4, 4, 4, 4, 4], head_start=True)
    assert ch.goal == 2
    ch.check(1)  # fail, NPC removes slot 1; still on slot 2
    assert not ch.finished and ch.gap == 0
    for _ in range(4):
        ch.check(9)
    assert ch.escaped and ch.goal_reached and ch.rounds == 5


def test_chase_escapee_escapes_before_pursuer_acts():
    ch = Chase([4, 4, 4, 4, 4], head_start=True)
    for _ in range(4):
        ch.check(9)
    assert ch.escaped and ch.removed == [1, 2, 3]


def test_chase_pursuer_against_npc_with_chance():
    ch = Chase([5, 5, 5, 5, 5], role="pursuer", rules=BoardRules(npc_chance=0.0), seed=3)
    ch.check(9)  # NPC fails to move; players remove slot 1 under the goal: caught
    assert ch.caught and ch.goal_reached


def test_chase_pursuer_never_catches_an_always_successful_npc():
    ch = Chase([5, 5, 5, 5, 5], role="pursuer")
    while not ch.finished:
        ch.check(12)
    assert ch.escaped and not ch.goal_reached


def test_chase_npc_checks_are_seeded_logged_and_not_rerolled():
    a = Chase([6, 7, 8, 7, 6], role="escapee", npc_checks="2d6", seed=11)
    b = Chase([6, 7, 8, 7, 6], role="escapee", npc_checks="2d6", seed=11)
    for v in (9, 9, 9):
        if not a.finished:
            a.check(v)
            b.check(v)
    assert a == b
    npc = [r for r in a.history if r.side == "npc"]
    assert npc and all(2 <= r.value <= 12 for r in npc)
    loaded = Chase.from_json(a.to_json())
    assert loaded == a and loaded.history == a.history


def test_chase_bad_setup():
    with pytest.raises(InvalidInput, match="from 5"):
        Chase([5, 5, 5, 5])
    with pytest.raises(InvalidInput, match="role"):
        Chase([5] * 5, role="hunter")
    with pytest.raises(InvalidInput, match="npc_chance"):
        BoardRules(npc_chance=1.5)


def test_chase_undo_restores_round():
    ch = Chase([5, 6, 7, 6, 5], rules=BoardRules(npc_chance=0.5), seed=8)
    ch.check(9)
    saved = ch.to_json()
    ch.check(9)
    ch.undo()
    assert ch.to_json() == saved
