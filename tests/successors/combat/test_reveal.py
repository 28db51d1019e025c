"""What Sensors successes reveal of a fleet, object by object (kit.successors.combat.reveal).

The expected rows follow the Entity / Fleet column of the Learning-about-the-Universe table:
0 presence (facets appear as entities), 1 the head count, 2 signatures, 3 the ship types of
one signature class (decoys appear as the types their owner wishes; facets revealed), 4 the
full composition (decoys revealed), 5 exact abilities. Stealthed: "requires an additional
Sensors success to be detected".
"""

from __future__ import annotations

import pytest

from kit.successors import Entity, Fleet
from kit.successors.combat.reveal import default_look, entity_row, focus_class, ship_row


def _ships(*names: str) -> list:
    fleet = Fleet()
    for name in names:
        fleet.buy(name)
    return list(fleet.ships)


def test_the_focus_is_the_named_class_or_the_largest_signature_present():
    assert focus_class([0, 1, 0, 2]) == 2
    assert focus_class([0, 1, 0, 2], sig_class=0) == 0
    assert focus_class([]) is None


def test_each_level_adds_to_what_a_ship_row_tells():
    (cruiser,) = _ships("Cruiser")  # signature 1, Battle 4 (catalog)
    rows = [ship_row(cruiser, level, focus=1) for level in range(7)]
    assert [r["seen"] for r in rows] == [False] + [True] * 6
    assert [r["sig"] for r in rows] == [None, None] + [1] * 5
    assert [r["type"] for r in rows] == [None, None, None] + ["CRUISER"] * 4
    assert [r["abilities"] is None for r in rows] == [True] * 5 + [False] * 2
    assert rows[5]["abilities"] == cruiser.design.abilities()
    assert all(r["object"] == "ship" for r in rows)


def test_level_three_names_only_the_focused_signature_class():
    gunboat, cruiser = _ships("Gunboat", "Cruiser")  # signatures 0 and 1
    assert ship_row(gunboat, 3, focus=1)["type"] is None
    assert ship_row(cruiser, 3, focus=1)["type"] == "CRUISER"
    assert ship_row(gunboat, 3, focus=0)["type"] == "GUNBOAT"
    assert ship_row(gunboat, 4, focus=1)["type"] == "GUNBOAT"  # level 4: the whole fleet


def test_a_decoy_passes_for_a_warship_at_three_and_is_revealed_at_four():
    (mocker,) = _ships("Mocker")  # a signature 1 decoy
    assert default_look(mocker) == "CRUISER"  # the catalog's signature 1 warship
    assert ship_row(mocker, 3, focus=1)["type"] == "CRUISER"
    # the owner may choose what it looks like; a catalog name reads as the catalog spells it
    assert ship_row(mocker, 3, focus=1, look="cruiser")["type"] == "CRUISER"
    assert ship_row(mocker, 3, focus=1, look="Star Galleon")["type"] == "Star Galleon"
    assert ship_row(mocker, 4, focus=1, look="cruiser")["type"] == "MOCKER (decoy)"


def test_a_decoy_with_no_warship_of_its_signature_shows_its_own_name():
    from kit.successors.design import ShipDesign
    from kit.successors.fleets import Ship

    odd = Ship(1, ShipDesign(battle=1, decoy=9), label="Big Fake")
    assert odd.sig not in (0, 1, 2, 3, 4)
    assert default_look(odd) == odd.name


def _boss(**kw) -> Entity:
    base = {"battle": 2, "control": 1, "handling": 1, "information": 1, "sensors": 1}
    return Entity("Boss", **(base | kw))


def test_an_entitys_row_by_level():
    boss = _boss()  # ranks total 6: signature 3 (ruling 3)
    rows = [entity_row(boss, level) for level in range(6)]
    assert [r["seen"] for r in rows] == [True] * 6
    assert [r["counted"] for r in rows] == [False] + [True] * 5
    assert [r["sig"] for r in rows] == [None, None, 3, 3, 3, 3]
    assert [r["type"] for r in rows] == ["entity"] * 6
    assert [r["name"] for r in rows] == [None] * 4 + ["Boss"] * 2
    assert rows[4]["abilities"] is None
    assert rows[5]["abilities"] == {
        "battle": 2,
        "control": 1,
        "handling": 1,
        "information": 1,
        "sensors": 1,
    }


def test_abilities_are_read_as_they_stand_after_hits():
    hurt = _boss().with_damage("battle", 1)
    assert entity_row(hurt, 5)["abilities"]["battle"] == 1


def test_a_stealthed_entity_needs_one_success_more_for_each_step():
    sly = _boss(edges=["Stealthed"], flaws=["No Memory", "Checkered Past"])
    plain = _boss()
    assert sly.stealth == 1 and sly.signature == plain.signature
    assert not entity_row(sly, 0)["seen"] and entity_row(sly, 0)["type"] is None
    assert entity_row(sly, 1)["seen"] and not entity_row(sly, 1)["counted"]
    assert entity_row(sly, 2)["sig"] is None and entity_row(sly, 3)["sig"] == 3
    assert entity_row(sly, 4)["name"] is None and entity_row(sly, 5)["name"] == "Boss"
    for level in range(1, 7):
        assert entity_row(sly, level) == entity_row(plain, level - 1)


@pytest.mark.parametrize("level,shown", [(0, "entity"), (2, "entity"), (3, "facet")])
def test_a_facet_appears_as_an_entity_until_three(level, shown):
    facet = Entity("F", kind="facet", battle=1, control=1, handling=1, information=1, sensors=1)
    assert entity_row(facet, level)["type"] == shown
