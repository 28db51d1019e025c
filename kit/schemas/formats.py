"""The data of each save format, as JSON Schema, built from the kit's limits and checks.

:func:`build_all` returns ``{kind: schema}`` for every format the kit saves (the campaign and
each object kind); :mod:`kit.schemas.build` writes them to files. See that module for where
each number comes from, and :mod:`kit.schemas.defs` for the value objects they share.
"""

from __future__ import annotations

from typing import Any

from .. import limits
from .defs import BUDGETS, DICE, DICE_TEXT, EVENTS, REPLAY, cross, definitions, event
from .parts import (
    BOOLEAN,
    SEED,
    Gap,
    array,
    enum,
    envelope,
    file_shape,
    file_stem,
    from_field,
    int_range,
    integer,
    nullable,
    number,
    obj,
    pair,
    probed_keys,
    ref,
    text,
)


# ---------------------------------------------------------------- each format's data
def _job() -> tuple[dict[str, Any], list[Gap]]:
    from ..regulus.job import Job
    from ..regulus.tables import JOB_TYPES

    data = obj(
        {
            "title": from_field(Job, "title"),
            "details": from_field(Job, "details"),
            "job_type": {"anyOf": [enum(JOB_TYPES), ref("job-type")]},
            "difficulty": from_field(Job, "difficulty"),
            "clock": from_field(Job, "clock"),
            "crew": array(ref("operative"), min_items=1),
            "lead": definitions()["operative"]["properties"]["name"],
            "conditions": array(ref("condition")),
            "rules": ref("rules.regulus"),
            "seed": SEED,
            "events": EVENTS,
        },
        ["job_type", "difficulty", "clock", "crew"],
    )
    gaps = [
        REPLAY,
        cross(
            "A job's lead is one of its crew, crew names are unique, and a gig condition "
            "names a gig someone in the crew has.",
            "/data/lead",
            "/data/crew",
            "/data/conditions",
        ),
        DICE,
        BUDGETS,
    ]
    return data, gaps


def _board(cls: Any) -> tuple[dict[str, Any], list[Gap]]:
    from ..boards.base import Board

    props: dict[str, Any] = {
        "cards": array(ref("card"), cls.MAX_LENGTH, cls.MIN_LENGTH),
        "modifiers": array(integer(), cls.MAX_LENGTH, cls.MIN_LENGTH),
        "rules": ref("rules.boards"),
        "title": from_field(Board, "title"),
        "events": EVENTS,
    }
    required = ["cards"]
    kind = cls.KIND
    if kind == "standard":
        props["goal"] = integer(1, cls.MAX_LENGTH)
        required.append("goal")
    elif kind == "limit":
        props["need"] = integer(1, cls.MAX_LENGTH)
        props["hidden"] = array(integer(1, cls.MAX_LENGTH), cls.MAX_LENGTH)
        required.append("need")
    elif kind == "chase":
        props["role"] = from_field(cls, "role")
        props["head_start"] = from_field(cls, "head_start")
        props["seed"] = SEED
        props["npc_checks"] = nullable(DICE_TEXT)
    gaps = [
        REPLAY,
        cross(
            "A board has one modifier per card; its goal, need and face-down slots are slots "
            "of the board (at most its number of cards).",
            "/data/modifiers",
            "/data/goal",
            "/data/need",
            "/data/hidden",
        ),
        DICE,
        BUDGETS,
    ]
    return obj(props, required), gaps


def _deck() -> tuple[dict[str, Any], list[Gap]]:
    from ..boards.cards import SUITS

    data = obj(
        {
            "seed": SEED,
            "cards": array(ref("card"), limits.MAX_ITEMS, 1),
            "themes": {
                "type": "object",
                "propertyNames": enum(SUITS),
                "additionalProperties": text(empty=True),
            },
            "events": EVENTS,
        }
    )
    return data, [REPLAY, BUDGETS]


