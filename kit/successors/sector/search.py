"""Shortest paths on the compact jump graph: A* for short routes, a bucketed search for long.

Both searches find a cheapest route between two systems of a :class:`~.graph.JumpGraph` for
edge weights given per edge kind (``costs[k]``, ``inf`` for an edge the party cannot use), and
both are steered by the same :class:`Heuristic`, a lower bound on the days left computed from
the straight-line distance to the target.

* :func:`astar` walks the graph one system at a time in pure Python (a binary heap, arrays
  indexed by system). Its work grows with the area it explores, about the square of the
  distance.
* :func:`bucket_search` searches from both ends at once on heuristic-reduced weights (never
  negative because the heuristic is consistent), settling whole buckets of systems at a time
  with numpy (a bidirectional Delta-stepping Dijkstra). Each round costs a fixed few tens of
  microseconds and advances both frontiers by one jump, so its time grows with the number of
  jumps, about the distance, plus a fixed cost per query that grows with the sector. It wins
  on long routes.

:func:`shortest_path` picks one from the straight-line distance in jump spans. Both return a
cheapest path (the tests hold them, and networkx's Dijkstra, to equal costs); where several
paths tie, they may return different ones.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .graph import JumpGraph

__all__ = ["WIDE_SPANS", "Heuristic", "NoPath", "astar", "bucket_search", "shortest_path"]

#: :func:`shortest_path` uses :func:`bucket_search` when origin and target are at least
#: ``max(WIDE_SPANS, sqrt(n) / 6)`` of the longest usable jumps apart. Measured on generated
#: sectors: A* is faster below about 20 spans at 10,000 systems and 50 at 100,000.
WIDE_SPANS = 20.0

_SHRINK = 1 - 1e-9


class NoPath(Exception):
    """No usable path joins the two systems (the caller explains why)."""


@dataclass(frozen=True)
class Heuristic:
    """A lower bound on the days still to go, from the straight-line distance ``d`` (ly).

    ``h(d) = max(rate * d, ceil(d / span) * per_jump)``, shrunk by one part in 10^9 against
    rounding, where, over the edge kinds the navigator can use (:meth:`for_costs`):

    * ``span`` is the longest such edge (ly), ``per_jump`` the cheapest weight of one,
    * ``rate`` is the smallest ``weight / length`` of a kind, the length being the longest
      edge of that kind.

    **Admissible** (never more than the true cost): take any route from a system ``d`` ly from
    the target, with ``m`` edges of lengths ``l_i`` and weights ``w_i``. By the triangle
    inequality ``d <= sum(l_i) <= m * span``, so ``m >= ceil(d / span)`` and
    ``sum(w_i) >= m * per_jump >= ceil(d / span) * per_jump``. Each edge of kind ``k`` has
    ``l_i <= L_k`` and ``w_i = c_k >= rate * L_k >= rate * l_i``, so
    ``sum(w_i) >= rate * sum(l_i) >= rate * d``. Both bounds hold, so their maximum does.

    **Consistent** (``h(u) <= w(u, v) + h(v)`` on every usable edge, so a search may close a
    system for good the first time it is settled, and the reduced weights of
    :func:`bucket_search` are not negative): ``d_u <= d_v + l`` with ``l <= span`` gives
    ``rate * d_u <= rate * d_v + w`` and ``ceil(d_u / span) <= ceil(d_v / span) + 1``, so each
    bound is consistent and so is their maximum.

    With every edge weighing about one (the ``"jumps"`` mode), ``rate`` is about
    ``1 / span`` and ``per_jump`` about 1. Edges of weight 0 (gates with ``gate_days = 0``)
    make ``per_jump`` and ``rate`` 0: the search is then plain Dijkstra.

    >>> h = Heuristic(rate=0.35, per_jump=2.0, span=10.0)
    >>> round(h(4.0), 6), round(h(30.0), 6)
    (2.0, 10.5)
    """

    rate: float
    """Days per light year, at least, on every usable edge."""
    per_jump: float
    """Days per edge, at least."""
    span: float
    """The longest usable edge (ly)."""

    @classmethod
    def for_costs(cls, costs: Sequence[float], lengths: Sequence[float]) -> Heuristic:
        """From each kind's weight (``inf`` when unusable) and its longest edge (ly)."""
        usable = [(c, ly) for c, ly in zip(costs, lengths) if c < math.inf]
        if not usable:
            return cls(0.0, 0.0, 0.0)
        rate = min((c / ly for c, ly in usable if ly > 0), default=0.0)
        return cls(rate, min(c for c, _ in usable), max(ly for _, ly in usable))

    @property
    def inv_span(self) -> float:
        """``1 / span`` (0 when there is no usable edge)."""
        return 1.0 / self.span if self.span > 0 else 0.0

    def __call__(self, d: float) -> float:
        """The bound for a straight-line distance of ``d`` ly."""
        by_rate = self.rate * d
        by_jumps = math.ceil(d * self.inv_span - 1e-9) * self.per_jump
        return (by_rate if by_rate > by_jumps else by_jumps) * _SHRINK

    def of_array(self, d: np.ndarray) -> np.ndarray:
        """:meth:`__call__` for an array of distances (the same arithmetic, elementwise)."""
        by_jumps = np.ceil(d * self.inv_span - 1e-9) * self.per_jump
        return np.maximum(self.rate * d, by_jumps) * _SHRINK


