"""``kit.advice(obj)``: the chance of success behind each answer to the decision a game waits for.

One entry point for every game the kit plays:

* a Regulus :class:`~kit.regulus.Job` waiting for a decision (a Knockout, a token):
  :func:`kit.regulus.advice.job_advice`, exact;
* a :class:`~kit.boards.LimitBoard` in play (which card to face next):
  :func:`kit.boards.advice.board_advice`, exact;
* any board in play (standard, preparation, limit, contest, chase) and the skills the players
  have (which skill the next check uses, given the repeated-skill penalty):
  :func:`kit.boards.advice.skill_advice`, every position walked, the rest played as well as
  possible; ``decide="skill"`` selects it on a limit board;
* a Successors battle waiting for a decision (hits, retreat, Take-Over target ...):
  ``kit.successors.combat.advice.advise_battle``, Monte Carlo with standard errors. Pass the
  decision the battle stopped at (``decision=``), or the ``InteractivePolicy`` that asked
  (``policy=``) and the advisor steps a copy to it.

Each returns an :class:`~kit.advising.Advice`. The engines load only when their kind of object
is advised on.

>>> import kit
>>> from kit.regulus import Job, Operative
>>> job = Job("heist", 4, 6, [Operative("Ash", "Thief")], seed=1)
>>> kit.advice(job)
Traceback (most recent call last):
...
kit.errors.IllegalAction: the job has no pending decision, so there is nothing to decide: it waits for a roll

Which skill should the crew use on the bomb's third card, with Tinker: Disable Device already
used once (so +2) and Persuasion: Calm fresh?

>>> from kit.boards import StandardBoard
>>> bomb = StandardBoard([6, 6, 7, 4], goal=3)
>>> _ = bomb.check(6, "Investigation: Mechanical Working")
>>> _ = bomb.check(5, "Tinker: Disable Device")
>>> kit.advice(bomb, skills=["Persuasion: Calm", "Tinker: Disable Device"]).best
'Persuasion: Calm'
"""

from __future__ import annotations

from typing import Any

from . import registry
from .advising import Advice
from .errors import InvalidInput

__all__ = ["Advice", "advice"]


def advice(obj: Any, **options: Any) -> Advice:
    """The chance of success of each answer to the decision ``obj`` waits for, and the best one.

    The advisor is the ``advise`` hook of the object's kind (:mod:`kit.registry`).

    Args:
        obj: a Regulus ``Job`` with a pending decision, a board in play (any kind), or a
            Successors ``Battle`` waiting for a decision.
        **options: passed to the advisor of that kind: ``policy`` for a job (``None``: best play
            afterwards); for a limit board ``decide="card"`` (the default: ``checks``,
            ``skills`` as the skill plan, ``pool``) or ``decide="skill"``; for the other boards
            (always the skill) what ``skill_advice`` takes (``skills`` the players may use,
            ``checks``, ``pool``, ``at_least``, ``opponent_checks`` ...); for a battle what
            ``advise_battle`` takes (``decision``, ``policy``, ``n``, ``seed``, ``goal``, ...).

    Raises:
        InvalidInput: ``obj`` is of no kind the advisor answers for.
        IllegalAction: it has nothing to decide right now.
    """
    kind = registry.find(obj)
    hook = kind.get("advise") if kind is not None else None
    if hook is None:
        having = [k.resolve().__name__ for k in registry.kinds() if k.advise is not None]
        raise InvalidInput(
            "advice() takes a game waiting for a decision ("
            + ", ".join(having)
            + f"); got {type(obj).__name__}"
        )
    result: Advice = hook(obj, **options)
    return result
