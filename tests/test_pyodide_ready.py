"""The library runs in Pyodide (the JupyterLite site): what it imports and what it starts.

Pyodide has no processes and no threads, ships its own builds of a few compiled packages, and
leaves some of the standard library out. These tests import every part of the kit a notebook
uses in a fresh interpreter and check that nothing needs what Pyodide lacks. They run on
CPython; the JupyterLite build test checks that the site itself carries the kit's wheel.
"""

from __future__ import annotations

import json
import subprocess
import sys

# Compiled packages a kit notebook may load. numpy is built by Pyodide; psygnal (anywidget's
# signals) is compiled with mypyc on CPython and has a pure-Python wheel that piplite installs.
NATIVE_ALLOWED = {"numpy", "psygnal"}
# Standard-library modules Pyodide leaves out or cannot use (processes, terminals, Tk). Its
# ``subprocess`` imports (asyncio needs it) but cannot start a process: the kit only starts one
# to print a PDF handout or to open JupyterLab, never on import.
STDLIB_MISSING = ("multiprocessing", "tkinter", "curses", "readline")

PROBE = """
import importlib, json, sys, sysconfig, threading, warnings
parts = ["kit", "kit.regulus", "kit.boards", "kit.successors", "kit.successors.combat",
         "kit.successors.sector", "kit.successors.stars", "kit.figures", "kit.widgets",
         "kit.campaign", "kit.handouts", "kit.dice", "kit.store"]
for name in parts:
    importlib.import_module(name)
stdlib = sysconfig.get_paths()["stdlib"]
native = sorted({
    name.split(".")[0]
    for name, mod in list(sys.modules.items())
    if (getattr(mod, "__file__", None) or "").endswith((".so", ".pyd"))
    and not (getattr(mod, "__file__", None) or "").startswith(stdlib)
})
loaded = sorted(sys.modules)
# a long simulation shows a tqdm bar; under Pyodide it must not start tqdm's monitor thread
sys.platform = "emscripten"
from kit.successors.combat import Battle, Side, simulate
battle = Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 3})], seed=1)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    simulate(battle, n=50, seed=1, progress=True)
print(json.dumps({"native": native, "loaded": loaded, "threads": threading.active_count(),
                  "warnings": [str(w.message) for w in caught]}))
"""


def _probe() -> dict:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=120
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_kit_runs_on_what_pyodide_has() -> None:
    seen = _probe()
    # mypyc's helper modules are named "<hash>__mypyc" and belong to psygnal
    native = {n for n in seen["native"] if not n.endswith("__mypyc")}
    assert native <= NATIVE_ALLOWED, native - NATIVE_ALLOWED
    missing = [m for m in seen["loaded"] if m.split(".")[0] in STDLIB_MISSING]
    assert missing == [], missing
    assert seen["threads"] == 1, "a thread was started (Pyodide has none)"
    assert not [w for w in seen["warnings"] if "monitor" in w.lower()], seen["warnings"]
