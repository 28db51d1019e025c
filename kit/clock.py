"""The campaign clock: one count of standard days for every game in a campaign.

Successors runs on standard days (docs/rulings.md, Successors 11): a plotting roll or a
Hyper-Jump, one roll set of Sensors, one day of Handling in a Workshop, a battle round. A
:class:`Clock` belongs to one :class:`~kit.campaign.Campaign` and plays every *activity* put
on it one day at a time:

* a :class:`~kit.successors.sector.Journey` (its plotting rolls, jumps and gate passages, each
  on the day it finishes);
* a :class:`~kit.successors.combat.Workshop` with its plan (repair, recondition, gather, build,
  mine, recycle), one day of Handling rolls a day;
* a :class:`~kit.successors.combat.Battle`, a whole round (all eight phases) a day;
* a Sensors scan of a star system, a fleet or an entity, one roll set a day, recorded in the
  players' knowledge when the scan is the players';
* an entity's daily traits (Self-Repairing mends a hit a day; a neutralized entity rolls to
  heal every day).

Within a day the order is the ruling's: battles, then journeys, then scans, then Workshops, then
daily traits; activities of one kind play in the order they were put on the clock. An entity
or ship (by name) takes part in one activity a day: a second one is refused
(:class:`~kit.errors.IllegalAction` naming both activities and the day). An activity may wait
for another (``after=``): it starts the day after that one ends, so a journey hands its party
over to a Workshop or a scan in the system it reached.

Every roll the clock makes comes from a stream of its own, seeded by the campaign's clock
seed, the activity's name and the day, so adding an activity never changes another's dice and
a campaign saved mid-way plays the same days after loading. Journeys and battles keep their
own seeds (a battle on the clock plays exactly as :meth:`Battle.run` would).

Every event is dated: :attr:`Clock.timeline` lists them in order and filters them by activity,
system, entity, kind and day. The GM adds notes and planned events (``plan``); advancing stops
at the end of a planned event's day. :meth:`Clock.undo` takes back the last day played.

>>> from kit import Campaign
>>> camp = Campaign("Jukint", seed=5)
>>> camp.plan(3, "the Takeru patrol returns")
>>> camp.advance(7).reason
"planned on day 3: 'the Takeru patrol returns'"
>>> camp.today
3
"""

from __future__ import annotations

import copy
import hashlib
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, overload

import numpy as np

from . import limits, validate
from .errors import IllegalAction, InvalidInput, InvalidType, KitError, SaveFileError
from .rng import resolve_seed

if TYPE_CHECKING:
    from .campaign import Campaign

__all__ = [
    "KINDS",
    "Activity",
    "Advance",
    "Calendar",
    "Clock",
    "ClockEvent",
    "Timeline",
]

#: Activity kinds in the order they play within a day (docs/rulings.md, Successors 11).
KINDS = ("battle", "journey", "scan", "workshop", "traits")
#: Kinds of the GM's own entries on the timeline.
GM_KINDS = ("planned", "note")
#: Days one advance plays before it shows a progress bar (unless told ``progress=``).
QUIET_DAYS = 365


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
            for name, n in self.months:
                if rest < n:
                    break
                rest -= n
            text = f"{rest + 1} {name} {self.epoch + year}"
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
            tuple(tuple(validate.sequence("month", m)) for m in months),  # type: ignore[misc]
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
    else:
        validate.no_unknown_keys(where, raw, ())
    return out


# ---------------------------------------------------------------------------- the clock
#: id(game object) -> (a weak reference to it, a weak reference to the clock holding it)
_OWNERS: dict[int, tuple[weakref.ref[Any], weakref.ref[Clock]]] = {}


