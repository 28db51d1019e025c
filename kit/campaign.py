"""A GM's campaign: one file that keeps a whole prep across sessions.

A :class:`Campaign` holds named collections - jobs (planned and played), custom job types,
crews, boards, entities, fleets, battles, star systems, sectors and journeys - plus house-rule
options and session notes. Each object is stored in its own versioned save format inside the
campaign file, so every object keeps its full event log and replays exactly on load.

The campaign file itself is versioned JSON (``"format": "gm-kit/campaign"``), saved atomically
(a crash mid-save leaves the previous file intact), and older campaign versions are migrated on
load. Objects are rebuilt only from an allow-list of the kit's own classes: a file can never
name arbitrary code to import.

>>> from kit import Campaign
>>> from kit.regulus import Job, Operative
>>> camp = Campaign("Neon Reach")
>>> camp.add(Job("heist", 4, 5, [Operative("Vex", "Face")], seed=1), "vault job")
'vault job'
>>> Campaign.from_json(camp.to_json()) == camp
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from . import store, validate
from .errors import InvalidInput, InvalidType, KitError, SaveFileError

__all__ = ["Campaign", "SessionNote", "COLLECTIONS"]

#: Collection name -> the classes (module:attribute) it may hold. Loading accepts nothing else.
COLLECTIONS: dict[str, tuple[str, ...]] = {
    "jobs": ("kit.regulus.job:Job",),
    "job_types": ("kit.regulus.tables:JobType",),
    "crews": ("kit.campaign:Crew",),
    "boards": (
        "kit.boards.standard:StandardBoard", "kit.boards.standard:PreparationBoard",
        "kit.boards.limit:LimitBoard", "kit.boards.contest:Contest", "kit.boards.chase:Chase",
    ),
    "decks": ("kit.boards.cards:EventDeck",),
    "entities": ("kit.successors.entities:Entity",),
    "fleets": ("kit.successors.fleets:Fleet",),
    "battles": ("kit.successors.combat.battle:Battle",),
    "systems": ("kit.successors.stars.system:StarSystem",),
    "sectors": ("kit.successors.sector.sector:Sector",),
    "journeys": ("kit.successors.sector.journey:Journey",),
}
ALLOWED = {path for paths in COLLECTIONS.values() for path in paths}


def _load_class(path: str) -> type:
    if path not in ALLOWED:
        raise SaveFileError(f"campaign item type {path!r} is not one of the kit's savable types")
    module, _, attr = path.partition(":")
    return getattr(import_module(module), attr)


def _path_of(obj: Any) -> str:
    cls = type(obj)
    return f"{cls.__module__}:{cls.__qualname__}"


@dataclass(frozen=True)
class Crew:
    """A named crew of operatives kept between jobs."""

    operatives: tuple[Any, ...]
    """The :class:`~kit.regulus.Operative` members."""

    def to_json(self) -> str:
        return store.dumps("crew", 1, [op.to_dict() for op in self.operatives])

    @classmethod
    def from_json(cls, text: str | bytes) -> "Crew":
        from .regulus import Operative

        data = store.loads(text, "crew", 1)
        return cls(tuple(Operative.from_dict(op) for op in validate.sequence("crew", data)))


@dataclass(frozen=True)
class SessionNote:
    """A note on one game session."""

    title: str
    text: str = ""
    date: str = ""
    """Free text (the kit does not parse dates)."""

    def to_dict(self) -> dict[str, str]:
        return {"title": self.title, "text": self.text, "date": self.date}


def _encode(obj: Any) -> dict[str, Any]:
    path = _path_of(obj)
    if path not in ALLOWED:
        raise InvalidType(f"a campaign cannot store {type(obj).__name__} objects")
    if hasattr(obj, "to_json"):
        data = json.loads(obj.to_json())
    else:
        data = obj.to_dict()
    return {"type": path, "data": data}


def _decode(raw: Any, where: str) -> Any:
    raw = validate.mapping(where, raw)
    validate.no_unknown_keys(where, raw, ("type", "data"))
    cls = _load_class(raw.get("type"))
    data = raw.get("data")
    try:
        if hasattr(cls, "from_json"):
            return cls.from_json(json.dumps(data, allow_nan=False))
        return cls.from_dict(data)
    except SaveFileError as exc:
        raise SaveFileError(f"{where}: {exc}") from None
    except (KitError, TypeError, ValueError, KeyError) as exc:
        raise SaveFileError(f"{where} is invalid: {exc}") from None


class Campaign:
    """Everything a GM prepares, in named collections, saved as one versioned JSON file.

    Args:
        name: the campaign's name.
        notes: free-form notes.
        house_rules: option objects keyed by system (``{"regulus": RegulusRules(...)}``); stored
            with their own ``to_dict``.
    """

    KIND = "campaign"
    VERSION = 2

    def __init__(self, name: str = "Campaign", *, notes: str = "", house_rules: dict[str, Any] | None = None) -> None:
        self.name = validate.text("campaign name", name, max_len=200)
        self.notes = validate.text("notes", notes, allow_empty=True, max_len=200_000)
        self.house_rules: dict[str, Any] = dict(house_rules or {})
        self.sessions: list[SessionNote] = []
        self.collections: dict[str, dict[str, Any]] = {c: {} for c in COLLECTIONS}

    # ------------------------------------------------------------------ contents
    def collection_for(self, obj: Any) -> str:
        """The collection an object belongs in (raises for types a campaign cannot keep)."""
        path = _path_of(obj)
        for name, paths in COLLECTIONS.items():
            if path in paths:
                return name
        raise InvalidType(
            f"a campaign cannot store {type(obj).__name__} objects; it keeps "
            + ", ".join(COLLECTIONS)
        )

    def add(self, obj: Any, name: str | None = None, *, replace: bool = False) -> str:
        """Store ``obj`` under ``name`` in its collection and return the name used.

        Without a name the object's own title or name is used, made unique with a number.
        An existing name raises unless ``replace=True``.
        """
        collection = self.collection_for(obj)
        items = self.collections[collection]
        if name is None:
            base = str(getattr(obj, "title", "") or getattr(obj, "name", "") or collection[:-1])
            name, i = base, 2
            while name in items:
                name, i = f"{base} {i}", i + 1
        name = validate.text("item name", name, max_len=200)
        if name in items and not replace:
            raise InvalidInput(f"{collection} already has an item named {name!r}; pass replace=True to overwrite")
        _encode(obj)  # fail now, not at save time, if the object cannot be saved
        items[name] = obj
        return name

    def add_crew(self, name: str, operatives: Any) -> str:
        """Keep a named crew (a list of Operatives) for later jobs."""
        from .regulus import Operative

        ops = tuple(op if isinstance(op, Operative) else Operative.from_dict(op) for op in operatives)
        return self.add(Crew(ops), name, replace=True)

    def crew(self, name: str) -> list[Any]:
        """The operatives of a stored crew."""
        return list(self.get("crews", name).operatives)

    def get(self, collection: str, name: str) -> Any:
        """The item ``name`` of ``collection``."""
        validate.choice("collection", collection, list(COLLECTIONS))
        items = self.collections[collection]
        if name not in items:
            shown = ", ".join(map(repr, items)) or "none yet"
            raise InvalidInput(f"{collection} has no item {name!r}; it has {shown}")
        return items[name]

    def remove(self, collection: str, name: str) -> Any:
        """Remove and return an item."""
        obj = self.get(collection, name)
        del self.collections[collection][name]
        return obj

    def __getattr__(self, name: str) -> dict[str, Any]:
        collections = self.__dict__.get("collections")
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
        note = SessionNote(validate.text("session title", title, max_len=200),
                           validate.text("session text", text, allow_empty=True, max_len=200_000),
                           validate.text("session date", date, allow_empty=True, max_len=40))
        self.sessions.append(note)
        return note

    def summary(self) -> str:
        """One line per collection that has items."""
        n, s = len(self), len(self.sessions)
        lines = [f"Campaign {self.name!r}: {n} item{'s' if n != 1 else ''}, "
                 f"{s} session note{'s' if s != 1 else ''}"]
        for collection, items in self.collections.items():
            if items:
                lines.append(f"  {collection}: {', '.join(items)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Campaign({self.name!r}, {len(self)} items)"

    # ------------------------------------------------------------------ widgets
    def open(self, collection: str, name: str, **options: Any) -> Any:
        """A widget on the stored item that keeps the campaign up to date.

        Mutable games (jobs, boards, fleets, sectors, battles) are edited in place; builders
        of immutable objects (entities, star systems) write each new version back under the
        same name. Save the campaign afterwards to keep the changes.
        """
        obj = self.get(collection, name)
        if collection not in _WIDGETS:
            raise InvalidInput(f"no widget opens {collection}; widgets open {', '.join(_WIDGETS)}")
        path, attr = _WIDGETS[collection]
        module, _, cls_name = path.partition(":")
        widget = getattr(import_module(module), cls_name)(obj, **options)
        items = self.collections[collection]

        def write_back(_change: Any = None) -> None:
            current = widget
            for part in attr.split("."):
                current = getattr(current, part)
            if items.get(name) is not current:
                items[name] = current

        target = widget.panel if collection == "fleets" else widget
        target.observe(write_back)
        return widget

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form (each item in its own versioned format)."""
        return {
            "name": self.name,
            "notes": self.notes,
            "house_rules": {k: (v.to_dict() if hasattr(v, "to_dict") else v) for k, v in self.house_rules.items()},
            "sessions": [s.to_dict() for s in self.sessions],
            "collections": {c: {n: _encode(o) for n, o in items.items()} for c, items in self.collections.items() if items},
        }

    @classmethod
    def from_dict(cls, raw: Any) -> "Campaign":
        """Rebuild a campaign from :meth:`to_dict` output (errors are SaveFileError)."""
        try:
            raw = validate.mapping("campaign", raw)
            validate.no_unknown_keys("campaign", raw, ("name", "notes", "house_rules", "sessions", "collections"))
            camp = cls(raw.get("name", "Campaign"), notes=raw.get("notes", ""))
            camp.house_rules = _house_rules(validate.mapping("house_rules", raw.get("house_rules", {})))
            for s in validate.sequence("sessions", raw.get("sessions", [])):
                s = validate.mapping("session", s)
                validate.no_unknown_keys("session", s, ("title", "text", "date"))
                camp.add_session(s.get("title"), s.get("text", ""), s.get("date", ""))
            for collection, items in validate.mapping("collections", raw.get("collections", {})).items():
                validate.choice("collection", collection, list(COLLECTIONS))
                for name, item in validate.mapping(collection, items).items():
                    obj = _decode(item, f"{collection}/{name}")
                    if _path_of(obj) not in COLLECTIONS[collection]:
                        raise SaveFileError(f"{collection}/{name} holds a {type(obj).__name__}")
                    camp.collections[collection][validate.text("item name", name, max_len=200)] = obj
        except SaveFileError:
            raise
        except (KitError, TypeError, ValueError) as exc:
            raise SaveFileError(f"campaign file is invalid: {exc}") from None
        return camp

    def to_json(self) -> str:
        """The campaign as versioned JSON text."""
        return store.dumps(self.KIND, self.VERSION, self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> "Campaign":
        """Load campaign JSON (older versions are migrated)."""
        return cls.from_dict(store.loads(text, cls.KIND, cls.VERSION))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Save atomically: the old file survives any failure before the final rename."""
        store.save(path, self.to_json())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "Campaign":
        """Load a campaign file written by :meth:`save` (or by an older kit)."""
        return cls.from_dict(store.load(path, cls.KIND, cls.VERSION))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Campaign) and self.to_dict() == other.to_dict()


#: Collection -> (widget class, attribute holding the engine object).
_WIDGETS = {
    "jobs": ("kit.widgets.regulus:JobTable", "job"),
    "boards": ("kit.widgets.boards:BoardWidget", "board"),
    "entities": ("kit.widgets.entity_builder:EntityBuilder", "entity"),
    "fleets": ("kit.widgets.fleet_builder:FleetBuilder", "panel.fleet"),
    "systems": ("kit.widgets.stars:StarSystemExplorer", "system"),
    "sectors": ("kit.widgets.stars:SectorExplorer", "sector"),
    "battles": ("kit.widgets.combat:CombatTable", "battle"),
}

_RULES = {
    "regulus": "kit.regulus.rules:RegulusRules",
    "boards": "kit.boards.rules:BoardRules",
    "successors": "kit.successors.rules:SuccessorsRules",
}


def _house_rules(raw: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for system, data in raw.items():
        validate.choice("house_rules system", system, list(_RULES))
        module, _, attr = _RULES[system].partition(":")
        out[system] = getattr(import_module(module), attr).from_dict(data)
    return out


@store.register_migration("campaign", 1)
def _from_v1(data: Any) -> dict[str, Any]:
    """Version 1 kept only jobs, as a list of {"name", "job"} entries, and notes as one string."""
    data = validate.mapping("campaign (version 1)", data)
    jobs = {}
    for entry in validate.sequence("jobs", data.get("jobs", [])):
        entry = validate.mapping("job entry", entry)
        jobs[entry.get("name")] = {"type": "kit.regulus.job:Job",
                                   "data": {"format": "gm-kit/regulus-job", "version": 1, "data": entry.get("job")}}
    return {
        "name": data.get("name", "Campaign"),
        "notes": data.get("notes", ""),
        "house_rules": {},
        "sessions": [],
        "collections": {"jobs": jobs} if jobs else {},
    }
