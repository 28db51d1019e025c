"""Explorer widgets as Python objects: actions, errors inline, traits derived from the engine."""

from __future__ import annotations

import pytest

from kit.successors.sector import generate_sector
from kit.successors.stars import generate_system
from kit.widgets.stars import SectorExplorer, StarSystemExplorer


def test_star_explorer_reroll_select_and_views():
    w = StarSystemExplorer(seed=8)
    assert w.system == generate_system(8) and w.seed == 8
    w.reroll(12)
    assert w.system.seed == 12 and len(w.view["orbits"]) == len(w.system.orbits)
    w._on_msg(w, {"action": "reroll", "seed": "8"}, None)
    assert w.system == generate_system(8)
    w.generate()
    assert w.system.seed == w.seed and w.system == generate_system(w.seed)
    assert w.view["star"]["class"] == w.system.spectral_class


def test_star_explorer_player_view_and_errors():
    s = next(generate_system(i) for i in range(200) if len(generate_system(i).orbits) >= 4)
    w = StarSystemExplorer(s)
    w.mode = "player"
    w.successes, w.current_orbit = 2, 2
    assert [r["known"] for r in w.view["orbits"][:4]] == [True, True, True, False]
    before = w.system
    w.reroll("twelve")
    assert "seed" in w.error and w.system is before
    w.selected = 2
    w.reroll(s.seed)
    assert w.error == "" and w.selected == 0 and w.system == s
    fig = w.figure
    assert len(fig.data) > 1
    with pytest.raises(TypeError, match="colour"):
        StarSystemExplorer(seed=1, colour="red")


def test_sector_explorer_plans_and_opens():
    sec = generate_sector(200, seed=2)
    w = SectorExplorer(sec)
    assert w.route is not None and w.route_view["rows"][0]["name"] == sec.names[0]
    target = sec.names[w.route.systems[-1]]
    w._on_msg(
        w,
        {
            "action": "plan",
            "origin": sec.names[0],
            "destination": sec.names[40],
            "information": "3",
            "sensors": "2",
            "mode": "jumps",
            "within": "25",
        },
        None,
    )
    assert w.error == "" and w.route.mode == "jumps" and w.route.navigator.information == 3
    assert w.route_view["within"] == 25
    good = w.route
    w._on_msg(w, {"action": "plan", "origin": "Nowhere", "destination": target}, None)
    assert "'Nowhere' is not in this sector" in w.error and w.route is good
    w._on_msg(w, {"action": "open", "system": 7}, None)
    assert w.selected == 7 and w.system_view["name"] == sec.names[7]
    fig = w.figure
    assert any(t.customdata is not None for t in fig.data)


def test_negative_days_show_an_inline_error_and_break_nothing():
    """Issue #11: a Days box of -3 used to raise out of the refresh and jam every later action."""
    sec = generate_sector(120, seed=4)
    w = SectorExplorer(sec)
    good, within = w.route, w.within
    w._on_msg(w, {"action": "plan", "within": "-3", "destination": sec.names[9]}, None)
    assert w.error == "Days must be a whole number from 1 to 10,000, got -3"
    assert w.within == within and w.route is good and w.destination == sec.names[1]
    # the next actions work as before
    w._on_msg(w, {"action": "plan", "within": "12", "mode": "chance"}, None)
    assert w.error == "" and w.route.mode == "chance" and w.route_view["within"] == 12
    w._on_msg(w, {"action": "open", "system": 3}, None)
    assert w.selected == 3
    # set from Python: the Plan button reports it inline, the view still renders
    w.within = -3
    w.mode = "days"
    w.plan()
    assert "Days must be a whole number" in w.error and w.route_view["chance"] == 0.0
    w._on_msg(w, {"action": "plan", "information": "-1"}, None)
    assert w.error.startswith("Information must be a whole number from 0 to 60")
