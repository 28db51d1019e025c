"""A Regulus job: its setup, its event log, and the state and record derived from them.

>>> from kit.regulus import Job, Operative
>>> crew = [Operative("Vex", "Face", ["forged invitation"]), Operative("Oro", "Hacker", ["deck"])]
>>> job = Job("con", difficulty=3, clock=5, crew=crew, seed=11)
>>> played = job.play()
>>> played.outcome in ("success", "failure"), job.turn
(True, 0)
"""

from __future__ import annotations

import difflib
import json
import os
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import limits, store, validate
from ..errors import IllegalAction, InvalidInput, InvalidType, KitError, KitWarning, SaveFileError
from ..log import Event, EventLog, Observable
from ..rng import SeedLike, resolve_seed, step_rng
from ..store import JSON
from .core import COMPANION, ENDED, KNOCKOUT, MAIN, TOKEN, Context, JobState
from .policies import AUTO, Policy
from .record import JobRecord, RecordRow
from .rules import DEFAULT_CONDITIONS, Condition, RegulusRules
from .tables import JOB_TYPES, JobType

__all__ = ["Job", "Operative"]


@dataclass(frozen=True)
class Operative:
    """A member of the crew: a name, a gig type (their role) and what they bring."""

    name: str
    """The operative's name (unique within a crew)."""
    gig: str
    """Their gig type, such as Face, Hacker or Muscle."""
    contributions: tuple[str, ...] = ()
    """Gear, skills and contacts they add to the Crew Workup."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", validate.text("operative name", self.name, max_len=80))
        object.__setattr__(
            self, "gig", validate.text(f"gig of {self.name!r}", self.gig, max_len=60)
        )
        _warn_if_misspelt_gig(self.name, self.gig)
        if isinstance(self.contributions, str):
            raise InvalidInput(
                f"contributions of {self.name!r} must be a list of strings, not one string {self.contributions!r}"
            )
        items = validate.sequence(
            f"contributions of {self.name!r}",
            list(self.contributions)
            if isinstance(self.contributions, Iterable)
            else self.contributions,
        )
        object.__setattr__(
            self,
            "contributions",
            tuple(validate.text(f"contribution of {self.name!r}", c, max_len=200) for c in items),
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return {"name": self.name, "gig": self.gig, "contributions": list(self.contributions)}

    @classmethod
    def from_dict(cls, raw: JSON) -> Operative:
        """Read :meth:`to_dict` output."""
        if isinstance(raw, Operative):
            return raw
        raw = validate.mapping("operative", raw)
        validate.no_unknown_keys("operative", raw, ("name", "gig", "contributions"))
        return cls(
            raw.get("name"),
            raw.get("gig"),
            tuple(validate.sequence("contributions", raw.get("contributions", []))),
        )


#: Gig types a crew commonly has. Any gig is allowed (the rules leave them to the GM); one a
#: letter or two away from these is probably a typo and draws a :class:`~kit.errors.KitWarning`.
KNOWN_GIGS = (
    "Crew",
    "Driver",
    "Face",
    "Fixer",
    "Gun",
    "Hacker",
    "Infiltrator",
    "Medic",
    "Muscle",
    "Pilot",
    "Thief",
)


def _warn_if_misspelt_gig(name: str, gig: str) -> None:
    """Warn when ``gig`` is not a known gig but close to one (``"Haker"`` -> ``"Hacker"``)."""
    folded = {g.casefold(): g for g in KNOWN_GIGS}
    if gig.strip().casefold() in folded:
        return
    near = difflib.get_close_matches(gig.strip().casefold(), list(folded), n=1, cutoff=0.75)
    if near:
        warnings.warn(
            f"gig of {name!r} is {gig!r}, which is not a known gig type; did you mean "
            f"{folded[near[0]]!r}? (a condition such as 'Hacker remains active' only counts "
            f"operatives whose gig is spelt as it says; known gigs: {', '.join(KNOWN_GIGS)})",
            KitWarning,
            stacklevel=4,
        )


#: Largest change one GM adjustment may make to Progress, Threat or Heat.
ADJUST_LIMIT = 20

_MISSING = object()


def _field(event: Event, name: str) -> Any:
    """A required field of an event, or the kit's error naming it (a truncated save file)."""
    value = event.get(name, _MISSING)
    if value is _MISSING:
        raise InvalidInput(f"a {event.kind!r} event needs the field {name!r}")
    return value


