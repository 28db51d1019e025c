"""What a battle asks of a policy: the decisions of the eight phases, as a typed Protocol.

A battle never decides for a person (DESIGN.md 4): each choice is a method of the policy it is
played with. :class:`CombatPolicy` lists those methods, the seam between the engine and anything
that decides: :class:`~.policies.AutoPolicy` (the automatic rulings), the GM's
:class:`~.policies.InteractivePolicy`, the advisor's
:class:`~.advice.AdvisedCombatPolicy`, or a policy of your own (subclass ``AutoPolicy`` and
override what you decide differently). :class:`AnsweringPolicy` is one that also takes the
GM's answers to the questions it raises (:meth:`Battle.answer
<kit.successors.combat.Battle.answer>` needs one).

>>> from kit.successors.combat.policies import AutoPolicy, InteractivePolicy
>>> isinstance(AutoPolicy(), CombatPolicy), isinstance(AutoPolicy(), AnsweringPolicy)
(True, False)
>>> isinstance(InteractivePolicy(), AnsweringPolicy)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ...store import JSON

if TYPE_CHECKING:
    from .events import Ctx

__all__ = ["AnsweringPolicy", "CombatPolicy"]


@runtime_checkable
class CombatPolicy(Protocol):
    """The decisions a battle asks for, phase by phase (``side`` is the deciding side's index)."""

    def begin_phase(self) -> None:
        """Called before each phase is played (or played again after a question)."""

    def order(self, ctx: Ctx, side: int) -> dict[str, Any] | None:
        """Phase 1: order-of-battle changes (racks, Control), or None."""

    def sensor_targets(self, ctx: Ctx, side: int, enemies: Sequence[int]) -> list[int]:
        """Phase 2: the enemy sides to scan."""

    def takeovers(
        self, ctx: Ctx, side: int, users: dict[str, list[int]], targets: list[str]
    ) -> dict[str, str]:
        """Phase 3: Control user -> the locked enemy ship it tries to take over."""

    def operations(self, ctx: Ctx, side: int, dice: list[int]) -> list[tuple[str, str]]:
        """Phase 4: one Handling job per die (repairs, reconditioning, gathering, a Cube)."""

    def fire(self, ctx: Ctx, side: int, phase: str, can: list[str]) -> list[str]:
        """Phases 5-7: which of the units that may attack do."""

    def aim(self, ctx: Ctx, side: int, phase: str, fire: list[str]) -> dict[str, str]:
        """Aimed Shots: attacker unit -> the target it places its hit on."""

    def target_side(self, ctx: Ctx, side: int, enemies: list[int]) -> int:
        """Which enemy side the attacks go at when there are several."""

    def allocate(self, ctx: Ctx, side: int, hits: int, phase: str, by: int) -> list[str]:
        """Where the hits ``side`` takes land (one target key per hit)."""

    def release(self, ctx: Ctx, side: int, n: int, controlled: list[str]) -> list[str]:
        """Which ships leave Control when the controller's rank drops below their count."""

    def entity_ability(self, ctx: Ctx, side: int) -> str:
        """Which ability a hit on the entity lowers."""

    def static_split(self, ctx: Ctx, side: int, points: int) -> list[int]:
        """How Static Defenses split their points into attacks."""

    def detonate(self, ctx: Ctx, side: int, phase: str) -> list[int]:
        """Which Busters explode this phase."""

    def self_destruct(self, ctx: Ctx, side: int, phase: str) -> list[str]:
        """Which units self-destruct."""

    def retreat(self, ctx: Ctx, side: int) -> bool:
        """Phase 8: whether the side retreats."""


@runtime_checkable
class AnsweringPolicy(CombatPolicy, Protocol):
    """A policy that raises questions and takes the GM's answers to them."""

    def answer(self, decision: dict[str, Any], value: JSON) -> None:
        """Queue the answer to ``decision`` (a :class:`~.policies.DecisionNeeded` dict)."""
