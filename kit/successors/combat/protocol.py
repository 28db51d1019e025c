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

# The protocols live with the Ctx their methods take (a Ctx holds its policy, so the two name
# each other and share a module instead of importing each other); this module is their name.
from .events import AnsweringPolicy, CombatPolicy

__all__ = ["AnsweringPolicy", "CombatPolicy"]
