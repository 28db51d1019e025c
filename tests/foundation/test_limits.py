"""The kit's budgets (kit.limits): the store, the builders and the loaders enforce the same
numbers, so whatever the kit holds can be saved and loaded again."""

from __future__ import annotations

import json

import pytest

from kit import limits, store
from kit.errors import IllegalAction, InvalidInput
from kit.log import EventLog
from kit.regulus import Job, Operative


def test_store_budgets_are_the_limits_module():
    assert store.MAX_BYTES == limits.MAX_FILE_BYTES
    assert store.MAX_DEPTH == limits.MAX_DEPTH
    # the old budget was 64 MB: a 20 MB file of zeros took 11-19 s before being refused
    assert limits.MAX_FILE_BYTES < 20 * 1024 * 1024


def test_a_name_at_the_limit_is_kept_and_one_longer_refused_by_setter_and_loader():
    job = Job("heist", 3, 4, [Operative("Ash", "Thief")], seed=1)
    job.title = "x" * limits.MAX_NAME
    assert len(job.title) == limits.MAX_NAME
    with pytest.raises(InvalidInput, match="title"):
        job.title = "x" * (limits.MAX_NAME + 1)
    assert len(job.title) == limits.MAX_NAME  # the refused value left no trace
    saved = json.loads(job.to_json())
    assert saved["data"]["title"] == "x" * limits.MAX_NAME
    saved["data"]["title"] = "x" * (limits.MAX_NAME + 1)  # a hand-edited file
    with pytest.raises(InvalidInput, match="title"):
        Job.from_json(json.dumps(saved))


def test_a_log_holds_at_most_max_events_when_playing_and_when_loading(monkeypatch):
    monkeypatch.setattr(limits, "MAX_EVENTS", 3)
    log = EventLog()
    for n in range(3):
        log.append("roll", total=n)
    with pytest.raises(IllegalAction, match="full"):
        log.append("roll", total=3)
    assert len(log) == 3
    raw = log.to_list() + [{"kind": "roll", "action": 3, "data": {}}]
    with pytest.raises(InvalidInput, match="at most 3"):
        EventLog.from_list(raw)


def test_the_nesting_budget_is_where_the_store_stops():
    def nested(depth):
        return '{"format": "gm-kit/x", "version": 1, "data": ' + "[" * depth + "]" * depth + "}"

    assert store.loads(nested(limits.MAX_DEPTH - 1), "x", 1) is not None
    with pytest.raises(InvalidInput, match="nested"):
        store.loads(nested(limits.MAX_DEPTH + 1), "x", 1)
