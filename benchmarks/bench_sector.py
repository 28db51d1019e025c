"""Benchmark: sectors of 1,000 / 10,000 (/ 100,000) systems, their jump graph and routes.

    python benchmarks/bench_sector.py [--big] [--queries 60] [--check]

For each size it prints one JSON line with

* ``generate_s``: placing and naming the systems (:func:`generate_sector`);
* ``graph_build_s`` and ``graph_mb``: building the compact jump graph (CSR arrays) and its
  search lists, with the peak memory allocated meanwhile (tracemalloc), and
  ``first_long_route_s`` / ``_mb`` for the first long route (which adds the bucketed
  search's arrays: the graph twice over, the weight of each slot), beside
  ``naive_build_s``: the all-pairs reference (every pair's distance, blocked numpy, then a
  networkx graph of the same edges; asserted equal), and ``networkx_view_s`` / ``_mb``: the
  networkx graph GMs get from ``Sector.graph``;
* ``route_median_ms`` / ``route_p95_ms``: ``Sector.route`` (mode ``"days"``, Information 5
  and Sensors 5) between random systems of the largest connected region, beside the
  references run on the same pairs in the same process on the same weights (a networkx graph
  of the usable edges weighted in days): ``nx_astar_*`` is ``networkx.astar_path`` given the
  kit's own heuristic (so the ratio compares the searches, not the bounds), ``nx_dijkstra_*``
  is ``networkx.bidirectional_dijkstra``. Every answer's cost is compared (to 1e-9). The
  ratios are kit time / reference time (issue #13 asks <= 0.5 against A*).

Then the jump history (issue #13): 1,800 ``record_jump`` calls on the 10,000-system sector,
the mean time per call of the first 200 against the last 200 (goal: <= 2x), beside a replay
reference written here (append, then replay the whole log into history and gates, as the kit
used to do); and a route planned right after each of 20 records against the same route with
nothing recorded in between (the next route must not rebuild the graph).

The 100,000-system sector exceeds ``kit.limits.MAX_SYSTEMS`` (20,000): ``--big`` raises that
limit in this process only, to measure how the searches scale (issue #13 asks p95 < 50 ms).
The last line is the budget check of issue #11: a crowded 3,000-system file refused at load.
``--check`` exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys

os.environ.setdefault("OMP_NUM_THREADS", "1")

import networkx as nx
import numpy as np
from _timing import timed, traced

from kit import limits
from kit.successors.sector import Navigator, Sector, generate_sector, naive_pairs
from kit.successors.sector.routes import _Weights
from kit.successors.sector.search import Heuristic

NAV = Navigator(5, 5)


def _ms(seconds: float) -> float:
    return round(1000 * seconds, 3)


def _p95(values: list[float]) -> float:
    return float(np.percentile(values, 95))


def weighted_reference(sector: Sector, nav: Navigator) -> tuple[nx.Graph, Heuristic]:
    """A networkx graph of the edges ``nav`` can use, weighted in expected days (``days``),
    and the kit's heuristic for the same weights."""
    jg = sector.jump_graph
    w = _Weights(sector, nav, set())
    costs = [math.inf if c is None else c for c in map(w.kind_cost, jg.kinds)]
    g = nx.Graph()
    g.add_nodes_from(range(sector.n))
    g.add_weighted_edges_from(
        ((a, b, costs[jg.kind_of(d["ly"], d["jumps"], d["gate"])]) for a, b, d in jg.edges()),
        weight="days",
    )
    g.remove_edges_from([(a, b) for a, b, d in g.edges(data="days") if d == math.inf])
    return g, Heuristic.for_costs(costs, jg.kind_ly)


def naive_graph(sector: Sector) -> nx.Graph:
    """The all-pairs reference: every pair's distance, then a networkx graph of those within
    range carrying the same attributes as the kit's view."""
    i, j, d = naive_pairs(sector.positions, sector.rules.max_range)
    rules = sector.rules
    g = nx.Graph()
    g.add_nodes_from(range(sector.n))
    status = rules.status(0)
    g.add_edges_from(
        (a, b, {"ly": x, "jumps": 0, "status": status, "successes": rules.needed(x, status)})
        for a, b, x in zip(i.tolist(), j.tolist(), d.tolist())
    )
    return g


