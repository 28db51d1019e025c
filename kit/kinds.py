"""The kit's own kinds of object, registered once each (see :mod:`kit.registry`).

Each :class:`~kit.registry.Kind` below is the one place that says how the kit saves a kind of
object in a campaign, which widget opens it, how a handout renders it, what the players'
projection of it is, and which engine functions answer the six verbs for it (:func:`kit.advice`,
:func:`kit.tune`, :func:`kit.luck`, :func:`kit.impact`, :func:`kit.odds`, :func:`kit.simulate`).

This module sits at the top of the kit's layers, so it may name anything: it imports the classes
of its kinds (and the engines that define them), and each hook that would load a widget, a
figure, a handout or another engine's heavier modules is a small typed function importing what it
calls when it runs. No hook is a string: following a verb from ``kit.advice(obj)`` to the engine
that answers is reading imports. The ``kit`` package has the registry read this module before
its first lookup.

Each kind is named after its save format (the ``"gm-kit/<name>"`` of its files). Campaign files
before version 4 named each kind by its class's ``"module:Class"`` path, which the registry keeps
as an alias of the kind (:attr:`~kit.registry.Kind.path`).

>>> from kit import registry
>>> [k.name for k in registry.collections()["boards"]]
['board/standard', 'board/preparation', 'board/limit', 'board/contest', 'board/chase']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from . import boards, regulus
from .advising import Advice, Impact, Luck, Tuning
from .audience import Audience
from .boards.base import Board
from .boards.cards import EventDeck, PoolLike
from .boards.chase import Chase
from .boards.checks import ChecksLike, SkillsLike
from .boards.contest import Contest
from .boards.limit import LimitBoard
from .boards.rules import BoardRules
from .boards.standard import PreparationBoard, StandardBoard
from .campaign import Campaign, Crew
from .errors import InvalidInput
from .registry import Estimate, ImpactHook, Kind, TuneHook, register
from .regulus.job import Job
from .regulus.rules import RegulusRules
from .regulus.tables import JobType
from .successors.combat.battle import Battle
from .successors.combat.protocol import CombatPolicy
from .successors.combat.rules import CombatRules
from .successors.combat.state import Side
from .successors.combat.workshop import Workshop
from .successors.entities import Entity
from .successors.fleets import Fleet
from .successors.sector.journey import Journey
from .successors.sector.sector import Sector
from .successors.stars.system import StarSystem

__all__ = ["BATTLE_ODDS", "register_all"]

B = TypeVar("B", bound=Board[Any])
F = TypeVar("F", bound=Callable[..., object])


def _forwards(target: Callable[[], Callable[..., object]]) -> Callable[[F], F]:
    """Mark a hook that passes its arguments on unchanged to the engine function ``target()``
    returns (loaded when asked), so the verbs check a caller's arguments against that
    function's own signature (``kit.advisor._bind``) before anything runs."""

    def mark(hook: F) -> F:
        setattr(hook, "forwards_to", target)  # noqa: B010 (a function has no typed slot for it)
        return hook

    return mark


def _combat_advice() -> Callable[..., object]:
    from .successors.combat.advice import advice

    return advice


def _combat_tune() -> Callable[..., object]:
    from .successors.combat.tuning import tune

    return tune


def _combat_luck() -> Callable[..., object]:
    from .successors.combat.luck import luck

    return luck


def _combat_odds() -> Callable[..., object]:
    from .successors.combat.exact import battle_odds

    return battle_odds


def _combat_simulate() -> Callable[..., object]:
    from .successors.combat.simulate import simulate

    return simulate


def _sector_simulate() -> Callable[..., object]:
    from .successors.sector.odds import simulate

    return simulate


BATTLE_ODDS = (
    "exact (a Markov chain over whole rounds) for small battles, else simulated (Monte Carlo, "
    "standard errors); the result's method and why say which"
)
"""How a battle's odds are found, as :func:`kit.odds`'s help says it."""


# ------------------------------------------------------------------ widgets (loaded on use)
def _job_widget(job: Job, **options: Any) -> object:
    from .widgets.regulus import JobTable

    return JobTable(job, **options)


def _board_widget(board: Board[Any], **options: Any) -> object:
    from .widgets.boards import BoardWidget

    return BoardWidget(board, **options)


def _entity_widget(entity: Entity, **options: Any) -> object:
    from .widgets.entity_builder import EntityBuilder

    return EntityBuilder(entity, **options)


def _fleet_widget(fleet: Fleet, **options: Any) -> object:
    from .widgets.fleet_builder import FleetBuilder

    return FleetBuilder(fleet, **options)


def _battle_widget(battle: Battle, **options: Any) -> object:
    from .widgets.combat import CombatTable

    return CombatTable(battle, **options)


def _system_widget(system: StarSystem, **options: Any) -> object:
    from .widgets.stars import StarSystemExplorer

    return StarSystemExplorer(system, **options)


def _sector_widget(sector: Sector, **options: Any) -> object:
    from .widgets.stars import SectorExplorer

    return SectorExplorer(sector, **options)


