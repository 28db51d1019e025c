"""kit.successors.sector.odds: a journey's further travel days, exactly and by simulation."""

from __future__ import annotations

import pytest

from kit.errors import InvalidType
from kit.successors.sector.journey import Journey
from kit.successors.sector.odds import odds, simulate
from kit.successors.sector.party import Party, Traveller
from kit.successors.sector.routes import Leg


def _journey(seed: int = 1) -> Journey:
    # two legs; on each the lone plotter rolls one die a day that succeeds on half its faces
    # (pool (3,), one success needed), then one day of travel: each leg takes 1 + t days, t
    # geometric with chance 1/2 (mean 2), so 6 days are expected for the journey
    legs = [
        Leg(0, 1, 1.0, "known", 1, False, pool=(3,), time_factor=1, travel_days=1),
        Leg(1, 2, 1.0, "known", 1, False, pool=(3,), time_factor=1, travel_days=1),
    ]
    party = Party((Traveller("Vex", "entity", 3, 0, 1),))
    return Journey(legs, ["A", "B", "C"], party, seed=seed)


def test_two_geometric_legs_sum_to_a_negative_binomial():
    o = odds(_journey())
    # d days = 2 travel days + t rolls, t = t1 + t2 with t1, t2 >= 1 geometric(1/2):
    # P(t) = (t - 1) / 2**t
    for days in range(4, 12):
        t = days - 2
        assert o.days[days] == pytest.approx((t - 1) / 2**t, abs=1e-12)
    assert o.expected_days == pytest.approx(6.0, abs=1e-9)
    assert o.method == "exact" and o.n is None and o.se.expected_days == 0.0


def test_from_where_the_journey_stands_and_the_simulation_agrees():
    journey = _journey(seed=3)
    journey.run()
    assert journey.arrived
    done = odds(journey)
    assert done.days == {0: 1.0} and done.expected_days == 0.0  # nothing left to travel
    fresh = _journey(seed=5)
    sim = simulate(fresh, 3000, seed=8)
    assert sim.method == "simulated" and sim.n == 3000
    assert abs(sim.expected_days - 6.0) < 4 * sim.se.expected_days
    assert len(fresh.log) == 0  # the journey itself did not move


def test_odds_need_a_journey():
    with pytest.raises(InvalidType, match="Journey"):
        odds("the long way")  # type: ignore[arg-type]
