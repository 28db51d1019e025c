"""Maintain the kit's notebooks: run them, keep only the outputs nbval checks, strip the rest.

    python tools/nbtool.py notebooks/01_regulus_jobs.ipynb [...]   # re-run and refresh
    python tools/nbtool.py --check notebooks/*.ipynb                # only check the conventions
    python tools/nbtool.py --strip notebooks/*.ipynb                # strip without running

The ``.ipynb`` files are the source: edit them in JupyterLab, then refresh them here. The
conventions, which the test suite checks too:

* A code cell whose seeded text output teaches something carries the cell tag
  ``nbval-check-output``; its text outputs are kept in the cell's metadata
  (``metadata["gm-kit"]["expected_outputs"]``), where a reader never sees them, and the test
  suite hands them to nbval to compare (``tests/conftest.py``). Every output, every execution
  count and all widget state are removed, so notebooks are committed without outputs
  (``tests/test_notebooks_clean.py``).
* The first code cell installs the kit from the JupyterLite site's own package index when the
  notebook runs in the browser alone (Pyodide) and does nothing anywhere else.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import nbformat

CHECK_TAG = "nbval-check-output"
#: Where a checked cell keeps the outputs nbval compares (``cell.metadata[META][EXPECTED]``).
META = "gm-kit"
EXPECTED = "expected_outputs"
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


def expected_outputs(cell: nbformat.NotebookNode) -> list[Any] | None:
    """The outputs nbval compares for a checked cell (``None`` for any other cell)."""
    if not checks_output(cell):
        return None
    return list(cell.get("metadata", {}).get(META, {}).get(EXPECTED, []))


def strip(nb: nbformat.NotebookNode) -> None:
    """Clear every output and execution count; a checked cell's text outputs move into its
    metadata for nbval. Widget state goes too."""
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if checks_output(cell):
            kept = []
            for o in cell.outputs:
                if o.get("output_type") == "stream":
                    kept.append({"output_type": "stream", "name": o["name"], "text": o["text"]})
                elif o.get("output_type") == "execute_result" and "text/plain" in o.get("data", {}):
                    kept.append(
                        {
                            "output_type": "execute_result",
                            "data": {"text/plain": o["data"]["text/plain"]},
                            "metadata": {},
                            "execution_count": None,
                        }
                    )
            if cell.outputs:  # freshly run (an already stripped cell keeps what it had)
                cell.metadata.setdefault(META, {})[EXPECTED] = kept
        cell.outputs = []
        cell.execution_count = None
        cell.metadata.pop("execution", None)  # run timings
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
        if cell.outputs or cell.execution_count is not None or "execution" in cell.metadata:
            out.append(f"cell {i} keeps outputs or an execution count")
        if checks_output(cell) and not expected_outputs(cell):
            out.append(f"cell {i} is tagged {CHECK_TAG!r} but has no expected outputs")
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Refresh or check the kit's notebooks.")
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true", help="only report convention problems")
    parser.add_argument("--strip", action="store_true", help="strip outputs without running")
    args = parser.parse_args(argv)
    bad = 0
    for path in args.paths:
        if args.check:
            for problem in problems(path):
                print(f"{path}: {problem}")
                bad += 1
        elif args.strip:
            nb = nbformat.read(path, as_version=4)
            strip(nb)
            nbformat.write(nb, path)
            print("stripped", path)
        else:
            refresh(path)
            print("refreshed", path)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
