"""The state of a batch of battles for the vectorised simulation, and what it says.

One row per ship (in ruling 4's allocation order, see :mod:`.tables`) and one column per
battle, so a reduction over the ships of a battle runs down contiguous rows. A ship's state
is one byte of flags (:data:`DMG` ... :data:`HULK`): the ship is operational exactly when the
byte is 0. Owners, hit counters and Take-Over successes get their own arrays only when the
setup can use them (a Take-Over, a ship taking several hits per damage roll).
"""

from __future__ import annotations

import copy
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from ...entities import ABILITIES
from .asked import Asked
from .result import OUTCOMES
from .tables import CHANCE, Tables

if TYPE_CHECKING:
    from ..battle import Battle
    from ..policies import AutoPolicy
    from ..state import BattleState

__all__ = ["AWAY", "DMG", "GONE", "HULK", "RECON", "TK", "Batch", "binom", "count"]

#: Flags of a ship's state byte: damaged (neutralized by damage), Take-Over successes on it,
#: needs reconditioning, carried in racks, held by a gatherer, retreated, gone for good
#: (destroyed, hulked, vaporized, eaten), and a hulk with scrap left to gather.
DMG, TK, RECON, CARRIED, HELD, AWAY, GONE, HULK = 1, 2, 4, 8, 16, 32, 64, 128
#: Flags that take a ship out of the orbit (every flag from :data:`AWAY` up).
OUT = AWAY
_WON, _LOST, _DRAW, _RETREATED = (OUTCOMES.index(o) for o in ("won", "lost", "draw", "retreated"))


#: The chance of a success of a die of each rank 1..5.
_RANK_P = np.asarray(CHANCE[:5], float)
#: Batches of at most this many battles roll all five ranks in one call (see :func:`binom`).
_ONE_CALL_UP_TO = 1024


def count(m: np.ndarray) -> np.ndarray:
    """[k, B] bools -> [B] how many are true per battle (summed as bytes: much quicker)."""
    k = m.shape[0]
    return np.asarray(m.view(np.uint8).sum(axis=0, dtype=np.uint8 if k < 256 else np.int32))


def binom(rng: np.random.Generator, n: np.ndarray) -> np.ndarray:
    """Successes of ``n[5, ...]`` dice of ranks 1..5: one binomial draw per rank."""
    flat = n.reshape(5, -1)
    if flat.shape[1] > _ONE_CALL_UP_TO:
        # a large batch: a call per rank that rolls at all (a scalar chance is the quick path)
        out = np.zeros(flat.shape[1], np.int64)
        for r in range(5):
            if np.count_nonzero(flat[r]):
                out += rng.binomial(flat[r], CHANCE[r])
        return out.reshape(n.shape[1:])
    # a few battles: one call for every rank, as numpy's per-call cost is what counts there.
    # The generator draws nothing for a count of 0 and walks the array in row order, so both
    # ways take the same numbers from the stream
    p = _RANK_P.reshape((5,) + (1,) * (n.ndim - 1))
    return np.asarray(rng.binomial(n, p).sum(axis=0, dtype=np.int64))


