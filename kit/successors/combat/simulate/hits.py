"""Hits and the end check for a batch of battles: ruling 4's waves of hits (the engine's
:func:`~..allocation.plan_wave`, worked out per run of alike ships, see :func:`first_k`), the
damage table, hits on and repairs of entities, releases of Control, and
:func:`~..core_rules.battle_end` after each phase.

:func:`first_k` is the fast path's own statement of "the first ``k`` in order", which
``plan_wave`` states with a cumulative sum over every ship; a property test checks that the
two place every wave alike.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core_rules import battle_end, control_excess
from .batch import CARRIED, DMG, GONE, HULK, OUT, TK, Batch, count

__all__ = ["Hits", "first_k", "first_k_rows"]


#: Batches of at most this many battles place hits in one block (see :func:`first_k_rows`).
_BLOCK_BATTLES = 1024


#: Segment lists seen, by id: (the list, whether its segments follow on one another).
_SEEN: dict[int, tuple[list[tuple[int, int]], bool]] = {}


def _contiguous(segments: list[tuple[int, int]]) -> bool:
    """Whether each segment starts where the one before ends (worked out once per list: the
    tables' lists are asked thousands of times a battle)."""
    seen = _SEEN.get(id(segments))
    if seen is not None and seen[0] is segments:
        return seen[1]
    if len(_SEEN) > 64:
        _SEEN.clear()
    out = all(segments[i][1] == segments[i + 1][0] for i in range(len(segments) - 1))
    _SEEN[id(segments)] = (segments, out)
    return out


def first_k(
    mask: np.ndarray, k: np.ndarray, segments: list[tuple[int, int]]
) -> tuple[np.ndarray, np.ndarray]:
    """The first ``k[b]`` units of ``mask[:, b]`` in row order, per battle ``b`` (see
    :func:`first_k_rows`, which also says where the rows taken end).

    >>> m = np.array([[1], [0], [1], [1]], bool)
    >>> t, n = first_k(m, np.array([2]), [(0, 2), (2, 4)])
    >>> t[:, 0].tolist(), int(min(n[0], 2))
    ([True, False, True, False], 2)
    """
    taken, total, _ = first_k_rows(mask, k, segments)
    return taken, total


def first_k_rows(
    mask: np.ndarray, k: np.ndarray, segments: list[tuple[int, int]]
) -> tuple[np.ndarray, np.ndarray, int]:
    """The first ``k[b]`` units of ``mask[:, b]`` in row order, per battle ``b``.

    ``mask`` is bool (each row takes one) or a count per row (each row takes up to its count,
    as a ship taking several hits before its damage roll does). ``segments`` cover the rows
    that may hold any, in order; within one segment the rows are counted together and a
    cumulative sum is worked out only for the battles whose ``k`` ends inside it.

    Returns ``(taken, total, last)``: what each row takes, the units counted before the walk
    stopped (at least ``min(k, units in mask)``, so ``min(total, k)`` were taken), and the
    row past the last one that may have taken any.
    """
    counting = mask.dtype != bool
    taken = np.zeros(mask.shape, mask.dtype)
    if mask.shape[1] <= _BLOCK_BATTLES and len(segments) > 2 and _contiguous(segments):
        # one block of rows in a small batch: a single cumulative sum over it beats a walk
        # segment by segment, whose cost is numpy's per-call overhead (the same rows taken,
        # in the same order; ``total`` counts the whole block). In large batches the walk,
        # which stops once every battle's hits are placed, does less work.
        a, b = segments[0][0], segments[-1][1]
        m = mask[a:b]
        cum = np.cumsum(m, axis=0, dtype=np.int64)
        kk = np.asarray(k, np.int64)
        if counting:
            taken[a:b] = np.clip(kk - (cum - m), 0, m)
        else:
            np.logical_and(m, cum <= kk, out=taken[a:b])
        return taken, cum[-1], b
    room = np.asarray(k, np.int64).copy()  # what is left to take, per battle
    last = 0
    for a, b in segments:
        if room.max(initial=0) <= 0:
            break
        last = b
        m = mask[a:b]
        if b - a == 1 and not counting:
            taken[a] = m[0] & (room > 0)
            room -= m[0]
            continue
        n = m.sum(axis=0, dtype=np.int64) if counting else count(m)
        full = n <= room
        if counting:
            taken[a:b] = m * full
        else:
            np.logical_and(m, full, out=taken[a:b])
        part = ~full & (room > 0)
        if np.count_nonzero(part):
            r = np.flatnonzero(part)
            mr = np.take(m, r, axis=1)
            cum = np.cumsum(mr, axis=0, dtype=np.int64)
            if counting:
                taken[a:b, r] = np.clip(room[r] - (cum - mr), 0, mr)
            else:
                taken[a:b, r] = mr & (cum <= room[r])
        room -= n
    return taken, np.asarray(k, np.int64) - room, last


def _cheapest(
    neut: np.ndarray, left: np.ndarray, order: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The first ``left[b]`` ships of ``neut[:, b]`` in ``order`` (cheapest first), per battle
    ``b``, and how many that is; worked out only for the battles with hits left (most waves
    place every hit on operational ships).

    >>> m = np.array([[1, 1], [1, 0], [1, 1]], bool)
    >>> kill, n = _cheapest(m, np.array([2, 0]), np.array([2, 0, 1]))
    >>> kill.T.tolist(), n.tolist()
    ([[True, False, True], [False, False, False]], [2, 0])
    """
    kill = np.zeros_like(neut)
    n_k = np.zeros(len(left), np.int64)
    r = np.flatnonzero(left > 0)
    if not len(r):
        return kill, n_k
    whole = len(r) == len(left)
    nc = neut[order] if whole else np.take(neut, r, axis=1)[order]
    kc = nc & (np.cumsum(nc, axis=0, dtype=np.int32) <= (left if whole else left[r]))
    if whole:
        kill[order] = kc
    else:
        sub = np.zeros((neut.shape[0], len(r)), bool)
        sub[order] = kc
        kill[:, r] = sub
    n_k[r] = count(kc)
    return kill, n_k


class Hits(Batch):
    """A :class:`Batch` that lands hits and checks for the end of its battles."""

    def end_check(self, op: np.ndarray | None = None) -> None:
        over, winner = battle_end((self.fighting(op) & ~self.sret).T)
        done = self.live & over
        self.winner = np.where(done, winner, self.winner)
        self.live = self.live & ~over

    # ------------------------------------------------------------------ the entity
    def release(self, d: int, rows: slice | np.ndarray = slice(None)) -> None:
        """Ships over the Control limit leave it, cheapest first (as ``default_release``)."""
        T = self.T
        e = T.entities[d]
        cols = T.side_ccols[d]
        if e is None or not len(cols):
            return
        held = self.ctl[cols][:, rows] & (self.state[T.ccols[cols]][:, rows] < OUT)
        control = e.control[self.ecode[d, rows]]
        excess = control_excess(held.sum(axis=0), control, T.per_rank)
        excess = np.where(self.ethere[d, rows], excess, 0)
        if not np.count_nonzero(excess > 0):
            return
        order = T.side_ccheap[d]
        hs = held[order]
        gone = hs & (np.cumsum(hs, axis=0) <= excess)
        rel = np.zeros_like(gone)
        rel[order] = gone
        sub = self.ctl[cols][:, rows] & ~rel
        block = self.ctl[cols]
        block[:, rows] = sub
        self.ctl[cols] = block

    def hit_entity(self, d: int, mask: np.ndarray, rows: slice | np.ndarray = slice(None)) -> None:
        """One hit on the entity of side ``d`` in the battles ``mask`` (of ``rows``)."""
        e = self.T.entities[d]
        if e is None or not np.count_nonzero(mask):
            return
        code = self.ecode[d, rows]
        new = np.where(mask, code + e.stride[e.loss[code]], code)
        e.ensure(new)
        self.ecode[d, rows] = new

    def repair_entity(self, d: int, mask: np.ndarray) -> None:
        """One repair of the entity of side ``d`` in the battles ``mask``."""
        e = self.T.entities[d]
        if e is None or not np.count_nonzero(mask):
            return
        code = self.ecode[d]
        rep = e.repair[code]
        m = mask & (rep >= 0)
        new = np.where(m, code - e.stride[np.maximum(rep, 0)], code)
        e.ensure(new)
        self.ecode[d] = new

    # ------------------------------------------------------------------ hits
    def land(self, d: int, hits: np.ndarray) -> None:
        """Every hit on side ``d``, in waves of ruling 4, as the engine lands them. A wave is
        worked out only for the battles that still have hits to place (all of them in place
        when most have)."""
        rows = np.flatnonzero(hits > 0)
        left = hits[rows]
        whole = len(rows) > 0.6 * self.B
        if whole:
            rows, left = np.arange(self.B), hits.astype(np.int64)
        while len(rows):
            left, placed = self._wave(d, rows, left, whole)
            go = (left > 0) & (placed > 0)
            rows, left, whole = rows[go], left[go], False

    def _wave(
        self, d: int, rows: np.ndarray, left: np.ndarray, whole: bool
    ) -> tuple[np.ndarray, np.ndarray]:
        """One wave on the battles ``rows``: (hits left after it, hits it placed)."""
        T, rng = self.T, self.rng
        sel: Any = slice(None) if whole else rows
        state = self.state if whole else np.take(self.state, rows, axis=1)
        static = self.owner is None
        segs = T.side_segments[d] if static else T.segments
        op = state == 0
        own = None if static else (self.owner if whole else np.take(self.owner, rows, axis=1)) == d
        if own is not None:
            op &= own
        if T.multi:
            counter = self.counter if whole else np.take(self.counter, rows, axis=1)
            cap = np.where(op, T.k[:, None] - counter, 0)
            take, n_op, end = first_k_rows(cap, left, segs)
        else:
            take, n_op, end = first_k_rows(op, left, segs)
        placed = np.minimum(n_op, left)
        left = left - placed
        e = T.entities[d]
        e_hits: Any = None
        if e is not None:
            there = self.ethere[d, sel]
            e_hits = np.minimum(left, e.room[self.ecode[d, sel]] * there)
            left, placed = left - e_hits, placed + e_hits
        neut = ((state & np.uint8(DMG | TK | CARRIED | OUT | GONE | HULK)) - np.uint8(1)) < 3
        if own is not None:
            neut &= own
        if T.cheap_is_alloc:
            kill, n_k = first_k(neut, left, segs)
        else:
            order = T.side_cheap_order[d] if static else T.cheap_order
            kill, n_k = _cheapest(neut, left, order)
        n_k = np.minimum(n_k, left)
        left, placed = left - n_k, placed + n_k
        # the ships that reach their damage roll
        if T.multi:
            counter = counter + take
            trig = (take > 0) & (counter >= T.k[:, None])
            counter[trig] = 0
            self.counter[:, sel] = counter
        else:
            trig = take
        lo = T.side_span[d][0] if static else 0
        where = np.flatnonzero(trig[lo:end]) + lo * trig.shape[1]  # only rows that took hits
        if len(where):
            u = rng.random(len(where))
            flags = np.where(u < T.damage_p[0], DMG, GONE).astype(np.uint8)
            if self.hulks:
                hulk = (u >= T.damage_p[0]) & (u < T.damage_p[0] + T.damage_p[1])
                ship = where // state.shape[1]
                flags[hulk & (T.hulk_ru[ship] > 0)] |= np.uint8(HULK)
            state.flat[where] |= flags
        if e is not None:
            assert e_hits is not None
            if not whole:
                self.state[:, rows] = state
            broken = None  # battles where a hit found the entity out: the rest wait
            for step in range(int(e_hits.max(initial=0))):
                m = e_hits > step
                out = m & e.destroyed_by_hit[self.ecode[d, sel]]
                if np.count_nonzero(
                    out
                ):  # a facet neutralized by a hit of this wave: this one destroys it
                    self.ethere[d, sel] = self.ethere[d, sel] & ~out
                    wait = np.where(out, e_hits - step - 1, 0)
                    left, placed = left + wait, placed - wait
                    e_hits = np.where(out, 0, e_hits)
                    broken = out if broken is None else broken | out
                    m &= ~out
                self.hit_entity(d, m, sel)
            if broken is not None:
                kill &= ~broken
                back = np.where(broken, n_k, 0)
                left, placed = left + back, placed - back
            if not whole:
                state = np.take(self.state, rows, axis=1)
        state |= kill.view(np.uint8) * np.uint8(GONE)
        if self.static is not None:  # Static Defenses take what nothing else could
            pts = self.static[d, sel]
            s_hits = np.where(placed == 0, np.minimum(left, pts), 0)
            if np.count_nonzero(s_hits):
                self.static[d, sel] = pts - s_hits
                left, placed = left - s_hits, placed + s_hits
        if not whole:
            self.state[:, rows] = state
        self.free_racks()
        if e is not None:
            last = (placed == 0) & (left > 0) & self.ethere[d, sel]
            if np.count_nonzero(last):
                gone = last & e.destroyed_by_hit[self.ecode[d, sel]]
                self.ethere[d, sel] = self.ethere[d, sel] & ~gone
                self.hit_entity(d, last & ~gone, sel)
                left, placed = left - last, placed + last
            if np.count_nonzero(e_hits) or np.count_nonzero(last):
                self.release(d, sel)
        return left, placed
