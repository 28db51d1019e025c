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
    assert {"kit.css", "job_table.js", "job_table.css"} <= names
