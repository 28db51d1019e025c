"""Star system and sector explorers.

* :class:`StarSystemExplorer` - generate a system, re-roll it from a seed, switch between the
  GM's view and a player's Sensors view, pick an orbit (in the list or on the figure) to read
  its details; the plotly system figure is drawn inside the widget and follows every change.
* :class:`SectorExplorer` - a sector map with a route planner (origin, destination, navigator
  ranks, mode, day limit): the route with its expected days and odds, a click on a system (on
  the map or in the route table) opens that system's details.

Each is one anywidget: the figure travels as plotly JSON in its ``figure_data`` trait and the
page draws it with plotly.js (:mod:`kit.widgets._figures`), so it shows wherever anywidget
runs (JupyterLab, Notebook 7, Voilà, marimo) with no ipywidgets container. What the GM picks
is a synced trait: ``selected`` (the orbit, or the opened system), ``seed`` (the system shown),
``route_view`` (the planned route), so ``observe`` in Jupyter and a dependent cell in marimo
both see it.

Both hold one engine object (a :class:`~kit.successors.stars.StarSystem`, a
:class:`~kit.successors.sector.Sector`) and derive their synced traits from it in ``refresh``.

>>> w = StarSystemExplorer(seed=3)
>>> w.reroll(4); w.system.seed
4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import traitlets

from ..errors import InvalidInput
from ..rng import resolve_seed
from ..successors.stars import StarRules, StarSystem, generate_system, redact
from ._base import FieldSpec, check_kwargs, esm, scoped_css, whole_number
from ._figures import FigureHost, figure_json
from .payloads import OrbitRow, RouteRow, RouteView, SectorSystemView, StarSystemView, as_payload

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from ..successors.sector import Sector

__all__ = ["SectorExplorer", "StarSystemExplorer"]

_CSS = scoped_css("stars.css", ".gmk-stars")


def _orbit_row(number: int, orbit: Any) -> OrbitRow:
    if orbit is None:
        return {"number": number, "known": False, "kind": "unknown", "family": "unknown"}
    b = orbit.body
    row: OrbitRow = {
        "number": number,
        "known": True,
        "kind": b.kind if b else "Empty orbit",
        "family": b.family if b else "empty",
        "installations": orbit.installations or "",
        "secrets": [s.text for s in orbit.secrets],
    }
    if b is not None:
        row["diameter"] = b.diameter_km
        row["crust"] = b.crust_ru
        row["core"] = b.core_ru
        row["surface"] = b.surface_ru
        row["biosphere"] = b.biosphere or ""
        row["technology"] = b.technology or ""
        row["composition"] = b.composition or ""
        row["density"] = b.density or ""
        row["moons"] = [m.kind for m in b.moons]
    return row


class StarSystemExplorer(FigureHost):
    """Generate, re-roll and inspect a star system.

    Args:
        system: a system to start from (default: one generated from ``seed``).
        seed: the seed to generate from when no system is given.
        rules: generation options.
    """

    _esm = esm("stars.js")
    _css = _CSS
    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {
        **FigureHost.messages,
        "generate": {},
        "reroll": {"seed": "whole"},
        "pick": {"orbit": "whole"},
    }

    kind = traitlets.Unicode("system", help="Which explorer the JS draws.").tag(sync=True)
    view = traitlets.Dict(help="The system as the JS draws it (star, orbits, view mode).").tag(
        sync=True
    )
    seed = traitlets.Int(0, help="Seed of the system shown (re-roll uses it).").tag(sync=True)
    selected = traitlets.Int(0, help="The orbit picked for details (0: none).").tag(sync=True)
    mode = traitlets.Unicode("gm", help="'gm' (everything) or 'player' (what Sensors reveal).").tag(
        sync=True
    )
    successes = traitlets.Int(0, help="Sensors successes of the player view.").tag(sync=True)
    current_orbit = traitlets.Int(
        0, help="The scanner's orbit for the player view (0: outside)."
    ).tag(sync=True)
    figure_data = traitlets.Dict(help="The system figure as plotly JSON (drawn by the page).").tag(
        sync=True
    )

    def __init__(
        self,
        system: StarSystem | None = None,
        *,
        seed: int | None = None,
        rules: StarRules | None = None,
        **kwargs: object,
    ) -> None:
        check_kwargs("StarSystemExplorer", kwargs, {"layout"})
        self.rules = rules or StarRules()
        self.system = system if system is not None else generate_system(seed, rules=self.rules)
        if not isinstance(self.system, StarSystem):
            raise TypeError(f"system must be a StarSystem, got {type(self.system).__name__}")
        super().__init__(seed=self.system.seed or 0, **kwargs)
        self.observe(
            lambda _c: self.refresh(), names=["selected", "mode", "successes", "current_orbit"]
        )
        self.refresh()

    # ------------------------------------------------------------ actions
    def generate(self) -> None:
        """A new system from a fresh seed."""
        with self.guard():
            self._set(generate_system(None, rules=self.rules))

    def reroll(self, seed: object) -> None:
        """The system of ``seed`` (the same seed always gives the same system)."""
        with self.guard():
            self._set(generate_system(resolve_seed(_int("seed", seed)), rules=self.rules))

    def _set(self, system: StarSystem) -> None:
        self.system = system
        self.selected = 0
        self.current_orbit = 0
        self.seed = system.seed or 0

    def _msg_generate(self) -> None:
        self.generate()

    def _msg_reroll(self, seed: int) -> None:
        self.reroll(seed)

    def _msg_pick(self, orbit: int) -> None:
        # a click on the figure: the orbit clicked, again to put it down
        if not 0 <= orbit <= len(self.system.orbits):
            raise InvalidInput(
                f"orbit must be from 1 to {len(self.system.orbits)} (0: none), got {orbit}"
            )
        self.selected = 0 if orbit == self.selected else orbit

    # ------------------------------------------------------------ view
    @property
    def figure(self) -> go.Figure:
        """The system figure as it is drawn now (a plain plotly ``Figure``)."""
        import plotly.graph_objects as go

        return go.Figure(self.figure_data)

    def _sensor_view(self) -> Any:
        if self.mode == "player":
            cur = self.current_orbit if 0 < self.current_orbit <= len(self.system.orbits) else None
            return redact(self.system, max(0, self.successes), current_orbit=cur)
        return redact(self.system, None)

    def _update_figure(self) -> None:
        from ..figures.stars import star_system_figure

        fig = star_system_figure(
            self._sensor_view(),
            view=self.mode if self.mode in ("gm", "player") else "gm",
            selected=self.selected or None,
            height=480,
        )
        self.figure_data = figure_json(fig)

    def refresh(self) -> None:
        """Re-derive the view (and the figure) from the system."""
        if self.mode not in ("gm", "player"):
            self.error = f"mode must be 'gm' or 'player', got {self.mode!r}"
            self.mode = "gm"
            return
        v = self._sensor_view()
        s = self.system.star
        view: StarSystemView = {
            "name": self.system.name,
            "seed": self.system.seed,
            "star": {
                "class": s.spectral_class,
                "size": s.size,
                "brightness": s.brightness,
                "dust_cloud": s.dust_cloud,
                "colour": s.info.colour,
            },
            "orbits": [_orbit_row(i, o) for i, o in enumerate(v.orbits, 1)],
            "rolls": len(self.system.rolls),
            "total_ru": self.system.total_ru,
            "summary": self.system.summary() if self.mode == "gm" else v.summary(),
        }
        self.view = as_payload(view)
        self._update_figure()


def _successes(n: int) -> str:
    return f"{n} success" if n == 1 else f"{n} successes"


#: What the route planner's number boxes accept: (lowest, highest).
_RANGES = {"information": (0, 60), "sensors": (0, 60), "within": (1, 10_000)}
_LABELS = {"information": "Information", "sensors": "Sensors", "within": "Days"}


def _int(field: str, value: object) -> int:
    """A number box's value as a whole number within its range, or an error naming the box."""
    if field not in _RANGES:  # the seed box: any whole number, resolve_seed checks the rest
        return whole_number(field, value)
    lo, hi = _RANGES[field]
    number = whole_number(_LABELS[field], value)
    if not lo <= number <= hi:
        raise InvalidInput(
            f"{_LABELS[field]} must be a whole number from {lo} to {hi:,}, got {number!r}"
        )
    return number


