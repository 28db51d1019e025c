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

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .. import validate
from ..errors import IllegalAction, InvalidInput, InvalidType
from .rules import DEFAULT_RULES, SuccessorsRules

if TYPE_CHECKING:
    from .design import ShipDesign
    from .entities import Entity
    from .fleets import Ship

__all__ = [
    "GATE_SENSORS_NEEDED",
    "PROJECTS",
    "Cube",
    "HyperCannon",
    "Project",
    "ProjectType",
    "build_successes",
    "check_hyper_gate",
    "project",
    "project_type",
]


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
        return Fraction(self.coefficient * level**self.power)

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


def project_type(name: object) -> ProjectType:
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
    def from_dict(cls, raw: object, rules: SuccessorsRules = DEFAULT_RULES) -> Project:
        """Read :meth:`to_dict` output."""
        raw = validate.mapping("project", raw)
        validate.no_unknown_keys("project", raw, ("type", "level"))
        return cls(project_type(raw.get("type")), raw.get("level", 1), rules)


def project(name: str, level: int = 1, rules: SuccessorsRules = DEFAULT_RULES) -> Project:
    """Shorthand: ``project("Matrix", 2).cost == 40``."""
    return Project(project_type(name), level, rules)


# --------------------------------------------------------------------------- projects at work
#: Sensors successes the builders of a Hyper Gate must know of in each of the two systems.
GATE_SENSORS_NEEDED = 10


def _gate_sensors(sensors: object) -> list[tuple[str, int]]:
    """``sensors`` as two (system, successes) rows; a pair names the systems here and there."""
    if sensors is None:
        raise IllegalAction(
            f"a Hyper Gate needs knowledge of {GATE_SENSORS_NEEDED} Sensors successes in both "
            "systems it links: pass sensors=(successes here, successes there) or "
            "sensors={system name: successes, other system name: successes}"
        )
    if isinstance(sensors, Mapping):
        rows = [(validate.text("sensors system", k, max_len=120), v) for k, v in sensors.items()]
    else:
        values = validate.sequence("sensors", sensors)
        rows = list(zip(("this system", "the other system"), values))
        if len(values) != 2:
            rows = []
    if len(rows) != 2:
        raise InvalidInput(
            f"sensors must give the Sensors successes of exactly two systems (here, there), "
            f"got {sensors!r}"
        )
    return [(name, validate.integer(f"sensors[{name!r}]", n, 0)) for name, n in rows]


def check_hyper_gate(
    size: int, sensors: Sequence[int] | Mapping[str, int] | None, *, other_end: int | None = None
) -> int:
    """Check that one end of a Hyper Gate of ``size`` may be built; return the size.

    The rule text asks two things of the builders: knowledge of 10 Sensors successes in both
    systems the gate links, and the same size at both ends. ``sensors`` gives the successes
    known, as a pair ``(here, there)`` or a mapping of the two systems' names to their
    successes; ``other_end`` is the size of the gate already standing (or being built) at
    the far end, if any. IllegalAction says what is missing.

    >>> check_hyper_gate(2, (10, 12), other_end=2)
    2
    >>> check_hyper_gate(1, {"Sol": 10, "Vega": 7})
    Traceback (most recent call last):
    ...
    kit.errors.IllegalAction: a Hyper Gate needs knowledge of 10 Sensors successes in both systems; Vega has 7 (3 more needed)
    """
    size = project_type("Hyper Gate").check_level(size)
    rows = _gate_sensors(sensors)
    short = [
        f"{name} has {n} ({GATE_SENSORS_NEEDED - n} more needed)"
        for name, n in rows
        if n < GATE_SENSORS_NEEDED
    ]
    if short:
        raise IllegalAction(
            f"a Hyper Gate needs knowledge of {GATE_SENSORS_NEEDED} Sensors successes in both "
            f"systems; {'; '.join(short)}"
        )
    if other_end is not None:
        other = validate.integer("other_end", other_end, 1)
        if other != size:
            raise IllegalAction(
                f"both gates of a Hyper Gate are the same size: the other end is size {other}, "
                f"this one was asked as size {size}"
            )
    return size


def _has_sensors(spotter: object) -> bool:
    """True for an active entity, or a ship (Ship, ShipDesign or catalog name) with Sensors."""
    from .design import ShipDesign
    from .entities import Entity
    from .fleets import Ship
    from .ships import ship_type

    if isinstance(spotter, Entity):
        return not spotter.neutralized
    if isinstance(spotter, Ship):
        return spotter.design.sensors > 0
    if isinstance(spotter, ShipDesign):
        return spotter.sensors > 0
    if isinstance(spotter, str):
        return ship_type(spotter).design.sensors > 0
    raise InvalidType(
        f"a spotter must be an Entity, Ship, ShipDesign or catalog name, got {spotter!r}"
    )


