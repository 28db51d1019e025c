"""The setup of a battle (:class:`Side`) and the state derived from its events.

A :class:`Side` is what a GM sets up: an entity (or none), its ships, which of them are under
Control or in racks, and extras present in the orbit (Static Defenses, Busters, Rammers, a
Stellar Cannon, a Matrix or Targeter). The battle keeps, per ship, a :class:`Unit`: who owns
it now, whether it is damaged, hulked or gone, its hit counter, Take-Over successes against it,
who holds it. :class:`BattleState` is everything a replay of the events rebuilds.

Units are named by keys ``"<side>:<id>"`` (side index and ship id at setup); an entity's key
is ``"<side>:E"``. Keys never change, even when a ship changes hands.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ... import validate
from ...errors import InvalidInput, InvalidType
from ..design import ShipDesign
from ..entities import Entity
from ..fleets import Fleet, Ship
from ..projects import HyperCannon, project
from ..ships import ship_type
from .rules import PHASES

__all__ = [
    "GONE",
    "BattleState",
    "Side",
    "SideState",
    "Unit",
    "entity_key",
    "entity_neutralized",
    "entity_with_damage",
    "parse_key",
]

#: Unit states that take a ship out of the battle for good.
GONE = ("hulked", "vaporized", "destroyed", "eaten", "retreated")


def entity_key(side: int) -> str:
    """Key of side ``side``'s entity (``"1:E"``)."""
    return f"{side}:E"


def parse_key(key: object) -> tuple[int, str]:
    """Split ``"1:7"`` into ``(1, "7")``; raise InvalidInput for a malformed key."""
    if not isinstance(key, str) or ":" not in key:
        raise InvalidInput(f"a unit key looks like '0:3' or '1:E', got {key!r}")
    a, b = key.split(":", 1)
    try:
        return int(a), b
    except ValueError:
        raise InvalidInput(f"a unit key looks like '0:3' or '1:E', got {key!r}") from None


@functools.lru_cache(maxsize=4096)
def _neutralized(ent: Entity) -> bool:
    return ent.neutralized


def entity_neutralized(ent: Entity) -> bool:
    """``ent.neutralized``, remembered per entity value (entities are immutable, and a battle
    asks about the same few many times)."""
    try:
        return _neutralized(ent)
    except TypeError:  # an entity holding something unhashable: just ask it
        return ent.neutralized


@functools.lru_cache(maxsize=4096)
def _with_damage(ent: Entity, ability: str, hits: int) -> Entity:
    return ent.with_damage(ability, hits)


def entity_with_damage(ent: Entity, ability: str, hits: int = 1) -> Entity:
    """``ent.with_damage(ability, hits)``, remembered per entity value (the same hits land on
    the same entity in battle after battle of a simulation)."""
    try:
        return _with_damage(ent, ability, hits)
    except TypeError:
        return ent.with_damage(ability, hits)


def _ships(value: Any) -> tuple[Ship, ...]:
    """Normalise ``ships``: a Fleet, a mapping name -> count, or a sequence of ships/names."""
    if isinstance(value, Fleet):
        return tuple(value.ships)
    out: list[Ship] = []

    def add(item: Any, count: int = 1) -> None:
        for _ in range(validate.integer("ship count", count, 0, 100000)):
            nid = len(out) + 1
            if isinstance(item, Ship):
                out.append(dataclasses.replace(item, id=nid))
            elif isinstance(item, ShipDesign):
                out.append(Ship(nid, item))
            elif isinstance(item, str):
                t = ship_type(item)
                out.append(Ship(nid, t.design, t.name))
            else:
                raise InvalidType(
                    f"a ship must be a catalog name, Ship or ShipDesign, got {item!r}"
                )

    if isinstance(value, Mapping):
        for name, n in value.items():
            add(name, n)
    else:
        for item in validate.sequence("ships", list(value)):
            if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], int):
                add(item[0], item[1])
            else:
                add(item)
    return tuple(out)


