"""Atomic saves (kit.atomic): a failed write leaves the old file, links and permissions survive,
stale temporary files go, a checked save refuses a file that changed under it, and an object
is saved only if it loads back as it is."""

from __future__ import annotations

import hashlib
import json
import os
import time

import pytest

from kit import atomic, store
from kit.errors import InvalidInput, SaveConflict, SaveFileError


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


def test_a_write_that_fails_half_way_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "camp.json"
    atomic.save(path, "first")

    def no_space(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(OSError, match="No space"):
        atomic.save(path, "second, longer than the first")
    assert path.read_text() == "first"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["camp.json"]


def test_the_fingerprint_is_the_sha256_of_the_bytes(tmp_path):
    path = tmp_path / "f.json"
    assert atomic.current_fingerprint(path) is None  # no file yet
    atomic.save(path, "caf\u00e9")
    expected = hashlib.sha256("caf\u00e9".encode()).hexdigest()
    assert atomic.fingerprint("caf\u00e9".encode()) == expected
    assert atomic.current_fingerprint(path) == expected


def test_a_checked_save_writes_over_the_file_it_expects(tmp_path):
    path = tmp_path / "camp.json"
    atomic.save(path, "loaded")
    seen = atomic.fingerprint(b"loaded")
    atomic.save(path, "mine", expect=seen)
    assert path.read_text() == "mine"


def test_a_checked_save_refuses_a_file_someone_else_changed(tmp_path):
    path = tmp_path / "camp.json"
    atomic.save(path, "loaded")
    seen = atomic.fingerprint(b"loaded")
    path.write_text("theirs")  # another GM saved in between
    with pytest.raises(SaveConflict, match="changed on disk"):
        atomic.save(path, "mine", expect=seen)
    assert path.read_text() == "theirs"
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".tmp") == []


def test_a_checked_save_of_a_missing_file_is_no_conflict(tmp_path):
    path = tmp_path / "gone.json"
    atomic.save(path, "mine", expect=atomic.fingerprint(b"what was there"))
    assert path.read_text() == "mine"


class _Note:
    """A savable object whose loader refuses what it saves, or changes it."""

    def __init__(self, text: str, refuse: bool = False, drift: bool = False) -> None:
        self.text, self.refuse, self.drift = text, refuse, drift

    def to_json(self) -> str:
        return json.dumps({"text": self.text, "refuse": self.refuse, "drift": self.drift})

    @classmethod
    def from_json(cls, text: str | bytes) -> _Note:
        raw = json.loads(text)
        if raw["refuse"]:
            raise InvalidInput(f"text must be short, got {raw['text']!r}")
        return cls(raw["text"] + ("!" if raw["drift"] else ""), False, raw["drift"])


def test_save_object_writes_what_loads_back(tmp_path):
    path = tmp_path / "note.json"
    text = atomic.save_object(path, _Note("hello"))
    assert path.read_text() == text
    assert _Note.from_json(path.read_text()).text == "hello"


@pytest.mark.parametrize(
    "note, says",
    [(_Note("x", refuse=True), "would refuse to load"), (_Note("x", drift=True), "not load back")],
)
def test_save_object_writes_nothing_the_kit_could_not_read_back(tmp_path, note, says):
    path = tmp_path / "note.json"
    path.write_text("old")
    with pytest.raises(SaveFileError, match=says) as caught:
        atomic.save_object(path, note, what="the note")
    assert "the note" in str(caught.value) and "nothing was written" in str(caught.value)
    assert path.read_text() == "old"
