"""What every kit widget shares: static files, inline errors, keyword checking.

A kit widget is a *view* of one engine object. It turns clicks into engine calls inside
:meth:`KitWidget.guard`, which catches the kit's own errors, shows them in the widget's
``error`` trait (rendered as an inline banner) and leaves the engine object untouched - engine
actions are atomic, so a failed action changes nothing - then re-derives its traits.

A message from the page never crashes the widget: anything else that goes wrong inside the
guard (a bug, a malformed message) is shown in the banner too, named as unexpected, and logged.
Numbers typed in the page go through :func:`whole_number` and :func:`real_number`, which give
the kit's errors (a blank field, ``null``, ``1e30`` or ``inf`` included).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets
from anywidget._file_contents import FileContents

from .. import validate
from ..errors import InvalidInput, InvalidType, KitError
from ..log import Observable

STATIC = Path(__file__).parent / "static"

__all__ = [
    "STATIC",
    "KitWidget",
    "WidgetScript",
    "check_kwargs",
    "esm",
    "link",
    "real_number",
    "scoped_css",
    "soon",
    "whole_number",
]

_log = logging.getLogger(__name__)


_IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([\w-]+\.js)";[ \t]*$', re.M)
_EXPORT = re.compile(r"^export (?=function |const |let |class )", re.M)


class WidgetScript(FileContents):
    """A widget's ES module file, linked with the helper modules it imports.

    Each widget's script in ``static/`` is a real ES module that imports the shared helpers
    (``import { h, pct } from "./dom.js";``). anywidget sends a module to the page as a string
    and loads it from a ``blob:`` address, where a relative import cannot resolve, so the text
    anywidget sends (``str(script)``) has each such import replaced by the helper module's own
    declarations: a link step of a few lines, not a bundler. Only the kit's own ``./x.js`` files
    are linked; a name imported but not exported by the helper is an error here, not on the page.

    It is an anywidget :class:`~anywidget._file_contents.FileContents`, so with
    ``ANYWIDGET_HMR=1`` (and ``watchfiles``) in a development install, editing the widget's file
    or a helper it imports redraws every view of the widget without restarting the kernel.
    """

    def __init__(self, path: Path) -> None:
        super().__init__(path, start_thread=False)
        if _hot_reload(self._path):
            self.watch_in_thread()

    def sources(self) -> list[Path]:
        """The widget's file and the helper files it imports."""
        text = self._path.read_text(encoding="utf-8")
        return [self._path, *(self._path.parent / m.group(2) for m in _IMPORT.finditer(text))]

    def watch(self) -> Iterator[tuple[int, str]]:
        """Emit ``changed`` with the newly linked text whenever one of :meth:`sources` changes."""
        from watchfiles import Change, watch

        for changes in watch(*self.sources(), stop_event=self._stop_event):
            for change, path in changes:
                if change in (Change.modified, Change.added):
                    self._contents = None
                    self.changed.emit(str(self))
                    yield (change, path)
                    break

    def __str__(self) -> str:
        if self._contents is None:
            self._contents = link(self._path)
        return self._contents


def link(path: Path) -> str:
    """The text of the ES module at ``path`` with its ``./helper.js`` imports inlined.

    >>> text = link(STATIC / "combat.js")
    >>> 'from "./dom.js"' in text, text.count("function h(")
    (False, 1)
    """
    text = path.read_text(encoding="utf-8")
    inlined: set[str] = set()

    def inline(m: re.Match[str]) -> str:
        names = {n.strip() for n in m.group(1).split(",") if n.strip()}
        helper = path.parent / m.group(2)
        source = helper.read_text(encoding="utf-8")
        exported = set(re.findall(r"^export (?:function|const|let|class) (\w+)", source, re.M))
        missing = sorted(names - exported)
        if missing:
            raise ValueError(f"{path.name} imports {missing} that {helper.name} does not export")
        if helper.name in inlined:
            return ""
        inlined.add(helper.name)
        return f"// ---- {helper.name} (linked by kit.widgets._base.link)\n" + _EXPORT.sub(
            "", source
        )

    return _IMPORT.sub(inline, text)


