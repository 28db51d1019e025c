"""Widgets wherever notebooks run (issue 34): one widget style and state a notebook can react to.

Every public widget is one anywidget (nothing built from ipywidgets containers, which marimo
cannot show); what a GM picks or builds is a synced trait with a typed value, so ``observe``
in Jupyter and a dependent cell in marimo (``mo.ui.anywidget(w).value``, the widget's synced
state) both see the change; a figure travels as plotly JSON and plotly.js once per page.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import anywidget
import ipywidgets
import pytest

import kit.widgets
from kit.advising import Advice, TuningRow
from kit.regulus import Job
from kit.successors import Entity, Fleet
from kit.successors.examples import takeover_duel
from kit.successors.sector import generate_sector
from kit.widgets import (
    CombatTable,
    FleetBuilder,
    JobBuilder,
    SectorExplorer,
    StarSystemExplorer,
    Tuner,
)
from kit.widgets._base import fallback_text
from kit.widgets._figures import plotly_script
from kit.widgets.tuner import row_json, row_of

WIDGETS = Path(kit.widgets.__file__).parent


def msg(widget, **content) -> None:
    widget._on_msg(widget, content, [])


def changes(widget, name: str) -> list:
    seen: list = []
    widget.observe(lambda c: seen.append(c["new"]), names=[name])
    return seen


def wire(widget) -> dict:
    """The synced state as the page (and marimo's ``.value``) gets it: JSON, nothing else."""
    return json.loads(json.dumps(widget.get_state()))


# ------------------------------------------------------------------------------ one style
@pytest.mark.parametrize("name", [n for n in kit.widgets.__all__])
def test_every_public_widget_is_one_anywidget(name: str) -> None:
    cls = getattr(kit.widgets, name)
    assert issubclass(cls, anywidget.AnyWidget), name
    assert not issubclass(cls, ipywidgets.Box), name


def test_no_widget_module_builds_on_ipywidgets() -> None:
    """The widgets use anywidget alone; ipywidgets stays only as anywidget's own dependency."""
    for path in sorted(WIDGETS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            assert not any(n.split(".")[0] == "ipywidgets" for n in names), path.name


def test_a_front_end_without_widgets_is_told_what_to_use() -> None:
    data, _meta = JobBuilder()._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    for shown in (data["text/plain"], data["text/html"]):
        assert "gm-kit JobBuilder: a live widget that this view cannot display" in shown
        assert "JupyterLab" in shown and "marimo" in shown and "Colab" in shown
    assert fallback_text("Tuner").startswith("gm-kit Tuner:")


# ------------------------------------------------------------------------------ the tuner
def test_the_chosen_row_is_a_synced_typed_trait() -> None:
    assert isinstance(Tuner.class_traits()["chosen"], __import__("traitlets").Instance)
    t = Tuner(target=0.6)
    seen, kinds = changes(t, "chosen"), changes(t, "chosen_system")
    assert wire(t)["chosen"] is None
    msg(t, action="choose", index="0")
    assert t.error == "" and len(seen) == 1 and kinds == ["job"]
    row = seen[0]
    # the nearest job setup to 60%: worked by the tuner's own doctest oracle (3, 6, 0.592)
    assert isinstance(row, TuningRow) and (row.difficulty, row.clock) == (3, 6)
    state = wire(t)
    assert state["chosen"]["setup"] == [["difficulty", 3], ["clock", 6]]
    assert state["chosen_system"] == "job" and abs(state["chosen"]["chance"] - 0.592) < 5e-4
    assert t.job().difficulty == 3


def test_a_board_row_survives_the_wire() -> None:
    row = TuningRow((("cards", (5, 6, 7)), ("goal", 2)), 0.4375)
    back = row_of(json.loads(json.dumps(row_json(row))))
    assert back == row and back.cards == (5, 6, 7)
    assert row_of(None) is None and row_json(None) is None
    with pytest.raises(TypeError, match="tuning row"):
        row_of({"chance": 1})


def test_the_combat_advice_is_a_synced_trait() -> None:
    table = CombatTable(takeover_duel(), allocate_sides=[0], ask=["takeover"])
    seen = changes(table, "advice")
    for _ in range(40):
        if table.pending is not None:
            break
        msg(table, action="step")
    msg(table, action="advise")
    assert len(seen) == 1 and isinstance(seen[0], Advice)
    state = wire(table)["advice"]
    assert set(state["options"]) == {"SERVO 1:1", "CRUISER 1:2", "none"}
    assert state["best"] in state["options"] and state["exact"] is False


# ------------------------------------------------------------------------------ builders
def test_the_built_job_is_a_synced_trait_and_a_job() -> None:
    b = JobBuilder()
    seen = changes(b, "job_data")
    msg(b, action="set", field="clock", value="6")
    assert seen == [] and b.built is None  # editing is not building
    msg(b, action="build")
    assert len(seen) == 1 and wire(b)["job_data"]["clock"] == 6
    assert isinstance(b.built, Job) and b.built.setup_dict() == b.job.setup_dict()
    # a form the kit refuses builds nothing, says why, and keeps the job built before
    msg(b, action="set", field="difficulty", value="12")
    msg(b, action="build")
    assert "difficulty" in b.error and len(seen) == 1 and b.built.clock == 6
    assert b.form["difficulty"] == "12"


def test_the_fleet_being_built_is_a_synced_trait() -> None:
    b = FleetBuilder(Fleet(Entity("TanRac", battle=4, control=4), budget=32))
    seen = changes(b, "fleet_data")
    msg(b, action="buy", name="Gunboat", count="2")
    assert b.error == "" and len(seen) == 1
    again = Fleet.from_dict(wire(b)["fleet_data"])
    # a Gunboat costs 2 RU (the rule text's catalog)
    assert [s.name for s in again.ships] == ["GUNBOAT", "GUNBOAT"] and again.spent == 4
    msg(b, action="buy", name="Gunboat", count="5000")  # over the budget: a warning only
    msg(b, action="toggle", id="99")
    assert "99" in b.error and not Fleet.from_dict(wire(b)["fleet_data"]).controlled


def test_the_fleet_charts_travel_as_plotly_json() -> None:
    b = FleetBuilder(Fleet(Entity("TanRac", battle=4, control=4), budget=32))
    b.buy("Gunboat", 5)
    state = wire(b)
    assert state["charts_on"] is True
    assert "5 ships" in state["chart_0"]["layout"]["title"]["text"]
    assert state["chart_1"]["data"][0]["type"] == "bar"


# ------------------------------------------------------------------------------ explorers
def test_a_click_on_the_system_figure_picks_the_orbit() -> None:
    w = StarSystemExplorer(seed=2)
    seen = changes(w, "selected")
    fig = wire(w)["figure_data"]
    orbits = [
        n
        for t in fig["data"]
        if t.get("customdata") is not None
        for n in (t["customdata"] if isinstance(t["customdata"], list) else [t["customdata"]])
    ]
    assert orbits, "the planets carry their orbit number for a click"
    msg(w, action="pick", orbit=2)
    assert seen == [2] and w.view["orbits"][1]["number"] == 2
    msg(w, action="pick", orbit=2)  # the same orbit again puts it down
    assert seen == [2, 0]
    msg(w, action="pick", orbit=len(w.system.orbits) + 1)
    assert "orbit must be from 1 to" in w.error and w.selected == 0


def test_a_click_on_the_sector_map_opens_the_system() -> None:
    sector = generate_sector(60, seed=7)
    w = SectorExplorer(sector, origin=0, destination=10)
    seen = changes(w, "selected")
    route = changes(w, "route_view")
    msg(w, action="open", system=5)
    assert seen == [5] and wire(w)["system_view"]["name"] == sector.names[5]
    msg(w, action="plan", destination=sector.names[20])
    assert route and route[-1]["rows"][-1]["name"] == sector.names[20]


def test_plotly_js_is_sent_once_on_request_and_never_redraws(monkeypatch) -> None:
    w = StarSystemExplorer(seed=2)
    sent: list = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: sent.append((content, buffers)))
    redraws = changes(w, "figure_data")
    msg(w, action="plotly")
    assert sent == [({"plotly": "script"}, [plotly_script()])] and redraws == []
    assert plotly_script().startswith(b"/**\n* plotly.js v")
    msg(w, action="plotly", extra=1)  # any other shape goes through the gate and is refused
    assert "unknown field" in w.error and len(sent) == 1
