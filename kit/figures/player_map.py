"""The players' sector map, drawn from the players' projection of a sector and nothing else.

:func:`draw_known_sector` takes a :class:`~kit.players.KnownSector` (the systems the players
know, the routes they know between them, a GM's route and mark where they lie among those): it
never sees the sector itself, so it cannot draw, count or index a system the players do not
know, nor measure a distance through one.

**What ``unknown="dim"`` shows.** Any grey dot for a system the players do not know would tell
how many such systems there are and where (a GM secret), so neither style draws them. ``"dim"``
draws instead what the players can honestly work out themselves: a faint ring of one jump range
(the travel rules' ``max_range``) around each known system in a 2D map, the space within one
jump of where they have been; ``"hide"`` draws the known systems and routes alone. A 3D map draws
no rings (spheres would hide the systems), so there the two styles are the same.
"""

from __future__ import annotations

import math
from typing import Any

import plotly.graph_objects as go

from ..players import KnownSector
from .star_style import CLASS_COLORS, DIM, LABEL_LIMIT, ROUTE_STYLES, edge
from .theme import ACCENT, apply, esc

__all__ = ["draw_known_sector", "finish_map"]


def draw_known_sector(
    known: KnownSector,
    *,
    unknown: str = "dim",
    labels: bool | None = None,
    dims: int | None = None,
    show_edges: bool = True,
    webgl: bool | None = None,
    title: str | None = None,
    height: int = 600,
) -> go.Figure:
    """The players' map of ``known`` (see the module for ``unknown``)."""
    three = (dims or known.dims) == 3
    places = {p.name: p for p in known.systems}
    webgl = len(places) > 1000 if webgl is None else webgl
    Scatter = go.Scatter3d if three else (go.Scattergl if webgl else go.Scatter)
    fig = go.Figure()

    def xyz(name: str) -> tuple[float, float, float]:
        p = places[name].position
        return p[0], p[1], p[2] if len(p) == 3 else 0.0

    def lines(pairs: list[tuple[str, str]]) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {"x": [], "y": [], "z": []}
        for a, b in pairs:
            for n in (a, b):
                x, y, z = xyz(n)
                out["x"].append(x)
                out["y"].append(y)
                out["z"].append(z)
            for k in out:
                out[k].append(None)
        return out

    def add(c: dict[str, list[Any]], **kw: Any) -> None:
        if three:
            fig.add_trace(go.Scatter3d(x=c["x"], y=c["y"], z=c["z"], **kw))
        else:
            fig.add_trace(Scatter(x=c["x"], y=c["y"], **kw))

    if unknown == "dim" and not three and places:
        ring = [2 * math.pi * k / 48 for k in range(49)]
        r = known.max_range
        halo: dict[str, list[Any]] = {"x": [], "y": [], "z": []}
        for name in places:
            x, y, _ = xyz(name)
            halo["x"] += [x + r * math.cos(t) for t in ring] + [None]
            halo["y"] += [y + r * math.sin(t) for t in ring] + [None]
        add(
            halo,
            mode="lines",
            name="within one jump",
            hoverinfo="skip",
            line=dict(color=DIM, width=1, dash="dot"),
        )
    groups: dict[str, list[tuple[str, str]]] = {"known": [], "locked": [], "gate": []}
    for route in known.routes:
        if show_edges or route.status == "gate":
            groups[route.status].append((route.a, route.b))
    for status, pairs in groups.items():
        if pairs:
            col, w, dash = ROUTE_STYLES[status]
            add(
                lines(pairs),
                mode="lines",
                name="Hyper Gates" if status == "gate" else f"{status} routes",
                hoverinfo="skip",
                line=dict(color=col, width=w, dash=dash),
            )
    want_labels = len(places) <= LABEL_LIMIT if labels is None else labels
    size = 4 if len(places) > 2000 else 8
    for cls, col in CLASS_COLORS.items():
        names = [p.name for p in known.systems if p.spectral_class == cls]
        if not names:
            continue
        c: dict[str, list[Any]] = {"x": [], "y": [], "z": []}
        for n in names:
            for k, v in zip("xyz", xyz(n)):
                c[k].append(v)
        kw: dict[str, Any] = dict(
            mode="markers+text" if want_labels else "markers",
            name=f"Type {cls}",
            hovertext=[f"{esc(n)} (Type {cls})" for n in names],
            hovertemplate="%{hovertext}<extra></extra>",
            marker=dict(color=col, size=size, line=edge(size)),
        )
        if want_labels:
            kw |= dict(
                text=[esc(n) for n in names], textposition="top center", textfont=dict(size=10)
            )
        add(c, **kw)

    def label(name: str | None) -> str:
        return esc(name) if name is not None else "an unknown system"

    if known.route_ends is not None:
        legs = list(known.route)
        add(
            lines(legs),
            mode="lines+markers",
            name="route (the legs the players know)",
            line=dict(color=ACCENT, width=6 if three else 4),
            marker=dict(size=4 if three else 9, color=ACCENT),
            hoverinfo="skip",
        )
        first, last = known.route_ends
        title = title or f"{esc(known.name)}: {label(first)} -> {label(last)} (player view)"
    if known.selected is not None:
        x, y, z = xyz(known.selected)
        add(
            {"x": [x], "y": [y], "z": [z]},
            mode="markers+text",
            name=label(known.selected),
            marker=dict(size=16, color="rgba(0,0,0,0)", line=dict(width=2, color=ACCENT)),
            hoverinfo="skip",
            showlegend=False,
            text=[label(known.selected)],
            textposition="top center",
        )
    if title is None:
        where = (
            "" if known.within is None else f" within {known.within} jumps of {label(known.center)}"
        )
        title = (
            f"{esc(known.name)}{where}: {len(places)} known systems, "
            f"{len(known.routes)} known routes (player view)"
        )
    return finish_map(fig, title=title, height=height, three=three)


def finish_map(fig: go.Figure, *, title: str, height: int, three: bool) -> go.Figure:
    """Frame a sector map, the GM's or the players': title, light-year axes at one scale
    (a 3D scene keeps the data's proportions), the kit's theme."""
    fig.update_layout(
        title=title, height=height, hovermode="closest", legend=dict(itemsizing="constant")
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
