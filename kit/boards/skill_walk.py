"""The walk behind skill advice on standard and preparation boards.

On these boards the card each check faces is fixed (the next from the left); the players choose
only the skill. A position is the board's own state, stepped with the board's own rule function
(:meth:`Board._step`, the code that plays a check at the table) with a check value that surely
succeeds and one that surely fails, each weighted by its chance under the skill's checks.
Positions the rules cannot tell apart (as many checks made and won, and the same uses of each
skill on offer, whatever the order) share one value. Limit boards are walked in
:mod:`kit.boards.limit_walk`, contests and chases in :mod:`kit.boards.skill_rounds`; every walk
is valued by :class:`~kit.boards.walk.Walk`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ..log import Event
from .base import Board
from .rules import penalty
from .standard import StandardBoard, StandardState
from .walk import MAX_STATES, Offered, Walk, alike_groups, canonical

__all__ = ["HIT", "MAX_STATES", "MISS", "SkillWalk"]

#: A check value that beats any target, and one that misses any (targets stay far inside).
HIT, MISS = 1000, -100


class SkillWalk(Walk[StandardState, int]):
    """Best choice of skill at every check of a standard or preparation board.

    Args:
        board: the board (its rules and its step function).
        skills: the skills on offer.
        at_least: on a preparation board, the strength that counts as success.
    """

    def __init__(
        self, board: Board[StandardState], skills: Sequence[Offered], at_least: int | None
    ) -> None:
        super().__init__()
        self.board = board
        self.skills = tuple(skills)
        self.rules = board.rules
        self.at_least = at_least
        self.groups = alike_groups(self.skills)
        self._chances: dict[tuple[int, int], float] = {}

    def start(self, board: Board[StandardState]) -> StandardState:
        """The position ``board`` stands in: its own state."""
        return board.snapshot

    def uses(self, state: StandardState) -> tuple[int, ...]:
        """Each offered skill's uses on the board, as far as they change a later penalty."""
        if self.rules.skill_penalty == 0:
            return (0,) * len(self.skills)
        return tuple(state.used.count(s.key) if s.key is not None else 0 for s in self.skills)

    def key(self, state: StandardState) -> Hashable:
        # the checks made and how many succeeded fix which slots are filled (successes from the
        # left, failures from the right on a standard board) and which card comes next
        wins = sum(1 for r in state.records if r.success)
        return (len(state.records), wins, canonical(self.uses(state), self.groups))

    def end(self, state: StandardState) -> float | None:
        board = self.board
        wins = sum(1 for r in state.records if r.success)
        if isinstance(board, StandardBoard):
            if not board._finished(state):
                return None
            return 1.0 if state.goal_reached else 0.0
        if len(state.records) < board.length:
            return None
        return 1.0 if wins >= (self.at_least or 0) else 0.0

    def moves(self, state: StandardState) -> list[int]:
        # alike skills used alike often are one choice (a position is the board's own state,
        # so its uses are each skill's own)
        uses = self.uses(state)
        skills: dict[tuple[Any, int], int] = {}
        for g in self.groups:
            for i in g:
                skills.setdefault((g, uses[i]), i)
        return list(skills.values())

    def slot(self, state: StandardState) -> int:
        """The 1-based slot the next check faces."""
        return len(state.records) + 1

    def p(self, i: int, target: int) -> float:
        """The chance that a check of offered skill ``i`` reaches ``target`` (looked up once)."""
        k = (i, target)
        got = self._chances.get(k)
        if got is None:
            got = float(self.skills[i].dist.success(target, self.rules.meet_target))
            self._chances[k] = got
        return got

    def check_chance(self, state: StandardState, i: int) -> float:
        """The chance the next check itself succeeds with offered skill ``i``."""
        slot = self.slot(state)
        board = self.board
        target = (
            board.cards[slot - 1].value
            + board.modifiers[slot - 1]
            + penalty(self.skills[i].name, state.used, self.rules)
        )
        return self.p(i, target)

    def outcomes(self, state: StandardState, i: int) -> list[tuple[float, StandardState]]:
        p = self.check_chance(state, i)
        name = self.skills[i].name
        step = self.board._step
        return [
            (p, step(state, Event("check", {"value": HIT, "skill": name}))[0]),
            (1.0 - p, step(state, Event("check", {"value": MISS, "skill": name}))[0]),
        ]
