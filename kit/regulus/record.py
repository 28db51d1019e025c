"""The Job Record: one row per incident, and its Markdown export.

The record is not stored anywhere: :class:`~kit.regulus.job.Job` derives it from its event log
on every change, so undo, save and load all agree with it by construction.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = ["JobRecord", "RecordRow", "md_escape"]


def md_escape(text: str) -> str:
    """Make user text safe inside a Markdown table cell (pipes, newlines, HTML brackets)."""
    return (
        str(text)
        .replace("\\", "\\\\")
        .replace("|", "\\|")
        .replace("\n", " ")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
    )


@dataclass
class RecordRow:
    """One incident (or a GM adjustment) on the Job Record sheet."""

    index: int
    """Row number, from 1."""
    turn: int
    """The clock tick this incident belongs to (companions share their main roll's turn)."""
    roll: int | None
    """The total rolled (None for a GM adjustment)."""
    kind: str
    """"main", "companion" or "gm"."""
    incident: str
    effects: str
    progress: int = 0
    """Progress after the row."""
    threat: int = 0
    """Threat after the row."""
    heat: int = 0
    """Heat after the row."""
    consequences: list[str] = field(default_factory=list)
    crew_lost: list[str] = field(default_factory=list)
    note: str = ""
    dice: tuple[int, ...] = ()
    """The single dice when the kit rolled them (empty for manual entry)."""
    manual: bool = False
    """True when the GM entered a physical roll."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form (what the Job table widget renders)."""
        return {
            "index": self.index,
            "turn": self.turn,
            "roll": self.roll,
            "kind": self.kind,
            "incident": self.incident,
            "effects": self.effects,
            "progress": self.progress,
            "threat": self.threat,
            "heat": self.heat,
            "consequences": list(self.consequences),
            "crew_lost": list(self.crew_lost),
            "note": self.note,
            "dice": list(self.dice),
            "manual": self.manual,
        }


@dataclass
class JobRecord:
    """The record sheet of a job: its details, the rows, and the outcome so far."""

    title: str
    job_type: str
    difficulty: int
    clock: int
    conditions: list[str]
    crew: list[dict[str, Any]]
    """Operatives as {"name", "gig", "contributions", "lead", "active"}."""
    rows: list[RecordRow]
    outcome: str | None
    reason: str | None
    kept_contributions: list[str] = field(default_factory=list)
    seed: int | None = None

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[RecordRow]:
        return iter(self.rows)

    def to_markdown(self) -> str:
        """The record sheet as a Markdown document."""
        lines = [f"# Job Record: {md_escape(self.title)}", ""]
        lines.append(f"- **Type:** {md_escape(self.job_type)}")
        lines.append(f"- **Difficulty:** {self.difficulty}   **Clock:** {self.clock}")
        conds = "; ".join(md_escape(c) for c in self.conditions) or "none"
        lines.append(f"- **Conditions:** {conds}")
        if self.seed is not None:
            lines.append(f"- **Seed:** {self.seed}")
        result = {"success": "Success", "failure": "Failure", None: "In progress"}[self.outcome]
        why = {
            "progress": "Progress reached the Difficulty",
            "clock": "the Clock ran out",
            "crew": "no crew left",
            "condition": "a Condition can no longer hold",
            None: "",
        }[self.reason]
        lines.append(f"- **Outcome:** {result}" + (f" ({why})" if why else ""))
        lines += [
            "",
            "## Crew Workup",
            "",
            "| Operative | Gig | Contributions | Status |",
            "|---|---|---|---|",
        ]
        for op in self.crew:
            name = md_escape(op["name"]) + (" (lead)" if op.get("lead") else "")
            contribs = ", ".join(md_escape(c) for c in op["contributions"]) or "-"
            lines.append(
                f"| {name} | {md_escape(op['gig'])} | {contribs} | {'active' if op['active'] else 'knocked out'} |"
            )
        if self.kept_contributions:
            kept = ", ".join(md_escape(c) for c in self.kept_contributions)
            lines += ["", f"Contributions kept from knocked-out operatives: {kept}"]
        lines += ["", "## Incidents", ""]
        lines.append(
            "| # | Turn | Roll | Kind | Incident | Effects | Progress | Threat | Heat | Consequences | Crew lost | Note |"
        )
        lines.append("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for r in self.rows:
            roll = "-" if r.roll is None else str(r.roll) + (" (entered)" if r.manual else "")
            lines.append(
                f"| {r.index} | {r.turn} | {roll} | {r.kind} | {md_escape(r.incident)} | {md_escape(r.effects)} | "
                f"{r.progress} | {r.threat} | {r.heat} | {md_escape(', '.join(r.consequences)) or '-'} | "
                f"{md_escape(', '.join(r.crew_lost)) or '-'} | {md_escape(r.note)} |"
            )
        return "\n".join(lines) + "\n"

    def _repr_markdown_(self) -> str:
        return self.to_markdown()
