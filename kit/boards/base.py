"""What every board shares: setup, event log, checks, undo and save/load.

A board is its *setup* (the cards in a row, per-slot modifiers, the rules, and whatever the
kind needs: a goal slot, a limit, a role) plus an :class:`~kit.log.EventLog` of the checks
made on it. Its state is never stored: :meth:`Board._step` is a pure function from a state and
an event to the next state, and the current state is the events replayed from the setup.
An action is first tried on the current state; only if that works is the event written, so
a check that is not allowed raises and leaves the board exactly as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .. import limits, store, validate
from ..errors import IllegalAction, InvalidInput, InvalidType, SaveFileError
from ..log import Event, EventLog, Observable
from .cards import Card, CardLike, as_card, card_list
from .rules import MAX_LENGTH, BoardRules, modifiers_tuple, penalty, skill_counts, tracked_key

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from .cards import BoardSetup

__all__ = ["Board", "CheckRecord", "check_value"]

#: Check values the kit accepts (a host game's check is a small number).
CHECK_RANGE = (-100, 1000)

S = TypeVar("S")


def check_value(field: str, value: object) -> int:
    """Validate a check result the GM typed."""
    return validate.integer(field, value, *CHECK_RANGE)


@dataclass(frozen=True)
class CheckRecord:
    """One resolved check on a board: what was faced, rolled and where the card went."""

    number: int
    """1-based position of the check in the board's history."""
    slot: int
    """1-based slot of the card the check faced."""
    card: Card
    """The card faced."""
    value: int
    """The check result the GM entered (or the NPC rolled)."""
    skill: str | None
    """The skill named, or ``None``."""
    modifier: int
    """The slot's modifier."""
    penalty: int
    """The repeated-skill penalty that applied."""
    target: int
    """Card value + modifier + penalty: the number to reach."""
    success: bool
    """Whether the check reached its target."""
    side: str = "player"
    """Who checked: ``"player"``, ``"opponent"`` or ``"npc"``."""
    placed: int | None = None
    """1-based slot where the result card was placed (standard boards), else ``None``."""

    def view(self) -> dict[str, Any]:
        """JSON form for tables and widgets: every field, the card by its label."""
        return {**{f.name: getattr(self, f.name) for f in fields(self)}, "card": self.card.label}


