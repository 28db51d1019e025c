"""Figures treat user text as text, refuse wrong types with the kit's error, keep player secrets.

Issue #11. Plotly renders a subset of HTML in titles, hover text, legends and annotations, so a
name like ``<a href="https://evil">Vex</a>`` became a live link. Every figure built from user
named objects is checked here: no tag a user typed survives into the figure's JSON.

The player star system figure drew the star larger for a Giant and put its size and brightness
in the title and hover; at 0 Sensors successes the text gives only the type of star and the
number of orbits.
"""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from kit.boards import StandardBoard
from kit.errors import InvalidInput, InvalidType
from kit.figures import (
    attack_distribution,
    board_outcomes,
    combat_losses,
    combat_timeline,
    design_cost,
    fleet_composition,
    sector_map,
    star_system_figure,
)
from kit.successors import Entity
from kit.successors.combat import Battle, Side, simulate
from kit.successors.fleets import Fleet
from kit.successors.sector import generate_sector
from kit.successors.stars import generate_system
from kit.successors.stars.sensors import redact

EVIL = '<a href="https://evil.example">Vex</a><img src=x onerror=alert(1)>'
#: A tag a user could have typed, as plotly would read it (the figure JSON escapes nothing).
TAG = re.compile(r"<\s*(a|img|script|iframe|span|b|i)\b", re.IGNORECASE)


def _no_user_tags(fig, named: bool = True) -> None:
    text = json.dumps(fig.to_plotly_json(), default=str)
    assert not named or "evil.example" in text  # the name is there...
    bad = [m.group(0) for m in TAG.finditer(text) if m.group(0).lower() not in ("<b",)]
    assert not bad, bad  # ...but never as a tag
    assert "<a href" not in text and "<img" not in text


def _evil_fleet() -> Fleet:
    fleet = Fleet(Entity(EVIL, battle=4, control=4), budget=32)
    fleet.buy("GUNBOAT", 2, label=EVIL)
    return fleet


def test_fleet_figures_escape_the_owner():
    fleet = _evil_fleet()
    _no_user_tags(fleet_composition(fleet))
    _no_user_tags(attack_distribution(fleet), named=False)


def test_star_system_figure_escapes_name_secrets_and_installations():
    system = generate_system(seed=11)
    system = dataclasses.replace(system, name=EVIL)
    fig = star_system_figure(system)
    _no_user_tags(fig)
    _no_user_tags(star_system_figure(system, view="player", successes=0))


def test_sector_map_escapes_names():
    sector = generate_sector(6, seed=4, name=EVIL)
    names = [EVIL + str(i) for i in range(sector.n)]
    from kit.successors.sector import Sector

    renamed = Sector(sector.positions, names, seed=sector.seed, name=EVIL)
    _no_user_tags(sector_map(renamed, selected=0))


def test_board_figure_escapes_the_title():
    board = StandardBoard([6, 5, 7, 4], goal=3, title=EVIL)
    _no_user_tags(board_outcomes(board))


def test_combat_figures_escape_side_names():
    from kit.successors.examples import releata

    battle = Battle(
        [Side(EVIL, releata(), ships=[("Drone", 2)]), Side(EVIL + "2", ships=[("Gunboat", 2)])],
        seed=2,
    )
    battle.step_round()
    _no_user_tags(combat_timeline(battle))
    _no_user_tags(combat_losses(simulate(battle, 20, seed=1, progress=False)))


@pytest.mark.parametrize(
    "fn",
    [
        fleet_composition,
        attack_distribution,
        design_cost,
        star_system_figure,
        sector_map,
        board_outcomes,
        combat_timeline,
        combat_losses,
    ],
)
@pytest.mark.parametrize("wrong", [None, "fleet", 3, {"a": 1}])
def test_wrong_types_give_the_kits_invalid_type(fn, wrong):
    with pytest.raises(InvalidType):
        fn(wrong)


def test_bad_options_give_the_kits_errors():
    system = generate_system(seed=11)
    with pytest.raises(InvalidInput, match="view"):
        star_system_figure(system, view="everyone")
    with pytest.raises(InvalidInput, match="dims"):
        sector_map(generate_sector(5, seed=1), dims=4)


# ---------------------------------------------------------------- what a player sees of a star
def _giant_system():
    for seed in range(400):
        system = generate_system(seed=seed)
        if system.star.size in ("Giant", "Supergiant") and system.orbits:
            return system
    pytest.skip("no giant star in the first 400 seeds")


def _star_texts(fig) -> str:
    star = [t for t in fig.data if str(t.name).startswith("Type ")]
    assert len(star) == 1
    return " ".join([str(fig.layout.title.text), str(star[0].hovertemplate)])


def test_player_star_figure_shows_type_and_orbit_count_only():
    system = _giant_system()
    star = system.star
    gm = star_system_figure(system)
    assert star.size in _star_texts(gm)  # the GM sees the size
    for successes in (0, 1, 2):
        fig = star_system_figure(redact(system, successes))
        texts = _star_texts(fig)
        assert star.size not in texts, successes  # the text withholds it below 3 successes
        assert "brightness" not in texts
        assert f"Type {star.spectral_class}" in texts
        assert f"{len(system.orbits)} orbits" in texts
        sizes = {t.marker.size for t in fig.data if str(t.name).startswith("Type ")}
        assert sizes == {22}  # every star is drawn the same size in such a figure
        # and nothing about the star beyond its type is anywhere in the figure's data
        data = json.dumps(fig.to_plotly_json(), default=str)
        assert f"{star.size}<" not in data and "brightness" not in data
    # 3 successes give "detailed information about the entire system": the star included
    assert star.size in _star_texts(star_system_figure(redact(system, 3)))


def test_bad_selections_give_the_kits_errors():
    system = generate_system(seed=11)
    with pytest.raises(InvalidInput, match="selected"):
        star_system_figure(system, selected=999)
    sector = generate_sector(5, seed=1)
    with pytest.raises(InvalidInput, match="not in this sector"):
        sector_map(sector, selected="Nowhere")
    with pytest.raises(InvalidInput, match="system"):
        sector_map(sector, selected=99)
    assert sector_map(sector, selected=sector.names[2]).data[-1].name == sector.names[2]
