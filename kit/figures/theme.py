"""The kit's plotly look: one template that reads well on JupyterLab's light and dark themes.

Plotly's default ``plotly_white`` paints a white card that glares on a dark page. The
``gmkit`` template draws on a transparent background, uses a mid-grey for text and a faint
grid that keep their contrast on both white and near-black, and a colour sequence of
mid-tone hues chosen to stay distinct on either. ``gmkit_light`` and ``gmkit_dark`` are
opaque variants for exports (HTML handouts, PNG files) where no page shows through.

Every figure function in :mod:`kit.figures` applies ``template="gmkit"`` unless told otherwise.
"""

from __future__ import annotations

import html

import plotly.graph_objects as go
import plotly.io as pio

__all__ = ["COLORS", "SIDE_COLORS", "TEMPLATE", "apply", "esc", "register"]

TEMPLATE = "gmkit"

#: Mid-tone categorical colours that keep contrast on white and on #111.
COLORS = ["#4e8fd6", "#e0823d", "#3aa676", "#d4566b", "#9a72d0", "#c9a227", "#3fb0b8", "#a5775a"]
#: Success / failure / neutral accents used across systems.
GOOD, BAD, NEUTRAL, ACCENT = "#3aa676", "#d4566b", "#8a919c", "#e0823d"
SIDE_COLORS = COLORS

_TEXT = "#7b8390"
_GRID = "rgba(128,128,128,0.22)"


def _layout(paper: str, text: str) -> go.Layout:
    axis = dict(
        gridcolor=_GRID,
        zerolinecolor="rgba(128,128,128,0.45)",
        linecolor="rgba(128,128,128,0.45)",
        tickcolor="rgba(128,128,128,0.45)",
        title=dict(font=dict(color=text)),
        automargin=True,
    )
    return go.Layout(
        paper_bgcolor=paper,
        plot_bgcolor=paper,
        font=dict(family="Inter, 'Segoe UI', Helvetica, Arial, sans-serif", size=13, color=text),
        title=dict(font=dict(size=17), x=0.02, xanchor="left"),
        colorway=COLORS,
        xaxis=axis,
        yaxis=axis,
        legend=dict(bgcolor="rgba(0,0,0,0)", bordercolor="rgba(0,0,0,0)"),
        hoverlabel=dict(bgcolor="#2b2f36", font=dict(color="#f2f4f7"), bordercolor="#2b2f36"),
        margin=dict(l=60, r=30, t=60, b=50),
        polar=dict(bgcolor=paper),
        scene=dict(
            xaxis=dict(backgroundcolor=paper, gridcolor=_GRID, color=text),
            yaxis=dict(backgroundcolor=paper, gridcolor=_GRID, color=text),
            zaxis=dict(backgroundcolor=paper, gridcolor=_GRID, color=text),
        ),
        coloraxis=dict(colorbar=dict(outlinewidth=0, tickcolor=text)),
    )


def register() -> None:
    """Register ``gmkit``, ``gmkit_light`` and ``gmkit_dark`` with plotly (idempotent)."""
    if TEMPLATE in pio.templates:
        return
    pio.templates[TEMPLATE] = go.layout.Template(layout=_layout("rgba(0,0,0,0)", _TEXT))
    pio.templates["gmkit_light"] = go.layout.Template(layout=_layout("#ffffff", "#3b4049"))
    pio.templates["gmkit_dark"] = go.layout.Template(layout=_layout("#111111", "#c8ccd3"))


def apply(fig: go.Figure, template: str = TEMPLATE) -> go.Figure:
    """Register the templates if needed and apply ``template`` to ``fig``; return ``fig``."""
    register()
    fig.update_layout(template=template)
    return fig


def esc(text: object) -> str:
    """User text made safe for a plotly title, label, hover or annotation.

    Plotly reads a subset of HTML in every text it draws (``<a href>`` becomes a live link,
    ``<b>`` bold, ``<br>`` a new line), so a name a user typed is escaped before it goes in.

    >>> esc('<a href="https://x">Vex</a>')
    '&lt;a href="https://x"&gt;Vex&lt;/a&gt;'
    """
    return html.escape(str(text), quote=False)
