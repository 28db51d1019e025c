"""Figures of Regulus jobs: a played job's progress track and an odds heatmap.

Each function takes an engine object and returns a plotly figure; nothing here changes a job.

>>> from kit.regulus import Job, Operative
>>> job = Job("heist", 4, 5, [Operative("Ash", "Thief")], seed=1)
>>> _ = job.roll(10)
>>> job.adjust(heat=1, note="a guard saw the van")
>>> [trace.name for trace in job_progress(job).data]
['Threat', 'Heat', 'Progress']
>>> len(job_progress(job).data[-1].x), len(job_progress(job, audience="player").data[-1].x)
(3, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import plotly.graph_objects as go

from .. import validate
from ..audience import AUDIENCES, Audience
from ..audience import audience as check_audience
from ..errors import InvalidType
from ..players import KnownJob, KnownJobRow, project_job
from ..regulus import Job, JobType, odds, odds_grid
from ..regulus.rules import DEFAULT_CONDITIONS, Condition
from .theme import ACCENT, BAD, GOOD, NEUTRAL, apply

__all__ = ["AUDIENCES", "job_progress", "odds_heatmap", "success_by_turn"]


def _need_job(func: str, job: Any) -> Job:
    if not isinstance(job, Job):
        raise InvalidType(f"{func}() needs a kit.regulus.Job, got {type(job).__name__}")
    return job


def _x_positions(rows: list[KnownJobRow]) -> list[float]:
    """Main rolls sit on their turn; companions and GM rows fan out just after it."""
    xs: list[float] = []
    last_turn, offset = None, 0
    for row in rows:
        if row.kind == "main" or row.turn != last_turn:
            offset = 0
        else:
            offset += 1
        xs.append(row.turn + 0.18 * offset if row.turn else 0.18 * offset)
        last_turn = row.turn
    return xs


def job_progress(
    job: Job | KnownJob,
    *,
    audience: Audience = "gm",
    template: str = "gmkit",
    show_counters: bool = True,
) -> go.Figure:
    """Progress against turns for a played (or part-played) job.

    The dashed line is the Difficulty; the shaded band past the last clock tick is where time has
    run out. Each marker is an incident (companions just right of their main roll), coloured by
    what it did to Progress and labelled with its name; hover shows the roll and effects.

    ``audience="player"`` draws the players' projection of the job
    (:func:`kit.players.project_job`): the GM's adjustment rows are left out, exactly as the
    player handout's record does, so the figure shows the players nothing their table does not.
    A :class:`~kit.players.KnownJob` may be given instead of the job.
    """
    validate.boolean("show_counters", show_counters)
    if isinstance(job, KnownJob):
        known = job
    else:
        known = project_job(_need_job("job_progress", job), audience=check_audience(audience))
    return _progress(known, template, show_counters)


def _progress(job: KnownJob, template: str, show_counters: bool) -> go.Figure:
    """Draw the record ``job`` (an audience's projection) and nothing else."""
    rows = list(job.rows)
    xs = [0.0] + _x_positions(rows)
    ys = [0] + [r.progress for r in rows]
    fig = go.Figure()
    fig.add_hrect(
        y0=job.difficulty,
        y1=max(job.difficulty, max(ys)) + 1,
        fillcolor=GOOD,
        opacity=0.08,
        line_width=0,
    )
    fig.add_vrect(x0=job.clock + 0.5, x1=job.clock + 1.5, fillcolor=BAD, opacity=0.08, line_width=0)
    fig.add_hline(
        y=job.difficulty,
        line=dict(color=GOOD, dash="dash", width=2),
        annotation_text=f"Difficulty {job.difficulty}",
        annotation_position="top left",
    )
    fig.add_vline(
        x=job.clock + 0.5,
        line=dict(color=BAD, dash="dot", width=2),
        annotation_text="clock spent",
        annotation_position="top right",
    )
    if show_counters and rows:
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=[0] + [r.threat for r in rows],
                name="Threat",
                mode="lines",
                line=dict(color=ACCENT, width=1.5, dash="dot", shape="hv"),
            )
        )
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=[0] + [r.heat for r in rows],
                name="Heat",
                mode="lines",
                line=dict(color="#d4566b", width=1.5, dash="dashdot", shape="hv"),
            )
        )
    colors = [NEUTRAL]
    prev = 0
    for r in rows:
        colors.append(GOOD if r.progress > prev else BAD if r.progress < prev else NEUTRAL)
        prev = r.progress
    hover = ["Start"] + [
        f"<b>{_esc(r.incident)}</b><br>turn {r.turn}, {r.kind} roll {r.roll if r.roll is not None else '-'}"
        f"<br>{_esc(r.effects)}<br>Progress {r.progress} · Threat {r.threat} · Heat {r.heat}"
        + (f"<br>lost: {_esc(', '.join(r.crew_lost))}" if r.crew_lost else "")
        for r in rows
    ]
    fig.add_trace(
        go.Scatter(
            x=xs,
            y=ys,
            name="Progress",
            mode="lines+markers+text",
            line=dict(color="#4e8fd6", width=3, shape="hv"),
            marker=dict(
                size=[8] + [13 if r.kind == "main" else 9 for r in rows],
                color=colors,
                line=dict(width=1.5, color="rgba(128,128,128,0.6)"),
            ),
            text=[""] + [_esc(r.incident) for r in rows],
            # companions sit just after their main incident: labelled below, so names do not collide
            textposition=["top center"]
            + ["top center" if r.kind == "main" else "bottom center" for r in rows],
            textfont=dict(size=11),
            hovertext=hover,
            hoverinfo="text",
        )
    )
    outcome = {"success": "success", "failure": "failure", None: "in progress"}[job.outcome]
    fig.update_layout(
        title=f"{_esc(job.title)}: {outcome}",
        xaxis=dict(
            title="turn (clock ticks)", tickmode="linear", dtick=1, range=[-0.3, job.clock + 1.3]
        ),
        yaxis=dict(title="Progress", rangemode="tozero", dtick=1),
        legend=dict(orientation="h", y=-0.2),
        height=420,
    )
    return apply(fig, template)


