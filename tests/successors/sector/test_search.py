"""The compact jump graph and its searches (issue #13): the same costs as networkx's Dijkstra,
an admissible and consistent heuristic, and events applied in place."""

from __future__ import annotations

import itertools
import math

import networkx as nx
import numpy as np
import pytest

from kit.errors import IllegalAction
from kit.successors.sector import Navigator, Sector, generate_sector
from kit.successors.sector.routes import _Weights
from kit.successors.sector.search import Heuristic, NoPath, astar, bucket_search


def _eventful_sector(seed: int, n: int = 150, dims: int = 2) -> Sector:
    """A seeded sector with jumps made (near and far), gates (near and far, one removed)."""
    rng = np.random.default_rng(seed)
    s = generate_sector(n, seed=seed, dims=dims)
    pairs = list(s.graph.edges)
    for _ in range(int(rng.integers(5, 40))):
        a, b = pairs[int(rng.integers(len(pairs)))]
        s.record_jump(a, b, int(rng.integers(1, 12)))
    for _ in range(int(rng.integers(0, 4))):  # long jumps and gates beyond the range
        a, b = (int(x) for x in rng.choice(n, 2, replace=False))
        if rng.random() < 0.5:
            s.record_jump(a, b)
        else:
            s.add_gate(a, b, int(rng.integers(1, 3)))
    if s.gates and rng.random() < 0.5:
        g = s.gates[0]
        s.remove_gate(g.a, g.b)
    return s


def _weighted(s: Sector, nav: Navigator) -> tuple[list[float], Heuristic]:
    w = _Weights(s, nav, set())
    jg = s.jump_graph
    costs = [math.inf if c is None else c for c in map(w.kind_cost, jg.kinds)]
    return costs, Heuristic.for_costs(costs, jg.kind_ly)


def _reference(s: Sector, nav: Navigator) -> nx.Graph:
    """networkx graph of the usable edges weighted in days, from the networkx view."""
    return s.days_graph(nav)


def _cost(g: nx.Graph, path: list[int]) -> float:
    return float(sum(g.edges[u, v]["days"] for u, v in itertools.pairwise(path)))


NAVIGATORS = [
    Navigator(5, 5),
    Navigator(2, 0),
    Navigator(7, 3, signature=2),
    Navigator.lone_ship(),
    Navigator(5, 5, can_jump=False),
]


@pytest.mark.parametrize("seed", range(12))
def test_both_searches_cost_what_networkx_dijkstra_costs(seed):
    s = _eventful_sector(seed, dims=2 if seed % 3 else 3)
    rng = np.random.default_rng(100 + seed)
    for nav in NAVIGATORS:
        g = _reference(s, nav)
        costs, h = _weighted(s, nav)
        for _ in range(8):
            a, b = (int(x) for x in rng.choice(s.n, 2, replace=False))
            try:
                want = nx.dijkstra_path_length(g, a, b, weight="days")
            except (nx.NetworkXNoPath, nx.NodeNotFound):
                for search in (astar, bucket_search):
                    with pytest.raises(NoPath):
                        search(s.jump_graph, a, b, costs, h)
                continue
            for search in (astar, bucket_search):
                path = search(s.jump_graph, a, b, costs, h)
                assert path[0] == a and path[-1] == b
                assert _cost(g, path) == pytest.approx(want, rel=1e-9)
            assert s.route(a, b, navigator=nav).expected_days == pytest.approx(want, rel=1e-9)


@pytest.mark.parametrize("seed", range(6))
def test_avoided_systems_in_both_searches(seed):
    s = _eventful_sector(seed)
    nav = Navigator(5, 5)
    costs, h = _weighted(s, nav)
    rng = np.random.default_rng(seed)
    for _ in range(10):
        a, b, *avoid = (int(x) for x in rng.choice(s.n, 6, replace=False))
        g = _reference(s, nav)
        g.remove_nodes_from(avoid)
        try:
            want = nx.dijkstra_path_length(g, a, b, weight="days")
        except nx.NetworkXNoPath:
            with pytest.raises(IllegalAction):
                s.route(a, b, navigator=nav, avoid=avoid)
            continue
        for search in (astar, bucket_search):
            path = search(s.jump_graph, a, b, costs, h, set(avoid))
            assert not set(path) & set(avoid)
            assert _cost(g, path) == pytest.approx(want, rel=1e-9)


