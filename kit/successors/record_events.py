"""The knowledge record's events: what each holds, how a file's events are checked, what they add up to.

:class:`~kit.successors.knowledge.Knowledge` keeps the players' knowledge as an event log; this
module states the events once: the fields each kind may hold (:data:`FIELDS`), the checks every
value passes as it enters (the recording methods and a loaded file alike, :func:`check_event`),
and what the log adds up to when replayed (:class:`State`, :func:`apply_event`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import limits, validate
from ..errors import InvalidInput, InvalidType
from ..log import Event
from .stars.system import StarSystem

__all__ = [
    "FIELDS",
    "MAX_DATE",
    "MAX_DAY",
    "MAX_KEY",
    "MAX_ORBIT",
    "MAX_SCAN",
    "WHEN",
    "Key",
    "Learned",
    "Note",
    "State",
    "apply_event",
    "check_event",
    "event_size",
    "fleet_key",
    "key_of",
    "name_of",
    "route_legs",
    "sorted_pair",
    "target_fields",
    "when_fields",
]

#: Most successes one scan may add (a generous bound on a day's dice).
MAX_SCAN = 1000
#: Highest orbit number a record accepts.
MAX_ORBIT = 1000
#: Largest game day number.
MAX_DAY = 10**9
#: Longest free-text game date.
MAX_DATE = 40


@dataclass(frozen=True)
class Note:
    """A GM note in the record."""

    number: int
    """Its number (0 for the first note), used to reveal or hide it later."""
    text: str
    """The note."""
    player_visible: bool
    """Whether the players may read it."""
    about: str | None
    """A system, fleet or other name the note is about, if any."""
    seq: int
    """Position of the event that wrote it in the record's log."""
    day: int | None
    """Game day it was written on, if given."""
    date: str | None
    """Free-text game date, if given."""


@dataclass(frozen=True)
class Learned:
    """When a thing first became known to the players."""

    seq: int
    """Position of the event in the record's log."""
    day: int | None
    """Game day, if given."""
    date: str | None
    """Free-text game date, if given."""


Key = tuple[Any, ...]


class State:
    """What the log adds up to (derived by replaying it, never saved)."""

    def __init__(self) -> None:
        self.systems: dict[str, int] = {}
        self.orbit_levels: dict[str, dict[int | None, int]] = {}
        self.fleets: dict[str, int] = {}
        self.routes: dict[tuple[str, str], int] = {}
        self.gates: set[tuple[str, str]] = set()
        self.revealed: set[Key] = set()
        self.hidden: set[Key] = set()
        self.notes: list[Note] = []
        self.learned: dict[Key, Learned] = {}
        #: systems told only as part of a route, orbit or secret revealed: known while that
        #: reveal stands (a hide of it takes the system back too)
        self.told: dict[str, Learned] = {}

    def learn(self, key: Key, seq: int, e: Event) -> None:
        if key not in self.learned:
            self.learned[key] = Learned(seq, e.get("day"), e.get("date"))

    def tell(self, name: str, seq: int, e: Event) -> None:
        if name not in self.told:
            self.told[name] = Learned(seq, e.get("day"), e.get("date"))

    def told_now(self) -> set[str]:
        """Systems a route, orbit or secret revealed (and not hidden since) names."""
        out: set[str] = set()
        for k in self.revealed:
            if k[0] == "route":
                out |= {k[1], k[2]}
            elif k[0] in ("orbit", "secret"):
                out.add(k[1])
        return out


def sorted_pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def name_of(field: str, value: object) -> str:
    if isinstance(value, StarSystem):
        value = value.name
    return validate.text(field, value, max_len=limits.MAX_NAME)


#: Longest key of a fleet or entity: a campaign item's name with its collection in front
#: (``"fleets/<name>"``, ``"battles/<name>/sides/<n>"``).
MAX_KEY = limits.MAX_NAME + 40


def fleet_key(field: str, value: object) -> str:
    return validate.text(field, value, max_len=MAX_KEY)


def when_fields(day: object, date: object) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if day is not None:
        out["day"] = validate.integer("day", day, 0, MAX_DAY)
    if date is not None:
        out["date"] = validate.text("date", date, max_len=MAX_DATE)
    return out


