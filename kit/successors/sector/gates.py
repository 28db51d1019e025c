"""Hyper Gates: a pair of gates linking two systems of a sector.

A :class:`HyperGate` is the record a :class:`~kit.successors.sector.Sector` keeps of a built
pair; building and removing gates are events of the sector (``Sector.add_gate`` and
``Sector.remove_gate``).

>>> HyperGate(0, 4, size=3)
HyperGate(a=0, b=4, size=3)
>>> HyperGate.SENSORS_NEEDED
10
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..projects import GATE_SENSORS_NEEDED

__all__ = ["HyperGate"]


@dataclass(frozen=True)
class HyperGate:
    """A pair of Hyper Gates linking two systems; objects up to ``size`` signature pass."""

    a: int
    """One system's index."""
    b: int
    """The other's."""
    size: int
    """Largest signature that passes (entities count as 1)."""

    #: Sensors successes the builders must hold on each of the two systems: the projects
    #: module's ``GATE_SENSORS_NEEDED`` (the one copy of that rule), under its older name here.
    #: The RU, Handling and hits of the build are the Engineering Project's too.
    SENSORS_NEEDED: ClassVar[int] = GATE_SENSORS_NEEDED
