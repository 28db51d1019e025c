"""Complex Task board speed figures.

    python benchmarks/bench_boards.py

Prints the time of exact odds for a few board shapes (a dealt 8-card standard board, the same
shape averaged over every deal of the event deck, a 7-card contest with repeated skills, an
8-card chase with a 60% NPC) and the Monte Carlo rate of the engine (boards played per second).
"""

from __future__ import annotations

from _timing import best_of

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


def main() -> None:
    deck = EventDeck(seed=1)
    std = StandardBoard(deck.deal(8), goal=6)
    cases = {
        "standard N=8, dealt": lambda: odds(std, "2d6", ["Tinker: Repair"] * 8),
        "standard N=8, every deal": lambda: deal_odds(std, "2d6"),
        "limit(4) N=8, 4 face down": lambda: odds(
            LimitBoard(std.cards, need=4, hidden=[2, 4, 6, 8]), "2d6"
        ),
        "contest N=7, repeated skill": lambda: odds(
            Contest(EventDeck(seed=2).deal(7)), "2d6", skills="Persuasion: Argue"
        ),
        "chase N=8, NPC 60%": lambda: odds(
            Chase(EventDeck(seed=3).deal(8), rules=BoardRules(npc_chance=0.6)), "2d6"
        ),
    }
    for name, fn in cases.items():
        print(f"exact odds, {name:<30} {best_of(fn) * 1000:8.1f} ms")
    n = 5000
    for name, board in (("standard N=8", std), ("contest N=7", Contest(EventDeck(seed=2).deal(7)))):
        t = best_of(lambda b=board: simulate(b, "2d6", n=n, seed=1), repeat=1)
        print(f"Monte Carlo, {name:<29} {n / t:8.0f} boards/s")


if __name__ == "__main__":
    main()
