"""The board widget: a Complex Task board drawn as playing cards, played by clicking.

The widget is a view of one board engine object (:mod:`kit.boards`). It draws the row of
cards (rank, suit, red or black, a card back for face-down cards, the slot modifier as a
badge, the goal marker), places result cards as checks land, and offers a check entry with
a skill picker that shows the repeated-skill penalty the next check would carry, the chance
of the next check on each open slot, the result banner and undo. Every action goes to the
engine inside :meth:`~kit.widgets._base.KitWidget.guard`, so an illegal check shows an inline
error and changes nothing; the synced traits are re-derived from the engine afterwards.

>>> from kit.boards import StandardBoard
>>> w = BoardWidget(StandardBoard([6, 5, 7, 4], goal=3))
>>> w.check(6, "Tinker: Repair")
>>> w.view["successes"], w.view["penalty"]
(1, 0)
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, ClassVar

import traitlets

from .. import validate
from ..advising import Advice
from ..boards import Board as _EngineBoard
from ..boards import Chase, Contest, LimitBoard, exchange_odds, next_check_odds, odds
from ..boards.checks import CheckDistribution
from ..errors import InvalidInput, InvalidType, KitError
from ._base import FieldSpec, KitWidget, check_kwargs, esm, scoped_css, whole_number
from .payloads import SkillHint

__all__ = ["SKILL_HINT_AUTO", "Board", "BoardWidget"]


#: Skills offered in the picker until the GM adds their own.
#: Seconds: a skill hint that took less than this to walk follows every check by itself; a
#: longer one waits for the "Which skill?" button.
SKILL_HINT_AUTO = 0.3

DEFAULT_SKILLS = [
    "Investigation: Mechanical Workings",
    "Tinker: Disable Device",
    "Tinker: Repair",
    "Persuasion: Calm",
    "Athletics: Run",
    "Stealth: Sneak",
    "Tinker",
]


class BoardWidget(KitWidget):
    """A Complex Task board as cards, with check entry, odds, result banner and undo.

    Args:
        board: the board engine object to show and play (any kind).
        checks: the check distribution the odds assume (a dice expression such as ``"2d6"``).
        skills: skill names offered in the picker.
        party: the skills the players have, each with its own checks (``None`` or ``""``: the
            board's ``checks``), e.g. ``{"Tinker: Disable Device": "2d6+3", "Persuasion: Calm":
            None}``. With ``hints`` on, the GM hint then says which of them the next check
            should use, given the repeated-skill penalty, with the board's chance of success
            after each (:func:`kit.boards.advice.skill_advice`). A quick walk (under
            :data:`SKILL_HINT_AUTO` seconds last time) follows every check by itself; a longer
            one (a contest or a chase with many cards) waits for the "Which skill?" button.
    """

    _esm = esm("board.js")
    _watches = ("board",)
    _css = scoped_css("board.css", ".gmk-board")
    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {
        "check": {
            "value": ("whole?", "check value"),
            "skill": "text?",
            "slot": "whole?",
            "opponent": ("whole?", "opponent check value"),
            "opponent_skill": "text?",
        },
        "undo": {},
        "reset": {},
        "advise_skill": {},
    }

    view = traitlets.Dict(
        help="The board's state plus odds and penalties, as the JS draws it."
    ).tag(sync=True)
    skill = traitlets.Unicode("", help="The skill picked for the next check ('' for none).").tag(
        sync=True
    )
    opponent_skill = traitlets.Unicode("", help="A contest opponent's skill ('' for none).").tag(
        sync=True
    )
    skills = traitlets.List(traitlets.Unicode(), help="Skill names offered in the picker.").tag(
        sync=True
    )
    checks = traitlets.Unicode("2d6", help="Check distribution the odds assume, e.g. '2d6+1'.").tag(
        sync=True
    )
    hints = traitlets.Bool(
        True, help="On a limit board, show the advisor's next card with each exact chance (GM)."
    ).tag(sync=True)
    party = traitlets.Dict(
        help="The players' skills -> their checks ('' for the board's): the skill hint compares them."
    )

    def __init__(
        self,
        board: _EngineBoard[Any],
        *,
        checks: str = "2d6",
        skills: list[str] | None = None,
        party: Mapping[str, str | None] | None = None,
        **kwargs: object,
    ) -> None:
        check_kwargs("BoardWidget", kwargs, {"layout", "hints"})
        if not isinstance(board, _EngineBoard):
            raise TypeError(
                f"BoardWidget needs a board from kit.boards, got {type(board).__name__}"
            )
        CheckDistribution.of(checks)
        self.board = board
        #: (board position, advice or error text, seconds it took) of the last skill hint
        self._skill_hint: tuple[str, Advice | str, float] | None = None
        party_dict = _party(party)
        offered = list(skills or DEFAULT_SKILLS)
        offered += [k for k in party_dict if k not in offered]
        super().__init__(checks=str(checks), skills=offered, party=party_dict, **kwargs)
        self.observe(
            lambda _change: self.refresh(),
            names=["skill", "opponent_skill", "checks", "hints", "party"],
        )
        self.refresh()

    # ------------------------------------------------------------ actions
    def check(
        self,
        value: int,
        skill: str | None = None,
        *,
        slot: int | None = None,
        opponent: int | None = None,
        opponent_skill: str | None = None,
    ) -> None:
        """Make a check on the board (the same as typing it in and clicking Check)."""
        with self.guard():
            self._apply_check(value, skill, slot, opponent, opponent_skill)

    def _apply_check(
        self, value: Any, skill: str | None, slot: Any, opponent: Any, opponent_skill: str | None
    ) -> None:
        b: Any = self.board
        value = _number("check value", value)
        skill = _skill("skill", skill)
        if isinstance(b, LimitBoard):
            if slot is None or (isinstance(slot, str) and not slot.strip()):
                raise InvalidInput(
                    "pick a card to face first: click one of the open cards "
                    f"(open: {', '.join(map(str, b.open_slots))})"
                )
            b.check(
                value,
                slot=validate.integer("slot", _number("slot", slot), 1, b.length),
                skill=skill,
            )
        elif isinstance(b, Contest):
            b.exchange(
                value,
                _number("opponent check value", opponent),
                skill,
                _skill("opponent skill", opponent_skill),
            )
        else:
            b.check(value, skill)
        if skill and skill not in self.skills:
            self.skills = [*self.skills, skill]

    def undo(self) -> None:
        """Take back the last check (or exchange, or round)."""
        with self.guard():
            self.board.undo()

    def reset(self) -> None:
        """Clear every check from the board."""
        with self.guard():
            self.board.reset()

    # ------------------------------------------------------------ messages (see messages)
    def _msg_check(
        self,
        value: int | None = None,
        skill: str | None = None,
        slot: int | None = None,
        opponent: int | None = None,
        opponent_skill: str | None = None,
    ) -> None:
        self._apply_check(value, skill or None, slot, opponent, opponent_skill or None)

    def _msg_undo(self) -> None:
        self.board.undo()

    def _msg_reset(self) -> None:
        self.board.reset()

    def _msg_advise_skill(self) -> None:
        self.advise_skill()

    def advise_skill(self) -> Advice | str:
        """Which of the party's skills the next check should use: the advisor's answer for the
        board as it stands (also shown as the GM hint), an :class:`~kit.advising.Advice`, or the
        reason there is none (``"no hint: ..."``) when the advisor refuses the board."""
        if not self.party:
            raise InvalidInput(
                "party: name the skills the players have first, e.g. "
                "{'Tinker: Disable Device': '2d6+3', 'Persuasion: Calm': ''}"
            )
        self._skill_hint = self._walk_skills()
        self.refresh()
        return self._skill_hint[1]

    def _position(self) -> str:
        """The board's position as the skill hint saw it (a new check or an undo changes it)."""
        b = self.board
        return repr((b.state["history"], self.checks, sorted(self.party.items())))

    def _walk_skills(self) -> tuple[str, Advice | str, float]:
        from ..boards.advice import skill_advice

        start = time.perf_counter()
        party = {k: (v or None) for k, v in self.party.items()}
        try:
            found: Advice | str = skill_advice(self.board, party, self.checks)
        except KitError as exc:
            found = f"no hint: {exc}"
        return self._position(), found, time.perf_counter() - start

    def _skill_view(self) -> tuple[SkillHint | None, bool]:
        """The skill hint for the view, and whether the "Which skill?" button is offered."""
        if not self.hints or not self.party or self.board.finished:
            return None, False
        hint = self._skill_hint
        if hint is None or hint[0] != self._position():
            if hint is not None and hint[2] >= SKILL_HINT_AUTO:
                return None, True  # the last walk was long: wait to be asked
            hint = self._skill_hint = self._walk_skills()
        found = hint[1]
        if isinstance(found, str):
            return {"options": {}, "best": None, "notes": {}, "error": found}, False
        return {
            "options": dict(found.options),
            "best": found.best,
            "notes": dict(found.notes or {}),
            "error": "",
        }, False

    # ------------------------------------------------------------ view
    def refresh(self) -> None:
        """Re-derive the view from the board (called after every action)."""
        b = self.board
        skill = self.skill.strip() or None
        view = dict(b.state)
        view["penalties"] = {s: p for s in self.skills if (p := _penalty(b, s)) is not None}
        view["penalty"] = _penalty(b, skill) or 0
        try:
            chances = next_check_odds(b, self.checks, skill)
            view["odds"] = {str(k): float(v) for k, v in chances.items()}
            view["board_odds"] = None if b.finished else _success(odds(b, self.checks))
            if isinstance(b, Contest) and not b.finished:
                oskill = self.opponent_skill.strip() or None
                view["exchange"] = {
                    k: float(v)
                    for k, v in exchange_odds(b, self.checks, skill, opponent_skill=oskill).items()
                }
                view["opponent_penalty"] = b.opponent_penalty_for(oskill)
            view["odds_error"] = ""
        except KitError as exc:  # a skill or check expression typed in the page that is not valid
            view["odds"], view["board_odds"], view["odds_error"] = {}, None, str(exc)
        if isinstance(b, Chase):
            view["npc"] = (
                "always succeeds"
                if b.npc_checks is None and b.rules.npc_chance >= 1
                else f"rolls {b.npc_checks}"
                if b.npc_checks is not None
                else f"succeeds {b.rules.npc_chance:.0%} of the time"
            )
        view["checks"] = self.checks
        view["advice"] = self._advice(skill) if self.hints else None
        view["skill_advice"], view["can_advise_skill"] = self._skill_view()
        self.view = view

    def _advice(self, skill: str | None) -> dict[str, Any] | None:
        """The advisor's choice of the next card on a limit board (None elsewhere)."""
        b = self.board
        if not isinstance(b, LimitBoard) or b.finished:
            return None
        from ..boards.advice import card_advice

        try:
            a = card_advice(b, self.checks, [skill] if skill else None)
        except KitError:
            return None
        best_slot = int(a.answer())  # the slot number behind the best label
        return {
            "options": dict(a.options),
            "best": a.best,
            "best_slot": best_slot,
            "exact": a.exact,
        }