@dataclass(frozen=True)
class Side:
    """One side of a battle as set up by the GM.

    Attributes:
        name: What the side is called in logs and figures.
        entity: The entity leading the side; None for uncontrolled ships.
        ships: Ships (a Fleet, ``{"Drone": 8}``, names, (name, count) pairs or Ship
            objects).
        controlled: Ids of ships under the entity's direct Control at the start.
        carried: (carrier id, ids in its racks) at the start.
        faction: Side (nation) that built the ships; defaults to the entity's side.
        sensors: Sensors successes already gathered on every enemy before the battle.
        static_defenses: Points of Static Defenses emplaced for this side in the orbit.
        busters: Battle rank of each Buster this side may explode.
        rammers: Rammers this side has in the system (one rank 5 attack each, then
            gone).
        stellar_cannon: Orbit number of the battle if the side's entity mans a Stellar
            Cannon; None otherwise.
        matrix: Level of a Matrix the entity is inside (adds to every ability).
        targeter: Level of a Targeter the entity uses (adds to Battle).
        jammer_attuned: In tune with the system's Jammer Field (unaffected by it).
        adjacent: Fighting from an adjacent orbit: only Long Ranged attacks reach or
            come from it.
        ancient: Ancient base or fleet (Access Codes and Rank help take it over).
        feral: Its entity eats neutralized ships; None: yes for a bestiary Feral.
        decoy_looks: (ship id, catalog type) a decoy shows itself as until Sensors level
            4.
        cubes: Empty Cubes the side has at hand in the orbit (20 RU each; a ship's racks
            carry one): each may take one neutralized enemy entity prisoner with a
            Handling success.
    """

    name: str
    """What the side is called in logs and figures."""
    entity: Entity | None = None
    """The entity leading the side; None for uncontrolled ships."""
    ships: tuple[Ship, ...] = ()
    """Ships (a Fleet, ``{"Drone": 8}``, names, (name, count) pairs or Ship objects)."""
    controlled: tuple[int, ...] = ()
    """Ids of ships under the entity's direct Control at the start."""
    carried: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(carrier id, ids in its racks) at the start."""
    faction: str | None = None
    """Side (nation) that built the ships; defaults to the entity's side."""
    sensors: int = 0
    """Sensors successes already gathered on every enemy before the battle."""
    static_defenses: int = 0
    """Points of Static Defenses emplaced for this side in the orbit."""
    busters: tuple[int, ...] = ()
    """Battle rank of each Buster this side may explode."""
    rammers: int = 0
    """Rammers this side has in the system (one rank 5 attack each, then gone)."""
    stellar_cannon: int | None = None
    """Orbit number of the battle if the side's entity mans a Stellar Cannon; None otherwise."""
    matrix: int = 0
    """Level of a Matrix the entity is inside (adds to every ability)."""
    targeter: int = 0
    """Level of a Targeter the entity uses (adds to Battle)."""
    jammer_attuned: bool = False
    """In tune with the system's Jammer Field (unaffected by it)."""
    adjacent: bool = False
    """Fighting from an adjacent orbit: only Long Ranged attacks reach or come from it."""
    ancient: bool = False
    """Ancient base or fleet (Access Codes and Rank help take it over)."""
    feral: bool | None = None
    """Its entity eats neutralized ships; None: yes for a bestiary Feral."""
    decoy_looks: tuple[tuple[int, str], ...] = ()
    """(ship id, catalog type) a decoy shows itself as until Sensors level 4."""
    cubes: int = 0
    """Empty Cubes the side has at hand in the orbit (20 RU each; a ship's racks carry one):
    each may take one neutralized enemy entity prisoner with a Handling success."""

    def __post_init__(self) -> None:
        s = object.__setattr__
        s(self, "name", validate.text("name", self.name, max_len=80))
        if self.entity is not None and not isinstance(self.entity, Entity):
            raise InvalidType(f"entity must be an Entity or None, got {self.entity!r}")
        if isinstance(self.ships, Fleet):
            fleet = self.ships
            if self.entity is None and fleet.owner is not None:
                s(self, "entity", fleet.owner)
            if not self.controlled:
                s(self, "controlled", tuple(sorted(fleet.controlled)))
            if not self.carried:
                s(self, "carried", tuple((c, tuple(sorted(v))) for c, v in fleet.carried.items()))
            s(self, "ships", tuple(fleet.ships))
        else:
            s(self, "ships", _ships(self.ships))
        ids = {sh.id for sh in self.ships}
        if isinstance(self.controlled, (int, float, str)) or not isinstance(
            self.controlled, Iterable
        ):
            raise InvalidType(
                f"controlled takes the ids of the ships under Control (controlled=(1, 3)), "
                f"got {self.controlled!r}"
            )
        s(
            self,
            "controlled",
            tuple(sorted(validate.integer("controlled id", i, 1) for i in self.controlled)),
        )
        bad = [i for i in self.controlled if i not in ids]
        if bad:
            raise InvalidInput(f"controlled names ships {bad!r} that {self.name!r} does not have")
        if self.controlled and self.entity is None:
            raise InvalidInput(f"{self.name!r} has no entity, so no ship can be under Control")
        if self.entity is not None and len(self.controlled) > self.entity.current("control"):
            raise InvalidInput(
                f"{self.entity.name} can Control {self.entity.current('control')} ships, "
                f"controlled lists {len(self.controlled)}"
            )
        raw_carried = self.carried
        pairs = (
            list(raw_carried.items())
            if isinstance(raw_carried, Mapping)
            else validate.sequence("carried", raw_carried)
        )
        for pair in pairs:
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise InvalidInput(
                    f"carried lists (carrier id, ids in its racks) pairs, got {pair!r}"
                )
        carried = tuple(
            (
                validate.integer("carrier id", c, 1),
                tuple(
                    validate.integer("carried id", i, 1)
                    for i in validate.sequence(
                        "carried ids", list(v) if isinstance(v, (set, frozenset)) else v
                    )
                ),
            )
            for c, v in dict(pairs).items()
        )
        for c, v in carried:
            if c not in ids or any(i not in ids for i in v):
                raise InvalidInput(f"carried names ships not in {self.name!r}: {(c, v)!r}")
        s(self, "carried", carried)
        for f in ("sensors", "static_defenses", "rammers", "matrix", "targeter", "cubes"):
            s(self, f, validate.integer(f, getattr(self, f), 0, 100000))
        if isinstance(self.busters, (int, float, str)) or not isinstance(self.busters, Iterable):
            raise InvalidType(
                f"busters takes the Battle rank of each Buster, one number per Buster "
                f"(busters=(5,) for one rank 5 Buster, busters=(3, 3) for two rank 3), "
                f"got {self.busters!r}"
            )
        s(self, "busters", tuple(validate.integer("buster rank", b, 1, 1000) for b in self.busters))
        if self.stellar_cannon is not None:
            s(
                self,
                "stellar_cannon",
                validate.integer("stellar_cannon", self.stellar_cannon, 1, 100),
            )
            if self.entity is None:
                raise InvalidInput(
                    f"side {self.name!r} has a Stellar Cannon (stellar_cannon="
                    f"{self.stellar_cannon}) but no entity: the Cannon fires only under an "
                    "entity's (or facet's) control (ruling 10); give the side its entity or "
                    "leave stellar_cannon=None"
                )
        if self.faction is None and self.entity is not None:
            s(self, "faction", self.entity.side)
        for f in ("jammer_attuned", "adjacent", "ancient"):
            validate.boolean(f, getattr(self, f))
        if self.feral is not None:
            validate.boolean("feral", self.feral)
        else:
            e = self.entity
            s(
                self,
                "feral",
                bool(e is not None and e.kind == "creature" and "FERAL" in e.name.upper()),
            )
        looks = tuple((int(i), ship_type(t).name) for i, t in dict(self.decoy_looks).items())
        s(self, "decoy_looks", looks)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        d: dict[str, Any] = {"name": self.name}
        d["entity"] = self.entity.to_dict() if self.entity is not None else None
        d["ships"] = [sh.to_dict() for sh in self.ships]
        for f in dataclasses.fields(self):
            if f.name in ("name", "entity", "ships"):
                continue
            v = getattr(self, f.name)
            if v != f.default:
                d[f.name] = (
                    [list(x) if isinstance(x, tuple) else x for x in v]
                    if isinstance(v, tuple)
                    else v
                )
        return d

    @classmethod
    def from_dict(cls, raw: object) -> Side:
        """Read :meth:`to_dict` output."""
        raw = dict(validate.mapping("side", raw))
        validate.no_unknown_keys("side", raw, [f.name for f in dataclasses.fields(cls)])
        ships = []
        for r in validate.sequence("ships", raw.get("ships", [])):
            r = validate.mapping("ship", r)
            validate.integer("ship id", r.get("id"), 1)
            if "type" in r:
                t = ship_type(r["type"])
                ships.append(Ship(r["id"], t.design, t.name, r.get("side"), r.get("label")))
            else:
                ships.append(
                    Ship(
                        r["id"],
                        ShipDesign.from_dict(r["design"]),
                        None,
                        r.get("side"),
                        r.get("label"),
                    )
                )
        raw["ships"] = tuple(ships)
        raw["entity"] = Entity.from_dict(raw["entity"]) if raw.get("entity") else None
        for f in ("controlled", "busters"):
            if f in raw:
                raw[f] = tuple(raw[f])
        for f in ("carried", "decoy_looks"):
            if f in raw:
                raw[f] = tuple((a, tuple(b) if isinstance(b, list) else b) for a, b in raw[f])
        return cls(**raw)

    @classmethod
    def launched(
        cls,
        cannon: HyperCannon,
        count: int,
        *,
        spotters: Sequence[Entity | Ship | ShipDesign | str],
        launched_today: int = 0,
        name: str = "Rammers",
        faction: str | None = None,
    ) -> Side:
        """The Rammers a Hyper Cannon launches today, as the side that arrives in the target
        system (paid for separately: 3 RU each).

        The launch is checked by :meth:`HyperCannon.check_launch
        <kit.successors.projects.HyperCannon.check_launch>`: at most the cannon's level a day,
        and fire control (an entity, or a ship with Sensors) among ``spotters`` in the target
        system.

        >>> Side.launched(HyperCannon(2), 2, spotters=["Relay"]).rammers
        2
        """
        if not isinstance(cannon, HyperCannon):
            raise InvalidType(f"cannon must be a HyperCannon, got {type(cannon).__name__}")
        count = cannon.check_launch(count, spotters, launched_today=launched_today)
        return cls(name, rammers=count, faction=faction)


