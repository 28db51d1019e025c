"""One registration per object kind: how the kit saves, shows, hands out, projects and answers for it.

Code that acts per kind of object (a campaign storing it, ``campaign.open`` choosing its widget,
a handout rendering it, the player screen projecting it, and the six verbs ``kit.advice``,
``kit.tune``, ``kit.luck``, ``kit.impact``, ``kit.odds`` and ``kit.simulate`` answering for it)
looks the object's :class:`Kind` up here instead of comparing class or module names. Adding a
kind of object to the kit is one :func:`register` call; nothing else needs editing.

A kind names its class and its hooks as objects, each hook typed by what the kit calls it with
(:class:`Kind` lists them), so a reader (or a type checker) follows a verb from
``kit.advice(obj)`` to the engine that answers by imports alone. This module is a foundation: it
imports no engine. The kit's own kinds are registered by :mod:`kit.kinds`, which sits above the
engines, figures and widgets it names (its hooks import what they call when they run); the
``kit`` package leaves the function that registers them in :mod:`kit.boot`, which this registry
runs before its first lookup.

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
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Concatenate, Generic, Literal, Protocol, TypeAlias, TypeVar, cast

from . import boot
from .advising import Advice, Impact, Luck, Method, StandardErrors, Tuning
from .audience import Audience
from .errors import InvalidInput, InvalidType

__all__ = [
    "VERBS",
    "AdviseHook",
    "DictSavable",
    "Estimate",
    "ImpactHook",
    "Kind",
    "LuckHook",
    "OddsHook",
    "ProjectHook",
    "RecapHook",
    "Savable",
    "SimulateHook",
    "TuneHook",
    "Verb",
    "WidgetHook",
    "answering",
    "by_name",
    "collections",
    "find",
    "hook",
    "kind_of",
    "kinds",
    "on_first_lookup",
    "register",
    "unregister",
]

T = TypeVar("T")

Verb = Literal[
    "widget", "handout", "project", "recap", "advise", "tune", "luck", "impact", "odds", "simulate"
]
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
    "odds",
    "simulate",
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


class Estimate(Protocol):
    """What every odds and simulation result has, whatever the game: how it was found
    (``"exact"`` or ``"simulated"``), the standard errors of its estimates under its own field
    names (all 0.0 when exact) and the trials behind them (None when exact)."""

    @property
    def method(self) -> Method:
        """``"exact"`` or ``"simulated"``."""
        ...

    @property
    def se(self) -> StandardErrors:
        """Standard error of each estimate, by the result's field names."""
        ...

    @property
    def n(self) -> int | None:
        """Trials simulated (None when exact)."""
        ...


WidgetHook: TypeAlias = Callable[Concatenate[T, ...], object]
"""``widget(obj, **options)``: the widget ``Campaign.open`` shows for ``obj``."""

HandoutHook: TypeAlias = Callable[[T, Audience, Any], object]
"""``handout(obj, audience, options)``: the handout's document (``options`` a
:class:`kit.handouts.HandoutOptions`, the result a :class:`kit.handouts.Document`; this
foundation does not import the handouts that sit above it)."""

ProjectHook: TypeAlias = Callable[Concatenate[T, Any, ...], object]
"""``project(obj, knowledge, **options)``: what the players know of ``obj`` (a value of
:mod:`kit.players`, or None when they know nothing of it; ``knowledge`` a
:class:`kit.players.Knowledge` or None)."""

RecapHook: TypeAlias = Callable[Concatenate[T, int, ...], object]
"""``recap(obj, start, *, audience, knowledge, side)``: the :class:`kit.players.Story` a
session recap tells of a played object from its event ``start`` on."""

AdviseHook: TypeAlias = Callable[Concatenate[T, ...], Advice]
"""``advise(obj, **options)``: the :class:`~kit.advising.Advice` on the decision ``obj`` waits
for (behind :func:`kit.advice`)."""

TuneHook: TypeAlias = Callable[Concatenate[T, float, ...], Tuning]
"""``tune(obj, target, **options)``: the :class:`~kit.advising.Tuning` of setups like ``obj``
nearest the chance ``target`` (behind :func:`kit.tune`)."""

LuckHook: TypeAlias = Callable[Concatenate[T, ...], Luck]
"""``luck(obj, **options)``: the :class:`~kit.advising.Luck` of a played game (behind
:func:`kit.luck`)."""

ImpactHook: TypeAlias = Callable[Concatenate[T, Any, ...], Impact]
"""``impact(obj, house_rules, *args, **options)``: the :class:`~kit.advising.Impact` of
``house_rules`` (a rules object of the game's system) over setups like ``obj`` (behind
:func:`kit.impact`)."""

OddsHook: TypeAlias = Callable[Concatenate[T, ...], Estimate]
"""``odds(obj, **options)``: how ``obj`` may end from where it stands, exact where the kit can
be, else simulated (behind :func:`kit.odds`)."""

