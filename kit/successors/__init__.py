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

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .abilities import HANDLING_TASKS, KINDS, require_ability, task_key
    from .bestiary import BESTIARY, Creature, FeralPack, creature
    from .combat.workshop import BuildJob, DayReport, LooseObject, Workshop
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
#: Names loaded on first use, by the module that defines them: ``import kit.successors`` loads
#: none of them (see benchmarks/bench_combat.py, the import row), and the Workshop names bring
#: the combat engine.
_LAZY = {
    "ABILITIES": "kit.successors.entities",
    "BESTIARY": "kit.successors.bestiary",
    "Creation": "kit.successors.facets",
    "Creature": "kit.successors.bestiary",
    "Cube": "kit.successors.projects",
    "DEFAULT_RULES": "kit.successors.rules",
    "DRIVES": "kit.successors.design",
    "EDGES": "kit.successors.edges",
    "EFFECTS": "kit.successors.edges",
    "Entity": "kit.successors.entities",
    "FACET_RU_PER_HIT": "kit.successors.facets",
    "FLAWS": "kit.successors.edges",
    "FeralPack": "kit.successors.bestiary",
    "Finding": "kit.successors.rules",
    "Fleet": "kit.successors.fleets",
    "GATE_SENSORS_NEEDED": "kit.successors.projects",
    "HANDLING_TASKS": "kit.successors.abilities",
    "HyperCannon": "kit.successors.projects",
    "KINDS": "kit.successors.abilities",
    "PROJECTS": "kit.successors.projects",
    "Project": "kit.successors.projects",
    "ProjectType": "kit.successors.projects",
    "Rank": "kit.successors.ranks",
    "SEXES": "kit.successors.entities",
    "SHIPS": "kit.successors.ships",
    "SIDES": "kit.successors.entities",
    "SPAWN_COST": "kit.successors.facets",
    "Ship": "kit.successors.fleets",
    "ShipDesign": "kit.successors.design",
    "ShipType": "kit.successors.ships",
    "SuccessorsRules": "kit.successors.rules",
    "Trait": "kit.successors.edges",
    "TraitDef": "kit.successors.edges",
    "WEAPONS": "kit.successors.design",
    "ability_pool": "kit.successors.fleets",
    "build_successes": "kit.successors.projects",
    "check_hyper_gate": "kit.successors.projects",
    "controlled_dice": "kit.successors.ranks",
    "creature": "kit.successors.bestiary",
    "entity_signature": "kit.successors.entities",
    "make_facet": "kit.successors.facets",
    "make_spawn": "kit.successors.facets",
    "pool_summary": "kit.successors.fleets",
    "project": "kit.successors.projects",
    "project_type": "kit.successors.projects",
    "reabsorb": "kit.successors.facets",
    "require_ability": "kit.successors.abilities",
    "roll_successes": "kit.successors.ranks",
    "ship_dice": "kit.successors.fleets",
    "ship_phase": "kit.successors.fleets",
    "ship_signature": "kit.successors.design",
    "ship_type": "kit.successors.ships",
    "split": "kit.successors.ranks",
    "strengthen": "kit.successors.facets",
    "success_distribution": "kit.successors.ranks",
    "task_key": "kit.successors.abilities",
    "Workshop": "kit.successors.combat.workshop",
    "BuildJob": "kit.successors.combat.workshop",
    "DayReport": "kit.successors.combat.workshop",
    "LooseObject": "kit.successors.combat.workshop",
}


def __getattr__(name: str) -> Any:
    """Load ``stars``, ``sector`` and ``combat`` (``sector`` brings networkx) and every
    name on first use."""
    if name in _SUBPACKAGES:
        return import_module(f"kit.successors.{name}")
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value  # later lookups skip this function
        return value
    raise AttributeError(f"module 'kit.successors' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__) | _SUBPACKAGES)
