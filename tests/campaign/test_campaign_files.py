"""Campaign fields are checked when set; two GMs saving one file do not lose each other's work.

Issue #11: a name over 200 characters, notes over the budget, house rules of the wrong kind and
a lone surrogate are refused on entry (before: accepted, then refused at the next load or, for
the surrogate, a UnicodeEncodeError at save). A save over a file someone else changed since we
loaded it raises SaveConflict unless forced. A version-1 file with a dict as a job name raised
TypeError (unhashable dict); now the kit's SaveFileError.
"""

from __future__ import annotations

import json

import pytest

from kit import Campaign, limits
from kit.campaign import SessionNote
from kit.errors import InvalidInput, InvalidType, KitError, SaveConflict, SaveFileError
from kit.regulus import Job, Operative, RegulusRules

CREW = [Operative("Vex", "Face")]


# ---------------------------------------------------------------- refused when set
def test_long_name_is_refused_when_set():
    camp = Campaign("Neon Reach")
    with pytest.raises(InvalidInput, match="campaign name must be at most 200"):
        camp.name = "x" * (limits.MAX_NAME + 1)
    assert camp.name == "Neon Reach"
    with pytest.raises(InvalidInput, match="campaign name"):
        Campaign("x" * 201)
    camp.name = "y" * limits.MAX_NAME  # exactly the limit is fine and saves
    assert Campaign.from_json(camp.to_json()).name == "y" * 200


def test_notes_over_the_budget_are_refused_when_set():
    camp = Campaign("C")
    with pytest.raises(InvalidInput, match="notes must be at most"):
        camp.notes = "n" * (limits.MAX_NOTES + 1)
    with pytest.raises(InvalidType, match="notes"):
        camp.notes = 5  # type: ignore[assignment]
    assert camp.notes == ""


def test_house_rules_are_checked_when_set():
    camp = Campaign("C")
    with pytest.raises(InvalidInput, match="house_rules system"):
        camp.house_rules["chess"] = RegulusRules()
    with pytest.raises(InvalidType, match="house_rules\\['regulus'\\] must be a RegulusRules"):
        camp.house_rules["regulus"] = "x" * 300_000
    with pytest.raises(InvalidType, match="house_rules"):
        camp.house_rules = "loud"  # type: ignore[assignment]
    with pytest.raises(InvalidInput):
        camp.house_rules = {"regulus": {"no_such_option": 1}}
    assert dict(camp.house_rules) == {}
    camp.house_rules["regulus"] = {"progress_floor": None}  # a to_dict mapping is read
    assert camp.house_rules["regulus"] == RegulusRules(progress_floor=None)
    assert Campaign.from_json(camp.to_json()) == camp


def test_sessions_are_checked_when_made():
    with pytest.raises(InvalidInput, match="session title must be at most 200"):
        SessionNote("t" * 201)
    with pytest.raises(InvalidInput, match="session text"):
        Campaign("C").add_session("S1", "t" * (limits.MAX_NOTES + 1))


@pytest.mark.parametrize("field", ["name", "notes", "session", "item"])
def test_a_lone_surrogate_is_refused_on_entry(tmp_path, field):
    camp = Campaign("C")
    bad = "Vex\ud800"
    with pytest.raises(InvalidInput, match="surrogate"):
        if field == "name":
            camp.name = bad
        elif field == "notes":
            camp.notes = bad
        elif field == "session":
            camp.add_session(bad)
        else:
            camp.add(Job("heist", 4, 5, CREW, seed=1), bad)
    camp.save(tmp_path / "c.json")  # nothing half-accepted: the campaign still saves
    assert Campaign.load(tmp_path / "c.json") == camp


# ---------------------------------------------------------------- two GMs, one file
def test_save_refuses_to_overwrite_a_file_changed_since_load(tmp_path):
    path = tmp_path / "shared.json"
    Campaign("Shared").save(path)
    alice, bob = Campaign.load(path), Campaign.load(path)
    alice.add(Job("heist", 4, 5, CREW, seed=1), "alice's job")
    alice.save(path)
    bob.add(Job("con", 5, 6, CREW, seed=2), "bob's job")
    with pytest.raises(SaveConflict, match="changed since") as info:
        bob.save(path)
    assert "force=True" in str(info.value) and "add(" in str(info.value)
    assert isinstance(info.value, ValueError)
    assert set(Campaign.load(path).jobs) == {"alice's job"}  # nothing was written
    # merging as the message says: load theirs, copy ours in, save with force
    theirs = Campaign.load(path)
    theirs.add(bob.jobs["bob's job"], "bob's job")
    theirs.save(path)
    assert set(Campaign.load(path).jobs) == {"alice's job", "bob's job"}
    bob.save(path, force=True)  # or overwrite on purpose
    assert set(Campaign.load(path).jobs) == {"bob's job"}


