"""The standard board and the preparation board.

Standard board
    A row of ``N >= 3`` cards with a goal slot ``g``. The k-th check faces the k-th card
    from the left. A success is placed on the leftmost open slot, a failure face down on the
    rightmost open slot. A success that lands on the goal completes the task. A failure
    that lands on the goal loses it, but play goes on until every slot is filled, since the
    number of successes and failures still shapes how the scene ends.

Preparation board
    Three to eight cards and no goal: one check per card, left to right. The count of
    successes is the strength of the preparation, and each card shows whether its part of
    the plan came off.

>>> bomb = StandardBoard([6, 5, 7, 4], goal=3)
>>> for value in (6, 4, 8, 3):
...     _ = bomb.check(value)
>>> bomb.finished, bomb.goal_reached, bomb.successes, bomb.failures
(True, False, 2, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Protocol, TypeVar

from .. import validate
from ..errors import IllegalAction, SaveFileError
from ..log import Event
from .base import Board, CheckRecord, check_value
from .cards import CardLike, card_list
from .rules import BoardRules

__all__ = ["PreparationBoard", "StandardBoard", "StandardState"]


@dataclass(frozen=True)
class StandardState:
    """The state of a standard or preparation board after some checks."""

    placed: tuple[int | None, ...]
    """Per slot: the index into ``records`` of the check placed there, or ``None`` (open)."""
    records: tuple[CheckRecord, ...] = ()
    """Every check so far."""
    used: tuple[str | None, ...] = ()
    """Tracked skill keys of the checks so far."""
    goal_reached: bool = False
    """Whether a success has landed on the goal slot."""


class StandardBoard(Board[StandardState]):
    """A standard board: successes fill from the left, failures from the right.

    Args:
        cards: the row of cards (``Card`` or plain ints), left to right; at least 3.
        goal: the 1-based goal slot.
        modifiers: per-slot modifiers, a list of ``N`` ints or ``{slot: int}``.
        rules: the :class:`BoardRules` to play by.
        title: what the task is ("Disarm the bomb").
    """

    KIND = "standard"
    goal: validate.Field[int] = validate.Field(
        fixed=True, doc="The slot whose success completes the task (1-based)."
    )

    def __init__(
        self,
        cards: Iterable[CardLike],
        goal: int,
        *,
        modifiers: Sequence[int] | Mapping[int, int] | None = None,
        rules: BoardRules | None = None,
        title: str = "",
    ) -> None:
        items = card_list("cards", cards)
        self.goal = validate.integer("goal", goal, 1, max(len(items), 1))
        super().__init__(items, modifiers=modifiers, rules=rules, title=title)

    def _setup(self) -> dict[str, Any]:
        return {"goal": self.goal}

    def _fresh(self) -> StandardState:
        return StandardState((None,) * self.length)

    # ---------------------------------------------------------------- rules
    def _step(self, state: StandardState, event: Event) -> tuple[StandardState, dict[str, Any]]:
        if event.kind != "check":
            raise SaveFileError(f"unknown standard board event {event.kind!r}")
        if self._finished(state):
            raise IllegalAction(
                f"this standard board is finished ({self._result(state)}); no more checks can be "
                "made (undo the last check or start a new board)"
            )
        value = check_value("check value", event.get("value"))
        skill = event.get("skill")
        key = self.tracked(skill)
        k = len(state.records)
        open_slots = [i for i, p in enumerate(state.placed) if p is None]
        rec = self._record(
            state, number=k + 1, slot=k + 1, value=value, skill=skill, used=state.used
        )
        where = open_slots[0] if rec.success else open_slots[-1]
        rec = CheckRecord(**{**rec.__dict__, "placed": where + 1})
        placed = list(state.placed)
        placed[where] = k
        reached = state.goal_reached or (rec.success and where + 1 == self.goal)
        new = with_records(state, rec, key, placed=tuple(placed), goal_reached=reached)
        return new, {"success": rec.success, "target": rec.target, "placed": where + 1}

    def check(self, value: int, skill: str | None = None) -> CheckRecord:
        """Resolve the next check (the GM enters ``value``) and place its card.

        Args:
            value: the check result from the host game.
            skill: the skill used (``"Tinker: Repair"``); repeated skills cost +2 each.

        Returns:
            The :class:`CheckRecord` of this check.

        Raises:
            IllegalAction: the board is finished; nothing changes.
        """
        self._refuse_if_finished()
        self._act("check", value=check_value("check value", value), skill=_skill(skill))
        return self._state.records[-1]

    # ---------------------------------------------------------------- reading
    def _finished(self, state: StandardState) -> bool:
        return state.goal_reached or all(p is not None for p in state.placed)

    @property
    def finished(self) -> bool:
        """The goal was reached, or every slot is filled."""
        return self._finished(self._state)

    @property
    def goal_reached(self) -> bool:
        """Whether a success landed on the goal slot."""
        return self._state.goal_reached

    @property
    def goal_lost(self) -> bool:
        """Whether a failure covers the goal slot (the goal can no longer be reached)."""
        p = self._state.placed[self.goal - 1]
        return p is not None and not self._state.records[p].success

    @property
    def next_slot(self) -> int | None:
        """1-based slot of the card the next check faces (``None`` when finished)."""
        return None if self.finished else len(self._state.records) + 1

    def _result(self, state: StandardState) -> str:
        s = sum(r.success for r in state.records)
        f = len(state.records) - s
        if state.goal_reached:
            return f"goal reached with {s} successes and {f} failures"
        if self._finished(state):
            return f"goal missed: {s} successes and {f} failures"
        return f"in play: {s} successes, {f} failures"

    @property
    def result(self) -> str:
        """Where the task stands, in words."""
        return self._result(self._state)

    @property
    def outcome(self) -> str | None:
        """``"success"`` once the goal is reached, ``"failure"`` once it is lost for good."""
        if self.goal_reached:
            return "success"
        return "failure" if self.finished else None

    def _view(self) -> dict[str, Any]:
        slots = []
        for i, p in enumerate(self._state.placed):
            rec = self._state.records[p] if p is not None else None
            slots.append(
                self._slot_view(
                    i,
                    goal=i + 1 == self.goal,
                    facing=self.next_slot == i + 1,
                    face_down=False,
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
            )
        return {
            "slots": slots,
            "goal": self.goal,
            "open": [self.next_slot] if self.next_slot else [],
            "goal_lost": self.goal_lost,
        }


class PreparationBoard(Board[StandardState]):
    """A board without a goal: one check per card; the successes are the plan's strength.

    Args:
        cards: 3 to 8 cards, left to right.
        modifiers: per-slot modifiers.
        rules: the :class:`BoardRules` to play by.
        title: what is being prepared.
    """

    KIND = "preparation"
    MAX_LENGTH = 8

    def _fresh(self) -> StandardState:
        return StandardState((None,) * self.length)

    def _step(self, state: StandardState, event: Event) -> tuple[StandardState, dict[str, Any]]:
        if event.kind != "check":
            raise SaveFileError(f"unknown preparation board event {event.kind!r}")
        k = len(state.records)
        if k >= self.length:
            raise IllegalAction("this preparation board is finished: every card has been checked")
        value = check_value("check value", event.get("value"))
        skill = event.get("skill")
        rec = self._record(
            state, number=k + 1, slot=k + 1, value=value, skill=skill, used=state.used, placed=k + 1
        )
        placed = list(state.placed)
        placed[k] = k
        new = with_records(state, rec, self.tracked(skill), placed=tuple(placed))
        return new, {"success": rec.success, "target": rec.target}

    def check(self, value: int, skill: str | None = None) -> CheckRecord:
        """Resolve the check against the next card, left to right."""
        self._refuse_if_finished()
        self._act("check", value=check_value("check value", value), skill=_skill(skill))
        return self._state.records[-1]

    @property
    def finished(self) -> bool:
        """Every card has been checked."""
        return len(self._state.records) == self.length

    @property
    def strength(self) -> int:
        """The preparation's strength: the number of successes."""
        return self.successes

    @property
    def next_slot(self) -> int | None:
        """1-based slot of the card the next check faces."""
        return None if self.finished else len(self._state.records) + 1

    @property
    def result(self) -> str:
        """Where the preparation stands."""
        done = "strength" if self.finished else "strength so far"
        return f"{done} {self.strength} of {self.length}"

    @property
    def outcome(self) -> str | None:
        """Preparations have no win or loss; ``"done"`` once every card is checked."""
        return "done" if self.finished else None

    def _view(self) -> dict[str, Any]:
        slots = []
        for i, p in enumerate(self._state.placed):
            rec = self._state.records[p] if p is not None else None
            slots.append(
                self._slot_view(
                    i,
                    goal=False,
                    facing=self.next_slot == i + 1,
                    face_down=False,
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
            )
        return {
            "slots": slots,
            "goal": None,
            "open": [self.next_slot] if self.next_slot else [],
            "strength": self.strength,
        }


def _skill(skill: str | None) -> str | None:
    """Validate a skill name (keeping the GM's spelling for the record)."""
    if skill is None:
        return None
    text = validate.text("skill", skill, allow_empty=True, max_len=120)
    return text or None


class Recorded(Protocol):
    """A board state that keeps its checks and the skills they used (a frozen dataclass)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def records(self) -> tuple[CheckRecord, ...]: ...

    @property
    def used(self) -> tuple[str | None, ...]: ...


R = TypeVar("R", bound=Recorded)


def with_records(state: R, record: CheckRecord, key: str | None, **changes: object) -> R:
    """Return ``state`` with ``record`` appended and ``key`` added to the used skills."""
    return replace(state, records=state.records + (record,), used=state.used + (key,), **changes)
