"""The knowledge record's events (kit.successors.record_events), one function at a time.

A record is a log of events: scans add Sensors successes to a system or fleet, travel adds
jumps made along a route (or a gate passage), reveals and hides tell the players a thing or
take it back, notes are the GM's words. :func:`check_event` is what a loaded file passes
through; :func:`apply_event` is what the log adds up to. The Knowledge class built on them is
tested in test_knowledge.py.
"""

from __future__ import annotations

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.log import Event
from kit.successors.record_events import (
    FIELDS,
    MAX_SCAN,
    State,
    apply_event,
    check_event,
    event_size,
    key_of,
    route_legs,
    sorted_pair,
    target_fields,
    when_fields,
)
from kit.successors.sector import Sector
from kit.successors.stars import Star, StarSystem


def replay(*events: Event) -> State:
    st = State()
    for seq, e in enumerate(events):
        apply_event(st, seq, e)
    return st


def test_scans_add_up_per_system_and_remember_the_last_orbit_last():
    st = replay(
        Event("scan", {"system": "Vega", "successes": 2, "day": 3}),
        Event("scan", {"system": "Vega", "successes": 1, "orbit": 4}),
        Event("scan", {"system": "Vega", "successes": 2}),
        Event("scan_fleet", {"fleet": "fleets/Raiders", "successes": 3}),
        Event("scan_fleet", {"fleet": "fleets/Raiders", "successes": 1}),
    )
    assert st.systems == {"Vega": 5} and st.fleets == {"fleets/Raiders": 4}
    # the running total after each scan, by where the scanner was; the latest position last
    assert st.orbit_levels["Vega"] == {4: 3, None: 5}
    assert list(st.orbit_levels["Vega"]) == [4, None]
    learned = st.learned[("system", "Vega")]
    assert (learned.seq, learned.day) == (0, 3)  # first learned on the first scan


def test_travel_counts_jumps_and_gates_and_teaches_both_ends():
    st = replay(
        Event("travel", {"a": "Ana", "b": "Bel", "times": 2, "gate": False}),
        Event("travel", {"a": "Ana", "b": "Bel", "times": 1, "gate": False}),
        Event("travel", {"a": "Bel", "b": "Cor", "times": 0, "gate": True}),
    )
    assert st.routes == {("Ana", "Bel"): 3} and st.gates == {("Bel", "Cor")}
    assert {k for k in st.learned if k[0] == "system"} == {
        ("system", "Ana"),
        ("system", "Bel"),
        ("system", "Cor"),
    }
    assert st.learned[("system", "Bel")].seq == 0


def test_a_reveal_tells_a_route_and_its_systems_until_it_is_hidden():
    reveal = Event("reveal", {"route": ["Ana", "Cor"]})
    st = replay(reveal, Event("reveal", {"system": "Vega", "orbit": 2}))
    assert st.told_now() == {"Ana", "Cor", "Vega"}
    assert ("route", "Ana", "Cor") in st.learned and ("system", "Vega") not in st.learned
    st = replay(reveal, Event("hide", {"route": ["Ana", "Cor"]}))
    assert st.told_now() == set() and ("route", "Ana", "Cor") in st.hidden


def test_notes_are_numbered_in_order():
    st = replay(
        Event("note", {"text": "pirates", "player_visible": True, "about": "Vega"}),
        Event("note", {"text": "the GM's plan", "player_visible": False, "date": "Spring"}),
    )
    assert [(n.number, n.text, n.player_visible, n.about) for n in st.notes] == [
        (0, "pirates", True, "Vega"),
        (1, "the GM's plan", False, None),
    ]
    assert st.notes[1].date == "Spring" and st.notes[1].seq == 1


@pytest.mark.parametrize(
    "data, key",
    [
        ({"note": 3}, ("note", 3)),
        ({"route": ["A", "B"]}, ("route", "A", "B")),
        ({"system": "V", "orbit": 2, "secret": "x"}, ("secret", "V", 2, "x")),
        ({"system": "V", "orbit": 2}, ("orbit", "V", 2)),
        ({"system": "V"}, ("system", "V")),
    ],
)
def test_each_target_has_its_key(data, key):
    assert key_of(data) == key