SimulateHook: TypeAlias = Callable[Concatenate[T, int, ...], Estimate]
"""``simulate(obj, n, **options)``: ``n`` games played out from ``obj`` (behind
:func:`kit.simulate`)."""


_NAME = re.compile(r"^[a-z][a-z0-9]*(?:[-/][a-z0-9]+)*$")


@dataclass(frozen=True)
class Kind(Generic[T]):
    """How the kit handles one kind of object: its class and the hooks the kit calls on it.

    Every hook is optional; a verb without a hook is refused with an error naming the kinds
    that have one. Each hook's type says what it is called with (see the ``*Hook`` protocols).

    Attributes:
        name: The kind's name: its save format's name (``"regulus-job"``, ``"board/limit"``),
            unique.
        cls: The class of the kind's objects (a subclass's objects are of the kind too).
        collection: The campaign collection that keeps objects of this kind (None: a campaign
            does not).
        widget_object: Attribute path from the widget to the object it edits
            (``"panel.fleet"``); empty when the widget's object never changes identity. A
            campaign uses it to write a rebuilt object back under the same name.
        aliases: Other names a saved file may give this kind (older campaign files named classes
            by ``"module:Class"`` path; :attr:`path` is one already).
        load: ``load(text) -> obj``: the object saved in ``text`` (default: the class's
            ``from_json``).
        dump: ``dump(obj) -> text``: the object's save text (default: its ``to_json``).
        widget: The widget ``Campaign.open`` shows (:class:`WidgetHook`).
        handout: The handout renderer (:class:`HandoutHook`).
        project: The players' projection (:class:`ProjectHook`).
        recap: What a session recap tells of it (:class:`RecapHook`).
        advise: Behind :func:`kit.advice` (:class:`AdviseHook`).
        tune: Behind :func:`kit.tune` (:class:`TuneHook`).
        luck: Behind :func:`kit.luck` (:class:`LuckHook`).
        impact: Behind :func:`kit.impact` (:class:`ImpactHook`).
        odds: Behind :func:`kit.odds` (:class:`OddsHook`).
        odds_method: How :attr:`odds` answers, in a few words (``"exact"``, ``"simulated"``,
            ``"exact (Markov chain)"``); :func:`kit.odds`'s help lists it.
        simulate: Behind :func:`kit.simulate` (:class:`SimulateHook`).
    """

    name: str
    """The kind's name: its save format's name (``"regulus-job"``, ``"board/limit"``), unique."""
    cls: type[T]
    """The class of the kind's objects (a subclass's objects are of the kind too)."""
    collection: str | None = None
    """The campaign collection that keeps objects of this kind (None: a campaign does not)."""
    widget_object: str = ""
    """Attribute path from the widget to the object it edits (``"panel.fleet"``); empty when
    the widget's object never changes identity. A campaign uses it to write a rebuilt object
    back under the same name."""
    aliases: tuple[str, ...] = ()
    """Other names a saved file may give this kind (older campaign files named classes by
    ``"module:Class"`` path; :attr:`path` is one already)."""
    load: Callable[[str | bytes], T] | None = None
    """``load(text) -> obj``: the object saved in ``text`` (default: the class's ``from_json``)."""
    dump: Callable[[T], str] | None = None
    """``dump(obj) -> text``: the object's save text (default: its ``to_json``)."""
    widget: WidgetHook[T] | None = None
    """The widget ``Campaign.open`` shows (:class:`WidgetHook`)."""
    handout: HandoutHook[T] | None = None
    """The handout renderer (:class:`HandoutHook`)."""
    project: ProjectHook[T] | None = None
    """The players' projection (:class:`ProjectHook`)."""
    recap: RecapHook[T] | None = None
    """What a session recap tells of it (:class:`RecapHook`)."""
    advise: AdviseHook[T] | None = None
    """Behind :func:`kit.advice` (:class:`AdviseHook`)."""
    tune: TuneHook[T] | None = None
    """Behind :func:`kit.tune` (:class:`TuneHook`)."""
    luck: LuckHook[T] | None = None
    """Behind :func:`kit.luck` (:class:`LuckHook`)."""
    impact: ImpactHook[T] | None = None
    """Behind :func:`kit.impact` (:class:`ImpactHook`)."""
    odds: OddsHook[T] | None = None
    """Behind :func:`kit.odds` (:class:`OddsHook`)."""
    odds_method: str = ""
    """How :attr:`odds` answers, in a few words (``"exact"``, ``"simulated"``, ``"exact
    (Markov chain)"``); :func:`kit.odds`'s help lists it."""
    simulate: SimulateHook[T] | None = None
    """Behind :func:`kit.simulate` (:class:`SimulateHook`)."""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise InvalidInput(
                f"Kind name must be lower-case words joined by '-' or '/' (like 'sector' or "
                f"'board/limit'), got {self.name!r}"
            )
        if not isinstance(self.cls, type):
            raise InvalidType(f"Kind {self.name!r}: cls must be a class, got {self.cls!r}")
        if not isinstance(self.odds_method, str):
            raise InvalidType(f"Kind {self.name!r}: odds_method must be text")
        if self.collection is not None and not (
            isinstance(self.collection, str) and re.match(r"^[a-z][a-z_]*$", self.collection)
        ):
            raise InvalidInput(
                f"Kind {self.name!r}: collection must be a lower-case name like 'jobs', "
                f"got {self.collection!r}"
            )
        for name in ("load", "dump", *VERBS):
            value = getattr(self, name)
            if not (value is None or callable(value)):
                raise InvalidType(
                    f"Kind {self.name!r}: {name} must be a callable or None, got {value!r}"
                )

    @property
    def path(self) -> str:
        """The class's ``"module:Class"`` path (what older campaign files call the kind)."""
        return f"{self.cls.__module__}:{self.cls.__qualname__}"

    def loads(self, text: str | bytes) -> T:
        """An object of this kind from its save text."""
        if self.load is not None:
            return self.load(text)
        saved = cast("type[Savable]", self.cls).from_json(text)  # the class loads itself
        return cast(T, saved)

    def dumps(self, obj: T) -> str:
        """The save text of ``obj``."""
        if self.dump is not None:
            return self.dump(obj)
        return str(cast(Savable, obj).to_json())  # no dump hook: the object saves itself


