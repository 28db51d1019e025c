"""Handouts: Markdown and standalone HTML pages for the table, in a GM and a player version.

:func:`handout` turns a job, an entity, a fleet, a star system or a sector into text a GM can
print, paste into session notes or give to players:

* ``audience="gm"`` shows everything;
* ``audience="player"`` shows only what the players may know, in the text, the figures, the
  hover text and the page source alike: for an entity or a fleet, what ``sensors`` successes
  reveal (the Learning-about-the-Universe table, read as the combat engine reads it: a name at
  4 successes, decoys dressed as their owner wishes until 4, Stealthed needing one success
  more); for a star system, the Sensors view of ``successes`` (the type of star and the number
  of orbits at 0); for a sector, only the systems the party has travelled or that the GM lists
  in ``reveal`` (not how many there are in all); for a job, the record without GM notes, GM
  adjustments or the seed.

Given the players' record (``knowledge=campaign.knowledge``, a
:class:`~kit.successors.knowledge.Knowledge`), a player handout reads everything it shows from
that one record and takes no sensors arguments: successes on entities and fleets, orbits as
scanned, the systems and routes of a sector the players know (with the player map), and the
notes about the object that they may read. The GM's copy then marks what they do not know.

``fmt="html"`` gives a standalone page (plotly figures embedded, plotly.js included once, no
network needed) whose colours follow the reader's light or dark preference. Every piece of user
text is escaped: as HTML in pages, and as Markdown syntax (links, images, emphasis, code, tables,
line-start markers) in Markdown. The same handout always gives the same bytes (figures get fixed
element ids), so exports can be diffed and committed.

>>> from kit.regulus import Job, Operative
>>> page = handout(Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1).play(), fmt="html")
>>> page.startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

import html
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

from . import limits, validate
from .errors import IllegalAction, InvalidInput, InvalidType

__all__ = ["AUDIENCES", "FORMATS", "PLOTLYJS", "find_chromium", "handout", "save_handout"]

AUDIENCES = ("gm", "player")
FORMATS = ("markdown", "html")
PLOTLYJS = ("svg", "cdn", "inline")


#: Characters with a meaning anywhere in a line of Markdown: escapes, code, emphasis, strike,
#: links and images (a link needs "]("; escaping the brackets is enough), table cells.
_MD_INLINE = re.compile(r"([\\`*_~\[\]|])")
#: Markers that only mean something at the start of a line (headings, quotes, lists, rules).
_MD_LINE_START = re.compile(r"^(\s*)([#>+\-=]|\d+[.)])")
#: Autolinks that GitHub-flavoured Markdown makes from bare text.
_MD_AUTOLINK = re.compile(r"(?i)\b(https?|ftp|mailto)(:)|\b(www)(\.)")


def _md(text: Any) -> str:
    r"""``text`` as literal Markdown: whatever a user typed renders as the same characters.

    >>> print(_md("[click](https://x) *now* ![i](y.png) <b>|</b>"))
    \[click\](https\://x) \*now\* !\[i\](y.png) &lt;b&gt;\|&lt;/b&gt;
    """
    out = str(text).replace("\r", " ").replace("\n", " ")
    out = out.replace("&", "&amp;")
    out = _MD_INLINE.sub(r"\\\1", out)
    out = out.replace("<", "&lt;").replace(">", "&gt;")
    return _MD_AUTOLINK.sub(
        lambda m: (m.group(1) or m.group(3)) + "\\" + (m.group(2) or m.group(4)), out
    )


def _md_block(text: Any) -> str:
    r"""Like :func:`_md`, for text that starts a line (a paragraph): no heading, list or rule.

    >>> print(_md_block("# not a heading"), "/", _md_block("1. not a list"))
    \# not a heading / 1\. not a list
    """
    return _MD_LINE_START.sub(_escape_marker, _md(text))


def _escape_marker(m: re.Match[str]) -> str:
    marker = m.group(2)
    if marker[0].isdigit():  # "1." or "1)": escape the punctuation, digits cannot be escaped
        return m.group(1) + marker[:-1] + "\\" + marker[-1]
    return m.group(1) + "\\" + marker


# ---------------------------------------------------------------- a tiny document model
class _Doc:
    """Headings, paragraphs, tables and figures, rendered to Markdown or HTML."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.parts: list[tuple[str, Any]] = []

    def h(self, text: str) -> None:
        self.parts.append(("h", text))

    def p(self, text: str) -> None:
        self.parts.append(("p", text))

    def items(self, pairs: list[tuple[str, Any]]) -> None:
        self.parts.append(("items", pairs))

    def table(self, head: list[str], rows: list[list[Any]]) -> None:
        self.parts.append(("table", (head, rows)))

    def figure(self, fig: Any) -> None:
        self.parts.append(("figure", fig))

    def markdown(self) -> str:
        out = [f"# {_md(self.title)}", ""]
        for kind, value in self.parts:
            if kind == "h":
                out += [f"## {_md(value)}", ""]
            elif kind == "p":
                out += [_md_block(value), ""]
            elif kind == "items":
                out += [f"- **{_md(k)}:** {_md(v)}" for k, v in value] + [""]
            elif kind == "table":
                head, rows = value
                out.append("| " + " | ".join(_md(h) for h in head) + " |")
                out.append("|" + "---|" * len(head))
                out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in rows]
                out.append("")
        return "\n".join(out).rstrip() + "\n"

    def html(self, plotlyjs: str = "svg") -> str:
        esc = html.escape
        body = [f"<h1>{esc(self.title)}</h1>"]
        first_figure = True
        figure_number = 0
        for kind, value in self.parts:
            if kind == "h":
                body.append(f"<h2>{esc(str(value))}</h2>")
            elif kind == "p":
                body.append(f"<p>{esc(str(value))}</p>")
            elif kind == "items":
                body.append(
                    "<dl>"
                    + "".join(f"<dt>{esc(str(k))}</dt><dd>{esc(str(v))}</dd>" for k, v in value)
                    + "</dl>"
                )
            elif kind == "table":
                head, rows = value
                body.append(
                    "<table><thead><tr>"
                    + "".join(f"<th>{esc(str(h))}</th>" for h in head)
                    + "</tr></thead><tbody>"
                    + "".join(
                        "<tr>" + "".join(f"<td>{esc(str(c))}</td>" for c in row) + "</tr>"
                        for row in rows
                    )
                    + "</tbody></table>"
                )
            elif kind == "figure" and plotlyjs == "svg":
                from .figures.static import to_svg

                body.append(f'<div class="figure">{to_svg(value)}</div>')
            elif kind == "figure":
                figure_number += 1  # a fixed id: the same handout gives the same bytes
                body.append(
                    '<div class="figure">'
                    + value.to_html(
                        full_html=False,
                        include_plotlyjs=(plotlyjs if plotlyjs != "inline" else True)
                        if first_figure
                        else False,
                        config={"displaylogo": False},
                        div_id=f"gmk-figure-{figure_number}",
                    )
                    + "</div>"
                )
                first_figure = False
        return _PAGE.format(title=esc(self.title), body="\n".join(body))


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="gm-kit"><title>{title}</title>
<style>
:root {{ color-scheme: light dark; --fg: #1f2328; --bg: #ffffff; --muted: #6b7280; --line: #d0d5dd; --alt: #f4f6f8; }}
@media (prefers-color-scheme: dark) {{ :root {{ --fg: #e6e8eb; --bg: #141518; --muted: #9aa1ab; --line: #343840; --alt: #1d1f24; }} }}
body {{ font-family: Inter, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg); background: var(--bg);
       max-width: 960px; margin: 2rem auto; padding: 0 1rem; line-height: 1.45; }}
h1 {{ font-size: 1.6rem; margin-bottom: .3rem; }} h2 {{ font-size: 1.15rem; margin-top: 1.6rem; border-bottom: 1px solid var(--line); }}
table {{ border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; font-size: .92rem; }}
th, td {{ border-bottom: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }}
th {{ color: var(--muted); font-weight: 600; }} tr:nth-child(even) td {{ background: var(--alt); }}
dl {{ display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }} dt {{ color: var(--muted); }} dd {{ margin: 0; }}
.figure {{ margin: 1rem 0; }} footer {{ color: var(--muted); font-size: .8rem; margin-top: 2rem; }}
@media print {{
  :root {{ color-scheme: light; --fg: #000; --bg: #fff; --muted: #444; --line: #999; --alt: #f2f2f2; }}
  @page {{ margin: 15mm; }}
  body {{ max-width: none; margin: 0; font-size: 10.5pt; }}
  h2 {{ break-after: avoid; }} tr, dl, .figure {{ break-inside: avoid; }}
  .modebar-container {{ display: none !important; }} footer {{ margin-top: 1rem; }}
}}
</style></head><body>
{body}
<footer>Made with gm-kit.</footer>
</body></html>
"""


# ---------------------------------------------------------------- per kind
def _job(job: Any, player: bool, figures: bool) -> _Doc:
    rec = job.record
    doc = _Doc(f"Job Record: {rec.title}")
    result = {"success": "Success", "failure": "Failure", None: "In progress"}[rec.outcome]
    items = [
        ("Type", rec.job_type),
        ("Difficulty", rec.difficulty),
        ("Clock", rec.clock),
        ("Conditions", "; ".join(rec.conditions) or "none"),
        ("Outcome", result),
    ]
    if not player and rec.seed is not None:
        items.append(("Seed", rec.seed))
    doc.items(items)
    doc.h("Crew Workup")
    doc.table(
        ["Operative", "Gig", "Contributions", "Status"],
        [
            [
                op["name"] + (" (lead)" if op["lead"] else ""),
                op["gig"],
                ", ".join(op["contributions"]) or "-",
                "active" if op["active"] else "knocked out",
            ]
            for op in rec.crew
        ],
    )
    doc.h("Incidents")
    head = [
        "#",
        "Turn",
        "Roll",
        "Kind",
        "Incident",
        "Effects",
        "Progress",
        "Threat",
        "Heat",
        "Consequences",
        "Crew lost",
    ]
    rows = []
    for r in rec.rows:
        if player and r.kind == "gm":
            continue
        row = [
            r.index,
            r.turn,
            "-" if r.roll is None else r.roll,
            r.kind,
            r.incident,
            r.effects,
            r.progress,
            r.threat,
            r.heat,
            ", ".join(r.consequences) or "-",
            ", ".join(r.crew_lost) or "-",
        ]
        if not player:
            row.append(r.note)
        rows.append(row)
    doc.table(head + ([] if player else ["GM note"]), rows)
    # the player version of the progress figure leaves out GM rows, as the player table does
    if figures:
        from .figures.regulus import job_progress

        doc.figure(job_progress(job, audience="player" if player else "gm"))
    return doc


_ABILITIES = ("battle", "control", "handling", "information", "sensors")


def _entity(entity: Any, player: bool, sensors: int | None) -> _Doc:
    # What the players learn follows the combat engine's reading of the Sensors table
    # (kit.successors.combat.sensors.fleet_view): presence at 0, how many at 1, signature at 2,
    # a facet unmasked at 3, the name at 4, abilities at 5; Stealthed needs one success more
    # per level. Below 4 the title does not name the entity.
    level = 99 if not player else (0 if sensors is None else sensors) - entity.stealth
    if level < 0:
        doc = _Doc("Entity")
        doc.p("Nothing has been detected.")
        return doc
    doc = _Doc(f"Entity: {entity.name}" if level >= 4 else "Entity")
    items: list[tuple[str, Any]] = [("Presence", "an entity is here")]
    if not player:
        items += [("Kind", entity.kind), ("Sex", entity.sex or "-"), ("Side", entity.side or "-")]
    elif level >= 3:
        items.append(("Kind", "facet" if entity.kind == "facet" else "entity"))
    if level >= 2:
        items.append(("Signature", entity.signature))
    doc.items(items)
    if level >= 5:
        doc.h("Abilities")
        doc.table(["Ability", "Rank"], [[a.title(), str(entity.rank(a))] for a in _ABILITIES])
    else:
        doc.p("Its abilities are unknown (Sensors reveal them at 5 successes).")
    if not player:
        doc.h("Edges and Flaws")
        doc.p(entity.edges_and_flaws_text() or "none")
        for note in entity.notes:
            doc.p(note)
    return doc


def _fleet(
    fleet: Any,
    player: bool,
    sensors: int | None,
    sig_class: int | None,
    decoys_as: dict[str, str] | None,
) -> _Doc:
    owner: Any = getattr(fleet, "owner", None)
    ships = list(fleet.ships)
    if not player:
        doc = _Doc(f"Fleet roster{': ' + owner.name if owner is not None else ''}")
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
        return doc
    # The players' view is built from the rows the battle's fleet_view shows
    # (kit.successors.combat.reveal states the rule once): the owner is an entity seen at its
    # own level (Stealthed: one success more), named only at 4.
    from .successors.combat.reveal import entity_row, focus_class, ship_row

    level = 0 if sensors is None else sensors
    seen = entity_row(owner, level) if owner is not None else None
    focus = focus_class((s.sig for s in ships), sig_class)
    disguise = {k.upper(): v for k, v in (decoys_as or {}).items()}
    rows = [ship_row(s, level, focus=focus, look=disguise.get(s.name.upper())) for s in ships]
    doc = _Doc(f"Fleet: {owner.name}" if seen is not None and seen["name"] else "Fleet")
    doc.items([("Sensors successes", level)])
    doc.p(
        "A fleet is present in this orbit."
        + (" An entity is with it." if seen is not None and seen["seen"] else "")
    )
    if level >= 1:
        entities = 1 if seen is not None and seen["counted"] else 0
        counted = sum(1 for r in rows if r["seen"])
        doc.p(f"{counted} ships" + (f" and {entities} entity." if entities else "."))
    if level >= 2:
        sigs = Counter(r["sig"] for r in rows)
        if seen is not None and seen["sig"] is not None:
            sigs[seen["sig"]] += 1
        doc.table(["Signature", "Ships"], [[k, v] for k, v in sorted(sigs.items())])
    shown = Counter(r["type"] for r in rows if r["type"] is not None)
    if level >= 4:
        doc.h("Composition")
        doc.table(["Ship", "Count"], [[_shown(t), c] for t, c in sorted(shown.items())])
    elif level >= 3 and ships:
        doc.h(f"Ship types with signature {focus}")
        doc.table(["Ship", "Count"], [[_shown(t), c] for t, c in sorted(shown.items())])
    if level >= 5:
        doc.h("Abilities")
        by_name = {s.name: s for s in ships}
        table = [
            [n.title()] + [_rank(by_name[n].rank(a)) for a in _ABILITIES] for n in sorted(by_name)
        ]
        if seen is not None and seen["abilities"] is not None:
            table.append([f"{owner.name} (entity)"] + [str(owner.rank(a)) for a in _ABILITIES])
        doc.table(["Ship", "Battle", "Control", "Handling", "Information", "Sensors"], table)
    return doc


def _rank(value: int) -> str:
    from .successors.ranks import Rank

    return str(Rank(value))


def _ru(value: float) -> str:
    return f"{value:g}"


def _shown(kind: str) -> str:
    """A ship type as the players read it: title case, the decoy mark kept as written."""
    name, mark, _ = kind.partition(" (decoy)")
    return name.title() + mark


def _system(
    system: Any,
    player: bool,
    successes: int | None,
    current_orbit: int | None,
    figures: bool,
    record: Any = None,
    name: str | None = None,
) -> _Doc:
    from .successors.stars import redact

    # with the players' record, their view is the union of every scanning position's view
    players = None if record is None else record.view(system, name=name)
    if player:
        view = (
            players
            if players is not None
            else redact(system, successes or 0, current_orbit=current_orbit)
        )
        successes = view.successes
    else:
        view = redact(system, None)
    star = view.star
    doc = _Doc(f"Star system: {view.name or 'unnamed'}")
    # 0 successes: the type of star and the number of orbits; 3: the entire system, the star
    # included (the same reading as kit.figures.stars.star_system_figure)
    star_known = not player or (successes or 0) >= 3
    star_text = f"Type {star.spectral_class}"
    if star_known:
        star_text += f", {star.size}, brightness {star.brightness}" + (
            ", dust cloud" if star.dust_cloud else ""
        )
    doc.items(
        [("Star", star_text), ("Orbits", len(view.orbits))]
        + ([("Sensors successes", successes or 0)] if player or players is not None else [])
    )
    rows = []
    for i, orbit in enumerate(view.orbits, 1):
        if orbit is None:
            rows.append([i, "unknown", ""])
            continue
        text = "empty" if orbit.body is None else orbit.body.describe()
        extra = "; ".join(s.text for s in orbit.secrets)
        if orbit.installations:
            extra = (extra + "; " if extra else "") + orbit.installations
        row = [i, text, extra]
        if players is not None and not player:  # the GM's copy marks what the players lack
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
    head = ["Orbit", "Body", "Notes"] + (
        ["Players know"] if players is not None and not player else []
    )
    doc.table(head, rows)
    if figures:
        from .figures.stars import star_system_figure

        if record is not None:
            doc.figure(
                star_system_figure(
                    system, view="player" if player else "gm", knowledge=record, name=name
                )
            )
        else:
            doc.figure(star_system_figure(view))
    return doc


def _sector(
    sector: Any, player: bool, reveal: Any, route: Any, figures: bool, record: Any = None
) -> _Doc:
    doc = _Doc(f"Sector: {sector.name}")
    if record is not None:  # what the players know comes from their record alone
        index = {n: i for i, n in enumerate(sector.names)}
        known = {index[n] for n in record.known_systems() if n in index}
        flown = {
            (index[a], index[b]): status
            for (a, b), status in record.known_routes(
                locked_after=sector.rules.locked_after
            ).items()
            if a in index and b in index
        }
    else:
        known = {i for pair in sector.history for i in pair} | {
            i for g in sector.gates for i in (g.a, g.b)
        }
        known |= {sector.index(r) for r in (reveal or ())}
        flown = {}
    shown = sorted(known) if player else list(range(sector.n))
    items: list[tuple[str, Any]] = [
        ("Known systems" if player else "Systems", len(shown)),
        ("Dimensions", f"{sector.dims}D"),
    ]
    if player and record is not None:
        items.append(("Known routes", len(flown)))
    else:
        items += [
            ("Jumps recorded", sum(sector.history.values())),
            ("Hyper Gates", len(sector.gates)),
        ]
    if not player and record is not None:
        items.append(("Known to the players", f"{len(known)} systems, {len(flown)} routes"))
    doc.items(items)
    if player and not shown:
        doc.p("No system of this sector is known yet.")
    limit = 400
    rows = []
    for i in shown[:limit]:
        star = sector.star(i) if (not player or i in known) else None
        row = [
            sector.names[i],
            ", ".join(f"{c:.1f}" for c in sector.positions[i]),
            f"Type {star.spectral_class}" if star is not None else "?",
        ]
        if not player and record is not None:
            row.append("yes" if i in known else "no")
        rows.append(row)
    head = ["System", "Position (ly)", "Star"]
    doc.table(head + (["Players know"] if not player and record is not None else []), rows)
    if len(shown) > limit:
        doc.p(f"... and {len(shown) - limit} more systems.")
    if player and record is not None:
        routes = [
            [sector.names[a], sector.names[b], status] for (a, b), status in sorted(flown.items())
        ]
        if routes:
            doc.h("Known routes")
            doc.table(["From", "To", "Status"], routes)
    else:
        routes = [
            [sector.names[a], sector.names[b], n, sector.status(a, b)]
            for (a, b), n in sorted(sector.history.items())
        ]
        if routes:
            doc.h("Routes travelled")
            doc.table(["From", "To", "Jumps", "Status"], routes)
    if figures and (not player or record is not None):
        from .figures.stars import sector_map

        doc.figure(
            sector_map(
                sector,
                audience="player" if player else "gm",
                knowledge=record,
                route=None if player else route,
            )
        )
    return doc


def _notes(doc: _Doc, record: Any, about: str | None, player: bool) -> None:
    """The record's notes about ``about``: the players' own, or all of them marked for the GM."""
    if record is None or about is None:
        return
    visible = {n.number for n in record.visible_notes()}
    notes = [n for n in record.notes() if n.about == about and (not player or n.number in visible)]
    if not notes:
        return
    doc.h("Notes")
    for n in notes:
        when = f"day {n.day}: " if n.day is not None else (f"{n.date}: " if n.date else "")
        mark = "" if player else (" (players)" if n.number in visible else " (GM only)")
        doc.p(f"{when}{n.text}{mark}")


# ---------------------------------------------------------------- public
def handout(
    obj: Any,
    *,
    audience: str = "gm",
    fmt: str = "markdown",
    sensors: int | None = None,
    sig_class: int | None = None,
    decoys_as: dict[str, str] | None = None,
    current_orbit: int | None = None,
    reveal: Any = None,
    route: Any = None,
    figures: bool = True,
    knowledge: Any = None,
    name: str | None = None,
    plotlyjs: str = "svg",
) -> str:
    """A handout of ``obj`` for ``audience`` ("gm" or "player") as Markdown or a standalone HTML page.

    With ``knowledge`` (the players' record, usually ``campaign.knowledge``) the player
    version shows what the record holds and needs no sensors arguments: Sensors successes on
    an entity or fleet, the orbits of a star system as scanned from every position, a
    sector's known systems and routes (with the player map in HTML), and the notes about the
    object that the players may read. The GM version then marks what the players do not
    know and lists every note about the object.

    Args:
        obj: a regulus Job, a successors Entity or Fleet, a StarSystem or a Sector.
        audience: "gm" for everything, "player" for what the players may know.
        fmt: "markdown" or "html" (figures are included in HTML only).
        sensors: the players' Sensors successes on an entity, fleet or system (player handouts).
        sig_class: which signature class a level-3 fleet scan looked at.
        decoys_as: what decoys pretend to be below level 4 (``{"MOCKER": "CRUISER"}``).
        current_orbit: the orbit the players' scanner is in (star systems).
        reveal: names or indices of sector systems the GM reveals to players.
        route: a route to draw on a GM sector map.
        figures: embed figures in HTML handouts.
        knowledge: the players' record (:class:`~kit.successors.knowledge.Knowledge`);
            replaces sensors, current_orbit and reveal.
        name: the name the record knows the object by (default: the system's or entity's
            own name, a fleet's owner's name).
        plotlyjs: how an HTML handout draws its figures: ``"svg"`` (static pictures, a page
            of kilobytes that opens and prints anywhere offline), ``"cdn"`` (interactive
            plotly, drawn when the reader is online) or ``"inline"`` (interactive offline,
            about 4.7 MB more).

    HTML handouts carry a print stylesheet (black on white, no figure toolbars, no table row
    split across pages); :func:`save_handout` also writes PDF through Chromium.
    """
    validate.choice("audience", audience, AUDIENCES)
    record = _record(knowledge, sensors=sensors, current_orbit=current_orbit, reveal=reveal)
    validate.choice("fmt", fmt, FORMATS)
    player = audience == "player"
    if sensors is not None:
        sensors = validate.integer("sensors", sensors, 0, 99)
    if sig_class is not None:
        sig_class = validate.integer("sig_class", sig_class, 0, 1000)
    if decoys_as is not None:
        decoys_as = {
            validate.text("decoys_as key", k, max_len=80): validate.text(
                f"decoys_as[{k!r}]", v, max_len=80
            )
            for k, v in validate.mapping("decoys_as", decoys_as).items()
        }
    if current_orbit is not None:
        current_orbit = validate.integer("current_orbit", current_orbit, 1, 1000)
    if reveal is not None and not isinstance(reveal, (list, tuple, set, frozenset)):
        raise InvalidType(
            f"reveal must be a list of system names or indices, got {type(reveal).__name__}"
        )
    validate.boolean("figures", figures)
    validate.choice("plotlyjs", plotlyjs, PLOTLYJS)
    want_figures = figures and fmt == "html"
    if name is not None:
        name = validate.text("name", name, max_len=limits.MAX_NAME)
    kind = type(obj).__name__
    if kind == "Job":
        doc = _job(obj, player, want_figures)
    elif kind == "Entity":
        key = name or obj.name
        if record is not None:
            sensors = record.fleet_level(key)
        doc = _entity(obj, player, sensors)
        _notes(doc, record, key, player)
    elif kind == "Fleet":
        owner = getattr(obj, "owner", None)
        key = name or (owner.name if owner is not None else None)
        if record is not None:
            if key is None:
                raise InvalidInput(
                    "a fleet without an owner needs name= (the name the knowledge record "
                    "knows it by) to be looked up in the record"
                )
            sensors = record.fleet_level(key)
        doc = _fleet(obj, player, sensors, sig_class, decoys_as)
        _notes(doc, record, key, player)
    elif kind == "StarSystem":
        key = name or obj.name or None
        if record is not None and key is None:
            raise InvalidInput(
                "an unnamed star system needs name= (the name the knowledge record knows it "
                "by) to be looked up in the record"
            )
        doc = _system(obj, player, sensors, current_orbit, want_figures, record, name)
        _notes(doc, record, key, player)
    elif kind == "Sector":
        doc = _sector(obj, player, reveal, route, want_figures, record)
        _notes(doc, record, name or obj.name, player)
    else:
        raise InvalidType(
            f"no handout for {kind} objects; handouts cover Job, Entity, Fleet, StarSystem and Sector"
        )
    if player:
        doc.title += " (player handout)"
    return doc.markdown() if fmt == "markdown" else doc.html(plotlyjs)


def _record(knowledge: Any, **sensors_arguments: Any) -> Any:
    """The players' record, checked; refused beside the arguments it replaces."""
    if knowledge is None:
        return None
    from .successors.knowledge import Knowledge

    if not isinstance(knowledge, Knowledge):
        raise InvalidType(
            "knowledge must be a kit.successors.knowledge.Knowledge (campaign.knowledge), "
            f"got {type(knowledge).__name__}"
        )
    given = [k for k, v in sensors_arguments.items() if v is not None]
    if given:
        raise InvalidInput(
            f"give either knowledge= or {', '.join(given)}=, not both: the record already "
            "holds what the players know"
        )
    return knowledge


def save_handout(
    obj: Any, path: str | os.PathLike[str], *, audience: str = "gm", **options: Any
) -> Path:
    """Write a handout to ``path``: ``.md`` gives Markdown, ``.html`` a standalone page, ``.pdf``
    a printed page.

    PDF is printed by a Chromium or Chrome found on the machine (``chromium``,
    ``chromium-browser``, ``google-chrome``; or the path in the ``GMKIT_CHROMIUM`` environment
    variable) from the HTML handout, its figures drawn as static SVG.
    """
    from . import store

    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".md", ".html", ".htm", ".pdf"):
        raise InvalidInput(f"handout path must end in .md, .html or .pdf, got {str(target)!r}")
    if suffix == ".pdf":
        page = handout(obj, audience=audience, fmt="html", **options)
        return _print_pdf(page, target)
    fmt = "markdown" if suffix == ".md" else "html"
    return store.save(target, handout(obj, audience=audience, fmt=fmt, **options))


def find_chromium() -> str | None:
    """The path of a Chromium or Chrome to print with, or ``None`` when there is none."""
    import shutil

    given = os.environ.get("GMKIT_CHROMIUM")
    if given:
        return given if Path(given).exists() else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _print_pdf(page: str, target: Path) -> Path:
    import subprocess
    import sys
    import tempfile

    if sys.platform == "emscripten":
        raise IllegalAction("PDF handouts need a local Chromium; save .html and print it instead")
    browser = find_chromium()
    if browser is None:
        raise IllegalAction(
            "PDF handouts are printed by Chromium or Chrome and none was found (install "
            "chromium, or set GMKIT_CHROMIUM to its path); or save .html and print it"
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gmkit-print-") as tmp:
        source = Path(tmp) / "handout.html"
        source.write_text(page, encoding="utf-8")
        out = Path(tmp) / "handout.pdf"
        cmd = [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
            "--virtual-time-budget=10000",  # let plotly draw the figures first
            f"--user-data-dir={Path(tmp) / 'profile'}",
            f"--print-to-pdf={out}",
            source.as_uri(),
        ]
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
        if run.returncode != 0 or not out.exists() or out.stat().st_size == 0:
            raise IllegalAction(f"Chromium could not print the handout: {run.stderr[-400:]}")
        target.write_bytes(out.read_bytes())
    return target
