"""Advice on a board: which card to face next, and which skill to use next.

Two decisions the players make on a board have exact advice here.

**Which card** (limit boards). The players choose the card each check faces.
:func:`board_advice` forces each open slot as the next card and computes the exact chance of
meeting the limit with :func:`~kit.boards.odds.odds`, the rest of the cards faced in the best
fixed order (every distinct order of the cards left is tried, face-down cards counting as
alike; past :data:`MAX_ORDERS` orders the default order is used, face-up cards easiest first).

When every check carries the same penalty (no repeated skill in the plan), the order cannot
change the chance: success means enough of the cards still open would be beaten, whichever comes
first. The options then tie, and the advice says so. The order matters once a skill repeats,
since each repeat makes the next check harder: the easy cards are best kept for the late,
penalised checks, or faced early while the skill is fresh, depending on the cards.

>>> from kit.boards import LimitBoard
>>> board = LimitBoard([4, 8, 6], need=2)
>>> a = board_advice(board, checks="2d6", skills="Tinker")
>>> a.best, round(a.options["slot 3 (6)"], 4)
('slot 3 (6)', 0.5328)

**Which skill** (standard, preparation and limit boards). Each use of a skill on a board makes
the next use of the same skill 2 harder, so a strong skill used again can be worse than a weak
fresh one. :func:`skill_advice` takes the skills the players have (each with its own check
distribution if they differ) and gives, for each, the exact chance of the board's success
when that skill makes the next check and every later check is played as well as possible:
each picks the best of the same skills given what has happened by then (and, on a limit board,
the best card to face).

>>> from kit.boards import StandardBoard
>>> bomb = StandardBoard([6, 6, 7, 4], goal=3)
>>> _ = bomb.check(6, "Investigation: Mechanical Working")
>>> _ = bomb.check(5, "Tinker: Disable Device")
>>> a = skill_advice(bomb, ["Persuasion: Calm", "Tinker: Disable Device"])
>>> a.best, round(a.options["Persuasion: Calm"], 4), round(a.options["Tinker: Disable Device"], 4)
('Persuasion: Calm', 0.4213, 0.2546)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import validate
from ..advising import Advice
from ..errors import IllegalAction, InvalidInput, InvalidType
from ..log import Event
from .base import Board
from .checks import CheckDistribution, ChecksLike
from .exact import pool_counts
from .limit import LimitBoard
from .odds import odds
from .rules import penalty, tracked_key
from .standard import PreparationBoard, StandardBoard

__all__ = ["MAX_ORDERS", "MAX_STATES", "board_advice", "skill_advice"]

_TIE = 1e-12

#: The most distinct orders of the remaining cards tried after each first card.
MAX_ORDERS = 120


def _orders(keys: list[tuple[Any, ...]]) -> list[list[int]]:
    """Every distinct order of the items (indices), items with equal keys counted once."""
    out: list[list[int]] = []

    def rec(prefix: list[int], left: list[int]) -> None:
        if len(out) > MAX_ORDERS:
            return
        if not left:
            out.append(prefix)
            return
        seen: set[tuple[Any, ...]] = set()
        for j, i in enumerate(left):
            if keys[i] not in seen:
                seen.add(keys[i])
                rec(prefix + [i], left[:j] + left[j + 1 :])

    rec([], list(range(len(keys))))
    return out


def _label(board: LimitBoard, slot: int) -> str:
    if board.is_face_down(slot):
        return f"slot {slot} (face down)"
    mod = board.modifiers[slot - 1]
    card = board.cards[slot - 1].value
    return f"slot {slot} ({card}{mod:+d})" if mod else f"slot {slot} ({card})"


def board_advice(
    board: LimitBoard, checks: ChecksLike = "2d6", skills: Any = None, *, pool: Any = None
) -> Advice:
    """The exact chance of meeting a limit board's limit for each card the next check may face.

    Args:
        board: a :class:`~kit.boards.limit.LimitBoard` still in play.
        checks: the players' check distribution (``"2d6"``, a table or an int).
        skills: the skills the players plan to use, in order (as for :func:`~kit.boards.odds.odds`).
        pool: the cards a face-down card may be (default: the event deck minus the visible cards).

    Each option is labelled ``"slot N (value)"`` (``"slot N (face down)"`` for a hidden card);
    after it the remaining cards are faced in the best fixed order (the default order when
    there are more than :data:`MAX_ORDERS` to try). On a tie the first slot in the default
    order is ``best``.

    Raises:
        IllegalAction: the board is finished, so there is nothing to decide.
    """
    if not isinstance(board, LimitBoard):
        raise InvalidType(f"board_advice() needs a LimitBoard, got {type(board).__name__}")
    if board.finished:
        raise IllegalAction(
            f"the board is finished ({board.result}), so there is nothing to decide"
        )
    from .checks import default_order

    options: dict[str, float] = {}
    first = default_order(board)
    searched = True
    for slot in first:
        rest = [s for s in first if s != slot]
        keys = [
            ("down",)
            if board.is_face_down(s)
            else (board.cards[s - 1].value, board.modifiers[s - 1])
            for s in rest
        ]
        orders = _orders(keys)
        if len(orders) > MAX_ORDERS:
            orders, searched = [list(range(len(rest)))], False
        chance = max(
            float(
                odds(board, checks, skills, order=[slot] + [rest[i] for i in o], pool=pool).success
                or 0
            )
            for o in orders
        )
        options[_label(board, slot)] = chance
    top = max(options.values())
    best = next(label for label, p in options.items() if p >= top - _TIE)
    need = board.need - board.successes
    return Advice(
        options=options,
        best=best,
        exact=True,
        question=(
            f"Limit board: which card does the next check face? ({need} more success(es) needed; "
            + ("the rest in the best order)" if searched else "the rest in the default order)")
        ),
    )


# --------------------------------------------------------------------------- which skill
#: The most board positions :func:`skill_advice` walks before giving up (a guard for long boards
#: with many skills; a ten-card board with three skills needs a few thousand).
MAX_STATES = 200_000

#: A check value that beats any target, and one that misses any (targets stay far inside).
_HIT, _MISS = 1000, -100


@dataclass(frozen=True)
class _Skill:
    """One skill the players may use: its label, the name checked with, its key and checks."""

    label: str
    name: str
    key: str | None
    dist: CheckDistribution
    index: int


def _skills(board: Board[Any], skills: Any, checks: ChecksLike) -> list[_Skill]:
    """Read ``skills``: names (all rolling ``checks``) or a mapping name -> checks (or None)."""
    if isinstance(skills, str) or skills is None:
        raise InvalidType(
            "skills must list the skills the players may use (two or more names, or a mapping "
            f"name -> checks), got {skills!r}"
        )
    default = CheckDistribution.of(checks)
    if isinstance(skills, Mapping):
        items = list(skills.items())
    elif isinstance(skills, Sequence):
        items = [(name, None) for name in skills]
    else:
        raise InvalidType(f"skills must be a list or a mapping of skill names, got {skills!r}")
    if not items:
        raise InvalidInput("skills: at least one skill is needed, got none")
    out: list[_Skill] = []
    seen: dict[str | None, str] = {}
    for name, own in items:
        if not isinstance(name, str):
            raise InvalidType(
                f"skills: each skill must be a name such as 'Tinker: Repair', got {name!r}"
            )
        key = tracked_key(name, board.rules)
        if key is not None and key in seen:
            raise InvalidInput(
                f"skills: {name!r} and {seen[key]!r} are the same skill on a board (key {key!r})"
            )
        seen[key] = name
        dist = default if own is None else CheckDistribution.of(own, f"skills[{name!r}]")
        out.append(_Skill(name, name, key, dist, len(out)))
    return out


class _SkillWalk:
    """The chance of a board's success under the best choice of skill (and card) at every
    check, walked over every position and check result (in floating point) with the board's
    own rule function (:meth:`Board._step`).

    A position is the board's snapshot; positions that the rules cannot tell apart (the same
    slots filled with the same results and the same uses of each skill on offer, in any order)
    share one value. A check is stepped with a value that surely succeeds and one that surely
    fails, each weighted by its chance under the skill's checks; a face-down card of a limit
    board is averaged over the values still in the pool (the ones revealed in this walk taken
    out, as the deck is drawn without replacement).
    """

    def __init__(
        self, board: Board[Any], skills: list[_Skill], pool: Any, at_least: int | None
    ) -> None:
        self.board = board
        self.skills = skills
        self.rules = board.rules
        self.at_least = at_least
        self.limit = isinstance(board, LimitBoard)
        self.hidden: frozenset[int] = (
            frozenset(s for s in board.hidden if board.is_face_down(s))
            if isinstance(board, LimitBoard)
            else frozenset()
        )
        self.pool = pool_counts(board, pool) if self.hidden else {}
        self.memo: dict[tuple[Any, ...], float] = {}
        self._chances: dict[tuple[int, int], float] = {}

    # ------------------------------------------------------------------ positions
    def _key(self, state: Any, drawn: tuple[int, ...]) -> tuple[Any, ...]:
        uses = tuple(state.used.count(s.key) if s.key is not None else 0 for s in self.skills)
        if self.limit:
            # which open cards are left matters only by their difficulties (and how many lie
            # face down); the results so far only by their number
            slots = self._open(state, distinct=False)
            up = tuple(sorted(self._difficulty(s) for s in slots if s not in self.hidden))
            down = sum(1 for s in slots if s in self.hidden)
            wins = sum(1 for r in state.records if r.success)
            return (up, down, wins, uses, drawn if down else ())
        filled = tuple(None if i is None else state.records[i].success for i in state.placed)
        return (filled, uses)

    def _difficulty(self, slot: int) -> int:
        return self.board.cards[slot - 1].value + self.board.modifiers[slot - 1]

    def _won(self, state: Any) -> bool:
        if isinstance(self.board, StandardBoard):
            return bool(state.goal_reached)
        wins = sum(1 for r in state.records if r.success)
        if isinstance(self.board, LimitBoard):
            return wins >= self.board.need
        return wins >= (self.at_least or 0)

    def _done(self, state: Any) -> bool:
        if isinstance(self.board, (StandardBoard, LimitBoard)):
            return self.board._finished(state)
        return len(state.records) == self.board.length

    def _open(self, state: Any, distinct: bool = True) -> list[int]:
        """The slots the next check may face; with ``distinct``, one of each difficulty (and
        one face-down card), since alike cards give alike chances."""
        if not self.limit:
            return [len(state.records) + 1]
        slots = [i + 1 for i, f in enumerate(state.faced) if f is None]
        if not distinct:
            return slots
        seen: set[int | None] = set()
        out = []
        for slot in slots:
            kind = None if slot in self.hidden else self._difficulty(slot)
            if kind not in seen:
                seen.add(kind)
                out.append(slot)
        return out

    def _step(self, state: Any, skill: _Skill, slot: int, value: int) -> Any:
        event = Event("check", {"value": value, "skill": skill.name, "slot": slot})
        return self.board._step(state, event)[0]

    def _p(self, skill: _Skill, target: int) -> float:
        """The chance that a check with ``skill`` reaches ``target`` (looked up once)."""
        k = (skill.index, target)
        got = self._chances.get(k)
        if got is None:
            got = float(skill.dist.success(target, self.rules.meet_target))
            self._chances[k] = got
        return got

    # ------------------------------------------------------------------ values
    def value(
        self, state: Any, drawn: tuple[int, ...] = (), key: tuple[Any, ...] | None = None
    ) -> float:
        """The chance of success from ``state`` with the best choices from here on."""
        k = self._key(state, drawn) if key is None else key
        got = self.memo.get(k)
        if got is None:
            if len(self.memo) >= MAX_STATES:
                raise InvalidInput(
                    f"skill advice: more than {MAX_STATES} board positions to walk; offer fewer "
                    "skills or advise on a shorter board"
                )
            if self._done(state):
                got = 1.0 if self._won(state) else 0.0
            else:
                got = max(self.chance(state, drawn, s, k)[0] for s in self.skills)
            self.memo[k] = got
        return got

    def chance(
        self,
        state: Any,
        drawn: tuple[int, ...],
        skill: _Skill,
        key: tuple[Any, ...] | None = None,
    ) -> tuple[float, int, float]:
        """(chance of success, best slot, chance the check itself succeeds) with ``skill`` next."""
        k = self._key(state, drawn) if key is None else key
        best: tuple[float, int, float] | None = None
        for slot in self._open(state):
            got = self._with(state, drawn, k, skill, slot)
            if best is None or got[0] > best[0]:
                best = (got[0], slot, got[1])
        assert best is not None
        return best

    def _next(self, key: tuple[Any, ...], skill: _Skill, slot: int) -> tuple[Any, ...] | None:
        """On a limit board, the parts of the position after a check with ``skill`` on
        ``slot`` that do not depend on its result: (difficulties left, face-down cards left,
        uses); None on other boards (their positions are read from the stepped state)."""
        if not self.limit:
            return None
        up, down, _, uses, _ = key
        if slot in self.hidden:
            down -= 1
        else:
            rest = list(up)
            rest.remove(self._difficulty(slot))
            up = tuple(rest)
        if skill.key is not None:
            uses = uses[: skill.index] + (uses[skill.index] + 1,) + uses[skill.index + 1 :]
        return up, down, uses

    def _after(
        self,
        state: Any,
        nxt: tuple[Any, ...] | None,
        wins: int,
        skill: _Skill,
        slot: int,
        hit: bool,
        drawn: tuple[int, ...],
    ) -> float:
        """The value after the check: looked up by the position it leads to when that is
        known already (limit boards), else the board's rule steps to it."""
        key = None
        if nxt is not None:
            up, down, uses = nxt
            key = (up, down, wins + hit, uses, drawn if down else ())
            got = self.memo.get(key)
            if got is not None:
                return got
        return self.value(self._step(state, skill, slot, _HIT if hit else _MISS), drawn, key)

    def _with(
        self, state: Any, drawn: tuple[int, ...], key: tuple[Any, ...], skill: _Skill, slot: int
    ) -> tuple[float, float]:
        mod = self.board.modifiers[slot - 1] + penalty(skill.name, state.used, self.rules)
        nxt = self._next(key, skill, slot)
        wins = key[2] if self.limit else 0
        if slot not in self.hidden:
            p = self._p(skill, self.board.cards[slot - 1].value + mod)
            win = self._after(state, nxt, wins, skill, slot, True, drawn)
            lose = self._after(state, nxt, wins, skill, slot, False, drawn)
            return p * win + (1 - p) * lose, p
        left = dict(self.pool)
        for v in drawn:
            left[v] -= 1
        total = sum(left.values())
        chance = check = 0.0
        for v, c in left.items():
            if not c:
                continue
            w = c / total
            p = self._p(skill, v + mod)
            more = tuple(sorted(drawn + (v,)))
            win = self._after(state, nxt, wins, skill, slot, True, more)
            lose = self._after(state, nxt, wins, skill, slot, False, more)
            chance += w * (p * win + (1 - p) * lose)
            check += w * p
        return chance, check


