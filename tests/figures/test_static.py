"""A plotly figure as a small static SVG (kit.figures.static.to_svg), for offline handouts.

The SVG is read back with an XML parser and checked for what a reader of the page sees: one
dot per point in the data's order, lines broken where the data has gaps, a star map's circles
kept round, every text escaped, and anything it cannot draw named rather than dropped.
"""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

import plotly.graph_objects as go
import pytest

from kit.errors import InvalidType
from kit.figures.static import to_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # well-formed XML, or this raises


def all_of(root: ET.Element, tag: str) -> list[ET.Element]:
    return list(root.iter(NS + tag))


def test_one_dot_per_point_in_the_datas_order_and_the_requested_size():
    fig = go.Figure(go.Scatter(x=[0, 1, 2, 3], y=[0, 3, 1, 2], mode="markers"))
    root = parse(to_svg(fig, width=400, height=300))
    assert (root.get("width"), root.get("height")) == ("400", "300")
    dots = all_of(root, "circle")
    assert len(dots) == 4
    cx = [float(d.get("cx")) for d in dots]
    cy = [float(d.get("cy")) for d in dots]
    assert cx == sorted(cx) and len(set(cx)) == 4
    # SVG's y grows downward: the highest point (y=3) is drawn nearest the top
    assert min(cy) == cy[1] and max(cy) == cy[0]
    # equal steps in x are equal steps on the page
    steps = [b - a for a, b in itertools.pairwise(cx)]
    assert max(steps) - min(steps) < 0.2


def test_a_gap_in_the_data_breaks_the_line_and_bad_numbers_are_skipped():
    fig = go.Figure(
        go.Scatter(x=[0, 1, None, 3, 4, 5], y=[0, 1, 5, 3, float("nan"), 1], mode="lines+markers")
    )
    root = parse(to_svg(fig))
    lines = all_of(root, "polyline")
    # runs: (0,0)-(1,1), then (3,3) alone, then (5,1) alone: a line needs two points
    assert [len(p.get("points").split()) for p in lines] == [2]
    assert len(all_of(root, "circle")) == 4  # the None x and the NaN y are not drawn


def test_a_star_map_keeps_circles_round_and_a_chart_does_not():
    ring = dict(type="circle", x0=-1, y0=-1, x1=1, y1=1, xref="x", yref="y")
    wide = go.Figure(go.Scatter(x=[-10, 10], y=[-1, 1], mode="markers"))
    wide.add_shape(**ring)
    chart = parse(to_svg(wide, width=600, height=300))
    [oval] = all_of(chart, "ellipse")
    assert float(oval.get("rx")) != pytest.approx(float(oval.get("ry")), rel=0.05)
    wide.update_yaxes(scaleanchor="x")  # equal scales, as the star-system figure sets
    star_map = parse(to_svg(wide, width=600, height=300))
    [round_] = all_of(star_map, "ellipse")
    assert float(round_.get("rx")) == pytest.approx(float(round_.get("ry")))
    assert not any(
        r.get("fill") == "none" and r.get("stroke-opacity") for r in all_of(star_map, "rect")
    )


def test_titles_names_labels_and_annotations_are_text_not_markup():
    evil = '<a href="https://evil.example">Vex</a><script>alert(1)</script>'
    fig = go.Figure(
        go.Scatter(x=[0, 1], y=[0, 1], mode="markers+text", text=[evil, "ok"], name=evil)
    )
    fig.update_layout(title=evil)
    fig.add_annotation(x=0.5, y=0.5, text=evil, xref="x", yref="y")
    svg = to_svg(fig)
    root = parse(svg)
    assert not list(root.iter("script")) and not list(root.iter(NS + "script"))
    assert not list(root.iter(NS + "a")) and "<script" not in svg
    texts = [t.text for t in all_of(root, "text")]
    assert texts.count(evil) == 4  # title, point label, legend name, annotation: shown as typed
    assert root.find(NS + "title").text == evil


def test_the_legend_lists_named_traces_only():
    fig = go.Figure(
        [
            go.Scatter(x=[0], y=[0], name="Planets", marker=dict(color="#3aa676")),
            go.Scatter(x=[1], y=[1], name="hidden", showlegend=False),
            go.Scatter(x=[2], y=[2]),
        ]
    )
    root = parse(to_svg(fig))
    labels = [t.text for t in all_of(root, "text")]
    assert "Planets" in labels and "hidden" not in labels
    assert any(r.get("fill") == "#3aa676" and r.get("width") == "10" for r in all_of(root, "rect"))


def test_what_it_cannot_draw_is_named():
    fig = go.Figure([go.Bar(x=[1, 2], y=[3, 4]), go.Heatmap(z=[[1, 2]]), go.Scatter(x=[0], y=[0])])
    texts = [t.text for t in all_of(parse(to_svg(fig)), "text")]
    assert "not drawn here: bar, heatmap traces" in texts


def test_an_empty_figure_is_still_an_svg():
    root = parse(to_svg(go.Figure(), width=200, height=100))
    assert root.tag == NS + "svg" and not all_of(root, "circle")
    assert math.isclose(float(root.get("width")), 200)


@pytest.mark.parametrize("wrong", [None, "figure", {"data": []}])
def test_only_a_plotly_figure_is_drawn(wrong):
    with pytest.raises(InvalidType, match="plotly Figure"):
        to_svg(wrong)