class SectorExplorer(FigureHost):
    """A sector map with a route planner; click a system to open it.

    Args:
        sector: the :class:`~kit.successors.sector.Sector` to explore.
        origin: where the route starts (a name or an index; default the first system).
        destination: where it ends (a name or an index; default the second system).
    """

    _esm = esm("stars.js")
    _watches = ("sector",)
    _css = _CSS
    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {
        "plan": {
            "origin": "text",
            "destination": "text",
            "information": ("whole", _LABELS["information"]),
            "sensors": ("whole", _LABELS["sensors"]),
            "mode": "text",
            "within": ("whole", _LABELS["within"]),
        },
        "open": {"system": "whole|text"},
        **FigureHost.messages,
    }

    kind = traitlets.Unicode("sector", help="Which explorer the JS draws.").tag(sync=True)
    origin = traitlets.Unicode("", help="Origin system name.").tag(sync=True)
    destination = traitlets.Unicode("", help="Destination system name.").tag(sync=True)
    information = traitlets.Int(5, help="Navigator's Information rank.").tag(sync=True)
    sensors = traitlets.Int(5, help="Navigator's Sensors rank.").tag(sync=True)
    mode = traitlets.Unicode("days", help="'days', 'jumps' or 'chance'.").tag(sync=True)
    within = traitlets.Int(20, help="Day limit for the 'chance' mode and the odds shown.").tag(
        sync=True
    )
    selected = traitlets.Int(-1, help="Index of the opened system (-1: none).").tag(sync=True)
    route_view = traitlets.Dict(help="The planned route as the JS draws it.").tag(sync=True)
    system_view = traitlets.Dict(help="The opened system as the JS draws it.").tag(sync=True)
    names = traitlets.List(traitlets.Unicode(), help="System names offered (up to 3000).").tag(
        sync=True
    )
    figure_data = traitlets.Dict(help="The sector map as plotly JSON (drawn by the page).").tag(
        sync=True
    )

    def __init__(
        self,
        sector: Sector,
        *,
        origin: int | str | None = None,
        destination: int | str | None = None,
        **kwargs: object,
    ) -> None:
        check_kwargs(
            "SectorExplorer", kwargs, {"layout", "information", "sensors", "mode", "within"}
        )
        from ..successors.sector import Sector

        if not isinstance(sector, Sector):
            raise TypeError(f"sector must be a Sector, got {type(sector).__name__}")
        self.sector = sector
        self.route: Any = None
        o = sector.names[sector.index(origin if origin is not None else 0)]
        d = sector.names[
            sector.index(destination if destination is not None else min(1, sector.n - 1))
        ]
        super().__init__(origin=o, destination=d, names=list(sector.names[:3000]), **kwargs)
        self.observe(lambda _c: self.refresh(), names=["selected"])
        self.plan()

    # ------------------------------------------------------------ actions
    def plan(self) -> None:
        """Plan the route for the current inputs (the Plan button)."""
        with self.guard():  # on an error the previous route stays
            for key in _RANGES:
                _int(key, getattr(self, key))
            self.route = self.sector.route(
                self.origin,
                self.destination,
                information=self.information,
                sensors=self.sensors,
                mode=self.mode,
                within=self.within if self.mode == "chance" else None,
            )

    def open_system(self, system: int | str) -> None:
        """Open a system's details (the same as clicking it)."""
        with self.guard():
            self.selected = self.sector.index(system)

    def _msg_plan(
        self,
        origin: str | None = None,
        destination: str | None = None,
        information: int | None = None,
        sensors: int | None = None,
        mode: str | None = None,
        within: int | None = None,
    ) -> None:
        given = {"information": information, "sensors": sensors, "within": within}
        # check every box first, so a bad one changes nothing (the previous route stays)
        numbers = {k: _int(k, v) for k, v in given.items() if v is not None}
        for key, text in (("origin", origin), ("destination", destination), ("mode", mode)):
            if text is not None:
                setattr(self, key, text)
        for key, value in numbers.items():
            setattr(self, key, value)
        self.plan()

    def _msg_open(self, system: int | str) -> None:
        self.open_system(system)

    def _follow(self) -> None:
        # jumps recorded or gates built in the sector change the planned route's odds and days
        if self.route is not None:
            self.plan()
        else:
            self.refresh()

    # ------------------------------------------------------------ view
    @property
    def figure(self) -> go.Figure:
        """The sector map as it is drawn now (a plain plotly ``Figure``); on the page a click on
        a system opens it."""
        import plotly.graph_objects as go

        return go.Figure(self.figure_data)

    def _update_figure(self) -> None:
        from ..figures.stars import sector_map

        fig = sector_map(
            self.sector,
            route=self.route,
            selected=self.selected if self.selected >= 0 else None,
            height=560,
        )
        self.figure_data = figure_json(fig)

    def refresh(self) -> None:
        """Re-derive the route and system views (and the map) from the sector."""
        r = self.route
        if r is None:
            self.route_view = {}
        else:
            rows: list[RouteRow] = [
                {"index": r.systems[0], "name": r.names[0], "ly": 0, "how": "start", "days": 0}
            ]
            for leg, name, idx in zip(r.legs, r.names[1:], r.systems[1:]):
                rows.append(
                    {
                        "index": idx,
                        "name": name,
                        "ly": round(leg.ly, 2),
                        "how": "Hyper Gate"
                        if leg.gate
                        else f"{leg.status}, {_successes(leg.successes)}",
                        "days": round(leg.expected_days, 2),
                    }
                )
            route_view: RouteView = {
                "rows": rows,
                "jumps": r.jumps,
                "ly": round(r.ly, 2),
                "expected_days": round(r.expected_days, 2),
                "within": self.within,
                # a day limit typed in Python outside the range shows no odds, not a crash
                "chance": round(r.chance_within(self.within), 4) if self.within >= 1 else 0.0,
                "mode": r.mode,
            }
            self.route_view = as_payload(route_view)
        if 0 <= self.selected < self.sector.n:
            s = self.sector.system(self.selected)
            system_view: SectorSystemView = {
                "index": self.selected,
                "name": s.name,
                "summary": s.summary(),
                "orbits": [_orbit_row(i, o) for i, o in enumerate(s.orbits, 1)],
                "star": {"class": s.spectral_class, "size": s.star.size},
            }
            self.system_view = as_payload(system_view)
        else:
            self.system_view = {}
        self._update_figure()
