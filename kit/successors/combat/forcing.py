"""Answering a battle's decisions in advance, for the advisor's trials.

The combat advisor (:mod:`.advice`) plays a battle on with one answer forced at the decision
it advises on. :class:`ForcedPolicy` wraps a policy and gives fixed answers to some decisions
(keyed as :func:`.policies._key` keys them); it can also stop the phase at one decision
(raising :class:`DecisionReached` with the state there), which is how the advisor finds the
state and the dice rolled before a decision. :class:`RecordingRoller` remembers those dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .events import Ctx, Roller, copy_state
from .policies import _key, takeover_plan
from .protocol import CombatPolicy
from .state import BattleState

__all__ = ["DecisionReached", "ForcedPolicy", "RecordingRoller"]


class DecisionReached(Exception):
    """Raised inside a phase when the decision being advised is asked again."""

    def __init__(self, st: BattleState) -> None:
        super().__init__("decision reached")
        self.st = st


class RecordingRoller(Roller):
    """Passes faces through from another roller and remembers them."""

    def __init__(self, inner: Roller) -> None:
        self.inner = inner
        self.seen: list[int] = []

    def faces(self, n: int) -> list[int]:
        out = self.inner.faces(n)
        self.seen += out
        return out


class ForcedPolicy:
    """A policy that gives fixed answers to some decisions and asks ``base`` for the rest.

    ``answers`` maps decision keys (see :func:`.policies._key`) to answers; ``stop`` is a key at
    which the phase is interrupted instead (used to find the state and dice before a decision).
    """

    def __init__(
        self,
        base: CombatPolicy,
        answers: Mapping[tuple[Any, ...], Any],
        stop: tuple[Any, ...] | None,
    ) -> None:
        self.base = base
        self.answers = dict(answers)
        self.stop = stop

    def __getattr__(self, name: str) -> Any:
        return getattr(self.base, name)

    def _fixed(self, ctx: Ctx, decision: dict[str, Any]) -> tuple[bool, Any]:
        k = _key({"round": ctx.st.round, **decision})
        if k == self.stop:
            raise DecisionReached(copy_state(ctx.st))
        if k in self.answers:
            return True, self.answers[k]
        return False, None

    def allocate(self, ctx: Ctx, side: int, hits: int, phase: str, by: int) -> list[str]:
        d = {"kind": "allocate", "side": side, "phase": phase, "hits": hits, "by": by}
        found, value = self._fixed(ctx, d)
        return list(value) if found else self.base.allocate(ctx, side, hits, phase, by)

    def retreat(self, ctx: Ctx, side: int) -> bool:
        found, value = self._fixed(ctx, {"kind": "retreat", "side": side, "phase": "retreat"})
        return bool(value) if found else bool(self.base.retreat(ctx, side))

    def release(self, ctx: Ctx, side: int, n: int, controlled: list[str]) -> list[str]:
        d = {"kind": "release", "side": side, "phase": ctx.st.phase_name, "n": n}
        found, value = self._fixed(ctx, d)
        return [str(k) for k in value] if found else self.base.release(ctx, side, n, controlled)

    def fire(self, ctx: Ctx, side: int, phase: str, can: list[str]) -> list[str]:
        if not can:
            return list(self.base.fire(ctx, side, phase, can))
        found, value = self._fixed(ctx, {"kind": "fire", "side": side, "phase": phase})
        return list(value) if found else list(self.base.fire(ctx, side, phase, can))

    def aim(self, ctx: Ctx, side: int, phase: str, fire: list[str]) -> dict[str, str]:
        if not fire:
            return dict(self.base.aim(ctx, side, phase, fire))
        found, value = self._fixed(ctx, {"kind": "aim", "side": side, "phase": phase})
        return dict(value) if found else dict(self.base.aim(ctx, side, phase, fire))

    def takeovers(
        self, ctx: Ctx, side: int, users: dict[str, list[int]], targets: list[str]
    ) -> dict[str, str]:
        found, value = self._fixed(ctx, {"kind": "takeover", "side": side, "phase": "takeover"})
        if found:
            return takeover_plan(value, list(users), targets)
        return dict(self.base.takeovers(ctx, side, users, targets))
