"""What the player screen serves, rendered from the players' projection of the campaign alone.

:func:`render` takes a :class:`~kit.players.KnownCampaign` (never the campaign) and returns the
JSON the page fetches: HTML sections, plotly figures and a version. The version is a digest of
the content itself, so a change the players cannot see (a GM-only note, a fleet they never met)
changes nothing the page receives, not even the version it polls.
"""

from __future__ import annotations

import hashlib
import html
import json
from typing import Any

from ..audience import PLAYER
from ..players import KnownCampaign, KnownEntity

__all__ = ["render"]


def _section(title: str, body: str) -> str:
    return f"<h2>{html.escape(title)}</h2>{body}"


def _figure(fig: Any) -> Any:
    import plotly.io as pio

    fig.update_layout(uirevision="screen", autosize=True)
    fig.layout.width = None
    return json.loads(pio.to_json(fig, validate=False))


def render(known: KnownCampaign, *, unknown: str = "dim") -> bytes:
    """The page's content as JSON bytes: ``version``, ``title``, ``sections``, ``figures``."""
    from ..figures.player_map import draw_known_sector
    from ..figures.stars import star_system_figure
    from ..handouts.stars import player_sector_document, player_system_document
    from ..handouts.successors import player_entity_document, player_fleet_document

    esc = html.escape
    sections: dict[str, str] = {}
    figures: dict[str, Any] = {"gmk-map": None, "gmk-system-figure": None}
    if known.sector is None:
        sections["gmk-sector"] = _section("Sector", "<p class='muted'>No sector shown.</p>")
    else:
        figures["gmk-map"] = _figure(draw_known_sector(known.sector, unknown=unknown))
        sections["gmk-sector"] = player_sector_document(known.sector).body()
    if known.system is None:
        sections["gmk-system"] = _section(
            "Current system", "<p class='muted'>No system the party knows.</p>"
        )
    else:
        figures["gmk-system-figure"] = _figure(star_system_figure(known.system, view=PLAYER))
        sections["gmk-system"] = player_system_document(known.system).body()
    cards = []
    for contact in known.contacts:
        doc = (
            player_entity_document(contact)
            if isinstance(contact, KnownEntity)
            else player_fleet_document(contact)
        )
        cards.append(f"<article class='gmk-card'>{doc.body()}</article>")
    sections["gmk-fleets"] = _section(
        "Fleets and entities", "".join(cards) or "<p class='muted'>None detected yet.</p>"
    )
    notes = []
    for n in known.notes:
        stamp = f"<span class='when'>{esc(n.when.capitalize())}</span> " if n.when else ""
        notes.append(f"<li>{stamp}{esc(n.text)}</li>")
    sections["gmk-notes"] = _section(
        "Notes", f"<ul>{''.join(notes)}</ul>" if notes else "<p class='muted'>None yet.</p>"
    )
    events = [
        f"<li><span class='when'>{esc(e.date.capitalize())}</span> {esc(e.text)}</li>"
        for e in known.timeline
    ]
    today = f"<p class='gmk-today'>Today: {esc(known.date)}</p>" if known.date else ""
    sections["gmk-timeline"] = _section(
        "Timeline",
        today + (f"<ul>{''.join(events)}</ul>" if events else "<p class='muted'>Nothing yet.</p>"),
    )
    content = {"title": known.title, "sections": sections, "figures": figures}
    text = json.dumps(content, sort_keys=True)
    version = hashlib.sha256(text.encode()).hexdigest()[:16]
    return json.dumps({"version": version, **content}, sort_keys=True).encode()
