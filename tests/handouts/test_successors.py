"""Entity and fleet handouts (kit.handouts.successors): the GM's sheet, and what the players'
Sensors show, read as the combat engine reads the Learning-about-the-Universe table.

Issue #11. Before: an entity at Sensors 0 was named in the title; a fleet at Sensors 0 named its
owner; a decoy at level 3 followed a different rule from the combat engine's. Each secret is
checked by diffing: the GM version shows it, the player version (Markdown and the HTML page
source, figures included) does not.
"""

from __future__ import annotations

import re

import pytest

from kit.handouts import handout
from kit.successors import Entity
from kit.successors.fleets import Fleet


# ---------------------------------------------------------------- entities
def zorblax(**kw) -> Entity:
    return Entity(
        "Zorblax",
        battle=5,
        control=2,
        sex="Female",
        side="Hidden Hand",
        edges=["Combat Reflexes"],
        flaws=["Checkered Past"],
        notes=["plans a coup"],
        **kw,
    )


@pytest.mark.parametrize("sensors", [0, 1, 2, 3])
def test_entity_is_not_named_below_4_successes(both, sensors):
    gm, player = both(zorblax(), sensors=sensors)
    for secret in ("Zorblax", "Hidden Hand", "Female", "Combat Reflexes", "coup"):
        assert secret in gm
        assert secret not in player, (sensors, secret)


def test_entity_named_at_4_and_abilities_at_5():
    assert "Zorblax" in handout(zorblax(), audience="player", sensors=4)
    assert "Abilities" not in handout(zorblax(), audience="player", sensors=4)
    assert "Abilities" in handout(zorblax(), audience="player", sensors=5)


def test_the_player_text_does_not_give_away_stealth():
    stealthy = Entity("Shade", battle=3, edges=["Stealthed"])
    plain = Entity("Shade", battle=3)
    # two successes on a Stealthed entity look like one success on a plain one, nothing more
    a = handout(stealthy, audience="player", sensors=2)
    b = handout(plain, audience="player", sensors=1)
    assert a == b


# ---------------------------------------------------------------- fleets
def rival_fleet() -> Fleet:
    fleet = Fleet(Entity("Vorn", battle=8, control=3), budget=40)
    fleet.buy("BATTLESHIP", 2)
    fleet.buy("DRONE", 8)
    fleet.buy("MOCKER", 1)
    fleet.buy("CRUISER", 1)
    return fleet


@pytest.mark.parametrize("sensors", [0, 1, 2, 3])
def test_fleet_owner_is_not_named_below_4_successes(both, sensors):
    gm, player = both(rival_fleet(), sensors=sensors, sig_class=1)
    assert "Vorn" in gm
    assert "Vorn" not in player
    assert ("12 ships" in player) == (sensors >= 1)
    for secret in ("RU spent", "Budget", "Under Control", "RU each"):
        assert secret in gm and secret not in player


def test_fleet_decoys_follow_the_combat_engines_rule():
    from kit.successors.combat import Battle, Side
    from kit.successors.combat.sensors import fleet_view

    fleet = rival_fleet()
    battle = Battle(
        [
            Side("Us", ships=[("Gunboat", 1)]),
            Side("Them", ships=[("Mocker", 1), ("Cruiser", 1), ("Drone", 8)]),
        ],
        seed=1,
    )
    view = fleet_view(battle, 0, 1, level=3, sig_class=1)
    combat_types = sorted(r["type"].title() for r in view["rows"] if r["type"] is not None)
    text = handout(fleet, audience="player", sensors=3, sig_class=1)
    table = dict(re.findall(r"^\| ([A-Za-z ]+) \| (\d+) \|$", text.split("signature 1")[1], re.M))
    shown = sorted(name for name, n in table.items() for _ in range(int(n)) if name != "Ship")
    assert shown == combat_types


@pytest.mark.parametrize(
    "options",
    [
        {"decoys_as": 5},
        {"decoys_as": {"MOCKER": 3}},
        {"sig_class": "big"},
        {"sig_class": -1},
        {"current_orbit": 0},
        {"reveal": 7},
        {"figures": "yes"},
        {"sensors": 1e30},
    ],
)
def test_bad_handout_options_give_the_kits_errors(options):
    from kit.errors import KitError

    with pytest.raises(KitError):
        handout(rival_fleet(), audience="player", **options)


def releata():
    return Entity(
        "Releata",
        battle=8,
        control=3,
        edges=["Combat Reflexes", "Stealthed"],
        flaws=["Checkered Past", "No Memory", "Still at War"],
    )


@pytest.mark.parametrize(
    "sensors, shows_sig, shows_ranks",
    [(0, False, False), (2, False, False), (3, True, False), (5, True, False), (6, True, True)],
)
def test_entity_player_view_follows_sensors_and_stealth(sensors, shows_sig, shows_ranks):
    text = handout(releata(), audience="player", sensors=sensors)  # Stealthed: one success more
    assert ("Signature" in text) == shows_sig
    assert ("5+3" in text) == shows_ranks
    assert "Combat Reflexes" not in text and "Checkered" not in text
    assert "Combat Reflexes" in handout(releata())


def test_fleet_levels():
    f = rival_fleet()
    assert "12 ships" not in handout(f, audience="player", sensors=0)
    assert "12 ships" in handout(f, audience="player", sensors=1)
    lvl2 = handout(f, audience="player", sensors=2)
    assert "| 1 | 2 |" in lvl2 and "Cruiser" not in lvl2  # two sig-1 objects, types unknown
    lvl3 = handout(f, audience="player", sensors=3, sig_class=1)
    assert "| Cruiser | 2 |" in lvl3 and "Mocker" not in lvl3  # the decoy passes as a cruiser
    lvl3b = handout(f, audience="player", sensors=3, sig_class=1, decoys_as={"mocker": "Frigate"})
    assert "| Frigate | 1 |" in lvl3b
    lvl4 = handout(f, audience="player", sensors=4)
    assert "| Mocker (decoy) | 1 |" in lvl4 and "Abilities" not in lvl4  # decoys unmasked at 4
    assert "5+1" in handout(f, audience="player", sensors=5)
    gm = handout(f)
    assert "| Battleship | 2 | 5+1 | 2 | 12 | 24 |" in gm
