"""Seeded random sectors: systems placed uniformly in a square or cube and named.

:func:`generate_sector` picks the region's side from the wanted density, draws the positions
and the names from one seeded generator and hands them to :class:`~.sector.Sector`, which
generates each star system lazily from its own derived seed.

>>> s = generate_sector(30, seed=4)
>>> s.n, s.graph.number_of_nodes()
(30, 30)
"""

from __future__ import annotations

import math
from dataclasses import replace

from ... import limits, validate
from ...errors import InvalidInput
from ...rng import SeedLike, make_rng
from ..stars.generate import StarRules
from .names import system_names
from .rules import SectorRules
from .sector import Sector

__all__ = ["generate_sector"]


def generate_sector(
    n: int,
    seed: SeedLike = None,
    *,
    dims: int = 2,
    density: float | None = None,
    max_range: float | None = None,
    name: str = "Sector",
    rules: SectorRules | None = None,
    star_rules: StarRules | None = None,
) -> Sector:
    """Place ``n`` named systems uniformly in a square (2D) or cube (3D) region.

    Args:
        n: number of systems (1 to ``kit.limits.MAX_SYSTEMS``, 20,000).
        seed: int, numpy Generator or None; the same seed gives the same sector.
        dims: 2 or 3.
        density: systems per square (2D) or cubic (3D) light year; the region's side is
            ``(n / density) ** (1 / dims)``. Default: about 8 systems within jump range of
            each system (0.025 per ly^2 in 2D, 0.002 per ly^3 in 3D at a 10 ly range). At most
            ``kit.limits.MAX_SYSTEMS_PER_VOLUME`` (100) systems per jump range's disc or ball.
        max_range: longest jump edge in light years (default ``rules.max_range``, 10).
        name: the sector's name.
        rules: star travel options; ``max_range`` overrides its field.
        star_rules: generation options for the systems.
    """
    n = validate.integer("n", n, 1, limits.MAX_SYSTEMS)
    dims = validate.choice("dims", dims, (2, 3))
    rules = rules or SectorRules()
    if max_range is not None:
        rules = replace(rules, max_range=validate.number("max_range", max_range, 0.001, 10_000))
    if density is None:
        r = rules.max_range
        density = 8 / (math.pi * r * r) if dims == 2 else 8 / (4 / 3 * math.pi * r**3)
    density = validate.number("density", density, 1e-9, 1e6)
    r = rules.max_range
    per_range = density * (math.pi * r * r if dims == 2 else 4 / 3 * math.pi * r**3)
    if per_range > limits.MAX_SYSTEMS_PER_VOLUME:
        raise InvalidInput(
            f"density {density:g} puts about {per_range:.0f} systems within one {r:g} ly jump "
            f"range; a sector allows at most {limits.MAX_SYSTEMS_PER_VOLUME} "
            "(kit.limits.MAX_SYSTEMS_PER_VOLUME)"
        )
    rng, recorded = make_rng(seed)
    side = (n / density) ** (1 / dims)
    positions = rng.uniform(0.0, side, size=(n, dims))
    names = system_names(n, rng)
    return Sector(positions, names, seed=recorded, name=name, rules=rules, star_rules=star_rules)