def target_fields(
    what: object, orbit: object, secret: object, note: object, *, verb: str
) -> dict[str, Any]:
    """The checked fields of a reveal or hide (exactly one kind of thing)."""
    out: dict[str, Any] = {}
    if note is not None:
        if what is not None or orbit is not None or secret is not None:
            raise InvalidInput(f"{verb} a note by its number alone (note=...), without a system")
        out["note"] = validate.integer("note", note, 0, limits.MAX_EVENTS)
        return out
    if isinstance(what, (tuple, list)):
        if len(what) != 2:
            raise InvalidInput(f"a route to {verb} is a pair of system names, got {what!r}")
        if orbit is not None or secret is not None:
            raise InvalidInput(f"{verb} a route without orbit= or secret=")
        a, b = name_of("route[0]", what[0]), name_of("route[1]", what[1])
        if a == b:
            raise InvalidInput(f"a route joins two different systems, got {a!r} twice")
        out["route"] = list(sorted_pair(a, b))
        return out
    if what is None:
        raise InvalidInput(
            f"say what to {verb}: a system name, a pair of names (a route) or note=<number>"
        )
    out["system"] = name_of("system", what)
    if orbit is not None:
        out["orbit"] = validate.integer("orbit", orbit, 1, MAX_ORBIT)
    if secret is not None:
        if orbit is None:
            raise InvalidInput(f"{verb} a secret with the orbit it belongs to (orbit=...)")
        out["secret"] = validate.text("secret", secret, max_len=limits.MAX_TEXT)
    return out


def key_of(data: Mapping[str, Any]) -> Key:
    if "note" in data:
        return ("note", data["note"])
    if "route" in data:
        return ("route", *data["route"])
    if "secret" in data:
        return ("secret", data["system"], data["orbit"], data["secret"])
    if "orbit" in data:
        return ("orbit", data["system"], data["orbit"])
    return ("system", data["system"])


# What each event kind may hold; loading checks every field through the same functions the
# methods use, so a hand-edited file can hold nothing a method would refuse.
WHEN = ("day", "date")
FIELDS = {
    "scan": ("system", "successes", "orbit", *WHEN),
    "scan_fleet": ("fleet", "successes", *WHEN),
    "travel": ("a", "b", "times", "gate", *WHEN),
    "reveal": ("system", "route", "orbit", "secret", "note", *WHEN),
    "hide": ("system", "route", "orbit", "secret", "note", *WHEN),
    "note": ("text", "player_visible", "about", *WHEN),
}


def event_size(event: Event) -> int:
    """Bytes the event takes in a save file (UTF-8 JSON, as :mod:`kit.store` writes it)."""
    return len(json.dumps(event.to_dict(), ensure_ascii=False).encode("utf-8"))


def route_legs(route: object) -> list[tuple[str, str, bool]]:
    """(a, b, gate) for each passage of a journey, route or pair of names."""
    from .sector.journey import Journey
    from .sector.routes import Route

    if isinstance(route, Journey):
        out = []
        for e in route.log:
            if e.kind in ("jump", "gate"):
                a, b = route.names[e["leg"]], route.names[e["leg"] + 1]
                out.append((*sorted_pair(a, b), e.kind == "gate"))
        return out
    if isinstance(route, Route):
        out = []
        for leg, a, b in zip(route.legs, route.names, route.names[1:]):
            out.append((*sorted_pair(a, b), bool(getattr(leg, "gate", False))))
        return out
    if isinstance(route, (tuple, list)) and len(route) == 2:
        a, b = name_of("route[0]", route[0]), name_of("route[1]", route[1])
        if a == b:
            raise InvalidInput(f"a route joins two different systems, got {a!r} twice")
        return [(*sorted_pair(a, b), False)]
    raise InvalidType(
        f"route must be a Journey, a Route or a pair of system names, got {type(route).__name__}"
    )


