"""Successors widgets: the Entity builder, the Fleet builder and the Ship designer.

Each is a view of one engine object (``.entity``, ``.fleet``, ``.design``); see
:mod:`kit.widgets.entity_builder`, :mod:`kit.widgets.fleet_builder` and
:mod:`kit.widgets.ship_designer`.
"""

from __future__ import annotations

from .entity_builder import EntityBuilder
from .fleet_builder import FleetBuilder, FleetPanel
from .ship_designer import ShipDesigner

__all__ = ["EntityBuilder", "FleetBuilder", "FleetPanel", "ShipDesigner"]
