"""The shapes of the advisor's answers, one per verb, shared by the three systems.

The kit's four advisor verbs answer for every kind of game the kit plays (Regulus jobs,
Complex Task boards, Successors battles and journeys), each with one result type:

* :class:`Advice` (:func:`kit.advice`): the chance of success behind each answer to a pending
  decision, and which answer is best;
* :class:`Tuning` (:func:`kit.tune`, ``kit.regulus.tune``, ``kit.boards.tune``, the
  garrison tuners): the setups a tuner tried, ranked nearest the chance the GM wants, each a
  :class:`TuningRow`;
* :class:`Luck` (:func:`kit.luck`, ``kit.regulus.luck``, ``kit.boards.luck``, ``kit.successors.combat.luck``,
  ``kit.successors.sector.luck.luck``): where a played game's ending and each of its rolls fell, each roll a
  :class:`LuckStep`;
* :class:`Impact` (:func:`kit.impact`, each system's ``impact``): two rules objects
  compared over a grid of setups, each cell a :class:`Cell`.

They are plain data and import nothing from the engines, so any engine may build one; the
figures (:mod:`kit.figures`) and widgets draw them.

Example:
    >>> a = Advice(
    ...     options={"spend": 0.75, "keep": 0.5},
    ...     best="spend",
    ...     exact=True,
    ...     question="Spend the token?",
    ... )
    >>> a.best, a.margin
    ('spend', 0.25)
    >>> a.ranked()
    [('spend', 0.75), ('keep', 0.5)]
"""

from __future__ import annotations

import dataclasses
import heapq
import math
import re
from collections import namedtuple
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, Literal, TypedDict

from . import validate
from .errors import IllegalAction, InvalidInput
from .store import JSON

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "Advice",
    "Cell",
    "Impact",
    "Luck",
    "LuckStep",
    "Method",
    "PlayOptions",
    "StandardErrors",
    "Tuning",
    "TuningRow",
    "mid_rank",
    "verdict_word",
]


class PlayOptions(TypedDict, total=False):
    """What :meth:`Advice.choose` may need besides the answer to play it: a board moves on only
    with a check, so its advice takes the check's total from the host game (a job and a battle
    need nothing more)."""

    check: int
    """The total of the check that plays the chosen card or skill (every board)."""
    opponent: int
    """A contest's opposing total for the exchange."""
    slot: int | str
    """The slot a skill chosen on a limit board faces (its number or its label)."""
    skill: str
    """The skill a card chosen on a limit board is checked with (default: none)."""


Method = Literal["exact", "simulated"]
"""How an odds or simulation result was found: computed exactly, or estimated by simulation."""

ErrorValue = float | tuple[float, ...] | Mapping[Any, float]
"""One field's standard error: a number, or one per entry of a tuple or mapping field."""


