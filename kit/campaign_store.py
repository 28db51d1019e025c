"""How a campaign keeps its contents: checked containers, item encoding and file migrations.

:class:`~kit.campaign.Campaign` holds its items in one :class:`Collection` per kind
(``camp.jobs``, ``camp.collections["sectors"]``), its session notes in a :class:`SessionList`
and its rules options in :class:`HouseRules`. Each checks what is put into it, whether through
the campaign's methods or directly (``camp.jobs["vault"] = job``), against the kinds registered
for the collection (:mod:`kit.registry`) and :mod:`kit.limits`; a refusal raises the kit's error
and changes nothing. So whatever a campaign holds saves, and the loader reads it back.

Items are stored in their own versioned formats (``{"type": "regulus-job", "data": {...}}``,
the type being the item's kind) and rebuilt only as registered kinds: a file can never name
arbitrary code to import. Older campaign files are upgraded by the migrations registered here.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Iterator, Mapping, MutableMapping, MutableSequence
from dataclasses import dataclass
from typing import Any, cast, overload

from . import limits, registry, store, validate
from .errors import InvalidInput, InvalidType, KitError, SaveFileError

__all__ = [
    "Collection",
    "HouseRules",
    "SessionList",
    "SessionNote",
]

#: Longest session date (free text, the kit does not parse dates).
MAX_DATE = 40


def kind_in(obj: object) -> registry.Kind[Any]:
    """The registered kind of ``obj`` that a campaign keeps (InvalidType for anything else)."""
    kind = registry.find(obj)
    if kind is None or kind.collection is None:
        raise InvalidType(
            f"a campaign cannot store {type(obj).__name__} objects; it keeps "
            + ", ".join(registry.collections())
        )
    return kind


@dataclass(frozen=True)
class SessionNote:
    """A note on one game session."""

    title: str
    """The session's title."""
    text: str = ""
    """What happened (long free text)."""
    date: str = ""
    """Free text (the kit does not parse dates)."""

    def __post_init__(self) -> None:
        s = object.__setattr__
        s(self, "title", validate.text("session title", self.title, max_len=limits.MAX_NAME))
        s(
            self,
            "text",
            validate.text("session text", self.text, allow_empty=True, max_len=limits.MAX_NOTES),
        )
        s(
            self,
            "date",
            validate.text("session date", self.date, allow_empty=True, max_len=MAX_DATE),
        )

    def to_dict(self) -> dict[str, str]:
        return {"title": self.title, "text": self.text, "date": self.date}


def encode_item(obj: object) -> dict[str, Any]:
    """An item as a campaign file holds it: its kind's name and its own save data."""
    kind = kind_in(obj)
    text = kind.dumps(obj) if (kind.dump or hasattr(obj, "to_json")) else None
    data = json.loads(text) if text is not None else cast(registry.DictSavable, obj).to_dict()
    return {"type": kind.name, "data": data}


def decode_item(raw: object, where: str, collection: str) -> object:
    """The item a campaign file holds at ``where`` in ``collection``.

    A bad envelope (not an object, or keys other than ``type`` and ``data``) raises the field
    checks' InvalidInput or InvalidType; an unknown type, a type kept elsewhere or data its
    kind cannot load raises SaveFileError naming ``where``. ``Campaign.from_dict`` turns all of
    them into SaveFileError.
    """
    raw = validate.mapping(where, raw)
    validate.no_unknown_keys(where, raw, ("type", "data"))
    name = raw.get("type")
    try:
        kind = registry.by_name(name)
    except InvalidInput:
        kept = ", ".join(k.name for k in registry.collections().get(collection, ()))
        raise SaveFileError(
            f"{where}: type {validate.shown(name)} is not one of the kit's kinds kept in "
            f"{collection} ({kept})"
        ) from None
    if kind.collection != collection:
        raise SaveFileError(f"{where} holds a {kind.name}, which belongs in {kind.collection}")
    data = raw.get("data")
    try:
        cls = kind.cls
        if kind.load is not None or hasattr(cls, "from_json"):
            return kind.loads(json.dumps(data, allow_nan=False))
        return cast("type[registry.DictSavable]", cls).from_dict(data)
    except SaveFileError as exc:
        raise SaveFileError(f"{where}: {exc}") from None
    except (
        KitError,
        TypeError,
        ValueError,
        KeyError,
        IndexError,
        AttributeError,
        OverflowError,
        RecursionError,
    ) as exc:
        # whatever a hand-edited item trips over inside its own loader, the campaign reports
        # it as a bad file naming the item, never as a Python error
        raise SaveFileError(f"{where} is invalid: {exc}") from None


