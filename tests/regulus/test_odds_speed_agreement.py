"""The compiled walk behind ``odds()`` gives exactly what a plain walk over whole states gives.

``plain_odds`` below is the walk ``odds()`` used before its moves were compiled and cached (issue
#13): every state is a whole :class:`JobState`, every roll runs through ``Context.roll`` and the
policy, nothing is shared between calls. The compiled walk must add the same products in the same
order, so the two are compared with ``==`` (floats equal to the last bit, dicts in the same
order), never with a tolerance.
"""

from __future__ import annotations

from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.regulus import (
    AUTO,
    DEFAULT_CONDITIONS,
    AutoPolicy,
    Condition,
    Incident,
    Job,
    JobState,
    JobType,
    Odds,
    Operative,
    RegulusRules,
    odds,
    odds_grid,
    simulate,
)
from kit.regulus._walk import _code, clear_cache, resolve
from kit.regulus.core import ENDED
from tests.strategies import incidents

GIGS = ["Face", "Hacker", "Muscle", "Wheel", "Thief"]


def crew(n: int) -> list[Operative]:
    return [Operative(f"Operative {i}", GIGS[i], ["gear"]) for i in range(n)]


def plain_odds(job: Job, policy=AUTO) -> Odds:
    """The straightforward walk: whole states, one roll at a time, moves memoised per call only."""
    ctx = job._ctx
    counters = any(c.uses_counters for c in ctx.conditions)

    def key(s: JobState) -> JobState:
        return s if counters else s._replace(threat=0, heat=0)

    probs = {
        "main": [(t, float(p)) for t, p in job.rules.main().distribution().items()],
        "companion": [(t, float(p)) for t, p in job.rules.companion().distribution().items()],
    }
    memo: dict[JobState, tuple] = {}

    def moves(s: JobState) -> tuple:
        if s not in memo:
            d_threat = d_heat = 0.0
            live: dict[JobState, float] = defaultdict(float)
            ends: dict[tuple, float] = defaultdict(float)
            for total, p in probs[s.phase]:
                t = resolve(ctx, policy, ctx.roll(s, total)[0])
                d_threat += p * (t.threat - s.threat)
                d_heat += p * (t.heat - s.heat)
                if t.phase == ENDED:
                    ends[(t.turn, t.outcome or "failure", t.reason or "clock")] += p
                else:
                    live[key(t)] += p
            memo[s] = (d_threat, d_heat, list(live.items()), list(ends.items()))
        return memo[s]

    start = resolve(ctx, policy, job.state)
    success = failure = threat = heat = unresolved = 0.0
    reasons: dict[str, float] = defaultdict(float)
    turns: dict[int, float] = defaultdict(float)
    rolls: dict[int, float] = defaultdict(float)
    success_turn: dict[int, float] = defaultdict(float)
    frontier: dict[JobState, float] = {}
    if start.phase == ENDED:
        turns[start.turn] = rolls[0] = 1.0
        if start.outcome == "success":
            success = success_turn[start.turn] = 1.0
        else:
            failure = reasons[start.reason or "clock"] = 1.0
    else:
        frontier = {key(start): 1.0}
    n = 0
    while frontier:
        n += 1
        nxt: dict[JobState, float] = defaultdict(float)
        for s, mass in frontier.items():
            d_threat, d_heat, live, ends = moves(s)
            threat += mass * d_threat
            heat += mass * d_heat
            for k, p in live:
                nxt[k] += mass * p
            for (turn, outcome, reason), p in ends:
                w = mass * p
                turns[turn] += w
                rolls[n] += w
                if outcome == "success":
                    success += w
                    success_turn[turn] += w
                else:
                    failure += w
                    reasons[reason] += w
        frontier = {}
        for s, m in nxt.items():
            if m < 1e-18 or n >= 5000:
                unresolved += m
            else:
                frontier[s] = m
    by_turn, acc = [], 0.0
    for k in range(1, job.clock + 1):
        acc += success_turn.get(k, 0.0)
        by_turn.append(acc)
    return Odds(
        success=min(success, 1.0),
        failure=min(failure, 1.0),
        by_turn=tuple(by_turn),
        turns=dict(sorted(turns.items())),
        rolls=dict(sorted(rolls.items())),
        expected_threat=job.threat + threat,
        expected_heat=job.heat + heat,
        failure_reasons=dict(reasons),
        unresolved=unresolved,
    )


def same(a: Odds, b: Odds) -> None:
    """Equal to the last bit, dicts in the same order (repr shows every float exactly)."""
    assert a == b
    assert repr(a) == repr(b)


