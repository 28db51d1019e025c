"""Where check numbers come from when nobody at the table rolls them.

At the table the GM types the check results the host game produced. For odds and
simulation the kit needs a *distribution* of check results instead:

* a dice expression (``"2d6"``, ``"2d6+1"``) - exact, from :mod:`kit.dice`;
* a table ``{value: weight}`` - the weights are normalised (ints and Fractions stay exact);
* a single int - a check that always gives that number.

:class:`CheckSource` rolls from such a distribution with a recorded seed, and
:func:`autoplay` plays a board to its end with it, asking a :class:`SkillPlan` which skill
each check uses (and, on a limit board, which card to face).

>>> dist = CheckDistribution.of("2d6")
>>> dist.at_least(7)
Fraction(7, 12)
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar, Union, overload

import numpy as np
import numpy.typing as npt

from .. import validate
from ..dice import Dice, as_dice
from ..errors import InvalidInput, InvalidType
from ..rng import SeedLike, make_rng

if TYPE_CHECKING:
    from .base import Board
    from .limit import LimitBoard

__all__ = [
    "CheckDistribution",
    "CheckSource",
    "ChecksLike",
    "SkillPlan",
    "SkillsLike",
    "autoplay",
]

ChecksLike = Union[str, Dice, Mapping[int, Any], int, "CheckDistribution"]


@dataclass(frozen=True)
class CheckDistribution:
    """An exact distribution of check results: sorted values and their probabilities."""

    values: tuple[int, ...]
    """Possible results, increasing."""
    probs: tuple[Fraction, ...]
    """Probability of each value; they sum to exactly 1."""
    label: str = ""
    """How the distribution was given (``"2d6"``, ``"table"``)."""
    _tails: tuple[Fraction, ...] = field(default=(), repr=False, compare=False)
    _hash: int = field(default=0, repr=False, compare=False)

    def __post_init__(self) -> None:
        tails = [Fraction(0)] * (len(self.probs) + 1)
        for i in range(len(self.probs) - 1, -1, -1):
            tails[i] = tails[i + 1] + self.probs[i]
        object.__setattr__(self, "_tails", tuple(tails))
        object.__setattr__(self, "_hash", hash((self.values, self.probs, self.label)))

    def __hash__(self) -> int:
        # Computed once: the odds caches look a distribution up on every call.
        return self._hash

    @classmethod
    def of(cls, checks: ChecksLike, field: str = "checks") -> CheckDistribution:
        """Build from a dice expression, a ``{value: weight}`` table or an int."""
        if isinstance(checks, CheckDistribution):
            return checks
        if isinstance(checks, str):
            return _of_text(checks, field)
        if isinstance(checks, Dice):
            dist = checks.distribution()
            return cls(tuple(dist), tuple(dist.values()), str(checks))
        if isinstance(checks, Mapping):
            if not checks:
                raise InvalidInput(f"{field} table must not be empty")
            weights: dict[int, Fraction] = {}
            for k, w in checks.items():
                v = validate.integer(
                    f"{field} value",
                    int(k) if validate.is_whole_text(k) else k,
                    -100,
                    1000,
                )
                if isinstance(w, bool) or not isinstance(w, (int, Fraction, float)):
                    raise InvalidType(f"{field}[{v}] weight must be a number, got {w!r}")
                fw = (
                    Fraction(w)
                    if not isinstance(w, float)
                    else Fraction(w).limit_denominator(10**12)
                )
                if fw < 0:
                    raise InvalidInput(f"{field}[{v}] weight must not be negative, got {w!r}")
                weights[v] = weights.get(v, Fraction(0)) + fw
            total = sum(weights.values())
            if total <= 0:
                raise InvalidInput(f"{field} table weights must add up to more than 0")
            items = sorted((v, w / total) for v, w in weights.items() if w)
            return cls(tuple(v for v, _ in items), tuple(p for _, p in items), "table")
        if isinstance(checks, (int, np.integer)) and not isinstance(checks, bool):
            v = validate.integer(field, int(checks), -100, 1000)
            return cls((v,), (Fraction(1),), str(v))
        raise InvalidType(
            f"{field} must be a dice expression such as '2d6', a {{value: weight}} table or an int, "
            f"got {checks!r}"
        )

    def at_least(self, target: int) -> Fraction:
        """Exact probability that a check is ``>= target``."""
        return self._tails[bisect.bisect_left(self.values, target)]

    def success(self, target: int, meet_target: bool = True) -> Fraction:
        """Probability that a check succeeds against ``target`` under the rules' comparison."""
        return self.at_least(target if meet_target else target + 1)

    @overload
    def sample(self, rng: np.random.Generator, size: None = None) -> int: ...
    @overload
    def sample(self, rng: np.random.Generator, size: int) -> npt.NDArray[np.int64]: ...
    def sample(
        self, rng: np.random.Generator, size: int | None = None
    ) -> int | npt.NDArray[np.int64]:
        """Draw results (one int, or an array of ``size``)."""
        p = np.array([float(x) for x in self.probs])
        p = p / p.sum()
        out = rng.choice(np.array(self.values), size=size, p=p)
        return int(out) if size is None else out

    def to_dict(self) -> dict[str, Any]:
        """JSON form (as a table of exact ratio strings)."""
        return {
            "label": self.label,
            "table": {str(v): str(p) for v, p in zip(self.values, self.probs)},
        }