class Clock:
    """The standard days of one campaign (see the module docs); made by the campaign.

    Args:
        campaign: the campaign it belongs to.
        seed: the clock's seed (None: drawn and recorded when the first die is needed).
    """

    def __init__(self, campaign: Campaign, seed: int | None = None) -> None:
        self._campaign = weakref.ref(campaign)
        self._seed = None if seed is None else resolve_seed(seed)
        self.today = 0
        self.calendar: Calendar | None = None
        self._activities: dict[str, Activity] = {}
        self._played: list[ClockEvent] = []
        self._entries: list[ClockEvent] = []
        self._undo: list[dict[str, Any]] = []
        self._policies: dict[str, Any] = {}

    # ------------------------------------------------------------------ reading
    @property
    def campaign(self) -> Campaign:
        """The campaign this clock belongs to."""
        camp = self._campaign()
        if camp is None:  # pragma: no cover - the campaign holds the clock
            raise IllegalAction("the campaign of this clock no longer exists")
        return camp

    @property
    def seed(self) -> int:
        """The clock's seed (drawn and recorded on first use when none was given)."""
        if self._seed is None:
            self._seed = resolve_seed(None)
        return self._seed

    @property
    def empty(self) -> bool:
        """Nothing on the clock yet (a campaign saves no clock then)."""
        return (
            self.today == 0
            and not self._activities
            and not self._entries
            and self.calendar is None
            and self._seed is None
        )

    @property
    def activities(self) -> Mapping[str, Activity]:
        """Every activity put on the clock, by name (copies: change them through the clock)."""
        return {
            n: replace(a, options=copy.deepcopy(a.options)) for n, a in self._activities.items()
        }

    @property
    def timeline(self) -> Timeline:
        """Every event played so far and every GM note and planned event, in order of day."""
        return Timeline([*self._played, *self._entries])

    def date(self, day: int | None = None) -> str:
        """``day`` (default today) as the calendar writes it."""
        return (self.calendar or Calendar()).format(self.today if day is None else day)

    def running(self, day: int | None = None) -> list[Activity]:
        """Activities that play on ``day`` (default tomorrow), in the day's order."""
        day = self.today + 1 if day is None else day
        out = [a for a in self._activities.values() if self._ready(a, day)]
        return sorted(out, key=lambda a: KINDS.index(a.kind))  # stable within a kind

    def progress(self, name: str) -> float:
        """How far activity ``name`` has come, 0 to 1."""
        act = self._get(name)
        if act.done_day is not None:
            return 1.0
        return max(0.0, min(1.0, float(_ADAPTERS[act.kind].progress(self, act))))

    def participants(self, name: str) -> tuple[str, ...]:
        """Names of the entities, ships and sides activity ``name`` occupies each day."""
        act = self._get(name)
        return tuple(_ADAPTERS[act.kind].participants(self, act))

    def _get(self, name: object) -> Activity:
        if not isinstance(name, str):
            raise InvalidType(f"activity must be an activity's name, got {validate.shown(name)}")
        if name not in self._activities:
            shown = ", ".join(map(repr, self._activities)) or "none yet"
            raise InvalidInput(f"no activity {name!r} on this clock; it has {shown}")
        return self._activities[name]

    def _ready(self, act: Activity, day: int) -> bool:
        if act.done_day is not None or act.start > day:
            return False
        if act.after is None:
            return True
        before = self._activities[act.after]
        return before.done_day is not None and before.done_day < day

    # ------------------------------------------------------------------ the GM's entries
    def plan(self, day: int, text: str, players: bool = False) -> None:
        """Plan an event for ``day`` (after today); advancing stops at the end of that day."""
        day = validate.integer("day", day, self.today + 1, limits.MAX_DAYS)
        self._entries.append(self._entry(day, "planned", text, players))

    def note(self, text: str, *, day: int | None = None, players: bool = False) -> None:
        """A GM note on ``day`` (default today), any day of the campaign, past or future."""
        day = self.today if day is None else validate.integer("day", day, 0, limits.MAX_DAYS)
        self._entries.append(self._entry(day, "note", text, players))

    def _entry(self, day: int, kind: str, text: str, players: object) -> ClockEvent:
        if len(self._entries) >= limits.MAX_ITEMS:
            raise InvalidInput(f"a clock keeps at most {limits.MAX_ITEMS} notes and plans")
        return ClockEvent(
            day,
            None,
            kind,
            validate.text(f"{kind} text", text, max_len=limits.MAX_TEXT),
            players=validate.boolean("players", players),
        )

    # ------------------------------------------------------------------ scheduling
    def add(
        self,
        kind: str,
        target: str,
        *,
        name: str | None = None,
        start: int | None = None,
        after: str | None = None,
        players: bool = False,
        options: Mapping[str, Any] | None = None,
        obj: object = None,
    ) -> str:
        """Put an activity on the clock (:meth:`Campaign.schedule` and
        :meth:`Campaign.schedule_scan` call this); return its name."""
        kind = validate.choice("kind", kind, KINDS)
        name = validate.text("activity name", name or target, max_len=limits.MAX_NAME)
        if name in self._activities:
            raise InvalidInput(f"the clock already has an activity named {name!r}")
        if len(self._activities) >= limits.MAX_ITEMS:
            raise InvalidInput(f"a clock holds at most {limits.MAX_ITEMS} activities")
        if after is not None:
            self._get(after)
        first = self.today + 1
        start = first if start is None else validate.integer("start", start, first, limits.MAX_DAYS)
        act = Activity(
            name,
            kind,
            target,
            start,
            after,
            validate.boolean("players", players),
            _options(kind, dict(options or {}), "options"),
        )
        adapter = _ADAPTERS[kind]
        adapter.check(self, act)
        if kind == "journey":
            act = replace(act, offset=start - 1 - self.campaign.get("journeys", target).day)
        if obj is not None:
            _OWNERS[id(obj)] = (weakref.ref(obj), weakref.ref(self))
        self._activities[name] = act
        try:
            if self._ready(act, first):
                self._check_clashes(first)
        except KitError:
            del self._activities[name]
            raise
        return name

    def owner_of(self, obj: object) -> Clock | None:
        """The clock ``obj`` (a journey, workshop or battle) was scheduled on, if any."""
        held = _OWNERS.get(id(obj))
        if held is None or held[0]() is not obj:
            return None
        return held[1]()

    def remove(self, name: str) -> Activity:
        """Take an activity off the clock (its events stay on the timeline)."""
        act = self._get(name)
        waiting = [a.name for a in self._activities.values() if a.after == name]
        if waiting:
            raise IllegalAction(
                f"{', '.join(map(repr, waiting))} wait for {name!r}; remove them first"
            )
        del self._activities[name]
        return act

    # ------------------------------------------------------------------ playing
    def advance(
        self,
        days: int = 1,
        *,
        until: str | Callable[[Campaign], bool] | None = None,
        stop_at_end: bool = False,
        progress: bool | None = None,
    ) -> Advance:
        """Play up to ``days`` days; return their events and why the clock stopped.

        It stops early at the end of a day with a planned event, when ``until`` (an
        activity's name) ends or ``until`` (a predicate on the campaign) holds after a day,
        and with ``stop_at_end`` when any activity ends. If a day fails (a clash, a battle
        waiting for a decision), every day of this call is taken back and the error raised.
        """
        days = validate.integer("days", days, 1, limits.MAX_ADVANCE_DAYS)
        if until is not None and not callable(until):
            self._get(until)
        show = None if progress is None else validate.boolean("progress", progress)
        bar = _bar(days, 0) if show else None
        mark = len(self._undo)
        out: list[ClockEvent] = []
        reason = f"{days} day{'s' if days != 1 else ''} played"
        played = 0
        try:
            for _ in range(days):
                events, ended = self._play_day()
                out += events
                played += 1
                if bar is None and show is None and played > QUIET_DAYS:
                    bar = _bar(days, played)  # a long span: show how far it has come
                elif bar is not None:
                    bar.update(1)
                why = self._stop(until, ended, stop_at_end)
                if why:
                    reason = why
                    break
        except BaseException:
            while len(self._undo) > mark:
                self.undo()
            raise
        finally:
            if bar is not None:
                bar.close()
        del self._undo[: max(0, len(self._undo) - limits.MAX_UNDO_DAYS)]
        return Advance(out, reason, played)

    def _stop(
        self,
        until: str | Callable[[Campaign], bool] | None,
        ended: list[str],
        stop_at_end: bool,
    ) -> str:
        day = self.today
        for e in self._entries:
            if e.kind == "planned" and e.day == day:
                return f"planned on day {day}: {e.text!r}"
        if isinstance(until, str) and self._activities[until].done_day is not None:
            return f"{until!r} ended on day {day}"
        if callable(until) and until(self.campaign):
            return f"the condition held on day {day}"
        if stop_at_end and ended:
            return f"{', '.join(map(repr, ended))} ended on day {day}"
        return ""

    def _play_day(self) -> tuple[list[ClockEvent], list[str]]:
        day = self.today + 1
        if day > limits.MAX_DAYS:
            raise IllegalAction(f"the clock ends at day {limits.MAX_DAYS}")
        acts = self.running(day)
        self._check_clashes(day, acts)
        snap = self._snapshot(acts)
        camp = self.campaign
        events: list[ClockEvent] = []
        ended: list[str] = []
        self.today = day
        try:
            busy = {n for a in acts if a.kind == "battle" for n in self.participants(a.name)}
            with camp.knowledge.action():
                for act in acts:
                    adapter = _ADAPTERS[act.kind]
                    if act.kind == "traits" and act.target in busy:
                        continue  # the battle plays this entity's daily traits itself
                    if act.first_day is None:
                        act = self._update(act.name, first_day=day)
                    rng = stream(self.seed, act.name, day)
                    new = adapter.play(self, act, day, rng)
                    act = self._update(act.name, days=self._activities[act.name].days + 1)
                    if adapter.done(self, act):
                        act = self._update(act.name, done_day=day)
                        ended.append(act.name)
                        new.append(self._event(act, day, "done", f"{act.name} ends"))
                    events += new
        except BaseException:
            self._restore(snap)
            raise
        self._played += events
        self._undo.append(snap)
        return events, ended

    def _update(self, name: str, **changes: Any) -> Activity:
        """Replace activity ``name``'s record with ``changes`` made; return the new record."""
        act = self._activities[name] = replace(self._activities[name], **changes)
        return act

    def _event(self, act: Activity, day: int, kind: str, text: str, **refs: Any) -> ClockEvent:
        adapter = _ADAPTERS[act.kind]
        return ClockEvent(
            day,
            act.name,
            kind,
            text[: limits.MAX_TEXT],
            tuple(refs.get("systems", adapter.systems(self, act))),
            tuple(refs.get("entities", adapter.participants(self, act))),
            act.players,
        )

    def _check_clashes(self, day: int, acts: Sequence[Activity] | None = None) -> None:
        seen: dict[str, str] = {}
        for act in acts if acts is not None else self.running(day):
            if act.kind == "traits":
                continue  # daily traits apply on top of the day's activity
            for who in _ADAPTERS[act.kind].participants(self, act):
                if who in seen and seen[who] != act.name:
                    raise IllegalAction(
                        f"{who!r} cannot take part in both {seen[who]!r} and {act.name!r} on "
                        f"day {day}: an entity or ship does one thing a day (start one after "
                        "the other with after=, or on another day with start=)"
                    )
                seen[who] = act.name

    # ------------------------------------------------------------------ undo
    def _snapshot(self, acts: Sequence[Activity]) -> dict[str, Any]:
        camp = self.campaign
        return {
            "today": self.today,
            "played": len(self._played),
            "records": {a.name: a.to_dict() for a in acts},
            "objects": {a.name: _ADAPTERS[a.kind].snapshot(self, a) for a in acts},
            "knowledge": len(camp.knowledge.log),
        }

    def _restore(self, snap: dict[str, Any]) -> None:
        camp = self.campaign
        for name, saved in snap["objects"].items():
            act = self._activities[name]
            _ADAPTERS[act.kind].restore(self, act, saved)
        for name, raw in snap["records"].items():
            self._activities[name] = Activity.from_dict(raw)
        while len(camp.knowledge.log) > snap["knowledge"]:
            camp.knowledge.undo()
        del self._played[snap["played"] :]
        self.today = snap["today"]

    def undo(self) -> None:
        """Take back the last day played (in this session; up to
        :data:`kit.limits.MAX_UNDO_DAYS` days)."""
        if not self._undo:
            raise IllegalAction("there is no played day to undo (this session)")
        self._restore(self._undo.pop())

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form (the campaign file's ``clock``)."""
        return {
            "seed": self._seed,
            "today": self.today,
            "calendar": None if self.calendar is None else self.calendar.to_dict(),
            "activities": [a.to_dict() for a in self._activities.values()],
            "events": [e.to_dict() for e in self._played],
            "entries": [e.to_dict() for e in self._entries],
        }

    def load(self, raw: object) -> None:
        """Read :meth:`to_dict` output into this (new) clock, every field checked
        (:class:`~kit.errors.SaveFileError` naming the bad place)."""
        try:
            self._load(raw)
        except SaveFileError:
            raise
        except (KitError, TypeError, ValueError, KeyError) as exc:
            raise SaveFileError(f"clock: {exc}") from None

    def _load(self, raw: object) -> None:
        raw = validate.mapping("clock", raw)
        validate.no_unknown_keys(
            "clock", raw, ("seed", "today", "calendar", "activities", "events", "entries")
        )
        seed = raw.get("seed")
        self._seed = (
            None if seed is None else validate.integer("clock.seed", seed, 0, limits.MAX_INT)
        )
        self.today = validate.integer("clock.today", raw.get("today", 0), 0, limits.MAX_DAYS)
        cal = raw.get("calendar")
        self.calendar = None if cal is None else Calendar.from_dict(cal)
        acts = validate.sequence("clock.activities", raw.get("activities", []))
        if len(acts) > limits.MAX_ITEMS:
            raise InvalidInput(f"clock.activities holds at most {limits.MAX_ITEMS} activities")
        for k, a in enumerate(acts):
            act = Activity.from_dict(a, f"clock.activities[{k}]")
            if act.name in self._activities:
                raise InvalidInput(f"clock.activities[{k}]: a second activity named {act.name!r}")
            if act.after is not None and act.after not in self._activities:
                raise InvalidInput(
                    f"clock.activities[{k}].after names {act.after!r}, no earlier activity"
                )
            for key in ("first_day", "done_day"):
                value = getattr(act, key)
                if value is not None and value > self.today:
                    raise InvalidInput(
                        f"clock.activities[{k}].{key} is {value}, after today ({self.today})"
                    )
            _ADAPTERS[act.kind].check(self, act)
            self._activities[act.name] = act
        events = validate.sequence("clock.events", raw.get("events", []))
        if len(events) > limits.MAX_EVENTS:
            raise InvalidInput(f"clock.events holds at most {limits.MAX_EVENTS} events")
        last = 0
        for k, e in enumerate(events):
            ev = ClockEvent.from_dict(e, f"clock.events[{k}]")
            if ev.kind in GM_KINDS or ev.activity not in self._activities:
                raise InvalidInput(
                    f"clock.events[{k}] must be an event of an activity on the clock, got "
                    f"{ev.kind!r} of {ev.activity!r}"
                )
            if not last <= ev.day <= self.today or ev.day < 1:
                raise InvalidInput(
                    f"clock.events[{k}].day is {ev.day}: events are in order of day, from day "
                    f"1 to today ({self.today}), and this one follows day {last}"
                )
            last = ev.day
            self._played.append(ev)
        entries = validate.sequence("clock.entries", raw.get("entries", []))
        if len(entries) > limits.MAX_ITEMS:
            raise InvalidInput(f"clock.entries holds at most {limits.MAX_ITEMS} entries")
        for k, e in enumerate(entries):
            ev = ClockEvent.from_dict(e, f"clock.entries[{k}]")
            if ev.kind not in GM_KINDS or ev.activity is not None:
                raise InvalidInput(f"clock.entries[{k}] must be a GM's note or planned event")
            self._entries.append(ev)


def _bar(total: int, done: int) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, initial=done, desc="days", leave=False)