#: Keys of the entity's structures: a Matrix and a Targeter.
STRUCTURES = {"M": ("Matrix", "matrix"), "T": ("Targeter", "targeter")}


def _structures(side: Side) -> dict[str, dict[str, Any]]:
    """A Matrix or Targeter in use is a finished project: it takes 1 hit per 10 RU (at least 1)."""
    out = {}
    for code, (name, attr) in STRUCTURES.items():
        level = getattr(side, attr)
        if level:
            out[code] = {
                "level": level,
                "capacity": project(name, level).hits,
                "hits": 0,
                "state": "active",
            }
    return out


@dataclass
class Unit:
    """A ship's state in one battle (mutable; rebuilt by replaying the events)."""

    key: str
    """``"<side>:<id>"``, fixed for the battle."""
    origin: int
    """Index of the side it started on."""
    owner: int
    """Index of the side it fights for now (changes on Take-Over)."""
    name: str
    """Catalog name or label."""
    design: ShipDesign
    """What the ship can do."""
    cost: float
    """RU value (printed cost for catalog ships)."""
    maker: str | None
    """Nation that built it (reconditioning)."""
    sig: int = 0
    """Signature as Sensors see it (printed value for catalog ships)."""
    kind: str = "ship"
    """``"ship"`` or ``"rammer"``."""
    state: str = "active"
    """``"active"`` or one of :data:`GONE`."""
    damaged: bool = False
    """Neutralized by damage (needs a repair)."""
    counter: int = 0
    """Hits taken toward the next damage roll (ships taking several hits per roll)."""
    hulk_ru: int = 0
    """RU of scrap left when hulked."""
    controlled: bool = False
    """Under its owner entity's direct Control."""
    carried_by: str | None = None
    """Key of the carrier whose racks hold it."""
    held_by: int | None = None
    """Index of the side that gathered and holds it (for a hulk: whose scrap it now is)."""
    takeover: dict[int, int] = field(default_factory=dict)
    """Take-Over successes against it, by side index."""
    needs_recondition: bool = False
    """Taken over from another nation and not yet reconditioned: it cannot act."""
    eaten: float = 0.0
    """RU a Feral has gnawed off it."""
    fired: bool = False
    """Fired in the current round (reset each round)."""

    @property
    def id(self) -> str:
        """Alias of :attr:`key` (pool helpers look for ``id``)."""
        return self.key

    @property
    def status(self) -> str:
        """``"operational"``, ``"neutralized"`` or its gone state."""
        if self.state != "active":
            return self.state
        if self.damaged or (self.takeover and any(v > 0 for v in self.takeover.values())):
            return "neutralized"
        return "operational"

    @property
    def operational(self) -> bool:
        """Active, undamaged, not half taken over, reconditioned, not carried, not held."""
        # the same test as ``status == "operational"`` and the rest, cheapest checks first
        return (
            self.state == "active"
            and not self.damaged
            and not self.needs_recondition
            and self.carried_by is None
            and self.held_by is None
            and not (self.takeover and any(v > 0 for v in self.takeover.values()))
        )

    @property
    def in_orbit(self) -> bool:
        """Still in the battle (not hulked, destroyed or gone)."""
        return self.state == "active"

    @property
    def gatherable(self) -> bool:
        """A gather success may take it now: a neutralized ship in the orbit that nobody
        holds or carries, or a hulk with scrap in it (``hulk_ru`` > 0) not yet gathered."""
        if self.held_by is not None:
            return False
        if self.state == "hulked":
            return self.hulk_ru > 0
        return self.in_orbit and self.status == "neutralized" and self.carried_by is None