def _fleet() -> tuple[dict[str, Any], list[Gap]]:
    buy = {
        "type": "object",
        "properties": {"count": integer(1, limits.MAX_SHIPS_PER_BUY)},
        "required": ["count"],
    }
    data = obj(
        {
            "owner": nullable(ref("entity")),
            "budget": nullable(number(0)),
            "rules": ref("rules.successors"),
            "budget_roll": nullable(array(integer(1, 6), 2, 2)),
            "seed": nullable(SEED),
            "events": array(event({"buy": buy}), limits.MAX_EVENTS),
        }
    )
    gaps = [
        REPLAY,
        cross(
            "An entity's ability points, Edges and Flaws follow the creation rules (points "
            "spent, facet caps, each trait's cost).",
            "/data/owner",
        ),
        DICE,
        BUDGETS,
    ]
    return data, gaps


def _entity() -> tuple[dict[str, Any], list[Gap]]:
    gap = cross(
        "An entity's ability points, Edges and Flaws follow the creation rules (points spent, "
        "facet caps, each trait's cost, the parameter a trait takes).",
        "/data",
    )
    return ref("entity"), [gap, BUDGETS]


def _battle() -> tuple[dict[str, Any], list[Gap]]:
    from ..successors.combat.battle import Battle

    data = obj(
        {
            "sides": array(ref("side"), limits.MAX_ITEMS, 2),
            "rules": ref("rules.combat"),
            "seed": SEED,
            "jammer": from_field(Battle, "jammer"),
            "orbit": from_field(Battle, "orbit"),
            "events": EVENTS,
        },
        ["sides"],
    )
    gaps = [
        REPLAY,
        cross(
            "Each side's controlled and carried ships are ships of that side, an entity "
            "controls no more ships than its Control allows, and ship ids are unique; "
            "entities follow the creation rules.",
            "/data/sides",
        ),
        DICE,
        BUDGETS,
    ]
    return data, gaps


def _system() -> tuple[dict[str, Any], list[Gap]]:
    data = obj(
        {
            "name": text(limits.MAX_NAME, empty=True),
            "seed": nullable(SEED),
            "star": ref("star"),
            "orbits": array(ref("orbit"), limits.MAX_ITEMS),
            "rolls": array(pair(text(), text(), integer())),
        },
        ["star"],
    )
    gaps = [
        cross(
            "Orbits are numbered in order, a body's details fit its class (a belt has a "
            "composition, a planet a diameter) and a star's brightness and roll fit its class.",
            "/data/orbits",
            "/data/star",
        ),
        BUDGETS,
    ]
    return data, gaps


def _sector() -> tuple[dict[str, Any], list[Gap]]:
    from ..successors.sector.sector import Sector

    place = {"type": "array", "items": number(), "minItems": 2, "maxItems": 3}
    data = obj(
        {
            "name": from_field(Sector, "name"),
            "seed": SEED,
            "positions": array(place, limits.MAX_SYSTEMS, 1),
            "names": {
                **array(text(limits.MAX_SYSTEM_NAME), limits.MAX_SYSTEMS, 1),
                "uniqueItems": True,
            },
            "rules": ref("rules.sector"),
            "star_rules": ref("rules.stars"),
            "events": EVENTS,
        },
        ["positions", "names", "seed"],
    )
    gaps = [
        REPLAY,
        cross(
            "A sector has one name per position, every position has the same number of "
            "coordinates, at most MAX_SYSTEMS_PER_VOLUME systems lie within jump range of a "
            "point and its graph holds at most MAX_EDGES jump routes.",
            "/data/positions",
            "/data/names",
        ),
        BUDGETS,
    ]
    return data, gaps


def _journey() -> tuple[dict[str, Any], list[Gap]]:
    from ..successors.sector.journey import MAX_LEGS

    traveller_name = definitions()["traveller"]["properties"]["name"]

    data = obj(
        {
            "seed": SEED,
            "names": array(text(limits.MAX_SYSTEM_NAME), MAX_LEGS + 1, 1),
            "legs": array(_leg(), MAX_LEGS),
            "party": _party(),
            "left_behind": array(pair(traveller_name, text())),
            "events": EVENTS,
        },
        ["seed", "names", "legs", "party"],
    )
    gaps = [
        REPLAY,
        cross(
            "A journey names every stop of its legs (one more name than legs); each leg's "
            "fields are checked by the journey's loader; travellers' names are unique and a "
            "traveller is aboard another one of the party.",
            "/data/legs",
            "/data/names",
            "/data/party",
        ),
        BUDGETS,
    ]
    return data, gaps


