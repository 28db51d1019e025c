"""Best play on a limit board (kit.boards.limit_walk), against chances worked by hand from the
text: the cards are faced in any order the players choose, each once; the board is won at
``need`` successes and lost once the cards left cannot give them; a face-down card is any card of
the pool not seen, and its target is its value plus its own slot's modifier (RULINGS Complex
Tasks 2 and 4)."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations, product

import pytest

from kit.boards import LimitBoard
from kit.boards.checks import CheckDistribution, SkillPlan
from kit.boards.limit_walk import Card, LimitWalk
from kit.boards.walk import Offered
from kit.errors import InvalidInput

#: 2d6 reaches ``t`` on this many of its 36 rolls.
REACH = {t: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= t) for t in range(2, 15)}


def p(target: int) -> Fraction:
    return Fraction(REACH[target], 36) if target in REACH else Fraction(target < 2)


D = CheckDistribution.of("2d6")


def test_a_skill_plan_faces_the_cards_in_the_best_order():
    # need 3 of 3: any failure loses, so best play is the best fixed order of the three cards
    # against the plan's penalties 0, 2, 4 (the same skill every check)
    board = LimitBoard([4, 8, 6], need=3)
    walk = LimitWalk(board, checks=D, plan=SkillPlan((), "Tinker"))
    start = walk.start(board)
    assert start.up == (4, 6, 8) and start.down == () and start.wins == 0
    want = max(p(a) * p(b + 2) * p(c + 4) for a, b, c in permutations([4, 8, 6]))
    assert walk.value(start) == pytest.approx(float(want), abs=1e-12)
    # the hard card first while the skill is fresh: 8, then 6, then 4
    assert want == p(8) * p(8) * p(8)
    assert walk.option(start, (0, Card("up", 4))) < walk.option(start, (0, Card("up", 8)))


def test_skills_on_offer_take_turns_on_the_hard_cards():
    board = LimitBoard([4, 8, 6], need=3)
    skills = [Offered(n, n, n.casefold(), D) for n in ("Tinker", "Athletics")]
    walk = LimitWalk(board, skills=skills)
    best = Fraction(0)
    for order in permutations([4, 8, 6]):
        for seq in product((0, 1), repeat=3):
            chance, uses = Fraction(1), [0, 0]
            for card, who in zip(order, seq):
                chance *= p(card + 2 * uses[who])
                uses[who] += 1
            best = max(best, chance)
    assert walk.value(walk.start(board)) == pytest.approx(float(best), abs=1e-12)


def test_a_face_down_card_is_any_card_of_the_pool_plus_its_slots_modifier():
    board = LimitBoard([5, 9, 7], need=1, hidden=[3], modifiers={3: 1})
    walk = LimitWalk(board, checks=D, plan=SkillPlan(), pool={5: 1, 9: 1})
    start = walk.start(board)
    assert start.up == (5, 9) and start.down == (1,) and start.pool == (1, 1)
    down = walk.card_of(board, 3)
    assert down == Card("down", 1)
    # the face-down card is a 5 or a 9, each half the time, and its slot adds 1
    assert walk.check_chance(start, 0, down) == pytest.approx(float((p(6) + p(10)) / 2))
    # need 1: lost only when all three checks fail, whatever the order
    miss_down = ((1 - p(6)) + (1 - p(10))) / 2
    want = 1 - (1 - p(5)) * (1 - p(9)) * miss_down
    assert walk.value(start) == pytest.approx(float(want), abs=1e-12)


def test_face_down_slots_with_other_modifiers_are_other_cards():
    board = LimitBoard([7, 6, 4], need=2, hidden=[1, 2], modifiers={2: -3})
    walk = LimitWalk(board, checks=D, plan=SkillPlan((), "Tinker"))
    start = walk.start(board)
    assert start.down == (-3, 0)
    assert walk.cards(start) == [Card("up", 4), Card("down", -3), Card("down", 0)]


def test_a_walk_needs_a_plan_with_its_checks_or_skills():
    with pytest.raises(InvalidInput, match="skill plan"):
        LimitWalk(LimitBoard([4, 5, 6], need=2), checks=D)
