"""The Tuner in JupyterLab: the table follows the target slider, Use hands the setup back to
Python, refused input shows in an alert and stays in its field; light and dark screenshots."""

from __future__ import annotations

import pytest

from kit.boards import tune as tune_board
from kit.regulus import tune

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SETUP = """\
from kit.widgets import Tuner
tuner = Tuner(target=0.6)
tuner"""
STATE = "print(tuner.system, round(tuner.target, 2), tuner.chosen, tuner.error)"
JOB = "j = tuner.job(); print(j.job_type.name, j.difficulty, j.clock)"


def _first_row(tuner):
    return [c.text_content() for c in tuner.locator("tbody tr").first.locator("td").all()]


def _set_target(page, percent):
    page.evaluate(
        """(p) => { const s = document.querySelector('.gmk-tuner .gmk-tuner-target');
        s.value = String(p); s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change')); }""",
        percent,
    )


def test_the_table_follows_the_target(notebook):
    nb = notebook("tuner.ipynb", [SETUP, STATE, JOB])
    nb.run_all()
    page = nb.page
    tuner = page.locator(".gmk-tuner").first
    tuner.locator("tbody tr").first.wait_for(timeout=30_000)

    best = tune("heist", 0.6, crew=3)[0]
    assert _first_row(tuner)[1:4] == [str(best.difficulty), str(best.clock), f"{best.chance:.1%}"]
    assert tuner.locator(".gmk-tuner-target-value").text_content() == "60%"
    nb.screenshots_light_dark("tuner-job", ".gmk-tuner")

    # move the target: the table re-ranks to what tune() gives for 30%
    low = tune("heist", 0.3, crew=3)[0]
    _set_target(page, 30)
    want = f"{low.chance:.1%}"
    page.wait_for_function(
        "(w) => document.querySelector('.gmk-tuner tbody tr td.gmk-tuner-chance').textContent.startsWith(w)",
        arg=want,
        timeout=15_000,
    )
    assert _first_row(tuner)[1:3] == [str(low.difficulty), str(low.clock)]
    assert nb.run_cell(1).split()[:2] == ["job", "0.3"]

    # Use hands the first row back to Python
    tuner.locator(".gmk-tuner-use").first.click()
    tuner.locator(".gmk-tuner-chosen").wait_for(timeout=10_000)
    assert "tuner.job()" in tuner.locator(".gmk-tuner-chosen").text_content()
    assert nb.run_cell(2).strip() == f"heist {low.difficulty} {low.clock}"

    # the board tuner: a refused length shows in an alert and stays typed
    tuner.locator('.gmk-tuner-tab[data-system="board"]').click()
    tuner.locator(".gmk-tuner-length").wait_for(timeout=15_000)
    length = tuner.locator(".gmk-tuner-length")
    length.fill("12")
    length.press("Enter")
    alert = tuner.locator('.gmk-tuner-error[role="alert"]')
    alert.wait_for(timeout=10_000)
    assert "length" in alert.text_content()
    assert tuner.locator(".gmk-tuner-length").input_value() == "12"
    nb.screenshot("tuner-error", ".gmk-tuner")
    length = tuner.locator(".gmk-tuner-length")
    length.fill("5")
    length.press("Enter")
    page.wait_for_function(
        "() => !document.querySelector('.gmk-tuner .gmk-tuner-error[role=alert]')", timeout=30_000
    )
    board = tune_board(5, 0.3, "2d6")[0]
    page.wait_for_function(
        "(w) => document.querySelector('.gmk-tuner tbody tr td:nth-child(2)').textContent === w",
        arg=" ".join(map(str, board.cards)),
        timeout=30_000,
    )
    assert _first_row(tuner)[2:4] == [str(board.goal), f"{board.chance:.1%}"]

    # the battle tuner: simulated chances with their standard errors
    tuner.locator('.gmk-tuner-tab[data-system="battle"]').click()
    page.wait_for_function(
        "() => document.querySelector('.gmk-tuner tbody tr td.gmk-tuner-chance').textContent.includes('±')",
        timeout=60_000,
    )
    _set_target(page, 50)
    page.wait_for_timeout(800)
    nb.screenshots_light_dark("tuner-battle", ".gmk-tuner")
    assert nb.run_cell(1).split()[:2] == ["battle", "0.5"]
    assert nb.kit_errors() == [], nb.kit_errors()
