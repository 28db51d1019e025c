"""What every kit widget shares: static files, inline errors, keyword checking.

A kit widget is a *view* of one engine object. It turns clicks into engine calls inside
:meth:`KitWidget.guard`, which catches the kit's own errors, shows them in the widget's
``error`` trait (rendered as an inline banner) and leaves the engine object untouched - engine
actions are atomic, so a failed action changes nothing - then re-derives its traits.

A message from the page never crashes the widget: anything else that goes wrong inside the
guard (a bug, a malformed message) is shown in the banner too, named as unexpected, and logged.
**One message gate.** Every custom message from the page goes through :meth:`KitWidget._on_msg`:
the widget declares, as data, the actions it takes and each one's fields with their kinds
(:attr:`KitWidget.messages`); the gate refuses anything else - not an object, an unknown action,
an unknown field, a wrong type, text longer than :data:`kit.limits.MAX_TEXT`, a number that is
not one - with the kit's error in the banner, before any handler runs. Numbers are parsed by
one helper, :func:`kit.validate.whole_number` (and :func:`~kit.validate.real_number`), so
``"²"`` gets the same "must be a whole number" as ``"abc"``.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import logging
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar, TypeAlias

import anywidget
import traitlets

from .. import limits, validate
from ..errors import InvalidInput, InvalidType, KitError
from ..log import Observable
from ..validate import real_number, whole_number

STATIC = Path(__file__).parent / "static"

__all__ = [
    "BUNDLE",
    "FIELD_KINDS",
    "STATIC",
    "KitWidget",
    "bundle_problem",
    "check_kwargs",
    "esm",
    "read_message",
    "real_number",
    "scoped_css",
    "soon",
    "sources_hash",
    "undeclared_handlers",
    "whole_number",
    "widget_modules",
]

_log = logging.getLogger(__name__)


#: The bundles anywidget sends: one per widget module, built by ``frontend/build.mjs``.
BUNDLE = STATIC / "bundle"
_ENTRY = re.compile(r"^export default\b", re.M)
_HEADER = re.compile(
    r"^// sources: (?P<sources>.*)\n// sources-sha256: (?P<sha>[0-9a-f]{64})$", re.M
)
_BUILD = "npm --prefix frontend ci && npm --prefix frontend run build"


def widget_modules() -> list[str]:
    """The widget modules in ``static/``: every ``.js`` file with a default export.

    A helper module (``dom.js``) has none; each widget module is one bundle. The build script
    (``frontend/build.mjs``) uses the same rule, so a new widget module needs no list kept.

    >>> "board.js" in widget_modules(), "dom.js" in widget_modules()
    (True, False)
    """
    return sorted(
        p.name for p in STATIC.glob("*.js") if _ENTRY.search(p.read_text(encoding="utf-8"))
    )


def sources_hash(names: list[str]) -> str:
    """SHA-256 over the sources a bundle was built from, as ``frontend/build.mjs`` computes it.

    Each name (relative to ``static/``, ``/``-separated), a NUL, the file's bytes and a NUL,
    in name order.
    """
    digest = hashlib.sha256()
    for name in sorted(names):
        digest.update(name.encode() + b"\0")
        digest.update((STATIC / name).read_bytes() + b"\0")
    return digest.hexdigest()


def bundle_problem(name: str) -> str | None:
    """Why the bundle of widget module ``name`` is missing or stale; ``None`` when it is fresh.

    Fresh means the hash its header records equals the hash of the sources it names now, so an
    edit to the widget's module or to a helper it imports shows here without Node.

    >>> bundle_problem("board.js") is None
    True
    """
    bundle = BUNDLE / name
    if not bundle.is_file():
        return f"{name} has no bundle ({bundle.relative_to(STATIC.parent)} is missing)"
    m = _HEADER.search(bundle.read_text(encoding="utf-8")[:2000])
    if m is None:
        return f"the bundle of {name} has no sources header"
    sources = m.group("sources").split()
    gone = [s for s in sources if not (STATIC / s).is_file()]
    if gone:
        return f"the bundle of {name} was built from {', '.join(gone)}, which no longer exist"
    if sources_hash(sources) != m.group("sha"):
        return f"the bundle of {name} is older than {', '.join(sources)}"
    return None


def esm(name: str) -> Path:
    """The module anywidget loads for a widget: the bundle of ``static/<name>``.

    ``frontend/build.mjs`` (esbuild) bundles each widget module with the helpers it imports,
    since anywidget loads a module from a ``blob:`` address where a relative import cannot
    resolve. The bundles are committed and installed with the kit, so Node is needed only to
    change the scripts. anywidget turns the path into a watched file: with ``ANYWIDGET_HMR=1``
    (and ``watchfiles``) in a source checkout, ``npm --prefix frontend run watch`` rebuilds the
    bundle on every save and every open view of the widget redraws without restarting the
    kernel.

    Raises:
        FileNotFoundError: the module has no bundle (a new widget module not yet built).
    """
    bundle = BUNDLE / name
    if not bundle.is_file():
        raise FileNotFoundError(
            f"the widget module {name} has no bundle at {bundle}; build the bundles with: {_BUILD}"
        )
    if "site-packages" not in bundle.parts:
        problem = bundle_problem(name)
        if problem:  # a source checkout whose scripts changed since the last build
            _log.warning("%s; rebuild with: %s", problem, _BUILD)
    return bundle


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


#: What a message field may be declared as (see :attr:`KitWidget.messages`). A kind may join
#: alternatives with ``|`` (``"bool|text"``) and end in ``?`` to accept ``null`` (and, for the
#: numeric kinds, a blank field) as ``None``.
FIELD_KINDS = {
    "text": "text",
    "whole": "a whole number",
    "number": "a number",
    "bool": "true or false",
    "texts": "a list of texts",
}

#: One declared field: a kind, or a (kind, label) pair whose label names it in the banner.
FieldSpec: TypeAlias = "str | tuple[str, str]"


def read_message(
    content: Any, messages: Mapping[str, Mapping[str, FieldSpec]], widget: str
) -> tuple[str, dict[str, Any]]:
    """Check a message from the page against ``messages``; return its action and its fields.

    The message must be an object whose ``"action"`` is one of ``messages`` and whose other
    keys are that action's declared fields, each of its declared kind. Numbers are parsed by
    :func:`~kit.validate.whole_number` and :func:`~kit.validate.real_number`, the kit's one
    parser of typed numbers. Fields left out are left out (the handler's default applies).

    Raises:
        InvalidInput, InvalidType: naming what is wrong; nothing was run.

    >>> read_message({"action": "buy", "count": " 3"}, {"buy": {"count": "whole"}}, "Shop")
    ('buy', {'count': 3})
    >>> read_message({"action": "buy", "count": "²"}, {"buy": {"count": "whole"}}, "Shop")
    Traceback (most recent call last):
    ...
    kit.errors.InvalidInput: count must be a whole number, got '²'
    """
    if not isinstance(content, dict):
        raise InvalidType(
            f"a message from the page must be an object with an 'action', got "
            f"{validate.shown(content)}"
        )
    action = content.get("action")
    if not isinstance(action, str):
        raise InvalidInput(
            f"a message must name its 'action' as text, got {validate.shown(action)}"
        )
    if action not in messages:
        offered = ", ".join(sorted(messages)) or "no messages"
        raise InvalidInput(f"unknown action {validate.shown(action)}; {widget} takes {offered}")
    declared = messages[action]
    extra = [k for k in content if k != "action" and k not in declared]
    if extra:
        shown = ", ".join(validate.shown(k) for k in extra[:5])
        takes = ", ".join(declared) or "no fields"
        raise InvalidInput(f"{action!r} takes {takes}; got unknown field(s) {shown}")
    return action, {k: read_field(k, content[k], declared[k]) for k in declared if k in content}


def read_field(name: str, value: Any, spec: FieldSpec) -> Any:
    """One field of a message as its declared kind (see :data:`FIELD_KINDS`)."""
    kind, label = (spec, name) if isinstance(spec, str) else spec
    nullable = kind.endswith("?")
    kinds = kind.rstrip("?").split("|")
    numeric = {"whole", "number"} & set(kinds)
    if nullable and (value is None or (numeric and isinstance(value, str) and not value.strip())):
        return None
    errors: list[KitError] = []
    for one in kinds:
        ok, got = _try_kind(one, label, value)
        if ok:
            return got
        errors.append(got)
    if len(errors) == 1:
        raise errors[0]
    wanted = " or ".join(FIELD_KINDS[k] for k in kinds)
    raise InvalidInput(f"{label} must be {wanted}, got {validate.shown(value)}")


def _try_kind(kind: str, label: str, value: Any) -> tuple[bool, Any]:
    """``(True, value read)`` or ``(False, the kit's error)`` for one alternative of a kind."""
    try:
        return True, _read_kind(kind, label, value)
    except KitError as exc:
        return False, exc


def _read_kind(kind: str, label: str, value: Any) -> Any:
    if kind == "whole":
        return validate.whole_number(label, value)
    if kind == "number":
        return validate.real_number(label, value)
    if kind == "bool":
        return validate.boolean(label, value)
    if kind == "text":
        if not isinstance(value, str):
            raise InvalidType(f"{label} must be text, got {validate.shown(value)}")
        if len(value) > limits.MAX_TEXT:
            raise InvalidInput(
                f"{label} must be at most {limits.MAX_TEXT} characters, got {len(value)}"
            )
        return value
    if kind == "texts":
        if not isinstance(value, list) or len(value) > limits.MAX_ITEMS:
            raise InvalidType(f"{label} must be a list of texts, got {validate.shown(value)}")
        return [_read_kind("text", f"{label}[{i}]", item) for i, item in enumerate(value)]
    raise InvalidInput(f"unknown field kind {kind!r}; kinds are {', '.join(FIELD_KINDS)}")


def undeclared_handlers(cls: type) -> list[str]:
    """What does not match between ``cls.messages`` and its ``_msg_<action>`` handlers.

    Each declared action needs a handler whose parameters are exactly its declared fields (a
    parameter with a default is a field the page may leave out). Tests call this for every
    widget; an empty list means the declaration and the code agree.
    """
    problems: list[str] = []
    for action, fields in getattr(cls, "messages", {}).items():
        handler = getattr(cls, f"_msg_{action}", None)
        if handler is None:
            problems.append(f"{cls.__name__} declares {action!r} but has no _msg_{action}")
            continue
        params = list(inspect.signature(handler).parameters)[1:]
        if params != list(fields):
            problems.append(
                f"{cls.__name__}._msg_{action} takes {params}, {action!r} declares {list(fields)}"
            )
        for spec in fields.values():
            kind = spec if isinstance(spec, str) else spec[0]
            problems.extend(
                f"{cls.__name__} {action!r}: unknown kind {one!r}"
                for one in kind.rstrip("?").split("|")
                if one not in FIELD_KINDS
            )
    return problems


def fallback_text(name: str) -> str:
    """What a front end that cannot run the kit's widgets shows instead of one.

    >>> fallback_text("Tuner")[:58]
    'gm-kit Tuner: a live widget that this view cannot display.'
    """
    return (
        f"gm-kit {name}: a live widget that this view cannot display. It runs where Jupyter "
        "widgets run with a Python kernel: JupyterLab or Notebook 7 (gm-kit lab), Voila, "
        "marimo (mo.ui.anywidget), VS Code's notebook editor; in Google Colab call "
        "google.colab.output.enable_custom_widget_manager() first. Saved or static copies "
        "of a notebook show this text instead."
    )


class KitWidget(anywidget.AnyWidget):
    """Base of the kit's anywidget views: an ``error`` banner and an action guard."""

    error = traitlets.Unicode("", help="The last error shown inline; empty when none.").tag(
        sync=True
    )
    _theme_css = STATIC / "kit.css"
    _watches: ClassVar[tuple[str, ...]] = ()
    """Attributes holding the engine object(s) shown; the widget follows their changes."""
    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {}
    """The messages the page may send: action -> {field: kind} (see :func:`read_message`).

    Each action ``a`` is handled by the method ``_msg_a``, called with the fields the message
    has, already checked and parsed; a message that does not match is refused at the gate.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_msg)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget's view, and words for a front end that cannot draw it.

        A front end that runs Jupyter widgets draws the view and ignores the rest; one that
        cannot (a static render of the notebook, a viewer without the widget manager) shows
        the plain text or HTML, which says what the widget is and where it runs.
        """
        shown = super()._repr_mimebundle_(**kwargs)
        if not shown:
            return shown
        data, meta = shown if isinstance(shown, tuple) else (shown, {})
        words = fallback_text(type(self).__name__)
        data = {**data, "text/plain": words, "text/html": f"<p class='gmk-no-widgets'>{words}</p>"}
        return data, meta

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The message gate: check the message's shape, then run its handler, in the guard.

        A refused message shows in the banner and no handler runs, so the engine object is
        untouched; so does an error the handler raises (engine actions are atomic).
        """
        try:
            action, fields = read_message(content, self.messages, type(self).__name__)
        except KitError as exc:  # refused: nothing ran, so nothing needs redrawing
            self.error = str(exc)
            return
        except Exception as exc:  # a bug in the gate itself must not escape either
            _log.exception("unexpected error checking a message to %s", type(self).__name__)
            self.error = f"Unexpected error ({type(exc).__name__}): {exc}"
            return
        with self.guard():
            getattr(self, f"_msg_{action}")(**fields)

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

    def refresh(self) -> None:  # pragma: no cover - overridden
        """Re-derive every synced trait from the engine object."""
