"""Star system generation: scripted edge rows, recorded rolls, invariants and dice frequencies."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.dice import parse
from kit.errors import InvalidInput
from kit.successors.stars import (
    Body,
    Star,
    StarRules,
    StarSystem,
    generate_star,
    generate_system,
)
from kit.successors.stars import tables as T
from kit.successors.stars.generate import ReplayRoller, Roller, build_from_rolls


class Scripted(Roller):
    """Returns scripted totals for tables whose name starts with a key; else rolls seeded dice."""

    def __init__(self, script: dict[str, list[int]], seed: int = 0) -> None:
        super().__init__(np.random.default_rng(seed))
        self.script = {k: list(v) for k, v in script.items()}

    def total(self, table: str, expr: str) -> int:
        for key in sorted(self.script, key=len, reverse=True):
            if table.startswith(key) and self.script[key]:
                return self.script[key].pop(0)
        return super().total(table, expr)


def build(script, seed=0, rules=None):
    return build_from_rolls(Scripted(script, seed), rules=rules or StarRules(), seed=seed)


def test_public_api_shape():
    s = generate_system(seed=11)
    assert s.spectral_class in ("O", "B", "A", "F", "G", "K", "M", "D")
    assert isinstance(s.orbits, tuple)
    assert all(isinstance(r, tuple) and len(r) == 3 for r in s.rolls)
    assert s.rolls[0][:2] == ("spectral class", "3d6")


def test_same_seed_same_system_and_star():
    assert generate_system(seed=5) == generate_system(seed=5)
    assert generate_star(seed=5) == generate_system(seed=5).star
    assert generate_system(seed=5).seed == 5


def test_replaying_the_recorded_rolls_rebuilds_the_system():
    for seed in range(60):
        s = generate_system(seed=seed)
        again = build_from_rolls(ReplayRoller(s.rolls), seed=seed)
        assert again == s


def test_no_planets_when_orbit_roll_plus_mod_is_not_positive():
    s = build({"spectral class": [3], "size": [10], "orbit count": [9]})  # O: 9 - 9 = 0
    assert s.spectral_class == "O" and s.orbits == ()
    s = build({"spectral class": [9], "size": [10], "orbit count": [3]})  # G: 3 - 2 = 1
    assert len(s.orbits) == 1


def test_type_o_rerolls_giant_and_keeps_other_sizes():
    s = build(
        {"spectral class": [3], "size": [7], "size (Type O re-roll)": [6, 4], "orbit count": [2]}
    )
    assert s.star.size == "Supergiant"
    assert [r.table for r in s.rolls].count("size (Type O re-roll)") == 2
    assert build({"spectral class": [4], "size": [7], "orbit count": [2]}).star.size == "Giant"


@pytest.mark.parametrize("die,cloud", [(1, True), (4, True), (5, False), (6, False)])
def test_type_a_dust_cloud_adds_a_die_to_crust_and_core(die, cloud):
    s = build(
        {
            "spectral class": [6],
            "size": [10],
            "dust cloud": [die],
            "orbit count": [7],
            "orbit 1 body": [3],
        }
    )  # 1 orbit: a small planetoid
    assert s.star.dust_cloud is cloud
    dice = {r.table: r.dice for r in s.rolls}
    assert dice["orbit 1 crust RU"] == ("3d6" if cloud else "2d6")
    assert dice["orbit 1 core RU"] == ("3d6x3" if cloud else "2d6x3")
    assert dice["orbit 1 diameter"] == "3d6x100"


def test_brightness_floor():
    s = build({"spectral class": [9], "brightness": [-1], "orbit count": [2]})
    assert s.star.brightness == 0
    assert [r.result for r in s.rolls if r.table == "brightness"] == [-1]


def test_roll_on_the_other_column_chains_inward():
    # orbit 7: 9 -> column 4-6: 9 -> column 1-3: 9 = empty
    s = build(
        {
            "spectral class": [9],
            "orbit count": [9],
            "orbit 7 body (orbit 7+)": [9],
            "orbit 7 body (orbit 4-6)": [9],
            "orbit 7 body (orbit 1-3)": [9],
        }
    )
    assert len(s.orbits) == 7 and s.orbits[6].body is None
    s = build(
        {
            "spectral class": [9],
            "orbit count": [9],
            "orbit 7 body (orbit 7+)": [9],
            "orbit 7 body (orbit 4-6)": [17],
        }
    )
    assert s.orbits[6].body.kind == "Gas Giant"
    s = build(
        {
            "spectral class": [9],
            "orbit count": [6],
            "orbit 4 body (orbit 4-6)": [9],
            "orbit 4 body (orbit 1-3)": [18],
        }
    )
    assert s.orbits[3].body.kind == "Planet, Large"


def test_asteroid_belt_is_composition_dice_times_density():
    s = build(
        {
            "spectral class": [9],
            "orbit count": [9],
            "orbit 7 body": [18],
            "orbit 7 belt composition": [12],
            "orbit 7 belt density": [12],
            "orbit 7 belt RU": [17],
        }
    )
    belt = s.orbits[6].body
    assert (belt.composition, belt.density, belt.crust_ru) == ("Metallic", "Dense", 17 * 20)
    assert [r.dice for r in s.rolls if r.table.startswith("orbit 7 belt RU")] == ["4d6"]
    assert belt.core_ru is None and belt.diameter_km is None


def test_moons_from_diameter_bonus():
    # a huge gas giant of 18 x 10000 km: bonus ceil(180000 / 5000) = 36; 2d6 = 5 -> 41: 1d6 planets
    s = build(
        {
            "spectral class": [9],
            "orbit count": [9],
            "orbit 7 body": [15],
            "orbit 7 diameter": [180000],
            "orbit 7 moons": [5],
            "orbit 7 moon count": [3],
        }
    )
    gg = s.orbits[6].body
    assert gg.kind == "Gas Giant, Huge" and len(gg.moons) == 3
    assert all(m.kind == "Planet" and m.moons == () for m in gg.moons)
    assert "orbit 7 moons (+36)" in [r.table for r in s.rolls]
    # value 25 uses the first row: 2d6 small planetoids
    # a small gas giant of 17 x 4000 = 68000 km: bonus 14; 2d6 = 11 -> 25
    s = build(
        {
            "spectral class": [9],
            "orbit count": [9],
            "orbit 7 body": [6],
            "orbit 7 diameter": [68000],
            "orbit 7 moons": [11],
            "orbit 7 moon count": [12],
        }
    )
    assert s.orbits[6].body.kind == "Gas Giant, Small"
    assert "orbit 7 moons (+14)" in [r.table for r in s.rolls]
    assert [m.kind for m in s.orbits[6].body.moons] == ["Planetoid, Small"] * 12


def test_small_planets_and_planetoids_have_no_moon_roll():
    s = build(
        {
            "spectral class": [9],
            "orbit count": [5],
            "orbit 1 body": [12],
            "orbit 2 body": [10],
            "orbit 3 body": [15],
        }
    )
    assert not any("moons" in r.table for r in s.rolls)


def test_biosphere_only_for_planets_in_orbits_1_to_3():
    s = build(
        {
            "spectral class": [9],
            "orbit count": [7],
            "orbit 1 body": [17],
            "orbit 2 body": [10],
            "orbit 4 body": [6],
            "orbit 5 body": [6],
            "orbit 1 moons": [2],
            "orbit 1 biosphere": [16],
            "orbit 3 body": [9],
        }
    )
    assert s.orbits[0].body.biosphere == "Diverse ecology"
    assert s.orbits[1].body.biosphere is None  # a huge planetoid
    assert s.orbits[3].body.kind == "Planet" and s.orbits[3].body.biosphere is None
    assert [r.table for r in s.rolls if "biosphere" in r.table] == ["orbit 1 biosphere"]


@pytest.mark.parametrize(
    "tech,level,surface_dice",
    [
        (9, "Stone age or none", None),
        (10, "Cities and iron working", "1d6"),
        (11, "Industrial, early atomic", "2d6"),
        (12, "Space faring", "3d6"),
    ],
)
def test_sentience_rolls_technology_and_surface_ru_from_crust(tech, level, surface_dice):
    s = build(
        {
            "spectral class": [9],
            "orbit count": [6],
            "orbit 1 body": [3],
            "orbit 2 body": [15],
            "orbit 3 body": [9],
            "orbit 4 body": [9],
            "orbit 2 crust RU": [30],
            "orbit 2 biosphere": [18],
            "orbit 2 technology": [tech],
            "orbit 2 surface RU": [6],
            "orbit 1 installations": [1],
            "orbit 3 installations": [2],
        }
    )
    world = s.orbits[1].body
    assert world.technology == level
    if surface_dice is None:
        assert world.surface_ru == 0 and world.crust_ru == 30
    else:
        assert [r.dice for r in s.rolls if r.table == "orbit 2 surface RU"] == [surface_dice]
        assert world.surface_ru == 6 and world.crust_ru == 24
    if tech == 12:
        assert s.orbits[0].installations and not s.orbits[2].installations
    else:
        assert not any(o.installations for o in s.orbits)
        assert not any("installations" in r.table for r in s.rolls)


def test_no_technology_without_sentience():
    s = build(
        {"spectral class": [9], "orbit count": [4], "orbit 1 body": [15], "orbit 1 biosphere": [17]}
    )
    assert s.orbits[0].body.biosphere == "Near sentience"
    assert s.orbits[0].body.technology is None
    with pytest.raises(InvalidInput, match="Sentience"):
        Body("Planet", 8000, 10, 50, biosphere="Near sentience", technology="Space faring")


def test_type_d_has_its_note():
    assert "Stellar Tap" in Star("D").info.note


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**40))
def test_generated_system_invariants(seed):
    s = generate_system(seed=seed)
    rolls = {r.table: r.result for r in s.rolls}
    assert len(s.orbits) == max(0, rolls["orbit count"] + s.star.planet_mod)
    assert [o.number for o in s.orbits] == list(range(1, len(s.orbits) + 1))
    for r in s.rolls:
        d = parse(r.dice)
        assert d.min <= r.result <= d.max
    for o in s.orbits:
        b = o.body
        if b is None:
            continue
        assert (b.biosphere is not None) == (b.family == "planet" and o.number <= 3)
        assert (b.technology is not None) == (b.biosphere == "Sentience")
        assert (b.crust_ru is None) == (b.family == "gas giant")
        if b.family != "belt":
            lo, hi = (
                parse(T.BODY_STATS[b.kind].diameter).min,
                parse(T.BODY_STATS[b.kind].diameter).max,
            )
            assert lo <= b.diameter_km <= hi
        assert b.kind in T.BODY_KINDS
        for m in b.moons:
            assert b.kind in T.MOON_BEARING and m.moons == ()
    assert s.star.size != "Giant" or s.spectral_class != "O"
    assert StarSystem.from_json(s.to_json()) == s


CHI2_CRIT_001 = {
    3: 16.266,
    4: 18.467,
    5: 20.515,
    6: 22.458,
    7: 24.322,
    8: 26.124,
    9: 27.877,
    10: 29.588,
}


def chi_square(observed: Counter, expected_p: dict, n: int) -> tuple[float, int]:
    keys = list(expected_p)
    obs = np.array([observed.get(k, 0) for k in keys], dtype=float)
    exp = np.array([float(expected_p[k]) * n for k in keys])
    return float(((obs - exp) ** 2 / exp).sum()), len(keys) - 1


def grouped(table, dice):
    dist = parse(dice).distribution()
    out: dict = {}
    for row in table:
        key = getattr(row.result, "spectral_class", row.result)
        out[key] = out.get(key, 0) + sum(p for t, p in dist.items() if row.lo <= t <= row.hi)
    return out


def test_spectral_class_frequencies_match_3d6():
    n = 6000
    counts = Counter(generate_star(seed=10_000 + i).spectral_class for i in range(n))
    stat, df = chi_square(counts, grouped(T.SPECTRAL_TABLE, "3d6"), n)
    assert stat < CHI2_CRIT_001[df], stat
    # the test can fail: a biased generator (always 3d6 + 1) is rejected
    rng = np.random.default_rng(1)
    shifted = Counter(
        T.lookup(T.SPECTRAL_TABLE, min(18, t + 1)).result.spectral_class
        for t in parse("3d6").roll_many(n, rng).tolist()
    )
    assert chi_square(shifted, grouped(T.SPECTRAL_TABLE, "3d6"), n)[0] > CHI2_CRIT_001[df]


@pytest.fixture(scope="module")
def many_systems():
    return [generate_system(seed=50_000 + i) for i in range(2500)]


def test_first_orbit_bodies_and_brightness_match_the_dice(many_systems):
    firsts = [s.orbits[0] for s in many_systems if s.orbits]
    got = Counter(o.body.kind if o.body else T.EMPTY for o in firsts)
    stat, df = chi_square(got, grouped(T.ORBIT_TABLE[0], "3d6"), len(firsts))
    assert stat < CHI2_CRIT_001[df], stat
    p: dict = {}
    for t, w in parse("2d6-3").distribution().items():
        p[max(0, t)] = p.get(max(0, t), 0) + w
    bright = Counter(s.star.brightness for s in many_systems)
    stat, df = chi_square(bright, p, len(many_systems))
    assert stat < CHI2_CRIT_001[df], stat


def test_mean_core_ru_of_planets_matches_the_dice(many_systems):
    ru = [
        o.body.core_ru
        for s in many_systems
        if not s.star.dust_cloud
        for o in s.orbits
        if o.body and o.body.kind == "Planet"
    ]
    d = parse("3d6x10")
    mean = float(d.mean())
    var = sum(float(p) * (t - mean) ** 2 for t, p in d.distribution().items())
    assert len(ru) > 300
    assert abs(np.mean(ru) - mean) < 4 * math.sqrt(var / len(ru))


# ------------------------------------------------------------------ installations are worth RU
def _space_faring(installation_rolls, ru_rolls):
    return build(
        {
            "spectral class": [9],
            "orbit count": [6],  # Type G: 6 - 2 = 4 orbits
            "orbit 1 body": [3],
            "orbit 2 body": [15],  # Planet
            "orbit 3 body": [9],
            "orbit 4 body": [9],
            "orbit 2 crust RU": [30],
            "orbit 2 biosphere": [18],
            "orbit 2 technology": [12],  # space faring
            "orbit 2 surface RU": [6],
            "orbit 1 installations from": installation_rolls[:1],
            "orbit 3 installations from": installation_rolls[1:],
            "orbit 1 installations RU": ru_rolls[:1],
            "orbit 3 installations RU": ru_rolls[1:],
        },
        seed=5,
    )


@pytest.mark.parametrize(
    "total,worth",
    [(-2, 0), (-1, 0), (0, 0), (1, 1), (3, 3)],  # 1d6-3 runs -2..3; below 0 counts as 0
)
def test_installations_are_worth_1d6_minus_3_ru_at_least_0(total, worth):
    s = _space_faring([1, 1], [total, 3])
    ru_rolls = [r for r in s.rolls if "installations RU" in r.table]
    assert [(r.dice, r.result) for r in ru_rolls] == [("1d6-3", total), ("1d6-3", 3)]
    assert s.orbits[0].installations == "from the civilisation of orbit 2"
    assert (s.orbits[0].installations_ru, s.orbits[2].installations_ru) == (worth, 3)
    bodies = sum(b.total_ru + sum(m.total_ru for m in b.moons) for _, b in s.bodies)
    assert s.total_ru == bodies + worth + 3
    # the system rebuilds from its rolls alone, RU included, and survives save/load
    again = build_from_rolls(ReplayRoller(s.rolls), seed=s.seed)
    assert again == s
    assert StarSystem.from_json(s.to_json()) == s


def test_no_installations_roll_no_ru():
    s = _space_faring([2, 6], [])
    assert not any("installations RU" in r.table for r in s.rolls)
    assert all(o.installations is None and o.installations_ru == 0 for o in s.orbits)


# ------------------------------------------------------------------ options the tables cannot reach
def test_no_planet_moon_can_orbit_a_world_in_orbits_one_to_three():
    """Why ``moon_planets_roll_biosphere`` was retired: walk the printed tables."""
    near = {row.result for row in T.ORBIT_TABLE[0]} & set(T.MOON_BEARING)
    assert near == {"Planet, Large"}
    top = max(
        parse(T.MOON_DICE).max + math.ceil(parse(T.BODY_STATS[k].diameter).max / 5000) for k in near
    )
    first_planet_row = min(r.lo for r in T.MOON_TABLE if r.result.body == "Planet")
    assert (top, first_planet_row) == (16, 36)


def test_a_type_a_star_never_has_a_belt_in_its_orbits():
    """``dust_cloud_belts`` is reached only by :func:`generate_body`: a Type A star has at most
    2d6 - 6 = 6 orbits and asteroid belts appear from orbit 7 on."""
    mod = next(r.result.planet_mod for r in T.SPECTRAL_TABLE if r.result.spectral_class == "A")
    assert parse(T.ORBITS_DICE).max + mod == 6
    zones_with_belts = [
        z for z, col in enumerate(T.ORBIT_TABLE) if any(r.result == "Asteroid Belt" for r in col)
    ]
    assert zones_with_belts == [2] and T.zone_of(7) == 2 and T.zone_of(6) == 1


def test_retired_star_option_is_ignored_when_loading():
    old = {**StarRules().to_dict(), "moon_planets_roll_biosphere": False}
    assert StarRules.from_dict(old) == StarRules()
    with pytest.raises(InvalidInput, match="brightness_floor"):
        StarRules(brightness_floor=-1)  # a star's brightness is 0 to 9
