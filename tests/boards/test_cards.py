"""The event deck and cards."""

from __future__ import annotations

from collections import Counter

import pytest

from kit.boards import Card, EventDeck, full_deck, ranks_deck
from kit.errors import IllegalAction, InvalidInput, SaveFileError


def test_new_deck_holds_the_4s_to_8s_of_four_suits():
    deck = EventDeck(seed=1)
    assert len(deck) == 20
    cards = deck.deal(20)
    assert Counter(c.rank for c in cards) == {4: 4, 5: 4, 6: 4, 7: 4, 8: 4}
    assert Counter(c.suit for c in cards) == {"spades": 5, "hearts": 5, "diamonds": 5, "clubs": 5}
    assert len(set(cards)) == 20


def test_same_seed_same_order_and_other_seed_other_order():
    a = [EventDeck(seed=5).draw() for _ in range(1)]
    assert EventDeck(seed=5).deal(20) == EventDeck(seed=5).deal(20)
    assert EventDeck(seed=5).deal(20) != EventDeck(seed=6).deal(20)
    assert a[0] == EventDeck(seed=5).draw()


def test_draw_without_replacement_then_reshuffle_discards():
    deck = EventDeck(seed=2)
    first = deck.deal(20)
    assert len(deck) == 0
    with pytest.raises(IllegalAction, match="empty"):
        deck.draw()
    deck.discard(first[:5])
    again = deck.deal(5)
    assert sorted(again) == sorted(first[:5])
    assert deck.history == first + again


def test_discard_only_cards_that_are_out():
    deck = EventDeck(seed=2)
    card = deck.draw()
    other = next(c for c in deck.remaining() if c != card)
    before = deck.to_json()
    with pytest.raises(IllegalAction, match="not out"):
        deck.discard([other])
    assert deck.to_json() == before


def test_deck_undo_and_round_trip():
    deck = EventDeck(seed=9, themes={"hearts": "Romance and rivalry"})
    deck.deal(3)
    deck.discard(deck.out[:1])
    copy = EventDeck.from_json(deck.to_json())
    assert copy == deck and copy.out == deck.out and copy.discards == deck.discards
    assert copy.theme(Card(5, "hearts")) == "Romance and rivalry"
    deck.undo()
    deck.undo()
    assert len(deck) == 20 and deck.history == []


def test_deck_save_that_lies_is_refused():
    deck = EventDeck(seed=3)
    deck.draw()
    text = deck.to_json().replace('"rank": ' + str(deck.out[0].rank), '"rank": 99', 1)
    with pytest.raises(SaveFileError):
        EventDeck.from_json(text)


def test_hand_built_decks():
    assert len(EventDeck(seed=1, cards=full_deck())) == 52
    low = full_deck(ace="low")
    assert Card(1, "spades") in low and Card(14, "spades") not in low
    assert len(EventDeck(seed=1, cards=ranks_deck(range(2, 11)))) == 36


def test_dealing_more_than_the_deck_holds_says_what_is_left_and_what_to_do():
    deck = EventDeck(seed=3)
    deck.deal(20)
    before = deck.to_json()
    with pytest.raises(IllegalAction) as err:
        deck.deal(4)
    text = str(err.value)
    assert "0 card(s) left" in text and "from 1 to 0" not in text
    assert "discard" in text and "new EventDeck" in text
    assert deck.to_json() == before
    deck.discard(deck.out[:2])
    with pytest.raises(IllegalAction, match="2 card\\(s\\) left"):
        deck.deal(3)
    assert len(deck.deal(2)) == 2


def test_a_card_outside_the_deck_is_refused_naming_the_field_and_the_deck():
    deck = EventDeck(seed=2)
    deck.draw()
    before = deck.to_json()
    # the default deck holds the 4s to 8s: a 3 or a king is not one of its cards
    for foreign in ("3H", Card(13, "spades"), 6):
        with pytest.raises(InvalidInput) as err:
            deck.discard([foreign])
        assert "cards[0]" in str(err.value) and "not a card of this deck" in str(err.value)
        assert "4\u2660" in str(err.value) and "8\u2663" in str(err.value)
        assert deck.to_json() == before


def test_a_saved_deck_discarding_a_card_outside_the_deck_is_refused():
    import json

    deck = EventDeck(seed=2)
    deck.draw()
    deck.discard(deck.out)
    raw = json.loads(deck.to_json())
    raw["data"]["events"][-1]["data"]["cards"] = [{"rank": 12, "suit": "hearts"}]
    with pytest.raises(SaveFileError, match="not a card of this deck"):
        EventDeck.from_json(json.dumps(raw))
