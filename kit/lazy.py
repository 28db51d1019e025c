"""Packages whose public names load on first use.

``kit.regulus``, ``kit.boards`` and ``kit.successors.combat`` list each public name with the
submodule that defines it; :func:`lazy_package` makes the package load that submodule the
first time the name is read, so ``import kit.boards`` costs almost nothing until a board is
made. A name that is also a submodule's name (``kit.boards.odds``, the function, lives in
``kit.boards.odds``, the module) stays the function: importing the submodule, as any sibling
may, would otherwise bind the package's name to the module.

>>> import kit.boards
>>> kit.boards.odds.__name__, callable(kit.boards.odds)
('odds', True)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from types import ModuleType
from typing import Any

__all__ = ["lazy_package"]


def lazy_package(
    name: str, table: Mapping[str, str], shadowed: frozenset[str] = frozenset()
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of package ``name``, whose names load on first use.

    Args:
        name: the package's ``__name__``.
        table: each public name mapped to the submodule (relative to the package) defining it.
        shadowed: names that are both a submodule and the function it defines: the package
            keeps the function when the submodule is imported.
    """
    module = sys.modules[name]

    class _Package(ModuleType):
        def __setattr__(self, attr: str, value: object) -> None:
            if attr in shadowed and isinstance(value, ModuleType):
                value = getattr(value, attr)
            super().__setattr__(attr, value)

    module.__class__ = _Package

    def __getattr__(attr: str) -> Any:
        if attr in table:
            value = getattr(import_module(f".{table[attr]}", name), attr)
            setattr(module, attr, value)  # later lookups skip this function
            return value
        raise AttributeError(f"module {name!r} has no attribute {attr!r}")

    def __dir__() -> list[str]:
        return sorted(set(vars(module)) | set(getattr(module, "__all__", ())))

    return __getattr__, __dir__
