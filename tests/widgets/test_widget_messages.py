"""Widgets never crash on a message (issue #11).

Every action sent from the page that fails shows the kit's error in the widget's banner and
leaves the engine object and the view as they were. Before: a combat "simulate" with an empty or
null count raised ValueError/TypeError out of the message handler (``int("")``, ``int(None)``);
a message that was not an object raised AttributeError; ``inf`` as a count raised OverflowError.
Wrong object types gave plain TypeError instead of the kit's InvalidType.
"""

from __future__ import annotations

import copy
import math

import pytest

from kit.errors import InvalidType
from kit.successors import Entity, Fleet, ShipDesign
from kit.successors.combat import Battle, Side
from kit.widgets.combat import CombatTable
from kit.widgets.entity_builder import EntityBuilder
from kit.widgets.fleet_builder import FleetBuilder, FleetPanel
from kit.widgets.ship_designer import ShipDesigner

BAD_COUNTS = [None, "", "  ", "abc", 0, -5, 1.5, 1e30, math.inf, math.nan, [], {}, "1e400", True]


def send(widget, content) -> None:
    widget._on_msg(widget, content, None)


def battle() -> Battle:
    return Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 3})], seed=1)


@pytest.mark.parametrize("n", BAD_COUNTS)
def test_combat_simulate_with_a_bad_count_shows_the_error_and_keeps_state(n):
    table = CombatTable(battle())
    send(table, {"action": "round"})
    before_view, before_log = copy.deepcopy(table.view), table.battle.log.to_list()
    send(table, {"action": "simulate", "n": n})
    assert "number of battles to simulate" in table.error
    assert table.simulation is None
    assert table.view == before_view and table.battle.log.to_list() == before_log


def test_combat_simulate_keeps_an_earlier_simulation_on_a_bad_count():
    table = CombatTable(battle())
    send(table, {"action": "simulate", "n": 30})
    assert table.error == "" and table.simulation.n == 30
    send(table, {"action": "simulate", "n": None})
    assert table.error and table.simulation.n == 30
    send(table, {"action": "simulate", "n": "40"})  # digits typed in a field are fine
    assert table.error == "" and table.simulation.n == 40


@pytest.mark.parametrize(
    "content",
    [
        None,
        [],
        "step",
        {"no": "action"},
        {"action": 3},
        {"action": "fly"},
        {"action": "allocate", "targets": 5},
        {"action": "allocate", "targets": None},
    ],
)
def test_combat_odd_messages_show_an_error(content):
    table = CombatTable(battle())
    before = copy.deepcopy(table.view)
    send(table, content)
    assert table.error
    assert table.view == before


def test_an_unexpected_failure_is_shown_not_raised(monkeypatch):
    table = CombatTable(battle())

    def broken(*_a, **_k):
        raise RuntimeError("engine bug")

    monkeypatch.setattr(table.battle, "step_phase", broken)
    send(table, {"action": "step"})
    assert "Unexpected error (RuntimeError): engine bug" in table.error


@pytest.mark.parametrize(
    "make",
    [
        lambda: CombatTable(None),
        lambda: CombatTable(Fleet()),
        lambda: EntityBuilder("Vex"),
        lambda: FleetPanel(Entity("Vex")),
        lambda: FleetBuilder(3),
        lambda: ShipDesigner(3.5),
        lambda: ShipDesigner(ShipDesign(), colour="red"),
        lambda: CombatTable(battle(), sim=5),
    ],
)
def test_wrong_types_and_keywords_give_invalid_type(make):
    with pytest.raises(InvalidType):
        make()
