"""``kit.advice(obj)``: the chance of success behind each answer to the decision a game waits for.

One entry point for every game the kit plays:

* a Regulus :class:`~kit.regulus.Job` waiting for a decision (a Knockout, a token):
  :func:`kit.regulus.advice.job_advice`, exact;
* a :class:`~kit.boards.LimitBoard` in play (which card to face next):
  :func:`kit.boards.advice.board_advice`, exact;
* a Successors battle waiting for a decision:
  ``kit.successors.combat.advice.advise_battle`` (exact or Monte Carlo, as that advisor says).

Each returns an :class:`~kit.advising.Advice`. The engines load only when their kind of object
is advised on.

>>> import kit
>>> from kit.regulus import Job, Operative
>>> job = Job("heist", 4, 6, [Operative("Ash", "Thief")], seed=1)
>>> kit.advice(job)
Traceback (most recent call last):
...
kit.errors.IllegalAction: the job has no pending decision, so there is nothing to decide: it waits for a roll
"""

from __future__ import annotations

from typing import Any

from .advising import Advice
from .errors import InvalidInput

__all__ = ["Advice", "advice"]


def advice(obj: Any, **options: Any) -> Advice:
    """The chance of success of each answer to the decision ``obj`` waits for, and the best one.

    Args:
        obj: a Regulus ``Job`` with a pending decision, a ``LimitBoard`` in play, or a
            Successors ``Battle`` waiting for a decision.
        **options: passed to the advisor of that kind: ``policy`` for a job (``None``: best play
            afterwards); ``checks``, ``skills`` and ``pool`` for a limit board; for a battle
            what ``advise_battle`` takes (``decision``, ``n``, ``seed``, ``goal``, ...).

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
        from .boards import LimitBoard
        from .boards.advice import board_advice

        if isinstance(obj, LimitBoard):
            return board_advice(obj, **options)
    elif module.startswith("kit.successors.combat"):
        from .successors.combat import Battle

        if isinstance(obj, Battle):
            from .successors.combat.advice import advise_battle

            result: Advice = advise_battle(obj, **options)
            return result
    raise InvalidInput(
        f"advice() takes a Regulus Job with a pending decision, a LimitBoard in play or a "
        f"Successors Battle waiting for a decision; got {type(obj).__name__}"
    )
