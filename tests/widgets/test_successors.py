"""The Successors widgets (kit.widgets.successors): the entity builder, the fleet builder and
its panel, and the ship designer, each a view of one engine object.

A message from the page that the engine would refuse shows the kit's error in the widget and
leaves the entity, fleet or design as it was (issue #11); an accepted one changes the very
object the GM handed in. Each widget's own views are tested in test_entity_builder,
test_fleet_builder and test_ship_designer.
"""

from __future__ import annotations

import math

import pytest

from kit.successors import Entity, Fleet
from kit.widgets.successors import EntityBuilder, FleetBuilder, FleetPanel, ShipDesigner
from tests.widgets.test_widget_messages import BAD_COUNTS, send


@pytest.mark.parametrize("count", BAD_COUNTS)
def test_fleet_buy_with_a_bad_count(count):
    panel = FleetPanel(Fleet(Entity("TanRac", battle=4, control=4), budget=32))
    send(panel, {"action": "buy", "name": "GUNBOAT", "count": 2})
    before = panel.fleet.to_dict()
    send(panel, {"action": "buy", "name": "GUNBOAT", "count": count})
    assert "count" in panel.error
    assert panel.fleet.to_dict() == before


@pytest.mark.parametrize("value", [None, "", "lots", math.inf, math.nan, "1e999"])
def test_fleet_budget_with_a_bad_value(value):
    panel = FleetPanel(Fleet(budget=32))
    send(panel, {"action": "budget", "value": value})
    assert "budget" in panel.error and panel.fleet.current_budget == 32


@pytest.mark.parametrize("points", [None, "", "x", math.inf, 1e30])
def test_entity_builder_with_bad_points(points):
    builder = EntityBuilder(Entity("Vex", battle=2))
    before = builder.entity
    send(builder, {"action": "add", "ability": "battle", "points": points})
    assert builder.error and builder.entity == before


@pytest.mark.parametrize("content", [None, 7, {"action": None}, {"action": "explode"}])
def test_builders_refuse_odd_messages(content):
    for widget in (
        EntityBuilder(Entity("Vex", battle=2)),
        FleetPanel(Fleet(budget=10)),
        ShipDesigner("GUNBOAT"),
    ):
        send(widget, content)
        assert widget.error


def test_ship_designer_bad_value_keeps_the_design():
    designer = ShipDesigner("GUNBOAT")
    before = designer.design
    send(designer, {"action": "set", "field": "battle", "value": "1e400"})
    assert designer.error and designer.design == before


def test_an_accepted_message_changes_the_object_the_gm_handed_in():
    fleet = Fleet(Entity("TanRac", battle=4, control=4), budget=32)
    panel = FleetPanel(fleet)
    send(panel, {"action": "buy", "name": "GUNBOAT", "count": 5})
    # the text: 5 Gunboats for 10 RU
    assert panel.error == "" and panel.fleet is fleet
    assert fleet.counts() == {"GUNBOAT": 5} and fleet.spent == 10
    builder = FleetBuilder(fleet)
    assert builder.fleet is fleet
    # frozen values (an entity, a design) are replaced by the edited copy
    entity_builder = EntityBuilder(Entity("Vex", battle=2))
    send(entity_builder, {"action": "add", "ability": "battle", "points": 1})
    assert entity_builder.error == "" and entity_builder.entity.battle == 3
    designer = ShipDesigner("GUNBOAT")
    send(designer, {"action": "set", "field": "battle", "value": 3})
    assert designer.error == "" and designer.design.battle == 3
