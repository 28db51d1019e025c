"""Were they lucky (kit.regulus.luck): percentiles of a scripted job worked out by hand on a
table whose odds are easy to count, and each roll's place in its own dice."""

import pytest

from kit.errors import IllegalAction, InvalidType
from kit.figures import luck_progress
from kit.regulus import Incident, Job, JobType, Operative
from kit.regulus.luck import luck, roll_percentile

# A table where only a 12 moves the job: +3 Progress, so a Difficulty 3 job succeeds on the
# first 12 and otherwise runs out of Clock. With p = 1/36 and q = 35/36:
# P(success on tick k) = q**(k-1) * p, P(failure with Clock 3) = q**3.
JACKPOT = JobType(
    "jackpot",
    {t: Incident("Nothing") for t in range(2, 12)} | {12: Incident("Jackpot", progress=3)},
)
P, Q = 1 / 36, 35 / 36


def _jackpot(*totals):
    job = Job(JACKPOT, 3, 3, [Operative("Ash", "Thief")], seed=1)
    for t in totals:
        job.roll(t)
    return job


def test_luck_of_a_scripted_success_matches_a_hand_count():
    report = luck(_jackpot(5, 12))
    assert report.outcome == "success" and report.turn == 2
    assert report.chance == pytest.approx(1 - Q**3, abs=1e-12)
    # worse endings: failure (q^3) and success on tick 3 (q^2 p); half of success on tick 2 (q p)
    assert report.outcome_percentile == pytest.approx(Q**3 + Q**2 * P + Q * P / 2, abs=1e-12)
    first, second = report.steps
    # 5 on 2d6: P(<5) = 6/36, P(=5) = 4/36 -> 8/36; 12: 35/36 + 1/72
    assert first.percentile == pytest.approx(8 / 36, abs=1e-12)
    assert second.percentile == pytest.approx(35 / 36 + 1 / 72, abs=1e-12)
    assert first.chance_before == pytest.approx(1 - Q**3, abs=1e-12)
    assert first.chance_after == pytest.approx(1 - Q**2, abs=1e-12)
    assert second.chance_after == 1.0
    # an average roll on this table adds 3/36 Progress
    assert [s.expected_progress for s in report.steps] == pytest.approx([3 / 36, 6 / 36])
    assert [s.progress for s in report.steps] == [0, 3]
    assert report.turning_points(1) == [second]
    assert report.verdict.startswith("lucky")


def test_luck_of_a_scripted_failure_matches_a_hand_count():
    report = luck(_jackpot(5, 7, 9))
    assert report.outcome == "failure"
    assert report.outcome_percentile == pytest.approx(Q**3 / 2, abs=1e-12)  # ~0.46
    assert report.verdict.startswith("about as expected")
    # 7 on 2d6 is the median: P(<7) = 15/36, P(=7) = 6/36 -> 1/2; 9: 26/36 + 2/36
    assert report.steps[1].percentile == pytest.approx(0.5, abs=1e-12)
    assert report.steps[2].percentile == pytest.approx(28 / 36, abs=1e-12)


def test_roll_percentile_of_a_companion_die():
    # 1d6+1: 2..7 each 1/6; a 7 is the top: 5/6 + 1/12
    from kit.dice import as_dice

    assert roll_percentile(as_dice("1d6+1").distribution(), 7) == pytest.approx(11 / 12)


def test_luck_needs_rolls_and_a_job():
    with pytest.raises(IllegalAction, match="no rolls"):
        luck(_jackpot())
    with pytest.raises(InvalidType):
        luck("a job")


def test_luck_of_a_running_job_and_its_figure():
    report = luck(_jackpot(5))
    assert report.outcome is None and report.outcome_percentile is None
    assert report.verdict.startswith("still running")
    fig = luck_progress(report)
    assert [t.name for t in fig.data] == ["expected", "actual"]
    assert list(fig.data[1].y) == [0, 0]
