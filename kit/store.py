"""Versioned JSON save files.

Every file the kit writes is a JSON object with three keys::

    {"format": "gm-kit/job", "version": 1, "data": {...}}

``format`` says what the file holds, ``version`` which layout of ``data`` it uses. Loading
checks both, runs registered migrations for older versions, and refuses anything else with a
:class:`~kit.errors.SaveFileError` that says what was wrong. Files are never pickled or
evaluated; oversized, deeply nested, non-finite or malformed input is refused before any
object is built.

What is refused before anything is built (budgets from :mod:`kit.limits`):

* more than :data:`~kit.limits.MAX_FILE_BYTES` bytes (checked before reading or parsing);
* more than :data:`~kit.limits.MAX_JSON_VALUES` values (counted from the raw text);
* nesting deeper than :data:`~kit.limits.MAX_DEPTH`;
* ``NaN``, ``Infinity`` and numbers that overflow to infinity (``1e400``);
* integers longer than any value the kit stores;
* an object with the same key twice (which copy would win is a guess, so neither does);
* text with a lone UTF-16 surrogate (``"\\ud800"``), which could not be written back.

A UTF-8 byte order mark at the start, as some Windows editors write, is accepted.

Each format has a published JSON Schema (draft 2020-12): :func:`schema` returns it and
:func:`schema_kinds` lists the formats, so a GM's other tools can read and check the files.

Writing is :mod:`kit.atomic`'s (re-exported here): atomic saves, a read-back check before
the old file is replaced, and a lock that makes "is the file still the one I loaded? then
replace it" one step for two GMs saving one campaign.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeAlias

from . import limits
from .atomic import (
    STALE_TMP_SECONDS,
    check_round_trip,
    current_fingerprint,
    fingerprint,
    locked,
    save,
    save_object,
)
from .errors import SaveFileError

__all__ = [
    "JSON",
    "MAX_BYTES",
    "MAX_DEPTH",
    "STALE_TMP_SECONDS",
    "check_round_trip",
    "current_fingerprint",
    "dumps",
    "fingerprint",
    "load",
    "loads",
    "locked",
    "parse",
    "read",
    "register_migration",
    "save",
    "save_object",
    "schema",
    "schema_kinds",
]

JSON: TypeAlias = Any
"""A JSON value as the kit reads and writes it (``None``, a bool, a number, a string, a list or a
``dict`` with string keys, nested): the one place a public signature of the kit says ``Any``.
Readers check what they take from it with :mod:`kit.validate`."""

PREFIX = "gm-kit/"
#: Largest save text accepted (bytes); see :data:`kit.limits.MAX_FILE_BYTES`.
MAX_BYTES = limits.MAX_FILE_BYTES
#: Deepest JSON nesting accepted; see :data:`kit.limits.MAX_DEPTH`.
MAX_DEPTH = limits.MAX_DEPTH
#: Most JSON values accepted; see :data:`kit.limits.MAX_JSON_VALUES`.
MAX_VALUES = limits.MAX_JSON_VALUES

_MIGRATIONS: dict[tuple[str, int], Callable[[Any], Any]] = {}


Migration = Callable[[Any], Any]
"""A step that upgrades a file's data by one version (``data -> data``)."""


def register_migration(kind: str, from_version: int) -> Callable[[Migration], Migration]:
    """Register ``fn(data) -> data`` that upgrades ``kind`` files from ``from_version``."""

    def deco(fn: Migration) -> Migration:
        _MIGRATIONS[(kind, from_version)] = fn
        return fn

    return deco


