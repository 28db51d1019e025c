"""Every kind of kit widget in every front end anywidget serves: JupyterLab, Notebook 7, Voila.

One notebook shows one widget of each kind (``WIDGET_CELLS`` in conftest; marimo has its own
app and test, test_marimo.py). In each front end each widget draws (the explorers and the
Fleet builder with their plotly figures inside them), takes a click that goes to Python and
back (the page changes only by what Python answers), and shows its error banner, written by
Python, on bad input; a code cell then changes the object behind each widget and the page
draws Python's change (JupyterLab and Notebook 7); then every widget is shot again in the dark
theme (Voila: its dark page, ``?theme=dark``, the widgets' text checked light). JupyterLab
and Notebook 7 run the notebook in the page; Voila runs it on the server and shows only the
outputs, as on Binder.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

#: Where each front end switches to its dark theme in the page (Voila takes it in the URL,
#: ``?theme=dark``, which runs the notebook again on a new page).
DARK = {"lab": True, "notebook": True, "voila": False}


@pytest.mark.parametrize("front_end", ["lab", "notebook", "voila"])
def test_every_widget_draws_answers_and_refuses(
    notebook: Any, widget_cells: list[str], widget_kinds: list[Any], front_end: str
) -> None:
    nb = notebook(f"front_end_{front_end}.ipynb", widget_cells, front_end=front_end)
    if front_end != "voila":
        nb.run_all(timeout=180_000)
    page = nb.page
    failures = []
    for kind in widget_kinds:
        shot = f"front-end-{front_end}-{kind.name.replace(' ', '-')}"
        try:
            kind.drive(page)
            nb.screenshot(shot, kind.root)
        except Exception as exc:  # one report for every widget, not only the first to fail
            failures.append(f"{kind.name}: {str(exc).splitlines()[0]}")
            nb.screenshot(shot + "-failed")
    assert failures == []
    if front_end != "voila":  # a code cell changes each widget's object: the page follows
        for kind in widget_kinds:
            if not kind.python:
                continue
            root = page.locator(kind.root).first
            before = root.text_content()
            out = nb.append_and_run(kind.python)
            assert "ERROR" not in out, (kind.name, out)
            try:
                kind.wait(page, f"(r) => r.textContent !== {json.dumps(before)}", 20_000)
            except Exception as exc:
                failures.append(f"{kind.name}: Python's change not drawn: {exc}"[:300])
    assert failures == [], failures
    if DARK[front_end]:
        nb.set_theme(True)
        for kind in widget_kinds:
            nb.screenshot(f"front-end-{front_end}-dark-{kind.name.replace(' ', '-')}", kind.root)
        nb.set_theme(False)
    else:
        page.goto(page.url.split("?")[0] + "?theme=dark", wait_until="domcontentloaded")
        page.wait_for_function(
            "() => document.body.dataset.jpThemeLight === 'false'", timeout=120_000
        )
        for kind in widget_kinds:
            page.locator(kind.root).first.wait_for(timeout=120_000)
            nb.screenshot(f"front-end-voila-dark-{kind.name.replace(' ', '-')}", kind.root)
        # the widgets follow the page: their text takes JupyterLab Dark's light colour
        light = page.evaluate(
            """(sel) => { const c = getComputedStyle(document.querySelector(sel)).color;
            const [r, g, b] = c.match(/\\d+/g).map(Number); return (r + g + b) / 3; }""",
            widget_kinds[0].root,
        )
        assert light > 128, f"the text of {widget_kinds[0].name} is not light on the dark page"
    assert nb.kit_errors() == [], "\n\n".join(nb.kit_errors())
