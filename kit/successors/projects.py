"""Engineering projects: large works an entity builds with Handling successes and RU.

Every project needs one Handling success per 5 RU put in (rounded up), counts as a 1-hit
object while unfinished, and once finished takes one hit per 10 RU (rounded down, at least
one; ``SuccessorsRules`` holds these numbers). The cost of each project is a formula in its
level (or size, rank, count, points), kept as data: ``coefficient x parameter ** power``.

>>> [project("Jammer Field", n).cost for n in (1, 2, 3, 4)]
[50, 400, 1350, 3200]
>>> gate = project("Hyper Gate", 1)
>>> gate.cost, gate.successes, gate.hits
(50, 10, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .. import validate
from ..errors import InvalidInput, InvalidType
from .rules import DEFAULT_RULES, SuccessorsRules

__all__ = ["PROJECTS", "Project", "ProjectType", "build_successes", "project", "project_type"]


@dataclass(frozen=True)
class ProjectType:
    """One kind of engineering project."""

    name: str
    """Display name."""
    coefficient: Fraction
    """RU per unit of ``parameter ** power``."""
    power: int
    """0 for a flat cost, 1 linear, 2 square, 3 cube."""
    parameter: str | None
    """What the number means (``"level"``, ``"size"``, ``"rank"``, ``"count"``, ``"points"``)."""
    max_level: int | None
    """Highest allowed parameter, or None for no maximum."""
    carried_in_racks: bool
    """Can be carried by a ship with enough rack space."""
    effect: str
    """Effect keyword for other engines."""
    notes: str
    """What it does, in the kit's words."""
    per_site: int = 1
    """How many copies one project needs (a Hyper Gate is built at both ends)."""

    def cost(self, level: int = 1) -> Fraction:
        """RU for one copy at ``level``."""
        level = self.check_level(level)
        return self.coefficient * level**self.power

    def check_level(self, level: int) -> int:
        """Validate ``level`` against the project's range."""
        if self.parameter is None:
            return validate.integer(f"{self.name} level", level, 1, 1)
        return validate.integer(f"{self.name} {self.parameter}", level, 1, self.max_level)


_F = Fraction
_DATA = (
    ProjectType(
        "Buster",
        _F(5),
        1,
        "rank",
        None,
        True,
        "buster",
        "A one-shot bomb that attacks everything in its orbit at its Battle rank and is consumed.",
    ),
    ProjectType(
        "Core Tap",
        _F(15),
        0,
        None,
        None,
        False,
        "core_mining",
        "A shaft into a planet's core that allows core mining operations there.",
    ),
    ProjectType(
        "Cube",
        _F(20),
        0,
        None,
        None,
        True,
        "prison",
        "A prison for an entity: inside, it may only use Sensors, and only in that orbit.",
    ),
    ProjectType(
        "Hyper Cannon",
        _F(10),
        1,
        "level",
        None,
        False,
        "launch_rammers",
        "Fires Rammers at other star systems, up to its level per day, guided by Sensors "
        "in the target system.",
    ),
    ProjectType(
        "Hyper Gate",
        _F(50),
        1,
        "size",
        None,
        False,
        "gate",
        "A wormhole pair linking two systems in one day's travel; passes objects up to "
        "its size in signature (entities count as 1). Needs 10 Sensors successes in both "
        "systems and an equal gate at each end.",
        per_site=2,
    ),
    ProjectType(
        "Jammer Field",
        _F(50),
        3,
        "level",
        4,
        False,
        "jammer",
        "Lowers the Battle rank of everyone not attuned to it in the system by its level.",
    ),
    ProjectType(
        "Matrix",
        _F(10),
        2,
        "level",
        None,
        False,
        "matrix",
        "Adds its level to every ability of the entity inside; destroying it endangers "
        "that entity.",
    ),
    ProjectType(
        "Rammers",
        _F(3),
        1,
        "count",
        None,
        False,
        "rammer",
        "Single-use faster-than-light ships: one rank 5 attack on any orbit of the "
        "system, then gone. Cannot be Controlled, can be Taken-Over.",
    ),
    ProjectType(
        "Static Defenses",
        _F(2, 3),
        1,
        "points",
        None,
        False,
        "static_defenses",
        "Immobile weapons bought at 3 points per 2 RU: fire last, split into attacks "
        "of any ranks summing to the points; hit at +1 rank without an aimed shot; "
        "each hit destroys a point.",
    ),
    ProjectType(
        "Targeter",
        _F(2),
        2,
        "level",
        None,
        False,
        "targeter",
        "A Matrix for Battle only: adds its level to the entity's Battle.",
    ),
    ProjectType(
        "Stellar Cannon",
        _F(30),
        0,
        None,
        None,
        False,
        "stellar_cannon",
        "Fires star plasma from the first orbit: needs an entity or facet at the "
        "controls, -1 Battle per orbit of distance, 1d6 hits when it strikes.",
    ),
    ProjectType(
        "Stellar Tap",
        _F(50),
        0,
        None,
        None,
        False,
        "stellar_mining",
        "Mining rigs on a star: core mining operations on it, one entity per day.",
    ),
)

