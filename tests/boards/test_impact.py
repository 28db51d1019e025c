"""What a house rule does to a board's odds (kit.boards.impact): cells worked by hand from the
text, the board's own rules as the reference, and bad input.

On a standard board the k-th check faces the k-th card; successes fill from the left and
failures from the right, so the goal slot g takes a success exactly when at least g of the N
checks succeed, had every one been made (RULINGS Complex Tasks 3).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from kit.boards import BoardRules, Chase, StandardBoard
from kit.boards.impact import impact
from kit.errors import InvalidInput, InvalidType

#: 2d6 reaches ``t`` on this many of its 36 rolls.
REACH = {t: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= t) for t in range(2, 15)}


def at_least(goal: int, targets: list[int]) -> Fraction:
    """The chance that at least ``goal`` of checks against ``targets`` succeed on 2d6."""
    ps = [Fraction(REACH.get(t, 0), 36) for t in targets]
    total = Fraction(0)
    for hits in product((0, 1), repeat=len(ps)):
        if sum(hits) >= goal:
            chance = Fraction(1)
            for p, h in zip(ps, hits):
                chance *= p if h else 1 - p
            total += chance
    return total


def test_a_board_brings_its_kind_and_its_rules_and_a_row_is_cut_to_each_length():
    board = StandardBoard([5, 5, 5], goal=2, rules=BoardRules(meet_target=False))
    im = impact(board, BoardRules(), cards=[9, 5, 7, 8], lengths=[3, 4], goals=[2, 4])
    assert im.rules_a == board.rules and im.cols == (2, 4) and im.col_name == "goal"
    # beating the card is a target one higher than meeting it
    assert im.before[0][0] == pytest.approx(float(at_least(2, [10, 6, 8])), abs=1e-12)
    assert im.after[0][0] == pytest.approx(float(at_least(2, [9, 5, 7])), abs=1e-12)
    assert im.after[1][1] == pytest.approx(float(at_least(4, [9, 5, 7, 8])), abs=1e-12)
    assert im.before[0][1] is None  # goal 4 is past the end of three cards


def test_the_chase_rulings_change_no_standard_board():
    chase_rules = BoardRules(npc_chance=0.3, pursuer_faces="goal")
    im = impact(None, chase_rules, cards=6, lengths=[3, 4])
    assert im.max_change == 0.0


@pytest.mark.parametrize(
    "call, error, says",
    [
        (
            lambda: impact(StandardBoard([5, 5, 5], goal=2), None, kind="limit"),
            InvalidInput,
            "kind",
        ),
        (lambda: impact(Chase([5] * 5), None), InvalidType, "chase"),
        (lambda: impact(None, None, cards=True), InvalidType, "cards"),
        (lambda: impact(None, None, lengths=[]), InvalidInput, "lengths"),
        (lambda: impact(None, None, lengths=[9]), InvalidInput, "length"),
        (lambda: impact(None, None, lengths=[3], goals=[]), InvalidInput, "goals"),
    ],
    ids=["kind-with-a-board", "a-chase", "cards-true", "no-lengths", "too-long", "no-goals"],
)
def test_bad_input_is_refused_naming_the_field(call, error, says):
    with pytest.raises(error, match=says):
        call()
