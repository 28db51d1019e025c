"""The walk behind :func:`~kit.boards.skill_choice.skill_advice` on contests and chases.

These boards are played in rounds with a second side (a contest's opponent, a chase's NPC),
and a round can leave everything as it was (a tie, or both sides failing). Each round's four
results are stepped with the board's own rule function; a round that leaves the position
unchanged is solved as the repeating round it is, and a skill that can no longer beat any card
left stops counting its uses, so the walk is finite.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..log import Event
from .base import Board
from .chase import ESCAPEE, Chase
from .checks import CheckDistribution, SkillPlan
from .contest import PLAYER, Contest
from .rules import penalty
from .skill_walk import HIT, MISS, OfferedSkill, SkillWalk

__all__ = ["RoundWalk"]


class RoundWalk(SkillWalk):
    """The same walk for boards played in rounds with a second side: contests (the opponent
    checks too) and chases (the NPC acts).

    A round has four results (each side succeeds or not), stepped with sure values and
    weighted by their chances. A position is the goal and the cards left, the uses of each
    skill on offer and, in a contest, the opponent's place in its skill plan and its uses.
    """

    def __init__(
        self,
        board: Board[Any],
        skills: list[OfferedSkill],
        opponent: CheckDistribution,
        plan: SkillPlan,
    ) -> None:
        super().__init__(board, skills, None, None)
        self.opponent = opponent
        self.plan = plan
        self.start = len(board.snapshot.records)

    def _key(self, state: Any, drawn: tuple[int, ...]) -> tuple[Any, ...]:
        # a skill that can no longer beat any card left stays so (penalties only rise): its
        # further uses change nothing, so they are not counted (-1), and a round that only
        # spends it can come back to the same position
        easiest = self._easiest(state)
        uses = tuple(
            -1
            if self._p(s, easiest + penalty(s.name, state.used, self.rules)) == 0.0
            else state.used.count(s.key)
            if s.key is not None
            else 0
            for s in self.skills
        )
        if isinstance(self.board, Contest):
            i = self._exchange(state)
            theirs = tuple(sorted(Counter(k for k in state.opponent_used if k).items()))
            return (state.lo, state.hi, state.goal, state.winner, uses, i, theirs)
        return (state.left, state.goal, state.outcome, uses)

    def _exchange(self, state: Any) -> int:
        """How many exchanges this walk has played (capped where the plan's default starts)."""
        return min((len(state.records) - self.start) // 2, len(self.plan.skills))

    def _done(self, state: Any) -> bool:
        if isinstance(self.board, Contest):
            return state.winner is not None
        return state.outcome is not None

    def _won(self, state: Any) -> bool:
        if isinstance(self.board, Contest):
            return bool(state.winner == PLAYER)
        assert isinstance(self.board, Chase)
        return bool(state.outcome == ("escaped" if self.board.role == ESCAPEE else "caught"))

    def _slot(self, state: Any) -> int:
        """The 1-based slot the players check against this round."""
        if isinstance(self.board, Contest):
            return int(state.goal) + 1
        assert isinstance(self.board, Chase)
        return self.board.player_target(state) + 1

    def _easiest(self, state: Any) -> int:
        """The lowest difficulty among the cards still on the board."""
        if isinstance(self.board, Contest):
            slots = range(state.lo, min(state.hi, self.board.length - 1) + 1)
        else:
            slots = range(state.left, self.board.length)
        return min((self._difficulty(i + 1) for i in slots), default=0)

    def _hopeless(self, key: tuple[Any, ...]) -> bool:
        """No skill on offer can succeed again (each is counted as spent in ``key``)."""
        uses = key[4] if isinstance(self.board, Contest) else key[3]
        return all(u == -1 for u in uses)

    def _other(self, state: Any) -> tuple[float, dict[str, Any], dict[str, Any]]:
        """The other side's chance this round and the event data of its success / failure."""
        board = self.board
        if isinstance(board, Contest):
            oskill = self.plan.skill(self._exchange(state))
            target = self._difficulty(state.goal + 1) + penalty(
                oskill, state.opponent_used, self.rules
            )
            q = float(self.opponent.success(target, self.rules.meet_target))
            extra = {"opponent_skill": oskill}
            return q, {"opponent": HIT, **extra}, {"opponent": MISS, **extra}
        assert isinstance(board, Chase)
        if board.npc_checks is not None:
            target = self._difficulty(board.npc_target(state) + 1)
            dist = CheckDistribution.of(board.npc_checks)
            q = float(dist.success(target, self.rules.meet_target))
            return q, {"npc_value": HIT}, {"npc_value": MISS}
        return float(self.rules.npc_chance), {"npc_success": True}, {"npc_success": False}

    def _best(self, state: Any, drawn: tuple[int, ...], key: tuple[Any, ...]) -> float:
        """The best of: each skill played at every return to this position until something
        changes (skills that always change something: once); 0 when nothing can win now."""
        if self._hopeless(key):
            return 0.0
        got = 0.0
        for sk in self.skills:
            moved, same, _ = self._round(state, drawn, sk, key)
            got = max(got, moved / (1.0 - same) if same < 1.0 else 0.0)
        return got

    def chance(
        self,
        state: Any,
        drawn: tuple[int, ...],
        skill: OfferedSkill,
        key: tuple[Any, ...] | None = None,
    ) -> tuple[float, int, float]:
        k = self._key(state, drawn) if key is None else key
        moved, same, p = self._round(state, drawn, skill, k)
        # ``skill`` this round; if nothing changes, the best play from the same position
        after = self.value(state, drawn, k) if same else 0.0
        return moved + same * after, self._slot(state), p

    def _round(
        self, state: Any, drawn: tuple[int, ...], skill: OfferedSkill, k: tuple[Any, ...]
    ) -> tuple[float, float, float]:
        """One round with ``skill``: (the chance of success through rounds that change the
        position, the chance the position stays as it is, the players' check's chance)."""
        slot = self._slot(state)
        p = self._p(skill, self._difficulty(slot) + penalty(skill.name, state.used, self.rules))
        q, other_hit, other_miss = self._other(state)
        kind = "exchange" if isinstance(self.board, Contest) else "round"
        mine = "player" if kind == "exchange" else "value"
        moved = same = 0.0
        for w, hit, other in (
            (p * q, True, other_hit),
            (p * (1 - q), True, other_miss),
            ((1 - p) * q, False, other_hit),
            ((1 - p) * (1 - q), False, other_miss),
        ):
            if w == 0.0:
                continue
            data = {mine: HIT if hit else MISS, "skill": skill.name, **other}
            nxt = self.board._step(state, Event(kind, data))[0]
            nk = self._key(nxt, drawn)
            if nk == k:  # nothing changed: the same position comes again
                same += w
            else:
                moved += w * self.value(nxt, drawn, nk)
        return moved, same, p