def test_long_routes_across_a_big_sector_take_the_bucketed_search():
    s = generate_sector(4000, seed=5)
    nav = Navigator(4, 2)
    g = _reference(s, nav)
    comp = sorted(max(nx.connected_components(g), key=len), key=lambda k: s.positions[k, 0])
    a, b = comp[0], comp[-1]  # far apart: more than WIDE_SPANS ranges
    assert s.distance(a, b) / s.rules.max_range > 20
    want = nx.dijkstra_path_length(g, a, b, weight="days")
    assert s.route(a, b, navigator=nav).expected_days == pytest.approx(want, rel=1e-9)
    hops = nx.shortest_path_length(g, a, b)
    assert s.route(a, b, navigator=nav, mode="jumps").jumps == hops


@pytest.mark.parametrize("seed", range(4))
def test_heuristic_is_admissible_and_consistent(seed):
    s = _eventful_sector(seed, n=120)
    for nav in NAVIGATORS[:4]:
        g = _reference(s, nav)
        _costs, h = _weighted(s, nav)
        target = int(np.random.default_rng(seed).integers(s.n))
        true = nx.single_source_dijkstra_path_length(g, target, weight="days")

        def bound(v: int, target: int = target, h: Heuristic = h) -> float:
            return h(s.distance(v, target))

        for v, days in true.items():
            assert bound(v) <= days + 1e-12
        for u, v, d in g.edges(data=True):
            assert bound(u) <= d["days"] + bound(v) + 1e-12
            assert bound(v) <= d["days"] + bound(u) + 1e-12


def test_heuristic_by_hand():
    # kinds: 2.0 days for edges up to 3 ly, 3.5 days up to 10 ly; an unusable kind ignored
    h = Heuristic.for_costs([2.0, 3.5, math.inf], [3.0, 10.0, 50.0])
    assert (h.rate, h.per_jump, h.span) == (0.35, 2.0, 10.0)
    # 4 ly: one jump at least (2.0) beats 0.35 * 4 = 1.4; 30 ly: 0.35 * 30 = 10.5 beats 3 * 2
    assert h(4.0) == pytest.approx(2.0) and h(30.0) == pytest.approx(10.5)
    assert h(4.0) < 2.0  # shrunk a hair against rounding
    d = np.array([0.0, 4.0, 10.0, 10.000001, 30.0])
    assert h.of_array(d).tolist() == [h(x) for x in d.tolist()]
    assert Heuristic.for_costs([math.inf], [5.0]) == Heuristic(0.0, 0.0, 0.0)


def _fresh(s: Sector) -> Sector:
    return Sector.from_json(s.to_json())


def _edges(s: Sector) -> list[tuple[int, int, dict]]:
    return sorted(s.jump_graph.edges(), key=lambda e: e[:2])


