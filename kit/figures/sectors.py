"""Sector maps (plotly): the GM's map of everything and the players' map of what they know.

:func:`sector_map` draws systems coloured by class and named, jump edges, Hyper Gates and a
highlighted route with its expected days; WebGL in 2D for large sectors, or 3D. A map can be
centred on one system, showing what lies within a number of jumps of it. Given the players'
record the GM's map also marks what they do not know.

The players' map (``audience="player"``) is drawn by :mod:`kit.figures.player_map` from the
players' projection of the sector (:func:`kit.players.project_sector`) and nothing else.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go

from .. import limits, validate
from ..audience import AUDIENCES, PLAYER, Audience
from ..audience import audience as check_audience
from ..errors import InvalidInput, InvalidType
from ..players import project_sector
from .player_map import draw_known_sector, finish_map
from .star_style import (
    CLASS_COLORS,
    LABEL_LIMIT,
    ROUTE_STYLES,
    STATUS_ORDER,
    UNKNOWN_STYLES,
    edge,
)
from .theme import ACCENT, NEUTRAL, esc

if TYPE_CHECKING:
    from ..successors.knowledge import Knowledge
    from ..successors.sector import Route, Sector

__all__ = ["AUDIENCES", "UNKNOWN_STYLES", "sector_map"]


def _check_knowledge(knowledge: object, audience: Audience) -> Knowledge | None:
    from ..successors.knowledge import Knowledge

    if knowledge is None:
        if audience == PLAYER:
            raise InvalidInput(
                "audience='player' needs a knowledge record of what the players know: pass "
                "knowledge=campaign.knowledge (a kit.successors.knowledge.Knowledge)"
            )
        return None
    if not isinstance(knowledge, Knowledge):
        raise InvalidType(
            "knowledge must be a kit.successors.knowledge.Knowledge (campaign.knowledge), "
            f"got {type(knowledge).__name__}"
        )
    return knowledge


def _within(sector: Any, center: Any, within: Any) -> tuple[int | None, int, set[int] | None]:
    """The centre's index and the systems at most ``within`` jumps (edges or gates) from it."""
    if center is None:
        if within is not None:
            raise InvalidInput("within= counts jumps from a system: give center= too")
        return None, 0, None
    c = sector.index(center)
    hops = validate.integer("within", 2 if within is None else within, 0, sector.n)
    import networkx as nx

    return c, hops, set(nx.single_source_shortest_path_length(sector.graph, c, cutoff=hops))


def sector_map(
    sector: Sector,
    *,
    audience: Audience = "gm",
    knowledge: Knowledge | None = None,
    unknown: str = "dim",
    center: int | str | None = None,
    within: int | None = None,
    labels: bool | None = None,
    route: Route | None = None,
    dims: int | None = None,
    show_edges: bool = True,
    max_edges: int = 60_000,
    webgl: bool | None = None,
    selected: int | str | None = None,
    title: str | None = None,
    height: int = 600,
) -> go.Figure:
    """A map of a sector's systems, jump routes, Hyper Gates and an optional route.

    The GM's map (``audience="gm"``) draws everything. Given the players' ``knowledge``
    (:class:`~kit.successors.knowledge.Knowledge`, usually ``campaign.knowledge``) it also
    marks what they do not know: those systems dimmed, the routes the sector's history knows
    but the players do not dashed.

    The players' map (``audience="player"``, a knowledge record required) is drawn from the
    players' projection of the sector alone: the systems they know, named, and the routes they
    know between them; ``within`` counts jumps over those known routes. Nothing of a system
    they do not know is drawn, counted or indexed (see :mod:`kit.figures.player_map` for what
    ``unknown="dim"`` adds). A route or a selected system the GM shows is drawn where it lies
    among known systems.

    Args:
        sector: a :class:`kit.successors.sector.Sector`.
        audience: "gm" or "player".
        knowledge: what the players know (needed for the player map).
        unknown: "dim" or "hide": how a player map treats what the players do not know.
        center: a system (name or index) to centre the map on; with ``within``.
        within: draw only systems at most this many jumps from ``center`` (default 2).
        labels: write system names beside the markers (default: when at most 80 are named);
            names are always on hover.
        route: a :class:`~kit.successors.sector.Route` to highlight.
        dims: 2 or 3 (default: the sector's own); a 3D sector drawn in 2D shows x and y.
        show_edges: draw the jump edges (up to ``max_edges``).
        max_edges: most jump edges drawn.
        webgl: use WebGL traces in 2D (default: when the sector has over 1,000 systems).
        selected: a system (index or name) to mark.
        title: the figure title.
        height: pixels.
    """
    from ..successors.sector import Sector

    if not isinstance(sector, Sector):
        raise InvalidType(
            f"sector must be a kit.successors.sector.Sector, got {type(sector).__name__}"
        )
    audience = check_audience(audience)
    record = _check_knowledge(knowledge, audience)
    unknown = validate.choice("unknown", unknown, UNKNOWN_STYLES)
    if labels is not None:
        labels = validate.boolean("labels", labels)
    show_edges = validate.boolean("show_edges", show_edges)
    height = validate.integer("height", height, 100, 5000)
    max_edges = validate.integer("max_edges", max_edges, 0, limits.MAX_EDGES)
    dims = dims or sector.dims
    if dims not in (2, 3):
        raise InvalidInput(f"dims must be 2 or 3, got {dims!r}")
    if audience == PLAYER:
        assert record is not None  # _check_knowledge refuses a player map without one
        known = project_sector(
            sector, record, center=center, within=within, route=route, selected=selected
        )
        return draw_known_sector(
            known,
            unknown=unknown,
            labels=labels,
            dims=dims,
            show_edges=show_edges,
            webgl=webgl,
            title=title,
            height=height,
        )
    return _gm_map(
        sector,
        record,
        center=center,
        within=within,
        labels=labels,
        route=route,
        dims=dims,
        show_edges=show_edges,
        max_edges=max_edges,
        webgl=webgl,
        selected=selected,
        title=title,
        height=height,
    )


