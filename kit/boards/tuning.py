"""Set a board up at the odds the GM wants: card values and goal nearest a target chance.

:func:`tune` tries every row of card values (from the event deck's 4..8 by default) and
every goal (the goal slot of a standard board, the successes needed on a limit board), works
out each one's exact chance for the given check source, and returns the setups nearest the
target, best first.

Rows are tried as multisets written in increasing order (``4, 6, 6, 8``): on a limit board the
order cannot matter (the players choose it), and on a standard board an increasing row is the
usual "it gets harder" shape. That keeps the search to a few hundred rows for boards up to six
cards, and 495 for eight.

How the whole grid is priced at once
------------------------------------
On a tuned board every card is face up and has no modifier, and the repeated-skill penalty of
a check depends only on its place in the skill plan. So the ``i``-th check has a fixed chance
``p_i`` (the ``i``-th card from the left on a standard board; on a limit board the default
order, easiest first, which for an increasing row is also left to right). Either board ends
well exactly when the successes over all ``N`` checks, had every one been rolled, reach the
goal: a standard board's goal slot takes a success before it takes a failure exactly when at
least ``g`` of the ``N`` checks succeed (the other ``N - g`` slots hold the failures), and a
limit board stopping early or on its ``n``-th success changes nothing about whether ``n`` come.
The distribution of that count is the product of the factors ``(1 - p_i) + p_i x``, one per
check, so one product per row answers every goal at once. Rows are walked as a tree of
prefixes (every row starting ``4, 4`` reuses the product of those two factors), and the product is
kept as integer numerators over the check distribution's denominator to the power ``N``,
packed into one Python integer, so the chances are exact; each is turned into a float by one
correctly rounded division, the same float :func:`~kit.boards.odds.odds` gives. A test holds
the tuner equal to :func:`~kit.boards.odds.odds` on every cell of the grid.

>>> from kit.boards import tune
>>> best = tune(4, 0.5, "2d6")[0]
>>> best.cards, best.goal, round(best.chance, 3)
((6, 7, 7, 7), 3, 0.506)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .. import validate
from ..advising import Tuning, TuningRow
from ..errors import InvalidInput, InvalidType
from .card import card_value
from .checks import CheckDistribution, ChecksLike, SkillPlan, SkillsLike
from .exact import plan_penalties
from .rules import BoardRules
from .sequence import compiled_checks

if TYPE_CHECKING:
    from .limit import LimitBoard
    from .standard import StandardBoard

__all__ = ["Tuning", "TuningRow", "tune"]

#: The most rows of card values :func:`tune` tries.
MAX_ROWS = 5000


def _tune_length(
    length: int,
    target: float,
    checks: ChecksLike = "2d6",
    *,
    kind: str = "standard",
    goals: Iterable[int] | None = None,
    values: Iterable[int] = range(4, 9),
    skills: SkillsLike = None,
    rules: BoardRules | None = None,
    n: int = 5,
) -> Tuning:
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
        n: how many setups come first (at least 1; more than there are gives them all).

    Returns:
        A :class:`~kit.advising.Tuning` of every setup tried; its ``n`` rows nearest the target
        come first (``t[0]``, ``for cards, goal, chance in t``), equally near setups in order
        of goal, then card values. A row's ``goal`` is the goal slot of a standard board and
        the successes needed on a limit board.
    """
    length = validate.integer("length", length, 3, 8)
    target = validate.number("target", target, 0.0, 1.0)
    # Both kinds price a row alike (see the module's notes), but the kind is still checked.
    validate.choice("kind", kind, ("standard", "limit"))
    dist = CheckDistribution.of(checks)
    vals = sorted(
        {
            card_value(f"values[{i}]", v)
            for i, v in enumerate(validate.sequence("values", list(values)))
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
    count = math.comb(len(vals) + length - 1, length)  # rows of `length` values, increasing
    if count > MAX_ROWS:
        raise InvalidInput(
            f"{count} rows of {length} cards from {len(vals)} values are too many to try "
            f"(at most {MAX_ROWS}); give fewer values or a shorter board"
        )
    # more setups asked for than there are to try: all of them, as a slice would give
    n = min(validate.integer("n", n, 1), count * len(gs))
    if rules is None:
        rules = BoardRules()
    elif not isinstance(rules, BoardRules):
        raise InvalidType(f"rules must be a BoardRules, got {rules!r}")
    pens = plan_penalties(SkillPlan.of(skills), rules, length)
    grid = tuple(
        TuningRow((("cards", row), ("goal", g)), tails[g], None, (g, row))
        for row, tails in _success_tails(length, vals, dist, rules.meet_target, pens)
        for g in gs
    )
    subject = f"{kind} board of {length} cards, checks {dist.label or 'from a table'}"
    return Tuning(subject, float(target), grid, shown=n)


def _success_tails(
    length: int,
    vals: Sequence[int],
    dist: CheckDistribution,
    meet_target: bool,
    pens: Sequence[int],
) -> list[tuple[tuple[int, ...], list[float]]]:
    """Every increasing row of ``length`` values with ``P(at least g successes)`` for each g.

    ``tails[g]`` is the chance that at least ``g`` of the row's checks succeed when the
    ``i``-th check faces the ``i``-th card at penalty ``pens[i]`` (``tails[0]`` is 1).
    Rows come in the order :func:`itertools.combinations_with_replacement` gives them.
    """
    checks = compiled_checks(dist, meet_target)
    d = checks.denominator
    den = d**length
    w = den.bit_length() + 1  # every coefficient is at most d ** length: no slot overflows
    mask = (1 << w) - 1
    # factor[i][j]: the check at place i against the j-th value, as 1 - p + p x over d.
    factor = []
    for pen in pens:
        nums = [checks.numerator(v + pen) for v in vals]
        factor.append([(a << w) + d - a for a in nums])
    out: list[tuple[tuple[int, ...], list[float]]] = []

    def walk(prefix: tuple[int, ...], low: int, packed: int) -> None:
        i = len(prefix)
        if i == length:
            tails = [0.0] * (length + 1)
            acc = 0
            for r in range(length, -1, -1):
                acc += (packed >> (r * w)) & mask
                tails[r] = acc / den  # exact integers, one correctly rounded division
            out.append((prefix, tails))
            return
        row = factor[i]
        for j in range(low, len(vals)):
            walk(prefix + (vals[j],), j, packed * row[j])

    walk((), 0, 1)
    return out


def tune(
    board: StandardBoard | LimitBoard | int,
    target: float,
    checks: ChecksLike = "2d6",
    *,
    kind: str | None = None,
    goals: Iterable[int] | None = None,
    values: Iterable[int] = range(4, 9),
    skills: SkillsLike = None,
    rules: BoardRules | None = None,
    n: int = 5,
) -> Tuning:
    """The card values and goal whose exact chance of success is nearest ``target``.

    ``kit.tune(board, target)`` is this function: given a standard or limit board, a board of
    its kind, length and rules is tuned; its cards are what is tried, so the board's own cards
    do not matter, nor do its checks so far (the board itself is not changed). Given a length
    instead, ``kind`` (default ``"standard"``) and ``rules`` say the rest.

    Args:
        board: a :class:`StandardBoard` or :class:`LimitBoard`, or a board length (3..8).
        target: the chance wanted, from 0 to 1.
        checks: the players' check source (``"2d6"``, a ``{value: weight}`` table or an int).
        kind: with a length, ``"standard"`` (goal = goal slot) or ``"limit"`` (goal =
            successes needed).
        goals: the goals to try (default: every one, 1..length).
        values: the card values to try (default: the event deck's 4..8).
        skills: the skills the players plan to use, in order (repeats raise the difficulty).
        rules: with a length, board rules (default: the project's rulings).
        n: how many setups to return.

    Returns:
        A :class:`~kit.advising.Tuning` of every setup tried; its ``n`` rows nearest the target
        come first (``t[0]``, ``for cards, goal, chance in t``), equally near setups in order
        of goal, then card values. A row's ``goal`` is the goal slot of a standard board and
        the successes needed on a limit board.

    >>> from kit.boards import LimitBoard
    >>> tune(LimitBoard([4, 4, 4, 4], need=2), 0.5)[0] == tune(4, 0.5, kind="limit")[0]
    True

    Raises:
        InvalidInput: a board given with ``kind`` or ``rules`` (it has its own).
        InvalidType: a board of another kind (only standard and limit boards are tuned).
    """
    from .limit import LimitBoard
    from .standard import StandardBoard

    if isinstance(board, int) and not isinstance(board, bool):
        return _tune_length(
            board,
            target,
            checks,
            kind="standard" if kind is None else kind,
            goals=goals,
            values=values,
            skills=skills,
            rules=rules,
            n=n,
        )
    if not isinstance(board, (StandardBoard, LimitBoard)):
        raise InvalidType(
            "the board tuner sets up standard and limit boards (or takes a length), got a "
            f"{getattr(board, 'KIND', type(board).__name__)} board"
        )
    if kind is not None or rules is not None:
        raise InvalidInput("tune() takes kind and rules with a length only; the board has its own")
    return _tune_length(
        board.length,
        target,
        checks,
        kind=board.KIND,
        goals=goals,
        values=values,
        skills=skills,
        rules=board.rules,
        n=n,
    )
