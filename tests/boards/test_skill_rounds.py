"""The walk behind skill advice on contests and chases (kit.boards.skill_rounds), against chances
worked by hand from the text: in a contest the side that alone succeeds moves the goal one slot
toward itself and the far card on the other side leaves (RULINGS Complex Tasks 5); in a chase
the escapee acts first, a success moving the goal right, and a pursuer's success removes the
leftmost card (RULINGS Complex Tasks 6)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kit.boards import BoardRules, Chase, Contest
from kit.boards.checks import CheckDistribution, SkillPlan
from kit.boards.skill_rounds import SPENT, RoundWalk
from kit.boards.walk import Offered

#: 2d6 reaches ``t`` on this many of its 36 rolls.
REACH = {t: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= t) for t in range(2, 15)}


def p(target: int) -> Fraction:
    return Fraction(REACH[target], 36) if target in REACH else Fraction(target < 2)


D = CheckDistribution.of("2d6")
NO_SKILL = Offered("no skill", None, None, D)


def test_a_contest_of_three_cards():
    # players 2d6, opponent 1d6+3, every card a 7: the players alone succeed with chance
    # a = p(1-q), the opponent alone with b = q(1-p), else a tie (nothing moves). Of the decisive
    # exchanges the players win a share r = a / (a + b). From the centre the players need two
    # decisive wins before two losses, except that after one of each a single card is left:
    # win, win; win, loss, win; loss, win, win.
    board = Contest([7, 7, 7])
    opponent = CheckDistribution.of("1d6+3")
    walk = RoundWalk(board, [NO_SKILL], opponent, SkillPlan())
    pa, q = p(7), Fraction(3, 6)  # 1d6+3 >= 7: a 4, 5 or 6
    a, b = pa * (1 - q), q * (1 - pa)
    r = a / (a + b)
    want = r * r + 2 * r * r * (1 - r)
    assert walk.value(walk.start(board)) == pytest.approx(float(want), abs=1e-12)


def test_an_escapee_with_a_head_start():
    # the goal starts on slot 2 and the NPC pursuer always removes the leftmost card: four
    # successes escape (2 -> 3 -> 4 -> 5 -> off), two failures are caught, so the players
    # escape when the fourth success comes with at most one failure before it
    board = Chase([6] * 5, head_start=True)
    walk = RoundWalk(board, [NO_SKILL], D, SkillPlan())
    x = p(6)
    want = x**4 + 4 * x**4 * (1 - x)
    assert walk.value(walk.start(board)) == pytest.approx(float(want), abs=1e-12)


def test_a_repeated_skill_costs_the_escapee():
    # the same as above with one counted skill: its k-th use has target 6 + 2k, so a path
    # of checks has the chances of its targets in turn
    board = Chase([6] * 5, head_start=True)
    walk = RoundWalk(board, [Offered("Run", "Athletics: Run", "athletics: run", D)], D, SkillPlan())
    want = Fraction(1)
    for k in range(4):
        want *= p(6 + 2 * k)
    for miss in range(4):  # one failure before the fourth success, at check ``miss``
        chance = Fraction(1)
        for k in range(5):
            hit = p(6 + 2 * k)
            chance *= (1 - hit) if k == miss else hit
        want += chance
    assert walk.value(walk.start(board)) == pytest.approx(float(want), abs=1e-12)


def test_a_pursuer_with_no_skill_that_can_succeed_has_no_chance():
    # a 2d6 never reaches the 13 of a king: the skill is spent at once and the walk stops
    board = Chase([13] * 5, role="pursuer", rules=BoardRules(npc_chance=0.5))
    walk = RoundWalk(board, [NO_SKILL], D, SkillPlan())
    start = walk.start(board)
    assert start.uses == (SPENT,)
    assert walk.value(start) == 0.0


def test_a_pursuer_does_not_check_once_the_escapee_got_away():
    # the NPC escapee stands on the last slot; if it succeeds (chance 1/2) it is off the board
    # before the players act, so their next check is made only when it failed
    board = Chase([6, 6, 6, 6, 6], role="pursuer", rules=BoardRules(npc_chance=0.5))
    walk = RoundWalk(board, [NO_SKILL], D, SkillPlan())
    pos = walk.start(board)._replace(place=(0, 4, None))
    assert walk.check_chance(pos, 0) == pytest.approx(float(p(6)))
    # half the time the round ends with the escapee off the board, the players' check unmade
    kids = dict((child.place, w) for w, child in walk.outcomes(pos, 0))
    assert kids[(0, 5, "escaped")] == pytest.approx(0.5)
