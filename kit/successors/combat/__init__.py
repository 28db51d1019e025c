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
(exact figures), ``exact`` (exact odds of a whole battle) and ``simulate`` (fast Monte Carlo).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_package

# light: the driver and the result type (the engines load when ``simulate`` runs)
from .simulate import BattleSimulation, simulate

if TYPE_CHECKING:
    from .advice import AdvisedCombatPolicy, advice
    from .battle import BATTLE_FORMAT, Battle, summarize
    from .events import OutOfFaces, ScriptedRoller
    from .exact import ExactTooLarge, battle_odds, exact_odds
    from .impact import impact
    from .luck import luck
    from .odds import phase_hits, pool_hits, round_outcomes
    from .odds_result import BattleOdds, PerSide
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
    from .state import Side, Unit
    from .tuning import tune
    from .workshop import Workshop

#: Names loaded on first use, by the module that defines them: ``import kit.successors.combat``
#: loads none of the engine (see benchmarks/bench_combat.py, the import row).
_LAZY = {
    "ATTACK_PHASES": "rules",
    "AdvisedCombatPolicy": "advice",
    "AutoPolicy": "policies",
    "BATTLE_FORMAT": "battle",
    "Battle": "battle",
    "BattleOdds": "odds_result",
    "CombatRules": "rules",
    "DEFAULT_COMBAT_RULES": "rules",
    "DecisionNeeded": "policies",
    "ExactTooLarge": "exact",
    "FLEET_LEVELS": "sensors",
    "InteractivePolicy": "policies",
    "MINING_RATES": "operations",
    "Never": "policies",
    "OutOfFaces": "events",
    "PHASES": "rules",
    "PerSide": "odds_result",
    "RetreatAfter": "policies",
    "RetreatWhenLosses": "policies",
    "SYSTEM_LEVELS": "sensors",
    "ScriptedRoller": "events",
    "Side": "state",
    "TASKS": "operations",
    "Unit": "state",
    "Workshop": "workshop",
    "advice": "advice",
    "battle_odds": "exact",
    "exact_odds": "exact",
    "fleet_view": "sensors",
    "level_text": "sensors",
    "phase_hits": "odds",
    "pool_hits": "odds",
    "round_outcomes": "odds",
    "impact": "impact",
    "luck": "luck",
    "summarize": "battle",
    "system_fleet_level": "sensors",
    "tune": "tuning",
}

#: The verbs named like the modules that define them: the name stays the function's when the
#: module is imported (an import would otherwise set the package's attribute to the module).
_VERBS = frozenset({"advice", "impact", "luck"})


__getattr__, __dir__ = lazy_package(__name__, _LAZY, _VERBS)


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
    "BattleOdds",
    "BattleSimulation",
    "CombatRules",
    "DecisionNeeded",
    "ExactTooLarge",
    "InteractivePolicy",
    "Never",
    "OutOfFaces",
    "PerSide",
    "RetreatAfter",
    "RetreatWhenLosses",
    "ScriptedRoller",
    "Side",
    "Unit",
    "Workshop",
    "advice",
    "battle_odds",
    "exact_odds",
    "fleet_view",
    "impact",
    "level_text",
    "luck",
    "phase_hits",
    "pool_hits",
    "round_outcomes",
    "simulate",
    "summarize",
    "system_fleet_level",
    "tune",
]
