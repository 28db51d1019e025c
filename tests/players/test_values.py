"""The players' values (kit.players.values): frozen plain data, and the few answers they give
themselves (when a note was written, jumps counted over the routes the players know)."""

from __future__ import annotations

import dataclasses

import pytest

from kit.players import KnownNote, project
from tests.factories import make_campaign


def test_a_note_says_when_by_day_else_by_date_else_nothing():
    assert KnownNote("x", day=3).when == "day 3"
    assert KnownNote("x", day=0, date="Thaw 4").when == "day 0"  # day 0 is a day
    assert KnownNote("x", date="Thaw 4").when == "Thaw 4"
    assert KnownNote("x").when == ""


def test_the_values_are_frozen():
    note = KnownNote("The beacon blinks twice.")
    with pytest.raises(dataclasses.FrozenInstanceError):
        note.text = "changed"  # type: ignore[misc]


def test_jumps_are_counted_over_the_known_routes_only():
    camp = make_campaign()
    sector = project(camp.sectors["Line"], camp.knowledge)
    # the players flew Ana - Bel only: Cor is unknown, so it is not a jump away from anything
    assert sector.jumps("Ana") == {"Ana": 0, "Bel": 1}
    assert sector.jumps("Cor") == {} and sector.system("Cor") is None
    camp.knowledge.travelled(("Bel", "Cor"))
    sector = project(camp.sectors["Line"], camp.knowledge)
    assert sector.jumps("Ana") == {"Ana": 0, "Bel": 1, "Cor": 2}
    assert sector.system("Cor") is not None and sector.system("Cor").name == "Cor"
