"""gm-kit: a game master's notebook kit for Regulus jobs, Complex Task boards and Successors.

The engines (``kit.regulus``, ``kit.boards``, ``kit.successors``) are plain Python and numpy;
figures (``kit.figures``, plotly) and widgets (``kit.widgets``, ipywidgets/anywidget) load
only when you use them, so ``import kit`` stays fast and works outside Jupyter.

The teaching notebooks ship inside the package. From a shell::

    gm-kit notebooks my-notebooks   # copy them into a folder of yours (never overwriting edits)
    gm-kit lab                      # copy if needed, then open JupyterLab on the start-here notebook

(``python -m kit`` does the same; JupyterLab itself comes with ``pip install "gm-kit[lab]"``.)
Start with ``00_start_here.ipynb``. The rules' open questions and how the kit settles them are
in ``docs/rulings.md``; every ruling that is a choice is an option of the systems' rules objects.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from . import boot
from .errors import DiceError, IllegalAction, InvalidInput, InvalidType, KitError, SaveFileError

__version__ = "0.4.0"

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


_VERBS = ("advice", "tune", "luck", "impact", "odds", "simulate")
"""The six verbs, ``kit.advice(obj)``, ``kit.tune(obj, target)``, ``kit.luck(obj)``,
``kit.impact(obj, house_rules)``, ``kit.odds(obj)`` and ``kit.simulate(obj, n)``: each answers
for any kind of object through :mod:`kit.registry` (:mod:`kit.advisor`); loaded on first use."""

_RESULTS = ("Advice", "Tuning", "Luck", "Impact")
"""The result types of advice, tune, luck and impact, one for every system (:mod:`kit.advising`)."""


def _register_kinds() -> None:
    """Register the kit's own kinds (:mod:`kit.kinds`), before the registry's first lookup."""
    from .kinds import register_all

    register_all()


boot.first_lookup.append(_register_kinds)


def __getattr__(name: str) -> Any:
    if name in _LAZY_MODULES:
        return import_module(f"kit.{name}")
    if name == "Campaign":
        return import_module("kit.campaign").Campaign
    if name in _VERBS:
        return getattr(import_module("kit.advisor"), name)
    if name in _RESULTS:
        return getattr(import_module("kit.advising"), name)
    if name == "session_recap":
        return import_module("kit.recap").session_recap
    raise AttributeError(f"module 'kit' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The names ``import kit`` offers, the lazily loaded subsystems included."""
    dunders = {name for name in globals() if name.startswith("__")}
    return sorted(
        {
            *dunders,
            *__all__,
            *_LAZY_MODULES,
            *_VERBS,
            *_RESULTS,
            "Campaign",
            "errors",
            "session_recap",
        }
    )
