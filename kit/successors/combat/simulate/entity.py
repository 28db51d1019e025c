"""What the engine's :class:`~kit.successors.entities.Entity` says for each damage pattern of
one side's entity, filled in lazily as patterns are met (see :class:`EntityTable`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ...entities import ABILITIES
from ..damage import _entity_room, entity_loss_order
from ..handling import entity_repair_ability
from ..pools import _boosted, modify

if TYPE_CHECKING:
    from ...entities import Entity
    from ..rules import CombatRules

__all__ = ["POOLS", "EntityTable", "counts"]

#: Abilities rolled in a battle besides Battle.
POOLS = ("handling", "control", "sensors")


def counts(dice: Iterable[int]) -> np.ndarray:
    """Dice -> how many of each rank 1..5 (above 5 counts as 5)."""
    out = np.zeros(5, np.int64)
    for d in dice:
        if d > 0:
            out[min(int(d), 5) - 1] += 1
    return out


class EntityTable:
    """What the engine's :class:`~kit.successors.entities.Entity` says for each damage pattern
    of one side's entity, filled in lazily as patterns are met. A pattern is coded as one int:
    the hits on each ability in mixed radix (``radix[a] = base[a] + 1``)."""

    def __init__(
        self,
        ent: Entity,
        rules: CombatRules,
        *,
        jammer: int = 0,
        matrix: int = 0,
        targeter: int = 0,
        cannon: int | None = None,
    ) -> None:
        self.ent = ent
        #: how its own dice are rolled: a Jammer Field lowering Battle, a Matrix or Targeter
        #: raising ranks while the entity is active (``pools.boosted_entity``)
        self.rules, self.jammer, self.boost = rules, jammer, (matrix, targeter)
        #: the orbit of a Stellar Cannon it mans (its dice are "cannon<orbit>")
        self.cannon = cannon
        self.base = np.array([ent.base(a) for a in ABILITIES], np.int64)
        self.radix = self.base + 1
        self.stride = np.cumprod(np.concatenate([[1], self.radix[:-1]]))
        self.size = n = int(np.prod(self.radix))
        self.known = np.zeros(n, bool)
        self.neutral = np.zeros(n, bool)
        #: a hit with nothing else left destroys it (neutralized, or Fragile)
        self.destroyed_by_hit = np.zeros(n, bool)
        self.room = np.zeros(n, np.int64)
        self.loss = np.zeros(n, np.int64)
        self.repair = np.full(n, -1, np.int64)
        self.control = np.zeros(n, np.int64)
        self.damaged = np.zeros(n, bool)
        #: [ability] [5, pattern] the entity's own dice per rank ("battle_adj": its Battle dice
        #: against an adjacent orbit, only if Long Ranged)
        kinds = ["battle", "battle_adj", *POOLS] + ([f"cannon{cannon}"] if cannon else [])
        self.dice = {a: np.zeros((5, n), np.int64) for a in kinds}
        #: [ability index, pattern] hits on that ability
        self.hits_on = np.zeros((5, n), np.int64)
        self.start = self.code(ent.damage)
        self.ensure(np.array([self.start]))

    def code(self, damage: Sequence[int]) -> int:
        """The code of a damage tuple."""
        return int(np.dot(np.minimum(np.array(damage, np.int64), self.base), self.stride))

    def ensure(self, codes: np.ndarray) -> None:
        """Fill the rows of every pattern in ``codes`` not met before."""
        codes = np.asarray(codes)
        new = codes[~self.known[codes]]
        if not len(new):
            return
        for c in np.unique(new).tolist():
            # one damage count per ability, in ABILITIES order
            dmg = cast(
                "tuple[int, int, int, int, int]",
                tuple(int(x) for x in (c // self.stride) % self.radix),
            )
            e = self.ent.replace(damage=dmg)
            self.neutral[c] = e.neutralized
            self.destroyed_by_hit[c] = e.neutralized or e.fragile
            self.room[c] = _entity_room(e)
            self.loss[c] = ABILITIES.index(entity_loss_order(e))
            rep = entity_repair_ability(e)
            self.repair[c] = -1 if rep is None else ABILITIES.index(rep)
            self.control[c] = e.current("control")
            self.damaged[c] = any(dmg)
            self._fill_dice(e, c)
            self.hits_on[:, c] = dmg
            self.known[c] = True

    def _fill_dice(self, e: Any, c: int) -> None:
        """The dice of pattern ``c`` as ``pools.entity_dice`` and ``phases.attackers`` roll
        them: the boosted entity's, Battle lowered by a Jammer Field, and against an adjacent
        orbit only a Long Ranged entity's, at its penalty."""
        if e.neutralized:
            return
        b = _boosted(e, *self.boost) if any(self.boost) else e
        for a in ("battle", *POOLS):
            dice = list(b.dice(a))
            if a == "battle" and self.jammer:
                dice = modify(dice, -self.jammer, self.rules)
            self.dice[a][:, c] = counts(dice)
            if a == "battle" and self.cannon:  # the Cannon: not Jammed, its orbit's penalty
                cannon = modify(list(b.dice(a)), -self.cannon, self.rules)
                self.dice[f"cannon{self.cannon}"][:, c] = counts(cannon)
            if a == "battle" and b.long_ranged:
                adj = modify(dice, -self.rules.long_ranged_entity_penalty, self.rules)
                self.dice["battle_adj"][:, c] = counts(adj)

    def step(self, code: np.ndarray, ability: np.ndarray, hits: int) -> np.ndarray:
        """Pattern after ``hits`` (+1 a hit, -1 a repair) on ``ability`` (index per column),
        then filled in."""
        out = code + hits * self.stride[ability]
        self.ensure(out)
        return np.asarray(out)
