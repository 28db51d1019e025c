"""The Job table in a real JupyterLab: roll by clicking until the job ends, check Python agrees."""

import re

import pytest

pytestmark = pytest.mark.browser

SETUP = """\
from kit.regulus import Job, Operative
from kit.widgets import JobTable
crew = [Operative("Vex", "Face", ["forged invitation", "silver tongue"]),
        Operative("Oro", "Hacker", ["cyberdeck"]),
        Operative("Brick <b>", "Muscle", ["stun baton"])]
job = Job("heist", difficulty=4, clock=5, crew=crew, seed=3, title="The Meridian vault")
table = JobTable(job, auto_decide=True)
table"""

STATE = "print(job.outcome, job.turn, len(job.rows), job.progress)"


def test_job_table_plays_to_the_end(notebook):
    nb = notebook("job_table.ipynb", [SETUP, STATE])
    nb.run_all()
    page = nb.page
    widget = page.locator(".gmk-job-table")
    widget.wait_for(timeout=30_000)
    # the user's name is shown as text, not as HTML
    assert widget.locator(".gmk-roster").inner_text().count("Brick <b>") == 1

    for _ in range(40):
        if widget.locator(".gmk-job-result").count():
            break
        rows = widget.locator("table.gmk-record tr.gmk-incident-row").count()
        widget.locator("button.gmk-roll").click()
        page.wait_for_function(
            "(n) => document.querySelectorAll('.gmk-job-table tr.gmk-incident-row').length !== n"
            " || document.querySelector('.gmk-job-table .gmk-job-result')",
            arg=rows,
            timeout=15_000,
        )
    banner = widget.locator(".gmk-job-result").inner_text()
    outcome, _turn, nrows, _progress = nb.run_cell(1).split()
    assert outcome in ("success", "failure")
    assert banner.lower().startswith(outcome)
    assert widget.locator("tr.gmk-incident-row").count() == int(nrows)
    nb.screenshots_light_dark("job-table", ".gmk-job-table")

    # undo the last roll: the job is running again, on the Python side too
    widget.locator("button.gmk-undo").click()
    page.wait_for_function(
        "() => !document.querySelector('.gmk-job-table .gmk-job-result')", timeout=15_000
    )
    assert nb.run_cell(1).split()[0] == "None"

    # a roll of 13 on 2d6 is refused inline and nothing changes
    before = nb.run_cell(1)
    widget.locator("input.gmk-entry").fill("13")
    widget.locator("button.gmk-enter").click()
    page.wait_for_function(
        "() => (document.querySelector('.gmk-job-table .gmk-error')?.textContent || '').length > 0",
        timeout=15_000,
    )
    error = widget.locator(".gmk-error").inner_text()
    assert re.search(r"from 2 to 12, got 13", error), error
    assert nb.run_cell(1) == before
    nb.screenshot("job-table-error", ".gmk-job-table")
    assert nb.kit_errors() == []
