"""The six verbs: one name for each question a GM asks, whatever the game.

``kit.advice(obj)``, ``kit.tune(obj, target)``, ``kit.luck(obj)``, ``kit.impact(obj,
house_rules)``, ``kit.odds(obj)`` and ``kit.simulate(obj, n)`` look the object's kind up in
:mod:`kit.registry` and call the engine function its :class:`~kit.registry.Kind` names (the
table is :mod:`kit.kinds`). Advice is given for every game the kit plays:

* a Regulus :class:`~kit.regulus.Job` waiting for a decision (a Knockout, a token):
  :func:`kit.regulus.advice`, exact;
* a :class:`~kit.boards.LimitBoard` in play (which card to face next):
  :func:`kit.boards.advice` (``decide="card"``), exact, the players' skill plan as ``plan=`` (or by
  its older name ``skills=``); each label names the slot, its face and its modifier
  (``"slot 2, face down, -3"``);
* any board in play (standard, preparation, limit, contest, chase) and the skills the players
  have (which skill the next check uses, given the repeated-skill penalty):
  :func:`kit.boards.advice` (``decide="skill"``), the skills on offer as ``skills=``, every
  position walked;
* a Successors battle waiting for a decision (hits, retreat, Take-Over target ...):
  ``kit.successors.combat.advice``, Monte Carlo with standard errors. Pass the
  decision the battle stopped at (``decision=``), or the ``InteractivePolicy`` that asked
  (``policy=``) and the advisor steps a copy to it.

Each returns an :class:`~kit.advising.Advice`: every answer's chance when it is taken now and
every later decision is played at its best (a job's ``policy=`` plays them its way instead; a
battle's follow the automatic policy). :meth:`~kit.advising.Advice.choose` plays the chosen
answer in the game advised on (the job, board or battle moves on) and returns the game;
:meth:`~kit.advising.Advice.answer` gives the answer alone.

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
  Difficulty and Clock for its type, crew, Conditions and rules (``kit.tune(JOB_TYPES["hit"], 0.6,
  crew=3)`` the same for a job type and crew with no job in hand); ``kit.tune(board, 0.5,
  checks="2d6")`` the cards and goal of a standard or limit board of its length and rules;
  ``kit.tune(battle, 0.5, ship="Frigate")`` (or an attacking ``Side``) the garrison's size
  (``ships=[...]``: its budget);
* :func:`luck` (a :class:`~kit.advising.Luck`): a played job, board (``checks=`` the host
  game's dice), battle (``side=``) or journey;
* :func:`impact` (an :class:`~kit.advising.Impact`): ``kit.impact(job, house_rules)`` compares
  the job's own rules with ``house_rules`` over its Difficulty and Clock grid (a board: over
  lengths and goals of its kind; a battle: over garrisons its first side attacks); given a rules
  object first (``RegulusRules``, ``BoardRules``, ``CombatRules``), it is that system's
  ``impact`` with the same arguments.

>>> kit.tune(Job("heist", 7, 7, [Operative("Ash", "Thief")]), 0.6).difficulty
3
"""

from __future__ import annotations

import inspect
from typing import Any

from . import registry
from .advising import Advice, Impact, Luck, Tuning
from .errors import InvalidInput

__all__ = [
    "Advice",
    "Impact",
    "Luck",
    "Tuning",
    "advice",
    "impact",
    "luck",
    "odds",
    "simulate",
    "tune",
]

_WHAT = {
    "advise": "advice() takes a game waiting for a decision",
    "tune": "tune() takes a game to set up at a chance",
    "luck": "luck() takes a played game",
    "impact": "impact() takes a game or a rules object to compare house rules on",
    "odds": "odds() takes a game to tell how it may end",
    "simulate": "simulate() takes a game to play out",
}


def _kind(verb: registry.Verb, obj: object) -> registry.Kind[Any]:
    """The kind of ``obj`` if it has a ``verb`` hook; else refuse, naming the object's kind and
    the kinds that have one."""
    kind = registry.find(obj)
    if kind is None or getattr(kind, verb) is None:
        having = ", ".join(k.name for k in registry.answering(verb))
        what = "of no kind the kit knows" if kind is None else f"a {kind.name}"
        raise InvalidInput(
            f"{_WHAT[verb]}; got a {type(obj).__name__} ({what}). The kinds that answer: {having}"
        )
    return kind


