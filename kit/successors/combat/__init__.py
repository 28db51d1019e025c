"""Successors combat: battles as event logs, sensors, take-overs, operations, odds.

>>> from kit.successors.combat import Battle, Side, AutoPolicy
>>> b = Battle([Side("Red", ships={"Cruiser": 3}), Side("Blue", ships={"Frigate": 5})], seed=1)
>>> b.run().over
True

Modules: ``rules`` (CombatRules), ``state`` (Side and per-battle unit state), ``events``
(applying events, rollers), ``damage`` (hits and the damage table), ``phases`` (the eight
phases), ``sensors``, ``takeover``, ``operations`` (repairs, gathering), ``workshop`` (the same
work out of combat),
``policies`` (automatic and interactive decisions), ``battle`` (the Battle log), ``odds``
(exact figures) and ``simulate`` (fast Monte Carlo).
"""

from __future__ import annotations

from .advice import AdvisedCombatPolicy, advise_battle
from .battle import BATTLE_FORMAT, Battle, summarize
from .events import OutOfFaces, ScriptedRoller
from .impact import rule_impact
from .luck import battle_luck
from .odds import phase_hits, pool_hits, round_outcomes
from .operations import MINING_RATES, TASKS
from .policies import (
    AutoPolicy,
    DecisionNeeded,
    InteractivePolicy,
    Never,
    RetreatAfter,
    RetreatWhenLosses,
)
from .rules import ATTACK_PHASES, DEFAULT_COMBAT_RULES, PHASES, CombatRules
from .sensors import FLEET_LEVELS, SYSTEM_LEVELS, fleet_view, level_text, system_fleet_level
from .simulate import SimulationResult, simulate
from .state import Side, Unit
from .tuning import tune_budget, tune_garrison
from .workshop import Workshop

__all__ = [
    "ATTACK_PHASES",
    "BATTLE_FORMAT",
    "DEFAULT_COMBAT_RULES",
    "FLEET_LEVELS",
    "MINING_RATES",
    "PHASES",
    "SYSTEM_LEVELS",
    "TASKS",
    "AdvisedCombatPolicy",
    "AutoPolicy",
    "Battle",
    "CombatRules",
    "DecisionNeeded",
    "InteractivePolicy",
    "Never",
    "OutOfFaces",
    "RetreatAfter",
    "RetreatWhenLosses",
    "ScriptedRoller",
    "Side",
    "SimulationResult",
    "Unit",
    "Workshop",
    "advise_battle",
    "battle_luck",
    "fleet_view",
    "level_text",
    "phase_hits",
    "pool_hits",
    "round_outcomes",
    "rule_impact",
    "simulate",
    "summarize",
    "system_fleet_level",
    "tune_budget",
    "tune_garrison",
]
