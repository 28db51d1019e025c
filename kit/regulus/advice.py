"""Exact advice at a Regulus job's decisions, and a policy that always takes the best answer.

A job stops for two decisions: whom a Knockout removes, and whether to spend a Postponed Minor
Consequence token. :func:`advice` answers "which choice is better, and by how much?" by
forcing each answer and computing the exact chance of success from the state it leads to.

What happens *after* the forced answer is a choice of its own:

* by default (``policy=None``) every later decision is also played at its best, so each chance
  is the most that answer can lead to (an exact optimal-play value, worked out by a memoised
  walk over every reachable state that takes the maximum at each decision);
* with a policy (``policy=AUTO``, say) later decisions follow it, and each chance is
  :func:`~kit.regulus.odds.odds` of the job with that answer made.

:class:`AdvisedPolicy` plays every decision at its best, so no policy does better on the same
job; the notebook ``08_advisor`` shows by how much it beats the automatic defaults.

>>> from kit.regulus import Condition, Job, Operative
>>> crew = [Operative("Ash", "Thief"), Operative("Oro", "Hacker")]
>>> job = Job("heist", 3, 5, crew, [Condition.gig_active("Hacker")], seed=1)
>>> _ = job.roll(2)  # a Knockout: who leaves?
>>> a = advice(job)
>>> a.best, a.options["Oro"]
('Ash', 0.0)
"""

from __future__ import annotations

from typing import Any

from ..advising import Advice
from ..errors import IllegalAction, InvalidInput, InvalidType
from .core import COMPANION, ENDED, KNOCKOUT, MAIN, TOKEN, Context, JobState
from .job import Job
from .odds import odds
from .policies import Policy

__all__ = ["AdvisedPolicy", "advice", "best_chance"]

#: Deeper than this many rolls along one path the walk stops counting (a chance below 6**-200).
_MAX_DEPTH = 200
#: Chances closer than this count as a tie (the earlier-listed answer is kept).
_TIE = 1e-12


class _BestPlay:
    """The exact chance of success from any state of one job when every decision is played best.

    Values are memoised by state, so asking about many states of the same job (as a policy
    does) costs one walk in all. Threat and Heat are left out of the memo's key when no
    condition reads them, and operatives are told apart only by the gig types the conditions name (who
    leaves on a Knockout matters only through those), which keeps the walk small without
    changing any chance.
    """

    def __init__(self, ctx: Context, rules: Any) -> None:
        self.ctx = ctx
        self.probs = {
            MAIN: [(t, float(p)) for t, p in rules.main().distribution().items()],
            COMPANION: [(t, float(p)) for t, p in rules.companion().distribution().items()],
        }
        self.counters = any(c.uses_counters for c in ctx.conditions)
        # Operatives matter to the future only through the gig types the conditions name:
        # two rosters with the same count of each named gig (and of everyone else) play alike.
        named = {str(c.value).casefold() for c in ctx.conditions if c.kind == "gig_active"}
        self.kind = {
            n: (g.casefold() if g.casefold() in named else "") for n, g in ctx.gigs.items()
        }
        self._kinds: dict[tuple[str, ...], tuple[str, ...]] = {}
        self.memo: dict[tuple[Any, ...], float] = {}
        self._open: set[tuple[Any, ...]] = set()

    def _key(self, s: JobState) -> tuple[Any, ...]:
        kinds = self._kinds.get(s.roster)
        if kinds is None:
            kinds = self._kinds[s.roster] = tuple(sorted(self.kind[n] for n in s.roster))
        counters = (s.threat, s.heat) if self.counters else ()
        return (
            s.phase,
            s.turn,
            s.progress,
            s.tokens,
            s.companion_due,
            s.token_ok,
            kinds,
            *counters,
        )

    def value(self, s: JobState, depth: int = 0) -> float:
        if s.phase == ENDED:
            return 1.0 if s.outcome == "success" else 0.0
        key = self._key(s)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if depth > _MAX_DEPTH:
            return 0.0
        if key in self._open:
            raise InvalidInput(
                "this job's table lets a companion chain return to the same state forever; "
                "best play cannot be computed, pass policy=AUTO (or another policy) instead"
            )
        self._open.add(key)
        try:
            if s.phase == KNOCKOUT:
                one_of_each = {self.kind[n]: n for n in reversed(s.roster)}.values()
                v = max(self.value(self.ctx.knockout(s, n), depth) for n in one_of_each)
            elif s.phase == TOKEN:
                v = max(self.value(self.ctx.token(s, spend), depth) for spend in (True, False))
            else:
                v = 0.0
                roll = self.ctx.roll
                for total, p in self.probs[s.phase]:
                    t = roll(s, total)[0]
                    if t.phase != ENDED:
                        v += p * self.value(t, depth + 1)
                    elif t.outcome == "success":
                        v += p
        finally:
            self._open.discard(key)
        self.memo[key] = v
        return v

    def options(self, s: JobState) -> dict[str, float]:
        """Each answer to the decision pending in ``s`` with its best-play chance."""
        return {label: self.value(after) for label, after in _answers(self.ctx, s)}


