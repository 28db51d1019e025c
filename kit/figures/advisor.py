"""Figures of the GM's advisor: a house rule's impact heatmap and a played job's luck.

Pure functions of the engines' result values, with keyword-only options (the engines never
draw: their reports hold numbers, and these functions turn them into figures).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go

from .theme import ACCENT, BAD, GOOD, NEUTRAL, apply, esc

if TYPE_CHECKING:
    from ..advising import Impact, Luck

__all__ = ["impact_heatmap", "luck_progress"]


def impact_heatmap(impact: Impact, *, template: str = "gmkit") -> go.Figure:
    """Change in the chance of success (second rules minus first) over the impact's grid.

    Works for every system's report (:class:`~kit.advising.Impact`): rows and columns
    are its own (Difficulty by Clock, cards by goal, garrison by size). Cells the grid does not
    hold stay blank; simulated grids show each change's standard error on hover.
    """
    diff = impact.diff
    top = max((abs(v) for row in diff for v in row if v is not None), default=0.0) or 0.01
    opts = "; ".join(f"{k}: {a!r} → {b!r}" for k, (a, b) in impact.differing_options().items())
    se = impact.stderr or tuple(tuple(0.0 for _ in row) for row in diff)

    def pts(v: float | None) -> float | None:
        return None if v is None else v * 100

    fig = go.Figure(
        go.Heatmap(
            z=[[pts(v) for v in row] for row in diff],
            x=[str(c) for c in impact.cols],
            y=[str(r) for r in impact.rows],
            zmin=-top * 100,
            zmax=top * 100,
            zmid=0,
            colorscale=[[0, BAD], [0.5, "rgba(128,128,128,0.15)"], [1, GOOD]],
            text=[["" if v is None else f"{v * 100:+.1f}" for v in row] for row in diff],
            texttemplate="%{text}",
            customdata=[
                [[a, b, (s or 0.0) * 100] for a, b, s in zip(ra, rb, rs)]
                for ra, rb, rs in zip(impact.before, impact.after, se)
            ],
            hovertemplate=(
                f"{esc(impact.row_name)} %{{y}}, {esc(impact.col_name)} %{{x}}<br>"
                "%{customdata[0]:.1%} → %{customdata[1]:.1%} (%{z:+.1f} points"
                + ("" if impact.exact else " ± %{customdata[2]:.1f}")
                + ")<extra></extra>"
            ),
            hoverongaps=False,
            colorbar=dict(title="points"),
        )
    )
    fig.update_layout(
        title=f"House rule impact: {esc(impact.subject)} ({esc(opts or 'identical rules')})",
        xaxis_title=esc(impact.col_name),
        yaxis_title=esc(impact.row_name),
        height=420,
        width=600,
    )
    fig.update_xaxes(type="category")
    fig.update_yaxes(type="category")
    return apply(fig, template)


def luck_progress(luck: Luck, *, template: str = "gmkit") -> go.Figure:
    """Expected progress (from the odds before each step) against the progress the game had.

    Works for every system's report (:class:`~kit.advising.Luck`): a job's counts Progress roll
    by roll towards its Difficulty; a board's counts its own measure (say, successes) check by
    check towards what it needs, or towards nothing on a preparation board; a battle's hits and
    a journey's plotting successes step by step.
    """
    steps = luck.steps
    x = [s.index for s in steps]
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=[0, *x],
            y=[0.0, *(s.expected_progress for s in steps)],
            name="expected",
            mode="lines",
            line=dict(color=NEUTRAL, dash="dash"),
            hovertemplate="after roll %{x}: %{y:.2f} expected<extra></extra>",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=[0, *x],
            y=[0, *(s.progress for s in steps)],
            name="actual",
            mode="lines+markers",
            line=dict(color=ACCENT),
            text=[
                "start",
                *(f"{esc(s.incident)}: {s.total} (percentile {s.percentile:.0%})" for s in steps),
            ],
            hovertemplate="after roll %{x}: Progress %{y}<br>%{text}<extra></extra>",
        )
    )
    job = luck.kind == "job"
    label = luck.progress_label
    if job:
        fig.add_hline(
            y=luck.difficulty, line=dict(color=GOOD, dash="dot"), annotation_text="Difficulty"
        )
    elif luck.difficulty:
        fig.add_hline(
            y=luck.difficulty, line=dict(color=GOOD, dash="dot"), annotation_text=f"{label} needed"
        )
    fig.update_layout(
        title=f"Luck: {esc(luck.verdict)}",
        xaxis_title="roll (main and companion)" if job else "step",
        yaxis_title="Progress" if job else esc(label),
        height=360,
    )
    return apply(fig, template)