class HouseRules(MutableMapping[str, Any]):
    """The campaign's rules options by system, checked as each one is set.

    Keys are ``"regulus"``, ``"boards"`` and ``"successors"``; each value is that system's
    rules object (a plain mapping is read with the rules class's ``from_dict``).
    """

    def __init__(self, items: Mapping[str, Any] | None = None) -> None:
        self._data: dict[str, Any] = {}
        for key, value in dict(items or {}).items():
            self[key] = value

    def __setitem__(self, system: str, value: Any) -> None:
        system = validate.choice("house_rules system", system, list(_RULES))
        cls: Any = _rules_class(system)
        if isinstance(value, Mapping):
            value = cls.from_dict(value)
        if not isinstance(value, cls):
            raise InvalidType(
                f"house_rules[{system!r}] must be a {cls.__name__} (or its to_dict() mapping), "
                f"got {type(value).__name__}"
            )
        self._data[system] = value

    def __getitem__(self, system: str) -> Any:
        return self._data[system]

    def __delitem__(self, system: str) -> None:
        del self._data[system]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"HouseRules({self._data!r})"


def checked_house_rules(label: str, value: object) -> HouseRules:
    """The check of :attr:`Campaign.house_rules`: a mapping of system to rules, each checked."""
    if not isinstance(value, Mapping):
        raise InvalidType(
            f"{label} must be a mapping of system to rules, got {validate.shown(value)}"
        )
    return HouseRules(value)


class Collection(MutableMapping[str, Any]):
    """One collection of a campaign (its jobs, say): name -> item, checked as items are set.

    A name is text of 1 to :data:`kit.limits.MAX_NAME` characters; an item must be of a kind
    registered for the collection (:func:`kit.registry.collections`); a collection keeps at most
    :data:`kit.limits.MAX_ITEMS` items.
    """

    def __init__(self, name: str) -> None:
        self.name = validate.choice("collection", name, list(registry.collections()))
        self._items: dict[str, Any] = {}

    @staticmethod
    def item_name(name: object) -> str:
        """``name`` checked as an item name (stripped text of 1 to MAX_NAME characters)."""
        return validate.text("item name", name, max_len=limits.MAX_NAME)

    def __setitem__(self, name: str, obj: Any) -> None:
        name = self.item_name(name)
        kind = registry.find(obj)
        if kind is None or kind.collection != self.name:
            kinds = registry.collections().get(self.name, ())
            shown = ", ".join(k.cls.__name__ for k in kinds)
            raise InvalidType(
                f"{self.name} holds {shown} objects, not {type(obj).__name__}; "
                "Campaign.add puts an object in its own collection"
            )
        if name not in self._items and len(self._items) >= limits.MAX_ITEMS:
            raise InvalidInput(
                f"{self.name} already holds {limits.MAX_ITEMS} items, the most a campaign keeps"
            )
        self._items[name] = obj

    def __getitem__(self, name: str) -> Any:
        return self._items[name]

    def __delitem__(self, name: str) -> None:
        del self._items[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"Collection({self.name!r}, {list(self._items)!r})"


class SessionList(MutableSequence[SessionNote]):
    """The campaign's session notes: a list that holds only :class:`SessionNote` s.

    At most :data:`kit.limits.MAX_ITEMS` notes; anything else put in is refused on the spot.
    """

    def __init__(self, notes: object = ()) -> None:
        self._notes: list[SessionNote] = []
        if isinstance(notes, (str, bytes, Mapping)) or not isinstance(notes, Iterable):
            raise InvalidType(
                f"sessions must be a list of SessionNote, got {validate.shown(notes)}"
            )
        self.extend(notes)

    @staticmethod
    def _note(note: object) -> SessionNote:
        if not isinstance(note, SessionNote):
            raise InvalidType(f"sessions must hold SessionNote objects, got {type(note).__name__}")
        return note

    @overload
    def __getitem__(self, i: int) -> SessionNote: ...

    @overload
    def __getitem__(self, i: slice) -> list[SessionNote]: ...

    def __getitem__(self, i: int | slice) -> SessionNote | list[SessionNote]:
        return self._notes[i]

    def __setitem__(self, i: Any, note: Any) -> None:
        if isinstance(i, slice):
            new = [self._note(n) for n in note]
            trial = list(self._notes)
            trial[i] = new
            self._check_count(len(trial))
            self._notes = trial
        else:
            self._notes[i] = self._note(note)

    def __delitem__(self, i: Any) -> None:
        del self._notes[i]

    def __len__(self) -> int:
        return len(self._notes)

    def insert(self, i: int, note: object) -> None:
        """Insert a note (refused past :data:`kit.limits.MAX_ITEMS`)."""
        note = self._note(note)
        self._check_count(len(self._notes) + 1)
        self._notes.insert(i, note)

    def extend(self, notes: Iterable[object]) -> None:
        """Append notes; if any is refused, none is added."""
        new = [self._note(n) for n in notes]
        self._check_count(len(self._notes) + len(new))
        self._notes.extend(new)

    def _check_count(self, n: int) -> None:
        if n > limits.MAX_ITEMS:
            raise InvalidInput(f"a campaign keeps at most {limits.MAX_ITEMS} session notes")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SessionList):
            return self._notes == other._notes
        return isinstance(other, list) and self._notes == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"SessionList({self._notes!r})"