@dataclass(frozen=True)
class HyperCannon:
    """A Hyper Cannon: launches up to ``level`` Rammers a day at another star system.

    The launch needs fire control from the target system: an entity there, or a ship there
    with Sensors. Each Rammer arrives able to make a single rank 5 attack on any orbit of that
    system, and is destroyed by attacking. :meth:`check_launch` checks a launch against the
    cannon's level and the spotters; :meth:`kit.successors.combat.Side.launched` turns one into
    the arriving Rammers as a battle side, so :class:`~kit.successors.combat.Battle` plays their
    attack (the battle builds on the projects, not the other way round).

    >>> cannon = HyperCannon(2)
    >>> cannon.project.cost, cannon.check_launch(2, spotters=["Relay"])
    (20, 2)
    """

    level: int = 1
    """Most Rammers it can launch in one day."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "level", project_type("Hyper Cannon").check_level(self.level))

    @property
    def project(self) -> Project:
        """The engineering project that builds it (10 RU per level)."""
        return project("Hyper Cannon", self.level)

    def check_launch(
        self,
        count: int,
        spotters: Sequence[Entity | Ship | ShipDesign | str],
        *,
        launched_today: int = 0,
    ) -> int:
        """Validate a launch; return ``count``. IllegalAction names what is missing."""
        count = validate.integer("count", count, 0)
        launched_today = validate.integer("launched_today", launched_today, 0)
        if count + launched_today > self.level:
            raise IllegalAction(
                f"a level {self.level} Hyper Cannon launches at most {self.level} Rammers a day; "
                f"{launched_today} already launched today, {count} more asked"
            )
        spotters = list(validate.sequence("spotters", spotters))
        if count and not any(_has_sensors(s) for s in spotters):
            raise IllegalAction(
                "a Hyper Cannon needs fire control in the target system: an entity there or a "
                "ship there with Sensors (spotters lists none)"
            )
        return count


@dataclass(frozen=True)
class Cube:
    """A Cube: a prison for one entity.

    An entity enters of its own will, or is put inside once neutralized. Inside, it can use
    only Sensors, and only on the orbit the Cube is in. A Cube travels in a ship's racks.
    In a battle, a side's empty Cubes are ``Side.cubes``: one Handling success of the
    ``"imprison"`` operation puts a neutralized enemy entity inside
    (``kit.successors.combat.operations``); this class keeps the prisoner afterwards.

    >>> from kit.successors import Entity
    >>> cube = Cube(orbit=3).imprison(Entity("Captive", sensors=2), willing=True)
    >>> cube.dice("sensors", orbit=3), cube.dice("sensors", orbit=4), cube.dice("battle", orbit=3)
    ((2,), (), ())
    """

    orbit: int | None = None
    """Orbit the Cube is in (None: not placed)."""
    prisoner: Entity | None = None
    """The entity inside, or None."""

    def __post_init__(self) -> None:
        from .entities import Entity

        if self.orbit is not None:
            validate.integer("orbit", self.orbit, 1)
        if self.prisoner is not None and not isinstance(self.prisoner, Entity):
            raise InvalidType(f"prisoner must be an Entity or None, got {self.prisoner!r}")

    def imprison(self, entity: Entity, *, willing: bool) -> Cube:
        """The Cube with ``entity`` inside; against its will only once it is neutralized."""
        from .entities import Entity

        if not isinstance(entity, Entity):
            raise InvalidType(f"entity must be an Entity, got {entity!r}")
        validate.boolean("willing", willing)
        if self.prisoner is not None:
            raise IllegalAction(f"the Cube already holds {self.prisoner.name}")
        if not willing and not entity.neutralized:
            raise IllegalAction(
                f"{entity.name} is not neutralized: only a willing entity or a neutralized one "
                "can be put in a Cube"
            )
        return dataclasses.replace(self, prisoner=entity)

    def release(self) -> tuple[Cube, Entity]:
        """The empty Cube and the entity that was inside."""
        if self.prisoner is None:
            raise IllegalAction("the Cube is empty")
        return dataclasses.replace(self, prisoner=None), self.prisoner

    def moved(self, orbit: int) -> Cube:
        """The Cube carried to ``orbit``."""
        return dataclasses.replace(self, orbit=validate.integer("orbit", orbit, 1))

    def can_use(self, ability: str, *, orbit: int | None = None) -> bool:
        """May the prisoner use ``ability`` on ``orbit``? Sensors on the Cube's orbit only."""
        from .entities import require_ability

        if self.prisoner is None:
            raise IllegalAction("the Cube is empty")
        ability = require_ability(ability)
        return ability == "sensors" and (orbit is None or orbit == self.orbit)

    def dice(self, ability: str, *, orbit: int | None = None) -> tuple[int, ...]:
        """Dice the prisoner rolls in ``ability`` aimed at ``orbit`` (none when not allowed)."""
        if not self.can_use(ability, orbit=orbit):
            return ()
        assert self.prisoner is not None  # can_use raised for an empty Cube
        return tuple(self.prisoner.dice(ability))