def _job_type(value: str | JobType) -> JobType:
    if isinstance(value, JobType):
        return value
    if isinstance(value, str) and value.strip().casefold() in JOB_TYPES:
        return JOB_TYPES[value.strip().casefold()]
    if not isinstance(value, str):
        raise InvalidType(
            f"job_type must be a JobType or one of {', '.join(map(repr, JOB_TYPES))}; "
            f"got {type(value).__name__} {value!r}"
        )
    raise InvalidInput(
        f"job_type must be a JobType or one of {', '.join(map(repr, JOB_TYPES))}; got {value!r}"
    )


@store.register_migration("regulus-job", 1)
def _from_v1(data: Any) -> Any:
    """Version 1 to 2: keep what a version-1 game meant when it is replayed by today's rules.

    The token timing was then spent-on-the-spot by default, so a file without the field gets it
    set; adjustments are marked ``legacy`` (no end check, allowed at any point). Anything
    malformed is passed on unchanged for :meth:`Job.from_dict` to refuse with a clear message.
    """
    if not isinstance(data, dict):
        return data
    data = dict(data)
    rules = data.get("rules", {})
    if isinstance(rules, dict) and "token_on_same_incident" not in rules:
        data["rules"] = {**rules, "token_on_same_incident": True}
    events = data.get("events")
    if isinstance(events, list):
        data["events"] = [
            {**e, "data": {**e["data"], "legacy": True}}
            if isinstance(e, dict) and e.get("kind") == "adjust" and isinstance(e.get("data"), dict)
            else e
            for e in events
        ]
    return data