class TurnReader:
    """A policy that reads the turn: keeps tokens on odd ticks, and the first joiner leaves on
    even ones. The compiled walk must not share moves between ticks for it."""

    def knockout(self, state: JobState) -> str:
        return state.roster[0] if state.turn % 2 == 0 else state.roster[-1]

    def spend_token(self, state: JobState) -> bool:
        return state.turn % 2 == 0


class ThreatReader:
    """A policy that spends a token only while Threat is low (reads a counter no condition reads)."""

    def knockout(self, state: JobState) -> str:
        return state.roster[-1]

    def spend_token(self, state: JobState) -> bool:
        return state.threat < 2


@pytest.mark.parametrize("d", [3, 5, 7])
@pytest.mark.parametrize("c", [3, 5, 7])
@pytest.mark.parametrize("n", [1, 3, 5])
def test_default_jobs_equal_the_plain_walk_alone_and_again(d, c, n):
    job = Job("heist", d, c, crew(n), seed=1)
    expected = plain_odds(job)
    clear_cache()
    same(odds(job), expected)  # compiled from nothing
    same(odds(job), expected)  # every move read back from the cache


RULES = [
    RegulusRules(token_on_same_incident=True),
    RegulusRules(progress_floor=None),
    RegulusRules(progress_floor=-2, main_dice="2d4+2"),
    RegulusRules(minor_threat=2, major_threat=0, token_progress=2),
    RegulusRules(companion_dice="1d4+1", main_dice="1d6+6"),
]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: repr(r.to_dict()))
@pytest.mark.parametrize("name, d, c, n", [("con", 4, 6, 2), ("hit", 7, 7, 4), ("caper", 3, 3, 1)])
def test_rules_options_equal_the_plain_walk(rules, name, d, c, n):
    job = Job(name, d, c, crew(n), rules=rules, seed=1)
    same(odds(job), plain_odds(job))


@pytest.mark.parametrize(
    "conditions",
    [
        [Condition.max_threat(3)],
        [Condition.max_heat(1), Condition("min_crew", 2)],
        [Condition.gig_active("Hacker")],
    ],
    ids=["threat", "heat+crew", "gig"],
)
def test_conditions_equal_the_plain_walk(conditions):
    job = Job("espionage", 5, 6, crew(3), conditions, seed=1)
    same(odds(job), plain_odds(job))


@pytest.mark.parametrize(
    "policy",
    [AutoPolicy("first"), AutoPolicy(spend_tokens=False), TurnReader(), ThreatReader()],
    ids=["first", "keep", "turn", "threat"],
)
def test_policies_equal_the_plain_walk(policy):
    job = Job("heist", 6, 7, crew(4), seed=1)
    same(odds(job, policy), plain_odds(job, policy))


def test_clocks_share_compiled_moves_without_changing_answers():
    """Jobs differing only in the Clock share one compiled setup, asked in any order."""
    clear_cache()
    for c in (7, 3, 5, 4, 6):
        job = Job("assault", 5, c, crew(3), seed=1)
        same(odds(job), plain_odds(job))


def test_odds_grid_equals_the_plain_walk():
    clear_cache()
    ds, cs, grid = odds_grid("hit", crew=2, difficulties=[3, 6], clocks=[4, 7])
    ops = [Operative(f"Operative {i + 1}", "Crew") for i in range(2)]
    for i, d in enumerate(ds):
        for j, c in enumerate(cs):
            # one walk per Difficulty read at each Clock: the same sums in another order
            want = plain_odds(Job("hit", d, c, ops, seed=0)).success
            assert grid[i][j] == pytest.approx(want, abs=1e-12)


def test_jobs_in_progress_equal_the_plain_walk():
    """Odds asked again and again while a job is played, from states the walk reached before."""
    clear_cache()
    job = Job("heist", 6, 6, crew(3), seed=11)
    while not job.ended:
        same(odds(job), plain_odds(job))
        job.roll()
        job.advance(AUTO)
    same(odds(job), plain_odds(job))
    while job.events:
        job.undo()
    same(odds(job), plain_odds(job))


def test_a_pending_decision_is_answered_first():
    job = Job("heist", 4, 5, crew(2), seed=1)
    job.roll(11)  # a token
    job.roll(10)  # no consequence: the token may be spent, a decision is due
    assert job.phase == "token"
    same(odds(job), plain_odds(job))
    job2 = Job("heist", 4, 5, crew(2), seed=1)
    job2.roll(2)  # a Knockout waits for its decision
    assert job2.phase == "knockout"
    same(odds(job2), plain_odds(job2))


