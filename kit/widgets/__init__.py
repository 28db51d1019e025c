"""Interactive views of the kit's engine objects, for JupyterLab.

Each widget wraps one engine object: clicks become engine calls and the display is derived
from the engine's state afterwards. Errors from the kit show inline; the object is unchanged.
"""

from __future__ import annotations

from ._base import KitWidget

__all__ = ["KitWidget"]

# Each system appends its widgets below (one import line per module).
from .regulus import JobBuilder, JobTable  # noqa: E402
from .stars import SectorExplorer, StarSystemExplorer  # noqa: E402
from .successors import EntityBuilder, FleetBuilder, FleetPanel, ShipDesigner  # noqa: E402
from .boards import BoardWidget  # noqa: E402
from .combat import CombatTable  # noqa: E402
