"""The vectorised battle loop: thousands of battles at once on numpy arrays.

One column per ship of every side (in ruling 4's allocation order), one row per battle. A
ship's owner is an array, so a Take-Over moves a ship to another side by changing one entry;
any number of sides fight. Dice are counted per rank and rolled as one binomial draw per rank
(units that cannot fire in a phase are not looked at). The eight phases are played in the
engine's order, with the end check after each one. The state and what it says are in
:mod:`.batch`, the landing of hits and the end check in :mod:`.hits`, the phases here.

What is shared with the engine, and how:

* the rules on numbers in :mod:`~kit.successors.combat.core_rules`: a die's success and its
  chance, the end-of-battle check, cancelling of competing Take-Over scores, the successes a
  Take-Over needs and the ships over the Control limit, called here on arrays;
* :func:`~kit.successors.combat.allocation.plan_wave` places every wave of hits;
* the tables of :mod:`.tables` are the engine's own answers (pools, entity damage patterns,
  the damage table, allocation and price orders, Take-Over bonuses, reconditioning);
* the policy decides by being asked: ``AutoPolicy.takeovers`` (the order of Take-Over
  targets), ``AutoPolicy.sensor_targets`` and the retreat rule objects are called once per
  distinct situation met in the batch (:class:`.batch.Asked`), on small stand-ins of the state
  holding exactly what they read.

* the repair phase gives its dice to the Handling jobs in the policy's own
  :data:`~kit.successors.combat.policies.OPERATION_ORDER`, the tuple
  ``AutoPolicy.operations`` walks (one die each, best die first).

What it still writes itself is bookkeeping: which ships leave Control first when Control drops
takes the engine's price order but counts off the first ones itself.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from ..core_rules import competing_margin, die_hits, takeover_needed
from ..policies import OPERATION_ORDER, AutoPolicy, Never
from .batch import binom
from .hits import Hits
from .tables import CHANCE, Tables

__all__ = ["run_fast"]


def run_fast(
    battle: Any, policy: AutoPolicy, n: int, rng: np.random.Generator, max_rounds: int
) -> dict[str, np.ndarray]:
    """Play ``n`` battles of ``battle``'s setup under ``policy``; arrays of the results."""
    T = _tables(battle, policy)
    return _Run(battle, policy, T, n, rng).play(max_rounds)


#: The last tables built: (what they were built from, the tables).
_TABLES: list[tuple[tuple[Any, ...], Tables]] = []


def _tables(battle: Any, policy: Any) -> Tables:
    """The tables of a battle and policy, kept for the next chunk of the same run (and the
    next run of the same setup). A policy changed in place since is told apart by a copy."""
    key = (battle.sides, battle.rules, battle.jammer)
    for k, T in _TABLES:
        if k[0] is key[0] and k[1] is key[1] and k[2] == key[2] and k[3] == policy:
            return T
    T = Tables(battle, policy)
    _TABLES[:] = [((*key, copy.deepcopy(policy)), T)]
    return T


