"""The handouts' document: headings, paragraphs, tables and figures as Markdown or an HTML page.

:class:`Document` is what every handout renderer builds (:mod:`kit.handouts`) and what the
session recap and the player screen render too. User text is literal in both formats: HTML is
escaped, and so is every piece of Markdown syntax (links, images, emphasis, code, tables,
line-start markers, autolinks).
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from plotly.graph_objects import Figure

__all__ = ["PAGE", "Document", "md", "md_block"]


#: Characters with a meaning anywhere in a line of Markdown: escapes, code, emphasis, strike,
#: links and images (a link needs "]("; escaping the brackets is enough), table cells.
_MD_INLINE = re.compile(r"([\\`*_~\[\]|])")
#: Markers that only mean something at the start of a line (headings, quotes, lists, rules).
_MD_LINE_START = re.compile(r"^(\s*)([#>+\-=]|\d+[.)])")
#: Autolinks that GitHub-flavoured Markdown makes from bare text.
_MD_AUTOLINK = re.compile(r"(?i)\b(https?|ftp|mailto)(:)|\b(www)(\.)")


def md(text: object) -> str:
    r"""``text`` as literal Markdown: whatever a user typed renders as the same characters.

    >>> print(md("[click](https://x) *now* ![i](y.png) <b>|</b>"))
    \[click\](https\://x) \*now\* !\[i\](y.png) &lt;b&gt;\|&lt;/b&gt;
    """
    out = str(text).replace("\r", " ").replace("\n", " ")
    out = out.replace("&", "&amp;")
    out = _MD_INLINE.sub(r"\\\1", out)
    out = out.replace("<", "&lt;").replace(">", "&gt;")
    return _MD_AUTOLINK.sub(
        lambda m: (m.group(1) or m.group(3)) + "\\" + (m.group(2) or m.group(4)), out
    )


def md_block(text: object) -> str:
    r"""Like :func:`md`, for text that starts a line (a paragraph): no heading, list or rule.

    >>> print(md_block("# not a heading"), "/", md_block("1. not a list"))
    \# not a heading / 1\. not a list
    """
    return _MD_LINE_START.sub(_escape_marker, md(text))


def _escape_marker(m: re.Match[str]) -> str:
    marker = m.group(2)
    if marker[0].isdigit():  # "1." or "1)": escape the punctuation, digits cannot be escaped
        return m.group(1) + marker[:-1] + "\\" + marker[-1]
    return m.group(1) + "\\" + marker


# ---------------------------------------------------------------- a tiny document model
class Document:
    """Headings, paragraphs, tables and figures, rendered to Markdown or a standalone HTML page.

    Every piece of text is the user's or the kit's and is escaped when rendered (HTML in
    pages, Markdown syntax in Markdown).

    >>> doc = Document("Notes <1>")
    >>> doc.p("*not emphasis*")
    >>> print(doc.markdown())
    # Notes &lt;1&gt;
    <BLANKLINE>
    \\*not emphasis\\*
    <BLANKLINE>
    """

    def __init__(self, title: str) -> None:
        self.title = title
        self.parts: list[tuple[str, Any]] = []

    def h(self, text: str) -> None:
        """A section heading."""
        self.parts.append(("h", text))

    def p(self, text: str) -> None:
        """A paragraph."""
        self.parts.append(("p", text))

    def items(self, pairs: list[tuple[str, Any]]) -> None:
        """A list of (label, value) pairs."""
        self.parts.append(("items", pairs))

    def table(self, head: list[str], rows: list[list[Any]]) -> None:
        """A table with a header row."""
        self.parts.append(("table", (head, rows)))

    def figure(self, fig: Figure) -> None:
        """A plotly figure (drawn in HTML only)."""
        self.parts.append(("figure", fig))

    def markdown(self) -> str:
        """The document as Markdown."""
        out = [f"# {md(self.title)}", ""]
        for kind, value in self.parts:
            if kind == "h":
                out += [f"## {md(value)}", ""]
            elif kind == "p":
                out += [md_block(value), ""]
            elif kind == "items":
                out += [f"- **{md(k)}:** {md(v)}" for k, v in value] + [""]
            elif kind == "table":
                head, rows = value
                out.append("| " + " | ".join(md(h) for h in head) + " |")
                out.append("|" + "---|" * len(head))
                out += ["| " + " | ".join(md(c) for c in row) + " |" for row in rows]
                out.append("")
        return "\n".join(out).rstrip() + "\n"

    def html(self, plotlyjs: str = "svg") -> str:
        """The document as a standalone HTML page (see :func:`kit.handouts.handout`)."""
        return PAGE.format(title=html.escape(self.title), body=self.body(plotlyjs))

    def body(self, plotlyjs: str = "svg") -> str:
        """The page's body alone: the title as a heading, then every part (for embedding)."""
        esc = html.escape
        body = [f"<h1>{esc(self.title)}</h1>"]
        first_figure = True
        figure_number = 0
        for kind, value in self.parts:
            if kind == "h":
                body.append(f"<h2>{esc(str(value))}</h2>")
            elif kind == "p":
                body.append(f"<p>{esc(str(value))}</p>")
            elif kind == "items":
                body.append(
                    "<dl>"
                    + "".join(f"<dt>{esc(str(k))}</dt><dd>{esc(str(v))}</dd>" for k, v in value)
                    + "</dl>"
                )
            elif kind == "table":
                head, rows = value
                body.append(
                    "<table><thead><tr>"
                    + "".join(f"<th>{esc(str(h))}</th>" for h in head)
                    + "</tr></thead><tbody>"
                    + "".join(
                        "<tr>" + "".join(f"<td>{esc(str(c))}</td>" for c in row) + "</tr>"
                        for row in rows
                    )
                    + "</tbody></table>"
                )
            elif kind == "figure" and plotlyjs == "svg":
                from ..figures.static import to_svg

                body.append(f'<div class="figure">{to_svg(value)}</div>')
            elif kind == "figure":
                figure_number += 1  # a fixed id: the same handout gives the same bytes
                body.append(
                    '<div class="figure">'
                    + value.to_html(
                        full_html=False,
                        include_plotlyjs=(plotlyjs if plotlyjs != "inline" else True)
                        if first_figure
                        else False,
                        config={"displaylogo": False},
                        div_id=f"gmk-figure-{figure_number}",
                    )
                    + "</div>"
                )
                first_figure = False
        return "\n".join(body)


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="gm-kit"><title>{title}</title>
<style>
:root {{ color-scheme: light dark; --fg: #1f2328; --bg: #ffffff; --muted: #6b7280; --line: #d0d5dd; --alt: #f4f6f8; }}
@media (prefers-color-scheme: dark) {{ :root {{ --fg: #e6e8eb; --bg: #141518; --muted: #9aa1ab; --line: #343840; --alt: #1d1f24; }} }}
body {{ font-family: Inter, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg); background: var(--bg);
       max-width: 960px; margin: 2rem auto; padding: 0 1rem; line-height: 1.45; }}
h1 {{ font-size: 1.6rem; margin-bottom: .3rem; }} h2 {{ font-size: 1.15rem; margin-top: 1.6rem; border-bottom: 1px solid var(--line); }}
table {{ border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; font-size: .92rem; }}
th, td {{ border-bottom: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }}
th {{ color: var(--muted); font-weight: 600; }} tr:nth-child(even) td {{ background: var(--alt); }}
dl {{ display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }} dt {{ color: var(--muted); }} dd {{ margin: 0; }}
.figure {{ margin: 1rem 0; }} footer {{ color: var(--muted); font-size: .8rem; margin-top: 2rem; }}
@media print {{
  :root {{ color-scheme: light; --fg: #000; --bg: #fff; --muted: #444; --line: #999; --alt: #f2f2f2; }}
  @page {{ margin: 15mm; }}
  body {{ max-width: none; margin: 0; font-size: 10.5pt; }}
  h2 {{ break-after: avoid; }} tr, dl, .figure {{ break-inside: avoid; }}
  .modebar-container {{ display: none !important; }} footer {{ margin-top: 1rem; }}
}}
</style></head><body>
{body}
<footer>Made with gm-kit.</footer>
</body></html>
"""
