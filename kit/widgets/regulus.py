"""Regulus widgets: the Job table (play a job) and the Job builder (set one up with live odds).

Both are single anywidgets; what the GM builds is a synced trait (``JobBuilder.job_data``).
"""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from ..errors import InvalidInput, InvalidType, KitError
from ..regulus import JOB_TYPES, AskPolicy, AutoPolicy, Condition, Job, Operative, odds
from ._base import FieldSpec, KitWidget, check_kwargs, esm, scoped_css, whole_number
from .payloads import JobAdvice, JobView, as_payload

__all__ = ["JobBuilder", "JobTable"]


class JobTable(KitWidget):
    """Play a :class:`~kit.regulus.Job` at the table: roll or enter rolls, decide, undo, export.

    The widget is a view of ``job``: every click becomes a call on the job, and the display is
    re-derived from the job afterwards. The exact chance of success from the current state is
    shown after each roll.

    >>> from kit.regulus import Job, Operative
    >>> table = JobTable(Job("heist", 4, 5, [Operative("Ash", "Thief")], seed=1))
    >>> table.view["difficulty"]
    4
    """

    _esm = esm("job_table.js")
    _watches = ("job",)
    _css = scoped_css("job_table.css", ".gmk-job-table")
    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {
        "roll": {},
        "enter": {"value": ("whole", "entered roll")},
        "knockout": {"operative": "text", "keep": "texts?"},
        "token": {"spend": "bool"},
        "undo": {},
        "note": {"row": "whole", "text": "text"},
    }

    view = traitlets.Dict(help="Everything the table shows, derived from the job.").tag(sync=True)
    auto_decide = traitlets.Bool(
        False,
        help="Answer Knockout and token decisions with the automatic policy instead of asking.",
    ).tag(sync=True)
    show_odds = traitlets.Bool(True, help="Show the exact chance of success from here.").tag(
        sync=True
    )
    hints = traitlets.Bool(
        True,
        help="Show the advisor's hint beside a decision: each answer's exact chance (for the GM).",
    ).tag(sync=True)

    def __init__(self, job: Job, **kwargs: object) -> None:
        check_kwargs("JobTable", kwargs, {"auto_decide", "show_odds", "hints", "layout"})
        if not isinstance(job, Job):
            raise InvalidType(f"JobTable needs a kit.regulus.Job, got {type(job).__name__}")
        self.job = job
        super().__init__(**kwargs)
        self.refresh()

    # ------------------------------------------------------------------ actions
    def _msg_roll(self) -> None:
        self.roll()

    def _msg_enter(self, value: int) -> None:
        # a typed roll: blank or not a number is refused at the gate, never a kit roll
        self.roll(value)

    def _msg_knockout(self, operative: str, keep: list[str] | None = None) -> None:
        self.job.decide_knockout(operative, keep)

    def _msg_token(self, spend: bool) -> None:
        self.job.decide_token(spend)

    def _msg_undo(self) -> None:
        self.job.undo()

    def _msg_note(self, row: int, text: str = "") -> None:
        self.job.note(row, text)

    def roll(self, value: int | str | None = None) -> None:
        """Roll (or enter ``value``), then let the automatic policy decide if ``auto_decide``.

        ``value`` may be text typed at the table (``"7"``); anything but ASCII digits is refused
        with the kit's error, and the job is left as it was.
        """
        with self.guard():
            if isinstance(value, str):
                value = whole_number("entered roll", value)
            self.job.roll(value)
            if self.auto_decide:
                self.job.advance(AutoPolicy())

    def undo(self) -> None:
        """Take back the last action."""
        with self.guard():
            self.job.undo()

    @traitlets.observe("hints")
    def _hints_changed(self, _change: dict[str, Any]) -> None:
        self.refresh()

    @traitlets.observe("auto_decide")
    def _auto_changed(self, change: dict[str, Any]) -> None:
        if change["new"]:
            with self.guard():
                self.job.advance(AutoPolicy())

    # ------------------------------------------------------------------ view
    def refresh(self) -> None:
        job = self.job
        s = job.state
        chance = None
        if self.show_odds and not job.pending:
            try:
                chance = odds(job).success
            except KitError:
                chance = None
        elif self.show_odds and job.pending:
            chance = None
        advice: JobAdvice | None = None
        if self.hints and job.pending:
            from ..regulus.advice import advice as job_advice

            try:
                a = job_advice(job)
            except KitError:
                a = None
            if a is not None:
                advice = {"options": dict(a.options), "best": a.best, "exact": a.exact}
        ops = {op.name: op for op in job.crew}
        view: JobView = {
            "title": job.record.title,
            "job_type": job.job_type.name,
            "difficulty": job.difficulty,
            "clock": job.clock,
            "turn": s.turn,
            "progress": s.progress,
            "threat": s.threat,
            "heat": s.heat,
            "tokens": s.tokens,
            "phase": s.phase,
            "outcome": s.outcome,
            "reason": s.reason,
            "conditions": [c.describe() for c in job.conditions],
            "crew": [
                {
                    "name": op.name,
                    "gig": op.gig,
                    "contributions": list(op.contributions),
                    "lead": op.name == job.lead,
                    "active": op.name in s.roster,
                }
                for op in job.crew
            ],
            "roster": [
                {"name": n, "gig": ops[n].gig, "contributions": list(ops[n].contributions)}
                for n in s.roster
            ],
            "rows": [r.to_dict() for r in job.rows],
            "dice": str(job.rules.companion() if s.phase == "companion" else job.rules.main()),
            "odds": chance,
            "advice": advice,
            "can_undo": len(job.events) > 0,
            "markdown": job.to_markdown(),
            "seed": job.seed,
        }
        self.view = as_payload(view)


