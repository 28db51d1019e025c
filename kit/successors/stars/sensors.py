"""What a Sensors scan reveals of a star system: the player's view versus the GM's.

Sensors successes against a system accumulate across days (docs/rulings.md Successors 5). The
level reached decides what is known:

===========  ===============================================================
successes    system data known
===========  ===============================================================
0            the kind of star and how many orbits it has
1            the full details of the orbit the scanner is in
2            ... and of the orbits next to it
3            every orbit's details; secrets of the scanner's own orbit
4            secrets of the neighbouring orbits
5            every ordinary secret in the system
6+           secrets the GM has given a level of 6 or more, once that level is reached
===========  ===============================================================

Fleet and entity data follow the same count in the scanner's orbit and one level less for
every other orbit (:func:`fleet_data_level`). :func:`redact` turns a full
:class:`~.system.StarSystem` into a :class:`SystemView` holding only what is known; the GM's
view is ``redact(system, None)``.

>>> from .system import Star, StarSystem, Orbit, Body
>>> s = StarSystem(Star("G"), [Orbit(1, Body("Planet", 8000, 20, 90)), Orbit(2), Orbit(3)])
>>> v = redact(s, 1, current_orbit=1)
>>> [o is not None for o in v.orbits]
[True, False, False]
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ... import validate
from ...errors import InvalidType
from .system import Orbit, Star, StarSystem

__all__ = [
    "FLEET_DATA",
    "SYSTEM_DATA",
    "SystemView",
    "fleet_data_level",
    "orbit_detail_known",
    "redact",
    "secret_known",
]

#: What each level of system data gives, in the kit's words.
SYSTEM_DATA: dict[int, str] = {
    0: "Star type and orbit count.",
    1: "Details of the scanner's own orbit.",
    2: "Details of the adjacent orbits too.",
    3: "Details of every orbit; secrets of the scanner's orbit.",
    4: "Secrets of the adjacent orbits.",
    5: "Every ordinary secret in the system.",
    6: "Secrets the GM rated 6 or higher, as each rating is reached.",
}
#: What each level of entity and fleet data gives, in the kit's words.
FLEET_DATA: dict[int, str] = {
    0: "Whether entities or fleets share the orbit (facets look like entities).",
    1: "How many entities and ships are in the orbit.",
    2: "Their signatures.",
    3: "Ship types within one signature class; facets exposed, decoys still disguised.",
    4: "The whole composition of the enemy fleet, unknown types flagged; decoys exposed.",
    5: "Exact abilities of every ship and entity.",
    6: "GM-rated secrets at or below the level reached.",
}


def _distance(orbit: int, current: int | None) -> int | None:
    return None if current is None else abs(orbit - current)


def orbit_detail_known(successes: int | None, orbit: int, current_orbit: int | None) -> bool:
    """Whether the full details of ``orbit`` are known at ``successes`` (None: the GM)."""
    if successes is None or successes >= 3:
        return True
    d = _distance(orbit, current_orbit)
    return d is not None and ((d == 0 and successes >= 1) or (d <= 1 and successes >= 2))


def secret_known(
    successes: int | None, orbit: int, current_orbit: int | None, level: int | None = None
) -> bool:
    """Whether a secret in ``orbit`` is known; ``level`` is a GM rating of 6 or more."""
    if successes is None:
        return True
    if level is not None:
        return successes >= level
    d = _distance(orbit, current_orbit)
    need = 5 if d is None or d > 1 else 3 + d
    return successes >= need


def fleet_data_level(successes: int, orbit: int, current_orbit: int | None) -> int | None:
    """Fleet/entity data level for ``orbit``: full in the scanner's orbit, one less elsewhere.

    Returns None when nothing is known (0 successes, another orbit).
    """
    validate.integer("successes", successes, 0)
    level = successes if orbit == current_orbit else successes - 1
    return level if level >= 0 else None


@dataclass(frozen=True)
class SystemView:
    """What one scanner knows of a system. Unknown orbits are ``None`` in ``orbits``."""

    name: str
    """The system's name."""
    star: Star
    """The star (its type is known at 0 successes)."""
    orbits: tuple[Orbit | None, ...]
    """One entry per orbit: the orbit with its visible secrets, or None when not yet known."""
    successes: int | None
    """Sensors successes behind the view; None for the GM's full view."""
    current_orbit: int | None = None
    """The orbit the scanner is in, or None when outside the orbits."""

    @property
    def spectral_class(self) -> str:
        """The star's class letter."""
        return self.star.spectral_class

    @property
    def is_full(self) -> bool:
        """True for the GM's view."""
        return self.successes is None

    @property
    def known_orbits(self) -> list[int]:
        """Numbers of the orbits whose details are known."""
        return [i for i, o in enumerate(self.orbits, 1) if o is not None]

    def fleet_level(self, orbit: int) -> int | None:
        """Fleet data level in ``orbit`` (None: nothing known; the GM sees everything)."""
        if self.successes is None:
            return 99
        return fleet_data_level(self.successes, orbit, self.current_orbit)

    def summary(self) -> str:
        """A short printable description of the view."""
        who = "GM view" if self.is_full else f"{self.successes} Sensors successes"
        lines = [
            f"{self.name or 'System'} ({who}): Type {self.star.spectral_class}, "
            f"{len(self.orbits)} orbits"
        ]
        for i, o in enumerate(self.orbits, 1):
            if o is None:
                lines.append(f"  {i:>2}. unknown")
                continue
            text = "empty" if o.body is None else o.body.kind
            if o.secrets:
                text += "; secrets: " + "; ".join(s.text for s in o.secrets)
            lines.append(f"  {i:>2}. {text}")
        return "\n".join(lines)


def redact(
    system: StarSystem, successes: int | None, *, current_orbit: int | None = None
) -> SystemView:
    """The view of ``system`` for a scanner with ``successes`` (None: the GM's full view).

    Args:
        system: the full system.
        successes: accumulated Sensors successes against this system, or None for the GM.
        current_orbit: the orbit the scanner occupies (None when outside the orbits).
    """
    if not isinstance(system, StarSystem):
        raise InvalidType(f"system must be a StarSystem, got {system!r}")
    if successes is not None:
        validate.integer("successes", successes, 0)
    if current_orbit is not None:
        validate.integer("current_orbit", current_orbit, 1, max(1, len(system.orbits)))
    orbits: list[Orbit | None] = []
    for o in system.orbits:
        if not orbit_detail_known(successes, o.number, current_orbit):
            orbits.append(None)
            continue
        visible = tuple(
            s for s in o.secrets if secret_known(successes, o.number, current_orbit, s.level)
        )
        orbits.append(replace(o, secrets=visible))
    return SystemView(system.name, system.star, tuple(orbits), successes, current_orbit)
