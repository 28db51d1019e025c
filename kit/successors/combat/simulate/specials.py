"""Busters and the Stellar Cannon in a batch of battles (Main combat, ``phases._specials``).

Which Busters a side still has is per battle (``bleft``: a battle where a ship changed hands
plays on in a batch of its own and keeps its own Busters). The automatic policy's choice is
made here on the same facts as ``AutoPolicy.detonate`` (ruling 9): from ``buster_round`` on,
a side explodes all its Busters in the battles where the RU of the enemy ships they attack
exceed its own (each ship is hit with the same chance, so the expected costs compare as the
RU do); with ``busters_at_first_chance``, in round ``buster_round`` everywhere. Each Buster
rolls its rank against every ship in the orbit (not in racks) and every entity still in the
battle, its own side's included, and each of those attacks lands as aimed hits on its
victim. The Stellar Cannon fires the side's entity's Battle dice (boosted by a Matrix or
Targeter, not Jammed) at its orbit's penalty; any success deals the rules'
``stellar_cannon_hits``, landed as a plain volley on the side's target. Both land after the
side's own volley, in the engine's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...ranks import split
from .attack import Attacks
from .batch import CARRIED, OUT, binom
from .entity import counts
from .tables import CHANCE

if TYPE_CHECKING:
    pass

__all__ = ["Specials"]


class Specials(Attacks):
    """Busters and the Stellar Cannon on a batch."""

    def _setup(self) -> None:
        super()._setup()
        sides = self.battle.sides
        st = self.start
        #: [side] ranks of the Busters the side has at the batch's start
        self.brank = [list(st.sides[s].busters) for s in range(self.T.S)]
        k = max((len(b) for b in self.brank), default=0)
        #: [side, Buster, battle] that Buster is still there (not exploded) in that battle
        self.bleft = np.zeros((self.T.S, k, self.B), bool)
        for s, ranks in enumerate(self.brank):
            self.bleft[s, : len(ranks)] = True
        #: [side] orbit of the Stellar Cannon the side's entity mans (None: none)
        self.cannon = [s.stellar_cannon for s in sides]
        self.specials_on = any(self.brank) or any(c is not None for c in self.cannon)

    def _detonates(self, s: int, rnd: int, act: np.ndarray) -> np.ndarray:
        """[B] battles where side ``s`` explodes its Busters this Main combat (see the module
        docs: ``AutoPolicy.detonate`` on arrays)."""
        pol = self.policy
        first = int(pol.buster_round)
        if not first or rnd < first:
            return np.zeros(self.B, bool)
        go = act & self.bleft[s].any(axis=0)
        if pol.busters_at_first_chance:
            return go if rnd == first else np.zeros(self.B, bool)
        there = (self.state & np.uint8(OUT | 64 | 128 | CARRIED)) == 0
        cost = self.T.cost[:, None]
        mine = (self.T.origin == s)[:, None] if self.owner is None else self.owner == s
        own = (cost * (there & mine)).sum(axis=0)
        enemy = (cost * (there & ~mine)).sum(axis=0)
        return np.asarray(go & (enemy > own))

    def specials(self, s: int, act: np.ndarray, tgt: np.ndarray, landings: list[Any]) -> None:
        T, B = self.T, self.B
        rnd = int(self.rounds[0]) if B else 0
        go = self._detonates(s, rnd, act) if self.brank[s] else None
        if go is not None and np.count_nonzero(go):
            there = (self.state & np.uint8(OUT | 64 | 128 | CARRIED)) == 0
            for i in reversed(range(len(self.brank[s]))):
                now = go & self.bleft[s, i]
                if not np.count_nonzero(now):
                    continue
                dice = counts(split(self.brank[s][i]))[:, None] * now
                for j in T.setup_order.tolist():  # every ship in the orbit, then the entities
                    h = binom(self.rng, dice * there[j])
                    landings.append(("key", s, T.keys[j], h))
                for side in range(T.S):
                    if T.entities[side] is not None:
                        h = binom(self.rng, dice * self.ethere[side])
                        landings.append(("key", s, f"{side}:E", h))
                self.bleft[s, i] &= ~now
        orbit = self.cannon[s]
        e = T.entities[s]
        if orbit is not None and e is not None:
            code = self.ecode[s]
            dice = e.dice[f"cannon{orbit}"][:, code] * (act & self.ent_active(s))
            fires = dice.any(axis=0)
            if np.count_nonzero(fires):
                miss = np.ones(B)
                for r in range(5):
                    miss = miss * (1 - CHANCE[r]) ** dice[r]
                hit = fires & (self.rng.random(B) >= miss)
                total = self.rules.cannon_dice().roll_many(B, self.rng)
                h = np.where(hit, np.maximum(total, 0), 0)
                self.first[s] = np.where((self.first[s] < 0) & fires, h, self.first[s])
                landings.append(("hits", s, np.where(fires, tgt, -1), h))
