"""Learning about the universe: identifying things and scanning a system, with the edges that
change them.

* **Identify** (an object or phenomenon) is a roll of the entity's Information dice (Sensors
  when the GM says so). *Complete Database* adds one success automatically; *Files Deleted*
  asks for one success more than the task needs (docs/rulings.md Successors 5 and the Edges and
  Flaws text). A Natural Aptitude for identifying counts like Complete Database.
* **Scanning** a star system rolls the entity's Sensors dice once a day; the successes add up
  against that system (docs/rulings.md Successors 5) and :func:`~.sensors.redact` turns the total
  into what the scanner knows. A *Natural Aptitude: System Scanning* (the Library's) adds one
  success to every scanning roll.

:func:`identify_chance` and :func:`scan_chance` give the exact odds from the dice
(:func:`kit.successors.ranks.success_distribution`); :func:`identify` and :class:`SystemScan`
roll them from a seed and keep every face.

>>> from kit.successors.entities import Entity
>>> sage = Entity("Sage", information=1, edges=["Complete Database"])
>>> identify_chance(sage, 2)   # one die at rank 1 (1/6) plus the automatic success
Fraction(1, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ... import validate
from ...errors import InvalidType
from ...rng import SeedLike, make_rng, step_rng
from ..ranks import ALWAYS_FAILS, success_distribution
from .sensors import SystemView, redact
from .system import StarSystem

if TYPE_CHECKING:  # pragma: no cover
    from ..entities import Entity

__all__ = [
    "SCANNING",
    "SystemScan",
    "TaskRoll",
    "identify",
    "identify_chance",
    "identify_terms",
    "scan_bonus",
    "scan_chance",
    "scan_roll",
]

#: The task name Natural Aptitude uses for scanning a system.
SCANNING = "system scanning"
_ABILITIES = ("information", "sensors")


@dataclass(frozen=True)
class TaskRoll:
    """One roll of an identify or scanning task."""

    task: str
    """``identify`` or ``system scanning``."""
    dice: tuple[int, ...]
    """The targets of the dice rolled (a rank split into 5s)."""
    faces: tuple[int, ...]
    """What each die showed."""
    bonus: int
    """Automatic extra successes (Complete Database, Natural Aptitude)."""
    needed: int
    """Successes the task asks for, Files Deleted's extra one included (0 for scanning)."""

    @property
    def rolled(self) -> int:
        """Successes on the dice (a face at or under its target; a 6 always fails)."""
        return sum(1 for f, t in zip(self.faces, self.dice) if f <= t and f < ALWAYS_FAILS)

    @property
    def successes(self) -> int:
        """Rolled successes plus the automatic ones."""
        return self.rolled + self.bonus

    @property
    def done(self) -> bool:
        """True when the successes reach what is needed."""
        return self.successes >= self.needed


def _entity(entity: object) -> Entity:
    from ..entities import Entity

    if not isinstance(entity, Entity):
        raise InvalidType(f"entity must be an Entity, got {entity!r}")
    return entity


def identify_terms(entity: Entity) -> tuple[int, int]:
    """``(extra successes, extra successes needed)`` on an identify task.

    Complete Database (and a Natural Aptitude for identifying) give the first; Files Deleted
    the second.
    """
    e = _entity(entity)
    return (
        e.effects_count("identify+1") + e.aptitude_bonus("identify"),
        e.effects_count("identify-1"),
    )


def _roll(
    task: str, dice: tuple[int, ...], bonus: int, needed: int, rng: np.random.Generator
) -> TaskRoll:
    faces = tuple(int(x) for x in rng.integers(1, 7, size=len(dice)))
    return TaskRoll(task, dice, faces, bonus, needed)


def identify(
    entity: Entity, needed: int = 1, seed: SeedLike = None, *, ability: str = "information"
) -> TaskRoll:
    """Roll an identify task needing ``needed`` successes (before Files Deleted's extra one)."""
    e = _entity(entity)
    needed = validate.integer("needed", needed, 0, 100)
    ability = validate.choice("ability", ability, _ABILITIES)
    extra, more = identify_terms(e)
    rng, _ = make_rng(seed)
    return _roll("identify", e.dice(ability), extra, needed + more, rng)


def _chance(dice: tuple[int, ...], at_least: int) -> Fraction:
    if at_least <= 0:
        return Fraction(1)
    dist = success_distribution(dice)
    return sum((p for k, p in dist.items() if k >= at_least), Fraction(0))


def identify_chance(entity: Entity, needed: int = 1, *, ability: str = "information") -> Fraction:
    """Exact chance that one identify roll succeeds."""
    e = _entity(entity)
    needed = validate.integer("needed", needed, 0, 100)
    ability = validate.choice("ability", ability, _ABILITIES)
    extra, more = identify_terms(e)
    return _chance(e.dice(ability), needed + more - extra)


def scan_bonus(entity: Entity) -> int:
    """Extra successes on every scanning roll (Natural Aptitude: System Scanning)."""
    return _entity(entity).aptitude_bonus(SCANNING)


def scan_roll(entity: Entity, seed: SeedLike = None) -> TaskRoll:
    """One day's scanning roll: the Sensors dice plus the aptitude's extra success."""
    e = _entity(entity)
    rng, _ = make_rng(seed)
    return _roll(SCANNING, e.dice("sensors"), scan_bonus(e), 0, rng)


def scan_chance(entity: Entity, successes: int) -> Fraction:
    """Exact chance that one day's scanning gives at least ``successes``."""
    e = _entity(entity)
    successes = validate.integer("successes", successes, 0, 100)
    return _chance(e.dice("sensors"), successes - scan_bonus(e))


class SystemScan:
    """An entity scanning one system day after day; successes accumulate (ruling 5).

    Each day's dice come from a seed derived from the scan's seed and the day, so the same seed
    gives the same scan. :meth:`view` is what the scanner knows after the days so far.
    """

    def __init__(
        self,
        system: StarSystem,
        scanner: Entity,
        *,
        current_orbit: int | None = None,
        seed: SeedLike = None,
    ) -> None:
        if not isinstance(system, StarSystem):
            raise InvalidType(f"system must be a StarSystem, got {system!r}")
        self.system = system
        self.scanner = _entity(scanner)
        if current_orbit is not None:
            validate.integer("current_orbit", current_orbit, 1, max(1, len(system.orbits)))
        self.current_orbit = current_orbit
        _, self.seed = make_rng(seed)
        self.rolls: list[TaskRoll] = []

    @property
    def successes(self) -> int:
        """Successes gathered so far."""
        return sum(r.successes for r in self.rolls)

    def day(self) -> TaskRoll:
        """Scan for one more day; return that day's roll."""
        rng = step_rng(self.seed, len(self.rolls))
        roll = scan_roll(self.scanner, rng)
        self.rolls.append(roll)
        return roll

    def until(self, successes: int, max_days: int = 1000) -> int:
        """Scan until the total reaches ``successes`` (or ``max_days`` more days); return days."""
        successes = validate.integer("successes", successes, 0, 100)
        days = 0
        while self.successes < successes and days < validate.integer("max_days", max_days, 1):
            self.day()
            days += 1
        return days

    def view(self) -> SystemView:
        """What the scanner knows now (see :func:`~.sensors.redact`)."""
        return redact(self.system, self.successes, current_orbit=self.current_orbit)

    def __repr__(self) -> str:
        return (
            f"SystemScan({self.system.name or 'system'!r}, scanner={self.scanner.name!r}, "
            f"days={len(self.rolls)}, successes={self.successes})"
        )
