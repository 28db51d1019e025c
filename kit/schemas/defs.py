"""The shared parts of the save formats' schemas: value objects, events and the known gaps.

:func:`definitions` holds the schema of each value object a save file may contain (rules,
operatives, cards, entities, ship designs, stars...), most of them probed from the class
itself (:func:`kit.schemas.parts.probed`). The gaps name rules a JSON Schema cannot state.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from .. import limits
from .parts import (
    BOOLEAN,
    NULL,
    SEED,
    Gap,
    array,
    enum,
    int_range,
    integer,
    nullable,
    number,
    obj,
    pair,
    probed,
    ref,
    text,
    text_limits,
)

# ---------------------------------------------------------------- rules the schemas cannot state
REPLAY = Gap(
    "Events replay under the game's rules: each event must be allowed where it stands and "
    "agree with what it derives (totals, successes, placements, ships bought); the schema "
    "checks each event's envelope (kind, action number, data object) only.",
    ("/data/events",),
)
BUDGETS = Gap(
    "File budgets: at most kit.limits.MAX_FILE_BYTES bytes, MAX_JSON_VALUES values and "
    "MAX_DEPTH levels of nesting, no key twice in one object, no NaN or Infinity; a fleet holds "
    "at most MAX_SHIPS_PER_FLEET ships in all (a sum over its purchases).",
    ("",),
)
DICE = Gap(
    "Dice expressions (such as '2d6+1') are read by the kit's dice parser; the schema checks "
    "that they are text.",
    ("/data/rules", "/data/npc_checks", "/data/owner", "/data/sides"),
)


def cross(rule: str, *at: str) -> Gap:
    """A rule that relates two places of a file (a JSON Schema checks each place alone)."""
    return Gap(rule, at)


# ---------------------------------------------------------------- shared definitions
def event(kinds: dict[str, Any] | None = None) -> dict[str, Any]:
    """One event of a game's log; ``kinds`` gives the data schema of some kinds."""
    out = obj(
        {"kind": text(64), "action": integer(0), "data": {"type": "object"}},
        required=["kind"],
    )
    if kinds:
        out["allOf"] = [
            {
                "if": {"properties": {"kind": {"const": k}}, "required": ["kind"]},
                "then": {"properties": {"data": schema}},
            }
            for k, schema in kinds.items()
        ]
    return out


EVENTS = array(ref("event"), limits.MAX_EVENTS)
#: A dice expression: text the kit's dice parser reads (see the DICE gap).
DICE_TEXT = text(limits.MAX_NAME)


