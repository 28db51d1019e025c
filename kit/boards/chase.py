"""The chase: an escapee running along a row of cards, a pursuer eating it from the left.

The row has at least five cards. The goal marks the escapee; it starts on the first slot, or
the second with a large head start. Each *round* the escapee acts first, then the pursuer:

* an escapee's success moves the goal one slot to the right; past the last card, it escaped;
* a pursuer's success removes the leftmost card; if that was the card under the goal, the
  escapee is caught.

The players take one role (``role="escapee"`` or ``"pursuer"``) and check with numbers the GM
enters; the other side is an NPC. By the project's ruling the NPC's action always succeeds;
``BoardRules(npc_chance=0.6)`` makes it succeed with that chance, and ``npc_checks="2d6"``
makes the NPC roll a check against its card instead. NPC rolls come from the chase's seed
and are written into the log, so a loaded chase never rolls them again.

An escaping player checks against the card under the goal; a pursuing player against the
leftmost card (``BoardRules.pursuer_faces``). Note that against an NPC escapee that always
succeeds, pursuers can never close the gap: give such a quarry ``npc_chance`` below 1.

>>> chase = Chase([5, 6, 7, 6, 5], role="escapee")
>>> _ = chase.check(7)          # the players dash ahead; the NPC pursuer eats slot 1
>>> chase.goal, chase.removed
(2, [1])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import validate
from ..dice import Dice, as_dice
from ..errors import IllegalAction, SaveFileError
from ..log import Event
from ..rng import SeedLike, make_rng, step_rng
from .base import Board, CheckRecord, check_value
from .cards import CardLike
from .rules import BoardRules
from .standard import _skill

__all__ = ["ESCAPEE", "PURSUER", "Chase", "ChaseState"]

ESCAPEE, PURSUER = "escapee", "pursuer"


@dataclass(frozen=True)
class ChaseState:
    """The state of a chase; slots are 0-based internally."""

    left: int
    """The leftmost card still on the board."""
    goal: int
    """Where the escapee is (``length`` once escaped)."""
    records: tuple[CheckRecord, ...] = ()
    """Every check so far, players' and NPC's."""
    used: tuple[str | None, ...] = ()
    """Tracked skill keys of the players' checks."""
    rounds: int = 0
    """Rounds played."""
    outcome: str | None = None
    """``"escaped"`` or ``"caught"`` once over."""
    npc: tuple[bool, ...] = ()
    """Per round: whether the NPC's action succeeded (``None`` rounds are not listed)."""


