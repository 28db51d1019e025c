"""Successors: entities, ships and fleets, combat, star travel and star systems.

Submodules: ``ranks`` (split ranks and success counting), ``edges`` (Edges and Flaws),
``entities`` (entities, facets, spawns), ``design`` (the ship designer), ``ships`` (the
catalog), ``fleets`` (fleets, Control and attack pools), ``projects`` (engineering
projects), ``bestiary`` (creatures) and ``rules`` (options). The names most GMs need are
re-exported here.
"""

from __future__ import annotations

from .bestiary import BESTIARY, Creature, creature
from .design import DRIVES, WEAPONS, ShipDesign, ship_signature
from .edges import EDGES, EFFECTS, FLAWS, Trait, TraitDef
from .entities import ABILITIES, SEXES, SIDES, Entity, entity_signature
from .fleets import Fleet, Ship, ability_pool, pool_summary, ship_dice, ship_phase
from .projects import PROJECTS, Project, ProjectType, build_successes, project
from .ranks import Rank, controlled_dice, roll_successes, split, success_distribution
from .rules import DEFAULT_RULES, Finding, SuccessorsRules
from .ships import SHIPS, ShipType, ship_type

__all__ = [
    "ABILITIES",
    "BESTIARY",
    "DEFAULT_RULES",
    "DRIVES",
    "EDGES",
    "EFFECTS",
    "FLAWS",
    "PROJECTS",
    "SEXES",
    "SHIPS",
    "SIDES",
    "WEAPONS",
    "Creature",
    "Entity",
    "Finding",
    "Fleet",
    "Project",
    "ProjectType",
    "Rank",
    "Ship",
    "ShipDesign",
    "ShipType",
    "SuccessorsRules",
    "Trait",
    "TraitDef",
    "ability_pool",
    "build_successes",
    "controlled_dice",
    "creature",
    "entity_signature",
    "pool_summary",
    "project",
    "roll_successes",
    "ship_dice",
    "ship_phase",
    "ship_signature",
    "ship_type",
    "split",
    "success_distribution",
]

_SUBPACKAGES = {"stars", "sector", "combat"}


def __getattr__(name: str):
    """Load ``stars``, ``sector`` and ``combat`` on first use (``sector`` brings networkx)."""
    if name in _SUBPACKAGES:
        from importlib import import_module

        return import_module(f"kit.successors.{name}")
    raise AttributeError(f"module 'kit.successors' has no attribute {name!r}")