def _distinct(a: np.ndarray) -> np.ndarray:
    """The distinct values of ``a`` (sorted; cheaper than ``np.unique`` on small arrays)."""
    if len(a) < 2:
        return a
    a = np.sort(a)
    keep = np.empty(len(a), dtype=bool)
    keep[0] = True
    np.not_equal(a[1:], a[:-1], out=keep[1:])
    return a[keep]


def _path(
    parent: Sequence[int] | dict[int, int] | np.ndarray, source: int, target: int
) -> list[int]:
    path = [target]
    while path[-1] != source:
        path.append(int(parent[path[-1]]))
    return path[::-1]


def astar(
    jg: JumpGraph,
    source: int,
    target: int,
    costs: Sequence[float],
    heuristic: Heuristic,
    avoid: Collection[int] = (),
) -> list[int]:
    """A cheapest path from ``source`` to ``target`` by A* (raises :class:`NoPath`).

    The heuristic is consistent (see :class:`Heuristic`), so a system taken off the heap is
    final and is closed; a closed system's best cost can no longer be beaten, so relaxing an
    edge needs no closed test (a system pushed twice through float rounding is skipped when
    popped again). Avoided systems start at a best cost of ``-inf``, so they are never pushed.
    The loop reads plain Python lists (:meth:`JumpGraph.search_lists`) and computes each
    system's heuristic once.
    """
    indptr, indices, slot_kind = jg.search_lists()
    pts = jg.point_list()
    far = jg.far
    n = jg.n
    inf = math.inf
    best = [inf] * n
    hval = [-1.0] * n
    parent: dict[int, int] = {}
    closed = bytearray(n)
    for x in avoid:
        best[x] = -inf
    goal = pts[target]
    dist = math.dist
    ceil = math.ceil
    rate, per_jump, inv_span = heuristic.rate, heuristic.per_jump, heuristic.inv_span
    best[source] = 0.0
    heap = [(heuristic(dist(pts[source], goal)), source)]
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        _, u = pop(heap)
        if closed[u]:
            continue
        if u == target:
            return _path(parent, source, target)
        closed[u] = 1
        g = best[u]
        lo, hi = indptr[u], indptr[u + 1]
        if far and u in far:  # edges beyond range too (recorded jumps, gates): rare
            pairs: Any = list(zip(indices[lo:hi], slot_kind[lo:hi]))
            pairs += [(v, e[3]) for v, e in far[u].items()]
        else:
            pairs = zip(indices[lo:hi], slot_kind[lo:hi])
        for v, k in pairs:
            new = g + costs[k]
            if new < best[v]:
                best[v] = new
                parent[v] = u
                h = hval[v]
                if h < 0.0:  # Heuristic.__call__, inlined
                    d = dist(pts[v], goal)
                    h = rate * d
                    m = ceil(d * inv_span - 1e-9) * per_jump
                    h = (h if h > m else m) * _SHRINK
                    hval[v] = h
                push(heap, (new + h, v))
    raise NoPath(f"no path from {source} to {target}")


