"""Invariants of every board kind, checked with hypothesis."""

from __future__ import annotations

import json
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from kit.boards import (
    BoardRules,
    Chase,
    Contest,
    LimitBoard,
    PreparationBoard,
    StandardBoard,
    loads,
)
from tests.strategies import card_values, standard_boards

values = st.integers(min_value=0, max_value=14)
skills = st.sampled_from([None, "Tinker", "Tinker: Repair", "Persuasion: Calm"])


@given(standard_boards(), st.lists(st.tuples(values, skills), min_size=8, max_size=8))
def test_standard_board_ends_within_n_checks(board, checks):
    for value, skill in checks:
        if board.finished:
            break
        board.check(value, skill)
    assert board.finished and len(board.history) <= board.length
    if board.goal_reached:
        assert board.successes == board.goal and board.failures <= board.length - board.goal
    else:
        assert len(board.history) == board.length
    placed = sorted(r.placed for r in board.history)
    assert placed == sorted(set(placed))  # no slot filled twice


@given(
    st.integers(1, 4),
    st.lists(card_values, min_size=9, max_size=9),
    st.lists(st.tuples(values, values, skills), min_size=1, max_size=60),
)
def test_contest_ends_after_at_most_n_decisive_exchanges(half, cards, exchanges):
    board = Contest(cards[: 2 * half + 1])
    decisive = 0
    for mine, theirs, skill in exchanges:
        if board.finished:
            break
        move = board.exchange(mine, theirs, skill)
        decisive += move != 0
        st_ = board.state
        if not board.finished:
            assert not st_["slots"][board.goal - 1]["removed"]
    assert decisive <= board.length
    if decisive == board.length:
        assert board.finished
    # Finishing with decisive moves: the winner is the side the goal left by.
    if board.finished:
        assert decisive >= (board.length + 1) // 2


@given(
    st.lists(card_values, min_size=5, max_size=8),
    st.booleans(),
    st.sampled_from(["escapee", "pursuer"]),
    st.sampled_from([0.0, 0.3, 0.7, 1.0]),
    st.integers(0, 2**32),
    st.lists(values, min_size=60, max_size=60),
)
def test_chase_always_ends(cards, head, role, chance, seed, checks):
    """Every successful action moves the goal right or removes a card, never undone; so a chase
    ends after at most 2N successful actions, and within 2N rounds when the NPC always succeeds."""
    board = Chase(cards, role=role, head_start=head, rules=BoardRules(npc_chance=chance), seed=seed)
    n = board.length
    progress_rounds = 0
    for value in checks:
        if board.finished:
            break
        s = board.snapshot
        before = (n - s.goal) + (n - s.left)
        seen, npc_seen = len(board.history), len(s.npc)
        board.check(value)
        s = board.snapshot
        players = [r for r in board.history[seen:] if r.side == "player"]
        acted = sum(r.success for r in players) + sum(s.npc[npc_seen:])
        assert (n - s.goal) + (n - s.left) == before - acted
        progress_rounds += acted > 0
        assert progress_rounds <= 2 * n
    if chance == 1.0:
        assert board.finished and board.rounds <= 2 * n
    if chance == 0.0 and role == "escapee" and all(v >= 12 for v in checks):
        assert board.escaped


ACTIONS = st.lists(st.tuples(values, values, skills, st.integers(1, 8)), min_size=1, max_size=10)


def _play(board, action):
    value, other, skill, slot = action
    if isinstance(board, LimitBoard):
        open_ = board.open_slots
        board.check(value, slot=open_[slot % len(open_)], skill=skill)
    elif isinstance(board, Contest):
        board.exchange(value, other, skill)
    else:
        board.check(value, skill)


def _boards(cards):
    return [
        StandardBoard(cards[:5], goal=3),
        LimitBoard(cards[:6], need=3, hidden=[2, 5]),
        Contest(cards[:7]),
        Chase(cards[:6], rules=BoardRules(npc_chance=0.5), npc_checks=None, seed=5),
        Chase(cards[:6], role="pursuer", npc_checks="2d6", seed=6),
        PreparationBoard(cards[:4]),
    ]


@given(st.lists(card_values, min_size=8, max_size=8), ACTIONS)
def test_undo_returns_the_exact_earlier_state(cards, actions):
    for board in _boards(cards):
        snapshots = [board.to_json()]
        for action in actions:
            if board.finished:
                break
            _play(board, action)
            snapshots.append(board.to_json())
        for snap in reversed(snapshots[:-1]):
            board.undo()
            assert board.to_json() == snap


@given(st.lists(card_values, min_size=8, max_size=8), ACTIONS)
def test_save_load_round_trip(cards, actions):
    for board in _boards(cards):
        for action in actions:
            if board.finished:
                break
            _play(board, action)
        loaded = type(board).from_json(board.to_json())
        assert loaded == board
        assert loaded.state == board.state
        assert json.loads(json.dumps(board.state)) == board.state
        assert loads(board.to_json()) == board


def test_engine_imports_no_plotting_or_widgets():
    code = (
        "import sys, kit.boards; bad = [m for m in ('plotly', 'ipywidgets', 'anywidget') "
        "if m in sys.modules]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
