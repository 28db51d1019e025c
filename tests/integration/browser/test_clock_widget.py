"""The campaign clock widget in JupyterLab (#32): it draws today's date and the activities, a
click on "Advance 1 day" moves the Python campaign's clock, "Until next event" stops at the
planned event, a refusal shows in the alert; light and dark screenshots."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SETUP = """\
from kit import Campaign
from kit.clock import Calendar
from kit.successors import Entity, Workshop
from kit.widgets import ClockWidget
camp = Campaign("Jukint", seed=3)
camp.calendar = Calendar((("Thaw", 30), ("Bloom", 30)), epoch=3102)
ws = Workshop(Entity("Releata", handling=1, control=3).with_damage("control", 1), seed=1)
for _ in range(4):
    ws.add("Drone", neutralized=True, maker="Takeru Republic")
camp.schedule(ws, "Releata's repairs", players=True)
camp.plan(5, "the Takeru patrol returns", players=True)
clock = ClockWidget(camp)
clock"""
STATE = "print(camp.today, clock.error or '-')"


def test_the_clock_draws_and_a_click_advances_the_campaign(notebook):
    nb = notebook("clock.ipynb", [SETUP, STATE])
    nb.run_all()
    page = nb.page
    clock = page.locator(".gmk-clock").first
    clock.locator(".gmk-clock-activity").first.wait_for(timeout=30_000)
    assert "Releata's repairs" in clock.locator(".gmk-clock-name").first.text_content()
    assert "Day 0" in clock.locator(".gmk-clock-today").text_content()

    clock.locator(".gmk-clock-advance-1").click()
    page.wait_for_function(
        "() => document.querySelector('.gmk-clock .gmk-clock-today').textContent.includes('1 Thaw 3102')",
        timeout=15_000,
    )
    assert nb.run_cell(1).split() == ["1", "-"]

    clock.locator(".gmk-clock-next").click()  # the repairs go on: the planned day 5 stops it
    page.wait_for_function(
        "() => document.querySelector('.gmk-clock .gmk-clock-today').textContent.includes('5 Thaw')",
        timeout=15_000,
    )
    assert "the Takeru patrol returns" in clock.locator(".gmk-clock-reason").text_content()
    assert nb.run_cell(1).split() == ["5", "-"]
    nb.screenshots_light_dark("clock", ".gmk-clock")

    clock.locator(".gmk-clock-undo").click()
    page.wait_for_function(
        "() => document.querySelector('.gmk-clock .gmk-clock-today').textContent.includes('4 Thaw')",
        timeout=15_000,
    )
    assert nb.run_cell(1).split() == ["4", "-"]
    assert nb.kit_errors() == [], nb.kit_errors()