def _hot_reload(path: Path) -> bool:
    """Watch a script for changes: asked for (``ANYWIDGET_HMR=1``), possible (``watchfiles``)
    and useful (a source checkout, not an installed package)."""
    if os.environ.get("ANYWIDGET_HMR") != "1" or "site-packages" in path.parts:
        return False
    try:
        import watchfiles  # noqa: F401
    except ImportError:
        return False
    return True


def esm(name: str) -> WidgetScript:
    """The module anywidget loads for a widget: ``static/<name>`` linked with its helpers."""
    return WidgetScript(STATIC / name)


def in_kernel() -> bool:
    """True inside a Jupyter kernel (IPython with a kernel attached)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and getattr(shell, "kernel", None) is not None


def cell_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop while a cell runs, else ``None`` (a script, a test, a console).

    Only a kernel's loop is used: it runs what is scheduled as soon as the cell has finished.
    Another running loop (a library's own, say) may never get to it.
    """
    if not in_kernel():
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def soon(fn: Callable[[], None]) -> None:
    """Run ``fn`` once the running cell has finished (at once outside a kernel).

    A plotly ``FigureWidget`` takes seconds to import the first time in a kernel (plotly pulls
    in nbformat and jsonschema); a widget that shows one beside itself displays first and
    adds the figure a moment later, so the GM sees the widget at once.
    """
    loop = cell_loop()
    if loop is None:
        fn()
        return

    def run() -> None:
        try:
            fn()
        except Exception:  # a late step must never break the kernel's loop
            _log.exception("a deferred widget step failed")

    loop.call_soon(run)


def scoped_css(name: str, root: str) -> str:
    """The kit's shared theme (``kit.css``) plus ``name`` with every rule scoped to ``root``.

    Widgets of different kinds share one page and one class prefix; scoping each widget's
    own rules to its root class (``.gmk-combat .gmk-token``) keeps one widget's look from
    leaking into another's. A selector already naming the root is kept as written.

    >>> css = ".gmk-a, .gmk-x .gmk-b { color: red } @media (max-width: 9px) { .gmk-c { x: y } }"
    >>> _scope(css, ".gmk-x")
    '.gmk-x .gmk-a, .gmk-x.gmk-a, .gmk-x .gmk-b { color: red } @media (max-width: 9px) { .gmk-x .gmk-c, .gmk-x.gmk-c { x: y } }'
    """
    theme = (STATIC / "kit.css").read_text()
    own = (STATIC / name).read_text() if name else ""
    return theme + "\n" + _scope(own, root)


def _scope(css: str, root: str) -> str:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    mine = re.compile(re.escape(root) + r"(?![\w-])")
    out: list[str] = []
    i = 0
    while i < len(css):
        brace = css.find("{", i)
        if brace < 0:
            out.append(css[i:])
            break
        head = css[i:brace]
        depth, j = 1, brace + 1
        while depth and j < len(css):
            depth += {"{": 1, "}": -1}.get(css[j], 0)
            j += 1
        body = css[brace + 1 : j - 1]
        lead = head[: len(head) - len(head.lstrip())]
        head = head.strip()
        if head.startswith("@media") or head.startswith("@supports"):
            out.append(f"{lead}{head} {{{_scope(body, root)}}}")
        elif head.startswith("@"):
            out.append(f"{lead}{head} {{{body}}}")
        else:
            sels = [s.strip() for s in head.split(",")]
            # inside the root, or on the root element itself when it carries the first class
            sels = [
                s
                if mine.search(s)
                else f"{root} {s}, {root}{s}"
                if s[0] in ".:["
                else f"{root} {s}"
                for s in sels
            ]
            out.append(f"{lead}{', '.join(sels)} {{{body}}}")
        i = j
    return "".join(out)


def check_kwargs(cls_name: str, kwargs: dict[str, Any], allowed: set[str]) -> None:
    """Raise the kit's ``InvalidType`` (a ``TypeError``) naming any unexpected keyword."""
    extra = sorted(set(kwargs) - allowed)
    if extra:
        raise InvalidType(
            f"{cls_name}() got unexpected keyword argument(s) {', '.join(map(repr, extra))}; "
            f"check the spelling (allowed: {', '.join(sorted(allowed)) or 'none'})"
        )


