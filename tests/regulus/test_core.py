"""The resolution rules as pure functions (kit.regulus.core), driven directly on a
:class:`~kit.regulus.core.JobState`; every expected state is read off the Heist table of
regulus-job-resolution.txt and RULINGS Regulus 1-7."""

from __future__ import annotations

import pytest

from kit.regulus import DEFAULT_CONDITIONS, JOB_TYPES, Condition, Incident, RegulusRules
from kit.regulus.core import COMPANION, ENDED, KNOCKOUT, MAIN, TOKEN, Context

CREW = ("Vex", "Oro", "Brick")
GIGS = {"Vex": "Face", "Oro": "Hacker", "Brick": "Muscle"}


def context(difficulty=4, clock=5, conditions=DEFAULT_CONDITIONS, rules=None, table=None):
    return Context(
        table or JOB_TYPES["heist"],
        difficulty,
        clock,
        tuple(conditions),
        rules or RegulusRules(),
        GIGS,
    )


def play(ctx, *totals):
    s = ctx.start(CREW)
    for total in totals:
        s, _ = ctx.roll(s, total)
    return s


def test_a_job_starts_with_nothing_spent():
    s = context().start(CREW)
    assert (s.phase, s.turn, s.progress, s.threat, s.heat, s.tokens) == (MAIN, 0, 0, 0, 0, 0)
    assert s.roster == CREW and s.outcome is None


@pytest.mark.parametrize(
    "total, progress, threat, heat",
    [
        (10, 1, 0, 0),  # Perfect: +1 Progress
        (6, 0, 1, 0),  # Fumble: -1 Progress (floored at 0), a Minor Consequence: +1 Threat
        (4, 0, 2, 0),  # Bricked: no Progress, a Major Consequence: +2 Threat
        (9, 1, 0, 1),  # type row 9 (Regulus 6): +1 Progress, +1 Heat
        (3, 0, 1, 1),  # type row 3: -1 Progress, Minor Consequence, +1 Heat
    ],
)
def test_one_main_roll_moves_the_counters_as_the_table_says(total, progress, threat, heat):
    s = play(context(), total)
    assert (s.phase, s.turn) == (MAIN, 1)
    assert (s.progress, s.threat, s.heat) == (progress, threat, heat)


def test_a_companion_spends_no_tick_and_chains_from_a_seven():
    ctx = context(difficulty=7)
    s = play(ctx, 8)  # Interruption: +1 Progress and a companion incident
    assert (s.phase, s.turn, s.progress) == (COMPANION, 1, 1)
    s, incident = ctx.roll(s, 7)  # a companion 7 brings another companion
    assert (s.phase, s.turn, s.progress) == (COMPANION, 1, 2)
    assert incident.companion
    s, _ = ctx.roll(s, 5)  # type row 5: no Progress, a Minor Consequence
    assert (s.phase, s.turn, s.progress, s.threat) == (MAIN, 1, 2, 1)


def test_the_clock_ends_the_job_after_its_last_main_roll():
    s = play(context(clock=3), 5, 5, 5)
    assert (s.phase, s.turn, s.outcome, s.reason) == (ENDED, 3, "failure", "clock")


def test_a_companion_is_still_rolled_on_the_last_tick():
    ctx = context(difficulty=3, clock=3)
    s = play(ctx, 5, 5, 8)  # the third tick's Interruption brings a companion
    assert (s.phase, s.turn) == (COMPANION, 3)
    s, _ = ctx.roll(s, 7)
    assert s.phase == COMPANION  # chained again, still no tick
    s, _ = ctx.roll(s, 2)  # companion Knockout: a decision before the clock is read
    assert s.phase == KNOCKOUT


def test_success_the_moment_progress_reaches_the_difficulty():
    s = play(context(difficulty=3), 12, 8)  # Windfall +2, Interruption +1: 3, companion dropped
    assert (s.phase, s.outcome, s.reason, s.progress) == (ENDED, "success", "progress", 3)


def test_a_knockout_asks_who_leaves_then_costs_one_progress():
    ctx = context()
    s = play(ctx, 10, 2)
    assert (s.phase, s.progress) == (KNOCKOUT, 0)  # -1 from 1
    s = ctx.knockout(s, "Oro")
    assert (s.phase, s.roster) == (MAIN, ("Vex", "Brick"))


def test_losing_the_last_operative_fails_the_job():
    ctx = context()
    s = ctx.start(("Vex",))
    s, _ = ctx.roll(s, 2)
    s = ctx.knockout(s, "Vex")
    assert (s.outcome, s.reason) == ("failure", "crew")


def test_a_windfall_token_is_spent_only_after_a_later_incident_without_consequence():
    ctx = context(difficulty=5)
    s = play(ctx, 12)  # +2 Progress and a token; its own consequence is postponed, no spending
    assert (s.phase, s.progress, s.tokens) == (MAIN, 2, 1)
    s, _ = ctx.roll(s, 6)  # a Fumble imposes a consequence: still no chance to spend
    assert (s.phase, s.progress, s.tokens) == (MAIN, 1, 1)
    s, _ = ctx.roll(s, 10)  # Perfect: no consequence, the lead may spend
    assert (s.phase, s.progress) == (TOKEN, 2)
    s = ctx.token(s, True)  # a Minor Consequence for +1 Progress
    assert (s.phase, s.progress, s.tokens, s.threat) == (MAIN, 3, 0, 2)


def test_keeping_a_token_goes_on_with_it():
    ctx = context(difficulty=5)
    s = play(ctx, 12, 10)
    s = ctx.token(s, False)
    assert (s.phase, s.progress, s.tokens, s.threat) == (MAIN, 3, 1, 0)


def test_the_rules_options_reach_the_effects():
    ctx = context(rules=RegulusRules(minor_threat=2, major_threat=5, progress_floor=None))
    assert (play(ctx, 6).progress, play(ctx, 6).threat) == (-1, 2)
    assert play(ctx, 4).threat == 5
    same = context(difficulty=5, rules=RegulusRules(token_on_same_incident=True))
    assert play(same, 12).phase == TOKEN


def test_a_gm_adjustment_runs_the_end_check():
    ctx = context(difficulty=3)
    s = play(ctx, 10)
    assert ctx.adjust(s, progress=-5).progress == 0  # the floor applies
    done = ctx.adjust(s, progress=2)
    assert (done.outcome, done.reason) == ("success", "progress")


def test_a_broken_condition_ends_the_job_unless_it_can_recover():
    hacker = context(conditions=[Condition.gig_active("Hacker")])
    s = play(hacker, 2)
    s = hacker.knockout(s, "Oro")
    assert (s.outcome, s.reason) == ("failure", "condition")
    # Heat above a limit ends the job only when nothing on the table lowers Heat
    hot = JOB_TYPES["heist"].with_row(10, Incident("Loud", progress=1, heat=3))
    stuck = context(conditions=[Condition.max_heat(2)], table=hot)
    assert play(stuck, 10).reason == "condition"
    cooling = hot.with_row(9, Incident("Cool off", heat=-3))
    hopeful = context(conditions=[Condition.max_heat(2)], table=cooling)
    assert play(hopeful, 10).phase == MAIN and hopeful.heat_can_fall


def test_holds_answers_each_condition():
    ctx = context(conditions=[Condition.gig_active("Hacker"), Condition.max_threat(0)])
    s = play(ctx, 6)  # threat 1
    assert ctx.holds(s) == (True, False)
