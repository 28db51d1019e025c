"""Regulus widgets driven through their Python side (the browser test covers the JS)."""

import anywidget
import pytest

from kit.regulus import Job, Operative, odds
from kit.widgets import JobBuilder, JobTable


def msg(widget, **content):
    widget._on_msg(widget, content, None)


@pytest.fixture
def table():
    crew = [Operative("Vex", "Face", ["invite"]), Operative("Oro", "Hacker", ["deck", "backdoor"])]
    return JobTable(Job("heist", 4, 5, crew, seed=5))


def test_view_mirrors_the_job(table):
    v = table.view
    assert (v["difficulty"], v["clock"], v["turn"], v["phase"]) == (4, 5, 0, "main")
    assert v["odds"] == pytest.approx(odds(table.job).success)
    msg(table, action="enter", value=12)
    assert table.view["phase"] == "main" and table.view["tokens"] == 1
    msg(table, action="enter", value=10)
    assert table.view["phase"] == "token" and table.view["odds"] is None
    msg(table, action="token", spend=True)
    assert (
        table.job.progress == 4
        and table.view["progress"] == 4
        and table.view["outcome"] == "success"
    )
    assert table.view["rows"][0]["consequences"] == ["postponed minor (token)"]
    assert table.view["rows"][1]["consequences"] == ["minor (token spent)"]


def test_errors_show_inline_and_change_nothing(table):
    msg(table, action="enter", value=5)
    before = table.job.to_dict()
    msg(table, action="enter", value=1)
    assert "from 2 to 12" in table.error
    msg(table, action="token", spend=True)
    assert "token" in table.error
    assert table.job.to_dict() == before
    msg(table, action="roll")
    assert table.error == ""


def test_knockout_prompt_and_auto_decide(table):
    msg(table, action="enter", value=2)
    assert table.view["phase"] == "knockout"
    assert [r["name"] for r in table.view["roster"]] == ["Vex", "Oro"]
    table.auto_decide = True  # turning it on answers the pending decision
    assert table.job.crew_lost == ("Oro",)
    msg(table, action="undo")
    msg(table, action="undo")
    assert table.job.turn == 0


def test_markdown_in_view(table):
    msg(table, action="enter", value=10)
    assert "| 1 | 1 | 10 (entered) | main | Perfect |" in table.view["markdown"]


def test_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError, match="auto_decid"):
        JobTable(Job("heist", 4, 5, [Operative("A", "x")]), auto_decid=True)


def test_builder_live_odds_and_inline_errors():
    b = JobBuilder()
    assert isinstance(b, anywidget.AnyWidget) and 0 < b.odds["success"] < 1
    easy = b.odds["success"]
    msg(b, action="set", field="difficulty", value="7")
    assert b.form["difficulty"] == "7" and b.odds["success"] < easy
    msg(b, action="crew", row=0, name="Oro")  # duplicate of the second operative
    assert "two operatives named 'Oro'" in b.error and b.odds == {}
    assert b.form["crew"][0]["name"] == "Oro"  # the user's text is kept
    msg(b, action="crew", row=0, name="<img src=x onerror=alert(1)>")
    assert b.error == "" and b.job.crew[0].name == "<img src=x onerror=alert(1)>"
    msg(b, action="set", field="gig", value="Pilot")
    assert "no operative has that gig" in b.error
    assert b.open_table() is None and b.built is None and b.job_data == {}
    assert b.form["gig"] == "Pilot"
    msg(b, action="set", field="gig", value="Hacker")
    t = b.open_table()
    assert isinstance(t, JobTable) and b.table is t and t.job.difficulty == 7
    assert b.built == t.job and b.job_data["conditions"][1]["kind"] == "gig_active"


