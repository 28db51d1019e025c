"""Hits and the end check for a batch of battles: waves of :func:`plan_wave` (ruling 4, the
engine's own allocation), the damage table, hits on and repairs of entities, releases of
Control, and :func:`~..core_rules.battle_end` after each phase."""

from __future__ import annotations

import numpy as np

from ..allocation import plan_wave
from ..core_rules import battle_end, control_excess
from .batch import Batch

__all__ = ["Hits"]

#: State a wave of hits reads, and the part of it that a wave changes.
_LAND_KEYS = (
    "owner",
    "alive",
    "away",
    "damaged",
    "counter",
    "ctl",
    "recon",
    "tk",
    "ecode",
    "ethere",
)
_SIDE_KEYS = ("ecode", "ethere")
_LAND_CHANGES = ("alive", "damaged", "counter", "ctl", "ecode", "ethere")


class Hits(Batch):
    """A :class:`Batch` that lands hits and checks for the end of its battles."""

    def end_check(self) -> None:
        a = self.a
        over, winner = battle_end(self.fighting() & ~a["sretreat"])
        done = a["live"] & over
        a["winner"] = np.where(done, winner, a["winner"])
        a["live"] = a["live"] & ~over

    def release(self, d: int) -> None:
        """Ships over the Control limit leave it, cheapest first (as ``default_release``)."""
        T, a = self.T, self.a
        e = T.entities[d]
        if e is None:
            return
        held = a["ctl"] & self.in_orbit() & (a["owner"] == d)
        excess = control_excess(held.sum(axis=1), e.control[a["ecode"][:, d]], T.per_rank)
        excess = np.where(a["ethere"][:, d], excess, 0)
        if not (excess > 0).any():
            return
        order = self.cheap_cols
        hs = held[:, order]
        gone = hs & (np.cumsum(hs, axis=1) <= excess[:, None])
        rel = np.zeros_like(gone)
        rel[:, order] = gone
        a["ctl"] &= ~rel

    def hit_entity(self, d: int, mask: np.ndarray) -> None:
        e, a = self.T.entities[d], self.a
        if e is None or not mask.any():
            return
        code = a["ecode"][:, d]
        e.ensure(code[mask])
        a["ecode"][:, d] = np.where(mask, e.hit(code, e.loss[code], 1), code)
        e.ensure(a["ecode"][mask, d])

    def repair_entity(self, d: int, mask: np.ndarray) -> None:
        e, a = self.T.entities[d], self.a
        if e is None or not mask.any():
            return
        code = a["ecode"][:, d]
        rep = e.repair[code]
        m = mask & (rep >= 0)
        a["ecode"][:, d] = np.where(m, e.hit(code, np.maximum(rep, 0), -1), code)
        e.ensure(a["ecode"][m, d])

    def land(self, d: int, hits: np.ndarray) -> None:
        """Every hit on side ``d``, in waves of :func:`plan_wave`, as the engine lands them.
        Each wave is worked out only for the battles that still have hits to place."""
        T, full = self.T, self.a
        left = hits.copy()
        # without Take-Overs no ship changes sides: only the defender's own columns matter
        cols = None if self.takeovers_on else T.side_cols[d]
        if cols is not None:
            self.k_cols, self.cheap_cols = T.k[cols], T.side_cheap[d]
        try:
            while True:
                rows = np.nonzero(left > 0)[0]
                if not len(rows):
                    return
                if cols is None:
                    self.a = {k: full[k][rows] for k in _LAND_KEYS}
                else:
                    self.a = {
                        k: full[k][rows][:, cols] if k not in _SIDE_KEYS else full[k][rows]
                        for k in _LAND_KEYS
                    }
                placed = self._wave(d, left[rows])
                for k in _LAND_CHANGES:
                    if cols is None or k in _SIDE_KEYS:
                        full[k][rows] = self.a[k]
                    else:
                        full[k][np.ix_(rows, cols)] = self.a[k]
                left[rows] = placed
        finally:
            self.a = full
            self.k_cols, self.cheap_cols = T.k, T.cheap_order

    def _wave(self, d: int, left: np.ndarray) -> np.ndarray:
        """One wave on the battles of ``self.a``; the hits left after it (0: none can land)."""
        T, a, rng = self.T, self.a, self.rng
        e = T.entities[d]
        mine = a["owner"] == d
        op = self.oper() & mine
        k = self.k_cols
        cap = np.where(op, k[None, :] - a["counter"], 0)
        there = a["ethere"][:, d]
        room = e.room[a["ecode"][:, d]] * there if e is not None else np.zeros_like(left)
        neut = self.neutral_status() & mine
        wave = plan_wave(left, cap, room, neut, self.cheap_cols, there)
        landed = wave.landed
        if not (landed > 0).any():
            return np.zeros_like(left)
        a["counter"] += wave.take
        trig = op & (wave.take > 0) & (a["counter"] >= k[None, :])
        a["counter"][trig] = 0
        if trig.any():
            u = rng.random(trig.shape)
            neutralized = u < T.damage_p[0]
            a["damaged"] |= trig & neutralized
            a["alive"] &= ~(trig & ~neutralized)
        for step in range(int(wave.entity.max())):
            self.hit_entity(d, wave.entity > step)
        if wave.entity.any():
            self.release(d)
        a["alive"] &= ~wave.kill
        if wave.last.any():
            neutral = self.ent_neutral(d)
            a["ethere"][:, d] &= ~(wave.last & neutral)
            self.hit_entity(d, wave.last & ~neutral)
            self.release(d)
        return np.where(landed > 0, left - landed, 0)

    # ------------------------------------------------------------------ phases
