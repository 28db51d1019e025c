"""Event log, versioned JSON store and the seed helper."""

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit import store
from kit.errors import IllegalAction, InvalidInput, InvalidType, SaveFileError
from kit.log import EventLog, replay
from kit.rng import make_rng, resolve_seed


def test_actions_group_events_and_undo_removes_a_whole_action():
    log = EventLog()
    log.append("a", x=1)
    with log.action():
        log.append("b")
        log.append("c")
    assert [e.action for e in log] == [0, 1, 1]
    assert [e.kind for e in log.undo()] == ["b", "c"]
    assert [e.kind for e in log.undo()] == ["a"]
    with pytest.raises(IllegalAction):
        log.undo()


def test_a_failed_action_leaves_no_trace():
    log = EventLog()
    log.append("keep")
    with pytest.raises(RuntimeError), log.action():
        log.append("half")
        raise RuntimeError("boom")
    assert [e.kind for e in log] == ["keep"]


def test_events_must_be_json():
    with pytest.raises(InvalidInput, match="JSON"):
        EventLog().append("x", value=object())
    with pytest.raises(InvalidInput):
        EventLog().append("x", value=float("nan"))


def test_replay_folds():
    log = EventLog()
    for v in (1, 2, 3):
        log.append("add", v=v)
    assert replay(0, log, lambda s, e: s + e["v"]) == 6


@given(st.lists(st.tuples(st.sampled_from("abc"), st.integers(-5, 5)), max_size=20))
def test_log_round_trips(items):
    log = EventLog()
    for kind, v in items:
        log.append(kind, v=v)
    again = EventLog.from_list(json.loads(json.dumps(log.to_list())))
    assert again == log


def test_store_envelope_and_versions(tmp_path):
    text = store.dumps("thing", 2, {"a": 1})
    assert json.loads(text)["format"] == "gm-kit/thing"
    assert store.loads(text, "thing", 2) == {"a": 1}
    with pytest.raises(SaveFileError, match="expected 'gm-kit/other'"):
        store.loads(text, "other", 2)
    with pytest.raises(SaveFileError, match="newer"):
        store.loads(text, "thing", 1)
    old = store.dumps("thing", 1, {"b": 1})
    with pytest.raises(SaveFileError, match="no migration"):
        store.loads(old, "thing", 2)

    @store.register_migration("thing-m", 1)
    def up(data):
        return {"a": data["b"]}

    assert store.loads(store.dumps("thing-m", 1, {"b": 5}), "thing-m", 2) == {"a": 5}


@pytest.mark.parametrize(
    "text, match",
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"format": "gm-kit/x", "version": 1, "data": NaN}', "NaN"),
        ('{"format": "gm-kit/x", "version": "1", "data": {}}', "version"),
        ('{"format": "gm-kit/x", "version": 1, "data": {}, "evil": 1}', "unknown"),
        ('{"format": "gm-kit/x", "version": 1}', "no 'data'"),
        ('{"format": "gm-kit/x", "version": 1, "data": ' + "[" * 200 + "]" * 200 + "}", "nested"),
        (b"\xff\xfe", "UTF-8"),
    ],
)
def test_hostile_text_is_refused(text, match):
    with pytest.raises(SaveFileError, match=match):
        store.loads(text, "x", 1)


def test_atomic_save_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "camp.json"
    store.save(path, "first")

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", boom)
    with pytest.raises(OSError):
        store.save(path, "second")
    assert path.read_text() == "first"
    assert [p.name for p in tmp_path.iterdir()] == ["camp.json"]


def test_load_missing_file(tmp_path):
    with pytest.raises(SaveFileError, match="cannot read"):
        store.load(tmp_path / "nope.json", "x", 1)


def test_seed_helper():
    rng, seed = make_rng(42)
    assert seed == 42 and isinstance(rng, np.random.Generator)
    assert resolve_seed(np.random.default_rng(3)) == resolve_seed(np.random.default_rng(3))
    a, b = resolve_seed(None), resolve_seed(None)
    assert isinstance(a, int) and a != b
    with pytest.raises(InvalidType):
        resolve_seed("7")
    with pytest.raises(InvalidInput):
        resolve_seed(-1)
