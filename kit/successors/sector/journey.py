"""Journeys: a party plotting and making its jumps day by day, as an event log.

A :class:`Party` says who travels (plain ranks, no entity objects): entities (unless they have
No Hyper-Jump) plot and jump, carrying up to Control x 5 ships that cannot jump themselves; a
Hyper-Jump ship carries itself and its cargo; with no entity able to plot, a Hyper-Jump ship
plots alone at rank 1, each roll taking five days. The party's plotter is chosen by a
:class:`PlotterPolicy` (default: the entity with the most Information).

A :class:`Journey` follows a :class:`~.routes.Route`. Each call to :meth:`Journey.step` is one
plotting roll (logged with its faces and the running total); once the total reaches the
successes the jump needs, the next step is the jump. Gates take one step each. The log is the
journey: the state (day, position, running total) is derived by replaying it, ``undo`` drops
the last step, and ``to_json``/``from_json`` round-trip it. Each roll's dice come from a seed
derived from the journey's seed and the roll's number, so a loaded journey continues exactly
as the original would have.

Jumps count towards the route history only when the GM records them in the sector with
:meth:`Journey.record_in`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from ... import store, validate
from ...errors import IllegalAction, InvalidInput
from ...log import EventLog
from ...rng import SeedLike, make_rng
from ..ranks import ALWAYS_FAILS
from .routes import Leg, Navigator, Route

if TYPE_CHECKING:  # pragma: no cover
    from .sector import Sector

__all__ = ["Traveller", "Party", "PlotterPolicy", "Journey", "FORMAT", "VERSION"]

FORMAT = "journey"
VERSION = 1
KINDS = ("entity", "ship")


@dataclass(frozen=True)
class Traveller:
    """One entity or ship in a travelling party, by its ranks and flags."""

    name: str
    """Shown in the log."""
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
    """A ship with Hyper-Jump capacity (jumps itself and its cargo)."""
    signature: int = 1
    """Signature, for gates (entities count as 1)."""

    def __post_init__(self) -> None:
        validate.text("traveller.name", self.name, max_len=100)
        validate.choice("traveller.kind", self.kind, KINDS)
        for f in ("information", "sensors", "control"):
            validate.integer(f"traveller.{f}", getattr(self, f), 0, 60)
        validate.boolean("traveller.no_hyper_jump", self.no_hyper_jump)
        validate.boolean("traveller.hyper_jump", self.hyper_jump)
        validate.integer("traveller.signature", self.signature, 0, 1000)

    @property
    def can_plot(self) -> bool:
        """An entity without No Hyper-Jump."""
        return self.kind == "entity" and not self.no_hyper_jump

    @property
    def gate_signature(self) -> int:
        """Signature that counts at a gate (entities count as 1)."""
        return 1 if self.kind == "entity" else self.signature

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return dict(self.__dict__)


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
class Party:
    """Who travels together."""

    travellers: tuple[Traveller, ...]
    """Entities and ships."""
    policy: PlotterPolicy = field(default_factory=PlotterPolicy)
    """Chooses the plotter."""
    carry_per_control: int = 5
    """Ships an entity carries per Control rank (SectorRules.carry_per_control)."""
    lone_ship_rank: int = 1
    """Rank a ship plotting alone rolls."""
    lone_ship_time_factor: int = 5
    """Days per roll of a ship plotting alone."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "travellers", tuple(self.travellers))
        if not self.travellers:
            raise InvalidInput("a party needs at least one traveller")
        names = [t.name for t in self.travellers]
        if len(set(names)) != len(names):
            raise InvalidInput(f"traveller names must be unique, got {names!r}")

    @property
    def plotters(self) -> list[Traveller]:
        """Entities that can plot and jump."""
        return [t for t in self.travellers if t.can_plot]

    @property
    def jump_ships(self) -> list[Traveller]:
        """Ships with Hyper-Jump capacity."""
        return [t for t in self.travellers if t.kind == "ship" and t.hyper_jump]

    @property
    def passengers(self) -> list[Traveller]:
        """Those who must be carried: ships without Hyper-Jump and No Hyper-Jump entities."""
        return [
            t for t in self.travellers if (t.kind == "ship" and not t.hyper_jump) or t.no_hyper_jump
        ]

    @property
    def capacity(self) -> int:
        """Ships the jumping entities can carry (Control x 5 each)."""
        return sum(t.control * self.carry_per_control for t in self.plotters)

    def findings(self) -> list[str]:
        """Soft problems: who cannot make the jump (empty when everyone can)."""
        out = []
        if not self.plotters and not self.jump_ships:
            out.append("nobody in the party can Hyper-Jump: only Hyper Gates are open to it")
        extra = len(self.passengers) - self.capacity
        if extra > 0 and not self.jump_ships:
            out.append(
                f"{len(self.passengers)} travellers need carrying but the entities carry "
                f"only {self.capacity} (Control x {self.carry_per_control})"
            )
        return out

    def navigator(self) -> Navigator:
        """The plotting navigator the party jumps with."""
        sig = max(t.gate_signature for t in self.travellers)
        if self.plotters:
            p = self.policy.choose(self.plotters)
            ok = len(self.passengers) <= self.capacity or bool(self.jump_ships)
            return Navigator(p.information, p.sensors, 1, ok, sig, p.name)
        if self.jump_ships:
            return Navigator(
                self.lone_ship_rank,
                self.lone_ship_rank,
                self.lone_ship_time_factor,
                True,
                sig,
                self.jump_ships[0].name + " (alone)",
            )
        return Navigator(0, 0, 1, False, sig, "nobody")

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
    def from_dict(cls, raw: Any) -> Party:
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
            ts.append(Traveller(**t))
        return cls(
            tuple(ts),
            PlotterPolicy(raw.get("prefer")),
            raw.get("carry_per_control", 5),
            raw.get("lone_ship_rank", 1),
            raw.get("lone_ship_time_factor", 5),
        )


