"""The state of a batch of battles for the vectorised simulation: one row per battle, one
column per ship of every side, and what the state says (who is operational, who still fights,
which dice each ship rolls). The policy is asked through :class:`Asked`: once per distinct
situation met in the batch, on small stand-ins holding exactly what it reads."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from types import SimpleNamespace
from typing import Any

import numpy as np

from ...entities import ABILITIES
from ..policies import AutoPolicy
from .result import OUTCOMES
from .tables import CHANCE, Tables

__all__ = ["Asked", "Batch", "binom"]

_WON, _LOST, _DRAW, _RETREATED = (OUTCOMES.index(o) for o in ("won", "lost", "draw", "retreated"))


class Asked:
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


def binom(rng: np.random.Generator, n: np.ndarray) -> np.ndarray:
    """Successes of ``n[..., 5]`` dice of ranks 1..5: one binomial draw per rank."""
    out = np.zeros(n.shape[:-1], np.int64)
    for r in range(5):
        nr = n[..., r]
        if nr.any():
            out += rng.binomial(nr, CHANCE[r])
    return out


class Batch:
    """State arrays of ``n`` battles of one setup, and what they say."""

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
        self.targets_asked = [Asked(partial(self._ask_takeovers, s)) for s in range(S)]
        self.sensors_asked = [Asked(partial(self._ask_sensors, s)) for s in range(S)]
        self.target_asked = [Asked(partial(self._ask_target, s)) for s in range(S)]
        self.retreat_asked = [Asked(partial(self._ask_retreat, s)) for s in range(S)]
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

    def rows(self, ability: str) -> np.ndarray:
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
