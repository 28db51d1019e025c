"""Maintain the kit's notebooks: run them, keep only the outputs nbval checks, strip the rest.

    python tools/nbtool.py notebooks/01_regulus_jobs.ipynb [...]

Cells whose source contains ``# NBVAL_CHECK_OUTPUT`` keep their (text) outputs so nbval can
compare them; every other output and all widget state are removed, so notebooks are committed
without outputs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

MARK = "# NBVAL_CHECK_OUTPUT"


def refresh(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if MARK in cell.source:
            cell.outputs = [o for o in cell.outputs if o.get("output_type") in ("stream", "execute_result")
                            and (o.get("output_type") == "stream" or "text/plain" in o.get("data", {}))]
            for o in cell.outputs:
                if o.get("output_type") == "execute_result":
                    o["data"] = {"text/plain": o["data"]["text/plain"]}
                    o["metadata"] = {}
        else:
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        refresh(Path(arg))
        print("refreshed", arg)
