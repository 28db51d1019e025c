"""Exact odds against independent oracles, and Monte Carlo of the engine against exact odds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from kit.boards import (
    Card,
    CheckDistribution,
    Contest,
    LimitBoard,
    StandardBoard,
    deal_odds,
    event_deck_cards,
    exchange_odds,
    next_check_odds,
    odds,
)
from kit.dice import parse

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


def test_exchange_and_next_check_odds():
    c = Contest([5, 6, 7, 6, 5])
    ex = exchange_odds(c, "2d6")
    p = Fraction(21, 36)  # 2d6 >= 7
    assert ex["toward players"] == ex["toward opponent"] == p * (1 - p)
    assert sum(ex.values()) == 1
    assert next_check_odds(c, "2d6") == {3: p}
    board = LimitBoard([5, 9, 4, 7, 6], need=3)
    assert next_check_odds(board, "2d6", "Tinker")[2] == CheckDistribution.of("2d6").at_least(9)


def test_deal_odds_only_before_play():
    board = StandardBoard([5, 6, 7], goal=2)
    board.check(7)
    with pytest.raises(ValueError, match="before play"):
        deal_odds(board)
