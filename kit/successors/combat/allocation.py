"""Ruling 4's automatic allocation of hits, as one rule for the engine and the fast path.

Hits are allocated in waves, because what a hit can land on depends on the damage rolls of
the hits before it: a ship neutralized by its damage roll can take the next hit (which
destroys it), a hulked or vaporized one cannot. One wave is everything the defender can place
knowing the state now:

1. operational ships in the default order (decoys first, then the cheapest) each take the
   hits that bring them to their damage roll;
2. the entity takes hits on its highest ability while every ability stays at 1 or more;
3. neutralized ships, cheapest first, take one hit each (it destroys them);
4. only when none of the above is left does the entity take a hit that neutralizes it, or
   destroys it once it is neutralized (the entity last).

The engine lands a wave, then asks for the next one with the hits still left, until every
hit has landed or the defender has nothing left to hit. :func:`plan_wave` is written on numpy
arrays with a leading batch axis, so the event-log engine (a batch of one,
:func:`kit.successors.combat.damage.auto_allocation`) and the vectorised simulation
(:mod:`kit.successors.combat.simulate`) run the very same code.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["Wave", "plan_wave"]


@dataclass(frozen=True)
class Wave:
    """One wave of hits for a batch of ``B`` battles with ``U`` ship columns."""

    take: np.ndarray
    """[B, U] hits each operational ship takes (columns in the default order)."""
    entity: np.ndarray
    """[B] hits the entity takes without being neutralized."""
    kill: np.ndarray
    """[B, U] neutralized ships that take a hit (and are destroyed)."""
    last: np.ndarray
    """[B] bool: the entity takes one hit with nothing else left to hit."""

    @property
    def landed(self) -> np.ndarray:
        """[B] hits this wave places."""
        return np.asarray(self.take.sum(axis=1) + self.entity + self.kill.sum(axis=1) + self.last)


def plan_wave(
    hits: np.ndarray,
    cap: np.ndarray,
    room: np.ndarray,
    neutralized: np.ndarray,
    neutral_order: np.ndarray,
    entity_there: np.ndarray,
) -> Wave:
    """Place up to ``hits`` by ruling 4's default order (see the module docs).

    Args:
        hits: [B] hits still to place.
        cap: [B, U] hits each ship takes before its damage roll (0 unless operational),
            columns in the default allocation order.
        room: [B] hits the entity can take with every ability still at 1 or more.
        neutralized: [B, U] ships that are neutralized and can be hit.
        neutral_order: [U] column indices, cheapest neutralized ship first.
        entity_there: [B] the entity is in the battle and can be hit.

    >>> w = plan_wave(np.array([3]), np.array([[1, 0]]), np.array([0]),
    ...               np.array([[False, True]]), np.array([1, 0]), np.array([False]))
    >>> w.take.tolist(), w.kill.tolist(), w.landed.tolist()
    ([[1, 0]], [[False, True]], [2])
    """
    hits = np.asarray(hits, int)
    cap = np.asarray(cap, int)
    cum = np.cumsum(cap, axis=1)
    take = np.clip(hits[:, None] - (cum - cap), 0, cap)
    left = hits - take.sum(axis=1)
    ent = np.minimum(left, np.asarray(room, int))
    left = left - ent
    ordered = np.asarray(neutralized, bool)[:, neutral_order]
    kill_sorted = ordered & (np.cumsum(ordered, axis=1) <= left[:, None])
    kill = np.zeros_like(kill_sorted)
    kill[:, neutral_order] = kill_sorted
    left = left - kill_sorted.sum(axis=1)
    placed = take.sum(axis=1) + ent + kill_sorted.sum(axis=1)
    last = (placed == 0) & (left > 0) & np.asarray(entity_there, bool)
    return Wave(take, ent, kill, last)
