"""The clock widget (#32): a view of a campaign's clock; its buttons move the days and what
the clock refuses shows in the banner with the campaign unchanged."""

from __future__ import annotations

import pytest

from kit import Campaign
from kit.errors import InvalidType
from kit.widgets import ClockWidget
from tests.factories import clock_campaign, repairs


def campaign() -> Campaign:
    camp = clock_campaign("Clock", seed=4)
    camp.plan(9, "the patrol returns")
    return camp


def test_the_buttons_advance_the_campaigns_clock():
    camp = campaign()
    w = ClockWidget(camp)
    assert w.view["today"] == 0 and w.view["activities"][0]["running"]
    w._on_msg(w, {"action": "advance", "days": 1}, [])
    assert camp.today == 1 and w.view["today"] == 1 and w.view["date"] == "day 1"
    w._on_msg(w, {"action": "advance", "days": 7}, [])
    assert camp.today == 8
    w._on_msg(w, {"action": "next"}, [])
    # the next thing: the repairs end, or the planned event on day 9, whichever comes first
    done = camp.clock.activities["repairs"].done_day
    assert camp.today == min(9, done if done is not None and done > 8 else 9)
    assert w.view["reason"] and w.error == ""
    w._on_msg(w, {"action": "undo"}, [])
    assert camp.today == 8 and w.view["today"] == 8
    assert w.view["recent"][0]["date"] == "day 8"


def test_a_clash_shows_in_the_banner_and_changes_nothing():
    camp = campaign()
    camp.schedule(repairs("Smith 2"), "other", start=2)
    # the same entity in a second activity from day 2: added behind the clock's back
    camp.clock._activities["other"] = camp.clock._activities["other"].__class__(
        **{**camp.clock._activities["other"].to_dict(), "target": "repairs", "kind": "workshop"}
    )
    w = ClockWidget(camp)
    before = camp.to_json()
    w._on_msg(w, {"action": "advance", "days": 7}, [])
    assert "cannot take part in both 'repairs' and 'other' on day 2" in w.error
    assert camp.to_json() == before


def test_bad_messages_are_refused_at_the_gate():
    camp = campaign()
    w = ClockWidget(camp)
    w._on_msg(w, {"action": "advance", "days": "many"}, [])
    assert "days" in w.error and camp.today == 0
    w._on_msg(w, {"action": "advance", "days": 0}, [])
    assert "days" in w.error and camp.today == 0
    with pytest.raises(InvalidType, match="Campaign"):
        ClockWidget("camp")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="colour"):
        ClockWidget(camp, colour="red")