def _party() -> dict[str, Any]:
    """A journey's party, probed through :meth:`Party.from_dict`."""
    from ..successors.sector.party import Party, Traveller

    sample = Party((Traveller("Vex", "entity", 6, 4, 2),)).to_dict()
    sample["prefer"] = "Vex"
    travellers = array(ref("traveller"), limits.MAX_ITEMS, 1)
    return probed_keys(Party.from_dict, sample, ["travellers"], travellers=travellers)


def _leg() -> dict[str, Any]:
    """A journey's leg, probed through the journey loader's own reading of a leg."""
    from ..successors.sector.journey import _leg_from

    sample = {
        "a": 0,
        "b": 1,
        "ly": 9.0,
        "status": "known",
        "successes": 2,
        "gate": False,
        "pool": [3, 2],
        "time_factor": 1,
        "travel_days": 1,
        "plotters": 2,
    }
    pool = array(int_range(lambda d: _leg_from({**sample, "pool": [d]}, 0), 3), 100)
    return probed_keys(
        lambda raw: _leg_from(raw, 0),
        sample,
        ["a", "b", "ly", "status", "successes", "gate"],
        pool=pool,
    )


def _knowledge_data() -> dict[str, Any]:
    from ..successors import record_events as k

    name = text(limits.MAX_NAME)
    when = {"day": integer(0, k.MAX_DAY), "date": text(k.MAX_DATE)}
    place = {
        "system": name,
        "route": pair(name, name),
        "orbit": integer(1, k.MAX_ORBIT),
        "secret": text(),
        "note": integer(0, limits.MAX_EVENTS),
    }
    data = {
        "scan": obj(
            {"system": name, "successes": integer(0, k.MAX_SCAN), "orbit": place["orbit"], **when},
            ["system", "successes"],
        ),
        "scan_fleet": obj(
            {"fleet": name, "successes": integer(0, k.MAX_SCAN), **when}, ["fleet", "successes"]
        ),
        "travel": obj(
            {"a": name, "b": name, "times": integer(0, 1000), "gate": BOOLEAN, **when},
            ["a", "b", "times", "gate"],
        ),
        "reveal": obj({**place, **when}),
        "hide": obj({**place, **when}),
        "note": obj(
            {"text": text(), "player_visible": BOOLEAN, "about": name, **when},
            ["text", "player_visible"],
        ),
    }
    assert set(data) == set(k.FIELDS), "the knowledge record has a new kind of event"
    kinds = event(data)
    kinds["properties"]["kind"] = enum(data)
    kinds["required"] = ["kind", "data"]
    return obj({"events": array(kinds, limits.MAX_EVENTS)})


def _knowledge() -> tuple[dict[str, Any], list[Gap]]:
    gap = Gap(
        "Knowledge events follow the recording methods' rules: a route names two different "
        "systems in sorted order, a note is revealed only after it is written, text is stored "
        "stripped.",
        ("/data/events",),
    )
    return _knowledge_data(), [gap, BUDGETS]


def _workshop() -> tuple[dict[str, Any], list[Gap]]:
    from ..successors.combat.handling import TASKS

    unit = obj(
        {
            "key": text(20),
            "name": text(limits.MAX_NAME),
            "maker": nullable(text(limits.MAX_TEXT)),
            "damaged": BOOLEAN,
            "needs_recondition": BOOLEAN,
            "controlled": BOOLEAN,
            "eaten": number(0),
            "state": enum(("active", "destroyed")),
        },
        ["key", "name"],
    )
    job = obj(
        {
            "key": text(limits.MAX_NAME),
            "kind": enum(("project", "ship")),
            "name": text(limits.MAX_NAME),
            "cost": number(0, 1e9),
            "ru_per_success": integer(1, 1000),
            "level": integer(1, 10_000),
            "site": nullable(text()),
            "ru": number(0, 1e9),
            "successes": integer(0),
        },
        ["key", "kind", "name", "cost", "ru_per_success"],
    )
    loose = obj(
        {"key": text(20), "name": text(120), "ru": integer(0, 10**9), "gathered": BOOLEAN},
        ["key", "name", "ru"],
    )
    roll = obj({"task": enum(TASKS)}, closed=False)
    day = obj(
        {
            "day": integer(1, limits.MAX_EVENTS),
            "rolls": array(roll),
            "events": array({"type": "object"}),
        }
    )
    data = obj(
        {
            "entity": ref("entity"),
            "faction": nullable(text(limits.MAX_NAME)),
            "seed": SEED,
            "ru": number(0, 1e12),
            "rules": ref("rules.successors"),
            "system": nullable(ref("file-data:star-system")),
            "units": array(unit, limits.MAX_SHIPS_PER_FLEET),
            "projects": array(job),
            "loose": array(loose),
            "days": array(day, limits.MAX_EVENTS),
        },
        ["entity", "seed"],
    )
    gaps = [
        cross(
            "Units are keyed 0:1, 0:2, ... in order and name catalog ships; days are numbered "
            "1, 2, ... in order; a unit's eaten RU stay within its cost.",
            "/data/units",
            "/data/days",
        ),
        BUDGETS,
    ]
    return data, gaps


