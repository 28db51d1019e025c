"""Maintain the kit's notebooks: run them, keep only the outputs nbval checks, strip the rest.

    python tools/nbtool.py notebooks/01_regulus_jobs.ipynb [...]   # re-run and refresh
    python tools/nbtool.py --check notebooks/*.ipynb                # only check the conventions

The ``.ipynb`` files are the source: edit them in JupyterLab, then refresh them here. The
conventions, which the test suite checks too:

* A code cell whose seeded text output teaches something carries the cell tag
  ``nbval-check-output``; it keeps its text outputs so nbval compares them. Every other output
  and all widget state are removed, so notebooks are committed without outputs.
* The first code cell installs the kit from the JupyterLite site's own package index when the
  notebook runs in the browser alone (Pyodide) and does nothing anywhere else.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

CHECK_TAG = "nbval-check-output"
OLD_MARK = "# NBVAL_CHECK_OUTPUT"
PYODIDE_CELL = """# In the browser-only JupyterLite site, install the kit from the site's own package index.
# Anywhere else (JupyterLab, Binder, a script) this cell does nothing.
import sys

if sys.platform == "emscripten":
    import piplite

    await piplite.install("gm-kit")"""


def checks_output(cell: nbformat.NotebookNode) -> bool:
    """Whether nbval compares this cell's output."""
    return CHECK_TAG in cell.get("metadata", {}).get("tags", [])


def normalise(nb: nbformat.NotebookNode) -> None:
    """Apply the conventions: tags instead of comment markers, the Pyodide install cell first."""
    for cell in nb.cells:
        if cell.cell_type == "code" and OLD_MARK in cell.source:
            lines = [ln for ln in cell.source.splitlines() if ln.strip() != OLD_MARK]
            cell.source = "\n".join(lines).strip("\n")
            tags = cell.setdefault("metadata", {}).setdefault("tags", [])
            if CHECK_TAG not in tags:
                tags.append(CHECK_TAG)
    first = next((c for c in nb.cells if c.cell_type == "code"), None)
    if first is None or "piplite.install" not in first.source:
        index = nb.cells.index(first) if first is not None else len(nb.cells)
        nb.cells.insert(index, nbformat.v4.new_code_cell(PYODIDE_CELL))


def strip(nb: nbformat.NotebookNode) -> None:
    """Keep only the text outputs of checked cells; drop the rest and all widget state."""
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if checks_output(cell):
            kept = []
            for o in cell.outputs:
                if o.get("output_type") == "stream":
                    kept.append(o)
                elif o.get("output_type") == "execute_result" and "text/plain" in o.get("data", {}):
                    o["data"] = {"text/plain": o["data"]["text/plain"]}
                    o["metadata"] = {}
                    kept.append(o)
            cell.outputs = kept
        else:
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }


def refresh(path: Path) -> None:
    """Run ``path`` top to bottom, then keep only the outputs nbval checks."""
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    normalise(nb)
    client = NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()
    strip(nb)
    nbformat.write(nb, path)


def problems(path: Path) -> list[str]:
    """What breaks the conventions in ``path`` (empty when it is fine)."""
    nb = nbformat.read(path, as_version=4)
    out = []
    if "widgets" in nb.metadata:
        out.append("widget state is saved")
    first = next((c for c in nb.cells if c.cell_type == "code"), None)
    if first is None or "piplite.install" not in first.source:
        out.append("the first code cell does not install the kit under Pyodide")
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        if OLD_MARK in cell.source:
            out.append(f"cell {i} uses the {OLD_MARK!r} comment; tag it {CHECK_TAG!r}")
        if cell.outputs and not checks_output(cell):
            out.append(f"cell {i} keeps outputs nbval does not check")
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Refresh or check the kit's notebooks.")
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true", help="only report convention problems")
    args = parser.parse_args(argv)
    bad = 0
    for path in args.paths:
        if args.check:
            for problem in problems(path):
                print(f"{path}: {problem}")
                bad += 1
        else:
            refresh(path)
            print("refreshed", path)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
