"""Star systems: the generation tables, the generator, the system data, Sensors views and scans.

>>> from kit.successors.stars import generate_system
>>> generate_system(seed=1).spectral_class in ("O", "B", "A", "F", "G", "K", "M", "D")
True
"""

from __future__ import annotations

from .generate import StarRules, generate_body, generate_star, generate_system
from .scan import (
    SystemScan,
    TaskRoll,
    identify,
    identify_chance,
    scan_bonus,
    scan_chance,
    scan_roll,
)
from .sensors import SystemView, fleet_data_level, redact
from .system import Body, Moon, Orbit, Roll, Secret, Star, StarSystem

__all__ = [
    "Body",
    "Moon",
    "Orbit",
    "Roll",
    "Secret",
    "Star",
    "StarRules",
    "StarSystem",
    "SystemScan",
    "SystemView",
    "TaskRoll",
    "fleet_data_level",
    "generate_body",
    "generate_star",
    "generate_system",
    "identify",
    "identify_chance",
    "redact",
    "scan_bonus",
    "scan_chance",
    "scan_roll",
]
