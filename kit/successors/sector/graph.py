"""The spatial index and the jump graph of a sector.

Systems sit at light-year coordinates. Finding every pair within the GM's maximum jump
range by comparing all pairs costs n^2; :class:`GridIndex` hashes points into cubes one range
wide, so a pair can only lie in the same or a neighbouring cell. The pair search is done
with sorted cell keys and ``searchsorted``, vectorised in numpy (no scipy).

:func:`build_graph` turns the pairs into a :class:`networkx.Graph` whose nodes are system
indices (with ``name``, ``x``, ``y`` and ``z``) and whose edges carry the light years, the jump
history, the route status (unknown, known, locked), the successes a jump needs and any Hyper
Gate (its size).
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ...errors import InvalidInput

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

    from .rules import SectorRules

__all__ = ["GridIndex", "JumpGraph", "Kind", "build_graph", "edge_attributes", "naive_pairs"]


class GridIndex:
    """Grid hashing of points (n x 2 or n x 3) with cells of side ``cell``."""

    def __init__(self, points: np.ndarray, cell: float) -> None:
        pts = np.asarray(points, dtype=float)
        if pts.ndim != 2 or pts.shape[1] not in (2, 3):
            raise InvalidInput(f"points must be an n x 2 or n x 3 array, got shape {pts.shape!r}")
        if not cell > 0:
            raise InvalidInput(f"cell must be a positive number of light years, got {cell!r}")
        self.points = pts
        self.cell = float(cell)
        self.dims = pts.shape[1]
        n = len(pts)
        if n:
            span = (pts.max(axis=0) - pts.min(axis=0)) / self.cell
            if math.prod(float(x) + 3 for x in span) > 2.0**62:
                raise InvalidInput(
                    f"positions spread over {float((span * self.cell).max()):.4g} ly, too many "
                    f"cells of {self.cell:g} ly to index; move the systems closer or use a "
                    "longer jump range"
                )
            coords = np.floor((pts - pts.min(axis=0)) / self.cell).astype(np.int64) + 1
            self._extent = coords.max(axis=0) + 2
        else:
            coords = np.zeros((0, self.dims), dtype=np.int64)
            self._extent = np.ones(self.dims, dtype=np.int64) * 3
        self._coords = coords
        keys = self._key(coords)
        self._order = np.argsort(keys, kind="stable")
        self._sorted_keys = keys[self._order]

    def _key(self, coords: np.ndarray) -> np.ndarray:
        key = np.zeros(len(coords), dtype=np.int64)
        for d in range(self.dims):
            key = key * int(self._extent[d]) + coords[:, d]
        return key

    def _half_stencil(self) -> list[tuple[int, ...]]:
        offsets = [o for o in itertools.product((-1, 0, 1), repeat=self.dims)]
        # keep the zero offset and one of each +/- pair
        return [o for o in offsets if o > tuple(-x for x in o) or not any(o)]

    def busiest_cell(self) -> tuple[int, int]:
        """``(count, index of one system in it)`` for the cell holding the most systems.

        A cell (a square or cube one range wide) lies inside the disc or ball of that range
        around its centre, so a cell holding ``k`` systems means some point has at least
        ``k`` systems within range.
        """
        if not len(self._sorted_keys):
            return 0, -1
        _keys, starts, counts = np.unique(self._sorted_keys, return_index=True, return_counts=True)
        k = int(np.argmax(counts))
        return int(counts[k]), int(self._order[starts[k]])

    def pair_bound(self) -> int:
        """An upper bound on the pairs within one cell side: every pair in the same or a
        neighbouring cell, counted from the cell sizes alone (nothing is measured)."""
        if len(self._sorted_keys) < 2:
            return 0
        keys, counts = np.unique(self._sorted_keys, return_counts=True)
        counts = counts.astype(np.int64)
        total = int((counts * (counts - 1) // 2).sum())
        # decode each occupied cell's coordinates from its key
        coords = np.zeros((len(keys), self.dims), dtype=np.int64)
        rest = keys.copy()
        for d in range(self.dims - 1, -1, -1):
            coords[:, d] = rest % int(self._extent[d])
            rest //= int(self._extent[d])
        for off in self._half_stencil():
            if not any(off):
                continue
            target = self._key(coords + np.asarray(off, dtype=np.int64))
            pos = np.searchsorted(keys, target)
            pos = np.minimum(pos, len(keys) - 1)
            hit = keys[pos] == target
            total += int((counts[hit] * counts[pos[hit]]).sum())
        return total

    def pairs_within(self, radius: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every pair ``i < j`` at most ``radius`` apart: arrays ``(i, j, distance)``.

        ``radius`` must not exceed the cell side.
        """
        if radius > self.cell + 1e-12:
            raise InvalidInput(f"radius {radius!r} is larger than the index cell {self.cell!r}")
        n = len(self.points)
        if n < 2:
            empty = np.zeros(0, dtype=np.int64)
            return empty, empty, np.zeros(0)
        out_i, out_j = [], []
        for off in self._half_stencil():
            target = self._key(self._coords + np.asarray(off, dtype=np.int64))
            lo = np.searchsorted(self._sorted_keys, target, side="left")
            hi = np.searchsorted(self._sorted_keys, target, side="right")
            counts = hi - lo
            src = np.repeat(np.arange(n), counts)
            if not len(src):
                continue
            starts = np.repeat(lo - np.cumsum(counts) + counts, counts)
            dst = self._order[np.arange(len(src)) + starts]
            if not any(off):
                keep = src < dst
                src, dst = src[keep], dst[keep]
            out_i.append(src)
            out_j.append(dst)
        i = np.concatenate(out_i) if out_i else np.zeros(0, dtype=np.int64)
        j = np.concatenate(out_j) if out_j else np.zeros(0, dtype=np.int64)
        d = np.sqrt(((self.points[i] - self.points[j]) ** 2).sum(axis=1))
        keep = d <= radius
        i, j, d = i[keep], j[keep], d[keep]
        swap = i > j
        i2 = np.where(swap, j, i)
        j2 = np.where(swap, i, j)
        order = np.lexsort((j2, i2))
        return i2[order], j2[order], d[order]

    def near(self, point: Sequence[float], radius: float) -> np.ndarray:
        """Indices of points within ``radius`` of ``point`` (any radius)."""
        p = np.asarray(point, dtype=float)
        reach = math.ceil(radius / self.cell)
        base = np.floor((p - self.points.min(axis=0)) / self.cell).astype(np.int64) + 1
        found = []
        for off in itertools.product(range(-reach, reach + 1), repeat=self.dims):
            c = base + np.asarray(off)
            if np.any(c < 0) or np.any(c >= self._extent):
                continue
            k = self._key(c[None, :])[0]
            lo = np.searchsorted(self._sorted_keys, k, "left")
            hi = np.searchsorted(self._sorted_keys, k, "right")
            found.append(self._order[lo:hi])
        if not found:
            return np.zeros(0, dtype=np.int64)
        idx = np.concatenate(found)
        d = np.sqrt(((self.points[idx] - p) ** 2).sum(axis=1))
        return np.sort(idx[d <= radius])


