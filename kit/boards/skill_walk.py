"""The walk behind :func:`~kit.boards.skill_choice.skill_advice` on boards of single checks.

Standard, preparation and limit boards: every position the board can reach is visited once,
each check stepped with the board's own rule function (:meth:`Board._step`) with a value that
surely succeeds and one that surely fails, weighted by the chance of each under the skill's
checks. The best skill (and on a limit board the best card) is kept at every position.
Contests and chases, played in rounds with a second side, are walked in
:mod:`kit.boards.skill_rounds`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import InvalidInput
from ..log import Event
from .base import Board
from .checks import CheckDistribution
from .exact import pool_counts
from .limit import LimitBoard
from .rules import penalty
from .standard import StandardBoard

__all__ = ["MAX_STATES", "OfferedSkill", "SkillWalk"]

#: The most board positions :func:`skill_advice` walks before giving up (a guard for long boards
#: with many skills; a ten-card board with three skills needs a few thousand).
MAX_STATES = 200_000

#: A check value that beats any target, and one that misses any (targets stay far inside).
HIT, MISS = 1000, -100


@dataclass(frozen=True)
class OfferedSkill:
    """One skill the players may use: its label, the name checked with, its key and checks."""

    label: str
    name: str
    key: str | None
    dist: CheckDistribution
    index: int


class SkillWalk:
    """The chance of a board's success under the best choice of skill (and card) at every
    check, walked over every position and check result (in floating point) with the board's
    own rule function (:meth:`Board._step`).

    A position is the board's snapshot; positions that the rules cannot tell apart (the same
    slots filled with the same results and the same uses of each skill on offer, in any order)
    share one value. A check is stepped with a value that surely succeeds and one that surely
    fails, each weighted by its chance under the skill's checks; a face-down card of a limit
    board is averaged over the values still in the pool (the ones revealed in this walk taken
    out, as the deck is drawn without replacement).
    """

    def __init__(
        self, board: Board[Any], skills: list[OfferedSkill], pool: Any, at_least: int | None
    ) -> None:
        self.board = board
        self.skills = skills
        self.rules = board.rules
        self.at_least = at_least
        self.limit = isinstance(board, LimitBoard)
        self.hidden: frozenset[int] = (
            frozenset(s for s in board.hidden if board.is_face_down(s))
            if isinstance(board, LimitBoard)
            else frozenset()
        )
        self.pool = pool_counts(board, pool) if self.hidden else {}
        self.memo: dict[tuple[Any, ...], float] = {}
        self._chances: dict[tuple[int, int], float] = {}

    # ------------------------------------------------------------------ positions
    def _key(self, state: Any, drawn: tuple[int, ...]) -> tuple[Any, ...]:
        uses = tuple(state.used.count(s.key) if s.key is not None else 0 for s in self.skills)
        if self.limit:
            # which open cards are left matters only by their difficulties (and how many lie
            # face down); the results so far only by their number
            slots = self._open(state, distinct=False)
            up = tuple(sorted(self._difficulty(s) for s in slots if s not in self.hidden))
            down = sum(1 for s in slots if s in self.hidden)
            wins = sum(1 for r in state.records if r.success)
            return (up, down, wins, uses, drawn if down else ())
        filled = tuple(None if i is None else state.records[i].success for i in state.placed)
        return (filled, uses)

    def _difficulty(self, slot: int) -> int:
        return self.board.cards[slot - 1].value + self.board.modifiers[slot - 1]

    def _won(self, state: Any) -> bool:
        if isinstance(self.board, StandardBoard):
            return bool(state.goal_reached)
        wins = sum(1 for r in state.records if r.success)
        if isinstance(self.board, LimitBoard):
            return wins >= self.board.need
        return wins >= (self.at_least or 0)

    def _done(self, state: Any) -> bool:
        if isinstance(self.board, (StandardBoard, LimitBoard)):
            return self.board._finished(state)
        return len(state.records) == self.board.length

    def _open(self, state: Any, distinct: bool = True) -> list[int]:
        """The slots the next check may face; with ``distinct``, one of each difficulty (and
        one face-down card), since alike cards give alike chances."""
        if not self.limit:
            return [len(state.records) + 1]
        slots = [i + 1 for i, f in enumerate(state.faced) if f is None]
        if not distinct:
            return slots
        seen: set[int | None] = set()
        out = []
        for slot in slots:
            kind = None if slot in self.hidden else self._difficulty(slot)
            if kind not in seen:
                seen.add(kind)
                out.append(slot)
        return out

    def _step(self, state: Any, skill: OfferedSkill, slot: int, value: int) -> Any:
        event = Event("check", {"value": value, "skill": skill.name, "slot": slot})
        return self.board._step(state, event)[0]

    def _p(self, skill: OfferedSkill, target: int) -> float:
        """The chance that a check with ``skill`` reaches ``target`` (looked up once)."""
        k = (skill.index, target)
        got = self._chances.get(k)
        if got is None:
            got = float(skill.dist.success(target, self.rules.meet_target))
            self._chances[k] = got
        return got

    # ------------------------------------------------------------------ values
    def value(
        self, state: Any, drawn: tuple[int, ...] = (), key: tuple[Any, ...] | None = None
    ) -> float:
        """The chance of success from ``state`` with the best choices from here on."""
        k = self._key(state, drawn) if key is None else key
        got = self.memo.get(k)
        if got is None:
            if len(self.memo) >= MAX_STATES:
                raise InvalidInput(
                    f"skill advice: more than {MAX_STATES} board positions to walk; offer fewer "
                    "skills or advise on a shorter board"
                )
            got = (
                (1.0 if self._won(state) else 0.0)
                if self._done(state)
                else self._best(state, drawn, k)
            )
            self.memo[k] = got
        return got

    def _best(self, state: Any, drawn: tuple[int, ...], key: tuple[Any, ...]) -> float:
        """The chance from an unfinished position: the best skill for the next check."""
        return max(self.chance(state, drawn, s, key)[0] for s in self.skills)

    def chance(
        self,
        state: Any,
        drawn: tuple[int, ...],
        skill: OfferedSkill,
        key: tuple[Any, ...] | None = None,
    ) -> tuple[float, int, float]:
        """(chance of success, best slot, chance the check itself succeeds) with ``skill`` next."""
        k = self._key(state, drawn) if key is None else key
        best: tuple[float, int, float] | None = None
        for slot in self._open(state):
            got = self._with(state, drawn, k, skill, slot)
            if best is None or got[0] > best[0]:
                best = (got[0], slot, got[1])
        assert best is not None
        return best

    def _next(self, key: tuple[Any, ...], skill: OfferedSkill, slot: int) -> tuple[Any, ...] | None:
        """On a limit board, the parts of the position after a check with ``skill`` on
        ``slot`` that do not depend on its result: (difficulties left, face-down cards left,
        uses); None on other boards (their positions are read from the stepped state)."""
        if not self.limit:
            return None
        up, down, _, uses, _ = key
        if slot in self.hidden:
            down -= 1
        else:
            rest = list(up)
            rest.remove(self._difficulty(slot))
            up = tuple(rest)
        if skill.key is not None:
            uses = uses[: skill.index] + (uses[skill.index] + 1,) + uses[skill.index + 1 :]
        return up, down, uses

    def _after(
        self,
        state: Any,
        nxt: tuple[Any, ...] | None,
        wins: int,
        skill: OfferedSkill,
        slot: int,
        hit: bool,
        drawn: tuple[int, ...],
    ) -> float:
        """The value after the check: looked up by the position it leads to when that is
        known already (limit boards), else the board's rule steps to it."""
        key = None
        if nxt is not None:
            up, down, uses = nxt
            key = (up, down, wins + hit, uses, drawn if down else ())
            got = self.memo.get(key)
            if got is not None:
                return got
        return self.value(self._step(state, skill, slot, HIT if hit else MISS), drawn, key)

    def _with(
        self,
        state: Any,
        drawn: tuple[int, ...],
        key: tuple[Any, ...],
        skill: OfferedSkill,
        slot: int,
    ) -> tuple[float, float]:
        mod = self.board.modifiers[slot - 1] + penalty(skill.name, state.used, self.rules)
        nxt = self._next(key, skill, slot)
        wins = key[2] if self.limit else 0
        if slot not in self.hidden:
            p = self._p(skill, self.board.cards[slot - 1].value + mod)
            win = self._after(state, nxt, wins, skill, slot, True, drawn)
            lose = self._after(state, nxt, wins, skill, slot, False, drawn)
            return p * win + (1 - p) * lose, p
        left = dict(self.pool)
        for v in drawn:
            left[v] -= 1
        total = sum(left.values())
        chance = check = 0.0
        for v, c in left.items():
            if not c:
                continue
            w = c / total
            p = self._p(skill, v + mod)
            more = tuple(sorted(drawn + (v,)))
            win = self._after(state, nxt, wins, skill, slot, True, more)
            lose = self._after(state, nxt, wins, skill, slot, False, more)
            chance += w * (p * win + (1 - p) * lose)
            check += w * p
        return chance, check
