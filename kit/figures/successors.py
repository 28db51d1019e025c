"""Figures of Successors fleets and ship designs.

- :func:`fleet_composition`: where a fleet's RU went, by role and ship type, next to how many
  hulls each role fields (and the budget line when the fleet has one).
- :func:`attack_distribution`: the exact distribution of hits of a fleet's attack pool (one
  phase or the whole round), with the chance of scoring at least each number.
- :func:`design_cost`: a ship design's cost built up step by step as a waterfall (weapon,
  secondary systems, drive multiplier), optionally beside a catalog ship's printed cost.

The numbers behind each figure come from small pure helpers (:func:`composition_table`,
:func:`hits_table`) so tests and notebooks can read them without plotly.

>>> from kit.successors import Entity, Fleet
>>> fleet = Fleet(Entity("TanRac", battle=4, control=4), budget=32)
>>> _ = fleet.buy("Gunboat", 5)
>>> [t.type for t in attack_distribution(fleet).data]
['bar', 'scatter']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..errors import InvalidType
from ..successors import Fleet, ShipDesign, pool_summary, ship_type, success_distribution
from ..successors.ships import ROLES
from .theme import ACCENT, BAD, COLORS, GOOD, NEUTRAL, apply, esc

__all__ = [
    "ROLE_COLORS",
    "attack_distribution",
    "composition_table",
    "design_cost",
    "fleet_composition",
    "hits_table",
    "pool_text",
]

#: One colour per catalog role (decoys grey, custom designs light grey), shared with the
#: fleet builder's budget bar and tokens.
ROLE_COLORS: dict[str, str] = {
    "warship": COLORS[0],
    "pod": COLORS[1],
    "static": COLORS[2],
    "long-range": COLORS[3],
    "decoy": NEUTRAL,
    "carrier": COLORS[5],
    "cargo": COLORS[7],
    "first-strike": "#f07fb6",
    "jump": COLORS[6],
    "control": COLORS[4],
    "handling": "#86b33c",
    "information": "#5b6bbf",
    "sensors": "#57c4e5",
}
ROLE_COLORS["custom"] = "#c2c7cf"
_PHASE_NAMES = {"first": "First Strike", "main": "Main combat", "last": "Last combat"}


def _role(ship: Any) -> str:
    cat = ship.catalog
    return cat.role if cat is not None else "custom"


def composition_table(fleet: Fleet) -> list[dict[str, Any]]:
    """One row per ship name: role, count, RU each and RU in all, in catalog role order.

    >>> from kit.successors import Fleet
    >>> f = Fleet(budget=10); _ = f.buy("Gunboat", 2); _ = f.buy("Servo")
    >>> [(r["name"], r["role"], r["count"], r["ru"]) for r in composition_table(f)]
    [('GUNBOAT', 'warship', 2, 4.0), ('SERVO', 'handling', 1, 3.0)]
    """
    if not isinstance(fleet, Fleet):
        raise InvalidType(f"fleet must be a kit.successors.Fleet, got {type(fleet).__name__}")
    rows: dict[str, dict[str, Any]] = {}
    for s in fleet.ships:
        row = rows.setdefault(
            s.name, {"name": s.name, "role": _role(s), "count": 0, "each": s.cost, "ru": 0.0}
        )
        row["count"] += 1
        row["ru"] += s.cost
    order = {r: i for i, r in enumerate((*ROLES, "custom"))}
    return sorted(rows.values(), key=lambda r: (order[r["role"]], -r["each"], r["name"]))


def fleet_composition(
    fleet: Fleet, *, title: str | None = None, template: str = "gmkit"
) -> go.Figure:
    """The fleet by role: RU spent (stacked by ship type) and number of ships.

    Args:
        fleet: the fleet to show.
        title: figure title (default: the owner's name, RU spent and budget).
        template: plotly template name.
    """
    rows = composition_table(fleet)
    roles = list(dict.fromkeys(r["role"] for r in rows))
    widest = max([sum(r["ru"] for r in rows if r["role"] == role) for role in roles], default=1.0)
    fig = make_subplots(
        rows=1,
        cols=2,
        column_widths=[0.68, 0.32],
        horizontal_spacing=0.14,
        subplot_titles=("RU by role", "Ships by role"),
    )
    for r in rows:
        colour = ROLE_COLORS[r["role"]]
        fig.add_trace(
            go.Bar(
                y=[r["role"]],
                x=[r["ru"]],
                orientation="h",
                name=esc(r["name"]),
                marker={"color": colour, "line": {"color": "rgba(128,128,128,0.7)", "width": 1}},
                text=[
                    f"{r['count']}× {esc(r['name'].title())}" if r["ru"] >= 0.12 * widest else ""
                ],
                textposition="inside",
                insidetextanchor="middle",
                hovertemplate=(
                    f"{r['count']} × {esc(r['name'])} at {r['each']:g} RU = {r['ru']:g} RU"
                    "<extra></extra>"
                ),
                showlegend=False,
            ),
            row=1,
            col=1,
        )
    counts = [sum(r["count"] for r in rows if r["role"] == role) for role in roles]
    fig.add_trace(
        go.Bar(
            y=roles,
            x=counts,
            orientation="h",
            marker={"color": [ROLE_COLORS[r] for r in roles]},
            text=counts,
            textposition="outside",
            cliponaxis=False,
            hovertemplate="%{y}: %{x} ships<extra></extra>",
            showlegend=False,
        ),
        row=1,
        col=2,
    )
    budget = fleet.current_budget
    if budget is not None and rows:
        fig.add_shape(
            type="line",
            x0=budget,
            x1=budget,
            xref="x",
            yref="y domain",
            y0=0,
            y1=1,
            line={"color": BAD if fleet.spent > budget else GOOD, "width": 2, "dash": "dash"},
        )
        fig.add_annotation(
            x=budget,
            xref="x",
            y=1,
            yref="y domain",
            yanchor="bottom",
            showarrow=False,
            text=f"budget {budget:g}",
            font={"size": 11, "color": BAD if fleet.spent > budget else GOOD},
        )
    if not rows:
        fig.add_annotation(
            text="No ships yet",
            showarrow=False,
            x=0.5,
            y=0.5,
            xref="paper",
            yref="paper",
            font={"size": 15},
        )
    fig.update_layout(
        barmode="stack",
        height=max(240, 70 + 34 * max(1, len(roles))),
        title=title if title is not None else _fleet_title(fleet),
        margin={"l": 90, "r": 30, "t": 80, "b": 40},
        uniformtext={"minsize": 9, "mode": "hide"},
    )
    # role names stand clear of their bars; the budget label stays inside the plot
    fig.update_yaxes(
        autorange="reversed", categoryorder="array", categoryarray=roles, ticksuffix="  "
    )
    fig.update_xaxes(title_text="RU", row=1, col=1)
    fig.update_xaxes(title_text="ships", row=1, col=2)
    return apply(fig, template)


def _fleet_title(fleet: Fleet) -> str:
    who = esc(fleet.owner.name) if fleet.owner is not None else "Fleet"
    text = f"{who}: {len(fleet.ships)} ships, {fleet.spent:g} RU"
    rem = fleet.remaining
    if rem is not None:
        budget = fleet.current_budget
        text += f" of {budget:g}" + (f" ({-rem:g} over)" if rem < 0 else f" ({rem:g} left)")
    return text


def pool_text(dice: Iterable[int]) -> str:
    """Words for a pool of dice: ``"5 dice at rank 4, 12 at rank 1"`` (``"no dice"`` if empty).

    >>> pool_text([4, 4, 1])
    '2 dice at rank 4, 1 at rank 1'
    """
    summary = pool_summary(dice)
    if not summary:
        return "no dice"
    parts = [
        f"{n} {'dice' if n > 1 else 'die'} at rank {r}" if i == 0 else f"{n} at rank {r}"
        for i, (r, n) in enumerate(summary.items())
    ]
    return ", ".join(parts)


def hits_table(dice: Sequence[int]) -> list[dict[str, Any]]:
    """Exact chance of each number of hits and of at least that many, for a pool of dice.

    >>> [(r["hits"], r["p"], r["at_least"]) for r in hits_table([4])]
    [(0, Fraction(1, 3), Fraction(1, 1)), (1, Fraction(2, 3), Fraction(2, 3))]
    """
    dist = success_distribution(dice)
    top = max(dist) if dist else 0
    rows, tail = [], Fraction(1)
    for k in range(top + 1):
        p = dist.get(k, Fraction(0))
        rows.append({"hits": k, "p": p, "at_least": tail})
        tail -= p
    return rows


def attack_distribution(
    fleet: Fleet | Sequence[int],
    *,
    phase: str | None = None,
    title: str | None = None,
    template: str = "gmkit",
) -> go.Figure:
    """Exact distribution of hits of a fleet's attack pool (or of a list of dice).

    Bars give the chance of exactly k hits; the line gives the chance of at least k.

    Args:
        fleet: a :class:`~kit.successors.Fleet` (its owner and ships, Control applied) or the
            dice themselves (one target per die).
        phase: ``"first"``, ``"main"`` or ``"last"`` for one phase; None for every attack of
            the round (each die rolled once).
        title: figure title (default: the pool in words and the expected hits).
        template: plotly template name.
    """
    if isinstance(fleet, Fleet):
        dice = fleet.attack_pool(phase)
    else:
        if phase is not None:
            raise InvalidType("phase only applies to a Fleet, not to a list of dice")
        if not isinstance(fleet, (list, tuple)):
            raise InvalidType(
                f"fleet must be a Fleet or a list of dice ranks, got {type(fleet).__name__}"
            )
        from .. import validate

        dice = [validate.integer(f"die {i + 1}", d, 0, 5) for i, d in enumerate(fleet)]
    rows = hits_table(dice)
    ks = [r["hits"] for r in rows]
    mean = sum(r["hits"] * r["p"] for r in rows)
    fig = go.Figure()
    fig.add_trace(
        go.Bar(
            x=ks,
            y=[float(r["p"]) for r in rows],
            name="exactly k hits",
            marker={"color": COLORS[0]},
            hovertemplate="exactly %{x} hits: %{y:.2%}<extra></extra>",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=ks,
            y=[float(r["at_least"]) for r in rows],
            name="at least k hits",
            mode="lines+markers",
            line={"color": ACCENT, "width": 2, "shape": "hv"},
            marker={"size": 6},
            hovertemplate="at least %{x} hits: %{y:.2%}<extra></extra>",
        )
    )
    fig.add_vline(
        x=float(mean),
        line={"color": GOOD, "dash": "dot", "width": 2},
        annotation_text=f"mean {float(mean):.2f}",
        annotation_position="top right",
        annotation_font={"color": GOOD, "size": 11},
    )
    shown = [r["hits"] for r in rows if r["p"] >= Fraction(1, 2000)] or [0]
    lo, hi = min(shown), max(shown)
    where = _PHASE_NAMES.get(phase or "", "whole round")
    default = f"Hits, {where}: {pool_text(dice)} · mean {float(mean):.2f}"
    fig.update_layout(
        title=title if title is not None else default,
        xaxis={
            "title": "hits",
            "dtick": 1 if hi - lo <= 25 else None,
            "range": [lo - 0.6, hi + 0.6],
        },
        yaxis={"title": "probability", "tickformat": ".0%", "range": [0, 1.02]},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "x": 1, "xanchor": "right"},
        height=340,
        bargap=0.15,
    )
    return apply(fig, template)


def design_cost(
    design: ShipDesign,
    *,
    compare: str | None = None,
    title: str | None = None,
    template: str = "gmkit",
) -> go.Figure:
    """A ship design's cost as a waterfall: weapon, each secondary system, then the drive.

    Args:
        design: the design to price.
        compare: a catalog ship name; its printed cost is drawn as a dashed line.
        title: figure title (default: the cost and the signature).
        template: plotly template name.
    """
    if not isinstance(design, ShipDesign):
        raise InvalidType(f"design must be a ShipDesign, got {type(design).__name__}")
    labels, values, measures = [], [], []
    if design.battle:
        labels.append(f"weapon {design.battle}×{design.weapon_ru_per_rank:g}")
        values.append(design.weapon_cost)
        measures.append("relative")
    for name, ru in design.secondary_costs().items():
        labels.append(name)
        values.append(ru)
        measures.append("relative")
    before = design.weapon_cost + design.secondary_cost
    labels.append(f"{design.drive} drive ×{design.drive_multiplier:g}")
    values.append(design.cost - before)
    measures.append("relative")
    labels.append("cost")
    values.append(design.cost)
    measures.append("total")
    fig = go.Figure(
        go.Waterfall(
            x=labels,
            y=values,
            measure=measures,
            text=[f"{v:+g}" if m == "relative" else f"{v:g}" for v, m in zip(values, measures)],
            textposition="outside",
            cliponaxis=False,
            increasing={"marker": {"color": COLORS[0]}},
            decreasing={"marker": {"color": GOOD}},
            totals={"marker": {"color": ACCENT}},
            connector={"line": {"color": "rgba(128,128,128,0.5)", "dash": "dot"}},
            hovertemplate="%{x}: %{y:g} RU<extra></extra>",
        )
    )
    if compare is not None:
        cat = ship_type(compare)
        fig.add_hline(
            y=cat.cost,
            line={"color": BAD, "dash": "dash", "width": 2},
            annotation_text=f"{cat.name} {cat.cost} RU",
            annotation_position="top left",
        )
    default = f"Design cost {design.cost:g} RU · signature {design.signature}"
    fig.update_layout(
        title=title if title is not None else default,
        yaxis={"title": "RU"},
        height=340,
        showlegend=False,
    )
    return apply(fig, template)
