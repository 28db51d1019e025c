"""Benchmark: a 10,000-system sector's jump graph and route queries.

Targets (issue 6): the jump graph of 10,000 systems built in under 5 s, a route query in
under 50 ms. The graph build is compared with a naive build that measures every pair of
systems (blocked numpy, n^2 distances) before making the same networkx graph; route queries
are compared with networkx's own Dijkstra over the same weights.

Run:  python benchmarks/bench_sector.py [--n 10000] [--queries 50] [--check]
``--check`` exits with status 1 when a target is missed.

It also times the budget check of issue #11: a 72 KB sector file of 3,000 systems packed into
7 light years (4.5 million edges, 97 s and 2.4 GB at the first route before the budgets) must
be refused at load in under a second, before any graph is built.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import networkx as nx
import numpy as np

from kit.successors.sector import Navigator, generate_sector, naive_pairs
from kit.successors.sector.graph import build_graph
from kit.successors.sector.routes import _Weights


def timed(fn, *args, **kwargs):
    t = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - t


def bench(n: int, dims: int, queries: int, seed: int = 1) -> dict:
    sector, t_gen = timed(generate_sector, n, seed, dims=dims)
    graph, t_graph = timed(lambda: sector.graph)
    pairs, t_naive_pairs = timed(naive_pairs, sector.positions, sector.rules.max_range)
    naive_graph, t_naive_graph = timed(
        build_graph,
        sector.positions,
        sector.names,
        sector.rules.max_range,
        sector.rules,
        {},
        {},
        pairs,
    )
    assert sorted(naive_graph.edges) == sorted(graph.edges)
    t_naive = t_naive_pairs + t_naive_graph

    comp = sorted(max(nx.connected_components(graph), key=len))
    rng = np.random.default_rng(seed)
    ours, theirs = [], []
    nav = Navigator(5, 5)
    weights = _Weights(sector, nav, set())
    for _ in range(queries):
        a, b = (int(x) for x in rng.choice(comp, 2, replace=False))
        route, t = timed(sector.route, a, b, navigator=nav)
        ours.append(t)
        (cost, _), t2 = timed(nx.bidirectional_dijkstra, graph, a, b, weight=weights)
        theirs.append(t2)
        assert abs(cost - route.expected_days) < 1e-6 * max(1.0, cost)
    # the worst case: across the whole sector
    far = int(np.argmax(((sector.positions[comp] - sector.positions[comp[0]]) ** 2).sum(1)))
    _, t_far = timed(sector.route, comp[0], comp[far], navigator=nav)
    _, t_far_nx = timed(nx.bidirectional_dijkstra, graph, comp[0], comp[far], weight=weights)
    return {
        "n": n,
        "dims": dims,
        "edges": graph.number_of_edges(),
        "generate_s": round(t_gen, 4),
        "graph_build_s": round(t_graph, 4),
        "naive_build_s": round(t_naive, 4),
        "build_speedup_vs_naive": round(t_naive / t_graph, 2),
        "route_median_ms": round(1000 * statistics.median(ours), 2),
        "route_p95_ms": round(1000 * float(np.percentile(ours, 95)), 2),
        "route_across_sector_ms": round(1000 * t_far, 2),
        "networkx_dijkstra_median_ms": round(1000 * statistics.median(theirs), 2),
        "networkx_dijkstra_across_sector_ms": round(1000 * t_far_nx, 2),
        "route_speedup_vs_networkx_median": round(
            statistics.median(theirs) / statistics.median(ours), 2
        ),
    }


def bench_crowded(seed: int = 0) -> dict:
    """Load the crowded file of issue #11 and time its refusal."""
    from kit.errors import InvalidInput
    from kit.successors.sector import Sector

    pts = np.random.default_rng(seed).uniform(0, 7, (3000, 2)).round(2).tolist()
    data = {
        "name": "Crowd",
        "seed": 1,
        "positions": pts,
        "names": [f"S{k}" for k in range(3000)],
        "rules": {},
        "star_rules": {},
        "events": [],
    }
    text = json.dumps({"format": "gm-kit/sector", "version": 1, "data": data})
    t = time.perf_counter()
    try:
        Sector.from_json(text)
        refused = False
    except InvalidInput:
        refused = True
    return {
        "crowded_file_kb": round(len(text) / 1024, 1),
        "refused": refused,
        "refuse_s": round(time.perf_counter() - t, 4),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=10_000)
    p.add_argument("--queries", type=int, default=50)
    p.add_argument("--check", action="store_true")
    args = p.parse_args(argv)
    ok = True
    for dims in (2, 3):
        r = bench(args.n, dims, args.queries)
        print(json.dumps(r))
        ok &= (r["generate_s"] + r["graph_build_s"]) < 5.0 and r["route_p95_ms"] < 50.0
    crowded = bench_crowded()
    print(json.dumps(crowded))
    ok &= crowded["refused"] and crowded["refuse_s"] < 1.0
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
