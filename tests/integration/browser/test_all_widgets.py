"""Every kind of kit widget on one page: each draws, none restyles another, and every field is
named for a screen reader.

Widgets of different kinds share class names (a ship token is ``.gmk-token`` in both the
Combat table and the Fleet panel, with different looks); each widget's style sheet is scoped to
its own root, which this test checks where the two used to collide.
"""

import re

import pytest

pytestmark = pytest.mark.browser

CELLS = [
    """\
from kit.boards import StandardBoard
from kit.regulus import Job, Operative
from kit.successors import Entity, Fleet
from kit.successors.combat import Battle, Side
from kit.successors.sector import generate_sector
from kit.widgets import (BoardWidget, CombatTable, EntityBuilder, FleetBuilder, FleetPanel,
                         JobBuilder, JobTable, SectorExplorer, ShipDesigner, StarSystemExplorer,
                         Tuner)""",
    'JobTable(Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1))',
    'BoardWidget(StandardBoard([6, 5, 7, 4], goal=3, title="Disarm the bomb"))',
    'CombatTable(Battle([Side("Raiders", ships={"Cruiser": 3}), Side("Guards", ships={"Frigate": 4})], seed=2))',
    'EntityBuilder(Entity("Nameless", points=10, sex="Male", side="Vontuni Empire"), seed=7)',
    """fleet = Fleet(budget=60)
fleet.buy("Cruiser", 2)
FleetPanel(fleet)""",
    'ShipDesigner(compare="Fortress")',
    "StarSystemExplorer(seed=2)",
    "SectorExplorer(generate_sector(60, seed=7), origin=0, destination=10)",
    "JobBuilder()",
    'FleetBuilder(Fleet(Entity("TanRac", battle=4, control=4), budget=32))',
    "Tuner(target=0.6)",
]

ROOTS = (
    ".gmk-job-table",
    ".gmk-board",
    ".gmk-combat",
    ".gmk-entity-builder",
    ".gmk-fleet-panel",
    ".gmk-ship-designer",
    ".gmk-star-explorer",
    ".gmk-sector-explorer",
    ".gmk-job-builder",
    ".gmk-fleet-builder",
    ".gmk-tuner",
)

STYLE = """([root, sel]) => { const e = document.querySelector(root + ' ' + sel);
  if (!e) return null; const s = getComputedStyle(e);
  return {height: e.getBoundingClientRect().height, minWidth: s.minWidth, radius: s.borderTopLeftRadius}; }"""


def test_every_widget_on_one_page_keeps_its_own_look_and_names_its_fields(notebook):
    nb = notebook("all_widgets.ipynb", CELLS)
    nb.run_all()
    page = nb.page
    for root in ROOTS:
        page.locator(root).first.wait_for(timeout=30_000)
    # the combat token keeps the Combat table's look (a column of name and id, 64px wide) and
    # the fleet token its pill, though both are .gmk-token on one page
    combat = page.evaluate(STYLE, [".gmk-combat", ".gmk-token"])
    fleet = page.evaluate(STYLE, [".gmk-fleet-panel", ".gmk-token"])
    assert combat is not None and fleet is not None
    assert combat["minWidth"] == "64px" and combat["radius"] == "6px", combat
    assert fleet["minWidth"] == "34px" and fleet["radius"] == "12px", fleet
    assert round(fleet["height"]) == 24 and combat["height"] > 24
    for root in ROOTS:
        nb.screenshot(f"all-widgets{root.replace('.gmk', '')}", root)
    # by name: every field a widget shows has a label a screen reader can read out
    assert nb.page.evaluate(UNNAMED) == []
    assert nb.kit_errors() == []


# ---------------------------------------------------------------------------------------------
# By keyboard and by name: every field has a label, a limit board's cards are reached with Tab
# and chosen with Enter, the Clock is an image with words.

UNNAMED = """() => [...document.querySelectorAll('.gmk-root input, .gmk-root select, .gmk-root textarea')]
  .filter((e) => e.offsetParent !== null)
  .filter((e) => !(e.getAttribute('aria-label') || e.getAttribute('aria-labelledby') || e.title
                   || (e.closest('label') && e.closest('label').textContent.trim())))
  .map((e) => e.outerHTML.slice(0, 120))"""

LIMIT = """\
from kit.boards import LimitBoard
from kit.widgets import BoardWidget
from kit.regulus import Job, Operative
from kit.widgets import JobTable
vault = LimitBoard([6, 8, 5, 7], 2, title="The vault")
display(BoardWidget(vault))
display(JobTable(Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1)))"""


def test_a_limit_board_by_keyboard_and_the_clock_by_name(notebook):
    nb = notebook(
        "a11y_keys.ipynb", [LIMIT, "print(len(list(vault.events)), vault.state['successes'])"]
    )
    nb.run_cell(0)
    page = nb.page
    board = page.locator(".gmk-board")
    board.wait_for(timeout=30_000)
    # the Clock ring is an image named in words
    page.get_by_role("img", name=re.compile(r"Clock: 5 of 5 rolls left")).wait_for()
    # Tab reaches the open cards; Enter chooses the one with focus
    second = board.get_by_role("button", name=re.compile(r"^slot 2: "))
    second.focus()
    focused = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert focused.startswith("slot 2: ")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')").startswith(
        "slot 3: "
    )
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.gmk-board [aria-pressed=true]')?.getAttribute('aria-label')"
        "?.startsWith('slot 2: ')"
    )
    # the check is typed in the field named for it and made with the button named Check
    board.get_by_label("check result", exact=True).fill("10")
    board.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function(
        "() => document.querySelectorAll('.gmk-board .gmk-mini-success').length === 1",
        timeout=15_000,
    )
    out = nb.run_cell(1).split()
    assert out[0] == "1"
    assert nb.kit_errors() == []
