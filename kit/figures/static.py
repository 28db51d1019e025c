"""A plotly figure as a small static SVG, for handouts read offline and on paper.

The kit's handout figures are 2D scatter plots (orbits, sector maps, a job's progress) with a few
shapes and annotations. This draws exactly those parts as SVG, in the page's own colours, with
no JavaScript: a handout stays a few kilobytes and opens anywhere. Interactive figures (hover,
zoom) remain the notebook's job, or the handout's ``plotlyjs="cdn"`` / ``"inline"`` options.

>>> import plotly.graph_objects as go
>>> fig = go.Figure(go.Scatter(x=[0, 1, 2], y=[0, 1, 0], mode="lines+markers", name="a <b>"))
>>> svg = to_svg(fig, width=300, height=200)
>>> svg.startswith("<svg") and "a &lt;b&gt;" in svg and "<script" not in svg
True
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING, Any

from ..errors import InvalidType

if TYPE_CHECKING:
    import plotly.graph_objects as go

__all__ = ["to_svg"]

_PALETTE = ("#4e8fd6", "#e0823d", "#2e9a62", "#d0424f", "#8a63d2", "#c49a2c")


def _num(values: Any) -> list[float | None]:
    out: list[float | None] = []
    for v in values if values is not None else ():
        try:
            f = float(v)
        except (TypeError, ValueError):
            out.append(None)
            continue
        out.append(f if math.isfinite(f) else None)
    return out


def _each(value: Any, n: int, default: Any) -> list[Any]:
    """A per-point property: a list as given, one value repeated, or the default."""
    if value is None:
        return [default] * n
    if isinstance(value, (str, int, float)):
        return [value] * n
    seq = list(value)
    return [seq[i] if i < len(seq) and seq[i] is not None else default for i in range(n)]


def _esc(text: Any) -> str:
    """Plain text for SVG: plotly's <br> becomes a space, every other tag is shown as text."""
    s = str(text).replace("<br>", " ").replace("<br />", " ")
    return html.escape(s, quote=True)


