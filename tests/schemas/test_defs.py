"""The shared definitions of the save formats (kit.schemas.defs): each value object's schema
accepts what its class writes and refuses what its constructor refuses; events are checked by
their envelope, and the rules a schema cannot state are named as gaps."""

from __future__ import annotations

import jsonschema
import pytest

from kit.regulus import Condition, Incident, RegulusRules
from kit.schemas import defs


@pytest.fixture(scope="module")
def definitions():
    return defs.definitions()


def check(definitions, name, value) -> bool:
    schema = {"$defs": definitions, "$ref": f"#/$defs/{name}"}
    return jsonschema.Draft202012Validator(schema).is_valid(value)


def test_regulus_rules_written_by_the_kit_are_valid_and_refused_ones_are_not(definitions):
    house = RegulusRules(progress_floor=None, minor_threat=2, token_on_same_incident=True)
    for rules in (RegulusRules(), house):
        assert check(definitions, "rules.regulus", rules.to_dict())
    # what the constructor refuses (RegulusRules(progress_floor=1) raises), the schema refuses
    assert not check(
        definitions, "rules.regulus", {**RegulusRules().to_dict(), "progress_floor": 1}
    )
    assert not check(definitions, "rules.regulus", {**RegulusRules().to_dict(), "minor_threat": 11})
    assert not check(definitions, "rules.regulus", {**RegulusRules().to_dict(), "floor": 0})


def test_conditions_and_incidents(definitions):
    for c in (Condition("crew_active"), Condition.gig_active("Face"), Condition.max_heat(3)):
        assert check(definitions, "condition", c.to_dict())
    assert not check(definitions, "condition", {"kind": "luck", "value": None})
    assert not check(definitions, "condition", {"kind": "min_crew", "value": 0})
    fumble = Incident("Fumble", progress=-1, consequence="minor")
    assert check(definitions, "incident", dict(vars(fumble)))
    assert not check(definitions, "incident", {**vars(fumble), "progress": 11})
    assert not check(definitions, "incident", {**vars(fumble), "consequence": "dire"})


def test_an_event_is_checked_by_its_envelope_and_its_kinds_data():
    roll = defs.event({"roll": {"type": "object", "required": ["total"]}})
    v = jsonschema.Draft202012Validator(roll)
    assert v.is_valid({"kind": "roll", "action": 0, "data": {"total": 7}})
    assert not v.is_valid({"kind": "roll", "data": {}})  # a roll names its total
    assert v.is_valid({"kind": "note", "data": {}})  # other kinds: any data object
    assert not v.is_valid({"kind": "note", "action": -1})
    assert not v.is_valid({"action": 0})


def test_the_gaps_name_where_they_apply():
    assert defs.REPLAY.at == ("/data/events",)
    rule = defs.cross("a fleet's owner is one of its entities", "/data/owner", "/data/entities")
    assert rule.rule.startswith("a fleet's owner") and rule.at == ("/data/owner", "/data/entities")
