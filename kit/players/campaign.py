"""The players' projection of a whole campaign: what the player screen shows.

:func:`project_campaign` reads the campaign's knowledge record and its collections and returns a
:class:`~.values.KnownCampaign`: the sector shown, the system the party is in (if the players
know it), the fleets and entities they have met (each by its own key in the record, see
:func:`~.fleets.key`), the notes they may read, today's date on the campaign's clock and the
events of its timeline marked for the players (a hidden activity's events and GM-only planned
events never are).

**What is shown without being told.** Given no sector, the screen shows the one sector in which
the players know a system (or, while they know none anywhere, the campaign's only sector); given
no system, the one system of the campaign the players know. Both choices read only what the
players know (and the number of sectors), so adding a system the players do not know to the
campaign never changes the page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from .. import registry
from .fleets import key
from .stars import project_sector, project_system
from .values import KnownCampaign, KnownEntity, KnownEvent, KnownFleet, KnownNote

if TYPE_CHECKING:
    from ..successors.knowledge import Knowledge
    from ..successors.sector.sector import Sector
    from ..successors.stars.system import StarSystem

__all__ = ["AUTO", "default_sector", "default_system", "project_campaign"]


class DatedEvent(Protocol):
    """What the projection reads of a campaign clock's event (:class:`kit.clock.ClockEvent`)."""

    @property
    def day(self) -> int:
        """The standard day it happened on."""
        ...

    @property
    def text(self) -> str:
        """What happened, in words."""
        ...


class Timeline(Protocol):
    """What the projection reads of the clock's dated timeline (:class:`kit.clock.Timeline`)."""

    def filter(self, *, players: bool | None = None) -> Iterable[DatedEvent]:
        """The events the players may see (``players=True``)."""
        ...


class Campaign(Protocol):
    """What the projection reads of a :class:`kit.campaign.Campaign` (the campaign sits above the
    players' views and imports them, so they name what they need instead of importing it)."""

    @property
    def name(self) -> str:
        """The campaign's name."""
        ...

    @property
    def knowledge(self) -> Knowledge:
        """The players' record."""
        ...

    @property
    def collections(self) -> Mapping[str, Mapping[str, Any]]:
        """Collection name -> item name -> item."""
        ...

    @property
    def today(self) -> int:
        """Today's standard day on the campaign's clock."""
        ...

    @property
    def timeline(self) -> Timeline:
        """The clock's dated timeline (:class:`kit.clock.Timeline`; ``filter(players=True)``
        gives what the players may see)."""
        ...

    def date(self, day: int | None = None) -> str:
        """A day (today by default) as the campaign's calendar writes it."""
        ...


AUTO: Any = type("Auto", (), {"__repr__": lambda self: "AUTO"})()
"""Choose the sector or system as the module says (the screen's default)."""


def default_sector(campaign: Campaign, knowledge: Knowledge) -> tuple[str, Sector] | None:
    """(name, sector) the screen shows when not told, or None."""
    sectors = list(campaign.collections.get("sectors", {}).items())
    known = set(knowledge.known_systems())
    with_known = [(n, s) for n, s in sectors if known & set(s.names)]
    if len(with_known) == 1:
        return with_known[0]
    if not with_known and len(sectors) == 1:
        return sectors[0]
    return None


def default_system(campaign: Campaign, knowledge: Knowledge) -> tuple[str, StarSystem] | None:
    """(name, system) of the one campaign system the players know, or None."""
    known = [(n, s) for n, s in campaign.collections.get("systems", {}).items()]
    known = [(n, s) for n, s in known if knowledge.knows_system(n)]
    return known[0] if len(known) == 1 else None


def project_campaign(
    campaign: Campaign,
    knowledge: Knowledge | None = None,
    *,
    sector: tuple[str, Sector] | None = AUTO,
    system: tuple[str, StarSystem] | None = AUTO,
    title: str | None = None,
) -> KnownCampaign:
    """What the players know of ``campaign`` (through ``knowledge``, default its own record).

    Args:
        campaign: a :class:`~kit.campaign.Campaign`.
        knowledge: the record to read (the player screen passes a copy taken at one version).
        sector: ``(name, Sector)`` to show, None for none, or :data:`AUTO`.
        system: ``(name, StarSystem)`` the party is in (the record knows it by ``name``),
            None for none, or :data:`AUTO`.
        title: the page's title (default: the campaign's name).
    """
    k = campaign.knowledge if knowledge is None else knowledge
    if sector is AUTO:
        sector = default_sector(campaign, k)
    if system is AUTO:
        system = default_system(campaign, k)
    known_sector = None if sector is None else project_sector(sector[1], k)
    known_system = None if system is None else project_system(system[1], k, name=system[0])
    contacts: list[KnownFleet | KnownEntity] = []
    for collection in ("fleets", "entities"):  # the record keys these by collection and name
        for name, obj in list(campaign.collections.get(collection, {}).items()):
            project = registry.hook(obj, "project").project
            assert project is not None
            seen = project(obj, k, name=key(collection, name))
            if isinstance(seen, KnownFleet) or (
                isinstance(seen, KnownEntity) and seen.sighting.seen
            ):
                contacts.append(seen)
    notes = tuple(KnownNote(n.text, n.day, n.date) for n in k.visible_notes())
    timeline = tuple(
        KnownEvent(e.day, campaign.date(e.day), e.text)
        for e in campaign.timeline.filter(players=True)
    )
    return KnownCampaign(
        campaign.name if title is None else title,
        known_sector,
        known_system,
        tuple(contacts),
        notes,
        campaign.date() if campaign.today > 0 else "",
        timeline,
    )
