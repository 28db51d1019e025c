"""The ship designer: every catalog cost reproduced, the multipliers, signature, errors."""

from __future__ import annotations

import pytest
from hypothesis import given

from kit.errors import InvalidInput, InvalidType
from kit.successors import DRIVES, SHIPS, ShipDesign, ship_signature
from tests.strategies import ship_designs


@pytest.mark.parametrize("name", list(SHIPS))
def test_designer_reproduces_every_printed_cost(name):
    ship = SHIPS[name]
    assert ship.design.cost == ship.cost


def test_all_55_at_once():
    assert len(SHIPS) == 55
    assert all(s.design.cost == s.cost for s in SHIPS.values())


def test_extra_hits_are_k_minus_one():
    # "takes k hits to roll on the damage table" is k-1 extra hits at 3 RU each
    for s in SHIPS.values():
        assert s.design.extra_hits == s.hits_per_damage - 1
    assert ShipDesign(battle=11, extra_hits=2, drive="immobile").cost == 14  # Fortress
    assert ShipDesign(battle=16, extra_hits=4, drive="immobile").cost == 22  # Castle


@pytest.mark.parametrize(
    "kwargs,per_rank",
    [
        ({}, 2),
        ({"weapon": "reloader"}, 1),
        ({"weapon": "imploder"}, 0.5),
        ({"long_ranged": True}, 5),
        ({"weapon": "reloader", "long_ranged": True}, 2.5),
        ({"weapon": "imploder", "long_ranged": True}, 1.25),
        ({"first_strike": True}, 3),
        ({"weapon": "reloader", "first_strike": True}, 1.5),
        ({"weapon": "imploder", "first_strike": True}, 0.75),
        ({"slow": True}, 1.5),
        ({"weapon": "reloader", "slow": True}, 0.75),
        ({"weapon": "imploder", "slow": True}, 0.375),
        ({"long_ranged": True, "first_strike": True}, 7.5),
        ({"weapon": "reloader", "long_ranged": True, "first_strike": True}, 3.75),
        ({"weapon": "imploder", "long_ranged": True, "first_strike": True}, 1.875),
        ({"long_ranged": True, "slow": True}, 3.75),
        ({"weapon": "reloader", "long_ranged": True, "slow": True}, 1.875),
        ({"weapon": "imploder", "long_ranged": True, "slow": True}, 0.9375),
    ],
)
def test_weapon_cost_per_level_series(kwargs, per_rank):
    d = ShipDesign(battle=1, **kwargs)
    assert d.weapon_ru_per_rank == per_rank
    assert ShipDesign(battle=4, **kwargs).weapon_cost == 4 * per_rank


def test_secondary_systems_and_drives():
    d = ShipDesign(
        extra_hits=1,
        hyper_jump=True,
        stealth=2,
        decoy=1,
        cargo=30,
        racks=20,
        control=1,
        handling=1,
        information=1,
        sensors=1,
    )
    assert d.secondary_costs() == {
        "extra hits": 3,
        "hyper-jump": 4,
        "stealth": 2,
        "decoy": 1,
        "cargo": 3,
        "racks": 2,
        "control": 3,
        "handling": 3,
        "information": 3,
        "sensors": 3,
    }
    assert d.cost == 27
    base = ShipDesign(battle=4, sensors=2)  # 8 + 6 = 14
    assert [base.replace(drive=m).cost for m in DRIVES] == [7, 10.5, 14, 17.5]
    assert base.replace(drive="fast").breakdown()[-1] == ("cost", "17.5 RU")


def test_signature_from_cost_decoy_and_stealth():
    assert ShipDesign(battle=1, decoy=3).signature == 4  # Screamer: 5 RU -> 1, +3
    assert ShipDesign(battle=4, stealth=2).signature == 0  # 10 RU -> 2, -2
    assert ShipDesign(battle=2, stealth=5).signature == 0
    assert [ship_signature(v) for v in (0, 4, 4.5, 8, 15, 30, 45, 60, 75, 76)] == [
        0,
        0,
        1,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
    ]


def test_derived():
    d = ShipDesign(battle=6, slow=True, weapon="imploder", drive="immobile")
    assert d.phase == "last" and d.after_attack == "destroyed" and d.immobile
    assert str(d.battle_rank) == "5+1" and d.hits_per_damage == 1
    assert "Destroyed after one attack" in d.describe() and "Fires last" in d.describe()


def test_errors():
    with pytest.raises(InvalidInput, match="first_strike and slow"):
        ShipDesign(battle=2, first_strike=True, slow=True)
    with pytest.raises(
        InvalidInput, match="weapon must be one of 'standard', 'reloader', 'imploder'"
    ):
        ShipDesign(weapon="laser")
    with pytest.raises(InvalidInput, match="drive must be one of"):
        ShipDesign(drive="warp")
    with pytest.raises(InvalidInput, match="steps of 10"):
        ShipDesign(cargo=15)
    with pytest.raises(InvalidInput, match="battle must be an integer"):
        ShipDesign(battle=-1)
    with pytest.raises(InvalidType, match="long_ranged must be True or False"):
        ShipDesign(long_ranged=1)
    with pytest.raises(InvalidInput, match="unknown field"):
        ShipDesign.from_dict({"batle": 3})


@given(ship_designs)
def test_design_round_trip_and_cost_identity(d):
    assert ShipDesign.from_dict(d.to_dict()) == d
    assert d.cost == pytest.approx(
        (d.weapon_cost + d.secondary_cost) * d.drive_multiplier, abs=1e-12
    )
    assert d.cost >= 0 and d.signature >= 0
    # adding a rank of Battle never makes a ship cheaper
    assert d.replace(battle=d.battle + 1).cost >= d.cost
