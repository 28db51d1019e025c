"""The social contest: a tug of war on an odd row of cards.

The row has an odd number of cards with the goal on the centre one. The players' side is the
right end of the row, their opponent's the left. In each *exchange* both sides make a check
against the card under the goal (its value plus the slot's modifier plus each side's own
repeated-skill penalty). If exactly one side succeeds, the goal moves one slot toward that
side and the card farthest out on the other side leaves the board; if both succeed or both
fail, nothing moves. The goal moving past the last card on a side wins the contest for
that side. Every move removes a card, so after at most ``N`` decisive exchanges the contest
is over.

>>> c = Contest([5, 6, 7, 6, 5])
>>> _ = c.exchange(9, 4)   # the players win the exchange: the goal moves right
>>> c.goal, c.removed
(4, [1])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalAction, InvalidInput, SaveFileError
from ..log import Event
from .base import Board, CheckRecord, check_value
from .cards import CardLike, card_list
from .rules import BoardRules
from .standard import _skill

__all__ = ["OPPONENT", "PLAYER", "Contest", "ContestState"]

PLAYER, OPPONENT = "player", "opponent"


@dataclass(frozen=True)
class ContestState:
    """The state of a contest; slots are 0-based internally."""

    lo: int
    """Leftmost card still on the board."""
    hi: int
    """Rightmost card still on the board."""
    goal: int
    """Where the goal is: ``lo..hi`` on the board, ``hi + 1`` or ``lo - 1`` once off it."""
    records: tuple[CheckRecord, ...] = ()
    """Every check so far (two per exchange: players first, then opponent)."""
    used: tuple[str | None, ...] = ()
    """Tracked skill keys of the players' checks."""
    opponent_used: tuple[str | None, ...] = ()
    """Tracked skill keys of the opponent's checks."""
    winner: str | None = None
    """``"player"`` or ``"opponent"`` once the goal left the board."""
    moves: tuple[int, ...] = ()
    """Per exchange: +1 (toward the players), -1 (toward the opponent) or 0."""


