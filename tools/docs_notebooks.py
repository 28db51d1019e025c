"""Executed notebooks for the documentation site: capture them once, render them without a kernel.

The test suite runs every notebook under nbval; the documentation site shows the same notebooks
with their outputs. Running them twice costs a minute and a half, so the suite keeps what nbval
got (see the notebook-capture plugin in ``tests/conftest.py``) and the docs build reads it. A
build outside the suite (``mkdocs build --strict``) executes the notebooks itself with
:func:`execute`. Either way, one snippet (:func:`capture_source`) runs in the notebook's kernel
after its last cell and writes what the page needs and the outputs do not carry: the state of
every live widget, and each plotly ``FigureWidget`` as a plain figure.

:func:`prepare` then turns an executed notebook into what mkdocs-jupyter renders:

* every plotly figure (a figure output, or a ``FigureWidget`` shown alone or inside a widget)
  becomes an interactive figure drawn by the site's own copy of plotly.js;
* every widget keeps its saved state, pruned to what its views use, and gets a short note that
  it shows the state the notebook ended in and needs a kernel to act;
* test-only cell tags (``nbval-*``) are dropped, so no test badge shows on the page.

Nothing here imports mkdocs: the pytest plugin uses the same functions.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
PLOTLY = "application/vnd.plotly.v1+json"
#: Where an executed notebook keeps what :func:`capture_source` found.
META = "gmkit_docs"
#: Cell tags that only steer the tests; the site does not show them.
TEST_TAG = re.compile(r"^(nbval-|raises-exception$)")

NOTE = (
    '<p class="gmkit-kernel-note">A live widget, shown as the notebook left it. Clicking needs'
    " a Python kernel: open this notebook in JupyterLab (<code>gm-kit lab</code>) or on Binder"
    " to play it.</p>"
)

#: The anywidget module that draws a ``FigureWidget``'s figure with the page's plotly.js.
STATIC_FIGURE_ESM = """\
export default {
  render({ model, el }) {
    const fig = model.get("gmkit_figure") || {};
    el.classList.add("plotly-graph-div", "gmkit-figure");
    const draw = () => window.gmkitDrawFigure(el, fig);
    if (window.gmkitDrawFigure) draw(); else window.addEventListener("gmkit-figures-ready", draw);
    return () => window.Plotly && window.Plotly.purge(el);
  },
};
"""


def capture_source(path: Path) -> str:
    """Python to run in a notebook's kernel after its last cell; it writes JSON to ``path``.

    The JSON holds the manager state of every live widget (ipywidgets' embedding format, the
    one ``@jupyter-widgets/html-manager`` reads) and, for each plotly ``FigureWidget``, its
    figure as plotly JSON. It imports nothing the notebook did not import, and leaves no name
    behind in the kernel.
    """
    return f"""\
def _gmkit_capture(path):
    import json, sys
    state, figures = {{"version_major": 2, "version_minor": 0, "state": {{}}}}, {{}}
    if "ipywidgets" in sys.modules:
        from ipywidgets.widgets.widget import Widget, _instances
        live = dict(_instances)
        state = Widget.get_manager_state(drop_defaults=False, widgets=list(live.values()))
        base = sys.modules.get("plotly.basewidget")
        for model_id, widget in live.items():
            if base is not None and isinstance(widget, base.BaseFigureWidget):
                figures[model_id] = json.loads(widget.to_json())
    with open(path, "w", encoding="utf-8") as f:
        json.dump({{"state": state, "figures": figures}}, f)
_gmkit_capture({str(path)!r})
del _gmkit_capture
"""


def source_key(nb: nbformat.NotebookNode) -> str:
    """A digest of the notebook's cells (kind and source): an executed copy must match it."""
    h = hashlib.sha256()
    for cell in nb.cells:
        h.update(cell.cell_type.encode() + b"\0" + cell.source.encode() + b"\0")
    return h.hexdigest()


def assemble(
    nb: nbformat.NotebookNode, outputs: dict[int, list[Any]], captured: dict[str, Any]
) -> nbformat.NotebookNode:
    """A copy of ``nb`` with the outputs of its code cells and what the capture found.

    ``outputs`` maps the index of a code cell (counting code cells only, as nbval does) to its
    outputs; ``captured`` is the JSON :func:`capture_source` wrote.
    """
    out = copy.deepcopy(nb)
    code = [c for c in out.cells if c.cell_type == "code"]
    for index, cell in enumerate(code):
        cell.outputs = [nbformat.from_dict(dict(o)) for o in outputs.get(index, [])]
        cell.execution_count = index + 1 if index in outputs else None
    out.metadata["widgets"] = {WIDGET_STATE: captured.get("state", {})}
    out.metadata[META] = {"source_key": source_key(nb), "figures": captured.get("figures", {})}
    return out


def execute(path: Path, timeout: int = 600) -> nbformat.NotebookNode:
    """Run the notebook at ``path`` in a fresh kernel and return it executed (see :func:`assemble`)."""
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    work = copy.deepcopy(nb)
    with tempfile.TemporaryDirectory(prefix="gmkit-capture-") as tmp:
        target = Path(tmp) / "capture.json"
        work.cells.append(nbformat.v4.new_code_cell(capture_source(target)))
        NotebookClient(
            work,
            timeout=timeout,
            kernel_name="python3",
            resources={"metadata": {"path": str(path.parent)}},
        ).execute()
        captured = json.loads(target.read_text(encoding="utf-8"))
    work.cells.pop()
    code = [c for c in work.cells if c.cell_type == "code"]
    return assemble(nb, {i: c.outputs for i, c in enumerate(code)}, captured)


