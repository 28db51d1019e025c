"""Were they lucky on the journey? (kit.successors.sector.luck)

The journeys here are small enough to work out by hand. A navigator with Information 3 plots a
known jump needing one success: each day's roll is one die succeeding on 1 to 3 (never a 6),
a chance of 1/2, and the jump itself takes a day. So the plotting takes T rolls with
P(T = t) = (1/2)^t, and the journey D = T + 1 days.
"""

from __future__ import annotations

import pytest

from kit.errors import IllegalAction, InvalidInput, InvalidType
from kit.successors.sector import Journey, Party, Traveller
from kit.successors.sector.luck import luck, remaining_days_pmf
from kit.successors.sector.routes import Leg


def jump(needed: int = 1, *, time_factor: int = 1) -> Leg:
    return Leg(0, 1, 3.0, "known", needed, False, pool=(3,), time_factor=time_factor, travel_days=1)


def gate() -> Leg:
    return Leg(1, 2, 30.0, "known", 0, True, travel_days=1)


PARTY = Party((Traveller("Vex", "entity", 3, 0, 1),))


def test_one_jump_takes_a_geometric_number_of_rolls_plus_the_jump():
    pmf = remaining_days_pmf([jump()], 0, [], 6)
    assert pmf.tolist() == pytest.approx([0, 0, 1 / 2, 1 / 4, 1 / 8, 1 / 16, 1 / 32])
    # two days per roll: the plotting ends on day 2, 4, ...; then the jump's day
    slow = remaining_days_pmf([jump(time_factor=2)], 0, [], 7)
    assert slow.tolist() == pytest.approx([0, 0, 0, 1 / 2, 0, 1 / 4, 0, 1 / 8])


def test_two_successes_needed_and_successes_already_in_hand():
    # the second success on roll t: (t - 1) ways to place the first, each (1/2)^t
    pmf = remaining_days_pmf([jump(2)], 0, [], 5)
    assert pmf.tolist() == pytest.approx([0, 0, 0, 1 / 4, 2 / 8, 3 / 16])
    # one success already rolled: what is left is the one-success jump
    assert remaining_days_pmf([jump(2)], 0, [1], 5).tolist() == pytest.approx(
        remaining_days_pmf([jump(1)], 0, [], 5).tolist()
    )


def test_later_legs_add_their_days_and_a_finished_journey_has_none_left():
    both = remaining_days_pmf([jump(), gate()], 0, [], 5)
    assert both.tolist() == pytest.approx([0, 0, 0, 1 / 2, 1 / 4, 1 / 8])  # one day later
    assert remaining_days_pmf([jump(), gate()], 1, [], 3).tolist() == [0, 1, 0, 0]
    assert remaining_days_pmf([jump()], 1, [], 2).tolist() == [1, 0, 0]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_an_arrived_journey_is_ranked_among_every_way_it_could_have_gone(seed):
    j = Journey([jump()], ["Home", "Away"], PARTY, seed=seed).run()
    report = luck(j)
    rolls = sum(1 for e in j.log if e.kind == "plot")
    assert report.outcome == "arrived" and report.details["days"] == rolls + 1
    # fewer days rank higher: P(more rolls) + half P(exactly these) = (1/2)^k + (1/2)^(k+1)
    assert report.outcome_percentile == pytest.approx(1.5 * 0.5**rolls)
    # each roll: one die at 1/2; a miss sits at the 25th percentile, the success at the 75th
    assert [s.percentile for s in report.steps] == [0.25] * (rolls - 1) + [0.75]
    # expected days 2 + 1 = 3; arriving within 3 days: P(T <= 2) = 3/4 before any roll
    assert report.details["within"] == 3 and report.chance == pytest.approx(0.75)
    assert report.method.startswith("exact")


def test_luck_needs_a_journey_under_way():
    with pytest.raises(InvalidType, match="Journey"):
        luck("the trip to Away")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="not started"):
        luck(Journey([jump()], ["Home", "Away"], PARTY, seed=1))
    j = Journey([jump()], ["Home", "Away"], PARTY, seed=1).run()
    with pytest.raises(InvalidInput, match="within"):
        luck(j, within=-1)
    assert luck(j, within=10).chance == pytest.approx(1 - 0.5**9)  # at most 9 rolls: 10 days


def test_a_leg_nobody_can_plot_is_refused():
    # through the gate first (an event), then a jump with no dice to plot it
    hopeless = Leg(1, 2, 3.0, "known", 1, False, pool=(), travel_days=1)
    j = Journey(
        [Leg(0, 1, 30.0, "known", 0, True, travel_days=1), hopeless], ["A", "B", "C"], PARTY, seed=1
    )
    j.step()
    assert len(j.log) >= 1
    with pytest.raises(IllegalAction, match="can never be plotted"):
        luck(j)
