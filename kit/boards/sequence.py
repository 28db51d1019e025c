"""The exact dynamic programme behind the odds of a row of checks (standard, preparation, limit).

The question it answers: the players make a run of checks, the ``i``-th against a known card
value or against a card not seen yet (dealt from a pool without replacement), each with its own
modifier and repeated-skill penalty; play stops as soon as a rule ``stop(s, f, i)`` says so.
How likely is each ending ``(successes, failures, checks made)``?

How it stays exact and fast
---------------------------
* **States, not histories.** After ``i`` checks, what the future depends on is the successes so
  far and *how many cards of each value are still undealt*; which card came when does not
  matter. Ordered deals that leave the same counts are merged, so the number of states is the
  number of value-count compositions (at most 381 for the 20-card event deck), not the number
  of ordered deals (670 billion for ten cards).
* **One integer per state.** Every probability at step ``i`` shares one denominator: the check
  distribution's common denominator ``D`` to the power ``i`` times the falling product of the
  pool sizes drawn from. So a probability is an integer numerator, and the whole vector of
  numerators over the successes ``0..n`` is packed into one Python integer, ``W`` bits per
  success count (``W`` is large enough for the last step's denominator, so no slot overflows).
  A check against a card of value ``v`` whose success numerator is ``a`` turns the vector
  ``P(x)`` into ``P(x) * (a * x + (D - a))``: one integer multiplication by ``(a << W) + D - a``
  moves every success count at once. Fractions are built only for the endings, at the end.
* **Compiled checks.** The check distribution becomes a table of integer tail numerators over
  ``D`` once per distribution and comparison rule (cached).
* **Exchangeable deals.** When every card is unseen and every check alike (a board not yet
  dealt, without modifiers or repeated skills), every order of the same successes and
  failures is equally likely, so no state needs the counts at all: a closed form sums over
  how many cards of each value are dealt (:func:`_exchangeable`). A property test holds it
  equal to the general programme.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache

from ..errors import InvalidInput
from .checks import CheckDistribution

__all__ = ["CompiledChecks", "Compositions", "compiled_checks", "sequence_dp"]

Endings = dict[tuple[int, int, int], Fraction]
"""``{(successes, failures, checks made): probability}``."""


class CompiledChecks:
    """A check distribution as integers: ``P(check succeeds against t) = numerator(t) / D``."""

    __slots__ = ("_offset", "_tails", "_values", "denominator")

    def __init__(self, dist: CheckDistribution, meet_target: bool) -> None:
        d = 1
        for p in dist.probs:
            d = math.lcm(d, p.denominator)
        self.denominator = d
        """The common denominator ``D`` of every success probability."""
        nums = [p.numerator * (d // p.denominator) for p in dist.probs]
        tails = [0] * (len(nums) + 1)
        for i in range(len(nums) - 1, -1, -1):
            tails[i] = tails[i + 1] + nums[i]
        self._values = dist.values
        self._tails = tuple(tails)
        self._offset = 0 if meet_target else 1

    def numerator(self, target: int) -> int:
        """``D`` times the chance that a check reaches ``target`` (beats it, if so ruled)."""
        return self._tails[bisect.bisect_left(self._values, target + self._offset)]


MAX_MEMO = 200_000
"""The most count codes whose deals one pool's table remembers (bounds the cache's memory)."""


class Compositions:
    """The counts of each value still undealt, as one integer code, and the deals from each.

    A code is the counts written in a mixed radix (digit ``j`` is the count of the ``j``-th
    value); :attr:`children` memoises, per code, the codes one deal away. One instance per pool
    shape is kept, so repeated odds questions reuse the table.
    """

    def __init__(self, sizes: tuple[int, ...]) -> None:
        self.sizes = sizes
        self.radix = [1] * len(sizes)
        for j in range(1, len(sizes)):
            self.radix[j] = self.radix[j - 1] * (sizes[j - 1] + 1)
        self.start = sum(c * r for c, r in zip(sizes, self.radix))
        self.children: dict[int, tuple[tuple[int, int, int], ...]] = {}

    @staticmethod
    @lru_cache(maxsize=32)
    def of(sizes: tuple[int, ...]) -> Compositions:
        """The (cached) table of a pool with ``sizes[j]`` cards of its ``j``-th value."""
        return Compositions(sizes)

    def kids(self, code: int) -> tuple[tuple[int, int, int], ...]:
        """``(child code, count of the value dealt, value index)`` for each value left."""
        out = []
        for j, r in enumerate(self.radix):
            c = (code // r) % (self.sizes[j] + 1)
            if c:
                out.append((code - r, c, j))
        kids = tuple(out)
        if len(self.children) < MAX_MEMO:
            self.children[code] = kids
        return kids


@lru_cache(maxsize=64)
def compiled_checks(dist: CheckDistribution, meet_target: bool) -> CompiledChecks:
    """The :class:`CompiledChecks` of ``dist`` (cached: odds are asked for again and again)."""
    return CompiledChecks(dist, meet_target)


def sequence_dp(
    steps: Sequence[tuple[int | None, int]],
    pens: Sequence[int],
    dist: CheckDistribution,
    meet_target: bool,
    pool: dict[int, int],
    s0: int,
    f0: int,
    stop: Callable[[int, int, int], bool],
    exchangeable: bool = True,
) -> Endings:
    """Exact ending distribution of a run of checks.

    Args:
        steps: per check still to come, the card value faced (``None``: an unseen card dealt
            from ``pool`` without replacement) and the slot's modifier.
        pens: the repeated-skill penalty of each of those checks.
        dist: the players' check distribution.
        meet_target: whether a check equal to its target succeeds.
        pool: ``{value: count}`` of the cards an unseen card may be.
        s0, f0: successes and failures already on the board.
        stop: ``stop(s, f, i)`` is true when play ends with ``s`` successes and ``f``
            failures after ``i`` more checks.
        exchangeable: take the closed form when every card is unseen and every check alike
            (``False`` forces the general programme; the tests compare the two).

    Returns:
        ``{(s, f, i): probability}`` over the ways play can end.

    Raises:
        InvalidInput: play reaches an unseen card after the pool has run out.
    """
    checks = compiled_checks(dist, meet_target)
    d = checks.denominator
    n = len(steps)
    values = sorted(v for v, c in pool.items() if c > 0)
    sizes = [pool[v] for v in values]
    total0 = sum(sizes)
    draws = sum(1 for v, _ in steps if v is None)
    offsets = {mod + pen for (_, mod), pen in zip(steps, pens)}
    if exchangeable and draws == n and len(offsets) == 1 and n <= total0:
        return _exchangeable(n, offsets.pop(), checks, values, sizes, s0, f0, stop)
    # Slot width: every numerator is at most the last step's denominator.
    bound = d**n
    for j in range(min(draws, total0)):
        bound *= total0 - j
    w = bound.bit_length() + 1
    slot_mask = (1 << w) - 1
    deck = Compositions.of(tuple(sizes))
    start, children = deck.start, deck.children
    alive: dict[int, int] = {start: 1}
    den = 1
    dealt = 0
    done: Endings = {}
    for i, (value, mod) in enumerate(steps):
        off = mod + pens[i]
        nxt: dict[int, int]
        if value is not None:
            a = checks.numerator(value + off)
            m = (a << w) + d - a
            nxt = {code: packed * m for code, packed in alive.items()}
            den *= d
        else:
            left = total0 - dealt
            if left <= 0:
                raise InvalidInput("the pool of unseen cards ran out; pass a larger pool")
            dealt += 1
            den *= d * left
            mults = []
            for v in values:
                a = checks.numerator(v + off)
                m = (a << w) + d - a
                mults.append([m * c for c in range(max(sizes) + 1)])
            nxt = {}
            get = nxt.get
            for code, packed in alive.items():
                ks = children.get(code) or deck.kids(code)
                for child, c, j in ks:
                    nxt[child] = get(child, 0) + packed * mults[j][c]
        # Endings after i + 1 checks: the slots (success counts) where play stops.
        ends = [r for r in range(i + 2) if stop(s0 + r, f0 + i + 1 - r, i + 1)]
        if ends:
            stopped = 0
            for r in ends:
                stopped |= slot_mask << (r * w)
            keep = ~stopped
            total = sum(nxt.values())
            for r in ends:
                num = (total >> (r * w)) & slot_mask
                if num:
                    key = (s0 + r, f0 + i + 1 - r, i + 1)
                    done[key] = done.get(key, Fraction(0)) + Fraction(num, den)
            nxt = {code: packed & keep for code, packed in nxt.items() if packed & keep}
        alive = nxt
        if not alive:
            break
    if alive:  # every step ran out without a stop (cannot happen for well-formed boards)
        total = sum(alive.values())
        for r in range(n + 1):
            num = (total >> (r * w)) & slot_mask
            if num:
                key = (s0 + r, f0 + n - r, n)
                done[key] = done.get(key, Fraction(0)) + Fraction(num, den)
    return done


def _exchangeable(
    n: int,
    offset: int,
    checks: CompiledChecks,
    values: Sequence[int],
    sizes: Sequence[int],
    s0: int,
    f0: int,
    stop: Callable[[int, int, int], bool],
) -> Endings:
    """The closed form when every card is dealt unseen and every check is alike.

    Then the cards dealt and the checks rolled are exchangeable, so every order of ``s``
    successes and ``f`` failures is equally likely: ``P(S_i = s) / C(i, s)``. The chance of
    ``s`` successes in the first ``i`` checks sums, over how many cards of each value those
    ``i`` are, the ways to pick them times the successes' generating function: the coefficient
    of ``y^i x^s`` in ``prod_v sum_c C(n_v, c) y^c (D - a_v + a_v x)^c``, over ``C(T, i) D^i``.
    The ending ``(s, f, i)`` then has that chance times the number of success/failure orders
    that reach it without stopping earlier (a count on the lattice of ``(s, f)``).
    """
    d = checks.denominator
    total = sum(sizes)
    w = ((1 << total) * d**n).bit_length() + 1  # each coefficient is below C(T, i) D^i
    mask = (1 << w) - 1
    gen = [1]  # gen[i]: successes' polynomial in x (packed, w bits a coefficient), i cards
    for v, size in zip(values, sizes):
        a = checks.numerator(v + offset)
        base, power, factor = (a << w) + d - a, 1, []
        for c in range(min(size, n) + 1):
            factor.append(math.comb(size, c) * power)
            power *= base
        out = [0] * min(n + 1, len(gen) + len(factor) - 1)
        for i, g in enumerate(gen):
            for c, f in enumerate(factor[: n + 1 - i]):
                out[i + c] += g * f
        gen = out
    done: Endings = {}
    paths = {0: 1}  # successes among the checks so far -> orders that have not stopped
    for i in range(1, n + 1):
        nxt: dict[int, int] = {}
        for r, count in paths.items():
            nxt[r + 1] = nxt.get(r + 1, 0) + count
            nxt[r] = nxt.get(r, 0) + count
        den = math.comb(total, i) * d**i
        for r in list(nxt):
            if i == n or stop(s0 + r, f0 + i - r, i):
                num = nxt.pop(r) * ((gen[i] >> (r * w)) & mask)
                if num:
                    done[(s0 + r, f0 + i - r, i)] = Fraction(num, den * math.comb(i, r))
        paths = nxt
    return done
