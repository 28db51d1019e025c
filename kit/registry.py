"""One registration per object kind: how the kit saves, shows, hands out, projects and advises it.

Code that acts per kind of object (a campaign storing it, ``campaign.open`` choosing its widget,
a handout rendering it, the player screen projecting it, ``kit.advice`` / ``kit.tune`` /
``kit.luck`` / ``kit.impact`` answering for it) looks the object's :class:`Kind` up here instead
of comparing class or module names. Adding a kind of object to the kit is one :func:`register`
call; nothing else needs editing.

A kind names its class and its hooks either as objects or as ``"module:attribute"`` paths that
are imported on first use. The paths keep the layers apart: this module (a foundation) imports
no engine, and an engine never imports the figures or widgets it is drawn with; only the code
that asks for a widget or a figure loads it. The kit's own kinds are registered in
:mod:`kit.kinds`, read the first time any lookup runs.

Lookups go by the object's class (its method resolution order, so a subclass finds its parent's
kind), never by its name:

>>> import kit.registry as registry
>>> from kit.regulus import Job, Operative
>>> job = Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1)
>>> kind = registry.kind_of(job)
>>> kind.name, kind.collection
('regulus-job', 'jobs')
>>> registry.by_name("regulus-job") is kind
True

A kind of your own needs only its class and the hooks it has:

>>> class Clock:
...     def __init__(self, ticks=4):
...         self.ticks = ticks
...     def to_json(self):
...         from kit import store
...         return store.dumps("clock", 1, {"ticks": self.ticks})
...     @classmethod
...     def from_json(cls, text):
...         from kit import store
...         return cls(store.loads(text, "clock", 1)["ticks"])
>>> _ = registry.register(registry.Kind("clock", Clock, collection="clocks"))
>>> registry.kind_of(Clock()).collection
'clocks'
>>> registry.unregister("clock")
"""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, fields
from importlib import import_module
from typing import Any, Literal, Protocol, cast

from .errors import InvalidInput, InvalidType

__all__ = [
    "VERBS",
    "DictSavable",
    "Kind",
    "Savable",
    "Verb",
    "by_name",
    "call",
    "collections",
    "find",
    "hook",
    "kind_of",
    "kinds",
    "register",
    "resolve",
    "unregister",
]

Hook = Callable[..., Any] | str | None
"""A hook: a callable, a ``"module:attribute"`` path to import on first use, or None (absent)."""

Verb = Literal["widget", "handout", "project", "recap", "advise", "tune", "luck", "impact"]
"""The things the kit does with an object of some kind, each an optional hook of its Kind."""

VERBS: tuple[Verb, ...] = (
    "widget",
    "handout",
    "project",
    "recap",
    "advise",
    "tune",
    "luck",
    "impact",
)
"""Every :data:`Verb`, in the order :class:`Kind` lists its hooks."""


class Savable(Protocol):
    """What :class:`Kind`'s default loader and dumper ask of a kind's objects (when the kind
    gives no ``load``/``dump`` hook): the object's versioned JSON text and the class's loader."""

    def to_json(self) -> str:
        """The object as versioned JSON text."""
        ...

    @classmethod
    def from_json(cls, text: str | bytes) -> Savable:
        """The object saved in ``text``."""
        ...


class DictSavable(Protocol):
    """An object a campaign keeps as plain JSON data (a kind without ``to_json``)."""

    def to_dict(self) -> dict[str, Any]:
        """The object as JSON-compatible data."""
        ...

    @classmethod
    def from_dict(cls, raw: object) -> DictSavable:
        """The object rebuilt from :meth:`to_dict` output."""
        ...


_NAME = re.compile(r"^[a-z][a-z0-9]*(?:[-/][a-z0-9]+)*$")
_PATH = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")


