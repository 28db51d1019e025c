"""The notes section of a handout (kit.handouts.notes): the GM's copy lists every note about
the object, each marked for the players or the GM only; the players' copy lists theirs."""

from __future__ import annotations

from kit.handouts.document import Document
from kit.handouts.notes import gm_notes, player_notes
from kit.players import KnownNote
from kit.successors.knowledge import Knowledge


def paragraphs(doc: Document) -> list[str]:
    return [text for kind, text in doc.parts if kind == "p"]


def test_the_gm_sees_every_note_about_the_object_marked_with_its_audience():
    record = Knowledge()
    record.note("The dock takes bribes.", about="Ana", day=3)
    record.note("The harbourmaster is a Shade agent.", False, about="Ana", date="Thaw 4")
    record.note("Bel is quiet.", about="Bel")
    doc = Document("Ana")
    gm_notes(doc, record, "Ana")
    assert ("h", "Notes") in doc.parts
    assert paragraphs(doc) == [
        "day 3: The dock takes bribes. (players)",
        "Thaw 4: The harbourmaster is a Shade agent. (GM only)",
    ]


def test_no_record_no_subject_or_no_note_adds_no_section():
    record = Knowledge()
    record.note("Bel is quiet.", about="Bel")
    for rec, about in [(None, "Ana"), (record, None), (record, "Ana")]:
        doc = Document("Ana")
        gm_notes(doc, rec, about)
        assert doc.parts == []


def test_the_players_see_their_notes_with_when_they_were_written():
    doc = Document("Ana")
    player_notes(doc, (KnownNote("The dock takes bribes.", day=3), KnownNote("No date.")))
    assert paragraphs(doc) == ["day 3: The dock takes bribes.", "No date."]
    player_notes(empty := Document("Bel"), ())
    assert empty.parts == []
