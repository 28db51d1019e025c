"""Journeys: a party plotting and making its jumps day by day, as an event log.

A :class:`~.party.Party` says who travels and how each one crosses a jump (an entity jumps
itself and Control x 5 ships, a Hyper-Jump ship itself and what it has on board; see
:mod:`.party`). :meth:`Journey.along` refuses a route with a jump when anyone would be
stranded, naming them and why, unless ``leave_behind=True``: then they stay at the origin and
the journey lists them.

A :class:`Journey` follows a :class:`~.routes.Route`. Each call to :meth:`Journey.step` is one
plotting roll (logged with its faces and the running total); once the total reaches the
successes the jump needs, the next step is the jump. Gates take one step each;
:meth:`Journey.move` moves the party between orbits at its pace (one orbit a day, Fast two,
Slow one per two days). The log is the
journey: the state (day, position, running total) is derived by replaying it, ``undo`` drops
the last step, and ``to_json``/``from_json`` round-trip it. Each roll's dice come from a seed
derived from the journey's seed and the roll's number, so a loaded journey continues exactly
as the original would have.

Jumps count towards the route history only when the GM records them in the sector with
:meth:`Journey.record_in`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ... import limits, store, validate
from ...errors import IllegalAction, InvalidInput, InvalidType, SaveFileError
from ...log import EventLog, Observable
from ...rng import SeedLike, make_rng, step_rng
from ..ranks import ALWAYS_FAILS
from .party import Party, PlotterPolicy, Traveller
from .routes import Leg, Route
from .sector import STATUSES

if TYPE_CHECKING:  # pragma: no cover
    from .sector import Sector

__all__ = ["FORMAT", "VERSION", "Journey", "Party", "PlotterPolicy", "Traveller"]

FORMAT = "journey"
VERSION = 1
#: Most legs a journey (or a journey file) may have.
MAX_LEGS = 10_000


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
        **({"plotters": leg.plotters} if leg.plotters > 1 else {}),
    }


#: Largest system index a journey file may name (a sector's size budget, kit.limits).
_MAX_INDEX = limits.MAX_SYSTEMS - 1


def _leg_from(raw: Any, k: int) -> Leg:
    """A leg read from a file, every field checked (the kit's errors only)."""
    f = f"legs[{k}]"
    raw = validate.mapping(f, raw)
    validate.no_unknown_keys(f, raw, Leg.__dataclass_fields__)
    validate.require_keys(f, raw, ("a", "b", "ly", "status", "successes", "gate"))
    pool = validate.sequence(f"{f}.pool", raw.get("pool", []))
    if len(pool) > 100:
        raise InvalidInput(f"{f}.pool must hold at most 100 dice, got {len(pool)}")
    return Leg(
        validate.integer(f"{f}.a", raw["a"], 0, _MAX_INDEX),
        validate.integer(f"{f}.b", raw["b"], 0, _MAX_INDEX),
        validate.number(f"{f}.ly", raw["ly"], 0, 1e6),
        validate.choice(f"{f}.status", raw["status"], STATUSES),
        validate.integer(f"{f}.successes", raw["successes"], 0, 10_000),
        validate.boolean(f"{f}.gate", raw["gate"]),
        tuple(validate.integer(f"{f}.pool die", x, 0, 5) for x in pool),
        validate.integer(f"{f}.time_factor", raw.get("time_factor", 1), 1, 100),
        validate.integer(f"{f}.travel_days", raw.get("travel_days", 1), 0, 100),
        validate.integer(f"{f}.plotters", raw.get("plotters", 1), 1, 100),
    )


class Journey(Observable):
    """A party following a route, one plotting roll or jump per :meth:`step`."""

    # fixed once the journey is made (see kit.validate.Field)
    legs: validate.Field[tuple[Leg, ...]] = validate.Field(fixed=True)
    names: validate.Field[tuple[str, ...]] = validate.Field(fixed=True)
    party: validate.Field[Party] = validate.Field(fixed=True)
    left_behind: validate.Field[tuple[tuple[str, str], ...]] = validate.Field(fixed=True)
    seed: validate.Field[int] = validate.Field(fixed=True)
    log: validate.Field[EventLog] = validate.Field(fixed=True)

    def __init__(
        self,
        legs: Sequence[Leg],
        names: Sequence[str],
        party: Party,
        *,
        seed: SeedLike = None,
        left_behind: Sequence[tuple[str, str]] = (),
    ) -> None:
        self.legs = tuple(legs)
        for k, leg in enumerate(self.legs):
            if not isinstance(leg, Leg):
                raise InvalidType(f"legs[{k}] must be a Leg, got {leg!r}")
        self.names = tuple(
            validate.text(f"names[{k}]", x, max_len=limits.MAX_SYSTEM_NAME)
            for k, x in enumerate(names)
        )
        if len(self.names) != len(self.legs) + 1:
            raise InvalidInput(
                f"names must list every stop ({len(self.legs) + 1}), got {len(self.names)}"
            )
        if not isinstance(party, Party):
            raise InvalidType(f"party must be a Party, got {party!r}")
        self.party = party
        self.left_behind = tuple(
            (validate.text("left_behind name", n, max_len=100), validate.text("left_behind why", w))
            for n, w in left_behind
        )
        _, self.seed = make_rng(seed)
        self.log = EventLog()

    @classmethod
    def along(
        cls,
        sector: Sector,
        route: Route,
        party: Party,
        *,
        seed: SeedLike = None,
        leave_behind: bool = False,
    ) -> Journey:
        """A journey along ``route`` with the party's own navigator (plans recomputed for it).

        A leg repeated within the route counts the earlier jumps of this journey in its status.
        The party crosses under the sector's star travel options (:meth:`Party.under`): how
        many ships an entity carries and how a ship plotting alone rolls.

        Raises:
            IllegalAction: the route has a jump and someone in the party would be stranded
                (each named, with the reason), unless ``leave_behind`` is True: then they stay
                behind and are listed in :attr:`left_behind`.
        """
        party = party.under(sector.rules)
        legs = cls._legs_for(sector, route, party)
        stranded = party.stranded()
        if stranded and any(not leg.gate for leg in legs):
            who = "; ".join(f"{n}: {why}" for n, why in stranded.items())
            if not leave_behind or len(stranded) == len(party.travellers):
                raise IllegalAction(
                    f"the party cannot jump from {sector.names[route.systems[0]]!r} without "
                    f"leaving someone behind. Stranded: {who}"
                    + ("" if leave_behind else " (leave_behind=True goes without them)")
                )
            party = party.without(list(stranded))
            legs = cls._legs_for(sector, route, party)
        return cls(legs, route.names, party, seed=seed, left_behind=tuple(stranded.items()))

    @staticmethod
    def _legs_for(sector: Sector, route: Route, party: Party) -> list[Leg]:
        nav = party.navigator()
        legs = []
        made: dict[tuple[int, int], int] = {}
        for leg in route.legs:
            key = (min(leg.a, leg.b), max(leg.a, leg.b))
            jumps = sector.jumps_made(leg.a, leg.b) + made.get(key, 0)
            status = sector.rules.status(jumps)
            gate_size = sector.gate_size(leg.a, leg.b)
            if gate_size and gate_size >= max(1, nav.signature):
                legs.append(
                    Leg(leg.a, leg.b, leg.ly, status, 0, True, (), 1, sector.rules.gate_days)
                )
            else:
                if not party.plotters and not party.jump_ships:
                    raise IllegalAction(
                        f"the party cannot jump from {sector.names[leg.a]!r} "
                        f"to {sector.names[leg.b]!r}: nobody in it can Hyper-Jump"
                        + (" and the Hyper Gate is too small for it" if gate_size else "")
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
                        nav.plotters,
                    )
                )
                made[key] = made.get(key, 0) + 1
        return legs

    # ----------------------------------------------------------------- derived state
    def state(self) -> dict[str, Any]:
        """Day, leg number, running successes and whether the party has arrived."""
        day, leg, total = 0, 0, 0
        totals: list[int] = []
        for e in self.log:
            day = e["day"]
            if e.kind == "plot":
                total = e["total"]
                totals = list(e.get("totals", []))
            elif e.kind in ("jump", "gate"):
                leg, total, totals = leg + 1, 0, []
        return {
            "day": day,
            "leg": leg,
            "total": total,
            "totals": totals,
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
        rng = step_rng(self.seed, n)
        return [int(x) for x in rng.integers(1, 7, size=len(pool))]

    def step(self) -> list[Any]:
        """One plotting roll, or the jump/gate passage once the plot is complete."""
        out = self._step()
        self._changed()
        return out

    def _step(self) -> list[Any]:
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
            if leg.plotters > 1:
                return [self._plot_apart(st, leg)]
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

    def _plot_apart(self, st: dict[str, Any], leg: Leg) -> Any:
        """One plotting roll of each ship plotting alone; the slowest total counts."""
        k, n = leg.plotters, len(leg.pool)
        faces = self._roll(len(self.log), leg.pool * k)
        before = st["totals"] or [0] * k
        totals = []
        for i in range(k):
            mine = zip(faces[i * n : (i + 1) * n], leg.pool)
            totals.append(before[i] + sum(1 for f, t in mine if f <= t and f < ALWAYS_FAILS))
        return self.log.append(
            "plot",
            day=st["day"] + leg.time_factor,
            leg=st["leg"],
            dice=list(leg.pool),
            faces=faces,
            successes=sum(totals) - sum(before),
            totals=totals,
            total=min(totals),
            needed=leg.successes,
        )

    def move(self, orbits: int) -> list[Any]:
        """Move the whole party ``orbits`` orbits within the current system, at its pace.

        The days come from :meth:`Party.orbit_days`: one orbit a day, two with a Fast entity
        (or fast drives all round), one per two days when anyone is Slow.
        """
        orbits = validate.integer("orbits", orbits, 1, 1000)
        pace = self.party.orbits_per_day()
        days = self.party.orbit_days(orbits)
        st = self.state()
        with self.log.action():
            out = [
                self.log.append(
                    "move",
                    day=st["day"] + days,
                    leg=min(st["leg"], max(0, len(self.legs) - 1)),
                    at=st["leg"],
                    orbits=orbits,
                    pace=str(pace),
                )
            ]
        self._changed()
        return out

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
        self._changed()

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
        out = [f"left behind: {n} ({why})" for n, why in self.left_behind]
        for e in self.log:
            if e.kind == "move":
                where = self.names[min(e["at"], len(self.names) - 1)]
                out.append(
                    f"day {e['day']:>3}: moved {e['orbits']} orbit{'s' if e['orbits'] != 1 else ''}"
                    f" in {where} ({e['pace']} a day)"
                )
                continue
            a, b = self.names[e["leg"]], self.names[e["leg"] + 1]
            if e.kind == "plot" and e.get("totals") is not None:
                out.append(
                    f"day {e['day']:>3}: plot {a} -> {b}: {len(e['totals'])} ships alone, dice "
                    f"{e['dice']} each rolled {e['faces']}, totals {e['totals']} "
                    f"(the slowest {e['total']}/{e['needed']})"
                )
            elif e.kind == "plot":
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
            "left_behind": [list(x) for x in self.left_behind],
            "events": self.log.to_list(),
        }

    @classmethod
    def from_dict(cls, raw: object) -> Journey:
        """Read :meth:`to_dict` output; any bad field raises the kit's errors, naming it."""
        raw = validate.mapping("journey", raw)
        validate.no_unknown_keys(
            "journey", raw, ("seed", "names", "legs", "party", "left_behind", "events")
        )
        validate.require_keys("journey", raw, ("seed", "names", "legs", "party"))
        legs = validate.sequence("legs", raw.get("legs"))
        if len(legs) > MAX_LEGS:
            raise InvalidInput(f"a journey holds at most {MAX_LEGS} legs, got {len(legs)}")
        left = []
        for x in validate.sequence("left_behind", raw.get("left_behind", [])):
            x = validate.sequence("left_behind entry", x)
            if len(x) != 2:
                raise InvalidInput(f"each left_behind entry must be [name, reason], got {x!r}")
            left.append((x[0], x[1]))
        j = cls(
            [_leg_from(x, k) for k, x in enumerate(legs)],
            validate.sequence("names", raw.get("names")),
            Party.from_dict(raw.get("party")),
            seed=validate.integer("seed", raw.get("seed"), 0, 2**64 - 1),
            left_behind=left,
        )
        validate.restore(
            j, "log", EventLog.from_list(validate.sequence("events", raw.get("events", [])))
        )
        last_leg = max(0, len(j.legs) - 1)
        for e in j.log:
            validate.choice("event.kind", e.kind, ("plot", "jump", "gate", "move"))
            validate.integer("event.leg", e.get("leg"), 0, last_leg)
            validate.integer("event.day", e.get("day"), 0, 10_000_000)
            if e.kind == "plot":
                for key in ("total", "successes", "needed"):
                    validate.integer(f"event.{key}", e.get(key), 0, 10_000)
                dice = validate.sequence("event.dice", e.get("dice"))
                faces = validate.sequence("event.faces", e.get("faces"))
                totals = validate.sequence("event.totals", e.get("totals", []))
                k = len(totals) or 1
                if len(dice) > 100 or len(totals) > 100 or len(faces) != k * len(dice):
                    raise InvalidInput(
                        "event.faces must hold one face per die of each plotter (at most 100 "
                        "dice and 100 plotters)"
                    )
                for x in totals:
                    validate.integer("event.totals", x, 0, 10_000)
                for x in dice:
                    validate.integer("event.dice", x, 0, 5)
                for x in faces:
                    validate.integer("event.faces", x, 1, 6)
            elif e.kind == "jump":
                validate.number("event.ly", e.get("ly"), 0, 1e6)
            elif e.kind == "move":
                validate.integer("event.orbits", e.get("orbits"), 1, 1000)
                validate.integer("event.at", e.get("at"), 0, len(j.legs))
                validate.text("event.pace", e.get("pace"), max_len=20)
        try:
            j.state()
        except (KeyError, TypeError, ValueError, IndexError) as exc:  # belt and braces
            raise InvalidInput(f"journey events do not replay: {exc}") from None
        j._check_replay()
        return j

    def _check_replay(self) -> None:
        """Play the log again from the seed (each plot, jump and gate a :meth:`step`, each
        move a :meth:`move`) and refuse a log that is not what that play records: a face, a
        count of successes or a day edited by hand is a :class:`SaveFileError` naming the
        event, what the file says and what the rules give."""
        again = Journey(
            self.legs, self.names, self.party, seed=self.seed, left_behind=self.left_behind
        )
        for index, e in enumerate(self.log):
            where = f"journey event {index} ({e.kind}, leg {e.get('leg')}, day {e.get('day')})"
            try:
                if e.kind == "move":
                    (made,) = again.move(e["orbits"])
                else:
                    (made,) = again._step()
            except IllegalAction as exc:
                raise SaveFileError(f"{where}: the rules allow no such step here ({exc})") from None
            if made.kind != e.kind:
                raise SaveFileError(
                    f"{where}: the file says {e.kind!r}, the rules give {made.kind!r} here"
                )
            for key in sorted(set(made.data) | set(e.data)):
                if made.data.get(key) != e.data.get(key):
                    raise SaveFileError(
                        f"{where}: the file says {key} = {e.data.get(key)!r}, the rules give "
                        f"{made.data.get(key)!r}"
                    )

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
