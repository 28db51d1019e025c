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