# ---------------------------------------------------------------------------- adapters
class _Adapter:
    """How the clock plays one kind of activity (one instance per kind, no state)."""

    collection: str | None = None

    def obj(self, clock: Clock, act: Activity) -> Any:
        assert self.collection is not None
        return clock.campaign.get(self.collection, act.target)

    def check(self, clock: Clock, act: Activity) -> None:
        if self.collection is not None:
            self.obj(clock, act)

    def participants(self, clock: Clock, act: Activity) -> list[str]:
        raise NotImplementedError

    def systems(self, clock: Clock, act: Activity) -> list[str]:
        return []

    def play(
        self, clock: Clock, act: Activity, day: int, rng: np.random.Generator
    ) -> list[ClockEvent]:
        raise NotImplementedError

    def done(self, clock: Clock, act: Activity) -> bool:
        raise NotImplementedError

    def progress(self, clock: Clock, act: Activity) -> float:
        raise NotImplementedError

    def snapshot(self, clock: Clock, act: Activity) -> Any:
        return None

    def restore(self, clock: Clock, act: Activity, saved: Any) -> None:
        return None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('s') else 's'}"


class _JourneyAdapter(_Adapter):
    collection = "journeys"

    def check(self, clock: Clock, act: Activity) -> None:
        j = self.obj(clock, act)
        if j.arrived and act.first_day is None:
            raise IllegalAction(f"journey {act.target!r} has arrived: nothing is left to play")

    def participants(self, clock: Clock, act: Activity) -> list[str]:
        return [t.name for t in self.obj(clock, act).party.travellers]

    def systems(self, clock: Clock, act: Activity) -> list[str]:
        j = self.obj(clock, act)
        st = j.state()
        return [st["at"]] if st["arrived"] else list(j.names[st["leg"] : st["leg"] + 2])

    @staticmethod
    def _next_days(j: Any) -> int:
        st = j.state()
        leg = j.legs[st["leg"]]
        if leg.gate or st["total"] >= leg.successes:
            return int(leg.travel_days)
        return int(leg.time_factor)

    def play(
        self, clock: Clock, act: Activity, day: int, rng: np.random.Generator
    ) -> list[ClockEvent]:
        j = self.obj(clock, act)
        out = []
        for _ in range(1000):  # steps of 0 days (a 0-day gate) play on the same day
            if j.arrived or act.offset + j.day + self._next_days(j) > day:
                break
            for e in j.step():
                a, b = j.names[e["leg"]], j.names[e["leg"] + 1]
                if e.kind == "jump" and act.players:  # the players' knowledge of routes flown
                    clock.campaign.knowledge.travelled((a, b), day=day)
                if e.kind == "plot":
                    text = (
                        f"plotting {a} -> {b}: {_plural(e['successes'], 'success')} "
                        f"({e['total']}/{e['needed']})"
                    )
                elif e.kind == "jump":
                    text = f"Hyper-Jump {a} -> {b} ({e['ly']:.1f} ly)"
                else:
                    text = f"through the Hyper Gate {a} -> {b}"
                out.append(clock._event(act, day, e.kind, text, systems=(a, b)))
            if j.arrived:
                at = j.names[-1]
                out.append(clock._event(act, day, "arrived", f"arrived at {at}", systems=(at,)))
        return out

    def done(self, clock: Clock, act: Activity) -> bool:
        return bool(self.obj(clock, act).arrived)

    def progress(self, clock: Clock, act: Activity) -> float:
        j = self.obj(clock, act)
        st = j.state()
        if not j.legs:
            return 1.0
        part = 0.0
        if not st["arrived"]:
            need = j.legs[st["leg"]].successes
            part = min(st["total"], need) / (need + 1) if need else 0.0
        return (st["leg"] + part) / len(j.legs)

    def snapshot(self, clock: Clock, act: Activity) -> Any:
        return len(self.obj(clock, act).log)

    def restore(self, clock: Clock, act: Activity, saved: Any) -> None:
        j = self.obj(clock, act)
        while len(j.log) > saved:
            j.undo()