def skill_advice(
    board: Board[Any],
    skills: Sequence[str] | Mapping[str, ChecksLike | None],
    checks: ChecksLike = "2d6",
    *,
    pool: Any = None,
    at_least: int | None = None,
) -> Advice:
    """The exact chance of the board's success for each skill the next check may use.

    Args:
        board: a :class:`~kit.boards.standard.StandardBoard`,
            :class:`~kit.boards.standard.PreparationBoard` or
            :class:`~kit.boards.limit.LimitBoard` still in play.
        skills: the skills the players may use, as names (every one rolls ``checks``) or as a
            mapping from name to that skill's own checks (``None``: ``checks``).
        checks: the players' check distribution (``"2d6"``, a table or an int).
        pool: the cards a face-down card of a limit board may be (default: the event deck
            minus the visible cards).
        at_least: on a preparation board, the strength that counts as success (required there).

    Each option is labelled with the skill's name as given. Its chance assumes that skill makes
    the next check and every later check is played as well as possible (the skill, and on a
    limit board the card, that gives the best chance from there; the same skills are on offer
    every time, each as often as wanted). A skill's uses already on the board count toward its
    penalty. The notes give the next check's own chance (and the best card on a limit board).
    On a tie the first skill listed is ``best``.

    Raises:
        IllegalAction: the board is finished, so there is nothing to decide.
        InvalidType: a board kind without this advice (contests and chases), or bad ``skills``.
        InvalidInput: two names for one skill, no skills, or a preparation board without
            ``at_least``.
    """
    if not isinstance(board, (StandardBoard, PreparationBoard, LimitBoard)):
        raise InvalidType(
            "skill_advice() needs a standard, preparation or limit board, got "
            f"{type(board).__name__}"
        )
    if board.finished:
        raise IllegalAction(
            f"the board is finished ({board.result}), so there is nothing to decide"
        )
    if isinstance(board, PreparationBoard):
        if at_least is None:
            raise InvalidInput(
                "at_least: a preparation board has no goal; give the strength that counts as "
                f"success (1 to {board.length})"
            )
        at_least = validate.integer("at_least", at_least, 1, board.length)
    elif at_least is not None:
        raise InvalidInput(f"at_least is for preparation boards only, not a {board.KIND} board")
    offered = _skills(board, skills, checks)
    walk = _SkillWalk(board, offered, pool, at_least)
    state = board.snapshot
    options: dict[str, float] = {}
    notes: dict[str, str] = {}
    for s in offered:
        chance, slot, check = walk.chance(state, (), s)
        options[s.label] = float(chance)
        pen = penalty(s.name, state.used, board.rules)
        where = f"slot {slot}: " if isinstance(board, LimitBoard) else ""
        notes[s.label] = f"{where}next check {float(check):.1%} (penalty +{pen})"
    top = max(options.values())
    best = next(label for label, p in options.items() if p >= top - _TIE)
    goal = {
        "standard": "the goal",
        "limit": "the limit",
        "preparation": f"strength {at_least}",
    }[board.KIND]
    return Advice(
        options=options,
        best=best,
        exact=True,
        question=f"Which skill for the next check? (chance of reaching {goal}, best play after)",
        notes=notes,
    )
