"""Figures of star systems and sectors (plotly).

* :func:`star_system_figure` - a top-down view: the star coloured by class, orbits as rings,
  bodies sized by class and diameter, moons around them, belts as dotted rings; hovering
  shows RU, biosphere and technology. The GM sees everything; a player's view (from
  :func:`kit.successors.stars.redact`) draws unknown orbits as dashed rings with a "?".
* :func:`sector_map` - systems coloured by class, jump edges, Hyper Gates and a highlighted
  route with its expected days; WebGL in 2D for large sectors, or 3D.
"""

from __future__ import annotations

import math
from typing import Any

import plotly.graph_objects as go

from .. import limits, validate
from ..errors import InvalidInput, InvalidType
from ..successors.stars.sensors import SystemView, redact
from ..successors.stars.system import Body, StarSystem
from .theme import ACCENT, NEUTRAL, apply, esc

__all__ = ["CLASS_COLORS", "FAMILY_COLORS", "sector_map", "star_system_figure"]

#: Star colours by spectral class: mid-tones that read on light and dark pages.
CLASS_COLORS = {
    "O": "#4a5fd8",
    "B": "#4e8fd6",
    "A": "#8fa6c9",
    "F": "#c9b04a",
    "G": "#e0a82e",
    "K": "#e0823d",
    "M": "#d4566b",
    "D": "#9a9fab",
}
#: Body colours by family.
FAMILY_COLORS = {
    "planetoid": "#a5775a",
    "planet": "#3aa676",
    "gas giant": "#9a72d0",
    "belt": "#8a919c",
}
_GOLDEN = math.pi * (3 - math.sqrt(5))


def _body_size(body: Body) -> float:
    if body.family == "belt":
        return 5.0
    return 7.0 + 5.0 * math.log10(max(body.diameter_km or 1000, 1000) / 1000.0) * 1.6


def _hover(number: int, body: Body | None, installations: str | None, secrets: Any) -> str:
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
    for s in secrets or ():
        lines.append(f"secret: {esc(s.text)}")
    return "<br>".join(lines)


def star_system_figure(
    system: StarSystem | SystemView,
    *,
    view: str = "gm",
    successes: int | None = None,
    current_orbit: int | None = None,
    selected: int | None = None,
    title: str | None = None,
    height: int = 520,
) -> go.Figure:
    """A top-down figure of a star system.

    Args:
        system: a full system or a :class:`~kit.successors.stars.SystemView`.
        view: ``"gm"`` (everything) or ``"player"`` (what ``successes`` reveal).
        successes: Sensors successes for the player view (default 0).
        current_orbit: the scanner's orbit for the player view.
        selected: an orbit number to highlight.
        title: the figure title (default: the system's name and star).
        height: pixels.
    """
    if isinstance(system, StarSystem):
        v = (
            redact(system, None)
            if view == "gm"
            else redact(system, successes or 0, current_orbit=current_orbit)
        )
    elif isinstance(system, SystemView):
        v = system
    else:
        raise InvalidType(f"system must be a StarSystem or SystemView, got {type(system).__name__}")
    if view not in ("gm", "player"):
        raise InvalidInput(f"view must be 'gm' or 'player', got {view!r}")
    if selected is not None:
        selected = validate.integer("selected", selected, 1, max(1, len(v.orbits)))
    height = validate.integer("height", height, 100, 5000)
    star = v.star
    # At 0 successes the text gives the type of star and the number of orbits, nothing more,
    # and 1 or 2 successes add only orbits; 3 give "the entire system", the star included.
    # Below that a player's figure draws every star the same size and says only its type, in
    # the title, the hover and the figure's data alike.
    full = v.is_full or (v.successes or 0) >= 3
    star_hover = (
        f"<b>Type {star.spectral_class}</b> {esc(star.size)}<br>brightness "
        f"{esc(star.brightness)}" + ("<br>dust cloud" if star.dust_cloud else "")
        if full
        else f"<b>Type {star.spectral_class}</b>"
    )
    fig = go.Figure()
    n = len(v.orbits)
    ring_t = [2 * math.pi * k / 120 for k in range(121)]
    for i, orbit in enumerate(v.orbits, 1):
        r = float(i)
        known = orbit is not None
        belt = orbit is not None and orbit.body is not None and orbit.body.family == "belt"
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
                    dash="dash" if not known else ("dot" if belt else "solid"),
                ),
            )
        )
    # the star
    fig.add_trace(
        go.Scatter(
            x=[0],
            y=[0],
            mode="markers",
            name=f"Type {star.spectral_class}",
            marker=dict(
                size=30 if full and star.size in ("Supergiant", "Giant") else 22,
                color=CLASS_COLORS[star.spectral_class],
                line=dict(width=2, color=NEUTRAL),
            ),
            hovertemplate=star_hover + "<extra></extra>",
            showlegend=False,
        )
    )
    by_family: dict[str, dict[str, list]] = {}
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
        d["text"].append(_hover(i, body, orbit.installations, orbit.secrets))
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
    who = "GM view" if full else f"player view, {v.successes} Sensors successes"
    size = f" {esc(star.size)}" if full else ""
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


