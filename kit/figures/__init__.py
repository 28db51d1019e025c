"""Plotly figures of the kit's engine objects.

Each function takes an engine object and returns a fresh :class:`plotly.graph_objects.Figure`
using the kit's ``gmkit`` template (see :mod:`kit.figures.theme`); options are keyword-only.
Figures never import widgets; widgets wrap figures in ``go.FigureWidget`` when they need to.
"""

from __future__ import annotations

from .theme import COLORS, TEMPLATE, apply, register

register()

__all__ = ["COLORS", "TEMPLATE", "apply", "register"]

from .advisor import impact_heatmap, luck_progress  # noqa: E402
from .boards import board_outcomes  # noqa: E402
from .combat import battle_odds_figure, combat_losses, combat_timeline  # noqa: E402
from .regulus import job_progress, odds_heatmap, success_by_turn  # noqa: E402
from .stars import sector_map, star_system_figure  # noqa: E402
from .successors import attack_distribution, design_cost, fleet_composition  # noqa: E402
from .timeline import timeline_figure  # noqa: E402

__all__ += [
    "attack_distribution",
    "battle_odds_figure",
    "board_outcomes",
    "combat_losses",
    "combat_timeline",
    "design_cost",
    "fleet_composition",
    "impact_heatmap",
    "job_progress",
    "luck_progress",
    "odds_heatmap",
    "sector_map",
    "star_system_figure",
    "success_by_turn",
    "timeline_figure",
]