@lru_cache(maxsize=128)
def _of_text(text: str, field: str) -> CheckDistribution:
    """The distribution of a dice expression, parsed once (odds ask for "2d6" again and again)."""
    dice = as_dice(text, field)
    dist = dice.distribution()
    return CheckDistribution(tuple(dist), tuple(dist.values()), str(dice))


class CheckSource:
    """A seeded stand-in for the host game's checks (for simulation and demos).

    >>> src = CheckSource("2d6+1", seed=5)
    >>> 3 <= src.roll() <= 13
    True
    """

    def __init__(self, checks: ChecksLike = "2d6", seed: SeedLike = None) -> None:
        self.distribution = CheckDistribution.of(checks)
        self.rng, self.seed = make_rng(seed)
        self._dice = as_dice(checks) if isinstance(checks, (str, Dice)) else None

    def roll(self) -> int:
        """One check result."""
        if self._dice is not None:
            return self._dice.roll(self.rng)
        return self.distribution.sample(self.rng)

    def __repr__(self) -> str:
        return f"CheckSource({self.distribution.label!r}, seed={self.seed})"


@dataclass(frozen=True)
class SkillPlan:
    """Which skill each of the players' checks uses, in order; later checks use ``default``.

    ``SkillPlan(["Tinker: Repair", "Tinker: Repair"])`` names the first two checks; the third
    and later use ``default`` (``None``: no tracked skill, so no penalty).
    """

    skills: tuple[str | None, ...] = ()
    """The skill of the first, second, ... check still to come."""
    default: str | None = None
    """The skill of every check after the plan."""

    @classmethod
    def of(cls, skills: SkillPlan | Sequence[str | None] | str | None) -> SkillPlan:
        """Accept a plan, a list of skills, one skill for every check, or ``None``."""
        if isinstance(skills, SkillPlan):
            return skills
        if skills is None:
            return cls()
        if isinstance(skills, str):
            return cls((), skills)
        items = validate.sequence("skills", skills)
        for i, s in enumerate(items):
            if s is not None and not isinstance(s, str):
                raise InvalidType(f"skills[{i}] must be a skill name or None, got {s!r}")
        return cls(tuple(items))

    def skill(self, i: int) -> str | None:
        """The skill of the ``i``-th (0-based) check still to come."""
        return self.skills[i] if i < len(self.skills) else self.default


#: A skill plan as the odds, advice and simulations take it (see :meth:`SkillPlan.of`): a
#: :class:`SkillPlan`, a list with one skill name (or ``None``) per check, one name for every
#: check, or ``None`` (no tracked skill, so no penalty).
SkillsLike = SkillPlan | Sequence[str | None] | str | None

B = TypeVar("B", bound="Board[Any]")


def autoplay(
    board: B,
    source: CheckSource,
    skills: SkillsLike = None,
    *,
    opponent: CheckSource | None = None,
    opponent_skills: SkillsLike = None,
    order: Sequence[int] | None = None,
    max_checks: int = 10_000,
) -> B:
    """Play ``board`` to its end with checks from ``source``; return the board.

    Args:
        board: any board kind.
        source: the players' checks.
        skills: a :class:`SkillPlan` (or list of skills) for the players' checks.
        opponent: the opponent's checks in a contest (default: ``source``).
        opponent_skills: the opponent's skill plan in a contest.
        order: on a limit board, the slots to face in order (default: :func:`default_order`).
        max_checks: a safety stop for contests whose checks can tie forever.
    """
    from .chase import Chase
    from .contest import Contest
    from .limit import LimitBoard
    from .standard import PreparationBoard, StandardBoard

    plan = SkillPlan.of(skills)
    oplan = SkillPlan.of(opponent_skills)
    opp = opponent or source
    i = 0
    queue = list(order) if order is not None else None
    while not board.finished and i < max_checks:
        if isinstance(board, LimitBoard):
            slot = next_limit_slot(board, queue)
            board.check(source.roll(), slot=slot, skill=plan.skill(i))
        elif isinstance(board, Contest):
            board.exchange(source.roll(), opp.roll(), plan.skill(i), oplan.skill(i))
        elif isinstance(board, (StandardBoard, PreparationBoard, Chase)):
            board.check(source.roll(), plan.skill(i))
        else:
            raise InvalidType(
                "board must be a StandardBoard, PreparationBoard, LimitBoard, Contest or Chase "
                f"for autoplay, got {type(board).__name__}"
            )
        i += 1
    return board


def default_order(board: LimitBoard) -> list[int]:
    """The order a limit board is faced in by default: face-up cards easiest first, then the
    face-down ones left to right."""
    open_ = board.open_slots
    up = sorted(
        (s for s in open_ if not board.is_face_down(s)),
        key=lambda s: (board.cards[s - 1].value + board.modifiers[s - 1], s),
    )
    down = [s for s in open_ if board.is_face_down(s)]
    return up + down


def next_limit_slot(board: LimitBoard, queue: list[int] | None) -> int:
    """The next slot to face: the first open slot in ``queue``, else :func:`default_order`."""
    if queue:
        open_ = set(board.open_slots)
        for s in queue:
            if s in open_:
                return s
    return default_order(board)[0]
