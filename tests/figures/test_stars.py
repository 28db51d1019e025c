"""The star-system figure: the right traces, hover text and views (GM and player)."""

from __future__ import annotations

import pytest

from kit.figures.stars import CLASS_COLORS, star_system_figure
from kit.successors.stars import Body, Orbit, Secret, Star, StarSystem, redact


@pytest.fixture
def system():
    gg = Body("Gas Giant", 60000, None, 300, moons=(Body("Planetoid, Small", 900, 5, 12),))
    world = Body(
        "Planet", 9600, 20, 150, surface_ru=5, biosphere="Sentience", technology="Space faring"
    )
    belt = Body("Asteroid Belt", crust_ru=50, composition="Rocky", density="Thick")
    return StarSystem(
        Star("G", 3, "Dwarf"),
        [
            Orbit(1, world),
            Orbit(2, installations="from orbit 1"),
            Orbit(3, gg),
            Orbit(4, belt, secrets=(Secret("hidden base"),)),
        ],
        name="Demo",
    )


def hover_text(fig):
    return "\n".join(
        str(t)
        for tr in fig.data
        for t in (tr.text if isinstance(tr.text, (list, tuple)) else [tr.text or ""])
    )


def test_gm_view_shows_everything(system):
    fig = star_system_figure(system)
    names = [t.name for t in fig.data]
    assert {"Planet", "Gas Giant", "Belt", "Moons"} <= set(names)
    star = next(t for t in fig.data if t.x == (0,))
    assert star.marker.color == CLASS_COLORS["G"]
    text = hover_text(fig)
    for piece in (
        "surface 5 RU",
        "biosphere: Sentience",
        "technology: Space faring",
        "Rocky, Thick: 50 RU",
        "secret: hidden base",
        "installations from orbit 1",
        "crust n/a RU, core 300 RU",
    ):
        assert piece in text
    assert fig.layout.template is not None and "GM view" in fig.layout.title.text
    rings = [t for t in fig.data if t.mode == "lines"]
    assert len(rings) == 4 and rings[3].line.dash == "dot"


def test_player_view_hides_unknown_orbits(system):
    fig = star_system_figure(system, view="player", successes=1, current_orbit=1)
    text = hover_text(fig)
    assert "Sentience" in text and "Gas Giant" not in text and "hidden base" not in text
    assert any(t.name == "Unknown" for t in fig.data)
    assert sum(1 for t in fig.data if t.mode == "lines" and t.line.dash == "dash") == 3
    same = star_system_figure(redact(system, 1, current_orbit=1))
    assert len(same.data) == len(fig.data)


def test_selected_orbit_is_highlighted(system):
    fig = star_system_figure(system, selected=3)
    rings = [t for t in fig.data if t.mode == "lines"]
    assert rings[2].line.width > rings[0].line.width


def test_empty_system_figure():
    fig = star_system_figure(StarSystem(Star("O", 0, "Supergiant")))
    assert "0 orbits" in fig.layout.title.text
