"""A GM's campaign: one file that keeps a whole prep across sessions.

A :class:`Campaign` holds named collections - jobs (planned and played), custom job types,
crews, boards, entities, fleets, battles, star systems, sectors and journeys - plus house-rule
options and session notes. Each object is stored in its own versioned save format inside the
campaign file, so every object keeps its full event log and replays exactly on load.

The campaign file itself is versioned JSON (``"format": "gm-kit/campaign"``), saved atomically
(a crash mid-save leaves the previous file intact), and older campaign versions are migrated on
load. Objects are rebuilt only as the kinds registered in :mod:`kit.registry` (each kind names
the collection that keeps it): a file can never name arbitrary code to import.

The campaign also keeps :attr:`Campaign.knowledge`, the one record of what the players know
(:class:`kit.successors.knowledge.Knowledge`): Sensors scans, routes flown, the GM's reveals and
notes. Player maps, system figures and handouts render from it; :meth:`Campaign.record_journey`,
:meth:`Campaign.record_battle` and :meth:`Campaign.scan_day` update it from games played in the
campaign.

Names, notes, house rules and session notes are checked against :mod:`kit.limits` whenever
they are set, not only when a file is loaded, so whatever a campaign holds saves and loads
again. Two GMs sharing one file cannot silently overwrite each other: :meth:`Campaign.save`
refuses to replace a file that changed since this campaign loaded or saved it
(:class:`~kit.errors.SaveConflict`) unless told ``force=True``.

>>> from kit import Campaign
>>> from kit.regulus import Job, Operative
>>> camp = Campaign("Neon Reach")
>>> camp.add(Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1), "vault job")
'vault job'
>>> Campaign.from_json(camp.to_json()) == camp
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, overload

from . import limits, registry, store, validate
from .campaign_store import (
    Collection,
    HouseRules,
    SessionList,
    SessionNote,
    checked_house_rules,
    decode_item,
    encode_item,
    kind_in,
    session_list,
)
from .clock import Advance, Calendar, Clock, Timeline
from .clock_days import MAX_ORBIT
from .errors import IllegalAction, InvalidInput, InvalidType, KitError, SaveConflict, SaveFileError

if TYPE_CHECKING:
    from .boards.base import Board
    from .boards.cards import EventDeck
    from .regulus.job import Job, Operative
    from .regulus.tables import JobType
    from .rng import SeedLike
    from .successors.combat.battle import Battle
    from .successors.combat.protocol import CombatPolicy
    from .successors.combat.workshop import Workshop
    from .successors.entities import Entity
    from .successors.fleets import Fleet
    from .successors.knowledge import Knowledge
    from .successors.sector.journey import Journey
    from .successors.sector.sector import Sector
    from .successors.stars.scan import TaskRoll
    from .successors.stars.system import StarSystem

__all__ = ["Campaign", "Crew", "HouseRules", "SessionNote"]


@dataclass(frozen=True)
class Crew:
    """A named crew of operatives kept between jobs."""

    operatives: tuple[Operative, ...]
    """The :class:`~kit.regulus.Operative` members."""

    def to_json(self) -> str:
        return store.dumps("crew", 1, [op.to_dict() for op in self.operatives])

    @classmethod
    def from_json(cls, text: str | bytes) -> Crew:
        from .regulus import Operative

        data = store.loads(text, "crew", 1)
        return cls(tuple(Operative.from_dict(op) for op in validate.sequence("crew", data)))


class Campaign:
    """Everything a GM prepares, in named collections, saved as one versioned JSON file.

    Args:
        name: the campaign's name.
        notes: free-form notes.
        house_rules: option objects keyed by system (``{"regulus": RegulusRules(...)}``); stored
            with their own ``to_dict``.
    """

    KIND = "campaign"
    VERSION = 6

    # every public field is a kit.validate.Field: checked when set, by the constructor or later
    name = validate.Field(
        validate.text,
        label="campaign name",
        max_len=limits.MAX_NAME,
        doc="The campaign's name (1 to :data:`kit.limits.MAX_NAME` characters).",
    )
    notes = validate.Field(
        validate.text,
        allow_empty=True,
        max_len=limits.MAX_NOTES,
        doc="Free-form notes (up to :data:`kit.limits.MAX_NOTES` characters).",
    )
    house_rules = validate.Field(
        checked_house_rules, doc="Rules options by system; each entry is checked when it is set."
    )
    knowledge = validate.Field(
        lambda label, value: validate.instance(label, value, _knowledge_class()),
        doc="What the players know (a :class:`~kit.successors.knowledge.Knowledge` record).",
    )
    sessions = validate.Field(
        session_list, doc="The session notes (a list that holds only SessionNote objects)."
    )
    clock: validate.Field[Clock[Any]] = validate.Field(
        fixed=True, doc="The campaign's one clock of standard days (:class:`kit.clock.Clock`)."
    )
    collections: validate.Field[Mapping[str, Collection]] = validate.Field(
        fixed=True, doc="Collection name -> its :class:`~kit.campaign_store.Collection` (fixed)."
    )

    def __init__(
        self,
        name: str = "Campaign",
        *,
        notes: str = "",
        house_rules: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> None:
        self.name = name
        self.notes = notes
        self.house_rules = house_rules or {}
        self.sessions = SessionList()
        self._collections = {c: Collection(c) for c in registry.collections()}
        self.collections = MappingProxyType(self._collections)
        self.knowledge = _knowledge_class()()
        #: real path of each file this campaign loaded or saved -> hash of its bytes then.
        self._seen: dict[str, str] = {}
        #: the campaign's one clock of standard days (kit.clock)
        self.clock = Clock(self, seed)

    # ------------------------------------------------------------------ contents
    def collection_for(self, obj: object) -> str:
        """The collection an object belongs in (raises for types a campaign cannot keep)."""
        collection = kind_in(obj).collection
        assert collection is not None  # kind_in refuses kinds without one
        return collection

    def _collection(self, name: str) -> Collection:
        """The collection ``name``, made on first use for a kind registered after this campaign
        was created."""
        validate.choice("collection", name, list(registry.collections()))
        if name not in self._collections:
            self._collections[name] = Collection(name)
        return self._collections[name]

    def add(self, obj: object, name: str | None = None, *, replace: bool = False) -> str:
        """Store ``obj`` under ``name`` in its collection and return the name used.

        Without a name the object's own title or name is used, made unique with a number.
        An existing name raises unless ``replace=True``.
        """
        collection = self.collection_for(obj)
        items = self._collection(collection)
        if name is None:
            base = str(getattr(obj, "title", "") or getattr(obj, "name", "") or collection[:-1])
            name, i = base, 2
            while name in items:
                name, i = f"{base} {i}", i + 1
        name = Collection.item_name(name)
        if name in items and not replace:
            raise InvalidInput(
                f"{collection} already has an item named {name!r}; pass replace=True to overwrite"
            )
        encode_item(obj)  # fail now, not at save time, if the object cannot be saved
        previous = items.get(name)
        items[name] = obj
        try:  # and the campaign with it must still fit the file budgets (kit.limits)
            self.to_json()
        except SaveFileError as exc:
            if previous is None:
                del items[name]
            else:
                items[name] = previous
            raise InvalidInput(f"cannot add {name!r}: {exc}") from None
        return name

    def add_crew(self, name: str, operatives: Iterable[Operative | Mapping[str, Any]]) -> str:
        """Keep a named crew (a list of Operatives) for later jobs."""
        from .regulus import Operative

        ops = tuple(
            op if isinstance(op, Operative) else Operative.from_dict(op) for op in operatives
        )
        return self.add(Crew(ops), name, replace=True)

    def crew(self, name: str) -> list[Operative]:
        """The operatives of a stored crew."""
        return list(self.get("crews", name).operatives)

    @overload
    def get(self, collection: Literal["jobs"], name: str) -> Job: ...
    @overload
    def get(self, collection: Literal["job_types"], name: str) -> JobType: ...
    @overload
    def get(self, collection: Literal["crews"], name: str) -> Crew: ...
    @overload
    def get(self, collection: Literal["boards"], name: str) -> Board[Any]: ...
    @overload
    def get(self, collection: Literal["decks"], name: str) -> EventDeck: ...
    @overload
    def get(self, collection: Literal["entities"], name: str) -> Entity: ...
    @overload
    def get(self, collection: Literal["fleets"], name: str) -> Fleet: ...
    @overload
    def get(self, collection: Literal["battles"], name: str) -> Battle: ...
    @overload
    def get(self, collection: Literal["systems"], name: str) -> StarSystem: ...
    @overload
    def get(self, collection: Literal["sectors"], name: str) -> Sector: ...
    @overload
    def get(self, collection: Literal["journeys"], name: str) -> Journey: ...
    @overload
    def get(self, collection: Literal["workshops"], name: str) -> Workshop: ...
    @overload
    def get(self, collection: str, name: str) -> object: ...
    def get(self, collection: str, name: str) -> object:
        """The item ``name`` of ``collection`` (typed by the collection: ``get("jobs", ...)``
        is a :class:`~kit.regulus.Job`)."""
        items = self._collection(collection)
        if name not in items:
            shown = ", ".join(map(repr, items)) or "none yet"
            raise InvalidInput(f"{collection} has no item {name!r}; it has {shown}")
        return items[name]

    @overload
    def remove(self, collection: Literal["jobs"], name: str) -> Job: ...
    @overload
    def remove(self, collection: Literal["job_types"], name: str) -> JobType: ...
    @overload
    def remove(self, collection: Literal["crews"], name: str) -> Crew: ...
    @overload
    def remove(self, collection: Literal["boards"], name: str) -> Board[Any]: ...
    @overload
    def remove(self, collection: Literal["decks"], name: str) -> EventDeck: ...
    @overload
    def remove(self, collection: Literal["entities"], name: str) -> Entity: ...
    @overload
    def remove(self, collection: Literal["fleets"], name: str) -> Fleet: ...
    @overload
    def remove(self, collection: Literal["battles"], name: str) -> Battle: ...
    @overload
    def remove(self, collection: Literal["systems"], name: str) -> StarSystem: ...
    @overload
    def remove(self, collection: Literal["sectors"], name: str) -> Sector: ...
    @overload
    def remove(self, collection: Literal["journeys"], name: str) -> Journey: ...
    @overload
    def remove(self, collection: Literal["workshops"], name: str) -> Workshop: ...
    @overload
    def remove(self, collection: str, name: str) -> object: ...
    def remove(self, collection: str, name: str) -> object:
        """Remove and return an item (refused while it is on the clock)."""
        obj = self.get(collection, name)
        kinds = {"journeys": "journey", "workshops": "workshop", "battles": "battle"}
        kinds["entities"] = "traits"
        for act in self.clock.activities.values():
            held = act.target == name and kinds.get(collection) == act.kind
            scanner = collection == "entities" and act.options.get("scanner") == name
            scanned = act.kind == "scan" and act.target in (name, f"{collection}/{name}")
            key = f"{collection}/{name}"
            moved = act.kind == "move" and act.target == key
            spotter = act.kind == "cannon" and key in (
                act.options["spotter"],
                f"battles/{act.options.get('battle')}",
            )
            feral = act.kind == "feeding" and collection == "entities"
            feral = feral and name in act.options["ferals"]
            if (
                held
                or scanner
                or moved
                or spotter
                or feral
                or (scanned and collection in ("systems", "fleets", "entities"))
            ):
                raise IllegalAction(
                    f"{collection}/{name} is on the clock in activity {act.name!r}; take that "
                    f"off first with campaign.clock.remove({act.name!r})"
                )
        del self.collections[collection][name]
        return obj

    def __getattr__(self, name: str) -> Collection:
        collections: Mapping[str, Collection] | None = self.__dict__.get("collections")
        if collections is not None and name in collections:
            return collections[name]
        raise AttributeError(f"'Campaign' object has no attribute {name!r}")

    def __iter__(self) -> Iterator[tuple[str, str, Any]]:
        for collection, items in self.collections.items():
            for name, obj in items.items():
                yield collection, name, obj

    def __len__(self) -> int:
        return sum(len(items) for items in self.collections.values())

    def add_session(self, title: str, text: str = "", date: str = "") -> SessionNote:
        """Append a session note."""
        note = SessionNote(title, text, date)
        self.sessions.append(note)
        return note

    # ------------------------------------------------------------------ played games
    def record_journey(
        self,
        journey: Journey | str,
        *,
        sector: Sector | str | None = None,
        day: int | None = None,
        date: str | None = None,
    ) -> int:
        """Mark the routes a played journey flew as travelled; return how many jumps it made.

        ``journey`` is a :class:`~kit.successors.sector.Journey` or the name of one in
        ``journeys``. The jumps and gate passages in its log go into :attr:`knowledge` (one
        undoable action); with ``sector`` (a Sector or the name of one in ``sectors``) the
        jumps also count in that sector's route history, as
        :meth:`~kit.successors.sector.Journey.record_in` does.
        """
        from .successors.sector import Journey, Sector

        if isinstance(journey, str):
            journey = self.get("journeys", journey)
        if not isinstance(journey, Journey):
            raise InvalidType(
                f"journey must be a Journey or a stored journey's name, got {journey!r}"
            )
        if isinstance(sector, str):
            sector = self.get("sectors", sector)
        if sector is not None and not isinstance(sector, Sector):
            raise InvalidType(f"sector must be a Sector or a stored sector's name, got {sector!r}")
        self.knowledge.travelled(journey, day=self._day(day, date), date=date)
        return (
            journey.record_in(sector)
            if sector is not None
            else sum(1 for e in journey.log if e.kind == "jump")
        )

    def record_battle(
        self,
        battle: Battle | str,
        side: int | str = 0,
        *,
        targets: Mapping[int | str, Any] | None = None,
        day: int | None = None,
        date: str | None = None,
    ) -> int:
        """Record the Sensors successes ``side`` (the players') gathered in a battle.

        ``battle`` is a :class:`~kit.successors.combat.Battle` or the name of one in
        ``battles``; ``side`` its index or name. Each Sensors roll of that side on another side
        adds its successes to :attr:`knowledge` under the key of the object that side *is*
        (identity by object, never by a display name):

        * a side set up from a fleet the campaign keeps (``Side(..., ships=fleet)``, its ships
          the very ship objects of that fleet) is that fleet, ``"fleets/<name>"``; its entity,
          when the campaign keeps that very entity object too, is also ``"entities/<name>"``;
        * a side led by an entity the campaign keeps (the same object) is that entity;
        * ``targets`` names the object of a side by hand (``{1: "Vorakh's fleet"}``, a
          ``"fleets/..."`` or ``"entities/..."`` key, the stored object itself, or None to
          record nothing for it): needed for a battle loaded from a file, whose sides are new
          objects;
        * any other side is recorded under a key of its own in this battle,
          ``"battles/<name>/sides/<index>"`` (when the battle is stored), which no fleet or
          entity shares. A side named after its owner therefore makes no other fleet of that
          owner known.

        All in one undoable action. Record each battle once: a second call adds the successes
        again. Returns the successes recorded.
        """
        from .successors.combat.battle import Battle

        if isinstance(battle, str):
            battle = self.get("battles", battle)
        if not isinstance(battle, Battle):
            raise InvalidType(f"battle must be a Battle or a stored battle's name, got {battle!r}")
        names = [s.name for s in battle.sides]
        if isinstance(side, str):
            who = validate.choice("side", side, names)
            side = names.index(who)
        side = validate.integer("side", side, 0, len(names) - 1)
        from .players.identity import side_keys

        keys = side_keys(self.collections, battle, targets)
        total = 0
        with self.knowledge.action():
            for e in battle.log:
                if e.kind == "sensors" and e["side"] == side and keys[e["target"]]:
                    for k in keys[e["target"]]:
                        self.knowledge.scan_fleet(
                            k, e["successes"], day=self._day(day, date), date=date
                        )
                    total += e["successes"]
        return total

    def scan_day(
        self,
        system: StarSystem | str,
        scanner: Entity | str,
        *,
        orbit: int | None = None,
        seed: SeedLike = None,
        day: int | None = None,
        date: str | None = None,
    ) -> TaskRoll:
        """Roll one day's Sensors scan of ``system`` by ``scanner`` and record its successes.

        ``system`` is a StarSystem or the name of one in ``systems`` (the record keys it by
        that name); ``scanner`` an Entity or the name of one in ``entities``. Returns the
        :class:`~kit.successors.stars.scan.TaskRoll` with every die's face.
        """
        from .successors.stars.scan import scan_roll

        if isinstance(system, str):
            self.get("systems", system)
            name = system
        else:
            named = getattr(system, "name", None)
            if not named:
                raise InvalidInput(
                    "system must be a stored system's name or a named StarSystem (the record "
                    f"keeps scans by name), got {system!r}"
                )
            name = named
        entity: Entity = self.get("entities", scanner) if isinstance(scanner, str) else scanner
        roll = scan_roll(entity, seed)
        self.knowledge.scan(name, roll.successes, orbit, day=self._day(day, date), date=date)
        return roll

    # ------------------------------------------------------------------ the clock
    def _day(self, day: int | None, date: str | None) -> int | None:
        """The day a record is dated: the one given, else today on the clock (once it runs)."""
        if day is None and date is None and self.clock.today > 0:
            return self.clock.today
        return day

    @property
    def today(self) -> int:
        """Today's standard day on the campaign's clock (0 before the first day is played)."""
        return self.clock.today

    @property
    def timeline(self) -> Timeline:
        """Every dated event of the campaign, in order (see :class:`kit.clock.Timeline`)."""
        return self.clock.timeline

    @property
    def calendar(self) -> Calendar | None:
        """The GM's calendar that formats days as dates (None: ``day N``)."""
        return self.clock.calendar

    @calendar.setter
    def calendar(self, value: Calendar | None) -> None:
        if value is not None and not isinstance(value, Calendar):
            raise InvalidType(f"calendar must be a kit.clock.Calendar or None, got {value!r}")
        self.clock.calendar = value

    def date(self, day: int | None = None) -> str:
        """``day`` (default today) as the campaign's calendar writes it."""
        return self.clock.date(day)

    def schedule(
        self,
        obj: object,
        name: str | None = None,
        *,
        start: int | None = None,
        after: str | None = None,
        players: bool = False,
        plan: Iterable[tuple[str, Any]] | None = None,
        days: int | None = None,
        policy: CombatPolicy | None = None,
    ) -> str:
        """Put a Journey, a Workshop (with its ``plan``), a Battle or an Entity (its daily
        traits) on the clock; return its name in its collection.

        An object not in the campaign yet is added as :meth:`add` would (under ``name``);
        one already kept is played in place. It plays from ``start`` (default tomorrow) or
        from the day after activity ``after`` ends. ``players=True`` shows its events to the
        players. A Workshop plays ``plan`` (``(task, target)`` pairs, default: its pending
        jobs) until done or for ``days`` days; a Battle plays a round a day with ``policy``
        (default automatic; kept for this session only, a loaded battle plays automatically).

        Raises:
            InvalidInput: the object is on another campaign's clock, or already on this one.
            IllegalAction: it would share an entity or ship with another activity on a day.
        """
        from .successors.combat.battle import Battle
        from .successors.combat.workshop import Workshop
        from .successors.entities import Entity
        from .successors.sector.journey import Journey

        kinds = {Journey: "journey", Workshop: "workshop", Battle: "battle", Entity: "traits"}
        kind = next((k for cls, k in kinds.items() if isinstance(obj, cls)), None)
        if kind is None:
            raise InvalidType(
                "schedule takes a Journey, a Workshop, a Battle or an Entity, got "
                f"{type(obj).__name__}; scans go on the clock with schedule_scan"
            )
        owner = self.clock.owner_of(obj)
        if owner is not None and owner is not self.clock:
            raise InvalidInput(
                f"this {type(obj).__name__} is on the clock of campaign "
                f"{owner.campaign.name!r}; a game plays on one campaign's clock (copy it with "
                "from_json(to_json()) to play it here too)"
            )
        collection = self.collection_for(obj)
        items = self._collection(collection)
        held = next((n for n, o in items.items() if o is obj), None)
        if held is not None and name is not None and name != held:
            raise InvalidInput(f"this object is kept in {collection} as {held!r}, not {name!r}")
        if any(a.kind == kind and a.target == held for a in self.clock.activities.values()):
            raise InvalidInput(f"{collection}/{held} is already on the clock")
        added = held is None
        item = held if held is not None else self.add(obj, name)
        options: dict[str, Any] = {}
        if plan is not None:
            options["plan"] = [list(p) for p in plan]
        if days is not None:
            options["days"] = days
        if options and kind != "workshop":
            raise InvalidInput("plan= and days= belong to a Workshop")
        activity = item if item not in self.clock.activities else f"{collection}/{item}"
        try:
            self.clock.add(
                kind,
                item,
                name=activity,
                start=start,
                after=after,
                players=players,
                options=options,
                obj=obj if kind != "traits" else None,
            )
        except BaseException:
            if added:
                del items[item]
            raise
        if policy is not None:
            self.clock._policies[activity] = policy
        return item

    def schedule_scan(
        self,
        target: str,
        scanner: str,
        *,
        orbit: int | None = None,
        days: int | None = None,
        level: int | None = None,
        name: str | None = None,
        start: int | None = None,
        after: str | None = None,
        players: bool = True,
    ) -> str:
        """Put a Sensors scan on the clock: ``scanner`` (an entity kept in ``entities``) rolls
        one set a day on ``target`` (a kept system's name, or ``"fleets/<name>"`` /
        ``"entities/<name>"``) for ``days`` days or until ``level`` successes; return the
        activity's name. A players' scan (the default) adds each day's successes to
        :attr:`knowledge`, dated by the clock; ``players=False`` is a scan of the GM's side."""
        given = {"orbit": orbit, "days": days, "level": level}
        options: dict[str, Any] = {"scanner": scanner} | {
            k: v for k, v in given.items() if v is not None
        }
        target = validate.text("target", target, max_len=limits.MAX_NAME + 20)
        return self.clock.add(
            "scan",
            target,
            name=name or f"scan of {target}",
            start=start,
            after=after,
            players=players,
            options=options,
        )

    def _party(self, who: str, label: str = "who") -> tuple[str, str]:
        """(collection, name) of an entity or fleet named ``who`` (``"fleets/<name>"`` and
        ``"entities/<name>"`` say which; a bare name is looked up in entities, then fleets)."""
        who = validate.text(label, who, max_len=limits.MAX_NAME + 20)
        collection, _, name = who.partition("/")
        if name and collection in ("entities", "fleets"):
            self.get(collection, name)
            return collection, name
        for collection in ("entities", "fleets"):
            if who in self._collection(collection):
                return collection, who
        raise InvalidInput(
            f"{label} must name an entity or a fleet of this campaign, got {who!r} (entities: "
            f"{', '.join(self._collection('entities')) or 'none'}; fleets: "
            f"{', '.join(self._collection('fleets')) or 'none'})"
        )

    def speed(self, who: str) -> Fraction:
        """Orbits a day entity or fleet ``who`` moves: an entity 1, 2 when Fast, 1/2 when Slow;
        a fleet at the pace of the slowest of its owner and its ships out of racks (a ship
        under Control moves at its controller's pace when that one is Fast or Slow).

        Raises:
            IllegalAction: an Immobile ship is in the fleet and in no rack (it must be carried).
        """
        from .successors.fleets import ship_orbits_per_day

        collection, name = self._party(who)
        if collection == "entities":
            return Fraction(self.get("entities", name).orbits_per_day)
        obj = self.get("fleets", name)  # the party is an entity or a fleet
        racked = {i for ids in obj.carried.values() for i in ids}
        paces = [] if obj.owner is None else [Fraction(obj.owner.orbits_per_day)]
        for ship in obj.ships:
            if ship.id in racked or getattr(ship, "destroyed", False):
                continue
            pace = ship_orbits_per_day(ship.design, obj.owner, ship.id in obj.controlled)
            if pace == 0:
                raise IllegalAction(
                    f"{name}: ship {ship.id} ({ship.name}) is Immobile: it cannot move on its "
                    "own power and must be carried (load it into a rack, or leave it behind)"
                )
            paces.append(Fraction(pace))
        if not paces:
            raise IllegalAction(f"fleet {name!r} has no owner and no ship to move")
        return min(paces)

    def schedule_move(
        self,
        who: str,
        system: str,
        to_orbit: int,
        *,
        from_orbit: int | None = None,
        name: str | None = None,
        start: int | None = None,
        after: str | None = None,
        players: bool = False,
    ) -> str:
        """Put a move between the orbits of ``system`` on the clock: entity or fleet ``who``
        goes from ``from_orbit`` (default: where its last move on the clock leaves it) to
        ``to_orbit`` at its :meth:`speed` (taken when scheduled), one event a day and one on
        arrival; return the activity's name. A mover does nothing else on the days it moves.

        Raises:
            IllegalAction: the mover (or a ship of its fleet) is Immobile, or would do two
                things on one day.
            InvalidInput: unknown mover, an orbit outside the system, no start orbit known,
                or already at ``to_orbit``.
        """
        collection, mover = self._party(who)
        system = validate.text("system", system, max_len=limits.MAX_NAME)
        top = MAX_ORBIT
        if system in self._collection("systems"):
            top = max(1, len(self.get("systems", system).orbits))
        to_orbit = validate.integer("to_orbit", to_orbit, 1, top)
        if from_orbit is None:
            moves = [
                a
                for a in self.clock.activities.values()
                if a.kind == "move" and mover in self.clock.participants(a.name)
            ]
            last = moves[-1].options if moves else None
            if last is None or last["system"] != system:
                raise InvalidInput(
                    f"from_orbit: where {mover!r} starts in {system} is not known"
                    + ("" if last is None else f" (its last move leaves it in {last['system']})")
                    + "; give from_orbit="
                )
            from_orbit = int(last["to"])
        from_orbit = validate.integer("from_orbit", from_orbit, 1, top)
        if from_orbit == to_orbit:
            raise InvalidInput(f"to_orbit: {mover!r} is already at orbit {to_orbit} of {system}")
        pace = self.speed(f"{collection}/{mover}")
        return self.clock.add(
            "move",
            f"{collection}/{mover}",
            name=name or f"{mover} to orbit {to_orbit}",
            start=start,
            after=after,
            players=players,
            options={
                "system": system,
                "from": from_orbit,
                "to": to_orbit,
                "speed": [pace.numerator, pace.denominator],
            },
        )

    def position(self, who: str, day: int | None = None) -> tuple[str, int] | None:
        """Where entity or fleet ``who`` is at the end of ``day`` (default today), as
        ``(system, orbit)``, from its moves on the clock; None when none places it (see
        :meth:`kit.clock.Clock.position`)."""
        return self.clock.position(who, day)

    def schedule_feeding(
        self,
        ferals: Iterable[str],
        food: Iterable[str | tuple[str, float]] = (),
        *,
        where: str = "the feeding ground",
        ru: Iterable[float] | None = None,
        days: int | None = None,
        name: str | None = None,
        start: int | None = None,
        after: str | None = None,
        players: bool = False,
    ) -> str:
        """Put a pack of Ferals feeding on the clock; return the activity's name.

        Every day each Feral (an entity kept in ``entities``) that is not neutralized eats
        2 RU of the ``food`` (catalog ship names, worth their cost, or ``(name, RU)`` pairs;
        the smallest first, a large one gnawed at until consumed) and holds at most 20 RU;
        then a Feral holding 10 RU or more mates with another of the pack, and the two pay the
        new Feral's total ranks in RU. Newborns join the campaign's entities (and the pack).
        ``ru`` is what each holds at the start (default none). It ends after ``days`` days,
        or on the first day nothing is eaten and none is born. The pack is in one place,
        ``where`` (a system's name shows on the timeline), so its Ferals may mate.
        """
        from .successors.ships import ship_type

        parties = [self._party(f, "ferals") for f in validate.sequence("ferals", list(ferals))]
        for collection, n in parties:
            if collection != "entities":
                raise InvalidInput(f"ferals: {n!r} is a fleet; a Feral is an entity")
        names = [n for _, n in parties]
        places = {p for p in (self.clock.position(n, self.today) for n in names) if p}
        if len(places) > 1:
            raise IllegalAction(
                f"ferals: a pack feeds and mates in one place, but they are at {sorted(places)}"
            )
        meals = []
        for k, item in enumerate(validate.sequence("food", list(food))):
            if isinstance(item, str):
                t = ship_type(item)
                meals.append([t.name, float(t.cost)])
            else:
                meals.append(list(validate.sequence(f"food[{k}]", item)))
        held = [0.0] * len(names) if ru is None else list(ru)
        options: dict[str, Any] = {"ferals": names, "ru": held, "food": meals}
        if days is not None:
            options["days"] = days
        return self.clock.add(
            "feeding",
            validate.text("where", where, max_len=limits.MAX_NAME),
            name=name or f"ferals feeding at {where}",
            start=start,
            after=after,
            players=players,
            options=options,
        )

    def schedule_cannon(
        self,
        target: str,
        *,
        level: int,
        spotter: str,
        rammers: int | None = None,
        days: int | None = None,
        battle: str | None = None,
        side: str | None = None,
        name: str | None = None,
        start: int | None = None,
        after: str | None = None,
        players: bool = False,
    ) -> str:
        """Put a Hyper Cannon of ``level`` on the clock: each day it launches up to ``level``
        Rammers at system ``target`` (a timeline event each day), until ``rammers`` are
        launched or for ``days`` days; return the activity's name.

        ``spotter`` (an entity, or a fleet with its owner or a ship with Sensors) feeds fire
        control from ``target``; it is refused without one, and a day when the spotter's moves
        put it in another system stops the advance with an error naming the day. With
        ``battle`` (a battle kept in ``battles``, fought in ``target``) and ``side`` (one of its
        sides' names), each day's Rammers join that side before the day's round
        (:meth:`kit.successors.combat.Battle.rammers_arrive`); without, they are dated on the
        timeline only.
        """
        collection, spot = self._party(spotter, "spotter")
        options: dict[str, Any] = {"level": level, "spotter": f"{collection}/{spot}"}
        if rammers is not None:
            options["rammers"] = rammers
        if days is not None:
            options["days"] = days
        if battle is not None or side is not None:
            options |= {"battle": battle, "side": side}
        target = validate.text("target", target, max_len=limits.MAX_NAME)
        return self.clock.add(
            "cannon",
            target,
            name=name or f"Hyper Cannon on {target}",
            start=start,
            after=after,
            players=players,
            options=options,
        )

    def plan(self, day: int, text: str, players: bool = False) -> None:
        """Plan an event on ``day`` (after today); advancing stops at the end of that day."""
        self.clock.plan(day, text, players)

    def note(self, text: str, *, day: int | None = None, players: bool = False) -> None:
        """A GM note on the timeline on ``day`` (default today)."""
        self.clock.note(text, day=day, players=players)

    def advance(self, days: int = 1, *, progress: bool | None = None) -> Advance:
        """Play ``days`` standard days of every activity (see :meth:`kit.clock.Clock.advance`);
        return their events (``.reason`` says why it stopped: a planned event stops it)."""
        return self.clock.advance(days, progress=progress)

    def advance_until(
        self,
        what: str | object | None = None,
        *,
        max_days: int = limits.MAX_ADVANCE_DAYS,
        progress: bool | None = None,
    ) -> Advance:
        """Play days until ``what`` happens: an activity (by name, or the Journey, Workshop or
        Battle itself) ends, or a predicate ``what(campaign)`` holds; with no ``what``, until
        any activity ends. A planned event stops it too, and so do ``max_days``.

        Raises:
            IllegalAction: ``what`` is None and nothing is running or planned.
        """
        until: Any = what
        if what is not None and not isinstance(what, str) and not callable(what):
            until = self._activity_of(what)
        elif (
            what is None
            and not self.clock.running()
            and not any(e.kind == "planned" and e.day > self.today for e in self.timeline)
        ):
            raise IllegalAction("nothing is on the clock: schedule an activity or plan an event")
        return self.clock.advance(
            max_days, until=until, stop_at_end=what is None, progress=progress
        )

    def _activity_of(self, obj: object) -> str:
        owner = self.clock.owner_of(obj)
        if owner is not self.clock:
            raise InvalidInput(
                f"this {type(obj).__name__} is not on this campaign's clock"
                + ("" if owner is None else f" (it plays on {owner.campaign.name!r}'s)")
            )
        held = {"journey": "journeys", "workshop": "workshops", "battle": "battles"}
        for act in self.clock.activities.values():
            if act.kind in held and self.get(held[act.kind], act.target) is obj:
                return act.name
        raise InvalidInput(f"this {type(obj).__name__} is not on this campaign's clock")

    def undo_day(self) -> None:
        """Take back the last day played (every activity's and the timeline's)."""
        self.clock.undo()

    def summary(self) -> str:
        """One line per collection that has items."""
        n, s = len(self), len(self.sessions)
        lines = [
            f"Campaign {self.name!r}: {n} item{'s' if n != 1 else ''}, "
            f"{s} session note{'s' if s != 1 else ''}"
        ]
        for collection, items in self.collections.items():
            if items:
                lines.append(f"  {collection}: {', '.join(items)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Campaign({self.name!r}, {len(self)} items)"

    # ------------------------------------------------------------------ widgets
    def open(self, collection: str, name: str, **options: object) -> object:
        """A widget on the stored item that keeps the campaign up to date.

        Mutable games (jobs, boards, fleets, sectors, battles) are edited in place; builders
        of immutable objects (entities, star systems) write each new version back under the
        same name. Save the campaign afterwards to keep the changes.
        """
        obj = self.get(collection, name)
        kind = registry.kind_of(obj)
        if kind.widget is None:
            having = sorted({k.collection for k in registry.kinds() if k.widget and k.collection})
            raise InvalidInput(f"no widget opens {collection}; widgets open {', '.join(having)}")
        widget: Any = kind.widget(obj, **options)  # a widget of the kind: any class it names
        items = self.collections[collection]
        *owner_path, attr = kind.widget_object.split(".") if kind.widget_object else [""]
        owner = widget
        for part in owner_path:
            owner = getattr(owner, part)
        if attr:

            def write_back(_change: Any = None) -> None:
                current = getattr(owner, attr)
                if items.get(name) is not current:
                    items[name] = current

            owner.observe(write_back)
        return widget

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form (each item in its own versioned format)."""
        return {
            "name": self.name,
            "notes": self.notes,
            "house_rules": {
                k: (v.to_dict() if hasattr(v, "to_dict") else v)
                for k, v in self.house_rules.items()
            },
            "sessions": [s.to_dict() for s in self.sessions],
            "collections": {
                c: {n: encode_item(o) for n, o in items.items()}
                for c, items in self.collections.items()
                if items
            },
            "knowledge": self.knowledge.to_dict(),
            **({} if self.clock.empty else {"clock": self.clock.to_dict()}),
        }

    @classmethod
    def from_dict(cls, raw: object) -> Campaign:
        """Rebuild a campaign from :meth:`to_dict` output (errors are SaveFileError)."""
        try:
            raw = validate.mapping("campaign", raw)
            validate.no_unknown_keys(
                "campaign",
                raw,
                ("name", "notes", "house_rules", "sessions", "collections", "knowledge", "clock"),
            )
            camp = cls(raw.get("name", "Campaign"), notes=raw.get("notes", ""))
            camp.house_rules = validate.mapping("house_rules", raw.get("house_rules", {}))
            for s in validate.sequence("sessions", raw.get("sessions", [])):
                s = validate.mapping("session", s)
                validate.no_unknown_keys("session", s, ("title", "text", "date"))
                title: Any = s.get("title")
                camp.add_session(title, s.get("text", ""), s.get("date", ""))
            for collection, items in validate.mapping(
                "collections", raw.get("collections", {})
            ).items():
                held = camp._collection(collection)
                for name, item in validate.mapping(collection, items).items():
                    held[name] = decode_item(item, f"{collection}/{name}", collection)
            if "knowledge" in raw:
                try:
                    camp.knowledge = _knowledge_class().from_dict(raw["knowledge"])
                except SaveFileError as exc:
                    raise SaveFileError(f"knowledge: {exc}") from None
            if "clock" in raw:
                camp.clock.load(raw["clock"])
        except SaveFileError:
            raise
        except (KitError, TypeError, ValueError, KeyError, AttributeError) as exc:
            raise SaveFileError(f"campaign file is invalid: {exc}") from None
        return camp

    def to_json(self) -> str:
        """The campaign as versioned JSON text."""
        return store.dumps(self.KIND, self.VERSION, self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Campaign:
        """Load campaign JSON (older versions are migrated)."""
        return cls.from_dict(store.loads(text, cls.KIND, cls.VERSION))

    def save(self, path: str | os.PathLike[str], *, force: bool = False) -> None:
        """Save atomically: the old file survives any failure before the final rename.

        If this campaign loaded or saved ``path`` before and the file has changed since (another
        GM or another notebook saved it), nothing is written and
        :class:`~kit.errors.SaveConflict` is raised; ``force=True`` overwrites anyway. The check
        and the replacement are one step under the file's save lock, so of two GMs saving at
        the same moment exactly one wins and the other gets the conflict (see
        :mod:`kit.atomic`). The text is read back with :meth:`from_json` first: a campaign the
        loader would refuse is never written. A symbolic link is followed (the link stays) and
        the file keeps its permissions.
        """
        force = validate.boolean("force", force)
        key = _key(path)
        expect = None if force else self._seen.get(key)
        try:
            text = store.save_object(path, self, expect=expect, what="the campaign")
        except SaveConflict:
            raise SaveConflict(
                f"{str(path)!r} changed since this campaign loaded or saved it (another GM "
                "or notebook saved it). To merge, load it as a second Campaign, copy the "
                "items you want into one of the two with add(..., replace=True) and save "
                "that one with force=True; or save this one under another name; or pass "
                "force=True to overwrite their changes."
            ) from None
        self._seen[key] = store.fingerprint(text.encode("utf-8"))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Campaign:
        """Load a campaign file written by :meth:`save` (or by an older kit)."""
        raw = store.read(path)
        camp = cls.from_dict(store.loads(raw, cls.KIND, cls.VERSION))
        camp._seen[_key(path)] = store.fingerprint(raw)
        return camp

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Campaign) and self.to_dict() == other.to_dict()


def _knowledge_class() -> type[Knowledge]:
    from .successors.knowledge import Knowledge

    return Knowledge


def _key(path: str | os.PathLike[str]) -> str:
    """The real path a save to ``path`` writes (links followed), as a dictionary key."""
    return os.path.realpath(Path(path))


if TYPE_CHECKING:  # mypy holds the campaign to what the clock's adapters and player views read
    from .clock_activities import Campaign as _ClockView
    from .players.campaign import Campaign as _PlayersView

    _read_by_the_clock: type[_ClockView] = Campaign
    _read_by_the_players: type[_PlayersView] = Campaign