class _BattleAdapter(_Adapter):
    collection = "battles"

    def check(self, clock: Clock, act: Activity) -> None:
        if self.obj(clock, act).over and act.first_day is None:
            raise IllegalAction(f"battle {act.target!r} is over: nothing is left to play")

    def participants(self, clock: Clock, act: Activity) -> list[str]:
        out = []
        for s in self.obj(clock, act).sides:
            out.append(s.name)
            if s.entity is not None and s.entity.name != s.name:
                out.append(s.entity.name)
        return out

    def systems(self, clock: Clock, act: Activity) -> list[str]:
        orbit = self.obj(clock, act).orbit
        return [orbit] if orbit else []

    def play(
        self, clock: Clock, act: Activity, day: int, rng: np.random.Generator
    ) -> list[ClockEvent]:
        from .successors.combat.rules import PHASES

        b = self.obj(clock, act)
        policy = clock._policies.get(act.name)
        limit = b.rules.max_rounds
        first = b.round + (1 if b.state.phase_index >= len(PHASES) else 0)
        while not b.over:
            if b.state.phase_index >= len(PHASES) and b.state.round >= limit:
                b.run(policy=policy)  # the round limit: run() writes the battle's end
                break
            b.step_phase(policy)
            if b.state.phase_index == len(PHASES):
                break
        counts = "; ".join(
            f"{row['side']}: " + ", ".join(f"{n} {k}" for k, n in sorted(row["counts"].items()))
            for row in b.summary()
        )
        out = [clock._event(act, day, "round", f"round {first}: {counts}")]
        if b.over:
            res = b.result or {}
            winner = res.get("winner")
            why = f" ({res['reason']})" if res.get("reason") else ""
            text = (
                f"the battle is over: {winner} wins" if winner else "the battle is over: no winner"
            )
            out.append(clock._event(act, day, "battle over", text + why))
        return out

    def done(self, clock: Clock, act: Activity) -> bool:
        return bool(self.obj(clock, act).over)

    def progress(self, clock: Clock, act: Activity) -> float:
        b = self.obj(clock, act)
        return 1.0 if b.over else b.round / max(1, b.rules.max_rounds)

    def snapshot(self, clock: Clock, act: Activity) -> Any:
        return len(self.obj(clock, act).log)

    def restore(self, clock: Clock, act: Activity, saved: Any) -> None:
        b = self.obj(clock, act)
        while len(b.log) > saved:
            b.undo()


