"""The resolution rules as pure functions on a small, hashable state.

This module is the single place the Regulus rules live. :class:`~kit.regulus.job.Job` replays
its event log through these functions, :mod:`kit.regulus.odds` walks the same functions over
every reachable state to compute exact odds, and the vectorised Monte Carlo samples a
transition table compiled from them. No rule is written twice.

The order within one incident (RULINGS Regulus 1): its effects apply (a Knockout asks which
operative leaves), then the progress floor, then the end check; then, if the job goes on and a
Postponed Minor Consequence token may be spent, that decision and the end check again; then
its companion incident is rolled if it has one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .rules import Condition, RegulusRules
from .tables import Incident, JobType

__all__ = ["COMPANION", "ENDED", "KNOCKOUT", "MAIN", "TOKEN", "Context", "Effect", "JobState"]

#: Phases: what the job waits for next.
MAIN, COMPANION, KNOCKOUT, TOKEN, ENDED = "main", "companion", "knockout", "token", "ended"


class JobState(NamedTuple):
    """Everything that decides what can happen next in a job."""

    phase: str
    """MAIN or COMPANION (a roll is due), KNOCKOUT or TOKEN (a decision is due), or ENDED."""
    turn: int
    """Main rolls made so far (clock ticks spent)."""
    progress: int
    threat: int
    heat: int
    tokens: int
    """Postponed Minor Consequence tokens held."""
    roster: tuple[str, ...]
    """Names of the operatives still on the job, in the order they joined."""
    companion_due: bool
    """The incident being resolved brings a companion incident."""
    token_ok: bool
    """The incident being resolved imposed no consequence, so a token may be spent."""
    outcome: str | None
    """None while running, then "success" or "failure"."""
    reason: str | None
    """Why it ended: "progress", "clock", "crew" or "condition"."""


_tuple_new = tuple.__new__


#: Positions of the fields :func:`_set` changes.
_PHASE, _TURN, _PROGRESS, _ROSTER = 0, 1, 2, 6


def _set(s: JobState, i: int, value: object) -> JobState:
    """``s`` with field ``i`` replaced (what ``s._replace`` does, without its cost)."""
    return _tuple_new(JobState, s[:i] + (value,) + s[i + 1 :])


class Effect(NamedTuple):
    """What one incident does to the counters under a job's rules, before anything settles."""

    progress: int
    """Change to Progress (the floor applies afterwards)."""
    threat: int
    """Threat added: the incident's own change plus what its consequence costs."""
    heat: int
    """Change to Heat."""
    tokens: int
    """Postponed Minor Consequence tokens gained (0 or 1)."""
    token_ok: bool
    """A token may be spent after this incident."""
    lose_crew: bool
    """A Knockout: an operative leaves (a decision)."""
    companion: bool
    """A companion incident follows."""


