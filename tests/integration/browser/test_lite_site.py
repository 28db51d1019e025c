"""The JupyterLite site: it builds, carries every notebook and the kit's wheel, and opens.

The site runs Python in the browser through Pyodide, which downloads its runtime from a CDN
the first time a kernel starts. This machine (and CI) has no network beyond package
registries, so the browser test opens the site and the start-here notebook with every request
that would leave the loopback address aborted, and checks what can be checked offline: the
JupyterLab shell loads from static files alone and renders the notebook.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import sys
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
sys.path.insert(0, str(ROOT / "tools"))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if importlib.util.find_spec("jupyterlite_core") is None:
        pytest.skip("jupyterlite-core is not installed (pip install -e '.[test]')")
    import build_lite

    return build_lite.build_site(tmp_path_factory.mktemp("lite") / "site")


@pytest.mark.slow
def test_site_holds_every_notebook_and_the_kit_wheel(site: Path) -> None:
    assert sorted(p.name for p in (site / "files").glob("*.ipynb")) == NOTEBOOKS
    index = json.loads((site / "pypi" / "all.json").read_text(encoding="utf-8"))
    assert "gm-kit" in index
    (wheel,) = (site / "pypi").glob("gm_kit-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    assert "kit/__init__.py" in names and "kit/notebooks/00_start_here.ipynb" in names
    # the front-end pieces the kit's widgets need are in the site
    extensions = {p.name for p in (site / "extensions").iterdir()}
    assert {"anywidget", "@jupyter-widgets", "jupyterlab-plotly"} <= extensions


def test_every_notebook_installs_the_kit_itself_under_pyodide_only() -> None:
    import nbformat

    for name in NOTEBOOKS:
        nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
        first = next(c for c in nb.cells if c.cell_type == "code")
        assert 'sys.platform == "emscripten"' in first.source, name
        assert "piplite.install" in first.source, name


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.mark.browser
@pytest.mark.slow
def test_the_site_opens_start_here_in_the_browser(served: str, chromium) -> None:
    context = chromium.new_context(viewport={"width": 1300, "height": 900})
    leaving: list[str] = []

    def only_loopback(route) -> None:
        url = route.request.url
        if url.startswith(served) or url.startswith("data:") or url.startswith("blob:"):
            route.continue_()
        else:
            leaving.append(url)
            route.abort()

    context.route("**/*", only_loopback)
    page = context.new_page()
    try:
        page.goto(f"{served}/lab/index.html?path=00_start_here.ipynb", timeout=90_000)
        page.locator(".jp-Notebook .jp-MarkdownCell").first.wait_for(timeout=90_000)
        heading = page.locator(".jp-Notebook .jp-MarkdownCell h1").first.inner_text()
        assert "gm-kit" in heading or "Start" in heading or heading.strip()
        # the notebook draws its cells lazily as they scroll in: the first few are enough here
        page.wait_for_function(
            "() => document.querySelectorAll('.jp-Notebook .jp-CodeCell').length >= 2",
            timeout=30_000,
        )
        (ROOT / "test-artifacts").mkdir(exist_ok=True)
        page.screenshot(path=str(ROOT / "test-artifacts" / "lite-start-here.png"))
    finally:
        context.close()
    # whatever tried to leave was stopped here; only Pyodide's CDN should have been asked for
    assert all("127.0.0.1" not in u for u in leaving)
