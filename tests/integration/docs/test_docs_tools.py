"""The pieces of the docs build, on small cases written here: what a page shows of a notebook,
and how a docstring is rewritten for the API reference."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tools"))

import docs_notebooks as dn  # noqa: E402
import griffe_kit  # noqa: E402

V = {"version_major": 2, "version_minor": 0}


def _model(name: str, module: str, **state: object) -> dict:
    return {
        "model_name": name,
        "model_module": module,
        "model_module_version": "*",
        "state": dict(state),
    }


def _view(model_id: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_output(
        "execute_result", data={dn.WIDGET_VIEW: {"model_id": model_id, **V}, "text/plain": "W"}
    )


def _executed() -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    checked = nbformat.v4.new_code_cell("print(1)")
    checked.metadata["tags"] = ["nbval-check-output", "keep-me"]
    checked.outputs = [nbformat.v4.new_output("stream", name="stdout", text="1\n")]
    fig = nbformat.v4.new_code_cell("fig")
    fig.outputs = [
        nbformat.v4.new_output(
            "display_data",
            data={dn.PLOTLY: {"data": [{"type": "bar", "y": [1, 2]}], "layout": {"height": 300}}},
        )
    ]
    widgets = nbformat.v4.new_code_cell("box; lone_figure; closed")
    widgets.outputs = [_view("box"), _view("lone"), _view("closed")]
    nb.cells = [nbformat.v4.new_markdown_cell("# T"), checked, fig, widgets]
    state = {
        "box": _model(
            "VBoxModel",
            "@jupyter-widgets/controls",
            children=["IPY_MODEL_inner"],
            layout="IPY_MODEL_lay",
        ),
        "lay": _model("LayoutModel", "@jupyter-widgets/base"),
        "inner": _model(
            "AnyModel",
            "anywidget",
            _esm="big bundle",
            _widget_data=[1],
            _py2js_restyle=None,
            layout="IPY_MODEL_lay2",
        ),
        "lay2": _model("LayoutModel", "@jupyter-widgets/base"),
        "lone": _model("AnyModel", "anywidget", _esm="big bundle"),
        "unused": _model("LayoutModel", "@jupyter-widgets/base"),
    }
    figures = {
        "inner": {"data": [{"type": "scatter"}], "layout": {"title": {"text": "in a box"}}},
        "lone": {"data": [{"type": "pie"}], "layout": {}},
    }
    code = [c for c in nb.cells if c.cell_type == "code"]
    return dn.assemble(
        nb,
        {i: c.outputs for i, c in enumerate(code)},
        {"state": {**V, "state": state}, "figures": figures},
    )


def test_a_page_shows_figures_and_widgets_and_no_test_tag() -> None:
    page, info = dn.prepare(_executed())
    assert info.figures == 3 and info.widgets == 1  # bar, the lone FigureWidget, the one in the box
    assert info.dropped_tags == {"nbval-check-output"}
    checked, fig, widgets = (c for c in page.cells if c.cell_type == "code")
    assert checked.metadata["tags"] == ["keep-me"]
    html = fig.outputs[0]["data"]["text/html"]
    assert 'class="plotly-graph-div gmkit-figure"' in html and "height:300px" in html
    data = json.loads(html.split('"gmkit-figure-data">', 1)[1].split("</script>", 1)[0])
    assert data["data"] == [{"type": "bar", "y": [1, 2]}]
    kinds = [list(o.get("data", {})) for o in widgets.outputs]
    # box: its view and the note; the lone FigureWidget: a figure; closed: its text only
    assert kinds == [[dn.WIDGET_VIEW], ["text/html"], ["text/html"], ["text/plain"]]
    assert "gmkit-kernel-note" in widgets.outputs[1]["data"]["text/html"]
    assert "plotly-graph-div" in widgets.outputs[2]["data"]["text/html"]
    state = page.metadata["widgets"][dn.WIDGET_STATE]["state"]
    assert sorted(state) == ["box", "inner", "lay", "lay2"]  # what the shown views use, only
    inner = state["inner"]["state"]
    assert inner["_esm"] == dn.STATIC_FIGURE_ESM and inner["layout"] == "IPY_MODEL_lay2"
    assert inner["gmkit_figure"]["layout"]["title"]["text"] == "in a box"
    assert "_widget_data" not in inner and "_py2js_restyle" not in inner
    assert dn.META not in page.metadata


def test_a_figure_drawn_inside_a_kit_widget_is_a_figure_of_the_page() -> None:
    """The explorers and the Fleet builder carry their figures as plotly JSON traits (#34)."""
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("explorer; builder; empty")
    cell.outputs = [_view("explorer"), _view("builder"), _view("empty")]
    nb.cells = [cell]
    fig = {"data": [{"type": "scatter"}], "layout": {}}
    state = {
        "explorer": _model("AnyModel", "anywidget", figure_data=fig),
        "builder": _model("AnyModel", "anywidget", chart_0=fig, chart_1=fig, view={}),
        "empty": _model("AnyModel", "anywidget", figure_data={}),  # nothing drawn yet
    }
    executed = dn.assemble(nb, {0: cell.outputs}, {"state": {**V, "state": state}})
    _, info = dn.prepare(executed)
    assert info.widgets == 3 and info.figures == 3


def test_an_executed_copy_counts_only_for_the_same_cells(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    nbformat.write(nb, source / "a.ipynb")
    executed = dn.assemble(nb, {0: []}, {})
    nbformat.write(executed, tmp_path / "a.ipynb")
    assert dn.load_executed(tmp_path, source / "a.ipynb") is not None
    assert dn.load_executed(None, source / "a.ipynb") is None
    nb.cells[0].source = "1 + 2"  # the notebook changed since: the copy is stale
    nbformat.write(nb, source / "a.ipynb")
    assert dn.load_executed(tmp_path, source / "a.ipynb") is None


def test_the_capture_runs_in_a_kernel_and_finds_widgets_and_figures(tmp_path: Path) -> None:
    pytest.importorskip("nbclient")
    nb = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell(
                "import ipywidgets, plotly.graph_objects as go\n"
                "f = go.FigureWidget(go.Figure(go.Bar(y=[3, 1])))\n"
                "ipywidgets.VBox([ipywidgets.IntSlider(7), f])"
            )
        ]
    )
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = tmp_path / "w.ipynb"
    nbformat.write(nb, path)
    executed = dn.execute(path, timeout=120)
    state = executed.metadata["widgets"][dn.WIDGET_STATE]["state"]
    names = sorted(m["model_name"] for m in state.values())
    assert "VBoxModel" in names and "IntSliderModel" in names
    (fig,) = executed.metadata[dn.META]["figures"].values()
    assert fig["data"][0]["y"] == [3, 1]
    _, info = dn.prepare(executed)
    assert info.widgets == 1 and info.figures == 1