class Chase(Board[ChaseState]):
    """A chase board.

    Args:
        cards: at least five cards, left to right.
        role: the players' role, ``"escapee"`` or ``"pursuer"``.
        head_start: the escapee starts on slot 2 instead of slot 1.
        npc_checks: a dice expression the NPC rolls against its card each round; ``None``
            uses ``rules.npc_chance`` instead.
        seed: seeds the NPC's rolls (recorded; ``None`` draws one).
        modifiers: per-slot check modifiers, as for every board.
        rules: house-rule options (:class:`BoardRules`).
        title: a name for the board.
    """

    KIND = "chase"
    MIN_LENGTH = 5
    role = validate.Field(
        validate.choice, allowed=(ESCAPEE, PURSUER), fixed=True, doc="The players' role."
    )
    head_start = validate.Field(validate.boolean, fixed=True, doc="The escapee starts ahead.")
    npc_checks: validate.Field[Dice | None] = validate.Field(
        fixed=True, doc="The NPC's checks (dice), or None."
    )
    seed: validate.Field[int] = validate.Field(
        fixed=True, doc="Seed of the NPC's rolls (recorded)."
    )

    def __init__(
        self,
        cards: Iterable[CardLike],
        *,
        role: str = ESCAPEE,
        head_start: bool = False,
        npc_checks: str | Dice | None = None,
        seed: SeedLike = None,
        modifiers: Sequence[int] | Mapping[int, int] | None = None,
        rules: BoardRules | None = None,
        title: str = "",
    ) -> None:
        self.role = role
        self.head_start = head_start
        self.npc_checks = None if npc_checks is None else as_dice(npc_checks, "npc_checks")
        _, self.seed = make_rng(seed)
        super().__init__(cards, modifiers=modifiers, rules=rules, title=title)

    def _setup(self) -> dict[str, Any]:
        return {
            "role": self.role,
            "head_start": self.head_start,
            "seed": self.seed,
            "npc_checks": None if self.npc_checks is None else str(self.npc_checks),
        }

    def _fresh(self) -> ChaseState:
        return ChaseState(0, 1 if self.head_start else 0)

    # ---------------------------------------------------------------- the NPC
    @property
    def npc_role(self) -> str:
        """The NPC side's role."""
        return PURSUER if self.role == ESCAPEE else ESCAPEE

    def npc_target(self, state: ChaseState | None = None) -> int:
        """The 0-based slot the NPC acts against this round."""
        s = state or self._state
        return s.goal if self.npc_role == ESCAPEE else s.left

    def player_target(self, state: ChaseState | None = None) -> int:
        """The 0-based slot the players check against this round."""
        s = state or self._state
        if self.role == ESCAPEE or self.rules.pursuer_faces == "goal":
            return s.goal
        return s.left

    def _npc_roll(self, state: ChaseState, round_no: int) -> dict[str, Any]:
        """Roll the NPC's action for round ``round_no`` from the seed (no state changes)."""
        rng = step_rng(self.seed, round_no)
        if self.npc_checks is not None:
            return {"npc_value": int(self.npc_checks.roll(rng))}
        p = self.rules.npc_chance
        if p >= 1.0:
            return {"npc_success": True}
        return {"npc_success": bool(rng.random() < p)}

    # ---------------------------------------------------------------- rules
    def _step(self, state: ChaseState, event: Event) -> tuple[ChaseState, dict[str, Any]]:
        if event.kind != "round":
            raise SaveFileError(f"unknown chase event {event.kind!r}")
        if state.outcome is not None:
            raise IllegalAction(f"this chase is over ({self._result(state)}); no more rounds")
        value = check_value("check value", event.get("value"))
        skill = event.get("skill")
        if "npc_value" in event.data:
            npc_value: int | None = check_value("npc_value", event.get("npc_value"))
            npc_given = None
        elif "npc_success" in event.data:
            npc_value, npc_given = None, validate.boolean("npc_success", event.get("npc_success"))
        else:
            raise SaveFileError(
                "a chase round must record the NPC's roll ('npc_value' or 'npc_success')"
            )
        left, goal, records = state.left, state.goal, list(state.records)
        used = state.used
        outcome = None
        npc_ok: bool | None = None
        player_ok: bool | None = None

        def npc_act(left: int, goal: int) -> tuple[int, int, bool]:
            slot = goal if self.npc_role == ESCAPEE else left
            if npc_value is not None:
                rec = self._record(
                    state,
                    number=len(records) + 1,
                    slot=slot + 1,
                    value=npc_value,
                    skill=None,
                    used=(),
                    side="npc",
                )
                records.append(rec)
                ok = rec.success
            else:
                ok = bool(npc_given)
            if ok:
                if self.npc_role == ESCAPEE:
                    goal += 1
                else:
                    left += 1
            return left, goal, ok

        def player_act(left: int, goal: int) -> tuple[int, int, bool]:
            slot = goal if (self.role == ESCAPEE or self.rules.pursuer_faces == "goal") else left
            rec = self._record(
                state, number=len(records) + 1, slot=slot + 1, value=value, skill=skill, used=used
            )
            records.append(rec)
            if rec.success:
                if self.role == ESCAPEE:
                    goal += 1
                else:
                    left += 1
            return left, goal, rec.success

        def over(left: int, goal: int) -> str | None:
            if goal >= self.length:
                return "escaped"
            if left > goal:
                return "caught"
            return None

        if self.role == ESCAPEE:
            left, goal, player_ok = player_act(left, goal)
            used = used + (self.tracked(skill),)
            outcome = over(left, goal)
            if outcome is None:
                left, goal, npc_ok = npc_act(left, goal)
                outcome = over(left, goal)
        else:
            left, goal, npc_ok = npc_act(left, goal)
            outcome = over(left, goal)
            if outcome is None:
                left, goal, player_ok = player_act(left, goal)
                used = used + (self.tracked(skill),)
                outcome = over(left, goal)
        new = ChaseState(
            left,
            goal,
            tuple(records),
            used,
            state.rounds + 1,
            outcome,
            state.npc + ((npc_ok,) if npc_ok is not None else ()),
        )
        return new, {
            "player_success": player_ok,
            "npc_acted": npc_ok is not None,
            "outcome": outcome,
        }

    def check(self, value: int, skill: str | None = None) -> CheckRecord | None:
        """Play one round: the players' check (the GM enters ``value``) and the NPC's action.

        The escapee acts first. When the players pursue and the NPC escapes before they act,
        the players' check is not needed and ``None`` is returned.
        """
        self._refuse_if_finished()
        value = check_value("check value", value)
        skill = _skill(skill)
        npc = self._npc_roll(self._state, self._state.rounds + 1)
        before = len(self._state.records)
        self._act("round", value=value, skill=skill, **npc)
        new = [r for r in self._state.records[before:] if r.side == "player"]
        return new[0] if new else None

    # ---------------------------------------------------------------- reading
    @property
    def finished(self) -> bool:
        """The escapee escaped or was caught."""
        return self._state.outcome is not None

    @property
    def escaped(self) -> bool:
        """Whether the escapee got away."""
        return self._state.outcome == "escaped"

    @property
    def caught(self) -> bool:
        """Whether the escapee was caught."""
        return self._state.outcome == "caught"

    @property
    def goal_reached(self) -> bool:
        """Whether the players got what they wanted (escaped as escapee, caught as pursuer)."""
        want = "escaped" if self.role == ESCAPEE else "caught"
        return self._state.outcome == want

    @property
    def goal(self) -> int:
        """1-based slot of the escapee (N+1 once escaped)."""
        return self._state.goal + 1

    @property
    def removed(self) -> list[int]:
        """1-based slots removed by the pursuer."""
        return list(range(1, self._state.left + 1))

    @property
    def rounds(self) -> int:
        """Rounds played."""
        return self._state.rounds

    @property
    def gap(self) -> int:
        """Cards between the pursuer's edge and the escapee (0: the next removal catches)."""
        return self._state.goal - self._state.left

    def _result(self, state: ChaseState) -> str:
        if state.outcome == "escaped":
            return f"the escapee got away after {state.rounds} rounds"
        if state.outcome == "caught":
            return f"the escapee was caught after {state.rounds} rounds"
        return f"in play: round {state.rounds + 1}, escapee on slot {state.goal + 1}"

    @property
    def result(self) -> str:
        """Where the chase stands, in words."""
        return self._result(self._state)

    @property
    def outcome(self) -> str | None:
        """``"success"`` if the players' side got its way, ``"failure"`` otherwise."""
        if self._state.outcome is None:
            return None
        return "success" if self.goal_reached else "failure"

    def _view(self) -> dict[str, Any]:
        s = self._state
        facing = self.player_target(s) if not self.finished else -1
        slots = [
            self._slot_view(
                i,
                goal=i == s.goal,
                facing=i == facing,
                face_down=False,
                removed=i < s.left,
                placed=None,
            )
            for i in range(self.length)
        ]
        return {
            "slots": slots,
            "goal": s.goal + 1,
            "open": [] if self.finished else [facing + 1],
            "role": self.role,
            "npc_role": self.npc_role,
            "rounds": s.rounds,
            "chase_outcome": s.outcome,
            "gap": s.goal - s.left,
            "npc_results": list(s.npc),
        }
