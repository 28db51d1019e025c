"""The documentation site builds strictly (a warning fails it) and shows what the notebooks show.

Built once per session by the ``docs_site`` fixture (tests/integration/conftest.py), from the
notebooks nbval executed earlier in the session when the whole suite runs. The pages' figures
and widgets are checked in a browser by ``browser/test_docs_pages.py``; here, the HTML.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
#: A page loading anything from another host: a script, a style sheet, an image, a frame.
CDN = re.compile(
    r"""<(?:script|img|iframe|source)\b[^>]*\bsrc=["']https?://[^"']+"""
    r"""|<link\b[^>]*\bhref=["']https?://[^"']+|@import\s+url\(["']?https?://"""
)

pytestmark = [pytest.mark.slow, pytest.mark.notebook_outputs, pytest.mark.timeout(1800)]


def _page(site: Path, uri: str) -> str:
    return (site / uri / "index.html").read_text(encoding="utf-8")


def test_every_page_is_built(docs_site) -> None:
    site = docs_site.path
    for uri in ("", "regulus", "boards", "successors", "rulings", "api/regulus", "api/views"):
        assert (site / uri / "index.html").is_file(), uri
    for stem in NOTEBOOKS:
        html = _page(site, f"notebooks/{stem}")
        assert "jp-Notebook" in html and "jp-OutputArea" in html, stem
    api = _page(site, "api/regulus")
    assert "RegulusRules" in api and "token_on_same_incident" in api


def test_the_build_reuses_the_notebooks_nbval_ran(docs_site, executed_notebooks) -> None:
    """When this session ran every notebook under nbval, the build executes none of them."""
    captured = sorted(p.stem for p in executed_notebooks.glob("*.ipynb"))
    print(f"docs build: {docs_site.seconds:.1f} s; nbval copies reused: {docs_site.reused}")  # noqa: T201
    if captured != NOTEBOOKS:
        pytest.skip(f"nbval ran {len(captured)} of the notebooks in this session; built anyway")
    assert docs_site.reused == len(NOTEBOOKS), docs_site.log[-3000:]
    assert "executing" not in docs_site.log


def test_notebook_pages_carry_figures_and_widget_state(docs_site) -> None:
    site = docs_site.path
    counts = json.loads((site / "assets" / "gmkit" / "pages.json").read_text())
    for stem in NOTEBOOKS:
        html = _page(site, f"notebooks/{stem}")
        got = counts[f"notebooks/{stem}.ipynb"]
        assert got["figures"] >= 1 and got["widgets"] >= 1, (stem, got)
        assert html.count('class="plotly-graph-div gmkit-figure"') <= got["figures"]
        assert html.count("application/vnd.jupyter.widget-view+json") == got["widgets"], stem
        assert html.count("gmkit-kernel-note") == got["widgets"], stem
        if got["widgets"]:
            assert "application/vnd.jupyter.widget-state+json" in html, stem
    # the Regulus page's "Figures" section shows its figures
    regulus = _page(site, "notebooks/01_regulus_jobs")
    figures = regulus.split('id="5-figures"', 1)[1].split('id="6-', 1)[0]
    assert 'class="plotly-graph-div gmkit-figure"' in figures


def test_every_script_comes_from_the_site(docs_site) -> None:
    site = docs_site.path
    for page in sorted(site.rglob("index.html")):
        html = page.read_text(encoding="utf-8")
        assert not CDN.findall(html), (page, CDN.findall(html)[:3])
        for forbidden in ("cdn.jsdelivr", "unpkg.com", "cdnjs.cloudflare", "fonts.googleapis"):
            assert forbidden not in html, (page.relative_to(site), forbidden)
    vendor = site / "assets" / "gmkit" / "vendor"
    for name in ("plotly.min.js", "require.js", "embed-amd.js", "anywidget.js"):
        assert (vendor / name).stat().st_size > 10_000, name


def test_no_test_badge_raw_role_or_run_together_example(docs_site) -> None:
    site = docs_site.path
    for stem in NOTEBOOKS:
        assert "nbval" not in _page(site, f"notebooks/{stem}"), stem
    for page in sorted((site / "api").rglob("index.html")):
        html = page.read_text(encoding="utf-8")
        raw = re.findall(r":(?:class|func|meth|attr|data|mod|exc):`?", html)
        assert not raw, (page.relative_to(site), raw[:5])
        assert "<p>&gt;&gt;&gt;" not in html and "<blockquote>\n<blockquote>" not in html
    api = _page(site, "api/regulus")
    assert '<span class="gp">&gt;&gt;&gt; </span>' in api  # examples are code blocks
    assert 'href="../campaign/#kit.errors.IllegalAction"' in api  # roles are links