def whole_number(field: str, value: Any, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number typed in the page (an int, a whole float or digits), or the kit's error.

    >>> whole_number("count", " 12 ")
    12
    >>> whole_number("count", None)
    Traceback (most recent call last):
    ...
    kit.errors.InvalidInput: count must be a whole number, got nothing
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InvalidInput(f"{field} must be a whole number, got nothing")
    if isinstance(value, str):
        text = value.strip()
        # ASCII digits only: str.isdigit() also accepts "²" and other digits int() refuses
        if not re.fullmatch(r"[+-]?[0-9]{1,19}", text):
            raise InvalidInput(f"{field} must be a whole number, got {value!r}")
        value = int(text)
    try:
        return validate.integer(field, value, lo, hi)
    except InvalidType as exc:
        raise InvalidInput(str(exc)) from None


def real_number(field: str, value: Any, lo: float | None = None, hi: float | None = None) -> float:
    """A number typed in the page (digits or a number), finite, or the kit's error."""
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InvalidInput(f"{field} must be a number, got nothing")
    if isinstance(value, str):
        try:
            value = float(value.strip()[:40])
        except ValueError:
            raise InvalidInput(f"{field} must be a number, got {value!r}") from None
    try:
        return validate.number(field, value, lo, hi)
    except InvalidType as exc:
        raise InvalidInput(str(exc)) from None


class KitWidget(anywidget.AnyWidget):
    """Base of the kit's anywidget views: an ``error`` banner and an action guard."""

    error = traitlets.Unicode("", help="The last error shown inline; empty when none.").tag(
        sync=True
    )
    _theme_css = STATIC / "kit.css"
    _watches: ClassVar[tuple[str, ...]] = ()
    """Attributes holding the engine object(s) shown; the widget follows their changes."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self._watches:
            stops = self.__dict__.setdefault("_kit_stops", {})
            stop = stops.pop(name, None)
            if stop is not None:
                stop()
            if isinstance(value, Observable):
                stops[name] = value.observe(self._engine_changed)
        super().__setattr__(name, value)

    def _engine_changed(self, _obj: Any) -> None:
        """The object changed (in a code cell, or through another widget): redraw once.

        Inside the widget's own action the guard redraws at its end. In a kernel the redraw
        waits for the running cell to finish, so a cell that plays a hundred rolls redraws
        once; with no event loop (a script, a test) it redraws at once.
        """
        if self.__dict__.get("_guard_depth", 0):
            return
        loop = cell_loop()
        if loop is None:
            self._follow()
            return
        if not self.__dict__.get("_refresh_due"):
            self.__dict__["_refresh_due"] = True
            loop.call_soon(self._due_refresh)

    def _follow(self) -> None:
        """Bring the view in line with a changed object (a widget may re-plan first)."""
        self.refresh()

    def _due_refresh(self) -> None:
        self.__dict__["_refresh_due"] = False
        if self.comm is None:  # closed meanwhile
            return
        try:
            self._follow()
        except Exception:  # a redraw must never break the kernel's loop
            _log.exception("redrawing %s after a change failed", type(self).__name__)

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Run an engine action; show a kit error inline instead of raising, then refresh.

        Guards nest: a message handler guards the whole message and the action it calls guards
        itself too; only the outermost one reports and refreshes, so an error raised deep
        inside is the one the banner shows.
        """
        depth = self.__dict__.get("_guard_depth", 0)
        self.__dict__["_guard_depth"] = depth + 1
        try:
            yield
        except KitError as exc:
            if depth:
                raise
            self.error = str(exc)
        except Exception as exc:  # a page message must never take the widget down
            if depth:
                raise
            _log.exception("unexpected error in %s", type(self).__name__)
            self.error = f"Unexpected error ({type(exc).__name__}): {exc}"
        else:
            if not depth:
                self.error = ""
        finally:
            self.__dict__["_guard_depth"] = depth
            if not depth:
                self.refresh()

    def message(self, content: Any) -> dict[str, Any]:
        """The content of a message from the page, checked to be an object with an action."""
        if not isinstance(content, dict) or not isinstance(content.get("action"), str):
            raise InvalidInput(f"a message must be an object with an 'action', got {content!r}")
        return content

    def refresh(self) -> None:  # pragma: no cover - overridden
        """Re-derive every synced trait from the engine object."""
