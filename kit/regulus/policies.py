"""Who decides when a job asks for a decision.

Two decisions come up while a job resolves: which operative a Knockout removes (and which one
of their contributions stays in the Crew Workup), and whether the lead spends a Postponed Minor
Consequence token. The engine asks a *policy*. :class:`AutoPolicy` answers at once with the
project's default rulings and is what simulations and exact odds use; :class:`AskPolicy`
answers nothing, so the job pauses with the decision pending until a person makes it (the Job
table widget shows it as a prompt).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .. import validate
from .core import JobState

__all__ = ["AUTO", "AskPolicy", "AutoPolicy", "Policy"]


class Policy(Protocol):
    """Answers a job's decisions; ``None`` means "ask a person"."""

    def knockout(self, state: JobState) -> str | None:
        """Return the name of the operative who leaves, or None to wait for a person."""

    def spend_token(self, state: JobState) -> bool | None:
        """Return True to spend a token now, False to keep it, None to wait for a person."""


@dataclass(frozen=True)
class AutoPolicy:
    """The default automatic choices.

    Knockouts remove the operative who joined last (``knockout_order="last"``; or ``"first"``);
    the job keeps their first-listed contribution(s). Tokens are spent as soon as they may be.
    """

    knockout_order: str = "last"
    """"last" (the default ruling) or "first" joined operative leaves on a Knockout."""
    spend_tokens: bool = True
    """Spend tokens at the first chance (the default ruling) or never."""

    def __post_init__(self) -> None:
        validate.choice("knockout_order", self.knockout_order, ("last", "first"))
        validate.boolean("spend_tokens", self.spend_tokens)

    def knockout(self, state: JobState) -> str:
        return state.roster[-1] if self.knockout_order == "last" else state.roster[0]

    def spend_token(self, state: JobState) -> bool:
        return self.spend_tokens


class AskPolicy:
    """Never decides: the job waits for :meth:`Job.decide_knockout` or :meth:`Job.decide_token`."""

    def knockout(self, state: JobState) -> None:
        return None

    def spend_token(self, state: JobState) -> None:
        return None


#: The shared default automatic policy.
AUTO = AutoPolicy()
