"""The walk behind skill advice on contests and chases: rounds with a second side.

A contest's exchange has both sides check the card under the goal at once; a chase's round has
the escapee act first (RULINGS Complex Tasks 6), then the pursuer, each against the card it
faces *then*: a pursuing player who faces the goal's card (``BoardRules.pursuer_faces="goal"``)
checks the card the escapee stands on after the escapee's move, and checks nothing once the
escapee got away. Each round's results are stepped with the board's own rule function
(:meth:`Board._step`) with sure check values, weighted by their chances.

A round can leave everything as it was (a tie, or a round in which nobody gets their way), so
a skill can be played again and again from one position. A position counts each skill's uses
only as far as they can change a later chance: not at all when uses cost nothing
(``BoardRules(skill_penalty=0)``, or a general skill not tracked), and no further once the skill
can no longer beat any card left (penalties only rise and cards only leave); an opponent's skill
the same way. So the positions are finite, a round that changes nothing returns to the same
position, and :class:`~kit.boards.walk.Walk` values it as the repeating round it is. Once no
skill on offer can succeed any more, the players can no longer get their way: the value is 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from ..log import Event
from .base import Board
from .chase import ESCAPEE, Chase
from .checks import CheckDistribution, SkillPlan
from .contest import PLAYER, Contest
from .rules import penalty
from .skill_walk import HIT, MISS
from .walk import Offered, Walk

__all__ = ["RoundWalk"]

#: A skill's (or the opponent's skill's) uses once it can no longer succeed.
SPENT = -1


class RoundWalk(Walk[Any]):
    """Best choice of skill each round of a contest or chase (see the module).

    Args:
        board: the contest or chase.
        skills: the skills on offer.
        opponent: a contest opponent's checks.
        plan: a contest opponent's skill plan from the next exchange on.
    """

    def __init__(
        self,
        board: Board[Any],
        skills: Sequence[Offered],
        opponent: CheckDistribution,
        plan: SkillPlan,
    ) -> None:
        super().__init__()
        self.board = board
        self.skills = tuple(skills)
        self.rules = board.rules
        self.opponent = opponent
        self.plan = plan
        self.start = len(board.snapshot.records)
        self.npc = (
            CheckDistribution.of(board.npc_checks)
            if isinstance(board, Chase) and board.npc_checks is not None
            else None
        )
        self._chances: dict[tuple[Any, int], float] = {}

    # ---------------------------------------------------------------- chances
    def p(self, i: Any, target: int) -> float:
        """The chance that a check of offered skill ``i`` (or ``"opponent"``, ``"npc"``)
        reaches ``target`` (looked up once)."""
        k = (i, target)
        got = self._chances.get(k)
        if got is None:
            dist = (
                self.opponent
                if i == "opponent"
                else self.npc
                if i == "npc"
                else self.skills[i].dist
            )
            assert dist is not None
            got = float(dist.success(target, self.rules.meet_target))
            self._chances[k] = got
        return got

    def difficulty(self, slot: int) -> int:
        """Card value plus modifier of the 0-based ``slot``."""
        return self.board.cards[slot].value + self.board.modifiers[slot]

    def _easiest(self, state: Any) -> int:
        """The lowest difficulty among the cards still on the board."""
        if isinstance(self.board, Contest):
            slots = range(state.lo, min(state.hi, self.board.length - 1) + 1)
        else:
            slots = range(state.left, self.board.length)
        return min((self.difficulty(i) for i in slots), default=0)

    # ---------------------------------------------------------------- positions
    def _count(self, who: Any, key: str | None, used: Sequence[str | None], easiest: int) -> int:
        """Uses of ``key`` as a position keeps them (see the module)."""
        if key is None or self.rules.skill_penalty == 0:
            return 0
        n = used.count(key)
        if self.p(who, easiest + self.rules.skill_penalty * n) == 0.0:
            return SPENT
        return n

    def uses(self, state: Any) -> tuple[int, ...]:
        """Each offered skill's uses as far as they matter (:data:`SPENT`: it cannot succeed)."""
        easiest = self._easiest(state)
        out = []
        for i, s in enumerate(self.skills):
            if s.key is not None and self.rules.skill_penalty:
                out.append(self._count(i, s.key, state.used, easiest))
            elif self.p(i, easiest) == 0.0:
                out.append(SPENT)
            else:
                out.append(0)
        return tuple(out)

    def _exchange(self, state: Any) -> int:
        """How many exchanges this walk has played (capped where the plan's default starts)."""
        return min((len(state.records) - self.start) // 2, len(self.plan.skills))

    def key(self, state: Any) -> Hashable:
        uses = self.uses(state)
        if isinstance(self.board, Contest):
            easiest = self._easiest(state)
            counts = Counter(k for k in state.opponent_used if k)
            theirs = tuple(
                sorted(
                    (k, self._count("opponent", k, state.opponent_used, easiest)) for k in counts
                )
            )
            return (state.lo, state.hi, state.goal, state.winner, uses, self._exchange(state),
                    tuple(kv for kv in theirs if kv[1] != 0))  # fmt: skip
        return (state.left, state.goal, state.outcome, uses)

    def end(self, state: Any) -> float | None:
        board = self.board
        if isinstance(board, Contest):
            if state.winner is not None:
                return 1.0 if state.winner == PLAYER else 0.0
        else:
            assert isinstance(board, Chase)
            if state.outcome is not None:
                want = "escaped" if board.role == ESCAPEE else "caught"
                return 1.0 if state.outcome == want else 0.0
        if all(u == SPENT for u in self.uses(state)):
            return 0.0  # no skill on offer can succeed again: the players cannot get their way
        return None

    def moves(self, state: Any) -> range:
        return range(len(self.skills))

    # ---------------------------------------------------------------- one round
    def _target(self, state: Any, i: int, slot: int) -> int:
        return self.difficulty(slot) + penalty(self.skills[i].name, state.used, self.rules)

    def _chase_parts(self, state: Any, i: int) -> list[tuple[float, dict[str, Any], float]]:
        """A chase round in acting order: ``(chance, NPC event data, players' chance)`` for
        each result of the NPC's action, the players' chance against the card they face then
        (0 when they do not act: the escapee got away first)."""
        board = self.board
        assert isinstance(board, Chase)
        if self.npc is not None:
            q = self.p("npc", self.difficulty(board.npc_target(state)))
            hit, miss = {"npc_value": HIT}, {"npc_value": MISS}
        else:
            q = float(self.rules.npc_chance)
            hit, miss = {"npc_success": True}, {"npc_success": False}
        if board.role == ESCAPEE:  # the players act first, against the goal's card
            p = self.p(i, self._target(state, i, state.goal))
            return [(q, hit, p), (1.0 - q, miss, p)]
        # the NPC escapee acts first; the players then face the card they face after its move
        parts = []
        for w, data, moved in ((q, hit, 1), (1.0 - q, miss, 0)):
            goal = state.goal + moved
            if goal >= board.length:
                parts.append((w, data, 0.0))  # escaped: the players do not check
                continue
            slot = goal if self.rules.pursuer_faces == "goal" else state.left
            parts.append((w, data, self.p(i, self._target(state, i, slot))))
        return parts

    def _parts(self, state: Any, i: int) -> list[tuple[float, dict[str, Any], float]]:
        """One round's parts: ``(chance, the other side's event data, players' chance)``."""
        if isinstance(self.board, Contest):
            oskill = self.plan.skill(self._exchange(state))
            target = self.difficulty(state.goal) + penalty(oskill, state.opponent_used, self.rules)
            q = self.p("opponent", target)
            p = self.p(i, self._target(state, i, state.goal))
            extra = {"opponent_skill": oskill}
            return [(q, {"opponent": HIT, **extra}, p), (1.0 - q, {"opponent": MISS, **extra}, p)]
        return self._chase_parts(state, i)

    def outcomes(self, state: Any, i: int) -> list[tuple[float, Any]]:
        contest = isinstance(self.board, Contest)
        kind, mine = ("exchange", "player") if contest else ("round", "value")
        name = self.skills[i].name
        out = []
        for w, other, p in self._parts(state, i):
            for chance, value in ((p, HIT), (1.0 - p, MISS)):
                if w * chance <= 0.0:
                    continue
                event = Event(kind, {mine: value, "skill": name, **other})
                out.append((w * chance, self.board._step(state, event)[0]))
        return out

    def check_chance(self, state: Any, i: int) -> float:
        """The chance the players' next check succeeds with offered skill ``i``, if it is made."""
        parts = [(w, p) for w, data, p in self._parts(state, i) if not self._escapes(state, data)]
        made = sum(w for w, _ in parts)
        return sum(w * p for w, p in parts) / made if made else 0.0

    def _escapes(self, state: Any, data: dict[str, Any]) -> bool:
        """Whether the NPC escapee gets away before the players check (``data``: its action)."""
        board = self.board
        if not isinstance(board, Chase) or board.role == ESCAPEE:
            return False
        moved = data.get("npc_success") is True or data.get("npc_value") == HIT
        return bool(moved and state.goal + 1 >= board.length)

    def slot(self, state: Any) -> int:
        """The 1-based slot the players check against now (a pursuer facing the goal's card:
        where the escapee stands before its move)."""
        if isinstance(self.board, Contest):
            return int(state.goal) + 1
        assert isinstance(self.board, Chase)
        return self.board.player_target(state) + 1
