"""Playing on from a decision in the middle of a phase: the battle advisor's trials.

The advisor (:mod:`~kit.successors.combat.advice`) knows the state at the decision and what
the phase did before it (its events: the attack rolls, the Take-Over rolls). Every trial
plays the rest of that phase with the answer given, then the rest of the battle; here all
trials of one answer are one vectorised batch (:func:`resume`):

* ``allocate`` (where a volley's hits land): the answered wave lands key by key as
  ``damage.resolve_hits`` lands a wave (a target gone meanwhile sends that hit and the rest
  to the next wave), the rest of the volley in automatic waves, then the phase's later
  volleys (their hits were rolled before any landed) and the ships that fired;
* ``retreat``: no dice are left to roll in the phase, so the engine plays it once and the
  batch starts after it (the caller passes that state, with no answer).

Anything else (another kind, a setup the fast path does not cover, a phase it cannot read)
returns None and the advisor plays its trials on the engine.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...entities import ABILITIES
from .batch import AWAY, CARRIED, DMG, GONE, HULK, TK
from .fast import _batch
from .support import fast_supported

__all__ = ["resume"]

#: Units named in attack events that are not ships of the battle.
_NOT_SHIPS = ("buster", "stellar cannon")


def resume(
    battle: Any,
    policy: Any,
    st: Any,
    events: list[tuple[str, dict[str, Any]]],
    decision: dict[str, Any] | None,
    answer: Any,
    n: int,
    rng: np.random.Generator,
    max_rounds: int,
) -> dict[str, np.ndarray] | None:
    """``n`` trials from state ``st`` (at ``decision``, with ``answer``; or between phases
    when ``decision`` is None) to the end of the battle; the result arrays, or None when the
    fast path cannot play them."""
    if fast_supported(battle, policy, started=True) is not None:
        return None
    b = _batch(battle, policy, n, rng, st)
    if decision is not None:
        if decision["kind"] != "allocate" or not _finish_volleys(b, events, decision, answer):
            return None
        b.end_check()
    return b.play(max_rounds)


def _finish_volleys(
    b: Any, events: list[tuple[str, dict[str, Any]]], d: dict[str, Any], answer: Any
) -> bool:
    """The rest of an attack phase stopped at an allocation: False when it cannot be read."""
    T = b.T
    rows = {k: j for j, k in enumerate(T.keys)}
    shots = [e for kind, e in events if kind == "attack"]
    if any(u in _NOT_SHIPS for e in shots for u in e["units"]):
        return False
    mine = [
        i
        for i, e in enumerate(shots)
        if not e.get("aimed") and e["side"] == d["by"] and e["target"] == d["side"]
    ]
    if len(mine) != 1:
        return False
    i = mine[0]
    defender = int(d["side"])
    left = np.full(b.B, int(d["hits"]), np.int64)
    broken = np.zeros(b.B, bool)
    for key in answer:  # the answered wave, hit by hit (resolve_hits)
        if not _known(b, key, rows):
            return False
        ok = ~broken & _valid(b, defender, key, rows)
        _hit(b, key, ok, rows)
        left -= ok
        broken |= ~ok
    if left.any():
        b.land(defender, left)
    for e in shots[i + 1 :]:  # the volleys rolled after it, in order
        if e.get("aimed"):
            key = str(e["target"])
            if not _known(b, key, rows):
                return False
            for _ in range(int(e["hits"])):
                _hit(b, key, _in_orbit(b, key, rows), rows)
        elif e["hits"]:
            b.land(int(e["target"]), np.full(b.B, int(e["hits"]), np.int64))
    fired = [rows[k] for e in shots for k in e["units"] if k in rows]
    _after_volleys(b, fired)
    return True


def _known(b: Any, key: str, rows: dict[str, int]) -> bool:
    """A key the trials can land a hit on (a ship, an entity's ability it has, Static
    Defenses)."""
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


def _in_orbit(b: Any, key: str, rows: dict[str, int]) -> np.ndarray:
    """Trials where a hit on ``key`` lands at all (``land_hit`` wastes it otherwise)."""
    side, _, rest = key.partition(":")
    s = int(side)
    if key in rows:
        return b.state[rows[key]] < AWAY
    if rest == "S":
        return b.static[s] > 0 if b.static is not None else np.zeros(b.B, bool)
    return b.ethere[s].copy()


def _valid(b: Any, defender: int, key: str, rows: dict[str, int]) -> np.ndarray:
    """``damage.valid_target`` per trial."""
    side = int(key.partition(":")[0])
    if key in rows:
        j = rows[key]
        owner = b.owner[j] if b.owner is not None else np.full(b.B, b.T.origin[j])
        return (owner == defender) & ((b.state[j] & np.uint8(AWAY | GONE | HULK | CARRIED)) == 0)
    if side != defender:
        return np.zeros(b.B, bool)
    return _in_orbit(b, key, rows)


def _hit(b: Any, key: str, m: np.ndarray, rows: dict[str, int]) -> None:
    """``damage.land_hit`` on ``key`` in the trials ``m``."""
    if not m.any():
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


def _after_volleys(b: Any, fired: list[int]) -> None:
    """The ships that fired this phase: marked, reloaders neutralized, imploders gone."""
    T = b.T
    for j in fired:
        c = T.ccol_index.get(j)
        if c is not None:
            b.fired[c] = True
        st = b.state[j]
        if T.reloader[j]:
            st[(st & np.uint8(DMG | TK | AWAY | GONE | HULK)) == 0] |= np.uint8(DMG)
        elif T.imploder[j]:
            st[st < AWAY] |= np.uint8(GONE)
