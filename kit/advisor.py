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

from .advising import Advice
from .errors import InvalidInput

__all__ = ["Advice", "advice"]


def advice(obj: Any, **options: Any) -> Advice:
    """The chance of success of each answer to the decision ``obj`` waits for, and the best one.

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
        InvalidInput: ``obj`` is none of the kinds above.
        IllegalAction: it has nothing to decide right now.
    """
    module = type(obj).__module__
    if module.startswith("kit.regulus"):
        from .regulus import Job
        from .regulus.advice import job_advice

        if isinstance(obj, Job):
            return job_advice(obj, **options)
    elif module.startswith("kit.boards"):
        from .boards import Chase, Contest, LimitBoard, PreparationBoard, StandardBoard
        from .boards.advice import board_advice, skill_advice

        if isinstance(obj, LimitBoard):
            decide = options.pop("decide", "card")
            if decide == "skill":
                return skill_advice(obj, **options)
            if decide != "card":
                raise InvalidInput(
                    f"decide must be 'card' or 'skill' on a limit board, got {decide!r}"
                )
            return board_advice(obj, **options)
        if isinstance(obj, (StandardBoard, PreparationBoard, Contest, Chase)):
            if options.pop("decide", "skill") != "skill":
                raise InvalidInput(f"decide: a {obj.KIND} board only has 'skill'")
            if "skills" not in options:
                raise InvalidInput(
                    f"a {obj.KIND} board's decision is which skill the next check uses: pass "
                    "skills=[...] (the skills the players may use); card advice is for a LimitBoard"
                )
            return skill_advice(obj, **options)
    elif module.startswith("kit.successors.combat"):
        from .successors.combat import Battle

        if isinstance(obj, Battle):
            from .successors.combat.advice import advise_battle

            result: Advice = advise_battle(obj, **options)
            return result
    raise InvalidInput(
        "advice() takes a Regulus Job with a pending decision, a board in play (LimitBoard, "
        "StandardBoard, PreparationBoard, Contest, Chase) or a Successors Battle waiting for a "
        "decision; got "
        f"{type(obj).__name__}"
    )
