"""Two views of one job in a real JupyterLab stay in step, and follow a change made in a cell."""

import pytest

pytestmark = pytest.mark.browser

SETUP = """\
from kit.regulus import Job, Operative
from kit.widgets import JobTable
job = Job("heist", difficulty=4, clock=5, crew=[Operative("Vex", "Face")], seed=3)
display(JobTable(job))
display(JobTable(job))"""

CELL = "job.roll(9)"

COUNT = (
    "([i, n]) => { const t = document.querySelectorAll('.gmk-job-table')[i];"
    " return t && t.querySelectorAll('tr.gmk-incident-row').length === n; }"
)


def test_a_click_in_one_table_shows_in_the_other_and_a_cell_in_both(notebook):
    nb = notebook("sync.ipynb", [SETUP, CELL])
    nb.run_cell(0)
    page = nb.page
    page.wait_for_function("() => document.querySelectorAll('.gmk-job-table').length === 2")
    first = page.locator(".gmk-job-table").nth(0)
    first.locator("button.gmk-roll").click()
    page.wait_for_function(COUNT, arg=[1, 1], timeout=15_000)  # the other table follows
    nb.run_cell(1)  # job.roll(9) in a code cell, no refresh()
    page.wait_for_function(COUNT, arg=[0, 2], timeout=15_000)
    page.wait_for_function(COUNT, arg=[1, 2], timeout=15_000)
    assert nb.kit_errors() == []
