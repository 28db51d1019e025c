"""Best play over every position a board can reach, walked without recursion.

Every piece of board advice is the same computation: from a position, each *move* the players
may make (a skill, a card, or both) leads to a few positions, each with its chance; the value
of a position is the chance of the players' way when every later move is chosen as well as
possible, and the value of a move is what it leads to, weighted. :class:`Walk` holds that
computation once; the walks of :mod:`kit.boards.skill_walk` (standard and preparation boards),
:mod:`kit.boards.limit_walk` (limit boards) and :mod:`kit.boards.skill_rounds` (contests and
chases) say only what a position, its moves and their outcomes are.

Values are kept per position key, so a position reached along many paths is valued once. The
walk runs on an explicit stack, so a long board (or a contest whose skills stay usable for a
hundred rounds) never runs out of Python's recursion depth. A move that can leave the position
exactly as it was (a tied exchange in a contest, a round of a chase in which nobody gets their
way, with skills whose uses no longer matter) is a repeating move: played at every return until
something changes, it is worth ``moved / (1 - same)``, where ``moved`` is the weighted value of
the outcomes that change something and ``same`` the chance that nothing does. The value of a
position is the best of its moves' values; a move that never changes anything is worth 0 (the
board never ends the players' way by it). Any other return to a position a walk is still
valuing would be a cycle, which the boards' rules never make; the walk refuses one with an
error rather than loop.

>>> class Coins(Walk[int, str]):
...     '''Three tosses of a coin, all three must be heads (-1: a tail was tossed).'''
...     def key(self, pos): return pos
...     def end(self, pos): return 0.0 if pos < 0 else 1.0 if pos == 3 else None
...     def moves(self, pos): return ["toss"]
...     def outcomes(self, pos, move): return [(0.5, pos + 1), (0.5, -1)]
>>> Coins().value(0)
0.125
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from ..errors import InvalidInput
from .checks import CheckDistribution

__all__ = ["MAX_STATES", "TIE", "Offered", "Walk", "alike_groups", "canonical", "settled"]

#: The most positions one walk values before giving up (a guard for long boards with many
#: skills; a ten-card board with three skills needs a few thousand).
MAX_STATES = 200_000

P = TypeVar("P")
M = TypeVar("M")


def alike_groups(skills: Sequence[Offered]) -> tuple[tuple[int, ...], ...]:
    """The offered skills that play alike, as groups of their indices: the same checks, and
    both counted (each under its own key) or both not. Two alike skills used ``a`` and ``b``
    times leave the same chances as when used ``b`` and ``a`` times.

    >>> from kit.boards.checks import CheckDistribution
    >>> d, e = CheckDistribution.of("2d6"), CheckDistribution.of("2d6+1")
    >>> alike_groups([Offered("A", "A", "a", d), Offered("B", "B", None, d),
    ...               Offered("C", "C", "c", d), Offered("D", "D", "d", e)])
    ((0, 2), (1,), (3,))
    """
    groups: dict[tuple[Any, bool], list[int]] = {}
    for i, s in enumerate(skills):
        groups.setdefault((s.dist, s.key is None), []).append(i)
    return tuple(tuple(g) for g in groups.values())


def canonical(uses: tuple[int, ...], groups: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """``uses`` with the counts of alike skills in increasing order (one position for every
    way of giving the same counts to alike skills).

    >>> canonical((3, 0, 1, 5), ((0, 2), (1,), (3,)))
    (1, 0, 3, 5)
    """
    out = list(uses)
    for g in groups:
        if len(g) > 1:
            for j, n in zip(g, sorted(uses[j] for j in g)):
                out[j] = n
    return tuple(out)


#: Chances closer than this are the same chance: answers the rules cannot tell apart come out
#: of different sums of the same terms, so they may differ in the last bits of a float.
TIE = 1e-12


def settled(chances: dict[str, float]) -> dict[str, float]:
    """``chances`` with every chance within :data:`TIE` of an earlier one made equal to it, so
    answers that tie show as ties.

    >>> settled({"a": 0.3, "b": 0.30000000000000004, "c": 0.5})
    {'a': 0.3, 'b': 0.3, 'c': 0.5}
    """
    seen: list[float] = []
    out = {}
    for label, p in chances.items():
        same = next((q for q in seen if abs(q - p) <= TIE), None)
        if same is None:
            seen.append(p)
            same = p
        out[label] = same
    return out


class Offered(NamedTuple):
    """One skill the players may use: its label, the name checked with, its key and checks."""

    label: str
    """The label the advice shows (the name as given)."""
    name: str | None
    """The skill name a check is made with (None: no skill)."""
    key: str | None
    """The key its uses are counted under (None: not counted, see ``BoardRules``)."""
    dist: CheckDistribution
    """Its check distribution."""


class Walk(Generic[P, M]):
    """The value of positions of type ``P`` under best play, moves being of type ``M`` (see the
    module).

    Subclasses give :meth:`key`, :meth:`end`, :meth:`moves` and :meth:`outcomes`.
    """

    def __init__(self) -> None:
        self.memo: dict[Hashable, float] = {}
        """Position key -> its value under best play."""

    # ---------------------------------------------------------------- what a game says
    def key(self, pos: P) -> Hashable:
        """What tells the position apart: two positions with one key have one value."""
        raise NotImplementedError

    def end(self, pos: P) -> float | None:
        """The position's value if play is over there (1 the players' way, 0 not), else None."""
        raise NotImplementedError

    def end_of(self, pos: P, key: Hashable) -> float | None:
        """:meth:`end`, given the position's key too (a walk whose key tells it saves work)."""
        return self.end(pos)

    def moves(self, pos: P) -> Sequence[M]:
        """The moves the players may make from an unfinished position (at least one)."""
        raise NotImplementedError

    def outcomes(self, pos: P, move: M) -> list[tuple[float, P]]:
        """``(chance, position)`` for everything ``move`` can lead to (chances sum to 1)."""
        raise NotImplementedError

    # ---------------------------------------------------------------- values
    def value(self, pos: P) -> float:
        """The chance of the players' way from ``pos`` with every move played at its best.

        Raises:
            InvalidInput: more than :data:`MAX_STATES` positions to value.
        """
        k = self.key(pos)
        got = self.memo.get(k)
        if got is not None:
            return got
        memo = self.memo
        root = k
        waiting: dict[Hashable, list[list[tuple[float, Hashable]]]] = {}
        stack: list[tuple[Hashable, P]] = [(k, pos)]
        while stack:
            k, pos = stack[-1]
            if k in memo:
                stack.pop()
                continue
            table = waiting.get(k)
            if table is None:
                end = self.end_of(pos, k)
                if end is not None:
                    memo[k] = end
                    stack.pop()
                    continue
                if len(memo) + len(waiting) >= MAX_STATES:
                    raise InvalidInput(
                        f"board advice: more than {MAX_STATES} board positions to walk; offer "
                        "fewer skills or advise on a shorter board"
                    )
                table, push = self._expand(k, pos, waiting)
                waiting[k] = table
                if push:
                    stack.extend(push)
                    continue
            memo[k] = max((self._worth(kids, k, None) for kids in table), default=0.0)
            del waiting[k]
            stack.pop()
        return memo[root]

    def _expand(
        self, k: Hashable, pos: P, waiting: dict[Hashable, Any]
    ) -> tuple[list[list[tuple[float, Hashable]]], list[tuple[Hashable, P]]]:
        """Each move's outcomes as ``(chance, key)``, and the positions still to value."""
        table = []
        push: list[tuple[Hashable, P]] = []
        memo = self.memo
        for move in self.moves(pos):
            kids = []
            for w, child in self.outcomes(pos, move):
                if w <= 0.0:
                    continue
                ck = self.key(child)
                kids.append((w, ck))
                if ck != k and ck not in memo:
                    if ck in waiting:
                        raise InvalidInput(
                            "board advice: a position leads back to one before it; the walk "
                            "cannot value a cycle"
                        )
                    push.append((ck, child))
            table.append(kids)
        return table, push

    def _worth(self, kids: list[tuple[float, Hashable]], k: Hashable, v: float | None) -> float:
        """A move's worth from its outcomes: with ``v`` (the position's value) the chance when
        the move is made once and best play follows; with ``v`` None, the move played at every
        return to the position until something changes."""
        moved = same = 0.0
        memo = self.memo
        for w, ck in kids:
            if ck == k:
                same += w
            else:
                moved += w * memo[ck]
        if v is not None:
            return moved + same * v
        return moved / (1.0 - same) if same < 1.0 - 1e-15 else 0.0

    def option(self, pos: P, move: M) -> float:
        """The chance of the players' way when ``move`` is made now and best play follows."""
        v = self.value(pos)
        k = self.key(pos)
        kids = []
        for w, child in self.outcomes(pos, move):
            if w <= 0.0:
                continue
            ck = self.key(child)
            if ck != k:
                self.value(child)
            kids.append((w, ck))
        return self._worth(kids, k, v)