def test_builder_refuses_bad_fields_at_the_gate_and_keeps_the_form():
    b = JobBuilder()
    before = dict(b.form)
    msg(b, action="set", field="colour", value="red")
    assert "no field 'colour'" in b.error and b.form == before
    msg(b, action="set", field="seed", value="12x")
    assert b.error == "Seed must be a whole number, got '12x'" and b.form["seed"] == "12x"
    msg(b, action="remove", row=5)
    assert "crew row must be from 0 to 1, got 5" in b.error
    msg(b, action="set", field="seed", value="12")
    msg(b, action="remove", row=1)
    msg(b, action="add")
    # a new row starts blank, and the form says what it still needs
    assert b.error == "operative name must not be empty"
    assert [r["name"] for r in b.form["crew"]] == ["Vex", ""]
    msg(b, action="crew", row=1, name="Ash", gig="Thief")
    assert b.error == "" and b.job.crew[1].gig == "Thief"
    assert "name" in JobBuilder().job.crew[0].to_dict()


def test_builder_loads_a_job_and_builds_it_back():
    crew = [Operative("Ash", "Thief", ("rope",)), Operative("Kit", "Pilot")]
    job = Job("heist", 6, 4, crew, title="Night run", seed=9)
    b = JobBuilder(job)
    assert b.form["difficulty"] == "6" and b.form["crew"][0]["contributions"] == "rope"
    built = b.build()
    assert built is not None and built.setup_dict() == job.setup_dict()


def test_builder_counter_limits_lower_the_odds():
    b = JobBuilder()
    free = b.job
    b.set_field("max_threat", 1)
    assert [c.kind for c in b.job.conditions] == ["crew_active", "max_threat"]
    from kit.regulus import odds as exact

    assert exact(b.job).success < exact(free).success


def test_builder_round_trips_a_job():
    job = Job("con", 6, 7, [Operative("Kit", "Face", ["a", "b"])], seed=9, title="Long con")
    b = JobBuilder(job)
    again = b.job
    assert (
        again.job_type.name,
        again.difficulty,
        again.clock,
        again.crew,
        again.title,
        again.seed,
    ) == ("con", 6, 7, job.crew, "Long con", 9)


@pytest.mark.parametrize(
    "typed", ["²", "٣", "7.5", "", None, "1e400", "+-5", "seven", "9" * 40, [7], True]
)
def test_a_typed_roll_that_is_not_a_number_is_refused_inline(table, typed):
    msg(table, action="enter", value=10)
    before = (table.job.to_dict(), table.job.state)
    msg(table, action="enter", value=typed)  # "²".isdigit() is True, but it is no roll
    assert table.error.startswith("entered roll must be")  # the kit's error, naming the field
    assert "Unexpected" not in table.error
    assert (table.job.to_dict(), table.job.state) == before
    msg(table, action="enter", value=" 9 ")
    assert table.error == "" and table.job.rows[-1].roll == 9


def test_the_python_side_roll_refuses_text_too(table):
    table.roll("²")
    assert "entered roll must be a whole number, got '²'" in table.error and table.job.turn == 0
    table.roll("10")
    assert table.job.progress == 1 and table.error == ""


def test_malformed_messages_show_the_kits_error(table):
    for content in (
        {"action": "token", "spend": "false"},
        {"action": "knockout", "operative": "Vex", "keep": 3},
        {"action": "note", "row": "²", "text": "x"},
        {"action": "fly"},
        ["roll"],
    ):
        before = table.job.to_dict()
        msg(table, **content) if isinstance(content, dict) else table._on_msg(table, content, None)
        assert table.error and "Unexpected" not in table.error, content
        assert table.job.to_dict() == before


def test_widgets_refuse_wrong_objects():
    from kit.errors import InvalidType

    with pytest.raises(InvalidType, match=r"JobTable needs a kit\.regulus\.Job, got str"):
        JobTable("x")
    with pytest.raises(InvalidType, match=r"JobBuilder needs a kit\.regulus\.Job or None, got str"):
        JobBuilder("x")


def test_builder_says_the_type_rows_are_the_gms():
    b = JobBuilder()
    text = b.note
    assert "Rows 3, 5, 9 and 11" in text and "the name of row 7" in text
    assert "rule text leaves them blank" in text and "every job type gives the same odds" in text
    # and that is true: until edited, the seven types give the same odds
    from kit.regulus import JOB_TYPES

    chances = set()
    for name in JOB_TYPES:
        b.set_field("type", name)
        chances.add(round(odds(b.job).success, 12))
    assert len(chances) == 1
