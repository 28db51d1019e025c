"""The players' side of a campaign: frozen values holding only what the players know.

Every class here is a frozen dataclass of plain values (text, numbers, tuples and other classes
of this module): nothing in it refers to a GM object, so a renderer given one cannot reach a
secret, however it is written. Each value also lists its :meth:`facts`, hashable tuples that
say what it tells the players; the non-interference tests compare those sets (a reveal adds
exactly the revealed facts).

A value of a star system with ``successes=None`` is the GM's full view of it, in the same shape:
the figures draw both from one renderer.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields
from typing import Any

__all__ = [
    "Fact",
    "KnownBody",
    "KnownCampaign",
    "KnownEntity",
    "KnownEvent",
    "KnownFleet",
    "KnownJob",
    "KnownJobRow",
    "KnownNote",
    "KnownOrbit",
    "KnownRoute",
    "KnownSector",
    "KnownShip",
    "KnownStar",
    "KnownSystem",
    "KnownSystemPlace",
    "Sighting",
]

Fact = tuple[Any, ...]
"""One thing the players know, as a hashable tuple (``("system", "Vega", "name")``)."""


def _facts_of(value: Any, prefix: Fact) -> Iterator[Fact]:
    """Every field of a dataclass value as facts under ``prefix`` (nested values recursively).

    An item of a tuple of values is keyed by its first field (a system's name, an orbit's
    number, a note's text), not by its place, so a fact added to a list changes no other fact.
    """
    for f in fields(value):
        v = getattr(value, f.name)
        if hasattr(v, "__dataclass_fields__"):
            yield from _facts_of(v, (*prefix, f.name))
        elif isinstance(v, tuple) and any(hasattr(x, "__dataclass_fields__") for x in v):
            for i, item in enumerate(v):
                if hasattr(item, "__dataclass_fields__"):
                    first = getattr(item, fields(item)[0].name)
                    yield from _facts_of(item, (*prefix, f.name, first))
                else:
                    yield (*prefix, f.name, i, item)
        else:
            yield (*prefix, f.name, v)


@dataclass(frozen=True)
class KnownNote:
    """A note of the record that the players may read."""

    text: str
    """The note."""
    day: int | None = None
    """Game day it was written on, if given."""
    date: str | None = None
    """Free-text game date, if given."""

    @property
    def when(self) -> str:
        """``"day 3"``, the free-text date or ``""``."""
        return f"day {self.day}" if self.day is not None else (self.date or "")


@dataclass(frozen=True)
class KnownEvent:
    """A line of the campaign's timeline that the players may see (kit.clock)."""

    day: int
    """The standard day it happened (or is planned for)."""
    date: str
    """That day as the campaign's calendar writes it (``"day 12"`` by default)."""
    text: str
    """What happened."""


# ---------------------------------------------------------------- star systems
@dataclass(frozen=True)
class KnownStar:
    """What is known of a star: its type always; size, brightness and dust at 3 successes."""

    spectral_class: str
    """The class letter (known at 0 successes)."""
    size: str | None = None
    """Dwarf, Giant...; None while unknown."""
    brightness: int | None = None
    """Brightness; None while unknown."""
    dust_cloud: bool | None = None
    """Whether a dust cloud surrounds it; None while unknown."""

    @property
    def full(self) -> bool:
        """Whether more than the type is known."""
        return self.size is not None


@dataclass(frozen=True)
class KnownBody:
    """A world, belt or moon whose orbit the players know in detail (a copy of its data)."""

    kind: str
    """Body class (``"Planet, Large"``, ``"Asteroid Belt"``)."""
    family: str
    """``planetoid``, ``planet``, ``gas giant`` or ``belt``."""
    diameter_km: int | None
    """Diameter in km; None for a belt."""
    crust_ru: int | None
    """Crust RU (a belt's whole RU)."""
    core_ru: int | None
    """Core RU."""
    surface_ru: int
    """Surface RU."""
    biosphere: str | None
    """Biosphere, if any was rolled."""
    technology: str | None
    """Technology of a sentient world."""
    composition: str | None
    """Belts only."""
    density: str | None
    """Belts only."""
    moons: tuple[KnownBody, ...]
    """Moons."""
    description: str
    """One line: class, diameter, RU, life, technology and moons."""


@dataclass(frozen=True)
class KnownOrbit:
    """An orbit the players know in detail, with the secrets of it they know."""

    number: int
    """Orbit number (1 is nearest the star)."""
    body: KnownBody | None
    """Its body; None when the orbit is empty."""
    installations: str | None
    """Installations in the orbit."""
    secrets: tuple[str, ...]
    """The texts of the secrets known."""


@dataclass(frozen=True)
class KnownSystem:
    """A star system as the players know it (``successes=None``: the GM's full view)."""

    name: str
    """The system's name (empty for an unnamed system shown to the GM)."""
    star: KnownStar
    """The star."""
    orbits: tuple[KnownOrbit | None, ...]
    """One entry per orbit (the count is known at 0 successes); None where unknown."""
    successes: int | None
    """Sensors successes the players have on it; None for the GM's view."""
    current_orbit: int | None = None
    """The orbit the players last scanned from, if any."""
    notes: tuple[KnownNote, ...] = ()
    """The notes about the system the players may read."""

    @property
    def is_full(self) -> bool:
        """True for the GM's view."""
        return self.successes is None

    @property
    def known_orbits(self) -> list[int]:
        """Numbers of the orbits known in detail."""
        return [i for i, o in enumerate(self.orbits, 1) if o is not None]

    def facts(self) -> set[Fact]:
        """What the value tells, as hashable tuples."""
        return set(_facts_of(self, ("system", self.name)))


# ---------------------------------------------------------------- sectors
@dataclass(frozen=True)
class KnownSystemPlace:
    """A system of a sector the players know: its name, place and star type."""

    name: str
    """Its name."""
    position: tuple[float, ...]
    """Light-year coordinates (2 or 3)."""
    spectral_class: str
    """Its star's class letter."""


@dataclass(frozen=True)
class KnownRoute:
    """A route the players know, between two systems they know."""

    a: str
    """One end (the names are in sorted order)."""
    b: str
    """The other end."""
    status: str
    """``"known"``, ``"locked"`` (flown often enough) or ``"gate"`` (a Hyper Gate passage)."""


@dataclass(frozen=True)
class KnownSector:
    """The part of a sector the players know: systems, routes, and jumps counted among them.

    Distances are counted over the known routes only, so nothing here depends on a system the
    players do not know. Systems and routes are sorted by name, never in the GM's order.
    """

    name: str
    """The sector's name."""
    dims: int
    """2 or 3."""
    max_range: float
    """The longest jump the travel rules allow, in light years (a rule, not a secret)."""
    systems: tuple[KnownSystemPlace, ...]
    """The known systems, by name."""
    routes: tuple[KnownRoute, ...]
    """The known routes between them."""
    center: str | None = None
    """The system the view is centred on (None: the whole known sector)."""
    within: int | None = None
    """Known jumps from ``center`` the view reaches."""
    notes: tuple[KnownNote, ...] = ()
    """The notes about the sector the players may read."""
    route: tuple[tuple[str, str], ...] = ()
    """The legs of a route the GM shows that join two known systems of the view."""
    route_ends: tuple[str | None, str | None] | None = None
    """The first and last system of that route (None where the players do not know it)."""
    selected: str | None = None
    """A system the GM marks, if the players know it."""

    def system(self, name: str) -> KnownSystemPlace | None:
        """The known system called ``name``, or None."""
        return next((s for s in self.systems if s.name == name), None)

    def jumps(self, start: str) -> dict[str, int]:
        """Known systems reachable from ``start`` over known routes, with the jumps to each."""
        links: dict[str, set[str]] = {s.name: set() for s in self.systems}
        for r in self.routes:
            links[r.a].add(r.b)
            links[r.b].add(r.a)
        if start not in links:
            return {}
        out, frontier = {start: 0}, [start]
        while frontier:
            nxt = []
            for name in frontier:
                for other in sorted(links[name]):
                    if other not in out:
                        out[other] = out[name] + 1
                        nxt.append(other)
            frontier = nxt
        return out

    def facts(self) -> set[Fact]:
        """What the value tells, as hashable tuples."""
        return set(_facts_of(self, ("sector", self.name)))


# ---------------------------------------------------------------- fleets and entities
@dataclass(frozen=True)
class Sighting:
    """What the players' Sensors tell of one entity (Stealthed steps already taken off)."""

    seen: bool
    """Its presence is detected."""
    counted: bool
    """It is in the head count (1 success)."""
    kind: str | None
    """``"entity"`` or ``"facet"`` (facets look like entities below 3); None unseen."""
    signature: int | None
    """Its signature (2 successes)."""
    name: str | None
    """Its name (4 successes)."""
    abilities: tuple[tuple[str, str], ...] | None
    """(ability, rank) pairs (5 successes)."""


@dataclass(frozen=True)
class KnownShip:
    """What the players' Sensors tell of one ship."""

    seen: bool
    """Counted (1 success)."""
    signature: int | None
    """Its signature (2 successes)."""
    type: str | None
    """The type it shows (3 successes within the class looked at, decoys disguised; 4: all)."""


@dataclass(frozen=True)
class KnownEntity:
    """An entity as the players' Sensors show it."""

    level: int
    """Sensors successes on it, its Stealthed steps taken off (below 0: not detected)."""
    sighting: Sighting
    """What they tell."""
    notes: tuple[KnownNote, ...] = ()
    """The notes about it the players may read."""

    def facts(self) -> set[Fact]:
        """What the value tells, as hashable tuples."""
        return set(_facts_of(self, ("entity",)))


@dataclass(frozen=True)
class KnownFleet:
    """A fleet as the players' Sensors show it."""

    level: int
    """Sensors successes on it."""
    owner: Sighting | None
    """Its owner entity (None: the fleet has none)."""
    ships: tuple[KnownShip, ...]
    """Every ship, in the fleet's order."""
    focus: int | None
    """The signature class a 3-success reading looked into."""
    abilities: tuple[tuple[str, tuple[str, ...]], ...] | None
    """(ship type, ranks of Battle, Control, Handling, Information, Sensors) at 5 successes."""
    notes: tuple[KnownNote, ...] = ()
    """The notes about it the players may read."""

    def facts(self) -> set[Fact]:
        """What the value tells, as hashable tuples."""
        return set(_facts_of(self, ("fleet",)))


# ---------------------------------------------------------------- jobs
@dataclass(frozen=True)
class KnownJobRow:
    """One row of a Job Record as its audience reads it."""

    index: int
    turn: int
    roll: int | None
    kind: str
    incident: str
    effects: str
    progress: int
    threat: int
    heat: int
    consequences: tuple[str, ...]
    crew_lost: tuple[str, ...]
    note: str
    """The GM's note (always empty for the players)."""


@dataclass(frozen=True)
class KnownJob:
    """A Job Record for one audience: the players' leaves out GM rows, notes and the seed."""

    title: str
    job_type: str
    difficulty: int
    clock: int
    conditions: tuple[str, ...]
    outcome: str | None
    crew: tuple[tuple[str, str, tuple[str, ...], bool, bool], ...]
    """(name, gig, contributions, lead, active) per operative."""
    rows: tuple[KnownJobRow, ...]
    seed: int | None
    """The GM's seed (None for the players)."""
    for_players: bool
    """Whether this is the players' record."""

    def facts(self) -> set[Fact]:
        """What the value tells, as hashable tuples."""
        return set(_facts_of(self, ("job", self.title)))


# ---------------------------------------------------------------- the whole screen
@dataclass(frozen=True)
class KnownCampaign:
    """What the player screen shows: one sector, the party's system, fleets, entities, notes."""

    title: str
    """The page's title."""
    sector: KnownSector | None
    """The sector shown (None: none)."""
    system: KnownSystem | None
    """The system the party is in, if the players know it."""
    contacts: tuple[KnownFleet | KnownEntity, ...]
    """The fleets and entities the players have detected, in the campaign's order."""
    notes: tuple[KnownNote, ...]
    """Every note the players may read."""
    date: str = ""
    """Today on the campaign's clock, as its calendar writes it ("" before the first day)."""
    timeline: tuple[KnownEvent, ...] = ()
    """The events of the timeline shown to the players, in order of day."""

    def facts(self) -> set[Fact]:
        """What the value tells, as hashable tuples."""
        return set(_facts_of(self, ("campaign",)))
