"""Seeded random sectors (kit.successors.sector.generate): the same seed gives the same sector,
the region is sized by the wanted density, and a density past the budget is refused."""

from __future__ import annotations

import math

import pytest

from kit.errors import InvalidInput
from kit.successors.sector import SectorRules, generate_sector


def test_sector_generation_is_seeded_and_sized_by_density():
    a, b = generate_sector(400, seed=1, density=0.04), generate_sector(400, seed=1, density=0.04)
    assert a == b and a.names == b.names
    assert a.positions.max() <= (400 / 0.04) ** 0.5
    assert generate_sector(400, seed=2) != a
    c = generate_sector(400, seed=1, dims=3)
    assert c.dims == 3 and c.graph.number_of_edges() > 0
    assert len(set(a.names)) == 400


def test_generate_sector_refuses_a_density_past_the_budget():
    # 0.5 systems per ly^2 puts 0.5 * pi * 10^2 = 157 within one range
    with pytest.raises(InvalidInput, match=r"about 157 systems within one 10 ly"):
        generate_sector(50, seed=1, density=0.5)
    # 0.3 per ly^2: about 94, within the budget of 100
    assert generate_sector(50, seed=1, density=0.3).n == 50


def test_the_default_density_puts_about_eight_systems_in_a_jump_range():
    # 8 / (pi r^2) per ly^2 at r = 10: a square of side sqrt(n / density)
    s = generate_sector(200, seed=3)
    side = (200 * math.pi * 100 / 8) ** 0.5
    assert s.positions.min() >= 0 and s.positions.max() <= side
    assert s.positions.max() > 0.9 * side  # the whole square is used
    # a ball in 3D: 8 / (4/3 pi r^3) per ly^3
    cube = generate_sector(200, seed=3, dims=3)
    assert cube.positions.max() <= (200 * 4 / 3 * math.pi * 1000 / 8) ** (1 / 3)
    # interior systems average about 8 neighbours; the edges of the square have fewer
    assert 4 < 2 * s.graph.number_of_edges() / s.n < 9


def test_max_range_name_and_rules_are_passed_on():
    s = generate_sector(20, seed=1, max_range=6.0, name="Rim", rules=SectorRules(gate_days=2))
    assert s.rules.max_range == 6.0 and s.rules.gate_days == 2 and s.name == "Rim"
    assert all(d["ly"] <= 6.0 for _, _, d in s.graph.edges(data=True))


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"n": 0}, "n"),
        ({"dims": 4}, "dims"),
        ({"density": -1.0}, "density"),
        ({"max_range": 0}, "max_range"),
    ],
)
def test_bad_options_name_their_field(kwargs, field):
    options = {"n": 10, "seed": 1, **kwargs}
    with pytest.raises(InvalidInput, match=field):
        generate_sector(**options)
