"""BattleOdds and its parts (kit.successors.combat.odds_result): per-side values read by index
or side name, the summary figures worked from the distributions by hand, and the standard
errors of a simulated answer."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from kit.errors import InvalidInput
from kit.successors.combat import Battle, Side, battle_odds, exact_odds
from kit.successors.combat.odds_result import BattleOdds, OddsErrors, PerSide, binomial_se

NAMES = ("Red", "Blue")


def _side(a, b):
    return PerSide([a, b], NAMES)


def _odds(method="exact", n=None) -> BattleOdds:
    zero = _side(0.0, 0.0)
    return BattleOdds(
        sides=NAMES,
        method=method,
        won=_side(0.5, 0.25),
        lost=_side(0.25, 0.5),
        draw=_side(0.25, 0.25),
        retreated=_side(0.0, 0.0),
        rounds={1: 0.5, 2: 0.25, 4: 0.25},
        ru_lost=_side({0.0: 0.5, 8.0: 0.5}, {2.0: 0.75, 6.0: 0.25}),
        first_hits=_side({-1: 0.25, 0: 0.25, 1: 0.25, 2: 0.25}, {0: 1.0}),
        se=OddsErrors(
            won=_side(0.01, 0.02),
            lost=zero,
            draw=zero,
            retreated=zero,
            rounds={1: 0.0, 2: 0.0, 4: 0.0},
            ru_lost=_side({0.0: 0.0, 8.0: 0.0}, {2.0: 0.0, 6.0: 0.0}),
            first_hits=_side({}, {}),
        ),
        why="because",
        n=n,
    )


def test_per_side_values_are_read_by_index_or_by_name():
    w = _side(0.75, 0.25)
    assert (w[0], w["Blue"], list(w), w[:1]) == (0.75, 0.25, [0.75, 0.25], (0.75,))
    assert w.as_dict() == {"Red": 0.75, "Blue": 0.25}
    assert repr(w) == "(Red=0.75, Blue=0.25)"
    with pytest.raises(KeyError, match=r"no side named 'Green'; the sides are \['Red', 'Blue'\]"):
        w["Green"]


def test_per_side_needs_one_value_per_side():
    with pytest.raises(InvalidInput, match=r"one value per side \(2\), got 3"):
        PerSide([1, 2, 3], NAMES)


def test_the_summary_figures_come_from_the_distributions():
    odds = _odds()
    assert odds.mean_rounds == 1 * 0.5 + 2 * 0.25 + 4 * 0.25 == 2.0
    assert odds.mean_ru_lost("Red") == 4.0 and odds.mean_ru_lost(1) == 2 * 0.75 + 6 * 0.25
    # -1 (never fired a volley) and 0 are no hit
    assert odds.first_hit_chance("Red") == 0.5 and odds.first_hit_chance("Blue") == 0.0
    assert odds.se.won["Blue"] == 0.02 and odds.se["won"][0] == 0.01


def test_the_summary_says_how_it_was_found_and_gives_errors_only_when_simulated():
    exact = _odds().summary()
    assert exact.startswith("Red vs Blue: exact") and "±" not in exact
    assert "Red: won 50.0%, lost 25.0%, draw 25.0%" in exact and exact.endswith("because")
    assert _odds().exact and not _odds("simulated", 100).exact
    sim = _odds("simulated", 100).summary()
    assert "simulated (100 battles" in sim and "won 25.0% ± 2.0%" in sim


def test_the_standard_error_of_a_share():
    assert binomial_se(0.5, 100) == pytest.approx(0.05)  # sqrt(0.25 / 100)
    assert binomial_se(0.2, 400) == pytest.approx(math.sqrt(0.16 / 400))
    assert binomial_se(0.0, 50) == 0.0 and binomial_se(1.0, 50) == 0.0
    assert binomial_se(0.3, 0) == 0.0


def test_an_exact_answer_has_zero_errors_and_a_simulated_one_the_binomial_errors():
    # A Drone (Battle 1) against a Drone: each volley hits with chance 1/6 on each side.
    b = Battle([Side("A", ships=["Drone"]), Side("B", ships=["Drone"])], seed=1)
    exact = exact_odds(b, max_rounds=3)
    assert exact.method == "exact" and exact.n is None and exact.states
    assert all(v == 0 for v in exact.se.won) and set(exact.se.rounds.values()) == {0.0}
    for i in (0, 1):
        total = exact.won[i] + exact.lost[i] + exact.draw[i] + exact.retreated[i]
        assert total == pytest.approx(1.0)
    assert exact.won["A"] == pytest.approx(exact.won["B"])  # the same fight from both ends
    assert exact.first_hit_chance("A") == pytest.approx(float(Fraction(1, 6)))
    sim = battle_odds(b, max_rounds=3, method="simulated", n=400, seed=2)
    assert sim.method == "simulated" and sim.n == 400 and sim.states is None
    for i in (0, 1):
        assert sim.se.won[i] == pytest.approx(binomial_se(sim.won[i], 400))
