"""Complex Task board speed figures, each beside references written here (not the kit's code).

    python benchmarks/bench_boards.py

For every case the kit's exact odds (Fractions) are timed beside, in the same process:

* a **float DP over the same states** (successes so far and the counts of each card value still
  undealt for a row of checks; the goal's and the pursuer's positions for contests and chases),
  written plainly in this file with floats;
* for contests and chases over every deal, the float chain on every distinct row of values,
  weighted by its chance (no closed form applies: the cards sit in fixed places and the goal
  comes back to them). The kit does the same for contests; for chases it turns each card up
  when the chase first faces it, over the counts still undealt;
* where the deal is exchangeable (every card unseen, every check alike) the **closed form**:
  the chance of at least ``g`` successes among ``N`` cards dealt from the deck, from a generating
  function over how many cards of each value are dealt.

It prints medians of several runs, the ratio kit / reference (the goal for the standard board over
every deal is at most 2x the float DP) and the largest difference between the kit's exact answer and
each reference (they must agree within 1e-9). Then the Monte Carlo rate of the engine.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from _timing import median_of

from kit.boards import (
    BoardRules,
    Chase,
    Contest,
    EventDeck,
    LimitBoard,
    StandardBoard,
    deal_odds,
    odds,
    simulate,
)

DECK = {v: 4 for v in (4, 5, 6, 7, 8)}  # the 20-card event deck: four of each value
TOL = 1e-9
_2D6 = [a + b for a in range(1, 7) for b in range(1, 7)]


def tail(target: int) -> float:
    """P(2d6 >= target), counted over the 36 rolls."""
    return sum(1 for r in _2D6 if r >= target) / 36


def ref_row_dp(
    steps: list[tuple[int | None, int]],
    pool: dict[int, int],
    stop: Callable[[int, int, int], bool],
) -> dict[tuple[int, int], float]:
    """Float DP over (successes, counts undealt): ``{(successes, checks made): p}`` at the end.

    ``steps`` is, per check, the card value (``None``: dealt from ``pool``) and the offset
    (modifier plus repeated-skill penalty) of its target. A state is the counts of each value
    still undealt, holding a list of probabilities indexed by the successes so far.
    """
    values = sorted(pool)
    alive: dict[tuple[int, ...], list[float]] = {tuple(pool[v] for v in values): [1.0]}
    ends: dict[tuple[int, int], float] = {}
    for i, (value, off) in enumerate(steps):
        nxt: dict[tuple[int, ...], list[float]] = {}
        qs = [tail(v + off) for v in values]
        for counts, vec in alive.items():
            if value is None:
                total = sum(counts)
                branches = [
                    (qs[j], c / total, counts[:j] + (c - 1,) + counts[j + 1 :])
                    for j, c in enumerate(counts)
                    if c
                ]
            else:
                branches = [(tail(value + off), 1.0, counts)]
            for q, w, rest in branches:
                acc = nxt.get(rest)
                if acc is None:
                    acc = nxt[rest] = [0.0] * (i + 2)
                up, down = w * q, w * (1 - q)
                for s, p in enumerate(vec):
                    if p:
                        acc[s + 1] += p * up
                        acc[s] += p * down
        for s in range(i + 2):
            if stop(s, i + 1 - s, i + 1):
                ends[(s, i + 1)] = sum(acc[s] for acc in nxt.values())
                for acc in nxt.values():
                    acc[s] = 0.0
        alive = {k: v for k, v in nxt.items() if any(v)}
    return ends


def ref_closed_form(n: int, at_least: int, offset: int, pool: dict[int, int]) -> float:
    """P(at least ``at_least`` successes among ``n`` cards dealt from ``pool``), all checks alike.

    The coefficient of ``y^n`` in ``prod_v sum_c C(n_v, c) y^c (1 - q_v + q_v x)^c`` is, over
    ``C(total, n)``, the distribution of the successes; no deal is enumerated.
    """
    gen: list[list[float]] = [[1.0]]  # gen[c] = polynomial in x for c cards dealt so far
    for v, nv in pool.items():
        q = tail(v + offset)
        factor, power = [], [1.0]
        for c in range(nv + 1):
            factor.append([math.comb(nv, c) * x for x in power])
            power = [(1 - q) * a + q * b for a, b in zip([*power, 0.0], [0.0, *power])]
        out: list[list[float]] = [[] for _ in range(min(n, len(gen) + nv - 1) + 1)]
        for i, a in enumerate(gen):
            for c, b in enumerate(factor):
                if i + c > n:
                    break
                prod = [0.0] * (len(a) + len(b) - 1)
                for x, ax in enumerate(a):
                    for y, by in enumerate(b):
                        prod[x + y] += ax * by
                acc = out[i + c]
                acc.extend([0.0] * (len(prod) - len(acc)))
                for x, px in enumerate(prod):
                    acc[x] += px
        gen = out
    return sum(gen[n][at_least:]) / math.comb(sum(pool.values()), n)


def ref_contest(base: list[int], pens: Callable[[int], tuple[int, int]]) -> float:
    """Float chain over (lo, hi, goal) of a contest, both sides rolling 2d6: P(players win)."""
    n = len(base)
    alive = {(0, n - 1, n // 2): 1.0}
    win, t = 0.0, 0
    while alive and sum(alive.values()) > 1e-15 and t < 10_000:
        pp, op = pens(t)
        nxt: dict[tuple[int, int, int], float] = {}
        for (lo, hi, g), p in alive.items():
            a, b = tail(base[g] + pp), tail(base[g] + op)
            for (lo2, hi2, g2), m in (
                ((lo + 1, hi, g + 1), p * a * (1 - b)),
                ((lo, hi - 1, g - 1), p * b * (1 - a)),
                ((lo, hi, g), p * (a * b + (1 - a) * (1 - b))),
            ):
                if g2 > hi2:
                    win += m
                elif g2 >= lo2 and m > 0:
                    nxt[(lo2, hi2, g2)] = nxt.get((lo2, hi2, g2), 0.0) + m
        alive, t = nxt, t + 1
    return win


def ref_contest_steady(base: list[int]) -> float:
    """A contest with no repeated skills: every exchange is alike, so a tie only repeats the
    exchange; P(players win) solves the absorbing chain over (lo, hi, goal) by recursion."""
    memo: dict[tuple[int, int, int], float] = {}

    def win(lo: int, hi: int, g: int) -> float:
        if g > hi:
            return 1.0
        if g < lo:
            return 0.0
        if (lo, hi, g) not in memo:
            a = tail(base[g])
            right = left = a * (1 - a)  # both sides roll 2d6 against the same card
            memo[(lo, hi, g)] = (right * win(lo + 1, hi, g + 1) + left * win(lo, hi - 1, g - 1)) / (
                right + left
            )
        return memo[(lo, hi, g)]

    return win(0, len(base) - 1, len(base) // 2)


def ref_chase_escapee(base: list[int], npc: float) -> float:
    """Float chain over (left, goal) of a chase, players escaping, NPC pursuer: P(escaped)."""
    n = len(base)
    alive = {(0, 0): 1.0}
    escaped = 0.0
    while alive and sum(alive.values()) > 1e-15:
        nxt: dict[tuple[int, int], float] = {}
        for (left, g), p in alive.items():
            a = tail(base[g])
            if g + 1 >= n:
                escaped += p * a
                after = [((left, g), p * (1 - a))]
            else:
                after = [((left, g + 1), p * a), ((left, g), p * (1 - a))]
            for (lf, gg), m in after:
                if lf + 1 <= gg:
                    nxt[(lf + 1, gg)] = nxt.get((lf + 1, gg), 0.0) + m * npc
                nxt[(lf, gg)] = nxt.get((lf, gg), 0.0) + m * (1 - npc)
        alive = nxt
    return escaped


def rows_of(n: int, pool: dict[int, int]) -> list[tuple[tuple[int, ...], float]]:
    """Every distinct row of ``n`` values dealt from ``pool`` without replacement, with its chance."""
    out: list[tuple[tuple[int, ...], float]] = []

    def deal(prefix: tuple[int, ...], left: dict[int, int], p: float) -> None:
        if len(prefix) == n:
            out.append((prefix, p))
            return
        total = sum(left.values())
        for v, c in left.items():
            if c:
                deal(prefix + (v,), {**left, v: c - 1}, p * c / total)

    deal((), pool, 1.0)
    return out


def row(
    name: str,
    kit: Callable[[], Any],
    refs: dict[str, Callable[[], float]],
    repeat: int = 7,
) -> None:
    """Time the kit and each reference; print times, ratios and the answers' differences."""
    answer = float(kit().success)
    t_kit = median_of(kit, repeat=repeat)
    cells = [f"{name:<38}{t_kit * 1000:9.2f}"]
    for label, ref in refs.items():
        got = ref()
        t_ref = median_of(ref, repeat=repeat)
        diff = abs(answer - got)
        flag = "" if diff <= TOL else "  MISMATCH"
        cells.append(f"{label} {t_ref * 1000:8.2f} ms x{t_kit / t_ref:6.2f} |d|={diff:.0e}{flag}")
    print("   ".join(cells))