@cache
def definitions() -> dict[str, Any]:
    """Every shared definition, by name (each schema file copies the ones it uses)."""
    from ..boards.cards import SUITS, Card
    from ..boards.rules import BoardRules
    from ..regulus.job import Operative
    from ..regulus.rules import CONDITION_KINDS, Condition, RegulusRules
    from ..regulus.tables import CONSEQUENCES, Incident, JobType
    from ..successors.combat.rules import CombatRules
    from ..successors.combat.state import Side
    from ..successors.design import ShipDesign
    from ..successors.edges import EDGES, FLAWS, Trait
    from ..successors.entities import Entity
    from ..successors.fleets import Ship
    from ..successors.rules import SuccessorsRules
    from ..successors.sector.party import Traveller
    from ..successors.sector.rules import SectorRules
    from ..successors.ships import SHIPS
    from ..successors.stars.generate import StarRules
    from ..successors.stars.system import Body, Orbit, Secret, Star

    defs: dict[str, Any] = {"event": event()}
    # ---- Regulus
    defs["rules.regulus"] = probed(
        RegulusRules, RegulusRules(), main_dice=DICE_TEXT, companion_dice=DICE_TEXT
    )
    defs["operative"] = probed(
        Operative,
        Operative("Vex", "Face", ("invite",)),
        contributions=array(text_limits(lambda c: Operative("Vex", "Face", (c,)), "invite")),
    )
    defs["incident"] = probed(
        Incident, Incident("Perfect"), consequence=nullable(enum(c for c in CONSEQUENCES if c))
    )
    totals = [str(t) for t in range(2, 13)]
    defs["job-type"] = obj(
        {
            "name": text_limits(lambda n: JobType(n, _table()), "heist"),
            "description": text_limits(lambda d: JobType("x", _table(), d), ""),
            "table": obj({t: ref("incident") for t in totals}, totals),
        },
        ["name", "table"],
    )
    condition_kinds = []
    for kind in CONDITION_KINDS:
        start = {"crew_active": None, "gig_active": "Face", "min_crew": 1}.get(kind, 1)

        def condition(v: Any, k: str = kind) -> Condition:
            return Condition(k, v)

        if start is None:
            value: dict[str, Any] = NULL
        elif isinstance(start, str):
            value = text_limits(condition, start)
        else:
            value = int_range(condition, start)
        condition_kinds.append(obj({"kind": {"const": kind}, "value": value}, ["kind"]))
    defs["condition"] = {"oneOf": condition_kinds}
    # ---- boards
    defs["rules.boards"] = probed(BoardRules, BoardRules())
    defs["card"] = {
        "oneOf": [
            obj({"rank": int_range(lambda r: Card(r, None), 5), "suit": NULL}, ["rank"]),
            obj(
                {"rank": int_range(lambda r: Card(r, "hearts"), 5), "suit": enum(SUITS)},
                ["rank", "suit"],
            ),
        ]
    }
    # ---- Successors
    defs["rules.successors"] = probed(
        SuccessorsRules, SuccessorsRules(), ability_points=DICE_TEXT, starting_ru=DICE_TEXT
    )
    defs["trait"] = obj(
        {
            "name": enum(sorted({d.name for d in (*EDGES.values(), *FLAWS.values())})),
            "parameter": text_limits(lambda p: Trait("Natural Aptitude", p), "Pilot"),
            "points": int_range(lambda p: Trait("Mental Disadvantage", "x", p), 2),
        },
        ["name"],
    )
    entity = Entity("Vex")
    defs["entity"] = probed(
        Entity,
        entity,
        edges=array(ref("trait")),
        flaws=array(ref("trait")),
        roll=nullable(array(integer(1, 6), 10)),
        damage=pair(*[integer(0) for _ in range(5)]),
        notes=array(text_limits(lambda n: dataclasses.replace(entity, notes=(n,)), "a note")),
        points=nullable(integer(0)),
        seed=nullable(SEED),
        signature_override=nullable(int_range(_signature, 4)),
    )
    design = ShipDesign(battle=2)
    defs["ship-design"] = probed(
        ShipDesign,
        design,
        cargo=_on(design, "cargo", 10, step=10),  # in tens
        racks=_on(design, "racks", 10, step=10),
    )
    defs["ship-design"].pop("required", None)  # every option has a default, left out when so
    label = nullable(text_limits(lambda v: Ship(1, design, None, None, v), "Lucky"))
    defs["ship"] = {
        "allOf": [
            obj(
                {
                    "id": integer(1),
                    "side": label,
                    "label": label,
                    "type": enum(t.name for t in SHIPS.values()),
                    "design": ref("ship-design"),
                },
                ["id"],
            ),
            {"oneOf": [{"required": ["type"]}, {"required": ["design"]}]},
        ]
    }
    defs["rules.combat"] = probed(
        CombatRules,
        CombatRules(),
        damage_table=array(pair(integer(1, 6), text(limits.MAX_NAME)), 6, 1),
        stellar_cannon_hits=DICE_TEXT,
        fleet_rules=ref("rules.successors"),
    )
    side = Side("A", ships={"Cruiser": 1})  # type: ignore[arg-type]  # names are read too
    defs["side"] = probed(
        Side,
        side,
        entity=nullable(ref("entity")),
        ships=array(ref("ship"), limits.MAX_SHIPS_PER_FLEET),
        controlled=array(integer(1), limits.MAX_SHIPS_PER_FLEET),
        carried=array(pair(integer(1), array(integer(1))), limits.MAX_SHIPS_PER_FLEET),
        faction=nullable(text(80)),
        busters=array(int_range(lambda b: dataclasses.replace(side, busters=(b,)), 1)),
        stellar_cannon=nullable(
            int_range(lambda c: dataclasses.replace(side, stellar_cannon=c), 1)
        ),
        feral=nullable(BOOLEAN),
        decoy_looks=array(pair(integer(1), enum(t.name for t in SHIPS.values()))),
    )
    # ---- stars and sectors
    defs["rules.stars"] = probed(StarRules, StarRules())
    defs["rules.sector"] = probed(SectorRules, SectorRules())
    defs["star"] = probed(Star, Star("G"))
    body = _planet()
    defs["body"] = probed(Body, body, moons=array(ref("body")))
    defs["secret"] = probed(Secret, Secret("a hidden base"))
    orbit = Orbit(1, installations="a mining base", installations_ru=1)
    defs["orbit"] = probed(Orbit, orbit, body=nullable(ref("body")), secrets=array(ref("secret")))
    ship = Traveller("Runner", "ship", signature=2)
    defs["traveller"] = probed(
        Traveller,
        Traveller("Vex", "entity", 6, 4, 2),
        racks=_on(ship, "racks", 10),
        cargo=_on(ship, "cargo", 10),
        units=number(0, 100_000),
    )
    return defs


def _planet() -> Any:
    """A generated planet with life (its details set), to probe."""
    from ..successors.stars import generate_system

    for seed in range(1000):
        for orbit in generate_system(seed=seed).orbits:
            b = orbit.body
            if b is not None and b.biosphere and b.diameter_km:
                return b
    raise AssertionError("no generated planet with life")  # pragma: no cover


def _on(sample: Any, name: str, start: int, step: int = 1) -> dict[str, Any]:
    """``name``'s accepted whole numbers, probed on ``sample`` (one where the field is free)."""
    return int_range(lambda v: dataclasses.replace(sample, **{name: v}), start, step)


def _signature(v: int) -> Any:
    from ..successors.entities import Entity

    return Entity("Vex", signature_override=v)


def _table() -> Any:
    from ..regulus.tables import JOB_TYPES

    return JOB_TYPES["heist"].table