class _Run(Hits):
    """The eight phases of a round on a batch, and the loop over rounds."""

    def sensors_phase(self) -> None:
        T, a = self.T, self.a
        fight = self.fighting()
        op = self.oper()
        for s in range(T.S):
            act = a["live"] & fight[:, s]
            if not act.any():
                continue
            dice = self.ent_dice(s, "sensors", self.ent_active(s))
            dice = dice + self.unit_dice("sensors", op & (a["owner"] == s))[0]
            enemy = fight.copy()
            enemy[:, s] = False
            # levels at or past the lock change nothing the simulation reports: no rolls there
            below = (enemy & (a["sens"][:, s, :] < self.rules.takeover_lock)).any(axis=1)
            act &= (dice.sum(axis=1) > 0) & below
            if not act.any():
                continue
            keys = np.where(enemy, a["sens"][:, s, :], -1)
            rows = np.nonzero(act)[0]
            roll = np.zeros((len(self.gidx), T.S), bool)
            roll[rows] = np.array(self.sensors_asked[s](keys[rows]))
            for j in range(T.S):
                r = roll[:, j]
                if r.any():
                    a["sens"][r, s, j] += binom(self.rng, dice[r])

    def takeover_phase(self) -> None:
        """Every side's Take-Over attempts (worked out only in battles where it has a lock),
        then competing scores cancel and successes land."""
        T, a, rng = self.T, self.a, self.rng
        U, S = T.U, T.S
        fight = self.fighting()
        touched: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
        for s in range(S):
            locked = fight & (a["sens"][:, s, :] >= self.rules.takeover_lock)
            locked[:, s] = False
            rows = np.nonzero(a["live"] & fight[:, s] & locked.any(axis=1))[0]
            if not len(rows):
                continue
            owner = a["owner"][rows]
            orbit = a["alive"][rows] & ~a["away"][rows]
            op = orbit & ~a["damaged"][rows] & ~a["recon"][rows] & ~a["tk"][rows]
            target = orbit & np.take_along_axis(locked[rows], owner, axis=1)
            eu = self.ent_dice(s, "control", self.ent_active(s))[rows]
            e_user = eu.sum(axis=1) > 0
            mask = np.zeros((len(a["live"]), U), bool)
            mask[rows] = op & (owner == s)
            ud = self.each_unit_dice("control", mask)[rows]
            u_user = ud.sum(axis=2) > 0
            n_users = e_user + u_user.sum(axis=1)
            keep = target.any(axis=1) & (n_users > 0)
            if not keep.any():
                continue
            m = int(n_users[keep].max())
            keys = np.concatenate(
                [np.where(target, a["prog"][rows, :, s], -1), np.full((len(rows), 1), m)], axis=1
            )
            plan = np.full((len(rows), m), -1)
            k_rows = np.nonzero(keep)[0]
            plan[k_rows] = np.array(self.targets_asked[s](keys[k_rows]))
            # user positions: the entity first, then the ships in setup order
            so = T.setup_order
            upos = np.zeros((len(rows), U), np.int64)
            upos[:, so] = np.cumsum(u_user[:, so], axis=1) - 1 + e_user[:, None]
            users = [(e_user & keep, np.zeros(len(rows), np.int64), eu)]
            users += [
                (u_user[:, j] & keep, upos[:, j], ud[:, j]) for j in range(U) if u_user[:, j].any()
            ]
            for who, p, dice in users:
                tgt = np.take_along_axis(plan, np.clip(p, 0, m - 1)[:, None], axis=1)[:, 0]
                who = who & (p < m) & (tgt >= 0)
                if not who.any():
                    continue
                w = np.nonzero(who)[0]
                n = binom(rng, dice[w])
                t = tgt[w]
                bonus = T.bonus[s, owner[w, t], t]
                if T.bonus_needs_a_success:
                    bonus = np.where(n > 0, bonus, 0)
                touched.append((rows[w], t, np.full(len(w), s), n + bonus))
        if not touched:
            return
        r_all = np.concatenate([x[0] for x in touched])
        c_all = np.concatenate([x[1] for x in touched])
        s_all = np.concatenate([x[2] for x in touched])
        v_all = np.concatenate([x[3] for x in touched])
        # one row per (battle, target ship) scored on, the sides on the last axis
        pair = r_all * U + c_all
        uniq, inv = np.unique(pair, return_inverse=True)
        scores = np.zeros((len(uniq), S), np.int64)
        np.add.at(scores, (inv, s_all), v_all)
        side, margin = competing_margin(scores)
        hit = margin > 0
        if not hit.any():
            return
        rr, cc, ss = uniq[hit] // U, uniq[hit] % U, side[hit]
        a["prog"][rr, cc, ss] += margin[hit]
        need = takeover_needed(a["ctl"][rr, cc], int(T.need[0]), int(T.need[1]))
        done = a["prog"][rr, cc, ss] >= need
        r2, c2, s2 = rr[done], cc[done], ss[done]
        a["owner"][r2, c2] = s2
        a["prog"][r2, c2, :] = 0
        a["ctl"][r2, c2] = False
        a["recon"][r2, c2] = T.recondition[s2, c2]
        a["tk"][rr, cc] = a["prog"][rr, cc].any(axis=1)

    def repair_phase(self) -> None:
        T, a, rng = self.T, self.a, self.rng
        B = len(self.gidx)
        for s in range(T.S):
            e = T.entities[s]
            if e is None:
                continue
            neut = a["live"] & a["ethere"][:, s] & self.ent_neutral(s)
            ok = rng.random(B) < CHANCE[min(self.rules.entity_self_repair_rank, 5) - 1]
            if self.rules.entity_self_repair_rank < 1:
                ok[:] = False
            self.repair_entity(s, neut & ok)
        for s in range(T.S):
            act = a["live"] & self.fighting()[:, s]
            if not act.any():
                continue
            self._operations(s, act)

    def _operations(self, s: int, act: np.ndarray) -> None:
        """One day of the side's Handling jobs in ``AutoPolicy.operations``' order."""
        T, a, rng = self.T, self.a, self.rng
        B = len(self.gidx)
        e = T.entities[s]
        mine = a["owner"] == s
        dice = self.ent_dice(s, "handling", self.ent_active(s))
        dice = dice + self.unit_dice("handling", self.oper() & mine)[0]
        ndice = dice.sum(axis=1) * act
        if not ndice.any():
            return
        width = int(ndice.max())
        # the pool best die first: position p has the rank of the p-th die
        pos = np.arange(width)[None, :]
        from_top = np.cumsum(dice[:, ::-1], axis=1)  # dice of rank >= 5, >= 4, ...
        rank = 5 - (pos[:, :, None] >= from_top[:, None, :]).sum(axis=2)
        face = rng.integers(1, 7, size=(B, width))
        succ = die_hits(rank, face) & (pos < ndice[:, None]) & (rank > 0)

        def ok(p: np.ndarray) -> np.ndarray:
            inside = (p >= 0) & (p < ndice[:, None] if p.ndim == 2 else p < ndice)
            q = np.clip(p, 0, width - 1)
            got = np.take_along_axis(succ, q if p.ndim == 2 else q[:, None], axis=1)
            return inside & (got if p.ndim == 2 else got[:, 0])

        if e is not None:
            code = a["ecode"][:, s]
            edam = a["ethere"][:, s] & (code != 0)
            eneut = edam & e.neutral[code]
        else:
            edam = eneut = np.zeros(B, bool)
        # the dice go to the jobs in the automatic policy's own order, one die each: ``start``
        # is the position in the pool (best die first) of each step's first job
        start = np.zeros(B, np.int64)
        ent_first = ent_last = np.zeros(B, bool)
        neut = self.neutral_status() & mine
        fixed = np.zeros_like(neut)
        recon_done = np.zeros_like(neut)
        for step in OPERATION_ORDER:
            if step == "entity_neutralized":
                ent_first = act & eneut & ok(start)
                start = start + eneut
            elif step == "ships_neutralized":
                ns = neut[:, T.cheap_order]
                fixed[:, T.cheap_order] = (
                    ok(np.cumsum(ns, axis=1) - 1 + start[:, None]) & ns & act[:, None]
                )
                start = start + ns.sum(axis=1)
            elif step == "recondition" and not T.tek_locked[s]:
                rec = self.in_orbit() & mine & a["recon"] & ~a["damaged"] & ~self.taken()
                rs = rec[:, T.setup_order]
                recon_done[:, T.setup_order] = (
                    ok(np.cumsum(rs, axis=1) - 1 + start[:, None]) & rs & act[:, None]
                )
                start = start + rs.sum(axis=1)
            elif step == "entity_damaged":
                ent_last = act & edam & ~eneut & ok(start)
                start = start + (edam & ~eneut)
            # "imprison" and "gather": fast_supported sends battles with Cubes or gathering
            # to the engine
        self.repair_entity(s, ent_first | ent_last)
        # a repair on a ship partly taken over cancels a success (or all), else mends it
        tk = self.taken()
        cancel = fixed & tk
        if cancel.any():
            if self.rules.repair_cancels_all_takeover:
                a["prog"][cancel] = 0
            else:
                a["prog"][cancel] = np.maximum(a["prog"][cancel] - 1, 0)
            a["tk"] = np.asarray(a["prog"].any(axis=2))
        mend = fixed & ~tk
        a["damaged"] &= ~mend
        a["counter"][mend] = 0
        a["recon"] &= ~recon_done

    def attack_phase(self, ph: int) -> None:
        T, a, rng = self.T, self.a, self.rng
        B = len(self.gidx)
        fight = self.fighting()
        op = self.oper()
        key = ("battle:first", "battle:main", "battle:last")[ph]
        fires = np.where(a["ctl"], T.fires[1][None, :], T.fires[0][None, :])
        hits, firing, target = [], [], []
        for s in range(T.S):
            enemy = fight.copy()
            enemy[:, s] = False
            act = a["live"] & fight[:, s] & ~a["sretreat"][:, s] & enemy.any(axis=1)
            tgt = np.full(B, -1)
            if act.any():
                rows_ = np.nonzero(act)[0]
                tgt[rows_] = self.target_asked[s](enemy[rows_].astype(np.int64))
            m = op & (a["owner"] == s) & ~a["fired"] & act[:, None] & fires
            dice, fire = self.unit_dice(key, m)
            if T.entity_phase[s] == ph:
                dice += self.ent_dice(s, "battle", self.ent_active(s) & act)
            h = binom(rng, dice)
            shot = dice.sum(axis=1) > 0
            a["first"][:, s] = np.where((a["first"][:, s] < 0) & shot, h, a["first"][:, s])
            hits.append(np.where(act, h, 0))
            firing.append(fire)
            target.append(tgt)
        for s in range(T.S):
            for d in range(T.S):
                if d == s:
                    continue
                h = np.where(target[s] == d, hits[s], 0)
                if h.any():
                    self.land(d, h)
        for s in range(T.S):
            m = firing[s]
            if not m.any():
                continue
            a["fired"] |= m
            orbit = self.in_orbit()
            a["damaged"] |= m & T.reloader[None, :] & orbit & ~a["damaged"] & ~self.taken()
            a["alive"] &= ~(m & T.imploder[None, :] & orbit)

    def retreat_phase(self, rnd: int) -> None:
        T, a = self.T, self.a
        for s in range(T.S):
            if isinstance(self.policy._rule(s), Never):
                continue
            fight = self.fighting()
            enemy = fight.copy()
            enemy[:, s] = False
            act = a["live"] & fight[:, s] & ~a["sretreat"][:, s] & enemy.any(axis=1)
            if not act.any():
                continue
            rows = np.nonzero(act)[0]
            ok = (self.oper() & (a["owner"] == s))[:, self.mine[s]]
            keys = np.concatenate([np.full((len(rows), 1), rnd), ok[rows]], axis=1)
            go = np.zeros(len(self.gidx), bool)
            go[rows] = np.array(self.retreat_asked[s](keys), bool)
            if not go.any():
                continue
            leave = go[:, None] & self.oper() & (a["owner"] == s) & T.mobile[None, :]
            ent = go & self.ent_active(s)
            a["away"] |= leave
            a["ethere"][:, s] &= ~ent
            a["sretreat"][:, s] |= go

    # ------------------------------------------------------------------ the loop
    def play(self, max_rounds: int) -> dict[str, np.ndarray]:
        a = self.a
        for rnd in range(1, max_rounds + 1):
            if not self.a["live"].any():
                break
            if self.a["live"].mean() < 0.75:
                self.compact()
            a = self.a
            a["rounds"][a["live"]] = rnd
            a["fired"][:] = False
            if self.takeovers_on:
                self.sensors_phase()
                self.takeover_phase()
                self.end_check()
            self.repair_phase()
            self.end_check()
            for ph in range(3):
                if not a["live"].any():
                    break
                self.attack_phase(ph)
                self.end_check()
            self.retreat_phase(rnd)
            self.end_check()
        self.finish(np.arange(len(self.gidx)))
        return self.out
