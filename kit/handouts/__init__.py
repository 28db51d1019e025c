"""Handouts: Markdown and standalone HTML pages for the table, in a GM and a player version.

:func:`handout` turns a job, an entity, a fleet, a star system or a sector into text a GM can
print, paste into session notes or give to players:

* ``audience="gm"`` shows everything;
* ``audience="player"`` is rendered from the players' projection of the object
  (:mod:`kit.players`) and nothing else, so it shows only what the players may know, in the
  text, the figures, the hover text and the page source (its title included) alike: for an
  entity or a fleet, what the Sensors successes reveal (the Learning-about-the-Universe table,
  read as the combat engine reads it: a name at 4 successes, decoys dressed as their owner
  wishes until 4, Stealthed needing one success more); for a star system, the Sensors view (the
  type of star and the number of orbits at 0; nothing at all of a system the players do not
  know); for a sector, only the systems and routes the players know (never how many there are
  in all); for a job, the record without GM notes, GM adjustments or the seed.

Given the players' record (``knowledge=campaign.knowledge``, a
:class:`~kit.successors.knowledge.Knowledge`), a player handout reads everything it shows from
that one record and takes no sensors arguments: successes on entities and fleets (each known by
the name the campaign keeps it under, ``name=``), orbits as scanned, the systems and routes of a
sector the players know (with the player map), and the notes about the object that they may
read. The GM's copy then marks what they do not know. Without a record, ``sensors=`` (and
``current_orbit=``, ``reveal=``) say what the players found.

Each kind of object has its renderer registered in :mod:`kit.kinds` (the ``handout`` hook), in
the modules of this package: :mod:`.jobs`, :mod:`.successors` (entities and fleets) and
:mod:`.stars` (systems and sectors); :mod:`.document` renders Markdown and HTML and
:mod:`.printing` prints PDF.

``fmt="html"`` gives a standalone page (figures as static SVG by default, or plotly) whose
colours follow the reader's light or dark preference. Every piece of user text is escaped: as
HTML in pages, and as Markdown syntax in Markdown. The same handout always gives the same bytes
(figures get fixed element ids), so exports can be diffed and committed.

>>> from kit.regulus import Job, Operative
>>> page = handout(Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1).play(), fmt="html")
>>> page.startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from .. import registry, validate
from ..audience import AUDIENCES, PLAYER, Audience
from ..audience import audience as check_audience
from ..errors import InvalidInput, InvalidType
from .document import Document
from .options import HandoutArgs, HandoutOptions, check_options
from .printing import find_chromium

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ..successors.knowledge import Knowledge
    from ..successors.sector.routes import Route

__all__ = [
    "AUDIENCES",
    "FORMATS",
    "PLOTLYJS",
    "Document",
    "HandoutArgs",
    "HandoutOptions",
    "find_chromium",
    "handout",
    "save_handout",
]

FORMATS = ("markdown", "html")
PLOTLYJS = ("svg", "cdn", "inline")


def handout(
    obj: object,
    *,
    audience: Audience = "gm",
    fmt: str = "markdown",
    sensors: int | None = None,
    sig_class: int | None = None,
    decoys_as: dict[str, str] | None = None,
    current_orbit: int | None = None,
    reveal: Iterable[int | str] | None = None,
    route: Route | None = None,
    figures: bool = True,
    knowledge: Knowledge | None = None,
    name: str | None = None,
    plotlyjs: str = "svg",
) -> str:
    """A handout of ``obj`` for ``audience`` ("gm" or "player") as Markdown or a standalone HTML page.

    Args:
        obj: a regulus Job, a successors Entity or Fleet, a StarSystem or a Sector.
        audience: "gm" for everything, "player" for what the players may know.
        fmt: "markdown" or "html" (figures are included in HTML only).
        sensors: the players' Sensors successes on an entity, fleet or system (player handouts
            without a record).
        sig_class: which signature class a level-3 fleet scan looked at.
        decoys_as: what decoys pretend to be below level 4 (``{"MOCKER": "CRUISER"}``).
        current_orbit: the orbit the players' scanner is in (star systems, without a record).
        reveal: names or indices of sector systems the GM reveals to players (without a
            record).
        route: a route to draw on a GM sector map.
        figures: embed figures in HTML handouts.
        knowledge: the players' record (:class:`~kit.successors.knowledge.Knowledge`);
            replaces sensors, current_orbit and reveal.
        name: the name the record knows the object by: a system's (default: its own name),
            or the name the campaign keeps an entity or fleet under (``"Vorakh"`` or
            ``"entities/Vorakh"``; without it the record cannot tell which one it is).
        plotlyjs: how an HTML handout draws its figures: ``"svg"`` (static pictures, a page
            of kilobytes that opens and prints anywhere offline), ``"cdn"`` (interactive
            plotly, drawn when the reader is online) or ``"inline"`` (interactive offline,
            about 4.7 MB more).

    HTML handouts carry a print stylesheet (black on white, no figure toolbars, no table row
    split across pages); :func:`save_handout` also writes PDF through Chromium.
    """
    aud = check_audience(audience)
    validate.choice("fmt", fmt, FORMATS)
    validate.choice("plotlyjs", plotlyjs, PLOTLYJS)
    options = check_options(
        sensors=sensors,
        sig_class=sig_class,
        decoys_as=decoys_as,
        current_orbit=current_orbit,
        reveal=reveal,
        route=route,
        figures=validate.boolean("figures", figures) and fmt == "html",
        knowledge=knowledge,
        name=name,
    )
    kind = registry.find(obj)
    render = None if kind is None else kind.handout
    if render is None:
        having = [k.cls.__name__ for k in registry.answering("handout")]
        raise InvalidType(
            f"no handout for {type(obj).__name__} objects; handouts cover {', '.join(having)}"
        )
    doc = render(obj, aud, options)
    assert isinstance(doc, Document)
    if aud == PLAYER:
        doc.title += " (player handout)"
    return doc.markdown() if fmt == "markdown" else doc.html(plotlyjs)


def save_handout(
    obj: object,
    path: str | os.PathLike[str],
    *,
    audience: Audience = "gm",
    **options: Unpack[HandoutArgs],
) -> Path:
    """Write a handout to ``path``: ``.md`` gives Markdown, ``.html`` a standalone page, ``.pdf``
    a printed page.

    PDF is printed by a Chromium or Chrome found on the machine (``chromium``,
    ``chromium-browser``, ``google-chrome``; or the path in the ``GMKIT_CHROMIUM`` environment
    variable) from the HTML handout, its figures drawn as static SVG; the player PDF is printed
    from the player page, so it holds nothing that page does not.
    """
    from .. import store
    from . import printing

    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".md", ".html", ".htm", ".pdf"):
        raise InvalidInput(f"handout path must end in .md, .html or .pdf, got {str(target)!r}")
    if suffix == ".pdf":
        page = handout(obj, audience=audience, fmt="html", **options)
        return printing.print_pdf(page, target)
    fmt = "markdown" if suffix == ".md" else "html"
    return store.save(target, handout(obj, audience=audience, fmt=fmt, **options))
