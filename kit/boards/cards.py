"""Playing cards and the Dealer's event deck.

A :class:`Card` is a rank and a suit; its rank is the difficulty it sets on a board. The
default :class:`EventDeck` holds the 4s to 8s of the four suits (20 cards), shuffled from a
seed. Cards are drawn without replacement; discarded cards go to a discard pile that is
shuffled back in when the draw pile runs out. Each suit carries a narrative theme the GM may
rewrite, to colour what happens when a card of that suit turns up.

A GM with house rules builds any deck by hand: ``EventDeck(cards=full_deck())`` plays with
all 52 cards, ``EventDeck(cards=ranks_deck(range(2, 11)))`` with the 2s to 10s.

The deck is an event log like every game in the kit: draws and discards are events, the
piles are derived by replaying them from the seed, so the deck undoes, saves and loads
without losing anything and the same seed always deals the same cards.

>>> deck = EventDeck(seed=3)
>>> len(deck)
20
>>> card = deck.draw()
>>> len(deck), card.rank in (4, 5, 6, 7, 8)
(19, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypedDict

from .. import store, validate
from ..errors import IllegalAction, InvalidInput, InvalidType, SaveFileError
from ..log import Event, EventLog, Observable
from ..rng import SeedLike, make_rng, step_rng
from .card import (
    EVENT_RANKS,
    MAX_CARD_VALUE,
    MIN_CARD_VALUE,
    RED_SUITS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardLike,
    as_card,
    card_list,
    card_value,
)

if TYPE_CHECKING:
    from ..dice import Dice
    from .rules import BoardRules

__all__ = [
    "DEFAULT_THEMES",
    "MAX_CARD_VALUE",
    "MIN_CARD_VALUE",
    "RED_SUITS",
    "SUITS",
    "SUIT_SYMBOLS",
    "BoardSetup",
    "Card",
    "CardLike",
    "EventDeck",
    "PoolLike",
    "as_card",
    "card_list",
    "card_value",
    "event_deck_cards",
    "full_deck",
    "ranks_deck",
]

#: Default narrative themes; a GM may give a deck other ones.
DEFAULT_THEMES = {
    "spades": "Danger and force: something breaks, strikes or gives way.",
    "hearts": "People: a bystander, an ally or a rival changes the scene.",
    "diamonds": "Resources: money, tools or time are gained, spent or lost.",
    "clubs": "Craft and obstacles: the environment or the mechanism pushes back.",
}


def ranks_deck(ranks: Iterable[int], suits: Sequence[str] = SUITS) -> list[Card]:
    """Every suit of every rank in ``ranks`` (a hand-built deck for house rules)."""
    return [Card(int(r), s) for s in suits for r in ranks]


def event_deck_cards() -> list[Card]:
    """The default event deck: 4s to 8s of the four suits (20 cards)."""
    return ranks_deck(EVENT_RANKS)


def full_deck(ace: str = "high") -> list[Card]:
    """All 52 cards; ``ace="high"`` counts aces as 14, ``"low"`` as 1."""
    validate.choice("ace", ace, ("high", "low"))
    return ranks_deck([*range(2, 14), 14 if ace == "high" else 1])


@dataclass(frozen=True)
class _Piles:
    pile: tuple[Card, ...]  # draw pile, top is the last item
    out: tuple[Card, ...]  # drawn and not discarded, in draw order
    discards: tuple[Card, ...]
    shuffles: int  # how many reshuffles so far


class EventDeck(Observable):
    """The Dealer's event deck: seeded shuffle, draws, discards and reshuffles as events.

    Args:
        seed: int, numpy Generator or None (a fresh seed is drawn and recorded).
        cards: the cards of the deck; default the 20-card event deck.
        themes: suit -> narrative theme; missing suits take :data:`DEFAULT_THEMES`.
    """

    KIND = "event-deck"
    VERSION = 1
    # fixed once the deck is made (see kit.validate.Field); themes is a read-only mapping
    cards: validate.Field[tuple[Card, ...]] = validate.Field(fixed=True)
    themes: validate.Field[Mapping[str, str]] = validate.Field(fixed=True)
    seed: validate.Field[int] = validate.Field(fixed=True)
    events: validate.Field[EventLog] = validate.Field(fixed=True)

    def __init__(
        self,
        seed: SeedLike = None,
        *,
        cards: Iterable[CardLike] | None = None,
        themes: Mapping[str, str] | None = None,
    ) -> None:
        items = event_deck_cards() if cards is None else card_list("cards", cards)
        self.cards = tuple(as_card(c, f"cards[{i}]") for i, c in enumerate(items))
        if not self.cards:
            raise InvalidInput("cards must hold at least one card")
        chosen = dict(DEFAULT_THEMES)
        for suit, theme in validate.mapping("themes", themes or {}).items():
            validate.choice("themes suit", suit, SUITS)
            chosen[suit] = validate.text(f"themes[{suit!r}]", theme, allow_empty=True)
        self.themes = MappingProxyType(chosen)
        _, self.seed = make_rng(seed)
        self.events = EventLog()
        self._piles = self._fresh()

    # ------------------------------------------------------------- replay
    def _shuffled(self, cards: Sequence[Card], n: int) -> tuple[Card, ...]:
        rng = step_rng(self.seed, n)
        order = rng.permutation(len(cards))
        return tuple(cards[i] for i in order)

    def _fresh(self) -> _Piles:
        return _Piles(self._shuffled(self.cards, 0), (), (), 0)

    def _step(self, p: _Piles, event: Event) -> _Piles:
        if event.kind == "draw":
            pile, discards, shuffles = p.pile, p.discards, p.shuffles
            if not pile:
                if not discards:
                    raise IllegalAction("the deck is empty: every card is out and none discarded")
                shuffles += 1
                pile, discards = self._shuffled(discards, shuffles), ()
            card = pile[-1]
            if "card" in event.data and as_card(event["card"]) != card:
                raise SaveFileError(f"deck replay drew {card} where the log says {event['card']}")
            return _Piles(pile[:-1], p.out + (card,), discards, shuffles)
        if event.kind == "discard":
            out = list(p.out)
            gone = []
            for i, raw in enumerate(validate.sequence("discard cards", event.get("cards"))):
                c = as_card(raw, f"discard cards[{i}]")
                self._refuse_foreign(f"discard cards[{i}]", c)
                if c not in out:
                    raise IllegalAction(
                        f"cannot discard {c}: it is not out of the deck (out: "
                        f"{', '.join(map(str, p.out)) or 'none'})"
                    )
                out.remove(c)
                gone.append(c)
            return _Piles(p.pile, tuple(out), p.discards + tuple(gone), p.shuffles)
        raise SaveFileError(f"unknown deck event {event.kind!r}")

    def _do(self, kind: str, **data: Any) -> Event:
        trial = Event(kind, data)
        new = self._step(self._piles, trial)
        if kind == "draw":
            data = {"card": new.out[-1].to_dict()}
        event = self.events.append(kind, **data)
        self._piles = new
        self._changed()
        return event

    # ------------------------------------------------------------- actions
    def draw(self) -> Card:
        """Draw the top card (reshuffling the discards first if the pile is empty)."""
        self._do("draw")
        return self._piles.out[-1]

    def deal(self, n: int) -> list[Card]:
        """Draw ``n`` cards as one undoable action (a board's row)."""
        left = len(self._piles.pile) + len(self._piles.discards)
        n = validate.integer("n", n, 1, None)
        if n > left:
            raise IllegalAction(
                f"cannot deal {n} card(s): the deck has {left} card(s) left to draw "
                f"({len(self._piles.pile)} in the pile, {len(self._piles.discards)} discarded, "
                f"{len(self._piles.out)} out); discard cards that are out with "
                "deck.discard(...) so a reshuffle brings them back, deal fewer, or start a "
                "new EventDeck"
            )
        before = self._piles
        try:
            with self.events.action():
                return [self.draw() for _ in range(n)]
        except BaseException:
            self._piles = before
            self._changed()
            raise

    def discard(self, cards: Iterable[CardLike]) -> None:
        """Put drawn cards on the discard pile (they come back at the next reshuffle)."""
        given = [as_card(c, f"cards[{i}]") for i, c in enumerate(card_list("cards", cards))]
        for i, c in enumerate(given):
            self._refuse_foreign(f"cards[{i}]", c)
        self._do("discard", cards=[c.to_dict() for c in given])

    def _refuse_foreign(self, field: str, card: Card) -> None:
        """Refuse a card that is not one of this deck's cards (a typo or another deck's card)."""
        if card not in self.cards:
            known = sorted(set(self.cards))
            shown = ", ".join(c.label for c in known[:60]) + (", ..." if len(known) > 60 else "")
            raise InvalidInput(
                f"{field} {card.label!r} is not a card of this deck; its cards are {shown}"
            )

    def undo(self) -> None:
        """Take back the last draw, deal or discard."""
        self.events.undo()
        self._piles = self._replay(self.events)
        self._changed()

    def _replay(self, events: Iterable[Event]) -> _Piles:
        p = self._fresh()
        for e in events:
            p = self._step(p, e)
        return p

    # ------------------------------------------------------------- reading
    def __len__(self) -> int:
        return len(self._piles.pile)

    @property
    def out(self) -> tuple[Card, ...]:
        """Cards drawn and not yet discarded."""
        return self._piles.out

    @property
    def discards(self) -> tuple[Card, ...]:
        """The discard pile."""
        return self._piles.discards

    @property
    def history(self) -> list[Card]:
        """Every card drawn so far, in order."""
        return [as_card(e["card"]) for e in self.events if e.kind == "draw"]

    def remaining(self) -> list[Card]:
        """Cards in the draw pile plus the discards: what a future draw may bring."""
        return list(self._piles.pile) + list(self._piles.discards)

    def theme(self, card: Card) -> str:
        """The narrative theme of ``card``'s suit (empty for a plain number)."""
        return self.themes.get(card.suit, "") if card.suit else ""

    # ------------------------------------------------------------- save/load
    def to_json(self) -> str:
        """Lossless versioned JSON (seed, cards, themes, events)."""
        return store.dumps(
            self.KIND,
            self.VERSION,
            {
                "seed": self.seed,
                "cards": [c.to_dict() for c in self.cards],
                "themes": dict(self.themes),
                "events": self.events.to_list(),
            },
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> EventDeck:
        """Load :meth:`to_json` output, replaying and checking every event."""
        raw = store.loads(text, cls.KIND, cls.VERSION)
        try:
            data = validate.mapping("deck", raw)
            validate.no_unknown_keys("deck", data, ("seed", "cards", "themes", "events"))
            deck = cls(seed=data.get("seed"), cards=data.get("cards"), themes=data.get("themes"))
            log = EventLog.from_list(data.get("events", []))
            deck._piles = deck._replay(log)
        except SaveFileError:
            raise
        except (InvalidInput, InvalidType, IllegalAction) as exc:
            raise SaveFileError(f"deck save is invalid: {exc}") from None
        validate.restore(deck, "events", log)
        return deck

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, EventDeck)
            and self.seed == other.seed
            and self.cards == other.cards
            and self.themes == other.themes
            and self.events == other.events
        )

    def __repr__(self) -> str:
        return f"EventDeck(seed={self.seed}, {len(self)} in pile, {len(self.out)} out, {len(self.discards)} discarded)"


