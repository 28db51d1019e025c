"""First display of every widget in a fresh interpreter, as a kernel runs it.

A GM's first evening starts with a cold kernel: the time from ``import kit.widgets`` to the
widget's display message is what they wait for. Each widget is measured in a fresh process
inside a running event loop (as ipykernel runs a cell); anything a widget adds once the cell
has run is in the "with figures" time. The explorers and the Fleet builder carry their figures
inside themselves as plotly JSON (issue #34), so their figures come with the first display
(a FigureWidget beside them used to add seconds after it).

The reference, written here, is the same widget built a second time in the same process (all
imports warm): the ratio says how much of the first display is one-time import cost.
The goal (issue #13) is a first display under 1.5 s for every widget.

    python benchmarks/bench_widgets.py
"""

from __future__ import annotations

import json
import subprocess
import sys

WIDGETS = {
    "JobTable": (
        "from kit.regulus import Job, Operative\n"
        "make = lambda: W.JobTable(Job('heist', 4, 5, [Operative('A', 'Face')], seed=1))"
    ),
    "BoardWidget": (
        "from kit.boards import StandardBoard\n"
        "make = lambda: W.BoardWidget(StandardBoard([6, 5, 7, 4], goal=3))"
    ),
    "CombatTable": (
        "from kit.successors.combat import Battle, Side\n"
        "make = lambda: W.CombatTable(Battle([Side('A', ships={'Cruiser': 3}),"
        " Side('B', ships={'Frigate': 4})], seed=2))"
    ),
    "EntityBuilder": "make = lambda: W.EntityBuilder()",
    "FleetBuilder": (
        "from kit.successors import Fleet\nmake = lambda: W.FleetBuilder(Fleet(budget=60))"
    ),
    "ShipDesigner": "make = lambda: W.ShipDesigner()",
    "StarSystemExplorer": "make = lambda: W.StarSystemExplorer(seed=2)",
    "SectorExplorer": (
        "from kit.successors.sector import generate_sector\n"
        "make = lambda: W.SectorExplorer(generate_sector(60, seed=7), origin=0, destination=10)"
    ),
    "Tuner": "make = lambda: W.Tuner(target=0.6)",
    "JobBuilder": "make = lambda: W.JobBuilder()",
    "FleetPanel": (
        "from kit.successors.examples import releata_fleet\n"
        "make = lambda: W.FleetPanel(releata_fleet())"
    ),
}

PROBE = """
import asyncio, json, time
async def cell():
    t0 = time.perf_counter()
    import kit.widgets as W
    import kit.widgets._base as B
    B.in_kernel = lambda: True  # as in ipykernel: the cell runs inside the kernel's event loop
{setup}
    w = make()
    w._repr_mimebundle_()
    first = time.perf_counter() - t0
    for _ in range(3):
        await asyncio.sleep(0)  # the cell has run: deferred figures are added now
    done = time.perf_counter() - t0
    t1 = time.perf_counter()
    make()._repr_mimebundle_()  # the reference: the same widget again, every import warm
    warm = time.perf_counter() - t1
    print(json.dumps({{"first": first, "done": done, "warm": warm}}))
asyncio.run(cell())
"""


def measure(name: str) -> dict[str, float]:
    setup = "\n".join("    " + line for line in WIDGETS[name].splitlines())
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(setup=setup)],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    print(
        f"{'widget':<20} {'first display':>14} {'with figures':>13} {'warm (ref)':>11} {'ratio':>7}"
    )
    worst = 0.0
    for name in WIDGETS:
        m = measure(name)
        worst = max(worst, m["first"])
        print(
            f"{name:<20} {m['first']:>12.2f} s {m['done']:>11.2f} s {1000 * m['warm']:>8.1f} ms"
            f" {m['first'] / m['warm']:>6.0f}x"
        )
    print(f"slowest first display: {worst:.2f} s (goal < 1.5 s)")


if __name__ == "__main__":
    main()
