"""A 10,000-system sector builds and routes correctly (speed is measured in benchmarks/bench_sector.py)."""

from __future__ import annotations

import networkx as nx
import numpy as np

from kit.successors.sector import generate_sector


def test_ten_thousand_systems_graph_and_routes():
    s = generate_sector(10_000, seed=21)
    g = s.graph
    assert g.number_of_nodes() == 10_000 and g.number_of_edges() > 30_000
    comp = sorted(max(nx.connected_components(g), key=len))
    rng = np.random.default_rng(0)
    for _ in range(10):
        a, b = (int(x) for x in rng.choice(comp, 2, replace=False))
        r = s.route(a, b)
        assert r.systems[0] == a and r.systems[-1] == b
