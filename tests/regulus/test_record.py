"""The Job Record (kit.regulus.record): one row per incident with the counters after it, exported
as Markdown that shows user text literally."""

import pytest

from kit.regulus import Job, Operative
from kit.regulus.record import md_escape


def test_rows_after_values_and_markdown(crew):
    job = Job("con", 4, 5, [Operative("A|B", "Face<script>", ["x"])])
    job.roll(12)
    job.roll(10)
    job.decide_token(True)
    md = job.to_markdown()
    assert "A\\|B" in md and "<script>" not in md and "&lt;script&gt;" in md
    first, second = job.rows
    assert (first.progress, first.threat) == (2, 0)
    assert (second.progress, second.threat) == (4, 1)


def test_each_row_holds_its_turn_kind_and_the_counters_after_it(job):
    job.roll(8)  # Interruption: +1 Progress and a companion incident
    job.roll(6)  # the companion (1d6+1 on the same table): a Fumble, -1 Progress, +1 Threat
    job.roll(2)  # Knockout on the second tick: -1 Progress (floored), who leaves?
    job.decide_knockout("Brick")
    job.adjust(heat=2, note="alarm")
    rows = job.rows
    assert [(r.index, r.turn, r.roll, r.kind) for r in rows] == [
        (1, 1, 8, "main"),
        (2, 1, 6, "companion"),
        (3, 2, 2, "main"),
        (4, 2, None, "gm"),
    ]
    assert [(r.progress, r.threat, r.heat) for r in rows] == [
        (1, 0, 0),
        (0, 1, 0),
        (0, 1, 0),
        (0, 1, 2),
    ]
    assert rows[1].consequences == ["minor"] and rows[2].crew_lost == ["Brick"]
    assert rows[0].to_dict()["incident"] == "Interruption"


def test_the_markdown_sheet_has_the_details_crew_and_outcome(crew):
    job = Job("heist", 3, 3, crew, seed=7)
    job.title = "The *Vault*"
    for total in (12, 10):
        job.roll(total)
    md = job.record.to_markdown()
    assert md.startswith("# Job Record: The *Vault*\n")
    assert "- **Difficulty:** 3   **Clock:** 3" in md
    assert "- **Outcome:** Success (Progress reached the Difficulty)" in md
    assert "| Vex (lead) | Face | forged invitation, silver tongue | active |" in md
    assert len(job.record) == 2 and [r.roll for r in job.record] == [12, 10]


def test_a_job_in_progress_says_so():
    job = Job("heist", 3, 3, [Operative("Ash", "Thief")], seed=1)
    assert "- **Outcome:** In progress\n" in job.record.to_markdown()


@pytest.mark.parametrize(
    "text, escaped",
    [
        ("a|b", "a\\|b"),
        ("two\nlines", "two lines"),
        ("<b>", "&lt;b&gt;"),
        ("back\\slash", "back\\\\slash"),
    ],
)
def test_md_escape_keeps_a_cell_one_cell(text, escaped):
    assert md_escape(text) == escaped
