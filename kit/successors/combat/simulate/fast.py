"""The vectorised battle loop: thousands of battles at once on numpy arrays.

One column per ship of every side (in ruling 4's allocation order), one row per battle. A
ship's owner is an array, so a Take-Over moves a ship to another side by changing one entry;
any number of sides fight. Dice are counted per rank and rolled as one binomial draw per rank
(units that cannot fire in a phase are not looked at). The eight phases are played in the
engine's order, with the end check after each one.

What is shared with the engine, and how:

* the rules on numbers in :mod:`~kit.successors.combat.core_rules`: a die's success and its
  chance, the end-of-battle check, cancelling of competing Take-Over scores, the successes a
  Take-Over needs and the ships over the Control limit, called here on arrays;
* :func:`~kit.successors.combat.allocation.plan_wave` places every wave of hits;
* the tables of :mod:`.tables` are the engine's own answers (pools, entity damage patterns,
  the damage table, allocation and price orders, Take-Over bonuses, reconditioning);
* the policy decides by being asked: ``AutoPolicy.takeovers`` (the order of Take-Over
  targets), ``AutoPolicy.sensor_targets`` and the retreat rule objects are called once per
  distinct situation met in the batch (:class:`_Asked`), on small stand-ins of the state
  holding exactly what they read.

What it still writes itself is bookkeeping, and the order of the Handling jobs of
``AutoPolicy.operations`` (the entity when neutralized, the cheapest neutralized ships, ships
to recondition, the entity's other hits; one die each, best die first).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from types import SimpleNamespace
from typing import Any

import numpy as np

from ...entities import ABILITIES
from ..allocation import plan_wave
from ..core_rules import battle_end, competing_margin, control_excess, die_hits, takeover_needed
from ..policies import AutoPolicy, Never
from .result import OUTCOMES
from .tables import CHANCE, Tables

__all__ = ["run_fast"]

_WON, _LOST, _DRAW, _RETREATED = (OUTCOMES.index(o) for o in ("won", "lost", "draw", "retreated"))


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


class _Asked:
    """A policy answer per distinct situation: rows of ``keys`` that are equal share a call."""

    def __init__(self, fn: Callable[[tuple[int, ...]], Any]) -> None:
        self.fn = fn
        self.memo: dict[bytes, Any] = {}

    def __call__(self, keys: np.ndarray) -> np.ndarray:
        keys = np.ascontiguousarray(keys, dtype=np.int64)
        if not len(keys):
            return np.zeros(0, np.int64)
        if (keys == keys[0]).all():  # one situation in the whole batch (the common case)
            uniq, inv = keys[:1], np.zeros(len(keys), np.int64)
        else:
            uniq, inv = np.unique(keys, axis=0, return_inverse=True)
        answers = []
        for row in uniq:
            b = row.tobytes()
            if b not in self.memo:
                self.memo[b] = self.fn(tuple(int(x) for x in row))
            answers.append(self.memo[b])
        return np.asarray(answers)[np.asarray(inv).reshape(-1)]


def _binom(rng: np.random.Generator, n: np.ndarray) -> np.ndarray:
    """Successes of ``n[..., 5]`` dice of ranks 1..5: one binomial draw per rank."""
    out = np.zeros(n.shape[:-1], np.int64)
    for r in range(5):
        nr = n[..., r]
        if nr.any():
            out += rng.binomial(nr, CHANCE[r])
    return out


def run_fast(
    battle: Any, policy: AutoPolicy, n: int, rng: np.random.Generator, max_rounds: int
) -> dict[str, np.ndarray]:
    """Play ``n`` battles of ``battle``'s setup under ``policy``; arrays of the results."""
    T = _tables(battle, policy)
    return _Run(battle, policy, T, n, rng).play(max_rounds)


_TABLES: dict[int, tuple[Any, Any, Tables]] = {}


def _tables(battle: Any, policy: Any) -> Tables:
    """The tables of a battle and policy, kept for the next chunk of the same run."""
    hit = _TABLES.get(id(battle))
    if hit is not None and hit[0] is battle and hit[1] == policy:
        return hit[2]
    T = Tables(battle, policy)
    _TABLES.clear()
    _TABLES[id(battle)] = (battle, policy, T)
    return T


