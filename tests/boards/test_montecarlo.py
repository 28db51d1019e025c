"""Monte Carlo odds (kit.boards.montecarlo): the engine plays copies of a board to the end, and
the shares it finds agree with the exact odds within four standard errors."""

from __future__ import annotations

import math

import pytest

from kit.boards import (
    BoardRules,
    Card,
    Chase,
    Contest,
    LimitBoard,
    PreparationBoard,
    StandardBoard,
    odds,
    simulate,
)
from kit.errors import InvalidInput


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


def test_a_certain_board_is_certain_in_every_run():
    o = simulate(StandardBoard([4, 4, 4], goal=1), 20, checks=12, seed=1)
    assert o.method == "simulated" and o.n == 20
    assert o.success == 1.0 and o.length == {1: 1.0} and o.se.success == 0.0


def test_face_down_cards_are_dealt_again_in_every_run():
    # need 1 with a check of 7: the board is won exactly when the 4 of the pool 8, 8, 9, 4 is
    # among the three cards dealt face down, which happens with chance 3/4
    board = LimitBoard([5, 5, 5], need=1, hidden=[1, 2, 3])
    o = simulate(board, 200, checks=7, pool=[8, 8, 9, 4], seed=3)
    assert abs(o.success - 0.75) <= 4 * math.sqrt(0.75 * 0.25 / 200)
    assert o.se.success == pytest.approx(math.sqrt(o.success * (1 - o.success) / 200))
    again = simulate(board, 200, checks=7, pool=[8, 8, 9, 4], seed=3)
    assert again == o  # the same seed, the same runs


def test_runs_must_be_a_positive_count():
    with pytest.raises(InvalidInput, match="n"):
        simulate(StandardBoard([4, 4, 4], goal=1), 0)
