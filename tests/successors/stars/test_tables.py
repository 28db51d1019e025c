"""Every generation table: full coverage of its dice and the edge rows."""

from __future__ import annotations

import itertools

import pytest

from kit.dice import parse
from kit.errors import InvalidInput
from kit.successors.stars import tables as T


def covers(table, lo, hi):
    """Every total lo..hi falls in exactly one row (moon 25 is the documented overlap)."""
    for total in range(lo, hi + 1):
        assert T.lookup(table, total) is not None
    return True


@pytest.mark.parametrize(
    "table,dice",
    [
        (T.SPECTRAL_TABLE, T.SPECTRAL_DICE),
        (T.SIZE_TABLE, T.SIZE_DICE),
        (T.BELT_COMPOSITION, T.BELT_DICE),
        (T.BELT_DENSITY, T.BELT_DICE),
        (T.BIOSPHERE_TABLE, T.BIOSPHERE_DICE),
        (T.TECH_TABLE, T.TECH_DICE),
        (T.ORBIT_TABLE[0], T.ORBIT_DICE),
        (T.ORBIT_TABLE[1], T.ORBIT_DICE),
        (T.ORBIT_TABLE[2], T.ORBIT_DICE),
    ],
)
def test_tables_cover_their_dice_without_gaps_or_overlaps(table, dice):
    d = parse(dice)
    assert table[0].lo == d.min and table[-1].hi == d.max
    for a, b in itertools.pairwise(table):
        assert b.lo == a.hi + 1
    assert covers(table, d.min, d.max)


@pytest.mark.parametrize(
    "total,cls,mod",
    [
        (3, "O", -9),
        (4, "B", -7),
        (5, "B", -7),
        (6, "A", -6),
        (7, "A", -6),
        (8, "F", -4),
        (9, "G", -2),
        (10, "K", -2),
        (11, "M", -3),
        (16, "M", -3),
        (17, "D", -4),
        (18, "D", -4),
    ],
)
def test_spectral_rows(total, cls, mod):
    row = T.lookup(T.SPECTRAL_TABLE, total).result
    assert (row.spectral_class, row.planet_mod) == (cls, mod)


@pytest.mark.parametrize(
    "total,size",
    [
        (3, "Supergiant"),
        (5, "Supergiant"),
        (6, "Giant"),
        (8, "Giant"),
        (9, "Dwarf"),
        (15, "Dwarf"),
        (16, "Subdwarf"),
        (18, "Subdwarf"),
    ],
)
def test_size_rows(total, size):
    assert T.lookup(T.SIZE_TABLE, total).result == size


def test_orbit_columns_edge_rows():
    col = [{r.lo: r.result for r in c} for c in T.ORBIT_TABLE]
    assert T.lookup(T.ORBIT_TABLE[0], 9).result == T.EMPTY
    assert T.lookup(T.ORBIT_TABLE[1], 9).result == T.ROLL_AGAIN
    assert T.lookup(T.ORBIT_TABLE[2], 9).result == T.ROLL_AGAIN
    assert T.lookup(T.ORBIT_TABLE[0], 18).result == "Planet, Large"
    assert T.lookup(T.ORBIT_TABLE[1], 3).result == "Planetoid, Huge"
    assert T.lookup(T.ORBIT_TABLE[2], 18).result == "Asteroid Belt"
    assert col[2][15] == "Gas Giant, Huge" and col[1][17] == "Gas Giant"
    assert [T.zone_of(o) for o in (1, 3, 4, 6, 7, 12)] == [0, 0, 1, 1, 2, 2]
    with pytest.raises(InvalidInput, match="orbit"):
        T.zone_of(0)


def test_body_stats_match_the_printed_table():
    printed = {
        "Planetoid, Small": ("3d6x100", "2d6", "2d6x3"),
        "Planetoid": ("3d6x200", "3d6", "2d6x5"),
        "Planetoid, Large": ("3d6x300", "4d6", "3d6x5"),
        "Planetoid, Huge": ("3d6x500", "2d6x3", "2d6x10"),
        "Planet, Small": ("3d6x600", "2d6x3", "2d6x10"),
        "Planet": ("3d6x800", "2d6x5", "3d6x10"),
        "Planet, Large": ("3d6x1000", "3d6x5", "3d6x15"),
        "Planet, Huge": ("3d6x1200", "2d6x10", "3d6x20"),
        "Gas Giant, Small": ("3d6x4000", None, "3d6x20"),
        "Gas Giant": ("3d6x6000", None, "3d6x30"),
        "Gas Giant, Large": ("3d6x8000", None, "3d6x40"),
        "Gas Giant, Huge": ("3d6x10000", None, "3d6x50"),
    }
    assert {k: (v.diameter, v.crust, v.core) for k, v in T.BODY_STATS.items()} == printed
    for stats in T.BODY_STATS.values():
        for expr in (stats.diameter, stats.crust, stats.core):
            if expr:
                parse(expr)


@pytest.mark.parametrize(
    "value,count,body",
    [
        (2, "0", None),
        (10, "0", None),
        (11, None, "Planetoid, Large"),
        (15, None, "Planetoid, Large"),
        (16, "1d6", "Planetoid, Small"),
        (20, "1d6", "Planetoid, Small"),
        (21, "2d6", "Planetoid, Small"),
        (25, "2d6", "Planetoid, Small"),
        (26, "1d6", "Planetoid, Large"),
        (30, "1d6", "Planetoid, Large"),
        (31, "2d6", "Planetoid, Large"),
        (35, "2d6", "Planetoid, Large"),
        (36, None, "Planet"),
        (40, None, "Planet"),
        (41, "1d6", "Planet"),
        (62, "1d6", "Planet"),
    ],
)
def test_moon_rows_with_25_in_the_first_row(value, count, body):
    row = T.lookup(T.MOON_TABLE, value).result
    assert (row.count, row.body) == (count, body)


def test_belt_biosphere_and_tech_rows():
    comp = {t: T.lookup(T.BELT_COMPOSITION, t).result for t in (2, 5, 6, 8, 9, 11, 12)}
    assert comp == {
        2: ("Icy", "1d6"),
        5: ("Icy", "1d6"),
        6: ("Rocky", "2d6"),
        8: ("Rocky", "2d6"),
        9: ("Mixed", "3d6"),
        11: ("Mixed", "3d6"),
        12: ("Metallic", "4d6"),
    }
    dens = {t: T.lookup(T.BELT_DENSITY, t).result for t in (5, 6, 9, 12)}
    assert dens == {5: ("Scattered", 3), 6: ("Thin", 5), 9: ("Thick", 10), 12: ("Dense", 20)}
    bio = [T.lookup(T.BIOSPHERE_TABLE, t).result for t in (11, 12, 13, 14, 15, 16, 17, 18)]
    assert bio == [
        "No life",
        "Single-celled life",
        "Single-celled life",
        "Sparse ecology",
        "Sparse ecology",
        "Diverse ecology",
        "Near sentience",
        "Sentience",
    ]
    tech = {t: T.lookup(T.TECH_TABLE, t).result for t in (2, 9, 10, 11, 12)}
    assert tech[9].surface_dice is None and tech[2].surface_dice is None
    assert tech[10].surface_dice == "1d6" and tech[11].surface_dice == "2d6"
    assert tech[12].surface_dice == "3d6" and tech[12].colonies and not tech[11].colonies


def test_lookup_out_of_range_names_the_range():
    with pytest.raises(InvalidInput, match="from 3 to 18 for this table, got 19"):
        T.lookup(T.SPECTRAL_TABLE, 19)