def session_list(_label: str, value: object) -> SessionList:
    """The check of :attr:`Campaign.sessions`: any list of notes, as a :class:`SessionList`."""
    return value if isinstance(value, SessionList) else SessionList(value)


def _rules_class(system: str) -> type:
    """The rules class of ``system`` (imported when a campaign's house rules are set)."""
    if system == "regulus":
        from .regulus.rules import RegulusRules

        return RegulusRules
    if system == "boards":
        from .boards.rules import BoardRules

        return BoardRules
    from .successors.rules import SuccessorsRules

    return SuccessorsRules


_RULES = ("regulus", "boards", "successors")


@store.register_migration("campaign", 1)
def _from_v1(data: Any) -> dict[str, Any]:
    """Version 1 kept only jobs, as a list of {"name", "job"} entries, and notes as one string."""
    try:
        return _upgrade_v1(data)
    except KitError as exc:
        raise SaveFileError(f"campaign file (version 1) is invalid: {exc}") from None


@store.register_migration("campaign", 2)
def _from_v2(data: Any) -> Any:
    """Version 2 had no knowledge record: it loads with an empty one (nothing else changed)."""
    return data


@store.register_migration("campaign", 3)
def _from_v3(data: Any) -> Any:
    """Version 3 named each item's kind by its class's ``"module:Class"`` path; version 4 by the
    kind's name (:mod:`kit.registry`), which the registry also finds by the old path."""
    if not isinstance(data, dict) or not isinstance(data.get("collections"), dict):
        return data  # the loader reports what is wrong with it
    for items in data["collections"].values():
        if not isinstance(items, dict):
            continue
        for item in items.values():
            if isinstance(item, dict) and isinstance(item.get("type"), str):
                with contextlib.suppress(InvalidInput):  # unknown: the loader refuses it
                    item["type"] = registry.by_name(item["type"]).name
    return data


@store.register_migration("campaign", 4)
def _from_v4(data: Any) -> Any:
    """Version 4 had no clock: it loads on day 0 with nothing scheduled (nothing else changed)."""
    return data


@store.register_migration("campaign", 5)
def _from_v5(data: Any) -> Any:
    """Version 5's clock knew no moves between orbits, Ferals feeding, Hyper Cannons nor an
    order of the day of the GM's own: its clock loads as it was (the ruling's order)."""
    return data


def _upgrade_v1(data: Any) -> dict[str, Any]:
    data = validate.mapping("campaign (version 1)", data)
    validate.no_unknown_keys("campaign (version 1)", data, ("name", "notes", "jobs"))
    jobs: dict[str, Any] = {}
    for entry in validate.sequence("jobs", data.get("jobs", [])):
        entry = validate.mapping("job entry", entry)
        name = validate.text("job entry name", entry.get("name"), max_len=limits.MAX_NAME)
        if name in jobs:
            raise InvalidInput(f"two version-1 job entries are named {name!r}")
        jobs[name] = {
            "type": "regulus-job",
            "data": {"format": "gm-kit/regulus-job", "version": 1, "data": entry.get("job")},
        }
    return {
        "name": validate.text(
            "campaign name", data.get("name", "Campaign"), max_len=limits.MAX_NAME
        ),
        "notes": validate.text(
            "notes", data.get("notes", ""), allow_empty=True, max_len=limits.MAX_NOTES
        ),
        "house_rules": {},
        "sessions": [],
        "collections": {"jobs": jobs} if jobs else {},
    }
