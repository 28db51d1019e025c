"""Figures of Successors battles: the combat timeline, simulated loss distributions and the
odds of a battle (exact or simulated).

>>> from kit.successors.combat import Battle, Side
>>> b = Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 4})], seed=2).run()
>>> fig = combat_timeline(b)
>>> fig.layout.template.layout.paper_bgcolor is not None or True
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..errors import InvalidType
from ..successors.combat.battle import Battle, describe_event
from ..successors.combat.odds_result import BattleOdds
from ..successors.combat.simulate import BattleSimulation
from .theme import ACCENT, BAD, COLORS, GOOD, NEUTRAL, apply, esc

__all__ = ["battle_odds_figure", "combat_losses", "combat_timeline"]

#: What the lower panel counts, with a colour each.
RESULT_KINDS = (
    ("neutralized", NEUTRAL),
    ("hulked", "#c9a227"),
    ("destroyed", BAD),
    ("ability lost", "#9a72d0"),
)


def _steps(battle: Battle) -> list[dict[str, Any]]:
    """Group events by phase step; keep the steps where something happened."""
    steps: list[dict[str, Any]] = []
    cur: dict[str, Any] | None = None
    for e in battle.log:
        if e.kind == "phase":
            cur = {
                "label": f"R{e['round']} {e['phase']}",
                "round": e["round"],
                "phase": e["phase"],
                "events": [],
            }
            steps.append(cur)
        elif cur is not None:
            cur["events"].append(e)
    keep = (
        "attack",
        "damage",
        "ability_hit",
        "entity_state",
        "repair",
        "taken_over",
        "retreat",
        "eaten",
        "static_hit",
    )
    return [s for s in steps if any(e.kind in keep for e in s["events"])]


def _loss_bar(
    x: list[str],
    ys: list[int],
    hover: list[str],
    side: int,
    name: str,
    kind: str,
    color: str,
    base: list[int] | None = None,
) -> go.Bar:
    """One stacked bar series of the "Losses suffered" row: filled by what happened, outlined
    in the side's colour."""
    label = f"{name}: {kind}"
    return go.Bar(
        x=x,
        y=ys,
        base=base,
        name=label,
        offsetgroup=str(side),
        marker_color=color,
        marker_line_color=COLORS[side % len(COLORS)],
        marker_line_width=2,
        legendgroup=name,
        hovertext=hover,
        hovertemplate="%{x}<br>%{hovertext}<extra>" + label + "</extra>",
    )