@dataclass(frozen=True)
class Kind:
    """How the kit handles one kind of object.

    Every hook is optional; a verb without a hook is refused with an error naming the kinds
    that have one. The signatures the kit calls them with:

    * ``load(text) -> obj`` and ``dump(obj) -> text``: the object's versioned JSON
      (default: the class's ``from_json`` and the object's ``to_json``);
    * ``widget(obj, **options) -> widget``: the widget ``Campaign.open`` shows;
    * ``handout(obj, audience, options) -> kit.handouts.Document``: the handout renderer
      (``options`` a :class:`kit.handouts.HandoutOptions`);
    * ``project(obj, knowledge, **options)``: the players' projection of the object, a value of
      :mod:`kit.players` holding what the players know of it and nothing else (None when they
      know nothing of it);
    * ``recap(obj, start, *, audience, knowledge, side) -> kit.players.Story``: what a session
      recap tells of a played object from its event ``start`` on;
    * ``advise``, ``tune``, ``luck``, ``impact``: ``hook(obj, **options)``, behind
      :func:`kit.advice`, :func:`kit.tune`, :func:`kit.luck` and :func:`kit.impact`.
    """

    name: str
    """The kind's name: its save format's name (``"regulus-job"``, ``"board/limit"``), unique."""
    cls: type | str
    """The class, or its ``"module:Class"`` path, imported on first use."""
    collection: str | None = None
    """The campaign collection that keeps objects of this kind (None: a campaign does not)."""
    widget_object: str = ""
    """Attribute path from the widget to the object it edits (``"panel.fleet"``); empty when
    the widget's object never changes identity. A campaign uses it to write a rebuilt object
    back under the same name."""
    aliases: tuple[str, ...] = ()
    """Other names a saved file may give this kind (older campaign files named classes by
    ``"module:Class"`` path)."""
    load: Hook = None
    dump: Hook = None
    widget: Hook = None
    handout: Hook = None
    project: Hook = None
    recap: Hook = None
    advise: Hook = None
    tune: Hook = None
    luck: Hook = None
    impact: Hook = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise InvalidInput(
                f"Kind name must be lower-case words joined by '-' or '/' (like 'sector' or "
                f"'board/limit'), got {self.name!r}"
            )
        if not (
            isinstance(self.cls, type) or (isinstance(self.cls, str) and _PATH.match(self.cls))
        ):
            raise InvalidType(
                f"Kind {self.name!r}: cls must be a class or a 'module:Class' path, got {self.cls!r}"
            )
        if self.collection is not None and not (
            isinstance(self.collection, str) and re.match(r"^[a-z][a-z_]*$", self.collection)
        ):
            raise InvalidInput(
                f"Kind {self.name!r}: collection must be a lower-case name like 'jobs', "
                f"got {self.collection!r}"
            )
        for f in fields(self):
            if f.name in ("load", "dump", *VERBS):
                value = getattr(self, f.name)
                if not (value is None or callable(value) or _is_path(value)):
                    raise InvalidType(
                        f"Kind {self.name!r}: {f.name} must be a callable, a 'module:attribute' "
                        f"path or None, got {value!r}"
                    )

    @property
    def path(self) -> str:
        """The class's ``"module:Class"`` path (what older campaign files call the kind)."""
        if isinstance(self.cls, str):
            return self.cls
        return f"{self.cls.__module__}:{self.cls.__qualname__}"

    def resolve(self) -> type:
        """The class itself (imported now if it was given by path)."""
        cls = resolve(self.cls)
        if not isinstance(cls, type):
            raise InvalidType(f"Kind {self.name!r}: {self.cls!r} is not a class")
        return cls

    def get(self, verb: str) -> Callable[..., Any] | None:
        """The hook for ``verb`` (imported now if it was given by path), or None."""
        if verb not in VERBS:
            raise InvalidInput(f"verb must be one of {', '.join(VERBS)}; got {verb!r}")
        value = getattr(self, verb)
        return None if value is None else resolve(value)

    def loads(self, text: str | bytes) -> object:
        """An object of this kind from its save text."""
        if self.load is not None:
            loaded: object = resolve(self.load)(text)
            return loaded
        cls = cast("type[Savable]", self.resolve())  # no load hook: the class loads itself
        return cls.from_json(text)

    def dumps(self, obj: object) -> str:
        """The save text of ``obj``."""
        if self.dump is not None:
            return str(resolve(self.dump)(obj))
        return str(cast(Savable, obj).to_json())  # no dump hook: the object saves itself


def _is_path(value: object) -> bool:
    return isinstance(value, str) and bool(_PATH.match(value))


def resolve(value: object) -> Any:
    """A hook or class given as a ``"module:attribute"`` path, imported; anything else as is."""
    if not isinstance(value, str):
        return value
    module, _, attr = value.partition(":")
    target: Any = import_module(module)
    for part in attr.split("."):
        target = getattr(target, part)
    return target


_lock = threading.RLock()
_by_name: dict[str, Kind] = {}
_by_alias: dict[str, Kind] = {}
_by_class: dict[type, Kind] = {}
_pending: dict[str, Kind] = {}  # "module:Class" path -> kind whose class is not imported yet
_builtins_loaded = False


def _ensure_builtins() -> None:
    global _builtins_loaded
    if not _builtins_loaded:
        with _lock:
            if not _builtins_loaded:
                _builtins_loaded = True
                import_module("kit.kinds")


