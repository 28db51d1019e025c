"""The ship catalog: all 55 ships, their printed values and abilities."""

from __future__ import annotations

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.successors import SHIPS, Rank, ship_type
from kit.successors.ships import ROLES

# The printed table, as (battle as printed, sig, cost).
PRINTED = {
    "GUNBOAT": ("1", 0, 2),
    "FRIGATE": ("2", 0, 4),
    "DESTROYER": ("3", 0, 6),
    "CRUISER": ("4", 1, 8),
    "BATTLESHIP": ("5+1", 2, 12),
    "BATTLECRUISER": ("5+1", 2, 15),
    "DREADNOUGHT": ("5+4", 3, 24),
    "JUGGERNAUT": ("5+5+1", 4, 31),
    "DRONE": ("1", 0, 1),
    "BATTLE POD": ("3", 0, 3),
    "SALVO POD": ("5+1", 1, 6),
    "SATELLITE": ("1", 0, 1),
    "FIREPOINT": ("3", 0, 3),
    "STRONGPOINT": ("5+1", 1, 6),
    "FORTRESS": ("5+5+1", 3, 14),
    "CASTLE": ("5+5+5+1", 4, 22),
    "POINT CANNON": ("2", 2, 10),
    "LONG GUN": ("4", 3, 20),
    "SEIGE CANNON": ("5+2", 4, 35),
    "MOCKER": ("1", 1, 3),
    "SHOUTER": ("1", 2, 4),
    "SCREAMER": ("1", 4, 5),
    "TUG": ("1", 0, 3),
    "LT CARRIER": ("2", 1, 7),
    "CARRIER": ("3", 2, 15),
    "HVY CARRIER": ("4", 3, 26),
    "JUMPCARRIER": ("3", 3, 19),
    "HVY JUMP CARRIER": ("4", 3, 30),
    "LOADER": ("0", 0, 1),
    "TRANSPORT": ("0", 0, 2),
    "FREIGHTER": ("0", 1, 5),
    "SUPERCARGO": ("0", 2, 10),
    "JUMPFREIGHTER": ("0", 1, 9),
    "JUMPSUPERCARGO": ("0", 3, 14),
    "DARTER": ("2", 1, 6),
    "STRIKER": ("4", 2, 12),
    "SCOUT": ("0", 0, 4),
    "EXPLORER": ("2", 1, 8),
    "BATTLEJUMPER": ("4", 2, 12),
    "JAMMER": ("0", 0, 3),
    "EW UNIT": ("0", 1, 6),
    "SLAVER": ("0", 2, 12),
    "CONTROLLER": ("0", 3, 18),
    "SERVO": ("0", 0, 3),
    "REPAIR": ("0", 1, 6),
    "TENDER": ("0", 2, 12),
    "FACTORY": ("0", 3, 18),
    "COMP": ("0", 0, 3),
    "THINKTANK": ("0", 1, 6),
    "COORDINATOR": ("0", 2, 12),
    "NEURALSPHERE": ("0", 3, 18),
    "RELAY": ("0", 0, 3),
    "SEEKER": ("0", 1, 6),
    "SENSOR SHIP": ("0", 2, 12),
    "DATANET": ("0", 3, 18),
}


def test_catalog_has_all_55_in_book_order():
    assert len(SHIPS) == 55
    assert list(SHIPS) == list(PRINTED)


@pytest.mark.parametrize("name", list(PRINTED))
def test_printed_values(name):
    battle, sig, cost = PRINTED[name]
    ship = SHIPS[name]
    assert str(Rank(ship.battle)) == battle and isinstance(ship.battle, int)
    assert ship.sig == sig and ship.cost == cost
    assert ship.design.battle == ship.battle
    assert ship.role in ROLES


def test_abilities():
    assert SHIPS["BATTLECRUISER"].hits_per_damage == 2
    assert SHIPS["DREADNOUGHT"].hits_per_damage == 3 and SHIPS["JUGGERNAUT"].hits_per_damage == 4
    assert SHIPS["CASTLE"].hits_per_damage == 5 and SHIPS["CASTLE"].immobile
    assert SHIPS["GUNBOAT"].hits_per_damage == 1 and not SHIPS["GUNBOAT"].immobile
    assert SHIPS["DRONE"].after_attack == "neutralized" and SHIPS["DRONE"].weapon == "reloader"
    assert SHIPS["SALVO POD"].after_attack == "neutralized"
    assert SHIPS["CRUISER"].after_attack is None
    assert SHIPS["SEIGE CANNON"].long_ranged and SHIPS["STRIKER"].first_strike
    assert SHIPS["STRIKER"].phase == "first" and SHIPS["CRUISER"].phase == "main"
    assert SHIPS["LOADER"].phase is None
    assert SHIPS["SCREAMER"].decoy == 3 and SHIPS["MOCKER"].decoy == 1
    assert SHIPS["TUG"].racks == 10 and SHIPS["HVY JUMP CARRIER"].racks == 120
    assert SHIPS["HVY JUMP CARRIER"].hyper_jump and SHIPS["HVY JUMP CARRIER"].hits_per_damage == 3
    assert SHIPS["SUPERCARGO"].cargo == 100 and not SHIPS["SUPERCARGO"].hyper_jump
    assert SHIPS["CONTROLLER"].control == 6 and SHIPS["FACTORY"].handling == 6
    assert SHIPS["NEURALSPHERE"].information == 6 and SHIPS["DATANET"].sensors == 6
    assert SHIPS["SCOUT"].hyper_jump and SHIPS["SCOUT"].battle == 0
    hj = {n for n, s in SHIPS.items() if s.hyper_jump}
    assert hj == {
        "JUMPCARRIER",
        "HVY JUMP CARRIER",
        "JUMPFREIGHTER",
        "JUMPSUPERCARGO",
        "SCOUT",
        "EXPLORER",
        "BATTLEJUMPER",
    }
    assert {n for n, s in SHIPS.items() if s.immobile} == {
        "SATELLITE",
        "FIREPOINT",
        "STRONGPOINT",
        "FORTRESS",
        "CASTLE",
    }


def test_signature_rules_versus_print():
    differs = {n: (s.sig, s.rules_sig) for n, s in SHIPS.items() if s.sig_differs}
    # The design rules give these signatures; the catalog prints others (both are kept).
    assert differs == {
        "DESTROYER": (0, 1),
        "FORTRESS": (3, 2),
        "CASTLE": (4, 3),
        "JUMPFREIGHTER": (1, 2),
        "JUMPSUPERCARGO": (3, 2),
    }


def test_descriptions_and_rows():
    assert SHIPS["GUNBOAT"].describe() == "None"
    assert SHIPS["JUMPCARRIER"].describe() == "Racks 60 units, 2 hits per damage roll, Hyper-Jump"
    assert SHIPS["DRONE"].describe() == "Neutralized after one attack"
    row = SHIPS["FORTRESS"].row()
    assert row["battle"] == "5+5+1" and row["sig"] == 3 and row["rules_sig"] == 2


def test_lookup():
    assert ship_type("seige cannon") is SHIPS["SEIGE CANNON"]
    assert ship_type("Siege Cannon") is SHIPS["SEIGE CANNON"]
    assert ship_type("Jump Carrier") is SHIPS["JUMPCARRIER"]
    assert ship_type("Ew-Unit") is SHIPS["EW UNIT"]
    with pytest.raises(InvalidInput, match="unknown ship type 'Deathstar'"):
        ship_type("Deathstar")
    with pytest.raises(InvalidType):
        ship_type(3)