@settings(max_examples=25, deadline=None)
@given(
    rows=st.lists(incidents(("A", "B")), min_size=11, max_size=11),
    d=st.integers(3, 5),
    c=st.integers(3, 5),
    n=st.integers(1, 3),
    rules=st.sampled_from([RegulusRules(), RULES[0], RULES[3], RULES[4]]),
    counters=st.booleans(),
)
def test_custom_tables_equal_the_plain_walk(rows, d, c, n, rules, counters):
    table = dict(zip(range(2, 13), rows))
    # Companion chains must die out fast, or the states (with Threat and Heat in them) pile up
    # over hundreds of rolls: rows 2..5 bring no companion, so a chain goes on at most 2 in 6.
    for t in range(2, 6):
        table[t] = Incident(table[t].name, table[t].progress, table[t].consequence)
    conditions = (
        [Condition.max_threat(4), Condition.max_heat(3)] if counters else DEFAULT_CONDITIONS
    )
    job = Job(JobType("custom", table), d, c, crew(n), conditions, rules=rules, seed=1)
    same(odds(job), plain_odds(job))
    same(odds(job), plain_odds(job))


def test_simulation_reuses_its_table_without_changing_results():
    """simulate() keeps the compiled table between calls; a seeded run is the same either way."""
    job = Job("con", 6, 7, crew(3), seed=1)
    clear_cache()
    first = simulate(job, 20_000, seed=5)
    again = simulate(job, 20_000, seed=5)
    clear_cache()
    assert simulate(job, 20_000, seed=5) == first == again
    job.roll(12)  # another starting state: another table
    moved = simulate(job, 20_000, seed=5)
    assert moved != first
    assert abs(moved.success - odds(job).success) <= 4 * moved.se.success


def test_last_tick_asked_first_then_earlier_ticks():
    """A job asked first on its last tick compiles the last tick's moves before any earlier
    tick's; a fresh job of the same setup asked afterwards reuses them. Both equal the plain walk."""
    clear_cache()
    late = Job("heist", 7, 4, crew(3), seed=3)
    while late.turn < late.clock - 1 and not late.ended:
        late.roll(9 if late.phase == "main" else 7)  # +1 Progress each, never the Difficulty
        late.advance(AUTO)
    assert late.turn == late.clock - 1 and late.phase == "main"
    same(odds(late), plain_odds(late))
    fresh = Job("heist", 7, 4, crew(3), seed=3)
    same(odds(fresh), plain_odds(fresh))
    same(odds(Job("heist", 7, 7, crew(3), seed=3)), plain_odds(Job("heist", 7, 7, crew(3), seed=3)))


@settings(max_examples=200, deadline=None)
@given(
    a=st.tuples(
        *[st.integers(-(1 << 18), 1 << 18)] * 3,
        st.integers(0, 1 << 18),
        st.integers(0, 1 << 18),
        st.integers(0, 7),
    ),
    b=st.tuples(
        *[st.integers(-(1 << 18), 1 << 18)] * 3,
        st.integers(0, 1 << 18),
        st.integers(0, 1 << 18),
        st.integers(0, 7),
    ),
)
def test_settling_codes_tell_counters_apart(a, b):
    """Distinct counters (Threat, Heat, Progress, tokens, roster, flags) never share a code, and
    a state's code plus an effect's is the code of their sum (how the walk builds its keys)."""
    assert (_code(*a) == _code(*b)) == (a == b)
    state, effect = a[:5] + (0,), (b[0] // 2, b[1] // 2, b[2] // 2, b[3] // 2, 0, b[5])
    total = tuple(x + y for x, y in zip(state, effect))
    assert _code(*state) + _code(*effect) == _code(*total)


def test_knockout_removes_exactly_the_named_operative():
    """Context.knockout's quick path (names are unique in a crew) and its general case agree
    with "everyone but that name"."""
    job = Job("heist", 5, 5, crew(4), seed=1)
    ctx = job._ctx
    s = job.state._replace(phase="knockout")
    for name in ("Operative 0", "Operative 2", "Operative 3"):
        assert ctx.knockout(s, name).roster == tuple(n for n in s.roster if n != name)
    assert ctx.knockout(s, "nobody").roster == s.roster  # an unknown name removes no one
    twice = s._replace(roster=("Operative 0", "Operative 1", "Operative 0"))
    assert ctx.knockout(twice, "Operative 0").roster == ("Operative 1",)
