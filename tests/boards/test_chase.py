"""Chases (Complex Tasks, "Chases"; RULINGS Complex Tasks 6): the escapee acts first each round."""

from __future__ import annotations

import pytest

from kit.boards import BoardRules, Chase
from kit.errors import InvalidInput


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
