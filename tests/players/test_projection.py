"""The players' projection (kit.players): plain values only, one entry point, identity by object."""

from __future__ import annotations

import dataclasses

import pytest

from kit import Campaign, session_recap
from kit.errors import InvalidInput, InvalidType
from kit.players import (
    KnownCampaign,
    KnownEntity,
    KnownFleet,
    KnownJob,
    KnownSector,
    KnownSystem,
    key,
    project,
)
from kit.players import values as V
from kit.regulus import Job, Operative
from kit.successors import Entity
from kit.successors.combat import Battle, Side
from kit.successors.fleets import Fleet
from kit.successors.sector import Sector, SectorRules
from kit.successors.stars.system import Body, Orbit, Secret, Star, StarSystem

VALUE_CLASSES = tuple(
    c for c in vars(V).values() if isinstance(c, type) and dataclasses.is_dataclass(c)
)


def reachable(value: object) -> list[object]:
    """Every object reachable from ``value`` through fields, tuples and dicts."""
    out, todo = [], [value]
    while todo:
        x = todo.pop()
        out.append(x)
        if dataclasses.is_dataclass(x):
            todo += [getattr(x, f.name) for f in dataclasses.fields(x)]
        elif isinstance(x, (tuple, list, frozenset, set)):
            todo += list(x)
        elif isinstance(x, dict):
            todo += list(x.keys()) + list(x.values())
    return out


def campaign() -> Campaign:
    camp = Campaign("Reach")
    sector = Sector([[0, 0], [6, 0], [12, 0]], ["A", "B", "C"], seed=1, rules=SectorRules())
    camp.add(sector, "Line")
    system = StarSystem(
        Star("G", 3, "Giant"),
        [
            Orbit(
                1,
                Body("Planet", 9000, 20, 90, moons=(Body("Planetoid, Small", 900, 1, 2),)),
                installations="dock",
                secrets=(Secret("vault"),),
            )
        ],
        name="A",
    )
    camp.add(system, "A")
    vorn = Entity("Vorn", battle=3, control=2)
    fleet = Fleet(vorn, budget=40)
    fleet.buy("CRUISER", 2)
    camp.add(fleet, "raiders")
    camp.add(vorn, "Vorn")
    k = camp.knowledge
    k.travelled(("A", "B"))
    k.scan("A", 5, orbit=1)
    k.scan_fleet(key("fleets", "raiders"), 5)
    k.scan_fleet(key("entities", "Vorn"), 5)
    k.note("for the players", about="A")
    return camp


def test_projections_hold_plain_values_only():
    camp = campaign()
    k = camp.knowledge
    values = [
        project(camp),
        project(camp.sectors["Line"], k),
        project(camp.systems["A"], k),
        project(camp.fleets["raiders"], k, name="fleets/raiders"),
        project(camp.entities["Vorn"], k, name="entities/Vorn"),
        project(Job("heist", 3, 4, [Operative("Ash", "Thief")], seed=1).play()),
    ]
    kinds = (KnownCampaign, KnownSector, KnownSystem, KnownFleet, KnownEntity, KnownJob)
    for value, kind in zip(values, kinds):
        assert isinstance(value, kind)
        for x in reachable(value):
            assert x is None or isinstance(x, (str, int, float, bool, tuple, *VALUE_CLASSES)), type(
                x
            )
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.__setattr__(dataclasses.fields(value)[0].name, "x")


def test_the_projection_of_the_campaign_is_what_the_screen_shows():
    known = project(campaign())
    assert known.sector is not None and [s.name for s in known.sector.systems] == ["A", "B"]
    assert known.system is not None and known.system.orbits[0].secrets == ("vault",)
    assert [type(c).__name__ for c in known.contacts] == ["KnownFleet", "KnownEntity"]
    assert known.contacts[0].owner.name == "Vorn"  # 5 successes: named, with abilities
    assert [n.text for n in known.notes] == ["for the players"]


def test_identity_is_by_key_never_by_a_display_name():
    camp = campaign()
    other = Fleet(camp.entities["Vorn"], budget=40)
    other.buy("DRONE", 3)
    camp.add(other, "other raiders")
    assert project(other, camp.knowledge, name="fleets/other raiders") is None
    assert len(project(camp).contacts) == 2  # the other fleet of Vorn is not on the screen
    assert key("entities", "Vorn") == "entities/Vorn"
    with pytest.raises(InvalidInput, match="collection"):
        key("systems", "A")


def test_a_kind_without_a_projection_is_refused():
    with pytest.raises(InvalidType, match="project"):
        project(Battle([Side("A", ships={"Cruiser": 1}), Side("B", ships={"Frigate": 1})], seed=1))


def test_record_battle_finds_the_fleet_by_its_ships_or_is_told():
    camp = campaign()
    raiders = camp.fleets["raiders"]
    battle = Battle([Side("Us", ships=["Seeker"]), Side("Vorn", ships=raiders)], seed=1)
    # two dice of rank 3 rolling 1 and 2: 2 successes (the replay checks a roll's result)
    battle.log.append("sensors", side=0, target=1, successes=2, total=2, dice=[3, 3], faces=[1, 2])
    camp.add(battle, "clash")
    before = camp.knowledge.fleet_level("fleets/raiders")
    assert camp.record_battle("clash", "Us") == 2
    assert camp.knowledge.fleet_level("fleets/raiders") == before + 2
    assert camp.knowledge.fleet_level("entities/Vorn") == 5 + 2  # its very owner, stored too
    # a loaded battle's sides are new objects: targets= names the fleet by hand
    loaded = Battle.from_json(battle.to_json())
    camp.add(loaded, "clash again")
    camp.record_battle("clash again", 0, targets={"Vorn": "raiders"})
    assert camp.knowledge.fleet_level("fleets/raiders") == before + 4
    with pytest.raises(InvalidInput, match="targets"):
        camp.record_battle(loaded, 0, targets={1: "nobody"})


def test_a_battle_without_the_players_side_is_not_in_their_recap():
    camp = Campaign("NPCs")
    npc = Battle(
        [Side("Rivals", ships={"Cruiser": 1}), Side("Pirates", ships={"Frigate": 1})], seed=4
    )
    camp.add(npc.run(), "far away")
    assert [e.name for e in session_recap(camp, audience="player", side="Us").entries] == []
    assert [e.name for e in session_recap(camp).entries] == ["far away"]  # the GM has it
