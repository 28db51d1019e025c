"""The campaign clock as a widget: today, what is running, and buttons that move the days.

:class:`ClockWidget` is a view of one :class:`~kit.campaign.Campaign`'s clock
(:mod:`kit.clock`): today's date (in the campaign's calendar), every activity with its progress,
the latest events of the timeline, the next planned event, and buttons to advance one day, a
week, or until something happens (an activity ends or a planned event comes), and to take the
last day back. What the clock refuses (a clash of two activities on one day, a battle waiting
for a decision) shows in the banner and the campaign stays as it was.

>>> from kit import Campaign
>>> camp = Campaign("Jukint", seed=1)
>>> camp.plan(3, "the patrol returns")
>>> w = ClockWidget(camp)
>>> w.advance(7)
>>> w.view["today"], w.view["reason"]
(3, "planned on day 3: 'the patrol returns'")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import traitlets

from ..errors import InvalidType
from ._base import FieldSpec, KitWidget, check_kwargs, esm, scoped_css
from .payloads import ClockActivity, ClockLine, ClockView, as_payload

if TYPE_CHECKING:
    from ..campaign import Campaign

__all__ = ["ClockWidget"]

#: Latest timeline lines shown.
RECENT = 12


class ClockWidget(KitWidget):
    """Advance a campaign's clock and see what every activity does (see the module docs)."""

    _esm = esm("clock.js")
    _css = scoped_css("clock.css", ".gmk-clock")
    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {
        "advance": {"days": ("whole", "days")},
        "next": {},
        "undo": {},
    }

    view = traitlets.Dict(help="Everything the clock shows, derived from the campaign.").tag(
        sync=True
    )

    def __init__(self, campaign: Campaign, **kwargs: object) -> None:
        check_kwargs("ClockWidget", kwargs, {"layout"})
        # widgets sit below the campaign's layer: a campaign is known by its clock
        if not hasattr(campaign, "clock") or not hasattr(campaign, "advance_until"):
            raise InvalidType(f"ClockWidget needs a kit.Campaign, got {type(campaign).__name__}")
        self.campaign = campaign
        self._reason = ""
        super().__init__(**kwargs)
        self.refresh()

    # ------------------------------------------------------------------ actions
    def _msg_advance(self, days: int) -> None:
        self.advance(days)

    def _msg_next(self) -> None:
        self.advance_until()

    def _msg_undo(self) -> None:
        self.undo()

    def advance(self, days: int = 1) -> None:
        """Play ``days`` days (a planned event stops them early)."""
        with self.guard():
            self._reason = self.campaign.advance(days).reason

    def advance_until(self) -> None:
        """Play until an activity ends or a planned event comes."""
        with self.guard():
            self._reason = self.campaign.advance_until().reason

    def undo(self) -> None:
        """Take back the last day played."""
        with self.guard():
            self.campaign.undo_day()
            self._reason = f"day {self.campaign.today + 1} taken back"

    # ------------------------------------------------------------------ view
    def refresh(self) -> None:
        camp = self.campaign
        clock = camp.clock
        running = {a.name for a in clock.running()}
        acts: list[ClockActivity] = []
        for a in clock.activities.values():
            start = a.first_day or a.start
            when = f"from {camp.date(start)}" + (
                f" to {camp.date(a.done_day)}" if a.done_day is not None else ""
            )
            if a.after is not None and a.first_day is None:
                when = f"after {a.after}"
            acts.append(
                ClockActivity(
                    name=a.name,
                    kind=a.kind,
                    progress=clock.progress(a.name),
                    running=a.name in running,
                    done=a.done_day is not None,
                    when=when,
                )
            )
        past = camp.timeline.filter(until=camp.today)
        recent = [
            ClockLine(date=camp.date(e.day), activity=e.activity or "GM", text=e.text)
            for e in past[max(0, len(past) - RECENT) :]
        ]
        ahead = camp.timeline.filter(kind="planned", since=camp.today + 1)
        nxt = (
            ClockLine(date=camp.date(ahead[0].day), activity="GM", text=ahead[0].text)
            if len(ahead)
            else None
        )
        view = ClockView(
            name=camp.name,
            today=camp.today,
            date=camp.date(),
            activities=acts,
            recent=recent[::-1],
            next=nxt,
            reason=self._reason,
            can_undo=clock.can_undo,
        )
        self.view = as_payload(view)