@pytest.mark.parametrize("seed", range(5))
def test_events_update_the_graphs_in_place_like_a_fresh_build(seed):
    rng = np.random.default_rng(seed)
    s = generate_sector(200, seed=seed)
    jg, view = s.jump_graph, s.graph
    s.route(0, 1, information=3, sensors=3) if nx.has_path(view, 0, 1) else None
    lists = jg.search_lists()
    pairs = list(view.edges)
    for step in range(60):
        r = rng.random()
        a, b = pairs[int(rng.integers(len(pairs)))]
        if r < 0.55:
            s.record_jump(a, b, int(rng.integers(1, 6)))
        elif r < 0.7:
            x, y = (int(k) for k in rng.choice(s.n, 2, replace=False))
            s.add_gate(x, y, int(rng.integers(1, 4)))
        elif r < 0.8 and s.gates:
            gate = s.gates[int(rng.integers(len(s.gates)))]
            s.remove_gate(gate.a, gate.b)
        elif r < 0.9:
            x, y = (int(k) for k in rng.choice(s.n, 2, replace=False))
            s.record_jump(x, y)  # maybe far beyond the range
        elif len(s.log):
            s.undo()
        if step % 15 == 14:
            fresh = _fresh(s)
            assert _edges(s) == _edges(fresh)
            assert nx.utils.edges_equal(s.graph.edges(data=True), fresh.graph.edges(data=True))
            assert s.graph.graph["span"] == fresh.graph.graph["span"]
            nav = Navigator(3, 3)
            c1, h1 = _weighted(s, nav)
            c2, h2 = _weighted(fresh, nav)
            for _ in range(5):
                x, y = (int(k) for k in rng.choice(s.n, 2, replace=False))
                try:
                    want = astar(fresh.jump_graph, x, y, c2, h2)
                except NoPath:
                    with pytest.raises(NoPath):
                        astar(s.jump_graph, x, y, c1, h1)
                    continue
                g = _reference(fresh, nav)
                got = astar(s.jump_graph, x, y, c1, h1)
                assert _cost(g, got) == pytest.approx(_cost(g, want), rel=1e-9)
                got = bucket_search(s.jump_graph, x, y, c1, h1)
                assert _cost(g, got) == pytest.approx(_cost(g, want), rel=1e-9)
    # the same objects all along: nothing was rebuilt
    assert s.jump_graph is jg and s.graph is view and jg.search_lists() is lists


def test_recording_a_jump_replays_nothing_and_rebuilds_nothing(monkeypatch):
    """Issue #13: each record used to replay the whole log and the next route rebuilt the
    adjacency. Now one event is applied; the graphs change one edge in place."""
    s = generate_sector(300, seed=2)
    s.route(0, 5) if nx.has_path(s.graph, 0, 5) else None
    jg, lists = s.jump_graph, s.jump_graph.search_lists()
    pairs = list(s.graph.edges)[:50]

    def no_replay(self):
        raise AssertionError("the log was replayed")

    monkeypatch.setattr(Sector, "_derive", no_replay)
    monkeypatch.setattr(type(jg), "__init__", no_replay)
    for k in range(400):
        a, b = pairs[k % len(pairs)]
        s.record_jump(a, b)
        assert s.jumps_made(a, b) == k // len(pairs) + 1
    s.add_gate(*pairs[0], size=2)
    s.remove_gate(*pairs[0])
    assert s.jump_graph is jg and jg.search_lists() is lists
    a, b = pairs[0]
    assert s.graph.edges[a, b]["status"] == "known" and jg.edge(a, b)["jumps"] == 8
    c = next(iter(s.graph[a]))
    if c != b and nx.has_path(s.graph, a, c):
        s.route(a, c)


def test_far_edge_budget_counts_only_edges_beyond_the_range():
    s = Sector([[0, 0], [8, 0], [40, 0]], list("ABC"), seed=1)
    for _ in range(5):
        s.record_jump("A", "B")
    assert s._far == set()
    s.record_jump("A", "C")
    s.add_gate("B", "C", 2)
    assert s._far == {(0, 2), (1, 2)}
    s.remove_gate("B", "C")
    assert s._far == {(0, 2)}
    s.undo()
    assert s._far == {(0, 2), (1, 2)}


def test_planning_a_route_needs_no_networkx():
    """The searches run on the compact graph; networkx loads only for the GM's view."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from kit.errors import IllegalAction\n"
        "from kit.successors.sector import generate_sector\n"
        "s = generate_sector(400, seed=3)\n"
        "for b in range(1, 40):\n"
        "    for mode in ('days', 'jumps'):\n"
        "        try:\n"
        "            s.route(0, b, mode=mode)\n"
        "        except IllegalAction:\n"
        "            pass\n"
        "s.record_jump(0, 1)\n"
        "print('networkx' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"]