def test_doctest_examples_become_code_blocks() -> None:
    # as doctest reads it: the output runs to the next blank line
    text = "Add:\n>>> 1 + 1\n2\n\nDone.\n\n    >>> x = 3\n    >>> x\n    3"
    fenced = griffe_kit.fence_examples(text)
    assert fenced == (
        "Add:\n\n```pycon\n>>> 1 + 1\n2\n```\n\nDone.\n\n"
        "    ```pycon\n    >>> x = 3\n    >>> x\n    3\n    ```"
    )
    assert griffe_kit.fence_examples(fenced) == fenced  # once fenced, left alone
    examples = "Examples:\n    >>> 1\n    1\n\nThen:\n\n>>> 2\n2"
    out = griffe_kit.fence_examples(examples)
    assert out.startswith("Examples:\n    >>> 1\n    1\n\nThen:\n\n```pycon\n>>> 2")


def test_roles_become_links_to_what_they_name() -> None:
    griffe = pytest.importorskip("griffe")
    kit = griffe.load("kit", search_paths=[str(ROOT)])
    job = kit["regulus"]["job"]["Job"]
    linked = griffe_kit.link_roles(
        "See :class:`Operative`, :func:`~kit.regulus.odds.odds`, :meth:`Job.roll`, "
        ":class:`plotly.graph_objects.Figure` and :data:`the seed <kit.rng>`.",
        job,
    )
    assert (
        '<autoref identifier="kit.regulus.job.Operative" optional>`Operative`</autoref>' in linked
    )
    assert '<autoref identifier="kit.regulus.odds.odds" optional>`odds`</autoref>' in linked
    assert 'identifier="kit.regulus.job.Job.roll"' in linked
    assert (
        "`plotly.graph_objects.Figure`" in linked and 'plotly.graph_objects.Figure"' not in linked
    )
    assert '<autoref identifier="kit.rng" optional>`the seed`</autoref>' in linked
    assert ":class:" not in linked and ":data:" not in linked
