"""The JupyterLite site: it builds, carries every notebook and the kit's wheel, and says what
is happening when it cannot start.

The site runs Python in the browser through Pyodide, which downloads its runtime from a CDN
the first time a kernel starts. This machine (and CI) has no network beyond package
registries, so the browser test opens the site with every request that would leave the
loopback address aborted: the shell loads from static files alone, the launcher offers only
what the kit needs, the notebook opens with no stale output, and the page says plainly that
Pyodide could not be fetched, that the site needs the network once, and how to run the kit
locally instead.

The builders live in their own venv (``.cache/lite-builder``, made by ``tools/build_lite.py``
on first use, under a file lock so two xdist workers never make it at once), never in the
test environment.
"""

from __future__ import annotations

import functools
import http.server
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

import build_lite  # noqa: E402


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
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
    # the front-end pieces the kit's widgets need are in the site, and nothing else
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    loaded = sorted(e["name"] for e in config["jupyter-config-data"]["federated_extensions"])
    assert loaded == sorted(build_lite.EXTENSIONS)
    assert not list((site / "extensions").glob("jupyterlab-jupytext"))


@pytest.mark.slow
def test_notebooks_in_the_site_open_as_never_run(site: Path) -> None:
    for name in NOTEBOOKS:
        nb = json.loads((site / "files" / name).read_text(encoding="utf-8"))
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        assert all(c["outputs"] == [] and c["execution_count"] is None for c in code), name
        assert "widgets" not in nb["metadata"], name


@pytest.mark.slow
def test_every_app_page_checks_for_pyodide(site: Path) -> None:
    for app in ("lab", "notebooks", "tree", "edit", "consoles", "repl"):
        html = (site / app / "index.html").read_text(encoding="utf-8")
        assert build_lite.STATUS_SCRIPT in html and "data-pyodide-url=" in html, app
    assert "pyodide" in build_lite.pyodide_url_in(site)


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
def test_offline_the_site_says_why_python_cannot_start(served: str, chromium) -> None:
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
        # the launcher: a Python (Pyodide) notebook and console, plain files; no stray tile
        page.goto(f"{served}/lab/index.html", timeout=90_000)
        page.locator(".jp-Launcher .jp-LauncherCard").first.wait_for(timeout=90_000)
        tiles = page.locator(".jp-Launcher .jp-LauncherCard").all_inner_texts()
        assert not [t for t in tiles if "MyST" in t or "Jupytext" in t], tiles
        assert any("Pyodide" in t for t in tiles), tiles
        # a notebook: it opens with no output, and the page says why nothing will run
        page.goto(f"{served}/lab/index.html?path=00_start_here.ipynb", timeout=90_000)
        page.locator(".jp-Notebook .jp-MarkdownCell").first.wait_for(timeout=90_000)
        message = page.locator("#gmkit-lite-status[role=alert]")
        message.wait_for(timeout=60_000)
        text = " ".join(message.inner_text().split())
        assert "Python cannot start here" in text and "Pyodide" in text  # what is missing
        assert "needs the network once" in text  # that the site needs the network once
        assert build_lite.INSTALL_LINE in text and "gm-kit lab" in text  # how to run it locally
        page.wait_for_function(
            "() => document.querySelectorAll('.jp-Notebook .jp-CodeCell').length >= 2",
            timeout=30_000,
        )
        assert page.locator(".jp-Notebook .jp-OutputArea-output").count() == 0
        (ROOT / "test-artifacts").mkdir(exist_ok=True)
        page.screenshot(path=str(ROOT / "test-artifacts" / "lite-offline-message.png"))
        # it can be dismissed
        message.get_by_role("button", name="Dismiss").click()
        assert page.locator("#gmkit-lite-status").count() == 0
    finally:
        context.close()
    # what tried to leave was Pyodide's CDN (and nothing the site itself should serve)
    assert leaving and all("127.0.0.1" not in u for u in leaving)
