"""Who travels: entities and ships, how each one makes a Hyper-Jump, and how fast they move.

The Star Travel rules give three ways across a jump (docs/rulings.md Successors 6):

* an **entity** (without the No Hyper-Jump flaw) jumps itself and up to Control x 5 other ships;
* a **Hyper-Jump ship** jumps itself and whatever it has on board (its racks and cargo);
* anything else (a ship without Hyper-Jump, a No Hyper-Jump entity) goes only when one of the
  above takes it along.

A :class:`Party` works out, for every :class:`Traveller`, how it crosses
(:meth:`Party.manifest`): plotting and jumping, jumping with a plot handed over by an entity,
plotting alone (a ship with no entity: rank 1 Information and Sensors, five times the time),
carried by the entities, riding aboard a ship, or **stranded**, with the reason. Ships on board
go with their carrier and count against its racks plus cargo (a ship takes as many units as its
RU cost, as :meth:`kit.successors.fleets.Fleet.load` counts racks). The entities' Control x 5
places go to the remaining travellers in the order they are listed.

Moving between orbits (:func:`orbits_per_day`, :meth:`Party.orbit_days`) follows the text: one
orbit a day; a Fast entity or fast drive two; a Slow entity or slow drive one orbit per two days;
a ship under the Control of a Fast entity may keep up with it, one under a Slow entity must
keep its pace; an immobile ship must be carried. The party moves at its slowest member's pace.

>>> p = Party((Traveller("Vex", "entity", 5, 4, control=1),
...            Traveller("Scout", "ship", hyper_jump=True),
...            *(Traveller(f"Tug {k}", "ship") for k in range(6))))
>>> [(m.name, m.how) for m in p.manifest() if m.how != "carried"]
[('Vex', 'plots'), ('Scout', 'handed the plot'), ('Tug 5', 'stranded')]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ... import validate
from ...errors import IllegalAction, InvalidInput, InvalidType
from .routes import Navigator

if TYPE_CHECKING:  # pragma: no cover
    from ..entities import Entity
    from ..fleets import Fleet
    from .rules import SectorRules

__all__ = [
    "HOWS",
    "KINDS",
    "SPEEDS",
    "Party",
    "Passage",
    "PlotterPolicy",
    "Traveller",
    "orbit_move_days",
    "orbits_per_day",
]

KINDS = ("entity", "ship")
#: Speeds: a ship's drive, or an entity's pace (Fast edge, Slow flaw, or neither).
SPEEDS = ("immobile", "slow", "standard", "fast")
_PACE = {
    "immobile": Fraction(0),
    "slow": Fraction(1, 2),
    "standard": Fraction(1),
    "fast": Fraction(2),
}
#: How a traveller crosses a Hyper-Jump (see :meth:`Party.manifest`).
HOWS = ("plots", "handed the plot", "plots alone", "carried", "aboard", "stranded")


@dataclass(frozen=True)
class Traveller:
    """One entity or ship in a travelling party, by its ranks and flags."""

    name: str
    """Shown in the log; unique within the party."""
    kind: str = "entity"
    """``entity`` or ``ship``."""
    information: int = 0
    """Information rank."""
    sensors: int = 0
    """Sensors rank."""
    control: int = 0
    """Control rank (an entity carries Control x 5 ships)."""
    no_hyper_jump: bool = False
    """An entity with the No Hyper-Jump flaw."""
    hyper_jump: bool = False
    """A ship with Hyper-Jump capacity (jumps itself and what it has on board)."""
    signature: int = 1
    """Signature, for gates (entities count as 1)."""
    speed: str = "standard"
    """A ship's drive or an entity's pace: immobile, slow, standard or fast."""
    aboard: str | None = None
    """Name of the ship whose racks or cargo hold this traveller, or None."""
    controlled_by: str | None = None
    """Name of the entity whose Control this ship is under (it sets a Fast or Slow pace)."""
    racks: int = 0
    """Rack units of a ship (for ships on board)."""
    cargo: int = 0
    """Cargo units of a ship (ships may ride there too)."""
    units: float = 1.0
    """Space taken aboard another ship: a ship's RU cost (as racks count it); default 1."""

    def __post_init__(self) -> None:
        validate.text("traveller.name", self.name, max_len=100)
        validate.choice("traveller.kind", self.kind, KINDS)
        for f in ("information", "sensors", "control"):
            validate.integer(f"traveller.{f}", getattr(self, f), 0, 60)
        validate.boolean("traveller.no_hyper_jump", self.no_hyper_jump)
        validate.boolean("traveller.hyper_jump", self.hyper_jump)
        validate.integer("traveller.signature", self.signature, 0, 1000)
        validate.choice("traveller.speed", self.speed, SPEEDS)
        for f in ("aboard", "controlled_by"):
            if getattr(self, f) is not None:
                validate.text(f"traveller.{f}", getattr(self, f), max_len=100)
        validate.integer("traveller.racks", self.racks, 0, 100_000)
        validate.integer("traveller.cargo", self.cargo, 0, 100_000)
        validate.number("traveller.units", self.units, 0, 100_000)
        if self.kind == "entity" and (self.hyper_jump or self.racks or self.cargo):
            raise InvalidInput(
                f"traveller {self.name!r} is an entity: hyper_jump, racks and cargo are for ships"
            )
        if self.kind == "ship" and self.no_hyper_jump:
            raise InvalidInput(
                f"traveller {self.name!r} is a ship: no_hyper_jump is an entity's flaw; "
                "a ship without Hyper-Jump has hyper_jump=False"
            )
        if self.aboard is not None and self.aboard == self.name:
            raise InvalidInput(f"traveller {self.name!r} cannot be aboard itself")

    @property
    def can_plot(self) -> bool:
        """An entity without No Hyper-Jump."""
        return self.kind == "entity" and not self.no_hyper_jump

    @property
    def gate_signature(self) -> int:
        """Signature that counts at a gate (entities count as 1)."""
        return 1 if self.kind == "entity" else self.signature

    @property
    def capacity(self) -> int:
        """Units on board for other travellers (racks plus cargo)."""
        return self.racks + self.cargo

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return dict(self.__dict__)

    @classmethod
    def from_entity(cls, entity: Entity, *, name: str | None = None) -> Traveller:
        """A traveller with an entity's current ranks, No Hyper-Jump flaw and Fast/Slow pace."""
        from ..entities import Entity

        if not isinstance(entity, Entity):
            raise InvalidType(f"entity must be an Entity, got {entity!r}")
        pace = entity.orbits_per_day
        speed = "fast" if pace == 2 else "slow" if pace == Fraction(1, 2) else "standard"
        return cls(
            name or entity.name,
            "entity",
            entity.current("information"),
            entity.current("sensors"),
            entity.current("control"),
            no_hyper_jump=not entity.can_hyper_jump,
            speed=speed,
        )