class _Run:
    def __init__(
        self, battle: Any, policy: AutoPolicy, T: Tables, n: int, rng: np.random.Generator
    ) -> None:
        self.battle, self.policy, self.T, self.rng = battle, policy, T, rng
        S, U = T.S, T.U
        self.rules = battle.rules
        self.gidx = np.arange(n)
        z = np.zeros((n, U), bool)
        self.a: dict[str, np.ndarray] = {
            "owner": np.tile(T.origin, (n, 1)),
            "alive": ~z,
            "away": z.copy(),
            "damaged": z.copy(),
            "counter": np.zeros((n, U), np.int64),
            "fired": z.copy(),
            "ctl": np.tile(T.controlled, (n, 1)),
            "recon": z.copy(),
            "prog": np.zeros((n, U, S), np.int64),
            "tk": z.copy(),
            "ecode": np.array(
                [[e.start if e is not None else 0 for e in T.entities]] * n, np.int64
            ).reshape(n, S),
            "ethere": np.tile(T.has_entity, (n, 1)),
            "sretreat": np.zeros((n, S), bool),
            "sens": np.tile(
                np.array(
                    [
                        [s.sensors if i != j else 0 for j in range(S)]
                        for i, s in enumerate(battle.sides)
                    ],
                    np.int64,
                ),
                (n, 1, 1),
            ),
            "live": np.ones(n, bool),
            "winner": np.full(n, -1),
            "rounds": np.zeros(n, np.int64),
            "first": np.full((n, S), -1),
        }
        for e in T.entities:
            if e is not None:
                e.ensure(np.array([e.start]))
        self.out = {
            "outcome": np.full((n, S), _DRAW),
            "ru_lost": np.zeros((n, S)),
            "rounds": np.zeros(n, np.int64),
            "first_hits": np.full((n, S), -1),
        }
        self.targets_asked = [_Asked(partial(self._ask_takeovers, s)) for s in range(S)]
        self.sensors_asked = [_Asked(partial(self._ask_sensors, s)) for s in range(S)]
        self.target_asked = [_Asked(partial(self._ask_target, s)) for s in range(S)]
        self.retreat_asked = [_Asked(partial(self._ask_retreat, s)) for s in range(S)]
        self.mine = [T.origin == s for s in range(S)]
        self.k_cols, self.cheap_cols = T.k, T.cheap_order
        # sensors only matter for a lock: skip them when no side could ever try a Take-Over
        self.takeovers_on = bool(policy.takeover) and any(
            T.pool["control"][:, T.origin == s].sum() > 0
            or (e is not None and bool(e.ent.dice("control")))
            for s, e in enumerate(T.entities)
        )

    # ------------------------------------------------------------------ the policy, asked
    def _ask_takeovers(self, side: int, row: tuple[int, ...]) -> np.ndarray:
        """Targets of user positions 0.. for one situation: ``row`` is per column the side's
        Take-Over progress on it (-1: not a target), then the number of users."""
        T = self.T
        *prog, m = row
        order = [j for j in T.setup_order.tolist() if prog[j] >= 0]
        units = {
            T.keys[j]: SimpleNamespace(takeover={side: prog[j]}, cost=float(T.cost[j]))
            for j in order
        }
        users = {f"user{i}": [1] for i in range(m)}
        ctx = SimpleNamespace(st=SimpleNamespace(units=units))
        plan = self.policy.takeovers(ctx, side, users, [T.keys[j] for j in order])  # type: ignore[arg-type]
        col = {k: j for j, k in enumerate(T.keys)}
        return np.array([col[plan[u]] if u in plan else -1 for u in users], np.int64)

    def _ask_sensors(self, side: int, row: tuple[int, ...]) -> np.ndarray:
        """Sides rolled against: ``row`` is per side its level (-1: not an enemy in the fight)."""
        S = self.T.S
        sens = [SimpleNamespace(sensors={}) for _ in range(S)]
        sens[side].sensors = {j: row[j] for j in range(S) if row[j] >= 0}
        ctx = SimpleNamespace(st=SimpleNamespace(sides=sens))
        enemies = [j for j in range(S) if row[j] >= 0]
        got = self.policy.sensor_targets(ctx, side, enemies)  # type: ignore[arg-type]
        return np.array([j in got for j in range(S)])

    def _ask_target(self, side: int, row: tuple[int, ...]) -> int:
        """The enemy side fired at, ``row`` marking the sides still fighting."""
        enemies = [j for j in range(self.T.S) if row[j] and j != side]
        if not enemies:
            return -1
        return int(self.policy.target_side(SimpleNamespace(), side, enemies))  # type: ignore[arg-type]

    def _ask_retreat(self, side: int, row: tuple[int, ...]) -> bool:
        """The side's retreat rule in round ``row[0]`` with ``row[1:]`` its own ships that are
        still its own and operational (per column of ships it started with)."""
        T = self.T
        rnd, *ok = row
        cols = np.nonzero(self.mine[side])[0]
        units = {
            T.keys[j]: SimpleNamespace(
                origin=side,
                owner=side if ok[i] else -1,
                operational=bool(ok[i]),
                cost=float(T.cost[j]),
            )
            for i, j in enumerate(cols.tolist())
        }
        ctx = SimpleNamespace(st=SimpleNamespace(round=rnd, units=units))
        return bool(self.policy._rule(side)(ctx, side))

    # ------------------------------------------------------------------ derived state
    def in_orbit(self) -> np.ndarray:
        return self.a["alive"] & ~self.a["away"]

    def taken(self) -> np.ndarray:
        """Ships with Take-Over successes on them (kept up to date with ``prog``)."""
        return self.a["tk"]

    def neutral_status(self) -> np.ndarray:
        """Ships whose status is neutralized (damaged or partly taken over)."""
        return self.in_orbit() & (self.a["damaged"] | self.taken())

    def oper(self) -> np.ndarray:
        a = self.a
        return self.in_orbit() & ~a["damaged"] & ~a["recon"] & ~self.taken()

    def ent_neutral(self, s: int) -> np.ndarray:
        e = self.T.entities[s]
        if e is None:
            return np.zeros(self.a["ecode"].shape[0], bool)
        return e.neutral[self.a["ecode"][:, s]]

    def ent_active(self, s: int) -> np.ndarray:
        return self.a["ethere"][:, s] & ~self.ent_neutral(s)

    def fighting(self) -> np.ndarray:
        """[B, S] ``in_fight`` of every side."""
        a, S = self.a, self.T.S
        owner = a["owner"]
        orbit, op = self.in_orbit(), self.oper()
        out = np.zeros((len(self.gidx), S), bool)
        for s in range(S):
            mine = owner == s
            gone = a["sretreat"][:, s] & ~(orbit & mine).any(axis=1)
            out[:, s] = ~gone & (self.ent_active(s) | (op & mine).any(axis=1))
        return out

    def rows(self, ability: str, s_cols: np.ndarray | None = None) -> np.ndarray:
        """[B, U] row of each ship in the dice tables of ``ability``: 1 + hits of its entity
        on that ability when under Control of an active entity, else 0 (its own dice)."""
        T, a = self.T, self.a
        ai = ABILITIES.index(ability.partition(":")[0])
        out = np.zeros(a["ctl"].shape, np.int64)
        if not a["ctl"].any():
            return out
        for s, e in enumerate(T.entities):
            if e is None:
                continue
            d = e.damage_of(a["ecode"][:, s], ai)
            act = self.ent_active(s)
            m = a["ctl"] & (a["owner"] == s) & act[:, None]
            out = np.where(m, 1 + d[:, None], out)
        return out

    def unit_dice(self, key: str, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Dice of the ships in ``mask`` rolling ``key``: ([B, 5] counts of all of them together,
        [B, U] which ships have any). One matrix product per table row, no per-die work."""
        T = self.T
        table, cols, has = T.pool[key], T.pool[key + " cols"], T.pool[key + " has"]
        B = mask.shape[0]
        total = np.zeros((B, 5))
        which = np.zeros(mask.shape, bool)
        if not len(cols):
            return total.astype(np.int64), which
        m = mask[:, cols]
        row = self.rows(key)[:, cols]
        for r in range(table.shape[0]):
            mr = m & (row == r) if table.shape[0] > 1 else m
            if r and not mr.any():
                continue
            total += mr.astype(float) @ table[r, cols].astype(float)
            which[:, cols] |= mr & has[r, cols][None, :]
        return np.rint(total).astype(np.int64), which

    def each_unit_dice(self, key: str, mask: np.ndarray) -> np.ndarray:
        """[B, U, 5] dice of each ship in ``mask`` rolling ``key`` (for rolls made one by one)."""
        T = self.T
        table, cols = T.pool[key], T.pool[key + " cols"]
        out = np.zeros((*mask.shape, 5), np.int64)
        if len(cols):
            row = self.rows(key)[:, cols]
            out[:, cols] = table[row, cols[None, :]] * mask[:, cols, None]
        return out

    def ent_dice(self, s: int, ability: str, active: np.ndarray) -> np.ndarray:
        """[B, 5] the entity's own dice in ``ability`` where ``active``."""
        e = self.T.entities[s]
        if e is None:
            return np.zeros((len(self.gidx), 5), np.int64)
        code = self.a["ecode"][:, s]
        return e.dice[ability][code] * active[:, None]

    # ------------------------------------------------------------------ rules on the batch
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
                    a["sens"][r, s, j] += _binom(self.rng, dice[r])

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
                n = _binom(rng, dice[w])
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
        first = eneut.astype(np.int64)
        neut = self.neutral_status() & mine
        ns = neut[:, T.cheap_order]
        n_neut = ns.sum(axis=1)
        fixed_s = ok(np.cumsum(ns, axis=1) - 1 + first[:, None]) & ns & act[:, None]
        fixed = np.zeros_like(fixed_s)
        fixed[:, T.cheap_order] = fixed_s
        if T.tek_locked[s]:
            rec = np.zeros_like(fixed)
        else:
            rec = self.in_orbit() & mine & a["recon"] & ~a["damaged"] & ~self.taken()
        rs = rec[:, T.setup_order]
        n_rec = rs.sum(axis=1)
        rec_s = ok(np.cumsum(rs, axis=1) - 1 + (first + n_neut)[:, None]) & rs & act[:, None]
        recon_done = np.zeros_like(rec_s)
        recon_done[:, T.setup_order] = rec_s
        ent_first = act & eneut & ok(np.zeros(B, np.int64))
        ent_last = act & edam & ~eneut & ok(first + n_neut + n_rec)
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
            h = _binom(rng, dice)
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
    def finish(self, rows: np.ndarray) -> None:
        T, a = self.T, self.a
        g = self.gidx[rows]
        S = T.S
        w = a["winner"][rows]
        outcome = np.full((len(rows), S), _DRAW)
        for s in range(S):
            outcome[w == s, s] = _WON
            outcome[(w >= 0) & (w != s), s] = _LOST
            outcome[a["sretreat"][rows, s], s] = _RETREATED
        owner, alive = a["owner"][rows], a["alive"][rows]
        neut = (alive & ~a["away"][rows]) & (a["damaged"][rows] | a["prog"][rows].any(axis=2))
        ru = np.zeros((len(rows), S))
        for s in range(S):
            mine = T.origin == s
            left = np.isin(outcome[:, s], [_LOST, _RETREATED])
            lost = (owner != s) | ~alive
            if self.rules.left_behind_counts_as_lost:
                lost |= neut & left[:, None]
            ru[:, s] = (lost & mine[None, :]) @ T.cost
        self.out["outcome"][g] = outcome
        self.out["ru_lost"][g] = ru
        self.out["rounds"][g] = a["rounds"][rows]
        self.out["first_hits"][g] = a["first"][rows]

    def compact(self) -> None:
        live = self.a["live"]
        self.finish(np.nonzero(~live)[0])
        keep = np.nonzero(live)[0]
        self.a = {k: v[keep] for k, v in self.a.items()}
        self.gidx = self.gidx[keep]

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