def dumps(kind: str, version: int, data: JSON) -> str:
    """Wrap ``data`` in the versioned envelope and return JSON text.

    The text is held to the same budgets :func:`loads` checks (bytes, values, depth), so the
    kit never writes a file it would refuse to read back; going over raises
    :class:`~kit.errors.SaveFileError` and nothing is written.
    """
    try:
        text = json.dumps(
            {"format": PREFIX + kind, "version": version, "data": data},
            allow_nan=False,
            ensure_ascii=False,
            indent=1,
        )
        size = len(text.encode("utf-8"))  # a lone surrogate would otherwise fail only when written
    except (TypeError, ValueError) as exc:
        raise SaveFileError(f"cannot save {kind}: {exc}") from None
    if size > MAX_BYTES:
        raise SaveFileError(
            f"cannot save {kind}: it would take {size} bytes, more than the {MAX_BYTES} the kit "
            "loads; split it (for example one campaign per sector)"
        )
    if _count_values(text) > MAX_VALUES:
        raise SaveFileError(f"cannot save {kind}: it holds more than {MAX_VALUES} values")
    if _depth(data, MAX_DEPTH - 1) > MAX_DEPTH - 1:
        raise SaveFileError(f"cannot save {kind}: it is nested deeper than {MAX_DEPTH} levels")
    return text


def _depth(value: Any, limit: int) -> int:
    """Nesting depth of parsed JSON, walked level by level; stops once past ``limit``."""
    level = [value] if isinstance(value, (dict, list)) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return depth
        below: list[Any] = []
        for item in level:
            children = item.values() if type(item) is dict else item
            below += [v for v in children if type(v) is dict or type(v) is list]
        level = below
    return max(depth, 1)


#: Longest integer literal accepted: one digit more than the largest int the kit keeps, so
#: an out-of-range value still reaches the validator that names its field.
MAX_INT_DIGITS = len(str(limits.MAX_INT)) + 1


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise SaveFileError(f"save file has a number with more than {MAX_INT_DIGITS} digits")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise SaveFileError(f"save file has a number too large to hold ({text[:20]!r})")
    return value


def _reject_constant(name: str) -> Any:
    raise SaveFileError(f"save file contains {name}, which is not allowed")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise SaveFileError(
                f"save file has the key {key[:80]!r} twice in one object; keep one and load again"
            )
        out[key] = value
    return out


def _count_values(text: str) -> int:
    """An upper bound of the JSON values in ``text``, from its separators (no parsing)."""
    return text.count(",") + text.count("[") + text.count("{") + 1


#: A JSON escape of a UTF-16 surrogate; only files holding one need the full text check below.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _bad_text(value: Any) -> str | None:
    """The first string (key or value) in parsed JSON that is not valid Unicode text, if any."""
    level = [value]
    while level:
        below: list[Any] = []
        for item in level:
            if type(item) is str:
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    return item
            elif type(item) is dict:
                below += item.keys()
                below += item.values()
            elif type(item) is list:
                below += item
        level = below
    return None