def _heal(entity: Any, rng: np.random.Generator) -> tuple[Any, list[str]]:
    """An entity's daily traits out of battle: Self-Repairing mends a hit, then a neutralized
    entity rolls its rank-1 die (a 1 mends a hit; a 6 always fails)."""
    from .successors.combat.handling import entity_repair_ability
    from .successors.combat.rules import DEFAULT_COMBAT_RULES

    said = []
    if not any(entity.damage):
        return entity, said
    if entity.has("self_repair"):
        ability = entity_repair_ability(entity)
        entity = entity.with_damage(ability, -1)
        said.append(f"self-repairing mends {ability}")
    if entity.neutralized:
        rank = DEFAULT_COMBAT_RULES.entity_self_repair_rank
        face = int(rng.integers(1, 7))
        if face <= rank and face < 6:
            ability = entity_repair_ability(entity)
            entity = entity.with_damage(ability, -1)
            said.append(f"healing roll {face}: mends {ability}")
        else:
            said.append(f"healing roll {face}: no change")
    return entity, said


class _WorkshopAdapter(_Adapter):
    collection = "workshops"

    def participants(self, clock: Clock, act: Activity) -> list[str]:
        return [self.obj(clock, act).entity.name]

    def systems(self, clock: Clock, act: Activity) -> list[str]:
        ws = self.obj(clock, act)
        return [ws.system.name] if ws.system is not None and ws.system.name else []

    def play(
        self, clock: Clock, act: Activity, day: int, rng: np.random.Generator
    ) -> list[ClockEvent]:
        ws = self.obj(clock, act)
        plan = act.options.get("plan")
        plan = None if plan is None else [tuple(p) for p in plan]
        if plan is None:  # the default day puts Handling ships under Control first
            room = ws.control_limit
            ws.control([u.key for u in ws.usable if u.design.handling][:room])
        faces = [int(x) for x in rng.integers(1, 7, size=len(ws.dice()))]
        report = ws.day(plan, faces=faces)
        rolls = report["rolls"]
        hits = sum(1 for r in rolls if r["success"])
        jobs = [f"{r['task']} {r['target']}" for r in rolls if r["done"]]
        text = (
            f"Handling: {_plural(len(rolls), 'die')} rolled {[r['face'] for r in rolls]}, "
            f"{_plural(hits, 'success')}" + (f"; done: {', '.join(jobs)}" if jobs else "")
        )
        out = [clock._event(act, day, "handling", text)]
        for e in report["events"]:
            if e["kind"] == "finished":
                out.append(clock._event(act, day, "finished", f"{e['name']} finished"))
        ws.entity, said = _heal(ws.entity, rng)
        if said:
            out.append(clock._event(act, day, "heal", f"{ws.entity.name}: " + "; ".join(said)))
        return out

    def _open(self, ws: Any, plan: list[list[str]]) -> int:
        """Jobs of an explicit plan still to do."""
        n = 0
        for task, target in plan:
            if task in ("repair", "recondition") and target == "0:E":
                n += any(ws.entity.damage)
            elif task == "repair":
                n += target in ws.units and ws.units[target].damaged
            elif task == "recondition":
                n += target in ws.units and ws.units[target].needs_recondition
            elif task == "gather":
                n += target in ws.loose and not ws.loose[target].gathered
            elif task == "build":
                job = ws.projects.get(target)
                n += job is None or not job.finished
            elif task == "recycle":
                n += target in ws.units and ws.units[target].in_orbit
            else:
                n += 1  # mining goes on for its days
        return n

    def done(self, clock: Clock, act: Activity) -> bool:
        ws = self.obj(clock, act)
        if "days" in act.options and act.days >= act.options["days"]:
            return True
        plan = act.options.get("plan")
        if plan is None:
            return not ws.pending() and not any(ws.entity.damage)
        return self._open(ws, plan) == 0

    def progress(self, clock: Clock, act: Activity) -> float:
        ws = self.obj(clock, act)
        if "days" in act.options:
            return act.days / act.options["days"]
        plan = act.options.get("plan")
        left = len(ws.pending()) if plan is None else self._open(ws, plan)
        done = sum(1 for d in ws.days[-act.days :] if act.days for r in d.rolls if r["done"])
        return done / max(1, done + left)

    def snapshot(self, clock: Clock, act: Activity) -> Any:
        return copy.deepcopy(self.obj(clock, act).__dict__)

    def restore(self, clock: Clock, act: Activity, saved: Any) -> None:
        ws = self.obj(clock, act)
        ws.__dict__.clear()
        ws.__dict__.update(copy.deepcopy(saved))


