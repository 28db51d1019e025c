"""The kit's plotly look: three templates (shared, light, dark), colours that read on both pages,
and user text escaped before plotly reads it as HTML.

Contrast is the WCAG 2.1 ratio, worked out here from its definition: the relative luminance of
each sRGB colour, then (lighter + 0.05) / (darker + 0.05). Text needs 4.5:1 on an opaque page
(WCAG AA); the shared template's grey text, drawn on whatever page shows through, needs the 3:1
WCAG asks of large text and graphics on both white and JupyterLab's dark page (#111111).
"""

from __future__ import annotations

import plotly.graph_objects as go
import plotly.io as pio
import pytest

from kit.figures import theme

WHITE, DARK = "#ffffff", "#111111"


def luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_contrast_helper_matches_the_wcag_end_points():
    # black on white is the largest ratio WCAG defines, 21:1; a colour against itself is 1:1
    assert contrast("#000000", WHITE) == pytest.approx(21.0)
    assert contrast(WHITE, WHITE) == pytest.approx(1.0)


def test_register_adds_three_templates_once():
    theme.register()
    first = pio.templates[theme.TEMPLATE]
    theme.register()  # a second call changes nothing
    assert pio.templates[theme.TEMPLATE] is first
    assert {"gmkit", "gmkit_light", "gmkit_dark"} <= set(pio.templates)


def test_the_shared_template_is_transparent_and_its_text_reads_on_light_and_dark():
    layout = pio.templates["gmkit"].layout
    assert layout.paper_bgcolor == layout.plot_bgcolor == "rgba(0,0,0,0)"
    text = layout.font.color
    assert contrast(text, WHITE) >= 3 and contrast(text, DARK) >= 3


@pytest.mark.parametrize("name", ["gmkit_light", "gmkit_dark"])
def test_the_opaque_templates_paint_their_page_and_text_passes_aa(name):
    layout = pio.templates[name].layout
    paper, text = layout.paper_bgcolor, layout.font.color
    assert layout.plot_bgcolor == paper
    assert paper == (WHITE if name == "gmkit_light" else DARK)
    assert contrast(paper, text) >= 4.5
    # the axis titles and a 3D scene's axes use the same text colour as the page's font
    assert layout.xaxis.title.font.color == text and layout.scene.zaxis.color == text


def test_the_colour_sequence_is_distinct_and_no_colour_fades_into_either_page():
    assert len(set(theme.COLORS)) == len(theme.COLORS) == 8
    assert pio.templates["gmkit"].layout.colorway == tuple(theme.COLORS)
    for colour in (*theme.COLORS, theme.GOOD, theme.BAD, theme.NEUTRAL, theme.ACCENT):
        # a floor, not WCAG's 3:1 (the yellow and teal mid-tones reach about 2.4:1 on white):
        # every mark stays clearly visible on both pages
        assert contrast(colour, WHITE) >= 2, colour
        assert contrast(colour, DARK) >= 2, colour
    assert theme.GOOD != theme.BAD


@pytest.mark.parametrize("name", ["gmkit", "gmkit_light", "gmkit_dark"])
def test_apply_sets_the_template_and_returns_the_same_figure(name):
    fig = go.Figure(go.Bar(x=[1, 2], y=[3, 4]))
    assert theme.apply(fig, name) is fig
    assert fig.layout.template.layout.paper_bgcolor == pio.templates[name].layout.paper_bgcolor


@pytest.mark.parametrize(
    "text, escaped",
    [
        ('<a href="https://x">Vex</a>', '&lt;a href="https://x"&gt;Vex&lt;/a&gt;'),
        ("Rock & Roll <br>", "Rock &amp; Roll &lt;br&gt;"),
        ("plain name", "plain name"),
        (42, "42"),
    ],
)
def test_esc_makes_user_text_inert_for_plotly(text, escaped):
    assert theme.esc(text) == escaped
