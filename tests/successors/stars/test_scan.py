"""Identify and scanning tasks with the edges that change them (issue #12).

Expected odds are worked out by hand from the dice: a rank-r die (r <= 5) succeeds on a face of
1..r, so with chance r/6; a Library's Natural Aptitude and Complete Database add one success,
Files Deleted asks for one more.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.successors.bestiary import creature
from kit.successors.entities import Entity
from kit.successors.stars import (
    Body,
    Orbit,
    Star,
    StarSystem,
    SystemScan,
    identify,
    identify_chance,
    scan_bonus,
    scan_chance,
    scan_roll,
)


def plain(info=1, sensors=1, **kw):
    return Entity("P", information=info, sensors=sensors, **kw)


def test_identify_odds_by_hand():
    # one Information die at rank 1: 1/6 for one success, never two
    assert identify_chance(plain(), 1) == Fraction(1, 6)
    assert identify_chance(plain(), 2) == 0
    # Complete Database: one success for free
    cd = plain(edges=["Complete Database"])
    assert identify_chance(cd, 1) == 1 and identify_chance(cd, 2) == Fraction(1, 6)
    # Files Deleted: one more needed; Information 5 gives one die at 5/6
    fd = plain(info=5, flaws=["Files Deleted"])
    assert identify_chance(plain(info=5), 1) == Fraction(5, 6)
    assert identify_chance(fd, 1) == 0  # needs 2 from one die
    # Information 10 = two dice at 5: two successes with (5/6)^2
    assert identify_chance(plain(info=10, flaws=["Files Deleted"]), 1) == Fraction(25, 36)
    # both: they cancel
    both = plain(info=5, edges=["Complete Database"], flaws=["Files Deleted"])
    assert identify_chance(both, 1) == Fraction(5, 6)
    # Sensors may be used instead when the GM says so: Sensors 3, one die at 3/6
    assert identify_chance(plain(sensors=3), 1, ability="sensors") == Fraction(1, 2)


def test_identify_rolls_count_the_edges():
    cd = plain(info=7, edges=["Complete Database"])  # dice 5 and 2
    fd = plain(info=7, flaws=["Files Deleted"])
    for seed in range(40):
        r = identify(cd, 2, seed)
        assert r.dice == (5, 2) and r.bonus == 1 and r.needed == 2
        hand = sum(1 for f, t in zip(r.faces, r.dice) if f <= t and f != 6)
        assert r.successes == hand + 1 and r.done == (hand + 1 >= 2)
        q = identify(fd, 2, seed)
        assert q.faces == r.faces and q.bonus == 0 and q.needed == 3
        assert q.done == (hand >= 3)


def test_library_scans_with_one_extra_success():
    lib = creature("Library").generate(seed=3)
    assert scan_bonus(lib) == 1 and scan_bonus(plain()) == 0
    n = lib.current("sensors")
    dice = tuple([5] * (n // 5) + ([n % 5] if n % 5 else []))
    for seed in range(20):
        r = scan_roll(lib, seed)
        assert r.dice == dice and r.successes == r.rolled + 1
    # a Sensors 1 scanner: one die at 1/6; with the aptitude every day gives at least 1
    apt = plain(sensors=1, edges=["Natural Aptitude: System Scanning"])
    assert scan_chance(plain(sensors=1), 1) == Fraction(1, 6)
    assert scan_chance(apt, 1) == 1 and scan_chance(apt, 2) == Fraction(1, 6)


def test_a_scan_accumulates_days_and_reveals_the_system():
    system = StarSystem(
        Star("G"), [Orbit(1, Body("Planet", 8000, 20, 90)), Orbit(2), Orbit(3), Orbit(4)]
    )
    apt = plain(sensors=1, edges=["Natural Aptitude: System Scanning"])
    scan = SystemScan(system, apt, current_orbit=1, seed=8)
    assert scan.view().known_orbits == []
    days = scan.until(3)
    assert scan.successes >= 3 and days <= 3  # at least one success a day
    assert scan.successes == sum(r.rolled + 1 for r in scan.rolls)
    assert scan.view().known_orbits == [1, 2, 3, 4]  # 3 successes: every orbit's details
    again = SystemScan(system, apt, current_orbit=1, seed=8)
    again.until(3)
    assert [r.faces for r in again.rolls] == [r.faces for r in scan.rolls]


def test_bad_input():
    with pytest.raises(InvalidType, match="entity"):
        identify("Sage")
    with pytest.raises(InvalidInput, match="ability"):
        identify(plain(), 1, ability="battle")
    with pytest.raises(InvalidInput, match="needed"):
        identify_chance(plain(), -1)