def _bind(verb: registry.Verb, kind: str, hook: Any, args: tuple[Any, ...], options: Any) -> None:
    """Refuse an argument ``hook`` does not take with a kit error that names it and what the
    kind's ``verb`` does take (Python's own TypeError names neither the kind nor the choices)."""
    target = getattr(hook, "forwards_to", None)  # a hook that hands everything on unchanged
    try:
        signature = inspect.signature(hook if target is None else target())
    except (TypeError, ValueError):  # a builtin or C function: let the call itself check
        return
    try:
        signature.bind(*args, **options)
    except TypeError as exc:
        takes = [
            p.name + ("=" if p.kind is p.KEYWORD_ONLY or p.default is not p.empty else "")
            for p in list(signature.parameters.values())[1:]
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
        raise InvalidInput(
            f"kit.{'advice' if verb == 'advise' else verb}() of a {kind}: {exc}; it takes "
            + (", ".join(takes) or "no further arguments")
        ) from None


def advice(obj: object, **options: object) -> Advice:
    """The chance of success of each answer to the decision ``obj`` waits for, and the best one.

    The advisor is the ``advise`` hook of the object's kind (:mod:`kit.kinds`):
    :func:`kit.regulus.advice` (a job with a pending decision), :func:`kit.boards.advice` (a
    board in play) or :func:`kit.successors.combat.advice` (a battle stopped at a decision).
    :meth:`Advice.choose` plays the chosen answer in that game.

    Args:
        obj: a Regulus ``Job`` with a pending decision, a board in play (any kind), or a
            Successors ``Battle`` waiting for a decision.
        **options: passed to the advisor of that kind: ``policy`` for a job (``None``: best play
            afterwards); for a limit board ``decide="card"`` (the default: ``checks``,
            ``plan`` the skill plan, also accepted as ``skills``, and ``pool``) or
            ``decide="skill"``; for every board's skill ``skills`` the players may use,
            ``checks``, ``pool``, ``at_least``, ``opponent_checks`` ...; for a battle
            ``decision``, ``policy``, ``n``, ``seed``, ``goal``, ...

    Raises:
        InvalidInput: ``obj`` is of no kind the advisor answers for (the message names its kind
            and those that answer).
        IllegalAction: it has nothing to decide right now (a job waiting for a roll, a battle
            between phases, a finished board).
    """
    kind = _kind("advise", obj)
    hook = kind.advise
    assert hook is not None
    _bind("advise", kind.name, hook, (obj,), options)
    return hook(obj, **options)


def tune(obj: object, target: float, *args: object, **options: object) -> Tuning:
    """The setups like ``obj`` nearest the chance of success ``target``, nearest first.

    The tuner is the ``tune`` hook of the object's kind: :func:`kit.regulus.tune` (a ``Job``:
    its Difficulty and Clock, ``difficulties``, ``clocks``, ``n``; or a ``JobType`` from
    ``JOB_TYPES`` with the ``crew``, ``conditions`` and ``rules`` to tune for), :func:`kit.boards.tune` (a
    ``StandardBoard`` or ``LimitBoard``: its cards and goal, ``checks`` the players' dice,
    ``goals``, ``values``, ``skills``, ``n``) or :func:`kit.successors.combat.tune` (a two-sided
    ``Battle`` or an attacking ``Side``: the garrison, ``ship`` to count one type or ``ships``
    for a budget, with ``n`` battles, ``counts`` or ``budgets``, ``seed`` ...).

    Raises:
        InvalidInput: ``obj`` is of no kind the tuners set up.
    """
    kind = _kind("tune", obj)
    hook = kind.tune
    assert hook is not None
    _bind("tune", kind.name, hook, (obj, target, *args), options)
    return hook(obj, target, *args, **options)


def luck(obj: object, *args: object, **options: object) -> Luck:
    """Where a played game's ending and each of its steps fell in the odds.

    The report is the ``luck`` hook of the object's kind: :func:`kit.regulus.luck` (a job),
    :func:`kit.boards.luck` (any board: ``checks`` the host game's dice),
    :func:`kit.successors.combat.luck` (a battle: ``side``, ``n``, ``n_phase``, ``seed``) or
    :func:`kit.successors.sector.luck.luck` (a journey: ``within``).

    Raises:
        InvalidInput: ``obj`` is of no kind with a luck report.
        IllegalAction: nothing has been played on it yet.
    """
    kind = _kind("luck", obj)
    hook = kind.luck
    assert hook is not None
    _bind("luck", kind.name, hook, (obj, *args), options)
    return hook(obj, *args, **options)


def impact(obj: object, house_rules: object, *args: object, **options: object) -> Impact:
    """What ``house_rules`` do to the chance of success, over a grid of setups like ``obj``.

    The report is the ``impact`` hook of the object's kind, with the game's own rules as the
    reference: :func:`kit.regulus.impact` (a ``Job``: every Difficulty and Clock of its type,
    crew and Conditions), :func:`kit.boards.impact` (a ``StandardBoard`` or ``LimitBoard``:
    lengths and goals of its kind, ``checks``, ``lengths``, ``goals``, ``cards``, ``skills``) or
    :func:`kit.successors.combat.impact` (a two-sided ``Battle``: its first side against
    garrisons of ``ships`` by ``counts``, simulated). Given a rules object first, the rest are
    what that function takes with one (``kit.impact(RegulusRules(), house, "heist", 3)``).

    Raises:
        InvalidInput: ``obj`` is of no kind with an impact report.
    """
    kind = _kind("impact", obj)
    hook = kind.impact
    assert hook is not None
    _bind("impact", kind.name, hook, (obj, house_rules, *args), options)
    return hook(obj, house_rules, *args, **options)


def odds(obj: object, **options: object) -> registry.Estimate:
    """How ``obj`` may end from where it stands: exact where the kit can be, else simulated.

    Every result says which (``.method``: ``"exact"`` or ``"simulated"``), with the standard
    errors of its estimates under its own field names (``.se``, all 0.0 when exact) and the
    trials behind them (``.n``, None when exact). The kinds that answer, and how:

    * ``regulus-job``: exact (:func:`kit.regulus.odds`, an ``Odds``; ``policy``);
    * ``board/standard``, ``board/preparation``, ``board/limit``: exact Fractions
      (:func:`kit.boards.odds`, a ``BoardOdds``; ``checks``, ``skills``, ``order``, ``pool``);
    * ``board/contest``, ``board/chase``: exact by Markov chain, to 1e-13
      (:func:`kit.boards.odds`, a ``BoardOdds``; a contest's ``opponent_checks``);
      for every board, ``deal=True`` asks instead how a board of its shape ends over every deal
      of its cards from ``pool`` before any is dealt (:func:`kit.boards.deal_odds`, exact);
    * ``successors-battle``: exact (a Markov chain over the battle's states) when the battle
      is small enough, else simulated with standard errors; either way a ``BattleOdds`` whose
      ``method`` and ``why`` say which (:func:`kit.successors.combat.battle_odds`; ``policy``,
      ``max_rounds``, ``n``, ``seed``, ``method``);
    * ``journey``: exact (:func:`kit.successors.sector.odds.odds`, a ``JourneyOdds``: the
      further travel days).

    Two questions about a board are not how it ends, so no verb asks them: the chance of the
    next check alone, slot by slot (:func:`kit.boards.next_check_odds`), and of one exchange
    of a contest (:func:`kit.boards.exchange_odds`).

    Raises:
        InvalidInput: ``obj`` is of no kind with odds (the message names the kinds that have).
    """
    kind = _kind("odds", obj)
    hook = kind.odds
    assert hook is not None
    _bind("odds", kind.name, hook, (obj,), options)
    return hook(obj, **options)


def simulate(obj: object, n: int, **options: object) -> registry.Estimate:
    """``n`` games played out from ``obj`` by Monte Carlo (``obj`` itself is not changed).

    The result's ``.method`` is ``"simulated"``, ``.n`` the games played and ``.se`` the
    standard errors under the result's field names. The kinds that answer:
    :func:`kit.regulus.simulate` (a job: a ``JobSimulation``; ``seed``, ``policy``),
    :func:`kit.boards.simulate` (any board: a ``BoardOdds``; ``checks``, ``seed``, ``skills``
    ...), :func:`kit.successors.combat.simulate` (a battle: a ``BattleSimulation``; ``seed``,
    ``policy``, ``max_rounds`` ...) and :func:`kit.successors.sector.odds.simulate` (a
    journey: a ``JourneyOdds``; ``seed``).

    Raises:
        InvalidInput: ``obj`` is of no kind the kit simulates.
    """
    kind = _kind("simulate", obj)
    hook = kind.simulate
    assert hook is not None
    _bind("simulate", kind.name, hook, (obj, n), options)
    return hook(obj, n, **options)
