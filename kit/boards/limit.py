"""The limit board: a set number of successes, the cards faced in any order.

A *limit board (n)* is complete once the players have ``n`` successes. They choose which
card each check faces, each card at most once, and some cards may lie face down: a
face-down card shows its difficulty only when a check is committed against it. The board
fails as soon as the cards still unfaced cannot give the successes still needed (ruling 4,
``BoardRules.limit_stop_early``), or when every card has been faced.

>>> board = LimitBoard([5, 8, 4, 7, 6], need=3, hidden=[4, 5])
>>> _ = board.check(6, slot=3)
>>> board.check(9, slot=5).card.value
6
>>> board.open_slots
[1, 2, 4]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import validate
from ..errors import IllegalAction, InvalidInput, InvalidType, SaveFileError
from ..log import Event
from .base import Board, CheckRecord, check_value
from .cards import Card, CardLike
from .rules import BoardRules
from .standard import _skill, with_records

__all__ = ["LimitBoard", "LimitState"]

_SLOT_LABEL = re.compile(r"^\s*slot\s+(\d+)\b", re.IGNORECASE)


@dataclass(frozen=True)
class LimitState:
    """The state of a limit board."""

    faced: tuple[int | None, ...]
    """Per slot: the index into ``records`` of the check that faced it, or ``None``."""
    records: tuple[CheckRecord, ...] = ()
    """Every check so far."""
    used: tuple[str | None, ...] = ()
    """Tracked skill keys of the checks so far."""


class LimitBoard(Board[LimitState]):
    """A limit board (``need``): reach ``need`` successes, facing cards in any order.

    Args:
        cards: the row of cards, left to right; at least 3.
        need: successes needed, 1..N.
        hidden: 1-based slots whose cards lie face down until a check is committed.
        modifiers: per-slot modifiers.
        rules: the :class:`BoardRules` to play by.
        title: what the task is.
    """

    KIND = "limit"
    need: validate.Field[int] = validate.Field(fixed=True, doc="Successes needed.")
    hidden: validate.Field[tuple[int, ...]] = validate.Field(
        fixed=True, doc="Slots dealt face down (1-based, a tuple)."
    )

    def __init__(
        self,
        cards: Iterable[CardLike],
        need: int,
        *,
        hidden: Iterable[int] = (),
        modifiers: Sequence[int] | Mapping[int, int] | None = None,
        rules: BoardRules | None = None,
        title: str = "",
    ) -> None:
        super().__init__(cards, modifiers=modifiers, rules=rules, title=title)
        self.need = validate.integer("need", need, 1, self.length)
        if isinstance(hidden, (str, bytes, Mapping)) or not isinstance(hidden, Iterable):
            raise InvalidType(f"hidden must be a list of slot numbers, got {hidden!r:.40}")
        slots = list(hidden)
        self.hidden = tuple(
            sorted({validate.integer("hidden slot", s, 1, self.length) for s in slots})
        )

    def _setup(self) -> dict[str, Any]:
        return {"need": self.need, "hidden": list(self.hidden)}

    def _fresh(self) -> LimitState:
        return LimitState((None,) * self.length)

    # ---------------------------------------------------------------- rules
    def _step(self, state: LimitState, event: Event) -> tuple[LimitState, dict[str, Any]]:
        if event.kind != "check":
            raise SaveFileError(f"unknown limit board event {event.kind!r}")
        if self._finished(state):
            raise IllegalAction(
                f"this limit board is finished ({self._result(state)}); no more checks can be made"
            )
        value = check_value("check value", event.get("value"))
        slot = validate.integer("slot", event.get("slot"), 1, self.length)
        if state.faced[slot - 1] is not None:
            open_ = [i + 1 for i, f in enumerate(state.faced) if f is None]
            raise IllegalAction(
                f"slot {slot} has already been faced; each card is faced once "
                f"(open slots: {', '.join(map(str, open_))})"
            )
        skill = event.get("skill")
        k = len(state.records)
        rec = self._record(
            state, number=k + 1, slot=slot, value=value, skill=skill, used=state.used, placed=slot
        )
        faced = list(state.faced)
        faced[slot - 1] = k
        new = with_records(state, rec, self.tracked(skill), faced=tuple(faced))
        return new, {"success": rec.success, "target": rec.target}

    def check(self, value: int, slot: int | str, skill: str | None = None) -> CheckRecord:
        """Commit a check against ``slot``; a face-down card is revealed by it.

        ``slot`` is the slot's number (1-based) or a label the card advice shows for it
        (``"slot 2, face down, -3"``: what counts is the ``"slot N"`` it starts with).

        Raises:
            IllegalAction: the board is finished, or that card was already faced.
        """
        self._refuse_if_finished()
        self._act(
            "check",
            value=check_value("check value", value),
            slot=self.slot_number(slot),
            skill=_skill(skill),
        )
        return self._state.records[-1]

    def slot_number(self, slot: int | str) -> int:
        """The 1-based slot a number or an advice label names (``"slot 3, 6"`` is slot 3).

        >>> LimitBoard([5, 8, 4], need=2, hidden=[2]).slot_number("slot 2, face down")
        2
        """
        if isinstance(slot, str):
            m = _SLOT_LABEL.match(slot)
            if m is None:
                raise InvalidInput(
                    f"slot must be a slot number from 1 to {self.length} or an advice label "
                    f"such as 'slot 2, face down', got {slot!r}"
                )
            slot = int(m.group(1))
        return validate.integer("slot", slot, 1, self.length)

    def slot_label(self, slot: int) -> str:
        """How advice names an open slot: its number, its card (or that it lies face down)
        and its modifier when it has one.

        >>> board = LimitBoard([7, 6, 4], need=2, hidden=[1, 2], modifiers={2: -3, 3: 1})
        >>> board.slot_label(1), board.slot_label(2), board.slot_label(3)
        ('slot 1, face down', 'slot 2, face down, -3', 'slot 3, 4, +1')
        """
        slot = self.slot_number(slot)
        mod = self.modifiers[slot - 1]
        face = "face down" if self.is_face_down(slot) else str(self.cards[slot - 1].value)
        return f"slot {slot}, {face}" + (f", {mod:+d}" if mod else "")

    # ---------------------------------------------------------------- reading
    def _counts(self, state: LimitState) -> tuple[int, int, int]:
        s = sum(r.success for r in state.records)
        left = sum(1 for f in state.faced if f is None)
        return s, len(state.records) - s, left

    def _finished(self, state: LimitState) -> bool:
        s, _, left = self._counts(state)
        return self._over(s, left)

    def _over(self, wins: int, left: int) -> bool:
        """Whether play stops with ``wins`` successes and ``left`` cards not yet faced: the
        limit is met, every card is faced, or (ruling 4, ``BoardRules.limit_stop_early``) the
        cards left cannot give the successes still needed."""
        if wins >= self.need or left == 0:
            return True
        return self.rules.limit_stop_early and wins + left < self.need

    @property
    def finished(self) -> bool:
        """The limit is met, or can no longer be met."""
        return self._finished(self._state)

    @property
    def goal_reached(self) -> bool:
        """Whether the players have the successes they need."""
        return self.successes >= self.need

    @property
    def open_slots(self) -> list[int]:
        """1-based slots not yet faced (empty once the board is finished)."""
        if self.finished:
            return []
        return [i + 1 for i, f in enumerate(self._state.faced) if f is None]

    def is_face_down(self, slot: int) -> bool:
        """Whether the card in ``slot`` (1-based) is still face down."""
        return slot in self.hidden and self._state.faced[slot - 1] is None

    def visible_cards(self) -> list[Card]:
        """The cards the players can see (face up or revealed)."""
        return [c for i, c in enumerate(self.cards) if not self.is_face_down(i + 1)]

    def _result(self, state: LimitState) -> str:
        s, f, _ = self._counts(state)
        if s >= self.need:
            return f"limit met: {s} of {self.need} successes ({f} failures)"
        if self._finished(state):
            return f"limit missed: {s} of {self.need} successes ({f} failures)"
        return f"in play: {s} of {self.need} successes, {f} failures"

    @property
    def result(self) -> str:
        """Where the task stands, in words."""
        return self._result(self._state)

    @property
    def outcome(self) -> str | None:
        """``"success"``, ``"failure"`` or ``None`` while in play."""
        if not self.finished:
            return None
        return "success" if self.goal_reached else "failure"

    def _view(self) -> dict[str, Any]:
        slots = []
        for i, f in enumerate(self._state.faced):
            rec = self._state.records[f] if f is not None else None
            down = self.is_face_down(i + 1)
            view = self._slot_view(
                i,
                goal=False,
                facing=False,
                face_down=down,
                removed=False,
                placed=None
                if rec is None
                else {
                    "success": rec.success,
                    "value": rec.value,
                    "number": rec.number,
                    "skill": rec.skill,
                },
            )
            if down:
                view["card"] = None
                view["difficulty"] = None
            slots.append(view)
        return {"slots": slots, "goal": None, "need": self.need, "open": self.open_slots}
