"""Which stored object a battle side is (kit.players.identity): by identity, never by a name."""

from __future__ import annotations

import pytest

from kit.errors import InvalidInput
from kit.players.identity import side_keys
from kit.successors.combat import Battle, Side
from tests.factories import make_campaign


def test_a_side_made_of_a_stored_fleets_ships_is_that_fleet_and_its_owner():
    camp = make_campaign()
    raiders = camp.fleets["raiders"]
    battle = Battle([Side("Us", ships=["Seeker"]), Side("Vorn", ships=raiders)], seed=1)
    keys = side_keys(camp.collections, battle)
    assert keys[1] == ["fleets/raiders", "entities/Vorn"]
    assert keys[0] == []  # no stored object, and the battle is not stored: record nothing


def test_a_side_of_a_stored_battle_that_is_no_stored_object_gets_the_battles_own_key():
    camp = make_campaign()
    keys = side_keys(camp.collections, camp.battles["skirmish"])
    assert keys == {0: ["battles/skirmish/sides/0"], 1: ["battles/skirmish/sides/1"]}


def test_a_copy_with_the_same_names_is_not_the_fleet_unless_named_by_hand():
    camp = make_campaign()
    battle = Battle([Side("Us", ships=["Seeker"]), Side("Vorn", ships=camp.fleets["raiders"])])
    loaded = Battle.from_json(battle.to_json())  # new objects, same names
    assert side_keys(camp.collections, loaded)[1] == []
    assert side_keys(camp.collections, loaded, {"Vorn": "raiders"})[1] == ["fleets/raiders"]
    assert side_keys(camp.collections, loaded, {1: "entities/Vorn"})[1] == ["entities/Vorn"]
    assert side_keys(camp.collections, loaded, {1: None})[1] == []


def test_a_target_the_campaign_does_not_keep_is_refused_naming_it():
    camp = make_campaign()
    with pytest.raises(InvalidInput, match=r"targets must name a fleet or entity.*'nobody'"):
        side_keys(camp.collections, camp.battles["skirmish"], {0: "nobody"})
