"""The board rulings a GM can change, skill keys and the repeated-skill penalty (kit.boards.rules).

The text: "each use of a Specific Skill on a board increases the difficulty of using that same
Specific Skill on the board by +2 cumulatively. Using a General Skill without a Specific Skill
increases difficulty in the same way" (RULINGS Complex Tasks 2: a general skill alone is counted
on its own, not with its specific skills).
"""

from __future__ import annotations

import pytest

from kit.boards.rules import (
    BoardRules,
    modifiers_tuple,
    penalty,
    skill_counts,
    skill_key,
    tracked_key,
)
from kit.errors import InvalidInput, KitError


@pytest.mark.parametrize(
    "typed",
    [
        "Tinker: Repair",
        "tinker:repair",
        "  TINKER  :  Repair ",
        "Tinker - Repair",
        "Tinker \u2013 Repair",
    ],
)
def test_the_ways_of_writing_one_specific_skill_share_a_key(typed):
    assert skill_key(typed) == "tinker: repair"


def test_a_dash_inside_a_word_does_not_split_a_skill():
    # only a dash with spaces around it separates the general skill from the specific one
    assert skill_key("Sleight-of-Hand") == "sleight-of-hand"
    assert skill_key("Tinker") == "tinker" and skill_key(None) is None


@pytest.mark.parametrize("typed", ["Tinker", "Tinker:", "Tinker - ", "tinker \u2014"])
def test_a_general_skill_with_an_empty_specific_part_is_the_general_skill(typed):
    # a colon and a spaced dash split alike, also with nothing after them (a dash left at the
    # end was once kept, so "Tinker - " and "Tinker" were counted as two skills)
    assert skill_key(typed) == "tinker"


@pytest.mark.parametrize("bad", ["", "   ", ":", " - "])
def test_a_skill_name_without_a_skill_is_refused(bad):
    with pytest.raises(InvalidInput, match="skill"):
        skill_key(bad)


def test_the_penalty_is_two_per_earlier_use_of_the_same_skill():
    used = ["tinker: repair", "persuasion: calm", "tinker: repair", None, "tinker"]
    rules = BoardRules()
    assert penalty("Tinker: Repair", used, rules) == 4  # used twice before: +2 +2
    assert penalty("Persuasion: Calm", used, rules) == 2
    assert penalty("Tinker", used, rules) == 2  # the general skill alone counts on its own
    assert penalty("Stealth: Hide", used, rules) == 0  # a fresh skill
    assert penalty(None, used, rules) == 0  # no skill named: never a penalty
    assert penalty("Tinker: Repair", used, BoardRules(skill_penalty=3)) == 6


def test_a_table_that_does_not_track_general_skills():
    rules = BoardRules(track_general_skill=False)
    assert tracked_key("Tinker", rules) is None
    assert penalty("Tinker", ["tinker", "tinker"], rules) == 0
    assert tracked_key("Tinker: Repair", rules) == "tinker: repair"
    assert penalty("Tinker: Repair", ["tinker: repair"], rules) == 2


def test_skill_counts_leave_out_untracked_checks():
    assert skill_counts(["a: b", None, "a: b", "c"]) == {"a: b": 2, "c": 1}


def test_meeting_the_target_succeeds_unless_the_table_says_beat_it():
    assert BoardRules().succeeds(7, 7) and not BoardRules().succeeds(6, 7)
    beat = BoardRules(meet_target=False)
    assert not beat.succeeds(7, 7) and beat.succeeds(8, 7)


@pytest.mark.parametrize(
    "field, value",
    [
        ("skill_penalty", 21),
        ("skill_penalty", -1),
        ("npc_chance", 1.5),
        ("pursuer_faces", "middle"),
        ("meet_target", "yes"),
    ],
)
def test_bad_rules_are_refused_naming_the_field(field, value):
    with pytest.raises(KitError, match=f"rules.{field}"):
        BoardRules(**{field: value})


def test_rules_round_trip_and_refuse_an_unknown_field():
    rules = BoardRules(skill_penalty=1, meet_target=False, npc_chance=0.25, pursuer_faces="goal")
    assert BoardRules.from_dict(rules.to_dict()) == rules
    with pytest.raises(InvalidInput, match="penalty"):
        BoardRules.from_dict({"penalty": 2})


def test_modifiers_as_a_list_a_mapping_of_slots_or_none():
    assert modifiers_tuple("modifiers", None, 3) == (0, 0, 0)
    assert modifiers_tuple("modifiers", [1, 0, -2], 3) == (1, 0, -2)
    assert modifiers_tuple("modifiers", {2: -1, "3": 4}, 3) == (0, -1, 4)  # slots are 1-based


@pytest.mark.parametrize(
    "value, says",
    [
        ([1, 2], "one modifier per slot"),
        ({4: 1}, "modifiers slot"),
        ({"two": 1}, "slot 'two'"),
        ([0, 0, 21], r"modifiers\[3\]"),
    ],
)
def test_bad_modifiers_are_refused_naming_the_slot(value, says):
    with pytest.raises(InvalidInput, match=says):
        modifiers_tuple("modifiers", value, 3)
