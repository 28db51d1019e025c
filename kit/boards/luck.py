"""Were they lucky on the board? A played board's outcome and checks against the exact odds.

:func:`luck` replays a board's event log one check (exchange, round) at a time and asks
:func:`~kit.boards.odds` before and after each one, so it reports, in the kit's one luck report
(:class:`kit.advising.Luck`, as a job's):

* the **outcome percentile**: where the ending sits among every ending the board could have
  had from its start. Failure ranks below success, and the percentile is the mid-rank one
  (the chance of a worse ending plus half the chance of this one). A preparation board has no
  success or failure, so there its endings are ranked by the count of successes;
* each check's **percentile** in the players' check distribution (the host game's dice,
  ``checks=``, since a board does not know them), mid-rank as well;
* each check's **swing**: how far it moved the chance that the players get their way (on a
  preparation board, the expected share of the board that comes off), so the **turning
  points** are the checks with the largest swings;
* expected against actual successes after each check (the expected line adds, check by check,
  the chance of beating the target that check actually faced).

Exact (Fractions, shown as floats) for standard, preparation and limit boards; contests and
chases use the kit's Markov chains, accurate to about 1e-12. Face-down cards are averaged over
the cards still unseen, as :func:`~kit.boards.odds` does, so turning a card up can swing the
chance too.

>>> from kit.boards import StandardBoard
>>> board = StandardBoard([7, 7, 7], goal=2)
>>> for value in (8, 9):
...     _ = board.check(value)
>>> report = luck(board)
>>> report.outcome, round(report.outcome_percentile, 4)
('success', 0.6881)
>>> report.verdict.split(":")[0]
'about as expected'
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..advising import Luck, LuckStep, mid_rank, verdict_word
from ..errors import IllegalAction, InvalidType
from ..log import EventLog
from .base import Board
from .cards import PoolLike
from .checks import CheckDistribution, ChecksLike, SkillsLike
from .odds import odds
from .standard import PreparationBoard

__all__ = ["Luck", "luck", "mid_rank", "verdict_word"]


# ---------------------------------------------------------------- boards
def _table(dist: CheckDistribution) -> dict[int, Fraction]:
    return dict(zip(dist.values, dist.probs))


def _chance(board: Board[Any], ask: Callable[[Board[Any]], Any]) -> float:
    o = ask(board)
    if isinstance(board, PreparationBoard):
        return float(o.mean_successes) / board.length
    return float(o.success)


def _need(board: Board[Any]) -> int:
    """Successes the players need: a limit board's ``need``, a standard board's goal slot."""
    if board.KIND == "limit":
        return int(board.need)  # type: ignore[attr-defined]
    if board.KIND == "standard":
        return int(board.goal)  # type: ignore[attr-defined]
    return 0


_PLURAL = {"check": "checks", "exchange": "exchanges", "round": "rounds"}


def _incident(records: list[Any]) -> str:
    parts = []
    for r in records:
        word = "success" if r.success else "failure"
        who = "" if r.side == "player" else f"{r.side} "
        parts.append(f"{who}{r.value} vs {r.target} (slot {r.slot}): {word}")
    return "; ".join(parts) or "no check needed"


def luck(
    board: Board[Any],
    checks: ChecksLike = "2d6",
    skills: SkillsLike = None,
    *,
    opponent_checks: ChecksLike | None = None,
    pool: PoolLike = None,
) -> Luck:
    """Where ``board``'s outcome and each of its checks fell in the odds (see the module).

    Args:
        board: any board kind with at least one check made.
        checks: the players' check distribution in the host game ("2d6", a table, an int).
        skills: the skills the players planned to use (as for :func:`~kit.boards.odds`).
        opponent_checks: a contest opponent's check distribution (default: ``checks``).
        pool: the cards a face-down card may be (default: the event deck minus what is seen).

    Raises:
        InvalidType: ``board`` is not one of the kit's boards.
        IllegalAction: no check has been made, so there is no luck to judge.
    """
    if not isinstance(board, Board):
        raise InvalidType(f"luck() needs one of the kit's boards, got {type(board).__name__}")
    events = list(board.events)
    if not events:
        raise IllegalAction(
            f"the {board.KIND} board has no checks yet, so there is no luck to judge"
        )
    dist = CheckDistribution.of(checks)
    table = _table(dist)

    def ask(b: Board[Any]) -> Any:
        return odds(b, dist, skills, opponent_checks=opponent_checks, pool=pool)

    def after(n: int) -> Board[Any]:
        b = board._with_setup()
        b.replay(EventLog(events[:n]))
        return b

    boards = [after(n) for n in range(len(events) + 1)]
    chances = [_chance(b, ask) for b in boards]
    steps = []
    expected = 0.0
    for k in range(len(events)):
        before, now = boards[k], boards[k + 1]
        new = now.history[len(before.history) :]
        mine = [r for r in new if r.side == "player"]
        value = mine[0].value if mine else int(events[k].data.get("value", 0))
        expected += sum(float(dist.success(r.target, board.rules.meet_target)) for r in mine)
        steps.append(
            LuckStep(
                index=k + 1,
                phase=events[k].kind,
                total=value,
                incident=_incident(new),
                percentile=_mid(table, value),
                chance_before=chances[k],
                chance_after=chances[k + 1],
                progress=now.successes,
                expected_progress=expected,
            )
        )
    start = ask(boards[0])
    title = board.title or f"{board.KIND.title()} board"
    percentile: float | None = None
    if board.finished:
        if isinstance(board, PreparationBoard):
            s = board.successes
            percentile = mid_rank(
                sum(float(p) for k, p in start.successes.items() if k < s),
                float(start.successes.get(s, 0)),
            )
        else:
            p_win = float(start.success)
            percentile = (
                mid_rank(1 - p_win, p_win) if board.outcome == "success" else mid_rank(0, 1 - p_win)
            )
    return Luck(
        kind=f"{board.KIND} board",
        title=title,
        outcome=board.outcome,
        ending=f"{board.result}, after {len(events)} {_PLURAL.get(events[0].kind, 'steps')}",
        chance=chances[0],
        outcome_percentile=percentile,
        steps=tuple(steps),
        difficulty=_need(board),
        method="exact"
        if start.success is None or isinstance(start.success, Fraction)
        else "Markov chain (floats, about 1e-12)",
        chance_label=(
            "expected share prepared"
            if isinstance(board, PreparationBoard)
            else "chance of the players' way"
        ),
    )


def _mid(table: dict[int, Fraction], value: int) -> float:
    from ..regulus.luck import roll_percentile

    return roll_percentile(table, value)
