"""Versioned JSON save files.

Every file the kit writes is a JSON object with three keys::

    {"format": "gm-kit/job", "version": 1, "data": {...}}

``format`` says what the file holds, ``version`` which layout of ``data`` it uses. Loading
checks both, runs registered migrations for older versions, and refuses anything else with a
:class:`~kit.errors.SaveFileError` that says what was wrong. Files are never pickled or
evaluated; oversized, deeply nested, non-finite or malformed input is refused before any
object is built.

Saving is atomic: the text is written to a temporary file beside the target, flushed to disk
and moved over the target in one step, so a crash mid-save leaves the previous file intact.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import SaveFileError

__all__ = ["dumps", "loads", "save", "load", "register_migration", "MAX_BYTES", "MAX_DEPTH"]

PREFIX = "gm-kit/"
#: Largest save text accepted (bytes).
MAX_BYTES = 64 * 1024 * 1024
#: Deepest JSON nesting accepted.
MAX_DEPTH = 64

_MIGRATIONS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}


def register_migration(kind: str, from_version: int):
    """Register ``fn(data) -> data`` that upgrades ``kind`` files from ``from_version``."""

    def deco(fn: Callable[[dict[str, Any]], dict[str, Any]]):
        _MIGRATIONS[(kind, from_version)] = fn
        return fn

    return deco


def dumps(kind: str, version: int, data: Any) -> str:
    """Wrap ``data`` in the versioned envelope and return JSON text."""
    try:
        return json.dumps(
            {"format": PREFIX + kind, "version": version, "data": data},
            allow_nan=False,
            ensure_ascii=False,
            indent=1,
        )
    except (TypeError, ValueError) as exc:
        raise SaveFileError(f"cannot save {kind}: {exc}") from None


def _depth(value: Any, limit: int) -> int:
    stack = [(value, 1)]
    deepest = 0
    while stack:
        item, d = stack.pop()
        deepest = max(deepest, d)
        if deepest > limit:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, d + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, d + 1) for v in item)
    return deepest


#: Longest integer literal accepted; no count or rank in the kit comes near it.
MAX_INT_DIGITS = 30


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise SaveFileError(f"save file has a number with more than {MAX_INT_DIGITS} digits")
    return int(text)


def _reject_constant(name: str) -> Any:
    raise SaveFileError(f"save file contains {name}, which is not allowed")


def loads(text: str | bytes, kind: str, version: int) -> Any:
    """Parse envelope JSON for ``kind`` at ``version`` (migrating older files) and return data."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise SaveFileError(f"save file is larger than {MAX_BYTES} bytes")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveFileError(f"save file is not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise SaveFileError(f"a save file must be JSON text, got {type(text).__name__}")
    if len(text) > MAX_BYTES:
        raise SaveFileError(f"save file is larger than {MAX_BYTES} bytes")
    try:
        raw = json.loads(text, parse_constant=_reject_constant, parse_int=_parse_int)
    except RecursionError:
        raise SaveFileError(f"save file is nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"save file is not valid JSON ({exc.msg} at line {exc.lineno})") from None
    except ValueError as exc:  # e.g. Python's limit on digits in int() conversion
        raise SaveFileError(f"save file holds a value that cannot be read: {exc}") from None
    if _depth(raw, MAX_DEPTH) > MAX_DEPTH:
        raise SaveFileError(f"save file is nested deeper than {MAX_DEPTH} levels")
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
        data = step(data)
        found += 1
    return data


def save(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to ``path`` atomically (temp file, fsync, rename) and return the path."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return target


def load(path: str | os.PathLike[str], kind: str, version: int) -> Any:
    """Read and check a save file written by :func:`save` and return its migrated data."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise SaveFileError(f"{p.name} is larger than {MAX_BYTES} bytes")
        raw = p.read_bytes()
    except OSError as exc:
        raise SaveFileError(f"cannot read {str(p)!r}: {exc.strerror or exc}") from None
    return loads(raw, kind, version)