def standard_every_deal(n: int, goal: int, skills: list[str] | None, mods: list[int]) -> None:
    board = StandardBoard([5] * n, goal=goal, modifiers=mods)  # the cards are not used
    pens, seen = [], 0
    for s in skills or [None] * n:
        pens.append(2 * seen if s else 0)
        seen += 1 if s else 0
    steps: list[tuple[int | None, int]] = [(None, m + p) for m, p in zip(mods, pens)]

    def stop(s: int, f: int, i: int) -> bool:
        return s == goal or i == n

    refs: dict[str, Callable[[], float]] = {
        "DP": lambda: sum(p for (s, _), p in ref_row_dp(steps, DECK, stop).items() if s == goal)
    }
    if len({off for _, off in steps}) == 1:
        refs["closed"] = lambda: ref_closed_form(n, goal, steps[0][1], DECK)
    extra = ", skills+mods" if skills else ""
    row(
        f"standard N={n} g={goal}, every deal{extra}", lambda: deal_odds(board, "2d6", skills), refs
    )


def limit_cases() -> None:
    cards = EventDeck(seed=1).deal(8)
    board = LimitBoard(cards, need=4, hidden=[2, 4, 6, 8])
    up = sorted((s for s in range(1, 9) if s % 2), key=lambda s: (cards[s - 1].value, s))
    steps: list[tuple[int | None, int]] = [(cards[s - 1].value, 0) for s in up]
    steps += [(None, 0)] * 4
    pool = dict(DECK)
    for s in up:
        pool[cards[s - 1].value] -= 1

    def stop(s: int, f: int, i: int) -> bool:
        return s >= 4 or i == 8 or s + 8 - i < 4

    def met(ends: dict[tuple[int, int], float]) -> float:
        return sum(p for (s, _), p in ends.items() if s >= 4)

    row(
        "limit(4) N=8, 4 face down",
        lambda: odds(board, "2d6"),
        {"DP": lambda: met(ref_row_dp(steps, pool, stop))},
    )
    unseen: list[tuple[int | None, int]] = [(None, 0)] * 8
    row(
        "limit(4) N=8, every deal",
        lambda: deal_odds(board, "2d6"),
        {
            "DP": lambda: met(ref_row_dp(unseen, DECK, stop)),
            "closed": lambda: ref_closed_form(8, 4, 0, DECK),
        },
    )