@dataclass(frozen=True)
class PlotterPolicy:
    """Who plots for the party: the GM's choice, or by default the most Information."""

    prefer: str | None = None
    """Name of the traveller who plots, or None for the default choice."""

    def choose(self, candidates: Sequence[Traveller]) -> Traveller:
        """Pick the plotter among entities able to jump."""
        if self.prefer is not None:
            for t in candidates:
                if t.name == self.prefer:
                    return t
            raise InvalidInput(
                f"plotter {self.prefer!r} is not an entity able to jump; "
                f"choose from {', '.join(t.name for t in candidates) or 'none'}"
            )
        return max(candidates, key=lambda t: (t.information, t.sensors))


@dataclass(frozen=True)
class Passage:
    """How one traveller crosses a Hyper-Jump."""

    name: str
    """The traveller."""
    how: str
    """One of :data:`HOWS`."""
    by: str | None = None
    """Who plots for it, carries it or holds it on board (None when it plots itself)."""
    reason: str = ""
    """Why a stranded traveller cannot go (empty otherwise)."""

    @property
    def goes(self) -> bool:
        """False when stranded."""
        return self.how != "stranded"


def orbits_per_day(traveller: Traveller, controller: Traveller | None = None) -> Fraction:
    """Orbits a traveller moves per day on its own (0 for an immobile ship).

    A ship under the Control of a Fast entity may move at the entity's two orbits a day; under
    a Slow entity it must keep the entity's one orbit per two days (the same rule as
    :func:`kit.successors.fleets.ship_orbits_per_day`).
    """
    own = _PACE[traveller.speed]
    if traveller.kind == "ship" and traveller.speed != "immobile" and controller is not None:
        if controller.speed == "slow":
            return _PACE["slow"]
        if controller.speed == "fast":
            return _PACE["fast"]
    return own


def orbit_move_days(orbits: int, per_day: Fraction) -> int:
    """Whole days to move ``orbits`` orbits at ``per_day`` orbits a day (a day started counts)."""
    orbits = validate.integer("orbits", orbits, 0, 1000)
    if orbits and per_day <= 0:
        raise IllegalAction("an immobile traveller cannot move between orbits by itself")
    return 0 if not orbits else math.ceil(Fraction(orbits) / per_day)


