"""Complex Task boards: the event deck, five board kinds, exact odds and simulation.

A board is a row of cards from the Dealer's event deck that a task is played out on, one
check at a time. The kinds:

* :class:`StandardBoard` - a goal slot; successes fill from the left, failures from the right.
* :class:`LimitBoard` - reach ``need`` successes, facing the cards in any order.
* :class:`Contest` - a tug of war: the goal moves toward the side that wins an exchange.
* :class:`Chase` - an escapee running right while a pursuer removes cards from the left.
* :class:`PreparationBoard` - no goal; the successes measure how well a plan was prepared.

Check numbers come from the host game and are typed in by the GM. For odds and simulation
a check *distribution* stands in (``"2d6"``, a table): see :func:`odds`,
:func:`next_check_odds` and :func:`simulate`. Every choice the text leaves open is a field of
:class:`BoardRules`.

>>> from kit.boards import EventDeck, StandardBoard
>>> deck = EventDeck(seed=7)
>>> board = StandardBoard(deck.deal(4), goal=3, title="Disarm the bomb")
>>> board.length, board.goal
(4, 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..lazy import lazy_package

if TYPE_CHECKING:
    from .advice import advice
    from .base import Board, CheckRecord
    from .cards import (
        DEFAULT_THEMES,
        SUITS,
        Card,
        EventDeck,
        as_card,
        event_deck_cards,
        full_deck,
        ranks_deck,
    )
    from .chase import Chase
    from .checks import CheckDistribution, CheckSource, SkillPlan, autoplay
    from .contest import Contest
    from .impact import impact
    from .limit import LimitBoard
    from .luck import luck
    from .odds import BoardOdds, deal_odds, exchange_odds, next_check_odds, odds, simulate
    from .rules import BoardRules, skill_key
    from .standard import PreparationBoard, StandardBoard
    from .tuning import tune

#: Names loaded on first use, by the module that defines them: importing the package loads
#: none of the engine (see benchmarks/bench_combat.py, the import row).
_LAZY = {
    "Board": "base",
    "BoardOdds": "odds",
    "BoardRules": "rules",
    "Card": "cards",
    "Chase": "chase",
    "CheckDistribution": "checks",
    "CheckRecord": "base",
    "CheckSource": "checks",
    "Contest": "contest",
    "DEFAULT_THEMES": "cards",
    "EventDeck": "cards",
    "LimitBoard": "limit",
    "PreparationBoard": "standard",
    "SUITS": "cards",
    "SkillPlan": "checks",
    "StandardBoard": "standard",
    "as_card": "cards",
    "autoplay": "checks",
    "advice": "advice",
    "luck": "luck",
    "deal_odds": "odds",
    "event_deck_cards": "cards",
    "exchange_odds": "odds",
    "full_deck": "cards",
    "next_check_odds": "odds",
    "odds": "odds",
    "ranks_deck": "cards",
    "impact": "impact",
    "simulate": "odds",
    "skill_key": "rules",
    "tune": "tuning",
}

#: Names that are both a submodule and the function it defines: importing the submodule (as
#: any sibling may) binds the package's name to the module, and the package puts the
#: function back, as the eager imports did (:func:`kit.lazy.lazy_package`).
_SHADOWED = frozenset({"advice", "impact", "luck", "odds"})


__getattr__, __dir__ = lazy_package(__name__, _LAZY, _SHADOWED)


__all__ = [
    "DEFAULT_THEMES",
    "SUITS",
    "Board",
    "BoardOdds",
    "BoardRules",
    "Card",
    "Chase",
    "CheckDistribution",
    "CheckRecord",
    "CheckSource",
    "Contest",
    "EventDeck",
    "LimitBoard",
    "PreparationBoard",
    "SkillPlan",
    "StandardBoard",
    "advice",
    "as_card",
    "autoplay",
    "deal_odds",
    "event_deck_cards",
    "exchange_odds",
    "full_deck",
    "impact",
    "loads",
    "luck",
    "next_check_odds",
    "odds",
    "ranks_deck",
    "simulate",
    "skill_key",
    "tune",
]


def loads(text: str | bytes) -> Board[Any]:
    """Load any board saved with ``to_json()`` (the file says which kind it is)."""
    import json

    from ..errors import SaveFileError
    from .chase import Chase
    from .contest import Contest
    from .limit import LimitBoard
    from .standard import PreparationBoard, StandardBoard

    try:
        fmt = json.loads(text).get("format", "")
    except (ValueError, AttributeError):
        raise SaveFileError("a board save must be a JSON object with a 'format' field") from None
    kind = (
        fmt.rsplit("/", 1)[-1] if isinstance(fmt, str) and fmt.startswith("gm-kit/board/") else ""
    )
    kinds = {cls.KIND: cls for cls in (StandardBoard, LimitBoard, Contest, Chase, PreparationBoard)}
    if kind not in kinds:
        raise SaveFileError(
            f"not a board save: format {fmt!r}; expected gm-kit/board/<kind> with kind "
            f"one of {', '.join(sorted(kinds))}"
        )
    return kinds[kind].from_json(text)
