"""The players' sector map (kit.figures.player_map), drawn from a KnownSector alone.

The projection a map is drawn from is written by hand here: three systems the players know
(Ana, Bel and Cor, on a line 6 ly apart), the routes they know between them, and a 10 ly jump
range. What the projection leaves out of a real campaign is tested in tests/players and
tests/campaign/test_player_views.py; here the drawing itself is checked.
"""

from __future__ import annotations

import json
import math

import pytest

from kit.figures.player_map import draw_known_sector
from kit.figures.star_style import CLASS_COLORS, ROUTE_STYLES
from kit.players import KnownRoute, KnownSector, KnownSystemPlace

PLACES = (
    KnownSystemPlace("Ana", (0.0, 0.0), "G"),
    KnownSystemPlace("Bel", (6.0, 0.0), "M"),
    KnownSystemPlace("Cor", (12.0, 0.0), "G"),
)
ROUTES = (KnownRoute("Ana", "Bel", "known"), KnownRoute("Bel", "Cor", "gate"))


def known(**changes) -> KnownSector:
    fields = dict(name="Reach", dims=2, max_range=10.0, systems=PLACES, routes=ROUTES)
    return KnownSector(**(fields | changes))


def trace(fig, name):
    return next((t for t in fig.data if t.name == name), None)


def test_each_known_system_is_drawn_once_in_its_class_colour():
    fig = draw_known_sector(known())
    g, m = trace(fig, "Type G"), trace(fig, "Type M")
    assert list(g.x) == [0.0, 12.0] and list(m.x) == [6.0]
    assert g.marker.color == CLASS_COLORS["G"] and m.marker.color == CLASS_COLORS["M"]
    assert list(g.text) == ["Ana", "Cor"]  # few systems: names written beside them
    assert list(g.hovertext) == ["Ana (Type G)", "Cor (Type G)"]
    assert trace(fig, "Type K") is None  # no empty traces for classes nobody knows


def test_routes_take_the_style_of_their_status():
    fig = draw_known_sector(known())
    routes, gates = trace(fig, "known routes"), trace(fig, "Hyper Gates")
    assert list(routes.x) == [0.0, 6.0, None] and list(gates.x) == [6.0, 12.0, None]
    colour, width, dash = ROUTE_STYLES["gate"]
    assert (gates.line.color, gates.line.width, gates.line.dash) == (colour, width, dash)
    # without edges the gates stay: a gate is a place to go, not just a line
    bare = draw_known_sector(known(), show_edges=False)
    assert trace(bare, "known routes") is None and trace(bare, "Hyper Gates") is not None


def test_dim_draws_one_jump_range_around_each_known_system_and_hide_does_not():
    fig = draw_known_sector(known(), unknown="dim")
    ring = trace(fig, "within one jump")
    points = [(x, y) for x, y in zip(ring.x, ring.y) if x is not None]
    assert len(points) == 3 * 49  # a closed ring of 48 steps around each system
    centres = [p.position for p in PLACES]
    for x, y in points:
        assert min(abs(math.dist((x, y), c) - 10.0) for c in centres) < 1e-9
    assert trace(draw_known_sector(known(), unknown="hide"), "within one jump") is None
    # a 3D map draws no spheres, so dim and hide are the same there
    in_3d = known(
        dims=3,
        systems=tuple(
            KnownSystemPlace(p.name, (*p.position, 1.0), p.spectral_class) for p in PLACES
        ),
    )
    assert trace(draw_known_sector(in_3d, unknown="dim"), "within one jump") is None
    assert {t.type for t in draw_known_sector(in_3d).data} == {"scatter3d"}


def test_the_title_counts_what_is_known_and_names_the_centre():
    fig = draw_known_sector(known())
    assert fig.layout.title.text == "Reach: 3 known systems, 2 known routes (player view)"
    near = draw_known_sector(known(center="Bel", within=1))
    assert "within 1 jumps of Bel" in near.layout.title.text
    assert draw_known_sector(known(), title="Our map").layout.title.text == "Our map"


def test_a_route_to_an_unknown_system_says_so_and_a_mark_is_drawn():
    fig = draw_known_sector(
        known(route=(("Ana", "Bel"),), route_ends=("Ana", None), selected="Cor")
    )
    assert fig.layout.title.text == "Reach: Ana -> an unknown system (player view)"
    drawn = next(t for t in fig.data if (t.name or "").startswith("route"))
    assert [x for x in drawn.x if x is not None] == [0.0, 6.0]
    mark = trace(fig, "Cor")
    assert list(mark.x) == [12.0] and mark.showlegend is False


def test_names_are_escaped_and_labels_can_be_turned_off():
    evil = '<a href="x">Vex</a>'
    places = (KnownSystemPlace(evil, (0.0, 0.0), "G"),)
    fig = draw_known_sector(known(systems=places, routes=(), name=evil), labels=False)
    text = json.dumps(fig.to_plotly_json(), default=str)
    assert "<a href" not in text and "&lt;a href" in text
    assert trace(fig, "Type G").text is None and trace(fig, "Type G").mode == "markers"


@pytest.mark.parametrize("n, webgl", [(3, False), (1001, True)])
def test_webgl_past_a_thousand_systems(n, webgl):
    places = tuple(KnownSystemPlace(f"S{k}", (float(k), 0.0), "M") for k in range(n))
    fig = draw_known_sector(known(systems=places, routes=()), unknown="hide")
    assert {t.type for t in fig.data} == {"scattergl" if webgl else "scatter"}