_lock = threading.RLock()
_by_name: dict[str, Kind[Any]] = {}
_by_alias: dict[str, Kind[Any]] = {}
_by_class: dict[type, Kind[Any]] = {}


def on_first_lookup(register_kinds: Callable[[], None]) -> None:
    """Have ``register_kinds`` run once, before the first lookup (the ``kit`` package puts the
    function that registers the kit's own kinds, :mod:`kit.kinds`, in :mod:`kit.boot`)."""
    with _lock:
        boot.first_lookup.append(register_kinds)


def _ensure_builtins() -> None:
    if boot.first_lookup:
        with _lock:
            while boot.first_lookup:
                boot.first_lookup.pop(0)()


def register(kind: Kind[T], *, replace: bool = False) -> Kind[T]:
    """Add ``kind`` to the registry and return it.

    Raises:
        InvalidInput: its name, an alias or its class is registered already (pass
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
        if kind.cls in _by_class:
            raise InvalidInput(
                f"{kind.cls.__qualname__} is registered already as {_by_class[kind.cls].name!r}"
            )
        _by_name[kind.name] = kind
        for alias in (kind.path, *kind.aliases):
            _by_alias[alias] = kind
        _by_class[kind.cls] = kind
    return kind


def unregister(name: str) -> None:
    """Remove the kind called ``name`` (tests use it to clean up a toy kind)."""
    with _lock:
        kind = _by_name.pop(name, None)
        if kind is None:
            raise InvalidInput(f"no kind named {name!r} is registered")
        for alias in (kind.path, *kind.aliases):
            _by_alias.pop(alias, None)
        _by_class.pop(kind.cls, None)


def find(obj: object) -> Kind[Any] | None:
    """The kind of ``obj`` (by its class or the nearest registered base class), or None."""
    _ensure_builtins()
    for cls in type(obj).__mro__:
        kind = _by_class.get(cls)
        if kind is not None:
            return kind
    return None


def kind_of(obj: object) -> Kind[Any]:
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


def by_name(name: object) -> Kind[Any]:
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


def kinds() -> tuple[Kind[Any], ...]:
    """Every registered kind, in the order they were registered."""
    _ensure_builtins()
    return tuple(_by_name.values())


def collections() -> dict[str, tuple[Kind[Any], ...]]:
    """Campaign collection name -> the kinds it keeps, in registration order."""
    out: dict[str, tuple[Kind[Any], ...]] = {}
    for kind in kinds():
        if kind.collection is not None:
            out[kind.collection] = (*out.get(kind.collection, ()), kind)
    return out


def answering(verb: Verb) -> tuple[Kind[Any], ...]:
    """The kinds that have a ``verb`` hook, in registration order."""
    return tuple(k for k in kinds() if getattr(k, verb) is not None)


def hook(obj: T, verb: Verb) -> Kind[T]:
    """The kind of ``obj``, checked to have a ``verb`` hook.

    Raises:
        InvalidType: ``obj`` is of no registered kind, or its kind has no such hook (the
            message names the object's kind and the kinds that have one).
    """
    kind = find(obj)
    if kind is None or getattr(kind, verb) is None:
        having = [k.name for k in answering(verb)]
        what = "no registered kind" if kind is None else f"a {kind.name}"
        raise InvalidType(
            f"the kit has no {verb} for a {type(obj).__name__} ({what}); the kinds that have "
            "one are " + (", ".join(having) if having else "none yet")
        )
    return cast("Kind[T]", kind)
