"""Regulus widgets: the Job table (play a job) and the Job builder (set one up with live odds)."""

from __future__ import annotations

import html
import re
from typing import Any, ClassVar

import ipywidgets as W
import traitlets

from ..errors import InvalidType, KitError
from ..regulus import JOB_TYPES, AskPolicy, AutoPolicy, Condition, Job, Operative, odds
from ._base import FieldSpec, KitWidget, check_kwargs, esm, read_message, scoped_css, whole_number
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

    def __init__(self, job: Job, **kwargs: Any) -> None:
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
    "<div class='gmk-type-rows-note' style='opacity:.8;max-width:720px'>"
    "Rows 3, 5, 9 and 11 of each job type's table, and the name of row 7, are yours to fill in: "
    "the rule text leaves them blank. Until you edit them (<code>JobType.with_row</code>), every "
    "type uses the same default effects, so every job type gives the same odds.</div>"
)


class JobBuilder(W.VBox):  # type: ignore[misc]  # ipywidgets ships no types
    """Set up a job in a form - type, difficulty, clock, conditions, crew - with live exact odds.

    ``builder.job`` builds the :class:`~kit.regulus.Job` (raising if the form is not valid);
    ``builder.open_table()`` shows a :class:`JobTable` for it below the form. Errors are shown
    inline and the form keeps what was typed.
    """

    def __init__(self, job: Job | None = None, **kwargs: Any) -> None:
        check_kwargs("JobBuilder", kwargs, {"layout"})
        if job is not None and not isinstance(job, Job):
            raise InvalidType(
                f"JobBuilder needs a kit.regulus.Job or None, got {type(job).__name__}"
            )
        self.type_w = W.Dropdown(options=list(JOB_TYPES), value="heist", description="Type")
        self.difficulty_w = W.IntSlider(4, min=3, max=7, description="Difficulty")
        self.clock_w = W.IntSlider(5, min=3, max=7, description="Clock")
        self.title_w = W.Text(placeholder="e.g. The Meridian vault", description="Title")
        self.gig_cond_w = W.Text(
            placeholder="gig that must stay (optional)", description="Needs gig"
        )
        self.seed_w = W.IntText(0, description="Seed")
        self.max_heat_w = W.BoundedIntText(
            0, min=0, max=100, description="Max Heat", tooltip="0: no limit"
        )
        self.max_threat_w = W.BoundedIntText(
            0, min=0, max=100, description="Max Threat", tooltip="0: no limit"
        )
        self.rows_box = W.VBox()
        self.add_w = W.Button(description="Add operative", icon="user-plus")
        self.open_w = W.Button(description="Open job table", button_style="primary", icon="play")
        self.odds_w = W.HTML()
        self.type_note_w = W.HTML(TYPE_ROWS_NOTE)
        self.error_w = W.HTML()
        self.table_box = W.VBox()
        self._rows: list[tuple[W.Text, W.Text, W.Text, W.Button]] = []
        self.add_w.on_click(lambda _: self.add_operative())
        self.open_w.on_click(lambda _: self.open_table())
        for w in (
            self.type_w,
            self.difficulty_w,
            self.clock_w,
            self.gig_cond_w,
            self.max_heat_w,
            self.max_threat_w,
        ):
            w.observe(lambda _: self.update(), "value")
        if job is not None:
            self._load(job)
        else:
            self.add_operative("Vex", "Face", "forged invitation, silver tongue")
            self.add_operative("Oro", "Hacker", "cyberdeck")
        super().__init__(
            [
                W.HTML("<b>Job builder</b>"),
                W.HBox([self.type_w, self.title_w]),
                self.type_note_w,
                W.HBox([self.difficulty_w, self.clock_w]),
                W.HBox([self.gig_cond_w, self.seed_w]),
                W.HBox([self.max_heat_w, self.max_threat_w]),
                W.HTML(
                    "<b>Crew workup</b> <span style='opacity:.7'>(first operative leads; contributions comma-separated)</span>"
                ),
                self.rows_box,
                self.add_w,
                self.error_w,
                self.odds_w,
                self.open_w,
                self.table_box,
            ],
            **kwargs,
        )
        self.add_class("gmk-job-builder")
        self.on_msg(self._on_msg)
        self.update()

    #: The builder's controls are standard ipywidgets; it takes no custom messages.
    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {}

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The gate: every custom message is refused (shown inline), nothing changes."""
        try:
            read_message(content, self.messages, "JobBuilder")
        except KitError as exc:
            self.error_w.value = _error_html(exc)

    @property
    def error(self) -> str:
        """The error the builder shows ('' when none; set '' to clear it), as text."""
        return html.unescape(re.sub(r"<[^>]*>", "", self.error_w.value))

    @error.setter
    def error(self, text: str) -> None:
        self.error_w.value = _error_html(text) if text else ""

    def _load(self, job: Job) -> None:
        self.type_w.value = job.job_type.name if job.job_type.name in JOB_TYPES else "heist"
        self.difficulty_w.value, self.clock_w.value = job.difficulty, job.clock
        self.title_w.value, self.seed_w.value = job.title, job.seed % (2**31)
        by_kind = {c.kind: c.value for c in job.conditions}
        self.gig_cond_w.value = by_kind.get("gig_active", "")
        self.max_heat_w.value = by_kind.get("max_heat", 0)
        self.max_threat_w.value = by_kind.get("max_threat", 0)
        for op in job.crew:
            self.add_operative(op.name, op.gig, ", ".join(op.contributions))

    def add_operative(self, name: str = "", gig: str = "", contributions: str = "") -> None:
        """Add a crew row to the form."""
        n = W.Text(name, placeholder="name", layout=W.Layout(width="150px"))
        g = W.Text(gig, placeholder="gig type", layout=W.Layout(width="130px"))
        c = W.Text(
            contributions, placeholder="gear, skills, contacts", layout=W.Layout(width="320px")
        )
        rm = W.Button(icon="trash", tooltip="remove", layout=W.Layout(width="40px"))
        row = (n, g, c, rm)
        rm.on_click(lambda _: self._remove(row))
        for w in (n, g, c):
            w.observe(lambda _: self.update(), "value")
        self._rows.append(row)
        self.rows_box.children = [W.HBox(list(r)) for r in self._rows]
        self.update()

    def _remove(self, row: tuple[W.Text, W.Text, W.Text, W.Button]) -> None:
        self._rows.remove(row)
        self.rows_box.children = [W.HBox(list(r)) for r in self._rows]
        self.update()

    @property
    def crew(self) -> list[Operative]:
        """The operatives in the form (raises the kit's error for a bad row)."""
        crew = []
        for n, g, c, _ in self._rows:
            contribs = [x.strip() for x in c.value.split(",") if x.strip()]
            crew.append(Operative(n.value, g.value, tuple(contribs)))
        return crew

    @property
    def job(self) -> Job:
        """A new :class:`Job` from the form."""
        conditions = [Condition("crew_active")]
        if self.gig_cond_w.value.strip():
            conditions.append(Condition.gig_active(self.gig_cond_w.value))
        if self.max_heat_w.value:
            conditions.append(Condition.max_heat(self.max_heat_w.value))
        if self.max_threat_w.value:
            conditions.append(Condition.max_threat(self.max_threat_w.value))
        return Job(
            self.type_w.value,
            self.difficulty_w.value,
            self.clock_w.value,
            self.crew,
            conditions,
            title=self.title_w.value,
            seed=max(0, self.seed_w.value),
        )

    def update(self) -> None:
        """Recompute the exact odds, or show what is wrong with the form."""
        try:
            job = self.job
            o = odds(job)
        except (KitError, ValueError, TypeError) as exc:
            self.error_w.value = _error_html(exc)
            self.odds_w.value = ""
            return
        self.error_w.value = ""
        bars = "".join(
            f"<div title='by tick {k}: {p:.1%}' style='display:inline-block;width:22px;margin-right:3px;"
            f"height:{max(2, round(p * 60))}px;background:#4e8fd6;vertical-align:bottom'></div>"
            for k, p in enumerate(o.by_turn, 1)
        )
        self.odds_w.value = (
            f"<div class='gmk-odds'><b>Chance of success: {o.success:.1%}</b>"
            f" &nbsp;·&nbsp; expected Threat {o.expected_threat:.2f}, Heat {o.expected_heat:.2f}"
            f" &nbsp;·&nbsp; fails on the clock {o.failure_reasons.get('clock', 0):.1%}, crew "
            f"{o.failure_reasons.get('crew', 0) + o.failure_reasons.get('condition', 0):.1%}"
            f"<div style='margin-top:6px;height:62px;display:flex;align-items:flex-end'>{bars}"
            f"<span style='opacity:.7;margin-left:8px'>P(success) by clock tick</span></div></div>"
        )

    def open_table(self) -> JobTable | None:
        """Build the job and show a :class:`JobTable` for it below the form."""
        try:
            table = JobTable(self.job)
        except (KitError, ValueError, TypeError) as exc:
            self.error_w.value = _error_html(exc)
            return None
        self.table = table
        self.table_box.children = [table]
        return table


def _error_html(exc: Exception | str) -> str:
    return (
        "<div class='gmk-builder-error' style='border-left:4px solid var(--jp-error-color1,#d0424f);"
        "background:var(--jp-error-color3,#fde8ea);color:var(--jp-ui-font-color0,#222);"
        f"padding:6px 10px;border-radius:4px'>{html.escape(str(exc))}</div>"
    )


# Keep AskPolicy importable from here for notebooks that build interactive runs.
_ = AskPolicy
