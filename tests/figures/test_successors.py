"""Figures of fleets and designs: exact hit distributions, composition and cost waterfalls."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.errors import InvalidType
from kit.figures.successors import (
    attack_distribution,
    composition_table,
    design_cost,
    fleet_composition,
    hits_table,
    pool_text,
)
from kit.successors import SHIPS, Entity, Fleet, ShipDesign, roll_successes


def tanrac_fleet() -> Fleet:
    fleet = Fleet(
        Entity("TanRac", battle=4, control=4, handling=3, information=2, sensors=2), budget=32
    )
    fleet.buy("Gunboat", 5)
    sats = fleet.buy("Satellite", 10)
    fleet.buy("Tug")
    fleet.buy("Servo", 2)
    fleet.buy("Relay")
    fleet.set_control(sats[:4])
    return fleet


@given(st.lists(st.integers(0, 16), max_size=12))
def test_hits_table_is_a_distribution(dice) -> None:
    rows = hits_table(dice)
    assert sum(r["p"] for r in rows) == 1
    assert rows[0]["at_least"] == 1
    for a, b in itertools.pairwise(rows):
        assert b["at_least"] == a["at_least"] - a["p"]
    parts = [p for d in dice for p in ([5] * (d // 5) + ([d % 5] if d % 5 else []))]
    assert len(rows) - 1 <= len(parts)


def test_one_die_by_hand() -> None:
    # A rank 3 die hits on 1-3; a rank 5 (or higher part) die on 1-5, never on a 6.
    assert [r["p"] for r in hits_table([3])] == [Fraction(1, 2), Fraction(1, 2)]
    assert [r["p"] for r in hits_table([5, 5])] == [
        Fraction(1, 36),
        Fraction(10, 36),
        Fraction(25, 36),
    ]
    assert hits_table([]) == [{"hits": 0, "p": Fraction(1), "at_least": Fraction(1)}]


def test_attack_distribution_matches_a_monte_carlo_of_the_pool() -> None:
    fleet = tanrac_fleet()
    fig = attack_distribution(fleet)
    exact = {int(k): p for k, p in zip(fig.data[0].x, fig.data[0].y)}
    dice = fleet.attack_pool()
    rng = np.random.default_rng(5)
    n = 20_000
    hits = np.array([roll_successes(dice, rng) for _ in range(n)])
    mean = sum(k * p for k, p in exact.items())
    var = sum((k - mean) ** 2 * p for k, p in exact.items())
    assert abs(hits.mean() - mean) < 4 * (var / n) ** 0.5
    for k in (5, 6, 7):
        p = exact[k]
        assert abs((hits == k).mean() - p) < 4 * (p * (1 - p) / n) ** 0.5
    assert "5 dice at rank 4, 12 at rank 1" in fig.layout.title.text
    assert [t.type for t in fig.data] == ["bar", "scatter"]


def test_attack_distribution_by_phase_and_from_dice() -> None:
    fleet = Fleet(Entity("Releata", battle=8, control=3, edges=["Combat Reflexes"]), budget=32)
    ships = fleet.buy("Battleship", 2) + fleet.buy("Drone", 8)
    fleet.set_control(ships[:3])
    first = attack_distribution(fleet, phase="first")
    assert len(first.data[0].x) == 13 and "First Strike" in first.layout.title.text
    last = attack_distribution(fleet, phase="last")
    assert list(last.data[0].y) == [1.0] and "no dice" in last.layout.title.text
    assert list(attack_distribution([4]).data[0].y) == pytest.approx([1 / 3, 2 / 3])
    with pytest.raises(InvalidType):
        attack_distribution([4], phase="main")
    assert pool_text([]) == "no dice"


def test_fleet_composition_adds_up_to_the_fleet() -> None:
    fleet = tanrac_fleet()
    rows = composition_table(fleet)
    assert sum(r["ru"] for r in rows) == fleet.spent == 32
    assert [r["role"] for r in rows] == ["warship", "static", "carrier", "handling", "sensors"]
    fig = fleet_composition(fleet)
    ru_bars, count_bar = fig.data[:-1], fig.data[-1]
    assert sum(t.x[0] for t in ru_bars) == 32
    assert sum(count_bar.x) == len(fleet.ships) == 19
    assert "(0 left)" in fig.layout.title.text
    fleet.buy("Juggernaut")
    assert "(31 over)" in fleet_composition(fleet).layout.title.text
    empty = fleet_composition(Fleet())
    assert empty.layout.annotations[-1].text == "No ships yet"
    with pytest.raises(InvalidType):
        composition_table("fleet")


def test_custom_designs_are_grouped_as_custom() -> None:
    fleet = Fleet(budget=20)
    fleet.buy(ShipDesign(battle=2, first_strike=True, drive="fast"), label="Lancer")
    assert composition_table(fleet) == [
        {"name": "Lancer", "role": "custom", "count": 1, "each": 7.5, "ru": 7.5}
    ]


@pytest.mark.parametrize(
    "name", ["FORTRESS", "HVY JUMP CARRIER", "SEIGE CANNON", "DATANET", "DRONE"]
)
def test_design_cost_waterfall_totals_the_cost(name) -> None:
    design = SHIPS[name].design
    fig = design_cost(design, compare=name)
    w = fig.data[0]
    assert w.measure[-1] == "total" and w.y[-1] == design.cost == SHIPS[name].cost
    assert sum(w.y[:-1]) == pytest.approx(design.cost)
    assert fig.layout.shapes[0].y0 == SHIPS[name].cost
    with pytest.raises(InvalidType):
        design_cost("Fortress")


def test_every_role_has_its_own_colour() -> None:
    from kit.figures.successors import ROLE_COLORS
    from kit.successors.ships import ROLES

    assert set(ROLE_COLORS) == {*ROLES, "custom"}
    assert len(set(ROLE_COLORS.values())) == len(ROLE_COLORS)