def naive_pairs(
    points: np.ndarray, radius: float, block: int = 512
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All pairs within ``radius`` by comparing every pair (blocked numpy); the naive baseline."""
    pts = np.asarray(points, dtype=float)
    n = len(pts)
    out_i, out_j, out_d = [], [], []
    for start in range(0, n, block):
        a = pts[start : start + block]
        d = np.sqrt(((a[:, None, :] - pts[None, :, :]) ** 2).sum(axis=2))
        ii, jj = np.nonzero(d <= radius)
        ii = ii + start
        keep = ii < jj
        out_i.append(ii[keep])
        out_j.append(jj[keep])
        out_d.append(d[ii[keep] - start, jj[keep]])
    if not out_i:
        e = np.zeros(0, dtype=np.int64)
        return e, e, np.zeros(0)
    return np.concatenate(out_i), np.concatenate(out_j), np.concatenate(out_d)


def edge_attributes(ly: float, jumps: int, gate: int, rules: SectorRules) -> dict[str, Any]:
    """Attributes of one edge: light years, history, status, successes needed, gate size."""
    status = rules.status(jumps)
    return {
        "ly": float(ly),
        "jumps": int(jumps),
        "status": status,
        "successes": rules.needed(ly, status),
        "gate": int(gate),
    }


#: What an edge's weight depends on: ``(status, successes, gate size, beyond max_range)``.
Kind = tuple[str, int, int, bool]


class JumpGraph:
    """The jump graph in compressed sparse row (CSR) form, updated in place by events.

    The edges between systems at most ``max_range`` apart are fixed by the positions, so they
    are stored once as numpy CSR arrays: ``indptr`` (n + 1), ``indices`` (each slot's
    neighbour, sorted within a row) and ``slot_edge`` (each slot's edge id). Per edge the
    arrays ``ly``, ``jumps`` and ``gate`` hold its length and history, and ``kind`` a small
    integer naming its :data:`Kind`: ``(status, successes, gate, far)``. An edge's weight for
    a navigator depends on its kind alone, and a sector has a handful of kinds, so a search
    weighs each kind once per query (``kinds`` lists them, ``kind_ly`` holds the longest edge
    ever seen of each, for the A* heuristic).

    Edges longer than ``max_range`` exist only through recorded jumps or Hyper Gates; they sit
    in a small overlay (``far``: ``{a: {b: [ly, jumps, gate, kind]}}``, both directions).

    :meth:`update` applies one event's effect on one pair (a jump recorded, a gate built or
    removed) in O(log degree): the edge's history, gate and kind change in place; no replay
    of the log and no rebuild. ``version`` counts the updates.

    The networkx graph a GM sees (:meth:`to_networkx`) is built from these arrays.
    """

    def __init__(
        self,
        points: np.ndarray,
        max_range: float,
        rules: SectorRules,
        pairs: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
    ) -> None:
        pts = np.asarray(points, dtype=float)
        self.points = pts
        self.n = len(pts)
        self.max_range = float(max_range)
        self.rules = rules
        if pairs is None:
            pairs = (
                GridIndex(pts, self.max_range).pairs_within(self.max_range)
                if self.n
                else (np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0))
            )
        i, j, d = (np.asarray(x) for x in pairs)
        m = len(i)
        self.edge_u = i.astype(np.int64)
        self.edge_v = j.astype(np.int64)
        self.ly = d.astype(float)
        self.jumps = np.zeros(m, dtype=np.int64)
        self.gate = np.zeros(m, dtype=np.int64)
        # CSR: every edge twice (u -> v and v -> u), rows sorted by neighbour
        src = np.concatenate([self.edge_u, self.edge_v])
        dst = np.concatenate([self.edge_v, self.edge_u])
        eid = np.concatenate([np.arange(m), np.arange(m)])
        order = np.lexsort((dst, src))
        self.indptr = np.zeros(self.n + 1, dtype=np.int64)
        np.cumsum(np.bincount(src, minlength=self.n), out=self.indptr[1:])
        self.indices = dst[order].astype(np.int32)
        self.slot_edge = eid[order].astype(np.int32)
        # where each edge's two slots are (for in-place kind updates)
        slot_of = np.empty(2 * m, dtype=np.int64)
        slot_of[order] = np.arange(2 * m)
        self._slots = slot_of.reshape(2, m).T if m else np.zeros((0, 2), np.int64)
        self.kinds: list[Kind] = []
        self.kind_ly: list[float] = []
        self._kind_index: dict[Kind, int] = {}
        status0 = rules.status(0)
        need = np.asarray(rules.needed_array(self.ly, status0), dtype=np.int64)
        values, inverse = np.unique(need, return_inverse=True)
        ids = [self._kind((status0, int(s), 0, False), 0.0) for s in values.tolist()]
        self.kind = np.asarray(ids, dtype=np.int32)[inverse] if m else np.zeros(0, np.int32)
        for k, top in zip(ids, _group_max(inverse, self.ly, len(values))):
            self.kind_ly[k] = max(self.kind_ly[k], top)
        self.far: dict[int, dict[int, list[Any]]] = {}
        self.version = 0
        self._lists: tuple[list[int], list[int], list[int]] | None = None
        self._point_list: list[tuple[float, ...]] | None = None
        self._slot_costs: dict[tuple[float, ...], np.ndarray] = {}
        self._doubled: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = (
            None
        )
        self._columns: tuple[np.ndarray, ...] | None = None

    # ------------------------------------------------------------------ kinds
    def _kind(self, key: Kind, ly: float) -> int:
        k = self._kind_index.get(key)
        if k is None:
            k = self._kind_index[key] = len(self.kinds)
            self.kinds.append(key)
            self.kind_ly.append(0.0)
        if ly > self.kind_ly[k]:
            self.kind_ly[k] = float(ly)
        return k

    def kind_of(self, ly: float, jumps: int, gate: int) -> int:
        """The kind id of an edge of ``ly`` light years with this history and gate."""
        status = self.rules.status(jumps)
        key = (status, int(self.rules.needed(ly, status)), int(gate), ly > self.max_range)
        return self._kind(key, ly)

    # ------------------------------------------------------------------ lookups
    def _range_edge(self, a: int, b: int) -> int | None:
        indptr, indices, _kinds = self.search_lists()
        lo, hi = indptr[a], indptr[a + 1]
        pos = bisect.bisect_left(indices, b, lo, hi)
        if pos < hi and indices[pos] == b:
            return int(self.slot_edge[pos])
        return None

    def has_edge(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` are joined (within range, by history or by a gate)."""
        return self._range_edge(a, b) is not None or b in self.far.get(a, {})

    def edge(self, a: int, b: int) -> dict[str, Any]:
        """The attributes of the edge ``a``-``b`` (as on :meth:`to_networkx`'s edges)."""
        e = self._range_edge(a, b)
        if e is not None:
            ly, jumps, gate = float(self.ly[e]), int(self.jumps[e]), int(self.gate[e])
            k = int(self.kind[e])
        else:
            ly, jumps, gate, k = self.far[a][b]
        status, successes, _gate, _far = self.kinds[k]
        return {"ly": ly, "jumps": jumps, "status": status, "successes": successes, "gate": gate}

    def along(self, path: Sequence[int]) -> list[dict[str, Any]]:
        """The attributes of each edge of ``path`` (as :meth:`edge`), read in one go."""
        ids = [self._range_edge(a, b) for a, b in itertools.pairwise(path)]
        near = [e for e in ids if e is not None]
        cols = zip(
            self.ly[near].tolist(),
            self.jumps[near].tolist(),
            self.gate[near].tolist(),
            self.kind[near].tolist(),
        )
        out = []
        for (a, b), e in zip(itertools.pairwise(path), ids):
            ly, jumps, gate, k = next(cols) if e is not None else self.far[a][b]
            status, successes, _gate, _far = self.kinds[k]
            out.append(
                {"ly": ly, "jumps": jumps, "status": status, "successes": successes, "gate": gate}
            )
        return out

    def neighbours(self, a: int) -> list[int]:
        """The systems joined to ``a``."""
        lo, hi = int(self.indptr[a]), int(self.indptr[a + 1])
        return list(self.indices[lo:hi].tolist() + list(self.far.get(a, ())))

    @property
    def number_of_edges(self) -> int:
        """Edges within range plus the far ones (history or gates beyond range)."""
        return len(self.ly) + sum(len(x) for x in self.far.values()) // 2

    @property
    def span(self) -> float:
        """The longest edge: ``max_range`` or a longer recorded jump or gate."""
        far = [x[0] for row in self.far.values() for x in row.values()]
        return float(max([self.max_range] + far))

    def search_lists(self) -> tuple[list[int], list[int], list[int]]:
        """``indptr``, ``indices`` and each slot's kind as Python lists (what a pure-Python
        search indexes fastest); built on first use and kept in step by :meth:`update`."""
        if self._lists is None:
            kinds = self.kind[self.slot_edge] if len(self.slot_edge) else self.kind
            self._lists = (self.indptr.tolist(), self.indices.tolist(), kinds.tolist())
        return self._lists

    def doubled(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The graph twice over, for a search from both ends in one set of arrays: node ``v``
        of the first copy is ``v``, of the second ``n + v``; slot ``j`` of the first copy is
        ``j``, of the second ``2m + j``. Returns ``(first slot of each node, degree of each
        node, neighbour of each slot, node of each slot, the same node in the other copy)``,
        built on first use (the range edges never change)."""
        if self._doubled is None:
            n, slots = self.n, len(self.indices)
            degree = np.diff(self.indptr)
            starts = self.indptr[:-1]
            owner = np.repeat(np.arange(n, dtype=np.int64), degree)
            self._doubled = (
                np.concatenate([starts, starts + slots]),
                np.concatenate([degree, degree]),
                np.concatenate([self.indices, self.indices + n]).astype(np.int64),
                np.concatenate([owner, owner + n]),
                np.concatenate([np.arange(n, 2 * n), np.arange(n)]).astype(np.int64),
            )
        return self._doubled

    def slot_costs(self, costs: Sequence[float]) -> np.ndarray:
        """Each slot's weight, ``costs[kind]``, over both copies of :meth:`doubled` (kept for
        the last few weightings and updated in place by :meth:`update`)."""
        key = tuple(costs)
        hit = self._slot_costs.get(key)
        if hit is None:
            table = np.asarray(key + (math.inf,) * (len(self.kinds) - len(key)), dtype=float)
            once = table[self.kind[self.slot_edge]] if len(self.slot_edge) else np.zeros(0)
            hit = np.concatenate([once, once])
            if len(self._slot_costs) >= 4:
                self._slot_costs.pop(next(iter(self._slot_costs)))
            self._slot_costs[key] = hit
        return hit

    def columns(self) -> tuple[np.ndarray, ...]:
        """The coordinates as contiguous arrays, one per axis (fast distances to a point)."""
        if self._columns is None:
            self._columns = tuple(np.ascontiguousarray(c) for c in self.points.T)
        return self._columns

    def distances_to(self, k: int) -> np.ndarray:
        """Straight-line distance (ly) from every system to system ``k``."""
        total = np.zeros(self.n)
        for c in self.columns():
            d = c - c[k]
            total += d * d
        return np.sqrt(total)

    def point_list(self) -> list[tuple[float, ...]]:
        """Positions as tuples (for ``math.dist``)."""
        if self._point_list is None:
            self._point_list = [tuple(p) for p in self.points.tolist()]
        return self._point_list

    # ------------------------------------------------------------------ updates
    def update(self, a: int, b: int, jumps: int, gate: int) -> None:
        """Set the history and gate of the pair ``a``-``b`` (adding or dropping a far edge)."""
        self.version += 1
        e = self._range_edge(a, b)
        if e is not None:
            ly = float(self.ly[e])
            k = self.kind_of(ly, jumps, gate)
            self.jumps[e], self.gate[e], self.kind[e] = jumps, gate, k
            slots = self._slots[e].tolist()
            if self._lists is not None:
                for slot in slots:
                    self._lists[2][slot] = k
            for key in list(self._slot_costs):
                if k < len(key):
                    both = slots + [x + len(self.indices) for x in slots]
                    self._slot_costs[key][both] = key[k]
                else:  # a kind that weighting has not seen: weigh again next time
                    del self._slot_costs[key]
            return
        if not jumps and not gate:
            self.far.get(a, {}).pop(b, None)
            self.far.get(b, {}).pop(a, None)
            for x in (a, b):
                if x in self.far and not self.far[x]:
                    del self.far[x]
            return
        ly = float(np.sqrt(((self.points[a] - self.points[b]) ** 2).sum()))
        row = [ly, int(jumps), int(gate), self.kind_of(ly, jumps, gate)]
        self.far.setdefault(a, {})[b] = row
        self.far.setdefault(b, {})[a] = row

    # ------------------------------------------------------------------ views
    def edges(self) -> Iterator[tuple[int, int, dict[str, Any]]]:
        """Every edge once, ``(a, b, attributes)`` with ``a < b``."""
        kinds = self.kinds
        for a, b, ly, jumps, gate, k in zip(
            self.edge_u.tolist(),
            self.edge_v.tolist(),
            self.ly.tolist(),
            self.jumps.tolist(),
            self.gate.tolist(),
            self.kind.tolist(),
        ):
            status, successes, _g, _f = kinds[k]
            yield (
                a,
                b,
                {
                    "ly": ly,
                    "jumps": jumps,
                    "status": status,
                    "successes": successes,
                    "gate": gate,
                },
            )
        for a, row in sorted(self.far.items()):
            for b, (ly, jumps, gate, k) in sorted(row.items()):
                if a < b:
                    status, successes, _g, _f = kinds[k]
                    yield (
                        a,
                        b,
                        {
                            "ly": ly,
                            "jumps": jumps,
                            "status": status,
                            "successes": successes,
                            "gate": gate,
                        },
                    )

    def to_networkx(self, names: Sequence[str]) -> nx.Graph:
        """The graph as :class:`networkx.Graph`: nodes carry ``name``, ``x``, ``y``, ``z``;
        edges ``ly``, ``jumps``, ``status``, ``successes`` and ``gate``; the graph
        ``max_range`` and ``span``."""
        import networkx as nx

        pts = self.points
        g = nx.Graph(max_range=self.max_range)
        z = pts[:, 2] if pts.ndim == 2 and pts.shape[1] == 3 else np.zeros(self.n)
        g.add_nodes_from(
            (k, {"name": names[k], "x": x, "y": y, "z": zz})
            for k, (x, y, zz) in enumerate(zip(pts[:, 0].tolist(), pts[:, 1].tolist(), z.tolist()))
        )
        g.add_edges_from(self.edges())
        g.graph["span"] = self.span
        return g


def _group_max(groups: np.ndarray, values: np.ndarray, count: int) -> list[float]:
    """The largest value in each of ``count`` groups (0.0 for an empty group)."""
    out = np.zeros(count)
    if len(values):
        np.maximum.at(out, groups, values)
    return list(out.tolist())


def build_graph(
    points: np.ndarray,
    names: Sequence[str],
    max_range: float,
    rules: SectorRules,
    history: Mapping[tuple[int, int], int],
    gates: Mapping[tuple[int, int], int],
    pairs: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
) -> nx.Graph:
    """Build the jump graph as networkx: range edges from the spatial index (or ``pairs``),
    plus history and gates (through :class:`JumpGraph`)."""
    jg = JumpGraph(points, max_range, rules, pairs)
    for a, b in sorted(set(history) | set(gates)):
        jg.update(a, b, history.get((a, b), 0), gates.get((a, b), 0))
    return jg.to_networkx(names)