def _decode(text: str | bytes) -> str:
    if isinstance(text, (bytes, bytearray, memoryview)):
        raw = bytes(text)
        if len(raw) > MAX_BYTES:
            raise SaveFileError(f"save file is larger than {MAX_BYTES} bytes ({len(raw)})")
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise SaveFileError(f"save file is not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise SaveFileError(f"a save file must be JSON text, got {type(text).__name__}")
    if len(text) > MAX_BYTES:
        raise SaveFileError(f"save file is larger than {MAX_BYTES} bytes")
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise SaveFileError(
            f"save text holds a lone surrogate at position {exc.start}, which is not valid Unicode"
        ) from None
    if size > MAX_BYTES:
        raise SaveFileError(f"save file is larger than {MAX_BYTES} bytes ({size})")
    return text[1:] if text.startswith("\ufeff") else text


def parse(text: str | bytes) -> JSON:
    """Parse JSON text within the kit's budgets (see the module docs) and return it.

    Raises:
        SaveFileError: for anything refused; nothing else escapes.
    """
    text = _decode(text)
    if _count_values(text) > MAX_VALUES:
        raise SaveFileError(f"save file holds more than {MAX_VALUES} values")
    try:
        raw = json.loads(
            text,
            parse_constant=_reject_constant,
            parse_int=_parse_int,
            parse_float=_parse_float,
            object_pairs_hook=_no_duplicates,
        )
    except RecursionError:
        raise SaveFileError(f"save file is nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as exc:
        raise SaveFileError(
            f"save file is not valid JSON ({exc.msg} at line {exc.lineno})"
        ) from None
    except SaveFileError:
        raise
    except ValueError as exc:  # e.g. Python's limit on digits in int() conversion
        raise SaveFileError(f"save file holds a value that cannot be read: {exc}") from None
    if _depth(raw, MAX_DEPTH) > MAX_DEPTH:
        raise SaveFileError(f"save file is nested deeper than {MAX_DEPTH} levels")
    if _SURROGATE_ESCAPE.search(text):
        bad = _bad_text(raw)
        if bad is not None:
            raise SaveFileError(
                f"save file holds text with a lone surrogate ({bad[:40]!r}), which is not valid "
                "Unicode and could not be saved again"
            )
    return raw


def loads(text: str | bytes, kind: str, version: int) -> JSON:
    """Parse envelope JSON for ``kind`` at ``version`` (migrating older files) and return data."""
    raw = parse(text)
    if not isinstance(raw, dict):
        raise SaveFileError("save file must be a JSON object with 'format', 'version' and 'data'")
    extra = sorted(set(raw) - {"format", "version", "data"})
    if extra:
        raise SaveFileError(f"save file has unknown top-level field(s) {extra}")
    fmt = raw.get("format")
    want = PREFIX + kind
    if fmt != want:
        raise SaveFileError(f"save file format is {fmt!r}, expected {want!r}")
    found = raw.get("version")
    if isinstance(found, bool) or not isinstance(found, int):
        raise SaveFileError(f"save file version must be an integer, got {found!r}")
    if found > version:
        raise SaveFileError(
            f"save file is {kind} version {found}, newer than this kit reads ({version}); "
            "upgrade gm-kit"
        )
    if found < 1:
        raise SaveFileError(f"save file version must be at least 1, got {found}")
    if "data" not in raw:
        raise SaveFileError("save file has no 'data' field")
    data = raw["data"]
    while found < version:
        step = _MIGRATIONS.get((kind, found))
        if step is None:
            raise SaveFileError(f"no migration for {kind} files from version {found}")
        try:
            data = step(data)
        except SaveFileError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise SaveFileError(f"{kind} file version {found} cannot be upgraded: {exc}") from None
        found += 1
    return data


def read(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a save file, refusing one over the byte budget before reading it."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise SaveFileError(f"{p.name} is larger than {MAX_BYTES} bytes ({size})")
        with p.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise SaveFileError(f"cannot read {str(p)!r}: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:  # grew while we looked
        raise SaveFileError(f"{p.name} is larger than {MAX_BYTES} bytes")
    return raw


def load(path: str | os.PathLike[str], kind: str, version: int) -> JSON:
    """Read and check a save file written by :func:`save` and return its migrated data."""
    return loads(read(path), kind, version)


def schema_kinds() -> tuple[str, ...]:
    """The save formats with a published JSON Schema: ``"campaign"``, ``"regulus-job"``, ...

    A kind is the part of a file's ``format`` after ``"gm-kit/"``.

    >>> "campaign" in schema_kinds() and "board/standard" in schema_kinds()
    True
    """
    return tuple(_schema_index())


def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the save format ``kind`` (see :func:`schema_kinds`).

    The schema states the file's layout with the limits of :mod:`kit.limits` (``maxLength``,
    ``maximum``, ``maxItems``...); what only the loader can check (an event log replaying
    under the rules, cross-field rules) is listed in its ``description`` and, with the places
    it concerns, in its ``x-not-expressed`` keyword.

    >>> job = schema("regulus-job")
    >>> job["$schema"]
    'https://json-schema.org/draft/2020-12/schema'

    Raises:
        InvalidInput: for a kind that is not one of :func:`schema_kinds`.
    """
    from . import validate

    index = _schema_index()
    validate.choice("kind", kind, list(index))
    return dict(json.loads(_schema_file(index[kind])))


def _schema_index() -> dict[str, str]:
    return dict(json.loads(_schema_file("kinds.json")))


def _schema_file(name: str) -> str:
    from importlib.resources import files

    return (files("kit") / "schemas" / name).read_text(encoding="utf-8")
