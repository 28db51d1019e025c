"""Handouts of star systems and sectors: the GM's full sheet, and the players' from their projection.

The players' version of a system is rendered from :func:`kit.players.project_system` alone: a
system they do not know (never learned, or hidden) gives a page that names nothing, not even its
star or its number of orbits. The players' version of a sector is rendered from
:func:`kit.players.project_sector`: the systems they know with their places and star types, the
routes they know between them and the player map; nothing counts or draws the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..audience import PLAYER, Audience
from ..players import KnownSector, KnownSystem, project_sector, project_system
from .document import Document
from .notes import gm_notes, player_notes
from .options import HandoutOptions

if TYPE_CHECKING:
    from ..successors.sector.sector import Sector
    from ..successors.stars.system import StarSystem

__all__ = [
    "player_sector_document",
    "player_system_document",
    "sector_handout",
    "system_handout",
]

#: Most systems listed in a sector handout's table.
TABLE_LIMIT = 400


# ---------------------------------------------------------------- star systems
def system_handout(system: StarSystem, audience: Audience, options: HandoutOptions) -> Document:
    """The handout of a star system (the kind's ``handout`` hook)."""
    from ..successors.stars import redact

    record, name = options.knowledge, options.name
    if audience == PLAYER:
        known = project_system(
            system,
            record,
            name=name,
            successes=options.sensors,
            current_orbit=options.current_orbit,
        )
        return player_system_document(known, figures=options.figures)
    about = name or system.name or None
    players = None
    if record is not None:
        if about is None:
            project_system(system, record)  # refuses an unnamed system, naming name=
        players = record.view(system, name=name)
    view = redact(system, None)
    star = view.star
    doc = Document(f"Star system: {view.name or 'unnamed'}")
    star_text = f"Type {star.spectral_class}, {star.size}, brightness {star.brightness}" + (
        ", dust cloud" if star.dust_cloud else ""
    )
    doc.items(
        [("Star", star_text), ("Orbits", len(view.orbits))]
        + ([("Sensors successes", players.successes or 0)] if players is not None else [])
    )
    rows = []
    for i, orbit in enumerate(view.orbits, 1):
        assert orbit is not None  # the GM's view knows every orbit
        text = "empty" if orbit.body is None else orbit.body.describe()
        extra = "; ".join(s.text for s in orbit.secrets)
        if orbit.installations:
            extra = (extra + "; " if extra else "") + orbit.installations
        row: list[Any] = [i, text, extra]
        if players is not None:  # the GM's copy marks what the players lack
            seen = players.orbits[i - 1]
            row.append(
                "no"
                if seen is None
                else (
                    "yes"
                    if len(seen.secrets) == len(orbit.secrets)
                    else f"yes, {len(orbit.secrets) - len(seen.secrets)} secret(s) not"
                )
            )
        rows.append(row)
    doc.table(["Orbit", "Body", "Notes"] + (["Players know"] if players is not None else []), rows)
    if options.figures:
        from ..figures.stars import star_system_figure

        doc.figure(star_system_figure(system, knowledge=record, name=name))
    gm_notes(doc, record, about)
    return doc


def player_system_document(known: KnownSystem | None, *, figures: bool = False) -> Document:
    """The players' handout of a system, from their projection of it alone."""
    if known is None:
        doc = Document("Star system")
        doc.p("Nothing is known of this system.")
        return doc
    star = known.star
    doc = Document(f"Star system: {known.name or 'unnamed'}")
    star_text = f"Type {star.spectral_class}"
    if star.full:
        star_text += f", {star.size}, brightness {star.brightness}" + (
            ", dust cloud" if star.dust_cloud else ""
        )
    doc.items(
        [
            ("Star", star_text),
            ("Orbits", len(known.orbits)),
            ("Sensors successes", known.successes or 0),
        ]
    )
    rows: list[list[Any]] = []
    for i, orbit in enumerate(known.orbits, 1):
        if orbit is None:
            rows.append([i, "unknown", ""])
            continue
        text = "empty" if orbit.body is None else orbit.body.description
        extra = "; ".join(orbit.secrets)
        if orbit.installations:
            extra = (extra + "; " if extra else "") + orbit.installations
        rows.append([i, text, extra])
    doc.table(["Orbit", "Body", "Notes"], rows)
    if figures:
        from ..figures.stars import star_system_figure

        doc.figure(star_system_figure(known, view=PLAYER))
    player_notes(doc, known.notes)
    return doc


# ---------------------------------------------------------------- sectors
def sector_handout(sector: Sector, audience: Audience, options: HandoutOptions) -> Document:
    """The handout of a sector (the kind's ``handout`` hook)."""
    record = options.knowledge
    if audience == PLAYER:
        if record is None:  # without a record: what the sector's history and the GM tell
            from ..successors.knowledge import Knowledge

            told = Knowledge()
            for (a, b), times in sorted(sector.history.items()):
                told.travelled((sector.names[a], sector.names[b]), times=min(times, 1000))
            for g in sector.gates:
                told.reveal((sector.names[g.a], sector.names[g.b]))
            for r in options.reveal or ():
                told.reveal(sector.names[sector.index(r)])
            known = project_sector(sector, told)
            return player_sector_document(known, figures=False)
        return player_sector_document(project_sector(sector, record), figures=options.figures)
    doc = Document(f"Sector: {sector.name}")
    index = {n: i for i, n in enumerate(sector.names)}
    known_idx: set[int] = set()
    flown_routes: dict[tuple[str, str], str] = {}
    if record is not None:
        known_idx = {index[n] for n in record.known_systems() if n in index}
        flown_routes = {
            pair: status
            for pair, status in record.known_routes(locked_after=sector.rules.locked_after).items()
            if pair[0] in index and pair[1] in index
        }
    items: list[tuple[str, Any]] = [
        ("Systems", sector.n),
        ("Dimensions", f"{sector.dims}D"),
        ("Jumps recorded", sum(sector.history.values())),
        ("Hyper Gates", len(sector.gates)),
    ]
    if record is not None:
        items.append(
            ("Known to the players", f"{len(known_idx)} systems, {len(flown_routes)} routes")
        )
    doc.items(items)
    rows = []
    for i in range(min(sector.n, TABLE_LIMIT)):
        row = [
            sector.names[i],
            ", ".join(f"{c:.1f}" for c in sector.positions[i]),
            f"Type {sector.star(i).spectral_class}",
        ]
        if record is not None:
            row.append("yes" if i in known_idx else "no")
        rows.append(row)
    head = ["System", "Position (ly)", "Star"]
    doc.table(head + (["Players know"] if record is not None else []), rows)
    if sector.n > TABLE_LIMIT:
        doc.p(f"... and {sector.n - TABLE_LIMIT} more systems.")
    routes = [
        [sector.names[a], sector.names[b], n, sector.status(a, b)]
        for (a, b), n in sorted(sector.history.items())
    ]
    if routes:
        doc.h("Routes travelled")
        doc.table(["From", "To", "Jumps", "Status"], routes)
    if options.figures:
        from ..figures.sectors import sector_map

        doc.figure(sector_map(sector, knowledge=record, route=options.route))
    gm_notes(doc, record, options.name or sector.name)
    return doc


def player_sector_document(known: KnownSector, *, figures: bool = False) -> Document:
    """The players' handout of a sector, from their projection of it alone."""
    doc = Document(f"Sector: {known.name}")
    doc.items(
        [
            ("Known systems", len(known.systems)),
            ("Dimensions", f"{known.dims}D"),
            ("Known routes", len(known.routes)),
        ]
    )
    if not known.systems:
        doc.p("No system of this sector is known yet.")
    doc.table(
        ["System", "Position (ly)", "Star"],
        [
            [p.name, ", ".join(f"{c:.1f}" for c in p.position), f"Type {p.spectral_class}"]
            for p in known.systems[:TABLE_LIMIT]
        ],
    )
    if len(known.systems) > TABLE_LIMIT:
        doc.p(f"... and {len(known.systems) - TABLE_LIMIT} more systems.")
    if known.routes:
        doc.h("Known routes")
        doc.table(["From", "To", "Status"], [[r.a, r.b, r.status] for r in known.routes])
    if figures:
        from ..figures.player_map import draw_known_sector

        doc.figure(draw_known_sector(known))
    player_notes(doc, known.notes)
    return doc