def odds_heatmap(
    job_type: str | JobType = "heist",
    *,
    crew: int = 3,
    conditions: Iterable[Condition] = DEFAULT_CONDITIONS,
    template: str = "gmkit",
) -> go.Figure:
    """P(success) for every Difficulty (rows) and Clock (columns) of a job type, exact.

    ``job_type`` is a built-in type's name or a :class:`~kit.regulus.JobType`; ``crew`` the
    number of operatives.
    """
    if not isinstance(job_type, (str, JobType)):
        raise InvalidType(
            f"odds_heatmap() needs a job type name or a kit.regulus.JobType, got {type(job_type).__name__}"
        )
    crew = validate.integer("crew", crew, 1, 12)
    ds, cs, grid = odds_grid(job_type, crew=crew, conditions=conditions)
    name = job_type if isinstance(job_type, str) else job_type.name
    fig = go.Figure(
        go.Heatmap(
            z=grid,
            x=[str(c) for c in cs],
            y=[str(d) for d in ds],
            zmin=0,
            zmax=1,
            colorscale=[[0, "#8c2b3a"], [0.5, "#c9a227"], [1, "#2e9a62"]],
            text=[[(f"{p:.0%}" if p >= 0.005 or p == 0 else "<1%") for p in row] for row in grid],
            texttemplate="%{text}",
            textfont=dict(size=14, color="#ffffff"),
            hovertemplate="Difficulty %{y}, Clock %{x}: %{z:.2%}<extra></extra>",
            colorbar=dict(title="P(success)", tickformat=".0%"),
        )
    )
    fig.update_layout(
        title=f"Chance of success: {_esc(name)}, crew of {crew}",
        xaxis_title="Clock (rolls allowed)",
        yaxis_title="Difficulty",
        height=420,
        width=560,
    )
    return apply(fig, template)


def success_by_turn(job: Job, *, template: str = "gmkit") -> go.Figure:
    """Exact P(success by the end of each clock tick) from the job's current state."""
    job = _need_job("success_by_turn", job)
    o = odds(job)
    ticks = list(range(1, job.clock + 1))
    fig = go.Figure(
        go.Bar(
            x=ticks,
            y=list(o.by_turn),
            marker_color="#4e8fd6",
            text=[f"{p:.0%}" for p in o.by_turn],
            textposition="outside",
            hovertemplate="by tick %{x}: %{y:.2%}<extra></extra>",
        )
    )
    fig.update_layout(
        title=f"P(success) {o.success:.1%}",
        xaxis_title="clock tick",
        yaxis=dict(title="P(success by then)", range=[0, 1.1], tickformat=".0%"),
        height=300,
    )
    return apply(fig, template)


def _esc(text: str) -> str:
    """Plotly renders a subset of HTML in labels: show user text literally."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
