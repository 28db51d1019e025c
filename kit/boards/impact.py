"""What a house rule does to a board's odds: two :class:`BoardRules` over lengths and goals.

:func:`impact` builds every board of a grid (lengths on the rows, goals on the columns:
the goal slot of a standard board, the successes needed on a limit board), computes its exact
chance of success under each rules object with the given check source and skill plan, and
returns the shared report, :class:`~kit.advising.Impact` (the change, the largest changes, a
heatmap, a Markdown summary).

The cards of each board are, by default, not yet dealt: each chance is averaged over every
deal from the Dealer's event deck (:func:`~kit.boards.odds.deal_odds`; a limit board's players
see its cards once dealt and face them easiest first). Give ``cards`` to fix them: one value
for every card, or a row whose first cards fill each length.

A ruling that checks must beat the card, not just meet it, on boards of 7s with a 2d6 check:

>>> from kit.boards import BoardRules, StandardBoard, impact
>>> im = impact(BoardRules(), BoardRules(meet_target=False), "2d6", cards=7,
...                  lengths=[3, 4], goals=[1, 2])
>>> im.rows, im.cols
((3, 4), (1, 2))
>>> round(im.largest(1)[0].change, 4)
-0.2477
>>> impact(None, None, "2d6", lengths=[3]).max_change
0.0
>>> impact(StandardBoard([5, 6, 7], goal=2), BoardRules(), lengths=[3]).max_change
0.0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import validate
from ..advising import Impact
from ..errors import InvalidInput, InvalidType
from .checks import CheckDistribution, ChecksLike, SkillPlan, SkillsLike
from .limit import LimitBoard
from .odds import deal_odds, odds
from .rules import BoardRules
from .standard import StandardBoard

__all__ = ["impact"]


def _cards(cards: int | Sequence[int] | None, lengths: list[int]) -> list[int] | None:
    if cards is None:
        return None
    if isinstance(cards, bool):
        raise InvalidType(f"cards must be a card value, a row of values or None, got {cards!r}")
    if isinstance(cards, int):
        v = validate.integer("cards", cards, 1, 20)
        return [v] * max(lengths)
    row = [validate.integer("card value", v, 1, 20) for v in validate.sequence("cards", cards)]
    if len(row) < max(lengths):
        raise InvalidInput(
            f"cards: a row of {len(row)} values cannot fill a board of {max(lengths)} cards; "
            f"give at least {max(lengths)} values or one value for every card"
        )
    return row


def _chance(
    kind: str,
    length: int,
    goal: int,
    row: list[int] | None,
    rules: BoardRules,
    dist: CheckDistribution,
    plan: SkillPlan,
) -> float:
    values = row[:length] if row is not None else [4] * length  # dealt cards ignore values
    board = (
        StandardBoard(values, goal=goal, rules=rules)
        if kind == "standard"
        else LimitBoard(values, need=goal, rules=rules)
    )
    result = odds(board, dist, plan) if row is not None else deal_odds(board, dist, plan)
    return float(result.success or 0)


def impact(
    board: StandardBoard | LimitBoard | BoardRules | None,
    house_rules: BoardRules | None,
    checks: ChecksLike = "2d6",
    *,
    kind: str | None = None,
    lengths: Iterable[int] = range(3, 9),
    goals: Iterable[int] | None = None,
    cards: int | Sequence[int] | None = None,
    skills: SkillsLike = None,
) -> Impact:
    """Compare two board rules by the exact chance of success over board lengths and goals.

    ``kit.impact(board, house_rules)`` is this function: given a standard or limit board, the
    grid is boards of its kind, and its own rules are the reference. Given a rules object (or
    None, the project's rulings) instead, ``kind`` says which boards (default standard).

    Args:
        board: a :class:`StandardBoard` or :class:`LimitBoard`, or the reference rules
            (``None``: the project's rulings).
        house_rules: the rules to compare with them (``None``: the project's rulings).
        checks: the players' check source (``"2d6"``, a ``{value: weight}`` table or an int).
        kind: with reference rules, ``"standard"`` (columns are goal slots) or ``"limit"``
            (successes needed).
        lengths: the board lengths of the rows (3..8).
        goals: the goals of the columns (default 1 to the longest length); a goal past a
            board's end leaves that cell empty.
        cards: ``None`` (every board dealt from the event deck, exact over every deal), one
            card value for every card, or a row of values cut to each length.
        skills: the skills the players plan to use, in order, or one name for every check
            (repeats raise the difficulty, so the skill rulings show here).

    The chase rulings (``npc_chance``, ``pursuer_faces``) change no standard or limit board:
    their grid is zero.
    """
    if isinstance(board, (StandardBoard, LimitBoard)):
        if kind is not None:
            raise InvalidInput("impact() takes kind with a rules object only; the board has one")
        ra: object = board.rules
        kind = board.KIND
    elif board is None or isinstance(board, BoardRules):
        ra = BoardRules() if board is None else board
        kind = "standard" if kind is None else kind
    else:
        raise InvalidType(
            "board rule impact compares standard and limit boards (or two BoardRules), got a "
            f"{getattr(board, 'KIND', type(board).__name__)}"
        )
    rb: object = BoardRules() if house_rules is None else house_rules
    for field, r in (("rules", ra), ("house_rules", rb)):
        if not isinstance(r, BoardRules):
            raise InvalidType(f"{field} must be a BoardRules or None, got {type(r).__name__}")
    assert isinstance(ra, BoardRules) and isinstance(rb, BoardRules)
    kind = validate.choice("kind", kind, ("standard", "limit"))
    ls = sorted(
        {validate.integer("length", n, 3, 8) for n in validate.sequence("lengths", list(lengths))}
    )
    if not ls:
        raise InvalidInput("lengths must list at least one board length from 3 to 8")
    gs = (
        list(range(1, max(ls) + 1))
        if goals is None
        else sorted(
            {
                validate.integer("goal", g, 1, max(ls))
                for g in validate.sequence("goals", list(goals))
            }
        )
    )
    if not gs:
        raise InvalidInput(f"goals must list at least one goal from 1 to {max(ls)}")
    dist = CheckDistribution.of(checks)
    plan = SkillPlan.of(skills)
    row = _cards(cards, ls)

    def grid(rules: BoardRules) -> tuple[tuple[float | None, ...], ...]:
        return tuple(
            tuple(_chance(kind, n, g, row, rules, dist, plan) if g <= n else None for g in gs)
            for n in ls
        )

    dealt = "dealt from the event deck" if row is None else f"cards {row[: max(ls)]}"
    subject = f"{kind} board, checks {dist.label or 'from a table'}, {dealt}"
    if skills is not None:
        subject += f", skills {skills!r}"
    return Impact(
        subject,
        ra,
        rb,
        "cards",
        "goal" if kind == "standard" else "need",
        tuple(ls),
        tuple(gs),
        grid(ra),
        grid(rb),
        row_key="length",
        col_key="goal" if kind == "standard" else "need",
    )