#: The cards an unseen card may be, as the odds take them: an :class:`EventDeck` (its cards) or
#: a list of cards in any form :func:`as_card` reads; ``None`` where a default deck applies.
PoolLike = EventDeck | Iterable[CardLike] | None


class BoardSetup(TypedDict, total=False):
    """The constructor arguments :meth:`~kit.boards.base.Board.fork` may change; each kind takes its own
    (a standard board's ``goal``, a limit board's ``need`` and ``hidden``, a chase's ``role``,
    ``head_start``, ``npc_checks`` and ``seed``) and refuses the others."""

    cards: Iterable[CardLike]
    """The cards, slot by slot."""
    modifiers: Sequence[int] | Mapping[int, int] | None
    """Slot modifiers (a list, or slot -> modifier)."""
    rules: BoardRules | None
    """The board's rules options."""
    title: str
    """The board's title."""
    goal: int
    """A standard board's goal (successes needed)."""
    need: int
    """A limit board's need (successes needed before the limit)."""
    hidden: Iterable[int]
    """A limit board's face-down slots."""
    role: str
    """The players' role in a chase (``"escapee"`` or ``"pursuer"``)."""
    head_start: bool
    """Whether a chase's escapee starts on slot 2 instead of slot 1."""
    npc_checks: str | Dice | None
    """A chase's NPC checks (dice)."""
    seed: SeedLike
    """A chase's seed for the NPC's rolls."""
