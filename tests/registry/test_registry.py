"""One registration per kind of object (kit.registry): lookups by class, and a toy kind that one
registration makes savable in a campaign, openable as a widget, handed out and advisable."""

from __future__ import annotations

import json

import pytest

import kit
from kit import registry, store
from kit.advising import Advice
from kit.campaign import Campaign
from kit.errors import InvalidInput, InvalidType, SaveFileError
from kit.regulus import Job, Operative


class Tally:
    """A toy game: a count that a GM may raise by one, advised as 'raise' or 'hold'."""

    def __init__(self, count: int = 0) -> None:
        self.count = count
        self.watchers: list = []

    def to_json(self) -> str:
        return store.dumps("tally", 1, {"count": self.count})

    @classmethod
    def from_json(cls, text: str | bytes) -> Tally:
        data = store.loads(text, "tally", 1)
        if not isinstance(data.get("count"), int):
            raise SaveFileError("tally count must be an integer")
        return cls(data["count"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tally) and other.count == self.count


class TallyView:
    """A stand-in widget: holds the tally and lets observers know when it swaps it."""

    def __init__(self, tally: Tally, *, label: str = "") -> None:
        self.tally = tally
        self.label = label
        self.observers: list = []

    def observe(self, callback) -> None:
        self.observers.append(callback)

    def replace(self, tally: Tally) -> None:
        self.tally = tally
        for callback in self.observers:
            callback(None)


def tally_handout(tally: Tally, audience: str, options: object):
    from kit.handouts import Document

    doc = Document(f"Tally at {tally.count}")
    doc.p("the GM's secret: a cursed die" if audience == "gm" else "A plain count.")
    return doc


def advise_tally(tally: Tally, *, goal: int = 3) -> Advice:
    chance = 1.0 if tally.count + 1 >= goal else 0.5
    return Advice.from_chances({"raise": chance, "hold": 0.25}, exact=True, question="Raise?")


@pytest.fixture
def toy():
    kind = registry.register(
        registry.Kind(
            "tally",
            Tally,
            collection="tallies",
            widget=TallyView,
            widget_object="tally",
            handout=tally_handout,
            advise=advise_tally,
        )
    )
    yield kind
    registry.unregister("tally")


def test_one_registration_saves_opens_hands_out_and_advises_a_new_kind(toy, tmp_path):
    camp = Campaign("Toys")
    camp.add(Tally(2), "first")
    path = tmp_path / "toys.json"
    camp.save(path)
    saved = json.loads(path.read_text())
    assert saved["data"]["collections"]["tallies"]["first"]["type"] == "tally"
    back = Campaign.load(path)
    assert back.get("tallies", "first") == Tally(2)

    view = back.open("tallies", "first", label="shown")
    assert isinstance(view, TallyView) and view.label == "shown"
    view.replace(Tally(5))  # the widget swaps its object: the campaign keeps the new one
    assert back.get("tallies", "first") == Tally(5)

    advice = kit.advice(back.get("tallies", "first"))
    assert advice.best == "raise" and advice.options == {"raise": 1.0, "hold": 0.25}

    from kit.handouts import handout, save_handout

    gm = handout(back.get("tallies", "first"))
    assert "Tally at 5" in gm and "cursed die" in gm
    page = save_handout(back.get("tallies", "first"), tmp_path / "t.html", audience="player")
    text = page.read_text()
    assert "Tally at 5" in text and "A plain count." in text and "cursed" not in text


def test_a_file_naming_an_unregistered_kind_loads_nothing(toy):
    camp = Campaign("Toys")
    camp.add(Tally(1), "t")
    raw = json.loads(camp.to_json())
    raw["data"]["collections"]["tallies"]["t"]["type"] = "os:system"
    with pytest.raises(SaveFileError, match="not one of the kit's kinds"):
        Campaign.from_json(json.dumps(raw))
    raw["data"]["collections"]["tallies"]["t"]["type"] = "regulus-job"  # a kind, wrong place
    with pytest.raises(SaveFileError, match="belongs in jobs"):
        Campaign.from_json(json.dumps(raw))


def test_lookup_is_by_class_and_follows_subclasses():
    class SpecialJob(Job):
        pass

    job = SpecialJob("heist", 4, 5, [Operative("Vex", "Face")], seed=1)
    assert registry.kind_of(job) is registry.by_name("regulus-job")
    with pytest.raises(InvalidType, match="not a kind of object the kit knows"):
        registry.kind_of(object())
    with pytest.raises(InvalidInput, match="no kind of object is called"):
        registry.by_name("nope")


def test_names_and_classes_are_registered_once(toy):
    with pytest.raises(InvalidInput, match="registered already"):
        registry.register(registry.Kind("tally", Tally))
    with pytest.raises(InvalidInput, match="already"):
        registry.register(registry.Kind("tally-two", Tally))
    with pytest.raises(InvalidInput, match="lower-case"):
        registry.Kind("Tally", Tally)
    with pytest.raises(InvalidType, match="callable"):
        registry.Kind("tally-three", Tally, advise=42)  # type: ignore[arg-type]


def test_a_version_3_campaign_names_kinds_by_class_path_and_loads():
    job = Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1)
    inner = json.loads(job.to_json())
    old = {
        "format": "gm-kit/campaign",
        "version": 3,
        "data": {
            "name": "Old",
            "notes": "",
            "house_rules": {},
            "sessions": [],
            "collections": {"jobs": {"vault": {"type": "kit.regulus.job:Job", "data": inner}}},
            "knowledge": {"events": []},
        },
    }
    camp = Campaign.from_json(json.dumps(old))
    assert camp.get("jobs", "vault").to_json() == job.to_json()
    assert json.loads(camp.to_json())["data"]["collections"]["jobs"]["vault"]["type"] == (
        "regulus-job"
    )
