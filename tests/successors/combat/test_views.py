"""The combat figures and the Combat table widget (model side), and engine isolation."""

from __future__ import annotations

import subprocess
import sys

import plotly.graph_objects as go
import pytest
from combat_setups import example_one

from kit.successors.combat import AutoPolicy, simulate


def test_combat_timeline_is_a_public_figure():
    import kit.figures

    b = example_one(seed=2).run()
    fig = kit.figures.combat_timeline(b)
    assert isinstance(fig, go.Figure)
    names = {t.name for t in fig.data}
    assert {"Releata", "Garrison"} <= names
    hits = sum(sum(t.y) for t in fig.data if t.name == "Garrison")
    assert hits == sum(e["hits"] for e in b.log if e.kind == "attack" and e["side"] == 1)
    assert any("fires" in h for t in fig.data if t.name == "Releata" for h in t.hovertext)
    losses = [t for t in fig.data if t.name.startswith("Garrison:")]
    assert losses and all(t.offsetgroup == "1" for t in losses)
    with pytest.raises(TypeError):
        kit.figures.combat_timeline("not a battle")


def test_combat_losses_figure():
    from kit.figures import combat_losses

    res = simulate(example_one(), 300, seed=1, policy=AutoPolicy(takeover=False))
    fig = combat_losses(res)
    assert [t.name for t in fig.data][:4] == ["won", "draw", "retreated", "lost"]
    assert abs(sum(fig.data[-1].y) - 1) < 1e-9


def test_combat_table_widget_model():
    from kit.widgets import CombatTable

    b = example_one(seed=3)
    t = CombatTable(b, allocate_sides=[1])
    t.step_round()
    pending = t.view["pending"]
    assert pending["kind"] == "allocate" and pending["side"] == 1
    keys = [f"1:{21 + i % 5}" for i in range(pending["hits"])]
    t._on_msg(t, {"action": "allocate", "targets": keys}, None)
    # a hit aimed at a Cruiser already gone comes back as a smaller wave: take the default
    waves = 0
    while t.view["pending"] is not None and t.view["pending"]["side"] == 1 and waves < 20:
        assert t.view["pending"]["hits"] < pending["hits"]
        t._on_msg(t, {"action": "default"}, None)
        waves += 1
    assert t.error == "" and t.view["pending"] is None
    assert next(e["targets"] for e in b.log if e.kind == "decision") == keys
    before = b.to_dict()
    t._on_msg(t, {"action": "nonsense"}, None)
    assert "unknown action" in t.error and b.to_dict() == before
    t._on_msg(t, {"action": "undo"}, None)
    assert b.next_phase == "first"
    t._on_msg(t, {"action": "simulate", "n": 200}, None)
    assert t.view["simulation"]["n"] == 200
    with pytest.raises(TypeError, match="allocate_side"):
        CombatTable(b, allocate_side=[1])


def test_engine_imports_no_widget_or_plot_library():
    code = (
        "import sys, kit.successors.combat; "
        "print([m for m in ('plotly', 'ipywidgets', 'anywidget') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_user_names_are_escaped_in_figures():
    from kit.figures import combat_timeline
    from kit.successors.combat import Battle, Side

    b = Battle(
        [Side("Red <b>", ships=["Cruiser"] * 2), Side("Blue", ships=["Frigate"] * 3)], seed=1
    ).run()
    fig = combat_timeline(b)
    assert "Red &lt;b&gt;" in {t.name for t in fig.data}
    assert "<b>" not in fig.layout.title.text
