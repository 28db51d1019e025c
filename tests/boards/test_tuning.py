"""The board tuner prices the whole grid at once; it must give exactly what pricing each cell
with ``odds()`` gives (the tuner's former method), cell by cell, float by float, and fast."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from kit.boards import BoardRules, LimitBoard, StandardBoard, odds
from kit.boards import tune as tune_board
from kit.errors import InvalidInput, InvalidType


def grid_by_odds(
    length, target, checks, *, kind, goals=None, values=range(4, 9), skills=None, rules=None
):
    """Every cell of the grid priced one board at a time with ``odds()``, sorted like the tuner."""
    vals = sorted(set(values))
    gs = list(range(1, length + 1)) if goals is None else sorted(set(goals))
    out = []
    for g in gs:
        for row in itertools.combinations_with_replacement(vals, length):
            board = (
                StandardBoard(row, goal=g, rules=rules)
                if kind == "standard"
                else LimitBoard(row, need=g, rules=rules)
            )
            out.append((row, g, float(odds(board, checks, skills).success or 0)))
    out.sort(key=lambda t: (abs(t[2] - target), t[1], t[0]))
    return out


def every_cell(length, values, goals=None):
    rows = math.comb(len(set(values)) + length - 1, length)
    return rows * (length if goals is None else len(set(goals)))


@pytest.mark.parametrize("kind", ["standard", "limit"])
@pytest.mark.parametrize("length", range(3, 9))
def test_whole_grid_equals_odds_on_every_cell(length, kind):
    n = every_cell(length, range(4, 9))
    got = tune_board(length, 0.5, "2d6", kind=kind, n=n)
    assert [tuple(row) for row in got] == grid_by_odds(length, 0.5, "2d6", kind=kind)
    assert len(got) == n and len(got.grid) == n


@pytest.mark.parametrize(
    "length, kwargs",
    [
        (5, {"skills": "Tinker: Repair"}),
        (4, {"skills": ["Tinker", None, "Tinker", "Tinker: Repair"]}),
        (5, {"rules": BoardRules(meet_target=False)}),
        (5, {"rules": BoardRules(skill_penalty=3), "skills": "Persuasion: Argue"}),
        (5, {"rules": BoardRules(track_general_skill=False), "skills": "Tinker"}),
        (5, {"rules": BoardRules(limit_stop_early=False)}),
        (5, {"checks": "2d6+1"}),
        (4, {"checks": {3: 1, 7: 2, 11: 1}}),
        (6, {"checks": 7, "values": [6, 7, 8]}),
        (4, {"values": [2, 9, 12, 14], "goals": [1, 4]}),
        (8, {"values": [5, 7], "goals": [3, 6], "skills": "Tinker: Repair"}),
    ],
)
@pytest.mark.parametrize("kind", ["standard", "limit"])
def test_options_equal_odds_on_every_cell(length, kwargs, kind):
    kwargs = dict(kwargs)
    checks = kwargs.pop("checks", "2d6")
    values = kwargs.get("values", range(4, 9))
    n = every_cell(length, values, kwargs.get("goals"))
    got = tune_board(length, 0.3, checks, kind=kind, n=n, **kwargs)
    assert [tuple(row) for row in got] == grid_by_odds(length, 0.3, checks, kind=kind, **kwargs)


def test_a_row_of_sevens_by_hand():
    # 2d6 >= 7 in 21 of 36 rolls, p = 7/12. Goal slot 2 of 3 on a standard board is reached
    # exactly when at least 2 of the 3 checks succeed: 3 p^2 (1 - p) + p^3 = 539/864. A limit
    # board needing 2 succeeds on the same event.
    p = Fraction(7, 12)
    want = float(3 * p**2 * (1 - p) + p**3)
    assert want == 539 / 864
    for kind in ("standard", "limit"):
        (t,) = tune_board(3, 0.6, "2d6", kind=kind, values=[7], goals=[2], n=1)
        assert t == ((7, 7, 7), 2, 539 / 864)
        assert (t.cards, t.goal, t.chance) == ((7, 7, 7), 2, 539 / 864)


def test_one_setup_to_try_is_the_answer_whatever_n():
    # the default n (5) and n=1 on a grid of one setup both give it: 539/864 as above
    for n in ({}, {"n": 1}, {"n": 40}):
        (t,) = tune_board(3, 0.6, "2d6", kind="limit", values=[7], goals=[2], **n)
        assert t == ((7, 7, 7), 2, 539 / 864)
    with pytest.raises(InvalidInput, match="n must be an integer of at least 1, got 0"):
        tune_board(3, 0.6, "2d6", values=[7], goals=[2], n=0)


def test_repeated_skill_by_hand():
    # "Tinker" every check: targets 4, 6, 8 (+2 per earlier use). 2d6 >= 4, 6, 8 in 33, 26
    # and 15 of 36 rolls; all three needed: 33 * 26 * 15 / 36^3 = 12870 / 46656.
    (t,) = tune_board(3, 0.0, "2d6", kind="limit", values=[4], goals=[3], skills="Tinker", n=1)
    assert t == ((4, 4, 4), 3, 12870 / 46656)


def test_bad_rules_and_too_many_rows_are_refused():
    with pytest.raises(InvalidType, match="rules"):
        tune_board(4, 0.5, rules={"meet_target": False})
    with pytest.raises(InvalidInput, match="too many"):
        tune_board(8, 0.5, values=range(1, 15))
