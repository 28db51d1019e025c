"""User-typed HTML is shown as text: no dialog opens, the text appears literally."""

import pytest

pytestmark = pytest.mark.browser

EVIL = "<img src=x onerror=alert(1)>"


def test_typed_html_name_stays_text(notebook):
    nb = notebook(
        "hostile.ipynb",
        [
            "from kit.widgets import JobBuilder\nbuilder = JobBuilder()\nbuilder",
            "print(repr(builder.built.crew[0].name))",
        ],
    )
    dialogs = []
    nb.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    nb.run_all(wait_idle=False)
    page = nb.page
    page.locator(".gmk-job-builder").wait_for(timeout=30_000)
    name_box = page.locator(".gmk-job-builder input[placeholder='name']").first
    name_box.fill(EVIL)
    name_box.press("Tab")
    page.wait_for_timeout(500)
    page.locator(".gmk-job-builder button:has-text('Build job')").click()
    page.locator(".gmk-job-builder .gmk-built").wait_for(timeout=20_000)
    assert page.locator(".gmk-job-builder img").count() == 0
    assert nb.run_cell(1).strip() == repr(EVIL)
    # the job's table, shown from Python, writes the name as text too
    nb.append_and_run("builder.open_table()")
    table = page.locator(".gmk-job-table")
    table.wait_for(timeout=20_000)
    chip = table.locator(".gmk-roster .gmk-chip").first
    assert EVIL in chip.inner_text()
    assert table.locator("img").count() == 0
    assert dialogs == []
    nb.screenshot("hostile-name", ".gmk-job-builder")
    assert nb.kit_errors() == []
