"""Fleets: buying ships, Control, racks and cargo, attack pools and signatures.

A :class:`Fleet` is an event log (buy, remove, control, load, unload, budget) replayed onto
an owner entity and a budget, so it can undo and save losslessly. Soft problems (spending
over the budget) are findings; an illegal action (more ships under Control than the Control
rank, loading past a carrier's racks) raises :class:`~kit.errors.IllegalAction` and leaves the
fleet as it was.

The pool helpers at the bottom (:func:`ship_dice`, :func:`ability_pool`) are what combat uses:
they turn an entity, its ships and the set under Control into the dice of a phase (ruling 2).

>>> tanrac = Entity("TanRac", battle=4, control=4, handling=3, information=2, sensors=2)
>>> fleet = Fleet(tanrac, budget=32)
>>> gunboats = fleet.buy("Gunboat", 5); sats = fleet.buy("Satellite", 10); tug = fleet.buy("Tug")
>>> fleet.set_control(sats[:4])
>>> pool_summary(fleet.attack_pool())
{4: 5, 1: 12}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from .. import limits, store, validate
from ..dice import parse
from ..errors import IllegalAction, InvalidInput, InvalidType
from ..log import Event, EventLog, Observable
from ..rng import SeedLike, make_rng
from .design import ShipDesign
from .entities import ABILITIES, Entity
from .ranks import controlled_dice, split
from .rules import DEFAULT_RULES, Finding, SuccessorsRules
from .ships import ShipType, ship_type

__all__ = [
    "FLEET_FORMAT",
    "PHASES",
    "Fleet",
    "Ship",
    "ability_pool",
    "entity_phase",
    "pool_summary",
    "ship_dice",
    "ship_orbits_per_day",
    "ship_phase",
]

#: Save-file format kind and version.
FLEET_FORMAT = ("successors-fleet", 1)
#: Longest label or side name of a ship.
LABEL = 80
#: Attack phases in order: First Strike, Main combat, Last combat.
PHASES = ("first", "main", "last")
_NO_OWN = {"battle": "no_battle", "handling": "no_handling", "information": "no_information"}


@dataclass(frozen=True)
class Ship:
    """One ship of a fleet: a catalog type or a custom design, with an id."""

    id: int
    """Number unique within its fleet."""
    design: ShipDesign
    """What the ship is (a catalog ship carries its catalog design)."""
    type_name: str | None = None
    """Catalog name, or None for a custom design."""
    side: str | None = None
    """Side that built it (reconditioning matters for other sides' ships)."""
    label: str | None = None
    """Optional name for a custom design or a particular ship."""

    def __post_init__(self) -> None:
        # read from a battle's file too: the same check as a purchase's (a label of text)
        for f in ("side", "label"):
            if getattr(self, f) is not None:
                object.__setattr__(self, f, validate.text(f, getattr(self, f), max_len=LABEL))

    @property
    def catalog(self) -> ShipType | None:
        """The catalog entry, or None for a custom design."""
        return ship_type(self.type_name) if self.type_name else None

    @property
    def name(self) -> str:
        """Catalog name, label, or ``"Custom design"``."""
        return self.label or self.type_name or "Custom design"

    @property
    def cost(self) -> float:
        """Printed cost for a catalog ship, design cost otherwise."""
        cat = self.catalog
        return float(cat.cost) if cat else self.design.cost

    @property
    def sig(self) -> int:
        """Printed signature for a catalog ship, the rules' signature for a custom design."""
        cat = self.catalog
        return cat.sig if cat else self.design.signature

    @property
    def rules_sig(self) -> int:
        """Signature by the rules."""
        return self.design.signature

    def rank(self, ability: str) -> int:
        """Own rank in ``ability``."""
        return self.design.abilities()[ability]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        out: dict[str, Any] = {"id": self.id, "side": self.side, "label": self.label}
        if self.type_name:
            out["type"] = self.type_name
        else:
            out["design"] = self.design.to_dict()
        return out


def _item(item: Any) -> tuple[ShipDesign, str | None]:
    if isinstance(item, ShipDesign):
        return item, None
    if isinstance(item, ShipType):
        return item.design, item.name
    if isinstance(item, str):
        t = ship_type(item)
        return t.design, t.name
    raise InvalidType(f"a ship to buy must be a catalog name, ShipType or ShipDesign, got {item!r}")


class Fleet(Observable):
    """An entity's fleet, kept as an event log (see the module docs)."""

    # fixed once the fleet is made (see kit.validate.Field): its log was played with them
    owner: validate.Field[Entity | None] = validate.Field(fixed=True)
    budget: validate.Field[float | None] = validate.Field(fixed=True)
    rules: validate.Field[SuccessorsRules] = validate.Field(fixed=True)
    budget_roll: validate.Field[tuple[int, ...] | None] = validate.Field(fixed=True)
    seed: validate.Field[int | None] = validate.Field(fixed=True)
    log: validate.Field[EventLog] = validate.Field(fixed=True)

    def __init__(
        self,
        owner: Entity | None = None,
        budget: float | None = None,
        *,
        rules: SuccessorsRules = DEFAULT_RULES,
        budget_roll: Sequence[int] | None = None,
        seed: int | None = None,
        log: EventLog | None = None,
    ) -> None:
        if owner is not None and not isinstance(owner, Entity):
            raise InvalidType(f"owner must be an Entity or None, got {owner!r}")
        if not isinstance(rules, SuccessorsRules):
            raise InvalidType(f"rules must be SuccessorsRules, got {rules!r}")
        self.owner = owner
        self.budget = None if budget is None else validate.number("budget", budget, 0)
        self.rules = rules
        self.budget_roll = (
            None
            if budget_roll is None
            else tuple(validate.integer("budget_roll", f, 1, 6) for f in budget_roll)
        )
        self.seed = None if seed is None else validate.integer("seed", seed, 0)
        self.log = log if log is not None else EventLog()
        self._state = self._replay(self.log)

    @classmethod
    def starting(
        cls,
        owner: Entity | None = None,
        seed: SeedLike = None,
        *,
        rules: SuccessorsRules = DEFAULT_RULES,
    ) -> Fleet:
        """A new character's fleet: roll the starting budget (2d6+25 RU) and record the roll."""
        rng, recorded = make_rng(seed)
        faces, total = parse(rules.starting_ru).roll_dice(rng)
        return cls(owner, total, rules=rules, budget_roll=faces, seed=recorded)

    # ------------------------------------------------------------------ state
    def _replay(self, events: Iterable[Event]) -> dict[str, Any]:
        st: dict[str, Any] = {
            "ships": {},
            "controlled": frozenset(),
            "racks": {},
            "next": 1,
            "budget": self.budget,
        }
        for e in events:
            self._apply(st, e)
        return st

    def _apply(self, st: dict[str, Any], e: Event) -> None:
        ships: dict[int, Ship] = st["ships"]
        if e.kind == "buy":
            item = e["item"]
            if "type" in item:
                design, tname = _item(item["type"])
            else:
                design, tname = ShipDesign.from_dict(item["design"]), None
            count = validate.integer("buy count", e["count"], 1, limits.MAX_SHIPS_PER_BUY)
            if len(ships) + count > limits.MAX_SHIPS_PER_FLEET:  # checked before building
                raise InvalidInput(
                    f"a fleet holds at most {limits.MAX_SHIPS_PER_FLEET} ships; buying {count} "
                    f"more to the {len(ships)} it has is over the limit"
                )
            for _ in range(count):
                sid = st["next"]
                st["next"] += 1
                ships[sid] = Ship(sid, design, tname, e.get("side"), e.get("label"))
        elif e.kind == "remove":
            for sid in e["ids"]:
                ships.pop(sid, None)
                st["racks"].pop(sid, None)
                for held in st["racks"].values():
                    held.discard(sid)
            st["controlled"] = st["controlled"] - set(e["ids"])
        elif e.kind == "control":
            st["controlled"] = frozenset(self._known(ships, e["ids"]))
        elif e.kind == "load":
            self._known(ships, [e["carrier"], *e["ids"]])
            st["racks"].setdefault(e["carrier"], set()).update(e["ids"])
            st["controlled"] = st["controlled"] - set(e["ids"])
        elif e.kind == "unload":
            held = st["racks"].get(e["carrier"], set())
            held.difference_update(e["ids"] if e.get("ids") is not None else set(held))
        elif e.kind == "budget":
            st["budget"] = validate.number("budget", e["amount"], 0)
        else:
            raise InvalidInput(f"unknown fleet event {e.kind!r}")

    @staticmethod
    def _known(ships: dict[int, Ship], ids: Iterable[int]) -> list[int]:
        ids = list(ids)
        missing = [i for i in ids if i not in ships]
        if missing:
            raise InvalidInput(f"fleet event names ships {missing!r} that are not in the fleet")
        return ids

    def _do(self, kind: str, **data: Any) -> None:
        with self.log.action():
            self.log.append(kind, **data)
            trial = self._replay(self.log)  # a failure here removes the event again
        self._state = trial
        self._changed()

    @property
    def ships(self) -> tuple[Ship, ...]:
        """All ships, in the order bought."""
        return tuple(self._state["ships"].values())

    def ship(self, ship_id: int) -> Ship:
        """The ship with ``ship_id``."""
        try:
            return cast("Ship", self._state["ships"][ship_id])
        except (KeyError, TypeError):
            raise InvalidInput(f"no ship with id {ship_id!r} in this fleet") from None

    @property
    def controlled(self) -> frozenset[int]:
        """Ids of the ships under the owner's direct Control."""
        return cast("frozenset[int]", self._state["controlled"])

    @property
    def carried(self) -> dict[int, frozenset[int]]:
        """Carrier id -> ids of the ships in its racks."""
        return {k: frozenset(v) for k, v in self._state["racks"].items() if v}

    @property
    def current_budget(self) -> float | None:
        """Budget after any budget changes (None: no budget set)."""
        return cast("float | None", self._state["budget"])

    @property
    def spent(self) -> float:
        """RU spent on the ships now in the fleet."""
        return float(sum(s.cost for s in self.ships))

    @property
    def remaining(self) -> float | None:
        """Budget left (negative when over budget); None without a budget."""
        b = self.current_budget
        return None if b is None else b - self.spent

    def counts(self) -> dict[str, int]:
        """Number of ships per name."""
        return dict(Counter(s.name for s in self.ships))

    @property
    def control_limit(self) -> int:
        """Most ships the owner may hold under direct Control (its current Control rank)."""
        if self.owner is None or self.owner.neutralized:
            return 0
        return self.owner.current("control") * self.rules.control_limit_per_rank

    # ------------------------------------------------------------------ actions
    def buy(
        self,
        item: str | ShipType | ShipDesign,
        count: int = 1,
        *,
        label: str | None = None,
        side: str | None = None,
    ) -> list[int]:
        """Add ``count`` ships of a catalog type or a design; return their ids.

        Spending past the budget is allowed and reported by :meth:`findings`. Ships are of the
        owner's side unless ``side`` names another (captured or recovered equipment).
        """
        design, tname = _item(item)
        count = validate.integer("count", count, 1, limits.MAX_SHIPS_PER_BUY)
        if label is not None:
            label = validate.text("label", label, max_len=LABEL)
        first = self._state["next"]
        payload = {"type": tname} if tname else {"design": design.to_dict()}
        if side is not None:
            side = validate.text("side", side, max_len=LABEL)
        elif self.owner is not None:
            side = self.owner.side
        self._do("buy", item=payload, count=count, side=side, label=label)
        return list(range(first, first + count))

    def remove(self, ids: Iterable[int]) -> None:
        """Take ships out of the fleet (sold, destroyed, given away)."""
        ids = self._ids(ids)
        self._do("remove", ids=sorted(ids))

    def set_control(self, ids: Iterable[int]) -> None:
        """Put exactly these ships under the owner's direct Control.

        Raises IllegalAction (fleet unchanged) past the Control rank or for a ship in racks.
        """
        ids = self._ids(ids)
        if len(ids) > self.control_limit:
            who = self.owner.name if self.owner else "a fleet without an owner"
            raise IllegalAction(
                f"{who} can hold at most {self.control_limit} ships under Control, "
                f"asked for {len(ids)}"
            )
        inside = ids & set().union(*self.carried.values()) if self.carried else set()
        if inside:
            raise IllegalAction(f"ships {sorted(inside)} are in racks and cannot be under Control")
        self._do("control", ids=sorted(ids))

    def rack_load(self, carrier_id: int) -> float:
        """Units used in a carrier's racks (a ship takes as many units as its RU cost)."""
        return float(sum(self.ship(i).cost for i in self.carried.get(carrier_id, ())))

    def stow(self, carrier_id: int, ids: Iterable[int]) -> None:
        """Put ships into a carrier's racks (they leave Control); IllegalAction past capacity."""
        carrier = self.ship(carrier_id)
        ids = self._ids(ids)
        if carrier_id in ids:
            raise IllegalAction("a carrier cannot carry itself")
        others = {i for c, held in self.carried.items() if c != carrier_id for i in held}
        if ids & others or ids & set(self.carried):
            raise IllegalAction(
                f"ships {sorted(ids & (others | set(self.carried)))} are carriers or already carried"
            )
        if carrier_id in others:
            raise IllegalAction(f"carrier {carrier_id} is itself in racks")
        need = self.rack_load(carrier_id) + sum(
            self.ship(i).cost for i in ids - self.carried.get(carrier_id, set())
        )
        if need > carrier.design.racks:
            raise IllegalAction(
                f"{carrier.name} #{carrier_id} has racks for {carrier.design.racks} units; "
                f"loading would need {need:g}"
            )
        self._do("load", carrier=carrier_id, ids=sorted(ids))

    def unload(self, carrier_id: int, ids: Iterable[int] | None = None) -> None:
        """Drop ships (all if ``ids`` is None) from a carrier's racks."""
        self.ship(carrier_id)
        self._do("unload", carrier=carrier_id, ids=None if ids is None else sorted(self._ids(ids)))

    def transfer(self, ids: Iterable[int], to: Fleet) -> list[int]:
        """Hand ships over to another fleet (a new owner); return their ids there.

        Each ship keeps its design, label and the side that built it (so a captured ship may be
        Tek Locked in its new fleet); it leaves this fleet's Control and racks. A carrier with
        ships in its racks is refused: unload it first, or hand over its cargo with it. Both
        fleets record the move as one action each (undo each to take it back).
        """
        if not isinstance(to, Fleet):
            raise InvalidType(f"to must be a kit.successors.Fleet, got {type(to).__name__}")
        if to is self:
            raise IllegalAction("the ships are already in this fleet")
        ids = self._ids(ids)
        if not ids:
            raise InvalidInput("ids must name at least one ship to hand over")
        loaded = sorted(c for c in ids if self.carried.get(c, set()) - ids)
        if loaded:
            raise IllegalAction(
                f"carriers {loaded} hold ships that stay behind; unload them first or hand "
                "over their cargo too"
            )
        ships = [self.ship(i) for i in sorted(ids)]
        first = to._state["next"]
        with to.log.action():
            for s in ships:
                payload = {"type": s.type_name} if s.type_name else {"design": s.design.to_dict()}
                to.log.append("buy", item=payload, count=1, side=s.side, label=s.label)
            trial = to._replay(to.log)  # a failure here removes the events again
        to._state = trial
        try:
            self.remove(ids)
        except BaseException:
            to.undo()
            raise
        to._changed()
        return list(range(first, first + len(ships)))

    def set_budget(self, amount: float) -> None:
        """Change the budget (a found cache, a GM award)."""
        self._do("budget", amount=validate.number("budget", amount, 0))

    def undo(self) -> None:
        """Undo the last action."""
        self.log.undo()
        self._state = self._replay(self.log)
        self._changed()

    def _ids(self, ids: Iterable[int]) -> set[int]:
        if isinstance(ids, (int, str)):
            raise InvalidType(f"ids must be a list of ship ids, got {ids!r}")
        out = {validate.integer("ship id", i, 1) for i in ids}
        for i in out:
            self.ship(i)
        return out

    # ------------------------------------------------------------------ findings
    def findings(self) -> list[Finding]:
        """Soft problems: over budget, cargo holds, owner's own findings are not repeated."""
        out = []
        rem = self.remaining
        if rem is not None and rem < 0:
            out.append(
                Finding(
                    "over_budget",
                    f"Ships cost {self.spent:g} RU, {-rem:g} over the budget of {self.current_budget:g}.",
                )
            )
        if len(self.controlled) > self.control_limit:
            out.append(
                Finding(
                    "over_control",
                    f"{len(self.controlled)} ships under Control but the limit is now {self.control_limit}.",
                )
            )
        if self.owner is not None and self.owner.has("tek_locked"):
            foreign = [s.id for s in self.ships if s.side not in (None, self.owner.side)]
            if foreign:
                out.append(
                    Finding("tek_locked", f"Tek Locked: ships {foreign} are from another side.")
                )
        return out

    # ------------------------------------------------------------------ capacity
    @property
    def racks_capacity(self) -> int:
        """Total rack units of the fleet."""
        return sum(s.design.racks for s in self.ships)

    @property
    def cargo_capacity(self) -> int:
        """Total cargo units of the fleet."""
        return sum(s.design.cargo for s in self.ships)

    @property
    def in_racks(self) -> frozenset[int]:
        """Ids of all ships currently carried."""
        return frozenset(i for held in self.carried.values() for i in held)

    # ------------------------------------------------------------------ pools
    def active_ships(self) -> list[Ship]:
        """Ships not carried in racks."""
        inside = self.in_racks
        return [s for s in self.ships if s.id not in inside]

    def pool(
        self, ability: str, *, phase: str | None = None, include_owner: bool = True
    ) -> list[int]:
        """Dice of the fleet and owner in ``ability`` (carried ships excluded)."""
        return ability_pool(
            ability,
            self.owner,
            self.active_ships(),
            self.controlled,
            phase=phase,
            include_owner=include_owner,
            rules=self.rules,
        )

    def attack_pool(self, phase: str | None = None) -> list[int]:
        """Battle dice of a phase (``"first"``, ``"main"``, ``"last"``; None for all)."""
        return self.pool("battle", phase=phase)

    def signature_view(self, *, printed: bool = True, include_owner: bool = True) -> dict[int, int]:
        """Count of objects per signature, as Sensors see them (printed or rules signatures)."""
        sigs = Counter(s.sig if printed else s.rules_sig for s in self.active_ships())
        if include_owner and self.owner is not None:
            sigs[self.owner.signature] += 1
        return dict(sorted(sigs.items()))

    # ------------------------------------------------------------------ save/load
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form: setup plus the event log."""
        return {
            "owner": self.owner.to_dict() if self.owner is not None else None,
            "budget": self.budget,
            "rules": self.rules.to_dict(),
            "budget_roll": list(self.budget_roll) if self.budget_roll is not None else None,
            "seed": self.seed,
            "events": self.log.to_list(),
        }

    @classmethod
    def from_dict(cls, raw: object) -> Fleet:
        """Read :meth:`to_dict` output; every event is checked by replaying it."""
        raw = validate.mapping("fleet", raw)
        validate.no_unknown_keys(
            "fleet", raw, ("owner", "budget", "rules", "budget_roll", "seed", "events")
        )
        owner = Entity.from_dict(raw["owner"]) if raw.get("owner") is not None else None
        try:
            return cls(
                owner,
                raw.get("budget"),
                rules=SuccessorsRules.from_dict(raw.get("rules", {})),
                budget_roll=raw.get("budget_roll"),
                seed=raw.get("seed"),
                log=EventLog.from_list(raw.get("events", [])),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise InvalidInput(f"fleet events are malformed: {exc!r}") from None

    def to_json(self) -> str:
        """Versioned JSON text (format ``gm-kit/successors-fleet``)."""
        return store.dumps(*FLEET_FORMAT, self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Fleet:
        """Read :meth:`to_json` text."""
        return cls.from_dict(store.loads(text, *FLEET_FORMAT))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Fleet) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        who = self.owner.name if self.owner else "no owner"
        return f"Fleet({who}, {len(self.ships)} ships, {self.spent:g}/{self.current_budget} RU)"


# ---------------------------------------------------------------------- pool helpers
def _controller_rank(entity: Entity | None, ability: str) -> int:
    if entity is None or entity.neutralized:
        return 0
    if ability in _NO_OWN and entity.has(_NO_OWN[ability]):
        return 0
    return entity.current(ability)


def ship_dice(
    own_rank: int, controller_rank: int | None, *, rules: SuccessorsRules = DEFAULT_RULES
) -> tuple[int, ...]:
    """Dice of one ship's ability; ``controller_rank`` None when the ship is not under Control."""
    if controller_rank is None:
        return split(own_rank)
    return controlled_dice(own_rank, controller_rank, whole_split=rules.whole_split_control)


def ship_phase(
    design: ShipDesign, controller: Entity | None = None, controlled: bool = False
) -> str | None:
    """Phase a ship attacks in; Combat Reflexes moves controlled ships to First Strike."""
    if not design.battle:
        return None
    if controlled and controller is not None and controller.first_strike_controlled:
        return "first"
    return design.phase


def entity_phase(entity: Entity | None) -> str | None:
    """Phase an entity attacks in (First Strike with Combat Reflexes, else main; None if absent)."""
    if entity is None:
        return None
    return "first" if entity.first_strike_controlled else "main"


def ability_pool(
    ability: str,
    entity: Entity | None,
    ships: Iterable[Any],
    controlled: Collection[int] = (),
    *,
    phase: str | None = None,
    include_owner: bool = True,
    rules: SuccessorsRules = DEFAULT_RULES,
) -> list[int]:
    """All dice the entity and ``ships`` roll in ``ability``, highest first (ruling 2).

    ``ships`` are :class:`Ship` or any objects with an ``id`` and a ``design``
    (:class:`ShipDesign`), so combat can pass its own per-battle ship states. Ships whose id
    is in ``controlled`` use the controller's rank per die (see
    :func:`~kit.successors.ranks.controlled_dice`); others use their own. For ``"battle"``,
    ``phase`` keeps only attackers of that phase. An entity with a Flaw that removes the
    ability (No Weapon Systems, No Manipulation, No Information) adds no dice and lends no rank.
    """
    if ability not in ABILITIES:
        raise InvalidInput(f"ability must be one of {', '.join(ABILITIES)}; got {ability!r}")
    if phase is not None:
        validate.choice("phase", phase, PHASES)
    ctrl = _controller_rank(entity, ability)
    dice: list[int] = []
    owner_acts = phase is None or ability != "battle" or entity_phase(entity) == phase
    if include_owner and entity is not None and owner_acts:
        dice.extend(entity.dice(ability))
    for s in ships:
        under = s.id in controlled
        if (
            ability == "battle"
            and phase is not None
            and ship_phase(s.design, entity, under) != phase
        ):
            continue
        own = s.design.abilities()[ability]
        dice.extend(ship_dice(own, ctrl if under else None, rules=rules))
    return sorted(dice, reverse=True)


def pool_summary(dice: Iterable[int]) -> dict[int, int]:
    """Dice counted by rank, highest first: ``{4: 5, 1: 12}``."""
    return dict(sorted(Counter(dice).items(), reverse=True))


def ship_orbits_per_day(
    design: ShipDesign, controller: Entity | None = None, controlled: bool = False
) -> Fraction:
    """Movement: immobile 0, slow drive 1/2, standard 1, fast 2; a controller's Fast or Slow
    sets the pace of its controlled ships."""
    if design.immobile:
        return Fraction(0)
    if controlled and controller is not None and (controller.has("fast") or controller.has("slow")):
        return controller.orbits_per_day
    return {"slow": Fraction(1, 2), "standard": Fraction(1), "fast": Fraction(2)}[design.drive]
