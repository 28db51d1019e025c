"""The law of job advice (#22), over generated jobs, crews, Conditions and rules.

At a job's decision (a Knockout: who leaves; a Postponed Minor Consequence token: spend or
keep), every answer's chance equals the exact value of forcing that answer and playing on:

* with a policy (``policy=AUTO`` or another), ``odds()`` of a copy with that answer made;
* by default (best play afterwards), the best-play value of that copy, which must agree with
  one more step played through the public API: the average, over the next roll (the rules'
  main or companion dice, counted here face by face), of the best answer's chance at the
  decision the roll brings, ``odds()`` under the advised policy where none comes, or the ending.

Best play is also never below a fixed policy's ``odds()``, and ``best`` is an argmax. The rules
followed (RULINGS Regulus 1-5): within one incident its effects apply, then the progress floor,
the end check, a token decision (and the end check again), then its companion; a Knockout takes
one operative and 1 Progress; a token's Minor Consequence is +1 Threat for +1 Progress, first
spendable after a later incident without consequence.

A run under ``HYPOTHESIS_PROFILE=dev`` (ten times the cases) found no failure to keep as an
``@example``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import kit
from kit.regulus import AUTO, AutoPolicy, Condition, Job, Operative, RegulusRules, odds
from kit.regulus.advice import AdvisedPolicy

#: Examples per law: half the profile's (ci: 50, dev: 500).
EXAMPLES = max(10, settings.default.max_examples // 2)
LAW = settings(max_examples=EXAMPLES, deadline=None)
TOL = 1e-9


def dice(n: int, faces: int, plus: int = 0) -> dict[int, float]:
    """The distribution of ``n`` dice of ``faces`` faces plus ``plus``, counted face by face."""
    out = Counter({plus: 1})
    for _ in range(n):
        nxt: Counter[int] = Counter()
        for v, c in out.items():
            for f in range(1, faces + 1):
                nxt[v + f] += c
        out = nxt
    total = sum(out.values())
    return {t: c / total for t, c in sorted(out.items())}


#: The rolls a rules object may use (main and companion), by their dice expression.
DICE = {"2d6": dice(2, 6), "1d10+2": dice(1, 10, 2), "1d6+1": dice(1, 6, 1), "2d3": dice(2, 3)}
PEOPLE = [
    Operative("Vex", "Face", ["forged invitation", "silver tongue"]),
    Operative("Oro", "Hacker", ["cyberdeck"]),
    Operative("Brick", "Muscle", []),
    Operative("Ash", "Thief", ["lockpicks", "grapnel"]),
]
OTHER = AutoPolicy(knockout_order="first", spend_tokens=False)


@st.composite
def pending_jobs(draw: Any) -> Job:
    """A small job played up to a decision (a Knockout or a token)."""
    crew = draw(
        st.lists(st.sampled_from(PEOPLE), min_size=1, max_size=3, unique_by=lambda o: o.name)
    )
    gigs = sorted({op.gig for op in crew})
    conditions = draw(
        st.lists(
            st.one_of(
                st.just(Condition("crew_active")),
                st.sampled_from(gigs).map(Condition.gig_active),
                st.integers(0, 3).map(Condition.max_threat),
                st.just(Condition("min_crew", 2)),
            ),
            min_size=1,
            max_size=2,
            unique_by=repr,
        )
    )
    rules = RegulusRules(
        progress_floor=draw(st.sampled_from([0, None])),
        token_on_same_incident=draw(st.booleans()),
        token_progress=draw(st.sampled_from([1, 2])),
        minor_threat=draw(st.sampled_from([1, 2])),
        major_threat=draw(st.sampled_from([2, 3])),
        knockout_keeps=draw(st.sampled_from([0, 1])),
        main_dice=draw(st.sampled_from(["2d6", "2d6", "1d10+2"])),
        companion_dice=draw(st.sampled_from(["1d6+1", "1d6+1", "2d3"])),
    )
    job = Job(
        draw(st.sampled_from(["heist", "caper", "con", "hit", "arson", "assault", "espionage"])),
        draw(st.integers(3, 5)),
        draw(st.integers(3, 4)),
        crew,
        conditions,
        rules=rules,
        seed=0,
    )
    # some rolls, then a Knockout or a Windfall and a clean Perfect, to reach a decision
    totals = draw(st.lists(st.sampled_from([4, 5, 6, 7, 8, 9, 10, 11]), max_size=3))
    totals += draw(st.sampled_from([[2], [12, 10], [12, 12], [11, 10, 2]]))
    for total in totals:
        if job.ended or job.pending is not None:
            break
        dist = DICE[rules.main_dice if job.phase == "main" else rules.companion_dice]
        job.roll(min(max(total, min(dist)), max(dist)))  # the nearest total these dice can roll
    assume(job.pending is not None)
    return job


def forced(job: Job, answer: Any) -> Job:
    """A copy of ``job`` with ``answer`` given to its pending decision."""
    copy = job.copy()
    if job.pending == "knockout":
        copy.decide_knockout(answer)
    else:
        copy.decide_token(answer)
    return copy


def best_value(job: Job) -> float:
    """The chance of success from ``job`` with every decision played best (public API)."""
    if job.ended:
        return 1.0 if job.outcome == "success" else 0.0
    if job.pending is not None:
        return max(kit.advice(job).options.values())
    return odds(job, AdvisedPolicy(job)).success


def one_roll_more(job: Job) -> float:
    """The best-play value of ``job`` (waiting for a roll) as the average over that roll."""
    rules = job.rules
    dist = DICE[rules.main_dice if job.phase == "main" else rules.companion_dice]
    total = 0.0
    for t, p in dist.items():
        after = job.copy()
        after.roll(t)
        total += p * best_value(after)
    return total


@LAW
@given(pending_jobs())
def test_each_answer_is_forcing_it_then_best_play(job):
    a = kit.advice(job)
    for label, got in a.options.items():
        after = forced(job, a.answer(label))
        assert got == pytest.approx(best_value(after), abs=TOL), label
    top = max(a.options.values())
    assert a.options[a.best] >= top - 1e-12  # an argmax (ties: the first listed)
    # best play is never below a fixed policy
    assert top >= odds(job, AUTO).success - TOL
    assert top >= odds(job, OTHER).success - TOL
    # and the best answer's value holds one roll further on, played through the public API
    after = forced(job, a.answer())
    if not after.ended and after.pending is None:
        assert best_value(after) == pytest.approx(one_roll_more(after), abs=TOL)


@LAW
@given(pending_jobs(), st.sampled_from([AUTO, OTHER]))
def test_with_a_policy_each_answer_is_the_odds_of_forcing_it(job, policy):
    a = kit.advice(job, policy=policy)
    for label, got in a.options.items():
        assert got == pytest.approx(odds(forced(job, a.answer(label)), policy).success, abs=TOL)
    assert a.options[a.best] >= max(a.options.values()) - 1e-12