def register(kind: Kind, *, replace: bool = False) -> Kind:
    """Add ``kind`` to the registry and return it.

    Raises:
        InvalidInput: its name, an alias, its class or its path is registered already (pass
            ``replace=True`` to take the place of the kind of the same name).
    """
    if not isinstance(kind, Kind):
        raise InvalidType(f"register() takes a kit.registry.Kind, got {type(kind).__name__}")
    _ensure_builtins()
    with _lock:
        old = _by_name.get(kind.name)
        if old is not None:
            if not replace:
                raise InvalidInput(
                    f"a kind named {kind.name!r} is registered already; pass replace=True to "
                    "take its place"
                )
            unregister(kind.name)
        for alias in (kind.path, *kind.aliases):
            taken = _by_alias.get(alias) or _by_name.get(alias)
            if taken is not None:
                raise InvalidInput(f"{alias!r} already names the kind {taken.name!r}")
        if isinstance(kind.cls, type) and kind.cls in _by_class:
            raise InvalidInput(
                f"{kind.cls.__qualname__} is registered already as {_by_class[kind.cls].name!r}"
            )
        _by_name[kind.name] = kind
        for alias in (kind.path, *kind.aliases):
            _by_alias[alias] = kind
        if isinstance(kind.cls, type):
            _by_class[kind.cls] = kind
        else:
            _pending[kind.cls] = kind
    return kind


def unregister(name: str) -> None:
    """Remove the kind called ``name`` (tests use it to clean up a toy kind)."""
    with _lock:
        kind = _by_name.pop(name, None)
        if kind is None:
            raise InvalidInput(f"no kind named {name!r} is registered")
        for alias in (kind.path, *kind.aliases):
            _by_alias.pop(alias, None)
        _pending.pop(kind.path, None)
        for cls, k in list(_by_class.items()):
            if k is kind:
                del _by_class[cls]


def _settle_loaded() -> None:
    """Resolve the pending kinds whose modules are imported already (no import happens here:
    an object of a kind whose module was never imported cannot exist)."""
    if not _pending:
        return
    with _lock:
        for path, kind in list(_pending.items()):
            module = path.partition(":")[0]
            if module in sys.modules:
                del _pending[path]
                _by_class[kind.resolve()] = kind


def find(obj: object) -> Kind | None:
    """The kind of ``obj`` (by its class or the nearest registered base class), or None."""
    _ensure_builtins()
    _settle_loaded()
    for cls in type(obj).__mro__:
        kind = _by_class.get(cls)
        if kind is not None:
            return kind
    return None


def kind_of(obj: object) -> Kind:
    """The kind of ``obj``.

    Raises:
        InvalidType: ``obj`` is of no registered kind (the message lists the kinds there are).
    """
    kind = find(obj)
    if kind is None:
        raise InvalidType(
            f"{type(obj).__name__} is not a kind of object the kit knows; it knows "
            + ", ".join(sorted(_by_name))
        )
    return kind


def by_name(name: object) -> Kind:
    """The kind called ``name`` or saved under the alias ``name``.

    Raises:
        InvalidInput: no kind has that name.
    """
    _ensure_builtins()
    kind = _by_name.get(name) if isinstance(name, str) else None
    if kind is None and isinstance(name, str):
        kind = _by_alias.get(name)
    if kind is None:
        raise InvalidInput(
            f"no kind of object is called {name!r}; the kinds are " + ", ".join(sorted(_by_name))
        )
    return kind


def kinds() -> tuple[Kind, ...]:
    """Every registered kind, in the order they were registered."""
    _ensure_builtins()
    return tuple(_by_name.values())


def collections() -> dict[str, tuple[Kind, ...]]:
    """Campaign collection name -> the kinds it keeps, in registration order."""
    out: dict[str, tuple[Kind, ...]] = {}
    for kind in kinds():
        if kind.collection is not None:
            out[kind.collection] = (*out.get(kind.collection, ()), kind)
    return out


def hook(obj: object, verb: Verb) -> Callable[..., Any]:
    """The ``verb`` hook of ``obj``'s kind.

    Raises:
        InvalidType: ``obj`` is of no registered kind, or its kind has no such hook (the
            message names the kinds that have one).
    """
    kind = kind_of(obj)
    found = kind.get(verb)
    if found is None:
        having = [k.name for k in kinds() if getattr(k, verb) is not None]
        raise InvalidType(
            f"the kit has no {verb} for a {type(obj).__name__} ({kind.name}); it has one for "
            + (", ".join(having) if having else "no kind yet")
        )
    return found


def call(verb: Verb, obj: object, *args: Any, **options: Any) -> Any:
    """Run the ``verb`` hook of ``obj``'s kind on it: ``hook(obj, verb)(obj, *args, **options)``."""
    return hook(obj, verb)(obj, *args, **options)
