"""The building blocks of the kit's JSON Schemas (kit.schemas.parts): fragments that say what
they are asked to, limits read from a Field's check, and ranges probed from a class's own
constructor, checked with a real validator (jsonschema, draft 2020-12)."""

from __future__ import annotations

import dataclasses

import jsonschema
import pytest

from kit import limits, validate
from kit.schemas import parts


def valid(schema, value) -> bool:
    return jsonschema.Draft202012Validator(schema).is_valid(value)


def test_text_is_bounded_not_blank_and_unicode():
    name = parts.text(5)
    assert valid(name, "Vex") and valid(name, "abcde")
    assert not valid(name, "abcdef") and not valid(name, "   ") and not valid(name, "")
    assert not valid(name, "a\ud800")  # a lone surrogate is not text the kit writes
    assert valid(parts.text(5, empty=True), "")


def test_integers_stay_within_the_kits_budget():
    assert parts.integer() == {
        "type": "integer",
        "minimum": -limits.MAX_INT,
        "maximum": limits.MAX_INT,
    }
    assert parts.integer(3, 2**70)["maximum"] == limits.MAX_INT
    die = parts.integer(1, 6)
    assert valid(die, 6) and not valid(die, 7) and not valid(die, 2.5)
    assert valid(parts.SEED, 0) and not valid(parts.SEED, -1)


def test_the_small_fragments():
    assert valid(parts.nullable(parts.integer(0, 1)), None)
    assert not valid(parts.enum(["a", "b"]), "c")
    assert not valid(parts.array(parts.BOOLEAN, 2), [True, False, True])
    assert not valid(parts.array(parts.BOOLEAN, 2, min_items=1), [])
    both = parts.pair(parts.text(3), parts.integer(0, 9))
    assert valid(both, ["ab", 4]) and not valid(both, ["ab"]) and not valid(both, ["ab", 4, 5])
    closed = parts.obj({"a": parts.BOOLEAN, "b": parts.BOOLEAN}, ["b", "zzz"])
    assert closed["required"] == ["b"]  # only required keys it has
    assert not valid(closed, {"b": True, "c": 1}) and valid(closed, {"b": False})
    assert valid(parts.obj({"a": parts.BOOLEAN}, closed=False), {"c": 1})
    assert parts.ref("card") == {"$ref": "#/$defs/card"}
    assert parts.number(0, 1, exclusiveMaximum=2) == {
        "type": "number",
        "minimum": 0,
        "maximum": 1,
        "exclusiveMaximum": 2,
    }


class _Sheet:
    title = validate.Field(validate.text, max_len=40, allow_empty=True)
    size = validate.Field(validate.integer, lo=1, hi=9)
    colour = validate.Field(validate.choice, allowed=("red", "blue"))
    loud = validate.Field(validate.boolean)
    other = validate.Field(validate.mapping)


def test_a_fields_check_becomes_its_schema():
    assert parts.from_field(_Sheet, "title") == parts.text(40, empty=True)
    assert parts.from_field(_Sheet, "size") == parts.integer(1, 9)
    assert parts.from_field(_Sheet, "colour") == {"enum": ["red", "blue"]}
    assert parts.from_field(_Sheet, "loud") == parts.BOOLEAN
    with pytest.raises(ValueError, match=r"_Sheet\.other: no schema"):
        parts.from_field(_Sheet, "other")


@dataclasses.dataclass(frozen=True)
class _Probe:
    level: int = 3
    name: str = "Vex"
    kind: str = "ship"
    share: float = 0.5
    note: str | None = None

    def __post_init__(self):
        validate.integer("level", self.level, -2, 7)
        validate.text("name", self.name, max_len=12)
        validate.choice("kind", self.kind, ("ship", "base"))
        validate.number("share", self.share, 0.0, 1.0)
        if self.note is not None:
            validate.text("note", self.note, max_len=30, allow_empty=True)


def test_probing_finds_the_constructors_limits():
    schema = parts.probed(_Probe, _Probe())
    props = schema["properties"]
    assert (props["level"]["minimum"], props["level"]["maximum"]) == (-2, 7)
    assert props["name"] == parts.text(12)
    assert props["kind"] == {"enum": ["ship", "base"]}
    assert (props["share"]["minimum"], props["share"]["maximum"]) == (0.0, 1.0)
    assert props["note"] == parts.nullable(parts.text(30, empty=True))
    assert "required" not in schema  # every field has a default
    assert valid(schema, {"level": 7, "name": "x" * 12}) and not valid(schema, {"level": 8})


def test_an_int_range_of_multiples_says_so():
    even = parts.int_range(lambda v: validate.integer("n", v, 0, 10) if v % 2 == 0 else 1 / 0, 2, 2)
    assert even == {"type": "integer", "minimum": 0, "maximum": 10, "multipleOf": 2}


def test_a_whole_file_names_its_kind_version_and_what_it_cannot_say():
    gap = parts.Gap("events must replay", ("/data/events",))
    defs = {"card": parts.integer(4, 8), "unused": parts.BOOLEAN}
    data = parts.obj({"card": parts.ref("card")}, ["card"])
    schema = parts.envelope("board/standard", 3, data, defs, [gap])
    assert schema["$id"].endswith("/board-standard.json")
    assert schema["$defs"] == {"card": parts.integer(4, 8)}  # only what it uses
    assert schema["x-not-expressed"] == [{"rule": "events must replay", "at": ["/data/events"]}]
    good = {"format": "gm-kit/board/standard", "version": 3, "data": {"card": 5}}
    assert valid(schema, good)
    assert not valid(schema, {**good, "version": 2})
    assert not valid(schema, {**good, "data": {"card": 9}})
    assert parts.file_name("board/standard") == "board-standard.json"
