"""What the players know: one record of discoveries for a whole campaign.

A GM keeps secrets for months of play: which systems the players have scanned and how far,
which routes they have flown, what was told to them at the table. :class:`Knowledge` keeps all
of that as one event log (the same mechanism as every game in the kit, :mod:`kit.log`), so the
players' knowledge can be undone, replayed, saved and loaded, and every player view (maps,
system figures, handouts) can be drawn from it instead of from arguments a GM might forget.

What it records, each with the game day (a number) or date (free text) it was learned on and
its place in the log (its sequence number):

* **Scans.** Sensors successes against a star system add up across days (docs/rulings.md,
  Successors 5). Because what a level shows depends on the orbit the scanner is in, the record
  also keeps, per orbit, the running total reached while scanning from there; the players know
  the union of what each of those positions revealed (nothing learned is forgotten by moving).
* **Fleets and entities.** Sensors successes on a fleet or an entity add up the same way;
  handouts read them as the combat engine reads the Sensors table. Each object has its own key:
  the name the campaign keeps it under in its collection, ``"fleets/<name>"`` or
  ``"entities/<name>"`` (:func:`kit.players.key`), never an owner's or a battle side's name,
  so meeting one fleet of an owner tells nothing of the owner's other fleets.
* **Routes.** Jumps made between two systems (from a route, a journey or a pair of names): a
  route flown once is known, ten times locked (:class:`~kit.successors.sector.SectorRules`
  decides); a Hyper Gate passage makes its pair known without counting as a jump.
* **Reveals and hides.** The GM can tell the players about a system, a route, an orbit, one
  secret of an orbit or a note, and take any of those back again. A hide wins over scans and
  travel until the same thing is revealed again.
* **Notes**, each marked for the players' eyes or the GM's only.

Systems are named by their names (a sector's system names, the campaign's names for its
systems), so one record serves many sectors and files.

>>> k = Knowledge()
>>> k.scan("Aldebaran", 2, orbit=3, day=1)
>>> k.scan("Aldebaran", 1, orbit=3, day=2)
>>> k.level("Aldebaran")
3
>>> k.travelled(("Sol", "Aldebaran"), day=4)
>>> k.known_routes()
{('Aldebaran', 'Sol'): 'known'}
>>> k.undo()
>>> k.known_routes()
{}
>>> Knowledge.from_json(k.to_json()) == k
True
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .. import limits, store, validate
from ..errors import IllegalAction, InvalidInput, InvalidType, KitError, SaveFileError
from ..log import Event, EventLog, Observable
from .record_events import (
    MAX_ORBIT,
    MAX_SCAN,
    Key,
    Learned,
    Note,
    State,
    apply_event,
    check_event,
    event_size,
    fleet_key,
    name_of,
    route_legs,
    sorted_pair,
    target_fields,
    when_fields,
)
from .stars.sensors import SystemView, redact
from .stars.system import Orbit, StarSystem

if TYPE_CHECKING:
    from .sector.journey import Journey
    from .sector.routes import Route

__all__ = ["FORMAT", "MAX_BYTES", "VERSION", "Knowledge", "Learned", "Note"]

FORMAT = "knowledge"
VERSION = 1
#: Most bytes of JSON the record's events may take: a quarter of a save file's budget
#: (:data:`kit.limits.MAX_FILE_BYTES`), so a campaign holding a full record still saves.
MAX_BYTES = limits.MAX_FILE_BYTES // 4
_LOCKED_AFTER = 10  # SectorRules' default; known_routes(locked_after=...) takes another


class Knowledge(Observable):
    """The players' knowledge as an undoable, savable event log.

    Methods that record something (:meth:`scan`, :meth:`scan_fleet`, :meth:`travelled`,
    :meth:`reveal`, :meth:`hide`, :meth:`note`) each append one undoable action; every value
    is checked against :mod:`kit.limits` as it enters, so whatever the record holds saves and
    loads again. Queries derive the answer from the log.

    Observers registered with :meth:`observe` are called with the record after every change
    (an action recorded or undone), so views can follow it.
    """

    log: validate.Field[EventLog] = validate.Field(
        fixed=True, doc="The record's event log (fixed; see kit.validate.Field)."
    )

    def __init__(self) -> None:
        self.log = EventLog()
        self._state: State | None = None
        self._sizes: list[int] = []  # JSON bytes of each event, for the MAX_BYTES budget
        self._bytes = 0  # their sum

    def _changed(self, added: int = 0) -> None:
        """Bring the derived state up to date, then tell the observers (:class:`Observable`).

        After ``added`` new events the state is extended by applying just them (a new event
        never changes what came before); after an undo it is derived again on next use.
        """
        if added and self._state is not None:
            start = len(self.log) - added
            for seq in range(start, len(self.log)):
                apply_event(self._state, seq, self.log[seq])
        else:
            self._state = None
        super()._changed()

    def _add(self, kind: str, data: dict[str, Any]) -> None:
        self._fits([(kind, data)])
        event = self.log.append(kind, **data)
        self._sizes.append(event_size(event))
        self._bytes += self._sizes[-1]
        self._changed(1)

    def _fits(self, new: list[tuple[str, dict[str, Any]]]) -> None:
        """Refuse events that would take the record past :data:`MAX_BYTES` or its event budget."""
        if len(self.log) + len(new) > limits.MAX_EVENTS:
            raise IllegalAction(
                f"the knowledge record is full ({limits.MAX_EVENTS} events); undo, or start a "
                "new record"
            )
        size = self._bytes + sum(event_size(Event(k, d, 0)) for k, d in new)
        if size > MAX_BYTES:
            raise IllegalAction(
                f"the knowledge record is full: it would take {size} bytes, more than "
                f"{MAX_BYTES} (a quarter of kit.limits.MAX_FILE_BYTES); shorten notes or undo"
            )

    # ----------------------------------------------------------------- recording
    @contextmanager
    def action(self) -> Iterator[None]:
        """Group the records made inside the ``with`` block into one undoable action.

        If the block raises, everything it recorded is removed again.
        """
        mark = len(self.log)
        try:
            with self.log.action():
                yield
        except BaseException:
            del self._sizes[mark:]
            self._bytes = sum(self._sizes)
            self._changed()
            raise

    def scan(
        self,
        system: str | StarSystem,
        successes: int,
        orbit: int | None = None,
        *,
        day: int | None = None,
        date: str | None = None,
    ) -> None:
        """Add one scan's Sensors ``successes`` against ``system`` (a name or a StarSystem).

        ``orbit`` is the orbit the scanner was in (None: outside the orbits); what the new
        total shows is judged from there, and kept when the scanner moves on.
        """
        data: dict[str, Any] = {
            "system": name_of("system", system),
            "successes": validate.integer("successes", successes, 0, MAX_SCAN),
        }
        if orbit is not None:
            data["orbit"] = validate.integer("orbit", orbit, 1, MAX_ORBIT)
        self._add("scan", data | when_fields(day, date))

    def scan_fleet(
        self, fleet: str, successes: int, *, day: int | None = None, date: str | None = None
    ) -> None:
        """Add Sensors ``successes`` on a fleet or an entity, by its key.

        The key of an object the campaign keeps is its collection and name,
        ``"fleets/<name>"`` or ``"entities/<name>"`` (:func:`kit.players.key`); player views
        look objects up by that key only.
        """
        data = {
            "fleet": fleet_key("fleet", fleet),
            "successes": validate.integer("successes", successes, 0, MAX_SCAN),
        }
        self._add("scan_fleet", data | when_fields(day, date))

    def travelled(
        self,
        route: Journey | Route | tuple[str, str] | list[str],
        *,
        times: int = 1,
        day: int | None = None,
        date: str | None = None,
    ) -> None:
        """Record routes flown: a Journey's jumps and gate passages, a Route's legs or a pair.

        A :class:`~kit.successors.sector.Journey` counts only the jumps its log holds (what
        was really flown); a :class:`~kit.successors.sector.Route` or a pair of system names
        counts every leg ``times`` times. Everything goes in as one undoable action.
        """
        times = validate.integer("times", times, 1, 1000)
        when = when_fields(day, date)
        legs = route_legs(route)
        if not legs:
            raise InvalidInput("the route or journey has no jump or gate passage to record")
        events = [
            ("travel", {"a": a, "b": b, "times": 0 if gate else times, "gate": gate, **when})
            for a, b, gate in legs
        ]
        self._fits(events)
        with self.log.action():
            added = [self.log.append(kind, **data) for kind, data in events]
        self._sizes += [event_size(e) for e in added]
        self._bytes = sum(self._sizes)
        self._changed(len(added))

    def reveal(
        self,
        what: str | StarSystem | tuple[str, str] | list[str] | None = None,
        *,
        orbit: int | None = None,
        secret: str | None = None,
        note: int | None = None,
        day: int | None = None,
        date: str | None = None,
    ) -> None:
        """Tell the players something by hand.

        ``what`` is a system name (the players know it: its name, place and star type), a pair
        of names (a route known as if flown once); with ``orbit=`` the details of that orbit,
        with ``orbit=`` and ``secret=`` (its text) one secret of it, which also shows the
        orbit. ``note=<number>`` shows a GM-only note to the players.
        """
        self._toggle("reveal", target_fields(what, orbit, secret, note, verb="reveal"), day, date)

    def hide(
        self,
        what: str | StarSystem | tuple[str, str] | list[str] | None = None,
        *,
        orbit: int | None = None,
        secret: str | None = None,
        note: int | None = None,
        day: int | None = None,
        date: str | None = None,
    ) -> None:
        """Take back what :meth:`reveal` names, whatever scans or travel showed.

        The hide holds until the same thing is revealed again. Hiding a system hides its
        scans too (its view is as if never scanned).
        """
        self._toggle("hide", target_fields(what, orbit, secret, note, verb="hide"), day, date)

    def _toggle(self, verb: str, data: dict[str, Any], day: int | None, date: str | None) -> None:
        """Record a reveal or a hide of ``data`` (a note's number must name a note)."""
        if "note" in data and data["note"] >= len(self.notes()):
            raise InvalidInput(
                f"note must be a number below {len(self.notes())}, got {data['note']!r}"
            )
        self._add(verb, data | when_fields(day, date))

    def note(
        self,
        text: str,
        player_visible: bool = True,
        *,
        about: str | None = None,
        day: int | None = None,
        date: str | None = None,
    ) -> int:
        """Write a note (for the players' eyes unless ``player_visible=False``); return its number."""
        data: dict[str, Any] = {
            "text": validate.text("text", text, max_len=limits.MAX_TEXT),
            "player_visible": validate.boolean("player_visible", player_visible),
        }
        if about is not None:
            data["about"] = name_of("about", about)
        number = len(self.notes())
        self._add("note", data | when_fields(day, date))
        return number

    def undo(self) -> None:
        """Drop the last recorded action."""
        removed = self.log.undo()
        del self._sizes[len(self._sizes) - len(removed) :]
        self._bytes = sum(self._sizes)
        self._changed()

    # ----------------------------------------------------------------- deriving
    @property
    def _derived(self) -> State:
        if self._state is None:
            st = State()
            for seq, e in enumerate(self.log):
                apply_event(st, seq, e)
            self._state = st
        return self._state

    def _shown(self, key: Key, learned: bool) -> bool:
        st = self._derived
        return key not in st.hidden and (learned or key in st.revealed)

    def level(self, system: str | StarSystem) -> int:
        """Sensors successes the players have on ``system`` (0 when never scanned or hidden)."""
        name = name_of("system", system)
        if ("system", name) in self._derived.hidden:
            return 0
        return self._derived.systems.get(name, 0)

    def orbit_levels(self, system: str | StarSystem) -> dict[int | None, int]:
        """Per scanning position (an orbit, or None for outside), the total reached there."""
        name = name_of("system", system)
        if ("system", name) in self._derived.hidden:
            return {}
        return dict(self._derived.orbit_levels.get(name, {}))

    def fleet_level(self, fleet: str) -> int:
        """Sensors successes the players have on a fleet or an entity (0 if never scanned)."""
        return self._derived.fleets.get(fleet_key("fleet", fleet), 0)

    def met(self, fleet: str) -> bool:
        """Whether the players have met the fleet or entity (a scan of it is recorded, even one
        of 0 successes, which shows its presence)."""
        return fleet_key("fleet", fleet) in self._derived.fleets

    def knows_system(self, system: str | StarSystem) -> bool:
        """Whether the players know the system (scanned, flown to or from, or revealed).

        A system revealed only as part of something else (a route, an orbit or a secret of
        it) is known while that reveal stands: hiding the route, orbit or secret again takes
        the system back with it, as if it had never been revealed.
        """
        name = name_of("system", system)
        st = self._derived
        learned = ("system", name) in st.learned or name in st.told_now()
        return self._shown(("system", name), learned)

    def known_systems(self) -> list[str]:
        """Names of the systems the players know, in the order they learned them."""
        st = self._derived
        names = {k[1] for k in st.learned if k[0] == "system"}
        names |= {k[1] for k in st.revealed if k[0] == "system"}
        names |= st.told_now()

        def first(n: str) -> int:
            found = st.learned.get(("system", n)) or st.told.get(n)
            return found.seq if found is not None else len(self.log)

        return sorted(
            (n for n in names if ("system", n) not in st.hidden), key=lambda n: (first(n), n)
        )

    def knows_route(self, a: str, b: str) -> bool:
        """Whether the players know the route between two systems."""
        return sorted_pair(name_of("a", a), name_of("b", b)) in self.known_routes()

    def known_routes(self, *, locked_after: int = _LOCKED_AFTER) -> dict[tuple[str, str], str]:
        """Routes the players know, as ``{(a, b): status}`` with names in sorted order.

        Status is ``"known"``, ``"locked"`` (flown ``locked_after`` times or more) or
        ``"gate"`` (known only by a Hyper Gate passage).
        """
        locked_after = validate.integer("locked_after", locked_after, 1)
        st = self._derived
        out: dict[tuple[str, str], str] = {}
        pairs = set(st.routes) | st.gates | {(k[1], k[2]) for k in st.revealed if k[0] == "route"}
        for pair in sorted(pairs):
            key = ("route", *pair)
            if key in st.hidden:
                continue
            jumps = st.routes.get(pair, 0)
            if jumps >= locked_after:
                out[pair] = "locked"
            elif jumps >= 1 or key in st.revealed:
                out[pair] = "known"
            else:
                out[pair] = "gate"
        return out

    def notes(self) -> list[Note]:
        """Every note, the GM-only ones included (GM use)."""
        return list(self._derived.notes)

    def visible_notes(self) -> list[Note]:
        """The notes the players may read (written for them or revealed since)."""
        st = self._derived
        return [
            n
            for n in st.notes
            if ("note", n.number) not in st.hidden
            and (n.player_visible or ("note", n.number) in st.revealed)
        ]

    def learned(self, what: str | StarSystem | tuple[str, str] | list[str]) -> Learned | None:
        """When a system (a name) or a route (a pair of names) first became known, or None."""
        if isinstance(what, (tuple, list)):
            if len(what) != 2:
                raise InvalidInput(f"a route is a pair of system names, got {what!r}")
            key: Key = (
                "route",
                *sorted_pair(name_of("route[0]", what[0]), name_of("route[1]", what[1])),
            )
        else:
            name = name_of("system", what)
            key = ("system", name)
            st = self._derived
            if key not in st.learned and name in st.told_now():
                return st.told.get(name)
        return self._derived.learned.get(key)

    def view(self, system: StarSystem, *, name: str | None = None) -> SystemView:
        """What the players know of ``system``: the union of every scanning position's view.

        The system is looked up by ``name`` (default: its own name). Orbits and secrets the
        GM revealed are added, hidden ones removed. The view's ``successes`` is the total and
        its ``current_orbit`` the last orbit scanned from.
        """
        if not isinstance(system, StarSystem):
            raise InvalidType(f"system must be a StarSystem, got {type(system).__name__}")
        key_name = name_of("system name", system.name if name is None else name)
        st = self._derived
        n = len(system.orbits)
        if ("system", key_name) in st.hidden:
            return redact(system, 0)
        positions = st.orbit_levels.get(key_name, {})
        views = [
            redact(system, total, current_orbit=o if o is None or o <= n else None)
            for o, total in positions.items()
        ] or [redact(system, 0)]
        merged: list[Orbit | None] = []
        for i, original in enumerate(system.orbits):
            number = original.number
            known = [v.orbits[i] for v in views if v.orbits[i] is not None]
            secrets = {s.text for v in known for s in (v.secrets if v else ())}
            secrets |= {
                k[3]
                for k in st.revealed
                if k[0] == "secret" and k[1] == key_name and k[2] == number
            }
            secrets = {t for t in secrets if ("secret", key_name, number, t) not in st.hidden}
            orbit_key = ("orbit", key_name, number)
            shown = (
                bool(known)
                or orbit_key in st.revealed
                or any(
                    k[0] == "secret" and k[1] == key_name and k[2] == number and k[3] in secrets
                    for k in st.revealed
                )
            ) and orbit_key not in st.hidden
            if not shown:
                merged.append(None)
                continue
            merged.append(
                replace(original, secrets=tuple(s for s in original.secrets if s.text in secrets))
            )
        last = next(reversed(positions), None) if positions else None
        current = last if last is not None and last <= n else None
        return SystemView(system.name, system.star, tuple(merged), self.level(key_name), current)

    # ----------------------------------------------------------------- saving
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form: the events."""
        return {"events": self.log.to_list()}

    @classmethod
    def from_dict(cls, raw: object) -> Knowledge:
        """Rebuild a record from :meth:`to_dict`, checking every event as the methods do."""
        try:
            raw = validate.mapping("knowledge", raw)
            validate.no_unknown_keys("knowledge", raw, ("events",))
            events = list(EventLog.from_list(raw.get("events", [])))
            notes = 0
            checked = []
            for i, e in enumerate(events):
                checked.append(Event(e.kind, check_event(e, i, notes), e.action))
                notes += e.kind == "note"
                if i and e.action < events[i - 1].action:
                    raise InvalidInput(f"events[{i}].action must not go below the one before")
            k = cls()
            validate.restore(k, "log", EventLog(checked))
            k._sizes = [event_size(e) for e in checked]
            k._bytes = sum(k._sizes)
            if k._bytes > MAX_BYTES:
                raise InvalidInput(f"its events take more than {MAX_BYTES} bytes")
        except SaveFileError:
            raise
        except (KitError, TypeError, ValueError, KeyError, IndexError) as exc:
            raise SaveFileError(f"knowledge record is invalid: {exc}") from None
        return k

    def to_json(self) -> str:
        """The record as versioned JSON text (``gm-kit/knowledge``)."""
        return store.dumps(FORMAT, VERSION, self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Knowledge:
        """Load :meth:`to_json` output."""
        return cls.from_dict(store.loads(text, FORMAT, VERSION))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Knowledge) and self.log == other.log

    def __len__(self) -> int:
        return len(self.log)

    def summary(self) -> str:
        """A few lines for the GM: systems, routes, fleets and notes known."""
        st = self._derived
        lines = [f"{len(self.known_systems())} known systems, {len(self.known_routes())} routes"]
        lines += [f"  {n}: {self.level(n)} Sensors successes" for n in self.known_systems()]
        lines += [f"  fleet {f}: {n} Sensors successes" for f, n in sorted(st.fleets.items())]
        shown = len(self.visible_notes())
        lines.append(f"{len(st.notes)} notes, {shown} for the players")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Knowledge({len(self.log)} events, {len(self.known_systems())} known systems)"
