"""The verbs' result types (kit.advising), built by hand: advice ranks its answers and checks
them, a tuning report ranks a grid for any target, standard errors follow a result's fields,
luck reports read their percentiles, and an impact report's cells are the differences of its
two grids. Every expected number is worked out in the test."""

from __future__ import annotations

import math

import pytest

from kit.advising import (
    Advice,
    Impact,
    Luck,
    LuckStep,
    StandardErrors,
    Tuning,
    TuningRow,
    cell_type,
    mid_rank,
    verdict_word,
)
from kit.errors import IllegalAction, InvalidInput
from kit.regulus import RegulusRules


# ---------------------------------------------------------------- advice
def test_the_best_answer_is_the_highest_chance_first_listed_on_a_tie():
    advice = Advice.from_chances({"a": 0.2, "b": 0.6, "c": 0.6}, exact=True)
    assert advice.best == "b"
    assert advice.ranked() == [("b", 0.6), ("c", 0.6), ("a", 0.2)]
    assert advice.margin == 0.0
    assert Advice.from_chances({"spend": 0.7, "keep": 0.55}, exact=True).margin == pytest.approx(
        0.15
    )
    assert Advice.from_chances({"only": 0.3}, exact=True).margin == 0.0


def test_answers_are_given_in_the_games_form_and_chosen_through_the_game():
    played = []
    advice = Advice.from_chances(
        {"spend": 0.7, "keep": 0.6},
        exact=True,
        answers={"spend": True, "keep": False},
        apply=lambda value, **play: played.append((value, play)) or "the game",
    )
    assert (advice.answer(), advice.answer("keep")) == (True, False)
    assert advice.choose("keep", check=9) == "the game"
    assert played == [(False, {"check": 9})]
    with pytest.raises(InvalidInput, match="'burn' is not one of this advice's answers"):
        advice.answer("burn")


def test_advice_built_by_hand_has_no_game_to_play_in():
    advice = Advice.from_chances({"a": 0.5}, exact=True)
    assert advice.answer("a") == "a"  # no recorded answers: the label
    with pytest.raises(IllegalAction, match="built without a game"):
        advice.choose()


@pytest.mark.parametrize(
    "kwargs, says",
    [
        ({"options": {}, "best": "a"}, "at least one answer"),
        ({"options": {"a": 1.5}, "best": "a"}, r"options\['a'\]: a chance between 0 and 1"),
        ({"options": {"a": 0.5}, "best": "b"}, "best: 'b' is not one of the options"),
        ({"options": {"a": 0.5}, "best": "a", "stderr": {}}, "one standard error per option"),
        ({"options": {"a": 0.5}, "best": "a", "answers": {"z": 1}}, "answers: 'z'"),
    ],
)
def test_inconsistent_advice_is_refused(kwargs, says):
    with pytest.raises(InvalidInput, match=says):
        Advice(exact=True, **kwargs)


def test_a_simulated_advice_shows_its_errors():
    advice = Advice.from_chances(
        {"retreat": 0.25, "stay": 0.5}, exact=False, stderr={"retreat": 0.01, "stay": 0.02}, n=400
    )
    text = repr(advice)
    assert "Monte Carlo, 400 runs" in text and "50.0% ± 2.0%" in text
    assert text.splitlines()[1].startswith("  * stay")  # the best first, marked


# ---------------------------------------------------------------- standard errors
def test_standard_errors_of_shares_are_binomial():
    se = StandardErrors.of_shares({"success": 0.2, "turns": (0.5, 0.0), "by": {3: 0.9}}, 400)
    assert se.success == pytest.approx(math.sqrt(0.2 * 0.8 / 400))  # 0.02
    assert se.turns == (pytest.approx(0.025), 0.0)
    assert se["by"][3] == pytest.approx(0.015)
    assert StandardErrors.of_shares({"p": 0.5}, 0).p == 0.0
    zeros = StandardErrors.zeros({"success": 0.3, "turns": (0.1, 0.2)})
    assert zeros.to_dict() == {"success": 0.0, "turns": [0.0, 0.0]}
    with pytest.raises(AttributeError, match="no standard error named 'fail'"):
        se.fail  # noqa: B018
    with pytest.raises(AttributeError, match="read-only"):
        se.success = 0.0


# ---------------------------------------------------------------- tuning
def grid() -> tuple[TuningRow, ...]:
    # binary fractions, so that equal distances are equal floats
    chances = {
        (3, 3): 0.875,
        (3, 4): 0.9375,
        (4, 3): 0.5,
        (4, 4): 0.625,
        (5, 3): 0.25,
        (5, 4): 0.375,
    }
    return tuple(
        TuningRow((("difficulty", d), ("clock", c)), p, None, (d, -c))
        for (d, c), p in chances.items()
    )


