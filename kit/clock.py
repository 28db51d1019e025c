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
  heal every day);
* an entity or a fleet moving between the orbits of a system, one orbit a day (two when Fast,
  one every two days when Slow; a fleet at the pace of its slowest ship);
* a pack of Ferals eating neutralized ships at 2 RU a day each and mating;
* a Hyper Cannon launching up to its level in Rammers a day at a system where a spotter feeds
  it fire control.

Within a day the order is the ruling's: Hyper Cannon fire and battles, then journeys and moves,
then scans, then Workshops, then daily traits and Ferals feeding (:attr:`Clock.order` plays
another order); activities of one kind play in the order they were put on the clock. A Core Tap
or Stellar Tap serves one entity a day: a second Workshop mining through it that day is refused. An entity
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
import sys
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from . import limits, validate
from .clock_activities import ADAPTERS as _ADAPTERS
from .clock_activities import Campaign as CampaignView
from .clock_activities import move_days, orbit_on
from .clock_days import (
    EVENT_KINDS,
    GM_KINDS,
    KINDS,
    Activity,
    Advance,
    Calendar,
    ClockEvent,
    Timeline,
    _options,
    stream,
)
from .errors import IllegalAction, InvalidInput, InvalidType, KitError, SaveFileError
from .rng import resolve_seed

if TYPE_CHECKING:
    from .successors.combat.workshop import Workshop

Campaign = TypeVar("Campaign", bound=CampaignView)
"""The campaign a clock belongs to: a :class:`kit.campaign.Campaign`, known here by what the
clock reads of it (:class:`kit.clock_activities.Campaign`), since that module imports this one
(the architecture test forbids the circle, type-checking imports included). A campaign's clock
is a ``Clock[Campaign]``, so an ``until`` written for a :class:`kit.campaign.Campaign` fits."""

__all__ = [
    "EVENT_KINDS",
    "GM_KINDS",
    "KINDS",
    "ORDER",
    "Activity",
    "Advance",
    "Calendar",
    "Clock",
    "ClockEvent",
    "Timeline",
    "stream",
]

#: Days one advance plays before it shows a progress bar (unless told ``progress=``).
QUIET_DAYS = 365
#: Where a planned event stops an advance: after playing its day, or before it.
PLANNED_STOPS = ("end", "before")
#: The order of a day by the ruling (docs/rulings.md, Successors 11): every kind of activity.
ORDER = KINDS


# ---------------------------------------------------------------------------- the clock
#: id(game object) -> (a weak reference to it, a weak reference to the clock holding it)
_OWNERS: dict[int, tuple[weakref.ref[Any], weakref.ref[Clock[Any]]]] = {}


