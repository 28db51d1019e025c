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


HINT_SETUP = """\
from kit.regulus import Job, Operative
from kit.widgets import JobTable
crew = [Operative("Vex", "Face"), Operative("Oro", "Hacker")]
job = Job("heist", difficulty=4, clock=5, crew=crew, seed=1)
JobTable(job)"""


def test_the_gm_hint_appears_beside_a_decision_and_follows_it(notebook):
    nb = notebook("hints.ipynb", [HINT_SETUP, "job.undo()"])
    nb.run_cell(0)
    page = nb.page
    table = page.locator(".gmk-job-table")
    table.wait_for(timeout=30_000)
    assert table.locator(".gmk-hint").count() == 0  # nothing to decide yet
    table.get_by_label("entered roll (2d6)").fill("2")  # a 2 is a Knockout on the heist table
    table.get_by_role("button", name="Enter roll").click()
    hint = table.get_by_role("note")
    hint.wait_for(timeout=15_000)
    assert "GM hint, exact" in hint.inner_text()
    assert "%" in hint.inner_text()
    nb.screenshots_light_dark("job-table-hint", ".gmk-job-table")
    # switched off, the hint goes; on again, it is back
    table.get_by_label("GM hints").uncheck()
    page.wait_for_function("() => !document.querySelector('.gmk-job-table .gmk-hint')")
    table.get_by_label("GM hints").check()
    hint.wait_for(timeout=15_000)
    # undone in a code cell: no decision, no hint
    nb.run_cell(1)
    page.wait_for_function(
        "() => !document.querySelector('.gmk-job-table .gmk-hint')", timeout=15_000
    )
    assert nb.kit_errors() == []