def combat_timeline(battle: Battle, *, height: int = 520) -> go.Figure:
    """The played battle phase by phase: hits dealt per side (top) and what each side
    suffered (bottom: ships neutralized, hulked, destroyed, abilities lost). Hover a bar
    for the events behind it.

    Args:
        battle: a :class:`~kit.successors.combat.Battle` (played or in progress).
        height: figure height in pixels.
    """
    if not isinstance(battle, Battle):
        raise InvalidType(f"combat_timeline needs a Battle, got {type(battle).__name__}")
    steps = _steps(battle)
    x = [s["label"] for s in steps]
    fig = make_subplots(
        rows=2,
        cols=1,
        shared_xaxes=True,
        vertical_spacing=0.08,
        subplot_titles=("Hits scored", "Losses suffered"),
    )
    for i, side in enumerate(battle.sides):
        name = _esc(side.name)
        color = COLORS[i % len(COLORS)]
        hits, hover = [], []
        for s in steps:
            atk = [e for e in s["events"] if e.kind == "attack" and e["side"] == i]
            hits.append(sum(e["hits"] for e in atk))
            hover.append("<br>".join(_esc(describe_event(battle, e)) for e in atk) or "no attack")
        fig.add_trace(
            go.Bar(
                x=x,
                y=hits,
                name=name,
                marker_color=color,
                offsetgroup=str(i),
                legendgroup=name,
                hovertext=hover,
                hovertemplate="%{x}<br>%{hovertext}<extra>" + name + "</extra>",
            ),
            row=1,
            col=1,
        )
    for i, side in enumerate(battle.sides):
        name = _esc(side.name)
        base = [0] * len(steps)
        for kind, color in RESULT_KINDS:
            ys, hover = [], []
            for s in steps:
                evs = [e for e in s["events"] if _suffered(battle, e, i, kind)]
                ys.append(len(evs))
                hover.append("<br>".join(_esc(describe_event(battle, e)) for e in evs))
            if not any(ys):
                continue
            fig.add_trace(_loss_bar(x, ys, hover, i, name, kind, color, base=base), row=2, col=1)
            base = [b + y for b, y in zip(base, ys)]
        fixed, hover = [], []
        for s in steps:
            evs = [e for e in s["events"] if _repaired(battle, e, i)]
            fixed.append(-len(evs))
            hover.append("<br>".join(_esc(describe_event(battle, e)) for e in evs))
        if any(fixed):
            fig.add_trace(_loss_bar(x, fixed, hover, i, name, "repaired", GOOD), row=2, col=1)
    res = battle.result
    title = "Battle: " + " vs ".join(_esc(s.name) for s in battle.sides)
    if res:
        title += f" - {_esc(res['winner'] or 'no winner')} after {res['rounds']} rounds"
    fig.update_layout(
        barmode="group",
        title=title,
        height=height,
        bargap=0.25,
        legend={"orientation": "h", "y": -0.15},
    )
    fig.update_yaxes(title_text="hits", row=1, col=1)
    fig.update_yaxes(title_text="count", row=2, col=1)
    fig.update_xaxes(title_text="round and phase", row=2, col=1)
    return apply(fig)


def _esc(text: str) -> str:
    """Names are user text: plotly reads tags in labels, so escape them (see ``theme.esc``)."""
    return esc(text)


def _repaired(battle: Battle, e: Any, side: int) -> bool:
    if e.kind == "ability_hit":
        return bool(e["side"] == side and e.get("hits", 1) < 0)
    if e.kind in ("repair", "takeover_cancelled"):
        return bool(battle.state.units[e["unit"]].origin == side)
    return False


def _suffered(battle: Battle, e: Any, side: int, kind: str) -> bool:
    if kind == "ability lost":
        return bool(e.kind == "ability_hit" and e["side"] == side and e.get("hits", 1) > 0)
    if e.kind == "entity_state" and kind == "destroyed":
        return bool(e["side"] == side and e["state"] == "destroyed")
    if e.kind != "damage":
        return False
    if battle.state.units[e["unit"]].origin != side:
        return False
    res = e["result"]
    if kind == "destroyed":
        return res in ("destroyed", "vaporized")
    return bool(res == kind)


def combat_losses(result: BattleSimulation, *, height: int = 420) -> go.Figure:
    """Simulated odds (left: won/draw/retreated/lost per side) and the distribution of RU
    each side lost (right), from :func:`kit.successors.combat.simulate`."""
    if not isinstance(result, BattleSimulation):
        raise InvalidType(f"combat_losses needs a BattleSimulation, got {type(result).__name__}")
    fig = make_subplots(
        rows=1,
        cols=2,
        column_widths=[0.35, 0.65],
        subplot_titles=(f"Outcomes of {result.n} battles", "RU lost"),
    )
    colors = {"won": GOOD, "draw": NEUTRAL, "retreated": "#c9a227", "lost": BAD}
    for o in ("won", "draw", "retreated", "lost"):
        ps = [result.probability(i, o) for i in range(len(result.sides))]
        fig.add_trace(
            go.Bar(
                y=[_esc(n) for n in result.sides],
                x=ps,
                orientation="h",
                name=o,
                marker_color=colors[o],
                legendgroup="outcome",
                hovertemplate="%{y}: " + o + " %{x:.1%}<extra></extra>",
            ),
            row=1,
            col=1,
        )
    for i, raw in enumerate(result.sides):
        name = _esc(raw)
        hover = name + ": %{x:g} RU lost in %{y:.1%}<extra></extra>"
        _ru_lost_trace(fig, i, name, result.loss_distribution(i), hover, col=2)
    fig.update_layout(barmode="stack", height=height, legend={"orientation": "h", "y": -0.2})
    fig.update_xaxes(tickformat=".0%", range=[0, 1], row=1, col=1)
    fig.update_xaxes(title_text="RU lost", row=1, col=2)
    fig.update_yaxes(title_text="share of battles", tickformat=".0%", row=1, col=2)
    return apply(fig)


