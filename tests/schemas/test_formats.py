"""Each save format's schema (kit.schemas.formats): one per format the kit saves, at the
version the kit writes, with the numbers of the rules and limits, accepting a file the kit
writes and refusing one its loader refuses."""

from __future__ import annotations

import json

import jsonschema
import pytest

from kit import Campaign, limits, registry, store
from kit.errors import KitError
from kit.regulus import Job, Operative
from kit.schemas.formats import build_all


@pytest.fixture(scope="module")
def schemas():
    return build_all()


def test_there_is_one_schema_per_saved_format_at_the_version_written(schemas):
    assert set(schemas) == set(store.schema_kinds())
    versions = {
        kind.name: kind.cls.VERSION for kind in registry.kinds() if hasattr(kind.cls, "VERSION")
    }
    versions["campaign"] = Campaign.VERSION
    for name, schema in schemas.items():
        if name in versions:
            assert schema["properties"]["version"]["const"] == versions[name], name
        assert schema["properties"]["format"]["const"] == f"gm-kit/{name}"


def test_a_job_file_holds_the_rules_numbers(schemas):
    data = schemas["regulus-job"]["properties"]["data"]["properties"]
    # regulus-job-resolution.txt: Difficulty from 3 (easy) to 7 (legendary), Clock 3 to 7 rolls
    assert (data["difficulty"]["minimum"], data["difficulty"]["maximum"]) == (3, 7)
    assert (data["clock"]["minimum"], data["clock"]["maximum"]) == (3, 7)
    assert data["title"]["maxLength"] == limits.MAX_NAME


def test_a_job_the_kit_writes_is_valid_and_one_it_refuses_is_not(schemas):
    validator = jsonschema.Draft202012Validator(schemas["regulus-job"])
    job = Job("heist", 4, 5, [Operative("Vex", "Face", ["invite"])], seed=3)
    job.roll(12)
    saved = json.loads(job.to_json())
    assert validator.is_valid(saved)
    saved["data"]["difficulty"] = 8
    with pytest.raises(KitError):
        Job.from_json(json.dumps(saved))
    assert not validator.is_valid(saved)


def test_every_gap_points_into_its_file(schemas):
    for name, schema in schemas.items():
        for gap in schema["x-not-expressed"]:
            assert gap["rule"] and all(at == "" or at.startswith("/") for at in gap["at"]), name
