"""Best play on a limit board: the card (and the skill) each check faces, chosen as it comes.

On a limit board the players choose the card every check faces, seeing what earlier checks did
and what the face-down cards they turned up were. :class:`LimitWalk` values every position of
that game (see :class:`~kit.boards.walk.Walk`), in one of two modes:

* **a skill plan** (card advice, :func:`~kit.boards.advice.card_advice`): the ``i``-th check
  from now uses the plan's ``i``-th skill, so its repeated-skill penalty is fixed by its place;
  the players choose only the card;
* **skills on offer** (skill advice, :func:`~kit.boards.skill_choice.skill_advice`): each
  check may use any skill on offer, with the penalty its earlier uses give it, and face any card.

What a position holds (everything the future depends on, nothing more): the difficulties of the
face-up cards still open (card value plus the slot's modifier), the modifiers of the face-down
slots still open (a face-down card's target is its value plus its own slot's modifier, RULINGS
Complex Tasks 4, so face-down slots with different modifiers are different choices), the
successes so far, the checks made (plan) or each offered skill's uses (skills), and while a
card lies face down, the count of each value still unseen: a face-down card is any of them,
drawn without replacement, and turning one up takes it out of the pool.

>>> from kit.boards import LimitBoard
>>> from kit.boards.checks import CheckDistribution, SkillPlan
>>> board = LimitBoard([7, 6, 4], need=2, hidden=[1, 2], modifiers={2: -3})
>>> walk = LimitWalk(board, checks=CheckDistribution.of("2d6"), plan=SkillPlan((), "Tinker"))
>>> start = walk.start(board)
>>> start.up, start.down
((4,), (-3, 0))
>>> round(walk.value(start), 4)
0.7844
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..errors import InvalidInput
from .checks import CheckDistribution, SkillPlan
from .exact import plan_penalties
from .limit import LimitBoard
from .walk import Offered, Walk, alike_groups, canonical

__all__ = ["Card", "LimitPos", "LimitWalk"]


class LimitPos(NamedTuple):
    """A position of a limit board as the walk sees it (see the module)."""

    up: tuple[int, ...]
    """Difficulties of the face-up cards still open, increasing."""
    down: tuple[int, ...]
    """Modifiers of the face-down slots still open, increasing."""
    wins: int
    """Successes so far (the board's own count)."""
    uses: tuple[int, ...]
    """A plan: ``(checks made from the start of the walk,)``; skills on offer: each one's uses
    on the board (0 for a skill whose uses cost nothing)."""
    pool: tuple[int, ...]
    """While a card lies face down: how many of each pool value are still unseen; else ()."""


class Card(NamedTuple):
    """A card the next check may face: ``("up", difficulty)`` or ``("down", modifier)``."""

    face: str
    x: int


class LimitWalk(Walk[LimitPos, tuple[int, Card]]):
    """The value of every position of a limit board under best play (see the module).

    Args:
        board: the limit board (its need, rules and, for :meth:`start`, its position).
        checks: the players' checks (a skill plan's checks).
        plan: the skill plan (card advice); ``None`` with ``skills``.
        skills: the skills on offer (skill advice), each with its own checks.
        pool: ``{value: count}`` of the values a face-down card may be (default: the event deck
            minus the cards the players can see on ``board``).
    """

    def __init__(
        self,
        board: LimitBoard,
        *,
        checks: CheckDistribution | None = None,
        plan: SkillPlan | None = None,
        skills: Sequence[Offered] | None = None,
        pool: dict[int, int] | None = None,
    ) -> None:
        super().__init__()
        from .exact import pool_counts

        self.board = board
        self.rules = board.rules
        counts = pool_counts(board, None) if pool is None else dict(pool)
        self.values: tuple[int, ...] = tuple(sorted(v for v, c in counts.items() if c > 0))
        self.counts = tuple(counts[v] for v in self.values)
        if skills is None:
            if checks is None or plan is None:
                raise InvalidInput("a limit walk needs a skill plan and its checks, or skills")
            self.offered: tuple[Offered, ...] = (Offered("plan", None, None, checks),)
            self.pens = plan_penalties(plan, self.rules, board.length, board.used_skills)
            self.planned = True
        else:
            self.offered = tuple(skills)
            self.pens = []
            self.planned = False
        self.groups = alike_groups(self.offered)
        self._chance: dict[tuple[int, int], float] = {}

    # ---------------------------------------------------------------- positions
    def start(self, board: LimitBoard, pool: tuple[int, ...] | None = None) -> LimitPos:
        """The position ``board`` stands in (``pool``: counts of :attr:`values` still unseen)."""
        up, down = [], []
        for s in board.open_slots:
            mod = board.modifiers[s - 1]
            if board.is_face_down(s):
                down.append(mod)
            else:
                up.append(board.cards[s - 1].value + mod)
        if self.planned:
            uses: tuple[int, ...] = (0,)
        else:
            used = board.used_skills
            uses = canonical(
                tuple(self._counted(o, used.count(o.key)) for o in self.offered), self.groups
            )
        counts = self.counts if pool is None else pool
        return LimitPos(tuple(sorted(up)), tuple(sorted(down)), board.successes, uses,
                        counts if down else ())  # fmt: skip

    def index_for(self, board: LimitBoard, i: int) -> int:
        """Where offered skill ``i`` stands in :meth:`start`'s uses: a position keeps alike
        skills' counts in increasing order, so skill ``i`` is the place of its group holding
        its count."""
        if self.planned:
            return 0
        o = self.offered[i]
        n = self._counted(o, board.used_skills.count(o.key))
        uses = self.start(board).uses
        group = next(g for g in self.groups if i in g)
        return next(j for j in group if uses[j] == n)

    def _counted(self, o: Offered, uses: int) -> int:
        """A skill's uses as the position keeps them (0 when its uses cost nothing)."""
        if o.key is None or self.rules.skill_penalty == 0:
            return 0
        return uses

    def key(self, pos: LimitPos) -> LimitPos:
        return pos

    def end(self, pos: LimitPos) -> float | None:
        left = len(pos.up) + len(pos.down)
        if self.board._over(pos.wins, left):
            return 1.0 if pos.wins >= self.board.need else 0.0
        return None

    def cards(self, pos: LimitPos) -> list[Card]:
        """The distinct cards the next check may face: each face-up difficulty once, then each
        face-down modifier once (alike cards give alike chances)."""
        return [Card("up", d) for d in dict.fromkeys(pos.up)] + [
            Card("down", m) for m in dict.fromkeys(pos.down)
        ]

    def moves(self, pos: LimitPos) -> list[tuple[int, Card]]:
        # alike skills used alike often are one choice
        skills: dict[tuple[tuple[int, ...], int], int] = {}
        for g in self.groups:
            for i in g:
                skills.setdefault((g, pos.uses[i]), i)
        cards = self.cards(pos)
        return [(i, c) for i in skills.values() for c in cards]

    def _p(self, i: int, target: int) -> float:
        """The chance that a check of offered skill ``i`` reaches ``target`` (looked up once)."""
        k = (i, target)
        got = self._chance.get(k)
        if got is None:
            got = float(self.offered[i].dist.success(target, self.rules.meet_target))
            self._chance[k] = got
        return got

    def penalty(self, pos: LimitPos, i: int) -> int:
        """The repeated-skill penalty of the next check with offered skill ``i``."""
        if self.planned:
            return self.pens[pos.uses[0]]
        return self.rules.skill_penalty * pos.uses[i]

    def _uses(self, pos: LimitPos, i: int) -> tuple[int, ...]:
        if self.planned:
            return (pos.uses[0] + 1,)
        o = self.offered[i]
        if o.key is None or self.rules.skill_penalty == 0:
            return pos.uses
        return canonical(pos.uses[:i] + (pos.uses[i] + 1,) + pos.uses[i + 1 :], self.groups)

    def outcomes(self, pos: LimitPos, move: tuple[int, Card]) -> list[tuple[float, LimitPos]]:
        i, card = move
        pen = self.penalty(pos, i)
        uses = self._uses(pos, i)
        up, down, wins = pos.up, pos.down, pos.wins
        if card.face == "up":
            rest = list(up)
            rest.remove(card.x)
            p = self._p(i, card.x + pen)
            nu = tuple(rest)
            return [
                (p, LimitPos(nu, down, wins + 1, uses, pos.pool)),
                (1.0 - p, LimitPos(nu, down, wins, uses, pos.pool)),
            ]
        left = list(down)
        left.remove(card.x)
        nd = tuple(left)
        total = sum(pos.pool)
        if total <= 0:
            raise InvalidInput("the pool of unseen cards ran out; pass a larger pool")
        out = []
        for j, c in enumerate(pos.pool):
            if not c:
                continue
            w = c / total
            p = self._p(i, self.values[j] + card.x + pen)
            pool = pos.pool[:j] + (c - 1,) + pos.pool[j + 1 :] if nd else ()
            out.append((w * p, LimitPos(up, nd, wins + 1, uses, pool)))
            out.append((w * (1.0 - p), LimitPos(up, nd, wins, uses, pool)))
        return out

    def check_chance(self, pos: LimitPos, i: int, card: Card) -> float:
        """The chance the next check itself succeeds, with offered skill ``i`` on ``card``."""
        pen = self.penalty(pos, i)
        if card.face == "up":
            return self._p(i, card.x + pen)
        total = sum(pos.pool)
        return sum(
            c / total * self._p(i, v + card.x + pen) for v, c in zip(self.values, pos.pool) if c
        )

    def card_of(self, board: LimitBoard, slot: int) -> Card:
        """The walk's card for an open ``slot`` of ``board``."""
        mod = board.modifiers[slot - 1]
        if board.is_face_down(slot):
            return Card("down", mod)
        return Card("up", board.cards[slot - 1].value + mod)