def sector_map(
    sector: Any,
    *,
    route: Any = None,
    dims: int | None = None,
    show_edges: bool = True,
    max_edges: int = 60_000,
    webgl: bool | None = None,
    selected: int | None = None,
    title: str | None = None,
    height: int = 600,
) -> go.Figure:
    """A map of a sector's systems, jump edges, Hyper Gates and an optional route.

    Args:
        sector: a :class:`kit.successors.sector.Sector`.
        route: a :class:`~kit.successors.sector.Route` to highlight.
        dims: 2 or 3 (default: the sector's own); a 3D sector drawn in 2D shows x and y.
        show_edges: draw the jump edges (up to ``max_edges``).
        webgl: use WebGL traces in 2D (default: when the sector has over 1,000 systems).
        selected: a system index to mark.
        title: the figure title.
        height: pixels.
    """
    from ..successors.sector import Sector

    if not isinstance(sector, Sector):
        raise InvalidType(
            f"sector must be a kit.successors.sector.Sector, got {type(sector).__name__}"
        )
    height = validate.integer("height", height, 100, 5000)
    max_edges = validate.integer("max_edges", max_edges, 0, limits.MAX_EDGES)
    dims = dims or sector.dims
    if dims not in (2, 3):
        raise InvalidInput(f"dims must be 2 or 3, got {dims!r}")
    three = dims == 3
    webgl = sector.n > 1000 if webgl is None else webgl
    pts = sector.positions
    z = pts[:, 2] if pts.shape[1] == 3 else [0.0] * sector.n
    Scatter = go.Scatter3d if three else (go.Scattergl if webgl else go.Scatter)
    fig = go.Figure()

    def coords(idx_pairs: list[tuple[int, int]]) -> dict[str, list]:
        out: dict[str, list] = {"x": [], "y": [], "z": []}
        for a, b in idx_pairs:
            for k in (a, b):
                out["x"].append(float(pts[k, 0]))
                out["y"].append(float(pts[k, 1]))
                out["z"].append(float(z[k]))
            for key in out:
                out[key].append(None)
        return out

    def line_trace(c: dict[str, list], **kw: Any) -> Any:
        if three:
            return go.Scatter3d(x=c["x"], y=c["y"], z=c["z"], mode="lines", **kw)
        return Scatter(x=c["x"], y=c["y"], mode="lines", **kw)

    g = sector.graph
    if show_edges:
        groups: dict[str, list] = {"unknown": [], "known": [], "locked": []}
        for k, (a, b, d) in enumerate(g.edges(data=True)):
            if k >= max_edges:
                break
            if not d["gate"]:
                groups[d["status"]].append((a, b))
        styles = {
            "unknown": ("rgba(128,128,128,0.28)", 1),
            "known": ("#4e8fd6", 1.6),
            "locked": ("#3aa676", 2.4),
        }
        for status, pairs in groups.items():
            if pairs:
                col, w = styles[status]
                fig.add_trace(
                    line_trace(
                        coords(pairs),
                        name=f"{status} routes",
                        hoverinfo="skip",
                        line=dict(color=col, width=w),
                    )
                )
    gates = [(gt.a, gt.b) for gt in sector.gates]
    if gates:
        fig.add_trace(
            line_trace(
                coords(gates),
                name="Hyper Gates",
                hoverinfo="skip",
                line=dict(color="#9a72d0", width=3, dash="dash"),
            )
        )
    classes = sector.spectral_classes()
    for cls, col in CLASS_COLORS.items():
        idx = [i for i, c in enumerate(classes) if c == cls]
        if not idx:
            continue
        text = [f"{esc(sector.names[i])} (Type {cls})" for i in idx]
        kw: dict[str, Any] = dict(
            mode="markers",
            name=f"Type {cls}",
            text=text,
            customdata=idx,
            hovertemplate="%{text}<extra></extra>",
            marker=dict(color=col, size=4 if sector.n > 2000 else 8, line=dict(width=0)),
        )
        if three:
            fig.add_trace(go.Scatter3d(x=pts[idx, 0], y=pts[idx, 1], z=[z[i] for i in idx], **kw))
        else:
            fig.add_trace(Scatter(x=pts[idx, 0], y=pts[idx, 1], **kw))
    if route is not None and len(route.systems) > 0:
        c = (
            coords(list(zip(route.systems, route.systems[1:])))
            if route.jumps
            else {
                "x": [float(pts[route.systems[0], 0])],
                "y": [float(pts[route.systems[0], 1])],
                "z": [float(z[route.systems[0]])],
            }
        )
        label = f"route: {route.jumps} legs, {route.expected_days:.1f} expected days"
        if three:
            fig.add_trace(
                go.Scatter3d(
                    x=c["x"],
                    y=c["y"],
                    z=c["z"],
                    mode="lines+markers",
                    name=label,
                    line=dict(color=ACCENT, width=6),
                    marker=dict(size=4, color=ACCENT),
                )
            )
        else:
            fig.add_trace(
                Scatter(
                    x=c["x"],
                    y=c["y"],
                    mode="lines+markers",
                    name=label,
                    line=dict(color=ACCENT, width=4),
                    marker=dict(size=9, color=ACCENT),
                    hoverinfo="skip",
                )
            )
        title = (
            title
            or f"{esc(sector.name)}: {' -> '.join(esc(x) for x in route.names[:1] + route.names[-1:])}, "
            f"{route.jumps} legs, {route.expected_days:.1f} expected days"
        )
    if selected is not None:
        s = sector.index(selected)
        kw = dict(
            mode="markers+text",
            text=[esc(sector.names[s])],
            textposition="top center",
            name=esc(sector.names[s]),
            marker=dict(size=16, color="rgba(0,0,0,0)", line=dict(width=2, color=ACCENT)),
            hoverinfo="skip",
            showlegend=False,
        )
        if three:
            fig.add_trace(go.Scatter3d(x=[pts[s, 0]], y=[pts[s, 1]], z=[z[s]], **kw))
        else:
            fig.add_trace(go.Scatter(x=[pts[s, 0]], y=[pts[s, 1]], **kw))
    fig.update_layout(
        title=title or f"{esc(sector.name)}: {sector.n} systems, {g.number_of_edges()} jump routes",
        height=height,
        hovermode="closest",
        legend=dict(itemsizing="constant"),
    )
    if three:
        fig.update_layout(
            scene=dict(
                xaxis_title="x (ly)", yaxis_title="y (ly)", zaxis_title="z (ly)", aspectmode="data"
            )
        )
    else:
        fig.update_xaxes(title="x (ly)", constrain="domain")
        fig.update_yaxes(title="y (ly)", scaleanchor="x", scaleratio=1)
    return apply(fig)
