"""Regulus job resolution: job types and their tables, jobs as event logs, exact odds.

A heist of Difficulty 4 with six rolls on the Clock and a lone thief succeeds about three
times in ten. A Windfall's token waits for a later incident without a consequence
(the project's ruling); letting it pay out at once is a house-rule option and helps a little:

>>> from kit.regulus import Job, Operative, RegulusRules, odds
>>> job = Job("heist", difficulty=4, clock=6, crew=[Operative("Ash", "Thief", ["lockpicks"])])
>>> round(odds(job).success, 4)
0.3086
>>> house = RegulusRules(token_on_same_incident=True)
>>> round(odds(Job("heist", 4, 6, job.crew, rules=house)).success, 4)
0.3346
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_package

if TYPE_CHECKING:
    from .advice import AdvisedPolicy, advice, best_chance
    from .core import JobState
    from .impact import impact
    from .job import Job, Operative
    from .luck import luck
    from .odds import JobSimulation, Odds, odds, odds_grid, simulate
    from .policies import AUTO, AskPolicy, AutoPolicy, Policy
    from .record import JobRecord, RecordRow
    from .rules import DEFAULT_CONDITIONS, Condition, RegulusRules
    from .tables import GENERAL_ROWS, JOB_TYPES, Incident, JobType
    from .tuning import Tuning, tune

#: Names loaded on first use, by the module that defines them: importing the package loads
#: none of the engine (see benchmarks/bench_combat.py, the import row).
_LAZY = {
    "AUTO": "policies",
    "AdvisedPolicy": "advice",
    "AskPolicy": "policies",
    "AutoPolicy": "policies",
    "Condition": "rules",
    "DEFAULT_CONDITIONS": "rules",
    "GENERAL_ROWS": "tables",
    "Incident": "tables",
    "JOB_TYPES": "tables",
    "Job": "job",
    "JobRecord": "record",
    "JobState": "core",
    "JobType": "tables",
    "Odds": "odds",
    "Operative": "job",
    "Policy": "policies",
    "RecordRow": "record",
    "RegulusRules": "rules",
    "JobSimulation": "odds",
    "Tuning": "tuning",
    "best_chance": "advice",
    "advice": "advice",
    "luck": "luck",
    "odds": "odds",
    "odds_grid": "odds",
    "impact": "impact",
    "simulate": "odds",
    "tune": "tuning",
}

#: Names that are both a submodule and the function it defines: importing the submodule (as
#: any sibling may) binds the package's name to the module, and the package puts the
#: function back, as the eager imports did (:func:`kit.lazy.lazy_package`).
_SHADOWED = frozenset({"advice", "impact", "luck", "odds"})


__getattr__, __dir__ = lazy_package(__name__, _LAZY, _SHADOWED)


__all__ = [
    "AUTO",
    "DEFAULT_CONDITIONS",
    "GENERAL_ROWS",
    "JOB_TYPES",
    "AdvisedPolicy",
    "AskPolicy",
    "AutoPolicy",
    "Condition",
    "Incident",
    "Job",
    "JobRecord",
    "JobSimulation",
    "JobState",
    "JobType",
    "Odds",
    "Operative",
    "Policy",
    "RecordRow",
    "RegulusRules",
    "Tuning",
    "advice",
    "best_chance",
    "impact",
    "luck",
    "odds",
    "odds_grid",
    "simulate",
    "tune",
]
