"""Every kind of kit widget on one page: each draws, and none restyles another.

Widgets of different kinds share class names (a ship token is ``.gmk-token`` in both the
Combat table and the Fleet panel, with different looks); each widget's style sheet is scoped to
its own root, which this test checks where the two used to collide.
"""

import pytest

pytestmark = pytest.mark.browser

CELLS = [
    """\
from kit.boards import StandardBoard
from kit.regulus import Job, Operative
from kit.successors import Entity, Fleet
from kit.successors.combat import Battle, Side
from kit.successors.sector import generate_sector
from kit.widgets import (BoardWidget, CombatTable, EntityBuilder, FleetPanel, JobTable,
                         SectorExplorer, ShipDesigner, StarSystemExplorer)""",
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
)

STYLE = """([root, sel]) => { const e = document.querySelector(root + ' ' + sel);
  if (!e) return null; const s = getComputedStyle(e);
  return {height: e.getBoundingClientRect().height, minWidth: s.minWidth, radius: s.borderTopLeftRadius}; }"""


def test_every_widget_on_one_page_keeps_its_own_look(notebook):
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
    assert nb.kit_errors() == []