def test_saving_twice_and_saving_elsewhere_are_not_conflicts(tmp_path):
    camp = Campaign("Mine")
    camp.save(tmp_path / "a.json")
    camp.notes = "more"
    camp.save(tmp_path / "a.json")
    camp.save(tmp_path / "b.json")
    (tmp_path / "a.json").unlink()  # gone: nothing of anyone's to lose
    camp.save(tmp_path / "a.json")


def test_a_conflict_is_seen_through_a_symlink(tmp_path):
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    Campaign("Shared").save(real)
    link.symlink_to(real)
    mine = Campaign.load(link)
    other = Campaign.load(real)
    other.notes = "edited"
    other.save(real)
    with pytest.raises(SaveConflict):
        mine.save(link)
    mine.save(link, force=True)
    assert link.is_symlink() and Campaign.load(real).notes == ""


# ---------------------------------------------------------------- version 1 files
@pytest.mark.parametrize(
    "data",
    [
        {"name": {"a": 1}},
        {"jobs": [{"name": {"a": 1}, "job": {}}]},
        {"jobs": [{"name": ["x"], "job": {}}]},
        {"jobs": [{"name": "a", "job": {}}, {"name": "a", "job": {}}]},
        {"jobs": "all of them"},
        {"notes": 7},
        {"name": "x" * 201},
        {"name": "ok", "extra": 1},
    ],
)
def test_version_1_migration_raises_the_kits_error(data):
    text = json.dumps({"format": "gm-kit/campaign", "version": 1, "data": data})
    with pytest.raises(SaveFileError):
        Campaign.from_json(text)


def test_version_1_with_a_valid_job_still_migrates():
    job = Job("heist", 4, 5, CREW, seed=1)
    data = {"name": "Old", "jobs": [{"name": "first", "job": json.loads(job.to_json())["data"]}]}
    camp = Campaign.from_json(json.dumps({"format": "gm-kit/campaign", "version": 1, "data": data}))
    assert camp.name == "Old" and list(camp.jobs) == ["first"]


def test_errors_are_kit_errors():
    assert issubclass(SaveConflict, KitError)


def test_something_else_in_sessions_is_refused_when_put_there(tmp_path):
    # #11 refused it at save time; #23 refuses it on entry, and nothing changes
    camp = Campaign("C")
    camp.add_session("S1")
    for put in (
        lambda: camp.sessions.append("not a note"),
        lambda: camp.sessions.insert(0, None),
        lambda: camp.sessions.__setitem__(0, 7),
        lambda: camp.sessions.extend([SessionNote("ok"), "not a note"]),
        lambda: setattr(camp, "sessions", ["not a note"]),
        lambda: setattr(camp, "sessions", "S1"),
    ):
        with pytest.raises(InvalidType, match="SessionNote"):
            put()
    assert [s.title for s in camp.sessions] == ["S1"]  # nothing half-added
    camp.sessions = [SessionNote("S2")]  # a list of notes is fine
    camp.save(tmp_path / "c.json")
    assert Campaign.load(tmp_path / "c.json") == camp


def test_items_put_straight_into_a_collection_are_checked():
    camp = Campaign("C")
    job = Job("heist", 4, 5, CREW, seed=1)
    with pytest.raises(InvalidType, match="jobs holds Job objects"):
        camp.jobs["x"] = "a job"
    with pytest.raises(InvalidType):
        camp.collections["boards"]["x"] = job
    with pytest.raises(InvalidInput, match="item name"):
        camp.jobs["x" * 201] = job
    with pytest.raises(TypeError):
        camp.collections["jobs"] = {}  # type: ignore[index]
    with pytest.raises(AttributeError):
        camp.collections = {}
    assert len(camp) == 0
    camp.jobs["vault"] = job
    assert Campaign.from_json(camp.to_json()).jobs["vault"] == job


def test_an_item_that_would_make_the_file_too_big_is_refused_when_added(monkeypatch):
    from kit import store

    camp = Campaign("C")
    camp.add(Job("heist", 4, 5, CREW, seed=1), "small")
    size = len(camp.to_json().encode())
    monkeypatch.setattr(store, "MAX_BYTES", size + 200)  # room for the campaign as it is
    with pytest.raises(InvalidInput, match=r"cannot add 'big'.*more than"):
        camp.add(Job("con", 5, 6, CREW, seed=2).play(), "big")
    assert list(camp.jobs) == ["small"]
    Campaign.from_json(camp.to_json())  # what it holds still saves and loads


def test_the_store_never_writes_what_it_would_not_read(monkeypatch):
    from kit import store

    monkeypatch.setattr(store, "MAX_BYTES", 100)
    with pytest.raises(SaveFileError, match="more than the 100"):
        store.dumps("x", 1, {"notes": "n" * 200})
    deep: list = []
    for _ in range(limits.MAX_DEPTH):
        deep = [deep]
    monkeypatch.undo()
    with pytest.raises(SaveFileError, match="nested deeper"):
        store.dumps("x", 1, deep)
