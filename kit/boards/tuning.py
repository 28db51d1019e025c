"""Set a board up at the odds the GM wants: card values and goal nearest a target chance.

:func:`tune_board` tries every row of card values (from the event deck's 4..8 by default) and
every goal (the goal slot of a standard board, the successes needed on a limit board), computes
each one's exact chance with :func:`~kit.boards.odds.odds` for the given check source, and
returns the setups nearest the target, best first.

Rows are tried as multisets written in increasing order (``4, 6, 6, 8``): on a limit board the
order cannot matter (the players choose it), and on a standard board an increasing row is the
usual "it gets harder" shape. That keeps the search to a few hundred rows for boards up to six
cards.

>>> from kit.boards import tune_board
>>> best = tune_board(4, 0.5, "2d6")[0]
>>> best.cards, best.goal, round(best.chance, 3)
((6, 7, 7, 7), 3, 0.506)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any, NamedTuple

from .. import validate
from ..errors import InvalidInput
from .checks import CheckDistribution, ChecksLike
from .limit import LimitBoard
from .odds import odds
from .rules import BoardRules
from .standard import StandardBoard

__all__ = ["BoardTuning", "tune_board"]

#: The most rows of card values :func:`tune_board` tries.
MAX_ROWS = 5000


class BoardTuning(NamedTuple):
    """One board setup and its exact chance of success."""

    cards: tuple[int, ...]
    """Card values, left to right."""
    goal: int
    """The goal slot (standard board) or the successes needed (limit board)."""
    chance: float
    """Exact chance the players reach the goal (or meet the limit)."""


def tune_board(
    length: int,
    target: float,
    checks: ChecksLike = "2d6",
    *,
    kind: str = "standard",
    goals: Iterable[int] | None = None,
    values: Iterable[int] = range(4, 9),
    skills: Any = None,
    rules: BoardRules | None = None,
    n: int = 5,
) -> list[BoardTuning]:
    """The card values and goal whose exact chance of success is nearest ``target``.

    Args:
        length: cards on the board (3..8).
        target: the chance wanted, from 0 to 1.
        checks: the players' check source (``"2d6"``, a ``{value: weight}`` table or an int).
        kind: ``"standard"`` (goal = goal slot) or ``"limit"`` (goal = successes needed).
        goals: the goals to try (default: every one, 1..length).
        values: the card values to try (default: the event deck's 4..8).
        skills: the skills the players plan to use, in order (repeats raise the difficulty).
        rules: board rules (default: the project's rulings).
        n: how many setups to return.

    Returns:
        Up to ``n`` :class:`BoardTuning` rows, nearest first; equally near setups come in
        order of goal, then card values.
    """
    length = validate.integer("length", length, 3, 8)
    target = validate.number("target", target, 0.0, 1.0)
    kind = validate.choice("kind", kind, ("standard", "limit"))
    dist = CheckDistribution.of(checks)
    vals = sorted(
        {
            validate.integer("card value", v, 1, 20)
            for v in validate.sequence("values", list(values))
        }
    )
    if not vals:
        raise InvalidInput("values must list at least one card value")
    gs = (
        list(range(1, length + 1))
        if goals is None
        else sorted(
            {
                validate.integer("goal", g, 1, length)
                for g in validate.sequence("goals", list(goals))
            }
        )
    )
    if not gs:
        raise InvalidInput(f"goals must list at least one goal from 1 to {length}")
    rows = list(itertools.combinations_with_replacement(vals, length))
    if len(rows) > MAX_ROWS:
        raise InvalidInput(
            f"{len(rows)} rows of {length} cards from {len(vals)} values are too many to try "
            f"(at most {MAX_ROWS}); give fewer values or a shorter board"
        )
    n = validate.integer("n", n, 1, len(rows) * len(gs))
    out: list[BoardTuning] = []
    for g in gs:
        for row in rows:
            board = (
                StandardBoard(row, goal=g, rules=rules)
                if kind == "standard"
                else LimitBoard(row, need=g, rules=rules)
            )
            out.append(BoardTuning(row, g, float(odds(board, dist, skills).success or 0)))
    out.sort(key=lambda t: (abs(t.chance - target), t.goal, t.cards))
    return out[:n]