@dataclass
class SideState:
    """What a replay knows about one side."""

    entity: Entity | None
    """The entity with its damage so far (None: no entity)."""
    entity_state: str = "active"
    """``"active"``, ``"destroyed"``, ``"retreated"`` or ``"imprisoned"`` (in an enemy's Cube;
    ``"none"`` without an entity)."""
    sensors: dict[int, int] = field(default_factory=dict)
    """Sensors successes on each other side."""
    static_defenses: int = 0
    """Static Defense points left."""
    busters: list[int] = field(default_factory=list)
    """Ranks of Busters not yet exploded."""
    rammers: int = 0
    """Rammers left."""
    retreated: bool = False
    """The side has retreated."""
    feral_ru: float = 0.0
    """RU held inside a Feral entity."""
    structures: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The Matrix ("M") and Targeter ("T") the entity uses: level, hits it can take, hits
    taken and state ("active", "neutralized" or "destroyed")."""
    cubes: int = 0
    """Empty Cubes left."""
    prisoners: list[int] = field(default_factory=list)
    """Sides whose entity this side holds in a Cube."""

    def structure_level(self, code: str) -> int:
        """Level a structure adds while it works (0 once neutralized or destroyed)."""
        st = self.structures.get(code)
        return st["level"] if st is not None and st["state"] == "active" else 0

    _neutralized: tuple[Entity, bool] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """Cache of (entity, whether it is neutralized): entities are immutable, so the answer
    holds while the same entity object is in place (checked by identity)."""

    @property
    def entity_active(self) -> bool:
        """The entity is in the battle and not neutralized."""
        ent = self.entity
        if ent is None or self.entity_state != "active":
            return False
        cached = self._neutralized
        if cached is None or cached[0] is not ent:
            cached = (ent, entity_neutralized(ent))
            self._neutralized = cached
        return not cached[1]


@dataclass
class BattleState:
    """Everything derived from a battle's events."""

    units: dict[str, Unit]
    """Every ship by key."""
    sides: list[SideState]
    """Per side."""
    round: int = 1
    """The round being played (1-based)."""
    phase_index: int = 0
    """Index in PHASES of the next phase to play."""
    steps: int = 0
    """Phases played so far (each draws its own random stream)."""
    over: bool = False
    """The battle has ended."""
    result: dict[str, Any] | None = None
    """Outcome once over."""
    _changes: int = field(default=0, init=False, repr=False, compare=False)
    """Events applied to this state so far (lets a phase remember what it worked out until the
    next change)."""
    _shared: set[str] | None = field(default=None, init=False, repr=False, compare=False)
    """Keys of units whose records this state shares with the state it was copied from
    (copy on write, see :func:`~.events.phase_copy`); None: it owns every record."""

    @property
    def phase_name(self) -> str:
        """The phase being played (or last played)."""
        return PHASES[(self.phase_index - 1) % len(PHASES)]

    def side_units(self, side: int, *, operational: bool = False) -> list[Unit]:
        """Units fighting for ``side`` (only operational ones if asked), in setup order."""
        if operational:
            return [u for u in self.units.values() if u.owner == side and u.operational]
        return [u for u in self.units.values() if u.owner == side and u.state == "active"]