# ------------------------------------------------------------------ handouts
def _job_handout(job: Job, audience: Audience, options: Any) -> object:
    from .handouts.jobs import job_handout

    return job_handout(job, audience, options)


def _entity_handout(entity: Entity, audience: Audience, options: Any) -> object:
    from .handouts.successors import entity_handout

    return entity_handout(entity, audience, options)


def _fleet_handout(fleet: Fleet, audience: Audience, options: Any) -> object:
    from .handouts.successors import fleet_handout

    return fleet_handout(fleet, audience, options)


def _system_handout(system: StarSystem, audience: Audience, options: Any) -> object:
    from .handouts.stars import system_handout

    return system_handout(system, audience, options)


def _sector_handout(sector: Sector, audience: Audience, options: Any) -> object:
    from .handouts.stars import sector_handout

    return sector_handout(sector, audience, options)


# ------------------------------------------------------------------ the players' projections
def _project_job(job: Job, knowledge: Any, **options: Any) -> object:
    from .players.games import project_job

    return project_job(job, knowledge, **options)


def _project_entity(entity: Entity, knowledge: Any, **options: Any) -> object:
    from .players.fleets import project_entity

    return project_entity(entity, knowledge, **options)


def _project_fleet(fleet: Fleet, knowledge: Any, **options: Any) -> object:
    from .players.fleets import project_fleet

    return project_fleet(fleet, knowledge, **options)


def _project_system(system: StarSystem, knowledge: Any, **options: Any) -> object:
    from .players.stars import project_system

    return project_system(system, knowledge, **options)


def _project_sector(sector: Sector, knowledge: Any, **options: Any) -> object:
    from .players.stars import project_sector

    return project_sector(sector, knowledge, **options)


def _project_campaign(campaign: Campaign, knowledge: Any, **options: Any) -> object:
    from .players.campaign import project_campaign

    return project_campaign(campaign, knowledge, **options)


# ------------------------------------------------------------------ recaps
def _recap_job(job: Job, start: int, **options: Any) -> object:
    from .recap import recap_job

    return recap_job(job, start, **options)


def _recap_board(board: Board[Any], start: int, **options: Any) -> object:
    from .recap import recap_board

    return recap_board(board, start, **options)


def _recap_battle(battle: Battle, start: int, **options: Any) -> object:
    from .recap import recap_battle

    return recap_battle(battle, start, **options)


def _recap_journey(journey: Journey, start: int, **options: Any) -> object:
    from .recap import recap_journey

    return recap_journey(journey, start, **options)


# ------------------------------------------------------------------ battles and journeys
@_forwards(_combat_advice)
def _battle_advice(battle: Battle, **options: Any) -> Advice:
    from .successors.combat.advice import advice

    return advice(battle, **options)


@_forwards(_combat_tune)
def _battle_tune(battle: Battle | Side, target: float, **options: Any) -> Tuning:
    from .successors.combat.tuning import tune

    return tune(battle, target, **options)


@_forwards(_combat_luck)
def _battle_luck(battle: Battle, side: int | str = 0, **options: Any) -> Luck:
    from .successors.combat.luck import luck

    return luck(battle, side, **options)


def _battle_impact(
    battle: Battle | CombatRules, house_rules: CombatRules | None, *args: Any, **options: Any
) -> Impact:
    from .successors.combat.impact import impact

    if isinstance(battle, Battle):  # the battle's own sides fight: the rest are ships, counts
        return impact(battle, house_rules, None, *args, **options)
    return impact(battle, house_rules, *args, **options)


@_forwards(_combat_odds)
def _battle_odds(
    battle: Battle,
    policy: CombatPolicy | None = None,
    max_rounds: int | None = None,
    **options: Any,
) -> Estimate:
    from .successors.combat.exact import battle_odds

    return battle_odds(battle, policy, max_rounds, **options)


@_forwards(_combat_simulate)
def _battle_simulate(battle: Battle, n: int, **options: Any) -> Estimate:
    from .successors.combat.simulate import simulate

    return simulate(battle, n, **options)


def _journey_luck(journey: Journey, *, within: int | None = None) -> Luck:
    from .successors.sector.luck import luck

    return luck(journey, within=within)


def _journey_odds(journey: Journey) -> Estimate:
    from .successors.sector.odds import odds

    return odds(journey)


@_forwards(_sector_simulate)
def _journey_simulate(journey: Journey, n: int, **options: Any) -> Estimate:
    from .successors.sector.odds import simulate

    return simulate(journey, n, **options)


