"""The vectorised battle loop: thousands of battles at once on numpy arrays.

One row per ship of every side (in ruling 4's allocation order), one column per battle. A
ship's owner is an array when a Take-Over can move it, so any number of sides fight. Dice
are counted per rank, per run of alike ships (:mod:`.tables`), and rolled as one binomial
draw per rank. The eight phases are played in the engine's order, with the end check after
each one that can change anything; battles that have ended are compacted out of the arrays
at the start of every round. The state and what it says are in :mod:`.batch`, the landing
of hits and the end check in :mod:`.hits`, Sensors, Take-Overs and Handling in
:mod:`.handling`, the attack phases, retreats and the loop here.

What is shared with the engine, and how:

* the rules on numbers in :mod:`~kit.successors.combat.core_rules`: a die's success and its
  chance, the end-of-battle check, cancelling of competing Take-Over scores, the successes a
  Take-Over needs and the ships over the Control limit, called here on arrays;
* the tables of :mod:`.tables` are the engine's own answers (pools, entity damage patterns,
  the damage table, allocation and price orders, Take-Over bonuses, reconditioning);
* the policy decides by being asked: ``AutoPolicy.takeovers``, ``sensor_targets``,
  ``target_side`` and the retreat rule objects are called once per distinct situation met in
  the batch (:class:`.asked.Asked`), on small stand-ins of the state holding exactly what
  they read; what it fires was asked per ship when the tables were built;
* the repair phase gives its dice to the Handling jobs in the policy's own
  :data:`~kit.successors.combat.policies.OPERATION_ORDER`.

What it states itself is bookkeeping, checked against the engine by the agreement tests:
"the first k in order" per run (:func:`.hits.first_k`, and a property test against
``plan_wave``), which ships leave Control first when Control drops (the engine's price
order, counted off here).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

import numpy as np

from ..policies import AutoPolicy, Never
from ..rules import PHASES
from .batch import AWAY, DMG, GONE, TK
from .specials import Specials
from .tables import KEYS, Tables

if TYPE_CHECKING:
    from ..battle import Battle
    from ..state import BattleState

__all__ = ["run_fast"]

_OUT = np.uint8(DMG | TK | AWAY | GONE | 128)


def run_fast(
    battle: Battle,
    policy: AutoPolicy,
    n: int,
    rng: np.random.Generator,
    max_rounds: int,
    away: np.ndarray | None = None,
) -> dict[str, np.ndarray]:
    """Play ``n`` battles from ``battle``'s state under ``policy``; arrays of the results
    (``away``: see :class:`.batch.Batch`)."""
    T = _tables(battle, policy)
    return _Run(battle, policy, T, n, rng, away).play(max_rounds)


def _batch(
    battle: Battle, policy: AutoPolicy, n: int, rng: np.random.Generator, start: BattleState
) -> _Run:
    """A batch of ``n`` battles from the state ``start`` of ``battle`` (see .resume)."""
    return _Run(battle, policy, _tables(battle, policy), n, rng, start=start)


#: The last tables built: (what they were built from, the tables).
_TABLES: list[tuple[tuple[Any, ...], Tables]] = []


def _tables(battle: Battle, policy: AutoPolicy) -> Tables:
    """The tables of a battle and policy, kept for the next chunk of the same run (and the
    next run of the same setup). A policy changed in place since is told apart by a copy."""
    key = (battle.sides, battle.rules, battle.jammer)
    for k, T in _TABLES:
        if k[0] is key[0] and k[1] is key[1] and k[2] == key[2] and k[3] == policy:
            return T
    T = Tables(battle, policy)
    _TABLES[:] = [((*key, copy.deepcopy(policy)), T)]
    return T


#: Two batches with fewer battles than this together are played as one.
_MERGE_BELOW = 64


def _move(batches: list[Any]) -> list[Any]:
    """Battles of the batch without owners where a ship just changed hands go to the batch
    with owners (made when first needed)."""
    still = batches[0]
    if still.owner is not None or not still.moved:
        return batches
    r = np.concatenate([m[0] for m in still.moved])
    c = np.concatenate([m[1] for m in still.moved])
    s = np.concatenate([m[2] for m in still.moved])
    still.moved = []
    rows = np.unique(r)
    moved = still.split(rows)
    moved.owner[c, np.searchsorted(rows, r)] = s
    if len(batches) > 1:
        batches[1].absorb(moved)
        return batches
    return [still, moved]


class _Run(Specials):
    """The attack phases and retreats of a round on a batch, and the loop over rounds."""

    def retreat_phase(self, rnd: int) -> None:
        T = self.T
        for s in range(T.S):
            if isinstance(self.policy._rule(s), Never):
                continue
            op = self.op()
            fight = self.fighting(op)
            enemy = fight.copy()
            enemy[s] = False
            act = self.live & fight[s] & ~self.sret[s] & enemy.any(axis=0)
            if not np.count_nonzero(act):
                continue
            rows = np.flatnonzero(act)
            mine = self.keep_side(op.copy(), s)
            ok = mine[T.side_rows[s]][:, rows]
            keys = np.concatenate([np.full((1, len(rows)), rnd), ok], axis=0).T
            go = np.zeros(self.B, bool)
            go[rows] = np.array(self.retreat_asked[s](keys), bool)
            if not np.count_nonzero(go):
                continue
            leave = mine & go
            leave[~T.mobile] = False
            if len(T.racks):  # ships in the racks of a ship that leaves go with it
                carried, carrier = T.racks[:, 0], T.racks[:, 1]
                leave[carried] |= leave[carrier] & (self.state[carried] < AWAY)
            self.state |= leave.view(np.uint8) * np.uint8(AWAY)
            self.ethere[s] &= ~(go & self.ent_active(s))
            self.sret[s] |= go

    # ------------------------------------------------------------------ the loop
    def play(self, max_rounds: int) -> dict[str, np.ndarray]:
        """Play every battle to its end or the round limit; the results by battle."""
        st = self.start
        rnd, at = st.round, st.phase_index
        if at >= len(PHASES):
            rnd, at = rnd + 1, 0
        active = self._active_phases()
        # battles where a ship changed hands play on in a batch of their own with owners
        batches: list[_Run] = _move([self])
        while rnd <= max_rounds:
            if at == 0:
                for b in batches:
                    b.compact()
                    b.rounds[:] = rnd
                    b.fired[:] = False
                batches = [b for b in batches if b.B] or batches[:1]
                if len(batches) == 2 and batches[0].B + batches[1].B <= _MERGE_BELOW:
                    # a few battles left in both: one batch with owners plays them for
                    # half the per-phase cost (the tail of long battles is mostly that cost)
                    batches[1].absorb(batches[0])
                    batches = batches[1:]
                if not batches[0].B:
                    break
            phase = PHASES[at]
            if phase in active:
                for b in batches:
                    b.step(phase, rnd)
                if phase == "takeover":
                    batches = _move(batches)
                for b in batches:
                    b.end_check()
            at += 1
            if at == len(PHASES):
                rnd, at = rnd + 1, 0
        for b in batches:
            b.finish(np.arange(b.B))
        return self.out

    def step(self, phase: str, rnd: int) -> None:
        """Play one phase on this batch."""
        if phase == "sensors":
            self.sensors_phase()
        elif phase == "takeover":
            self.takeover_phase()
        elif phase == "repair":
            self.repair_phase()
        elif phase == "retreat":
            self.retreat_phase(rnd)
        else:
            self.attack_phase(("first", "main", "last").index(phase))

    def _active_phases(self) -> set[str]:
        """The phases that can change anything in this setup."""
        T = self.T
        out = set()
        if self.takeovers_on:
            out |= {"sensors", "takeover"}
        if np.count_nonzero(T.pool["handling"]) or np.count_nonzero(
            T.has_entity
        ):  # jobs, or an entity's self-repair
            out.add("repair")
        for ph, name in enumerate(("first", "main", "last")):
            key = KEYS[ph]
            if (
                any(T.run_dice[key])
                or T.ctl_dice_cols[key]
                or np.count_nonzero(T.entity_phase == ph)
                or (ph == 2 and np.count_nonzero(T.static))
                or (ph == 1 and any(s.busters or s.stellar_cannon for s in self.battle.sides))
            ):
                out.add(name)
        if any(not isinstance(self.policy._rule(s), Never) for s in range(T.S)):
            out.add("retreat")
        return out