def test_a_tuning_lists_the_setups_nearest_the_target():
    t = Tuning("heist", 0.5625, grid(), shown=3)
    # 4/3 and 4/4 are both 1/16 away: the tuner's tie order (easier, then longer) puts 4/4
    # first; then 5/4 (3/16 away) before 3/3 (5/16)
    assert [r.values for r in t.rows] == [(4, 4), (4, 3), (5, 4)]
    assert (t.difficulty, t.clock, t.chance) == (4, 4, 0.625)
    assert [r.values for r in t.neighbours] == [(4, 3), (5, 3)]  # beside it in grid order
    assert t.retarget(0.9).best.values == (3, 3)  # 0.025 away beats 3/4's 0.0375
    assert t.chances[(5, 3)] == 0.25 and len(t) == 3


def test_a_tuning_row_reads_like_its_tuple_and_by_name():
    row = TuningRow((("difficulty", 3), ("clock", 6)), 0.592, 0.01)
    d, c, p = row
    assert (d, c, p) == (3, 6, 0.592) and row == (3, 6, 0.592) and row[1] == 6
    assert row.as_dict() == {"difficulty": 3, "clock": 6, "chance": 0.592, "stderr": 0.01}
    assert TuningRow((("count", 4),), 0.5).key == 4
    with pytest.raises(AttributeError, match="a tuning row has difficulty, clock and chance"):
        row.goal  # noqa: B018


def test_an_empty_tuning_is_refused():
    with pytest.raises(InvalidInput, match="at least one setup"):
        Tuning("nothing", 0.5, ())


# ---------------------------------------------------------------- luck
def step(i: int, percentile: float, before: float, after: float) -> LuckStep:
    return LuckStep(i, "main", 7, "Perfect", percentile, before, after, i, 0.5 * i)


def test_mid_rank_and_the_verdict_words():
    # a 7 on 2d6: 15/36 below, 6/36 equal -> exactly the middle
    assert mid_rank(15 / 36, 6 / 36) == pytest.approx(0.5)
    assert [verdict_word(p) for p in (0.75, 0.74, 0.26, 0.25)] == [
        "lucky",
        "about as expected",
        "about as expected",
        "unlucky",
    ]


def test_a_luck_report_reads_its_steps():
    steps = (step(1, 0.9, 0.5, 0.8), step(2, 0.3, 0.8, 0.6), step(3, 0.6, 0.6, 1.0))
    luck = Luck("job", "heist", "success", "success on tick 3", 0.5, 0.8, steps)
    assert luck.mean_percentile == pytest.approx(0.6)
    assert [s.index for s in luck.turning_points(2)] == [3, 1]  # swings 0.4, 0.3, -0.2
    assert luck.verdict.startswith("lucky: success on tick 3 (chance of success 50%)")
    assert luck.to_dict()["steps"][1]["swing"] == pytest.approx(-0.2)
    running = Luck("job", "heist", None, "", 0.5, None, steps[:1])
    assert running.verdict.startswith("still running: chance of success now 80%")
    assert Luck("job", "heist", None, "", 0.5, None, ()).verdict == "not started"


# ---------------------------------------------------------------- impact
def impact() -> Impact:
    return Impact(
        "heist",
        RegulusRules(),
        RegulusRules(minor_threat=2),
        "Difficulty",
        "Clock",
        (3, 4),
        (5, 6),
        ((0.5, 0.6), (0.2, None)),
        ((0.4, 0.65), (0.05, None)),
    )


def test_an_impacts_cells_are_the_changes_of_its_grids():
    im = impact()
    assert im.diff == [[pytest.approx(-0.1), pytest.approx(0.05)], [pytest.approx(-0.15), None]]
    cells = im.cells()
    assert [(c.difficulty, c.clock) for c in cells] == [(3, 5), (3, 6), (4, 5)]  # no None cell
    assert [(c.row, c.col) for c in im.largest(2)] == [(4, 5), (3, 5)]
    assert im.max_change == pytest.approx(0.15)
    assert im.differing_options() == {"minor_threat": (1, 2)}
    assert im.error_at(3, 5) == 0.0  # exact
    md = im.to_markdown(top=1)
    assert "Changed: `minor_threat` 1 → 2" in md and "| 4 | 5 | 20.0% | 5.0% | -15.0% |" in md
    # more cells asked for than the grid holds: every one, as a slice gives
    assert [(c.row, c.col) for c in im.largest(4)] == [(4, 5), (3, 5), (3, 6)]
    with pytest.raises(InvalidInput, match="n must be an integer of at least 1, got 0"):
        im.largest(0)


def test_a_cell_type_names_its_axes():
    Change = cell_type("cards", "goal")
    c = Change(4, 2, 0.5, 0.75, 0.25)
    assert (c.cards, c.goal, c.row, c.col, c.change) == (4, 2, 4, 2, 0.25)
