"""Layering: the engines load without plotly, ipywidgets or anywidget, and start fast."""

import subprocess
import sys

import pytest

HEAVY = ("plotly", "ipywidgets", "anywidget")


@pytest.mark.parametrize("module", ["kit", "kit.regulus", "kit.dice", "kit.boards", "kit.successors"])
def test_engine_imports_stay_light(module):
    code = (
        f"import sys, {module}; "
        f"print(','.join(sorted(m for m in {HEAVY!r} if m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{module} loaded {out.stdout.strip()}"


def test_successors_does_not_load_networkx():
    code = "import sys, kit.successors; print('networkx' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_static_files_ship_with_the_package():
    from importlib.resources import files

    static = files("kit") / "widgets" / "static"
    names = {p.name for p in static.iterdir()}
    assert {"kit.css", "dom.js", "job_table.js", "job_table.css", "board.js", "combat.js", "stars.js",
            "entity_builder.js", "fleet_builder.js", "ship_designer.js"} <= names


def test_no_widget_script_parses_text_as_html():
    """User text must reach the page through textContent; no script uses innerHTML or outerHTML."""
    from importlib.resources import files

    for path in (files("kit") / "widgets" / "static").iterdir():
        if path.name.endswith(".js"):
            text = path.read_text()
            assert "innerHTML" not in text and "outerHTML" not in text and "insertAdjacentHTML" not in text, path.name


def test_every_widget_module_starts_with_the_shared_helpers():
    from kit.widgets import BoardWidget, CombatTable, EntityBuilder, FleetPanel, JobTable, SectorExplorer, ShipDesigner, StarSystemExplorer

    for cls in (BoardWidget, CombatTable, EntityBuilder, FleetPanel, JobTable, SectorExplorer, ShipDesigner,
                StarSystemExplorer):
        source = cls._esm if isinstance(cls._esm, str) else cls._esm.read_text()
        assert source.startswith("// Shared DOM helpers") and source.count("function h(") == 1, cls.__name__
