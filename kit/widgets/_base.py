"""What every kit widget shares: static files, inline errors, keyword checking.

A kit widget is a *view* of one engine object. It turns clicks into engine calls inside
:meth:`KitWidget.guard`, which catches the kit's own errors, shows them in the widget's
``error`` trait (rendered as an inline banner) and leaves the engine object untouched - engine
actions are atomic, so a failed action changes nothing - then re-derives its traits.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..errors import KitError

STATIC = Path(__file__).parent / "static"

__all__ = ["STATIC", "KitWidget", "check_kwargs", "esm"]


def esm(name: str) -> str:
    """A widget's JavaScript module: the shared helpers in ``dom.js`` followed by ``name``.

    anywidget loads a module from a string, where relative imports cannot resolve, so the
    helpers every widget uses are prepended here instead of written into each file.
    """
    return (STATIC / "dom.js").read_text() + "\n" + (STATIC / name).read_text()


def check_kwargs(cls_name: str, kwargs: dict[str, Any], allowed: set[str]) -> None:
    """Raise ``TypeError`` naming any unexpected keyword (a typo in a widget option)."""
    extra = sorted(set(kwargs) - allowed)
    if extra:
        raise TypeError(
            f"{cls_name}() got unexpected keyword argument(s) {', '.join(map(repr, extra))}; "
            f"check the spelling (allowed: {', '.join(sorted(allowed)) or 'none'})"
        )


class KitWidget(anywidget.AnyWidget):
    """Base of the kit's anywidget views: an ``error`` banner and an action guard."""

    error = traitlets.Unicode("", help="The last error shown inline; empty when none.").tag(sync=True)
    _theme_css = STATIC / "kit.css"

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Run an engine action; show a kit error inline instead of raising, then refresh."""
        try:
            yield
        except KitError as exc:
            self.error = str(exc)
        else:
            self.error = ""
        finally:
            self.refresh()

    def refresh(self) -> None:  # pragma: no cover - overridden
        """Re-derive every synced trait from the engine object."""
