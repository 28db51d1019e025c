"""What Sensors successes reveal of one fleet in an orbit, stated once.

The fleet rows of the Learning-about-the-Universe table decide, object by object, what a viewer
with ``level`` successes on a fleet knows: that something is there (0), how many (1), each
signature (2), the ship types of one signature class with decoys in disguise (3), the whole
composition with decoys unmasked (4), exact abilities (5). A Stealthed entity needs one success
more per Stealthed for each step.

Two readers use these functions and nothing else for the rule: the battle's
:func:`~kit.successors.combat.sensors.fleet_view` (rows per unit, with keys and states) and the
players' fleet handout in :mod:`kit.handouts` (counts and tables built from the same rows).

>>> from kit.successors.fleets import Fleet
>>> fleet = Fleet()
>>> for name in ("Drone", "Mocker", "Cruiser"):
...     _ = fleet.buy(name)
>>> ships = list(fleet.ships)
>>> focus = focus_class([s.sig for s in ships])
>>> focus, [ship_row(s, 2, focus=focus)["sig"] for s in ships]
(1, [0, 1, 1])
>>> [ship_row(s, 3, focus=focus)["type"] for s in ships]  # the Mocker passes for a Cruiser
[None, 'CRUISER', 'CRUISER']
>>> [ship_row(s, 4, focus=focus)["type"] for s in ships]
['DRONE', 'MOCKER (decoy)', 'CRUISER']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..design import ShipDesign
    from ..entities import Entity

__all__ = ["Sighted", "default_look", "entity_row", "focus_class", "ship_row"]


class Sighted(Protocol):
    """What a sensor reading reads of a ship: a battle's unit and a fleet's ship both fit."""

    @property
    def name(self) -> str: ...

    @property
    def sig(self) -> int: ...

    @property
    def design(self) -> ShipDesign: ...


def focus_class(sigs: Iterable[int], sig_class: int | None = None) -> int | None:
    """The signature class a level-3 reading looks into: ``sig_class`` when the viewer names
    one, else the largest signature present (None for an empty fleet)."""
    if sig_class is not None:
        return sig_class
    present = list(sigs)
    return max(present) if present else None


def default_look(ship: Sighted) -> str:
    """What a decoy shows itself as when its owner named nothing: the catalog's warship of its
    signature (its own name when the catalog has none)."""
    from ..ships import SHIPS

    for t in SHIPS.values():
        if t.sig == ship.sig and t.role == "warship":
            return str(t.name)
    return str(ship.name)


def _as_listed(look: str) -> str:
    """A disguise as the catalog spells the type it copies (``"Cruiser"`` reads ``"CRUISER"``,
    so a decoy and the real ship it copies count as one type); other names as given."""
    from ..ships import SHIPS

    listed = SHIPS.get(look.strip().upper())
    return str(listed.name) if listed is not None else look


def ship_row(
    ship: Sighted, level: int, *, focus: int | None, look: str | None = None
) -> dict[str, Any]:
    """What ``level`` successes tell of one ship (anything with ``name``, ``sig`` and
    ``design``): ``sig``, ``type`` (None where unknown), ``abilities`` and ``seen``.

    Args:
        ship: a fleet ship or a battle unit.
        level: the viewer's successes on the fleet.
        focus: the signature class read at level 3 (see :func:`focus_class`).
        look: what this ship pretends to be if it is a decoy (default :func:`default_look`).
    """
    decoy = ship.design.decoy > 0
    if level >= 4:
        shown: str | None = ship.name + (" (decoy)" if decoy else "")
    elif level >= 3 and ship.sig == focus:
        shown = _as_listed(look) if decoy and look else default_look(ship) if decoy else ship.name
    else:
        shown = None
    return {
        "object": "ship",
        "sig": ship.sig if level >= 2 else None,
        "type": shown,
        "abilities": ship.design.abilities() if level >= 5 else None,
        "seen": level >= 1,
    }


def entity_row(entity: Entity, level: int) -> dict[str, Any]:
    """What ``level`` successes tell of the fleet's entity, its Stealthed steps taken off first:
    ``seen`` (present at all), ``counted`` (in the head count), ``sig``, ``type`` (facets look
    like entities below 3), ``name`` (at 4) and ``abilities`` (at 5, as they stand now)."""
    en = level - entity.stealth
    facet = entity.kind == "facet"
    abilities: Mapping[str, int] | None = entity.current_abilities if en >= 5 else None
    return {
        "object": "entity",
        "sig": entity.signature if en >= 2 else None,
        "type": ("facet" if facet and en >= 3 else "entity") if en >= 0 else None,
        "name": entity.name if en >= 4 else None,
        "abilities": dict(abilities) if abilities is not None else None,
        "seen": en >= 0,
        "counted": en >= 1,
    }