def test_targets_are_one_kind_of_thing_in_canonical_form():
    assert target_fields(("Cor", "Ana"), None, None, None, verb="reveal") == {
        "route": ["Ana", "Cor"]
    }
    assert target_fields("Vega", 2, "a wreck", None, verb="hide") == {
        "system": "Vega",
        "orbit": 2,
        "secret": "a wreck",
    }
    assert target_fields(None, None, None, 0, verb="reveal") == {"note": 0}
    sys = StarSystem(Star("G"), name="Vega")
    assert target_fields(sys, None, None, None, verb="reveal") == {"system": "Vega"}
    for args, words in [
        (("Vega", None, None, 1), "note by its number alone"),
        ((("Ana",), None, None, None), "pair of system names"),
        ((("Ana", "Ana"), None, None, None), "twice"),
        ((("Ana", "Bel"), 1, None, None), "without orbit"),
        ((None, None, None, None), "say what to reveal"),
        (("Vega", None, "a wreck", None), "orbit it belongs to"),
        (("Vega", 0, None, None), "orbit"),
    ]:
        with pytest.raises(InvalidInput, match=words):
            target_fields(*args, verb="reveal")


def test_a_loaded_event_must_be_in_the_form_the_record_writes():
    ok = Event("scan", {"system": "Vega", "successes": 2, "orbit": 1, "day": 4})
    assert check_event(ok, 0, 0) == dict(ok.data)
    bad = [
        (Event("teleport", {}), r"events\[5\]\.kind must be one of scan"),
        (Event("scan", {"system": "Vega"}), "successes"),
        (Event("scan", {"system": "Vega", "successes": MAX_SCAN + 1}), "successes"),
        (Event("scan", {"system": "Vega", "successes": 1, "speed": 3}), "speed"),
        (Event("travel", {"a": "Bel", "b": "Ana", "times": 1, "gate": False}), "sorted order"),
        (Event("travel", {"a": "Ana", "b": "Bel", "times": 0, "gate": False}), "times"),
        (Event("travel", {"a": "Ana", "b": "Bel", "times": 1, "gate": True}), "times"),
        (Event("reveal", {"route": ["Cor", "Ana"]}), "sorted order"),
        (Event("reveal", {"note": 2}), "not written yet"),
        (Event("note", {"text": "  padded ", "player_visible": True}), "not in the form"),
        (Event("scan", {"system": "Vega", "successes": 1, "day": -1}), "day"),
    ]
    for event, words in bad:
        with pytest.raises((InvalidInput, InvalidType), match=words):
            check_event(event, 5, 2)
    assert check_event(Event("reveal", {"note": 1}), 0, 2) == {"note": 1}


def test_every_kind_may_carry_a_day_and_a_date():
    assert all(set(("day", "date")) <= set(fields) for fields in FIELDS.values())
    assert when_fields(None, None) == {}
    assert when_fields(7, "the 3rd of Ash") == {"day": 7, "date": "the 3rd of Ash"}
    with pytest.raises(InvalidInput, match="date"):
        when_fields(None, "x" * 41)


def test_route_legs_of_a_pair_and_of_a_route():
    assert route_legs(("Cor", "Ana")) == [("Ana", "Cor", False)]
    # Ana lies 24 ly past Bel: out of jump range, reached through a gate
    sector = Sector([[0, 0], [6, 0], [30, 0]], ["Cor", "Bel", "Ana"], seed=1)
    sector.add_gate(1, 2)
    assert route_legs(sector.route(0, 2)) == [("Bel", "Cor", False), ("Ana", "Bel", True)]
    with pytest.raises(InvalidType, match="route must be"):
        route_legs("Ana to Cor")
    with pytest.raises(InvalidInput, match="twice"):
        route_legs(["Ana", "Ana"])
    assert sorted_pair("b", "a") == ("a", "b") == sorted_pair("a", "b")


def test_an_events_size_is_its_utf8_json_length():
    e = Event("note", {"text": "é", "player_visible": True})
    # {"kind": "note", "action": 0, "data": {"text": "é", "player_visible": true}}: é is 2 bytes
    text = '{"kind": "note", "action": 0, "data": {"text": "é", "player_visible": true}}'
    assert event_size(e) == len(text) + 1
