"""The front door: the start-here notebook runs in JupyterLab with every widget drawn and no errors."""

from pathlib import Path

import nbformat
import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parents[3] / "notebooks" / "00_start_here.ipynb"


def test_start_here_runs_clean_in_jupyterlab(notebook):
    nb_file = nbformat.read(NOTEBOOK, as_version=4)
    cells = [("#md\n" + c.source) if c.cell_type == "markdown" else c.source for c in nb_file.cells]
    nb = notebook("00_start_here.ipynb", cells)
    nb.run_all()
    page = nb.page
    for selector in (".gmk-job-table", ".gmk-board", ".gmk-star-explorer"):
        page.locator(selector).first.wait_for(timeout=30_000)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.first.inner_text()
    assert (
        page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']").count()
        == 0
    )
    page.locator(".gmk-job-table button.gmk-roll").click()
    page.wait_for_function(
        "() => document.querySelectorAll('.gmk-job-table tr.gmk-incident-row').length === 1",
        timeout=15_000,
    )
    # the cell that reports the job, found by its text (the notebook's cells may move)
    report = next(
        i
        for i, c in enumerate(nb_file.cells)
        if c.cell_type == "code" and "job.outcome" in c.source
    )
    printed = nb.run_cell(report)
    assert "after 1 of 5 rolls" in printed, printed  # the click reached the Python job
    nb.screenshots_light_dark("start-here-job", ".gmk-job-table")
    nb.screenshots_light_dark("start-here-board", ".gmk-board")
    assert nb.kit_errors() == []
