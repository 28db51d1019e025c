"""What the board odds functions return (kit.boards.outcomes): BoardOdds and a finished board's."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from kit.boards import PreparationBoard, StandardBoard
from kit.boards.outcomes import BoardOdds, finished_odds
from kit.errors import InvalidInput

HALF, QUARTER = Fraction(1, 2), Fraction(1, 4)


def test_means_are_the_weighted_sums_of_the_distributions():
    o = BoardOdds(
        "standard",
        {"goal reached": HALF, "goal missed": HALF},
        HALF,
        successes={0: QUARTER, 1: QUARTER, 3: HALF},
        length={2: HALF, 4: HALF},
    )
    assert o.mean_successes == pytest.approx(0 * 0.25 + 1 * 0.25 + 3 * 0.5)
    assert o.mean_length == pytest.approx(3.0)


def test_computed_odds_have_no_error_and_an_estimate_has_the_error_of_a_share():
    exact = BoardOdds("standard", {"goal reached": HALF}, HALF, {1: HALF})
    assert exact.se.success == 0.0 and exact.se["successes"] == {1: 0.0}
    est = BoardOdds("standard", {"goal reached": 0.2}, 0.2, {1: 0.2}, method="simulated", n=400)
    # a share p estimated from n runs: sqrt(p (1 - p) / n) = sqrt(0.16 / 400) = 0.02
    assert est.se.success == pytest.approx(0.02)
    assert est.se["outcomes"]["goal reached"] == pytest.approx(math.sqrt(0.2 * 0.8 / 400))


@pytest.mark.parametrize("method, n", [("simulated", None), ("exact", 100)])
def test_runs_go_with_an_estimate_and_only_with_one(method, n):
    with pytest.raises(InvalidInput, match="n"):
        BoardOdds("standard", {}, None, method=method, n=n)


def test_json_form_has_float_probabilities_and_text_keys():
    o = BoardOdds("limit", {"limit met": QUARTER}, QUARTER, {2: QUARTER}, {1: Fraction(3, 4)})
    d = o.to_dict()
    assert d["success"] == 0.25 and d["successes"] == {"2": 0.25} and d["length"] == {"1": 0.75}
    assert d["method"] == "exact" and d["n"] is None


def test_a_finished_board_is_certain():
    board = StandardBoard([4, 4, 4], goal=1)
    board.check(9)  # a success fills slot 1, the goal: the task is done
    o = finished_odds(board)
    assert o.outcomes == {"players' way": 1} and o.success == 1
    assert o.successes == {1: 1} and o.length == {0: 1}
    lost = StandardBoard([9, 9, 9], goal=3)
    for _ in range(3):
        lost.check(2)
    assert finished_odds(lost).success == 0 and finished_odds(lost).successes == {0: 1}
    prep = PreparationBoard([4, 9, 4])
    for v in (5, 5, 5):
        prep.check(v)
    done = finished_odds(prep)
    assert done.success is None and done.outcomes == {"done": 1} and done.successes == {2: 1}
