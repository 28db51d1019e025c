"""Star systems: the generation tables, the generator, the system data and Sensors views.

>>> from kit.successors.stars import generate_system
>>> generate_system(seed=1).spectral_class in ("O", "B", "A", "F", "G", "K", "M", "D")
True
"""

from __future__ import annotations

from .generate import StarRules, generate_body, generate_star, generate_system
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
    "SystemView",
    "fleet_data_level",
    "generate_body",
    "generate_star",
    "generate_system",
    "redact",
]
