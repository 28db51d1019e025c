"""The six verbs (kit.advisor): each looks the object's kind up and hands it to that kind's
engine, checked here on games whose odds are counted by hand; an object that cannot answer, or
an option a verb does not take, is refused naming the kind and what is allowed."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import pytest

import kit
from kit import registry
from kit.boards import Contest
from kit.errors import InvalidInput
from kit.regulus import Condition, Incident, Job, JobType, Operative, RegulusRules
from kit.successors import Entity


def test_help_of_kit_odds_lists_exactly_the_kinds_that_answer():
    doc = kit.odds.__doc__ or ""
    named = set(re.findall(r"``([a-z][a-z/-]+)``", doc))
    answering = {k.name for k in registry.answering("odds")}
    assert answering <= named, answering - named
    others = {k.name for k in registry.kinds()} - answering
    assert not (others & named), others & named
    for kind in registry.answering("odds"):  # and how each answers
        how = "simulated" if "simulated" in kind.odds_method else "exact"
        line = next(part for part in doc.split("* ") if f"``{kind.name}``" in part)
        assert how in line, (kind.name, line)


def test_a_verb_asked_of_the_wrong_object_names_its_kind_and_those_that_answer():
    with pytest.raises(InvalidInput) as err:
        kit.tune(Contest([5, 6, 7]), 0.5)
    message = str(err.value)
    assert "board/contest" in message
    for kind in registry.answering("tune"):
        assert kind.name in message
    with pytest.raises(InvalidInput, match=r"of no kind the kit knows.*regulus-job"):
        kit.odds("heist")


# A table where every 7 or more is +1 Progress and nothing else happens: a job of Difficulty d
# and Clock c succeeds when at least d of its c main rolls are 7+ (each 21/36 = 7/12).
COUNTING = JobType(
    "counting",
    {t: Incident("Stall") for t in range(2, 7)}
    | {t: Incident("Step", progress=1) for t in range(7, 13)},
)


def counting_job(difficulty: int = 3, clock: int = 3) -> Job:
    return Job(COUNTING, difficulty, clock, [Operative("Ash", "Thief")], seed=5)


def test_kit_odds_of_a_job_is_exact_and_says_so():
    result = kit.odds(counting_job())
    assert result.success == pytest.approx(float(Fraction(7, 12) ** 3), abs=1e-12)
    assert result.method == "exact" and result.n is None
    assert result.se.success == 0.0


def test_kit_simulate_of_a_job_agrees_within_its_standard_error():
    exact = float(Fraction(7, 12) ** 3)  # 0.1985...
    sim = kit.simulate(counting_job(), 4000, seed=11)
    assert sim.method == "simulated" and sim.n == 4000
    assert sim.se.success == pytest.approx(math.sqrt(sim.success * (1 - sim.success) / 4000))
    assert abs(sim.success - exact) < 4 * sim.se.success


def test_kit_advice_at_a_knockout_keeps_the_one_the_condition_needs():
    # RULINGS Regulus 3: a Condition that can no longer hold fails the job, so losing the only
    # Hacker is a certain failure and losing the Thief is not
    crew = [Operative("Ash", "Thief"), Operative("Oro", "Hacker")]
    job = Job("heist", 3, 5, crew, [Condition.gig_active("Hacker")], seed=1)
    job.roll(2)
    advice = kit.advice(job)
    assert advice.best == "Ash" and advice.options["Oro"] == 0.0 and advice.options["Ash"] > 0
    assert advice.choose() is job and job.crew_lost == ("Ash",)


def test_kit_tune_of_a_job_tries_its_type_and_crew():
    tuning = kit.tune(counting_job(7, 7), 0.5, difficulties=[3], clocks=[3, 4, 5], n=3)
    expected = {
        c: float(
            sum(
                math.comb(c, k) * Fraction(7, 12) ** k * Fraction(5, 12) ** (c - k)
                for k in range(3, c + 1)
            )
        )
        for c in (3, 4, 5)
    }
    assert {r.clock: r.chance for r in tuning.grid} == pytest.approx(expected, abs=1e-12)


def test_kit_impact_of_identical_rules_changes_nothing():
    report = kit.impact(counting_job(), RegulusRules(), difficulties=[3, 4], clocks=[3, 4])
    assert report.max_change == 0.0 and report.differing_options() == {}


def test_an_option_a_jobs_odds_do_not_take_is_named_with_what_they_take():
    with pytest.raises(
        InvalidInput, match=r"kit\.odds\(\) of a regulus-job: .*'polcy'.*it takes policy="
    ):
        kit.odds(counting_job(), polcy=None)


def test_advice_of_an_object_without_decisions_names_its_kind():
    with pytest.raises(
        InvalidInput,
        match=r"advice\(\) takes a game waiting for a decision; got a Entity \(a successors-entity\)",
    ):
        kit.advice(Entity("Vorn", battle=2))
