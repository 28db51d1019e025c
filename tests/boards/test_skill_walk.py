"""The walk behind skill advice on standard and preparation boards (kit.boards.skill_walk), valued
against chances worked by hand from the text: the k-th check faces the k-th card, a success fills
the leftmost open slot and a failure the rightmost, a success on the goal slot wins; each earlier
use of the same skill adds 2 to the target (RULINGS Complex Tasks 2 and 3)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from kit.boards import PreparationBoard, StandardBoard
from kit.boards.checks import CheckDistribution
from kit.boards.skill_walk import SkillWalk
from kit.boards.walk import Offered

#: 2d6 reaches ``t`` on this many of its 36 rolls.
REACH = {t: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= t) for t in range(2, 15)}


def p(target: int) -> Fraction:
    return Fraction(REACH[target], 36) if target in REACH else Fraction(target < 2)


D = CheckDistribution.of("2d6")


def skill(name: str, checks: str = "2d6") -> Offered:
    return Offered(name, name, name.casefold(), CheckDistribution.of(checks))


def test_one_skill_on_a_goal_in_the_first_slot():
    # the goal (slot 1) stays open until a success lands there: the 1st, 2nd or 3rd check with
    # the skill used 0, 1 and 2 times before (targets 7, 9, 11)
    board = StandardBoard([7, 7, 7], goal=1)
    walk = SkillWalk(board, [skill("Tinker")], None)
    want = 1 - (1 - p(7)) * (1 - p(9)) * (1 - p(11))
    assert walk.value(walk.start(board)) == pytest.approx(float(want), abs=1e-12)


def test_two_alike_skills_are_one_choice_and_take_turns():
    board = StandardBoard([7, 7, 7], goal=1)
    walk = SkillWalk(board, [skill("Tinker"), skill("Athletics")], None)
    start = walk.start(board)
    assert walk.moves(start) == [0]  # both fresh and alike: one choice
    # best play: Tinker, Athletics (both fresh, target 7), then either once used (target 9)
    want = 1 - (1 - p(7)) * (1 - p(7)) * (1 - p(9))
    assert walk.value(start) == pytest.approx(float(want), abs=1e-12)


def test_a_strong_skill_used_again_against_a_weak_fresh_one():
    # goal on the last of three slots: all three checks must succeed. Every order of skills is
    # tried by hand; the best keeps the strong skill (2d6+2) for two of the three checks.
    board = StandardBoard([7, 7, 7], goal=3)
    strong, weak = skill("Strong", "2d6+2"), skill("Weak")
    walk = SkillWalk(board, [strong, weak], None)
    best = Fraction(0)
    for seq in product((0, 1), repeat=3):
        chance, uses = Fraction(1), [0, 0]
        for who in seq:
            chance *= p(7 + 2 * uses[who] - (2 if who == 0 else 0))
            uses[who] += 1
        best = max(best, chance)
    assert best == p(5) * p(7) * p(7)
    start = walk.start(board)
    assert walk.value(start) == pytest.approx(float(best), abs=1e-12)
    assert walk.option(start, 1) == pytest.approx(float(p(7) * p(5) * p(7)), abs=1e-12)


def test_a_check_is_stepped_by_the_boards_own_rules():
    board = StandardBoard([6, 8, 7], goal=2, modifiers={1: 1})
    walk = SkillWalk(board, [skill("Tinker")], None)
    (hit_chance, hit), (miss_chance, miss) = walk.outcomes(walk.start(board), 0)
    assert hit_chance == pytest.approx(float(p(7)))  # card 6 + modifier 1
    assert miss_chance == pytest.approx(float(1 - p(7)))
    assert hit.placed[0] == 0 and miss.placed[2] == 0  # success left, failure right
    assert walk.check_chance(hit, 0) == pytest.approx(float(p(10)))  # card 8, used once: +2


def test_a_preparation_board_counts_the_strength_asked_for():
    board = PreparationBoard([5, 7, 9])
    walk = SkillWalk(board, [Offered("no skill", None, None, D)], at_least=2)
    ps = [p(5), p(7), p(9)]
    want = sum(
        ps[0] ** a * (1 - ps[0]) ** (1 - a) * ps[1] ** b * (1 - ps[1]) ** (1 - b)
        * ps[2] ** c * (1 - ps[2]) ** (1 - c)
        for a, b, c in product((0, 1), repeat=3)
        if a + b + c >= 2
    )  # fmt: skip
    assert walk.value(walk.start(board)) == pytest.approx(float(want), abs=1e-12)
