"""Plotly figures drawn inside a kit widget, with no ipywidgets container around them.

A widget that shows a figure keeps it as plotly JSON in a synced trait (:func:`figure_json`)
and its page draws it with plotly.js (``static/figure.js``). plotly.js comes from the page
when the page has it already (the documentation site serves its own copy) and otherwise from
the kernel: the first figure on a page asks for it once with the ``plotly`` message and
Python answers with the ``plotly.min.js`` of the installed plotly package, as one binary
buffer. Every later figure on that page reuses it, so a page with three figures loads
plotly.js once, where a plotly ``FigureWidget`` sends its own five-megabyte bundle with each
figure. Nothing is fetched from the network, and it works alike in JupyterLab, Notebook 7,
Voilà and marimo.

>>> import plotly.graph_objects as go
>>> data = figure_json(go.Figure(go.Bar(x=["a"], y=[1])))
>>> data["data"][0]["type"], sorted(data)
('bar', ['data', 'layout'])
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from ._base import FieldSpec, KitWidget

if TYPE_CHECKING:
    import plotly.graph_objects as go

__all__ = ["FigureHost", "figure_json", "plotly_script"]


def figure_json(fig: go.Figure) -> dict[str, Any]:
    """``fig`` as plain JSON (``data`` and ``layout``), as plotly.js draws it."""
    out: dict[str, Any] = json.loads(fig.to_json())
    return {"data": out.get("data", []), "layout": out.get("layout", {})}


@functools.cache
def plotly_script() -> bytes:
    """The installed plotly package's own ``plotly.min.js`` (read once)."""
    import plotly

    return (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_bytes()


class FigureHost(KitWidget):
    """A kit widget whose page draws plotly figures: it answers the page's ``plotly`` request."""

    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {"plotly": {}}

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        # the request for plotly.js changes nothing, so it skips the guard's redraw
        if content == {"action": "plotly"}:
            self._msg_plotly()
            return
        super()._on_msg(widget, content, buffers)

    def _msg_plotly(self) -> None:
        self.send({"plotly": "script"}, buffers=[plotly_script()])