class Job(Observable):
    """A job: type, difficulty, clock, conditions and crew, resolved as an event log.

    Args:
        job_type: a built-in type name ("heist", ...) or a :class:`JobType` (a custom table).
        difficulty: Progress needed, 3 (easy) to 7 (legendary).
        clock: main rolls allowed, 3 (time-sensitive) to 7.
        crew: the operatives (at least one; names unique).
        conditions: what must hold at success; default: a crew gig type remains active.
        lead: name of the lead operative (default: the first).
        rules: house-rule options (:class:`RegulusRules`).
        title: the job's name on the record sheet.
        details: free text for the record sheet.
        seed: seeds the kit's own rolls; recorded so the job replays (None draws one).

    Save files are version 2. A version-1 file loads as it was played: its rules keep the token
    timing of the time (spent on the incident that granted it), and its GM adjustments keep their
    old meaning (Heat and Threat only, no end check, allowed at any point).
    """

    KIND = "regulus-job"
    VERSION = 2

    # the fields: the constructor sets each through its check, and so does anyone later
    title = validate.Field(
        validate.text, allow_empty=True, max_len=limits.MAX_NAME, doc="The record sheet's name."
    )
    details = validate.Field(
        validate.text, allow_empty=True, max_len=limits.MAX_TEXT, doc="Free text for the sheet."
    )
    job_type: validate.Field[JobType] = validate.Field(
        fixed=True, doc="The :class:`JobType` (its incident table)."
    )
    difficulty = validate.Field(
        validate.integer, lo=3, hi=7, fixed=True, doc="Progress needed, 3 to 7."
    )
    clock = validate.Field(validate.integer, lo=3, hi=7, fixed=True, doc="Main rolls allowed.")
    crew: validate.Field[tuple[Operative, ...]] = validate.Field(
        fixed=True, doc="The operatives (a tuple)."
    )
    conditions: validate.Field[tuple[Condition, ...]] = validate.Field(
        fixed=True, doc="What must hold at success (a tuple)."
    )
    lead: validate.Field[str] = validate.Field(fixed=True, doc="The lead operative's name.")
    rules: validate.Field[RegulusRules] = validate.Field(
        validate.instance, of=RegulusRules, fixed=True, doc="House-rule options."
    )
    seed: validate.Field[int] = validate.Field(
        fixed=True, doc="Seed of the kit's own rolls (recorded)."
    )

    def __init__(
        self,
        job_type: str | JobType,
        difficulty: int,
        clock: int,
        crew: Sequence[Operative],
        conditions: Iterable[Condition] = DEFAULT_CONDITIONS,
        *,
        lead: str | None = None,
        rules: RegulusRules | None = None,
        title: str = "",
        details: str = "",
        seed: SeedLike = None,
    ) -> None:
        self.job_type = _job_type(job_type)
        self.difficulty = difficulty
        self.clock = clock
        if isinstance(crew, (str, bytes)) or not isinstance(crew, Iterable):
            raise InvalidInput(f"crew must be a list of Operative, got {crew!r}")
        ops = [Operative.from_dict(op) if not isinstance(op, Operative) else op for op in crew]
        if not ops:
            raise InvalidInput("crew must have at least one operative")
        seen: set[str] = set()
        for op in ops:
            if op.name.casefold() in seen:
                raise InvalidInput(
                    f"crew has two operatives named {op.name!r}; names must be unique"
                )
            seen.add(op.name.casefold())
        self.crew = tuple(ops)
        if isinstance(conditions, (str, Condition)) or not isinstance(conditions, Iterable):
            conditions = [conditions]
        self.conditions = tuple(Condition.from_dict(c) for c in conditions)
        gigs = {op.gig.casefold() for op in self.crew}
        for c in self.conditions:
            if c.kind == "gig_active" and str(c.value).casefold() not in gigs:
                raise InvalidInput(
                    f"condition needs a {c.value!r} but no operative has that gig; crew gigs are "
                    f"{', '.join(sorted({op.gig for op in self.crew}))}"
                )
        names = [op.name for op in self.crew]
        if lead is None:
            lead = names[0]
        self.lead = validate.choice("lead", lead, names)
        self.rules = rules if rules is not None else RegulusRules()
        self.title = title
        self.details = details
        self.seed = resolve_seed(seed)
        self._ctx = Context(
            self.job_type,
            self.difficulty,
            self.clock,
            self.conditions,
            self.rules,
            {op.name: op.gig for op in self.crew},
        )
        self._log = EventLog()
        self._at = 0  # index of the event being applied (named by a refused save file)
        self._rebuild()

    # ================================================================= derived
    def _rebuild(self) -> None:
        self._state = self._ctx.start(tuple(op.name for op in self.crew))
        self._rows: list[RecordRow] = []
        self._kept: dict[str, tuple[str, ...]] = {}
        self._rolls = 0
        for index, event in enumerate(self._log):
            self._at = index
            self._apply(event)

    def _apply(self, event: Event) -> None:
        """Advance the derived state by one event (raises the kit's error if it cannot apply).

        Events come from this job's own actions or from a loaded save file, so every field is
        checked here as well: a hostile or hand-edited file gets the kit's error, never a crash.
        """
        s, ctx = self._state, self._ctx
        kind = event.kind
        if kind == "roll":
            if s.phase not in (MAIN, COMPANION):
                raise IllegalAction(self._not_rolling(s))
            dice = ctx.rules.main() if s.phase == MAIN else ctx.rules.companion()
            total = validate.integer(
                f"{s.phase} roll ({dice})", _field(event, "total"), dice.min, dice.max
            )
            faces = tuple(
                validate.integer("die of a roll", f, 1, 1000)
                for f in validate.sequence("dice of a roll", event.get("dice", ()))[:100]
            )
            manual = validate.boolean("manual", event.get("manual", False))
            if faces:
                self._check_roll(s, dice, faces, total)
            was = s.phase
            s, inc = ctx.roll(s, total)
            self._rolls += 1
            row = RecordRow(
                len(self._rows) + 1,
                s.turn,
                total,
                was,
                inc.name,
                inc.effects_text(),
                dice=faces,
                manual=manual,
            )
            if inc.consequence == "postponed":
                row.consequences.append("postponed minor (token)")
            elif inc.consequence:
                row.consequences.append(inc.consequence)
            self._rows.append(row)
        elif kind == "knockout":
            if s.phase != KNOCKOUT:
                raise IllegalAction(self._not_deciding(s, "which operative a Knockout removes"))
            name = _field(event, "operative")
            if not isinstance(name, str) or name not in s.roster:
                raise InvalidInput(
                    f"operative must be one of {', '.join(map(repr, s.roster))}; got {name!r}"
                )
            op = self.operative(name)
            keep = tuple(
                validate.choice(f"kept contribution of {name!r}", k, op.contributions)
                for k in validate.sequence("keep", event.get("keep", ()))
            )
            if len(keep) > ctx.rules.knockout_keeps:
                raise InvalidInput(
                    f"at most {ctx.rules.knockout_keeps} contribution(s) may be kept, "
                    f"got {len(keep)}"
                )
            s = ctx.knockout(s, name)
            self._kept[name] = keep
            self._rows[-1].crew_lost.append(name)
        elif kind == "token":
            if s.phase != TOKEN:
                raise IllegalAction(self._not_deciding(s, "whether to spend a token"))
            spend = validate.boolean("spend", _field(event, "spend"))
            s = ctx.token(s, spend)
            if spend:
                self._rows[-1].consequences.append("minor (token spent)")
        elif kind == "adjust":
            legacy = validate.boolean("legacy", event.get("legacy", False))
            if s.phase not in (MAIN, COMPANION) and not legacy:
                raise IllegalAction(self._not_adjusting(s))
            deltas = {
                f: validate.integer(f, event.get(f, 0), -ADJUST_LIMIT, ADJUST_LIMIT)
                for f in ("progress", "threat", "heat")
            }
            note = validate.text("note", event.get("note", ""), allow_empty=True)
            if legacy:  # from a version-1 save: counters only, as it was played
                s = s._replace(threat=s.threat + deltas["threat"], heat=s.heat + deltas["heat"])
            else:
                s = ctx.adjust(s, **deltas)
            effects = ", ".join(f"{v:+d} {f.title()}" for f, v in deltas.items() if v)
            self._rows.append(
                RecordRow(
                    len(self._rows) + 1,
                    s.turn,
                    None,
                    "gm",
                    "GM adjustment",
                    effects or "no change",
                    note=note,
                )
            )
        elif kind == "note":
            index = validate.integer("row", _field(event, "row"), 1, max(1, len(self._rows)))
            if index > len(self._rows):
                raise InvalidInput("there is no record row to note yet")
            self._rows[index - 1].note = validate.text(
                "note", _field(event, "text"), allow_empty=True
            )
        else:
            raise InvalidInput(
                f"unknown job event kind {kind!r}; known kinds are adjust, knockout, "
                "note, roll, token"
            )
        if kind != "note" and self._rows:
            row = self._rows[-1]
            row.progress, row.threat, row.heat = self._shown_progress(s), s.threat, s.heat
        self._state = s

    def _check_roll(self, s: JobState, dice: Any, faces: tuple[int, ...], total: int) -> None:
        """A roll's recorded total is what the rules make of its recorded dice (a save file
        edited by hand is refused, naming the event)."""
        turn = s.turn + 1 if s.phase == MAIN else s.turn
        where = f"job event {self._at} (the {s.phase} roll of turn {turn}, {dice})"
        if len(faces) != dice.count or not all(1 <= f <= dice.sides for f in faces):
            raise SaveFileError(
                f"{where}: the file says dice {list(faces)}, but a {dice} roll is "
                f"{dice.count} dice of 1 to {dice.sides}"
            )
        rules_total = int(dice._apply(sum(faces)))
        if rules_total != total:
            raise SaveFileError(
                f"{where}: the file says total {total}, the rules give {rules_total} for its "
                f"dice {list(faces)}"
            )

    def _not_rolling(self, s: JobState) -> str:
        if s.phase == ENDED:
            return f"the job has ended ({s.outcome}); undo first to roll again"
        what = (
            "which operative the Knockout removes"
            if s.phase == KNOCKOUT
            else "whether to spend a token"
        )
        return f"the job is waiting for a decision: {what}"

    def _not_adjusting(self, s: JobState) -> str:
        if s.phase == ENDED:
            return f"the job has ended ({s.outcome}); undo first to adjust it"
        return self._not_rolling(s) + "; decide it before adjusting"

    def _not_deciding(self, s: JobState, what: str) -> str:
        if s.phase == ENDED:
            return f"the job has ended ({s.outcome}); there is no decision about {what}"
        return f"no decision about {what} is waiting"

    def _record(self, kind: str, **data: Any) -> Event:
        """Append one event as its own action; if it cannot apply, the job is left unchanged."""
        event = self._log.append(kind, **data)
        self._at = len(self._log) - 1
        try:
            self._apply(event)
        except BaseException:
            self._log.undo()
            self._rebuild()
            raise
        self._changed()
        return event

    # ================================================================= actions
    def roll(self, value: int | None = None) -> RecordRow:
        """Roll the next main or companion incident, or enter a physical roll as ``value``.

        Raises IllegalAction when a decision is pending or the job has ended.
        """
        s = self._state
        if s.phase not in (MAIN, COMPANION):
            raise IllegalAction(self._not_rolling(s))
        dice = self.rules.main() if s.phase == MAIN else self.rules.companion()
        if value is not None:
            total = validate.integer(f"{s.phase} roll ({dice})", value, dice.min, dice.max)
            self._record("roll", total=total, manual=True)
        else:
            rng = step_rng(self.seed, self._rolls)
            faces, total = dice.roll_dice(rng)
            self._record("roll", total=total, dice=list(faces))
        return self._rows[-1]

    def decide_knockout(self, operative: str, keep: Sequence[str] | None = None) -> None:
        """Remove ``operative`` for a pending Knockout, keeping ``keep`` of their contributions.

        ``keep`` defaults to their first contribution(s), as many as the rules allow.
        """
        if self._state.phase != KNOCKOUT:
            raise IllegalAction(
                self._not_deciding(self._state, "which operative a Knockout removes")
            )
        op = self.operative(operative)
        validate.choice("operative", op.name, self._state.roster)
        limit = self.rules.knockout_keeps
        if keep is None:
            kept = list(op.contributions[:limit])
        else:
            kept = [
                validate.choice(f"kept contribution of {op.name!r}", k, op.contributions)
                for k in validate.sequence("keep", keep)
            ]
            if len(kept) > limit:
                raise InvalidInput(f"at most {limit} contribution(s) may be kept, got {len(kept)}")
        self._record("knockout", operative=op.name, keep=kept)

    def decide_token(self, spend: bool) -> None:
        """Spend (True) or keep (False) a Postponed Minor Consequence token."""
        validate.boolean("spend", spend)
        if self._state.phase != TOKEN:
            raise IllegalAction(self._not_deciding(self._state, "whether to spend a token"))
        self._record("token", spend=spend)

    def adjust(self, *, progress: int = 0, heat: int = 0, threat: int = 0, note: str = "") -> None:
        """A GM adjustment to Progress, Heat and/or Threat, recorded as its own row.

        It runs the same end check an incident does (RULINGS Regulus 3): Progress reaching the
        Difficulty with every Condition holding ends the job as a success, a Condition broken
        beyond recovery ends it as a failure. Allowed while a roll is due; an ended job, or one
        waiting for a decision, refuses it with :class:`~kit.errors.IllegalAction`
        (:meth:`undo` reopens an ended job).

        >>> from kit.regulus import Job, Operative
        >>> job = Job("heist", 4, 5, [Operative("Ash", "Thief")], seed=1)
        >>> for total in (10, 10, 10):
        ...     _ = job.roll(total)
        >>> job.adjust(progress=1, note="the guard owed Ash a favour")
        >>> job.outcome, job.reason, job.turn
        ('success', 'progress', 3)
        """
        progress = validate.integer("progress", progress, -ADJUST_LIMIT, ADJUST_LIMIT)
        heat = validate.integer("heat", heat, -ADJUST_LIMIT, ADJUST_LIMIT)
        threat = validate.integer("threat", threat, -ADJUST_LIMIT, ADJUST_LIMIT)
        note = validate.text("note", note, allow_empty=True)
        if self._state.phase not in (MAIN, COMPANION):
            raise IllegalAction(self._not_adjusting(self._state))
        self._record("adjust", progress=progress, heat=heat, threat=threat, note=note)

    def note(self, row: int, text: str) -> None:
        """Attach a GM note to record row ``row`` (from 1)."""
        row = validate.integer("row", row, 1, max(1, len(self._rows)))
        self._record("note", row=row, text=validate.text("note", text, allow_empty=True))

    def undo(self) -> None:
        """Take back the last action (a roll, a decision, an adjustment or a note)."""
        self._log.undo()
        self._rebuild()
        self._changed()

    def advance(self, policy: Policy = AUTO) -> bool:
        """Let ``policy`` answer pending decisions; return True if one is still pending."""
        while self._state.phase in (KNOCKOUT, TOKEN):
            if self._state.phase == KNOCKOUT:
                name = policy.knockout(self._state)
                if name is None:
                    return True
                self.decide_knockout(name)
            else:
                spend = policy.spend_token(self._state)
                if spend is None:
                    return True
                self.decide_token(bool(spend))
        return False

    def step(self, policy: Policy = AUTO) -> RecordRow:
        """Roll once and let ``policy`` answer the decisions that follow."""
        row = self.roll()
        self.advance(policy)
        return row

    def run(self, policy: Policy = AUTO) -> Job:
        """Roll and decide with ``policy`` until the job ends or a person must decide."""
        while not self.ended:
            if self.advance(policy):
                break
            if self.ended:
                break
            self.roll()
        return self

    def play(self, seed: SeedLike = None, policy: Policy = AUTO) -> Job:
        """Return a copy of this job played to its end with ``policy`` (this job is unchanged).

        ``seed`` replaces the job's seed for the copy's rolls (None keeps it).
        """
        data = self.to_dict()
        if seed is not None:
            data["seed"] = resolve_seed(seed)
        return Job.from_dict(data).run(policy)

    # ================================================================= reading
    @property
    def state(self) -> JobState:
        """The derived state (phase, turn, progress, threat, heat, tokens, roster, outcome)."""
        return self._state

    phase = property(lambda self: self._state.phase, doc="What the job waits for next.")

    @property
    def progress(self) -> int:
        """Progress so far (never below the progress floor, RULINGS Regulus 2).

        While a Knockout waits for its operative, its -1 Progress has applied and the floor
        has too (the order of RULINGS Regulus 1: effects, then the floor), so a job at 0 shows
        0, not -1:

        >>> job = Job("heist", 3, 5, [Operative("Ash", "Thief"), Operative("Oro", "Hacker")])
        >>> _ = job.roll(2)
        >>> job.pending, job.progress
        ('knockout', 0)
        """
        return self._shown_progress(self._state)

    def _shown_progress(self, s: JobState) -> int:
        """Progress as the players see it: the state keeps a Knockout's raw -1 until the
        operative is chosen, and the floor settles it then; shown, it is floored already."""
        floor = self.rules.progress_floor
        if s.phase == KNOCKOUT and floor is not None and s.progress < floor:
            return floor
        return s.progress

    threat = property(lambda self: self._state.threat, doc="Threat so far.")
    heat = property(lambda self: self._state.heat, doc="Heat so far.")
    tokens = property(
        lambda self: self._state.tokens, doc="Postponed Minor Consequence tokens held."
    )
    turn = property(lambda self: self._state.turn, doc="Main rolls made (clock ticks spent).")
    outcome = property(lambda self: self._state.outcome, doc='None, "success" or "failure".')
    reason = property(lambda self: self._state.reason, doc="Why the job ended.")

    @property
    def ended(self) -> bool:
        """True once the job has succeeded or failed."""
        return self._state.phase == ENDED

    @property
    def clock_left(self) -> int:
        """Main rolls still allowed."""
        return self.clock - self._state.turn

    @property
    def pending(self) -> str | None:
        """The decision the job waits for: "knockout", "token" or None."""
        return self._state.phase if self._state.phase in (KNOCKOUT, TOKEN) else None

    @property
    def roster(self) -> tuple[Operative, ...]:
        """Operatives still on the job."""
        return tuple(op for op in self.crew if op.name in self._state.roster)

    @property
    def crew_lost(self) -> tuple[str, ...]:
        """Names of knocked-out operatives, in order."""
        return tuple(self._kept)

    def operative(self, name: str) -> Operative:
        """The crew member called ``name`` (case-insensitive)."""
        for op in self.crew:
            if op.name.casefold() == str(name).casefold():
                return op
        raise InvalidInput(
            f"operative must be one of {', '.join(op.name for op in self.crew)}; got {name!r}"
        )

    @property
    def events(self) -> tuple[Event, ...]:
        """The event log (read-only)."""
        return tuple(self._log)

    @property
    def rows(self) -> list[RecordRow]:
        """The Job Record rows (copies are not made; do not edit them)."""
        return self._rows

    @property
    def record(self) -> JobRecord:
        """The Job Record sheet derived from the log."""
        return JobRecord(
            title=self.title or f"{self.job_type.name.title()} job",
            job_type=self.job_type.name,
            difficulty=self.difficulty,
            clock=self.clock,
            conditions=[c.describe() for c in self.conditions],
            crew=[
                {
                    "name": op.name,
                    "gig": op.gig,
                    "contributions": list(op.contributions),
                    "lead": op.name == self.lead,
                    "active": op.name in self._state.roster,
                }
                for op in self.crew
            ],
            rows=[
                RecordRow(
                    **{
                        **r.__dict__,
                        "consequences": list(r.consequences),
                        "crew_lost": list(r.crew_lost),
                    }
                )
                for r in self._rows
            ],
            outcome=self._state.outcome,
            reason=self._state.reason,
            kept_contributions=[c for keep in self._kept.values() for c in keep],
            seed=self.seed,
        )

    def to_markdown(self) -> str:
        """The Job Record as Markdown."""
        return self.record.to_markdown()

    # ================================================================= saving
    def setup_dict(self) -> dict[str, Any]:
        """The setup (everything but the events) as JSON-compatible data."""
        return {
            "title": self.title,
            "details": self.details,
            "job_type": self.job_type.to_dict(),
            "difficulty": self.difficulty,
            "clock": self.clock,
            "crew": [op.to_dict() for op in self.crew],
            "lead": self.lead,
            "conditions": [c.to_dict() for c in self.conditions],
            "rules": self.rules.to_dict(),
            "seed": self.seed,
        }

    def to_dict(self) -> dict[str, Any]:
        """Setup plus events as JSON-compatible data."""
        return {**self.setup_dict(), "events": self._log.to_list()}

    @classmethod
    def from_dict(cls, raw: JSON) -> Job:
        """Rebuild a job (replaying its events) from :meth:`to_dict` output."""
        raw = validate.mapping("job", raw)
        validate.no_unknown_keys(
            "job",
            raw,
            (
                "title",
                "details",
                "job_type",
                "difficulty",
                "clock",
                "crew",
                "lead",
                "conditions",
                "rules",
                "seed",
                "events",
            ),
        )
        jt = raw.get("job_type")
        job = cls(
            JobType.from_dict(jt) if isinstance(jt, Mapping) else jt,
            raw.get("difficulty"),
            raw.get("clock"),
            [Operative.from_dict(op) for op in validate.sequence("crew", raw.get("crew"))],
            [
                Condition.from_dict(c)
                for c in validate.sequence("conditions", raw.get("conditions", []))
            ],
            lead=raw.get("lead"),
            rules=RegulusRules.from_dict(raw.get("rules", {})),
            title=raw.get("title", ""),
            details=raw.get("details", ""),
            seed=raw.get("seed"),
        )
        job._log = EventLog.from_list(raw.get("events", []))
        job._rebuild()
        return job

    def to_json(self) -> str:
        """A versioned JSON save of the job (setup and every event)."""
        return store.dumps(self.KIND, self.VERSION, self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Job:
        """Load a job saved by :meth:`to_json`; raises SaveFileError if it cannot."""
        data = store.loads(text, cls.KIND, cls.VERSION)
        try:
            return cls.from_dict(data)
        except SaveFileError:
            raise
        except (KitError, KeyError, TypeError, ValueError) as exc:
            raise SaveFileError(f"job save file is invalid: {exc}") from None

    def save(self, path: str | os.PathLike[str]) -> None:
        """Save atomically to ``path``, after checking the file loads back as this job."""
        store.save_object(path, self, what="the job")

    @classmethod
    def load(cls, path: str) -> Job:
        """Load a job file written by :meth:`save`."""
        data = store.load(path, cls.KIND, cls.VERSION)
        return cls.from_json(store.dumps(cls.KIND, cls.VERSION, data))

    def copy(self) -> Job:
        """An independent copy (same setup and events)."""
        return Job.from_dict(json.loads(json.dumps(self.to_dict())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Job) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        status = self._state.outcome or self._state.phase
        return (
            f"Job({self.job_type.name!r}, difficulty={self.difficulty}, clock={self.clock}, "
            f"crew={len(self.crew)}, progress={self.progress}, turn={self.turn}, {status})"
        )