def _gm_map(
    sector: Any,
    record: Any,
    *,
    center: Any,
    within: Any,
    labels: bool | None,
    route: Any,
    dims: int,
    show_edges: bool,
    max_edges: int,
    webgl: bool | None,
    selected: Any,
    title: str | None,
    height: int,
) -> go.Figure:
    sel = None if selected is None else sector.index(selected)
    c, hops, near = _within(sector, center, within)
    three = dims == 3
    webgl = sector.n > 1000 if webgl is None else webgl
    pts = sector.positions
    z = pts[:, 2] if pts.shape[1] == 3 else [0.0] * sector.n
    Scatter = go.Scatter3d if three else (go.Scattergl if webgl else go.Scatter)
    fig = go.Figure()

    def inside(i: int) -> bool:
        return near is None or i in near

    # what the players know, as indices of this sector (to mark it for the GM)
    index = {name: i for i, name in enumerate(sector.names)}
    known: set[int] = set()
    known_routes: dict[tuple[int, int], str] = {}
    if record is not None:
        known = {index[n] for n in record.known_systems() if n in index}
        for (a, b), status in record.known_routes(locked_after=sector.rules.locked_after).items():
            if a in index and b in index:
                i, j = index[a], index[b]
                known_routes[(min(i, j), max(i, j))] = status

    def coords(idx_pairs: list[tuple[int, int]]) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {"x": [], "y": [], "z": []}
        for a, b in idx_pairs:
            for k in (a, b):
                out["x"].append(float(pts[k, 0]))
                out["y"].append(float(pts[k, 1]))
                out["z"].append(float(z[k]))
            for key in out:
                out[key].append(None)
        return out

    def line_trace(c: dict[str, list[Any]], **kw: Any) -> Any:
        if three:
            return go.Scatter3d(x=c["x"], y=c["y"], z=c["z"], mode="lines", **kw)
        return Scatter(x=c["x"], y=c["y"], mode="lines", **kw)

    def add_lines(groups: dict[str, list[tuple[int, int]]], dashed: bool = False) -> None:
        for status, pairs in groups.items():
            if not pairs:
                continue
            col, w, dash = ROUTE_STYLES[status]
            name = "Hyper Gates" if status == "gate" else f"{status} routes"
            if dashed:
                name += " (players do not know)"
            fig.add_trace(
                line_trace(
                    coords(pairs),
                    name=name,
                    hoverinfo="skip",
                    line=dict(color=col, width=w, dash="dash" if dashed else dash),
                )
            )

    g = sector.graph
    gate_pairs = {(min(gt.a, gt.b), max(gt.a, gt.b)) for gt in sector.gates}
    groups: dict[str, list[tuple[int, int]]] = {"unknown": [], "known": [], "locked": []}
    hidden: dict[str, list[tuple[int, int]]] = {"known": [], "locked": []}
    if show_edges:
        for k, (a, b, d) in enumerate(g.edges(data=True)):
            if k >= max_edges:
                break
            pair = (min(a, b), max(a, b))
            if d["gate"] or not (inside(a) and inside(b)):
                continue
            if record is None or pair in known_routes:
                status = d["status"]
                if record is not None and known_routes[pair] in ("known", "locked"):
                    status = max(status, known_routes[pair], key=STATUS_ORDER.index)
                groups[status].append(pair)
            elif d["status"] != "unknown":
                hidden[d["status"]].append(pair)
            else:
                groups["unknown"].append(pair)
    add_lines(groups)
    add_lines(hidden, dashed=True)
    gates = sorted(p for p in gate_pairs if inside(p[0]) and inside(p[1]))
    if record is None:
        add_lines({"gate": gates})
    else:
        add_lines({"gate": [p for p in gates if p in known_routes]})
        add_lines({"gate": [p for p in gates if p not in known_routes]}, dashed=True)

    classes = sector.spectral_classes()
    shown = [i for i in range(sector.n) if inside(i)]
    want_labels = len(shown) <= LABEL_LIMIT if labels is None else labels
    size = 4 if sector.n > 2000 else 8

    def add_systems(
        idx: list[int], name: str, color: str, *, dim: bool = False, **extra: Any
    ) -> None:
        hover = [
            f"{esc(sector.names[i])} (Type {classes[i]})"
            + ("<br>not known to the players" if dim else "")
            for i in idx
        ]
        kw: dict[str, Any] = dict(
            mode="markers+text" if want_labels else "markers",
            name=name,
            hovertext=hover,
            customdata=idx,
            hovertemplate="%{hovertext}<extra></extra>",
            # dimmed systems stay edgeless (faint); small dots get a hairline edge
            marker=dict(color=color, size=size, line=edge(size) if not dim else dict(width=0)),
            **extra,
        )
        if want_labels:
            kw["text"] = [esc(sector.names[i]) for i in idx]
            kw["textposition"] = "top center"
            kw["textfont"] = dict(size=10, color=NEUTRAL if dim else None)
        if dim:
            kw["opacity"] = 0.4
        if three:
            fig.add_trace(go.Scatter3d(x=pts[idx, 0], y=pts[idx, 1], z=[z[i] for i in idx], **kw))
        else:
            fig.add_trace(Scatter(x=pts[idx, 0], y=pts[idx, 1], **kw))

    first_dim = True
    for cls, col in CLASS_COLORS.items():
        idx = [i for i in shown if classes[i] == cls]
        if record is not None:
            seen = [i for i in idx if i in known]
            if seen:
                add_systems(seen, f"Type {cls}", col)
            if len(seen) < len(idx):
                add_systems(
                    [i for i in idx if i not in known],
                    "systems the players do not know",
                    col,
                    dim=True,
                    legendgroup="unknown to players",
                    showlegend=first_dim,
                )
                first_dim = False
        elif idx:
            add_systems(idx, f"Type {cls}", col)

    if route is not None and len(route.systems) > 0:
        systems = list(route.systems)
        legs = list(itertools.pairwise(systems))
        c_route = (
            coords(legs)
            if legs
            else {
                "x": [float(pts[systems[0], 0])],
                "y": [float(pts[systems[0], 1])],
                "z": [float(z[systems[0]])],
            }
        )
        name = f"route: {route.jumps} legs, {route.expected_days:.1f} expected days"
        if three:
            fig.add_trace(
                go.Scatter3d(
                    x=c_route["x"],
                    y=c_route["y"],
                    z=c_route["z"],
                    mode="lines+markers",
                    name=name,
                    line=dict(color=ACCENT, width=6),
                    marker=dict(size=4, color=ACCENT),
                )
            )
        else:
            fig.add_trace(
                Scatter(
                    x=c_route["x"],
                    y=c_route["y"],
                    mode="lines+markers",
                    name=name,
                    line=dict(color=ACCENT, width=4),
                    marker=dict(size=9, color=ACCENT),
                    hoverinfo="skip",
                )
            )
        title = (
            title
            or f"{esc(sector.name)}: {esc(sector.names[systems[0]])} -> "
            f"{esc(sector.names[systems[-1]])}, {route.jumps} legs, "
            f"{route.expected_days:.1f} expected days"
        )
    if sel is not None:
        ring = dict(size=16, color="rgba(0,0,0,0)", line=dict(width=2, color=ACCENT))
        label = esc(sector.names[sel])
        kw = dict(
            mode="markers+text",
            name=label,
            marker=ring,
            hoverinfo="skip",
            showlegend=False,
            text=[label],
            textposition="top center",
        )
        if three:
            fig.add_trace(go.Scatter3d(x=[pts[sel, 0]], y=[pts[sel, 1]], z=[z[sel]], **kw))
        else:
            fig.add_trace(go.Scatter(x=[pts[sel, 0]], y=[pts[sel, 1]], **kw))
    if title is None:
        where = "" if c is None else f" within {hops} jumps of {esc(sector.names[c])}"
        title = f"{esc(sector.name)}{where}: {sector.n} systems, {g.number_of_edges()} jump routes"
        if record is not None:
            title += f"; the players know {len(known)} systems, {len(known_routes)} routes"
    return finish_map(fig, title=title, height=height, three=three)
