"""The bestiary: creatures generated from their dice, within range, with their traits."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.dice import parse
from kit.errors import InvalidInput
from kit.successors import BESTIARY, Entity, creature
from kit.successors.entities import ABILITIES

RANGES = {
    "CITIZEN": {
        "battle": (0, 0),
        "control": (1, 1),
        "handling": (1, 1),
        "information": (4, 9),
        "sensors": (2, 7),
    },
    "FERAL": {
        "battle": (3, 13),
        "control": (0, 0),
        "handling": (0, 0),
        "information": (0, 0),
        "sensors": (2, 7),
    },
    "GUARDIAN": {
        "battle": (2, 12),
        "control": (1, 6),
        "handling": (1, 6),
        "information": (0, 0),
        "sensors": (2, 7),
    },
    "LIBRARY": {
        "battle": (0, 0),
        "control": (1, 3),
        "handling": (1, 3),
        "information": (5, 15),
        "sensors": (3, 13),
    },
}


def test_four_creatures_and_their_ranges():
    assert set(BESTIARY) == set(RANGES)
    for name, c in BESTIARY.items():
        assert c.ranges() == RANGES[name]


@given(st.sampled_from(sorted(BESTIARY)), st.integers(0, 2**32))
def test_generated_within_ranges(name, seed):
    e = BESTIARY[name].generate(seed=seed)
    assert isinstance(e, Entity) and e.kind == "creature" and e.seed == seed
    for a in ABILITIES:
        lo, hi = RANGES[name][a]
        assert lo <= e.base(a) <= hi
    assert not e.neutralized and e.findings() == []
    assert BESTIARY[name].generate(seed=seed) == e


def test_traits():
    citizen = creature("Citizen").generate(seed=1)
    assert citizen.fragile and not citizen.can_hyper_jump and citizen.dice("battle") == ()
    feral = creature("ferals").generate(seed=1)
    assert feral.has("Fast") and feral.has("Self-Repairing") and feral.stealth == 1
    assert feral.signature == feral.replace(edges=()).signature - 1  # Small
    guardian = creature("Guardian").generate(seed=1)
    assert guardian.long_ranged and guardian.has("tek_locked") and guardian.orbits_per_day == 2
    library = creature("Library").generate(seed=1)
    assert library.bonus("identify") == 1 and library.bonus("System Scanning") == 1
    assert library.has("Mental Disadvantage") and library.dice("battle") == ()
    assert any("20 RU" in n for n in feral.notes)


def test_feral_packs_two_to_seven():
    sizes = Counter(len(BESTIARY["FERAL"].generate_group(seed=s)) for s in range(300))
    assert set(sizes) <= set(range(2, 8)) and len(sizes) == 6
    pack = BESTIARY["FERAL"].generate_group(seed=4)
    assert len({f.name for f in pack}) == len(pack)


def test_feral_battle_matches_2d6_plus_1():
    n = 4000
    values = [BESTIARY["FERAL"].generate(seed=s).battle for s in range(n)]
    exact = float(parse("2d6+1").mean())
    mean = sum(values) / n
    sd = (sum((v - mean) ** 2 for v in values) / (n - 1)) ** 0.5
    assert abs(mean - exact) < 4 * sd / n**0.5


def test_damage_to_an_ability_it_lacks_never_neutralizes():
    feral = BESTIARY["FERAL"].generate(seed=2)
    assert not feral.with_damage("control").neutralized
    assert feral.with_damage("sensors", 10).neutralized


def test_unknown_creature_and_round_trip():
    with pytest.raises(InvalidInput, match="unknown creature 'Dragon'"):
        creature("Dragon")
    e = BESTIARY["LIBRARY"].generate(seed=9)
    assert Entity.from_json(e.to_json()) == e


# ---------------------------------------------------------------- ferals eating and mating
def _feral(name="Fang", seed=1):
    return BESTIARY["FERAL"].generate(name, seed=seed)


def test_a_feral_eats_a_neutralized_ship_at_2_ru_a_day():
    from kit.successors.bestiary import FeralPack

    pack = FeralPack([_feral()], seed=1)
    food = pack.add_food("Cruiser")  # 8 RU
    for day in range(1, 5):
        pack.day()
        assert pack.ru == [2 * day] and pack.food[food]["ru"] == 8 - 2 * day
    assert pack.events[-1]["kind"] == "consumed"
    pack.day()
    assert pack.ru == [8]  # nothing left to eat


def test_a_feral_holds_at_most_20_ru_and_gnaws_large_objects_until_consumed():
    from kit.successors.bestiary import FeralPack

    pack = FeralPack(seed=1)
    pack.add(_feral(), ru=19)
    rock = pack.add_food("Derelict", ru=31)
    pack.day()
    assert pack.ru == [20] and pack.food[rock]["ru"] == 30  # only 1 RU of room
    pack.day()
    assert pack.ru == [20] and pack.food[rock]["ru"] == 30


def test_ferals_eat_the_smallest_food_first_and_a_neutralized_feral_does_not_eat():
    from kit.successors.bestiary import FeralPack

    hurt = _feral("Limp", seed=2)
    hurt = hurt.with_damage("sensors", hurt.sensors)
    pack = FeralPack([_feral(), hurt], seed=1)
    big, small = pack.add_food("Battleship"), pack.add_food("Drone")
    pack.day()
    assert pack.food[small]["ru"] == 0 and pack.food[big]["ru"] == 12 - 1
    assert pack.ru == [2, 0]


def test_two_ferals_mate_and_pay_the_newborns_total_ranks():
    from kit.successors.bestiary import FeralPack

    pack = FeralPack(seed=5)
    a = pack.add(_feral("A", 1), ru=12)
    b = pack.add(_feral("B", 2), ru=8)
    (birth,) = pack.day()
    assert birth["kind"] == "birth" and birth["parents"] == [a, b]
    # the newborn is the bestiary's Feral rolled from the recorded seed
    kid = pack.ferals[birth["feral"]]
    again = BESTIARY["FERAL"].generate("x", seed=birth["seed"])
    assert (kid.battle, kid.sensors) == (again.battle, again.sensors)
    assert 3 <= kid.battle <= 13 and 2 <= kid.sensors <= 7 and kid.has("Fast")
    cost = kid.battle + kid.sensors  # "a total equal to the total ranks of abilities"
    assert birth["cost"] == cost and sum(birth["paid"]) == cost
    half = cost / 2
    assert birth["paid"] == ([half, half] if half <= 8 else [cost - 8, 8])
    assert pack.ru[:2] == [12 - birth["paid"][0], 8 - birth["paid"][1]]
    assert pack.ru[2] == 0 and len(pack.ferals) == 3


def test_no_feral_is_born_when_the_pair_holds_too_little():
    from kit.successors.bestiary import FeralPack

    pack = FeralPack(seed=5)
    pack.add(_feral("A", 1), ru=4)  # a Feral has at least 3 + 2 = 5 ranks
    pack.add(_feral("B", 2), ru=0)
    assert not pack.mate(0, 1)
    assert pack.events[-1]["kind"] == "no_birth" and pack.ru == [4, 0]
    lone = FeralPack(seed=5)
    lone.add(_feral(), ru=15)
    assert lone.day() == []  # nobody to mate with
    with pytest.raises(InvalidInput, match="itself"):
        pack.mate(0, 0)


def test_a_feral_below_10_ru_does_not_seek_a_mate():
    from kit.successors import SuccessorsRules
    from kit.successors.bestiary import FeralPack

    pack = FeralPack([_feral("A", 1), _feral("B", 2)], seed=5)
    pack.ru = [9, 9]
    assert pack.day() == []
    eager = FeralPack(
        [_feral("A", 1), _feral("B", 2)], seed=5, rules=SuccessorsRules(feral_mating_ru=9)
    )
    eager.ru = [9, 9]
    assert [e["kind"] for e in eager.day()] in (["birth"], ["no_birth"])
