"""The walk behind skill advice on contests and chases: rounds with a second side.

A contest's exchange has both sides check the card under the goal at once; a chase's round has
the escapee act first (RULINGS Complex Tasks 6), then the pursuer, each against the card it
faces *then*: a pursuing player who faces the goal's card (``BoardRules.pursuer_faces="goal"``)
checks the card the escapee stands on after the escapee's move, and checks nothing once the
escapee got away.

A position (:class:`RoundPos`) is where the goal and the edges of the board stand, how often
each skill on offer has been used, and in a contest the opponent's place in its skill plan and
its skills' uses. Where a round moves the goal and the edges is the board's own rule function
(:meth:`Board._step`, the code that plays a round at the table), stepped once for each place
and each result of the two sides' checks with sure check values; the chance of each result
comes from the checks and the targets (card + slot modifier + the repeated-skill penalty).

A round can leave everything as it was (a tie, or a round in which nobody gets their way), so
a skill can be played again and again from one position. A position counts each skill's uses
only as far as they can change a later chance: not at all when uses cost nothing
(``BoardRules(skill_penalty=0)``, or a general skill not tracked), and no further once the skill
can no longer beat any card left (penalties only rise and cards only leave; such a skill is
:data:`SPENT`); an opponent's skill the same way. So the positions are finite, a round that
changes nothing returns to the same position, and :class:`~kit.boards.walk.Walk` values it as
the repeating round it is. Once no skill on offer can succeed any more, the players can no
longer get their way: the value is 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any, Literal, NamedTuple

from ..log import Event
from .base import Board
from .chase import ESCAPEE, Chase, ChaseState
from .checks import CheckDistribution, SkillPlan
from .contest import PLAYER, Contest, ContestState
from .rules import tracked_key
from .skill_walk import HIT, MISS
from .walk import Offered, Walk, alike_groups, canonical

__all__ = ["SPENT", "RoundPos", "RoundWalk"]

#: A skill's (or the opponent's skill's) uses once it can no longer succeed.
SPENT = -1


class RoundPos(NamedTuple):
    """A position of a contest or chase as the walk sees it."""

    place: tuple[Any, ...]
    """A chase's ``(left, goal, outcome)``; a contest's ``(lo, hi, goal, winner)`` (0-based)."""
    uses: tuple[int, ...]
    """Each offered skill's uses as far as they matter (:data:`SPENT`: it cannot succeed)."""
    theirs: tuple[Any, ...] = ()
    """A contest: ``(exchanges played, capped where the plan's default starts,
    ((opponent skill key, uses), ...))``; a chase: ``()``."""