def _clock() -> dict[str, Any]:
    """The campaign clock's data (kit.clock)."""
    from ..clock import EVENT_KINDS, GM_KINDS, KINDS, PLANNED_STOPS

    day = integer(0, limits.MAX_DAYS)
    names = array(text(limits.MAX_NAME), 100)

    def event(kinds: Any, activity: dict[str, Any]) -> dict[str, Any]:
        return obj(
            {
                "day": day,
                "activity": activity,
                "kind": enum(kinds),
                "text": text(limits.MAX_TEXT),
                "systems": names,
                "entities": names,
                "players": BOOLEAN,
            },
            ["day", "kind", "text"],
        )

    activity = obj(
        {
            "name": text(limits.MAX_NAME),
            "kind": enum(KINDS),
            "target": text(limits.MAX_NAME + 20),
            "start": integer(1, limits.MAX_DAYS),
            "after": nullable(text()),
            "players": BOOLEAN,
            "options": {"type": "object"},
            "offset": integer(-limits.MAX_DAYS, limits.MAX_DAYS),
            "first_day": nullable(day),
            "done_day": nullable(day),
            "days": day,
            "total": integer(0),
        },
        ["name", "kind", "target", "start"],
    )
    calendar = obj(
        {
            "months": array(pair(text(40), integer(1, 1000)), 100),
            "week": integer(0, 100),
            "epoch": integer(-(10**9), 10**9),
        }
    )
    played = [k for k in EVENT_KINDS if k not in GM_KINDS]
    return obj(
        {
            "seed": nullable(SEED),
            "today": day,
            "calendar": nullable(calendar),
            "options": obj(
                {"planned_stop": enum(PLANNED_STOPS), "order": array(enum(KINDS), len(KINDS))}
            ),
            "activities": array(activity),
            "events": array(event(played, text(limits.MAX_NAME)), limits.MAX_EVENTS),
            "entries": array(event(GM_KINDS, {"type": "null"})),
        }
    )


def _crew() -> tuple[dict[str, Any], list[Gap]]:
    gap = cross("Operatives of a crew have different names.", "/data")
    return array(ref("operative")), [gap, BUDGETS]