def _party(party: Any) -> dict[str, str]:
    """The players' skills as name -> checks text ('' for the board's checks), checked."""
    if party is None:
        return {}
    if not isinstance(party, Mapping):
        raise InvalidType(
            f"party must be a mapping from skill name to its checks, got {type(party).__name__}"
        )
    out: dict[str, str] = {}
    for name, checks in party.items():
        if not isinstance(name, str) or not name.strip():
            raise InvalidInput(f"party: a skill name must be text, got {name!r}")
        if checks not in (None, ""):
            CheckDistribution.of(checks)
        out[name.strip()] = "" if checks is None else str(checks)
    return out


def _penalty(board: _EngineBoard[Any], skill: str | None) -> int | None:
    """The penalty of the next check with ``skill``, or ``None`` if the name is not a skill."""
    try:
        return board.penalty_for(skill)
    except KitError:
        return None


def _success(result: Any) -> float | None:
    return None if result.success is None else float(result.success)


def _number(field: str, value: Any) -> int:
    """A whole number typed in the page (a string) or sent by code (an int)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InvalidInput(f"{field} is missing: type the check result first")
    return whole_number(field, value)


def _skill(field: str, value: Any) -> str | None:
    """A skill name from the page: text, or nothing for no skill."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidType(f"{field} must be a skill name (text) or empty, got {value!r}")
    return value


Board = BoardWidget
