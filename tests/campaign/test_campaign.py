"""The campaign file: collections, round-trips, atomic saves, migration and hostile files."""

import json
from pathlib import Path

import pytest

from kit import Campaign
from kit.errors import InvalidInput, InvalidType, SaveFileError
from kit.regulus import JOB_TYPES, Incident, Job, Operative, RegulusRules

FIXTURES = Path(__file__).parent / "fixtures"
CREW = [Operative("Vex", "Face", ["invite"]), Operative("Oro", "Hacker", ["deck"])]


def make_campaign() -> Campaign:
    camp = Campaign(
        "Neon Reach",
        notes="Session zero: <b>bring snacks</b>",
        house_rules={"regulus": RegulusRules(progress_floor=None)},
    )
    played = Job("heist", 4, 5, CREW, seed=3, title="Vault").play()
    planned = Job("con", 5, 6, CREW, seed=4, title="Long con")
    camp.add(played)
    camp.add(planned)
    camp.add(
        JOB_TYPES["heist"].renamed("loud heist").with_row(9, Incident("Alarm", progress=1, heat=2))
    )
    camp.add_crew("the usual", CREW)
    camp.add_session("Session 1", "They robbed the vault.", "2026-11-28")
    from kit.successors.examples import example_one, releata_fleet

    camp.add(releata_fleet(), "Releata's fleet")
    battle = example_one(seed=4)
    battle.step_round()
    camp.add(battle, "garrison fight")
    return camp


def test_collections_and_names():
    camp = make_campaign()
    assert set(camp.jobs) == {"Vault", "Long con"}
    assert "loud heist" in camp.job_types
    assert camp.crew("the usual") == CREW
    with pytest.raises(InvalidInput, match="already has an item named 'Vault'"):
        camp.add(Job("hit", 3, 3, CREW, title="Vault"), "Vault")
    assert camp.add(Job("hit", 3, 3, CREW, title="Vault")) == "Vault 2"  # unnamed: made unique
    assert camp.add(Job("hit", 3, 3, CREW, title="Vault"), "Vault", replace=True) == "Vault"
    with pytest.raises(InvalidType, match="cannot store"):
        camp.add(object())
    with pytest.raises(InvalidInput, match="has no item 'Nope'"):
        camp.get("jobs", "Nope")


def test_round_trip_keeps_every_event(tmp_path):
    camp = make_campaign()
    path = tmp_path / "neon.json"
    camp.save(path)
    again = Campaign.load(path)
    assert again == camp
    vault = again.jobs["Vault"]
    assert vault.ended and vault.to_markdown() == camp.jobs["Vault"].to_markdown()
    assert again.house_rules["regulus"].progress_floor is None
    assert json.loads(path.read_text())["format"] == "gm-kit/campaign"
    fight = again.battles["garrison fight"]
    assert fight.to_json() == camp.battles["garrison fight"].to_json()
    fight.step_round()  # a loaded battle fights on
    assert again.battles["garrison fight"] is fight


def test_a_loaded_job_keeps_playing_where_it_stopped(tmp_path):
    camp = make_campaign()
    camp.jobs["Long con"].roll(10)
    camp.save(tmp_path / "c.json")
    again = Campaign.load(tmp_path / "c.json")
    job = again.jobs["Long con"]
    assert job.progress == 1 and job.turn == 1
    job.roll()
    assert job.turn == 1 or job.turn == 2


def test_atomic_save_keeps_the_previous_file(tmp_path, monkeypatch):
    camp = make_campaign()
    path = tmp_path / "c.json"
    camp.save(path)
    good = path.read_text()
    camp.add(Job("hit", 3, 3, CREW, title="New"))

    def crash(*args, **kwargs):
        raise KeyboardInterrupt("power cut")

    monkeypatch.setattr("os.replace", crash)
    with pytest.raises(KeyboardInterrupt):
        camp.save(path)
    assert path.read_text() == good
    assert Campaign.load(path).jobs.keys() == {"Vault", "Long con"}
    # no temporary file is left; the save lock file beside it stays (see kit.atomic)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".c.json.lock", "c.json"]


def test_version_1_file_is_migrated():
    camp = Campaign.load(FIXTURES / "campaign_v1.json")
    assert camp.name == "Neon Reach (2025 prep)"
    job = camp.jobs["old caper"]
    assert (job.progress, job.tokens, job.turn) == (3, 1, 2)
    assert Campaign.from_json(camp.to_json()) == camp


@pytest.mark.parametrize(
    "mutate, match",
    [
        (
            lambda d: d["data"]["collections"]["jobs"]["Vault"].update(type="os:system"),
            "not one of the kit's",
        ),
        (
            lambda d: d["data"]["collections"]["jobs"]["Vault"].update(
                type="kit.regulus.tables:JobType"
            ),
            "jobs/Vault",
        ),
        (lambda d: d["data"]["collections"].update(weapons={}), "collection"),
        (lambda d: d["data"].update(extra=1), "unknown field"),
        (
            lambda d: d["data"]["collections"]["jobs"]["Vault"]["data"]["data"].update(
                difficulty=99
            ),
            "difficulty",
        ),
        (
            lambda d: d["data"]["collections"]["jobs"]["Vault"]["data"]["data"]["events"].append(
                {"kind": "roll", "action": 99, "data": {"total": 7}}
            ),
            "Vault",
        ),
        (lambda d: d["data"].update(sessions="nope"), "sessions"),
        (lambda d: d.update(version=99), "newer"),
    ],
)
def test_hostile_or_corrupt_files_load_nothing(tmp_path, mutate, match):
    raw = json.loads(make_campaign().to_json())
    mutate(raw)
    with pytest.raises(SaveFileError, match=match):
        Campaign.from_json(json.dumps(raw))


def test_truncated_file(tmp_path):
    text = make_campaign().to_json()
    for cut in (0, 1, len(text) // 3, len(text) - 2):
        with pytest.raises(SaveFileError):
            Campaign.from_json(text[:cut])
