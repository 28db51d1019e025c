"""The resolution tables: general rows, type rows, editing and validation."""

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.regulus import GENERAL_ROWS, JOB_TYPES, Incident, JobType

SEVEN = ("arson", "assault", "caper", "con", "espionage", "heist", "hit")


def test_seven_types_exist():
    assert tuple(JOB_TYPES) == SEVEN
    assert all(jt.name == name for name, jt in JOB_TYPES.items())


@pytest.mark.parametrize("name", SEVEN)
def test_general_rows_are_the_texts(name):
    t = JOB_TYPES[name].table
    assert (t[2].name, t[2].progress, t[2].lose_crew) == ("Knockout", -1, True)
    assert (t[4].name, t[4].progress, t[4].consequence) == ("Bricked", 0, "major")
    assert (t[6].name, t[6].progress, t[6].consequence) == ("Fumble", -1, "minor")
    assert (t[8].name, t[8].progress, t[8].companion) == ("Interruption", 1, True)
    assert (t[10].name, t[10].progress, t[10].consequence, t[10].companion) == (
        "Perfect",
        1,
        None,
        False,
    )
    assert (t[12].name, t[12].progress, t[12].consequence) == ("Windfall", 2, "postponed")


@pytest.mark.parametrize("name", SEVEN)
def test_type_rows_follow_the_rulings(name):
    t = JOB_TYPES[name].table
    assert (t[3].progress, t[3].consequence, t[3].heat) == (-1, "minor", 1)
    assert (t[5].progress, t[5].consequence, t[5].heat) == (0, "minor", 0)
    assert (t[7].progress, t[7].companion, t[7].consequence) == (1, True, None)
    assert (t[9].progress, t[9].heat, t[9].consequence) == (1, 1, None)
    assert (t[11].progress, t[11].consequence) == (1, "postponed")


def test_each_type_names_its_own_rows():
    names = {name: tuple(JOB_TYPES[name].table[k].name for k in (3, 5, 7, 9, 11)) for name in SEVEN}
    assert len(set(names.values())) == 7
    for rows in names.values():
        assert not any(r.startswith("Type") for r in rows)
        assert len(set(rows)) == 5
    assert all(JOB_TYPES[n].description for n in SEVEN)


def test_only_the_type_rows_differ():
    for total in (2, 4, 6, 8, 10, 12):
        assert len({JOB_TYPES[n].table[total] for n in SEVEN}) == 1
        assert JOB_TYPES["con"].table[total] == GENERAL_ROWS[total]


def test_gm_edits_a_row_without_touching_the_original():
    heist = JOB_TYPES["heist"]
    edited = heist.with_row(9, Incident("Silent Alarm", progress=1, heat=2))
    assert edited.table[9].heat == 2
    assert heist.table[9].heat == 1
    assert edited != heist


def test_custom_type_round_trips():
    custom = (
        JOB_TYPES["caper"]
        .renamed("smuggling")
        .with_row(5, Incident("Customs", consequence="major"))
    )
    assert JobType.from_dict(custom.to_dict()) == custom


def test_effects_text():
    assert GENERAL_ROWS[2].effects_text() == "-1 Progress, Lose one crew"
    assert GENERAL_ROWS[8].effects_text() == "+1 Progress, companion incident"
    assert JOB_TYPES["hit"].table[3].effects_text() == "-1 Progress, Minor Consequence, +1 Heat"


@pytest.mark.parametrize(
    "kwargs, field",
    [
        (dict(name=""), "incident name"),
        (dict(name="X", consequence="huge"), "consequence"),
        (dict(name="X", progress=99), "progress"),
        (dict(name="X", heat="1"), "heat"),
    ],
)
def test_bad_incidents_name_the_field(kwargs, field):
    with pytest.raises((InvalidInput, InvalidType), match=field):
        Incident(**kwargs)


def test_table_must_cover_every_total():
    table = dict(JOB_TYPES["heist"].table)
    del table[7]
    with pytest.raises(InvalidInput, match=r"missing totals \[7\]"):
        JobType("broken", table)
    table[13] = GENERAL_ROWS[10]
    with pytest.raises(InvalidInput, match="13"):
        JobType("broken", table)