#: All projects, keyed by upper-case name.
PROJECTS: dict[str, ProjectType] = {p.name.upper(): p for p in _DATA}


def project_type(name: Any) -> ProjectType:
    """Look up a project by name (case-insensitive)."""
    if isinstance(name, ProjectType):
        return name
    if not isinstance(name, str):
        raise InvalidType(f"project must be a name, got {name!r}")
    key = " ".join(name.upper().split())
    for cand in (key, key + "S", key.rstrip("S")):
        if cand in PROJECTS:
            return PROJECTS[cand]
    raise InvalidInput(
        f"unknown project {name!r}; known projects are {', '.join(p.name for p in _DATA)}"
    )


def _ceil_div(a: Fraction, b: int) -> int:
    return int(-(-a // b))


def build_successes(cost: float | Fraction, rules: SuccessorsRules = DEFAULT_RULES) -> int:
    """Handling successes to build a ship of ``cost`` RU (each success adds up to 3 RU)."""
    c = Fraction(validate.number("cost", cost, 0))
    return _ceil_div(c, rules.build_ru_per_success)


@dataclass(frozen=True)
class Project:
    """A project of a given type and level, with its cost, successes and hits."""

    type: ProjectType
    """What is being built."""
    level: int = 1
    """Level, size, rank, count or points (1 for flat-cost projects)."""
    rules: SuccessorsRules = DEFAULT_RULES
    """Success and hit rates."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "type", project_type(self.type))
        object.__setattr__(self, "level", self.type.check_level(self.level))

    @property
    def name(self) -> str:
        """The project's name."""
        return self.type.name

    @property
    def unit_cost(self) -> Fraction:
        """RU for one copy (one end of a Hyper Gate)."""
        return self.type.cost(self.level)

    @property
    def cost(self) -> int | Fraction:
        """RU for one copy (an int when whole, else an exact Fraction)."""
        c = self.unit_cost
        return int(c) if c.denominator == 1 else c

    @property
    def total_cost(self) -> int | Fraction:
        """RU for the whole project (both gates of a Hyper Gate)."""
        c = self.unit_cost * self.type.per_site
        return int(c) if c.denominator == 1 else c

    @property
    def successes(self) -> int:
        """Handling successes needed per copy (1 per 5 RU, rounded up)."""
        return _ceil_div(self.unit_cost, self.rules.project_ru_per_success)

    @property
    def hits(self) -> int:
        """Hits the finished copy takes (1 per 10 RU, rounded down, at least the minimum).

        Static Defenses are the exception: each hit destroys one point, so they take as many
        hits as they have points.
        """
        if self.type.effect == "static_defenses":
            return self.level
        return max(
            self.rules.project_min_hits, int(self.unit_cost // self.rules.project_ru_per_hit)
        )

    #: Hits an unfinished project takes (one neutralizes it, a second destroys it).
    UNFINISHED_HITS = 1

    def describe(self) -> str:
        """One line: name, level, cost, successes and hits."""
        lvl = f" {self.type.parameter} {self.level}" if self.type.parameter else ""
        cost = f"{float(self.total_cost):g}"
        return (
            f"{self.name}{lvl}: {cost} RU, {self.successes} Handling successes"
            f"{' per gate' if self.type.per_site > 1 else ''}, {self.hits} hit{'s' if self.hits != 1 else ''} when finished"
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return {"type": self.type.name, "level": self.level}

    @classmethod
    def from_dict(cls, raw: Any, rules: SuccessorsRules = DEFAULT_RULES) -> Project:
        """Read :meth:`to_dict` output."""
        raw = validate.mapping("project", raw)
        validate.no_unknown_keys("project", raw, ("type", "level"))
        return cls(project_type(raw.get("type")), raw.get("level", 1), rules)


def project(name: str, level: int = 1, rules: SuccessorsRules = DEFAULT_RULES) -> Project:
    """Shorthand: ``project("Matrix", 2).cost == 40``."""
    return Project(project_type(name), level, rules)
