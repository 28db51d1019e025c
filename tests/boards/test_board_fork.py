"""The boards' code stays small and uses the public board API (fork and replay themselves are in
test_base.py), hostile deck saves and the board widget's handling of bad messages."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from kit.boards import EventDeck, LimitBoard, StandardBoard
from kit.errors import InvalidInput, InvalidType, SaveFileError
from kit.widgets.boards import BoardWidget

BOARDS = Path(__file__).resolve().parents[2] / "kit" / "boards"


@pytest.mark.parametrize("path", sorted(BOARDS.glob("*.py")), ids=lambda p: p.name)
def test_board_modules_stay_small(path):
    assert len(path.read_text().splitlines()) <= 420, f"{path.name}: split it along its seams"


ODDS_MODULES = ["odds.py", "exact.py", "markov.py", "montecarlo.py", "outcomes.py"]
PRIVATE_BOARD_STATE = {"_state", "_replay", "_with_setup", "_used", "_step", "_fresh"}


@pytest.mark.parametrize("name", ODDS_MODULES)
def test_odds_code_uses_only_the_public_board_api(name):
    """Odds and simulation read boards through public names and never write a board's state."""
    tree = ast.parse((BOARDS / name).read_text())
    wrong = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE_BOARD_STATE:
            wrong.append(f"line {node.lineno}: .{node.attr}")
        if isinstance(node, ast.Assign):
            wrong.extend(
                f"line {node.lineno}: assigns .events"
                for target in node.targets
                if isinstance(target, ast.Attribute) and target.attr == "events"
            )
    assert not wrong, wrong


# ------------------------------------------------------------------------- deck saves
def _deck_save(**data_changes):
    deck = EventDeck(seed=4)
    deck.deal(2)
    deck.discard(deck.out[:1])
    raw = json.loads(deck.to_json())
    raw["data"].update(data_changes)
    return json.dumps(raw)


@pytest.mark.parametrize(
    "changes",
    [
        {"cards": True},
        {"cards": 7},
        {"cards": "7H 8H"},
        {"cards": {"rank": 7}},
        {"cards": [None]},
        {"themes": [1]},
        {"seed": "x"},
        {"events": True},
        {
            "events": [
                {"kind": "draw", "action": 0, "data": {}},
                {"kind": "discard", "action": 1, "data": {}},
            ]
        },
        {
            "events": [
                {"kind": "draw", "action": 0, "data": {}},
                {"kind": "discard", "action": 1, "data": {"cards": 5}},
            ]
        },
        {
            "events": [
                {"kind": "draw", "action": 0, "data": {}},
                {"kind": "discard", "action": 1, "data": {"cards": True}},
            ]
        },
    ],
    ids=repr,
)
def test_a_malformed_deck_save_raises_the_kits_error(changes):
    with pytest.raises(SaveFileError):
        EventDeck.from_json(_deck_save(**changes))


def test_deck_save_that_is_not_an_object_inside():
    raw = json.loads(_deck_save())
    raw["data"] = None
    with pytest.raises(SaveFileError, match="deck"):
        EventDeck.from_json(json.dumps(raw))


@pytest.mark.parametrize("cards", [True, 7, "7H", {"rank": 7}])
def test_deck_and_board_constructors_want_a_list_of_cards(cards):
    with pytest.raises(InvalidType, match="cards"):
        EventDeck(seed=1, cards=cards)
    with pytest.raises(InvalidType, match="cards"):
        StandardBoard(cards, goal=2)


def test_discarding_something_that_is_not_a_list_is_refused():
    deck = EventDeck(seed=1)
    deck.draw()
    with pytest.raises(InvalidType, match="cards"):
        deck.discard(True)  # type: ignore[arg-type]
    assert len(deck.events) == 1


# ------------------------------------------------------------------------- widget messages
@pytest.mark.parametrize(
    "message, says",
    [
        ({"action": "check", "value": "9", "slot": []}, "slot"),
        ({"action": "check", "value": "9", "slot": "two"}, "slot"),
        ({"action": "check", "value": "9", "slot": 9}, "slot"),
        ({"action": "check", "value": [], "slot": 2}, "check value"),
        ({"action": "check", "value": "9", "slot": 2, "skill": 5}, "skill"),
        ({"action": "shuffle"}, "action"),
        ({}, "action"),
        (["check"], "message"),
        ("check", "message"),
    ],
    ids=repr,
)
def test_board_widget_shows_a_bad_message_inline_and_keeps_the_board(message, says):
    board = LimitBoard([5, 6, 7], need=2)
    board.check(9, slot=1)
    saved = board.to_json()
    w = BoardWidget(board)
    w._on_msg(w, message, None)
    assert says in w.error and board.to_json() == saved
    w._on_msg(w, {"action": "check", "value": "9", "slot": "2"}, None)
    assert w.error == "" and board.successes == 2


def test_board_widget_survives_a_skill_or_checks_typed_wrong_in_the_page():
    board = StandardBoard([6, 5, 7, 4], goal=3)
    w = BoardWidget(board, skills=["Tinker: Repair"])
    w.skill = " : "
    assert w.view["odds"] == {} and "skill" in w.view["odds_error"]
    w.skill = ""
    w.checks = "2d"
    assert w.view["odds"] == {} and w.view["odds_error"]
    w.checks = "2d6"
    assert w.view["odds"] and w.view["odds_error"] == ""


def test_kit_errors_are_value_or_type_errors():
    assert issubclass(InvalidInput, ValueError) and issubclass(InvalidType, TypeError)
