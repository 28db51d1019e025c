"""kit.advice: each answer's chance agrees with exact odds computed by forcing that answer, and
small positions match hand counts of 2d6 outcomes (RULINGS Regulus 1-6, Complex Tasks 2 and 4)."""

from fractions import Fraction
from itertools import permutations

import pytest

import kit
from kit.advising import Advice
from kit.boards import LimitBoard, StandardBoard
from kit.boards import odds as board_odds
from kit.errors import IllegalAction, InvalidInput
from kit.regulus import AUTO, Condition, Job, Operative, odds
from kit.regulus.advice import AdvisedPolicy, best_chance
from kit.regulus.advice import advice as job_advice


def _at_least(t: int) -> Fraction:
    """P(2d6 >= t), counted from the 36 outcomes."""
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= t), 36)


def _token_job(conditions: Condition | None = None) -> Job:
    # D5, C3. Roll 12 (Windfall: +2, a token that waits for a later incident), roll 10
    # (Perfect: +1, no consequence) -> Progress 3, the token may be spent, one tick left.
    conditions = conditions or Condition("crew_active")
    job = Job("heist", 5, 3, [Operative("Ash", "Thief")], [conditions], seed=1)
    job.roll(12)
    job.roll(10)
    assert job.pending == "token" and job.progress == 3 and job.clock_left == 1
    return job


def test_token_advice_matches_a_hand_count():
    # Spend: Progress 4; the last roll needs +1: totals 7..12 all give at least +1 -> 21/36.
    # Keep: Progress 3, one token; 12 gives +2; 7, 8, 9, 10 give +1 with no consequence, so the
    # token is spent for the fifth point; 11 gives +1 but its own postponed consequence forbids
    # spending -> 6+5+4+3+1 = 19/36.
    a = kit.advice(_token_job())
    assert isinstance(a, Advice) and a.exact and a.stderr is None
    assert set(a.options) == {"spend", "keep"}
    assert a.options["spend"] == pytest.approx(float(_at_least(7)), abs=1e-12)
    assert a.options["keep"] == pytest.approx(19 / 36, abs=1e-12)
    assert a.best == "spend"
    assert a.margin == pytest.approx(2 / 36, abs=1e-12)


def test_spending_that_breaks_a_threat_limit_is_advised_against():
    # With Threat at most 0, spending (a Minor Consequence, +1 Threat) breaks the condition for
    # good on the default tables (nothing lowers Threat): chance 0. Keeping, the last roll must
    # bring +2 without Threat: 12 (1/36) does; 7 or 8 (11/36) give +1 and a companion
    # incident (1d6+1), whose 7 (1/6) gives the last point; every other companion result
    # costs Threat or the last operative. 9, 10 and 11 give only +1 and spending is fatal.
    # Keep = 1/36 + 11/36 * 1/6 = 17/216.
    a = job_advice(_token_job(Condition.max_threat(0)))
    assert a.options["spend"] == 0.0
    assert a.options["keep"] == pytest.approx(17 / 216, abs=1e-12)
    assert a.best == "keep"


def _knockout_job() -> Job:
    crew = [Operative("Oro", "Hacker", ["deck"]), Operative("Ash", "Thief", ["picks"])]
    job = Job("heist", 3, 4, crew, [Condition.gig_active("Hacker")], seed=1)
    job.roll(2)  # Knockout
    assert job.pending == "knockout"
    return job


def test_knockout_advice_agrees_with_forcing_each_answer():
    job = _knockout_job()
    before = job.to_dict()
    for policy in (None, AUTO):
        a = job_advice(job, policy=policy)
        assert list(a.options) == ["Ash", "Oro"]  # the default's answer (last to join) first
        for name in ("Ash", "Oro"):
            forced = job.copy()
            forced.decide_knockout(name)
            expected = odds(forced, AdvisedPolicy(forced) if policy is None else AUTO).success
            assert a.options[name] == pytest.approx(expected, abs=1e-12)
        # Removing the only Hacker breaks the condition for good: the job fails at once.
        assert a.options["Oro"] == 0.0
        assert a.best == "Ash"
    assert job.to_dict() == before  # advice changed nothing


def test_a_lone_operative_knockout_has_one_answer():
    job = Job("con", 3, 3, [Operative("Vex", "Face")], seed=1)
    job.roll(2)
    a = kit.advice(job)
    assert a.options == {"Vex": 0.0} and a.best == "Vex"  # the roster empties: failure


def test_advice_refuses_what_it_cannot_advise_on():
    job = Job("heist", 4, 6, [Operative("Ash", "Thief")], seed=1)
    with pytest.raises(IllegalAction, match="nothing to decide"):
        kit.advice(job)
    with pytest.raises(InvalidInput, match=r"regulus-job.*board/limit.*successors-battle"):
        kit.advice(42)
    with pytest.raises(InvalidInput, match="LimitBoard"):
        kit.advice(StandardBoard([5, 6, 7], goal=2))
    done = LimitBoard([4, 5, 6], need=1)
    done.check(12, slot=1)
    with pytest.raises(IllegalAction, match="nothing to decide"):
        kit.advice(done)


def test_kit_advice_is_the_function():
    from kit.advisor import advice

    assert kit.advice is advice and callable(kit.advice)
    assert "advice" in dir(kit)


