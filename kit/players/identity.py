"""Which object a battle side is: identity by object, for :meth:`kit.Campaign.record_battle`.

The players' Sensors successes on a battle side belong to the object that side *is*, by
identity: a side set up from a fleet the campaign keeps (its ships the very ship objects of that
fleet), or led by an entity the campaign keeps (the same object). A display name (a side's, an
owner's) never decides it: two fleets of one owner are two objects. :func:`side_keys` gives the
knowledge record's keys (:func:`~kit.players.fleets.key`) for every side of a battle.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .. import validate
from ..errors import InvalidInput

if TYPE_CHECKING:
    from ..successors.combat.battle import Battle

__all__ = ["side_keys"]


def side_keys(
    collections: Mapping[str, Mapping[str, Any]],
    battle: Battle,
    targets: Mapping[int | str, object] | None = None,
) -> dict[int, list[str]]:
    """The record keys of every side of ``battle`` (index -> keys; empty: record nothing).

    Args:
        collections: the campaign's collections (``campaign.collections``).
        battle: the :class:`~kit.successors.combat.Battle`.
        targets: sides named by hand (index or side name -> a stored fleet's or entity's name,
            a ``"fleets/..."`` or ``"entities/..."`` key, the stored object, or None).

    A side no stored object is gets a key of the battle's own, ``"battles/<name>/sides/<i>"``
    (when the battle is stored), which no fleet or entity shares.
    """
    names = [s.name for s in battle.sides]
    chosen: dict[int, list[str]] = {}
    for t, target in validate.mapping("targets", targets or {}).items():
        if isinstance(t, str):
            index = names.index(validate.choice("targets key", t, names))
        else:
            index = validate.integer("targets key", t, 0, len(names) - 1)
        chosen[index] = _named(collections, target)
    stored = next((n for n, b in collections.get("battles", {}).items() if b is battle), None)
    return {
        t: chosen[t] if t in chosen else _identified(collections, side, stored, t)
        for t, side in enumerate(battle.sides)
    }


def _named(collections: Mapping[str, Mapping[str, Any]], target: Any) -> list[str]:
    """The keys ``targets=`` names: a stored name or key, a stored object, or None."""
    if target is None:
        return []
    for collection in ("fleets", "entities"):
        items = collections.get(collection, {})
        for name, obj in items.items():
            if obj is target:
                return [f"{collection}/{name}"]
        if (
            isinstance(target, str)
            and target.startswith(f"{collection}/")
            and target.partition("/")[2] in items
        ):
            return [target]
    if isinstance(target, str):
        found = [
            f"{c}/{target}" for c in ("fleets", "entities") if target in collections.get(c, {})
        ]
        if len(found) == 1:
            return found
    raise InvalidInput(
        "targets must name a fleet or entity the campaign keeps (a name, a 'fleets/...' or "
        f"'entities/...' key, the object itself) or None, got {target!r}"
    )


def _identified(
    collections: Mapping[str, Mapping[str, Any]], side: Any, battle: str | None, index: int
) -> list[str]:
    """The keys of the stored objects a side is (by identity), else the side's own key."""
    keys = []
    ships = tuple(side.ships)
    for name, fleet in collections.get("fleets", {}).items():
        mine = tuple(fleet.ships)
        if ships and len(mine) == len(ships) and all(a is b for a, b in zip(mine, ships)):
            keys.append(f"fleets/{name}")
    if side.entity is not None:
        keys += [
            f"entities/{n}" for n, e in collections.get("entities", {}).items() if e is side.entity
        ]
    if not keys and battle is not None:
        keys.append(f"battles/{battle}/sides/{index}")
    return keys
