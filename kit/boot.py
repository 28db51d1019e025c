"""What the kit does on first use rather than on ``import kit``: a list of callbacks.

The ``kit`` package puts here the function that registers the kit's own kinds
(:mod:`kit.kinds`); :mod:`kit.registry` runs it before its first lookup. This module imports
nothing, so ``import kit`` stays fast, and neither the package nor the registry imports the
other's layer to do it.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["first_lookup"]

first_lookup: list[Callable[[], None]] = []
"""Callbacks the registry runs once, in order, before its first lookup."""
