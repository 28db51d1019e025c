"""The event deck and cards."""

from __future__ import annotations

from collections import Counter

import pytest

from kit.boards import Card, EventDeck, as_card, full_deck, ranks_deck
from kit.errors import IllegalAction, InvalidInput, InvalidType, SaveFileError


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


def test_card_text_forms_and_labels():
    assert as_card("7H") == Card(7, "hearts")
    assert as_card("Q\u2660") == Card(12, "spades")
    assert as_card("10d") == Card(10, "diamonds")
    assert as_card(6) == Card(6)
    assert Card(12, "hearts").label == "Q\u2665" and Card(12, "hearts").red
    assert not Card(5, "clubs").red and Card(5).label == "5"


@pytest.mark.parametrize("bad", ["7X", "", "Z"])
def test_bad_card_text(bad):
    with pytest.raises(InvalidInput, match="not a card"):
        as_card(bad)


def test_bad_card_values():
    with pytest.raises(InvalidInput, match="suit"):
        Card(5, "stars")
    with pytest.raises(InvalidInput, match="rank"):
        Card(15, "hearts")
    with pytest.raises(InvalidType):
        as_card(5.5)
    with pytest.raises(InvalidInput, match="themes suit"):
        EventDeck(seed=1, themes={"cups": "x"})


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


def test_a_board_card_value_outside_the_deck_is_refused_naming_the_field_and_the_range():
    from kit.boards import Chase, LimitBoard, StandardBoard

    # a playing card shows 1 (ace low) to 14 (ace high); the event deck holds 4 to 8
    for make in (
        lambda: StandardBoard([4, 5, 60], goal=2),
        lambda: LimitBoard([4, 5, 60], need=2),
        lambda: Chase([4, 5, 6, 7, 60]),
    ):
        with pytest.raises(InvalidInput) as err:
            make()
        text = str(err.value)
        assert "60" in text and "outside the deck" in text and "1 (ace low) to 14" in text
    with pytest.raises(InvalidInput, match=r"cards\[2\] is 0, outside the deck"):
        StandardBoard([4, 5, 0], goal=2)
    with pytest.raises(InvalidInput, match=r"cards\[1\]\.rank is 15, outside the deck"):
        StandardBoard([4, {"rank": 15, "suit": None}, 6], goal=2)
    with pytest.raises(InvalidInput, match="outside the deck"):
        EventDeck(cards=[4, 5, 99])
    # the edges of the deck are cards: ace low and ace high
    assert [c.value for c in StandardBoard([1, 14, 8], goal=2).cards] == [1, 14, 8]
