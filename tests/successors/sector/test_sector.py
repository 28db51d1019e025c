"""Sectors: spatial index, jump successes, history, gates, lazy systems, save/load, export."""

from __future__ import annotations

import subprocess
import sys

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.errors import IllegalAction, InvalidInput, SaveFileError
from kit.successors.sector import (
    GridIndex,
    Sector,
    SectorRules,
    from_graph_json,
    from_graphml,
    generate_sector,
    naive_pairs,
    system_seed,
    to_graph_json,
    to_graphml,
)
from kit.successors.stars import Body, Orbit, Star, StarSystem, generate_system


def line_sector(gaps, **kw):
    xs = np.concatenate([[0.0], np.cumsum(gaps)])
    return Sector(np.c_[xs, np.zeros_like(xs)], [f"S{i}" for i in range(len(xs))], seed=1, **kw)


def test_public_api():
    s = generate_sector(50, seed=2)
    assert isinstance(s.graph, nx.Graph) and s.graph.number_of_nodes() == 50
    assert s.route(0, 0).systems == (0,)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 300), st.sampled_from([2, 3]), st.floats(0.5, 20))
def test_grid_pairs_equal_naive_pairs(seed, n, dims, radius):
    pts = np.random.default_rng(seed).uniform(0, 40, size=(n, dims))
    i, j, d = GridIndex(pts, radius).pairs_within(radius)
    a, b, c = naive_pairs(pts, radius)
    assert set(zip(i.tolist(), j.tolist())) == set(zip(a.tolist(), b.tolist()))
    assert np.allclose(np.sort(d), np.sort(c))
    idx = GridIndex(pts, radius)
    near = idx.near(pts[0], radius * 1.7)
    brute = np.flatnonzero(np.sqrt(((pts - pts[0]) ** 2).sum(1)) <= radius * 1.7)
    assert near.tolist() == brute.tolist()


@pytest.mark.parametrize(
    "ly,known,unknown",
    [
        (1, 1, 1),
        (3, 1, 1),
        (3.01, 1, 2),
        (5, 1, 2),
        (6, 2, 2),
        (9, 2, 3),
        (10, 2, 4),
        (15, 3, 5),
        (16, 4, 6),
    ],
)
def test_needed_successes(ly, known, unknown):
    r = SectorRules()
    assert r.needed(ly, "known") == known and r.needed(ly, "unknown") == unknown
    assert r.needed(ly, "locked") == 1


def test_history_makes_routes_known_then_locked():
    s = line_sector([9.0, 9.0])
    assert s.status(0, 1) == "unknown" and s.needed_successes(0, 1) == 3
    assert s.graph.edges[0, 1]["successes"] == 3
    s.record_jump("S0", "S1")
    assert s.status(1, 0) == "known" and s.graph.edges[0, 1]["successes"] == 2
    s.record_jump(0, 1, times=8)
    assert s.status(0, 1) == "known"
    s.record_jump(1, 0)
    assert s.jumps_made(0, 1) == 10 and s.status(0, 1) == "locked"
    assert s.graph.edges[0, 1]["successes"] == 1 and s.graph.edges[0, 1]["status"] == "locked"
    s.undo()
    assert s.status(0, 1) == "known" and s.graph.edges[0, 1]["status"] == "known"


def test_edges_only_within_range_plus_history_and_gates():
    s = line_sector([9.0, 11.0, 4.0])
    assert sorted(s.graph.edges) == [(0, 1), (2, 3)]
    s.add_gate(1, 2, size=3)
    assert s.graph.edges[1, 2]["gate"] == 3
    s.remove_gate(1, 2)
    assert not s.graph.has_edge(1, 2)
    s.record_jump(0, 3)  # a long jump made anyway joins the graph as a known route
    assert s.graph.edges[0, 3]["status"] == "known"
    with pytest.raises(IllegalAction, match="no Hyper Gate"):
        s.remove_gate(1, 2)


def test_lazy_systems_from_derived_seeds_and_gm_edits():
    s = generate_sector(300, seed=9)
    assert s._systems == {}
    assert s.system(17) == generate_system(system_seed(9, 17), name=s.names[17])
    assert s.star(18) == s.system(18).star
    assert len(s._systems) == 2
    mine = StarSystem(Star("K"), [Orbit(1, Body("Planet", 8000, 10, 100))], name="Mine")
    s.set_system(5, mine)
    assert s.system(5) == mine and s.star(5).spectral_class == "K"
    s.undo()
    assert s.system(5) != mine