def _jobs():
    three = [
        Operative("Vex", "Face"),
        Operative("Brick", "Muscle"),
        Operative("Oro", "Hacker"),
    ]
    return [
        # AUTO removes the last to join, the Hacker the condition needs.
        Job("caper", 5, 7, three, [Condition.gig_active("Hacker")], seed=0),
        # AUTO spends every token, which costs Threat under a Threat limit.
        Job("con", 4, 6, three[:2], [Condition("crew_active"), Condition.max_threat(2)], seed=0),
        Job("heist", 4, 6, [Operative("Ash", "Thief")], seed=0),
        Job("hit", 6, 7, three, [Condition("min_crew", 2)], seed=0),
    ]


@pytest.mark.parametrize("job", _jobs(), ids=["gig", "threat", "lone", "min_crew"])
def test_advised_policy_is_never_worse_than_auto(job):
    # Exact comparison: both chances come from the exact state walk of kit.regulus.odds.
    advised = odds(job, AdvisedPolicy(job)).success
    auto = odds(job, AUTO).success
    assert advised >= auto - 1e-12
    assert advised == pytest.approx(best_chance(job), abs=1e-9)


def test_advised_policy_beats_auto_where_the_default_is_a_bad_choice():
    gig, threat = _jobs()[:2]
    assert odds(gig, AdvisedPolicy(gig)).success > odds(gig).success + 0.01
    assert odds(threat, AdvisedPolicy(threat)).success > odds(threat).success + 0.01


def test_limit_board_advice_with_a_repeated_skill_matches_a_hand_count():
    # Cards 4, 8, 6, need 2, every check with the same skill: +0, +2, +4 on the 1st..3rd check.
    # Facing the 6 first (p1 = P(>=6)), the second card is chosen knowing how the first went:
    # * after a success one more is needed: the 4 at +2 (P(>=6)), else the 8 at +4 (P(>=12))
    #   gives 1 - (1 - P(>=6))(1 - P(>=12)); the 8 first would give 1 - (1 - P(>=10))(1 - P(>=8));
    # * after a failure both must succeed: the 8 at +2 and the 4 at +4, P(>=10) * P(>=8), beats
    #   the 4 at +2 and the 8 at +4, P(>=6) * P(>=12).
    # No fixed order plays both branches at their best, so best play beats every fixed order.
    board = LimitBoard([4, 8, 6], need=2)
    a = kit.advice(board, checks="2d6", skills="Tinker")
    p6, p8, p10, p12 = (_at_least(t) for t in (6, 8, 10, 12))
    won = max(1 - (1 - p6) * (1 - p12), 1 - (1 - p10) * (1 - p8))
    lost = max(p10 * p8, p6 * p12)
    expected = p6 * won + (1 - p6) * lost
    assert expected == Fraction(25496, 46656)
    assert a.best == "slot 3, 6" and a.answer() == 3
    assert a.options["slot 3, 6"] == pytest.approx(float(expected), abs=1e-12)
    assert set(a.options) == {"slot 1, 4", "slot 2, 8", "slot 3, 6"}
    fixed = max(
        board_odds(board, "2d6", "Tinker", order=list(o)).success for o in permutations([1, 2, 3])
    )
    assert float(expected) > float(fixed) + 0.01
    assert kit.advice(board, checks="2d6", plan="Tinker").options == a.options


def test_limit_board_order_does_not_matter_without_penalties():
    # With no repeated skill every card keeps its own chance, so success is "at least 2 of the
    # three beaten" whatever the order: a tie, computed from P(>=4), P(>=8), P(>=6).
    board = LimitBoard([4, 8, 6], need=2)
    a = kit.advice(board, checks="2d6")
    p = [_at_least(4), _at_least(8), _at_least(6)]
    two = (
        sum(p[i] * p[j] * (1 - p[k]) for i, j, k in ((0, 1, 2), (0, 2, 1), (1, 2, 0)))
        + p[0] * p[1] * p[2]
    )
    for chance in a.options.values():
        assert chance == pytest.approx(float(two), abs=1e-12)
    assert a.best == "slot 1, 4"  # a tie keeps the default order's first card


def test_advice_renders():
    a = kit.advice(_token_job())
    text = repr(a)
    assert "spend" in text and "58.3%" in text and "*" in text
    html = a._repr_html_()
    assert "<table" in html and "spend" in html


def _brute_best(ctx, s, probs):
    """Best-play chance by plain recursion over the real states (no memo, no merged rosters)."""
    from kit.regulus.core import ENDED, KNOCKOUT, TOKEN

    if s.phase == ENDED:
        return 1.0 if s.outcome == "success" else 0.0
    if s.phase == KNOCKOUT:
        return max(_brute_best(ctx, ctx.knockout(s, n), probs) for n in s.roster)
    if s.phase == TOKEN:
        return max(_brute_best(ctx, ctx.token(s, b), probs) for b in (True, False))
    return sum(p * _brute_best(ctx, ctx.roll(s, t)[0], probs) for t, p in probs[s.phase])


@pytest.mark.parametrize(
    "conditions",
    [
        [Condition.gig_active("Hacker")],
        [Condition("min_crew", 2)],
        [Condition("crew_active"), Condition.max_threat(1)],
    ],
    ids=["gig", "min_crew", "threat"],
)
def test_best_chance_agrees_with_a_plain_recursion(conditions):
    crew = [Operative("Oro", "Hacker"), Operative("Vex", "Face"), Operative("Brick", "Muscle")]
    job = Job("caper", 3, 3, crew, conditions, seed=0)
    probs = {
        ph: [(t, float(p)) for t, p in d.distribution().items()]
        for ph, d in (("main", job.rules.main()), ("companion", job.rules.companion()))
    }
    expected = _brute_best(job._ctx, job.state, probs)
    assert best_chance(job) == pytest.approx(expected, abs=1e-12)