def _board_odds(
    board: Board[Any],
    checks: ChecksLike = "2d6",
    skills: SkillsLike = None,
    *,
    deal: bool = False,
    opponent_checks: ChecksLike | None = None,
    opponent_skills: SkillsLike = None,
    order: Sequence[int] | str | None = None,
    pool: PoolLike = None,
) -> Estimate:
    """How a board may end from where it stands (:func:`kit.boards.odds`), or with
    ``deal=True`` how a board of its shape ends over every deal of its cards from ``pool``
    before any is dealt (:func:`kit.boards.deal_odds`: its own cards are ignored; a limit
    board's ``order`` may then be ``"best"``). Both are a ``BoardOdds``."""
    if deal:
        return boards.deal_odds(
            board,
            checks,
            skills,
            pool=pool,
            order=order,
            opponent_checks=opponent_checks,
            opponent_skills=opponent_skills,
        )
    if isinstance(order, str):
        raise InvalidInput(
            f"kit.odds() of a board/{board.KIND}: order={order!r} is for the odds before the deal "
            "(deal=True); on a dealt board order is a list of slots, or None"
        )
    return boards.odds(
        board,
        checks,
        skills,
        opponent_checks=opponent_checks,
        opponent_skills=opponent_skills,
        order=order,
        pool=pool,
    )


def _board(
    cls: type[B],
    *,
    tune: TuneHook[B] | None = None,
    impact: ImpactHook[B] | None = None,
    odds_method: str = "exact",
) -> Kind[B]:
    """Every board kind opens in the board widget, is advised by the board advisor, has a luck
    report, exact odds (from where it stands, or before its cards are dealt) and a Monte Carlo,
    and is told by the recap the same way; standard and
    limit boards are also tuned and compared under house rules (``tune``, ``impact``)."""
    return Kind(
        f"board/{cls.KIND}",
        cls,
        collection="boards",
        widget=_board_widget,
        widget_object="board",
        advise=boards.advice,
        recap=_recap_board,
        luck=boards.luck,
        tune=tune,
        impact=impact,
        odds=_board_odds,
        odds_method=odds_method,
        simulate=boards.simulate,
    )


def register_all() -> None:
    """Register the kit's own kinds (the registry runs this once, before its first lookup)."""
    kinds: tuple[Kind[Any], ...] = (
        Kind(
            "regulus-job",
            Job,
            collection="jobs",
            widget=_job_widget,
            widget_object="job",
            handout=_job_handout,
            project=_project_job,
            recap=_recap_job,
            advise=regulus.advice,
            tune=regulus.tune,
            luck=regulus.luck,
            impact=regulus.impact,
            odds=regulus.odds,
            odds_method="exact",
            simulate=regulus.simulate,
        ),
        # a job type is tuned like a job of that type (its Difficulty and Clock, for ``crew=``)
        Kind("regulus-job-type", JobType, collection="job_types", tune=regulus.tune),
        Kind("crew", Crew, collection="crews"),
        _board(StandardBoard, tune=boards.tune, impact=boards.impact),
        _board(PreparationBoard),
        _board(LimitBoard, tune=boards.tune, impact=boards.impact),
        _board(Contest, odds_method="exact (Markov chain, to 1e-13)"),
        _board(Chase, odds_method="exact (Markov chain, to 1e-13)"),
        Kind("event-deck", EventDeck, collection="decks"),
        Kind(
            "successors-entity",
            Entity,
            collection="entities",
            widget=_entity_widget,
            widget_object="entity",
            handout=_entity_handout,
            project=_project_entity,
        ),
        Kind(
            "successors-fleet",
            Fleet,
            collection="fleets",
            widget=_fleet_widget,
            widget_object="panel.fleet",
            handout=_fleet_handout,
            project=_project_fleet,
        ),
        Kind(
            "successors-battle",
            Battle,
            collection="battles",
            widget=_battle_widget,
            widget_object="battle",
            recap=_recap_battle,
            advise=_battle_advice,
            tune=_battle_tune,
            luck=_battle_luck,
            impact=_battle_impact,
            odds=_battle_odds,
            odds_method=BATTLE_ODDS,
            simulate=_battle_simulate,
        ),
        Kind(
            "star-system",
            StarSystem,
            collection="systems",
            widget=_system_widget,
            widget_object="system",
            handout=_system_handout,
            project=_project_system,
        ),
        Kind(
            "sector",
            Sector,
            collection="sectors",
            widget=_sector_widget,
            widget_object="sector",
            handout=_sector_handout,
            project=_project_sector,
        ),
        Kind(
            "journey",
            Journey,
            collection="journeys",
            recap=_recap_journey,
            luck=_journey_luck,
            odds=_journey_odds,
            odds_method="exact",
            simulate=_journey_simulate,
        ),
        Kind("successors-workshop", Workshop, collection="workshops"),
        # a campaign is kept in no collection; its kind gives the players' whole projection
        Kind("campaign", Campaign, project=_project_campaign),
        # kept by no campaign, but the verbs take them: an attacking side is tuned against a
        # garrison, and a rules object is compared with house rules by its system's impact
        Kind("successors-side", Side, tune=_battle_tune),
        Kind("regulus-rules", RegulusRules, impact=regulus.impact),
        Kind("board-rules", BoardRules, impact=boards.impact),
        Kind("combat-rules", CombatRules, impact=_battle_impact),
    )
    for kind in kinds:
        register(kind)
