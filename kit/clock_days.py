"""The values of the campaign clock (:mod:`kit.clock`): dated events, the timeline, the GM's
calendar and the record of each activity, each saved as plain JSON and checked when read.

>>> Calendar((("Thaw", 30),), epoch=7).format(31)
'1 Thaw 8'
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

import numpy as np

from . import limits, validate
from .errors import InvalidInput

__all__ = [
    "EVENT_KINDS",
    "GM_KINDS",
    "KINDS",
    "Activity",
    "Advance",
    "Calendar",
    "ClockEvent",
    "Timeline",
    "stream",
]

#: Activity kinds in the order they play within a day by default (docs/rulings.md,
#: Successors 11): Hyper Cannon fire and battles, then movement (journeys and moves between
#: orbits), Sensors, Handling, and last the daily rules of entities (traits, Ferals feeding).
#: A campaign may play another order (:attr:`kit.clock.Clock.order`).
KINDS = ("cannon", "battle", "journey", "move", "scan", "workshop", "traits", "feeding")
#: Kinds of the GM's own entries on the timeline.
GM_KINDS = ("planned", "note")


def stream(seed: int, name: str, day: int) -> np.random.Generator:
    """The dice of activity ``name`` on ``day`` under clock seed ``seed``.

    Keyed by a stable hash of the name (not Python's salted ``hash``), so the same names give
    the same dice on every machine and in every session.

    >>> a = stream(1, "scan", 4).integers(1, 7, size=3)
    >>> bool((a == stream(1, "scan", 4).integers(1, 7, size=3)).all())
    True
    """
    key = int.from_bytes(hashlib.sha256(name.encode("utf-8")).digest()[:8], "big")
    return np.random.default_rng(np.random.SeedSequence([seed, key, day]))


# ---------------------------------------------------------------------------- events
@dataclass(frozen=True)
class ClockEvent:
    """One dated line of the campaign's timeline."""

    day: int
    """The standard day it happened (or is planned for)."""
    activity: str | None
    """The activity that made it; None for the GM's notes and planned events."""
    kind: str
    """What it is: ``plot``, ``jump``, ``round``, ``handling``, ``scan``, ``done``, ...,
    or ``planned`` / ``note`` for the GM's own entries."""
    text: str
    """A readable line."""
    systems: tuple[str, ...] = ()
    """Star systems it concerns (by name)."""
    entities: tuple[str, ...] = ()
    """Entities, ships and sides it concerns (by name)."""
    players: bool = False
    """Shown to the players (on the player screen and the player timeline)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return {
            "day": self.day,
            "activity": self.activity,
            "kind": self.kind,
            "text": self.text,
            "systems": list(self.systems),
            "entities": list(self.entities),
            "players": self.players,
        }

    @classmethod
    def from_dict(cls, raw: object, where: str = "event") -> ClockEvent:
        """Read :meth:`to_dict` output, every field checked."""
        raw = validate.mapping(where, raw)
        validate.no_unknown_keys(
            where, raw, ("day", "activity", "kind", "text", "systems", "entities", "players")
        )
        validate.require_keys(where, raw, ("day", "kind", "text"))
        act = raw.get("activity")
        return cls(
            validate.integer(f"{where}.day", raw["day"], 0, limits.MAX_DAYS),
            None
            if act is None
            else validate.text(f"{where}.activity", act, max_len=limits.MAX_NAME),
            validate.choice(f"{where}.kind", raw["kind"], EVENT_KINDS),
            validate.text(f"{where}.text", raw["text"], max_len=limits.MAX_TEXT),
            _names(f"{where}.systems", raw.get("systems", [])),
            _names(f"{where}.entities", raw.get("entities", [])),
            validate.boolean(f"{where}.players", raw.get("players", False)),
        )


#: Every kind of timeline event.
EVENT_KINDS = (
    "start",
    "plot",
    "jump",
    "gate",
    "move",
    "arrived",
    "round",
    "battle over",
    "handling",
    "finished",
    "scan",
    "heal",
    "launch",
    "eat",
    "consumed",
    "birth",
    "done",
    *GM_KINDS,
)


def _names(label: str, raw: object) -> tuple[str, ...]:
    items = validate.sequence(label, raw)
    if len(items) > 100:
        raise InvalidInput(f"{label} names at most 100 things, got {len(items)}")
    return tuple(validate.text(label, x, max_len=limits.MAX_NAME) for x in items)


class Timeline(Sequence[ClockEvent]):
    """Dated events in order of day (and, within a day, of play), filterable.

    >>> t = Timeline([ClockEvent(2, "a", "scan", "x"), ClockEvent(1, None, "note", "y")])
    >>> [e.day for e in t]
    [1, 2]
    >>> len(t.filter(activity="a"))
    1
    """

    def __init__(self, events: Iterable[ClockEvent] = ()) -> None:
        self._events = sorted(events, key=lambda e: e.day)  # stable: play order within a day

    @overload
    def __getitem__(self, i: int) -> ClockEvent: ...

    @overload
    def __getitem__(self, i: slice) -> Timeline: ...

    def __getitem__(self, i: int | slice) -> ClockEvent | Timeline:
        if isinstance(i, slice):
            return Timeline(self._events[i])
        return self._events[i]

    def __len__(self) -> int:
        return len(self._events)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Timeline):
            return self._events == other._events
        return isinstance(other, list) and self._events == other

    __hash__ = None  # type: ignore[assignment]

    def filter(
        self,
        *,
        activity: str | None = None,
        system: str | None = None,
        entity: str | None = None,
        kind: str | None = None,
        day: int | None = None,
        since: int | None = None,
        until: int | None = None,
        players: bool | None = None,
    ) -> Timeline:
        """The events that match every filter given (``since``/``until`` include their day;
        ``players=True`` keeps what the players may see)."""
        out = []
        for e in self._events:
            if activity is not None and e.activity != activity:
                continue
            if system is not None and system not in e.systems:
                continue
            if entity is not None and entity not in e.entities:
                continue
            if kind is not None and e.kind != kind:
                continue
            if day is not None and e.day != day:
                continue
            if since is not None and e.day < since:
                continue
            if until is not None and e.day > until:
                continue
            if players is not None and e.players != players:
                continue
            out.append(e)
        return Timeline(out)

    def on(self, day: int) -> Timeline:
        """What happens (or is planned) on ``day``."""
        return self.filter(day=day)

    def lines(self, calendar: Calendar | None = None) -> list[str]:
        """One readable line per event, dated by ``calendar`` (default ``day N``)."""
        cal = calendar or Calendar()
        return [
            f"{cal.format(e.day)}: " + (f"[{e.activity}] " if e.activity else "") + e.text
            for e in self._events
        ]

    def __repr__(self) -> str:
        return f"Timeline({len(self)} events)"


class Advance(Timeline):
    """The events of the days one :meth:`Clock.advance` played, and why it stopped."""

    def __init__(self, events: Iterable[ClockEvent], reason: str, days: int) -> None:
        super().__init__(events)
        self.reason = reason
        """Why the clock stopped (the days asked for, an activity done, a planned event...)."""
        self.days = days
        """Days played."""

    def __repr__(self) -> str:
        return f"Advance({self.days} days, {len(self)} events, reason={self.reason!r})"


# ---------------------------------------------------------------------------- calendar
@dataclass(frozen=True)
class Calendar:
    """The GM's own calendar: days formatted as dates (default: ``day N``).

    Args:
        months: ``(name, days)`` pairs of one year, in order (none: plain day numbers).
        week: days of a week (0: weeks are not shown).
        epoch: the year day 1 falls in.

    >>> cal = Calendar((("Thaw", 30), ("Bloom", 30)), week=6, epoch=3102)
    >>> cal.format(1), cal.format(31), cal.format(61)
    ('1 Thaw 3102, week 1', '1 Bloom 3102, week 6', '1 Thaw 3103, week 11')
    >>> Calendar().format(40)
    'day 40'
    """

    months: tuple[tuple[str, int], ...] = ()
    """Month names and lengths of one year."""
    week: int = 0
    """Days of a week (0 for none)."""
    epoch: int = 1
    """Year of day 1."""

    def __post_init__(self) -> None:
        months = validate.sequence("calendar months", list(self.months))
        if len(months) > 100:
            raise InvalidInput(f"a calendar has at most 100 months, got {len(months)}")
        checked = []
        for k, m in enumerate(months):
            pair = validate.sequence(f"calendar months[{k}]", list(m))
            if len(pair) != 2:
                raise InvalidInput(f"calendar months[{k}] must be (name, days), got {m!r}")
            checked.append(
                (
                    validate.text(f"calendar months[{k}] name", pair[0], max_len=40),
                    validate.integer(f"calendar months[{k}] days", pair[1], 1, 1000),
                )
            )
        object.__setattr__(self, "months", tuple(checked))
        validate.integer("calendar week", self.week, 0, 100)
        validate.integer("calendar epoch", self.epoch, -(10**9), 10**9)

    def format(self, day: int) -> str:
        """``day`` as a date of this calendar."""
        if not self.months:
            text = f"day {day}"
        else:
            year_len = sum(n for _, n in self.months)
            year, rest = divmod(max(day, 1) - 1, year_len)
            month = 0
            while rest >= self.months[month][1]:
                rest -= self.months[month][1]
                month += 1
            text = f"{rest + 1} {self.months[month][0]} {self.epoch + year}"
        if self.week:
            text += f", week {(max(day, 1) - 1) // self.week + 1}"
        return text

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return {"months": [list(m) for m in self.months], "week": self.week, "epoch": self.epoch}

    @classmethod
    def from_dict(cls, raw: object) -> Calendar:
        """Read :meth:`to_dict` output."""
        raw = validate.mapping("calendar", raw)
        validate.no_unknown_keys("calendar", raw, ("months", "week", "epoch"))
        months = validate.sequence("calendar months", raw.get("months", []))
        return cls(
            tuple(tuple(validate.sequence("month", m)) for m in months),
            week=raw.get("week", 0),
            epoch=raw.get("epoch", 1),
        )


# ---------------------------------------------------------------------------- activities
@dataclass(frozen=True)
class Activity:
    """One activity on the clock: what it plays, when, and how far it has come (a value: the
    clock replaces it as the activity moves on)."""

    name: str
    """Its name on the clock (the timeline's ``activity``)."""
    kind: str
    """One of :data:`KINDS`."""
    target: str
    """The campaign item it plays (journeys, workshops, battles, entities) or, for a scan,
    the system's name or a ``"fleets/<name>"`` / ``"entities/<name>"`` key."""
    start: int
    """First day it may play."""
    after: str | None = None
    """An activity it waits for: it plays from the day after that one ends."""
    players: bool = False
    """Its events are shown to the players (and a scan's successes recorded as theirs)."""
    options: dict[str, Any] = field(default_factory=dict)
    """Kind-specific settings (a Workshop's ``plan`` and ``days``; a scan's ``scanner``,
    ``orbit``, ``days`` and ``level``)."""
    offset: int = 0
    """A journey's clock day of its own day 0."""
    first_day: int | None = None
    """The first day it played."""
    done_day: int | None = None
    """The day it ended."""
    days: int = 0
    """Days played."""
    total: int = 0
    """A scan's successes so far."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return {
            "name": self.name,
            "kind": self.kind,
            "target": self.target,
            "start": self.start,
            "after": self.after,
            "players": self.players,
            "options": copy.deepcopy(self.options),
            "offset": self.offset,
            "first_day": self.first_day,
            "done_day": self.done_day,
            "days": self.days,
            "total": self.total,
        }

    @classmethod
    def from_dict(cls, raw: object, where: str = "activity") -> Activity:
        """Read :meth:`to_dict` output, every field checked."""
        raw = validate.mapping(where, raw)
        fields = ("name", "kind", "target", "start", "after", "players", "options")
        validate.no_unknown_keys(
            where, raw, (*fields, "offset", "first_day", "done_day", "days", "total")
        )
        validate.require_keys(where, raw, ("name", "kind", "target", "start"))

        def day(key: str) -> int | None:
            value = raw.get(key)
            return None if value is None else validate.integer(f"{where}.{key}", value, 0, MAXD)

        MAXD = limits.MAX_DAYS
        after = raw.get("after")
        kind = validate.choice(f"{where}.kind", raw["kind"], KINDS)
        act = cls(
            validate.text(f"{where}.name", raw["name"], max_len=limits.MAX_NAME),
            kind,
            validate.text(f"{where}.target", raw["target"], max_len=limits.MAX_NAME + 20),
            validate.integer(f"{where}.start", raw["start"], 1, MAXD),
            None if after is None else validate.text(f"{where}.after", after),
            validate.boolean(f"{where}.players", raw.get("players", False)),
            _options(kind, raw.get("options", {}), f"{where}.options"),
            validate.integer(f"{where}.offset", raw.get("offset", 0), -MAXD, MAXD),
            day("first_day"),
            day("done_day"),
            validate.integer(f"{where}.days", raw.get("days", 0), 0, MAXD),
            validate.integer(f"{where}.total", raw.get("total", 0), 0, limits.MAX_INT),
        )
        return act


def _options(kind: str, raw: object, where: str) -> dict[str, Any]:
    """A kind's options checked (from a file or from :meth:`Clock.schedule`)."""
    raw = validate.mapping(where, raw)
    out: dict[str, Any] = {}
    if kind == "workshop":
        validate.no_unknown_keys(where, raw, ("plan", "days"))
        plan = raw.get("plan")
        if plan is not None:
            rows = validate.sequence(f"{where}.plan", plan)
            if not rows or len(rows) > 1000:
                raise InvalidInput(f"{where}.plan must list 1 to 1000 (task, target) pairs")
            out["plan"] = []
            for k, row in enumerate(rows):
                pair = validate.sequence(f"{where}.plan[{k}]", list(row))
                if len(pair) != 2:
                    raise InvalidInput(f"{where}.plan[{k}] must be (task, target), got {row!r}")
                from .successors.combat.handling import TASKS

                out["plan"].append(
                    [
                        validate.choice(f"{where}.plan[{k}] task", pair[0], TASKS),
                        validate.text(f"{where}.plan[{k}] target", str(pair[1]), max_len=100),
                    ]
                )
        if raw.get("days") is not None:
            out["days"] = validate.integer(f"{where}.days", raw["days"], 1, limits.MAX_DAYS)
        if any(t == "mine" for t, _ in out.get("plan", [])) and "days" not in out:
            raise InvalidInput(
                f"{where}: a plan that mines never runs out of work; give days= as well"
            )
    elif kind == "scan":
        validate.no_unknown_keys(where, raw, ("scanner", "orbit", "days", "level"))
        validate.require_keys(where, raw, ("scanner",))
        out["scanner"] = validate.text(f"{where}.scanner", raw["scanner"], max_len=limits.MAX_NAME)
        for key, hi in (("orbit", 30), ("days", limits.MAX_DAYS), ("level", 100)):
            if raw.get(key) is not None:
                out[key] = validate.integer(f"{where}.{key}", raw[key], 1, hi)
        if "days" not in out and "level" not in out:
            raise InvalidInput(f"{where}: a scan needs days= or level= (when it ends)")
    elif kind == "move":
        validate.no_unknown_keys(where, raw, ("system", "from", "to", "speed"))
        validate.require_keys(where, raw, ("system", "from", "to", "speed"))
        out["system"] = validate.text(f"{where}.system", raw["system"], max_len=limits.MAX_NAME)
        for key in ("from", "to"):
            out[key] = validate.integer(f"{where}.{key}", raw[key], 1, MAX_ORBIT)
        speed = validate.sequence(f"{where}.speed", raw["speed"])
        if [*speed] not in SPEEDS:
            raise InvalidInput(
                f"{where}.speed must be orbits a day as [numerator, denominator], one of "
                f"{SPEEDS}, got {[*speed]!r}"
            )
        out["speed"] = [int(x) for x in speed]
    elif kind == "feeding":
        validate.no_unknown_keys(where, raw, ("ferals", "ru", "food", "days", "idle", "born"))
        validate.require_keys(where, raw, ("ferals", "ru", "food"))
        ferals = validate.sequence(f"{where}.ferals", raw["ferals"])
        ru = validate.sequence(f"{where}.ru", raw["ru"])
        if not ferals or len(ferals) > limits.MAX_ITEMS or len(ru) != len(ferals):
            raise InvalidInput(
                f"{where}: ferals must name 1 to {limits.MAX_ITEMS} entities and ru hold one "
                f"amount for each, got {len(ferals)} ferals and {len(ru)} amounts"
            )
        out["ferals"] = [
            validate.text(f"{where}.ferals[{k}]", f, max_len=limits.MAX_NAME)
            for k, f in enumerate(ferals)
        ]
        if len(set(out["ferals"])) != len(out["ferals"]):
            raise InvalidInput(f"{where}.ferals names a feral twice: {out['ferals']!r}")
        out["ru"] = [float(validate.number(f"{where}.ru[{k}]", x, 0, 20)) for k, x in enumerate(ru)]
        food = validate.sequence(f"{where}.food", raw["food"])
        if len(food) > limits.MAX_ITEMS:
            raise InvalidInput(f"{where}.food lists at most {limits.MAX_ITEMS} meals")
        out["food"] = []
        for k, row in enumerate(food):
            pair = validate.sequence(f"{where}.food[{k}]", row)
            if len(pair) != 2:
                raise InvalidInput(f"{where}.food[{k}] must be (name, RU), got {row!r}")
            out["food"].append(
                [
                    validate.text(f"{where}.food[{k}] name", pair[0], max_len=120),
                    float(validate.number(f"{where}.food[{k}] RU", pair[1], 0, limits.MAX_INT)),
                ]
            )
        if raw.get("days") is not None:
            out["days"] = validate.integer(f"{where}.days", raw["days"], 1, limits.MAX_DAYS)
        out["idle"] = validate.boolean(f"{where}.idle", raw.get("idle", False))
        out["born"] = validate.integer(f"{where}.born", raw.get("born", 0), 0, limits.MAX_ITEMS)
    elif kind == "cannon":
        validate.no_unknown_keys(
            where, raw, ("level", "spotter", "rammers", "days", "battle", "side")
        )
        validate.require_keys(where, raw, ("level", "spotter"))
        out["level"] = validate.integer(f"{where}.level", raw["level"], 1, 100)
        out["spotter"] = validate.text(
            f"{where}.spotter", raw["spotter"], max_len=limits.MAX_NAME + 20
        )
        if raw.get("rammers") is not None:
            out["rammers"] = validate.integer(f"{where}.rammers", raw["rammers"], 1, limits.MAX_INT)
        if raw.get("days") is not None:
            out["days"] = validate.integer(f"{where}.days", raw["days"], 1, limits.MAX_DAYS)
        if "days" not in out and "rammers" not in out:
            raise InvalidInput(f"{where}: a Hyper Cannon needs rammers= or days= (when it stops)")
        if (raw.get("battle") is None) != (raw.get("side") is None):
            raise InvalidInput(f"{where}: battle= and side= go together (the side Rammers join)")
        if raw.get("battle") is not None:
            out["battle"] = validate.text(f"{where}.battle", raw["battle"], max_len=limits.MAX_NAME)
            out["side"] = validate.text(f"{where}.side", raw["side"], max_len=limits.MAX_NAME)
    else:
        validate.no_unknown_keys(where, raw, ())
    return out


#: Most orbits a system has for a move (a kept system's own count is checked too).
MAX_ORBIT = 30
#: Orbits a day a mover may go, as [numerator, denominator]: Slow, standard, Fast.
SPEEDS = [[1, 2], [1, 1], [2, 1]]