def check_event(e: Event, i: int, notes: int) -> dict[str, Any]:
    """The event's data checked as the recording methods check it (loading a file)."""
    where = f"events[{i}]"
    if e.kind not in FIELDS:
        raise InvalidInput(f"{where}.kind must be one of {', '.join(FIELDS)}; got {e.kind!r}")
    d = dict(e.data)
    validate.no_unknown_keys(f"{where}.data", d, FIELDS[e.kind])
    when = when_fields(d.get("day"), d.get("date"))
    out: dict[str, Any]
    if e.kind == "scan":
        validate.require_keys(where, d, ("system", "successes"))
        out = {
            "system": name_of("system", d["system"]),
            "successes": validate.integer("successes", d["successes"], 0, MAX_SCAN),
        }
        if "orbit" in d:
            out["orbit"] = validate.integer("orbit", d["orbit"], 1, MAX_ORBIT)
    elif e.kind == "scan_fleet":
        validate.require_keys(where, d, ("fleet", "successes"))
        out = {
            "fleet": fleet_key("fleet", d["fleet"]),
            "successes": validate.integer("successes", d["successes"], 0, MAX_SCAN),
        }
    elif e.kind == "travel":
        validate.require_keys(where, d, ("a", "b", "times", "gate"))
        a, b = name_of("a", d["a"]), name_of("b", d["b"])
        if (a, b) != sorted_pair(a, b) or a == b:
            raise InvalidInput(f"{where}: a and b must be two different names in sorted order")
        gate = validate.boolean("gate", d["gate"])
        times = validate.integer("times", d["times"], 0 if gate else 1, 0 if gate else 1000)
        out = {"a": a, "b": b, "times": times, "gate": gate}
    elif e.kind in ("reveal", "hide"):
        route = d.get("route")
        if route is not None:
            route = validate.sequence("route", route)
        out = target_fields(
            route if route is not None else d.get("system"),
            d.get("orbit"),
            d.get("secret"),
            d.get("note"),
            verb=e.kind,
        )
        if route is not None and list(route) != out["route"]:
            raise InvalidInput(f"{where}.route must name its two systems in sorted order")
        if "note" in out and out["note"] >= notes:
            raise InvalidInput(f"{where} names note {out['note']}, which is not written yet")
    else:
        validate.require_keys(where, d, ("text", "player_visible"))
        out = {
            "text": validate.text("text", d["text"], max_len=limits.MAX_TEXT),
            "player_visible": validate.boolean("player_visible", d["player_visible"]),
        }
        if "about" in d:
            out["about"] = name_of("about", d["about"])
    out |= when
    if out != d:  # stored text is stripped and in canonical form, as the methods store it
        raise InvalidInput(f"{where} is not in the form the record writes: {d!r}")
    return out


def apply_event(st: State, seq: int, e: Event) -> None:
    if e.kind == "scan":
        name = e["system"]
        total = st.systems.get(name, 0) + e["successes"]
        st.systems[name] = total
        positions = st.orbit_levels.setdefault(name, {})
        orbit = e.get("orbit")
        positions.pop(orbit, None)  # keep the last position last (dicts keep insertion order)
        positions[orbit] = total
        st.learn(("system", name), seq, e)
    elif e.kind == "scan_fleet":
        st.fleets[e["fleet"]] = st.fleets.get(e["fleet"], 0) + e["successes"]
    elif e.kind == "travel":
        pair = (e["a"], e["b"])
        if e["gate"]:
            st.gates.add(pair)
        else:
            st.routes[pair] = st.routes.get(pair, 0) + e["times"]
        st.learn(("route", *pair), seq, e)
        for name in pair:
            st.learn(("system", name), seq, e)
    elif e.kind in ("reveal", "hide"):
        key = key_of(e.data)
        if e.kind == "reveal":
            st.revealed.add(key)
            st.hidden.discard(key)
            if key[0] == "route":  # the route, and its systems while it stands
                st.learn(key, seq, e)
                for name in key[1:]:
                    st.tell(name, seq, e)
            elif key[0] == "system":
                st.learn(key, seq, e)
            elif key[0] != "note":  # an orbit or secret: its system, while it stands
                st.tell(key[1], seq, e)
        else:
            st.hidden.add(key)
            st.revealed.discard(key)
    else:
        st.notes.append(
            Note(
                len(st.notes),
                e["text"],
                e["player_visible"],
                e.get("about"),
                seq,
                e.get("day"),
                e.get("date"),
            )
        )