@dataclass(frozen=True)
class Context:
    """The fixed facts of a job that the rules read."""

    table: JobType
    difficulty: int
    clock: int
    conditions: tuple[Condition, ...]
    rules: RegulusRules
    gigs: dict[str, str]
    """Operative name -> gig type."""
    heat_can_fall: bool = False
    """Some incident lowers Heat (so a Heat limit can recover); derived."""
    threat_can_fall: bool = False
    """Some incident lowers Threat; derived."""
    _holds_memo: dict[tuple[tuple[str, ...], int, int], tuple[bool, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Condition results by (roster, Heat, Threat): the exact walk asks the same ones often."""
    effects: dict[int, Effect] = field(default_factory=dict, compare=False, repr=False)
    """Total -> :class:`Effect` of its incident under these rules; derived."""
    counters: bool = field(default=False, init=False, compare=False, repr=False)
    """Some condition reads Heat or Threat; derived."""
    _facts_memo: dict[object, tuple[bool, bool]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """The end check's two questions (every condition holds; one is broken for good) by roster,
    and by Heat and Threat as well when a condition reads them."""

    def __post_init__(self) -> None:
        # Facts read on every end check, worked out once.
        rows = self.table.table.values()
        object.__setattr__(self, "heat_can_fall", any(i.heat < 0 for i in rows))
        object.__setattr__(self, "threat_can_fall", any(i.threat < 0 for i in rows))
        r = self.rules
        cost = {"minor": r.minor_threat, "major": r.major_threat}
        effects = {
            total: Effect(
                progress=inc.progress,
                threat=inc.threat + cost.get(inc.consequence or "", 0),
                heat=inc.heat,
                tokens=1 if inc.consequence == "postponed" else 0,
                token_ok=inc.consequence is None
                or (inc.consequence == "postponed" and r.token_on_same_incident),
                lose_crew=inc.lose_crew,
                companion=inc.companion,
            )
            for total, inc in self.table.table.items()
        }
        object.__setattr__(self, "effects", effects)
        object.__setattr__(self, "counters", any(c.uses_counters for c in self.conditions))

    def start(self, roster: tuple[str, ...]) -> JobState:
        """The state before the first roll."""
        return JobState(MAIN, 0, 0, 0, 0, 0, roster, False, False, None, None)

    # ------------------------------------------------------------------ rolls
    def roll(self, s: JobState, total: int) -> tuple[JobState, Incident]:
        """Apply the incident for ``total`` in phase MAIN or COMPANION; return the new state."""
        e = self.effects[total]
        return self.after_incident(self.incident(s, total), e.lose_crew), self.table.table[total]

    def incident(self, s: JobState, total: int) -> JobState:
        """The counters right after the incident for ``total``, before anything settles.

        A main roll spends a clock tick; the incident's :class:`Effect` is added to Progress,
        Threat, Heat and the tokens, and it says whether a companion follows and whether a
        token may be spent.
        """
        e = self.effects[total]
        phase, turn, progress, threat, heat, tokens, roster, _, _, outcome, reason = s
        return _tuple_new(
            JobState,
            (
                phase,
                turn + 1 if phase == MAIN else turn,
                progress + e.progress,
                threat + e.threat,
                heat + e.heat,
                tokens + e.tokens,
                roster,
                e.companion,
                e.token_ok,
                outcome,
                reason,
            ),
        )

    def after_incident(self, s: JobState, lose_crew: bool) -> JobState:
        """Settle the state :meth:`incident` left: a Knockout asks who leaves, else floor and checks."""
        if lose_crew and s[6]:
            return _tuple_new(JobState, (KNOCKOUT,) + s[1:])
        return self._settle(s)

    # ------------------------------------------------------------ adjustments
    def adjust(self, s: JobState, progress: int = 0, heat: int = 0, threat: int = 0) -> JobState:
        """A GM adjustment while a roll is due: change the counters, then the same end check.

        The progress floor applies as after an incident; a job the adjustment finishes (Progress
        reaching the Difficulty with every Condition holding, or a Condition broken for good)
        ends here, and a pending companion incident is dropped with it.
        """
        s = self._floor(
            s._replace(progress=s.progress + progress, heat=s.heat + heat, threat=s.threat + threat)
        )
        ended = self._end_check(s)
        return ended if ended is not None else s

    # -------------------------------------------------------------- decisions
    def knockout(self, s: JobState, name: str) -> JobState:
        """The operative ``name`` leaves the roster; then the incident settles."""
        roster = s[6]
        if roster.count(name) == 1:  # names are unique in a crew: the usual case, made quick
            i = roster.index(name)
            roster = roster[:i] + roster[i + 1 :]
        else:
            roster = tuple([n for n in roster if n != name])
        return self._settle(_tuple_new(JobState, s[:6] + (roster,) + s[7:]))

    def token(self, s: JobState, spend: bool) -> JobState:
        """Spend (or keep) a token: a Minor Consequence for extra Progress."""
        if spend:
            phase, turn, progress, threat, heat, tokens, roster, due, ok, outcome, reason = s
            rules = self.rules
            progress += rules.token_progress
            floor = rules.progress_floor  # self._floor(s), without a call: run very often
            if floor is not None and progress < floor:
                progress = floor
            s = _tuple_new(
                JobState,
                (phase, turn, progress, threat + rules.minor_threat, heat, tokens - 1, roster,
                 due, ok, outcome, reason),
            )  # fmt: skip
            ended = self._end_check(s)
            if ended is not None:
                return ended
        return self._next(s)

    # ------------------------------------------------------------------ steps
    def _floor(self, s: JobState) -> JobState:
        floor = self.rules.progress_floor
        if floor is not None and s.progress < floor:
            return _set(s, _PROGRESS, floor)
        return s

    def _settle(self, s: JobState) -> JobState:
        floor = self.rules.progress_floor  # self._floor(s), without a call: run very often
        if floor is not None and s[2] < floor:
            s = _set(s, _PROGRESS, floor)
        ended = self._end_check(s)
        if ended is not None:
            return ended
        if s[5] > 0 and s[8]:  # tokens held, and this incident allows spending one
            return _tuple_new(JobState, (TOKEN,) + s[1:])
        return self._next(s)

    def _next(self, s: JobState) -> JobState:
        _, turn, progress, threat, heat, tokens, roster, due, _, outcome, reason = s
        if due:
            phase = COMPANION
        elif turn >= self.clock:
            phase, outcome, reason = ENDED, "failure", "clock"
        else:
            phase = MAIN
        return _tuple_new(
            JobState,
            (phase, turn, progress, threat, heat, tokens, roster, False, False, outcome, reason),
        )

    @staticmethod
    def clock_decided(s: JobState) -> bool:
        """Whether settling an incident into ``s`` read the clock (:meth:`_next` is the one rule
        that reads the turn): the job goes on to a main roll, or it ended on the clock."""
        return s.phase == MAIN or (s.phase == ENDED and s.reason == "clock")

    def holds(self, s: JobState) -> tuple[bool, ...]:
        """Whether each condition holds in ``s``."""
        memo_key = (s.roster, s.heat, s.threat)
        hit = self._holds_memo.get(memo_key)
        if hit is None:
            gigs = tuple(self.gigs[n] for n in s.roster)
            hit = self._holds_memo[memo_key] = tuple(
                c.holds(gigs, s.heat, s.threat) for c in self.conditions
            )
        return hit

    def _facts(self, s: JobState) -> tuple[bool, bool]:
        """Whether every condition holds in ``s``, and whether one is broken for good."""
        key = (s.roster, s.heat, s.threat) if self.counters else s.roster  # as in _end_check
        hit = self._facts_memo.get(key)
        if hit is None:
            holds = self.holds(s)
            hit = self._facts_memo[key] = (
                all(holds),
                any(
                    not ok and not c.recoverable(self.heat_can_fall, self.threat_can_fall)
                    for c, ok in zip(self.conditions, holds)
                ),
            )
        return hit

    def _end_check(self, s: JobState) -> JobState | None:
        facts = self._facts_memo.get((s[6], s[4], s[3]) if self.counters else s[6])
        every, doomed = self._facts(s) if facts is None else facts
        if every and s[2] >= self.difficulty:
            return self._ended(s, "success", "progress")
        if not s[6]:
            return self._ended(s, "failure", "crew")
        if doomed:
            return self._ended(s, "failure", "condition")
        return None

    @staticmethod
    def _ended(s: JobState, outcome: str, reason: str) -> JobState:
        return _tuple_new(JobState, (ENDED,) + s[1:7] + (False, False, outcome, reason))
