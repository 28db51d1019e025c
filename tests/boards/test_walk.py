"""Best play over every position (kit.boards.walk), on small games whose values are worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

import kit.boards.walk as walk_module
from kit.boards.checks import CheckDistribution
from kit.boards.walk import Offered, Walk, alike_groups, canonical, settled
from kit.errors import InvalidInput


class Race(Walk[int, str]):
    """Reach ``goal`` heads; "safe" tosses a coin (heads +1, tails lose), "bold" wins at once
    with chance 1/5 and loses otherwise, "wait" leaves everything as it was."""

    def __init__(self, goal: int) -> None:
        super().__init__()
        self.goal = goal

    def key(self, pos: int) -> int:
        return pos

    def end(self, pos: int) -> float | None:
        return 0.0 if pos < 0 else 1.0 if pos >= self.goal else None

    def moves(self, pos: int) -> list[str]:
        return ["safe", "bold", "wait"]

    def outcomes(self, pos: int, move: str) -> list[tuple[float, int]]:
        if move == "safe":
            return [(0.5, pos + 1), (0.5, -1)]
        if move == "bold":
            return [(0.2, self.goal), (0.8, -1)]
        return [(1.0, pos)]


def test_each_position_takes_its_best_move():
    # one head to go: safe 1/2 beats bold 1/5; three to go: safe gives 1/8, bold 1/5 is better
    assert Race(1).value(0) == 0.5
    assert Race(3).value(0) == pytest.approx(0.2)
    assert Race(3).value(1) == pytest.approx(0.25)  # two to go: 1/4 > 1/5


def test_an_option_is_its_move_now_and_best_play_after():
    race = Race(3)
    assert race.option(0, "safe") == pytest.approx(0.5 * 0.25)  # then at 1: two to go, 1/4
    assert race.option(0, "bold") == pytest.approx(0.2)
    assert race.option(0, "wait") == pytest.approx(0.2)  # waiting changes nothing: still 1/5


class Tie(Walk[str, str]):
    """One exchange: win 1/4, lose 1/4, tie 1/2 (back where it started); or a move that only
    ever ties."""

    def key(self, pos: str) -> str:
        return pos

    def end(self, pos: str) -> float | None:
        return {"won": 1.0, "lost": 0.0}.get(pos)

    def moves(self, pos: str) -> list[str]:
        return ["push", "stall"]

    def outcomes(self, pos: str, move: str) -> list[tuple[float, str]]:
        if move == "stall":
            return [(1.0, pos)]
        return [(0.25, "won"), (0.25, "lost"), (0.5, pos)]


def test_a_repeating_move_is_played_until_something_changes():
    # P(win) = 1/4 + 1/2 P(win), so P(win) = (1/4) / (1 - 1/2) = 1/2; stalling forever never wins
    assert Tie().value("start") == 0.5


class Loop(Walk[int, str]):
    def key(self, pos: int) -> int:
        return pos

    def end(self, pos: int) -> float | None:
        return None

    def moves(self, pos: int) -> list[str]:
        return ["on"]

    def outcomes(self, pos: int, move: str) -> list[tuple[float, int]]:
        return [(1.0, (pos + 1) % 3)]


def test_a_cycle_through_other_positions_is_refused():
    with pytest.raises(InvalidInput, match="cycle"):
        Loop().value(0)


class Ladder(Walk[int, str]):
    """A long chain of sure steps to the top: deeper than Python's recursion limit."""

    def key(self, pos: int) -> int:
        return pos

    def end(self, pos: int) -> float | None:
        return 1.0 if pos == 5000 else None

    def moves(self, pos: int) -> list[str]:
        return ["up"]

    def outcomes(self, pos: int, move: str) -> list[tuple[float, int]]:
        return [(1.0, pos + 1)]


def test_a_long_walk_needs_no_recursion_and_a_huge_one_is_refused(monkeypatch):
    assert Ladder().value(0) == 1.0
    monkeypatch.setattr(walk_module, "MAX_STATES", 100)
    with pytest.raises(InvalidInput, match="more than 100 board positions"):
        Ladder().value(0)


def test_alike_skills_share_positions():
    d, e = CheckDistribution.of("2d6"), CheckDistribution.of({5: 1, 9: 1})
    skills = [
        Offered("Tinker", "Tinker", "tinker", d),
        Offered("Calm", "Persuasion: Calm", "persuasion: calm", d),
        Offered("none", None, None, d),  # not counted: plays unlike the counted ones
        Offered("Argue", "Argue", "argue", e),
    ]
    groups = alike_groups(skills)
    assert groups == ((0, 1), (2,), (3,))
    # Tinker used twice and Calm once is the same position as the other way round
    assert canonical((2, 1, 0, 4), groups) == canonical((1, 2, 0, 4), groups) == (1, 2, 0, 4)


def test_chances_a_rounding_apart_are_one_chance():
    third = float(Fraction(1, 3))
    got = settled({"a": third, "b": 1 / 3 + 1e-15, "c": third + 1e-9})
    assert got["a"] == got["b"] and got["c"] != got["a"]
