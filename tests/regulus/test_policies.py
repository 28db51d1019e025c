"""Who decides (kit.regulus.policies): the automatic rulings answer at once, a person's policy
pauses the job."""

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.regulus import AUTO, JOB_TYPES, AskPolicy, AutoPolicy, Job, RegulusRules
from kit.regulus.core import Context


def test_auto_policy_removes_the_last_added(job):
    job.roll(2)
    job.advance(AutoPolicy())
    assert job.crew_lost == ("Brick",)
    first = Job("heist", 4, 5, job.crew)
    first.roll(2)
    first.advance(AutoPolicy(knockout_order="first"))
    assert first.crew_lost == ("Vex",)


def test_ask_policy_pauses(crew):
    for seed in range(200):
        job = Job("heist", 7, 7, crew, seed=seed).run(AskPolicy())
        if job.pending:
            assert not job.ended
            break
    else:
        pytest.fail("no seed produced a decision")


def test_the_automatic_knockout_reads_the_roster_order():
    state = Context(
        JOB_TYPES["heist"], 4, 5, (), RegulusRules(), {"A": "x", "B": "y", "C": "z"}
    ).start(("A", "B", "C"))
    assert AutoPolicy().knockout(state) == "C"  # RULINGS Regulus 5: the last added
    assert AutoPolicy(knockout_order="first").knockout(state) == "A"
    assert AutoPolicy().spend_token(state) is True  # Regulus 4: at the first chance
    assert AutoPolicy(spend_tokens=False).spend_token(state) is False


def test_a_policy_that_never_spends_keeps_its_tokens(crew):
    job = Job("heist", 5, 5, crew)
    job.roll(12)  # a token
    job.roll(10)  # Perfect: the lead may spend it
    job.advance(AutoPolicy(spend_tokens=False))
    assert (job.tokens, job.progress, job.threat, job.pending) == (1, 3, 0, None)
    again = Job("heist", 5, 5, crew)
    again.roll(12)
    again.roll(10)
    again.advance(AUTO)
    assert (again.tokens, again.progress, again.threat) == (0, 4, 1)


def test_asking_a_person_leaves_the_decision_waiting(job):
    job.roll(2)
    job.advance(AskPolicy())
    assert job.pending == "knockout" and job.crew_lost == ()
    job.decide_knockout("Vex")
    assert job.crew_lost == ("Vex",)


@pytest.mark.parametrize(
    "kwargs, error, says",
    [
        (
            {"knockout_order": "random"},
            InvalidInput,
            "knockout_order must be one of 'last', 'first'",
        ),
        ({"spend_tokens": 1}, InvalidType, "spend_tokens must be True or False"),
    ],
)
def test_a_bad_policy_option_is_refused_naming_it(kwargs, error, says):
    with pytest.raises(error, match=says):
        AutoPolicy(**kwargs)
