"""The store refuses hostile text before building anything, and saves without losing anything.

Issue #11: budgets come from kit.limits; a file over the byte budget is refused before it is
parsed; duplicate keys, infinities and floats posing as huge integers are refused; a UTF-8 byte
order mark is accepted; a save through a symbolic link writes the target; permissions survive;
temporary files of a crashed save are cleaned up.
"""

from __future__ import annotations

import json
import os
import time

import pytest

from kit import limits, store, validate
from kit.errors import InvalidInput, InvalidType, SaveFileError

ENVELOPE = '{{"format": "gm-kit/x", "version": 1, "data": {}}}'


def test_store_budgets_are_the_limits_module():
    assert store.MAX_BYTES == limits.MAX_FILE_BYTES
    assert store.MAX_DEPTH == limits.MAX_DEPTH
    # the old budget was 64 MB: a 20 MB file of zeros took 11-19 s before being refused
    assert limits.MAX_FILE_BYTES < 20 * 1024 * 1024


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


@pytest.mark.parametrize("value", [1e30, 1e308, -1e30, float(2**63), 10**30, -(2**64)])
def test_validate_integer_refuses_out_of_budget_values(value):
    with pytest.raises(InvalidInput, match="seed"):
        validate.integer("seed", value)


@pytest.mark.parametrize("value", [0.5, float("nan"), float("inf"), "3", None, True])
def test_validate_integer_refuses_non_integers(value):
    with pytest.raises(InvalidType, match="seed"):
        validate.integer("seed", value)


def test_validate_integer_keeps_whole_floats_and_64_bit_ints():
    assert validate.integer("n", 5.0) == 5
    assert validate.integer("n", limits.MAX_INT) == limits.MAX_INT
    assert validate.integer("n", -limits.MAX_INT) == -limits.MAX_INT


def test_validate_number_refuses_a_huge_int():
    with pytest.raises(InvalidInput, match="x must be a finite number"):
        validate.number("x", 10**400)


def test_validate_text_refuses_a_lone_surrogate():
    with pytest.raises(InvalidInput, match=r"name .*surrogate"):
        validate.text("name", "Vex\ud800")


def test_dumps_refuses_a_lone_surrogate_with_the_kits_error():
    with pytest.raises(SaveFileError):
        store.dumps("x", 1, {"name": "\udfff"})


# ---------------------------------------------------------------- saving
def test_save_through_a_symlink_writes_the_target_and_keeps_the_link(tmp_path):
    real = tmp_path / "real" / "camp.json"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    store.save(link, "new")
    assert link.is_symlink()
    assert real.read_text() == "new"
    assert os.readlink(link) == str(real)


def test_save_keeps_the_files_permissions(tmp_path):
    path = tmp_path / "shared.json"
    path.write_text("old")
    path.chmod(0o640)
    store.save(path, "new")
    assert path.stat().st_mode & 0o777 == 0o640
    assert path.read_text() == "new"


def test_a_new_file_gets_the_usual_permissions(tmp_path):
    mask = os.umask(0o022)
    try:
        path = tmp_path / "fresh.json"
        store.save(path, "x")
    finally:
        os.umask(mask)
    # mkstemp alone would leave 0600, hiding the file from the rest of the group
    assert path.stat().st_mode & 0o777 == 0o644


def test_save_removes_stale_temporary_files(tmp_path):
    path = tmp_path / "camp.json"
    stale = tmp_path / ".camp.json.abc123.tmp"
    fresh = tmp_path / ".camp.json.def456.tmp"  # a save in progress elsewhere: left alone
    other = tmp_path / ".other.json.abc123.tmp"
    for f in (stale, fresh, other):
        f.write_text("half a save")
    old = time.time() - store.STALE_TMP_SECONDS - 60
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    store.save(path, "done")
    assert not stale.exists()
    assert fresh.exists() and other.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["camp.json", fresh.name, other.name]
    )


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


def test_a_recorded_seed_always_fits_a_save_file():
    from kit.rng import resolve_seed

    assert resolve_seed(limits.MAX_INT) == limits.MAX_INT
    for bad in (limits.MAX_INT + 1, 10**30, -1):
        with pytest.raises(InvalidInput, match="seed"):
            resolve_seed(bad)
