"""How a campaign keeps its contents (kit.campaign_store): collections that take only their own
kinds, session lists that take only session notes, house rules checked per system, items
encoded as their own formats and decoded only as the kit's kinds, and old files upgraded."""

from __future__ import annotations

import json

import pytest

from kit import limits, store
from kit.boards.rules import BoardRules
from kit.campaign_store import (
    Collection,
    HouseRules,
    SessionList,
    SessionNote,
    decode_item,
    encode_item,
    kind_in,
)
from kit.errors import InvalidInput, InvalidType, SaveFileError
from kit.regulus import Job, Operative, RegulusRules
from kit.successors import Entity


def job() -> Job:
    return Job("heist", 4, 5, [Operative("Vex", "Face")], seed=2, title="Vault")


def test_a_collection_takes_its_own_kind_under_a_checked_name():
    jobs = Collection("jobs")
    jobs[" vault "] = job()
    assert list(jobs) == ["vault"]  # names are stripped text
    with pytest.raises(InvalidType, match="jobs holds Job objects, not Entity"):
        jobs["Vorn"] = Entity("Vorn", battle=2)
    with pytest.raises(InvalidInput, match="item name"):
        jobs["x" * (limits.MAX_NAME + 1)] = job()
    with pytest.raises(InvalidInput, match="collection must be one of"):
        Collection("weapons")
    assert list(jobs) == ["vault"]


def test_a_collection_holds_at_most_max_items(monkeypatch):
    monkeypatch.setattr(limits, "MAX_ITEMS", 2)
    jobs = Collection("jobs")
    jobs["a"], jobs["b"] = job(), job()
    jobs["a"] = job()  # replacing an item is no new item
    with pytest.raises(InvalidInput, match="already holds 2 items"):
        jobs["c"] = job()


def test_a_session_list_takes_only_notes_and_all_or_nothing():
    notes = SessionList([SessionNote("One")])
    with pytest.raises(InvalidType, match="SessionNote objects, got str"):
        notes.append("Two")
    with pytest.raises(InvalidType):
        notes.extend([SessionNote("Two"), "Three"])
    assert notes == [SessionNote("One")]  # nothing of the refused extend was added
    notes[0:1] = [SessionNote("First"), SessionNote("Second")]
    assert [n.title for n in notes] == ["First", "Second"]
    with pytest.raises(InvalidType, match="sessions must be a list"):
        SessionList("One")


def test_a_session_list_holds_at_most_max_items(monkeypatch):
    monkeypatch.setattr(limits, "MAX_ITEMS", 2)
    notes = SessionList([SessionNote("1"), SessionNote("2")])
    with pytest.raises(InvalidInput, match="at most 2 session notes"):
        notes.insert(0, SessionNote("0"))
    with pytest.raises(InvalidInput):
        notes[0:1] = [SessionNote("a"), SessionNote("b")]
    assert len(notes) == 2


def test_a_session_note_checks_its_fields():
    assert SessionNote("Night one", "They met.", "2026-11-01").to_dict() == {
        "title": "Night one",
        "text": "They met.",
        "date": "2026-11-01",
    }
    with pytest.raises(InvalidInput, match="session title"):
        SessionNote("")
    with pytest.raises(InvalidInput, match="session date"):
        SessionNote("One", date="x" * 41)


def test_house_rules_are_each_systems_own_rules_object():
    rules = HouseRules({"regulus": {"progress_floor": None}})
    assert rules["regulus"] == RegulusRules(progress_floor=None)  # a mapping is read
    rules["boards"] = BoardRules()
    with pytest.raises(InvalidType, match=r"house_rules\['boards'\] must be a BoardRules"):
        rules["boards"] = RegulusRules()
    with pytest.raises(InvalidInput, match="house_rules system must be one of"):
        rules["chess"] = RegulusRules()
    assert set(rules) == {"regulus", "boards"}


def test_an_item_is_encoded_as_its_own_file_and_decoded_as_its_kind():
    original = job()
    original.roll(10)
    encoded = encode_item(original)
    assert encoded["type"] == "regulus-job"
    assert encoded["data"] == json.loads(original.to_json())
    again = decode_item(encoded, "jobs/vault", "jobs")
    assert again.to_json() == original.to_json()


@pytest.mark.parametrize(
    "raw, collection, says",
    [
        ({"type": "os:system", "data": {}}, "jobs", "not one of the kit's kinds kept in jobs"),
        ({"type": "regulus-job", "data": {}}, "fleets", "belongs in jobs"),
        ({"type": "regulus-job", "data": {"format": "gm-kit/regulus-job"}}, "jobs", "jobs/x"),
    ],
)
def test_a_bad_item_is_a_save_file_error_naming_where(raw, collection, says):
    with pytest.raises(SaveFileError, match=says):
        decode_item(raw, "jobs/x", collection)


def test_a_bad_item_envelope_names_where_it_is():
    # the campaign's loader reports these as a SaveFileError of the whole file
    with pytest.raises(InvalidInput, match="jobs/x has unknown field"):
        decode_item({"type": "regulus-job", "extra": 1}, "jobs/x", "jobs")
    with pytest.raises(InvalidType, match="jobs/x must be a JSON object"):
        decode_item(["regulus-job"], "jobs/x", "jobs")


def test_only_the_kinds_a_campaign_keeps_are_accepted():
    assert kind_in(job()).collection == "jobs"
    with pytest.raises(InvalidType, match="a campaign cannot store int objects"):
        kind_in(5)


def test_a_version_1_file_is_upgraded_to_collections():
    old = {"name": "Old", "notes": "n", "jobs": [{"name": "caper", "job": {"x": 1}}]}
    text = store.dumps("campaign", 1, old)
    data = store.loads(text, "campaign", 2)  # the first step only: version 1 -> 2
    assert data["name"] == "Old" and data["sessions"] == [] and data["house_rules"] == {}
    item = data["collections"]["jobs"]["caper"]
    assert item == {
        "type": "regulus-job",
        "data": {"format": "gm-kit/regulus-job", "version": 1, "data": {"x": 1}},
    }
    twice = {**old, "jobs": old["jobs"] * 2}
    with pytest.raises(SaveFileError, match="two version-1 job entries are named 'caper'"):
        store.loads(store.dumps("campaign", 1, twice), "campaign", 2)


def test_a_version_3_item_named_by_its_class_path_is_named_by_its_kind():
    data = {"collections": {"jobs": {"v": {"type": "kit.regulus.job:Job", "data": {}}}}}
    upgraded = store.loads(store.dumps("campaign", 3, data), "campaign", 4)
    assert upgraded["collections"]["jobs"]["v"]["type"] == "regulus-job"
