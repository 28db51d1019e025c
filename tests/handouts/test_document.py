"""The handouts' document (kit.handouts.document): user text stays literal in Markdown and HTML,
and the same handout gives the same bytes."""

from __future__ import annotations

import re

import pytest

from kit.errors import InvalidInput
from kit.handouts import handout
from kit.handouts.document import Document, md, md_block
from kit.regulus import Job, Operative
from kit.successors import Entity
from kit.successors.sector import generate_sector
from kit.successors.stars import generate_system


# ---------------------------------------------------------------- stable exports
@pytest.mark.parametrize(
    "make",
    [
        lambda: Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1).play(),
        lambda: generate_system(seed=11),
        lambda: generate_sector(12, seed=2),
    ],
)
def test_same_handout_same_bytes(make):
    assert handout(make(), fmt="html") == handout(make(), fmt="html")  # static figures
    first = handout(make(), fmt="html", plotlyjs="cdn")
    assert first == handout(make(), fmt="html", plotlyjs="cdn")
    ids = re.findall(r'<div id="([^"]+)"', first)
    assert ids and all(i.startswith("gmk-figure-") for i in ids)


# ---------------------------------------------------------------- Markdown is text
HOSTILE_MD = [
    "[click me](https://evil.example)",
    "![pixel](https://evil.example/p.png)",
    "*shout* _lean_ **bold** ~~gone~~ `code`",
    "<a href='https://evil.example'>x</a>",
    "https://evil.example",
    "a | b",
]


def _tags(html: str) -> dict[str, int]:
    return {
        t: html.count(t)
        for t in (
            "<a ",
            "<img",
            "<em>",
            "<strong>",
            "<s>",
            "<code>",
            "<del>",
            "<table>",
            "<h1>",
            "<h2>",
            "<li>",
        )
    }


@pytest.mark.parametrize("name", HOSTILE_MD)
def test_markdown_handouts_render_user_text_literally(name):
    markdown_it = pytest.importorskip("markdown_it")
    md = markdown_it.MarkdownIt("commonmark").enable(["table", "strikethrough"])

    def rendered(text: str) -> str:
        job = Job("heist", 4, 5, [Operative(text, "Face", [text])], seed=1, title=text).play()
        return md.render(handout(job))

    # the user's text adds no element: the page has the same tags as with a plain name
    assert _tags(rendered(name)) == _tags(rendered("Plain"))
    assert "evil.example" not in rendered("Plain")


@pytest.mark.parametrize("name", ["# Heading", "1. first", "- item", "> quote"])
def test_a_note_that_starts_like_a_block_stays_a_paragraph(name):
    markdown_it = pytest.importorskip("markdown_it")
    md = markdown_it.MarkdownIt("commonmark")
    entity = Entity("Vex", battle=2, notes=[name])
    rendered = md.render(handout(entity))
    assert f"<p>{name.replace('>', '&gt;')}</p>" in rendered


def test_html_handouts_are_small_offline_print_well_and_go_interactive_on_request() -> None:
    from kit.handouts import handout
    from kit.successors.stars import generate_system

    system = generate_system(2)  # five orbits, so the figure has bodies to draw
    page = handout(system, fmt="html")  # static SVG figures: opens and prints offline
    assert len(page.encode()) < 1_000_000 and "@media print" in page
    assert "<svg" in page and "<script" not in page and "cdn.plot.ly" not in page
    assert page.count("<circle") >= 5  # the star and the bodies of the five orbits
    cdn = handout(system, fmt="html", plotlyjs="cdn")  # interactive when online
    assert 'src="https://cdn.plot.ly' in cdn and len(cdn.encode()) < 1_000_000
    full = handout(system, fmt="html", plotlyjs="inline")  # interactive offline
    assert len(full.encode()) > 3_000_000 and 'src="https://cdn.plot.ly' not in full
    assert handout(system, fmt="html") == page  # same handout, same bytes
    with pytest.raises(InvalidInput, match="plotlyjs"):
        handout(system, fmt="html", plotlyjs="local")


@pytest.mark.parametrize(
    "text, literal",
    [
        ("*bold*", "\\*bold\\*"),
        ("[x](y)", "\\[x\\](y)"),
        ("a|b", "a\\|b"),
        ("<b>&", "&lt;b&gt;&amp;"),
        ("see https://x.example", "see https\\://x.example"),
        ("www.x.example", "www\\.x.example"),
        ("two\nlines", "two lines"),
        ("`code`", "\\`code\\`"),
    ],
)
def test_md_makes_user_text_literal(text, literal):
    assert md(text) == literal


@pytest.mark.parametrize(
    "text, literal",
    [
        ("# title", "\\# title"),
        ("1. one", "1\\. one"),
        ("2) two", "2\\) two"),
        ("- item", "\\- item"),
    ],
)
def test_md_block_stops_a_paragraph_starting_a_block(text, literal):
    assert md_block(text) == literal
    assert md(text) == text  # inside a line these mean nothing


def _sheet() -> Document:
    doc = Document("Vex & <co>")
    doc.h("Crew")
    doc.p("# not a heading")
    doc.items([("Lead", "A|B")])
    doc.table(["Name", "Gig"], [["<i>Oro</i>", "Hacker"]])
    return doc


def test_a_document_in_markdown_keeps_every_part_in_order():
    assert _sheet().markdown() == (
        "# Vex &amp; &lt;co&gt;\n\n## Crew\n\n\\# not a heading\n\n- **Lead:** A\\|B\n\n"
        "| Name | Gig |\n|---|---|\n| &lt;i&gt;Oro&lt;/i&gt; | Hacker |\n"
    )


def test_a_document_as_a_page_escapes_every_part():
    page = _sheet().html()
    assert page.startswith("<!DOCTYPE html>") and "<title>Vex &amp; &lt;co&gt;</title>" in page
    body = _sheet().body()
    assert body.split("\n") == [
        "<h1>Vex &amp; &lt;co&gt;</h1>",
        "<h2>Crew</h2>",
        "<p># not a heading</p>",
        "<dl><dt>Lead</dt><dd>A|B</dd></dl>",
        "<table><thead><tr><th>Name</th><th>Gig</th></tr></thead><tbody>"
        "<tr><td>&lt;i&gt;Oro&lt;/i&gt;</td><td>Hacker</td></tr></tbody></table>",
    ]
