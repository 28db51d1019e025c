"""Hits on one named target (a ship, an entity or an ability of it, Static Defenses) in a
batch of battles, as ``damage.land_hit`` lands them: the advisor's answered waves and every
aimed shot."""

from __future__ import annotations

import numpy as np

from ...entities import ABILITIES
from .batch import AWAY, CARRIED, DMG, GONE, HULK, TK
from .hits import Hits

__all__ = ["hit_key", "in_orbit", "known", "land_key", "valid_target"]


def land_key(b: Hits, key: str, hits: np.ndarray, rows: dict[str, int]) -> None:
    """``hits[i]`` aimed hits on ``key`` in battle ``i``, one by one (``land_hits``: a hit
    on something no longer there is wasted)."""
    for i in range(int(hits.max(initial=0))):
        hit_key(b, key, (hits > i) & in_orbit(b, key, rows), rows)


def known(b: Hits, key: str, rows: dict[str, int]) -> bool:
    """A key the trials can take as a hit's target: a ship, an ability the side's entity has,
    or the side's entity or Static Defenses as a whole (``"1:E"``, ``"1:S"``). The last two are
    taken even for a side without an entity or Static Defenses; such a hit is wasted, as the
    engine's ``land_hit`` wastes it (see :func:`in_orbit`)."""
    side, _, rest = key.partition(":")
    if key in rows or rest in ("E", "S"):
        return True
    e = b.T.entities[int(side)] if side.isdigit() and int(side) < b.T.S else None
    a = rest[2:]
    return (
        rest.startswith("E:")
        and e is not None
        and a in ABILITIES
        and e.base[ABILITIES.index(a)] > 0
    )


def in_orbit(b: Hits, key: str, rows: dict[str, int]) -> np.ndarray:
    """Trials where a hit on ``key`` lands at all (``land_hit`` wastes it otherwise)."""
    side, _, rest = key.partition(":")
    s = int(side)
    if key in rows:
        return np.asarray(b.state[rows[key]] < AWAY)
    if rest == "S":
        return b.static[s] > 0 if b.static is not None else np.zeros(b.B, bool)
    return np.asarray(b.ethere[s].copy())


def valid_target(b: Hits, defender: int, key: str, rows: dict[str, int]) -> np.ndarray:
    """``damage.valid_target`` per trial."""
    side = int(key.partition(":")[0])
    if key in rows:
        j = rows[key]
        owner = b.owner[j] if b.owner is not None else np.full(b.B, b.T.origin[j])
        return np.asarray(
            (owner == defender) & ((b.state[j] & np.uint8(AWAY | GONE | HULK | CARRIED)) == 0)
        )
    if side != defender:
        return np.zeros(b.B, bool)
    return in_orbit(b, key, rows)


def hit_key(b: Hits, key: str, m: np.ndarray, rows: dict[str, int]) -> None:
    """``damage.land_hit`` on ``key`` in the trials ``m``."""
    if not np.count_nonzero(m):
        return
    side, _, rest = key.partition(":")
    s = int(side)
    T = b.T
    if key in rows:
        j = rows[key]
        st = b.state[j]
        neutral = m & ((st & np.uint8(DMG | TK)) != 0)
        st[neutral] |= np.uint8(GONE)  # a hit on a neutralized ship destroys it
        m = m & ~neutral
        if b.counter is not None:
            c = b.counter[j] + m
            roll = m & (c >= T.k[j])
            b.counter[j] = np.where(roll, 0, c)
        else:
            roll = m
        r = np.flatnonzero(roll)
        if len(r):
            u = b.rng.random(len(r))
            flags = np.where(u < T.damage_p[0], DMG, GONE).astype(np.uint8)
            if b.hulks and T.hulk_ru[j] > 0:
                hulk = (u >= T.damage_p[0]) & (u < T.damage_p[0] + T.damage_p[1])
                flags[hulk] |= np.uint8(HULK)
            st[r] |= flags
        b.free_racks()
        return
    if rest == "S":
        b.static[s] = np.where(m, np.maximum(b.static[s] - 1, 0), b.static[s])
        return
    e = T.entities[s]
    if e is None:
        return
    code = b.ecode[s]
    gone = m & e.destroyed_by_hit[code]
    b.ethere[s] &= ~gone
    hit = m & ~gone
    if rest.startswith("E:"):
        a = ABILITIES.index(rest[2:])
        new = np.where(hit, code + e.stride[a], code)
        e.ensure(new)
        b.ecode[s] = new
    else:
        b.hit_entity(s, hit)
    b.release(s)
