"""The players' projection of fleets and entities, read from the Sensors table.

What Sensors successes show of a fleet and its entity is stated once, in
:mod:`kit.successors.combat.reveal` (the battle's fleet view reads the same functions): presence
at 0, how many at 1, signatures at 2, the ship types of one signature class at 3 with decoys
dressed as their owner wishes, the whole composition at 4 (decoys unmasked, the entity named),
exact abilities at 5. A Stealthed entity needs one success more per Stealthed at every step, so
at 0 successes it is not detected at all.

**Identity.** The record keeps Sensors successes under a key per object: the campaign's name
for it in its collection, ``"fleets/<name>"`` or ``"entities/<name>"`` (:func:`key`). Two fleets
of one owner are two objects; an owner's or a battle side's name never stands for a fleet.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..errors import InvalidInput
from .stars import notes_about
from .values import KnownEntity, KnownFleet, KnownShip, Sighting

if TYPE_CHECKING:
    from ..successors.entities import Entity
    from ..successors.fleets import Fleet
    from ..successors.knowledge import Knowledge

__all__ = ["ABILITIES", "key", "project_entity", "project_fleet", "sighting"]

ABILITIES = ("battle", "control", "handling", "information", "sensors")


def key(collection: str, name: str) -> str:
    """The record's key for the item ``name`` of a campaign ``collection``.

    >>> key("fleets", "Vorakh's fleet")
    "fleets/Vorakh's fleet"
    """
    if collection not in ("fleets", "entities"):
        raise InvalidInput(f"collection must be 'fleets' or 'entities', got {collection!r}")
    return f"{collection}/{name}"


def _level(knowledge: Knowledge | None, record_key: str | None, sensors: int | None) -> int | None:
    """Successes on the object, or None when the players have never met it."""
    if knowledge is None:
        return 0 if sensors is None else sensors
    if record_key is None or not knowledge.met(record_key):
        return None
    return int(knowledge.fleet_level(record_key))


def _rank(value: int) -> str:
    from ..successors.ranks import Rank

    return str(Rank(value))


def sighting(entity: Entity, level: int) -> Sighting:
    """What ``level`` successes show of ``entity`` (its Stealthed steps taken off)."""
    from ..successors.combat.reveal import entity_row

    row = entity_row(entity, level)
    en = level - entity.stealth
    return Sighting(
        seen=row["seen"],
        counted=row["counted"],
        kind=row["type"],
        signature=row["sig"],
        name=row["name"],
        abilities=tuple((a.title(), str(entity.rank(a))) for a in ABILITIES) if en >= 5 else None,
    )


def project_entity(
    entity: Entity,
    knowledge: Knowledge | None = None,
    *,
    name: str | None = None,
    sensors: int | None = None,
) -> KnownEntity | None:
    """What the players know of ``entity``: None when they never met it.

    With ``knowledge`` the successes are the record's under ``name`` (a key such as
    ``"entities/Vorakh"``; without one the entity is unknown); without it, ``sensors``.
    """
    level = _level(knowledge, name, sensors)
    if level is None:
        return None
    return KnownEntity(
        level - entity.stealth, sighting(entity, level), notes_about(knowledge, name)
    )


def project_fleet(
    fleet: Fleet,
    knowledge: Knowledge | None = None,
    *,
    name: str | None = None,
    sensors: int | None = None,
    sig_class: int | None = None,
    decoys_as: dict[str, str] | None = None,
) -> KnownFleet | None:
    """What the players know of ``fleet``: None when they never met it.

    Args:
        fleet: a :class:`~kit.successors.fleets.Fleet`.
        knowledge: the players' record; ``name`` is the fleet's key in it
            (``"fleets/<name>"``).
        sensors: the players' successes, without a record.
        sig_class: the signature class a 3-success reading looked into (default: the largest).
        decoys_as: what decoys show themselves as below 4 (``{"MOCKER": "CRUISER"}``).
    """
    from ..successors.combat.reveal import focus_class, ship_row

    level = _level(knowledge, name, sensors)
    if level is None:
        return None
    owner = getattr(fleet, "owner", None)
    ships = list(fleet.ships)
    focus = focus_class((s.sig for s in ships), sig_class)
    disguise = {k.upper(): v for k, v in (decoys_as or {}).items()}
    rows = [ship_row(s, level, focus=focus, look=disguise.get(s.name.upper())) for s in ships]
    abilities = None
    if level >= 5:
        by_type = {s.name: s for s in ships}
        abilities = tuple(
            (t.title(), tuple(_rank(by_type[t].rank(a)) for a in ABILITIES))
            for t in sorted(by_type)
        )
    return KnownFleet(
        level=level,
        owner=None if owner is None else sighting(owner, level),
        ships=tuple(KnownShip(r["seen"], r["sig"], r["type"]) for r in rows),
        focus=focus if level >= 3 else None,
        abilities=abilities,
        notes=notes_about(knowledge, name),
    )


def ship_counts(fleet: KnownFleet) -> Counter[str]:
    """How many ships of each type the players can tell apart."""
    return Counter(s.type for s in fleet.ships if s.type is not None)
