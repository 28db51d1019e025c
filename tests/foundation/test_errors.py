"""The kit's errors (kit.errors): caught as Python's own exceptions, and each message raised
through them names the field, the value and what is allowed."""

from __future__ import annotations

import warnings

import pytest

from kit import errors, validate
from kit.dice import parse
from kit.regulus import Job, Operative


def _job():
    return Job("heist", 3, 4, [Operative("Ash", "Thief")], seed=1)


def test_bad_input_is_a_value_error_naming_field_value_and_range():
    with pytest.raises(ValueError) as caught:  # a caller who knows only Python's errors
        Job("heist", 9, 4, [Operative("Ash", "Thief")], seed=1)
    message = str(caught.value)
    assert isinstance(caught.value, errors.InvalidInput)
    assert "difficulty" in message and "9" in message and "from" in message


def test_a_wrong_type_is_a_type_error_naming_the_field():
    with pytest.raises(TypeError, match="flag must be True or False, got 'yes'") as caught:
        validate.boolean("flag", "yes")
    assert isinstance(caught.value, errors.InvalidType)


def test_an_illegal_action_leaves_the_game_as_it_was():
    job = _job()
    job.roll(7)
    before = job.to_json()
    with pytest.raises(errors.IllegalAction):  # no Knockout is waiting for an answer
        job.decide_knockout("Nobody")
    assert job.to_json() == before


def test_a_fixed_field_is_also_an_attribute_error():
    job = _job()
    with pytest.raises(AttributeError) as caught:
        job.difficulty = 5
    assert isinstance(caught.value, errors.FixedField) and "difficulty" in str(caught.value)
    assert job.difficulty == 3


def test_a_bad_dice_expression_is_a_dice_error_quoting_it():
    with pytest.raises(errors.DiceError, match="2x6"):
        parse("2x6")


def test_an_unreadable_save_is_a_save_file_error_and_still_bad_input():
    with pytest.raises(errors.InvalidInput) as caught:
        Job.from_json("{not json")
    assert isinstance(caught.value, errors.SaveFileError)


def test_a_kit_warning_can_be_made_an_error():
    with warnings.catch_warnings():
        warnings.simplefilter("error", errors.KitWarning)
        with pytest.raises(errors.KitWarning, match="Face"):
            Operative("Vex", "Fcae")


@pytest.mark.parametrize(
    "attempt, kind",
    [
        (lambda: validate.integer("n", "x"), errors.InvalidType),
        (lambda: validate.integer("n", 5, 0, 3), errors.InvalidInput),
        (lambda: _job().undo(), errors.IllegalAction),
    ],
)
def test_every_kit_error_is_one_except_clause_away(attempt, kind):
    with pytest.raises(errors.KitError) as caught:
        attempt()
    assert type(caught.value) is kind
