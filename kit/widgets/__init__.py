"""Interactive views of the kit's engine objects, for JupyterLab, Notebook 7, Voilà and marimo.

Each widget wraps one engine object: clicks become engine calls and the display is derived
from the engine's state afterwards. Errors from the kit show inline; the object is unchanged.
Every widget is one anywidget (in marimo: ``mo.ui.anywidget(widget)``); what the GM picks or
builds is a synced trait, so ``observe`` and marimo's dependent cells follow it.

* Regulus: :class:`JobBuilder`, :class:`JobTable`
* Complex Tasks: :class:`BoardWidget`
* Successors: :class:`EntityBuilder`, :class:`FleetBuilder` (:class:`FleetPanel`),
  :class:`ShipDesigner`, :class:`CombatTable`, :class:`StarSystemExplorer`, :class:`SectorExplorer`
* The GM's advisor: :class:`Tuner` (a job, board or battle at a target chance)
* The campaign clock: :class:`ClockWidget` (today, what is running, advance the days)
"""

from __future__ import annotations

from ._base import KitWidget
from .boards import BoardWidget
from .clock import ClockWidget
from .combat import CombatTable
from .regulus import JobBuilder, JobTable
from .stars import SectorExplorer, StarSystemExplorer
from .successors import EntityBuilder, FleetBuilder, FleetPanel, ShipDesigner
from .tuner import Tuner

__all__ = [
    "BoardWidget",
    "ClockWidget",
    "CombatTable",
    "EntityBuilder",
    "FleetBuilder",
    "FleetPanel",
    "JobBuilder",
    "JobTable",
    "KitWidget",
    "SectorExplorer",
    "ShipDesigner",
    "StarSystemExplorer",
    "Tuner",
]