#: kind -> (version, builder of its data schema and gaps); the campaign is added below.
def _formats() -> dict[str, tuple[int, Any]]:
    from ..boards import Chase, Contest, EventDeck, LimitBoard, PreparationBoard, StandardBoard
    from ..regulus.job import Job
    from ..successors.combat.battle import BATTLE_FORMAT
    from ..successors.combat.workshop import WORKSHOP_FORMAT
    from ..successors.entities import ENTITY_FORMAT
    from ..successors.fleets import FLEET_FORMAT
    from ..successors.knowledge import FORMAT as KNOWLEDGE
    from ..successors.knowledge import VERSION as KNOWLEDGE_VERSION
    from ..successors.sector.journey import FORMAT as JOURNEY
    from ..successors.sector.journey import VERSION as JOURNEY_VERSION
    from ..successors.sector.sector import FORMAT as SECTOR
    from ..successors.sector.sector import VERSION as SECTOR_VERSION
    from ..successors.stars.system import FORMAT as SYSTEM
    from ..successors.stars.system import VERSION as SYSTEM_VERSION

    out: dict[str, tuple[int, Any]] = {
        Job.KIND: (Job.VERSION, _job),
        EventDeck.KIND: (EventDeck.VERSION, _deck),
        "crew": (1, _crew),
        ENTITY_FORMAT[0]: (ENTITY_FORMAT[1], _entity),
        FLEET_FORMAT[0]: (FLEET_FORMAT[1], _fleet),
        BATTLE_FORMAT[0]: (BATTLE_FORMAT[1], _battle),
        SYSTEM: (SYSTEM_VERSION, _system),
        SECTOR: (SECTOR_VERSION, _sector),
        JOURNEY: (JOURNEY_VERSION, _journey),
        KNOWLEDGE: (KNOWLEDGE_VERSION, _knowledge),
        WORKSHOP_FORMAT[0]: (WORKSHOP_FORMAT[1], _workshop),
    }
    for cls in (StandardBoard, PreparationBoard, LimitBoard, Contest, Chase):
        out[f"board/{cls.KIND}"] = (cls.VERSION, lambda c=cls: _board(c))
    return out


def _campaign() -> tuple[dict[str, Any], list[Gap]]:
    """The campaign's data: each item is the file of its own format, held inside."""
    from .. import registry
    from ..campaign import Campaign
    from ..campaign_store import MAX_DATE
    from .parts import file_stem

    collections = {}
    for name, kinds in registry.collections().items():
        items = []
        for kind in kinds:
            if kind.name == "regulus-job-type":  # kept as its own data, not a file of its own
                held: dict[str, Any] = ref("job-type")
            else:
                held = ref("file:" + file_stem(kind.name))
            items.append(obj({"type": {"const": kind.name}, "data": held}, ["type", "data"]))
        collections[name] = {
            "type": "object",
            "propertyNames": text(limits.MAX_NAME),
            "maxProperties": limits.MAX_ITEMS,
            "additionalProperties": items[0] if len(items) == 1 else {"oneOf": items},
        }
    data = obj(
        {
            "name": from_field(Campaign, "name"),
            "notes": from_field(Campaign, "notes"),
            "house_rules": obj(
                {
                    "regulus": ref("rules.regulus"),
                    "boards": ref("rules.boards"),
                    "successors": ref("rules.successors"),
                }
            ),
            "sessions": array(
                obj(
                    {
                        "title": text(limits.MAX_NAME),
                        "text": text(limits.MAX_NOTES, empty=True),
                        "date": text(MAX_DATE, empty=True),
                    },
                    ["title"],
                ),
                limits.MAX_ITEMS,
            ),
            "collections": obj(collections),
            "knowledge": ref("file-data:knowledge"),
            "clock": _clock(),
        }
    )
    gaps = [
        Gap(
            "Each item follows the rules of its own format; the notes of those formats apply "
            "to it (its events replay, its cross-field rules hold).",
            ("/data/collections", "/data/knowledge"),
        ),
        cross(
            "The clock's activities name items the campaign keeps (or, for a scan, a system, "
            "fleet or entity and a scanner it keeps) and earlier activities they wait for; its "
            "events are in order of day up to today and name activities on the clock; an "
            "activity's options fit its kind.",
            "/data/clock",
        ),
        BUDGETS,
    ]
    return data, gaps


def build_all() -> dict[str, dict[str, Any]]:
    """Every save format's schema, by kind (the part of its format name after 'gm-kit/')."""
    defs = dict(definitions())
    files: dict[str, dict[str, Any]] = {}
    parts: dict[str, tuple[int, dict[str, Any], list[Gap]]] = {}
    for kind, (version, make) in _formats().items():
        data, gaps = make()
        parts[kind] = (version, data, gaps)
        stem = file_stem(kind)
        defs["file-data:" + stem] = data
        defs["file:" + stem] = file_shape(kind, version, ref("file-data:" + stem))
    from ..campaign import Campaign

    campaign_data, campaign_gaps = _campaign()
    parts[Campaign.KIND] = (Campaign.VERSION, campaign_data, campaign_gaps)
    for kind, (version, data, gaps) in sorted(parts.items()):
        files[kind] = envelope(kind, version, data, defs, gaps)
    return files
