"""Successors: entities, ships and fleets, combat, star travel and star systems.

Submodules: ``ranks`` (split ranks and success counting), ``edges`` (Edges and Flaws),
``abilities`` (abilities, sides, tasks, the signature table), ``entities`` (the entity),
``facets`` (facets and spawns), ``sheets`` (character sheets and findings), ``design`` (the
ship designer), ``ships`` (the catalog), ``fleets`` (fleets, Control and attack pools),
``projects`` (engineering projects, the Hyper Cannon and the Cube), ``bestiary`` (creatures and
Feral packs) and ``rules`` (options). The names most GMs need are re-exported here.

The Workshop (Handling operations day by day: repairs, building, mining, gathering hulks with
``Workshop.add_hulk``) lives with the combat code it shares its dice with; ``Workshop``,
``BuildJob``, ``DayReport`` and ``LooseObject`` are offered here too, but load on first use, so
``import kit.successors`` stays free of the combat engine (and ``sector`` of networkx).
"""

from __future__ import annotations

from typing import Any

from .abilities import HANDLING_TASKS, KINDS, require_ability, task_key
from .bestiary import BESTIARY, Creature, FeralPack, creature
from .design import DRIVES, WEAPONS, ShipDesign, ship_signature
from .edges import EDGES, EFFECTS, FLAWS, Trait, TraitDef
from .entities import ABILITIES, SEXES, SIDES, Entity, entity_signature
from .facets import (
    FACET_RU_PER_HIT,
    SPAWN_COST,
    Creation,
    make_facet,
    make_spawn,
    reabsorb,
    strengthen,
)
from .fleets import Fleet, Ship, ability_pool, pool_summary, ship_dice, ship_phase
from .projects import (
    GATE_SENSORS_NEEDED,
    PROJECTS,
    Cube,
    HyperCannon,
    Project,
    ProjectType,
    build_successes,
    check_hyper_gate,
    project,
    project_type,
)
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
    "FACET_RU_PER_HIT",
    "FLAWS",
    "GATE_SENSORS_NEEDED",
    "HANDLING_TASKS",
    "KINDS",
    "PROJECTS",
    "SEXES",
    "SHIPS",
    "SIDES",
    "SPAWN_COST",
    "WEAPONS",
    "BuildJob",
    "Creation",
    "Creature",
    "Cube",
    "DayReport",
    "Entity",
    "FeralPack",
    "Finding",
    "Fleet",
    "HyperCannon",
    "LooseObject",
    "Project",
    "ProjectType",
    "Rank",
    "Ship",
    "ShipDesign",
    "ShipType",
    "SuccessorsRules",
    "Trait",
    "TraitDef",
    "Workshop",
    "ability_pool",
    "build_successes",
    "check_hyper_gate",
    "controlled_dice",
    "creature",
    "entity_signature",
    "make_facet",
    "make_spawn",
    "pool_summary",
    "project",
    "project_type",
    "reabsorb",
    "require_ability",
    "roll_successes",
    "ship_dice",
    "ship_phase",
    "ship_signature",
    "ship_type",
    "split",
    "strengthen",
    "success_distribution",
    "task_key",
]

_SUBPACKAGES = {"stars", "sector", "combat"}
#: Names loaded on first use, by the module that defines them (they import the combat engine).
_LAZY = {
    "Workshop": "kit.successors.combat.workshop",
    "BuildJob": "kit.successors.combat.workshop",
    "DayReport": "kit.successors.combat.workshop",
    "LooseObject": "kit.successors.combat.workshop",
}


def __getattr__(name: str) -> Any:
    """Load ``stars``, ``sector`` and ``combat`` (``sector`` brings networkx) and the Workshop
    names on first use."""
    from importlib import import_module

    if name in _SUBPACKAGES:
        return import_module(f"kit.successors.{name}")
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value  # later lookups skip this function
        return value
    raise AttributeError(f"module 'kit.successors' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__) | _SUBPACKAGES)
