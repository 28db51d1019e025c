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

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ...errors import InvalidInput

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

__all__ = ["GridIndex", "build_graph", "edge_attributes", "naive_pairs"]


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


def edge_attributes(ly: float, jumps: int, gate: int, rules: Any) -> dict[str, Any]:
    """Attributes of one edge: light years, history, status, successes needed, gate size."""
    status = rules.status(jumps)
    return {
        "ly": float(ly),
        "jumps": int(jumps),
        "status": status,
        "successes": rules.needed(ly, status),
        "gate": int(gate),
    }


def build_graph(
    points: np.ndarray,
    names: Sequence[str],
    max_range: float,
    rules: Any,
    history: Mapping[tuple[int, int], int],
    gates: Mapping[tuple[int, int], int],
    pairs: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
) -> nx.Graph:
    """Build the jump graph: range edges from the spatial index, plus history and gates."""
    import networkx as nx

    pts = np.asarray(points, dtype=float)
    if pairs is None:
        pairs = (
            GridIndex(pts, max_range).pairs_within(max_range)
            if len(pts)
            else (np.zeros(0, int), np.zeros(0, int), np.zeros(0))
        )
    i, j, d = pairs
    g = nx.Graph(max_range=float(max_range))
    z = pts[:, 2] if pts.shape[1] == 3 else np.zeros(len(pts))
    g.add_nodes_from(
        (k, {"name": names[k], "x": float(pts[k, 0]), "y": float(pts[k, 1]), "z": float(z[k])})
        for k in range(len(pts))
    )
    status0 = rules.status(0)
    need = [rules.needed(x, status0) for x in d.tolist()]
    g.add_edges_from(
        (a, b, {"ly": dist, "jumps": 0, "status": status0, "successes": s, "gate": 0})
        for a, b, dist, s in zip(i.tolist(), j.tolist(), d.tolist(), need)
    )
    for a, b in set(history) | set(gates):
        ly = float(np.sqrt(((pts[a] - pts[b]) ** 2).sum()))
        g.add_edge(a, b, **edge_attributes(ly, history.get((a, b), 0), gates.get((a, b), 0), rules))
    g.graph["span"] = max(
        [float(max_range)] + [d["ly"] for _, _, d in g.edges(data=True) if d["jumps"] or d["gate"]]
    )
    return g
