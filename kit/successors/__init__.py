"""Successors: entities, ships and fleets, combat, star travel and star systems.

Submodules: ``ranks`` (split ranks and success counting), and the entity, ship, fleet,
combat, star-system and sector modules. The names most GMs need are re-exported here.
"""

from __future__ import annotations

from .ranks import Rank, roll_successes, split, success_distribution

__all__ = ["Rank", "split", "success_distribution", "roll_successes"]
