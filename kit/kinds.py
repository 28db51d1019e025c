"""The kit's own kinds of object, registered once each (see :mod:`kit.registry`).

Each :class:`~kit.registry.Kind` below is the one place that says how the kit saves a kind of
object in a campaign, which widget opens it, how a handout renders it, what the players'
projection of it is, and which advisor, tuner, luck report and house-rule impact answer for it
(:func:`kit.advice`, :func:`kit.tune`, :func:`kit.luck`, :func:`kit.impact`).
Everything is named by ``"module:attribute"`` path, so reading this module imports nothing: an
engine is loaded when an object of its kind exists, a widget or figure when one is asked for.

The player-facing hooks are called as ``handout(obj, audience, options)`` (returning a
:class:`kit.handouts.Document`, see :mod:`kit.handouts`), ``project(obj, knowledge, **options)``
(a value of :mod:`kit.players`, or None for what the players do not know) and
``recap(obj, start, *, audience, knowledge, side)`` (a :class:`kit.players.Story`).

Each kind is named after its save format (the ``"gm-kit/<name>"`` of its files). Campaign files
before version 4 named each kind by its class's ``"module:Class"`` path, which the registry keeps
as an alias of the kind; a class that moves to another module lists its old path in ``aliases``.

>>> from kit import registry
>>> [k.name for k in registry.collections()["boards"]]
['board/standard', 'board/preparation', 'board/limit', 'board/contest', 'board/chase']
"""

from __future__ import annotations

from .registry import Kind, register

__all__: list[str] = []


def _board(name: str, cls: str, tuned: bool = False) -> Kind:
    """Every board kind opens in the board widget, is advised by the board advisor, has a luck
    report and is told by the recap the same way; standard and limit boards are also tuned and
    compared under house rules."""
    return Kind(
        name,
        cls,
        collection="boards",
        widget="kit.widgets.boards:BoardWidget",
        widget_object="board",
        advise="kit.boards.advice:advise",
        recap="kit.recap:recap_board",
        luck="kit.boards.luck:board_luck",
        tune="kit.boards.tuning:tune_like" if tuned else None,
        impact="kit.boards.impact:board_impact" if tuned else None,
    )


for _kind in (
    Kind(
        "regulus-job",
        "kit.regulus.job:Job",
        collection="jobs",
        widget="kit.widgets.regulus:JobTable",
        widget_object="job",
        handout="kit.handouts.jobs:job_handout",
        project="kit.players.games:project_job",
        recap="kit.recap:recap_job",
        advise="kit.regulus.advice:job_advice",
        tune="kit.regulus.tuning:tune_job",
        luck="kit.regulus.luck:luck",
        impact="kit.regulus.impact:job_impact",
    ),
    Kind("regulus-job-type", "kit.regulus.tables:JobType", collection="job_types"),
    Kind("crew", "kit.campaign:Crew", collection="crews"),
    _board("board/standard", "kit.boards.standard:StandardBoard", tuned=True),
    _board("board/preparation", "kit.boards.standard:PreparationBoard"),
    _board("board/limit", "kit.boards.limit:LimitBoard", tuned=True),
    _board("board/contest", "kit.boards.contest:Contest"),
    _board("board/chase", "kit.boards.chase:Chase"),
    Kind("event-deck", "kit.boards.cards:EventDeck", collection="decks"),
    Kind(
        "successors-entity",
        "kit.successors.entities:Entity",
        collection="entities",
        widget="kit.widgets.entity_builder:EntityBuilder",
        widget_object="entity",
        handout="kit.handouts.successors:entity_handout",
        project="kit.players.fleets:project_entity",
    ),
    Kind(
        "successors-fleet",
        "kit.successors.fleets:Fleet",
        collection="fleets",
        widget="kit.widgets.fleet_builder:FleetBuilder",
        widget_object="panel.fleet",
        handout="kit.handouts.successors:fleet_handout",
        project="kit.players.fleets:project_fleet",
    ),
    Kind(
        "successors-battle",
        "kit.successors.combat.battle:Battle",
        collection="battles",
        widget="kit.widgets.combat:CombatTable",
        widget_object="battle",
        recap="kit.recap:recap_battle",
        advise="kit.successors.combat.advice:advise_battle",
        tune="kit.successors.combat.tuning:tune_attack",
        luck="kit.successors.combat.luck:battle_luck",
        impact="kit.successors.combat.impact:battle_impact",
    ),
    Kind(
        "star-system",
        "kit.successors.stars.system:StarSystem",
        collection="systems",
        widget="kit.widgets.stars:StarSystemExplorer",
        widget_object="system",
        handout="kit.handouts.stars:system_handout",
        project="kit.players.stars:project_system",
    ),
    Kind(
        "sector",
        "kit.successors.sector.sector:Sector",
        collection="sectors",
        widget="kit.widgets.stars:SectorExplorer",
        widget_object="sector",
        handout="kit.handouts.stars:sector_handout",
        project="kit.players.stars:project_sector",
    ),
    Kind(
        "journey",
        "kit.successors.sector.journey:Journey",
        collection="journeys",
        recap="kit.recap:recap_journey",
        luck="kit.successors.sector.luck:journey_luck",
    ),
    Kind(
        "successors-workshop",
        "kit.successors.combat.workshop:Workshop",
        collection="workshops",
    ),
    # a campaign is kept in no collection; its kind gives the players' whole projection
    Kind("campaign", "kit.campaign:Campaign", project="kit.players.campaign:project_campaign"),
    # kept by no campaign, but the advisor's verbs take them: an attacking side is tuned
    # against a garrison, and a rules object compared with house rules by its system's
    # rule_impact
    Kind(
        "successors-side",
        "kit.successors.combat.state:Side",
        tune="kit.successors.combat.tuning:tune_attack",
    ),
    Kind(
        "regulus-rules", "kit.regulus.rules:RegulusRules", impact="kit.regulus.impact:rule_impact"
    ),
    Kind("board-rules", "kit.boards.rules:BoardRules", impact="kit.boards.impact:rule_impact"),
    Kind(
        "combat-rules",
        "kit.successors.combat.rules:CombatRules",
        impact="kit.successors.combat.impact:rule_impact",
    ),
):
    register(_kind)
del _kind
