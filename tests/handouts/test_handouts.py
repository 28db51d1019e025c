"""Handouts (kit.handouts): one entry point for every kind, its audiences and formats, and
the kit's errors for a request it cannot answer."""

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.handouts import handout, save_handout


def test_bad_requests(tmp_path, job):
    with pytest.raises(InvalidInput, match="audience"):
        handout(job, audience="players")
    with pytest.raises(InvalidType, match="no handout"):
        handout(42)
    with pytest.raises(InvalidInput, match=r".md, .html or .pdf"):
        save_handout(job, tmp_path / "x.docx")
    path = save_handout(job, tmp_path / "record.md", audience="player")
    assert path.read_text().startswith("# Job Record")


def test_a_static_figure_shows_user_text_as_text() -> None:
    import plotly.graph_objects as go

    from kit.figures.static import to_svg

    fig = go.Figure(
        go.Scatter(x=[0, 1], y=[0, 1], mode="markers+text", text=["<a href=x>loot</a>", "b"])
    )
    fig.update_layout(title="<script>alert(1)</script>")
    svg = to_svg(fig)
    assert "<script" not in svg and "<a href" not in svg and "&lt;a href=x&gt;loot&lt;/a&gt;" in svg
    with pytest.raises(InvalidType, match="plotly Figure"):
        to_svg("not a figure")