class Board(Observable, Generic[S]):
    """Base class of the board kinds; see the subclasses for the rules of each."""

    KIND: ClassVar[str] = "board"
    VERSION: ClassVar[int] = 1
    MIN_LENGTH: ClassVar[int] = 3
    MAX_LENGTH: ClassVar[int] = MAX_LENGTH

    # what the task is; the rest is fixed once the board is made (see kit.validate.Field)
    title = validate.Field(validate.text, allow_empty=True, max_len=limits.MAX_NAME)
    cards: validate.Field[tuple[Card, ...]] = validate.Field(fixed=True)
    modifiers: validate.Field[tuple[int, ...]] = validate.Field(fixed=True)
    events: validate.Field[EventLog] = validate.Field(fixed=True)
    rules: validate.Field[BoardRules] = validate.Field(validate.instance, of=BoardRules, fixed=True)

    def __init__(
        self,
        cards: Iterable[CardLike],
        *,
        modifiers: Sequence[int] | Mapping[int, int] | None = None,
        rules: BoardRules | None = None,
        title: str = "",
    ) -> None:
        items = card_list("cards", cards)
        if not self.MIN_LENGTH <= len(items) <= self.MAX_LENGTH:
            raise InvalidInput(
                f"a {self.KIND} board needs from {self.MIN_LENGTH} to {self.MAX_LENGTH} cards, "
                f"got {len(items)}"
            )
        self.cards = tuple(as_card(c, f"cards[{i}]") for i, c in enumerate(items))
        self.modifiers = modifiers_tuple("modifiers", modifiers, len(self.cards))
        self.rules = BoardRules() if rules is None else rules
        self.title = title
        self.events = EventLog()
        self._state: S = self._fresh()

    # ------------------------------------------------------------ to override
    def _fresh(self) -> S:
        raise NotImplementedError

    def _step(self, state: S, event: Event) -> tuple[S, dict[str, Any]]:
        """Return the state after ``event`` and the derived facts to log with it."""
        raise NotImplementedError

    def _setup(self) -> dict[str, Any]:
        """Kind-specific constructor arguments as JSON."""
        return {}

    @property
    def finished(self) -> bool:
        """Whether the task is complete (no check is allowed any more)."""
        raise NotImplementedError

    # ------------------------------------------------------------ shared helpers
    @property
    def length(self) -> int:
        """Number of slots on the board."""
        return len(self.cards)

    def _record(
        self,
        state: Any,
        *,
        number: int,
        slot: int,
        value: int,
        skill: str | None,
        used: Sequence[str | None],
        side: str = "player",
        placed: int | None = None,
        extra_modifier: int = 0,
    ) -> CheckRecord:
        card = self.cards[slot - 1]
        mod = self.modifiers[slot - 1] + extra_modifier
        pen = penalty(skill, used, self.rules)
        target = card.value + mod + pen
        return CheckRecord(
            number,
            slot,
            card,
            value,
            skill,
            mod,
            pen,
            target,
            self.rules.succeeds(value, target),
            side,
            placed,
        )

    def _refuse_if_finished(self) -> None:
        if self.finished:
            raise IllegalAction(
                f"this {self.KIND} board is finished ({self.result}); no more checks can be made "
                "(undo the last check or start a new board)"
            )

    def _act(self, kind: str, **data: Any) -> Event:
        """Try ``kind`` on the current state; write it only if it is allowed."""
        new, derived = self._step(self._state, Event(kind, data))
        event = self.events.append(kind, **data, **derived)
        self._state = new
        self._changed()
        return event

    def _replay(self, events: Iterable[Event], error: type[Exception] = SaveFileError) -> S:
        state = self._fresh()
        for index, event in enumerate(events):
            given = dict(event.data)
            state, derived = self._step(state, Event(event.kind, given))
            for key, value in derived.items():
                if key in event.data and event.data[key] != value:
                    raise error(
                        f"{self.KIND} board log disagrees with the rules at event {index} "
                        f"({event.kind!r}, value {event.data.get('value')!r}): the file says "
                        f"{key} = {event.data[key]!r}, the rules give {value!r}"
                    )
        return state

    # ------------------------------------------------------------ public API
    def undo(self) -> None:
        """Take back the last action (one check, or one exchange or round)."""
        events = list(self.events)
        if not events:
            raise IllegalAction(f"nothing to undo on this {self.KIND} board")
        log = self.events.copy()
        log.undo()
        self._state = self._replay(log)
        validate.restore(self, "events", log)
        self._changed()

    def reset(self) -> None:
        """Clear every check (the setup stays)."""
        validate.restore(self, "events", EventLog())
        self._state = self._fresh()
        self._changed()

    @property
    def result(self) -> str:
        """A short description of where the task stands."""
        raise NotImplementedError

    def skill_uses(self) -> dict[str, int]:
        """How often each tracked skill has been used by the players on this board."""
        return skill_counts(self._used())

    def _used(self) -> tuple[str | None, ...]:
        return tuple(getattr(self._state, "used", ()))

    def penalty_for(self, skill: str | None) -> int:
        """The penalty the players' next check with ``skill`` would carry."""
        return penalty(skill, self._used(), self.rules)

    def slot_target(self, slot: int, skill: str | None = None) -> int:
        """What a players' check with ``skill`` against ``slot`` (1-based) must reach now."""
        slot = validate.integer("slot", slot, 1, self.length)
        return self.cards[slot - 1].value + self.modifiers[slot - 1] + self.penalty_for(skill)

    @property
    def next_slot(self) -> int | None:
        """1-based slot the next check must face, where the rules fix it (else ``None``)."""
        return None

    @property
    def history(self) -> list[CheckRecord]:
        """Every check made, in order."""
        return list(getattr(self._state, "records", ()))

    @property
    def successes(self) -> int:
        """The players' successful checks so far."""
        return sum(1 for r in self.history if r.side == "player" and r.success)

    @property
    def failures(self) -> int:
        """The players' failed checks so far."""
        return sum(1 for r in self.history if r.side == "player" and not r.success)

    def copy(self) -> Board[S]:
        """An independent copy with the same setup and events."""
        other = self._with_setup()
        validate.restore(other, "events", self.events.copy())
        other._state = self._state
        return other

    def fork(self, **setup: Unpack[BoardSetup]) -> Board[S]:
        """A new board with this one's setup, changed by ``setup``, and the same checks on it.

        ``setup`` takes any constructor argument (``cards``, ``modifiers``, ``rules``, ``title``
        or a kind's own, such as a chase's ``seed``). The checks made so far are replayed on the
        new board, so this answers "the same play, but the face-down card was a 9". This board
        is not changed.

        Raises:
            IllegalAction: a check made here is not allowed, or ends differently, on the new
                setup (a fork with a changed card that was already faced, say).

        >>> from kit.boards import StandardBoard
        >>> board = StandardBoard([6, 5, 7, 4], goal=3)
        >>> _ = board.check(8)
        >>> other = board.fork(cards=[6, 5, 7, 12])
        >>> other.successes, other.cards[3].value, board.cards[3].value
        (1, 12, 4)
        """
        other = self._with_setup(**setup)
        other.replay(self.events)
        return other

    def replay(self, events: Iterable[Event]) -> None:
        """Make ``events`` this board's history, replayed from its setup and checked.

        Every event is applied in order as if it were played now; the derived facts an event
        carries (a success, a move) must come out the same. If any event is refused the board
        keeps the history it had.

        Raises:
            IllegalAction: an event is not allowed here, or its recorded result disagrees.
        """
        log = events.copy() if isinstance(events, EventLog) else EventLog(list(events))
        state = self._replay(log, error=IllegalAction)
        self._state = state
        validate.restore(self, "events", log)
        self._changed()

    @property
    def snapshot(self) -> S:
        """The current derived state: a frozen dataclass of the kind (slots 0-based inside)."""
        return self._state

    @property
    def used_skills(self) -> tuple[str | None, ...]:
        """The tracked skill key of each of the players' checks so far (``None``: untracked)."""
        return self._used()

    def _with_setup(self, **changes: Any) -> Board[S]:
        kwargs = {
            "cards": self.cards,
            "modifiers": self.modifiers,
            "rules": self.rules,
            "title": self.title,
            **self._setup_objects(),
            **changes,
        }
        return type(self)(**kwargs)

    def _setup_objects(self) -> dict[str, Any]:
        return self._setup()

    def tracked(self, skill: str | None) -> str | None:
        """The key under which ``skill`` is counted on this board (``None``: not tracked)."""
        return tracked_key(skill, self.rules)

    # ------------------------------------------------------------ save/load
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form: setup and events."""
        return {
            "cards": [c.to_dict() for c in self.cards],
            "modifiers": list(self.modifiers),
            "rules": self.rules.to_dict(),
            "title": self.title,
            **self._setup(),
            "events": self.events.to_list(),
        }

    def to_json(self) -> str:
        """Lossless versioned JSON; ``type(b).from_json(b.to_json()) == b``."""
        return store.dumps(f"board/{self.KIND}", self.VERSION, self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Board[Any]:
        """Load a board saved by :meth:`to_json`, replaying and checking every event."""
        data = store.loads(text, f"board/{cls.KIND}", cls.VERSION)
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> Board[Any]:
        """Build a board from :meth:`to_dict` output (errors become :class:`SaveFileError`)."""
        try:
            setup = dict(validate.mapping("board", data))
            events = EventLog.from_list(setup.pop("events", []))
            if "rules" in setup:
                setup["rules"] = BoardRules.from_dict(setup["rules"])
            board = cls(**setup)
            board._state = board._replay(events)
            validate.restore(board, "events", events)
        except SaveFileError:
            raise
        except (InvalidInput, InvalidType, IllegalAction, TypeError, KeyError) as exc:
            raise SaveFileError(f"{cls.KIND} board save is invalid: {exc}") from None
        return board

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Board)
            and type(self) is type(other)
            and self.to_dict() == other.to_dict()
        )

    def __repr__(self) -> str:
        cards = ", ".join(repr(c) for c in self.cards)
        extra = "".join(f", {k}={v!r}" for k, v in self._setup().items())
        return f"{type(self).__name__}([{cards}]{extra}) <{self.result}>"

    # ------------------------------------------------------------ views
    def _slot_view(self, i: int, **extra: Any) -> dict[str, Any]:
        card = self.cards[i]
        return {
            "slot": i + 1,
            "card": card.view(),
            "modifier": self.modifiers[i],
            "difficulty": card.value + self.modifiers[i],
            **extra,
        }

    @property
    def state(self) -> dict[str, Any]:
        """A JSON-able view of the board for renderers (the widget draws this)."""
        return {
            "kind": self.KIND,
            "title": self.title,
            "length": self.length,
            "finished": self.finished,
            "result": self.result,
            "outcome": self.outcome,
            "successes": self.successes,
            "failures": self.failures,
            "skill_uses": self.skill_uses(),
            "history": [r.view() for r in self.history],
            "can_undo": len(self.events) > 0,
            **self._view(),
        }

    @property
    def outcome(self) -> str | None:
        """``"success"``/``"failure"`` for the players once finished, ``None`` before."""
        raise NotImplementedError

    def _view(self) -> dict[str, Any]:
        raise NotImplementedError