class _ScanAdapter(_Adapter):
    def _scanner(self, clock: Clock, act: Activity) -> Any:
        return clock.campaign.get("entities", act.options["scanner"])

    def check(self, clock: Clock, act: Activity) -> None:
        self._scanner(clock, act)
        collection, _, name = act.target.partition("/")
        if collection in ("fleets", "entities") and name:
            clock.campaign.get(collection, name)
        else:
            clock.campaign.get("systems", act.target)

    def participants(self, clock: Clock, act: Activity) -> list[str]:
        return [act.options["scanner"]]

    def systems(self, clock: Clock, act: Activity) -> list[str]:
        return [] if "/" in act.target else [act.target]

    def play(
        self, clock: Clock, act: Activity, day: int, rng: np.random.Generator
    ) -> list[ClockEvent]:
        from .successors.stars.scan import scan_roll

        roll = scan_roll(self._scanner(clock, act), rng)
        act = clock._update(act.name, total=act.total + roll.successes)
        if act.players:
            k = clock.campaign.knowledge
            if "/" in act.target:
                k.scan_fleet(act.target, roll.successes, day=day)
            else:
                k.scan(act.target, roll.successes, act.options.get("orbit"), day=day)
        text = (
            f"Sensors on {act.target}: rolled {list(roll.faces)}, "
            f"{_plural(roll.successes, 'success')} ({act.total} in all)"
        )
        return [clock._event(act, day, "scan", text)]

    def done(self, clock: Clock, act: Activity) -> bool:
        opts = act.options
        return ("days" in opts and act.days >= opts["days"]) or (
            "level" in opts and act.total >= opts["level"]
        )

    def progress(self, clock: Clock, act: Activity) -> float:
        opts = act.options
        shares = []
        if "days" in opts:
            shares.append(act.days / opts["days"])
        if "level" in opts:
            shares.append(act.total / opts["level"])
        return max(shares)


class _TraitsAdapter(_Adapter):
    collection = "entities"

    def participants(self, clock: Clock, act: Activity) -> list[str]:
        return [self.obj(clock, act).name]

    def play(
        self, clock: Clock, act: Activity, day: int, rng: np.random.Generator
    ) -> list[ClockEvent]:
        before = self.obj(clock, act)
        after, said = _heal(before, rng)
        clock.campaign.collections["entities"][act.target] = after
        if not said:
            return []
        return [clock._event(act, day, "heal", f"{after.name}: " + "; ".join(said))]

    def done(self, clock: Clock, act: Activity) -> bool:
        return not any(self.obj(clock, act).damage)

    def progress(self, clock: Clock, act: Activity) -> float:
        return 0.0

    def snapshot(self, clock: Clock, act: Activity) -> Any:
        return self.obj(clock, act)

    def restore(self, clock: Clock, act: Activity, saved: Any) -> None:
        clock.campaign.collections["entities"][act.target] = saved


_ADAPTERS: dict[str, _Adapter] = {
    "journey": _JourneyAdapter(),
    "battle": _BattleAdapter(),
    "workshop": _WorkshopAdapter(),
    "scan": _ScanAdapter(),
    "traits": _TraitsAdapter(),
}
