"""Notebook 7 and Voila, as ``gm-kit notebook`` and ``gm-kit voila`` start them, log nothing wrong.

test_front_ends.py checks every widget draws and answers in each front end; this one checks the
page is clean while it does: every console error and page error, every request that failed
(status 400 or more, or refused), and every request to a host other than the test's own
server, collected unfiltered on a page that runs the start-here notebook's cells.

Notebook 7.6.5 throws one error of its own on every notebook (:data:`NOTEBOOK_UPSTREAM`); it
is the only thing let through. Voila loads every JupyterLab extension it finds; two (Notebook 7's lab extension and
jupytext's) need JupyterLab's document manager, which a Voila page lacks, and throw there. The
kit keeps them out of Voila with :data:`kit.cli.VOILA_EXTENSION_DENYLIST` (the same setting the wheel's
``etc/jupyter`` file holds), passed on the command line by ``gm-kit lab``, ``gm-kit notebook``
and ``gm-kit voila``, so an editable install gets it too; the server here is started with
the same options (``kit.cli.server_options``). Voila's "lab" template also asks a CDN for two
Font Awesome style sheets, and a Voila page of a Jupyter server asks one for MathJax: the kit's
template (``gm-kit``) leaves the style sheets out and the kit's server options leave MathJax's
address unset, so Voila uses the MathJax bundled with it.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

ROOT = Path(__file__).resolve().parents[3]


def _cells() -> list[str]:
    import nbformat

    start = nbformat.read(ROOT / "notebooks" / "00_start_here.ipynb", as_version=4)
    return [c.source for c in start.cells if c.cell_type == "code"]


class Watch:
    """Everything wrong a page reports: console errors, page errors, failed or foreign requests."""

    def __init__(self, page: Any, host: str) -> None:
        self.problems: list[str] = []
        self.host = host
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}\n{e.stack}"))
        page.on("requestfailed", self._failed)
        page.on("response", self._response)
        page.route("**/*", self._route)

    def _console(self, msg: Any) -> None:
        if msg.type == "error":
            self.problems.append(f"console error: {msg.text}")

    def _failed(self, request: Any) -> None:
        failure = request.failure or ""
        if "ERR_ABORTED" in failure and self.host in request.url:
            return  # the page itself cancelled it (a navigation, a closed socket)
        self.problems.append(f"request failed: {request.url} ({failure})")

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(("data:", "blob:")) or f"//{self.host}" in url:
            route.continue_()
            return
        self.problems.append(f"request to another host: {url}")
        route.abort()


def _wait_for_widgets(page: Any) -> None:
    for root in (".gmk-job-table", ".gmk-board", ".gmk-star-explorer"):
        page.locator(root).first.wait_for(timeout=120_000)
    page.wait_for_timeout(2000)


#: The one error Notebook 7.6.5 throws on its own (see conftest.UPSTREAM: its shortcuts plugin
#: reads the settings schema of a plugin it has not loaded, on any notebook, in a venv holding
#: nothing but the notebook package; upstream's jupyter/notebook#7862, a race in the settings
#: registry, open). Matched whole, so any other error still fails.
NOTEBOOK_UPSTREAM = "page error: Cannot read properties of undefined (reading 'schema')\n"


def test_notebook_7_logs_nothing_wrong(notebook, lab) -> None:
    nb = notebook("clean_notebook7.ipynb", _cells(), front_end="notebook")
    watch = Watch(nb.page, "127.0.0.1")
    nb.run_all(timeout=180_000)
    _wait_for_widgets(nb.page)
    # one more page load with the watch on from the start (the first opened before it)
    nb.page.reload(wait_until="domcontentloaded")
    nb.page.wait_for_function("() => !!window.jupyterapp", timeout=60_000)
    nb.page.wait_for_timeout(3000)
    problems = [p for p in watch.problems if not p.startswith(NOTEBOOK_UPSTREAM)]
    assert problems == [], "\n".join(problems)


def test_voila_page_of_the_lab_server_logs_nothing_wrong(lab, chromium) -> None:
    lab.write_notebook("clean_voila.ipynb", _cells())
    context = chromium.new_context(viewport={"width": 1300, "height": 1000})
    page = context.new_page()
    watch = Watch(page, "127.0.0.1")
    try:
        page.goto(f"{lab.url}/voila/render/clean_voila.ipynb", wait_until="domcontentloaded")
        _wait_for_widgets(page)
        assert watch.problems == [], "\n".join(watch.problems)
    finally:
        context.close()
        with contextlib.suppress(Exception):
            lab.shutdown_kernels()


def test_gm_kit_voila_logs_nothing_wrong(chromium, free_port, running_server) -> None:
    """``gm-kit voila`` (standalone Voila on the copied notebooks) from an editable install."""
    from kit import cli

    tmp = Path(tempfile.mkdtemp(prefix="gmkit-voila-"))
    folder = tmp / "table"
    cli.copy_notebooks(folder)
    port = free_port()
    env = dict(os.environ)
    for name in ("config", "data", "runtime"):
        (tmp / name).mkdir()
    env.update(
        JUPYTER_CONFIG_DIR=str(tmp / "config"),
        JUPYTER_DATA_DIR=str(tmp / "data"),
        JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONPATH=str(ROOT),
    )
    cmd = [
        sys.executable,
        "-m",
        "kit",
        "voila",
        str(folder),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
    ]
    url = f"http://127.0.0.1:{port}"
    context = chromium.new_context(viewport={"width": 1300, "height": 1000})
    try:
        with running_server(cmd, "gm-kit voila", url + "/", tmp / "voila.log", env=env, cwd=tmp):
            page = context.new_page()
            watch = Watch(page, f"127.0.0.1:{port}")
            page.goto(url + "/", wait_until="domcontentloaded")  # Voila opens start-here at /
            _wait_for_widgets(page)
            assert watch.problems == [], "\n".join(watch.problems)
    finally:
        context.close()