class RoundWalk(Walk[RoundPos, int]):
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
        self.contest = isinstance(board, Contest)
        self.skills = tuple(skills)
        self.rules = board.rules
        self.opponent = opponent
        self.plan = plan
        self.npc = (
            CheckDistribution.of(board.npc_checks)
            if isinstance(board, Chase) and board.npc_checks is not None
            else None
        )
        self.groups = alike_groups(self.skills)
        self._chances: dict[tuple[int | str, int], float] = {}
        self._lowest: dict[tuple[int, int], int] = {}
        self._moves: dict[tuple[Any, ...], tuple[tuple[Any, ...], bool]] = {}

    # ---------------------------------------------------------------- chances
    def p(self, i: int | Literal["opponent", "npc"], target: int) -> float:
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

    def _easiest(self, place: tuple[Any, ...]) -> int:
        """The lowest difficulty among the cards still on the board."""
        if self.contest:
            span = (place[0], min(place[1], self.board.length - 1))
        else:
            span = (place[0], self.board.length - 1)
        got = self._lowest.get(span)
        if got is None:
            got = min((self.difficulty(i) for i in range(span[0], span[1] + 1)), default=0)
            self._lowest[span] = got
        return got

    # ---------------------------------------------------------------- positions
    def _counted(self, who: Any, key: str | None, n: int, easiest: int) -> int:
        """``n`` uses of ``key`` as a position keeps them (see the module)."""
        if n == SPENT:
            return SPENT
        penalty = self.rules.skill_penalty if key is not None else 0
        if self.p(who, easiest + penalty * n) == 0.0:
            return SPENT
        return n if penalty else 0

    def start(self, board: Board[Any]) -> RoundPos:
        """The position ``board`` stands in."""
        st = board.snapshot
        place = self._place(st)
        easiest = self._easiest(place)
        uses = canonical(
            tuple(
                self._counted(i, s.key, st.used.count(s.key) if s.key else 0, easiest)
                for i, s in enumerate(self.skills)
            ),
            self.groups,
        )
        theirs: tuple[Any, ...] = ()
        if self.contest:
            counts = Counter(k for k in st.opponent_used if k)
            kept = ((k, self._counted("opponent", k, n, easiest)) for k, n in counts.items())
            theirs = (0, tuple(sorted((k, n) for k, n in kept if n != 0)))
        return RoundPos(place, uses, theirs)

    def index_for(self, board: Board[Any], i: int) -> int:
        """Where offered skill ``i`` stands in :meth:`start`'s uses: a position keeps alike
        skills' counts in increasing order, so skill ``i`` is the place of its group holding
        its count."""
        st = board.snapshot
        key = self.skills[i].key
        pos = self.start(board)
        n = self._counted(i, key, st.used.count(key) if key else 0, self._easiest(pos.place))
        group = next(g for g in self.groups if i in g)
        return next(j for j in group if pos.uses[j] == n)

    def _place(self, st: Any) -> tuple[Any, ...]:
        if self.contest:
            return (st.lo, st.hi, st.goal, st.winner)
        return (st.left, st.goal, st.outcome)

    def key(self, pos: RoundPos) -> Hashable:
        return pos

    def end(self, pos: RoundPos) -> float | None:
        if self.contest:
            winner = pos.place[3]
            if winner is not None:
                return 1.0 if winner == PLAYER else 0.0
        else:
            outcome = pos.place[2]
            if outcome is not None:
                want = "escaped" if self.board.role == ESCAPEE else "caught"  # type: ignore[attr-defined]
                return 1.0 if outcome == want else 0.0
        if all(u == SPENT for u in pos.uses):
            return 0.0  # no skill on offer can succeed again: the players cannot get their way
        return None

    def moves(self, pos: RoundPos) -> list[int]:
        # alike skills used alike often are one choice
        skills: dict[tuple[Any, int], int] = {}
        for g in self.groups:
            for i in g:
                skills.setdefault((g, pos.uses[i]), i)
        return list(skills.values())

    # ---------------------------------------------------------------- one round
    def _move(self, place: tuple[Any, ...], data: dict[str, Any]) -> tuple[tuple[Any, ...], bool]:
        """Where a round with these results (sure check values) leaves the goal and the edges,
        by the board's own step, and whether the players checked (looked up once)."""
        k = (place, *sorted(data.items()))
        got = self._moves.get(k)
        if got is None:
            if self.contest:
                lo, hi, goal, _ = place
                st: Any = ContestState(lo, hi, goal)
                kind = "exchange"
            else:
                left, goal, _ = place
                st = ChaseState(left, goal)
                kind = "round"
            new = self.board._step(st, Event(kind, data))[0]
            acted = any(r.side == "player" for r in new.records)
            got = (self._place(new), acted)
            self._moves[k] = got
        return got

    def _pen(self, pos: RoundPos, i: int) -> int:
        key = self.skills[i].key
        return self.rules.skill_penalty * pos.uses[i] if key is not None else 0

    def _player(self, pos: RoundPos, i: int, slot: int) -> float:
        """The players' chance with offered skill ``i`` against 0-based ``slot``."""
        if pos.uses[i] == SPENT:
            return 0.0
        return self.p(i, self.difficulty(slot) + self._pen(pos, i))

    def _parts(self, pos: RoundPos, i: int) -> list[tuple[float, dict[str, Any], float]]:
        """One round in acting order: ``(chance, the other side's event data, players'
        chance)`` for each result of the other side's check (a chase's NPC, a contest's
        opponent), the players' chance against the card they face then (0 when they do not
        act: the escapee got away first)."""
        place = pos.place
        if self.contest:
            goal = place[2]
            oskill = self.plan.skill(pos.theirs[0])
            okey = tracked_key(oskill, self.rules)
            uses = dict(pos.theirs[1]).get(okey, 0) if okey else 0
            q = (
                0.0
                if uses == SPENT
                else self.p("opponent", self.difficulty(goal) + self.rules.skill_penalty * uses)
            )
            p = self._player(pos, i, goal)
            extra = {"opponent_skill": oskill}
            return [(q, {"opponent": HIT, **extra}, p), (1.0 - q, {"opponent": MISS, **extra}, p)]
        board = self.board
        assert isinstance(board, Chase)
        left, goal, _ = place
        if self.npc is not None:
            npc_slot = goal if board.role != ESCAPEE else left
            q = self.p("npc", self.difficulty(npc_slot))
            hit, miss = {"npc_value": HIT}, {"npc_value": MISS}
        else:
            q = float(self.rules.npc_chance)
            hit, miss = {"npc_success": True}, {"npc_success": False}
        if board.role == ESCAPEE:  # the players act first, against the goal's card
            p = self._player(pos, i, goal)
            return [(q, hit, p), (1.0 - q, miss, p)]
        # the NPC escapee acts first; the players then face the card they face after its move
        parts = []
        for w, data, moved in ((q, hit, 1), (1.0 - q, miss, 0)):
            at = goal + moved
            if at >= board.length:
                parts.append((w, data, 0.0))  # escaped: the players do not check
                continue
            slot = at if self.rules.pursuer_faces == "goal" else left
            parts.append((w, data, self._player(pos, i, slot)))
        return parts

    def _after(
        self, pos: RoundPos, i: int, place: tuple[Any, ...], acted: bool, other: dict[str, Any]
    ) -> RoundPos:
        """The position after a round with offered skill ``i`` that ended at ``place``."""
        easiest = self._easiest(place)
        penalty = self.rules.skill_penalty
        uses = []
        for j, n in enumerate(pos.uses):
            key = self.skills[j].key
            if j == i and acted and n != SPENT and key is not None and penalty:
                n += 1
            uses.append(self._counted(j, key, n, easiest))
        theirs: tuple[Any, ...] = ()
        if self.contest:
            index, held = pos.theirs
            counts = dict(held)
            okey = tracked_key(other.get("opponent_skill"), self.rules)
            if okey is not None and penalty and counts.get(okey) != SPENT:
                counts[okey] = counts.get(okey, 0) + 1
            kept = ((k, self._counted("opponent", k, n, easiest)) for k, n in counts.items())
            theirs = (
                min(index + 1, len(self.plan.skills)),
                tuple(sorted((k, n) for k, n in kept if n != 0)),
            )
        return RoundPos(place, canonical(tuple(uses), self.groups), theirs)

    def outcomes(self, pos: RoundPos, i: int) -> list[tuple[float, RoundPos]]:
        kind_key = "player" if self.contest else "value"
        out = []
        for w, other, p in self._parts(pos, i):
            for chance, value in ((p, HIT), (1.0 - p, MISS)):
                if w * chance <= 0.0:
                    continue
                place, acted = self._move(pos.place, {kind_key: value, "skill": None, **other})
                out.append((w * chance, self._after(pos, i, place, acted, other)))
        return out

    def check_chance(self, pos: RoundPos, i: int) -> float:
        """The chance the players' next check succeeds with offered skill ``i``, if it is made."""
        parts = [(w, p) for w, data, p in self._parts(pos, i) if not self._escapes(pos, data)]
        made = sum(w for w, _ in parts)
        return sum(w * p for w, p in parts) / made if made else 0.0

    def _escapes(self, pos: RoundPos, data: dict[str, Any]) -> bool:
        """Whether the NPC escapee gets away before the players check (``data``: its action)."""
        board = self.board
        if not isinstance(board, Chase) or board.role == ESCAPEE:
            return False
        moved = data.get("npc_success") is True or data.get("npc_value") == HIT
        return bool(moved and pos.place[1] + 1 >= board.length)