def bucket_search(
    jg: JumpGraph,
    source: int,
    target: int,
    costs: Sequence[float],
    heuristic: Heuristic,
    avoid: Collection[int] = (),
    *,
    delta: float | None = None,
) -> list[int]:
    """A cheapest path by a bidirectional bucketed Dijkstra on reduced weights, in numpy.

    One search grows from ``source`` and one from ``target`` at the same time, in one set of
    arrays of ``2 n`` entries (entry ``v`` for the forward search, ``n + v`` for the
    backward one). With ``h_t`` and ``h_s`` the heuristic to the target and to the source,
    the forward search uses the potential ``p = (h_t - h_s) / 2`` and the backward one
    ``-p``: the reduced weights ``w(u, v) - p(u) + p(v)`` and ``w(u, v) + p(u) - p(v)`` are
    never negative because both heuristics are consistent, and a path's reduced length
    differs from its length by a constant. Systems are settled in buckets of reduced
    distance ``delta`` wide (default: twice the cheapest usable jump): all edges out of the
    bucket's entries are relaxed at once, again for entries they bring into the bucket, until
    it is stable. ``best`` is the shortest route met so far (the forward and the backward
    distance of one system, summed whenever either improves); the search stops when the
    lowest open forward and backward distances add up to at least ``best``, the usual rule of
    bidirectional Dijkstra, which is exact. Raises :class:`NoPath`.
    """
    n = jg.n
    starts_of, degree, neighbour, owner, twin = jg.doubled()
    slot_cost = jg.slot_costs(costs)
    h_t = heuristic.of_array(jg.distances_to(target))
    h_s = heuristic.of_array(jg.distances_to(source))
    pot = (h_t - h_s) / 2
    pot = np.concatenate([pot, -pot])
    step = delta if delta is not None else 2 * max(heuristic.per_jump, 1e-9)
    dist = np.full(2 * n, np.inf)
    parent = np.full(2 * n, -1, dtype=np.int64)
    settled = np.zeros(2 * n, dtype=bool)
    if avoid:
        out = np.fromiter(avoid, dtype=np.int64)
        settled[out] = settled[out + n] = True
    far_nodes = None
    if jg.far:
        far_nodes = np.zeros(2 * n, dtype=bool)
        far_nodes[list(jg.far)] = True
        far_nodes[n:] = far_nodes[:n]
    dist[source] = dist[n + target] = 0.0
    best, meet = math.inf, -1
    if source == target:
        return [source]
    open_ = np.array([source, n + target], dtype=np.int64)
    while len(open_):
        at = dist[open_]
        fwd = open_ < n
        low_f = float(at[fwd].min()) if fwd.any() else math.inf
        low_b = float(at[~fwd].min()) if not fwd.all() else math.inf
        if low_f + low_b >= best:
            break
        limit = min(low_f, low_b) + step
        frontier = open_[at < limit]
        grown = [open_]
        while len(frontier):
            counts = degree[frontier]
            ends = np.cumsum(counts)
            slots = np.arange(int(ends[-1])) + np.repeat(
                starts_of[frontier] - ends + counts, counts
            )
            v = neighbour[slots]
            src = owner[slots]
            cand = np.repeat(dist[frontier] - pot[frontier], counts) + slot_cost[slots] + pot[v]
            if far_nodes is not None and far_nodes[frontier].any():  # a few, from Python
                extra = [
                    (f, b + f - f % n, costs[e[3]])
                    for f in frontier[far_nodes[frontier]].tolist()
                    for b, e in jg.far[f % n].items()
                ]
                xu = np.array([x[0] for x in extra], dtype=np.int64)
                xv = np.array([x[1] for x in extra], dtype=np.int64)
                xw = np.array([x[2] for x in extra], dtype=float)
                src = np.concatenate([src, xu])
                v = np.concatenate([v, xv])
                cand = np.concatenate([cand, dist[xu] - pot[xu] + xw + pot[xv]])
            keep = cand < dist[v]
            keep &= ~settled[v]  # settled: final, whatever the rounding
            better = np.flatnonzero(keep)
            if not len(better):
                break
            v, cand = v[better], cand[better]
            np.minimum.at(dist, v, cand)
            won = cand == dist[v]
            v, cand = v[won], cand[won]
            parent[v] = src[better[won]]
            meeting = cand + dist[twin[v]]
            k = int(np.argmin(meeting))
            if meeting[k] < best:
                best, meet = float(meeting[k]), int(v[k]) % n
            grown.append(v)
            frontier = v[cand < limit]
        open_ = _distinct(np.concatenate(grown))
        done = dist[open_] < limit
        settled[open_[done]] = True
        open_ = open_[~done]
    if meet < 0:
        raise NoPath(f"no path from {source} to {target}")
    forward = _path(parent, source, meet)
    backward = _path(parent, n + target, n + meet)
    return forward + [x - n for x in reversed(backward[:-1])]


def shortest_path(
    jg: JumpGraph,
    source: int,
    target: int,
    costs: Sequence[float],
    heuristic: Heuristic,
    avoid: Collection[int] = (),
) -> list[int]:
    """A cheapest path: :func:`astar` for short routes, :func:`bucket_search` for long ones
    (see :data:`WIDE_SPANS`); raises :class:`NoPath`."""
    d = math.dist(jg.point_list()[source], jg.point_list()[target])
    wide = max(WIDE_SPANS, math.sqrt(jg.n) / 6)
    if heuristic.per_jump > 0 and d * heuristic.inv_span >= wide:
        return bucket_search(jg, source, target, costs, heuristic, avoid)
    return astar(jg, source, target, costs, heuristic, avoid)