def battle_odds_figure(odds: BattleOdds, *, height: int = 420) -> go.Figure:
    """How a battle ends, from :func:`kit.successors.combat.battle_odds` (exact or simulated):
    each side's chances to win, draw, retreat or lose (left), the rounds fought (middle) and
    the RU each side loses (right). Simulated figures carry their standard errors as error
    bars; the title says which method answered."""
    if not isinstance(odds, BattleOdds):
        raise InvalidType(f"battle_odds_figure needs a BattleOdds, got {type(odds).__name__}")
    how = f"exact, {odds.states} states" if odds.exact else f"simulated, {odds.n} battles"
    fig = make_subplots(
        rows=1,
        cols=3,
        column_widths=[0.34, 0.26, 0.40],
        subplot_titles=(f"Outcome ({how})", "Rounds fought", "RU lost"),
    )
    colors = {"won": GOOD, "draw": NEUTRAL, "retreated": "#c9a227", "lost": BAD}
    names = [_esc(n) for n in odds.sides]
    for o in ("won", "draw", "retreated", "lost"):
        ps = list(getattr(odds, o))
        se = list(getattr(odds.se, o))
        fig.add_trace(
            go.Bar(
                y=names,
                x=ps,
                orientation="h",
                name=o,
                marker_color=colors[o],
                legendgroup="outcome",
                error_x=None if odds.exact else {"type": "data", "array": se, "visible": True},
                hovertemplate="%{y}: " + o + " %{x:.2%}<extra></extra>",
            ),
            row=1,
            col=1,
        )
    fig.add_trace(
        go.Bar(
            x=list(odds.rounds),
            y=list(odds.rounds.values()),
            name="rounds",
            marker_color=ACCENT,
            showlegend=False,
            error_y=None
            if odds.exact
            else {"type": "data", "array": list(odds.se.rounds.values()), "visible": True},
            hovertemplate="%{x} rounds: %{y:.2%}<extra></extra>",
        ),
        row=1,
        col=2,
    )
    for i, name in enumerate(names):
        hover = name + ": %{x:g} RU lost, chance %{y:.2%}<extra></extra>"
        _ru_lost_trace(fig, i, name, odds.ru_lost[i], hover, col=3)
    fig.update_layout(barmode="stack", height=height, legend={"orientation": "h", "y": -0.2})
    fig.update_xaxes(tickformat=".0%", range=[0, 1], row=1, col=1)
    fig.update_xaxes(title_text="rounds", dtick=1, row=1, col=2)
    fig.update_yaxes(tickformat=".0%", row=1, col=2)
    fig.update_xaxes(title_text="RU lost", row=1, col=3)
    fig.update_yaxes(title_text="chance", tickformat=".0%", row=1, col=3)
    return apply(fig)


def _ru_lost_trace(
    fig: go.Figure, i: int, name: str, dist: Mapping[Any, float], hover: str, col: int
) -> None:
    """Side ``i``'s RU-lost distribution as a line in column ``col`` (simulated or exact)."""
    fig.add_trace(
        go.Scatter(
            x=list(dist),
            y=list(dist.values()),
            name=f"{name} RU lost",
            mode="lines+markers",
            line={"color": COLORS[i % len(COLORS)], "width": 2},
            hovertemplate=hover,
        ),
        row=1,
        col=col,
    )
