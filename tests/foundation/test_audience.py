"""Who a view is for (kit.audience): the GM or the players, checked once where it enters."""

from __future__ import annotations

import pytest

from kit.audience import AUDIENCES, GM, PLAYER, audience
from kit.errors import InvalidInput, InvalidType


def test_the_two_audiences_check_as_themselves():
    assert AUDIENCES == ("gm", "player") == (GM, PLAYER)
    assert audience("gm") == GM and audience("player") == PLAYER


@pytest.mark.parametrize("value", ["GM", "Player", "players", "everyone", "", " gm"])
def test_any_other_text_is_refused_naming_the_field_the_value_and_the_choices(value):
    with pytest.raises(InvalidInput) as info:
        audience(value, field="view")
    assert str(info.value) == f"view must be one of 'gm', 'player'; got {value!r}"


@pytest.mark.parametrize("value", [None, 1, True, ["gm"]])
def test_a_value_that_is_not_text_is_a_type_error(value):
    with pytest.raises(InvalidType, match=r"audience must be a string, 'gm' or 'player'"):
        audience(value)
