"""The players' projection of fleets and entities (kit.players.fleets), read off the Learning
about the Universe table of successors.txt: presence at 0 successes, how many at 1, signatures
at 2, the types of one signature class at 3 (decoys as their owner wishes), the whole
composition and the entity's name at 4 (decoys unmasked), exact abilities at 5; a Stealthed
entity needs one success more."""

from __future__ import annotations

import pytest

from kit.errors import InvalidInput
from kit.players import key
from kit.players.fleets import project_entity, project_fleet, ship_counts
from kit.successors import Entity
from kit.successors.fleets import Fleet
from kit.successors.knowledge import Knowledge


def raiders() -> Fleet:
    """Vorn's fleet: two cruisers and a Mocker (a decoy) of signature 1, a battleship of 2."""
    fleet = Fleet(Entity("Vorn", battle=3, control=2), budget=60)
    fleet.buy("CRUISER", 2)
    fleet.buy("MOCKER", 1)
    fleet.buy("BATTLESHIP", 1)
    return fleet


def test_at_0_the_fleet_is_present_but_not_counted():
    seen = project_fleet(raiders(), sensors=0)
    assert seen is not None and seen.level == 0
    assert not any(s.seen for s in seen.ships) and seen.owner.name is None
    assert seen.owner.seen and not seen.owner.counted


def test_at_1_the_ships_are_counted_and_at_2_their_signatures_known():
    one = project_fleet(raiders(), sensors=1)
    assert sum(s.seen for s in one.ships) == 4 and {s.signature for s in one.ships} == {None}
    two = project_fleet(raiders(), sensors=2)
    assert sorted(s.signature for s in two.ships) == [1, 1, 1, 2]
    assert {s.type for s in two.ships} == {None}


def test_at_3_one_signature_class_shows_its_types_and_the_decoy_as_wished():
    three = project_fleet(raiders(), sensors=3, sig_class=1, decoys_as={"mocker": "Frigate"})
    assert three.focus == 1
    assert sorted(str(s.type) for s in three.ships) == ["CRUISER", "CRUISER", "FRIGATE", "None"]
    # without a wish the decoy passes as the catalog's warship of its signature: a cruiser
    plain = project_fleet(raiders(), sensors=3, sig_class=1)
    assert ship_counts(plain) == {"CRUISER": 3}
    assert project_fleet(raiders(), sensors=3).focus == 2  # default: the largest signature


def test_at_4_the_composition_is_whole_the_decoy_unmasked_and_the_owner_named():
    four = project_fleet(raiders(), sensors=4)
    assert ship_counts(four) == {"CRUISER": 2, "MOCKER (decoy)": 1, "BATTLESHIP": 1}
    assert four.owner.name == "Vorn" and four.abilities is None and four.owner.abilities is None


def test_at_5_exact_abilities_are_known():
    five = project_fleet(raiders(), sensors=5)
    assert five.abilities is not None
    assert [t for t, _ in five.abilities] == ["Battleship", "Cruiser", "Mocker"]
    assert dict(five.owner.abilities)["Battle"] == "3"


def test_a_stealthed_entity_needs_one_success_more_at_every_step():
    shade = Entity("Shade", battle=3, edges=["Stealthed"])
    assert not project_entity(shade, sensors=0).sighting.seen  # not detected at all
    assert project_entity(shade, sensors=1).sighting.seen
    assert project_entity(shade, sensors=4).sighting.name is None
    assert project_entity(shade, sensors=5).sighting.name == "Shade"
    assert project_entity(Entity("Plain", battle=3), sensors=4).sighting.name == "Plain"


def test_with_a_record_the_successes_are_the_ones_kept_under_the_objects_key():
    k = Knowledge()
    assert project_fleet(raiders(), k, name=key("fleets", "raiders")) is None  # never met
    k.scan_fleet(key("fleets", "raiders"), 4)
    met = project_fleet(raiders(), k, name="fleets/raiders")
    assert met.level == 4 and met.owner.name == "Vorn"
    assert project_fleet(raiders(), k, name="fleets/other") is None
    assert project_fleet(raiders(), k) is None  # no key: the record cannot tell which fleet


def test_a_key_names_a_fleet_or_an_entity_only():
    assert key("fleets", "Vorn's fleet") == "fleets/Vorn's fleet"
    with pytest.raises(InvalidInput, match="collection must be 'fleets' or 'entities'"):
        key("systems", "Ana")
