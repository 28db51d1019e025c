"""How the campaign clock (:mod:`kit.clock`) plays each kind of activity for one day.

One adapter per kind of :data:`~kit.clock_days.KINDS`: who the activity occupies, which
systems it concerns, what one day of it does (its events), when it is done, how far it has
come, and how to take a day back. Engines are imported when a day is played, never at import.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol, cast

import numpy as np

from .clock_days import Activity, ClockEvent
from .errors import IllegalAction, InvalidInput

if TYPE_CHECKING:
    from .campaign_store import Collection
    from .successors.entities import Entity
    from .successors.fleets import Fleet
    from .successors.knowledge import Knowledge


class Campaign(Protocol):
    """What an activity's adapter reads of the clock's campaign (:class:`kit.campaign.Campaign`,
    which imports the clock: a protocol, so this module does not import it)."""

    @property
    def knowledge(self) -> Knowledge:
        """What the players know."""
        ...

    @property
    def collections(self) -> Mapping[str, Collection]:
        """Collection name -> its items."""
        ...

    def get(self, collection: str, name: str) -> object:
        """The item ``name`` of ``collection`` (each adapter knows the class its items are)."""
        ...

    def position(self, who: str, day: int | None = None) -> tuple[str, int] | None:
        """Where entity or fleet ``who`` is at the end of ``day``, as ``(system, orbit)``."""
        ...


class Clock(Protocol):
    """What an activity's adapter reads of the campaign clock (:class:`kit.clock.Clock`):
    its campaign, its records of activities and its event maker. A protocol, so this module
    does not import the clock that imports it."""

    _policies: dict[str, Any]

    @property
    def campaign(self) -> Campaign:
        """The campaign the clock belongs to (a :class:`kit.campaign.Campaign`)."""
        ...

    def _update(self, name: str, **changes: Any) -> Activity: ...

    def _event(self, act: Activity, day: int, kind: str, text: str, **refs: Any) -> ClockEvent: ...


__all__ = ["ADAPTERS", "move_days", "moved", "orbit_on", "speed_text", "spotters"]


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

    def mark(self, clock: Clock, act: Activity) -> Any:
        """What the activity's object looks like after a day, in brief: if it differs when the
        day is taken back, something else changed the object since and the undo is refused."""
        return None

    def restore(self, clock: Clock, act: Activity, saved: Any) -> None:
        return None


def _plural(n: int, word: str) -> str:
    """``"1 die"``, ``"3 dice"``, ``"2 successes"``."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} " + {"die": "dice", "success": "successes"}.get(word, word + "s")


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
        if act.days == 0:  # its own day 0 is the eve of the day it starts (after= or start=)
            act = clock._update(act.name, offset=day - 1 - j.day)
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
        return float((st["leg"] + part) / len(j.legs))

    def snapshot(self, clock: Clock, act: Activity) -> Any:
        return len(self.obj(clock, act).log)

    def mark(self, clock: Clock, act: Activity) -> Any:
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

    def mark(self, clock: Clock, act: Activity) -> Any:
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

    said: list[str] = []
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
        out += [
            clock._event(act, day, "finished", f"{e['name']} finished")
            for e in report["events"]
            if e["kind"] == "finished"
        ]
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
            return float(act.days / act.options["days"])
        plan = act.options.get("plan")
        left = len(ws.pending()) if plan is None else self._open(ws, plan)
        done = sum(1 for d in ws.days[-act.days :] if act.days for r in d.rolls if r["done"])
        return done / max(1, done + left)

    #: Workshop attributes that are values (replaced, never changed in place): kept as they are.
    _VALUES = ("entity", "system", "rules", "seed", "faction", "ru")

    def snapshot(self, clock: Clock, act: Activity) -> Any:
        # days only grow: their count is enough; ships, builds and loose objects are records of
        # plain values (a ship's design is frozen), so a shallow copy of each is a true copy
        ws = self.obj(clock, act)
        out: dict[str, Any] = {}
        for k, v in ws.__dict__.items():
            if k in self._VALUES:
                out[k] = v
            elif k == "days":
                out[k] = len(v)
            elif k in ("units", "projects", "loose"):
                out[k] = {key: _record_copy(x) for key, x in v.items()}
            else:
                out[k] = copy.deepcopy(v)
        return out

    def mark(self, clock: Clock, act: Activity) -> Any:
        return len(self.obj(clock, act).days)

    def restore(self, clock: Clock, act: Activity, saved: Any) -> None:
        # a snapshot is restored once (undo pops it), so its copies are taken over as they are
        ws = self.obj(clock, act)
        days = ws.days
        del days[saved["days"] :]
        ws.__dict__.clear()
        ws.__dict__.update({k: days if k == "days" else v for k, v in saved.items()})


