"""Sensors, Take-Overs and the repair phase for a batch of battles.

Sensors roll each side's pool against every enemy its policy names; Take-Overs ask the
policy's plan per distinct situation and cancel competing scores with the engine's rule;
the repair phase walks the policy's :data:`~kit.successors.combat.policies.OPERATION_ORDER`,
one die per job, the best die first.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from types import SimpleNamespace
from typing import TYPE_CHECKING

import numpy as np

from ..core_rules import competing_margin, takeover_needed
from ..policies import OPERATION_ORDER
from .asked import Asked
from .batch import CARRIED, DMG, HELD, OUT, RECON, TK, binom, count
from .hits import Hits, first_k
from .tables import CHANCE

if TYPE_CHECKING:
    pass

__all__ = ["Handling", "plan_from_order"]


def plan_from_order(place: np.ndarray, target: np.ndarray, m: int) -> np.ndarray:
    """[m, B] the ships the first ``m`` users try, per battle: the battle's targets in the
    order of ``place`` ([U, B], the policy's order when every ship is a target), -1 past the
    last target.

    >>> place = np.array([[2], [0], [1]])
    >>> plan_from_order(place, np.array([[True], [False], [True]]), 3)[:, 0].tolist()
    [2, 0, -1]
    """
    U = place.shape[0]
    pri = np.where(target, place, U + 1)
    if m == 1:
        return np.where(target.any(axis=0), np.argmin(pri, axis=0), -1)[None, :]
    firsts = np.argsort(pri, axis=0, kind="stable")[:m]
    ok = np.take_along_axis(pri, firsts, axis=0) <= U
    out = np.full((m, pri.shape[1]), -1)
    out[: len(firsts)] = np.where(ok, firsts, -1)
    return out


class Handling(Hits):
    """Sensors, Take-Overs and Handling jobs on a batch."""

    def _setup(self) -> None:
        super()._setup()
        #: Take-Overs waiting for their battles to move to a batch with owners (see fast)
        self.moved: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        self.order_asked = [Asked(partial(self._ask_order, s)) for s in range(self.T.S)]

    def _ask_order(self, side: int, row: tuple[int, ...]) -> np.ndarray:
        """The policy's Take-Over plan when every ship is a target and there are as many users
        as ships, ``row`` giving the side's progress on each: the place of each ship in it
        (a battle's users then take its targets in this order: a property test checks this
        against the policy's own plan on generated situations)."""
        T = self.T
        order = T.setup_order.tolist()
        units = {
            T.keys[j]: SimpleNamespace(takeover={side: row[j]}, cost=float(T.cost[j]))
            for j in order
        }
        users = {f"user{i}": [1] for i in range(T.U)}
        ctx = SimpleNamespace(st=SimpleNamespace(units=units))
        plan = self.policy.takeovers(ctx, side, users, [T.keys[j] for j in order])
        col = {k: j for j, k in enumerate(T.keys)}
        place = np.full(T.U, T.U, np.int64)
        for i, u in enumerate(users):
            if u in plan:
                place[col[plan[u]]] = i
        return place

    def pool_dice(self, key: str, s: int, mine: np.ndarray) -> np.ndarray:
        """[5, B] dice the ships in ``mine`` (side ``s``'s operational ships) roll in ``key``."""
        T = self.T
        out = np.zeros((5, self.B), np.int64)
        runs = T.side_run_dice[key][s] if self.owner is None else T.run_dice[key][s]
        for a, b, _, ranks, _ in runs:
            k = count(mine[a:b])
            for r, n in ranks:
                out[r] += n * k
        cs = T.ctl_dice_cols[key]
        if cs:
            rows = self.ctl_rows(key)
            for c in cs:
                j = T.ccols[c]
                if self.owner is None and T.origin[j] != s:
                    continue
                if T.origin[j] == s:
                    tab, row = T.ctab[key][c], rows[c]
                else:  # taken over: its own dice
                    tab, row = T.own[key][s, j][:, None], np.zeros(self.B, np.int64)
                for r in range(5):
                    if np.count_nonzero(tab[r]):
                        out[r] += tab[r][row] * mine[j]
        return out

    # ------------------------------------------------------------------ Sensors
    def sensors_phase(self) -> None:
        T = self.T
        op = self.op()
        fight = self.fighting(op)
        lock = self.rules.takeover_lock
        for s in range(T.S):
            act = self.live & fight[s]
            if not np.count_nonzero(act):
                continue
            dice = self.ent_dice(s, "sensors", self.ent_active(s))
            dice = dice + self.pool_dice("sensors", s, self.mine(op, s))
            enemy = fight.copy()
            enemy[s] = False
            # levels at or past the lock change nothing the simulation reports: no rolls there
            below = (enemy & (self.sens[s] < lock)).any(axis=0)
            act &= dice.any(axis=0) & below
            if not np.count_nonzero(act):
                continue
            rows = np.flatnonzero(act)
            keys = np.where(enemy[:, rows], self.sens[s][:, rows], -1).T
            roll = np.array(self.sensors_asked[s](keys), bool).reshape(len(rows), T.S)
            for j in range(T.S):
                r = rows[roll[:, j]]
                if len(r):
                    self.sens[s, j, r] += binom(self.rng, dice[:, r])

    # ------------------------------------------------------------------ Take-Overs
    def takeover_phase(
        self,
        sides: Iterable[int] | None = None,
        touched: Iterable[tuple[np.ndarray, np.ndarray, int, np.ndarray]] | None = None,
    ) -> None:
        """Every side's Take-Over attempts (worked out only in battles where it has a lock),
        then competing scores cancel and successes land. ``sides`` and ``touched`` (scores
        already rolled: (battles, ships, side, successes)) serve the advisor's trials, which
        start after some sides have rolled."""
        T, rng = self.T, self.rng
        S = T.S
        op = self.op()
        fight = self.fighting(op)
        touched = list(touched or [])
        cdice = T.pool["control"][0]  # [U, 5] each ship's own Control dice
        crow = self.ctl_rows("control")
        for s in range(S) if sides is None else sides:
            locked = fight & (self.sens[s] >= self.rules.takeover_lock)
            locked[s] = False
            rows = np.flatnonzero(self.live & fight[s] & locked.any(axis=0))
            if not len(rows):
                continue
            state = np.take(self.state, rows, axis=1)
            owner = (
                np.take(self.owner, rows, axis=1)
                if self.owner is not None
                else np.repeat(T.origin.astype(np.int8)[:, None], len(rows), axis=1)
            )
            target = ((state & np.uint8(OUT | 64 | 128 | CARRIED)) == 0) & np.take_along_axis(
                locked[:, rows], owner.astype(np.int64), axis=0
            )
            mine = (state == 0) & (owner == s)
            eu = self.ent_dice(s, "control", self.ent_active(s))[:, rows]
            e_user = eu.any(axis=0)
            # the ships with Control dice, each a user rolling its own
            udice = {}
            for j in T.control_cols.tolist():
                c = T.ccol_index.get(j)
                d = cdice[j][:, None] if c is None else T.pool["control"][crow[c, rows], j].T
                udice[j] = d * mine[j]
            u_user = np.zeros(state.shape, bool)
            for j, d in udice.items():
                u_user[j] = d.any(axis=0)
            n_users = e_user + u_user.sum(axis=0)
            keep = target.any(axis=0) & (n_users > 0)
            if not np.count_nonzero(keep):
                continue
            m = int(n_users[keep].max())
            k_rows = np.flatnonzero(keep)
            tk = target[:, k_rows]
            place = self.order_asked[s](np.where(tk, self.prog[s][:, rows[k_rows]], 0).T)
            plan = np.full((len(rows), m), -1)
            plan[k_rows] = plan_from_order(place.reshape(len(k_rows), -1).T, tk, m).T
            # user positions: the entity first, then the ships in setup order
            # (counted over the ships with Control dice only: no other row is a user)
            so = T.control_setup_order  # the users are exactly the ships with Control dice
            upos = np.zeros(u_user.shape, np.int64)
            upos[so] = np.cumsum(u_user[so], axis=0, dtype=np.int64) - 1 + e_user
            users = [(e_user & keep, np.zeros(len(rows), np.int64), eu)]
            users += [
                (u_user[j] & keep, upos[j], d)
                for j, d in udice.items()
                if np.count_nonzero(u_user[j])
            ]
            for who, p, dice in users:
                tgt = np.take_along_axis(plan, np.clip(p, 0, m - 1)[:, None], axis=1)[:, 0]
                who = who & (p < m) & (tgt >= 0)
                if not np.count_nonzero(who):
                    continue
                w = np.flatnonzero(who)
                n = binom(rng, np.broadcast_to(dice, (5, len(rows)))[:, w])
                t = tgt[w]
                bonus = T.bonus[s, owner[t, w], t]
                if T.bonus_needs_a_success:
                    bonus = np.where(n > 0, bonus, 0)
                touched.append((rows[w], t, s, n + bonus))
        if touched:
            self._land_takeovers(touched)

    def _land_takeovers(
        self, touched: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]]
    ) -> None:
        T = self.T
        U, S = T.U, T.S
        r_all = np.concatenate([x[0] for x in touched])
        c_all = np.concatenate([x[1] for x in touched])
        s_all = np.concatenate([np.full(len(x[0]), x[2]) for x in touched])
        v_all = np.concatenate([x[3] for x in touched])
        # one row per (battle, target ship) scored on, the sides on the last axis
        pair = r_all * U + c_all
        uniq, inv = np.unique(pair, return_inverse=True)
        scores = np.zeros((len(uniq), S), np.int64)
        np.add.at(scores, (np.asarray(inv).reshape(-1), s_all), v_all)
        side, margin = competing_margin(scores)
        hit = margin > 0
        if not np.count_nonzero(hit):
            return
        rr, cc, ss = uniq[hit] // U, uniq[hit] % U, side[hit]
        ctl = np.zeros(len(rr), bool)
        for c, j in enumerate(T.ccols):
            at = cc == j
            ctl[at] = self.ctl[c, rr[at]]
        need = takeover_needed(ctl, int(T.need[0]), int(T.need[1]))
        done = np.zeros(len(rr), bool)
        for t in self.prog:
            mt = ss == t
            if np.count_nonzero(mt):
                self.prog[t][cc[mt], rr[mt]] += margin[hit][mt].astype(np.int8)
                done[mt] = self.prog[t][cc[mt], rr[mt]] >= need[mt]
        r2, c2, s2 = rr[done], cc[done], ss[done]
        if self.owner is None:  # the battles move to a batch where ships change hands
            self.moved.append((r2, c2, s2))
        else:
            self.owner[c2, r2] = s2
        for t in self.prog:
            self.prog[t][c2, r2] = 0
        for c, j in enumerate(T.ccols):
            self.ctl[c, r2[c2 == j]] = False
        recon = T.recondition[s2, c2]
        self.state[c2, r2] = (self.state[c2, r2] & np.uint8(~RECON & 255)) | np.where(
            recon, np.uint8(RECON), np.uint8(0)
        ).astype(np.uint8)
        self._sync_tk(cc, rr)

    def _sync_tk(self, cols: np.ndarray, rows: np.ndarray) -> None:
        """Set the TK flag of these ships from their Take-Over successes."""
        any_tk = np.zeros(len(cols), bool)
        for p in self.prog.values():
            any_tk |= p[cols, rows] > 0
        st = self.state[cols, rows] & np.uint8(~TK & 255)
        self.state[cols, rows] = st | np.where(any_tk, np.uint8(TK), np.uint8(0)).astype(np.uint8)

    # ------------------------------------------------------------------ repairs
    def repair_phase(self) -> None:
        T, rng = self.T, self.rng
        rank = self.rules.entity_self_repair_rank
        for s, e in enumerate(T.entities):
            if e is None:
                continue
            there = self.live & self.ethere[s]
            if e.ent.has("self_repair"):
                self.repair_entity(s, there & e.damaged[self.ecode[s]])
            neut = there & self.ent_neutral(s)
            if rank >= 1 and np.count_nonzero(neut):
                self.repair_entity(s, neut & (rng.random(self.B) < CHANCE[min(rank, 5) - 1]))
        for s in range(T.S):
            act = self.live & self.fighting()[s]
            if np.count_nonzero(act):
                self._operations(s, act)

    def _operations(self, s: int, act: np.ndarray) -> None:
        """One day of the side's Handling jobs in ``AutoPolicy.operations``' order."""
        T, rng = self.T, self.rng
        B = self.B
        dice = self.ent_dice(s, "handling", self.ent_active(s))
        dice = (dice + self.pool_dice("handling", s, self.mine(self.op(), s))) * act
        top = np.cumsum(dice[::-1], axis=0)  # dice of rank >= 5, >= 4, ... >= 1
        ndice = top[-1]
        if not np.count_nonzero(ndice):
            return

        def ok(p: np.ndarray, asked: np.ndarray) -> np.ndarray:
            """The job at position ``p`` (per battle) succeeds, where ``asked``."""
            if not np.count_nonzero(asked):
                return asked
            r = (p[None, :] < top).sum(axis=0)  # rank of the p-th best die (0: none)
            return np.asarray(asked & (r > 0) & (rng.random(B) < CHANCE[np.maximum(r, 1) - 1]))

        e = T.entities[s]
        if e is not None:
            code = self.ecode[s]
            edam = self.ethere[s] & e.damaged[code]
            eneut = edam & e.neutral[code]
        else:
            edam = eneut = np.zeros(B, bool)
        start = np.zeros(B, np.int64)
        ent_first = ent_last = np.zeros(B, bool)
        fixed = recon_done = None
        for step in OPERATION_ORDER:
            if step == "entity_neutralized":
                ent_first = ok(start, act & eneut)
                start = start + eneut
            elif step == "ships_neutralized":
                neut = self.keep_side(self.neutral(CARRIED | HELD), s)
                fixed, n = self._first_jobs(s, neut, start, top, T.cheap_order, T.cheap_is_alloc)
                start = start + n
            elif step == "recondition" and self.recons and not T.tek_locked[s]:
                rec = (self.state & np.uint8(~(RECON | CARRIED | HELD) & 255)) == 0
                rec &= (self.state & np.uint8(RECON)) != 0
                rec = self.keep_side(rec, s)
                if np.count_nonzero(rec):
                    recon_done, n = self._first_jobs(s, rec, start, top, T.setup_order, False)
                    start = start + n
            elif step == "entity_damaged":
                ent_last = ok(start, act & edam & ~eneut)
                start = start + (edam & ~eneut)
            # "imprison" and "gather": fast_supported sends battles with Cubes or gathering
            # to the engine
        self.repair_entity(s, ent_first | ent_last)
        if fixed is not None and np.count_nonzero(fixed):
            tk = (self.state & np.uint8(TK)) != 0
            cancel = fixed & tk
            if np.count_nonzero(cancel):
                c, r = np.nonzero(cancel)
                for p in self.prog.values():
                    p[c, r] = (
                        0 if self.rules.repair_cancels_all_takeover else np.maximum(p[c, r] - 1, 0)
                    )
                self._sync_tk(c, r)
            mend = fixed & ~tk
            self.state &= ~(mend.view(np.uint8) * np.uint8(DMG))
            if self.counter is not None:
                self.counter[mend] = 0
        if recon_done is not None:
            self.state &= ~(recon_done.view(np.uint8) * np.uint8(RECON))

    def _first_jobs(
        self,
        side: int,
        mask: np.ndarray,
        start: np.ndarray,
        top: np.ndarray,
        order: np.ndarray,
        rows: bool,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Jobs on the ships of ``mask`` taken in ``order``, one die each from position
        ``start`` on (best die first): (the ships whose job succeeds, the jobs asked)."""
        T, rng = self.T, self.rng
        n = count(mask)
        done = np.zeros(mask.shape, bool)
        prev = None
        segs = T.segments if rows else [(0, T.U)]
        if rows and self.owner is None:
            segs = T.side_segments[side]
        m = mask if rows else mask[order]
        for r in range(4, -1, -1):  # rank 5 dice first
            if not np.count_nonzero(top[4 - r] > (top[3 - r] if r < 4 else 0)):
                continue
            upto, _ = first_k(m, top[4 - r] - start, segs)
            band = upto if prev is None else upto & ~prev
            where = np.flatnonzero(band)
            if len(where):
                done.flat[where] = rng.random(len(where)) < CHANCE[r]
            prev = upto
        if not rows:
            out = np.zeros_like(done)
            out[order] = done
            done = out
        return done, n