class StandardErrors(Mapping[str, ErrorValue]):
    """The standard errors of a result's estimates, under the result's own field names.

    Every odds and simulation result of the kit (:func:`kit.odds`, :func:`kit.simulate`) has
    one as ``.se``: ``result.se.success`` is the standard error of ``result.success``, and a
    field holding a distribution has one error per entry (``result.se.turns[3]``). An exact
    result's errors are all 0.0. It reads as a mapping too (``result.se["success"]``).

    >>> se = StandardErrors({"success": 0.01, "by_turn": (0.0, 0.02)})
    >>> se.success, se["by_turn"][1], sorted(se)
    (0.01, 0.02, ['by_turn', 'success'])
    >>> StandardErrors.zeros({"success": 0.5, "turns": {3: 0.25}}).turns
    {3: 0.0}
    """

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, ErrorValue]) -> None:
        object.__setattr__(self, "_values", dict(values))

    @classmethod
    def zeros(cls, fields: Mapping[str, object]) -> StandardErrors:
        """All-zero errors shaped like ``fields`` (an exact result's)."""

        def zero(value: object) -> ErrorValue:
            if isinstance(value, Mapping):
                return {k: 0.0 for k in value}
            if isinstance(value, (tuple, list)):
                return tuple(0.0 for _ in value)
            return 0.0

        return cls({name: zero(value) for name, value in fields.items()})

    @classmethod
    def of_shares(cls, fields: Mapping[str, object], n: int) -> StandardErrors:
        """The errors of shares (proportions) estimated from ``n`` trials: ``sqrt(p(1-p)/n)``
        for every number of ``fields``, entry by entry for tuples and mappings.

        >>> StandardErrors.of_shares({"success": 0.5}, 100).success
        0.05
        """

        def share(p: object) -> float:
            q = float(p)  # type: ignore[arg-type]
            return math.sqrt(max(q * (1.0 - q), 0.0) / n) if n > 0 else 0.0

        def err(value: object) -> ErrorValue:
            if isinstance(value, Mapping):
                return {k: share(v) for k, v in value.items()}
            if isinstance(value, (tuple, list)):
                return tuple(share(v) for v in value)
            return share(value)

        return cls({name: err(value) for name, value in fields.items()})

    def __getitem__(self, name: str) -> ErrorValue:
        values: dict[str, ErrorValue] = object.__getattribute__(self, "_values")
        return values[name]

    def __getattr__(self, name: str) -> Any:
        values: dict[str, ErrorValue] = object.__getattribute__(self, "_values")
        if name in values:
            return values[name]
        raise AttributeError(f"no standard error named {name!r}; there are {', '.join(values)}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("StandardErrors is read-only")

    def __iter__(self) -> Iterator[str]:
        values: dict[str, ErrorValue] = object.__getattribute__(self, "_values")
        return iter(values)

    def __len__(self) -> int:
        values: dict[str, ErrorValue] = object.__getattribute__(self, "_values")
        return len(values)

    def __repr__(self) -> str:
        values: dict[str, ErrorValue] = object.__getattribute__(self, "_values")
        return f"StandardErrors({values!r})"

    def to_dict(self) -> dict[str, object]:
        """JSON-compatible form (mapping keys as strings)."""
        return {k: _plain(v) for k, v in self.items()}


@dataclass(frozen=True)
class Advice:
    """The chance of success of each answer to a pending decision, and which answer is best.

    Attributes:
        options: Each answer's label mapped to the chance (0 to 1) of success if that answer is
            taken.
        best: The label of the answer with the highest chance (the first one listed on a tie).
        exact: True when every chance is computed exactly; False for Monte Carlo estimates.
        stderr: Standard error of each Monte Carlo estimate, by label; None when exact.
        n: Monte Carlo runs behind each estimate; None when exact.
        question: What is being decided, in words.
        notes: Optional one-line explanation of an answer, by label.
        answers: The answer each label stands for, in the form the game takes it (see
            :meth:`answer`).
        apply: Plays an answer in the game advised on and returns the game (:meth:`choose`);
            None for advice built by hand.
        why: How the chances were reached and why that way; empty for advice built by hand.
    """

    options: dict[str, float]
    """Each answer's label mapped to the chance (0 to 1) of success if that answer is taken."""
    best: str
    """The label of the answer with the highest chance (the first one listed on a tie)."""
    exact: bool
    """True when every chance is computed exactly; False for Monte Carlo estimates."""
    stderr: dict[str, float] | None = None
    """Standard error of each Monte Carlo estimate, by label; None when exact."""
    n: int | None = None
    """Monte Carlo runs behind each estimate; None when exact."""
    question: str = ""
    """What is being decided, in words."""
    notes: dict[str, str] = field(default_factory=dict)
    """Optional one-line explanation of an answer, by label."""
    answers: dict[str, Any] = field(default_factory=dict)
    """The answer each label stands for, in the form the game takes it (see :meth:`answer`)."""
    apply: Callable[..., Any] | None = field(default=None, compare=False, repr=False)
    """Plays an answer in the game advised on and returns the game (:meth:`choose`); None for
    advice built by hand."""
    why: str = ""
    """How the chances were reached and why that way (for battle advice: exact, or simulated
    and what kept it from being exact); empty for advice built by hand."""

    def __post_init__(self) -> None:
        if not self.options:
            raise InvalidInput("Advice options: at least one answer is needed, got none")
        for label, chance in self.options.items():
            if not isinstance(label, str):
                raise InvalidInput(f"Advice options: labels must be strings, got {label!r}")
            if not (isinstance(chance, (int, float)) and 0.0 <= chance <= 1.0 + 1e-9):
                raise InvalidInput(
                    f"Advice options[{label!r}]: a chance between 0 and 1 is needed, got {chance!r}"
                )
        if self.best not in self.options:
            raise InvalidInput(
                f"Advice best: {self.best!r} is not one of the options {list(self.options)!r}"
            )
        if self.stderr is not None and set(self.stderr) != set(self.options):
            raise InvalidInput("Advice stderr: one standard error per option is needed")
        unknown = [label for label in self.answers if label not in self.options]
        if unknown:
            raise InvalidInput(
                f"Advice answers: {unknown[0]!r} is not one of the options {list(self.options)!r}"
            )

    def answer(self, label: str | None = None) -> JSON:
        """The answer behind ``label`` (default: :attr:`best`), in the form the game takes it.

        * a limit board's card: the slot number (``board.check(value, slot=...)``);
        * a skill: the skill's name (``board.check(value, skill)``);
        * a Regulus Knockout: the operative's name (``job.decide_knockout(...)``); a token:
          True (spend) or False (keep) (``job.decide_token(...)``);
        * a battle decision: the value ``battle.answer(value)`` takes, as the battle advisor
          tried it: for ``allocate`` the list of unit keys the hits land on, one key per hit
          (``["1:3", "1:3", "1:4"]``); for ``retreat`` True (retreat) or False (stay); for
          ``release`` the keys of the ships let go; for ``fire`` the keys of the units that
          fire; for ``aim`` a dict from each firing unit's key to its target's key; for
          ``takeover`` the target ship's key (``"1:7"``), None for no attempt, or a dict from
          each Control user to its target.

        Advice without recorded answers gives the label itself.

        Example:
            >>> a = Advice.from_chances({"spend": 0.7, "keep": 0.6}, exact=True,
            ...                         answers={"spend": True, "keep": False})
            >>> a.answer(), a.answer("keep")
            (True, False)

        Raises:
            InvalidInput: ``label`` is not one of the options.
        """
        label = self.best if label is None else label
        if label not in self.options:
            raise InvalidInput(
                f"{label!r} is not one of this advice's answers; they are "
                + ", ".join(repr(k) for k in self.options)
            )
        return self.answers.get(label, label)

    def choose(self, label: str | None = None, /, **play: Unpack[PlayOptions]) -> object:
        """Play the answer behind ``label`` (default: :attr:`best`) in the game advised on, and
        return that game, moved on.

        The same in every system: a job takes the Knockout or token answer
        (``job.decide_knockout`` / ``job.decide_token``); a battle takes the decision's answer
        and plays the phase it stopped (``battle.answer``); a board plays its next check with
        the chosen card or skill, so it also needs the check's total from the host game
        (``advice.choose("slot 2, face down, -3", check=9)``). :meth:`answer` gives the answer
        without playing it.

        Example:
            >>> from kit.regulus import Job, Operative
            >>> job = Job("heist", 4, 6, [Operative("Ash", "Thief")], seed=3)
            >>> while job.pending is None and not job.ended:
            ...     _ = job.roll()
            >>> import kit
            >>> advice = kit.advice(job) if job.pending else None
            >>> advice is None or advice.choose() is job and job.pending is None
            True

        Raises:
            InvalidInput: ``label`` is not one of the options, or the game needs more to play
                it (a board's ``check``).
            IllegalAction: the advice was built by hand, with no game to play the answer in, or
                the game has moved on since it was advised.
        """
        value = self.answer(label)
        if self.apply is None:
            raise IllegalAction(
                "this advice was built without a game to play its answer in; "
                "advice.answer(label) gives the answer itself"
            )
        return self.apply(value, **play)

    @classmethod
    def from_chances(
        cls,
        options: dict[str, float],
        *,
        exact: bool,
        question: str = "",
        stderr: dict[str, float] | None = None,
        n: int | None = None,
        notes: dict[str, str] | None = None,
        answers: dict[str, Any] | None = None,
        apply: Callable[..., Any] | None = None,
    ) -> Advice:
        """Build advice whose best answer is the highest chance (first listed on a tie).

        Example:
            >>> Advice.from_chances({"a": 0.2, "b": 0.6, "c": 0.6}, exact=True).best
            'b'
        """
        best = max(options, key=lambda k: options[k]) if options else ""
        return cls(
            options=dict(options),
            best=best,
            exact=exact,
            stderr=None if stderr is None else dict(stderr),
            n=n,
            question=question,
            notes=dict(notes or {}),
            answers=dict(answers or {}),
            apply=apply,
        )

    def ranked(self) -> list[tuple[str, float]]:
        """The answers with their chances, best first (ties, within 1e-12, keep their listed
        order, as :attr:`best` does)."""
        return sorted(self.options.items(), key=lambda kv: -round(kv[1], 12))

    @property
    def margin(self) -> float:
        """How much the best answer gains over the runner-up (0 when there is only one)."""
        ranked = self.ranked()
        if len(ranked) < 2:
            return 0.0
        return ranked[0][1] - ranked[1][1]

    def _chance_text(self, label: str) -> str:
        chance = self.options[label]
        text = f"{chance:.1%}"
        if self.stderr is not None:
            text += f" ± {self.stderr[label]:.1%}"
        return text

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, {self.n} runs"
        head = f"Advice({self.question!r}, {how})" if self.question else f"Advice({how})"
        width = max(len(label) for label in self.options)
        lines = [head]
        for label, _ in self.ranked():
            mark = "*" if label == self.best else " "
            lines.append(f"  {mark} {label.ljust(width)}  {self._chance_text(label)}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html  # loaded when shown in a notebook, not when the kit is imported

        how = "exact" if self.exact else f"Monte Carlo, {self.n} runs"
        rows = []
        for label, chance in self.ranked():
            weight = "bold" if label == self.best else "normal"
            bar = max(0, min(100, math.floor(chance * 100 + 0.5)))
            note = html.escape(self.notes.get(label, ""))
            rows.append(
                f'<tr style="font-weight:{weight}"><td>{html.escape(label)}</td>'
                f"<td>{html.escape(self._chance_text(label))}</td>"
                f'<td><div style="background:currentColor;opacity:.35;height:.7em;'
                f'width:{bar}px"></div></td><td>{note}</td></tr>'
            )
        caption = html.escape(self.question or "Advice")
        return (
            f'<table class="gmk-advice"><caption>{caption} ({how}); best: '
            f"<b>{html.escape(self.best)}</b></caption>"
            "<tr><th>answer</th><th>chance of success</th><th></th><th></th></tr>"
            + "".join(rows)
            + "</table>"
        )


# ====================================================================== tuning
@dataclass(frozen=True, eq=False)
class TuningRow:
    """One setup a tuner tried and its chance of success.

    A row reads like the tuple of its setup's values followed by its chance, and names each
    value: a job's row is ``(difficulty, clock, chance)``, a board's ``(cards, goal, chance)``,
    a garrison's ``(count, chance)``.

    >>> row = TuningRow((("difficulty", 3), ("clock", 6)), 0.592)
    >>> row.difficulty, row.chance
    (3, 0.592)
    >>> d, c, p = row
    >>> row == (3, 6, 0.592)
    True

    Attributes:
        setup: The setup as ``(name, value)`` pairs, in order.
        chance: The chance of success with this setup (exact, or simulated with :attr:`stderr`).
        stderr: Standard error of a simulated :attr:`chance`; None when exact.
        tie: How the tuner orders equally near setups (smaller first).
    """

    setup: tuple[tuple[str, Any], ...]
    """The setup as ``(name, value)`` pairs, in order."""
    chance: float
    """The chance of success with this setup (exact, or simulated with :attr:`stderr`)."""
    stderr: float | None = None
    """Standard error of a simulated :attr:`chance`; None when exact."""
    tie: tuple[Any, ...] = field(default=(), repr=False)
    """How the tuner orders equally near setups (smaller first)."""

    def __getattr__(self, name: str) -> Any:
        if name in ("setup", "__setstate__", "__getstate__"):
            raise AttributeError(name)
        for key, value in self.setup:
            if key == name:
                return value
        raise AttributeError(
            f"a tuning row has {', '.join(k for k, _ in self.setup)} and chance, not {name!r}"
        )

    @property
    def values(self) -> tuple[Any, ...]:
        """The setup's values, in order."""
        return tuple(v for _, v in self.setup)

    @property
    def key(self) -> object:
        """The setup's value when it has one, else the tuple of its values."""
        values = self.values
        return values[0] if len(values) == 1 else values

    def __iter__(self) -> Iterator[Any]:
        yield from self.values
        yield self.chance

    def __len__(self) -> int:
        return len(self.setup) + 1

    def __getitem__(self, i: Any) -> Any:
        return tuple(self)[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TuningRow):
            return (self.setup, self.chance, self.stderr) == (
                other.setup,
                other.chance,
                other.stderr,
            )
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def as_dict(self) -> dict[str, Any]:
        """The setup's values by name, with ``chance`` (and ``stderr`` when simulated)."""
        out = dict(self.setup) | {"chance": self.chance}
        if self.stderr is not None:
            out["stderr"] = self.stderr
        return out

    def __repr__(self) -> str:
        parts = ", ".join(f"{k}={v!r}" for k, v in self.setup)
        err = "" if self.stderr is None else f", stderr={self.stderr!r}"
        return f"TuningRow({parts}, chance={self.chance!r}{err})"


@dataclass(frozen=True)
class Tuning:
    """The setups a tuner tried, ranked nearest the chance the GM wants.

    Every tuner returns one: a job's Difficulty and Clock (``kit.regulus.tune``), a board's cards
    and goal (``kit.boards.tune``), a garrison's size or budget (``kit.successors.combat.tuning.tune_garrison``,
    ``tune_budget``), and :func:`kit.tune` for any of them. It is a sequence of its :attr:`rows`
    (``t[0]`` is the nearest, ``for d, c, p in t`` reads a job's rows), and the nearest row's
    values read as its own (``t.difficulty``, ``t.count``, ``t.chance``).

    >>> grid = tuple(TuningRow((("count", c),), p, 0.01, (c,)) for c, p in [(1, .2), (2, .45), (3, .7)])
    >>> t = Tuning("a garrison", 0.5, grid, exact=False, n=2000)
    >>> t.count, t.chance, [c for c, _ in t.neighbours]
    (2, 0.45, [1, 3])
    >>> t.retarget(0.75).count
    3

    Attributes:
        subject: What was tuned, in words (a job type and crew, a board kind and check, an
            attacker).
        target: The chance of success wanted.
        grid: Every setup tried, in the tuner's grid order.
        shown: How many rows :attr:`rows` lists (the tuner's ``n`` for jobs and boards).
        exact: True when every chance is exact; False for simulated chances.
        n: Runs simulated per setup (Monte Carlo only).
        seed: Seed every setup was simulated with (Monte Carlo only).
        method: How the chances were found ("exact", or the simulation's method).
        details: What else the tuner says about its grid (a garrison's ``ship`` and ``unit``).
    """

    subject: str
    """What was tuned, in words (a job type and crew, a board kind and check, an attacker)."""
    target: float
    """The chance of success wanted."""
    grid: tuple[TuningRow, ...]
    """Every setup tried, in the tuner's grid order."""
    shown: int = 5
    """How many rows :attr:`rows` lists (the tuner's ``n`` for jobs and boards)."""
    exact: bool = True
    """True when every chance is exact; False for simulated chances."""
    n: int | None = None
    """Runs simulated per setup (Monte Carlo only)."""
    seed: int | None = None
    """Seed every setup was simulated with (Monte Carlo only)."""
    method: str = "exact"
    """How the chances were found ("exact", or the simulation's method)."""
    details: Mapping[str, Any] = field(default_factory=dict)
    """What else the tuner says about its grid (a garrison's ``ship`` and ``unit``)."""

    def __post_init__(self) -> None:
        if not self.grid:
            raise InvalidInput("Tuning grid: at least one setup is needed, got none")

    def __getattr__(self, name: str) -> Any:
        if name in ("grid", "details", "__setstate__", "__getstate__"):
            raise AttributeError(name)
        if name in self.details:
            return self.details[name]
        if any(k == name for k, _ in self.grid[0].setup):
            return getattr(self.best, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # ------------------------------------------------------------ ranking
    def ranked(self, target: float | None = None) -> list[TuningRow]:
        """Every setup tried, nearest ``target`` (default: :attr:`target`) first; equally near
        setups in the tuner's own order."""
        t = self.target if target is None else float(target)
        return sorted(self.grid, key=lambda r: (abs(r.chance - t), r.tie))

    @cached_property
    def rows(self) -> list[TuningRow]:
        """The :attr:`shown` setups nearest the target, nearest first."""
        if self.shown >= len(self.grid):
            return self.ranked()
        t = self.target
        return heapq.nsmallest(self.shown, self.grid, key=lambda r: (abs(r.chance - t), r.tie))

    def retarget(self, target: float) -> Tuning:
        """The same grid ranked for another target (nothing is computed again)."""
        return dataclasses.replace(self, target=float(target))

    def __len__(self) -> int:
        return len(self.rows)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tuning):
            return (self.subject, self.target, self.grid, self.shown) == (
                other.subject,
                other.target,
                other.grid,
                other.shown,
            )
        if isinstance(other, (list, tuple)):
            return list(self.rows) == list(other)  # the rows, as the tuners' lists were
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __iter__(self) -> Iterator[TuningRow]:
        return iter(self.rows)

    def __getitem__(self, i: Any) -> Any:
        return self.rows[i]

    @cached_property
    def best(self) -> TuningRow:
        """The setup nearest the target."""
        if self.rows:
            return self.rows[0]
        t = self.target
        return min(self.grid, key=lambda r: (abs(r.chance - t), r.tie))

    @property
    def chance(self) -> float:
        """The chance of the nearest setup."""
        return self.best.chance

    @property
    def stderr(self) -> float | None:
        """The standard error of the nearest setup's chance (None when exact)."""
        return self.best.stderr

    @property
    def chances(self) -> dict[Any, float]:
        """Every setup's chance, by its :attr:`TuningRow.key`, in grid order."""
        return {r.key: r.chance for r in self.grid}

    @property
    def neighbours(self) -> list[TuningRow]:
        """The setups on either side of the nearest one in the grid's order."""
        i = self.grid.index(self.best)
        return [r for r in self.grid[max(0, i - 1) : i + 2] if r is not self.grid[i]]

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, {self.n} runs a setup"
        lines = [f"Tuning({self.subject!r}, target {self.target:.0%}, {how})"]
        for r in self.rows:
            setup = ", ".join(f"{k} {_show(v)}" for k, v in r.setup)
            err = "" if r.stderr is None else f" ± {r.stderr:.1%}"
            lines.append(f"  {setup}: {r.chance:.1%}{err}")
        return "\n".join(lines)


def _show(value: Any) -> str:
    return " ".join(map(str, value)) if isinstance(value, tuple) else str(value)


# ====================================================================== luck
def mid_rank(worse: float, same: float) -> float:
    """Mid-rank percentile from the chance of a worse result and of this very result.

    >>> mid_rank(0.25, 0.5)
    0.5
    """
    return float(worse) + float(same) / 2


def verdict_word(percentile: float) -> str:
    """ "lucky" at the 75% mark or above, "unlucky" at 25% or below, else "about as expected".

    >>> verdict_word(0.8), verdict_word(0.5), verdict_word(0.1)
    ('lucky', 'about as expected', 'unlucky')
    """
    return (
        "lucky" if percentile >= 0.75 else "unlucky" if percentile <= 0.25 else "about as expected"
    )


@dataclass(frozen=True)
class LuckStep:
    """One step of a played game (a roll, a check, an attack phase) and how lucky it was.

    Attributes:
        index: The step's number (1 = first).
        phase: What kind of step ("main" or "companion" roll, "check", "round", an attack
            phase).
        total: What the dice showed (or the hits scored).
        incident: What it led to, in words.
        percentile: Mid-rank percentile of ``total`` in its own dice (0..1).
        chance_before: Chance of the players' way just before the step.
        chance_after: Chance of the players' way just after it.
        progress: Progress (successes, hits ...) after the step.
        expected_progress: Progress an average roll of the same dice would have given by then.
    """

    index: int
    """The step's number (1 = first)."""
    phase: str
    """What kind of step ("main" or "companion" roll, "check", "round", an attack phase)."""
    total: int
    """What the dice showed (or the hits scored)."""
    incident: str
    """What it led to, in words."""
    percentile: float
    """Mid-rank percentile of ``total`` in its own dice (0..1)."""
    chance_before: float
    """Chance of the players' way just before the step."""
    chance_after: float
    """Chance of the players' way just after it."""
    progress: int
    """Progress (successes, hits ...) after the step."""
    expected_progress: float
    """Progress an average roll of the same dice would have given by then."""

    @property
    def swing(self) -> float:
        """How much the step moved the chance."""
        return self.chance_after - self.chance_before


@dataclass(frozen=True, repr=False)
class Luck:
    """Where a played game's ending and each of its steps fell in the odds.

    Every luck report is one: a job's (``kit.regulus.luck``, exact), a board's (``kit.boards.luck``,
    exact), a battle's (``kit.successors.combat.luck``, simulated) and a journey's (``kit.successors.sector.luck.luck``, exact),
    and :func:`kit.luck` for any of them. What one system adds (a battle's attack rolls, a
    journey's days, a job's Clock) is in :attr:`details` and reads as an attribute
    (``report.attacks``).

    Attributes:
        kind: What was played: "job", "standard board", "battle", "journey" ...
        title: The game's title or a description of it.
        outcome: How it ended ("success", "failure", "won", "arrived" ...), or None while
            running.
        ending: A few words on the ending, for the verdict ("succeeded on tick 5").
        chance: Chance of the players' way before the first step (see :attr:`chance_label`).
        outcome_percentile: Mid-rank percentile of the ending among every ending (None while
            running).
        steps: Every step, in order.
        difficulty: Where the progress chart draws its line (the Difficulty, the successes
            needed; 0: none).
        method: How the numbers were found: "exact", or the simulation and its standard errors.
        chance_label: What :attr:`chance` and the steps' chances measure.
        progress_label: What the steps' ``progress`` counts.
        n: Simulated games behind the outcome percentile (None when exact).
        stderr: Standard error of the outcome percentile (None when exact).
        swings: Whether the steps' chances were measured (False: the turning points rank the
            steps by how far their rolls went from the middle instead).
        details: What the game's system adds (see the reports' functions).
    """

    kind: str
    """What was played: "job", "standard board", "battle", "journey" ..."""
    title: str
    """The game's title or a description of it."""
    outcome: str | None
    """How it ended ("success", "failure", "won", "arrived" ...), or None while running."""
    ending: str
    """A few words on the ending, for the verdict ("succeeded on tick 5")."""
    chance: float
    """Chance of the players' way before the first step (see :attr:`chance_label`)."""
    outcome_percentile: float | None
    """Mid-rank percentile of the ending among every ending (None while running)."""
    steps: tuple[LuckStep, ...]
    """Every step, in order."""
    difficulty: int = 0
    """Where the progress chart draws its line (the Difficulty, the successes needed; 0: none)."""
    method: str = "exact"
    """How the numbers were found: "exact", or the simulation and its standard errors."""
    chance_label: str = "chance of success"
    """What :attr:`chance` and the steps' chances measure."""
    progress_label: str = "successes"
    """What the steps' ``progress`` counts."""
    n: int | None = None
    """Simulated games behind the outcome percentile (None when exact)."""
    stderr: float | None = None
    """Standard error of the outcome percentile (None when exact)."""
    swings: bool = True
    """Whether the steps' chances were measured (False: the turning points rank the steps by
    how far their rolls went from the middle instead)."""
    details: Mapping[str, Any] = field(default_factory=dict)
    """What the game's system adds (see the reports' functions)."""

    def __getattr__(self, name: str) -> Any:
        if name in ("details", "__setstate__", "__getstate__"):
            raise AttributeError(name)
        if name in self.details:
            return self.details[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def mean_percentile(self) -> float | None:
        """The steps' average percentile (0.5 is average luck; None with no steps)."""
        if not self.steps:
            return None
        return sum(s.percentile for s in self.steps) / len(self.steps)

    def turning_points(self, n: int = 3) -> list[LuckStep]:
        """The ``n`` steps that moved the chance most, largest first (ties: earliest first);
        without measured chances, the steps whose rolls went furthest from the middle."""
        if self.swings:
            return sorted(self.steps, key=lambda s: -abs(s.swing))[: max(0, n)]
        return sorted(self.steps, key=lambda s: -abs(s.percentile - 0.5))[: max(0, n)]

    @property
    def verdict(self) -> str:
        """A short sentence: lucky, unlucky or about as expected, and why."""
        mean = self.mean_percentile
        rolls = "" if mean is None else f"; rolls averaged the {mean:.0%} mark"
        if self.outcome_percentile is None:
            if not self.steps:
                return "not started"
            now = self.steps[-1].chance_after
            return f"still running: {self.chance_label} now {now:.0%}" + rolls
        pct = self.outcome_percentile
        return (
            f"{verdict_word(pct)}: {self.ending} ({self.chance_label} {self.chance:.0%}), "
            f"an ending at the {pct:.0%} mark{rolls}"
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form (for widgets and handouts)."""
        return {
            "kind": self.kind,
            "title": self.title,
            "outcome": self.outcome,
            "chance": self.chance,
            "outcome_percentile": self.outcome_percentile,
            "method": self.method,
            "verdict": self.verdict,
            "steps": [{**s.__dict__, "swing": s.swing} for s in self.steps],
            "details": {k: _plain(v) for k, v in self.details.items()},
        }

    def __repr__(self) -> str:
        lines = [f"Luck({self.title!r}: {self.verdict})"]
        lines.extend(
            f"  {s.index:>3} {s.phase:<9} {s.total:>3} {s.incident:<32} "
            f"percentile {s.percentile:4.0%}  chance {s.chance_before:4.0%} -> "
            f"{s.chance_after:4.0%}  {self.progress_label} {s.progress} "
            f"(expected {s.expected_progress:.1f})"
            for s in self.steps
        )
        return "\n".join(lines)


def _plain(value: Any) -> Any:
    """``value`` as JSON-compatible data (dataclasses as dicts, tuples as lists)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {k: _plain(v) for k, v in dataclasses.asdict(value).items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


# ====================================================================== impact
class Cell:
    """One cell of an impact grid: its row and column, the chance under each rules object and
    the change. A report's cells also name the row and column by its axes (a job's read
    ``(difficulty, clock, before, after, change)``), and unpack as those five values.
    """

    row: Any
    col: Any
    before: float
    after: float
    change: float


@lru_cache(maxsize=32)
def cell_type(row_key: str, col_key: str) -> type:
    """The :class:`Cell` class whose first two fields are named ``row_key`` and ``col_key``.

    >>> Change = cell_type("difficulty", "clock")
    >>> c = Change(3, 5, 0.5, 0.6, 0.1)
    >>> c.difficulty, c.row, isinstance(c, Cell)
    (3, 3, True)
    """
    base = namedtuple("Cell", [row_key, col_key, "before", "after", "change"])  # type: ignore[misc]
    return type(
        "Cell",
        (base, Cell),
        {
            "__slots__": (),
            "__doc__": Cell.__doc__,
            "row": property(lambda self: self[0], doc="The row's label."),
            "col": property(lambda self: self[1], doc="The column's label."),
        },
    )


def _key(name: str) -> str:
    key = re.sub(r"\W+", "_", name.strip().casefold()).strip("_")
    return key if key.isidentifier() and key not in ("before", "after", "change") else "row"


Grid = tuple[tuple[float | None, ...], ...]


@dataclass(frozen=True)
class Impact:
    """Chances of success under two rules objects over a grid of setups, and their change.

    Every house-rule report is one: jobs over Difficulty by Clock (``kit.regulus.impact``,
    exact), boards over length by goal (``kit.boards.impact``, exact), battles over
    garrisons (``kit.successors.combat.impact``, simulated, with standard errors), and
    :func:`kit.impact` for any of them. Cells the grid does not hold (a goal past the end of a
    short board) are ``None`` in :attr:`before` and :attr:`after` and left out of :meth:`cells`.

    Attributes:
        subject: What was compared, in words (a job type, a board kind and check, an attacker).
        rules_a: The first (reference) rules.
        rules_b: The second rules, compared with the first.
        row_name: What the rows are (``"Difficulty"``, ``"cards"``, ``"garrison of"``).
        col_name: What the columns are (``"Clock"``, ``"goal"``, ``"ships"``).
        rows: Row labels of the grids.
        cols: Column labels of the grids.
        before: ``before[i][j]``: chance under ``rules_a`` at ``rows[i]``, ``cols[j]`` (None: no
            cell).
        after: The same under ``rules_b``.
        exact: True when every chance is exact; False for Monte Carlo estimates.
        stderr: Standard error of each cell's change (Monte Carlo only).
        n: Battles (or runs) simulated per cell and rules object (Monte Carlo only).
        row_key: The name a cell gives its row (``"difficulty"``; default: from
            :attr:`row_name`).
        col_key: The name a cell gives its column (``"clock"``; default: from :attr:`col_name`).
    """

    subject: str
    """What was compared, in words (a job type, a board kind and check, an attacker)."""
    rules_a: object
    """The first (reference) rules."""
    rules_b: object
    """The second rules, compared with the first."""
    row_name: str
    """What the rows are (``"Difficulty"``, ``"cards"``, ``"garrison of"``)."""
    col_name: str
    """What the columns are (``"Clock"``, ``"goal"``, ``"ships"``)."""
    rows: tuple[Any, ...]
    """Row labels of the grids."""
    cols: tuple[Any, ...]
    """Column labels of the grids."""
    before: Grid
    """``before[i][j]``: chance under ``rules_a`` at ``rows[i]``, ``cols[j]`` (None: no cell)."""
    after: Grid
    """The same under ``rules_b``."""
    exact: bool = True
    """True when every chance is exact; False for Monte Carlo estimates."""
    stderr: Grid | None = None
    """Standard error of each cell's change (Monte Carlo only)."""
    n: int | None = None
    """Battles (or runs) simulated per cell and rules object (Monte Carlo only)."""
    row_key: str = ""
    """The name a cell gives its row (``"difficulty"``; default: from :attr:`row_name`)."""
    col_key: str = ""
    """The name a cell gives its column (``"clock"``; default: from :attr:`col_name`)."""

    @property
    def diff(self) -> list[list[float | None]]:
        """``after - before`` for every cell (None where the grid has no cell)."""
        return [
            [None if a is None or b is None else b - a for a, b in zip(ra, rb)]
            for ra, rb in zip(self.before, self.after)
        ]

    def cells(self) -> list[Any]:
        """Every cell of the grid as a :class:`Cell`, row by row."""
        row_key = self.row_key or _key(self.row_name)
        col_key = self.col_key or _key(self.col_name)
        make = cell_type(row_key, col_key if col_key != row_key else "col")
        out = []
        for i, r in enumerate(self.rows):
            for j, c in enumerate(self.cols):
                a, b = self.before[i][j], self.after[i][j]
                if a is not None and b is not None:
                    out.append(make(r, c, a, b, b - a))
        return out

    def changes(self) -> list[Any]:
        """Every cell, row by row (the same as :meth:`cells`)."""
        return self.cells()

    def largest(self, n: int = 5) -> list[Any]:
        """The ``n`` cells whose chance changes most (by size), largest first (all of them
        when the grid holds fewer)."""
        rows = self.cells()
        n = validate.integer("n", n, 1)  # more than the grid holds: every cell
        key = {(r, c): (i, j) for i, r in enumerate(self.rows) for j, c in enumerate(self.cols)}
        return sorted(rows, key=lambda ch: (-abs(ch[4]), key[(ch[0], ch[1])]))[:n]

    @property
    def max_change(self) -> float:
        """The largest change in size (0.0 when the two rules play alike on this grid)."""
        return max((abs(ch[4]) for ch in self.cells()), default=0.0)

    def error_at(self, row: object, col: object) -> float:
        """Standard error of the change at (``row``, ``col``): 0.0 when the grid is exact."""
        if self.stderr is None:
            return 0.0
        se = self.stderr[self.rows.index(row)][self.cols.index(col)]
        return 0.0 if se is None else se

    def differing_options(self) -> dict[str, tuple[Any, Any]]:
        """The rules options that differ: name -> (first value, second value)."""
        a, b = _options(self.rules_a), _options(self.rules_b)
        return {k: (a.get(k), b.get(k)) for k in {**a, **b} if a.get(k) != b.get(k)}

    def _where(self, ch: Any) -> str:
        return f"{self.row_name} {ch[0]}, {self.col_name} {ch[1]}"

    def _pm(self, ch: Any) -> str:
        return "" if self.exact else f" ± {self.error_at(ch[0], ch[1]):.1%}"

    def to_markdown(self, top: int = 5) -> str:
        """A short Markdown summary: what differs, the largest changes, how the numbers came."""
        opts = self.differing_options()
        lines = [f"### House rule impact: {self.subject}", ""]
        if not opts:
            lines.append("The two rules objects are identical.")
        else:
            lines.append(
                "Changed: "
                + "; ".join(f"`{k}` {a!r} → {b!r}" for k, (a, b) in sorted(opts.items()))
            )
        method = (
            "exact"
            if self.exact
            else f"simulated ({self.n} runs a cell and rules, same seed; ± one standard error)"
        )
        cells = self.cells()
        lines += [
            "",
            f"Largest change {self.max_change:.1%} in size over {len(cells)} setups, {method}.",
            "",
        ]
        shown = self.largest(min(top, max(1, len(cells)))) if cells else []
        if shown:
            lines += [
                f"| {self.row_name} | {self.col_name} | before | after | change |",
                "|---|---|---|---|---|",
            ]
            lines += [
                f"| {ch[0]} | {ch[1]} | {ch[2]:.1%} | {ch[3]:.1%} | {ch[4]:+.1%}{self._pm(ch)} |"
                for ch in shown
            ]
        return "\n".join(lines) + "\n"

    def _repr_markdown_(self) -> str:
        import html  # loaded when shown, not when the kit is imported

        return html.escape(self.to_markdown(), quote=False)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}: {a!r} -> {b!r}" for k, (a, b) in self.differing_options().items())
        head = f"{type(self).__name__}({self.subject!r}, {opts or 'identical rules'}"
        if not self.max_change:
            return f"{head}; no change on {len(self.cells())} setups)"
        top = self.largest(1)[0]
        return f"{head}; largest change {top[4]:+.1%}{self._pm(top)} at {self._where(top)})"


def _options(rules: Any) -> dict[str, Any]:
    to_dict = getattr(rules, "to_dict", None)
    return dict(to_dict()) if callable(to_dict) else {}
