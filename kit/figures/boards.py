"""Figures of Complex Task boards: how a board is likely to end.

>>> from kit.boards import StandardBoard
>>> fig = board_outcomes(StandardBoard([6, 5, 7, 4], goal=3), checks="2d6")
>>> [trace.type for trace in fig.data]
['bar', 'bar']
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..boards import Board, BoardOdds, odds
from ..boards.checks import ChecksLike, SkillsLike
from ..errors import InvalidType
from .theme import ACCENT, BAD, GOOD, NEUTRAL, apply, esc

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ..boards.odds import OddsOptions

__all__ = ["board_outcomes"]

_GOOD_NAMES = {"goal reached", "limit met", "players win"}
_UNIT = {
    "standard": "checks",
    "limit": "checks",
    "preparation": "checks",
    "contest": "exchanges",
    "chase": "rounds",
}


def _colour(kind: str, name: str, role: str | None) -> str:
    if name == "unresolved":
        return NEUTRAL
    if kind == "chase":
        good = "escaped" if role == "escapee" else "caught"
        return GOOD if name == good else BAD
    if kind == "preparation":
        return ACCENT
    return GOOD if name in _GOOD_NAMES else BAD


def board_outcomes(
    board: Board[Any],
    *,
    checks: ChecksLike = "2d6",
    skills: SkillsLike = None,
    result: BoardOdds | None = None,
    title: str | None = None,
    template: str = "gmkit",
    **odds_options: Unpack[OddsOptions],
) -> go.Figure:
    """The outcome distribution of ``board``: its ends (left) and how it gets there (right).

    The left panel gives the chance of each way the board can end. The right panel gives the
    distribution of the players' successes at the end (standard, limit and preparation boards,
    where the count shapes the narration) or of the exchanges / rounds a contest or chase
    still lasts.

    Args:
        board: any board, fresh or part-played.
        checks: the players' check distribution (``"2d6"``, a table, an int).
        skills: the skills the players plan to use, in order.
        result: precomputed odds (from :func:`kit.boards.odds` or :func:`kit.boards.simulate`);
            when given, ``checks`` and ``skills`` are ignored.
        title: the figure title (default: the board kind and title).
        template: the plotly template.
        **odds_options: passed to :func:`kit.boards.odds` (``opponent_checks``, ``order``...).
    """
    if not isinstance(board, Board):
        raise InvalidType(f"board must be one of the kit's boards, got {type(board).__name__}")
    if result is not None and not isinstance(result, BoardOdds):
        raise InvalidType(f"result must be a BoardOdds, got {type(result).__name__}")
    res = result if result is not None else odds(board, checks, skills, **odds_options)
    kind = res.kind
    role = getattr(board, "role", None)
    names = list(res.outcomes)
    probs = [float(res.outcomes[n]) for n in names]
    if kind in ("contest", "chase"):
        right = _trim({k: float(v) for k, v in res.length.items()})
        right_title = f"{_UNIT[kind]} still to play"
    else:
        right = {k: float(v) for k, v in res.successes.items()}
        right_title = "successes at the end"
    fig = make_subplots(
        rows=1,
        cols=2,
        column_widths=[0.42, 0.58],
        horizontal_spacing=0.14,
        subplot_titles=("how it ends", right_title),
    )
    fig.add_trace(
        go.Bar(
            y=names,
            x=probs,
            orientation="h",
            marker_color=[_colour(kind, n, role) for n in names],
            text=[f"{p:.1%}" for p in probs],
            textposition="outside",
            textangle=0,
            cliponaxis=False,
            name="outcome",
            hovertemplate="%{y}: %{x:.2%}<extra></extra>",
        ),
        row=1,
        col=1,
    )
    goal = getattr(board, "goal", None) if kind == "standard" else getattr(board, "need", None)
    bar_colours = [GOOD if goal is not None and k >= goal else ACCENT for k in right]
    fig.add_trace(
        go.Bar(
            x=list(right),
            y=list(right.values()),
            marker_color=bar_colours,
            name=right_title,
            hovertemplate="%{x}: %{y:.2%}<extra></extra>",
        ),
        row=1,
        col=2,
    )
    fig.update_xaxes(
        range=[0, 1.18], tickvals=[0, 0.25, 0.5, 0.75, 1], tickformat=".0%", row=1, col=1
    )
    fig.update_yaxes(autorange="reversed", row=1, col=1)
    fig.update_yaxes(tickformat=".0%", row=1, col=2)
    fig.update_xaxes(dtick=1, title_text=right_title.split(" ")[0], row=1, col=2)
    label = esc(board.title) if board.title else f"{kind} board"
    source = (
        f"Monte Carlo, {res.n} runs"
        if res.method == "simulated"
        else "exact"
        if isinstance(res.success, Fraction) or res.success is None
        else "Markov chain, to 1e-12"
    )
    fig.update_layout(
        title=title if title is not None else f"{label}: outcomes ({source})",
        showlegend=False,
        height=340,
        bargap=0.25,
    )
    return apply(fig, template)


def _trim(dist: dict[int, float], keep: float = 0.999) -> dict[int, float]:
    """Drop the far tail of a long distribution (keeps the first ``keep`` of the mass)."""
    out: dict[int, float] = {}
    total = 0.0
    for k in sorted(dist):
        out[k] = dist[k]
        total += dist[k]
        if total >= keep:
            break
    return out
