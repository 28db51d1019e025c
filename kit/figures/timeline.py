"""The campaign's timeline as a figure: activities as bars over days, events as marks.

One row per activity on the campaign's clock (:mod:`kit.clock`), a bar from the day it began
(or will begin) to the day it ended (or today); each event of the timeline is a mark on its
activity's row on its day, with its text on hover; the GM's planned events and notes sit on a
row of their own; a vertical line marks today. For the players (``audience="player"``) only
activities and entries marked for them appear, so a hidden activity leaves no row, bar or mark.

>>> from kit import Campaign
>>> camp = Campaign("Jukint", seed=1)
>>> camp.plan(3, "the patrol returns", players=True)
>>> fig = timeline_figure(camp, audience="player")
>>> [t.name for t in fig.data]
['planned and notes']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go

from ..audience import PLAYER, Audience, audience
from ..errors import InvalidType
from .theme import ACCENT, COLORS, NEUTRAL, TEMPLATE, apply, esc

if TYPE_CHECKING:
    from ..campaign import Campaign
    from ..clock_days import ClockEvent

__all__ = ["timeline_figure"]

#: The row of the GM's own entries (planned events and notes).
GM_ROW = "planned and notes"
#: Marker symbol of each kind of event (others: a circle).
_SYMBOLS = {"done": "star", "arrived": "star", "battle over": "star", "planned": "diamond"}


def timeline_figure(
    campaign: Campaign,
    *,
    audience: Audience = "gm",
    height: int | None = None,
    template: str = TEMPLATE,
) -> go.Figure:
    """The campaign's days: a bar per activity, a mark per event, a line for today.

    Args:
        campaign: a :class:`~kit.campaign.Campaign`.
        audience: ``"gm"`` (everything) or ``"player"`` (only what is marked for the players).
        height: figure height in pixels (default: by the number of rows).
        template: the plotly template (``"gmkit_light"`` / ``"gmkit_dark"`` for exports).
    """
    # figures sit below the campaign's layer: a campaign is known by its clock, not imported
    if not hasattr(campaign, "clock") or not hasattr(campaign, "timeline"):
        raise InvalidType(f"timeline_figure needs a Campaign, got {type(campaign).__name__}")
    players = _audience(audience) == PLAYER
    clock = campaign.clock
    today = campaign.today
    acts = [a for a in clock.activities.values() if a.players or not players]
    events = [e for e in campaign.timeline if e.players or not players]
    fig = go.Figure()
    rows = [a.name for a in acts]
    for i, act in enumerate(acts):
        start = act.first_day or act.start
        end = act.done_day if act.done_day is not None else max(today, start)
        color = COLORS[i % len(COLORS)]
        state = "done" if act.done_day is not None else f"{clock.progress(act.name):.0%}"
        fig.add_trace(
            go.Bar(
                x=[end - start + 1],
                base=[start - 0.5],
                y=[esc(act.name)],
                orientation="h",
                marker=dict(color=color, opacity=0.35, line=dict(color=color, width=1)),
                name=esc(act.name),
                legendgroup=esc(act.name),
                showlegend=False,
                hovertemplate=(
                    f"{esc(act.name)} ({act.kind})<br>{esc(campaign.date(start))} to "
                    f"{esc(campaign.date(end))}<br>{state}<extra></extra>"
                ),
            )
        )
        mine = [e for e in events if e.activity == act.name]
        if mine:
            fig.add_trace(_marks(campaign, mine, esc(act.name), color))
    gm = [e for e in events if e.activity is None]
    if gm:
        rows.append(GM_ROW)
        fig.add_trace(_marks(campaign, gm, GM_ROW, ACCENT))
    if today > 0:
        fig.add_vline(x=today, line=dict(color=NEUTRAL, dash="dash", width=2))
        fig.add_annotation(
            x=today,
            y=1,
            yref="paper",
            text=esc(f"today: {campaign.date()}"),
            showarrow=False,
            yanchor="bottom",
            font=dict(size=12),
        )
    fig.update_layout(
        title=esc(f"{campaign.name}: the campaign's days"),
        barmode="overlay",
        height=height or max(260, 120 + 48 * max(1, len(rows))),
        showlegend=False,
        xaxis=dict(title="standard day", rangemode="tozero"),
        yaxis=dict(
            categoryorder="array",
            categoryarray=[esc(r) for r in reversed(rows)],
            title=None,
        ),
    )
    return apply(fig, template)


def _marks(campaign: Campaign, events: list[ClockEvent], row: str, color: str) -> go.Scatter:
    return go.Scatter(
        x=[e.day for e in events],
        y=[row] * len(events),
        mode="markers",
        marker=dict(
            size=11,
            color=color,
            symbol=[_SYMBOLS.get(e.kind, "circle") for e in events],
            line=dict(width=1, color="rgba(128,128,128,0.8)"),
        ),
        name=row,
        hovertext=[f"{esc(campaign.date(e.day))}: {esc(e.text)}" for e in events],
        hovertemplate="%{hovertext}<extra></extra>",
        showlegend=False,
    )


def _audience(value: object) -> Audience:
    return audience(value)  # the parameter shadows the checker inside timeline_figure