def bench_size(n: int, queries: int, seed: int = 1) -> dict:
    sector, t_gen = timed(lambda: generate_sector(n, seed))
    assert isinstance(sector, Sector)

    def build() -> object:
        jg = sector.jump_graph
        jg.search_lists()
        return jg

    _jg, t_graph, mb_graph = traced(build)
    row: dict = {
        "n": n,
        "edges": sector.jump_graph.number_of_edges,
        "generate_s": round(t_gen, 4),
        "graph_build_s": round(t_graph, 4),
        "graph_mb": round(mb_graph, 1),
    }
    if n <= 20_000:
        naive, t_naive = timed(lambda: naive_graph(sector))
        assert isinstance(naive, nx.Graph)
        assert sorted(naive.edges) == sorted((a, b) for a, b, _ in sector.jump_graph.edges())
        _view, t_view, mb_view = traced(lambda: sector.graph)
        row.update(
            naive_build_s=round(t_naive, 4),
            build_ratio_vs_naive=round(t_graph / t_naive, 3),
            networkx_view_s=round(t_view, 4),
            networkx_view_mb=round(mb_view, 1),
        )
    ref, h = weighted_reference(sector, NAV)
    comp = sorted(max(nx.connected_components(ref), key=len))
    rng = np.random.default_rng(seed)
    pairs = [tuple(int(x) for x in rng.choice(comp, 2, replace=False)) for _ in range(queries)]
    far = max(pairs, key=lambda p: sector.distance(*p))
    # the first long route builds the search's doubled arrays and slot weights
    _r, t_first, mb_first = traced(lambda: sector.route(*far, navigator=NAV))
    row.update(first_long_route_s=round(t_first, 4), first_long_route_mb=round(mb_first, 1))
    pts = sector.points
    kit_t, astar_t, dijkstra_t = [], [], []
    for a, b in pairs:
        route, t = timed(lambda a=a, b=b: sector.route(a, b, navigator=NAV))
        kit_t.append(t)
        goal = pts[b]

        def bound(u: int, _target: int, goal: tuple[float, ...] = goal) -> float:
            return h(math.dist(pts[u], goal))

        path, t = timed(lambda a=a, b=b, bound=bound: nx.astar_path(ref, a, b, bound, "days"))
        astar_t.append(t)
        (cost, _p), t = timed(lambda a=a, b=b: nx.bidirectional_dijkstra(ref, a, b, "days"))
        dijkstra_t.append(t)
        want = nx.path_weight(ref, path, "days")
        assert abs(route.expected_days - want) <= 1e-9 * want, (a, b, route.expected_days, want)
        assert abs(cost - want) <= 1e-9 * want
    row.update(
        queries=queries,
        route_median_ms=_ms(statistics.median(kit_t)),
        route_p95_ms=_ms(_p95(kit_t)),
        nx_astar_median_ms=_ms(statistics.median(astar_t)),
        nx_astar_p95_ms=_ms(_p95(astar_t)),
        nx_dijkstra_median_ms=_ms(statistics.median(dijkstra_t)),
        nx_dijkstra_p95_ms=_ms(_p95(dijkstra_t)),
        ratio_vs_astar_median=round(statistics.median(kit_t) / statistics.median(astar_t), 3),
        ratio_vs_astar_p95=round(_p95(kit_t) / _p95(astar_t), 3),
        ratio_vs_dijkstra_median=round(statistics.median(kit_t) / statistics.median(dijkstra_t), 3),
        ratio_vs_dijkstra_p95=round(_p95(kit_t) / _p95(dijkstra_t), 3),
        answers_equal=True,
    )
    return row


def _replay(events: list[tuple[int, int, int]]) -> dict[tuple[int, int], int]:
    """The replay reference: history rebuilt from the whole log."""
    history: dict[tuple[int, int], int] = {}
    for a, b, times in events:
        key = (a, b) if a < b else (b, a)
        history[key] = history.get(key, 0) + times
    return history


