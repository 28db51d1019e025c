"""The Fleet builder without a browser: buying, Control, budget warnings, undo and charts."""

from __future__ import annotations

import anywidget
import pytest

from kit.successors import Entity, Fleet, pool_summary, success_distribution
from kit.widgets.successors import FleetBuilder, FleetPanel


def tanrac() -> Entity:
    return Entity(
        "TanRac",
        battle=4,
        control=4,
        handling=3,
        information=2,
        sensors=2,
        edges=["Cross-Trained"],
        flaws=["Still at War"],
        sex="Male",
        side="Vontuni Empire",
    )


def releata() -> Entity:
    return Entity(
        "Releata",
        battle=8,
        control=3,
        edges=["Combat Reflexes"],
        flaws=["Checkered Past", "No Memory"],
        sex="Female",
        side="Kingdoms of Jukint",
    )


def msg(w: FleetPanel, **content) -> None:
    w._on_msg(w, content, None)


def test_joe_buys_tanracs_starting_fleet() -> None:
    # 5 + 2 + 25 = 32 RU: 5 Gunboats, 10 Satellites, a Tug, 2 Servos and a Relay.
    p = FleetPanel(Fleet(tanrac(), budget=32))
    for name, n in (("GUNBOAT", 5), ("SATELLITE", 10), ("TUG", 1), ("SERVO", 2), ("RELAY", 1)):
        msg(p, action="buy", name=name, count=n)
    assert p.error == ""
    assert (p.view["spent"], p.view["remaining"], p.view["findings"]) == (32.0, 0.0, [])
    assert [g["name"] for g in p.view["groups"]] == [
        "GUNBOAT",
        "SATELLITE",
        "TUG",
        "SERVO",
        "RELAY",
    ]
    assert dict(p.view["by_role"]) == {
        "warship": 10,
        "static": 10,
        "carrier": 3,
        "handling": 6,
        "sensors": 3,
    }
    sats = [s["id"] for s in p.view["groups"][1]["ships"]]
    for sid in sats[:4]:
        msg(p, action="toggle", id=sid)
    # Ruling 2's check: 5 dice at rank 4 and 12 at rank 1.
    assert pool_summary(p.fleet.attack_pool()) == {4: 5, 1: 12}
    assert p.view["pools"] == [{"phase": "Main combat", "text": "5 dice at rank 4, 12 at rank 1"}]
    assert p.view["controlled"] == sats[:4] and p.view["control_limit"] == 4


def test_over_the_control_limit_is_refused_and_changes_nothing() -> None:
    p = FleetPanel(Fleet(tanrac(), budget=32))
    ids = p.buy("Satellite", 6)
    for sid in ids[:4]:
        p.toggle_control(sid)
    before = p.fleet.to_dict()
    msg(p, action="toggle", id=ids[4])
    assert "at most 4 ships under Control" in p.error
    assert p.fleet.to_dict() == before
    msg(p, action="toggle", id=ids[0])  # releasing one is fine
    assert p.error == "" and len(p.fleet.controlled) == 3
    msg(p, action="toggle", id=999)
    assert "no ship with id 999" in p.error


def test_over_budget_is_a_warning_and_undo_takes_it_back() -> None:
    p = FleetPanel(Fleet(releata(), budget=32))
    p.buy("Battleship", 2)
    p.buy("Drone", 8)
    assert p.view["remaining"] == 0 and p.view["findings"] == []
    msg(p, action="buy", name="Cruiser", count=1)
    assert p.error == ""
    assert p.view["findings"] == ["Ships cost 40 RU, 8 over the budget of 32."]
    msg(p, action="undo")
    assert p.fleet.counts() == {"BATTLESHIP": 2, "DRONE": 8}
    msg(p, action="budget", value="40")
    assert p.view["budget"] == 40
    msg(p, action="budget", value="lots")
    assert "budget must be a number" in p.error and p.view["budget"] == 40


def test_remove_one_keeps_controlled_ships() -> None:
    p = FleetPanel(Fleet(releata(), budget=32))
    ids = p.buy("Drone", 3)
    p.toggle_control(ids[2])
    msg(p, action="remove_one", name="DRONE")
    assert [s.id for s in p.fleet.ships] == [ids[0], ids[2]]  # the last free one went
    msg(p, action="remove_one", name="CASTLE")
    assert "no 'CASTLE'" in p.error


@pytest.mark.parametrize(
    "content, fragment",
    [
        ({"action": "buy", "name": "Death Star"}, "unknown ship type 'Death Star'"),
        ({"action": "buy", "name": "Gunboat", "count": "five"}, "count must be a whole number"),
        ({"action": "buy", "name": "Gunboat", "count": 0}, "count"),
        ({"action": "undo"}, "nothing to undo"),
        ({"action": "warp"}, "unknown action 'warp'"),
    ],
)
def test_bad_actions_show_inline(content, fragment) -> None:
    p = FleetPanel(Fleet(tanrac(), budget=32))
    msg(p, **content)
    assert fragment in p.error
    assert p.fleet.ships == ()


def test_combat_reflexes_pool_by_phase_and_the_hits_chart() -> None:
    b = FleetBuilder(Fleet(releata(), budget=32))
    ships = b.buy("Battleship", 2) + b.buy("Drone", 8)
    for sid in ships[:3]:
        b.toggle_control(sid)
    pools = {p["phase"]: p["text"] for p in b.panel.view["pools"]}
    assert pools == {
        "First Strike": "6 dice at rank 5, 6 at rank 3",
        "Main combat": "7 dice at rank 1",
    }
    bars = b.hits.data[0]
    exact = success_distribution(b.fleet.attack_pool())
    assert list(bars.x) == list(range(len(exact)))
    assert [round(y, 12) for y in bars.y] == [round(float(exact[k]), 12) for k in bars.x]
    b.panel.phase = "first"
    assert "First Strike" in b.hits.layout.title.text
    first = success_distribution(b.fleet.attack_pool("first"))
    assert len(b.hits.data[0].x) == len(first)
    assert sum(b.composition.data[i].x[0] for i in range(len(b.composition.data) - 1)) == 32


def test_builder_charts_follow_every_change_and_can_be_off() -> None:
    b = FleetBuilder(Fleet(tanrac(), budget=32))
    assert b.fleet is b.panel.fleet
    assert isinstance(b, anywidget.AnyWidget) and b.charts_on and b.chart_0["data"]
    b.buy("Gunboat", 5)
    assert "5 ships" in b.composition.layout.title.text
    b.panel.undo()
    assert "0 ships" in b.composition.layout.title.text
    light = FleetBuilder(Fleet(), charts=False)
    assert light.composition is None and not light.charts_on and light.chart_0 == {}
    light.buy("Scout")
    assert light.panel.view["owner"] is None and light.panel.view["budget"] is None
    with pytest.raises(TypeError, match="chart"):
        FleetBuilder(Fleet(), chart=False)


def test_roll_the_starting_budget_from_a_seed() -> None:
    p = FleetPanel(Fleet(tanrac()))
    msg(p, action="roll_budget", seed="5")
    f = p.fleet
    assert f.seed == 5 and f.current_budget == sum(f.budget_roll) + 25
    assert p.view["budget_roll"] == list(f.budget_roll) and p.view["seed"] == 5
    assert f.owner is not None and f.owner.name == "TanRac"
    same = Fleet.starting(tanrac(), 5)
    assert same.current_budget == f.current_budget
    p.buy("Gunboat")
    msg(p, action="roll_budget", seed="6")
    assert "rolled before buying" in p.error and p.fleet is f
    msg(p, action="roll_budget", seed="six")
    assert "seed must be a whole number" in p.error
