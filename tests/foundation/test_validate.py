"""Field checks (kit.validate): each refusal is the kit's error naming the field, the value and
what is allowed, and a :class:`~kit.validate.Field` keeps its object valid after a refusal."""

from __future__ import annotations

import pytest

from kit import limits, validate
from kit.errors import FixedField, InvalidInput, InvalidType


@pytest.mark.parametrize("value", [1e30, 1e308, -1e30, float(2**63), 10**30, -(2**64)])
def test_validate_integer_refuses_out_of_budget_values(value):
    with pytest.raises(InvalidInput, match="seed"):
        validate.integer("seed", value)


@pytest.mark.parametrize("value", [0.5, float("nan"), float("inf"), "3", None, True])
def test_validate_integer_refuses_non_integers(value):
    with pytest.raises(InvalidType, match="seed"):
        validate.integer("seed", value)


def test_validate_integer_keeps_whole_floats_and_64_bit_ints():
    assert validate.integer("n", 5.0) == 5
    assert validate.integer("n", limits.MAX_INT) == limits.MAX_INT
    assert validate.integer("n", -limits.MAX_INT) == -limits.MAX_INT


def test_validate_number_refuses_a_huge_int():
    with pytest.raises(InvalidInput, match="x must be a finite number"):
        validate.number("x", 10**400)


def test_validate_text_refuses_a_lone_surrogate():
    with pytest.raises(InvalidInput, match=r"name .*surrogate"):
        validate.text("name", "Vex\ud800")


def test_choice_lists_what_is_allowed():
    assert validate.choice("job type", "heist", ["heist", "con"]) == "heist"
    with pytest.raises(InvalidInput) as caught:
        validate.choice("job type", "hiest", ["heist", "con"])
    assert str(caught.value) == "job type must be one of 'heist', 'con'; got 'hiest'"
    with pytest.raises(InvalidInput, match="job type"):
        validate.choice("job type", ["heist"], ["heist"])  # unhashable: still the kit's error


@pytest.mark.parametrize("value, expected", [(" 12 ", 12), ("-3", -3), ("+4", 4), (7.0, 7), (5, 5)])
def test_whole_number_reads_what_a_person_types(value, expected):
    assert validate.whole_number("count", value) == expected


@pytest.mark.parametrize(
    "value", [None, "", "  ", "abc", "\u00b2", "1.5", 1.5, True, [1], "1" * 20]
)
def test_whole_number_refuses_the_rest_in_one_wording(value):
    with pytest.raises(InvalidInput, match=r"^count must be a whole number from 0 to 9, got"):
        validate.whole_number("count", value, 0, 9)


def test_whole_number_out_of_range_names_the_range_and_value():
    with pytest.raises(InvalidInput, match="count must be a whole number from 1 to 6, got 7"):
        validate.whole_number("count", "7", 1, 6)


def test_real_number_reads_text_and_refuses_what_is_not_finite():
    assert validate.real_number("budget", " 32.5 ") == 32.5
    for bad in ("abc", None, "inf", "nan", True):
        with pytest.raises(InvalidInput, match="budget must be a"):
            validate.real_number("budget", bad)


def test_text_length_and_emptiness():
    assert validate.text("name", "x" * 5, max_len=5) == "xxxxx"
    with pytest.raises(InvalidInput, match="name must be at most 5 characters, got 6"):
        validate.text("name", "x" * 6, max_len=5)
    with pytest.raises(InvalidInput, match="name"):
        validate.text("name", "")
    assert validate.text("name", "", allow_empty=True) == ""
    with pytest.raises(InvalidType, match="name"):
        validate.text("name", 5)


def test_keys_unknown_and_missing_are_named():
    with pytest.raises(
        InvalidInput, match="job has unknown field\\(s\\) 'colour'; known fields are a, b"
    ):
        validate.no_unknown_keys("job", {"a": 1, "colour": 2}, ["b", "a"])
    with pytest.raises(InvalidInput, match="job is missing required field\\(s\\) 'b'"):
        validate.require_keys("job", {"a": 1}, ["a", "b"])


def test_shown_never_repeats_a_huge_value():
    assert validate.shown("x" * 100, 8) == "'xxxxxxxx...' (100 characters)"
    assert validate.shown(list(range(1000))) == "a list of 1000 items"
    assert validate.shown({"a": 1}) == "an object of 1 field"
    assert validate.shown(10**100) == "a 101-digit number"


class _Sheet:
    name = validate.Field(validate.text, max_len=5)
    size = validate.Field(validate.integer, lo=1, hi=3, fixed=True)

    def __init__(self, name, size):
        self.changes = 0
        self.name = name
        self.size = size

    def _changed(self):
        self.changes += 1


def test_a_field_refuses_like_the_constructor_and_keeps_the_old_value():
    sheet = _Sheet("Ash", 2)
    with pytest.raises(InvalidInput, match="name must be at most 5 characters"):
        sheet.name = "Ashleigh"
    assert sheet.name == "Ash"
    with pytest.raises(InvalidInput, match="size must be an integer from 1 to 3, got 4"):
        _Sheet("Ash", 4)


def test_a_fixed_field_is_set_once_and_a_change_tells_the_observers():
    sheet = _Sheet("Ash", 2)
    assert sheet.changes == 1  # the name told them; the fixed size does not
    sheet.name = "Oro"
    assert sheet.changes == 2
    with pytest.raises(FixedField, match=r"_Sheet\.size is fixed"):
        sheet.size = 3
    with pytest.raises(AttributeError):  # a FixedField is an AttributeError too
        del sheet.size
    assert sheet.size == 2
    assert set(validate.fields_of(_Sheet)) == {"name", "size"}
