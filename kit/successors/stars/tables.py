"""The stellar generation tables of Successors, as data.

Each table maps a range of dice totals to a result. The code in :mod:`.generate` reads these
tables and never hard-codes a number that lives here, so a GM can inspect or print any table
(``SPECTRAL_TABLE``, ``ORBIT_TABLE``...) and tests can walk every row.

Dice are written in the kit's notation (see :mod:`kit.dice`): ``3d6``, ``2d6-3``, ``3d6x500``.

>>> lookup(SPECTRAL_TABLE, 9).result.spectral_class
'G'
>>> ORBIT_TABLE[2][0].result
'Planet, Large'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from ...errors import InvalidInput

__all__ = [
    "BELT_COMPOSITION",
    "BELT_DENSITY",
    "BELT_DICE",
    "BIOSPHERE_DICE",
    "BIOSPHERE_LEVELS",
    "BIOSPHERE_TABLE",
    "BODY_KINDS",
    "BODY_STATS",
    "BRIGHTNESS_DICE",
    "DUST_CLOUD_DIE",
    "EMPTY",
    "INSTALLATION_DIE",
    "INSTALLATION_RU_DICE",
    "INSTALLATION_RU_MIN",
    "MOON_BEARING",
    "MOON_DIAMETER_STEP_KM",
    "MOON_DICE",
    "MOON_TABLE",
    "ORBITS_DICE",
    "ORBIT_DICE",
    "ORBIT_TABLE",
    "ROLL_AGAIN",
    "SIZE_DICE",
    "SIZE_TABLE",
    "SPECTRAL_CLASSES",
    "SPECTRAL_DICE",
    "SPECTRAL_TABLE",
    "TECH_DICE",
    "TECH_TABLE",
    "ZONE_NAMES",
    "BeltRow",
    "BodyStats",
    "MoonRow",
    "Row",
    "SpectralRow",
    "TechRow",
    "lookup",
    "zone_of",
]

T = TypeVar("T")


@dataclass(frozen=True)
class Row(Generic[T]):
    """One row of a dice table: totals ``lo..hi`` (inclusive) give ``result``."""

    lo: int
    """Lowest total of the row."""
    hi: int
    """Highest total of the row."""
    result: T
    """What the row gives."""


@dataclass(frozen=True)
class SpectralRow:
    """The star's spectral class and what it does to the planet count."""

    spectral_class: str
    """One letter: O, B, A, F, G, K, M or D."""
    planet_mod: int
    """Added to the 2d6 orbit-count roll."""
    colour: str
    """The star's colour in words."""
    note: str
    """What is special about the class, in the kit's words."""


def lookup(table: Sequence[Row[T]], total: int) -> Row[T]:
    """Return the row of ``table`` whose range holds ``total`` (first match wins)."""
    for row in table:
        if row.lo <= total <= row.hi:
            return row
    lo, hi = table[0].lo, table[-1].hi
    raise InvalidInput(f"dice total must be from {lo} to {hi} for this table, got {total!r}")


# ----------------------------------------------------------------------------- the star
SPECTRAL_DICE = "3d6"
SPECTRAL_TABLE: tuple[Row[SpectralRow], ...] = (
    Row(3, 3, SpectralRow("O", -9, "blue", "only a supergiant, dwarf or subdwarf")),
    Row(4, 5, SpectralRow("B", -7, "blue-white", "")),
    Row(6, 7, SpectralRow("A", -6, "white", "may sit in a dust cloud rich in metals")),
    Row(8, 8, SpectralRow("F", -4, "yellow-white", "")),
    Row(9, 9, SpectralRow("G", -2, "yellow", "a Sun-like star")),
    Row(10, 10, SpectralRow("K", -2, "orange", "")),
    Row(11, 16, SpectralRow("M", -3, "red", "")),
    Row(
        17, 18, SpectralRow("D", -4, "white", "a dead white dwarf; a Stellar Tap mines its surface")
    ),
)
#: The classes in table order.
SPECTRAL_CLASSES: tuple[str, ...] = tuple(r.result.spectral_class for r in SPECTRAL_TABLE)

#: Brightness: 0 is the brightest, 9 the dimmest (the roll can show -1; see ``StarRules``).
BRIGHTNESS_DICE = "2d6-3"

SIZE_DICE = "3d6"
SIZE_TABLE: tuple[Row[str], ...] = (
    Row(3, 5, "Supergiant"),
    Row(6, 8, "Giant"),
    Row(9, 15, "Dwarf"),
    Row(16, 18, "Subdwarf"),
)