@dataclass(frozen=True)
class Party:
    """Who travels together (see the module docs for who can cross a jump and how)."""

    travellers: tuple[Traveller, ...]
    """Entities and ships."""
    policy: PlotterPolicy = field(default_factory=PlotterPolicy)
    """Chooses the plotter."""
    carry_per_control: int = 5
    """Ships an entity carries per Control rank (a journey takes it from the sector's
    ``SectorRules.carry_per_control``, see :meth:`under`)."""
    lone_ship_rank: int = 1
    """Rank a ship plotting alone rolls (``SectorRules.lone_ship_rank`` on a journey)."""
    lone_ship_time_factor: int = 5
    """Days per roll of a ship plotting alone (``SectorRules.lone_ship_time_factor`` on a
    journey)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "travellers", tuple(self.travellers))
        if not self.travellers:
            raise InvalidInput("a party needs at least one traveller")
        for t in self.travellers:
            if not isinstance(t, Traveller):
                raise InvalidType(f"party.travellers must hold Traveller objects, got {t!r}")
        if not isinstance(self.policy, PlotterPolicy):
            raise InvalidType(f"party.policy must be a PlotterPolicy, got {self.policy!r}")
        validate.integer("carry_per_control", self.carry_per_control, 0, 100)
        validate.integer("lone_ship_rank", self.lone_ship_rank, 0, 30)
        validate.integer("lone_ship_time_factor", self.lone_ship_time_factor, 1, 100)
        names = [t.name for t in self.travellers]
        if len(set(names)) != len(names):
            raise InvalidInput(f"traveller names must be unique, got {names!r}")
        by = {t.name: t for t in self.travellers}
        for t in self.travellers:
            if t.aboard is not None:
                host = by.get(t.aboard)
                if host is None or host.kind != "ship" or not host.capacity:
                    raise InvalidInput(
                        f"traveller {t.name!r} is aboard {t.aboard!r}, which is not a ship of "
                        "the party with racks or cargo"
                    )
                if host.aboard is not None:
                    raise InvalidInput(
                        f"traveller {t.name!r} is aboard {host.name!r}, which is itself aboard "
                        f"{host.aboard!r}; a ship on board carries nothing"
                    )
            if t.controlled_by is not None:
                boss = by.get(t.controlled_by)
                if t.kind != "ship" or boss is None or boss.kind != "entity":
                    raise InvalidInput(
                        f"traveller {t.name!r}: controlled_by must name an entity of the party "
                        f"and belongs to a ship, got {t.controlled_by!r}"
                    )

    def traveller(self, name: str) -> Traveller:
        """The traveller called ``name``."""
        for t in self.travellers:
            if t.name == name:
                return t
        raise InvalidInput(f"no traveller {name!r} in the party; it has {', '.join(self.names)}")

    @property
    def names(self) -> tuple[str, ...]:
        """Travellers' names in order."""
        return tuple(t.name for t in self.travellers)

    @property
    def plotters(self) -> list[Traveller]:
        """Entities that can plot and jump."""
        return [t for t in self.travellers if t.can_plot]

    @property
    def jump_ships(self) -> list[Traveller]:
        """Ships with Hyper-Jump capacity (on board another ship or not)."""
        return [t for t in self.travellers if t.kind == "ship" and t.hyper_jump]

    @property
    def passengers(self) -> list[Traveller]:
        """Those the entities must carry: not able to jump and not on board a ship."""
        return [
            t
            for t in self.travellers
            if t.aboard is None and not t.can_plot and not (t.kind == "ship" and t.hyper_jump)
        ]

    @property
    def capacity(self) -> int:
        """Ships the jumping entities can carry (Control x 5 each)."""
        return sum(t.control * self.carry_per_control for t in self.plotters)

    # ----------------------------------------------------------------- who crosses
    def manifest(self) -> tuple[Passage, ...]:
        """How each traveller crosses a Hyper-Jump, in party order (see the module docs)."""
        out: dict[str, Passage] = {}
        plotters = self.plotters
        plotter = self.policy.choose(plotters) if plotters else None
        lead_ship = self.jump_ships[0] if not plotters and self.jump_ships else None
        for t in self.travellers:
            if t.can_plot and plotter is not None:
                if t is plotter:
                    out[t.name] = Passage(t.name, "plots")
                else:
                    out[t.name] = Passage(t.name, "handed the plot", plotter.name)
            elif t.kind == "ship" and t.hyper_jump:
                if plotter is not None:
                    out[t.name] = Passage(t.name, "handed the plot", plotter.name)
                else:
                    lead = None if lead_ship is None or t is lead_ship else lead_ship.name
                    out[t.name] = Passage(t.name, "plots alone", lead)
        places = self.capacity
        carriers = ", ".join(p.name for p in plotters)
        for t in self.passengers:
            if places > 0:
                places -= 1
                out[t.name] = Passage(t.name, "carried", carriers)
                continue
            if not plotters and not self.jump_ships:
                why = "nobody in the party can Hyper-Jump (only Hyper Gates are open to it)"
            elif not plotters:
                why = (
                    "it cannot Hyper-Jump, is not aboard a Hyper-Jump ship and no entity "
                    "carries it (a Hyper-Jump ship takes only itself and what is on board)"
                )
            else:
                why = (
                    f"it cannot Hyper-Jump, is not aboard a Hyper-Jump ship, and the entities "
                    f"({carriers}) carry only {self.capacity} (Control x {self.carry_per_control})"
                )
            out[t.name] = Passage(t.name, "stranded", None, why)
        # on board: a traveller that fits goes with its host; one that could cross by itself
        # (an entity, a Hyper-Jump ship) still does when its host stays or it does not fit
        own = set(out)
        load: dict[str, float] = {}
        for t in self.travellers:
            if t.aboard is None:
                continue
            host = self.traveller(t.aboard)
            after = load.get(host.name, 0.0) + t.units
            fits = after <= host.capacity
            if fits and out[host.name].goes:
                load[host.name] = after
                out[t.name] = Passage(t.name, "aboard", host.name)
            elif t.name in own:
                continue
            elif not fits:
                why = (
                    f"{host.name} has {host.capacity} units of racks and cargo and "
                    f"{t.name} would bring its load to {after:g}"
                )
                out[t.name] = Passage(t.name, "stranded", None, why)
            else:
                out[t.name] = Passage(
                    t.name, "stranded", None, f"aboard {host.name}, which is stranded"
                )
        return tuple(out[t.name] for t in self.travellers)

    def stranded(self) -> dict[str, str]:
        """Who cannot cross a Hyper-Jump, by name, with the reason (empty when all can)."""
        return {p.name: p.reason for p in self.manifest() if not p.goes}

    def without(self, names: Sequence[str]) -> Party:
        """The party with the named travellers left behind (and any aboard them)."""
        drop = set(names)
        for n in drop:
            self.traveller(n)
        keep = tuple(t for t in self.travellers if t.name not in drop and t.aboard not in drop)
        kept = {t.name for t in keep}
        keep = tuple(
            t if t.controlled_by in kept or t.controlled_by is None else _free(t) for t in keep
        )
        return Party(
            keep,
            self.policy,
            self.carry_per_control,
            self.lone_ship_rank,
            self.lone_ship_time_factor,
        )

    def under(self, rules: SectorRules) -> Party:
        """This party under a sector's star travel options (a ``SectorRules``): the ships an
        entity carries per Control rank and how a ship plotting alone rolls come from
        ``rules``. :meth:`kit.successors.sector.Journey.along` applies the sector's rules."""
        return Party(
            self.travellers,
            self.policy,
            rules.carry_per_control,
            rules.lone_ship_rank,
            rules.lone_ship_time_factor,
        )

    def findings(self) -> list[str]:
        """Soft problems, one line each: who is stranded and why (empty when everyone goes)."""
        if not self.plotters and not self.jump_ships:
            return ["nobody in the party can Hyper-Jump: only Hyper Gates are open to it"]
        return [f"{name} is stranded: {why}" for name, why in self.stranded().items()]

    def navigator(self) -> Navigator:
        """The navigator the party jumps with.

        An entity plots (the policy picks which) and hands the plot to the Hyper-Jump ships;
        with no entity able to jump, every Hyper-Jump ship that crosses on its own drive plots
        alone at rank 1 and five times the time, and the party jumps when the last of them is
        done (``plotters``). ``can_jump`` is False when nobody can jump or someone is stranded.
        """
        sig = max(t.gate_signature for t in self.travellers)
        stranded = len(self.stranded())
        ok = not stranded
        note = f" ({stranded} would be stranded)" if stranded else ""
        if self.plotters:
            p = self.policy.choose(self.plotters)
            return Navigator(p.information, p.sensors, 1, ok, sig, p.name + note)
        if self.jump_ships:
            alone = [p.name for p in self.manifest() if p.how == "plots alone"] or [
                self.jump_ships[0].name
            ]
            more = f" and {len(alone) - 1} more" if len(alone) > 1 else ""
            return Navigator(
                self.lone_ship_rank,
                self.lone_ship_rank,
                self.lone_ship_time_factor,
                ok,
                sig,
                alone[0] + more + " (alone)" + note,
                len(alone),
            )
        return Navigator(0, 0, 1, False, sig, "nobody")

    # ----------------------------------------------------------------- orbits
    def orbits_per_day(self) -> Fraction:
        """The party's pace between orbits: its slowest member's (ships on board ride along).

        Raises:
            IllegalAction: an immobile ship that is not on board another ship, naming it.
        """
        by = {t.name: t for t in self.travellers}
        pace = None
        for t in self.travellers:
            if t.aboard is not None:
                continue
            boss = by.get(t.controlled_by) if t.controlled_by else None
            p = orbits_per_day(t, boss)
            if p <= 0:
                raise IllegalAction(
                    f"{t.name} is immobile: it moves between orbits only in racks or cargo "
                    "(or held by a Gathering operation)"
                )
            pace = p if pace is None else min(pace, p)
        assert pace is not None
        return pace

    def orbit_days(self, orbits: int) -> int:
        """Days the party needs to move ``orbits`` orbits together."""
        return orbit_move_days(orbits, self.orbits_per_day())

    # ----------------------------------------------------------------- saving
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return {
            "travellers": [t.to_dict() for t in self.travellers],
            "prefer": self.policy.prefer,
            "carry_per_control": self.carry_per_control,
            "lone_ship_rank": self.lone_ship_rank,
            "lone_ship_time_factor": self.lone_ship_time_factor,
        }

    @classmethod
    def from_dict(cls, raw: object) -> Party:
        """Read :meth:`to_dict` output."""
        raw = validate.mapping("party", raw)
        validate.no_unknown_keys(
            "party",
            raw,
            (
                "travellers",
                "prefer",
                "carry_per_control",
                "lone_ship_rank",
                "lone_ship_time_factor",
            ),
        )
        ts = []
        for t in validate.sequence("party.travellers", raw.get("travellers")):
            t = validate.mapping("traveller", t)
            validate.no_unknown_keys("traveller", t, Traveller.__dataclass_fields__)
            validate.require_keys("traveller", t, ("name",))
            ts.append(Traveller(**t))
        prefer = raw.get("prefer")
        if prefer is not None:
            prefer = validate.text("party.prefer", prefer, max_len=100)
        return cls(
            tuple(ts),
            PlotterPolicy(prefer),
            raw.get("carry_per_control", 5),
            raw.get("lone_ship_rank", 1),
            raw.get("lone_ship_time_factor", 5),
        )

    @classmethod
    def from_fleet(
        cls, fleet: Fleet, *, entities: Sequence[Entity] = (), policy: PlotterPolicy | None = None
    ) -> Party:
        """The party of a fleet: its owner (and any other ``entities``) and every ship.

        Ships in a carrier's racks are aboard it; ships under Control are controlled by the
        owner; each ship's units are its RU cost, as the fleet counts racks.
        """
        owner = fleet.owner
        people = ([owner] if owner is not None else []) + list(entities)
        ts = [Traveller.from_entity(e) for e in people]
        names = {t.name for t in ts}
        holder = {i: c for c, held in fleet.carried.items() for i in held}

        def label(ship: Any) -> str:
            return f"{ship.name} #{ship.id}"

        by_id = {s.id: s for s in fleet.ships}
        for s in fleet.ships:
            d = s.design
            n = label(s)
            if n in names:
                raise InvalidInput(f"ship name {n!r} clashes with an entity's name")
            ts.append(
                Traveller(
                    n,
                    "ship",
                    information=d.information,
                    sensors=d.sensors,
                    hyper_jump=d.hyper_jump,
                    signature=s.sig,
                    speed=d.drive,
                    aboard=label(by_id[holder[s.id]]) if s.id in holder else None,
                    controlled_by=owner.name
                    if owner is not None and s.id in fleet.controlled
                    else None,
                    racks=d.racks,
                    cargo=d.cargo,
                    units=s.cost,
                )
            )
        return cls(tuple(ts), policy or PlotterPolicy())


def _free(t: Traveller) -> Traveller:
    from dataclasses import replace

    return replace(t, controlled_by=None)
