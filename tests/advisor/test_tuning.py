"""The tuners' answers are the nearest setups on their grid, checked by brute force over odds()."""

import itertools

import pytest

from kit.advising import Tuning, TuningRow
from kit.boards import LimitBoard, StandardBoard
from kit.boards import odds as board_odds
from kit.boards.tuning import tune as tune_board
from kit.errors import InvalidInput, InvalidType
from kit.regulus import Condition, Job, Operative, odds
from kit.regulus.tuning import tune

CREW = [Operative("Vex", "Face"), Operative("Oro", "Hacker")]


def _brute(job_type, crew, conditions, ds, cs):
    return {
        (d, c): odds(Job(job_type, d, c, crew, conditions, seed=0)).success for d in ds for c in cs
    }


@pytest.mark.parametrize("target", [0.0, 0.25, 0.6, 0.95, 1.0])
def test_tune_is_the_nearest_on_the_grid(target):
    conditions = [Condition.gig_active("Hacker")]
    grid = _brute("heist", CREW, conditions, range(3, 8), range(3, 8))
    got = tune("heist", target, crew=CREW, conditions=conditions, n=25)
    assert len(got) == 25
    # every chance is the exact odds() of that pair
    for t in got:
        assert t.chance == pytest.approx(grid[(t.difficulty, t.clock)], abs=1e-12)
    # and they come nearest first, covering the whole grid
    assert {(t.difficulty, t.clock) for t in got} == set(grid)
    dist = [abs(t.chance - target) for t in got]
    assert dist == sorted(dist)
    assert dist[0] == pytest.approx(min(abs(p - target) for p in grid.values()), abs=1e-12)


def test_tune_returns_the_shared_report_of_named_rows_on_a_sub_grid():
    got = tune("con", 0.5, crew=3, difficulties=[4, 5], clocks=range(5, 8), n=3)
    assert isinstance(got, Tuning) and len(got.grid) == 6
    assert len(got) == 3 and all(isinstance(t, TuningRow) for t in got)
    assert got.best == got[0] and got.chance == got[0].chance
    d, c, p = got[0]
    assert (d, c, p) == (got[0].difficulty, got[0].clock, got[0].chance)
    assert d in (4, 5) and 5 <= c <= 7
    anon = [Operative(f"Operative {i + 1}", "Crew") for i in range(3)]
    assert p == pytest.approx(odds(Job("con", d, c, anon, seed=0)).success, abs=1e-12)


def test_tune_validates_its_input():
    with pytest.raises(InvalidInput, match="target"):
        tune("heist", 1.5, crew=2)
    with pytest.raises(InvalidType, match="target"):
        tune("heist", "half", crew=2)
    with pytest.raises(InvalidInput, match="difficulties"):
        tune("heist", 0.5, crew=2, difficulties=[9])
    with pytest.raises(InvalidInput, match="n must"):
        tune("heist", 0.5, crew=2, n=0)
    with pytest.raises(InvalidInput, match="job_type"):
        tune("bakery", 0.5, crew=2)


@pytest.mark.parametrize("kind", ["standard", "limit"])
def test_tune_board_is_the_nearest_by_brute_force(kind):
    vals, length, target = [4, 6, 8], 4, 0.4
    brute = {}
    for row in itertools.product(vals, repeat=length):
        if list(row) != sorted(row):
            continue
        for g in range(1, length + 1):
            board = StandardBoard(row, goal=g) if kind == "standard" else LimitBoard(row, need=g)
            brute[(row, g)] = float(board_odds(board, "2d6").success)
    got = tune_board(length, target, "2d6", kind=kind, values=vals, n=3)
    assert isinstance(got, Tuning) and all(isinstance(t, TuningRow) for t in got)
    best = min(abs(p - target) for p in brute.values())
    assert abs(got[0].chance - target) == pytest.approx(best, abs=1e-12)
    for t in got:
        assert t.chance == pytest.approx(brute[(t.cards, t.goal)], abs=1e-12)


def test_tune_board_hand_count_for_a_one_card_goal():
    # Goal 1 on a 3-card standard board of 4s: the first success reaches it; failures fill from
    # the right, so the players have 3 tries: 1 - P(2d6 < 4)^3 = 1 - (3/36)^3.
    (t,) = tune_board(3, 1.0, "2d6", values=[4], goals=[1], n=1)
    assert (t.cards, t.goal) == ((4, 4, 4), 1)
    assert t.chance == pytest.approx(1 - (3 / 36) ** 3, abs=1e-12)


def test_tune_board_validates_its_input():
    with pytest.raises(InvalidInput, match="kind"):
        tune_board(4, 0.5, kind="chase")
    with pytest.raises(InvalidInput, match="length"):
        tune_board(2, 0.5)
    with pytest.raises(InvalidInput, match="target"):
        tune_board(4, -0.1)
