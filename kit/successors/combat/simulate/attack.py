"""The attack phases for a batch of battles: First Strike, Main combat and Last combat.

Every side rolls before any hit lands (ruling 4). A side's dice are counted per run of alike
ships it owns (:mod:`.tables`), per ship under Control, plus its entity's and, in Last combat,
its Static Defenses' (split by the policy's ``static_split``, asked per number of points).
Against an adjacent orbit only Long Ranged ships, Rammers and a Long Ranged entity (at its
penalty) fire, and Static Defenses do not. The automatic policy aims every shot at an
enemy's Static Defenses once nothing else of that enemy fights (``AutoPolicy.aim``, asked per
battle here on the same facts): those dice get the Static Defense bonus and every hit takes a
point. Hits land side by side in the engine's order; then reloaders that fired are
neutralized and imploders gone.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import numpy as np

from .asked import Asked
from .batch import AWAY, DMG, GONE, TK, binom, count
from .entity import counts as dice_counts
from .handling import Handling
from .keys import land_key
from .tables import KEYS

if TYPE_CHECKING:
    pass

__all__ = ["Attacks"]

_OUT = np.uint8(DMG | TK | AWAY | GONE | 128)


class Attacks(Handling):
    """The attack phases on a batch."""

    def _setup(self) -> None:
        super()._setup()
        self.parts_asked = [Asked(partial(self._ask_parts, s)) for s in range(self.T.S)]

    def _ask_parts(self, side: int, row: tuple[int, ...]) -> np.ndarray:
        """Dice per rank of ``row[0]`` points of Static Defenses, as the policy splits them."""
        (points,) = row
        parts = self.policy.static_split(SimpleNamespace(), side, points)
        return dice_counts(parts)

    def attack_phase(self, ph: int) -> None:
        """Every side rolls, then every hit lands, then the ships that fired are spent."""
        self.land_volleys(*self.volleys(ph, range(self.T.S)))

    def volleys(self, ph: int, sides: Iterable[int]) -> tuple[list[Any], list[Any], np.ndarray]:
        """The volleys of ``sides`` in phase ``ph``, rolled, not landed: (landings in the
        engine's order, reloaders and imploders that fired per run, ships under Control that
        fired)."""
        T = self.T
        op = self.op()
        fight = self.fighting(op)
        key = KEYS[ph]
        S, B = T.S, self.B
        cs = T.ctl_dice_cols[key]
        crow = self.ctl_rows("battle") if cs else None
        landings: list[tuple[Any, ...]] = []
        after: list[tuple[int, int, np.ndarray]] = []  # reloaders and imploders that fired
        fired_ctl = np.zeros(self.ctl.shape, bool)
        active = [self.ent_active(s) for s in range(S)]
        for s in sides:
            enemy = fight.copy()
            enemy[s] = False
            act = self.live & fight[s] & ~self.sret[s] & enemy.any(axis=0)
            if not np.count_nonzero(act):
                continue
            tgt = np.full(B, -1)
            if S == 2:  # one enemy: the only side the policy may name
                tgt[act] = 1 - s
            else:
                at = np.flatnonzero(act)
                tgt[at] = self.target_asked[s](enemy[:, at].T.astype(np.int64))
            adj = None  # battles where this side fights across orbits
            if np.count_nonzero(T.adjacent):
                adj = act & (T.adjacent[s] | enemy[T.adjacent].any(axis=0))
            counts = np.zeros((5, B), np.int64)
            mine = self.mine(op, s)
            runs = T.side_run_dice[key][s] if self.owner is None else T.run_dice[key][s]
            for a, b, _, ranks, lr in runs:
                shot = mine[a:b] if adj is None or lr else mine[a:b] & ~adj
                k = count(shot)
                for r, n in ranks:
                    counts[r] += n * k if n != 1 else k
                if T.reloader[a] or T.imploder[a]:
                    after.append((a, b, shot & act))
            for c in cs:
                j = T.ccols[c]
                if self.owner is None and T.origin[j] != s:
                    continue
                f0, f1 = T.fires[0, j], T.fires[1, j]
                ok = mine[j] & ~self.fired[c]
                if not (f0 and f1):
                    ok &= self.ctl[c] if f1 else ~self.ctl[c] if f0 else False
                if adj is not None and not T.long_ranged[j]:
                    ok &= ~adj
                if T.origin[j] == s:
                    tab, row = T.ctab[key][c], crow[c]  # type: ignore[index]  # cs: crow set
                else:  # taken over: its own dice, under its new side's Jammer Field
                    tab, row = T.own[key][s, j][:, None], np.zeros(B, np.int64)
                for r in range(5):
                    if np.count_nonzero(tab[r]):
                        counts[r] += tab[r][row] * ok
                fired_ctl[c] |= ok & tab.any(axis=0)[row] & act
            e = T.entities[s]
            if e is not None and T.entity_phase[s] == ph:
                code = self.ecode[s]
                here = active[s] & act
                if adj is None:
                    counts += e.dice["battle"][:, code] * here
                else:
                    counts += e.dice["battle"][:, code] * (here & ~adj)
                    counts += e.dice["battle_adj"][:, code] * (here & adj)
            if ph == 2 and self.static is not None:
                pts = self.static[s] * act if adj is None else self.static[s] * (act & ~adj)
                if np.count_nonzero(pts):
                    r = np.flatnonzero(pts)
                    counts[:, r] += np.asarray(self.parts_asked[s](pts[r][:, None])).T
            counts *= act
            aim = self._aims(s, act, fight, op, active) if self.static is not None else None
            if aim is not None:  # every die of those battles +bonus, every hit on the points
                up = aim >= 0
                bonus = self.rules.static_defense_bonus
                counts[:, up] = _shifted(counts[:, up], bonus)
            h = binom(self.rng, counts)
            plain = counts.any(axis=0) if aim is None else counts.any(axis=0) & (aim < 0)
            self.first[s] = np.where((self.first[s] < 0) & plain, h, self.first[s])
            landings.append(("hits", s, np.where(plain, tgt, -1), h))
            if aim is not None:
                landings.append(("static", s, aim, h))
            if ph == 1 and self.specials_on:
                self.specials(s, act, tgt, landings)
        return landings, after, fired_ctl

    def land_volleys(self, landings: list[Any], after: list[Any], fired_ctl: np.ndarray) -> None:
        """Land every volley in order, then spend the ships that fired."""
        S = self.T.S
        early = self.rules.reloader_neutralized_before_hits
        if early:  # the other reading of ruling 12: spent before the phase's hits land
            self._spend(after, fired_ctl, reloaders=True, imploders=False)
        for kind, s, where, h in landings:
            if kind == "hits":
                for d in range(S):
                    if d != s:
                        hd = np.where(where == d, h, 0)
                        if np.count_nonzero(hd):
                            self.land(d, hd)
            elif kind == "static":
                for d in range(S):
                    m = where == d
                    if np.count_nonzero(m):
                        self.static[d] = np.where(
                            m, np.maximum(self.static[d] - h, 0), self.static[d]
                        )
            elif kind == "key":  # an aimed shot: every hit on that one target
                self.land_key(where, h)
            else:
                self.land_special(kind, s, where, h)
        # after the volley: reloaders neutralized (ruling 12), imploders gone
        self._spend(after, fired_ctl, reloaders=not early)
        self.fired |= fired_ctl
        self.free_racks()

    def _spend(
        self, after: list[Any], fired_ctl: np.ndarray, *, reloaders: bool, imploders: bool = True
    ) -> None:
        """Spend the ships that fired: reloaders neutralized (if ``reloaders``), imploders
        gone (if ``imploders``)."""
        T = self.T
        for a, b, shot in after:
            if (T.reloader[a] and reloaders) or (T.imploder[a] and imploders):
                self._after_fire(slice(a, b), shot, bool(T.reloader[a]))
        for c, j in enumerate(T.ccols):
            if (T.reloader[j] and reloaders) or (T.imploder[j] and imploders):
                self._after_fire(slice(j, j + 1), fired_ctl[c][None, :], bool(T.reloader[j]))

    def _aims(
        self, s: int, act: np.ndarray, fight: np.ndarray, op: np.ndarray, active: list[np.ndarray]
    ) -> np.ndarray | None:
        """[B] the enemy whose Static Defenses side ``s`` aims every shot at (-1: none), as
        ``AutoPolicy.aim`` picks: the last enemy still fighting with points left, no
        operational ship and no active entity."""
        T = self.T
        aim = np.full(self.B, -1)
        for j in range(T.S):
            if j == s:
                continue
            ok = act & fight[j] & (self.static[j] > 0) & ~active[j]
            if not np.count_nonzero(ok):
                continue
            if self.owner is None:
                rows = T.side_rows[j]
                ships = (self.state[rows].min(axis=0) == 0) if len(rows) else np.zeros(self.B, bool)
            else:
                ships = (op & (self.owner == j)).any(axis=0)
            aim = np.where(ok & ~ships, j, aim)
        return aim if np.count_nonzero(aim >= 0) else None

    def _after_fire(self, rows: slice, shot: np.ndarray, reloader: bool) -> None:
        block = self.state[rows]
        if reloader:  # neutralized if still operational in status (not damaged, not taken)
            block[shot & ((block & _OUT) == 0)] |= np.uint8(DMG)
        else:
            block[shot & (block < AWAY)] |= np.uint8(GONE)

    def land_key(self, key: str, hits: np.ndarray) -> None:
        """Aimed hits on one target, one by one (see :mod:`.keys`)."""
        land_key(self, key, hits, {k: j for j, k in enumerate(self.T.keys)})

    # busters and the Stellar Cannon (main combat): none on the fast path yet
    specials_on = False

    def specials(self, s: int, act: np.ndarray, tgt: np.ndarray, landings: list[Any]) -> None:
        """Busters and the Stellar Cannon of side ``s`` (none unless a subclass adds them)."""

    def land_special(self, kind: str, s: int, where: str | np.ndarray, h: np.ndarray) -> None:
        """Land what :meth:`specials` rolled: ``where`` is a unit's key or each battle's target
        side, ``h`` each battle's hits."""


def _shifted(counts: np.ndarray, bonus: int) -> np.ndarray:
    """Dice per rank after ``bonus`` on every die (a die past 5 rolls as a 5: still fails on a
    6; a die brought to 0 or below does not roll), as ``pools.modify`` does per die."""
    out = np.zeros_like(counts)
    for r in range(5):
        to = r + bonus
        if to >= 0:
            out[min(to, 4)] += counts[r]
    return out
