"""Exact odds: hits of an attack pool in one phase, and one round's outcomes in small fights.

:func:`pool_hits` is the distribution of successes of any pool (Fractions).
:func:`phase_hits` asks the battle's own phase code which dice a side fires in a phase (same
policy, same Control, Jammer and Combat Reflexes), so the figure is the engine's own.
:func:`round_outcomes` enumerates one round's attack phases exactly: at every roll the engine
makes it branches over the possible results (the number of hits of a volley, the row of the
damage table) with their probabilities, running the very phase code a battle runs. It is
meant for small fights (a few ships a side); ``max_leaves`` guards against big ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ... import validate
from ...errors import IllegalAction
from ..ranks import success_distribution
from .events import Ctx, Roller, copy_state
from .policies import AutoPolicy
from .rules import ATTACK_PHASES
from .state import BattleState

if TYPE_CHECKING:
    from .battle import Battle
    from .protocol import CombatPolicy

__all__ = ["mean", "phase_hits", "pool_hits", "round_outcomes", "side_counts"]


def pool_hits(dice: Sequence[int]) -> dict[int, Fraction]:
    """Exact distribution of hits of a pool of dice (each a rank part)."""
    return success_distribution(dice)


def mean(dist: dict[Any, Fraction]) -> Fraction:
    """Mean of a distribution over numbers."""
    return sum((Fraction(k) * p for k, p in dist.items()), Fraction(0))


def phase_hits(
    battle: Battle, side: int, phase: str, policy: CombatPolicy | None = None
) -> dict[int, Fraction]:
    """Exact distribution of the unaimed hits ``side`` scores in ``phase`` from the current state."""
    from .phases import volley_pool

    validate.choice("phase", phase, ATTACK_PHASES)
    ctx = Ctx(
        battle.sides,
        copy_state(battle.state),
        battle.rules,
        policy or AutoPolicy(),
        _NoRoller(),
        jammer=battle.jammer,
    )
    _, _, plain = volley_pool(ctx, side, phase)
    return pool_hits(plain)


class _NoRoller(Roller):
    def faces(self, n: int) -> list[int]:
        raise IllegalAction("phase_hits rolls no dice")


class _Branch(Exception):
    def __init__(self, n: int) -> None:
        self.n = n


class _PathRoller(Roller):
    """Follows a path of choices; at a new choice point asks the caller to branch."""

    def __init__(self, path: tuple[int, ...], damage: list[tuple[int, Fraction]]) -> None:
        self.path, self.i, self.prob, self.damage_opts = path, 0, Fraction(1), damage

    def _choose(self, options: list[tuple[Any, Fraction]]) -> Any:
        if self.i >= len(self.path):
            raise _Branch(len(options))
        value, p = options[self.path[self.i]]
        self.i += 1
        self.prob *= p
        return value

    def attack(self, dice: Sequence[int]) -> list[int]:
        n = len(dice)
        opts = [([1] * k + [6] * (n - k), p) for k, p in sorted(pool_hits(dice).items())]
        return list(self._choose(opts))

    def damage(self) -> int:
        return int(self._choose(self.damage_opts))

    def faces(self, n: int) -> list[int]:
        if n != 1:
            raise IllegalAction("exact round odds cover single rolls only (Stellar Cannon hits)")
        return [self._choose([(f, Fraction(1, 6)) for f in range(1, 7)])]


def side_counts(st: BattleState, n_sides: int) -> tuple[tuple[int, int, int, int], ...]:
    """Per side: (operational ships, neutralized ships, ships gone, entity hits taken);
    entity hits are -1 when its entity is destroyed."""
    out = []
    for i in range(n_sides):
        us = [u for u in st.units.values() if u.origin == i]
        op = sum(1 for u in us if u.owner == i and u.status == "operational")
        ne = sum(1 for u in us if u.owner == i and u.status == "neutralized")
        s = st.sides[i]
        ent = -1 if s.entity_state == "destroyed" else (sum(s.entity.damage) if s.entity else 0)
        out.append((op, ne, len(us) - op - ne, ent))
    return tuple(out)


def round_outcomes(
    battle: Battle,
    policy: CombatPolicy | None = None,
    *,
    phases: Sequence[str] = ATTACK_PHASES,
    key: Callable[[BattleState], Any] | None = None,
    max_leaves: int = 200_000,
) -> dict[Any, Fraction]:
    """Exact distribution of the state after ``phases`` of the current round.

    Args:
        battle: the battle (its current state is the start; nothing is changed).
        policy: the decisions (default :class:`AutoPolicy`); must be deterministic.
        phases: attack phases to play, in order (default all three).
        key: what to tell outcomes apart by (default :func:`side_counts`).
        max_leaves: give up (IllegalAction) past this many outcomes.

    Returns:
        outcome key -> exact probability (the values sum to 1).
    """
    from .phases import attack_phase

    for p in phases:
        validate.choice("phase", p, ATTACK_PHASES)
    policy = policy or AutoPolicy()
    keyf = key or (lambda st: side_counts(st, len(battle.sides)))
    dmg: dict[str, list[int]] = {}
    for f, r in battle.rules.damage_table:
        dmg.setdefault(r, []).append(f)
    dmg_opts = [(fs[0], Fraction(len(fs), 6)) for fs in dmg.values()]
    out: dict[Any, Fraction] = {}
    stack: list[tuple[int, ...]] = [()]
    leaves = 0
    while stack:
        path = stack.pop()
        roller = _PathRoller(path, dmg_opts)
        st = copy_state(battle.state)
        ctx = Ctx(battle.sides, st, battle.rules, policy, roller, jammer=battle.jammer)
        try:
            for p in phases:
                attack_phase(ctx, p)
        except _Branch as b:
            stack.extend(path + (i,) for i in range(b.n))
            continue
        leaves += 1
        if leaves > max_leaves:
            raise IllegalAction(
                f"more than {max_leaves} outcomes: the fight is too big for "
                "exact odds; use simulate()"
            )
        k = keyf(st)
        out[k] = out.get(k, Fraction(0)) + roller.prob
    return out
