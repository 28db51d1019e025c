"""One playing card: the :class:`Card` type and reading a card from what a GM types.

A card is given as a :class:`Card`, a plain int (a difficulty without a suit), text such as
``"7H"`` or ``"Q\u2660"``, or a ``{"rank": ..., "suit": ...}`` dict; :func:`as_card` reads any
of them and refuses, naming the field, anything that is not a card: a value no playing card
shows (:func:`card_value`), an unknown suit, text that is not a card.

>>> as_card("10D"), as_card(7), as_card({"rank": 12, "suit": "spades"})
(Card(10, 'diamonds'), Card(7), Card(12, 'spades'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, Union

import numpy as np

from .. import validate
from ..errors import InvalidInput, InvalidType

__all__ = [
    "EVENT_RANKS",
    "MAX_CARD_VALUE",
    "MIN_CARD_VALUE",
    "RED_SUITS",
    "SUITS",
    "SUIT_SYMBOLS",
    "Card",
    "CardLike",
    "as_card",
    "card_list",
    "card_value",
]

#: Suits in the order the kit lists them.
SUITS = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = {"spades": "\u2660", "hearts": "\u2665", "diamonds": "\u2666", "clubs": "\u2663"}
RED_SUITS = frozenset({"hearts", "diamonds"})
#: The ranks of the default event deck.
EVENT_RANKS = (4, 5, 6, 7, 8)
#: The lowest and highest value a card shows (ace low, ace high).
MIN_CARD_VALUE, MAX_CARD_VALUE = 1, 14
_FACES = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}
_FACE_VALUES = {"A": 14, "J": 11, "Q": 12, "K": 13}
_SYMBOL_SUITS = {v: k for k, v in SUIT_SYMBOLS.items()}
_LETTER_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_TEXT_CARD = re.compile(
    r"^\s*(10|[2-9]|[AJQK]|1[1-4]|1)\s*([SHDC\u2660\u2665\u2666\u2663])?\s*$", re.IGNORECASE
)


@dataclass(frozen=True, order=True)
class Card:
    """A playing card; ``rank`` is the difficulty it sets (ace high is 14, ace low 1).

    A card without a suit (``suit=None``) is a plain difficulty number, which is how a board
    built from plain ints stores its cards. Either way the value is one a playing card shows,
    1 (ace low) to 14 (ace high): a value outside the deck is refused (a slot harder or easier
    than any card is a card plus a modifier).
    """

    rank: int
    """The card's number: 2..10, 11 (J), 12 (Q), 13 (K), 14 or 1 (A)."""
    suit: str | None = None
    """One of :data:`SUITS`, or ``None`` for a plain number."""

    def __post_init__(self) -> None:
        if self.suit is not None:
            validate.choice("card suit", self.suit, SUITS)
        card_value("card rank", self.rank)

    @property
    def value(self) -> int:
        """The difficulty this card sets."""
        return self.rank

    @property
    def symbol(self) -> str:
        """The suit symbol (empty for a plain number)."""
        return SUIT_SYMBOLS.get(self.suit, "") if self.suit else ""

    @property
    def red(self) -> bool:
        """Whether the card is printed in red (hearts, diamonds)."""
        return self.suit in RED_SUITS

    @property
    def face(self) -> str:
        """The rank as printed on the card: ``"7"``, ``"Q"``, ``"A"``."""
        return _FACES.get(self.rank, str(self.rank)) if self.suit else str(self.rank)

    @property
    def label(self) -> str:
        """Short text such as ``"7\u2665"``."""
        return self.face + self.symbol

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return {"rank": self.rank, "suit": self.suit}

    def view(self) -> dict[str, Any]:
        """What a renderer needs to draw the card."""
        return {
            "rank": self.rank,
            "suit": self.suit,
            "face": self.face,
            "symbol": self.symbol,
            "red": self.red,
            "label": self.label,
        }

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Card({self.rank!r}, {self.suit!r})" if self.suit else f"Card({self.rank!r})"


def card_value(field: str, value: object) -> int:
    """``value`` as a card's value (1 to 14), or the kit's error naming ``field``.

    >>> card_value("cards[2]", 20)
    Traceback (most recent call last):
    ...
    kit.errors.InvalidInput: cards[2] is 20, outside the deck: a card's value is 1 (ace low) to 14 (ace high): 2 to 10, J 11, Q 12, K 13 (the event deck holds 4 to 8); make a slot harder or easier with a modifier
    """
    n = validate.integer(field, value)
    if not MIN_CARD_VALUE <= n <= MAX_CARD_VALUE:
        raise InvalidInput(
            f"{field} is {n!r}, outside the deck: a card's value is {MIN_CARD_VALUE} (ace low) "
            f"to {MAX_CARD_VALUE} (ace high): 2 to 10, J 11, Q 12, K 13 (the event deck holds "
            f"{EVENT_RANKS[0]} to {EVENT_RANKS[-1]}); make a slot harder or easier with a modifier"
        )
    return n


#: What a card may be given as: a :class:`Card`, a plain int (a difficulty without a suit), text
#: such as ``"7H"``, or a ``{"rank": ..., "suit": ...}`` dict (see :func:`as_card`).
CardLike = Union[Card, int, "np.integer[Any]", str, Mapping[str, object]]


def as_card(value: object, field: str = "card") -> Card:
    """Accept a :class:`Card`, a plain int, text such as ``"7H"``/``"Q\u2660"``, or a dict."""
    if isinstance(value, Card):
        return value
    if isinstance(value, Mapping):
        validate.no_unknown_keys(field, value, ("rank", "suit"))
        return Card(card_value(f"{field}.rank", value.get("rank")), value.get("suit"))
    if isinstance(value, str):
        m = _TEXT_CARD.match(value)
        if not m:
            raise InvalidInput(
                f"{field} {value!r} is not a card; write a rank and a suit such as '7H', 'Q\u2660' or '10D'"
            )
        r, s = m.group(1).upper(), m.group(2)
        rank = _FACE_VALUES.get(r) or int(r)
        suit = None if s is None else _SYMBOL_SUITS.get(s) or _LETTER_SUITS[s.upper()]
        return Card(rank, suit)
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidType(f"{field} must be a Card, an int or text such as '7H', got {value!r}")
    return Card(card_value(field, int(value)))


_C = TypeVar("_C")


def card_list(field: str, cards: Iterable[_C]) -> list[_C]:
    """The items of a list of cards, refusing a single value, text or a mapping in its place."""
    if isinstance(cards, (str, bytes, Mapping)) or not isinstance(cards, Iterable):
        raise InvalidType(
            f"{field} must be a list of cards (Card, int or text such as '7H'), "
            f"got {type(cards).__name__} {cards!r:.40}"
        )
    return list(cards)