def _record_copy(record: Any) -> Any:
    """A copy of a Workshop's ship, build or loose object (its one dict copied too)."""
    out = copy.copy(record)
    takeover = getattr(record, "takeover", None)
    if isinstance(takeover, dict):
        out.takeover = dict(takeover)
    return out


class _CountedAdapter(_Adapter):
    """An activity that ends after ``days`` days or once its running total (``act.total``)
    reaches the option named :attr:`goal` (a scan's Sensors level, a cannon's Rammers), which
    comes first; its progress is the larger share of either."""

    goal = ""

    def done(self, clock: Clock, act: Activity) -> bool:
        opts = act.options
        return ("days" in opts and act.days >= opts["days"]) or (
            self.goal in opts and act.total >= opts[self.goal]
        )

    def progress(self, clock: Clock, act: Activity) -> float:
        opts = act.options
        shares = []
        if "days" in opts:
            shares.append(act.days / opts["days"])
        if self.goal in opts:
            shares.append(act.total / opts[self.goal])
        return float(max(shares))


class _ScanAdapter(_CountedAdapter):
    """A Sensors scan of ``target``, one roll set a day, until ``days`` or ``level``."""

    goal = "level"

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

    def mark(self, clock: Clock, act: Activity) -> Any:
        return id(self.obj(clock, act))

    def restore(self, clock: Clock, act: Activity, saved: Any) -> None:
        clock.campaign.collections["entities"][act.target] = saved


# ---------------------------------------------------------------------------- movement
def _mover(clock: Clock, target: str) -> object:
    """The entity or fleet a ``"entities/<name>"`` or ``"fleets/<name>"`` key names."""
    collection, _, name = target.partition("/")
    return clock.campaign.get(collection, name)


def _orbits(act: Activity) -> int:
    """Orbits between a move's start and its goal."""
    return abs(int(act.options["to"]) - int(act.options["from"]))


