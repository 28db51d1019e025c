"""Busters and the Stellar Cannon in a batch of battles (Main combat, ``phases._specials``).

A side's Busters all explode in the round the policy names (``AutoPolicy.detonate``, asked
once per round number): each Buster rolls its rank against every ship in the orbit (not in
racks) and every entity still in the battle, its own side's included, and each of those
attacks lands as aimed hits on its victim. The Stellar Cannon fires the side's entity's
Battle dice (boosted by a Matrix or Targeter, not Jammed) at its orbit's penalty; any success
deals the rules' ``stellar_cannon_hits``, landed as a plain volley on the side's target.
Both land after the side's own volley, in the engine's order.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np

from ...ranks import split
from .attack import Attacks
from .batch import CARRIED, OUT, binom
from .entity import counts
from .tables import CHANCE

__all__ = ["Specials"]


class Specials(Attacks):
    """Busters and the Stellar Cannon on a batch."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        sides = self.battle.sides
        st = self.start
        #: [side] ranks of the Busters the side still has at the batch's start
        self.busters = [list(st.sides[s].busters) for s in range(self.T.S)]
        #: [side] orbit of the Stellar Cannon the side's entity mans (None: none)
        self.cannon = [s.stellar_cannon for s in sides]
        self.specials_on = any(self.busters) or any(c is not None for c in self.cannon)
        self._detonate: dict[tuple[int, int], list[int]] = {}

    def _detonates(self, side: int, rnd: int) -> list[int]:
        """The Busters (indices) the policy explodes in round ``rnd`` (asked once per round)."""
        key = (side, rnd)
        if key not in self._detonate:
            ctx = SimpleNamespace(
                st=SimpleNamespace(
                    round=rnd, sides=[SimpleNamespace(busters=b) for b in self.busters]
                )
            )
            self._detonate[key] = [int(i) for i in self.policy.detonate(ctx, side, "main")]
        return self._detonate[key]

    def specials(self, s: int, act: np.ndarray, tgt: np.ndarray, landings: list[Any]) -> None:
        T, B = self.T, self.B
        rnd = int(self.rounds[0]) if B else 0
        which = self._detonates(s, rnd) if self.busters[s] else []
        if which:
            there = (self.state & np.uint8(OUT | 64 | 128 | CARRIED)) == 0
            for i in sorted(which, reverse=True):
                dice = np.repeat(counts(split(self.busters[s][i]))[:, None], B, axis=1)
                for j in T.setup_order.tolist():  # every ship in the orbit, then the entities
                    h = binom(self.rng, dice) * (act & there[j])
                    landings.append(("key", s, T.keys[j], h))
                for side in range(T.S):
                    if T.entities[side] is not None:
                        h = binom(self.rng, dice) * (act & self.ethere[side])
                        landings.append(("key", s, f"{side}:E", h))
            self.busters[s] = [b for i, b in enumerate(self.busters[s]) if i not in which]
        orbit = self.cannon[s]
        e = T.entities[s]
        if orbit is not None and e is not None:
            code = self.ecode[s]
            dice = e.dice[f"cannon{orbit}"][:, code] * (act & self.ent_active(s))
            fires = dice.any(axis=0)
            if fires.any():
                miss = np.ones(B)
                for r in range(5):
                    miss = miss * (1 - CHANCE[r]) ** dice[r]
                hit = fires & (self.rng.random(B) >= miss)
                total = self.rules.cannon_dice().roll_many(B, self.rng)
                h = np.where(hit, np.maximum(total, 0), 0)
                self.first[s] = np.where((self.first[s] < 0) & fires, h, self.first[s])
                landings.append(("hits", s, np.where(fires, tgt, -1), h))