def to_svg(fig: go.Figure, *, width: int = 720, height: int | None = None) -> str:
    """Draw ``fig``'s 2D scatter traces, line/rect/circle shapes and annotations as SVG.

    Axes keep the figure's equal scaling when its y axis is anchored to x (star systems); the
    title and a legend of named traces are drawn; other trace types are left out and named
    in a note under the figure, so nothing is dropped silently.
    """
    import plotly.graph_objects as go

    if not isinstance(fig, go.Figure):
        raise InvalidType(f"to_svg needs a plotly Figure, got {type(fig).__name__}")
    layout = fig.layout
    height = int(height or layout.height or 480)
    width = int(width)
    top = 40 if layout.title and layout.title.text else 16
    pad_l, pad_r, pad_b = 44, 16, 36
    xs: list[float] = []
    ys: list[float] = []
    drawn: list[Any] = []
    skipped: list[str] = []
    for t in fig.data:
        if t.type not in ("scatter", "scattergl"):
            skipped.append(t.type)
            continue
        drawn.append(t)
        xs += [v for v in _num(t.x) if v is not None]
        ys += [v for v in _num(t.y) if v is not None]
    for s in layout.shapes or ():
        for kx, ky in (("x0", "y0"), ("x1", "y1")):
            x, y = _num([getattr(s, kx)])[0], _num([getattr(s, ky)])[0]
            if x is not None and s.xref in (None, "x"):
                xs.append(x)
            if y is not None and s.yref in (None, "y"):
                ys.append(y)
    if not xs or not ys:
        xs, ys = [0.0, 1.0], [0.0, 1.0]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(ys), max(ys)
    if x1 - x0 < 1e-12:
        x0, x1 = x0 - 1, x1 + 1
    if y1 - y0 < 1e-12:
        y0, y1 = y0 - 1, y1 + 1
    mx, my = (x1 - x0) * 0.05, (y1 - y0) * 0.08
    x0, x1, y0, y1 = x0 - mx, x1 + mx, y0 - my, y1 + my
    names = [t.name for t in drawn if t.name and t.showlegend is not False]
    legend_w = 150 if names else 0
    plot_w = width - pad_l - pad_r - legend_w
    plot_h = height - top - pad_b
    sx = plot_w / (x1 - x0)
    sy = plot_h / (y1 - y0)
    equal = getattr(layout.yaxis, "scaleanchor", None) == "x"
    if equal:
        sx = sy = min(sx, sy)

    def px(x: float) -> float:
        return pad_l + (x - x0) * sx

    def py(y: float) -> float:
        return top + plot_h - (y - y0) * sy

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" font-family="sans-serif" font-size="11" '
        f'style="max-width:100%;height:auto;color:inherit">'
    ]
    title = layout.title.text if layout.title else None
    if title:
        out.append(f"<title>{_esc(title)}</title>")
        out.append(
            f'<text x="{pad_l}" y="22" font-size="14" fill="currentColor">{_esc(title)}</text>'
        )
    if not equal:  # a frame and the axis ends for charts; star maps need none
        out.append(
            f'<rect x="{pad_l}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" '
            'stroke="currentColor" stroke-opacity="0.25"/>'
        )
        out.extend(
            f'<text x="{pad_l - 4}" y="{py(v) + 4:.1f}" text-anchor="end" '
            f'fill="currentColor" fill-opacity="0.7">{v:g}</text>'
            for v in (y0 + my, y1 - my)
        )
        out.extend(
            f'<text x="{px(v):.1f}" y="{top + plot_h + 14}" text-anchor="middle" '
            f'fill="currentColor" fill-opacity="0.7">{v:g}</text>'
            for v in (x0 + mx, x1 - mx)
        )
    for s in layout.shapes or ():
        if s.xref not in (None, "x") or s.yref not in (None, "y"):
            continue
        ends = _num([s.x0, s.y0, s.x1, s.y1])
        if None in ends:
            continue
        a, b, c, d = (float(e or 0.0) for e in ends)
        color = (s.line.color if s.line else None) or "currentColor"
        dash = ' stroke-dasharray="4 3"' if s.line and s.line.dash not in (None, "solid") else ""
        if s.type == "line":
            out.append(
                f'<line x1="{px(a):.1f}" y1="{py(b):.1f}" x2="{px(c):.1f}" y2="{py(d):.1f}" '
                f'stroke="{_esc(color)}" stroke-opacity="0.6"{dash}/>'
            )
        elif s.type in ("rect", "circle"):
            fill = s.fillcolor or "none"
            box = (min(px(a), px(c)), min(py(b), py(d)), abs(px(c) - px(a)), abs(py(d) - py(b)))
            if s.type == "rect":
                out.append(
                    f'<rect x="{box[0]:.1f}" y="{box[1]:.1f}" width="{box[2]:.1f}" '
                    f'height="{box[3]:.1f}" fill="{_esc(fill)}" stroke="{_esc(color)}"{dash}/>'
                )
            else:
                out.append(
                    f'<ellipse cx="{box[0] + box[2] / 2:.1f}" cy="{box[1] + box[3] / 2:.1f}" '
                    f'rx="{box[2] / 2:.1f}" ry="{box[3] / 2:.1f}" fill="{_esc(fill)}" '
                    f'stroke="{_esc(color)}"{dash}/>'
                )
    for k, t in enumerate(drawn):
        tx, ty = _num(t.x), _num(t.y)
        n = min(len(tx), len(ty))
        mode = t.mode or "markers"
        base = _PALETTE[k % len(_PALETTE)]
        line_color = (t.line.color if t.line and isinstance(t.line.color, str) else None) or base
        if "lines" in mode:
            runs: list[list[tuple[float, float]]] = [[]]
            for i in range(n):
                if tx[i] is None or ty[i] is None:
                    runs.append([])
                else:
                    runs[-1].append((px(tx[i]), py(ty[i])))  # type: ignore[arg-type]
            dash = (
                ' stroke-dasharray="5 4"' if t.line and t.line.dash not in (None, "solid") else ""
            )
            lw = (t.line.width if t.line and t.line.width else 1.6) or 1.6
            for run in runs:
                if len(run) > 1:
                    pts = " ".join(f"{a:.1f},{b:.1f}" for a, b in run)
                    out.append(
                        f'<polyline points="{pts}" fill="none" stroke="{_esc(line_color)}" '
                        f'stroke-width="{lw}"{dash} opacity="{t.opacity or 1}"/>'
                    )
        if "markers" in mode:
            marker = t.marker
            colors = _each(marker.color if marker else None, n, line_color)
            sizes = _each(marker.size if marker else None, n, 6)
            for i in range(n):
                if tx[i] is None or ty[i] is None:
                    continue
                color = colors[i] if isinstance(colors[i], str) else line_color
                r = max(1.0, float(sizes[i] or 6) / 2)
                out.append(
                    f'<circle cx="{px(tx[i]):.1f}" cy="{py(ty[i]):.1f}" r="{r:.1f}" '  # type: ignore[arg-type]
                    f'fill="{_esc(color)}" opacity="{t.opacity or 1}"/>'
                )
        if "text" in mode and t.text is not None:
            texts = _each(t.text, n, "")
            for i in range(n):
                if tx[i] is None or ty[i] is None or not texts[i]:
                    continue
                out.append(
                    f'<text x="{px(tx[i]) + 6:.1f}" y="{py(ty[i]) - 6:.1f}" '  # type: ignore[arg-type]
                    f'fill="currentColor">{_esc(texts[i])}</text>'
                )
    for a in layout.annotations or ():
        if a.xref not in (None, "x") or a.yref not in (None, "y") or a.text is None:
            continue
        x, y = _num([a.x, a.y])
        if x is None or y is None:
            continue
        out.append(
            f'<text x="{px(x):.1f}" y="{py(y):.1f}" text-anchor="middle" fill="currentColor" '
            f'fill-opacity="0.8">{_esc(a.text)}</text>'
        )
    if names:
        lx = width - legend_w + 8
        for i, t in enumerate(t for t in drawn if t.name and t.showlegend is not False):
            k = drawn.index(t)
            color = (
                t.line.color if t.line and isinstance(t.line.color, str) else None
            ) or _PALETTE[k % len(_PALETTE)]
            if (
                t.marker is not None
                and isinstance(t.marker.color, str)
                and "lines" not in (t.mode or "")
            ):
                color = t.marker.color
            y = top + 8 + 16 * i
            out.append(f'<rect x="{lx}" y="{y - 8}" width="10" height="10" fill="{_esc(color)}"/>')
            out.append(f'<text x="{lx + 16}" y="{y + 1}" fill="currentColor">{_esc(t.name)}</text>')
    if skipped:
        out.append(
            f'<text x="{pad_l}" y="{height - 6}" fill="currentColor" fill-opacity="0.7">'
            f"not drawn here: {_esc(', '.join(sorted(set(skipped))))} traces</text>"
        )
    out.append("</svg>")
    return "".join(out)