class Batch:
    """State arrays of a batch of battles of one setup, and what they say."""

    #: [side, Buster, battle] Busters not yet exploded (set by ``.specials.Specials``)
    bleft: Any = None

    def __init__(
        self,
        battle: Battle,
        policy: AutoPolicy,
        T: Tables,
        n: int,
        rng: np.random.Generator,
        away: np.ndarray | None = None,
        start: BattleState | None = None,
    ) -> None:
        """A batch of ``n`` battles from ``battle``'s state (or ``start``, a
        :class:`~..state.BattleState` of it: the advisor's state at a decision); ``away``
        ([U, n], optional) marks ships that are not in the orbit of that battle (as if they
        had left it): the garrison tuner plays every garrison size in one batch this way."""
        self.battle, self.T, self.rng = battle, T, rng
        # asked with stand-in contexts (SimpleNamespace) that hold only what the automatic
        # rulings read, which its methods' Ctx parameters do not describe
        self.policy: Any = policy
        self.rules = battle.rules
        S, U = T.S, T.U
        self.B = n
        st = self.start = battle.state if start is None else start
        # sensors only matter for a lock: none when no side could ever try a Take-Over
        self.takeovers_on = bool(policy.takeover) and any(
            T.pool["control"][:, T.origin == s].sum() > 0
            or (e is not None and bool(e.ent.dice("control")))
            for s, e in enumerate(T.entities)
        )
        #: hulks are told from other wrecks only when someone may gather them
        self.hulks = bool(getattr(policy, "gather", False))
        units = [st.units[k] for k in T.keys]
        #: some ship may need reconditioning (a Take-Over, or one already waiting)
        self.recons = self.takeovers_on or any(u.needs_recondition for u in units)
        self.state = np.repeat(
            np.array([_flags(u) for u in units], np.uint8)[:, None], n, axis=1
        ).reshape(U, n)
        if away is not None:
            self.state |= away.view(np.uint8) * np.uint8(AWAY)
        owners = np.array([u.owner for u in units], np.int8)
        #: owners, only once some ship has changed hands (see ``split``)
        self.owner: Any = (
            np.repeat(owners[:, None], n, axis=1) if np.count_nonzero(owners != T.origin) else None
        )
        self.counter: Any = (
            np.repeat(np.array([u.counter for u in units], np.int8)[:, None], n, axis=1)
            if T.multi
            else None
        )
        self.prog: dict[int, np.ndarray] = {}
        for t in range(S):
            p = np.array([u.takeover.get(t, 0) for u in units], np.int8)
            if self.takeovers_on or np.count_nonzero(p):
                self.prog[t] = np.repeat(p[:, None], n, axis=1)
        cu = [units[j] for j in T.ccols]
        self.ctl = np.repeat(np.array([u.controlled for u in cu], bool)[:, None], n, axis=1)
        self.fired = np.repeat(np.array([u.fired for u in cu], bool)[:, None], n, axis=1)
        self.ctl = self.ctl.reshape(len(cu), n)
        self.fired = self.fired.reshape(len(cu), n)
        codes = [
            e.code(ent.damage) if e is not None and (ent := st.sides[s].entity) is not None else 0
            for s, e in enumerate(T.entities)
        ]
        for e, c in zip(T.entities, codes):
            if e is not None:
                e.ensure(np.array([c]))
        self.ecode = np.repeat(np.array(codes, np.int64)[:, None], n, axis=1)
        self.ethere = np.repeat(
            np.array([ss.entity_state == "active" for ss in st.sides])[:, None], n, axis=1
        )
        self.sens = np.repeat(
            np.array(
                [
                    [ss.sensors.get(j, 0) if j != i else 0 for j in range(S)]
                    for i, ss in enumerate(st.sides)
                ],
                np.int64,
            )[:, :, None],
            n,
            axis=2,
        )
        #: [side, battle] Static Defense points left (None: no side has any)
        pts = np.array([ss.static_defenses for ss in st.sides], np.int64)
        self.static: Any = (
            np.repeat(pts[:, None], n, axis=1) if np.count_nonzero(T.static) else None
        )
        self.sret = np.repeat(np.array([ss.retreated for ss in st.sides])[:, None], n, axis=1)
        self.live = np.ones(n, bool)
        self.winner = np.full(n, -1, np.int64)
        self.rounds = np.full(n, st.round, np.int64)
        self.first = np.full((S, n), -1, np.int64)
        self.idx = np.arange(n)
        self.out = {
            "outcome": np.full((n, S), _DRAW),
            "ru_lost": np.zeros((n, S)),
            "rounds": np.zeros(n, np.int64),
            "first_hits": np.full((n, S), -1),
        }
        self.sensors_asked = [Asked(partial(self._ask_sensors, s)) for s in range(S)]
        self.target_asked = [Asked(partial(self._ask_target, s)) for s in range(S)]
        self.retreat_asked = [Asked(partial(self._ask_retreat, s)) for s in range(S)]
        self._setup()

    def _setup(self) -> None:
        """What a layer of the batch (Take-Overs, attacks, specials) adds once the arrays are
        set: each layer's own ``_setup`` calls its parent's first, so none restates the
        constructor's arguments."""

    # ------------------------------------------------------------------ the policy, asked
    def _ask_sensors(self, side: int, row: tuple[int, ...]) -> np.ndarray:
        """Sides rolled against: ``row`` is per side its level (-1: not an enemy in the fight)."""
        from types import SimpleNamespace

        S = self.T.S
        sens = [SimpleNamespace(sensors={}) for _ in range(S)]
        sens[side].sensors = {j: row[j] for j in range(S) if row[j] >= 0}
        ctx = SimpleNamespace(st=SimpleNamespace(sides=sens))
        enemies = [j for j in range(S) if row[j] >= 0]
        got = self.policy.sensor_targets(ctx, side, enemies)
        return np.array([j in got for j in range(S)])

    def _ask_target(self, side: int, row: tuple[int, ...]) -> int:
        """The enemy side fired at, ``row`` marking the sides still fighting."""
        from types import SimpleNamespace

        enemies = [j for j in range(self.T.S) if row[j] and j != side]
        if not enemies:
            return -1
        return int(self.policy.target_side(SimpleNamespace(), side, enemies))

    def _ask_retreat(self, side: int, row: tuple[int, ...]) -> bool:
        """The side's retreat rule in round ``row[0]`` with ``row[1:]`` its own ships that are
        still its own and operational (per ship it started with)."""
        from types import SimpleNamespace

        T = self.T
        rnd, *ok = row
        cols = np.nonzero(T.origin == side)[0]
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
    def own(self, s: int) -> np.ndarray | None:
        """[U, B] ships of side ``s`` now; None while no ship can change hands (then a
        side's ships are its rows, ``T.side_rows``, and its segments, ``T.side_segments``)."""
        return None if self.owner is None else self.owner == s

    def mine(self, op: np.ndarray, s: int) -> np.ndarray:
        """``op`` (a [U, B] mask) kept to side ``s``'s ships (when ships can change hands;
        else ``op`` itself: read it through the side's rows or segments only)."""
        return op if self.owner is None else op & (self.owner == s)

    def keep_side(self, mask: np.ndarray, s: int) -> np.ndarray:
        """``mask`` (a [U, B] mask of this batch, changed in place) kept to side ``s``'s
        ships."""
        if self.owner is None:
            mask[self.T.other_rows[s]] = False
            return mask
        mask &= self.owner == s
        return mask

    def free_racks(self) -> None:
        """Ships in the racks of a carrier that is gone are out of the racks (as the engine's
        ``damage`` event lets them out): in the orbit, on their own."""
        racks = self.T.racks
        if not len(racks):
            return
        carried, carrier = racks[:, 0], racks[:, 1]
        out = ((self.state[carrier] & np.uint8(GONE)) != 0) & (self.state[carried] < OUT)
        if np.count_nonzero(out):
            self.state[carried] &= ~(out.view(np.uint8) * np.uint8(CARRIED))

    def op(self) -> np.ndarray:
        """Operational ships."""
        return np.asarray(self.state == 0)

    def in_orbit(self) -> np.ndarray:
        return self.state < OUT

    def neutral(self, exclude: int = 0) -> np.ndarray:
        """Ships in the orbit whose status is neutralized (damaged or partly taken over),
        without the ``exclude`` flags."""
        m = self.state & np.uint8(DMG | TK | AWAY | GONE | HULK | exclude)
        return np.asarray((m - np.uint8(1)) < 3)  # 1, 2 or 3: DMG and/or TK, nothing else

    def ent_neutral(self, s: int) -> np.ndarray:
        e = self.T.entities[s]
        if e is None:
            return np.zeros(self.B, bool)
        return np.asarray(e.neutral[self.ecode[s]])

    def ent_active(self, s: int) -> np.ndarray:
        e = self.T.entities[s]
        if e is None:
            return np.zeros(self.B, bool)
        return np.asarray(self.ethere[s] & ~e.neutral[self.ecode[s]])

    def fighting(self, op: np.ndarray | None = None) -> np.ndarray:
        """[S, B] ``in_fight`` of every side."""
        T = self.T
        out = np.zeros((T.S, self.B), bool)
        for s in range(T.S):
            if self.owner is None:
                rows = T.side_rows[s]
                low = self.state[rows].min(axis=0) if len(rows) else np.full(self.B, 255)
                out[s] = (low == 0) | self.ent_active(s)
                in_orbit = low < OUT
            else:
                own = self.owner == s
                out[s] = ((self.state == 0) & own).any(axis=0) | self.ent_active(s)
                in_orbit = ((self.state < OUT) & own).any(axis=0)
            if self.static is not None:
                out[s] |= self.static[s] > 0
            gone = self.sret[s]
            if np.count_nonzero(gone):
                out[s] &= ~gone | in_orbit
        return out

    def ctl_rows(self, ability: str) -> np.ndarray:
        """[C, B] row of each ship under Control in the dice tables of ``ability``: 1 + hits
        of its entity on that ability when that entity is active, else 0 (its own dice)."""
        T = self.T
        ai = ABILITIES.index(ability.partition(":")[0])
        out = np.zeros(self.ctl.shape, np.int64)
        for c, j in enumerate(T.ccols):
            s = int(T.origin[j])
            e = T.entities[s]
            if e is None:
                continue
            act = self.ctl[c] & self.ent_active(s)
            out[c] = (1 + e.hits_on[ai][self.ecode[s]]) * act
        return out

    def ent_dice(self, s: int, ability: str, active: np.ndarray) -> np.ndarray:
        """[5, B] the entity's own dice in ``ability`` where ``active``."""
        e = self.T.entities[s]
        if e is None:
            return np.zeros((5, self.B), np.int64)
        return np.asarray(e.dice[ability][:, self.ecode[s]] * active)

    # ------------------------------------------------------------------ results
    def finish(self, rows: np.ndarray) -> None:
        """Write the results of the battles in ``rows`` (ended or at the round limit)."""
        if not len(rows):
            return
        T, S = self.T, self.T.S
        g = self.idx[rows]
        w = self.winner[rows]
        outcome = np.full((len(rows), S), _DRAW)
        for s in range(S):
            outcome[w == s, s] = _WON
            outcome[(w >= 0) & (w != s), s] = _LOST
            outcome[self.sret[s, rows], s] = _RETREATED
        state = np.take(self.state, rows, axis=1)
        owner = np.take(self.owner, rows, axis=1) if self.owner is not None else T.origin[:, None]
        left_behind = ((state & np.uint8(DMG | TK)) != 0) & (state < OUT)
        gone = (state & np.uint8(GONE)) != 0
        for s in range(S):
            lost = (owner != s) | gone
            if self.rules.left_behind_counts_as_lost:
                left = np.isin(outcome[:, s], [_LOST, _RETREATED])
                lost = lost | (left_behind & left[None, :])
            self.out["ru_lost"][g, s] = T.cost[T.origin == s] @ lost[T.origin == s]
        self.out["outcome"][g] = outcome
        self.out["rounds"][g] = self.rounds[rows]
        self.out["first_hits"][g] = self.first[:, rows].T

    def compact(self) -> None:
        """Drop the battles that have ended (their results written first)."""
        self.finish(np.flatnonzero(~self.live))
        self.keep_rows(np.flatnonzero(self.live))

    def keep_rows(self, keep: np.ndarray) -> None:
        """Keep only the battles ``keep`` (indices, in order)."""
        for k in _PER_BATTLE:
            v = getattr(self, k)
            if v is not None:
                setattr(self, k, np.take(v, keep, axis=-1))
        self.prog = {t: np.take(v, keep, axis=1) for t, v in self.prog.items()}
        self.B = len(keep)

    def split(self, rows: np.ndarray) -> Batch:
        """Move the battles ``rows`` out into a batch of their own (same tables, policy,
        dice stream and results), where ships have owners of their own."""
        other = copy.copy(self)
        other.keep_rows(rows)
        if other.owner is None:
            other.owner = np.repeat(self.T.origin.astype(np.int8)[:, None], other.B, axis=1)
        rest = np.ones(self.B, bool)
        rest[rows] = False
        self.keep_rows(np.flatnonzero(rest))
        return other

    def absorb(self, other: Batch) -> None:
        """Take in the battles of ``other`` (a batch of the same run)."""
        if self.owner is not None or other.owner is not None:
            for b in (self, other):
                if b.owner is None:
                    b.owner = np.repeat(b.T.origin.astype(np.int8)[:, None], b.B, axis=1)
        for k in _PER_BATTLE:
            v, w = getattr(self, k), getattr(other, k)
            if v is not None:
                setattr(self, k, np.concatenate([v, w], axis=-1))
        self.prog = {t: np.concatenate([v, other.prog[t]], axis=1) for t, v in self.prog.items()}
        self.B += other.B


#: Arrays with the battles on their last axis.
_PER_BATTLE = (
    "state",
    "owner",
    "counter",
    "ctl",
    "fired",
    "ecode",
    "ethere",
    "sret",
    "static",
    "bleft",
    "first",
    "sens",
    "live",
    "winner",
    "rounds",
    "idx",
)


def _flags(u: Any) -> int:
    """A unit record's state byte."""
    f = 0
    if u.state == "retreated":
        f |= AWAY
    elif u.state == "hulked" and u.hulk_ru > 0 and u.held_by is None:
        f |= GONE | HULK
    elif u.state != "active":
        f |= GONE
    if u.damaged:
        f |= DMG
    if any(v > 0 for v in u.takeover.values()):
        f |= TK
    if u.needs_recondition:
        f |= RECON
    if u.carried_by is not None:
        f |= CARRIED
    if u.held_by is not None and u.state == "active":
        f |= HELD
    return f
