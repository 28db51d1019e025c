"""The notes section of a handout: every note about the object for the GM, marked; the
players' own notes (from their projection) for them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..players import KnownNote
from .document import Document

if TYPE_CHECKING:
    from ..successors.knowledge import Knowledge

__all__ = ["gm_notes", "player_notes"]


def gm_notes(doc: Document, record: Knowledge | None, about: str | None) -> None:
    """Every note of ``record`` about ``about``, each marked for the players or the GM only."""
    if record is None or about is None:
        return
    visible = {n.number for n in record.visible_notes()}
    notes = [n for n in record.notes() if n.about == about]
    if not notes:
        return
    doc.h("Notes")
    for n in notes:
        when = f"day {n.day}: " if n.day is not None else (f"{n.date}: " if n.date else "")
        mark = " (players)" if n.number in visible else " (GM only)"
        doc.p(f"{when}{n.text}{mark}")


def player_notes(doc: Document, notes: tuple[KnownNote, ...]) -> None:
    """The notes the players may read (from their projection)."""
    if not notes:
        return
    doc.h("Notes")
    for n in notes:
        doc.p(f"{n.when}: {n.text}" if n.when else n.text)
