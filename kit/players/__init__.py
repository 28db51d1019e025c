"""What the players know, as values: one projection of the campaign through its knowledge record.

Every player view of the kit (the player sector map and star-system figure, the job figure's
player mode, player handouts in every format, the player session recap and every response of
the player screen) is drawn from a value this package returns, never from the GM's objects.
The values are frozen dataclasses of plain text and numbers (:mod:`.values`); nothing a renderer
can reach from them refers to a campaign object, so a secret cannot leak by a forgotten argument
or a stray attribute. :func:`project` is the one entry point: it looks the object's kind up in
:mod:`kit.registry` and runs that kind's ``project`` hook.

What the projection promises, tested as laws over generated campaigns
(``tests/campaign/test_noninterference.py``):

* **Non-interference.** Two campaigns that differ only in what the players do not know (systems
  they never learned, orbits they never scanned, fleets they never met, GM-only notes, the fate
  of an entity they never detected) have equal projections, so every player view of them is
  the same to the byte.
* **Identity by object.** Fleets and entities are known by their own key in the record
  (:func:`key`), never by an owner's or a battle side's display name.
* **Counted among the known.** Distances (``within=``) are jumps over the routes the players
  know, between systems they know; no GM index, and nothing counts the systems they do not
  know.
* **A hide is a never.** After a hide, the projection is what it would be had the thing never
  been revealed; a route to a hidden system goes with it. A reveal adds exactly what it names.

>>> from kit.successors.knowledge import Knowledge
>>> from kit.successors.sector import Sector, SectorRules
>>> sector = Sector([[0, 0], [6, 0], [12, 0]], ["Home", "Secretia", "Far"],
...                 rules=SectorRules(max_range=10.0))
>>> k = Knowledge()
>>> k.travelled(("Home", "Secretia"))
>>> [s.name for s in project(sector, k).systems], len(project(sector, k).routes)
(['Home', 'Secretia'], 1)
>>> k.hide("Secretia")
>>> [s.name for s in project(sector, k).systems], project(sector, k).routes
(['Home'], ())
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast, overload

from .. import registry
from .campaign import AUTO, Campaign, project_campaign
from .fleets import key, project_entity, project_fleet
from .games import Story, battle_story, journey_story, project_job
from .stars import gm_system, project_sector, project_system, system_from_view
from .values import (
    KnownBody,
    KnownCampaign,
    KnownEntity,
    KnownEvent,
    KnownFleet,
    KnownJob,
    KnownJobRow,
    KnownNote,
    KnownOrbit,
    KnownRoute,
    KnownSector,
    KnownShip,
    KnownStar,
    KnownSystem,
    KnownSystemPlace,
    Sighting,
)

if TYPE_CHECKING:
    from ..regulus.job import Job
    from ..successors.entities import Entity
    from ..successors.fleets import Fleet
    from ..successors.knowledge import Knowledge
    from ..successors.sector.sector import Sector
    from ..successors.stars.system import StarSystem

__all__ = [
    "AUTO",
    "KnownBody",
    "KnownCampaign",
    "KnownEntity",
    "KnownEvent",
    "KnownFleet",
    "KnownJob",
    "KnownJobRow",
    "KnownNote",
    "KnownOrbit",
    "KnownRoute",
    "KnownSector",
    "KnownShip",
    "KnownStar",
    "KnownSystem",
    "KnownSystemPlace",
    "Projection",
    "Sighting",
    "Story",
    "battle_story",
    "gm_system",
    "journey_story",
    "key",
    "project",
    "project_campaign",
    "project_entity",
    "project_fleet",
    "project_job",
    "project_sector",
    "project_system",
    "system_from_view",
]


Projection = KnownCampaign | KnownSector | KnownSystem | KnownFleet | KnownEntity | KnownJob
"""What :func:`project` returns for some object: one of the values of :mod:`.values`."""


@overload
def project(obj: Sector, knowledge: Knowledge | None = None, **options: object) -> KnownSector: ...
@overload
def project(
    obj: StarSystem, knowledge: Knowledge | None = None, **options: object
) -> KnownSystem | None: ...
@overload
def project(
    obj: Fleet, knowledge: Knowledge | None = None, **options: object
) -> KnownFleet | None: ...
@overload
def project(
    obj: Entity, knowledge: Knowledge | None = None, **options: object
) -> KnownEntity | None: ...
@overload
def project(obj: Job, knowledge: Knowledge | None = None, **options: object) -> KnownJob: ...
@overload
def project(
    obj: Campaign, knowledge: Knowledge | None = None, **options: object
) -> KnownCampaign: ...
@overload
def project(
    obj: object, knowledge: Knowledge | None = None, **options: object
) -> Projection | None: ...
def project(
    obj: object, knowledge: Knowledge | None = None, **options: object
) -> Projection | None:
    """What the players know of ``obj`` (a campaign, sector, system, fleet, entity or job).

    ``knowledge`` is the players' record (a campaign uses its own when it is None); the options
    are those of the kind's projection (:func:`project_sector`'s ``center`` and ``within``, the
    ``name`` a record knows a fleet by...). Returns a value of :mod:`.values`, or None for a
    system, fleet or entity the players do not know.

    Raises:
        InvalidType: the kit has no player projection for that kind of object.
    """
    project = registry.hook(obj, "project").project
    assert project is not None
    # the registry types a hook's result as object; every kind's project hook gives one of these
    return cast("Projection | None", project(obj, knowledge, **options))
