"""JupyterLab from the ``[test]`` environment is clean: no console error, no JupyterLite extension.

The site builders used to share the test environment, and the Pyodide kernel's lab extension
(meant for JupyterLite only) made every JupyterLab page log an error. They now build in a venv
of their own (``tools/build_lite.py``), so a contributor who runs the tests and then opens
JupyterLab meets no error. This opens the start-here notebook in the very server the other
browser tests use, runs it, and counts every console error and page error, unfiltered.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ROOT = Path(__file__).resolve().parents[3]


def test_jupyterlab_of_the_test_extra_logs_no_error(notebook, lab) -> None:
    import nbformat

    start = nbformat.read(ROOT / "notebooks" / "00_start_here.ipynb", as_version=4)
    cells = [c.source for c in start.cells if c.cell_type == "code"]
    nb = notebook("clean_lab.ipynb", cells)
    nb.run_all(timeout=180_000)
    nb.page.locator(".gmk-job-table").first.wait_for(timeout=30_000)
    nb.page.wait_for_timeout(1500)
    config = json.loads(nb.page.locator("#jupyter-config-data").text_content())
    loaded = sorted(e["name"] for e in config.get("federated_extensions", []))
    assert not [n for n in loaded if n.startswith("@jupyterlite/")], loaded
    assert {"@jupyter-widgets/jupyterlab-manager", "anywidget", "jupyterlab-plotly"} <= set(loaded)
    print("lab extensions loaded:", ", ".join(loaded))  # noqa: T201
    assert nb.errors == [], "\n\n".join(nb.errors)