def moved(act: Activity, days: int | None = None) -> int:
    """Orbits a move has covered after ``days`` of its days (default: the days it played)."""
    n, d = act.options["speed"]
    dist = _orbits(act)
    return int(min(dist, (act.days if days is None else days) * n // d))


def move_days(act: Activity) -> int:
    """Days a move takes from its first day to its arrival."""
    n, d = act.options["speed"]
    dist = _orbits(act)
    return int(-(-dist * d // n))


def orbit_on(act: Activity, day: int, begin: int | None = None) -> int:
    """The orbit a move's mover is at at the end of ``day`` (days to come are foreseen at its
    speed, from its first day or, not begun yet, from ``begin``, by default its start)."""
    opts = act.options
    if act.first_day is not None:
        begin = act.first_day
    elif begin is None:
        begin = act.start
    if day < begin:
        return int(opts["from"])
    days = day - begin + 1
    if act.done_day is not None:
        days = min(days, act.days)
    step = 1 if opts["to"] > opts["from"] else -1
    return int(opts["from"] + step * moved(act, days))


def speed_text(speed: list[int]) -> str:
    """``[2, 1]`` -> ``"2 orbits a day"``; ``[1, 2]`` -> ``"1 orbit every 2 days"``."""
    n, d = speed
    if d == 1:
        return f"{_plural(n, 'orbit')} a day"
    return f"1 orbit every {d} days"


class _MoveAdapter(_Adapter):
    """An entity or a fleet moving between the orbits of one system (``target`` is
    ``"entities/<name>"`` or ``"fleets/<name>"``)."""

    def check(self, clock: Clock, act: Activity) -> None:
        _mover(clock, act.target)

    def participants(self, clock: Clock, act: Activity) -> list[str]:
        collection, _, name = act.target.partition("/")
        out = [name]
        if collection == "fleets":
            owner = cast("Fleet", _mover(clock, act.target)).owner
            if owner is not None and owner.name != name:
                out.append(owner.name)
        return out

    def systems(self, clock: Clock, act: Activity) -> list[str]:
        return [act.options["system"]]

    def play(
        self, clock: Clock, act: Activity, day: int, rng: np.random.Generator
    ) -> list[ClockEvent]:
        opts = act.options
        who = act.target.partition("/")[2]
        step = 1 if opts["to"] > opts["from"] else -1
        before, after = moved(act), moved(act, act.days + 1)
        here = opts["from"] + step * before
        there = opts["from"] + step * after
        system = opts["system"]
        if after > before:
            text = f"{who} moves from orbit {here} to orbit {there} of {system}"
        else:
            d = opts["speed"][1]
            text = (
                f"{who} is under way from orbit {here} to orbit {here + step} of {system} "
                f"(day {(act.days + 1) % d or d} of {d}: {speed_text(opts['speed'])})"
            )
        out = [clock._event(act, day, "move", text)]
        if there == opts["to"]:
            out.append(
                clock._event(act, day, "arrived", f"{who} reaches orbit {there} of {system}")
            )
        return out

    def done(self, clock: Clock, act: Activity) -> bool:
        return moved(act) >= _orbits(act)

    def progress(self, clock: Clock, act: Activity) -> float:
        n, d = act.options["speed"]
        dist = _orbits(act)
        return float(act.days * n / d / max(1, dist))


# ---------------------------------------------------------------------------- ferals
class _FeedingAdapter(_Adapter):
    """A pack of Ferals eating the RU of neutralized ships and objects and mating
    (:class:`~kit.successors.bestiary.FeralPack`, a day at a time). ``target`` names the place."""

    def check(self, clock: Clock, act: Activity) -> None:
        for name in act.options["ferals"]:
            clock.campaign.get("entities", name)

    def participants(self, clock: Clock, act: Activity) -> list[str]:
        return list(act.options["ferals"])

    def systems(self, clock: Clock, act: Activity) -> list[str]:
        return [act.target]

    def play(
        self, clock: Clock, act: Activity, day: int, rng: np.random.Generator
    ) -> list[ClockEvent]:
        from dataclasses import replace

        from .successors.bestiary import FeralPack

        camp = clock.campaign
        opts = copy.deepcopy(act.options)
        names: list[str] = opts["ferals"]
        ferals = [cast("Entity", camp.get("entities", n)) for n in names]
        pack = FeralPack(ferals, seed=int(rng.integers(2**32)))
        pack.ru = list(opts["ru"])
        pack.food = {f"F{k}": {"name": n, "ru": r} for k, (n, r) in enumerate(opts["food"])}
        events = pack.day()
        for k in range(len(names), len(pack.ferals)):  # newborns join the campaign
            opts["born"] += 1
            k_name = opts["born"]
            name = f"Feral {k_name}"
            while name in camp.collections["entities"]:
                k_name += 1
                name = f"Feral {k_name}"
            camp.collections["entities"][name] = replace(pack.ferals[k], name=name)
            names.append(name)
        out = []
        eaten: dict[int, list[str]] = {}
        for e in events:
            if e["kind"] == "eat":
                food = pack.food[e["food"]]["name"]
                eaten.setdefault(e["feral"], []).append(f"{e['ru']:g} RU of {food}")
        for i, bites in eaten.items():
            text = f"{names[i]} eats {' and '.join(bites)} (holds {pack.ru[i]:g} RU)"
            out.append(clock._event(act, day, "eat", text, entities=(names[i],)))
        for e in events:
            if e["kind"] == "consumed":
                text = f"{e['name']} is eaten up"
                out.append(clock._event(act, day, "consumed", text))
            elif e["kind"] in ("birth", "no_birth"):
                a, b = (names[p] for p in e["parents"])
                if e["kind"] == "birth":
                    child = names[e["feral"]]
                    text = (
                        f"{a} and {b} mate: {child} is born, paid with {e['cost']:g} RU (its "
                        f"ranks): {e['paid'][0]:g} from {a}, {e['paid'][1]:g} from {b}"
                    )
                    who: tuple[str, ...] = (a, b, child)
                else:
                    text = (
                        f"{a} and {b} seek to mate, but the feral they would make needs "
                        f"{e['cost']:g} RU: none is born"
                    )
                    who = (a, b)
                out.append(clock._event(act, day, "birth", text, entities=who))
        opts["ferals"] = names
        opts["ru"] = [float(x) for x in pack.ru]
        opts["food"] = [[f["name"], float(f["ru"])] for f in pack.food.values() if f["ru"] > 0]
        opts["idle"] = not any(e["kind"] in ("eat", "birth") for e in events)
        clock._update(act.name, options=opts)
        return out

    def done(self, clock: Clock, act: Activity) -> bool:
        opts = act.options
        if "days" in opts:
            return bool(act.days >= opts["days"])
        return bool(opts["idle"])

    def progress(self, clock: Clock, act: Activity) -> float:
        if "days" in act.options:
            return float(act.days / act.options["days"])
        return 0.0

    def snapshot(self, clock: Clock, act: Activity) -> Any:
        return tuple(act.options["ferals"])

    def restore(self, clock: Clock, act: Activity, saved: Any) -> None:
        held = clock.campaign.collections["entities"]
        for name in act.options["ferals"]:
            if name not in saved:
                held.pop(name, None)  # born on the day taken back


# ---------------------------------------------------------------------------- hyper cannon
def spotters(clock: Clock, key: str) -> list[Any]:
    """What of ``key`` (``"entities/<name>"`` or ``"fleets/<name>"``) can feed fire control:
    the entity, or a fleet's owner and its ships."""
    obj = _mover(clock, key)
    if key.startswith("entities/"):
        return [obj]
    fleet = cast("Fleet", obj)  # a spotter is an entity or a fleet (checked when scheduled)
    out: list[Any] = [] if fleet.owner is None else [fleet.owner]
    return out + [s for s in fleet.ships if not getattr(s, "destroyed", False)]


class _CannonAdapter(_CountedAdapter):
    """A Hyper Cannon of ``level`` launching Rammers at system ``target`` each day, guided by
    its ``spotter`` there."""

    goal = "rammers"

    def _cannon(self, act: Activity) -> Any:
        from .successors.projects import HyperCannon

        return HyperCannon(act.options["level"])

    def _battle(self, clock: Clock, act: Activity) -> Any:
        if "battle" not in act.options:
            return None
        return clock.campaign.get("battles", act.options["battle"])

    def check(self, clock: Clock, act: Activity) -> None:
        b = self._battle(clock, act)
        if b is not None and act.options["side"] not in [s.name for s in b.sides]:
            raise InvalidInput(
                f"side: battle {act.options['battle']!r} has no side {act.options['side']!r}; "
                f"its sides are {', '.join(repr(s.name) for s in b.sides)}"
            )
        try:
            self._cannon(act).check_launch(1, spotters(clock, act.options["spotter"]))
        except IllegalAction:
            raise IllegalAction(
                f"the Hyper Cannon of {act.name!r} needs fire control in {act.target}: "
                f"{act.options['spotter']} is neither an entity nor has a ship with Sensors"
            ) from None

    def participants(self, clock: Clock, act: Activity) -> list[str]:
        return []  # the cannon is a structure; feeding it fire control takes no one's day

    def systems(self, clock: Clock, act: Activity) -> list[str]:
        return [act.target]

    def play(
        self, clock: Clock, act: Activity, day: int, rng: np.random.Generator
    ) -> list[ClockEvent]:
        opts = act.options
        spotter = opts["spotter"].partition("/")[2]
        where = clock.campaign.position(spotter, day - 1)
        if where is not None and where[0] != act.target:
            raise IllegalAction(
                f"the Hyper Cannon of {act.name!r} has no spotter in {act.target} on day {day}: "
                f"{spotter} is in {where[0]}"
            )
        count = act.options["level"]
        if "rammers" in opts:
            count = min(count, opts["rammers"] - act.total)
        self._cannon(act).check_launch(count, spotters(clock, opts["spotter"]))
        act = clock._update(act.name, total=act.total + count)
        text = (
            f"{_plural(count, 'Rammer')} launched at {act.target} ({act.total} in all), "
            f"fire control from {spotter}"
        )
        b = self._battle(clock, act)
        if b is not None and not b.over:
            b.rammers_arrive(opts["side"], count)
            text += f"; they join {opts['side']} in battle {opts['battle']}"
        elif b is not None:
            text += f"; battle {opts['battle']} is over, they find no enemy there"
        return [clock._event(act, day, "launch", text, entities=(spotter,))]

    def snapshot(self, clock: Clock, act: Activity) -> Any:
        b = self._battle(clock, act)
        return None if b is None else len(b.log)

    def mark(self, clock: Clock, act: Activity) -> Any:
        return self.snapshot(clock, act)

    def restore(self, clock: Clock, act: Activity, saved: Any) -> None:
        b = self._battle(clock, act)
        while b is not None and len(b.log) > saved:
            b.undo()


ADAPTERS: dict[str, _Adapter] = {
    "cannon": _CannonAdapter(),
    "journey": _JourneyAdapter(),
    "battle": _BattleAdapter(),
    "move": _MoveAdapter(),
    "workshop": _WorkshopAdapter(),
    "scan": _ScanAdapter(),
    "traits": _TraitsAdapter(),
    "feeding": _FeedingAdapter(),
}
