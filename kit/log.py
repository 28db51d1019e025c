"""The event log every game in the kit is built on.

A game (a job, a board, a battle, a journey) is an initial setup plus an append-only list of
events. Its state is never stored: it is derived by replaying the events from the setup. That
one mechanism gives undo (drop the last action and replay), the record sheets and timelines
(a view of the events), and lossless save/load (the setup and the events are plain JSON).

An *event* is a ``kind`` plus JSON-compatible ``data``. Events are grouped into *actions*: one
thing a person did (a click on Roll, a decision), which may append several events. ``undo``
removes the whole last action.

>>> log = EventLog()
>>> with log.action():
...     _ = log.append("roll", total=7)
...     _ = log.append("companion", total=4)
>>> _ = log.append("roll", total=9)
>>> [e.kind for e in log]
['roll', 'companion', 'roll']
>>> [e.kind for e in log.undo()]
['roll']
>>> len(log)
2
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from . import limits, validate
from .errors import IllegalAction, InvalidInput, InvalidType
from .store import JSON

__all__ = ["Event", "EventLog", "Observable", "replay"]

S = TypeVar("S")


@dataclass(frozen=True)
class Event:
    """One thing that happened in a game."""

    kind: str
    """What happened, for example ``"roll"`` or ``"decision"``."""
    data: Mapping[str, Any] = field(default_factory=dict)
    """JSON-compatible details (numbers, strings, lists, objects)."""
    action: int = 0
    """The number of the action this event belongs to; ``undo`` removes a whole action."""

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: JSON = None) -> JSON:
        """Return ``data[key]`` or ``default``."""
        return self.data.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible form."""
        return {"kind": self.kind, "action": self.action, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, raw: object) -> Event:
        """Read an event written by :meth:`to_dict`; raise naming the bad field."""
        raw = validate.mapping("event", raw)
        validate.no_unknown_keys("event", raw, ("kind", "action", "data"))
        kind = validate.text("event.kind", raw.get("kind"), max_len=64)
        action = validate.integer("event.action", raw.get("action", 0), 0)
        data = validate.mapping("event.data", raw.get("data", {}))
        return cls(kind, dict(data), action)


class EventLog:
    """An append-only list of :class:`Event` grouped into undoable actions."""

    def __init__(self, events: Sequence[Event] = ()) -> None:
        if len(events) > limits.MAX_EVENTS:
            raise InvalidInput(f"a log holds at most {limits.MAX_EVENTS} events, got {len(events)}")
        self._events: list[Event] = list(events)
        self._open_action: int | None = None

    # ----------------------------------------------------------------- writing
    def _next_action(self) -> int:
        return (self._events[-1].action + 1) if self._events else 0

    @contextmanager
    def action(self) -> Iterator[int]:
        """Group the events appended inside the ``with`` block into one undoable action.

        If the block raises, its events are removed again, so a failed action leaves no trace.
        """
        if self._open_action is not None:  # nested: join the outer action
            yield self._open_action
            return
        number = self._next_action()
        mark = len(self._events)
        self._open_action = number
        try:
            yield number
        except BaseException:
            del self._events[mark:]
            raise
        finally:
            self._open_action = None

    def append(self, kind: str, /, **data: JSON) -> Event:
        """Append an event (as its own action unless inside :meth:`action`).

        A log holds at most :data:`kit.limits.MAX_EVENTS` events; one more is refused with
        :class:`~kit.errors.IllegalAction`, so every log the kit holds can be saved and loaded.
        """
        if len(self._events) >= limits.MAX_EVENTS:
            raise IllegalAction(
                f"this game's log is full ({limits.MAX_EVENTS} events); start a new game from "
                "its current state or undo"
            )
        try:
            json.dumps(data, allow_nan=False, ensure_ascii=False).encode("utf-8")
        except (TypeError, ValueError) as exc:
            raise InvalidInput(f"event {kind!r} data must be JSON-compatible: {exc}") from None
        number = self._open_action if self._open_action is not None else self._next_action()
        event = Event(kind, data, number)
        self._events.append(event)
        return event

    def undo(self) -> list[Event]:
        """Remove and return the events of the last action."""
        if not self._events:
            raise IllegalAction("there is nothing to undo")
        last = self._events[-1].action
        cut = len(self._events)
        while cut and self._events[cut - 1].action == last:
            cut -= 1
        removed = self._events[cut:]
        del self._events[cut:]
        return removed

    # ----------------------------------------------------------------- reading
    def __iter__(self) -> Iterator[Event]:
        return iter(tuple(self._events))

    def __len__(self) -> int:
        return len(self._events)

    def __getitem__(self, i: int) -> Event:
        return self._events[i]

    @property
    def actions(self) -> int:
        """How many undoable actions the log holds."""
        return len({e.action for e in self._events})

    def copy(self) -> EventLog:
        """An independent copy (events are immutable, so this is cheap)."""
        return EventLog(self._events)

    def to_list(self) -> list[dict[str, Any]]:
        """Plain JSON-compatible form."""
        return [e.to_dict() for e in self._events]

    @classmethod
    def from_list(cls, raw: object) -> EventLog:
        """Read a log written by :meth:`to_list` (the event budget is checked first)."""
        items = validate.sequence("events", raw)
        if len(items) > limits.MAX_EVENTS:
            raise InvalidInput(f"events holds {len(items)} events; at most {limits.MAX_EVENTS}")
        return cls([Event.from_dict(e) for e in items])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EventLog) and self._events == other._events

    def __repr__(self) -> str:
        return f"EventLog({len(self._events)} events, {self.actions} actions)"


