"""Luck of boards, battles and journeys: percentiles checked against hand computations.

Every expected number is worked out here from the rules texts (a check succeeds when it meets
the card's value; a Successors die of rank r hits on 1..r and never on a 6), not read off the
code's output.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from kit.advising import Luck
from kit.boards import Contest, PreparationBoard, StandardBoard
from kit.boards.luck import luck as board_luck
from kit.errors import IllegalAction, InvalidType
from kit.successors.combat import Battle, Side
from kit.successors.combat.luck import hits_percentile
from kit.successors.combat.luck import luck as battle_luck
from kit.successors.sector import Journey, Party, Traveller
from kit.successors.sector.luck import luck as journey_luck
from kit.successors.sector.routes import Leg

# 2d6 reaching 7: 21 of the 36 outcomes (7..12: 6+5+4+3+2+1).
P7 = Fraction(21, 36)
Q7 = 1 - P7


def _two_successes_before_two_failures() -> Fraction:
    # StandardBoard([7, 7, 7], goal=2): successes fill slots from the left, failures from the
    # right, so the goal (slot 2) is reached on SS, SFS or FSS and lost on FF, SFF, FSF.
    return P7 * P7 + 2 * P7 * Q7 * P7


def test_standard_board_success_percentile_matches_the_hand_count():
    board = StandardBoard([7, 7, 7], goal=2)
    board.check(8)
    board.check(9)
    report = board_luck(board)
    win = _two_successes_before_two_failures()
    assert win == Fraction(539, 864)
    assert report.chance == pytest.approx(float(win))
    # a success ranks above every failure: P(failure) + P(success) / 2
    assert report.outcome == "success"
    assert report.outcome_percentile == pytest.approx(float((1 - win) + win / 2))
    # an 8 on 2d6: 21 results below it (2..7), 5 ways to roll it
    assert report.steps[0].percentile == pytest.approx(21 / 36 + 5 / 72)
    # after the first success the goal needs one more success in the next two checks
    after_one = P7 + Q7 * P7
    assert report.steps[0].chance_after == pytest.approx(float(after_one))
    assert report.steps[0].swing == pytest.approx(float(after_one - win))
    assert report.steps[1].chance_after == 1.0
    # expected successes: each check beat a 7 with chance 21/36
    assert report.steps[1].expected_progress == pytest.approx(2 * 21 / 36)
    assert report.turning_points(1)[0].index == 1


def test_standard_board_failure_sits_in_the_bottom_part():
    board = StandardBoard([7, 7, 7], goal=2)
    board.check(3)
    board.check(4)
    # the goal is lost, but play goes on until every slot is filled
    assert board_luck(board).outcome is None
    assert board_luck(board).steps[-1].chance_after == 0.0
    board.check(5)
    report = board_luck(board)
    win = _two_successes_before_two_failures()
    assert report.outcome == "failure"
    # failure is the worst ending: half its chance, (1 - 539/864) / 2 = 325/1728, about 19%
    assert report.outcome_percentile == pytest.approx(float((1 - win) / 2))
    assert report.verdict.startswith("unlucky")  # at or below the 25% mark


def test_preparation_board_ranks_endings_by_successes():
    board = PreparationBoard([7, 7, 7])
    for value in (8, 3, 9):
        board.check(value)
    report = board_luck(board)
    # successes ~ Binomial(3, 7/12): P(0) + P(1) + P(2) / 2
    p, q = P7, Q7
    hand = q**3 + 3 * p * q**2 + Fraction(1, 2) * 3 * p**2 * q
    assert report.outcome_percentile == pytest.approx(float(hand))
    # the chance measured is the expected share of the board that comes off: 7/12 at the start
    assert report.chance == pytest.approx(float(P7))


def test_contest_steps_carry_the_players_check_and_the_other_side():
    board = Contest([6, 7, 8, 5, 9])
    board.exchange(8, 5)
    report = board_luck(board)
    step = report.steps[0]
    assert step.total == 8 and "opponent 5" in step.incident
    assert report.outcome is None and report.verdict.startswith("still running")


def test_board_luck_refuses_bad_input():
    with pytest.raises(IllegalAction, match="no checks yet"):
        board_luck(StandardBoard([7, 7, 7], goal=2))
    with pytest.raises(InvalidType, match="kit's boards"):
        board_luck("board")  # type: ignore[arg-type]


def _binomial_mid_rank(n: int, rank: int, hits: int) -> float:
    """Mid-rank percentile of ``hits`` for ``n`` dice of one rank: Binomial(n, min(rank,5)/6)."""
    p = Fraction(min(rank, 5), 6)
    pmf = [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    return float(sum(pmf[:hits]) + pmf[hits] / 2)


def test_hits_percentile_is_the_binomial_mid_rank():
    # two rank-4 dice, both hit: P(<2) = 1 - (2/3)^2 = 5/9, P(2) = 4/9 -> 5/9 + 2/9 = 7/9
    assert hits_percentile([4, 4], 2) == pytest.approx(7 / 9)
    # rank 7 splits into 5+2: P(hit) 5/6 and 2/6; no hit: (1/6)(4/6) = 4/36 -> half of it
    assert hits_percentile([5, 2], 0) == pytest.approx(2 / 36)
    # a rank above 5 still misses on a 6
    assert hits_percentile([6], 1) == pytest.approx(1 / 6 + 5 / 12)


def test_battle_attack_percentiles_match_the_binomial_by_hand():
    battle = Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 3})], seed=4)
    battle.run()
    report = battle_luck(battle, n=100, n_phase=0, seed=1)
    rolled = [e for e in battle.events if e.kind == "attack" and e.get("dice")]
    assert len(report.attacks) == len(rolled) > 0
    for a, e in zip(report.attacks, rolled):
        dice = list(e["dice"])
        assert len(set(dice)) == 1  # one kind of die: a plain binomial
        assert a.percentile == pytest.approx(_binomial_mid_rank(len(dice), dice[0], e["hits"]))
        assert a.expected == pytest.approx(len(dice) * min(dice[0], 5) / 6)


def test_battle_luck_reports_its_sample_and_error():
    battle = Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 3})], seed=4)
    battle.run()
    report = battle_luck(battle, "A", n=150, n_phase=5, seed=3)
    again = battle_luck(battle, 0, n=150, n_phase=5, seed=3)
    assert type(report) is Luck and report.kind == "battle"
    assert report.n == 150 and "n=150" in report.method
    assert report.outcome == battle.result["sides"][0]["outcome"]
    p = report.outcome_percentile
    assert p is not None and 0 <= p <= 1
    assert report.stderr == pytest.approx((p * (1 - p) / 150) ** 0.5)
    # the same seed gives the same report
    assert again.to_dict() == report.to_dict()
    # after the last attack phase the battle is over, so the continued runs all agree on it
    won = battle.result["winner_index"] == 0
    assert report.steps[-1].chance_after == (1.0 if won else 0.0)


def test_battle_luck_needs_an_attack():
    battle = Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 3})], seed=4)
    with pytest.raises(IllegalAction, match="no attack rolls"):
        battle_luck(battle, n=20)


def _coin_journey(seed: int) -> Journey:
    # one jump needing 1 success from one rank-3 die: each daily roll succeeds 1 time in 2
    leg = Leg(0, 1, 3.0, "known", 1, False, pool=(3,), time_factor=1, travel_days=1)
    party = Party((Traveller("Vex", "entity", 3, 0, 1),))
    return Journey([leg], ["Home", "Away"], party, seed=seed).run()


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_journey_days_percentile_matches_the_geometric_by_hand(seed):
    journey = _coin_journey(seed)
    rolls = sum(1 for e in journey.log if e.kind == "plot")
    report = journey_luck(journey)
    # days = rolls + 1; P(rolls > r) = (1/2)^r and P(rolls = r) = (1/2)^r: fewer days rank higher
    assert report.days == rolls + 1 == journey.day
    assert report.outcome_percentile == pytest.approx(0.5**rolls + 0.5**rolls / 2)
    # expected days: 2 rolls on average plus the jump day
    assert report.expected_days == pytest.approx(3.0)
    for step in report.steps:
        # one die at rank 3: a miss sits at 1/4, a hit at 1/2 + 1/4
        assert step.percentile == (0.75 if step.total else 0.25)


def test_journey_chance_of_arriving_within_the_mark():
    journey = _coin_journey(1)
    report = journey_luck(journey, within=3)
    # within 3 days = done within 2 rolls: 1 - (1/2)^2
    assert report.chance == pytest.approx(0.75)
    assert report.steps[-1].chance_after == (1.0 if report.days <= 3 else 0.0)
