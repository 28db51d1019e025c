"""The Job Record handout: the whole record for the GM, the players' record for them.

Both are rendered from the job's projection for the audience (:func:`kit.players.project_job`):
the players' holds no GM adjustment row, no GM note and no seed, and its progress figure is drawn
from the same rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..audience import PLAYER, Audience
from ..players import KnownJob, project_job
from .document import Document
from .options import HandoutOptions

if TYPE_CHECKING:
    from ..regulus.job import Job

__all__ = ["job_document", "job_handout"]

_HEAD = [
    "#",
    "Turn",
    "Roll",
    "Kind",
    "Incident",
    "Effects",
    "Progress",
    "Threat",
    "Heat",
    "Consequences",
    "Crew lost",
]


def job_handout(job: Job, audience: Audience, options: HandoutOptions) -> Document:
    """The handout of a Regulus job (the kind's ``handout`` hook)."""
    return job_document(project_job(job, audience=audience), figures=options.figures)


def job_document(rec: KnownJob, *, figures: bool = False) -> Document:
    """The Job Record of ``rec`` (an audience's projection) as a document."""
    players = rec.for_players
    doc = Document(f"Job Record: {rec.title}")
    result = {"success": "Success", "failure": "Failure", None: "In progress"}[rec.outcome]
    items: list[tuple[str, Any]] = [
        ("Type", rec.job_type),
        ("Difficulty", rec.difficulty),
        ("Clock", rec.clock),
        ("Conditions", "; ".join(rec.conditions) or "none"),
        ("Outcome", result),
    ]
    if rec.seed is not None:
        items.append(("Seed", rec.seed))
    doc.items(items)
    doc.h("Crew Workup")
    doc.table(
        ["Operative", "Gig", "Contributions", "Status"],
        [
            [
                name + (" (lead)" if lead else ""),
                gig,
                ", ".join(contributions) or "-",
                "active" if active else "knocked out",
            ]
            for name, gig, contributions, lead, active in rec.crew
        ],
    )
    doc.h("Incidents")
    rows = []
    for r in rec.rows:
        row = [
            r.index,
            r.turn,
            "-" if r.roll is None else r.roll,
            r.kind,
            r.incident,
            r.effects,
            r.progress,
            r.threat,
            r.heat,
            ", ".join(r.consequences) or "-",
            ", ".join(r.crew_lost) or "-",
        ]
        if not players:
            row.append(r.note)
        rows.append(row)
    doc.table(_HEAD + ([] if players else ["GM note"]), rows)
    if figures:
        from ..figures.regulus import job_progress

        doc.figure(job_progress(rec, audience=PLAYER if players else "gm"))
    return doc