def replay(initial: S, events: Sequence[Event] | EventLog, apply: Callable[[S, Event], S]) -> S:
    """Fold ``apply`` over ``events`` starting from ``initial`` and return the final state."""
    state = initial
    for event in events:
        state = apply(state, event)
    return state


class _Observers:
    """The callbacks watching one object; a copy of the object starts with none."""

    def __init__(self) -> None:
        self.refs: list[Callable[[], Callable[[Any], None] | None]] = []

    def __copy__(self) -> _Observers:
        return _Observers()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Observers:
        return _Observers()


class Observable:
    """Mixin for engine objects that tell their views when they change.

    Every action of the object (a roll, a check, an undo, a purchase) calls :meth:`_changed`
    once it has landed, and each callback given to :meth:`observe` is called with the object.
    A widget showing the object observes it, so a change made in a code cell, or through
    another widget of the same object, shows without calling ``refresh()``. A bound method is
    held weakly: observing does not keep a closed widget alive.

    >>> class Counter(Observable):
    ...     def __init__(self):
    ...         self.n = 0
    ...     def bump(self):
    ...         self.n += 1
    ...         self._changed()
    >>> c = Counter()
    >>> seen = []
    >>> stop = c.observe(lambda obj: seen.append(obj.n))
    >>> c.bump(); c.bump()
    >>> stop()
    >>> c.bump()
    >>> seen
    [1, 2]
    """

    def _observers(self) -> _Observers:
        obs = self.__dict__.get("_kit_observers")
        if obs is None:
            obs = self.__dict__["_kit_observers"] = _Observers()
        return obs

    def observe(self, callback: Callable[[Any], None]) -> Callable[[], None]:
        """Call ``callback(self)`` after every change; return a function that stops it."""
        if not callable(callback):
            raise InvalidType(f"callback must be callable, got {type(callback).__name__}")
        ref: Callable[[], Callable[[Any], None] | None]
        try:
            ref = weakref.WeakMethod(callback)
        except TypeError:  # a plain function or a lambda: held as given

            def ref(cb: Callable[[Any], None] = callback) -> Callable[[Any], None] | None:
                return cb

        obs = self._observers()
        obs.refs.append(ref)

        def stop() -> None:
            if ref in obs.refs:
                obs.refs.remove(ref)

        return stop

    def unobserve(self, callback: Callable[[Any], None]) -> None:
        """Stop calling ``callback`` (the same as calling what :meth:`observe` returned)."""
        obs = self.__dict__.get("_kit_observers")
        if obs is not None:
            obs.refs[:] = [ref for ref in obs.refs if ref() != callback]

    def _changed(self) -> None:
        """Tell the observers the object changed (engine code calls this after each action)."""
        obs = self.__dict__.get("_kit_observers")
        if obs is None:
            return
        for ref in list(obs.refs):
            callback = ref()
            if callback is None:
                obs.refs.remove(ref)
            else:
                callback(self)
