"""gm-kit: a game master's notebook kit for Regulus jobs, Complex Task boards and Successors.

The engines (``kit.regulus``, ``kit.boards``, ``kit.successors``) are plain Python and numpy;
figures (``kit.figures``, plotly) and widgets (``kit.widgets``, ipywidgets/anywidget) load
only when you use them, so ``import kit`` stays fast and works outside Jupyter.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .errors import DiceError, IllegalAction, InvalidInput, InvalidType, KitError, SaveFileError

__version__ = "0.1.0"

__all__ = [
    "DiceError",
    "IllegalAction",
    "InvalidInput",
    "InvalidType",
    "KitError",
    "SaveFileError",
    "__version__",
]

_LAZY_MODULES = (
    # the engines
    "regulus",
    "boards",
    "successors",
    # rendering, loaded on first use (plotly, ipywidgets, anywidget)
    "figures",
    "widgets",
    # campaigns and handouts
    "campaign",
    "handouts",
    # foundations
    "dice",
    "rng",
    "log",
    "store",
    "validate",
    "limits",
)
"""Subpackages reachable as ``kit.<name>`` without importing them first; each loads on use."""


def __getattr__(name: str) -> Any:
    if name in _LAZY_MODULES:
        return import_module(f"kit.{name}")
    if name == "Campaign":
        return import_module("kit.campaign").Campaign
    raise AttributeError(f"module 'kit' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The names ``import kit`` offers, the lazily loaded subsystems included."""
    dunders = {name for name in globals() if name.startswith("__")}
    return sorted({*dunders, *__all__, *_LAZY_MODULES, "Campaign", "errors"})
