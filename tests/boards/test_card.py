"""One playing card (kit.boards.card): the forms a GM may type, labels and the values a card shows."""

from __future__ import annotations

import pytest

from kit.boards import Card, EventDeck, StandardBoard, as_card
from kit.errors import InvalidInput, InvalidType


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


def test_a_board_card_value_outside_the_deck_is_refused_naming_the_field_and_the_range():
    from kit.boards import Chase, LimitBoard

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
