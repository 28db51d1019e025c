"""Writing the save files' JSON Schemas (kit.schemas.build): one file per kind and an index,
written as stable ASCII text, the same bytes each time."""

from __future__ import annotations

import json

import pytest

from kit import store
from kit.schemas import build


def test_write_puts_one_schema_per_kind_and_an_index(tmp_path):
    written = build.write(tmp_path)
    index = json.loads((tmp_path / "kinds.json").read_text(encoding="utf-8"))
    assert set(index) == set(store.schema_kinds())
    assert {p.name for p in written} == set(index.values()) | {"kinds.json"}
    for kind, name in index.items():
        schema = json.loads((tmp_path / name).read_text(encoding="utf-8"))
        assert schema == store.schema(kind)


def test_writing_twice_gives_the_same_bytes(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    build.write(first)
    build.write(second)
    for path in first.iterdir():
        assert (second / path.name).read_bytes() == path.read_bytes()


def test_dumps_is_ascii_indented_with_one_final_newline():
    text = build.dumps({"title": "Hyper-Jump — 5×", "n": [1, 2]})
    assert text.isascii() and text.endswith("}\n") and not text.endswith("\n\n")
    assert json.loads(text) == {"title": "Hyper-Jump — 5×", "n": [1, 2]}
    assert '\n "n": [\n  1,' in text  # one space per level


def test_dumps_refuses_a_number_json_cannot_hold():
    with pytest.raises(ValueError):
        build.dumps({"maximum": float("nan")})
