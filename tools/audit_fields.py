"""List every public attribute of the kit's classes that can be set, and what checks it.

Run ``python tools/audit_fields.py`` for the table. The classes audited are those whose objects
are read back from save files (they have ``from_json`` or ``from_dict``) or observed by views
(``Observable``); working helpers of a computation and report rows are not. Each public attribute such a class assigns
(``self.name = ...`` in any of its methods, or a field of a mutable dataclass) is one row:

* ``Field(check, ...)`` - a :class:`kit.validate.Field`: every assignment runs its check
  (``fixed=True``: set once by the constructor, then refused);
* ``frozen`` - a field of a frozen dataclass: Python refuses to set it, ``replace()`` runs
  the constructor's checks;
* ``derived: <why>`` - a class listed in :data:`NOT_SAVED`: working state that is rebuilt
  from a saved log or never saved at all, so setting it cannot put a bad value in a file;
* ``UNCHECKED`` - anything else: settable without the kit's validation. The test
  ``tests/store/test_field_audit.py`` fails while any row says so, so a new field cannot slip
  through: declare it as a ``Field`` (or list its class here, saying why it is not saved).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import pkgutil
import sys
import textwrap
from collections.abc import Iterator
from typing import NamedTuple

import kit
from kit.validate import fields_of

#: Views are not audited: a widget's state is its engine object (audited) and traitlets.
SKIPPED_PACKAGES = ("kit.widgets", "kit.figures")

#: Audited classes ("module:Class") whose public attributes are working state that never reaches
#: a save file, each with the reason. Empty today: every audited attribute is a Field or frozen.
NOT_SAVED: dict[str, str] = {}


class Row(NamedTuple):
    """One public attribute of one class and what guards it."""

    cls: str
    attribute: str
    guard: str

    @property
    def unchecked(self) -> bool:
        return self.guard == "UNCHECKED"


def saved(cls: type) -> bool:
    """Whether objects of ``cls`` are read from save files (or tell views of their changes)."""
    from kit.log import Observable

    loads = any(hasattr(cls, m) for m in ("from_json", "from_dict"))
    return loads or issubclass(cls, Observable)


def kit_classes() -> Iterator[type]:
    """Every class of the kit whose objects are saved (views and working helpers aside)."""
    for info in pkgutil.walk_packages(kit.__path__, "kit."):
        if info.name.startswith(SKIPPED_PACKAGES) or info.name == "kit.__main__":
            continue
        module = importlib.import_module(info.name)
        for obj in vars(module).values():
            if inspect.isclass(obj) and obj.__module__ == module.__name__ and saved(obj):
                yield obj


def assigned(cls: type) -> set[str]:
    """Public names the class's own methods assign on ``self`` (and mutable dataclass fields)."""
    names: set[str] = set()
    if dataclasses.is_dataclass(cls) and not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        names |= {f.name for f in dataclasses.fields(cls) if not f.name.startswith("_")}
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError):
        return names
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for target in targets:
            for t in ast.walk(target):
                if (
                    isinstance(t, ast.Attribute)
                    and isinstance(t.value, ast.Name)
                    and t.value.id == "self"
                    and not t.attr.startswith("_")
                ):
                    names.add(t.attr)
    return names


def rows_for(cls: type) -> list[Row]:
    """The audit's rows for one class."""
    path = f"{cls.__module__}:{cls.__qualname__}"
    frozen = dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    declared = fields_of(cls)
    rows = []
    for name in sorted(assigned(cls) | set(declared)):
        if name in declared:
            guard = repr(declared[name])
        elif frozen:
            guard = "frozen"
        elif path in NOT_SAVED:
            guard = f"derived: {NOT_SAVED[path]}"
        else:
            guard = "UNCHECKED"
        rows.append(Row(path, name, guard))
    return rows


def audit() -> list[Row]:
    """One row per public attribute some audited class of the kit assigns."""
    return [row for cls in kit_classes() for row in rows_for(cls)]


def main() -> int:
    rows = audit()
    width = max(len(f"{r.cls}.{r.attribute}") for r in rows)
    for r in rows:
        print(f"{r.cls + '.' + r.attribute:<{width}}  {r.guard}")
    bad = [r for r in rows if r.unchecked]
    print(f"\n{len(rows)} public attributes, {len(bad)} settable without the kit's checks")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
