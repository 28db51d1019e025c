"""Sectors: jump history, edges, lazy systems, days for a navigator, save/load.

The spatial index, jump successes, gates, names, generation and export have their own files
(test_graph, test_rules, test_gates, test_names, test_generate, test_export).
"""

from __future__ import annotations

import subprocess
import sys

import networkx as nx
import numpy as np
import pytest

from kit.errors import IllegalAction, InvalidInput, SaveFileError
from kit.successors.sector import Sector, generate_sector, system_seed
from kit.successors.stars import Body, Orbit, Star, StarSystem, generate_system


def line_sector(gaps, **kw):
    xs = np.concatenate([[0.0], np.cumsum(gaps)])
    return Sector(np.c_[xs, np.zeros_like(xs)], [f"S{i}" for i in range(len(xs))], seed=1, **kw)


def test_public_api():
    s = generate_sector(50, seed=2)
    assert isinstance(s.graph, nx.Graph) and s.graph.number_of_nodes() == 50
    assert s.route(0, 0).systems == (0,)


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
