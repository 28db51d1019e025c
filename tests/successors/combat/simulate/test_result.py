"""The result of a battle Monte Carlo (:class:`BattleSimulation`): it prints as a short summary,
not as its arrays (issue #13), and its shares, means, distributions and standard errors are
the ones counted by hand from its arrays."""

from __future__ import annotations

import numpy as np
import pytest

from kit.errors import InvalidInput, InvalidType
from kit.successors.combat import AutoPolicy, BattleSimulation, simulate
from kit.successors.combat.simulate import OUTCOMES
from kit.successors.examples import example_one


def _codes(*names: str) -> list[int]:
    return [OUTCOMES.index(n) for n in names]


def test_repr_gives_shares_mean_rounds_and_method():
    # four battles: side A won, won, lost, retreated -> won 50%, draw 0%, retreated 25%,
    # lost 25%; side B lost, lost, won, won -> won 50%, lost 50%; rounds 1+2+3+6 = 12 -> 3.00
    outcome = np.array(
        [
            _codes("won", "lost"),
            _codes("won", "lost"),
            _codes("lost", "won"),
            _codes("retreated", "won"),
        ]
    )
    r = BattleSimulation(
        ["Alpha", "Beta"], outcome, np.zeros((4, 2)), np.array([1, 2, 3, 6]), 11, "engine"
    )
    assert repr(r) == (
        "BattleSimulation(n=4, engine='engine', seed=11, mean rounds 3.00; "
        "Alpha: won 50.0% draw 0.0% retreated 25.0% lost 25.0%; "
        "Beta: won 50.0% draw 0.0% retreated 0.0% lost 50.0%)"
    )
    # the arrays are still there, untouched
    assert r.outcome is outcome and r.rounds.tolist() == [1, 2, 3, 6]
    # a share's standard error is sqrt(p (1 - p) / n): Alpha won 2 of 4
    assert r.probability(0, "won") == 0.5
    assert r.standard_error(0, "won") == (0.5 * 0.5 / 4) ** 0.5


def test_repr_stays_short_for_many_battles():
    n = 50_000
    outcome = np.zeros((n, 3), int)
    outcome[:, 1] = OUTCOMES.index("lost")
    outcome[:, 2] = OUTCOMES.index("draw")
    r = BattleSimulation(["A", "B", "C"], outcome, np.zeros((n, 3)), np.full(n, 2), 0, "fast")
    text = repr(r)
    assert len(text) < 300 and "array" not in text and "..." not in text
    assert "n=50000" in text and "A: won 100.0%" in text and "C: won 0.0% draw 100.0%" in text


def test_repr_of_a_real_run_matches_its_own_numbers():
    r = simulate(example_one(), 300, seed=4, policy=AutoPolicy(takeover=False), method="fast")
    won = float(np.mean(r.outcome[:, 0] == OUTCOMES.index("won")))
    text = repr(r)
    assert text.startswith("BattleSimulation(n=300, engine='fast', seed=4, mean rounds ")
    assert f"Releata: won {won:.1%}" in text
    assert f"mean rounds {r.rounds.mean():.2f}" in text


def test_probability_with_its_arguments_swapped_names_the_argument_and_what_is_allowed():
    r = BattleSimulation(
        ["Raiders", "Guard"],
        np.array([[0, 1], [1, 0], [0, 1], [2, 2]]),
        np.zeros((4, 2)),
        np.array([1, 2, 3, 4]),
        7,
        "fast",
    )
    # 2 of 4 battles won by side 0, 1 lost, 1 drawn (counted from the arrays above)
    assert r.probability(0, "won") == 0.5 and r.probability("Raiders", "lost") == 0.25
    assert r.probability("Guard", "won") == 0.25
    with pytest.raises(InvalidInput, match=r"side must be .*0\.\.1.*'Raiders', 'Guard'.*'won'"):
        r.probability("won", 1)
    with pytest.raises(InvalidInput, match="side must be"):
        r.probability(2, "won")
    with pytest.raises(InvalidType, match="side must be"):
        r.probability(1.0, "won")  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="outcome must be one of 'won', 'lost'"):
        r.probability(0, "victory")
    with pytest.raises(InvalidInput, match="side must be"):
        r.loss_distribution(-1)
    with pytest.raises(InvalidInput, match="outcome must be"):
        r.standard_error(0, "wins")


def test_shares_means_distributions_and_their_errors_are_counted_from_the_arrays():
    # four battles: A won, won, won, drew; B lost, lost, retreated, drew
    outcome = np.array(
        [
            _codes("won", "lost"),
            _codes("won", "lost"),
            _codes("won", "retreated"),
            _codes("draw", "draw"),
        ]
    )
    ru_lost = np.array([[8, 0], [0, 4], [0, 2], [0, 0]], float)
    r = BattleSimulation(["A", "B"], outcome, ru_lost, np.array([1, 2, 3, 6]), 5, "engine")
    assert r.n == 4 and r.method == "simulated"
    assert r.won == (0.75, 0.0) and r.lost == (0.0, 0.5)
    assert r.draw == (0.25, 0.25) and r.retreated == (0.0, 0.25)
    assert r.mean_rounds == 3.0 and r.mean_ru_lost == (2.0, 1.5)
    assert r.loss_distribution("A") == {0.0: 0.75, 8.0: 0.25}
    assert r.loss_distribution(1) == {0.0: 0.5, 2.0: 0.25, 4.0: 0.25}
    assert r.rounds_distribution() == {1: 0.25, 2: 0.25, 3: 0.25, 6: 0.25}
    # errors under the same names: sqrt(p (1 - p) / n) for shares, s / sqrt(n) for means
    se = r.se
    assert se.won == pytest.approx(((0.75 * 0.25 / 4) ** 0.5, 0.0))
    assert se["retreated"][1] == pytest.approx((0.25 * 0.75 / 4) ** 0.5)
    # rounds 1, 2, 3, 6 about their mean 3: squares 4 + 1 + 0 + 9 = 14 over n - 1 = 3
    assert se.mean_rounds == pytest.approx((14 / 3) ** 0.5 / 2)
    # A's losses 8, 0, 0, 0 about their mean 2: 36 + 4 + 4 + 4 = 48 over 3
    assert se.mean_ru_lost[0] == pytest.approx(4 / 2)
    a, b = r.odds()
    assert (a["side"], a["won"], a["draw"], a["ru_lost_mean"]) == ("A", 0.75, 0.25, 2.0)
    # percentiles between the sorted losses 0, 0, 0, 8: the 90th lies 0.7 of the way 0 -> 8
    assert (a["ru_lost_p10"], a["ru_lost_p50"]) == (0.0, 0.0)
    assert a["ru_lost_p90"] == pytest.approx(5.6)
    assert b["lost"] == 0.5 and b["retreated"] == 0.25
    assert r.summary().splitlines()[0] == "4 battles (engine, seed 5), mean rounds 3.00"
