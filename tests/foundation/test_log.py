"""The event log (kit.log): actions group events, undo removes a whole action, events are JSON,
and a log round-trips through plain lists."""

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.errors import IllegalAction, InvalidInput, InvalidType
from kit.log import EventLog, Observable, replay


def test_actions_group_events_and_undo_removes_a_whole_action():
    log = EventLog()
    log.append("a", x=1)
    with log.action():
        log.append("b")
        log.append("c")
    assert [e.action for e in log] == [0, 1, 1]
    assert [e.kind for e in log.undo()] == ["b", "c"]
    assert [e.kind for e in log.undo()] == ["a"]
    with pytest.raises(IllegalAction):
        log.undo()


def test_a_failed_action_leaves_no_trace():
    log = EventLog()
    log.append("keep")
    with pytest.raises(RuntimeError), log.action():
        log.append("half")
        raise RuntimeError("boom")
    assert [e.kind for e in log] == ["keep"]


def test_events_must_be_json():
    with pytest.raises(InvalidInput, match="JSON"):
        EventLog().append("x", value=object())
    with pytest.raises(InvalidInput):
        EventLog().append("x", value=float("nan"))


def test_replay_folds():
    log = EventLog()
    for v in (1, 2, 3):
        log.append("add", v=v)
    assert replay(0, log, lambda s, e: s + e["v"]) == 6


@given(st.lists(st.tuples(st.sampled_from("abc"), st.integers(-5, 5)), max_size=20))
def test_log_round_trips(items):
    log = EventLog()
    for kind, v in items:
        log.append(kind, v=v)
    again = EventLog.from_list(json.loads(json.dumps(log.to_list())))
    assert again == log


def test_nested_actions_join_the_outer_one():
    log = EventLog()
    with log.action():
        log.append("a")
        with log.action():
            log.append("b")
    log.append("c")
    assert [e.action for e in log] == [0, 0, 1]
    assert log.actions == 2
    assert [e.kind for e in log.undo()] == ["c"]


def test_a_copy_is_independent():
    log = EventLog()
    log.append("a")
    copy = log.copy()
    copy.append("b")
    assert len(log) == 1 and len(copy) == 2


@pytest.mark.parametrize(
    "raw, field",
    [
        ({"kind": "x", "action": -1}, "event.action"),
        ({"kind": 5}, "event.kind"),
        ({"kind": "x", "data": []}, "event.data"),
        ({"kind": "x", "when": 1}, "'when'"),
    ],
)
def test_a_hand_edited_event_is_refused_naming_its_field(raw, field):
    with pytest.raises((InvalidInput, InvalidType), match=field):
        EventLog.from_list([raw])


class _Counter(Observable):
    def __init__(self):
        self.n = 0

    def bump(self):
        self.n += 1
        self._changed()


class _View:
    def __init__(self):
        self.seen = []

    def show(self, obj):
        self.seen.append(obj.n)


def test_observers_hear_each_change_until_they_stop():
    counter, heard = _Counter(), []
    stop = counter.observe(lambda obj: heard.append(obj.n))
    view = _View()
    counter.observe(view.show)
    counter.bump()
    stop()
    counter.bump()
    counter.unobserve(view.show)
    counter.bump()
    assert heard == [1] and view.seen == [1, 2]


def test_an_observing_method_does_not_keep_its_view_alive():
    counter, view = _Counter(), _View()
    counter.observe(view.show)
    del view  # its last reference: CPython frees it at once
    counter.bump()  # the dead view is dropped, not called
    assert counter._observers().refs == []


def test_a_copied_object_starts_without_observers():
    counter, heard = _Counter(), []
    counter.observe(lambda obj: heard.append(obj.n))
    twin = copy.deepcopy(counter)
    twin.bump()
    assert heard == []
    with pytest.raises(InvalidType, match="callback must be callable"):
        counter.observe("not a function")
