"""Figures of star systems (plotly); the sector maps are in :mod:`kit.figures.sectors`.

:func:`star_system_figure` draws a top-down view: the star coloured by class, orbits as rings,
bodies sized by class and diameter, moons around them, belts as dotted rings; hovering shows
RU, biosphere and technology. The GM sees everything. A player's view is drawn from the
players' projection (:func:`kit.players.project_system`, a
:class:`~kit.players.KnownSystem`) and nothing else: unknown orbits are dashed rings with a
"?", the star's size waits for the entire system (3 successes), and a system the players do not
know (never learned, or hidden) is a blank figure that names nothing. Given the players' record
(``knowledge=``), the GM view marks the orbits and secrets they do not know.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go

from .. import validate
from ..audience import PLAYER, audience
from ..errors import InvalidInput, InvalidType
from ..players import KnownBody, KnownSystem, gm_system, project_system, system_from_view
from ..successors.stars.sensors import SystemView
from ..successors.stars.system import StarSystem
from .sectors import AUDIENCES, sector_map
from .star_style import CLASS_COLORS, FAMILY_COLORS, UNKNOWN_STYLES
from .theme import ACCENT, NEUTRAL, apply, esc

if TYPE_CHECKING:
    from ..successors.knowledge import Knowledge

__all__ = [
    "AUDIENCES",
    "CLASS_COLORS",
    "FAMILY_COLORS",
    "UNKNOWN_STYLES",
    "sector_map",
    "star_system_figure",
]

_GOLDEN = math.pi * (3 - math.sqrt(5))


def _body_size(body: KnownBody) -> float:
    if body.family == "belt":
        return 5.0
    return 7.0 + 5.0 * math.log10(max(body.diameter_km or 1000, 1000) / 1000.0) * 1.6


def _hover(
    number: int,
    body: KnownBody | None,
    installations: str | None,
    secrets: tuple[str, ...],
    untold: frozenset[str] = frozenset(),
) -> str:
    """Hover text of one orbit; every piece of table or user text is escaped."""
    if body is None:
        lines = [f"<b>Orbit {number}</b>: empty"]
    else:
        lines = [f"<b>Orbit {number}</b>: {esc(body.kind)}"]
        if body.diameter_km:
            lines.append(f"diameter {body.diameter_km:,} km")
        if body.family == "belt":
            lines.append(
                f"{esc(body.composition)}, {esc(body.density)}: {body.crust_ru} RU (crust)"
            )
        else:
            crust = "n/a" if body.crust_ru is None else body.crust_ru
            lines.append(f"crust {crust} RU, core {body.core_ru} RU")
        if body.surface_ru:
            lines.append(f"surface {body.surface_ru} RU")
        if body.biosphere:
            lines.append(f"biosphere: {esc(body.biosphere)}")
        if body.technology:
            lines.append(f"technology: {esc(body.technology)}")
        if body.moons:
            lines.append(
                f"{len(body.moons)} moon(s): "
                + ", ".join(esc(k) for k in sorted({m.kind for m in body.moons}))
            )
    if installations:
        lines.append(f"installations {esc(installations)}")
    for text in secrets:
        mark = " <i>(the players do not know)</i>" if text in untold else ""
        lines.append(f"secret: {esc(text)}{mark}")
    return "<br>".join(lines)


def _check_knowledge(knowledge: object) -> Knowledge | None:
    from ..successors.knowledge import Knowledge

    if knowledge is not None and not isinstance(knowledge, Knowledge):
        raise InvalidType(
            "knowledge must be a kit.successors.knowledge.Knowledge (campaign.knowledge), "
            f"got {type(knowledge).__name__}"
        )
    return knowledge


def star_system_figure(
    system: StarSystem | SystemView | KnownSystem,
    *,
    view: str = "gm",
    successes: int | None = None,
    current_orbit: int | None = None,
    selected: int | None = None,
    title: str | None = None,
    height: int = 520,
    knowledge: Knowledge | None = None,
    name: str | None = None,
) -> go.Figure:
    """A top-down figure of a star system.

    Args:
        system: a full system, a Sensors :class:`~kit.successors.stars.SystemView` or the
            players' :class:`~kit.players.KnownSystem`.
        view: ``"gm"`` (everything) or ``"player"`` (what the players know).
        successes: Sensors successes for a player view without a record (default 0).
        current_orbit: the scanner's orbit for a player view without a record.
        selected: an orbit number to highlight.
        title: the figure title (default: the system's name and star).
        height: pixels.
        knowledge: the players' record (:class:`~kit.successors.knowledge.Knowledge`): a
            player view shows the orbits as scanned from every position the record holds (and
            nothing of a system it does not know); a GM view marks the orbits and secrets the
            players do not know.
        name: the name the record knows the system by (default: the system's own).
    """
    view = audience(view, "view")
    record = _check_knowledge(knowledge)
    if record is not None and (successes is not None or current_orbit is not None):
        raise InvalidInput(
            "give either knowledge= or successes=/current_orbit=, not both: the record "
            "already holds the players' successes and orbits"
        )
    if record is not None and not isinstance(system, StarSystem):
        raise InvalidType(
            "with knowledge= the system must be a StarSystem (the record makes the view), "
            f"got {type(system).__name__}"
        )
    if selected is not None:
        selected = validate.integer("selected", selected, 1)
    height = validate.integer("height", height, 100, 5000)
    unseen: set[int] = set()
    untold: dict[int, frozenset[str]] = {}
    known: KnownSystem | None
    if isinstance(system, KnownSystem):
        known = system
    elif isinstance(system, SystemView):
        known = system_from_view(system)
    elif not isinstance(system, StarSystem):
        raise InvalidType(
            f"system must be a StarSystem, SystemView or KnownSystem, got {type(system).__name__}"
        )
    elif view == PLAYER:
        known = project_system(
            system, record, name=name, successes=successes, current_orbit=current_orbit
        )
    else:
        known = gm_system(system)
        if record is not None:  # the GM's copy marks what the players do not know
            players = record.view(system, name=name)
            for i, (full, seen) in enumerate(zip(system.orbits, players.orbits), 1):
                if seen is None:
                    unseen.add(i)
                told = {x.text for x in seen.secrets} if seen is not None else set()
                untold[i] = frozenset(x.text for x in full.secrets) - told
    if known is None:
        return _unknown(title, height)
    return _draw(known, selected=selected, title=title, height=height, unseen=unseen, untold=untold)


def _unknown(title: str | None, height: int) -> go.Figure:
    """The figure of a system the players do not know: nothing of it at all."""
    fig = go.Figure()
    fig.update_layout(
        title=title or "An unknown system (player view)",
        xaxis=dict(visible=False, range=[-1, 1]),
        yaxis=dict(visible=False, range=[-1, 1], scaleanchor="x", scaleratio=1),
        height=height,
    )
    return apply(fig)


def _draw(
    v: KnownSystem,
    *,
    selected: int | None,
    title: str | None,
    height: int,
    unseen: set[int],
    untold: dict[int, frozenset[str]],
) -> go.Figure:
    """Draw ``v`` (the players' projection, or the GM's full view) and nothing else."""
    if selected is not None and selected > max(1, len(v.orbits)):
        raise InvalidInput(f"selected must be an orbit from 1 to {max(1, len(v.orbits))}")
    star = v.star
    # At 0 successes the text gives the type of star and the number of orbits, nothing more,
    # and 1 or 2 successes add only orbits; 3 give "the entire system", the star included.
    # Below that a player's figure draws every star the same size and says only its type, in
    # the title, the hover and the figure's data alike.
    star_hover = (
        f"<b>Type {star.spectral_class}</b> {esc(star.size)}<br>brightness "
        f"{esc(star.brightness)}" + ("<br>dust cloud" if star.dust_cloud else "")
        if star.full
        else f"<b>Type {star.spectral_class}</b>"
    )
    fig = go.Figure()
    n = len(v.orbits)
    ring_t = [2 * math.pi * k / 120 for k in range(121)]
    for i, orbit in enumerate(v.orbits, 1):
        r = float(i)
        belt = orbit is not None and orbit.body is not None and orbit.body.family == "belt"
        dash = (
            "dash"
            if orbit is None
            else ("longdash" if i in unseen else ("dot" if belt else "solid"))
        )
        fig.add_trace(
            go.Scatter(
                x=[r * math.cos(t) for t in ring_t],
                y=[r * math.sin(t) for t in ring_t],
                mode="lines",
                hoverinfo="skip",
                showlegend=False,
                line=dict(
                    color=ACCENT if i == selected else NEUTRAL,
                    width=2.5 if i == selected else (1.5 if belt else 1),
                    dash=dash,
                ),
            )
        )
    fig.add_trace(
        go.Scatter(
            x=[0],
            y=[0],
            mode="markers",
            name=f"Type {star.spectral_class}",
            marker=dict(
                size=30 if star.full and star.size in ("Supergiant", "Giant") else 22,
                color=CLASS_COLORS[star.spectral_class],
                line=dict(width=2, color=NEUTRAL),
            ),
            hovertemplate=star_hover + "<extra></extra>",
            showlegend=False,
        )
    )
    by_family: dict[str, dict[str, list[Any]]] = {}
    unknown: dict[str, list[Any]] = {"x": [], "y": [], "text": []}
    moons: dict[str, list[Any]] = {"x": [], "y": [], "text": []}
    for i, orbit in enumerate(v.orbits, 1):
        a = i * _GOLDEN * 2.3 + 0.6
        x, y = i * math.cos(a), i * math.sin(a)
        if orbit is None:
            unknown["x"].append(x)
            unknown["y"].append(y)
            unknown["text"].append(f"Orbit {i}: unknown")
            continue
        body = orbit.body
        fam = body.family if body else "empty"
        if body is None and not orbit.installations and not orbit.secrets:
            continue
        d = by_family.setdefault(fam, {"x": [], "y": [], "size": [], "text": [], "orbit": []})
        d["x"].append(x)
        d["y"].append(y)
        d["size"].append(_body_size(body) if body else 6)
        d["text"].append(
            _hover(i, body, orbit.installations, orbit.secrets, untold.get(i, frozenset()))
            + ("<br><i>the players do not know this orbit</i>" if i in unseen else "")
        )
        d["orbit"].append(i)
        if body is not None:
            for k, m in enumerate(body.moons):
                ma = 2 * math.pi * k / max(1, len(body.moons))
                rr = 0.42 + 0.05 * (k % 2)
                moons["x"].append(x + rr * math.cos(ma))
                moons["y"].append(y + rr * math.sin(ma))
                moons["text"].append(
                    f"Moon {k + 1} of orbit {i}: {esc(m.kind)}<br>"
                    f"crust {m.crust_ru} RU, core {m.core_ru} RU"
                    + (f"<br>{esc(m.biosphere)}" if m.biosphere else "")
                )
    for fam, d in by_family.items():
        fig.add_trace(
            go.Scatter(
                x=d["x"],
                y=d["y"],
                mode="markers",
                name=fam.title() if fam != "belt" else "Belt",
                customdata=d["orbit"],
                text=d["text"],
                hovertemplate="%{text}<extra></extra>",
                marker=dict(
                    size=d["size"],
                    color=FAMILY_COLORS.get(fam, NEUTRAL),
                    symbol="diamond" if fam == "belt" else ("x" if fam == "empty" else "circle"),
                    line=dict(width=1, color="rgba(128,128,128,0.8)"),
                ),
            )
        )
    if moons["x"]:
        fig.add_trace(
            go.Scatter(
                x=moons["x"],
                y=moons["y"],
                mode="markers",
                name="Moons",
                text=moons["text"],
                hovertemplate="%{text}<extra></extra>",
                marker=dict(size=4, color=NEUTRAL),
            )
        )
    if unknown["x"]:
        fig.add_trace(
            go.Scatter(
                x=unknown["x"],
                y=unknown["y"],
                mode="text",
                text=["?"] * len(unknown["x"]),
                name="Unknown",
                hovertext=unknown["text"],
                hoverinfo="text",
                textfont=dict(size=16, color=NEUTRAL),
            )
        )
    lim = max(n, 1) + 0.8
    who = "GM view" if v.is_full else f"player view, {v.successes} Sensors successes"
    size = f" {esc(star.size)}" if star.full else ""
    fig.update_layout(
        title=title
        or f"{esc(v.name or 'System')}: Type {star.spectral_class}{size}, {n} orbits ({who})",
        xaxis=dict(visible=False, range=[-lim, lim]),
        yaxis=dict(visible=False, range=[-lim, lim], scaleanchor="x", scaleratio=1),
        height=height,
        legend=dict(orientation="h", y=-0.02),
        hovermode="closest",
    )
    return apply(fig)
