"""A handout's options (kit.handouts.options): each checked where it enters, refused with the
kit's error naming the field, and the players' record never given beside what it replaces."""

from __future__ import annotations

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.handouts.options import HandoutOptions, check_options
from kit.successors.knowledge import Knowledge

NONE = {
    "sensors": None,
    "sig_class": None,
    "decoys_as": None,
    "current_orbit": None,
    "reveal": None,
    "route": None,
    "figures": False,
    "knowledge": None,
    "name": None,
}


def options(**given: object) -> HandoutOptions:
    return check_options(**(NONE | given))  # type: ignore[arg-type]


def test_no_options_give_the_defaults():
    assert options() == HandoutOptions()


def test_accepted_options_are_kept_in_their_checked_form():
    got = options(sensors=3, current_orbit=2, reveal=["Ana", 2], decoys_as={"Decoy": "Cruiser"})
    assert (got.sensors, got.current_orbit, got.reveal) == (3, 2, ("Ana", 2))
    assert got.decoys_as == {"Decoy": "Cruiser"}


@pytest.mark.parametrize(
    ("field", "value", "error", "says"),
    [
        ("sensors", -1, InvalidInput, "sensors"),
        ("sensors", 100, InvalidInput, "sensors"),
        ("current_orbit", 0, InvalidInput, "current_orbit"),
        ("reveal", "Ana", InvalidType, "reveal must be a list"),
        ("figures", "yes", InvalidType, "figures"),
        ("knowledge", {"notes": []}, InvalidType, "knowledge must be a"),
    ],
)
def test_a_bad_option_is_refused_naming_its_field(field, value, error, says):
    with pytest.raises(error, match=says):
        options(**{field: value})


def test_the_record_is_not_given_beside_the_arguments_it_replaces():
    record = Knowledge()
    assert options(knowledge=record).knowledge is record
    with pytest.raises(
        InvalidInput, match="either knowledge= or sensors=, current_orbit=, not both"
    ):
        options(knowledge=record, sensors=2, current_orbit=1)