def main() -> None:
    print(f"{'case':<38}{'kit ms':>9}   reference: median ms, ratio kit/reference, |kit - ref|")
    for n in range(4, 11):
        standard_every_deal(n, n - 2, None, [0] * n)
    mods = [0, 1, 0, 0, -1, 0, 0, 0]
    standard_every_deal(8, 6, ["Tinker: Repair"] * 8, mods)
    std = StandardBoard(EventDeck(seed=1).deal(8), goal=6)
    dealt = [(c.value, 2 * k) for k, c in enumerate(std.cards)]
    row(
        "standard N=8, dealt, repeated skill",
        lambda: odds(std, "2d6", ["Tinker: Repair"] * 8),
        {
            "DP": lambda: sum(
                p
                for (s, _), p in ref_row_dp(dealt, {}, lambda s, f, i: s == 6 or i == 8).items()
                if s == 6
            )
        },
    )
    limit_cases()
    contest = Contest(EventDeck(seed=2).deal(7))
    cbase = [c.value for c in contest.cards]
    row(
        "contest N=7, repeated skill",
        lambda: odds(contest, "2d6", skills="Persuasion: Argue"),
        {"chain": lambda: ref_contest(cbase, lambda t: (2 * t, 0))},
    )
    chase = Chase(EventDeck(seed=3).deal(8), rules=BoardRules(npc_chance=0.6))
    hbase = [c.value for c in chase.cards]
    row(
        "chase N=8, NPC 60%",
        lambda: odds(chase, "2d6"),
        {"chain": lambda: ref_chase_escapee(hbase, 0.6)},
    )
    rows5 = rows_of(5, DECK)
    row(
        "contest N=5, every deal",
        lambda: deal_odds(Contest([5] * 5), "2d6"),
        {"rows": lambda: sum(p * ref_contest_steady(list(r)) for r, p in rows5)},
        repeat=3,
    )
    row(
        "chase N=5, NPC 60%, every deal",
        lambda: deal_odds(Chase([5] * 5, rules=BoardRules(npc_chance=0.6)), "2d6"),
        {"rows": lambda: sum(p * ref_chase_escapee(list(r), 0.6) for r, p in rows5)},
        repeat=3,
    )
    n = 2000
    for name, board in (("standard N=8", std), ("contest N=7", contest)):
        t = median_of(lambda b=board: simulate(b, n, checks="2d6", seed=1), repeat=1)
        print(f"Monte Carlo, {name:<26} {n / t:8.0f} boards/s")


if __name__ == "__main__":
    main()
