"""The notebooks are committed without outputs: no output, execution count or widget state.

A cell whose seeded text result teaches something is tagged ``nbval-check-output``; the text
nbval compares lives in its metadata (``tools/nbtool.py`` moves it there), not in its outputs,
so a reader opening the notebook sees only the code until they run it.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _nbtool():
    spec = importlib.util.spec_from_file_location("nbtool", ROOT / "tools" / "nbtool.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("nbtool", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    assert "widgets" not in nb.metadata
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        assert cell.outputs == [], f"{path.name} cell {i} has outputs"
        assert cell.execution_count is None, f"{path.name} cell {i} has an execution count"
        assert "execution" not in cell.metadata, f"{path.name} cell {i} keeps run timings"
    assert _nbtool().problems(path) == []


def test_checked_cells_keep_their_expected_text_for_nbval() -> None:
    tool = _nbtool()
    checked = 0
    for path in NOTEBOOKS:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code" and tool.checks_output(cell):
                checked += 1
                expected = tool.expected_outputs(cell)
                assert expected and all(
                    o["output_type"] in ("stream", "execute_result") for o in expected
                )
    assert checked >= 20


def test_strip_moves_checked_text_into_metadata_and_clears_the_rest() -> None:
    tool = _nbtool()
    nb = nbformat.v4.new_notebook()
    checked = nbformat.v4.new_code_cell("print(6)", metadata={"tags": [tool.CHECK_TAG]})
    checked.outputs = [
        nbformat.v4.new_output("stream", name="stdout", text="6\n"),
        nbformat.v4.new_output("display_data", data={"text/html": "<b>6</b>"}),
    ]
    checked.execution_count = 3
    plain = nbformat.v4.new_code_cell("1 + 1")
    plain.outputs = [nbformat.v4.new_output("execute_result", data={"text/plain": "2"})]
    plain.execution_count = 4
    nb.cells = [checked, plain]
    nb.metadata["widgets"] = {"state": {}}
    tool.strip(nb)
    assert [c.outputs for c in nb.cells] == [[], []]
    assert [c.execution_count for c in nb.cells] == [None, None]
    assert "widgets" not in nb.metadata
    assert tool.expected_outputs(nb.cells[0]) == [
        {"output_type": "stream", "name": "stdout", "text": "6\n"}
    ]
    tool.strip(nb)  # stripping again keeps the expected text
    assert tool.expected_outputs(nb.cells[0])[0]["text"] == "6\n"


def test_a_notebook_with_an_output_is_a_problem(tmp_path: Path) -> None:
    tool = _nbtool()
    nb = nbformat.read(NOTEBOOKS[0], as_version=4)
    code = next(c for c in nb.cells if c.cell_type == "code")
    code.outputs = [nbformat.v4.new_output("stream", name="stdout", text="x\n")]
    code.execution_count = 1
    path = tmp_path / NOTEBOOKS[0].name
    nbformat.write(nb, path)
    assert any("keeps outputs" in p for p in tool.problems(path))


def test_expected_outputs_are_handed_to_nbval_as_a_run_cell() -> None:
    """nbval compares only a cell whose reference was run ("Unrun reference cell has
    outputs" otherwise): the outputs kept in metadata come with an execution count."""
    import types

    import nbformat

    from tests.conftest import _give_expected_outputs

    out = {"name": "stdout", "output_type": "stream", "text": "42\n"}
    cell = nbformat.v4.new_code_cell("print(42)", metadata={"gm-kit": {"expected_outputs": [out]}})
    _give_expected_outputs(types.SimpleNamespace(cell=cell))  # type: ignore[arg-type]
    assert cell.execution_count is not None and cell.outputs[0]["text"] == "42\n"