#: Shown in the Job builder: what the rule text leaves to the GM in every job type's table.
TYPE_ROWS_NOTE = (
    "Rows 3, 5, 9 and 11 of each job type's table, and the name of row 7, are yours to fill in: "
    "the rule text leaves them blank. Until you edit them (JobType.with_row), every type uses "
    "the same default effects, so every job type gives the same odds."
)

#: The Job builder's fields besides the crew, with what each starts as (text, as typed).
FORM_FIELDS: dict[str, str] = {
    "type": "heist",
    "title": "",
    "difficulty": "4",
    "clock": "5",
    "gig": "",
    "seed": "0",
    "max_heat": "0",
    "max_threat": "0",
}
_LABELS = {
    "type": "Type",
    "title": "Title",
    "difficulty": "Difficulty",
    "clock": "Clock",
    "gig": "Needs gig",
    "seed": "Seed",
    "max_heat": "Max Heat",
    "max_threat": "Max Threat",
}
_CREW_KEYS = ("name", "gig", "contributions")


class JobBuilder(KitWidget):
    """Set up a job in a form - type, difficulty, clock, conditions, crew - with live exact odds.

    One anywidget. The form is the synced ``form`` trait, every field as typed (text), so a
    value the kit refuses stays in its field while the banner says what is wrong. The odds are
    recomputed after every change (``odds``). **Build job** builds the job: its save file is
    the synced ``job_data`` trait and :attr:`built` the :class:`~kit.regulus.Job`, so
    ``observe`` in Jupyter and a dependent cell in marimo see each job built. Play it with
    :meth:`open_table` (a :class:`JobTable`, displayed by the caller: the next cell in Jupyter,
    a cell that reads the builder in marimo).

    ``builder.job`` builds a new job from the form as it stands (raising if it is not valid).

    >>> b = JobBuilder()
    >>> b.set_field("difficulty", "7")
    >>> b.odds["success"] < 0.5, b.built
    (True, None)
    >>> b.build().difficulty, b.job_data["difficulty"]
    (7, 7)
    """

    _esm = esm("job_builder.js")
    _css = scoped_css("job_builder.css", ".gmk-job-builder")
    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {
        "set": {"field": "text", "value": "text"},
        "crew": {"row": "whole", "name": "text?", "gig": "text?", "contributions": "text?"},
        "add": {},
        "remove": {"row": "whole"},
        "build": {},
    }

    form = traitlets.Dict(
        help="The form as typed: the fields of FORM_FIELDS and 'crew' (rows of name, gig, "
        "contributions), all text."
    ).tag(sync=True)
    odds = traitlets.Dict(help="The exact odds of the job in the form ({} when invalid).").tag(
        sync=True
    )
    job_types = traitlets.List(traitlets.Unicode(), help="The job types offered.").tag(sync=True)
    note = traitlets.Unicode(TYPE_ROWS_NOTE, help="What the rules leave to the GM.").tag(sync=True)
    job_data = traitlets.Dict(
        help="The last job built with Build job, as its save file ({} until then)."
    ).tag(sync=True)

    def __init__(self, job: Job | None = None, **kwargs: object) -> None:
        check_kwargs("JobBuilder", kwargs, {"layout"})
        if job is not None and not isinstance(job, Job):
            raise InvalidType(
                f"JobBuilder needs a kit.regulus.Job or None, got {type(job).__name__}"
            )
        super().__init__(job_types=list(JOB_TYPES), form=_form_of(job), **kwargs)
        self.table: JobTable | None = None
        """The table :meth:`open_table` made last (``None`` before)."""
        self.refresh()

    # ------------------------------------------------------------------ the form
    def set_field(self, field: str, value: object) -> None:
        """Type ``value`` into a field of the form (``"difficulty"``, ``"gig"``, ...)."""
        with self.guard():
            if field not in FORM_FIELDS:
                raise InvalidInput(
                    f"the job builder has no field {field!r}; its fields are "
                    f"{', '.join(FORM_FIELDS)}"
                )
            self.form = {**self.form, field: str(value)}

    def add_operative(self, name: str = "", gig: str = "", contributions: str = "") -> None:
        """Add a crew row to the form."""
        with self.guard():
            row = {"name": str(name), "gig": str(gig), "contributions": str(contributions)}
            self.form = {**self.form, "crew": [*self.form.get("crew", []), row]}

    def edit_operative(self, row: int, **fields: str) -> None:
        """Change a crew row's ``name``, ``gig`` or ``contributions`` (comma-separated)."""
        with self.guard():
            crew = [dict(r) for r in self.form.get("crew", [])]
            index = self._row(row, crew)
            for key, value in fields.items():
                if key not in _CREW_KEYS:
                    raise InvalidInput(f"a crew row has {', '.join(_CREW_KEYS)}, not {key!r}")
                crew[index][key] = str(value)
            self.form = {**self.form, "crew": crew}

    def remove_operative(self, row: int) -> None:
        """Take a crew row out of the form."""
        with self.guard():
            crew = list(self.form.get("crew", []))
            crew.pop(self._row(row, crew))
            self.form = {**self.form, "crew": crew}

    @staticmethod
    def _row(row: int, crew: list[Any]) -> int:
        if not 0 <= row < len(crew):
            raise InvalidInput(f"crew row must be from 0 to {len(crew) - 1}, got {row}")
        return row

    # ------------------------------------------------------------------ messages
    def _msg_set(self, field: str, value: str) -> None:
        self.set_field(field, value)

    def _msg_crew(
        self,
        row: int,
        name: str | None = None,
        gig: str | None = None,
        contributions: str | None = None,
    ) -> None:
        given = {"name": name, "gig": gig, "contributions": contributions}
        self.edit_operative(row, **{k: v for k, v in given.items() if v is not None})

    def _msg_add(self) -> None:
        self.add_operative()

    def _msg_remove(self, row: int) -> None:
        self.remove_operative(row)

    def _msg_build(self) -> None:
        self.build()

    # ------------------------------------------------------------------ reading the form
    def _number(self, field: str, *, blank: int | None = 0) -> int | None:
        text = str(self.form.get(field, "")).strip()
        if not text:
            return blank
        return whole_number(_LABELS[field], text)

    def _needed(self, field: str) -> int:
        number = self._number(field, blank=None)
        if number is None:
            raise InvalidInput(f"{_LABELS[field]} must be a whole number from 3 to 7, got ''")
        return number

    @property
    def crew(self) -> list[Operative]:
        """The operatives in the form (raises the kit's error for a bad row)."""
        return [
            Operative(
                r.get("name", ""),
                r.get("gig", ""),
                tuple(x.strip() for x in r.get("contributions", "").split(",") if x.strip()),
            )
            for r in self.form.get("crew", [])
        ]

    @property
    def job(self) -> Job:
        """A new :class:`Job` from the form (raises the kit's error naming what is wrong)."""
        f = self.form
        conditions = [Condition("crew_active")]
        if str(f.get("gig", "")).strip():
            conditions.append(Condition.gig_active(f["gig"]))
        heat, threat = self._number("max_heat"), self._number("max_threat")
        if heat:
            conditions.append(Condition.max_heat(heat))
        if threat:
            conditions.append(Condition.max_threat(threat))
        seed = self._number("seed", blank=None)
        return Job(
            f.get("type", "heist"),
            self._needed("difficulty"),
            self._needed("clock"),
            self.crew,
            conditions,
            title=f.get("title", ""),
            seed=None if seed is None else max(0, seed),
        )

    @property
    def built(self) -> Job | None:
        """The job last built with **Build job** (read from ``job_data``), or ``None``."""
        return Job.from_dict(self.job_data) if self.job_data else None

    # ------------------------------------------------------------------ actions
    def build(self) -> Job | None:
        """Build the job in the form into ``job_data``; ``None`` (and the banner) if invalid."""
        made: Job | None = None
        with self.guard():
            made = self.job
            self.job_data = made.to_dict()
        return made

    def open_table(self) -> JobTable | None:
        """Build the job and return a :class:`JobTable` to play it (display it yourself)."""
        job = self.build()
        if job is None:
            return None
        self.table = JobTable(job)
        return self.table

    def update(self) -> None:
        """Recompute the exact odds, or show what is wrong with the form."""
        self.refresh()

    def refresh(self) -> None:
        try:
            o = odds(self.job)
        except (KitError, ValueError, TypeError) as exc:
            # what the last action did wrong stays shown over what the form still lacks
            self.error = self.error or str(exc)
            self.odds = {}
            return
        self.odds = {
            "success": o.success,
            "expected_threat": o.expected_threat,
            "expected_heat": o.expected_heat,
            "clock": o.failure_reasons.get("clock", 0.0),
            "crew": o.failure_reasons.get("crew", 0.0) + o.failure_reasons.get("condition", 0.0),
            "by_turn": list(o.by_turn),
        }

    @traitlets.observe("form")
    def _form_changed(self, _change: dict[str, Any]) -> None:
        if "table" not in self.__dict__:  # still being made
            return
        with self.guard():  # clears the banner, then the refresh shows what is still wrong
            pass


def _form_of(job: Job | None) -> dict[str, Any]:
    """The form's text for ``job`` (a heist with two operatives when none)."""
    if job is None:
        crew = [
            {"name": "Vex", "gig": "Face", "contributions": "forged invitation, silver tongue"},
            {"name": "Oro", "gig": "Hacker", "contributions": "cyberdeck"},
        ]
        return {**FORM_FIELDS, "crew": crew}
    by_kind = {c.kind: c.value for c in job.conditions}
    return {
        "type": job.job_type.name if job.job_type.name in JOB_TYPES else "heist",
        "title": job.title,
        "difficulty": str(job.difficulty),
        "clock": str(job.clock),
        "gig": str(by_kind.get("gig_active", "") or ""),
        "seed": str(job.seed % (2**31)),
        "max_heat": str(by_kind.get("max_heat", 0) or 0),
        "max_threat": str(by_kind.get("max_threat", 0) or 0),
        "crew": [
            {"name": op.name, "gig": op.gig, "contributions": ", ".join(op.contributions)}
            for op in job.crew
        ],
    }


# Keep AskPolicy importable from here for notebooks that build interactive runs.
_ = AskPolicy