def bench_history(n: int = 10_000, records: int = 1_800, seed: int = 3) -> dict:
    sector = generate_sector(n, seed)
    rng = np.random.default_rng(seed)
    jg = sector.jump_graph
    edges = [(a, b) for a, b, _ in jg.edges()]
    picks = [edges[int(k)] for k in rng.integers(len(edges), size=records)]
    kit_t, ref_t = [], []
    log: list[tuple[int, int, int]] = []
    for a, b in picks:
        _, t = timed(lambda a=a, b=b: sector.record_jump(a, b))
        kit_t.append(t)

        def replayed(a: int = a, b: int = b) -> object:
            log.append((a, b, 1))
            return _replay(log)

        _, t = timed(replayed)
        ref_t.append(t)
    assert sector.history == _replay(log)
    first, last = statistics.mean(kit_t[:200]), statistics.mean(kit_t[-200:])
    rfirst, rlast = statistics.mean(ref_t[:200]), statistics.mean(ref_t[-200:])
    # a route right after a record, against the same route with nothing recorded between
    ref, _h = weighted_reference(sector, NAV)
    comp = sorted(max(nx.connected_components(ref), key=len))
    after, steady = [], []
    for _ in range(20):
        a, b = (int(x) for x in rng.choice(comp, 2, replace=False))
        x, y = edges[int(rng.integers(len(edges)))]
        sector.route(a, b, navigator=NAV)
        sector.record_jump(x, y)
        _, t = timed(lambda a=a, b=b: sector.route(a, b, navigator=NAV))
        after.append(t)
        _, t = timed(lambda a=a, b=b: sector.route(a, b, navigator=NAV))
        steady.append(t)
    assert sector.jump_graph is jg  # never rebuilt
    return {
        "records": records,
        "record_first200_us": round(1e6 * first, 2),
        "record_last200_us": round(1e6 * last, 2),
        "record_slowdown": round(last / first, 2),
        "replay_reference_first200_us": round(1e6 * rfirst, 2),
        "replay_reference_last200_us": round(1e6 * rlast, 2),
        "replay_reference_slowdown": round(rlast / rfirst, 2),
        "route_after_record_median_ms": _ms(statistics.median(after)),
        "route_steady_median_ms": _ms(statistics.median(steady)),
        "route_after_record_ratio": round(statistics.median(after) / statistics.median(steady), 2),
    }


def bench_crowded(seed: int = 0) -> dict:
    """Load the crowded file of issue #11 and time its refusal."""
    from kit.errors import InvalidInput

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

    def load() -> bool:
        try:
            Sector.from_json(text)
        except InvalidInput:
            return True
        return False

    refused, t = timed(load)
    return {"crowded_file_kb": round(len(text) / 1024, 1), "refused": refused, "refuse_s": t}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--queries", type=int, default=60)
    p.add_argument("--big", action="store_true", help="add the 100,000-system sector")
    p.add_argument("--check", action="store_true")
    args = p.parse_args(argv)
    ok = True
    sizes = [(1_000, args.queries), (10_000, args.queries)]
    if args.big:
        limits.MAX_SYSTEMS = 100_000  # this process only: the kit refuses more than 20,000
        sizes.append((100_000, max(10, args.queries // 2)))
    for n, q in sizes:
        r = bench_size(n, q)
        print(json.dumps(r), flush=True)
        if n >= 10_000:
            ok &= r["ratio_vs_astar_median"] <= 0.5 and r["ratio_vs_astar_p95"] <= 0.5
        if n == 100_000:
            ok &= r["route_p95_ms"] < 50
    h = bench_history()
    print(json.dumps(h), flush=True)
    ok &= h["record_slowdown"] <= 2.0 and h["route_after_record_ratio"] <= 2.0
    crowded = bench_crowded()
    print(json.dumps(crowded))
    ok &= crowded["refused"] and crowded["refuse_s"] < 1.0
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
