"""Handouts of Successors entities and fleets: the GM's sheet, and what the players' Sensors show.

The players' version is rendered from the players' projection (:func:`kit.players.project_entity`,
:func:`kit.players.project_fleet`) alone, which reads the Learning-about-the-Universe table as the
combat engine does: presence at 0, how many at 1, signatures at 2, the ship types of one class at
3 (decoys dressed as their owner wishes, facets unmasked), the whole composition and the entity's
name at 4, abilities at 5; a Stealthed entity needs one success more per Stealthed.

With the players' record, an entity or fleet is known by its own key (the name the campaign keeps
it under, ``name=``, read as ``"entities/<name>"`` or ``"fleets/<name>"``); without ``name=`` the
record cannot tell which object it is, and the players' version says nothing was detected.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..audience import PLAYER, Audience
from ..players import KnownEntity, KnownFleet, key, project_entity, project_fleet
from ..players.fleets import ABILITIES
from .document import Document
from .notes import gm_notes, player_notes
from .options import HandoutOptions

if TYPE_CHECKING:
    from ..successors.entities import Entity
    from ..successors.fleets import Fleet

__all__ = [
    "entity_handout",
    "fleet_handout",
    "player_entity_document",
    "player_fleet_document",
    "record_key",
]


def record_key(collection: str, name: str | None) -> str | None:
    """The record's key for an object the campaign keeps as ``name`` in ``collection``."""
    if name is None:
        return None
    return name if name.startswith(f"{collection}/") else key(collection, name)


# ---------------------------------------------------------------- entities
def entity_handout(entity: Entity, audience: Audience, options: HandoutOptions) -> Document:
    """The handout of an entity (the kind's ``handout`` hook)."""
    about = record_key("entities", options.name)
    if audience == PLAYER:
        known = project_entity(entity, options.knowledge, name=about, sensors=options.sensors)
        return player_entity_document(known)
    doc = Document(f"Entity: {entity.name}")
    doc.items(
        [
            ("Presence", "an entity is here"),
            ("Kind", entity.kind),
            ("Sex", entity.sex or "-"),
            ("Side", entity.side or "-"),
            ("Signature", entity.signature),
        ]
    )
    doc.h("Abilities")
    doc.table(["Ability", "Rank"], [[a.title(), str(entity.rank(a))] for a in ABILITIES])
    doc.h("Edges and Flaws")
    doc.p(entity.edges_and_flaws_text() or "none")
    for note in entity.notes:
        doc.p(note)
    gm_notes(doc, options.knowledge, about)
    return doc


def player_entity_document(known: KnownEntity | None) -> Document:
    """The players' handout of an entity, from their projection of it alone."""
    if known is None or not known.sighting.seen:
        doc = Document("Entity")
        doc.p("Nothing has been detected.")
        return doc
    seen, level = known.sighting, known.level
    doc = Document(f"Entity: {seen.name}" if seen.name else "Entity")
    items: list[tuple[str, Any]] = [("Presence", "an entity is here")]
    if level >= 3:
        items.append(("Kind", seen.kind))
    if seen.signature is not None:
        items.append(("Signature", seen.signature))
    doc.items(items)
    if seen.abilities is not None:
        doc.h("Abilities")
        doc.table(["Ability", "Rank"], [list(pair) for pair in seen.abilities])
    else:
        doc.p("Its abilities are unknown (Sensors reveal them at 5 successes).")
    player_notes(doc, known.notes)
    return doc


# ---------------------------------------------------------------- fleets
def _rank(value: int) -> str:
    from ..successors.ranks import Rank

    return str(Rank(value))


def _ru(value: float) -> str:
    return f"{value:g}"


def _shown(kind: str) -> str:
    """A ship type as the players read it: title case, the decoy mark kept as written."""
    name, mark, _ = kind.partition(" (decoy)")
    return name.title() + mark


def fleet_handout(fleet: Fleet, audience: Audience, options: HandoutOptions) -> Document:
    """The handout of a fleet (the kind's ``handout`` hook)."""
    about = record_key("fleets", options.name)
    if audience == PLAYER:
        known = project_fleet(
            fleet,
            options.knowledge,
            name=about,
            sensors=options.sensors,
            sig_class=options.sig_class,
            decoys_as=options.decoys_as,
        )
        return player_fleet_document(known)
    owner: Entity | None = getattr(fleet, "owner", None)
    ships = list(fleet.ships)
    doc = Document(f"Fleet roster{': ' + owner.name if owner is not None else ''}")
    doc.items(
        [
            ("Ships", len(ships)),
            ("RU spent", fleet.spent),
            ("Budget", fleet.current_budget if fleet.current_budget is not None else "-"),
            ("Under Control", ", ".join(f"#{i}" for i in sorted(fleet.controlled)) or "none"),
        ]
    )
    counts = Counter(s.name for s in ships)
    by_name = {s.name: s for s in ships}
    doc.table(
        ["Ship", "Count", "Battle", "Sig", "RU each", "RU total"],
        [
            [
                n.title(),
                c,
                _rank(by_name[n].rank("battle")),
                by_name[n].sig,
                _ru(by_name[n].cost),
                _ru(by_name[n].cost * c),
            ]
            for n, c in sorted(counts.items())
        ],
    )
    gm_notes(doc, options.knowledge, about)
    return doc


def player_fleet_document(known: KnownFleet | None) -> Document:
    """The players' handout of a fleet, from their projection of it alone."""
    if known is None:
        doc = Document("Fleet")
        doc.p("Nothing has been detected.")
        return doc
    owner, level = known.owner, known.level
    doc = Document(f"Fleet: {owner.name}" if owner is not None and owner.name else "Fleet")
    doc.items([("Sensors successes", level)])
    doc.p(
        "A fleet is present in this orbit."
        + (" An entity is with it." if owner is not None and owner.seen else "")
    )
    if level >= 1:
        entities = 1 if owner is not None and owner.counted else 0
        counted = sum(1 for s in known.ships if s.seen)
        doc.p(f"{counted} ships" + (f" and {entities} entity." if entities else "."))
    if level >= 2:
        sigs = Counter(s.signature for s in known.ships)
        if owner is not None and owner.signature is not None:
            sigs[owner.signature] += 1
        doc.table(["Signature", "Ships"], [[k, v] for k, v in sorted(sigs.items())])
    shown = Counter(s.type for s in known.ships if s.type is not None)
    if level >= 4:
        doc.h("Composition")
        doc.table(["Ship", "Count"], [[_shown(t), c] for t, c in sorted(shown.items())])
    elif level >= 3 and known.ships:
        doc.h(f"Ship types with signature {known.focus}")
        doc.table(["Ship", "Count"], [[_shown(t), c] for t, c in sorted(shown.items())])
    if known.abilities is not None:
        doc.h("Abilities")
        table = [[name, *ranks] for name, ranks in known.abilities]
        if owner is not None and owner.abilities is not None:
            table.append([f"{owner.name} (entity)", *(rank for _, rank in owner.abilities)])
        doc.table(["Ship", "Battle", "Control", "Handling", "Information", "Sensors"], table)
    player_notes(doc, known.notes)
    return doc