def _leg_dict(leg: Leg) -> dict[str, Any]:
    return {
        "a": leg.a,
        "b": leg.b,
        "ly": leg.ly,
        "status": leg.status,
        "successes": leg.successes,
        "gate": leg.gate,
        "pool": list(leg.pool),
        "time_factor": leg.time_factor,
        "travel_days": leg.travel_days,
    }


def _leg_from(raw: Any) -> Leg:
    raw = validate.mapping("leg", raw)
    validate.no_unknown_keys("leg", raw, Leg.__dataclass_fields__)
    return Leg(
        int(raw["a"]),
        int(raw["b"]),
        float(raw["ly"]),
        str(raw["status"]),
        int(raw["successes"]),
        bool(raw["gate"]),
        tuple(int(x) for x in raw["pool"]),
        int(raw["time_factor"]),
        int(raw["travel_days"]),
    )


class Journey:
    """A party following a route, one plotting roll or jump per :meth:`step`."""

    def __init__(
        self, legs: Sequence[Leg], names: Sequence[str], party: Party, *, seed: SeedLike = None
    ) -> None:
        self.legs = tuple(legs)
        self.names = tuple(names)
        if len(self.names) != len(self.legs) + 1:
            raise InvalidInput(
                f"names must list every stop ({len(self.legs) + 1}), got {len(self.names)}"
            )
        if not isinstance(party, Party):
            raise InvalidInput(f"party must be a Party, got {party!r}")
        self.party = party
        _, self.seed = make_rng(seed)
        self.log = EventLog()

    @classmethod
    def along(cls, sector: Sector, route: Route, party: Party, *, seed: SeedLike = None) -> Journey:
        """A journey along ``route`` with the party's own navigator (plans recomputed for it).

        A leg repeated within the route counts the earlier jumps of this journey in its status.
        """
        nav = party.navigator()
        legs = []
        made: dict[tuple[int, int], int] = {}
        for leg in route.legs:
            key = (min(leg.a, leg.b), max(leg.a, leg.b))
            jumps = sector.jumps_made(leg.a, leg.b) + made.get(key, 0)
            status = sector.rules.status(jumps)
            gate_size = sector.graph.edges[leg.a, leg.b]["gate"]
            if gate_size and gate_size >= max(1, nav.signature):
                legs.append(
                    Leg(leg.a, leg.b, leg.ly, status, 0, True, (), 1, sector.rules.gate_days)
                )
            else:
                if not nav.can_jump:
                    problems = party.findings() or ["the gate is too small for the party"]
                    raise IllegalAction(
                        f"the party cannot jump from {sector.names[leg.a]!r} "
                        f"to {sector.names[leg.b]!r}: {problems[0]}"
                    )
                legs.append(
                    Leg(
                        leg.a,
                        leg.b,
                        leg.ly,
                        status,
                        sector.rules.needed(leg.ly, status),
                        False,
                        nav.pool(status),
                        nav.time_factor,
                        sector.rules.jump_days,
                    )
                )
                made[key] = made.get(key, 0) + 1
        return cls(legs, route.names, party, seed=seed)

    # ----------------------------------------------------------------- derived state
    def state(self) -> dict[str, Any]:
        """Day, leg number, running successes and whether the party has arrived."""
        day, leg, total = 0, 0, 0
        for e in self.log:
            day = e["day"]
            if e.kind == "plot":
                total = e["total"]
            elif e.kind in ("jump", "gate"):
                leg, total = leg + 1, 0
        return {
            "day": day,
            "leg": leg,
            "total": total,
            "arrived": leg >= len(self.legs),
            "at": self.names[leg] if leg < len(self.legs) or not self.legs else self.names[-1],
        }

    @property
    def day(self) -> int:
        """Days elapsed."""
        return int(self.state()["day"])

    @property
    def arrived(self) -> bool:
        """True once every leg is done."""
        return bool(self.state()["arrived"])

    # ----------------------------------------------------------------- acting
    def _roll(self, n: int, pool: tuple[int, ...]) -> list[int]:
        rng = np.random.default_rng(np.random.SeedSequence([self.seed, n]))
        return [int(x) for x in rng.integers(1, 7, size=len(pool))]

    def step(self) -> list[Any]:
        """One plotting roll, or the jump/gate passage once the plot is complete."""
        st = self.state()
        if st["arrived"]:
            raise IllegalAction("the journey has arrived; there is nothing left to plot")
        leg: Leg = self.legs[st["leg"]]
        with self.log.action():
            if leg.gate:
                return [
                    self.log.append(
                        "gate", day=st["day"] + leg.travel_days, leg=st["leg"], a=leg.a, b=leg.b
                    )
                ]
            if st["total"] >= leg.successes:
                return [
                    self.log.append(
                        "jump",
                        day=st["day"] + leg.travel_days,
                        leg=st["leg"],
                        a=leg.a,
                        b=leg.b,
                        ly=leg.ly,
                    )
                ]
            if not leg.pool:
                raise IllegalAction("the plotter has no dice for this jump (rank 0)")
            faces = self._roll(len(self.log), leg.pool)
            hits = sum(1 for f, t in zip(faces, leg.pool) if f <= t and f < ALWAYS_FAILS)
            total = st["total"] + hits
            return [
                self.log.append(
                    "plot",
                    day=st["day"] + leg.time_factor,
                    leg=st["leg"],
                    dice=list(leg.pool),
                    faces=faces,
                    successes=hits,
                    total=total,
                    needed=leg.successes,
                )
            ]

    def run(self, max_steps: int = 100_000) -> Journey:
        """Step until arrival (or ``max_steps`` steps); return self."""
        for _ in range(max_steps):
            if self.arrived:
                break
            self.step()
        return self

    def undo(self) -> None:
        """Drop the last step."""
        self.log.undo()

    def record_in(self, sector: Sector) -> int:
        """Record this journey's jumps in ``sector``'s history; return how many."""
        n = 0
        for e in self.log:
            if e.kind == "jump":
                sector.record_jump(e["a"], e["b"])
                n += 1
        return n

    def record(self) -> list[str]:
        """The log as readable lines."""
        out = []
        for e in self.log:
            a, b = self.names[e["leg"]], self.names[e["leg"] + 1]
            if e.kind == "plot":
                out.append(
                    f"day {e['day']:>3}: plot {a} -> {b}: dice {e['dice']} rolled "
                    f"{e['faces']}, {e['successes']} success{'' if e['successes'] == 1 else 'es'} "
                    f"({e['total']}/{e['needed']})"
                )
            elif e.kind == "jump":
                out.append(f"day {e['day']:>3}: jump {a} -> {b} ({e['ly']:.1f} ly)")
            else:
                out.append(f"day {e['day']:>3}: through the Hyper Gate {a} -> {b}")
        return out

    # ----------------------------------------------------------------- saving
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form: setup plus events."""
        return {
            "seed": self.seed,
            "names": list(self.names),
            "legs": [_leg_dict(x) for x in self.legs],
            "party": self.party.to_dict(),
            "events": self.log.to_list(),
        }

    @classmethod
    def from_dict(cls, raw: Any) -> Journey:
        """Read :meth:`to_dict` output."""
        raw = validate.mapping("journey", raw)
        validate.no_unknown_keys("journey", raw, ("seed", "names", "legs", "party", "events"))
        j = cls(
            [_leg_from(x) for x in validate.sequence("legs", raw.get("legs"))],
            validate.sequence("names", raw.get("names")),
            Party.from_dict(raw.get("party")),
            seed=validate.integer("seed", raw.get("seed"), 0),
        )
        j.log = EventLog.from_list(raw.get("events", []))
        for e in j.log:
            validate.choice("event.kind", e.kind, ("plot", "jump", "gate"))
            validate.integer("event.leg", e.get("leg"), 0, max(0, len(j.legs) - 1))
            validate.integer("event.day", e.get("day"), 0)
            if e.kind == "plot":
                for key in ("total", "successes", "needed"):
                    validate.integer(f"event.{key}", e.get(key), 0)
        return j

    def to_json(self) -> str:
        """Versioned JSON text (``gm-kit/journey``)."""
        return store.dumps(FORMAT, VERSION, self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Journey:
        """Load text written by :meth:`to_json`."""
        return cls.from_dict(store.loads(text, FORMAT, VERSION))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Journey):
            return NotImplemented
        return (
            self.seed == other.seed
            and self.names == other.names
            and self.legs == other.legs
            and self.party == other.party
            and self.log == other.log
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        st = self.state()
        return (
            f"Journey({' -> '.join(self.names)}, day={st['day']}, leg={st['leg']}/"
            f"{len(self.legs)}, arrived={st['arrived']})"
        )
