"""Star travel options (kit.successors.sector.rules): successes a jump needs by distance and
by how well the route is known, and the route statuses.
"""

from __future__ import annotations

import numpy as np
import pytest

from kit.errors import InvalidInput, InvalidType
from kit.successors.sector import SectorRules
from kit.successors.sector.rules import STATUSES


@pytest.mark.parametrize(
    "ly,known,unknown",
    [
        (1, 1, 1),
        (3, 1, 1),
        (3.01, 1, 2),
        (5, 1, 2),
        (6, 2, 2),
        (9, 2, 3),
        (10, 2, 4),
        (15, 3, 5),
        (16, 4, 6),
    ],
)
def test_needed_successes(ly, known, unknown):
    r = SectorRules()
    assert r.needed(ly, "known") == known and r.needed(ly, "unknown") == unknown
    assert r.needed(ly, "locked") == 1


def test_the_defaults_are_the_texts_star_travel():
    # "1 per 5 Light Years" known, "1 per 3" unknown, "made ten or more times is 'Locked',
    # needing only 1 Information success"; "Hyper-Jumps take one day regardless of the
    # distance"; a lone ship plots at "rank of 1 at 5 times the time"; Control x 5 carried
    r = SectorRules()
    assert (r.known_ly_per_success, r.unknown_ly_per_success) == (5.0, 3.0)
    assert (r.locked_after, r.locked_successes) == (10, 1)
    assert (r.jump_days, r.gate_days) == (1, 1)
    assert (r.lone_ship_rank, r.lone_ship_time_factor, r.carry_per_control) == (1, 5, 5)
    assert STATUSES == ("unknown", "known", "locked")


@pytest.mark.parametrize(
    "jumps, status", [(0, "unknown"), (1, "known"), (9, "known"), (10, "locked"), (25, "locked")]
)
def test_a_route_is_known_after_one_jump_and_locked_after_ten(jumps, status):
    assert SectorRules().status(jumps) == status


def test_a_gm_can_lock_routes_sooner_and_price_jumps_otherwise():
    r = SectorRules(locked_after=3, locked_successes=0, known_ly_per_success=2.5)
    assert [r.status(j) for j in (0, 2, 3)] == ["unknown", "known", "locked"]
    assert r.needed(99.0, "locked") == 0
    assert r.needed(6.0, "known") == 3  # ceil(6 / 2.5)


def test_needed_for_many_distances_at_once_agrees_with_one_at_a_time():
    ly = np.array([0.5, 3.0, 7.2, 15.000000001, 31.0])
    for status in STATUSES:
        together = SectorRules().needed_array(ly, status).tolist()
        assert together == [SectorRules().needed(float(x), status) for x in ly]
    # ceil(ly / 3) by hand for the unknown route, at least 1
    assert SectorRules().needed_array(ly, "unknown").tolist() == [1, 1, 3, 5, 11]


def test_sector_rules_round_trip_and_refuse_bad_values_by_name():
    r = SectorRules(max_range=12.5, gate_days=2)
    assert SectorRules.from_dict(r.to_dict()) == r
    assert r.to_dict()["max_range"] == 12.5
    with pytest.raises(InvalidInput, match="max_range"):
        SectorRules(max_range=0)
    with pytest.raises(InvalidInput, match="locked_after"):
        SectorRules(locked_after=0)
    with pytest.raises(InvalidInput, match="status"):
        SectorRules().needed(5.0, "charted")
    with pytest.raises(InvalidInput, match="warp"):
        SectorRules.from_dict({"warp": 9})
    with pytest.raises(InvalidType, match="sector rules"):
        SectorRules.from_dict("fast")
