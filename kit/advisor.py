"""``kit.advice(obj)``: the chance of success behind each answer to the decision a game waits for.

One entry point for every game the kit plays:

* a Regulus :class:`~kit.regulus.Job` waiting for a decision (a Knockout, a token):
  :func:`kit.regulus.advice.job_advice`, exact;
* a :class:`~kit.boards.LimitBoard` in play (which card to face next):
  :func:`kit.boards.advice.board_advice`, exact, the players' skill plan as ``plan=`` (or by
  its older name ``skills=``); each label names the slot, its face and its modifier
  (``"slot 2, face down, -3"``);
* any board in play (standard, preparation, limit, contest, chase) and the skills the players
  have (which skill the next check uses, given the repeated-skill penalty):
  :func:`kit.boards.advice.skill_advice`, the skills on offer as ``skills=``, every position
  walked; ``decide="skill"`` selects it on a limit board;
* a Successors battle waiting for a decision (hits, retreat, Take-Over target ...):
  ``kit.successors.combat.advice.advise_battle``, Monte Carlo with standard errors. Pass the
  decision the battle stopped at (``decision=``), or the ``InteractivePolicy`` that asked
  (``policy=``) and the advisor steps a copy to it.

Each returns an :class:`~kit.advising.Advice`: every answer's chance when it is taken now and
every later decision is played at its best (a job's ``policy=`` plays them its way instead; a
battle's follow the automatic policy). :meth:`~kit.advising.Advice.choose` gives the answer a
label stands for, in the form the game takes it (a slot, a skill, an operative, a battle
answer). The engines load only when their kind of object is advised on.

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

The same registry answers the advisor's other verbs, each with one result type for every
system (see :mod:`kit.advising`), on the object a GM has in hand:

* :func:`tune` (a :class:`~kit.advising.Tuning`): ``kit.tune(job, 0.6)`` tries that job's
  Difficulty and Clock for its type, crew, Conditions and rules; ``kit.tune(board, 0.5,
  "2d6")`` the cards and goal of a standard or limit board of its length and rules;
  ``kit.tune(battle, 0.5, ship="Frigate")`` (or an attacking ``Side``) the garrison's size
  (``ships=[...]``: its budget);
* :func:`luck` (a :class:`~kit.advising.Luck`): a played job, board (``checks=`` the host
  game's dice), battle (``side=``) or journey;
* :func:`impact` (an :class:`~kit.advising.Impact`): ``kit.impact(job, house_rules)`` compares
  the job's own rules with ``house_rules`` over its Difficulty and Clock grid (a board: over
  lengths and goals of its kind; a battle: over garrisons its first side attacks); given a rules
  object first (``RegulusRules``, ``BoardRules``, ``CombatRules``), it is that system's
  ``rule_impact`` with the same arguments.

>>> kit.tune(Job("heist", 7, 7, [Operative("Ash", "Thief")]), 0.6).difficulty
3
"""

from __future__ import annotations

from typing import Any

from . import registry
from .advising import Advice, Impact, Luck, Tuning
from .errors import InvalidInput

__all__ = ["Advice", "Impact", "Luck", "Tuning", "advice", "impact", "luck", "tune"]

_WHAT = {
    "advise": "advice() takes a game waiting for a decision",
    "tune": "tune() takes a game to set up at a chance",
    "luck": "luck() takes a played game",
    "impact": "impact() takes a game or a rules object to compare house rules on",
}


def _call(verb: registry.Verb, obj: object, *args: object, **options: object) -> Any:
    """Run ``verb``'s hook of ``obj``'s kind, or refuse naming the kinds that have one."""
    kind = registry.find(obj)
    hook = kind.get(verb) if kind is not None else None
    if hook is None:
        having = [k.resolve().__name__ for k in registry.kinds() if getattr(k, verb) is not None]
        raise InvalidInput(f"{_WHAT[verb]} (" + ", ".join(having) + f"); got {type(obj).__name__}")
    return hook(obj, *args, **options)


def advice(obj: object, **options: object) -> Advice:
    """The chance of success of each answer to the decision ``obj`` waits for, and the best one.

    The advisor is the ``advise`` hook of the object's kind (:mod:`kit.registry`).

    Args:
        obj: a Regulus ``Job`` with a pending decision, a board in play (any kind), or a
            Successors ``Battle`` waiting for a decision.
        **options: passed to the advisor of that kind: ``policy`` for a job (``None``: best play
            afterwards); for a limit board ``decide="card"`` (the default: ``checks``,
            ``plan`` the skill plan, also accepted as ``skills``, and ``pool``) or
            ``decide="skill"``; for every board's skill what ``skill_advice`` takes (``skills``
            the players may use, ``checks``, ``pool``, ``at_least``, ``opponent_checks`` ...);
            for a battle what ``advise_battle`` takes (``decision``, ``policy``, ``n``,
            ``seed``, ``goal``, ...).

    Raises:
        InvalidInput: ``obj`` is of no kind the advisor answers for.
        IllegalAction: it has nothing to decide right now.
    """
    result: Advice = _call("advise", obj, **options)
    return result


def tune(obj: object, target: float, *args: object, **options: object) -> Tuning:
    """The setups of ``obj``'s kind nearest the chance of success ``target``, nearest first.

    The tuner is the ``tune`` hook of the object's kind (:mod:`kit.registry`).

    Args:
        obj: a Regulus ``Job`` (its Difficulty and Clock are tried: ``difficulties``,
            ``clocks``, ``n``), a ``StandardBoard`` or ``LimitBoard`` (its cards and goal:
            ``checks`` the players' dice, ``goals``, ``values``, ``skills``, ``n``), or a
            Successors ``Battle`` of two sides or an attacking ``Side`` (the garrison: ``ship``
            to count one type or ``ships`` for a budget, with ``n`` battles, ``counts`` or
            ``budgets``, ``seed`` ...).
        target: the chance of success wanted, 0 to 1.

    Raises:
        InvalidInput: ``obj`` is of no kind the tuners set up.
    """
    result: Tuning = _call("tune", obj, target, *args, **options)
    return result


def luck(obj: object, *args: object, **options: object) -> Luck:
    """Where a played game's ending and each of its steps fell in the odds.

    The report is the ``luck`` hook of the object's kind: a Regulus ``Job``
    (:func:`kit.regulus.luck`), any board (:func:`kit.boards.board_luck`: ``checks`` the host
    game's dice), a ``Battle`` (``side``, ``n``, ``n_phase``, ``seed``) or a ``Journey``.

    Raises:
        InvalidInput: ``obj`` is of no kind with a luck report.
        IllegalAction: nothing has been played on it yet.
    """
    result: Luck = _call("luck", obj, *args, **options)
    return result


def impact(obj: object, *args: object, **options: object) -> Impact:
    """What a house rule does to the chance of success, over a grid of setups like ``obj``.

    The report is the ``impact`` hook of the object's kind. Given a game, the second argument
    is the house rules, compared with the game's own: a ``Job`` (every Difficulty and Clock of
    its type, crew and Conditions), a ``StandardBoard`` or ``LimitBoard`` (lengths and goals of
    its kind: ``checks``, ``lengths``, ``goals``, ``cards``, ``skills``) or a two-sided
    ``Battle`` (its first side against garrisons of ``ships`` by ``counts``, simulated). Given a
    rules object, the arguments are those of that system's ``rule_impact``
    (``kit.impact(RegulusRules(), house, "heist", 3)``).

    Raises:
        InvalidInput: ``obj`` is of no kind with an impact report.
    """
    result: Impact = _call("impact", obj, *args, **options)
    return result
