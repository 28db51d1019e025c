"""Static tables of one side for the vectorised simulation: costs, orders, dice by Control."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...entities import ABILITIES
from ...fleets import entity_phase, ship_dice, ship_phase
from ...ranks import split
from ..damage import allocation_order, cheapest_first
from ..rules import ATTACK_PHASES
from ..state import initial_state

__all__ = ["SideTables"]


class SideTables:
    """Static tables of one side for the fast path."""

    def __init__(self, battle: Any, i: int) -> None:
        side = battle.sides[i]
        st = initial_state(battle.sides)
        units = allocation_order(st.side_units(i))
        self.keys = [u.key for u in units]
        self.cost = np.array([u.cost for u in units], float)
        self.k = np.array([u.design.hits_per_damage for u in units], int)
        self.reloader = np.array([u.design.after_attack == "neutralized" for u in units])
        self.imploder = np.array([u.design.after_attack == "destroyed" for u in units])
        self.mobile = np.array([not u.design.immobile for u in units])
        self.controlled = np.array([u.controlled for u in units], bool)
        # cheapest first: the order of repairs, of hits on neutralized ships, of releases
        rep = sorted(range(len(units)), key=lambda j: cheapest_first(units[j]))
        self.repair_order = np.array(rep, int)
        ent = side.entity
        self.entity = ent
        self.base = np.array([ent.base(a) if ent else 0 for a in ABILITIES], int)
        self.dmg0 = np.array(ent.damage if ent else (0,) * 5, int)
        fr = battle.rules.fleet_rules
        self.per_rank = fr.control_limit_per_rank
        U = len(units)
        # per ability: dice and phase of each ship under Control of an entity at rank r
        # (row r; row 0: no working controller) and of each ship on its own
        self.tables: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}
        # "<ability> chance": the same tables as each die's chance to succeed
        for ability in ("battle", "handling"):
            R = int(self.base[ABILITIES.index(ability)]) if ent else 0
            own = [ship_dice(u.design.abilities()[ability], None, rules=fr) for u in units]
            rows = [
                [
                    ship_dice(u.design.abilities()[ability], r if r > 0 else None, rules=fr)
                    for u in units
                ]
                for r in range(R + 1)
            ]
            slots = max([1] + [len(d) for d in own] + [len(d) for row in rows for d in row])
            parts = np.zeros((R + 1, U, slots), int)
            phase = np.zeros((R + 1, U), int)  # 0 first, 1 main, 2 last, -1 none
            parts_own = np.zeros((U, slots), int)
            phase_own = np.zeros(U, int)
            for j, u in enumerate(units):
                parts_own[j, : len(own[j])] = own[j]
                ph = ship_phase(u.design, None, False)
                phase_own[j] = ATTACK_PHASES.index(ph) if ph else -1
                for r in range(R + 1):
                    d = rows[r][j]
                    parts[r, j, : len(d)] = d
                    ph = ship_phase(u.design, ent if r > 0 else None, r > 0)
                    phase[r, j] = ATTACK_PHASES.index(ph) if ph else -1
            self.tables[ability] = (parts, phase, parts_own, phase_own)
            # the chance of each die (a part above 5 still fails on a 6; no die: 0)
            self.tables[ability + " chance"] = (_p(parts), phase, _p(parts_own), phase_own)
        self.entity_phase = ATTACK_PHASES.index(entity_phase(ent)) if ent else -1
        self.ent_dice_max = max(1, len(split(int(self.base.sum()) + 1)))

    def dice(
        self, ability: str, rank: np.ndarray, ctl: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """[B, U, slots] dice and [B, U] attack phases with controller ranks ``rank`` [B] and
        the ships under Control ``ctl`` [B, U]."""
        parts, phase, parts_own, phase_own = self.tables[ability]
        if not ctl.any():
            B = ctl.shape[0]
            return (
                np.broadcast_to(parts_own, (B, *parts_own.shape)),
                np.broadcast_to(phase_own, (B, phase_own.shape[0])),
            )
        dice = np.where(ctl[:, :, None], parts[rank], parts_own[None, :, :])
        return dice, np.where(ctl, phase[rank], phase_own[None, :])


def _p(parts: np.ndarray) -> np.ndarray:
    return np.minimum(parts, 5) / 6.0


def _split_dice(ranks: np.ndarray, width: int) -> np.ndarray:
    """[B] ranks -> [B, width] dice parts (5s then the remainder)."""
    idx = np.arange(width)[None, :]
    r = ranks[:, None]
    full = r // 5
    rest = r % 5
    return np.where(idx < full, 5, np.where(idx == full, rest, 0))
