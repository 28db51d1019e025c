"""Monte Carlo odds: play copies of a board to the end with the engine itself.

:func:`simulate` uses the same rules code as play (each copy is a :meth:`Board.fork` of the
board, finished by :func:`~kit.boards.checks.autoplay`), so a test comparing it with the exact
:func:`~kit.boards.odds.odds` checks both.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from .. import validate
from ..rng import SeedLike, make_rng
from .base import Board
from .cards import Card, PoolLike
from .chase import Chase
from .checks import ChecksLike, CheckSource, SkillPlan, SkillsLike, autoplay
from .contest import Contest
from .exact import limit_order, pool_counts
from .limit import LimitBoard
from .outcomes import BoardOdds
from .standard import PreparationBoard, StandardBoard

__all__ = ["simulate"]


def simulate(
    board: Board[Any],
    n: int = 10_000,
    *,
    checks: ChecksLike = "2d6",
    seed: SeedLike = None,
    skills: SkillsLike = None,
    opponent_checks: ChecksLike | None = None,
    opponent_skills: SkillsLike = None,
    order: Sequence[int] | None = None,
    pool: PoolLike = None,
) -> BoardOdds:
    """Monte Carlo of :func:`odds`: play ``n`` copies of ``board`` to the end with the engine.

    Face-down cards of a limit board are re-dealt from ``pool`` in every run, and a chase's
    NPC rolls from a fresh seed in every run. The board itself is not changed.
    """
    n = validate.integer("n", n, 1, 10_000_000)
    rng, _ = make_rng(seed)
    src = CheckSource(checks, rng)
    opp = CheckSource(opponent_checks, rng) if opponent_checks is not None else None
    plan = SkillPlan.of(skills)
    oplan = SkillPlan.of(opponent_skills)
    tallies: Counter[str] = Counter()
    succ: Counter[int] = Counter()
    length: Counter[int] = Counter()
    wins = 0
    hidden = [
        s
        for s in getattr(board, "hidden", ())
        if isinstance(board, LimitBoard) and board.is_face_down(s)
    ]
    unseen_values: list[int] = []
    if hidden:
        for v, c in pool_counts(board, pool).items():
            unseen_values += [v] * c
    start = _progress(board)
    for _ in range(n):
        if hidden:
            cards = list(board.cards)
            picks = rng.choice(len(unseen_values), size=len(hidden), replace=False)
            for s, j in zip(hidden, picks):
                cards[s - 1] = Card(int(unseen_values[j]))
            copy = board.fork(cards=cards)
        elif isinstance(board, Chase):
            copy = board.fork(seed=int(rng.integers(0, 2**62)))
        else:
            copy = board.copy()
        autoplay(
            copy,
            src,
            plan,
            opponent=opp,
            opponent_skills=oplan,
            order=limit_order(board, order)
            if isinstance(board, LimitBoard) and not board.finished
            else None,
        )
        tallies[_outcome_name(copy)] += 1
        succ[copy.successes] += 1
        length[_progress(copy) - start] += 1
        wins += copy.outcome == "success"
    outcomes = {k: v / n for k, v in tallies.items()}
    return BoardOdds(
        board.KIND,
        outcomes,
        None if isinstance(board, PreparationBoard) else wins / n,
        {k: v / n for k, v in sorted(succ.items())},
        {k: v / n for k, v in sorted(length.items())},
        method="simulated",
        n=n,
    )


def _progress(board: Board[Any]) -> int:
    if isinstance(board, Contest):
        return board.exchanges
    if isinstance(board, Chase):
        return board.rounds
    return len(board.history)


def _outcome_name(board: Board[Any]) -> str:
    if isinstance(board, StandardBoard):
        return "goal reached" if board.goal_reached else "goal missed"
    if isinstance(board, LimitBoard):
        return "limit met" if board.goal_reached else "limit missed"
    if isinstance(board, Contest):
        return {"player": "players win", "opponent": "opponent wins"}.get(
            board.winner or "", "unresolved"
        )
    if isinstance(board, Chase):
        return board.snapshot.outcome or "unresolved"
    return f"strength {board.successes}"
