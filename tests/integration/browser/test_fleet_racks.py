"""The fleet panel in a real JupyterLab: load a ship into a carrier's racks and hand a ship over
to another fleet by clicking, and the Python fleets agree."""

import json

import pytest

pytestmark = pytest.mark.browser

SETUP = """\
from kit.successors import Entity, Fleet
from kit.widgets import FleetPanel
releata = Fleet(Entity("Releata", battle=8, control=3, side="Vontuni Empire"), budget=80)
tanrac = Fleet(Entity("TanRac", battle=5, control=2, side="Takeru Republic"), budget=40)
tug = releata.buy("Tug")[0]
frigates = releata.buy("Frigate", 2)
FleetPanel(releata, others={"TanRac": tanrac})"""

STATE = """\
import json
print(json.dumps({"racks": {str(k): sorted(v) for k, v in releata.carried.items()},
                  "releata": [s.id for s in releata.ships], "tanrac": [s.name for s in tanrac.ships]}))"""


def test_load_racks_and_hand_a_ship_over_by_clicking(notebook):
    nb = notebook("fleet_racks.ipynb", [SETUP, STATE])
    nb.run_all()
    page = nb.page
    panel = page.locator(".gmk-fleet-panel")
    panel.wait_for(timeout=30_000)
    carrier = panel.locator(".gmk-carrier")
    carrier.get_by_label("ship to load into Tug #1").select_option("2")
    carrier.get_by_role("button", name="Load", exact=True).click()
    carrier.get_by_text("racks 4 of 10 (#2)").wait_for(timeout=15_000)
    panel.get_by_label("ship to hand over").select_option("3")
    panel.get_by_role("button", name="Hand over").click()
    page.wait_for_function(
        "() => ![...document.querySelectorAll('.gmk-fleet-panel .gmk-give-ship option')]"
        ".some((o) => o.value === '3')",
        timeout=15_000,
    )
    state = json.loads(nb.run_cell(1))
    assert state == {"racks": {"1": [2]}, "releata": [1, 2], "tanrac": ["FRIGATE"]}
    nb.screenshots_light_dark("fleet-racks", ".gmk-racks-section")
    assert nb.kit_errors() == []
