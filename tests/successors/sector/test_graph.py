"""The jump graph's spatial index (kit.successors.sector.graph): the grid finds exactly the
pairs of systems within a jump range that a check of every pair finds, and bounds them first."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.successors.sector import GridIndex, SectorRules, naive_pairs
from kit.successors.sector.graph import JumpGraph, build_graph, edge_attributes


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


def test_pair_bound_is_an_upper_bound_and_the_busiest_cell_is_found():
    rng = np.random.default_rng(5)
    for n, side, dims in ((300, 60.0, 2), (300, 25.0, 3), (50, 5.0, 2)):
        pts = rng.uniform(0, side, (n, dims))
        exact = sum(math.dist(p, q) <= 10 for p, q in itertools.combinations(pts.tolist(), 2))
        g = GridIndex(pts, 10.0)
        assert g.pair_bound() >= exact == len(g.pairs_within(10.0)[0])
        count, who = g.busiest_cell()
        cells = np.floor((pts - pts.min(axis=0)) / 10.0)
        assert count == max(np.unique(cells, axis=0, return_counts=True)[1])
        assert (cells == cells[who]).all(axis=1).sum() == count


# ------------------------------------------------------------------ the jump graph
#: A at the origin, B 5 ly away (a 3-4-5 triangle), C 12 ly east of A, D 40 ly east.
POINTS = np.array([[0.0, 0.0], [3.0, 4.0], [12.0, 0.0], [40.0, 0.0]])
NAMES = ["A", "B", "C", "D"]


def test_edges_carry_light_years_status_and_the_successes_a_jump_needs():
    # A-B 5 ly, B-C sqrt(81 + 16) = 9.85 ly, A-C 12 ly (past the 10 ly range), D far away
    g = build_graph(POINTS, NAMES, 10.0, SectorRules(), history={}, gates={})
    assert sorted(g.edges) == [(0, 1), (1, 2)]
    ab, bc = g.edges[0, 1], g.edges[1, 2]
    assert ab["ly"] == pytest.approx(5.0) and bc["ly"] == pytest.approx(math.sqrt(97))
    # unknown routes: ceil(ly / 3) Information + Sensors successes
    assert (ab["status"], ab["successes"]) == ("unknown", 2)
    assert (bc["status"], bc["successes"]) == ("unknown", 4)
    assert g.nodes[3] == {"name": "D", "x": 40.0, "y": 0.0, "z": 0.0}
    assert g.graph["max_range"] == 10.0


def test_history_and_gates_change_edges_and_add_far_ones():
    history = {(0, 1): 1, (0, 2): 10}  # A-B flown once; A-C (12 ly) flown ten times
    g = build_graph(POINTS, NAMES, 10.0, SectorRules(), history=history, gates={(2, 3): 2})
    assert (g.edges[0, 1]["status"], g.edges[0, 1]["successes"]) == ("known", 1)  # ceil(5/5)
    assert (g.edges[0, 2]["status"], g.edges[0, 2]["successes"]) == ("locked", 1)
    assert g.edges[0, 2]["ly"] == pytest.approx(12.0)
    assert g.edges[2, 3]["gate"] == 2 and g.edges[2, 3]["ly"] == pytest.approx(28.0)
    assert g.number_of_edges() == 4


def test_edge_attributes_follow_the_rules():
    rules = SectorRules()
    assert edge_attributes(7.0, 0, 0, rules) == {
        "ly": 7.0,
        "jumps": 0,
        "status": "unknown",
        "successes": 3,  # ceil(7 / 3)
        "gate": 0,
    }
    assert edge_attributes(7.0, 3, 1, rules)["successes"] == 2  # known: ceil(7 / 5)
    assert edge_attributes(7.0, 12, 0, rules)["status"] == "locked"


def test_the_jump_graph_updates_in_place_and_drops_a_far_edge_with_no_history():
    jg = JumpGraph(POINTS, 10.0, SectorRules())
    assert jg.number_of_edges == 2 and sorted(jg.neighbours(1)) == [0, 2]
    jg.update(0, 1, 1, 0)
    assert jg.edge(1, 0)["status"] == "known" and jg.version == 1
    jg.update(0, 3, 0, 1)  # a gate A-D: a far edge, both ways
    assert jg.has_edge(3, 0) and 3 in jg.neighbours(0) and jg.number_of_edges == 3
    assert [e["ly"] for e in jg.along([1, 0, 3])] == [pytest.approx(5.0), pytest.approx(40.0)]
    jg.update(0, 3, 0, 0)  # the gate removed and never flown: the far edge goes
    assert not jg.has_edge(0, 3) and jg.number_of_edges == 2
    assert sorted((a, b) for a, b, _ in jg.edges()) == [(0, 1), (1, 2)]
