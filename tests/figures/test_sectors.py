"""Sector maps: the GM's map of everything, WebGL and 3D choices, a centred view, bad options.

The players' map is drawn by kit.figures.player_map (tests/figures/test_player_map.py); what a
player map leaks or hides of a campaign is tested in tests/campaign/test_player_views.py.
"""

from __future__ import annotations

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.figures.sectors import sector_map
from kit.figures.star_style import CLASS_COLORS, STAR_EDGE
from kit.successors.sector import Sector, generate_sector
from tests.factories import line_sector


def test_sector_map_2d_with_route_and_gate():
    s = generate_sector(150, seed=3)
    s.add_gate(0, 100, 2)
    r = s.route(0, 100)
    fig = sector_map(s, route=r, selected=5)
    names = [t.name for t in fig.data]
    assert "Hyper Gates" in names and any(n.startswith("route: 1 legs") for n in names)
    assert "1.0 expected days" in fig.layout.title.text
    classes = s.spectral_classes()
    for cls in set(classes):
        tr = next(t for t in fig.data if t.name == f"Type {cls}")
        assert len(tr.x) == classes.count(cls) and tr.marker.color == CLASS_COLORS[cls]
        # every dot is outlined, so the pale classes stand out on a white page
        assert tr.marker.line.width == 1 and tr.marker.line.color == STAR_EDGE
    assert all(t.type == "scatter" for t in fig.data)


def test_sector_map_webgl_and_3d():
    big = generate_sector(1500, seed=1)
    assert {t.type for t in sector_map(big).data} == {"scattergl"}
    s3 = generate_sector(100, seed=2, dims=3)
    fig = sector_map(s3, route=s3.route(0, 1) if s3.graph.has_node(1) else None)
    assert {t.type for t in fig.data} == {"scatter3d"}
    with pytest.raises(ValueError, match="dims"):
        sector_map(s3, dims=4)


def _routes(fig, name: str) -> set[tuple[float, float]]:
    """The (x of one end, x of the other) of every segment in the trace called ``name``."""
    trace = next((t for t in fig.data if t.name == name), None)
    if trace is None:
        return set()
    xs = list(trace.x)
    return {(xs[k], xs[k + 1]) for k in range(0, len(xs), 3)}


def test_a_line_sector_joins_only_neighbours_within_one_jump():
    # five systems 6 ly apart, jumps of at most 10 ly: 0-6, 6-12, 12-18, 18-24 and nothing else
    sector = line_sector(("A", "B", "C", "D", "E"))
    fig = sector_map(sector)
    assert _routes(fig, "unknown routes") == {(0, 6), (6, 12), (12, 18), (18, 24)}
    assert fig.layout.yaxis.scaleanchor == "x"  # light years at one scale on both axes
    assert fig.layout.xaxis.title.text == "x (ly)"
    quiet = sector_map(sector, show_edges=False)
    assert not any("routes" in (t.name or "") for t in quiet.data)
    capped = sector_map(sector, max_edges=2)
    assert len(_routes(capped, "unknown routes")) == 2


def test_flown_routes_and_gates_take_their_own_traces():
    sector = line_sector(("A", "B", "C", "D", "E"))
    sector.record_jump(0, 1, times=sector.rules.locked_after)  # flown often enough: locked
    sector.record_jump(1, 2)  # flown once: known
    sector.add_gate(0, 4)  # a gate spans 24 ly, past any jump
    fig = sector_map(sector)
    assert _routes(fig, "locked routes") == {(0, 6)}
    assert _routes(fig, "known routes") == {(6, 12)}
    assert _routes(fig, "unknown routes") == {(12, 18), (18, 24)}
    gates = next(t for t in fig.data if t.name == "Hyper Gates")
    assert {x for x in gates.x if x is not None} == {0, 24}


def test_a_selected_system_is_marked_by_name_or_index():
    sector = line_sector(("A", "B", "C"))
    by_name, by_index = sector_map(sector, selected="B"), sector_map(sector, selected=1)
    assert by_name.data[-1].name == by_index.data[-1].name == "B"
    assert tuple(by_name.data[-1].x) == (6.0,)


def test_a_three_d_sector_can_be_drawn_flat():
    s3 = Sector([[0, 0, 5], [4, 0, 9]], ["P", "Q"], seed=1)
    assert {t.type for t in sector_map(s3).data} == {"scatter3d"}
    flat = sector_map(s3, dims=2)
    assert {t.type for t in flat.data} == {"scatter"}
    xs = {x for t in flat.data if (t.name or "").startswith("Type ") for x in t.x}
    assert xs == {0, 4}


@pytest.mark.parametrize("wrong", [None, "sector", [[0, 0]]])
def test_only_a_sector_is_drawn(wrong):
    with pytest.raises(InvalidType, match="sector must be"):
        sector_map(wrong)


def test_a_bad_height_names_the_field():
    with pytest.raises(InvalidInput, match="height"):
        sector_map(line_sector(), height=10)