def test_sector_generation_is_seeded_and_sized_by_density():
    a, b = generate_sector(400, seed=1, density=0.04), generate_sector(400, seed=1, density=0.04)
    assert a == b and a.names == b.names
    assert a.positions.max() <= (400 / 0.04) ** 0.5
    assert generate_sector(400, seed=2) != a
    c = generate_sector(400, seed=1, dims=3)
    assert c.dims == 3 and c.graph.number_of_edges() > 0
    assert len(set(a.names)) == 400


def test_round_trip_with_history_gates_and_edits():
    s = generate_sector(120, seed=4, dims=3, max_range=12)
    s.record_jump(0, 1, 3)
    s.add_gate(2, 50, 2)
    s.set_system(7, generate_system(seed=1, name="Edited"))
    t = Sector.from_json(s.to_json())
    assert t == s and t.history == s.history and t.gates == s.gates
    assert t.system(7).name == "Edited"
    assert nx.utils.graphs_equal(t.graph, s.graph)
    t.undo()
    assert t != s
    with pytest.raises(SaveFileError):
        Sector.from_json(s.to_json().replace('"gm-kit/sector"', '"gm-kit/journey"'))


def test_errors_name_the_field_and_leave_state_alone():
    s = line_sector([5.0, 5.0])
    before = s.to_json()
    with pytest.raises(InvalidInput, match="'Nowhere' is not in this sector"):
        s.record_jump("Nowhere", 1)
    with pytest.raises(IllegalAction, match="two different systems"):
        s.record_jump(1, 1)
    with pytest.raises(InvalidInput, match="size"):
        s.add_gate(0, 1, 0)
    assert s.to_json() == before
    with pytest.raises(InvalidInput, match="names must be unique"):
        Sector([[0, 0], [1, 1]], ["A", "A"])
    with pytest.raises(InvalidInput, match="positions"):
        Sector([[0, 0, 0, 0]])
    with pytest.raises(InvalidInput, match="dims"):
        generate_sector(10, seed=1, dims=4)


def test_export_graphml_and_json_round_trip():
    s = generate_sector(80, seed=6)
    s.record_jump(0, 1)
    s.add_gate(3, 40, 2)
    g = from_graphml(to_graphml(s))
    assert sorted(g.edges) == sorted(s.graph.edges)
    for u, v, d in s.graph.edges(data=True):
        assert g.edges[u, v]["status"] == d["status"] and g.edges[u, v]["gate"] == d["gate"]
        assert g.edges[u, v]["ly"] == pytest.approx(d["ly"])
    assert g.nodes[3]["spectral_class"] == s.star(3).spectral_class
    h = from_graph_json(to_graph_json(s))
    assert sorted(h.edges) == sorted(s.graph.edges) and h.nodes[0]["name"] == s.names[0]


def test_import_successors_does_not_import_networkx():
    code = (
        "import sys, kit.successors, kit.successors.stars; "
        "print('networkx' in sys.modules, 'plotly' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
    code = "import sys, kit.successors.sector; print('plotly' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"]


def test_gate_needs_ten_sensors_successes_on_both_systems():
    from kit.successors.sector import HyperGate

    assert HyperGate.SENSORS_NEEDED == 10
    s = line_sector([9.0, 9.0])
    with pytest.raises(IllegalAction, match="not yet on 'S2'"):
        s.add_gate(0, 2, 1, sensors_known=(10, 9))
    assert s.gates == []
    s.add_gate(0, 2, 1, sensors_known=(10, 12))
    assert s.gates == [HyperGate(0, 2, 1)]


def test_days_graph_weights_edges_for_a_navigator():
    from kit.successors.sector import Navigator, expected_plot_rolls

    s = line_sector([9.0, 9.0, 30.0])
    s.add_gate(2, 3, size=1)
    g = s.days_graph(Navigator(5, 5))
    assert g.edges[0, 1]["days"] == pytest.approx(float(expected_plot_rolls((5, 5), 3)) + 1)
    assert g.edges[2, 3]["days"] == 1.0
    assert not s.days_graph(Navigator(5, 5, signature=2)).has_edge(2, 3)


def test_corrupt_event_in_save_file_is_refused():
    s = line_sector([5.0])
    s.record_jump(0, 1)
    text = s.to_json().replace('"times": 1', '"times": "lots"')
    with pytest.raises((InvalidInput, TypeError), match=r"event\.times"):
        Sector.from_json(text)
    text = s.to_json().replace('"b": 1', '"b": 7')
    with pytest.raises(InvalidInput, match="system"):
        Sector.from_json(text)
