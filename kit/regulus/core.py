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

__all__ = ["COMPANION", "ENDED", "KNOCKOUT", "MAIN", "TOKEN", "Context", "JobState"]

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

    def __post_init__(self) -> None:
        # Facts read on every end check, worked out once.
        rows = self.table.table.values()
        object.__setattr__(self, "heat_can_fall", any(i.heat < 0 for i in rows))
        object.__setattr__(self, "threat_can_fall", any(i.threat < 0 for i in rows))

    def start(self, roster: tuple[str, ...]) -> JobState:
        """The state before the first roll."""
        return JobState(MAIN, 0, 0, 0, 0, 0, roster, False, False, None, None)

    # ------------------------------------------------------------------ rolls
    def roll(self, s: JobState, total: int) -> tuple[JobState, Incident]:
        """Apply the incident for ``total`` in phase MAIN or COMPANION; return the new state."""
        inc = self.table.table[total]
        r = self.rules
        turn = s.turn + 1 if s.phase == MAIN else s.turn
        threat = s.threat + inc.threat
        tokens = s.tokens
        if inc.consequence == "minor":
            threat += r.minor_threat
        elif inc.consequence == "major":
            threat += r.major_threat
        elif inc.consequence == "postponed":
            tokens += 1
        token_ok = inc.consequence is None or (
            inc.consequence == "postponed" and r.token_on_same_incident
        )
        s = s._replace(
            turn=turn,
            progress=s.progress + inc.progress,
            threat=threat,
            heat=s.heat + inc.heat,
            tokens=tokens,
            companion_due=inc.companion,
            token_ok=token_ok,
        )
        if inc.lose_crew and s.roster:
            return s._replace(phase=KNOCKOUT), inc
        return self._settle(s), inc

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
        roster = tuple(n for n in s.roster if n != name)
        return self._settle(s._replace(roster=roster))

    def token(self, s: JobState, spend: bool) -> JobState:
        """Spend (or keep) a token: a Minor Consequence for extra Progress."""
        if spend:
            s = s._replace(
                tokens=s.tokens - 1,
                progress=s.progress + self.rules.token_progress,
                threat=s.threat + self.rules.minor_threat,
            )
            s = self._floor(s)
            ended = self._end_check(s)
            if ended is not None:
                return ended
        return self._next(s._replace(token_ok=False))

    # ------------------------------------------------------------------ steps
    def _floor(self, s: JobState) -> JobState:
        floor = self.rules.progress_floor
        if floor is not None and s.progress < floor:
            return s._replace(progress=floor)
        return s

    def _settle(self, s: JobState) -> JobState:
        s = self._floor(s)
        ended = self._end_check(s)
        if ended is not None:
            return ended
        if s.tokens > 0 and s.token_ok:
            return s._replace(phase=TOKEN)
        return self._next(s)

    def _next(self, s: JobState) -> JobState:
        if s.companion_due:
            return s._replace(phase=COMPANION, companion_due=False, token_ok=False)
        if s.turn >= self.clock:
            return s._replace(phase=ENDED, outcome="failure", reason="clock", token_ok=False)
        return s._replace(phase=MAIN, token_ok=False)

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

    def _end_check(self, s: JobState) -> JobState | None:
        holds = self.holds(s)
        if s.progress >= self.difficulty and all(holds):
            return s._replace(
                phase=ENDED,
                outcome="success",
                reason="progress",
                token_ok=False,
                companion_due=False,
            )
        if not s.roster:
            return s._replace(
                phase=ENDED, outcome="failure", reason="crew", token_ok=False, companion_due=False
            )
        for c, ok in zip(self.conditions, holds):
            if not ok and not c.recoverable(self.heat_can_fall, self.threat_can_fall):
                return s._replace(
                    phase=ENDED,
                    outcome="failure",
                    reason="condition",
                    token_ok=False,
                    companion_due=False,
                )
        return None
