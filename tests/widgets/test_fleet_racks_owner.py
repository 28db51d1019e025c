"""Loading ships into racks and handing ships to a new owner, in the engine and the fleet panel."""

from __future__ import annotations

import pytest

from kit.errors import IllegalAction, InvalidType
from kit.successors import Entity, Fleet
from kit.widgets import FleetPanel


def _fleets() -> tuple[Fleet, Fleet]:
    releata = Fleet(Entity("Releata", battle=8, control=3, side="Vontuni Empire"), budget=80)
    tanrac = Fleet(Entity("TanRac", battle=5, control=2, side="Takeru Republic"), budget=40)
    return releata, tanrac


def test_transfer_keeps_design_label_and_builder_side_and_leaves_control_and_racks() -> None:
    a, b = _fleets()
    tug = a.buy("Tug")[0]
    gunboats = a.buy("Gunboat", 2, label="Wasp")
    a.set_control([gunboats[0]])
    a.stow(tug, [gunboats[1]])
    new = a.transfer([gunboats[0]], b)
    assert new == [1]
    (ship,) = b.ships
    assert (ship.type_name, ship.label, ship.side) == ("GUNBOAT", "Wasp", "Vontuni Empire")
    assert gunboats[0] not in {s.id for s in a.ships} and a.controlled == frozenset()
    # a loaded carrier cannot leave its cargo behind; with its cargo it can
    with pytest.raises(IllegalAction, match="unload"):
        a.transfer([tug], b)
    assert a.transfer([tug, gunboats[1]], b) == [2, 3]
    assert a.ships == () and len(b.ships) == 3
    with pytest.raises(InvalidType, match="to must be"):
        b.transfer([1], "Releata")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="already"):
        b.transfer([1], b)


def test_the_panel_loads_racks_and_hands_ships_over_and_shows_refusals_inline() -> None:
    a, b = _fleets()
    panel = FleetPanel(a, others={"TanRac": b})
    tug = a.buy("Tug")[0]
    frigates = a.buy("Frigate", 3)  # 4 RU each: a Tug's 10 units of racks take two
    (carrier,) = panel.view["carriers"]
    assert (carrier["id"], carrier["racks"], carrier["used"], carrier["held"]) == (tug, 10, 0, [])
    panel.stow(tug, [frigates[0]])
    panel.stow(tug, [frigates[1]])
    assert panel.view["carriers"][0]["held"] == frigates[:2]
    assert panel.view["carriers"][0]["used"] == 8
    assert [s["id"] for s in panel.view["loadable"]] == [frigates[2]]
    panel.stow(tug, [frigates[2]])  # 12 units: refused, shown in the panel, nothing changes
    assert "racks for 10" in panel.error and panel.view["carriers"][0]["held"] == frigates[:2]
    panel.unload(tug)
    assert panel.error == "" and panel.view["carriers"][0]["held"] == []
    assert panel.give([frigates[2]], "TanRac") == [1]
    assert [s.name for s in b.ships] == ["FRIGATE"] and panel.view["ships"] == 3
    panel.give([frigates[0]], "Nobody")
    assert "no fleet named 'Nobody'" in panel.error
    assert panel.view["others"] == ["TanRac"]


def test_panel_messages_for_racks_and_owners() -> None:
    a, b = _fleets()
    panel = FleetPanel(a, others={"TanRac": b})
    tug = a.buy("Tug")[0]
    gb = a.buy("Gunboat")[0]
    panel._on_msg(panel, {"action": "load", "carrier": tug, "id": gb}, [])
    assert panel.view["carriers"][0]["held"] == [gb]
    panel._on_msg(panel, {"action": "unload", "carrier": tug}, [])
    panel._on_msg(panel, {"action": "give", "id": gb, "to": "TanRac"}, [])
    assert len(b.ships) == 1 and panel.error == ""
    panel._on_msg(panel, {"action": "load", "carrier": "x", "id": gb}, [])
    assert "carrier" in panel.error
    with pytest.raises(InvalidType, match="others"):
        FleetPanel(a, others={"TanRac": "not a fleet"})  # type: ignore[dict-item]
