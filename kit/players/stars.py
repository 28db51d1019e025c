"""The players' projection of star systems and sectors.

:func:`project_system` turns a :class:`~kit.successors.stars.system.StarSystem` into a
:class:`~.values.KnownSystem` of what the record (or the given Sensors successes) shows, and
None for a system the players do not know: nothing of it (name, star, orbit count) reaches a
player view. :func:`gm_system` gives the GM's full view in the same shape.

:func:`project_sector` keeps the systems the record knows (a hide wins over travel and scans)
and the routes it knows *between two known systems*, so hiding a system also takes back every
route to it: the projection is then the same as if the system had never been learned. Jumps
(``within=``) are counted over those known routes only.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from typing import TYPE_CHECKING

from .. import validate
from ..errors import InvalidInput, InvalidType
from .values import (
    KnownBody,
    KnownNote,
    KnownOrbit,
    KnownRoute,
    KnownSector,
    KnownStar,
    KnownSystem,
    KnownSystemPlace,
)

if TYPE_CHECKING:
    from ..successors.knowledge import Knowledge
    from ..successors.sector.routes import Route
    from ..successors.sector.sector import Sector
    from ..successors.stars.sensors import SystemView
    from ..successors.stars.system import Body, StarSystem

__all__ = ["gm_system", "notes_about", "project_sector", "project_system", "system_from_view"]


def notes_about(knowledge: Knowledge | None, about: str | None) -> tuple[KnownNote, ...]:
    """The notes about ``about`` the players may read (none without a record or a name)."""
    if knowledge is None or about is None:
        return ()
    return tuple(
        KnownNote(n.text, n.day, n.date) for n in knowledge.visible_notes() if n.about == about
    )


def _body(body: Body) -> KnownBody:
    return KnownBody(
        kind=body.kind,
        family=body.family,
        diameter_km=body.diameter_km,
        crust_ru=body.crust_ru,
        core_ru=body.core_ru,
        surface_ru=body.surface_ru,
        biosphere=body.biosphere,
        technology=body.technology,
        composition=body.composition,
        density=body.density,
        moons=tuple(_body(m) for m in body.moons),
        description=body.describe(),
    )


def system_from_view(
    view: SystemView, *, name: str | None = None, notes: tuple[KnownNote, ...] = ()
) -> KnownSystem:
    """A :class:`KnownSystem` copied from a Sensors :class:`~kit.successors.stars.SystemView`.

    The star's size, brightness and dust cloud are known with the entire system (3 successes,
    or the GM's view); below that only its type.
    """
    star = view.star
    full = view.successes is None or view.successes >= 3
    known_star = (
        KnownStar(star.spectral_class, star.size, star.brightness, star.dust_cloud)
        if full
        else KnownStar(star.spectral_class)
    )
    orbits = tuple(
        None
        if o is None
        else KnownOrbit(
            o.number,
            None if o.body is None else _body(o.body),
            o.installations,
            tuple(s.text for s in o.secrets),
        )
        for o in view.orbits
    )
    return KnownSystem(
        view.name if name is None else name,
        known_star,
        orbits,
        view.successes,
        view.current_orbit,
        notes,
    )


def gm_system(system: StarSystem) -> KnownSystem:
    """The GM's view of ``system``: everything, in the shape of a :class:`KnownSystem`."""
    from ..successors.stars.sensors import redact

    return system_from_view(redact(system, None))


def project_system(
    system: StarSystem,
    knowledge: Knowledge | None = None,
    *,
    name: str | None = None,
    successes: int | None = None,
    current_orbit: int | None = None,
) -> KnownSystem | None:
    """What the players know of ``system``, or None when they do not know it.

    With ``knowledge`` (the players' record) the system is looked up by ``name`` (default: its
    own name) and shown as scanned from every position the record holds, the GM's reveals
    added and hides taken off; a system the record does not know (never learned, or hidden)
    gives None. Without a record, ``successes`` and ``current_orbit`` say what the players'
    Sensors found (the GM hands the system out, so it is known).
    """
    from ..successors.stars.sensors import redact
    from ..successors.stars.system import StarSystem

    if not isinstance(system, StarSystem):
        raise InvalidType(f"system must be a StarSystem, got {type(system).__name__}")
    if knowledge is None:
        view = redact(system, successes or 0, current_orbit=current_orbit)
        return system_from_view(view)
    key = name if name is not None else system.name
    if not key:
        raise InvalidInput(
            "an unnamed star system needs name= (the name the knowledge record knows it by)"
        )
    if not knowledge.knows_system(key):
        return None
    view = knowledge.view(system, name=key)
    return system_from_view(view, name=key, notes=notes_about(knowledge, key))


def project_sector(
    sector: Sector,
    knowledge: Knowledge,
    *,
    center: int | str | None = None,
    within: int | None = None,
    route: Route | None = None,
    selected: int | str | None = None,
) -> KnownSector:
    """What the players know of ``sector``, optionally around one system.

    Args:
        sector: a :class:`~kit.successors.sector.Sector`.
        knowledge: the players' record.
        center: a system (name or index) to centre on; a system the players do not know
            gives an empty view.
        within: known jumps from ``center`` to keep (default 2), counted over known routes.
        route: a :class:`~kit.successors.sector.Route` the GM shows: only its legs between
            two systems of the view are kept, and its ends where the players know them.
        selected: a system the GM marks (kept if the players know it).
    """
    from ..successors.sector import Sector

    if not isinstance(sector, Sector):
        raise InvalidType(
            f"sector must be a kit.successors.sector.Sector, got {type(sector).__name__}"
        )
    in_sector = set(sector.names)
    known = sorted(n for n in knowledge.known_systems() if n in in_sector)
    places = tuple(
        KnownSystemPlace(
            n,
            tuple(float(x) for x in sector.positions[sector.index(n)]),
            sector.star(n).spectral_class,
        )
        for n in known
    )
    names = set(known)
    routes = tuple(
        KnownRoute(a, b, status)
        for (a, b), status in sorted(
            knowledge.known_routes(locked_after=sector.rules.locked_after).items()
        )
        if a in names and b in names
    )
    whole = KnownSector(
        sector.name,
        sector.dims,
        float(sector.rules.max_range),
        places,
        routes,
        notes=notes_about(knowledge, sector.name),
    )
    if center is None:
        if within is not None:
            raise InvalidInput("within= counts jumps from a system: give center= too")
        view = whole
    else:
        start = sector.names[sector.index(center)]
        hops = validate.integer("within", 2 if within is None else within, 0, sector.n)
        reach = {n: d for n, d in whole.jumps(start).items() if d <= hops}
        view = replace(
            whole,
            systems=tuple(p for p in places if p.name in reach),
            routes=tuple(r for r in routes if r.a in reach and r.b in reach),
            center=start if start in names else None,
            within=hops,
        )
    shown = {p.name for p in view.systems}
    if selected is not None:
        mark = sector.names[sector.index(selected)]
        view = replace(view, selected=mark if mark in shown else None)
    if route is not None and len(route.names):
        stops = list(route.names)
        view = replace(
            view,
            route=tuple((a, b) for a, b in pairwise(stops) if a in shown and b in shown),
            route_ends=tuple(n if n in shown else None for n in (stops[0], stops[-1])),  # type: ignore[arg-type]
        )
    return view