class Contest(Board[ContestState]):
    """A social contest between the players (right) and an opponent (left).

    Args:
        cards: an odd number (3 or more) of cards; the goal starts on the centre card.
        modifiers: per-slot modifiers.
        rules: the :class:`BoardRules` to play by.
        title: what the contest is about.
    """

    KIND = "contest"

    def __init__(
        self,
        cards: Iterable[CardLike],
        *,
        modifiers: Sequence[int] | Mapping[int, int] | None = None,
        rules: BoardRules | None = None,
        title: str = "",
    ) -> None:
        items = card_list("cards", cards)
        if len(items) % 2 == 0:
            raise InvalidInput(
                f"a contest needs an odd number of cards so the goal sits in the centre, got "
                f"{len(items)} (use {len(items) - 1} or {len(items) + 1})"
            )
        super().__init__(items, modifiers=modifiers, rules=rules, title=title)

    def _fresh(self) -> ContestState:
        return ContestState(0, self.length - 1, self.length // 2)

    # ---------------------------------------------------------------- rules
    def _step(self, state: ContestState, event: Event) -> tuple[ContestState, dict[str, Any]]:
        if event.kind != "exchange":
            raise SaveFileError(f"unknown contest event {event.kind!r}")
        if state.winner is not None:
            raise IllegalAction(
                f"this contest is finished ({self._result(state)}); no more exchanges can be made"
            )
        pv = check_value("player check value", event.get("player"))
        ov = check_value("opponent check value", event.get("opponent"))
        skill, oskill = event.get("skill"), event.get("opponent_skill")
        k = len(state.records)
        slot = state.goal + 1
        mine = self._record(state, number=k + 1, slot=slot, value=pv, skill=skill, used=state.used)
        theirs = self._record(
            state,
            number=k + 2,
            slot=slot,
            value=ov,
            skill=oskill,
            used=state.opponent_used,
            side=OPPONENT,
        )
        lo, hi, goal, winner = state.lo, state.hi, state.goal, None
        move = 0
        if mine.success and not theirs.success:
            move, goal, lo = 1, goal + 1, lo + 1
        elif theirs.success and not mine.success:
            move, goal, hi = -1, goal - 1, hi - 1
        if goal > hi:
            winner = PLAYER
        elif goal < lo:
            winner = OPPONENT
        new = ContestState(
            lo,
            hi,
            goal,
            state.records + (mine, theirs),
            state.used + (self.tracked(skill),),
            state.opponent_used + (self.tracked(oskill),),
            winner,
            state.moves + (move,),
        )
        return new, {
            "move": move,
            "player_success": mine.success,
            "opponent_success": theirs.success,
        }

    def exchange(
        self,
        player: int,
        opponent: int,
        skill: str | None = None,
        opponent_skill: str | None = None,
    ) -> int:
        """Resolve one exchange; return the move: +1 toward the players, -1 away, 0 none.

        Args:
            player: the players' check result.
            opponent: the opponent's check result.
            skill: the players' skill (repeats cost +2 each).
            opponent_skill: the opponent's skill (counted separately).
        """
        self._refuse_if_finished()
        event = self._act(
            "exchange",
            player=check_value("player check value", player),
            opponent=check_value("opponent check value", opponent),
            skill=_skill(skill),
            opponent_skill=_skill(opponent_skill),
        )
        return int(event["move"])

    def check(
        self, value: int, opponent: int, skill: str | None = None, opponent_skill: str | None = None
    ) -> int:
        """Same as :meth:`exchange`: ``check(players_value, opponent_value, skill=...)``."""
        return self.exchange(value, opponent, skill, opponent_skill)

    # ---------------------------------------------------------------- reading
    @property
    def finished(self) -> bool:
        """The goal has left the board."""
        return self._state.winner is not None

    @property
    def winner(self) -> str | None:
        """``"player"``, ``"opponent"`` or ``None`` while the contest goes on."""
        return self._state.winner

    @property
    def goal_reached(self) -> bool:
        """Whether the players won."""
        return self._state.winner == PLAYER

    @property
    def goal(self) -> int:
        """1-based slot of the goal (0 or N+1 once it has left the board)."""
        return self._state.goal + 1

    @property
    def removed(self) -> list[int]:
        """1-based slots whose cards have left the board."""
        s = self._state
        return [i + 1 for i in range(self.length) if i < s.lo or i > s.hi]

    @property
    def exchanges(self) -> int:
        """Exchanges made so far."""
        return len(self._state.moves)

    @property
    def successes(self) -> int:
        """Exchanges the players won (the goal moved toward them)."""
        return sum(1 for m in self._state.moves if m > 0)

    @property
    def failures(self) -> int:
        """Exchanges the opponent won."""
        return sum(1 for m in self._state.moves if m < 0)

    def opponent_penalty_for(self, skill: str | None) -> int:
        """The penalty the opponent's next check with ``skill`` would carry."""
        from .rules import penalty

        return penalty(skill, self._state.opponent_used, self.rules)

    def _result(self, state: ContestState) -> str:
        won = sum(1 for m in state.moves if m > 0)
        lost = sum(1 for m in state.moves if m < 0)
        n = len(state.moves)
        if state.winner == PLAYER:
            return f"the players win after {n} exchanges ({won} won, {lost} lost)"
        if state.winner == OPPONENT:
            return f"the opponent wins after {n} exchanges ({won} won, {lost} lost)"
        return f"in play: exchange {n + 1}, goal on slot {state.goal + 1}"

    @property
    def result(self) -> str:
        """Where the contest stands, in words."""
        return self._result(self._state)

    @property
    def outcome(self) -> str | None:
        """``"success"`` if the players won, ``"failure"`` if the opponent did."""
        if self._state.winner is None:
            return None
        return "success" if self._state.winner == PLAYER else "failure"

    def _view(self) -> dict[str, Any]:
        s = self._state
        slots = [
            self._slot_view(
                i,
                goal=i == s.goal,
                facing=i == s.goal and not self.finished,
                face_down=False,
                removed=i < s.lo or i > s.hi,
                placed=None,
            )
            for i in range(self.length)
        ]
        last = None
        if s.moves:
            mine, theirs = s.records[-2], s.records[-1]
            last = {"move": s.moves[-1], "player": mine.view(), "opponent": theirs.view()}
        return {
            "slots": slots,
            "goal": s.goal + 1,
            "open": [] if self.finished else [s.goal + 1],
            "winner": s.winner,
            "exchanges": len(s.moves),
            "last": last,
            "opponent_skill_uses": {k: s.opponent_used.count(k) for k in set(s.opponent_used) if k},
        }