def _answers(ctx: Context, s: JobState) -> list[tuple[str, JobState]]:
    """The answers to the decision pending in ``s``, the automatic default's answer first."""
    if s.phase == KNOCKOUT:
        return [(name, ctx.knockout(s, name)) for name in reversed(s.roster)]
    if s.phase == TOKEN:
        return [("spend", ctx.token(s, True)), ("keep", ctx.token(s, False))]
    return []


def _best(options: dict[str, float]) -> str:
    """The highest chance; on a tie (within 1e-12) the earliest listed."""
    top = max(options.values())
    return next(label for label, p in options.items() if p >= top - _TIE)


def _solver(job: Job) -> _BestPlay:
    return _BestPlay(job._ctx, job.rules)


def best_chance(job: Job) -> float:
    """The exact chance of success from ``job``'s current state if every decision is played best.

    >>> from kit.regulus import Job, Operative, odds
    >>> job = Job("con", 4, 5, [Operative("Vex", "Face")])
    >>> best_chance(job) >= odds(job).success - 1e-12
    True
    """
    if not isinstance(job, Job):
        raise InvalidType(f"best_chance() needs a kit.regulus.Job, got {type(job).__name__}")
    return _solver(job).value(job.state)


_QUESTIONS = {
    KNOCKOUT: "Knockout: which operative leaves the job?",
    TOKEN: "Spend a Postponed Minor Consequence token now (+1 Progress, a Minor Consequence)?",
}


def advice(job: Job, policy: Policy | None = None) -> Advice:
    """The exact chance of success for each answer to ``job``'s pending decision.

    Args:
        job: a job waiting for a decision (``job.pending`` is "knockout" or "token").
        policy: how later decisions are played: ``None`` (the default) plays each at its best;
            a policy (such as ``AUTO``) plays them its way.

    The Knockout's answers are the operatives on the roster (the default's choice, the last to
    join, listed first); which contribution they leave behind changes no chance, so it is not
    an option here. The token's answers are "spend" and "keep". On a tie the answer listed
    first is ``best``. :meth:`~kit.advising.Advice.choose` gives what the job's decision takes:
    the operative's name for ``job.decide_knockout``, True or False for ``job.decide_token``.

    Raises:
        IllegalAction: the job has no decision pending (it waits for a roll or has ended).
    """
    if not isinstance(job, Job):
        raise InvalidType(f"advice() needs a kit.regulus.Job, got {type(job).__name__}")
    s = job.state
    if job.pending is None:
        where = f"it has ended ({job.outcome})" if job.ended else "it waits for a roll"
        raise IllegalAction(
            f"the job has no pending decision, so there is nothing to decide: {where}"
        )
    if policy is None:
        options = _solver(job).options(s)
        how = "best play after this decision"
    else:
        options = {}
        for label in (label for label, _ in _answers(job._ctx, s)):
            forced = job.copy()
            if s.phase == KNOCKOUT:
                forced.decide_knockout(label)
            else:
                forced.decide_token(label == "spend")
            options[label] = odds(forced, policy).success
        how = f"{type(policy).__name__} after this decision"
    notes = {}
    answers: dict[str, object]
    if s.phase == KNOCKOUT:
        notes = {name: f"{job.operative(name).gig} leaves" for name in options}
        answers = {name: name for name in options}
    else:
        answers = {"spend": True, "keep": False}
    state = s

    def apply(answer: object) -> Job:
        if job.state != state:
            raise IllegalAction("the job has moved on since this advice; ask kit.advice(job) again")
        if state.phase == KNOCKOUT:
            job.decide_knockout(str(answer))
        else:
            job.decide_token(bool(answer))
        return job

    return Advice(
        options=options,
        best=_best(options),
        exact=True,
        question=f"{_QUESTIONS[s.phase]} ({how})",
        notes=notes,
        answers=answers,
        apply=apply,
    )


class AdvisedPolicy:
    """A policy for one job that answers every decision with the best answer by exact odds.

    Each answer maximises the exact chance of success with best play afterwards, so
    ``odds(job, AdvisedPolicy(job)).success`` is the most any policy can reach on ``job`` (the
    tests check it is never below :data:`~kit.regulus.policies.AUTO`'s). On a tie it gives the
    automatic default's answer. It is bound to the job it was made for (any state of that job,
    copies included).

    >>> from kit.regulus import Job, Operative, odds
    >>> job = Job("heist", 4, 6, [Operative("Ash", "Thief"), Operative("Oro", "Hacker")])
    >>> odds(job, AdvisedPolicy(job)).success >= odds(job).success
    True
    """

    def __init__(self, job: Job) -> None:
        if not isinstance(job, Job):
            raise InvalidType(f"AdvisedPolicy needs a kit.regulus.Job, got {type(job).__name__}")
        self._solver = _solver(job)

    def _choose(self, state: JobState) -> str:
        return _best(self._solver.options(state))

    def knockout(self, state: JobState) -> str:
        """The operative whose leaving keeps the best chance of success."""
        return self._choose(state)

    def spend_token(self, state: JobState) -> bool:
        """Whether spending the token now keeps the best chance of success."""
        return self._choose(state) == "spend"

    def __repr__(self) -> str:
        return "AdvisedPolicy()"