#: Type A stars: a dust cloud on 1..``DUST_CLOUD_CHANCE`` of this die (``StarRules``).
DUST_CLOUD_DIE = "1d6"

# ----------------------------------------------------------------------------- orbits
#: Orbit count: this roll plus the spectral Planet Mod; planets only when it is positive.
ORBITS_DICE = "2d6"
ORBIT_DICE = "3d6"
#: A result meaning "roll on the next column nearer the star".
ROLL_AGAIN = "roll again nearer"
#: An orbit without a body.
EMPTY = "Empty Orbit"
ZONE_NAMES = ("orbit 1-3", "orbit 4-6", "orbit 7+")


def _orbit_column(*rows: tuple[int, int, str]) -> tuple[Row[str], ...]:
    return tuple(Row(lo, hi, res) for lo, hi, res in rows)


#: Columns by zone (0: orbits 1-3, 1: orbits 4-6, 2: orbit 7 and beyond).
ORBIT_TABLE: tuple[tuple[Row[str], ...], ...] = (
    _orbit_column(
        (3, 3, "Planetoid, Small"),
        (4, 5, "Planetoid"),
        (6, 8, "Planetoid, Large"),
        (9, 9, EMPTY),
        (10, 11, "Planetoid, Huge"),
        (12, 14, "Planet, Small"),
        (15, 16, "Planet"),
        (17, 18, "Planet, Large"),
    ),
    _orbit_column(
        (3, 3, "Planetoid, Huge"),
        (4, 5, "Planet, Small"),
        (6, 8, "Planet"),
        (9, 9, ROLL_AGAIN),
        (10, 11, "Planet, Large"),
        (12, 14, "Planet, Huge"),
        (15, 16, "Gas Giant, Small"),
        (17, 18, "Gas Giant"),
    ),
    _orbit_column(
        (3, 3, "Planet, Large"),
        (4, 5, "Planet, Huge"),
        (6, 8, "Gas Giant, Small"),
        (9, 9, ROLL_AGAIN),
        (10, 11, "Gas Giant"),
        (12, 14, "Gas Giant, Large"),
        (15, 16, "Gas Giant, Huge"),
        (17, 18, "Asteroid Belt"),
    ),
)


def zone_of(orbit: int) -> int:
    """Column of the orbit table for orbit number ``orbit`` (1-based): 0, 1 or 2."""
    if orbit < 1:
        raise InvalidInput(f"orbit must be at least 1, got {orbit!r}")
    return 0 if orbit <= 3 else 1 if orbit <= 6 else 2


# ----------------------------------------------------------------------------- bodies
@dataclass(frozen=True)
class BodyStats:
    """Dice for one body class: diameter in km, crust and core resource units."""

    kind: str
    """``planetoid``, ``planet`` or ``gas giant``."""
    diameter: str
    """Diameter dice in km (``3d6x500``)."""
    crust: str | None
    """Crust RU dice, or ``None`` where the class has no crust to mine."""
    core: str
    """Core RU dice."""


BODY_STATS: dict[str, BodyStats] = {
    "Planetoid, Small": BodyStats("planetoid", "3d6x100", "2d6", "2d6x3"),
    "Planetoid": BodyStats("planetoid", "3d6x200", "3d6", "2d6x5"),
    "Planetoid, Large": BodyStats("planetoid", "3d6x300", "4d6", "3d6x5"),
    "Planetoid, Huge": BodyStats("planetoid", "3d6x500", "2d6x3", "2d6x10"),
    "Planet, Small": BodyStats("planet", "3d6x600", "2d6x3", "2d6x10"),
    "Planet": BodyStats("planet", "3d6x800", "2d6x5", "3d6x10"),
    "Planet, Large": BodyStats("planet", "3d6x1000", "3d6x5", "3d6x15"),
    "Planet, Huge": BodyStats("planet", "3d6x1200", "2d6x10", "3d6x20"),
    "Gas Giant, Small": BodyStats("gas giant", "3d6x4000", None, "3d6x20"),
    "Gas Giant": BodyStats("gas giant", "3d6x6000", None, "3d6x30"),
    "Gas Giant, Large": BodyStats("gas giant", "3d6x8000", None, "3d6x40"),
    "Gas Giant, Huge": BodyStats("gas giant", "3d6x10000", None, "3d6x50"),
}
#: Every body class a generated orbit can hold (the belt has its own table).
BODY_KINDS: tuple[str, ...] = tuple(BODY_STATS) + ("Asteroid Belt",)