class Clock(Generic[Campaign]):
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
        self._planned_stop = "end"
        self._order: tuple[str, ...] = ORDER
        self._activities: dict[str, Activity] = {}
        self._played: list[ClockEvent] = []
        self._entries: list[ClockEvent] = []
        self._undo: list[dict[str, Any]] = []
        self._policies: dict[str, Any] = {}

    # ------------------------------------------------------------------ options
    @property
    def planned_stop(self) -> str:
        """Where a planned event stops :meth:`advance` (docs/rulings.md, the campaign clock):
        ``"end"`` (default) plays the planned day and stops after it, so the GM reads what the
        day brought before the event; ``"before"`` stops before playing that day (a call that
        starts on it plays it)."""
        return self._planned_stop

    @planned_stop.setter
    def planned_stop(self, value: str) -> None:
        self._planned_stop = validate.choice("planned_stop", value, PLANNED_STOPS)

    @property
    def order(self) -> tuple[str, ...]:
        """The order kinds of activity play within a day (docs/rulings.md, the campaign
        clock): by default :data:`ORDER`, the ruling's (Hyper Cannon fire, battles, journeys,
        moves, scans, Workshops, daily traits, Ferals feeding). Set it to another order of
        every kind in :data:`KINDS` to play the days another way.

        >>> from kit import Campaign
        >>> clock = Campaign("Jukint").clock
        >>> clock.order = ("journey", "move", "battle", "cannon", "scan", "workshop",
        ...                "traits", "feeding")
        >>> clock.order[:2]
        ('journey', 'move')
        """
        return self._order

    @order.setter
    def order(self, value: Sequence[str]) -> None:
        items = validate.sequence("order", value)
        if isinstance(value, str) or sorted(map(str, items)) != sorted(KINDS):
            raise InvalidInput(
                f"order must list every kind of activity once, in the order they play: "
                f"{', '.join(KINDS)}; got {value!r}"
            )
        self._order = tuple(str(k) for k in items)

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
            and self._planned_stop == "end"
            and self._order == ORDER
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
        return sorted(out, key=lambda a: self._order.index(a.kind))  # stable within a kind

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

    def position(self, who: str, day: int | None = None) -> tuple[str, int] | None:
        """Where entity or fleet ``who`` is at the end of ``day`` (default today), as
        ``(system, orbit)``, from its moves on the clock (days to come foreseen at its speed);
        a fleet's owner is where its fleet is. None when no move places it; before its first
        move it is where that move starts."""
        who = validate.text("who", who, max_len=limits.MAX_NAME)
        day = self.today if day is None else validate.integer("day", day, 0, limits.MAX_DAYS)
        moves = [
            a
            for a in self._activities.values()
            if a.kind == "move" and who in _ADAPTERS["move"].participants(self, a)
        ]
        if not moves:
            return None
        begins = {a.name: self._move_begin(a) for a in moves}
        begun = [a for a in moves if (begins[a.name] or limits.MAX_DAYS + 1) <= day]
        if not begun:
            first = moves[0]
            return first.options["system"], int(first.options["from"])
        act = max(begun, key=lambda a: begins[a.name] or 0)
        return act.options["system"], orbit_on(act, day, begins[act.name])

    def _move_begin(self, act: Activity) -> int | None:
        """The first day of a move: played, or foreseen (after a move, the day after that one
        arrives); None when it waits for an activity whose end cannot be foreseen."""
        if act.first_day is not None:
            return act.first_day
        if act.after is None:
            return act.start
        before = self._activities[act.after]
        if before.done_day is not None:
            return max(act.start, before.done_day + 1)
        if before.kind != "move":
            return None
        begin = self._move_begin(before)
        return None if begin is None else max(act.start, begin + move_days(before))

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

    def owner_of(self, obj: object) -> Clock[Any] | None:
        """The clock ``obj`` (a journey, workshop or battle) was scheduled on, if any."""
        held = _OWNERS.get(id(obj))
        if held is None or held[0]() is not obj:
            return None
        return held[1]()

    def remove(self, name: str) -> Activity:
        """Take an activity off the clock, or stop it.

        One that has not played a day yet goes; one that has stays as the record of its events
        on the timeline, ended today (its entities are free from tomorrow). Returns its record.
        """
        act = self._get(name)
        waiting = [a.name for a in self._activities.values() if a.after == name]
        if waiting:
            raise IllegalAction(
                f"{', '.join(map(repr, waiting))} wait for {name!r}; remove them first"
            )
        if act.first_day is None:
            del self._activities[name]
            return act
        if act.done_day is None:
            act = self._update(name, done_day=self.today)
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
                ahead = self._planned_on(self.today + 1) if self._planned_stop == "before" else None
                if ahead is not None and played:
                    reason = f"planned on day {ahead.day}: {ahead.text!r} (tomorrow)"
                    break
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
        planned = self._planned_on(day) if self._planned_stop == "end" else None
        if planned is not None:
            return f"planned on day {day}: {planned.text!r}"
        if isinstance(until, str) and self._activities[until].done_day is not None:
            return f"{until!r} ended on day {day}"
        if callable(until) and until(self.campaign):
            return f"the condition held on day {day}"
        if stop_at_end and ended:
            return f"{', '.join(map(repr, ended))} ended on day {day}"
        return ""

    def _planned_on(self, day: int) -> ClockEvent | None:
        return next((e for e in self._entries if e.kind == "planned" and e.day == day), None)

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
        snap["after"] = self._marks(acts)
        self._undo.append(snap)
        return events, ended

    def _marks(self, acts: Sequence[Activity]) -> dict[str, Any]:
        """How the day left each activity's object and the knowledge record (for undo)."""
        out = {a.name: _ADAPTERS[a.kind].mark(self, a) for a in acts if a.name in self._activities}
        out[""] = len(self.campaign.knowledge.log)
        return out

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
        self._check_taps(day, acts if acts is not None else self.running(day))

    def _check_taps(self, day: int, acts: Sequence[Activity]) -> None:
        """A Core Tap or Stellar Tap serves one entity a day (successors.txt): count the
        entities of the day's Workshops that mine through each, against the Taps there."""
        users: dict[tuple[str, str, str], dict[str, str]] = {}
        taps: dict[tuple[str, str, str], int] = {}
        for act in acts:
            if act.kind != "workshop" or "plan" not in act.options:
                continue
            ws = cast("Workshop", self.campaign.get("workshops", act.target))
            system = ws.system.name if ws.system is not None and ws.system.name else "?"
            for task, target in act.options["plan"]:
                site, _, layer = str(target).strip().lower().rpartition(":")
                if task != "mine" or not site:
                    continue
                tap = "Stellar Tap" if site == "star" else "Core Tap"
                if tap == "Core Tap" and layer != "core":
                    continue
                n = len(ws.installed(tap, site))
                if not n:
                    continue  # no Tap: mining a core the slow way is no Tap's business
                key = (system, site, tap)
                taps[key] = max(taps.get(key, 0), n)
                users.setdefault(key, {}).setdefault(ws.entity.name, act.name)
                if len(users[key]) > taps[key]:
                    (a, first), (b, second) = list(users[key].items())[-2:]
                    place = "the star" if site == "star" else f"orbit {site}"
                    raise IllegalAction(
                        f"the {tap} at {place} of {system} serves one entity a day per Tap "
                        f"({n} here): {a!r} ({first!r}) already mines through it on day {day}, "
                        f"so {b!r} ({second!r}) cannot"
                    )

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

    @property
    def can_undo(self) -> bool:
        """Whether a played day can be taken back (this session)."""
        return bool(self._undo)

    def undo(self) -> None:
        """Take back the last day played (in this session; up to
        :data:`kit.limits.MAX_UNDO_DAYS` days)."""
        if not self._undo:
            raise IllegalAction("there is no played day to undo (this session)")
        snap = self._undo[-1]
        acts = [self._activities[n] for n in snap["objects"] if n in self._activities]
        now = self._marks(acts)
        changed = sorted(n for n, m in snap["after"].items() if now.get(n) != m)
        if changed:
            what = ", ".join("the knowledge record" if n == "" else repr(n) for n in changed)
            raise IllegalAction(
                f"day {self.today} cannot be taken back: {what} changed since it was played "
                "(undo those changes first)"
            )
        self._restore(self._undo.pop())

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form (the campaign file's ``clock``)."""
        return {
            "seed": self._seed,
            "today": self.today,
            "calendar": None if self.calendar is None else self.calendar.to_dict(),
            "options": {"planned_stop": self._planned_stop}
            | ({} if self._order == ORDER else {"order": list(self._order)}),
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
            "clock",
            raw,
            ("seed", "today", "calendar", "options", "activities", "events", "entries"),
        )
        options = validate.mapping("clock.options", raw.get("options", {}))
        validate.no_unknown_keys("clock.options", options, ("planned_stop", "order"))
        self.planned_stop = options.get("planned_stop", "end")
        if "order" in options:
            self.order = options["order"]
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

    if sys.platform == "emscripten":
        tqdm.monitor_interval = 0  # Pyodide starts no threads: no monitor thread for the bar
    return tqdm(total=total, initial=done, desc="days", leave=False)
