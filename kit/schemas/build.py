"""Write the JSON Schemas of the kit's save files from the kit's own limits and checks.

``python -m kit.schemas.build`` rewrites ``kit/schemas/*.json``; a test holds the committed
files equal to what this writes, so a changed limit or field shows up in the schemas.

Where the numbers come from, so that none is written twice:

* budgets and text limits from :mod:`kit.limits` (``maxLength``, ``maxItems``, ``maximum``);
* the checked attributes of mutable objects from their :class:`kit.validate.Field`
  declarations (``Job.title``, ``Job.difficulty``, ``Battle.jammer``, ...) by
  :func:`from_field`;
* the options of frozen value objects (rules, operatives, incidents, entities, ship designs,
  stars...) by asking the class itself, :func:`probed`: each field's accepted range, longest
  text and allowed values are found by building the object with trial values (a binary search
  on its own constructor), so the schema says exactly what the constructor accepts.

What a schema cannot say is listed in its ``x-not-expressed`` keyword (each rule with the JSON
Pointers it applies at) and in its description.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..store import JSON
from .formats import build_all
from .parts import HERE, file_name

__all__ = ["dumps", "file_name", "main", "write"]


def write(folder: Path = HERE) -> list[Path]:
    """Write every schema (and ``kinds.json``, the index) into ``folder``; return the files."""
    schemas = build_all()
    out = []
    for kind, schema in schemas.items():
        path = folder / file_name(kind)
        path.write_text(dumps(schema), encoding="utf-8")
        out.append(path)
    index = folder / "kinds.json"
    index.write_text(dumps({k: file_name(k) for k in schemas}), encoding="utf-8")
    return [*out, index]


def dumps(value: JSON) -> str:
    """The text a schema file holds (stable, ASCII, one final newline)."""
    return json.dumps(value, indent=1, ensure_ascii=True, allow_nan=False) + "\n"


def main() -> int:
    """Rewrite the schema files; print what was written."""
    for path in write():
        sys.stdout.write(f"{path.relative_to(HERE.parent.parent)}\n")
    return 0


if __name__ == "__main__":  # pragma: no cover - a developer's command
    sys.exit(main())