def initial_state(sides: Iterable[Side]) -> BattleState:
    """The state before any event: every ship operational, Control and racks as set up."""
    units: dict[str, Unit] = {}
    states: list[SideState] = []
    for i, side in enumerate(sides):
        ctrl = set(side.controlled)
        for sh in side.ships:
            key = f"{i}:{sh.id}"
            units[key] = Unit(
                key,
                i,
                i,
                sh.name,
                sh.design,
                float(sh.cost),
                sh.side or side.faction,
                sig=sh.sig,
                controlled=sh.id in ctrl,
            )
        for c, held in side.carried:
            for h in held:
                units[f"{i}:{h}"].carried_by = f"{i}:{c}"
        for n in range(side.rammers):
            key = f"{i}:R{n + 1}"
            units[key] = Unit(
                key,
                i,
                i,
                "Rammer",
                ShipDesign(battle=5, weapon="imploder"),
                3.0,
                side.faction,
                sig=0,
                kind="rammer",
            )
        states.append(
            SideState(
                side.entity,
                "active" if side.entity is not None else "none",
                {},
                side.static_defenses,
                list(side.busters),
                side.rammers,
                structures=_structures(side),
                cubes=side.cubes,
            )
        )
    for i, side in enumerate(sides):
        states[i].sensors = {j: side.sensors for j in range(len(states)) if j != i}
    return BattleState(units, states)
