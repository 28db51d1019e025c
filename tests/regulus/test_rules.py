"""Rules options and Conditions (kit.regulus.rules): each option the rulings leave open changes
play as the text says, each Condition decides success as RULINGS Regulus 3 says, and bad
options are refused naming the field."""

import re
from fractions import Fraction

import pytest

from kit.errors import IllegalAction, InvalidInput, InvalidType
from kit.regulus import (
    JOB_TYPES,
    Condition,
    Incident,
    Job,
    RegulusRules,
)


def test_floor_and_no_floor(crew):
    job = Job("hit", 3, 5, crew)
    job.roll(6)
    assert job.progress == 0 and job.threat == 1
    loose = Job("hit", 3, 5, crew, rules=RegulusRules(progress_floor=None))
    loose.roll(6)
    assert loose.progress == -1


def test_token_rule_option(crew):
    assert RegulusRules().token_on_same_incident is False
    ruled = Job("heist", 5, 5, crew)
    ruled.roll(12)
    assert ruled.phase == "main" and ruled.tokens == 1
    with pytest.raises(IllegalAction, match="token"):
        ruled.decide_token(True)
    house = Job("heist", 5, 5, crew, rules=RegulusRules(token_on_same_incident=True))
    house.roll(12)
    assert house.pending == "token"
    house.decide_token(True)
    assert (house.progress, house.threat, house.tokens) == (3, 1, 0)


def test_gig_condition(crew):
    job = Job("espionage", 3, 5, crew, [Condition.gig_active("Hacker")])
    job.roll(2)
    job.decide_knockout("Oro")
    assert (job.outcome, job.reason) == ("failure", "condition")


def test_success_needs_every_condition(crew):
    jt = JOB_TYPES["heist"].with_row(10, Incident("Loud Win", progress=1, heat=2))
    job = Job(jt, 3, 5, crew, [Condition("crew_active"), Condition.max_heat(3)])
    job.roll(10)
    job.roll(10)
    assert job.heat == 4 and (job.outcome, job.reason) == ("failure", "condition")


def test_recoverable_heat_condition_waits(crew):
    jt = (
        JOB_TYPES["heist"]
        .with_row(10, Incident("Loud Win", progress=2, heat=3))
        .with_row(9, Incident("Cool Off", progress=1, heat=-3))
    )
    job = Job(jt, 3, 5, crew, [Condition.max_heat(2)])
    job.roll(10)
    job.roll(10)
    assert job.progress == 4 and job.outcome is None  # heat 6 can still come down
    job.roll(9)
    job.roll(9)
    assert job.outcome == "success" and job.heat == 0


def test_the_default_options_are_the_rulings():
    rules = RegulusRules()
    assert rules.progress_floor == 0  # Regulus 2
    assert (rules.minor_threat, rules.major_threat) == (1, 2)  # Regulus 7
    assert rules.token_progress == 1 and rules.knockout_keeps == 1  # Regulus 4 and 5
    assert rules.main().distribution()[7] == Fraction(6, 36)  # 2d6
    assert set(rules.companion().distribution()) == {2, 3, 4, 5, 6, 7}  # 1d6+1


def test_rules_round_trip_and_refuse_unknown_fields():
    rules = RegulusRules(progress_floor=None, minor_threat=2, companion_dice="1d6+1")
    assert RegulusRules.from_dict(rules.to_dict()) == rules
    with pytest.raises(InvalidInput, match="rules has unknown field\\(s\\) 'floor'"):
        RegulusRules.from_dict({"floor": 0})


@pytest.mark.parametrize(
    "options, says",
    [
        ({"progress_floor": 1}, "progress_floor must be an integer from -20 to 0, got 1"),
        ({"minor_threat": -1}, "minor_threat must be an integer from 0 to 10, got -1"),
        ({"main_dice": "3d6"}, "main_dice '3d6' must roll totals within 2..12"),
        ({"companion_dice": "1d6"}, "companion_dice '1d6' must roll totals within 2..12"),
        ({"token_on_same_incident": "yes"}, "token_on_same_incident must be True or False"),
    ],
)
def test_a_bad_option_is_refused_naming_it(options, says):
    with pytest.raises((InvalidInput, InvalidType), match=re.escape(says)):
        RegulusRules(**options)


@pytest.mark.parametrize(
    "condition, gigs, heat, threat, holds",
    [
        (Condition("crew_active"), ("Face",), 0, 0, True),
        (Condition("crew_active"), (), 0, 0, False),
        (Condition.gig_active("hacker"), ("Face", "Hacker"), 0, 0, True),  # any case
        (Condition.gig_active("Hacker"), ("Face",), 0, 0, False),
        (Condition("min_crew", 2), ("Face", "Muscle"), 0, 0, True),
        (Condition("min_crew", 3), ("Face", "Muscle"), 0, 0, False),
        (Condition.max_heat(2), ("Face",), 2, 9, True),
        (Condition.max_heat(2), ("Face",), 3, 0, False),
        (Condition.max_threat(1), ("Face",), 9, 2, False),
    ],
)
def test_each_condition_holds_as_described(condition, gigs, heat, threat, holds):
    assert condition.holds(gigs, heat, threat) is holds


def test_only_counter_limits_can_recover_and_only_if_the_table_lowers_them():
    assert Condition.max_heat(2).recoverable(heat_can_fall=True, threat_can_fall=False)
    assert not Condition.max_heat(2).recoverable(heat_can_fall=False, threat_can_fall=True)
    assert not Condition.gig_active("Face").recoverable(True, True)  # no one rejoins
    assert [c.uses_counters for c in (Condition.max_threat(1), Condition("min_crew", 1))] == [
        True,
        False,
    ]


def test_conditions_describe_themselves_and_round_trip():
    assert Condition("crew_active").describe() == "at least one crew gig type remains active"
    assert Condition.max_threat(3).describe() == "Threat at most 3"
    for c in (Condition("crew_active"), Condition.gig_active("Face"), Condition.max_heat(1)):
        assert Condition.from_dict(c.to_dict()) == c


@pytest.mark.parametrize(
    "kind, value, says",
    [
        ("luck", None, "condition kind must be one of"),
        ("crew_active", 1, "takes no value"),
        ("min_crew", 0, "condition min_crew must be an integer from 1 to 20, got 0"),
        ("max_heat", "hot", "condition max_heat must be an integer"),
    ],
)
def test_a_bad_condition_is_refused_naming_it(kind, value, says):
    with pytest.raises((InvalidInput, InvalidType), match=re.escape(says)):
        Condition(kind, value)
