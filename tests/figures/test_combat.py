"""The outcome figure of battle odds (exact or simulated)."""

from __future__ import annotations

import json

import pytest

from kit.errors import InvalidType
from kit.figures import battle_odds_figure
from kit.successors.combat import Battle, Side, battle_odds, exact_odds

EVIL = "<b>Red</b><img src=x>"


def _duel() -> Battle:
    return Battle([Side(EVIL, ships={"Frigate": 1}), Side("Blue", ships={"Gunboat": 1})])


def test_the_figure_draws_the_exact_outcome_rounds_and_losses() -> None:
    odds = exact_odds(_duel())
    fig = battle_odds_figure(odds)
    bars = {t.name: t for t in fig.data if t.type == "bar" and t.orientation == "h"}
    assert set(bars) == {"won", "draw", "retreated", "lost"}
    assert list(bars["won"].x) == list(odds.won) and bars["won"].error_x.array is None
    (rounds,) = [t for t in fig.data if t.name == "rounds"]
    assert list(rounds.x) == list(odds.rounds) and list(rounds.y) == list(odds.rounds.values())
    lines = [t for t in fig.data if t.type == "scatter"]
    assert [list(t.x) for t in lines] == [list(d) for d in odds.ru_lost]
    assert "exact" in fig.layout.annotations[0].text
    assert "<b>" not in json.dumps(fig.to_plotly_json(), default=str)


def test_simulated_odds_carry_error_bars() -> None:
    odds = battle_odds(_duel(), method="simulated", n=400, seed=1)
    fig = battle_odds_figure(odds)
    (won,) = [t for t in fig.data if t.name == "won"]
    assert list(won.error_x.array) == list(odds.se.won)
    assert "simulated, 400 battles" in fig.layout.annotations[0].text


@pytest.mark.parametrize("wrong", [None, "odds", 3, {"won": 1}])
def test_wrong_types_give_the_kits_invalid_type(wrong: object) -> None:
    with pytest.raises(InvalidType):
        battle_odds_figure(wrong)  # type: ignore[arg-type]
