"""Sectors of star systems, their jump graph, route planning and journeys.

This package uses networkx (imported on first use of the graph); ``import kit.successors``
does not import it.

>>> from kit.successors.sector import generate_sector
>>> s = generate_sector(200, seed=3)
>>> r = s.route(0, 5)
>>> r.systems[0], r.systems[-1]
(0, 5)
"""

from __future__ import annotations

from .export import from_graph_json, from_graphml, to_graph_json, to_graphml
from .gates import HyperGate
from .generate import generate_sector
from .graph import GridIndex, JumpGraph, build_graph, naive_pairs
from .journey import Journey
from .party import Party, Passage, PlotterPolicy, Traveller, orbit_move_days, orbits_per_day
from .routes import (
    MODES,
    Leg,
    Navigator,
    Route,
    days_graph,
    expected_plot_rolls,
    jump_days_pmf,
    plan_route,
    plot_rolls_pmf,
    pool_for,
)
from .rules import SectorRules
from .sector import Sector, system_seed

__all__ = [
    "MODES",
    "GridIndex",
    "HyperGate",
    "Journey",
    "JumpGraph",
    "Leg",
    "Navigator",
    "Party",
    "Passage",
    "PlotterPolicy",
    "Route",
    "Sector",
    "SectorRules",
    "Traveller",
    "build_graph",
    "days_graph",
    "expected_plot_rolls",
    "from_graph_json",
    "from_graphml",
    "generate_sector",
    "jump_days_pmf",
    "naive_pairs",
    "orbit_move_days",
    "orbits_per_day",
    "plan_route",
    "plot_rolls_pmf",
    "pool_for",
    "system_seed",
    "to_graph_json",
    "to_graphml",
]
