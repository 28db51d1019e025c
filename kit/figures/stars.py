"""Figures of star systems and sectors (plotly).

* :func:`star_system_figure` - a top-down view: the star coloured by class, orbits as rings,
  bodies sized by class and diameter, moons around them, belts as dotted rings; hovering
  shows RU, biosphere and technology. The GM sees everything; a player's view (from
  :func:`kit.successors.stars.redact`) draws unknown orbits as dashed rings with a "?".
  Given the players' record (``knowledge=``) the player view shows the orbits as scanned
  from every position the record holds, and the GM view marks the orbits they do not know.
* :func:`sector_map` - systems coloured by class and named, jump edges, Hyper Gates and a
  highlighted route with its expected days; WebGL in 2D for large sectors, or 3D. A player
  map (``audience="player"``) draws from the players' record only: known systems named,
  unknown ones grey and anonymous (or left out), only the routes they know. A map can be
  centred on one system, showing what lies within a number of jumps of it.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import plotly.graph_objects as go

from .. import limits, validate
from ..errors import InvalidInput, InvalidType
from ..successors.stars.sensors import SystemView, redact
from ..successors.stars.system import Body, StarSystem
from .theme import ACCENT, NEUTRAL, apply, esc

__all__ = [
    "AUDIENCES",
    "CLASS_COLORS",
    "FAMILY_COLORS",
    "UNKNOWN_STYLES",
    "sector_map",
    "star_system_figure",
]

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


def _hover(
    number: int,
    body: Body | None,
    installations: str | None,
    secrets: Any,
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
    for s in secrets or ():
        mark = " <i>(the players do not know)</i>" if s.text in untold else ""
        lines.append(f"secret: {esc(s.text)}{mark}")
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
    knowledge: Any = None,
    name: str | None = None,
) -> go.Figure:
    """A top-down figure of a star system.

    Args:
        system: a full system or a :class:`~kit.successors.stars.SystemView`.
        view: ``"gm"`` (everything) or ``"player"`` (what the players know).
        successes: Sensors successes for a player view without a record (default 0).
        current_orbit: the scanner's orbit for a player view without a record.
        selected: an orbit number to highlight.
        title: the figure title (default: the system's name and star).
        height: pixels.
        knowledge: the players' record (:class:`~kit.successors.knowledge.Knowledge`): a
            player view shows the orbits as scanned from every position the record holds;
            a GM view marks the orbits the players do not know (long dashes, and a line in
            the hover text).
        name: the name the record knows the system by (default: the system's own).
    """
    if view not in ("gm", "player"):
        raise InvalidInput(f"view must be 'gm' or 'player', got {view!r}")
    record = _check_knowledge(knowledge, "gm")
    players: SystemView | None = None
    if record is not None:
        if not isinstance(system, StarSystem):
            raise InvalidType(
                "with knowledge= the system must be a StarSystem (the record makes the view), "
                f"got {type(system).__name__}"
            )
        if successes is not None or current_orbit is not None:
            raise InvalidInput(
                "give either knowledge= or successes=/current_orbit=, not both: the record "
                "already holds the players' successes and orbits"
            )
        players = record.view(system, name=name)
    if isinstance(system, StarSystem):
        if view == "gm":
            v = redact(system, None)
        elif players is not None:
            v = players
        else:
            v = redact(system, successes or 0, current_orbit=current_orbit)
    elif isinstance(system, SystemView):
        v = system
    else:
        raise InvalidType(f"system must be a StarSystem or SystemView, got {type(system).__name__}")

    def untold_secrets(number: int) -> frozenset[str]:
        """In a GM view with a record: the secrets of an orbit the players do not know."""
        if players is None or view == "player":
            return frozenset()
        full, seen = v.orbits[number - 1], players.orbits[number - 1]
        return frozenset(x.text for x in (full.secrets if full is not None else ())) - frozenset(
            x.text for x in (seen.secrets if seen is not None else ())
        )

    # in a GM view with a record: the orbits the players do not know yet
    unseen = (
        set()
        if players is None or view == "player"
        else {i for i, o in enumerate(players.orbits, 1) if o is None}
    )
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
                    dash="dash"
                    if not known
                    else ("longdash" if i in unseen else ("dot" if belt else "solid")),
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
        d["text"].append(
            _hover(i, body, orbit.installations, orbit.secrets, untold_secrets(i))
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


STATUS_ORDER = ("unknown", "known", "locked")
#: Who a figure is for.
AUDIENCES = ("gm", "player")
#: How a player map draws the systems the players do not know.
UNKNOWN_STYLES = ("dim", "hide")
#: Above this many named systems, names show on hover only (``labels=None``).
LABEL_LIMIT = 80
_DIM = "rgba(128,128,128,0.35)"
_ROUTE_STYLES = {
    "unknown": ("rgba(128,128,128,0.28)", 1.0, "solid"),
    "known": ("#4e8fd6", 1.6, "solid"),
    "locked": ("#3aa676", 2.4, "solid"),
    "gate": ("#9a72d0", 3.0, "dash"),
}


def _check_knowledge(knowledge: Any, audience: str) -> Any:
    from ..successors.knowledge import Knowledge

    if knowledge is None:
        if audience == "player":
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
    sector: Any,
    *,
    audience: str = "gm",
    knowledge: Any = None,
    unknown: str = "dim",
    center: int | str | None = None,
    within: int | None = None,
    labels: bool | None = None,
    route: Any = None,
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

    The players' map (``audience="player"``, a knowledge record required) draws only the
    routes the record holds; systems the players do not know are grey dots without a name,
    class, index or hover text (``unknown="dim"``) or left out (``unknown="hide"``). Neither
    the picture nor the figure's data holds anything the record does not.

    Args:
        sector: a :class:`kit.successors.sector.Sector`.
        audience: "gm" or "player".
        knowledge: what the players know (needed for the player map).
        unknown: "dim" or "hide": how a player map draws systems the players do not know.
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
    audience = validate.choice("audience", audience, AUDIENCES)
    player = audience == "player"
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

    # what the players know, as indices of this sector
    index = {name: i for i, name in enumerate(sector.names)}
    known: set[int] = set()
    known_routes: dict[tuple[int, int], str] = {}
    if record is not None:
        known = {index[n] for n in record.known_systems() if n in index}
        for (a, b), status in record.known_routes(locked_after=sector.rules.locked_after).items():
            if a in index and b in index:
                i, j = index[a], index[b]
                known_routes[(min(i, j), max(i, j))] = status

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

    def add_lines(groups: dict[str, list[tuple[int, int]]], dashed: bool = False) -> None:
        for status, pairs in groups.items():
            if not pairs:
                continue
            col, w, dash = _ROUTE_STYLES[status]
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
    if player:
        groups: dict[str, list[tuple[int, int]]] = {"known": [], "locked": [], "gate": []}
        for (a, b), status in known_routes.items():
            if inside(a) and inside(b) and (show_edges or (a, b) in gate_pairs):
                groups["gate" if (a, b) in gate_pairs else status].append((a, b))
        add_lines(groups)
    else:
        groups = {"unknown": [], "known": [], "locked": []}
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
    named = [i for i in shown if not player or i in known]
    want_labels = len(named) <= LABEL_LIMIT if labels is None else labels
    size = 4 if sector.n > 2000 else 8

    def add_systems(idx: list[int], name: str, color: str, *, dim: bool = False, **extra: Any):
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
            marker=dict(color=color, size=size, line=dict(width=0)),
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
            if not player and len(seen) < len(idx):
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
    if player and unknown == "dim":
        # grey dots, one trace for all classes: no name, class, index or hover of any of them
        idx = [i for i in shown if i not in known]
        if idx:
            kw: dict[str, Any] = dict(
                mode="markers",
                name="unknown systems",
                hoverinfo="skip",
                marker=dict(color=_DIM, size=max(3, size - 3), line=dict(width=0)),
            )
            if three:
                fig.add_trace(
                    go.Scatter3d(x=pts[idx, 0], y=pts[idx, 1], z=[z[i] for i in idx], **kw)
                )
            else:
                fig.add_trace(Scatter(x=pts[idx, 0], y=pts[idx, 1], **kw))

    def label(i: int) -> str:
        return esc(sector.names[i]) if not player or i in known else "an unknown system"

    if route is not None and len(route.systems) > 0:
        systems = list(route.systems)
        legs = list(itertools.pairwise(systems))
        if player:  # a player map draws only the legs between systems the players know
            legs = [(a, b) for a, b in legs if a in known and b in known]
        c_route = (
            coords(legs)
            if legs
            else {
                "x": [float(pts[systems[0], 0])],
                "y": [float(pts[systems[0], 1])],
                "z": [float(z[systems[0]])],
            }
        )
        if not legs and player and systems[0] not in known:
            c_route = {"x": [], "y": [], "z": []}
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
            or f"{esc(sector.name)}: {label(systems[0])} -> {label(systems[-1])}, "
            f"{route.jumps} legs, {route.expected_days:.1f} expected days"
        )
    if sel is not None and (not player or sel in known or unknown == "dim"):
        ring = dict(size=16, color="rgba(0,0,0,0)", line=dict(width=2, color=ACCENT))
        kw = dict(
            mode="markers+text" if not player or sel in known else "markers",
            name=label(sel),
            marker=ring,
            hoverinfo="skip",
            showlegend=False,
        )
        if not player or sel in known:
            kw |= dict(text=[label(sel)], textposition="top center")
        if three:
            fig.add_trace(go.Scatter3d(x=[pts[sel, 0]], y=[pts[sel, 1]], z=[z[sel]], **kw))
        else:
            fig.add_trace(go.Scatter(x=[pts[sel, 0]], y=[pts[sel, 1]], **kw))
    if title is None:
        where = "" if c is None else f" within {hops} jumps of {label(c)}"
        if player:
            title = (
                f"{esc(sector.name)}{where}: {len(known)} known systems, "
                f"{len(known_routes)} known routes (player view)"
            )
        elif record is not None:
            title = (
                f"{esc(sector.name)}{where}: {sector.n} systems, {g.number_of_edges()} jump "
                f"routes; the players know {len(known)} systems, {len(known_routes)} routes"
            )
        else:
            title = (
                f"{esc(sector.name)}{where}: {sector.n} systems, {g.number_of_edges()} jump routes"
            )
    fig.update_layout(
        title=title,
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