@dataclass(frozen=True)
class BeltRow:
    """One row of the asteroid belt table: a composition and a density."""

    composition: str
    """Icy, Rocky, Mixed or Metallic."""
    composition_dice: str
    """Dice rolled for the belt's RU before the density multiplier."""
    density: str
    """Scattered, Thin, Thick or Dense."""
    multiplier: int
    """The density value the composition dice are multiplied by."""


BELT_DICE = "2d6"
#: Composition (from one 2d6) and density (from a second 2d6) share the row ranges.
BELT_COMPOSITION: tuple[Row[tuple[str, str]], ...] = (
    Row(2, 5, ("Icy", "1d6")),
    Row(6, 8, ("Rocky", "2d6")),
    Row(9, 11, ("Mixed", "3d6")),
    Row(12, 12, ("Metallic", "4d6")),
)
BELT_DENSITY: tuple[Row[tuple[str, int]], ...] = (
    Row(2, 5, ("Scattered", 3)),
    Row(6, 8, ("Thin", 5)),
    Row(9, 11, ("Thick", 10)),
    Row(12, 12, ("Dense", 20)),
)

# ----------------------------------------------------------------------------- moons


@dataclass(frozen=True)
class MoonRow:
    """One row of the moon table: how many moons of which class."""

    count: str | None
    """Dice for the number of moons, ``None`` for exactly one, ``"0"`` for none."""
    body: str | None
    """Body class of every moon in the row, ``None`` when there are none."""


MOON_DICE = "2d6"
#: The moon roll adds ceil(diameter / this) to the 2d6.
MOON_DIAMETER_STEP_KM = 5000
#: Body classes that roll on the moon table (large and huge planets, every gas giant).
MOON_BEARING: tuple[str, ...] = (
    "Planet, Large",
    "Planet, Huge",
    "Gas Giant, Small",
    "Gas Giant",
    "Gas Giant, Large",
    "Gas Giant, Huge",
)
#: Value 25 is printed in two rows; the first row (21-25) is used (RULINGS Successors 7).
MOON_TABLE: tuple[Row[MoonRow], ...] = (
    Row(-999, 10, MoonRow("0", None)),
    Row(11, 15, MoonRow(None, "Planetoid, Large")),
    Row(16, 20, MoonRow("1d6", "Planetoid, Small")),
    Row(21, 25, MoonRow("2d6", "Planetoid, Small")),
    Row(25, 30, MoonRow("1d6", "Planetoid, Large")),
    Row(31, 35, MoonRow("2d6", "Planetoid, Large")),
    Row(36, 40, MoonRow(None, "Planet")),
    Row(41, 10**9, MoonRow("1d6", "Planet")),
)

# ----------------------------------------------------------------------------- life
BIOSPHERE_DICE = "3d6"
BIOSPHERE_TABLE: tuple[Row[str], ...] = (
    Row(3, 11, "No life"),
    Row(12, 13, "Single-celled life"),
    Row(14, 15, "Sparse ecology"),
    Row(16, 16, "Diverse ecology"),
    Row(17, 17, "Near sentience"),
    Row(18, 18, "Sentience"),
)
#: Biosphere results from least to most alive.
BIOSPHERE_LEVELS: tuple[str, ...] = tuple(r.result for r in BIOSPHERE_TABLE)


@dataclass(frozen=True)
class TechRow:
    """One row of the technology table."""

    level: str
    """The civilisation's technology in words."""
    surface_dice: str | None
    """Dice for Surface RU, ``None`` when the world has none."""
    colonies: bool
    """Whether the civilisation may have installations in adjacent orbits."""


TECH_DICE = "2d6"
TECH_TABLE: tuple[Row[TechRow], ...] = (
    Row(2, 9, TechRow("Stone age or none", None, False)),
    Row(10, 10, TechRow("Cities and iron working", "1d6", False)),
    Row(11, 11, TechRow("Industrial, early atomic", "2d6", False)),
    Row(12, 12, TechRow("Space faring", "3d6", True)),
)
#: A space-faring world has installations in an adjacent orbit on a 1 on this die.
INSTALLATION_DIE = "1d6"
#: Installations are worth this many RU ...
INSTALLATION_RU_DICE = "1d6-3"
#: ... and never fewer than this.
INSTALLATION_RU_MIN = 0
