"""Options for the Successors builders (kit.successors.rules): the text's numbers as defaults,
every choice a documented field, and a bad value refused with the field's name."""

from __future__ import annotations

import dataclasses

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.successors import Entity
from kit.successors.rules import DEFAULT_RULES, Finding, SuccessorsRules


def test_the_defaults_are_the_texts_dice_and_the_rulings():
    # "roll 2d6 and add 3" points for a character; "a 5 and a 2, plus 25" RU for its fleet
    assert DEFAULT_RULES.ability_points == "2d6+3"
    assert DEFAULT_RULES.starting_ru == "2d6+25"
    # ruling 2: a split controller gives each die its whole split; Control rank ships at most
    assert DEFAULT_RULES.whole_split_control and DEFAULT_RULES.control_limit_per_rank == 1
    assert SuccessorsRules() == DEFAULT_RULES


def test_rules_round_trip_through_their_plain_form():
    changed = SuccessorsRules(
        ability_points="3d6", whole_split_control=False, project_min_hits=0, feral_mating_ru=4
    )
    raw = changed.to_dict()
    assert raw["ability_points"] == "3d6" and raw["whole_split_control"] is False
    assert set(raw) == {f.name for f in dataclasses.fields(SuccessorsRules)}
    assert SuccessorsRules.from_dict(raw) == changed
    assert SuccessorsRules.from_dict({}) == DEFAULT_RULES


def test_ability_points_drive_generation():
    # 1d6 points (1..6) spread on top of a 1 in each ability: never more than 5 + 6 ranks
    few = SuccessorsRules(ability_points="1d6")
    for seed in range(20):
        e = Entity.generate("X", seed=seed, rules=few)
        assert 1 <= e.points <= 6 and e.total_ranks == 5 + e.points


@pytest.mark.parametrize(
    "field, value, error",
    [
        ("project_ru_per_success", 0, InvalidInput),
        ("build_ru_per_success", 1001, InvalidInput),
        ("project_min_hits", -1, InvalidInput),
        ("control_limit_per_rank", 101, InvalidInput),
        ("whole_split_control", "yes", InvalidType),
        ("facet_cap_is_total_ranks", 1, InvalidType),
        ("feral_mating_ru", 2.5, InvalidType),
    ],
)
def test_a_bad_option_names_its_field(field, value, error):
    with pytest.raises(error, match=field):
        SuccessorsRules(**{field: value})


def test_bad_dice_and_unknown_fields_are_refused():
    with pytest.raises(InvalidInput):
        SuccessorsRules(ability_points="two dice")
    with pytest.raises(InvalidInput, match="spawn_may_lower"):
        SuccessorsRules.from_dict({"spawn_may_lower": True})
    with pytest.raises(InvalidType, match="rules"):
        SuccessorsRules.from_dict(["2d6+3"])


def test_a_finding_reads_as_its_message():
    f = Finding("over_budget", "spends 34 RU of 32")
    assert str(f) == "spends 34 RU of 32" and f.code == "over_budget"
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.code = "other"  # type: ignore[misc]
