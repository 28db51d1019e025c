"""Which skill the next check on a board should use, with the exact chance behind each.

Each use of a skill on a board makes the next use of the same skill harder (+2 by default, see
:mod:`kit.boards.rules`), so a strong skill used again can be worse than a weak fresh one, and
a skill is sometimes best saved for a later, harder card. :func:`skill_advice` takes the skills
the players have (each with its own check distribution if they differ) and gives each the
chance of the board's success when that skill makes the next check and every later check is
played as well as possible. It is also reached as ``kit.advice(board, skills=...)``.

How the chance is found: every position the board can reach is walked once, with the board's
own step function (the same code that plays a check at the table), trying every skill at
every check (and on a limit board every distinct card) and keeping the best. Face-down cards
are averaged over the cards still in the deck, never read. Contests and chases can repeat a
round without a change (a tie, or both sides failing): a skill the board does not track
(a general skill under ``BoardRules(track_general_skill=False)``) then faces the same position
again, which is solved as the repeating round it is; once no skill on offer can succeed any
more, the players can no longer get their way and the walk stops.

>>> from kit.boards import Contest
>>> debate = Contest([6, 7, 8, 7, 6])
>>> a = skill_advice(debate, {"Persuasion: Argue": "2d6+2", "Insight: Read": "2d6"})
>>> a.best
'Persuasion: Argue'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import validate
from ..advising import Advice
from ..errors import IllegalAction, InvalidInput, InvalidType
from ..log import Event
from .base import Board
from .chase import ESCAPEE, Chase
from .checks import CheckDistribution, ChecksLike, SkillPlan
from .contest import PLAYER, Contest
from .exact import pool_counts
from .limit import LimitBoard
from .rules import penalty, tracked_key
from .standard import PreparationBoard, StandardBoard

__all__ = ["MAX_STATES", "skill_advice"]

_TIE = 1e-12

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


class _RoundWalk(_SkillWalk):
    """The same walk for boards played in rounds with a second side: contests (the opponent
    checks too) and chases (the NPC acts).

    A round has four results (each side succeeds or not), stepped with sure values and
    weighted by their chances. A position is the goal and the cards left, the uses of each
    skill on offer and, in a contest, the opponent's place in its skill plan and its uses.
    """

    def __init__(
        self,
        board: Board[Any],
        skills: list[_Skill],
        opponent: CheckDistribution,
        plan: SkillPlan,
    ) -> None:
        super().__init__(board, skills, None, None)
        self.opponent = opponent
        self.plan = plan
        self.start = len(board.snapshot.records)

    def _key(self, state: Any, drawn: tuple[int, ...]) -> tuple[Any, ...]:
        # a skill that can no longer beat any card left stays so (penalties only rise): its
        # further uses change nothing, so they are not counted (-1), and a round that only
        # spends it can come back to the same position
        easiest = self._easiest(state)
        uses = tuple(
            -1
            if self._p(s, easiest + penalty(s.name, state.used, self.rules)) == 0.0
            else state.used.count(s.key)
            if s.key is not None
            else 0
            for s in self.skills
        )
        if isinstance(self.board, Contest):
            i = self._exchange(state)
            theirs = tuple(sorted(Counter(k for k in state.opponent_used if k).items()))
            return (state.lo, state.hi, state.goal, state.winner, uses, i, theirs)
        return (state.left, state.goal, state.outcome, uses)

    def _exchange(self, state: Any) -> int:
        """How many exchanges this walk has played (capped where the plan's default starts)."""
        return min((len(state.records) - self.start) // 2, len(self.plan.skills))

    def _done(self, state: Any) -> bool:
        if isinstance(self.board, Contest):
            return state.winner is not None
        return state.outcome is not None

    def _won(self, state: Any) -> bool:
        if isinstance(self.board, Contest):
            return bool(state.winner == PLAYER)
        assert isinstance(self.board, Chase)
        return bool(state.outcome == ("escaped" if self.board.role == ESCAPEE else "caught"))

    def _slot(self, state: Any) -> int:
        """The 1-based slot the players check against this round."""
        if isinstance(self.board, Contest):
            return int(state.goal) + 1
        assert isinstance(self.board, Chase)
        return self.board.player_target(state) + 1

    def _easiest(self, state: Any) -> int:
        """The lowest difficulty among the cards still on the board."""
        if isinstance(self.board, Contest):
            slots = range(state.lo, min(state.hi, self.board.length - 1) + 1)
        else:
            slots = range(state.left, self.board.length)
        return min((self._difficulty(i + 1) for i in slots), default=0)

    def _hopeless(self, key: tuple[Any, ...]) -> bool:
        """No skill on offer can succeed again (each is counted as spent in ``key``)."""
        uses = key[4] if isinstance(self.board, Contest) else key[3]
        return all(u == -1 for u in uses)

    def _other(self, state: Any) -> tuple[float, dict[str, Any], dict[str, Any]]:
        """The other side's chance this round and the event data of its success / failure."""
        board = self.board
        if isinstance(board, Contest):
            oskill = self.plan.skill(self._exchange(state))
            target = self._difficulty(state.goal + 1) + penalty(
                oskill, state.opponent_used, self.rules
            )
            q = float(self.opponent.success(target, self.rules.meet_target))
            extra = {"opponent_skill": oskill}
            return q, {"opponent": _HIT, **extra}, {"opponent": _MISS, **extra}
        assert isinstance(board, Chase)
        if board.npc_checks is not None:
            target = self._difficulty(board.npc_target(state) + 1)
            dist = CheckDistribution.of(board.npc_checks)
            q = float(dist.success(target, self.rules.meet_target))
            return q, {"npc_value": _HIT}, {"npc_value": _MISS}
        return float(self.rules.npc_chance), {"npc_success": True}, {"npc_success": False}

    def value(
        self, state: Any, drawn: tuple[int, ...] = (), key: tuple[Any, ...] | None = None
    ) -> float:
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
            elif self._hopeless(k):
                got = 0.0
            else:
                # the best of: each skill played at every return to this position until
                # something changes (skills that always change something: once)
                got = 0.0
                for sk in self.skills:
                    moved, same, _ = self._round(state, drawn, sk, k)
                    got = max(got, moved / (1.0 - same) if same < 1.0 else 0.0)
            self.memo[k] = got
        return got

    def chance(
        self,
        state: Any,
        drawn: tuple[int, ...],
        skill: _Skill,
        key: tuple[Any, ...] | None = None,
    ) -> tuple[float, int, float]:
        k = self._key(state, drawn) if key is None else key
        moved, same, p = self._round(state, drawn, skill, k)
        # ``skill`` this round; if nothing changes, the best play from the same position
        after = self.value(state, drawn, k) if same else 0.0
        return moved + same * after, self._slot(state), p

    def _round(
        self, state: Any, drawn: tuple[int, ...], skill: _Skill, k: tuple[Any, ...]
    ) -> tuple[float, float, float]:
        """One round with ``skill``: (the chance of success through rounds that change the
        position, the chance the position stays as it is, the players' check's chance)."""
        slot = self._slot(state)
        p = self._p(skill, self._difficulty(slot) + penalty(skill.name, state.used, self.rules))
        q, other_hit, other_miss = self._other(state)
        kind = "exchange" if isinstance(self.board, Contest) else "round"
        mine = "player" if kind == "exchange" else "value"
        moved = same = 0.0
        for w, hit, other in (
            (p * q, True, other_hit),
            (p * (1 - q), True, other_miss),
            ((1 - p) * q, False, other_hit),
            ((1 - p) * (1 - q), False, other_miss),
        ):
            if w == 0.0:
                continue
            data = {mine: _HIT if hit else _MISS, "skill": skill.name, **other}
            nxt = self.board._step(state, Event(kind, data))[0]
            nk = self._key(nxt, drawn)
            if nk == k:  # nothing changed: the same position comes again
                same += w
            else:
                moved += w * self.value(nxt, drawn, nk)
        return moved, same, p


def skill_advice(
    board: Board[Any],
    skills: Sequence[str] | Mapping[str, ChecksLike | None],
    checks: ChecksLike = "2d6",
    *,
    pool: Any = None,
    at_least: int | None = None,
    opponent_checks: ChecksLike | None = None,
    opponent_skills: Any = None,
) -> Advice:
    """The chance of the board's success for each skill the next check may use.

    Args:
        board: any of the kit's boards still in play (standard, preparation, limit, contest,
            chase).
        skills: the skills the players may use, as names (every one rolls ``checks``) or as a
            mapping from name to that skill's own checks (``None``: ``checks``).
        checks: the players' check distribution (``"2d6"``, a table or an int).
        pool: the cards a face-down card of a limit board may be (default: the event deck
            minus the visible cards).
        at_least: on a preparation board, the strength that counts as success (required there).
        opponent_checks: a contest opponent's checks (default: ``checks``).
        opponent_skills: a contest opponent's skill plan from the next exchange on (as for
            :func:`~kit.boards.odds.odds`; default: no skill, so no penalty).

    Each option is labelled with the skill's name as given. Its chance assumes that skill makes
    the next check and every later check is played as well as possible (the skill, and on a
    limit board the card, that gives the best chance from there; the same skills are on offer
    every time, each as often as wanted). A skill's uses already on the board count toward its
    penalty. Success is the goal reached (standard), the limit met (limit), ``at_least``
    successes (preparation), the contest won, or the chase ended the players' way (escaped or
    caught, by their role). The chances are computed over every position and check result, in
    floating point (``Advice.exact`` is True: nothing is sampled). The notes give the next
    check's own chance and penalty (and the best card on a limit board). On a tie the first
    skill listed is ``best``.

    Raises:
        IllegalAction: the board is finished, so there is nothing to decide.
        InvalidType: not one of the kit's boards, or ``skills`` is not a list or mapping.
        InvalidInput: two names for one skill, no skills, a preparation board without
            ``at_least``, or more than :data:`MAX_STATES` positions to walk.
    """
    if not isinstance(board, (StandardBoard, PreparationBoard, LimitBoard, Contest, Chase)):
        raise InvalidType(
            "skill_advice() needs a standard, preparation, limit, contest or chase board, got "
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
    if not isinstance(board, Contest) and (opponent_checks, opponent_skills) != (None, None):
        raise InvalidInput(
            f"opponent_checks and opponent_skills are for contests, not a {board.KIND} board"
        )
    offered = _skills(board, skills, checks)
    walk: _SkillWalk
    if isinstance(board, (Contest, Chase)):
        opponent = CheckDistribution.of(
            checks if opponent_checks is None else opponent_checks, "opponent_checks"
        )
        walk = _RoundWalk(board, offered, opponent, SkillPlan.of(opponent_skills))
    else:
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
    return Advice(
        options=options,
        best=best,
        exact=True,
        question=f"Which skill for the next check? (chance of {_goal(board, at_least)}, "
        "best play after)",
        notes=notes,
    )


def _goal(board: Board[Any], at_least: int | None) -> str:
    """What success means on ``board``, in words."""
    if isinstance(board, Chase):
        return "escaping" if board.role == ESCAPEE else "catching the quarry"
    return {
        "standard": "reaching the goal",
        "limit": "meeting the limit",
        "preparation": f"strength {at_least} or more",
        "contest": "winning the contest",
    }[board.KIND]