def load_executed(folder: Path | None, path: Path) -> nbformat.NotebookNode | None:
    """The executed copy of ``path`` in ``folder``, if there is one made from the same cells."""
    if folder is None:
        return None
    copy_path = folder / path.name
    if not copy_path.is_file():
        return None
    executed = nbformat.read(copy_path, as_version=4)
    original = nbformat.read(path, as_version=4)
    if executed.metadata.get(META, {}).get("source_key") != source_key(original):
        return None
    return executed


# --------------------------------------------------------------------------- rendering


@dataclass
class Rendered:
    """What one notebook shows on its page."""

    figures: int = 0
    """Plotly figures, whether outputs or ``FigureWidget``s."""
    widgets: int = 0
    """Widget outputs drawn from the saved state."""
    dropped_tags: set[str] = field(default_factory=set)


def figure_html(fig: dict[str, Any]) -> str:
    """A placeholder the site's script fills with an interactive plotly figure."""
    layout = fig.get("layout") or {}
    height = layout.get("height") or 450
    data = json.dumps(
        {"data": fig.get("data", []), "layout": layout, "frames": fig.get("frames", [])},
        allow_nan=False,
        separators=(",", ":"),
    )
    data = data.replace("</", "<\\/")
    return (
        f'<div class="plotly-graph-div gmkit-figure" style="height:{int(height)}px;width:100%">'
        f'<script type="application/json" class="gmkit-figure-data">{data}</script></div>'
    )


def _refs(value: Any) -> set[str]:
    """Model ids a widget state refers to (``"IPY_MODEL_<id>"`` strings, at any depth)."""
    if isinstance(value, str):
        return {value[10:]} if value.startswith("IPY_MODEL_") else set()
    if isinstance(value, dict):
        return set().union(*(_refs(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_refs(v) for v in value)) if value else set()
    return set()


def _closure(state: dict[str, Any], roots: set[str]) -> set[str]:
    seen: set[str] = set()
    todo = [r for r in roots if r in state]
    while todo:
        model_id = todo.pop()
        if model_id in seen:
            continue
        seen.add(model_id)
        todo.extend(r for r in _refs(state[model_id].get("state", {})) if r in state)
    return seen


#: The traits in which a kit widget keeps a plotly figure it draws inside itself (issue 34).
INNER_FIGURES = ("figure_data", "chart_0", "chart_1")


def _inner_figures(entry: dict[str, Any]) -> int:
    """How many plotly figures a kit widget draws inside itself with the page's plotly.js."""
    traits = entry.get("state", {})
    return sum(
        1 for k in INNER_FIGURES if isinstance(traits.get(k), dict) and traits[k].get("data")
    )


def _plain(fig: dict[str, Any]) -> dict[str, Any]:
    return {"data": fig.get("data", []), "layout": fig.get("layout", {})}


def prepare(nb: nbformat.NotebookNode) -> tuple[nbformat.NotebookNode, Rendered]:
    """The executed notebook ``nb`` as the documentation page renders it (see the module doc)."""
    nb = copy.deepcopy(nb)
    info = Rendered()
    meta = nb.metadata.pop(META, {})
    figure_widgets: dict[str, Any] = meta.get("figures", {})
    state: dict[str, Any] = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    shown: set[str] = set()
    for cell in nb.cells:
        tags = cell.get("metadata", {}).get("tags")
        if tags:
            dropped = {t for t in tags if TEST_TAG.match(t)}
            info.dropped_tags |= dropped
            cell.metadata["tags"] = [t for t in tags if t not in dropped]
            if not cell.metadata["tags"]:
                del cell.metadata["tags"]
        if cell.cell_type != "code":
            continue
        outputs = []
        for out in cell.outputs:
            data = out.get("data", {})
            if PLOTLY in data:
                outputs.append(_html_output(figure_html(data[PLOTLY])))
                info.figures += 1
            elif WIDGET_VIEW in data:
                model_id = data[WIDGET_VIEW].get("model_id")
                if model_id in figure_widgets:
                    outputs.append(_html_output(figure_html(_plain(figure_widgets[model_id]))))
                    info.figures += 1
                elif model_id in state:
                    out["data"] = {WIDGET_VIEW: data[WIDGET_VIEW]}
                    outputs += [out, _html_output(NOTE)]
                    shown.add(model_id)
                    info.widgets += 1
                    info.figures += _inner_figures(state[model_id])
                else:  # a widget closed before the notebook ended: its text stands in
                    out["data"] = {k: v for k, v in data.items() if k != WIDGET_VIEW}
                    outputs.append(out)
            else:
                outputs.append(out)
        cell.outputs = outputs
    keep = _closure(state, shown)
    for model_id in keep & set(figure_widgets):
        # a FigureWidget inside another widget: the same anywidget model, drawn by the page's
        # plotly.js instead of plotly's own bundle (megabytes of script per figure)
        entry = state[model_id]
        entry["state"] = {
            k: v for k, v in entry["state"].items() if not k.startswith(("_py2js", "_js2py"))
        }
        for key in ("_widget_data", "_widget_layout", "_config", "_view_count"):
            entry["state"].pop(key, None)
        entry["state"]["_esm"] = STATIC_FIGURE_ESM
        entry["state"]["gmkit_figure"] = _plain(figure_widgets[model_id])
        info.figures += 1
    if keep:
        nb.metadata["widgets"] = {
            WIDGET_STATE: {
                "version_major": 2,
                "version_minor": 0,
                "state": {k: state[k] for k in sorted(keep)},
            }
        }
    else:
        nb.metadata.pop("widgets", None)
    return nb, info


def _html_output(html: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_output("display_data", data={"text/html": html})
