"""Exact odds against independent oracles, and Monte Carlo of the engine against exact odds."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from kit.boards import (
    BoardRules,
    Card,
    Chase,
    CheckDistribution,
    Contest,
    LimitBoard,
    PreparationBoard,
    StandardBoard,
    deal_odds,
    event_deck_cards,
    exchange_odds,
    next_check_odds,
    odds,
    simulate,
)
from kit.dice import parse
from kit.errors import InvalidInput, InvalidType

TWO_D6 = parse("2d6").distribution()


def brute_force(board, checks=TWO_D6, skills=()):
    """Play every sequence of 2d6 totals through the engine and weigh each ending."""
    results: dict[str, Fraction] = {}

    def rec(b, p, i):
        if b.finished:
            key = "goal reached" if b.goal_reached else "goal missed"
            results[key] = results.get(key, Fraction(0)) + p
            return
        for v, q in checks.items():
            c = b.copy()
            c.check(v, skills[i] if i < len(skills) else None)
            rec(c, p * q, i + 1)

    rec(board, Fraction(1), 0)
    return results


def test_standard_odds_match_brute_force_over_every_roll():
    board = StandardBoard([6, 5, 7, 4], goal=3, modifiers={4: 1})
    skills = ["Tinker: Repair", "Tinker: Repair", None, "Tinker: Repair"]
    exact = odds(board, "2d6", skills)
    assert exact.outcomes == brute_force(board, skills=skills)
    assert sum(exact.outcomes.values()) == 1 and sum(exact.length.values()) == 1


def test_part_played_board_odds():
    board = StandardBoard([8, 8, 8, 8], goal=2)
    board.check(2)  # the failure covers slot 4
    assert odds(board, "2d6").outcomes == brute_force(board)


def test_finished_board_odds_are_certain():
    board = StandardBoard([4, 4, 4], goal=1)
    board.check(9)
    o = odds(board)
    assert o.success == 1 and next_check_odds(board) == {}


def test_deal_odds_average_every_deal_of_the_deck():
    shape = StandardBoard([5, 5, 5], goal=2)
    exact = deal_odds(shape, "2d6")
    cards = event_deck_cards()
    total = Fraction(0)
    deals = list(itertools.permutations(range(20), 3))
    cache: dict[tuple[int, ...], Fraction] = {}
    for deal in deals:
        values = tuple(cards[i].value for i in deal)
        if values not in cache:
            cache[values] = odds(StandardBoard(list(values), goal=2), "2d6").success
        total += cache[values]
    assert exact.success == total / len(deals)


def test_limit_hidden_cards_averaged_over_the_pool():
    board = LimitBoard(
        [Card(5, "hearts"), Card(8, "clubs"), Card(6, "spades"), Card(7, "hearts")],
        need=2,
        hidden=[3, 4],
    )
    pool = event_deck_cards()
    pool.remove(Card(5, "hearts"))
    pool.remove(Card(8, "clubs"))
    total, count = Fraction(0), 0
    for a, b in itertools.permutations(range(len(pool)), 2):
        known = LimitBoard([5, 8, pool[a].value, pool[b].value], need=2)
        total += odds(known, "2d6", order=[1, 2, 3, 4]).success
        count += 1
    assert odds(board, "2d6", order=[1, 2, 3, 4]).success == total / count


def test_limit_success_without_skills_does_not_depend_on_order():
    board = LimitBoard([5, 9, 7, 6, 8], need=3)
    a = odds(board, "2d6", order=[1, 2, 3, 4, 5]).success
    b = odds(board, "2d6", order=[5, 4, 3, 2, 1]).success
    assert a == b


def test_contest_three_cards_closed_form():
    board = Contest([7, 7, 7])
    d, o = CheckDistribution.of("2d6"), CheckDistribution.of("1d6+3")
    pa, pb = float(d.at_least(7)), float(o.at_least(7))
    right, left = pa * (1 - pb), pb * (1 - pa)
    a = right / (right + left)
    want = a * a + 2 * a * a * (1 - a)
    got = odds(board, "2d6", opponent_checks="1d6+3")
    assert got.success == pytest.approx(want, abs=1e-9)
    assert sum(got.outcomes.values()) == pytest.approx(1, abs=1e-9)
    assert got.outcomes["opponent wins"] == pytest.approx(1 - want, abs=1e-9)


def test_symmetric_contest_is_even():
    o = odds(Contest([4, 6, 8, 6, 4]), "2d6")
    assert o.success == pytest.approx(0.5, abs=1e-9)


def test_chase_head_start_closed_form():
    p = float(CheckDistribution.of("2d6").at_least(6))
    o = odds(Chase([6] * 5, head_start=True), "2d6")
    assert o.outcomes["escaped"] == pytest.approx(p**4 * (1 + 4 * (1 - p)), abs=1e-12)
    assert o.length[2] == pytest.approx((1 - p) ** 2, abs=1e-12)  # two failures: caught


def test_exchange_and_next_check_odds():
    c = Contest([5, 6, 7, 6, 5])
    ex = exchange_odds(c, "2d6")
    p = Fraction(21, 36)  # 2d6 >= 7
    assert ex["toward players"] == ex["toward opponent"] == p * (1 - p)
    assert sum(ex.values()) == 1
    assert next_check_odds(c, "2d6") == {3: p}
    board = LimitBoard([5, 9, 4, 7, 6], need=3)
    assert next_check_odds(board, "2d6", "Tinker")[2] == CheckDistribution.of("2d6").at_least(9)


def test_checks_as_table_and_int():
    board = PreparationBoard([5, 6, 7])
    o = odds(board, {4: 1, 8: 1})
    assert o.successes == {
        0: Fraction(1, 8),
        1: Fraction(3, 8),
        2: Fraction(3, 8),
        3: Fraction(1, 8),
    }
    assert odds(board, 7).successes == {3: 1}
    with pytest.raises(InvalidType):
        odds(board, 2.5)
    with pytest.raises(InvalidInput):
        odds(board, "2x6")


def _agree(exact, sim, key):
    p = float(exact.outcomes.get(key, 0))
    q = float(sim.outcomes.get(key, 0))
    se = math.sqrt(max(p * (1 - p), 1e-12) / sim.n)  # a share's standard error at the exact p
    assert abs(p - q) <= 4 * se + 1e-12, (key, p, q, se)


@pytest.mark.parametrize(
    "make, kwargs, key",
    [
        (
            lambda: StandardBoard([6, 7, 8, 5, 6], goal=4, modifiers={2: 1}),
            {"skills": ["Tinker: Repair"] * 3},
            "goal reached",
        ),
        (
            lambda: LimitBoard(
                [
                    Card(5, "hearts"),
                    Card(8, "clubs"),
                    Card(6, "spades"),
                    Card(7, "hearts"),
                    Card(4, "clubs"),
                ],
                need=3,
                hidden=[2, 4],
            ),
            {},
            "limit met",
        ),
        (
            lambda: Contest([5, 6, 7, 6, 5]),
            {"skills": ["Persuasion: Debate"] * 2, "opponent_checks": "1d6+3"},
            "players win",
        ),
        (
            lambda: Chase(
                [6, 7, 6, 8, 7, 6], role="escapee", head_start=True, npc_checks="2d6", seed=1
            ),
            {},
            "escaped",
        ),
        (
            lambda: Chase(
                [6, 7, 6, 8, 7], role="pursuer", rules=BoardRules(npc_chance=0.55), seed=1
            ),
            {"skills": "Athletics"},
            "caught",
        ),
        (lambda: PreparationBoard([5, 6, 7, 8]), {}, "strength 2"),
    ],
    ids=["standard", "limit", "contest", "chase-escapee", "chase-pursuer", "preparation"],
)
def test_monte_carlo_agrees_with_exact_odds(make, kwargs, key):
    board = make()
    exact = odds(board, "2d6", **kwargs)
    sim = simulate(board, 3000, checks="2d6", seed=2024, **kwargs)
    _agree(exact, sim, key)
    if exact.length:
        assert abs(exact.mean_length - sim.mean_length) < 0.15 * max(1.0, exact.mean_length)
    assert board.events.to_list() == make().events.to_list()  # simulate leaves the board alone


@pytest.mark.parametrize(
    "shape, opts",
    [
        (Contest([5, 5, 5]), {"opponent_checks": "1d6+3"}),
        (Chase([5] * 5, head_start=True, rules=BoardRules(npc_chance=0.5)), {}),
    ],
    ids=["contest", "chase"],
)
def test_deal_odds_of_contests_and_chases_average_every_deal(shape, opts):
    pool = [
        Card(4, "spades"),
        Card(6, "hearts"),
        Card(6, "clubs"),
        Card(8, "diamonds"),
        Card(7, "clubs"),
        Card(5, "hearts"),
    ]
    got = deal_odds(shape, "2d6", pool=pool, **opts)
    total, count = 0.0, 0
    for deal in itertools.permutations(pool, shape.length):
        total += float(odds(shape.fork(cards=list(deal)), "2d6", **opts).success)
        count += 1
    assert got.success == pytest.approx(total / count, abs=1e-9)
    assert sum(got.outcomes.values()) == pytest.approx(1, abs=1e-9)


def test_deal_odds_only_before_play():
    board = StandardBoard([5, 6, 7], goal=2)
    board.check(7)
    with pytest.raises(ValueError, match="before play"):
        deal_odds(board)
