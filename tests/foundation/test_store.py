"""The versioned JSON store (kit.store): envelopes and migrations, and hostile text refused
before anything is built from it.

Issue #11: budgets come from kit.limits; a file over the byte budget is refused before it is
parsed; duplicate keys, infinities and floats posing as huge integers are refused; a UTF-8 byte
order mark is accepted. (Writing files is kit.atomic's, tests/foundation/test_atomic.py.)
"""

from __future__ import annotations

import json

import pytest

from kit import limits, store, validate
from kit.errors import InvalidInput, SaveFileError

ENVELOPE = '{{"format": "gm-kit/x", "version": 1, "data": {}}}'


def test_oversized_text_is_refused_before_parsing(monkeypatch):
    calls = []
    monkeypatch.setattr(store.json, "loads", lambda *a, **k: calls.append(1))
    zeros = "[" + "0," * (limits.MAX_FILE_BYTES // 2) + "0]"
    for text in (zeros, zeros.encode()):
        with pytest.raises(SaveFileError, match="larger than"):
            store.loads(text, "x", 1)
    assert calls == []


def test_too_many_values_are_refused_before_parsing(monkeypatch):
    calls = []
    monkeypatch.setattr(store.json, "loads", lambda *a, **k: calls.append(1))
    many = "[" + "0," * limits.MAX_JSON_VALUES + "0]"
    assert len(many) < limits.MAX_FILE_BYTES  # the count, not the size, refuses it
    with pytest.raises(SaveFileError, match="values"):
        store.loads(many, "x", 1)
    assert calls == []


def test_oversized_file_is_refused_without_reading(tmp_path):
    path = tmp_path / "big.json"
    with path.open("wb") as fh:  # a sparse file: big on paper, nothing to read
        fh.truncate(limits.MAX_FILE_BYTES + 1)
    with pytest.raises(SaveFileError, match="larger than"):
        store.load(path, "x", 1)


@pytest.mark.parametrize(
    "data, message",
    [
        ("1e400", "too large"),
        ("-1e400", "too large"),
        ("NaN", "NaN"),
        ("Infinity", "Infinity"),
        ('{"a": 1, "a": 2}', "twice"),
    ],
)
def test_refused_values(data, message):
    with pytest.raises(SaveFileError, match=message):
        store.loads(ENVELOPE.format(data), "x", 1)


def test_duplicate_top_level_keys_are_refused():
    text = '{"format": "gm-kit/x", "version": 1, "data": 1, "data": 2}'
    with pytest.raises(SaveFileError, match="'data' twice"):
        store.loads(text, "x", 1)


def test_a_byte_order_mark_is_accepted():
    text = "\ufeff" + ENVELOPE.format('{"a": 1}')
    assert store.loads(text, "x", 1) == {"a": 1}
    assert store.loads(text.encode("utf-8"), "x", 1) == {"a": 1}


def test_integers_beyond_the_budget():
    # a 21-digit literal is refused by the parser, a 20-digit one reaches the validators
    with pytest.raises(SaveFileError, match="digits"):
        store.loads(ENVELOPE.format("1" + "0" * 20), "x", 1)
    big = store.loads(ENVELOPE.format(2**64), "x", 1)
    with pytest.raises(InvalidInput, match="count"):
        validate.integer("count", big, 0)


def test_dumps_refuses_a_lone_surrogate_with_the_kits_error():
    with pytest.raises(SaveFileError):
        store.dumps("x", 1, {"name": "\udfff"})


def test_round_trip_of_plain_json():
    data = {"name": "Vex \u00e9\U0001f680", "n": [1, 2.5, None, True], "deep": [[[[]]]]}
    assert store.loads(store.dumps("x", 1, data), "x", 1) == json.loads(json.dumps(data))


@pytest.mark.parametrize(
    "text",
    [
        ENVELOPE.format('"\\ud800"'),  # an escaped lone high surrogate
        ENVELOPE.format('{"k\\udfff": 1}'),  # a lone low surrogate in a key
        ENVELOPE.format('["ok", "a\\udc00b"]'),
        ENVELOPE.format('"x"').replace("x", "\ud800"),  # a Python str holding one
    ],
)
def test_lone_surrogates_are_refused_on_load(text):
    with pytest.raises(SaveFileError, match="surrogate"):
        store.loads(text, "x", 1)


def test_surrogate_pairs_and_escaped_backslashes_still_load():
    assert store.loads(ENVELOPE.format('"\\ud83d\\ude80"'), "x", 1) == "\U0001f680"
    assert store.loads(ENVELOPE.format('"\\\\ud800"'), "x", 1) == "\\ud800"


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


def test_load_missing_file(tmp_path):
    with pytest.raises(SaveFileError, match="cannot read"):
        store.load(tmp_path / "nope.json", "x", 1)
