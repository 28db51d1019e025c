"""Star system and sector handouts (kit.handouts.stars): the GM's full sheet, and the players' page
from their projection alone."""

from __future__ import annotations

import re

import pytest

from kit.handouts import handout
from kit.successors.sector import generate_sector
from kit.successors.stars import generate_system


# ---------------------------------------------------------------- star systems
def giant_system():
    for seed in range(400):
        system = generate_system(seed=seed)
        if system.star.size in ("Giant", "Supergiant") and len(system.orbits) >= 3:
            return system
    pytest.skip("no giant star in the first 400 seeds")


@pytest.mark.parametrize("sensors", [0, 1, 2])
def test_star_size_is_withheld_below_3_successes(sensors):
    system = giant_system()
    star = system.star
    gm = handout(system, fmt="html")
    player = handout(system, audience="player", fmt="html", sensors=sensors, current_orbit=1)
    assert f"{star.size}, brightness" in gm
    # neither the text nor the figure (title, hover, marker) tells a giant from a dwarf
    assert f"Type {star.spectral_class} {star.size}" not in player
    assert f"</b> {star.size}" not in player
    assert not re.search(r"brightness \d", player)  # (plotly.js itself says "brightness(")
    assert f"{len(system.orbits)} orbits" in player


def test_star_size_is_known_at_3_successes():
    system = giant_system()
    assert system.star.size in handout(system, audience="player", sensors=3)


# ---------------------------------------------------------------- sectors
def test_sector_player_handout_does_not_count_unknown_systems(both):
    sector = generate_sector(37, seed=3)
    a, b = sorted(sector.graph.edges)[0]
    sector.record_jump(a, b)
    gm, player = both(sector)
    assert "**Systems:** 37" in gm and "<dd>37</dd>" in gm
    assert "37" not in re.sub(
        r"\d+\.\d", "", player.split("Position")[0]
    )  # nowhere before the table
    assert "**Known systems:** 2" in player
    assert sector.names[max(set(range(37)) - {a, b})] not in player


def test_star_system_player_view_is_redacted():
    system = next(s for s in (generate_system(seed=k) for k in range(50)) if len(s.orbits) >= 4)
    gm = handout(system)
    blind = handout(system, audience="player", sensors=0)
    assert blind.count("| unknown |") == len(system.orbits)
    assert gm.count("| unknown |") == 0
    near = handout(system, audience="player", sensors=1, current_orbit=1)
    assert near.count("| unknown |") == len(system.orbits) - 1


def test_sector_player_sees_only_known_systems():
    sector = generate_sector(40, seed=3)
    a, b = sorted(sector.graph.edges)[0]
    sector.record_jump(a, b)
    player = handout(sector, audience="player", reveal=[sector.names[5]])
    gm = handout(sector)
    assert player.count("| Type ") == len({a, b, 5})
    assert gm.count("| Type ") == 40
    assert "Known routes" in player  # the sector's history, read as the players' travel
