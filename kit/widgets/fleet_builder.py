"""The Fleet builder: buy a starting fleet from the catalog, assign Control, see its firepower.

:class:`FleetPanel` is the anywidget view of one :class:`~kit.successors.Fleet` (an event
log): the catalog as a filterable table, the budget bar, the ships as tokens grouped by type
(click a token to put it under Control or take it out), the attack pool per phase, warnings
and undo. :class:`FleetBuilder` puts the panel above two plotly charts from
:mod:`kit.figures.successors` (composition by role and RU; exact distribution of hits), which
it redraws after every change. Both expose the fleet as ``.fleet``.

Spending past the budget is a soft warning; putting more ships under Control than the Control
rank allows is refused by the fleet and shown as the inline error, and nothing changes.

>>> from kit.successors import Entity, Fleet
>>> panel = FleetPanel(Fleet(Entity("TanRac", battle=4, control=4), budget=32))
>>> _ = panel.buy("Gunboat", 5)
>>> panel.view["spent"], panel.view["remaining"]
(10.0, 22.0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import ipywidgets as W
import plotly.graph_objects as go
import traitlets

from .. import validate
from ..errors import IllegalAction, InvalidInput, InvalidType
from ..figures.successors import ROLE_COLORS, attack_distribution, fleet_composition, pool_text
from ..successors import SHIPS, Entity, Fleet
from ..successors.fleets import PHASES
from ..successors.ships import ROLES
from ._base import FieldSpec, KitWidget, check_kwargs, esm, scoped_css, soon
from .payloads import FleetGroup, FleetView, as_payload

__all__ = ["FleetBuilder", "FleetPanel"]

#: Width of the builder's charts in pixels (the panel is at most 980 wide).
CHART_WIDTH = 960
_PHASE_NAMES = {"first": "First Strike", "main": "Main combat", "last": "Last combat"}


def _catalog_rows() -> list[dict[str, Any]]:
    return [{**t.row(), "phase": t.phase} for t in SHIPS.values()]


class FleetPanel(KitWidget):
    """The fleet builder's own view: catalog, budget bar, ship tokens, Control and pools.

    Args:
        fleet: the fleet to edit (default: an owner-less fleet with no budget).
    """

    _esm = esm("fleet_builder.js")
    _watches = ("fleet",)
    _css = scoped_css("successors.css", ".gmk-successors")
    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {
        "buy": {"name": "text", "count": "whole"},
        "remove_one": {"name": "text"},
        "toggle": {"id": ("whole", "ship id")},
        "clear_control": {},
        "roll_budget": {"seed": "whole?"},
        "budget": {"value": ("number", "budget")},
        "undo": {},
        "load": {"carrier": "whole", "id": ("whole", "ship id")},
        "unload": {"carrier": "whole"},
        "give": {"id": ("whole", "ship id"), "to": "text"},
    }

    view = traitlets.Dict(
        help="The fleet as the panel draws it: budget, groups, Control, pools."
    ).tag(sync=True)
    catalog = traitlets.List(
        traitlets.Dict(), help="The catalog rows (name, role, battle, sig, abilities, cost)."
    ).tag(sync=True)
    roles = traitlets.Dict(help="Role name -> colour, shared with the composition chart.").tag(
        sync=True
    )
    phase = traitlets.Unicode(
        "", help="Phase whose hits the chart shows: '', 'first', 'main' or 'last'."
    ).tag(sync=True)

    def __init__(
        self,
        fleet: Fleet | None = None,
        *,
        others: Mapping[str, Fleet] | None = None,
        **kwargs: Any,
    ) -> None:
        check_kwargs("FleetPanel", kwargs, {"layout", "phase"})
        if fleet is None:
            fleet = Fleet()
        if not isinstance(fleet, Fleet):
            raise InvalidType(
                f"FleetPanel needs a kit.successors.Fleet, got {type(fleet).__name__}"
            )
        self.others: dict[str, Fleet] = {}
        for name, other in dict(others or {}).items():
            if not isinstance(other, Fleet):
                raise InvalidType(f"others[{name!r}] must be a Fleet, got {type(other).__name__}")
            self.others[validate.text("others name", name, max_len=80)] = other
        self.fleet = fleet
        self.on_change: list[Callable[[], None]] = []
        super().__init__(**kwargs)
        self.catalog = _catalog_rows()
        self.roles = {r: ROLE_COLORS[r] for r in (*ROLES, "custom")}
        self.observe(lambda _c: self.refresh(), names=["phase"])
        self.refresh()

    # ------------------------------------------------------------------ actions
    def buy(self, name: str, count: int = 1) -> list[int]:
        """Buy ``count`` ships of a catalog type (over budget is only a warning)."""
        ids: list[int] = []
        with self.guard():
            ids = self.fleet.buy(name, count)
        return ids

    def remove_one(self, name: str) -> None:
        """Remove one ship of this name (one not under Control when there is a choice)."""
        with self.guard():
            ships = [s for s in self.fleet.ships if s.name == name]
            if not ships:
                raise InvalidInput(f"the fleet has no {name!r} to remove")
            free = [s for s in ships if s.id not in self.fleet.controlled]
            self.fleet.remove([(free or ships)[-1].id])

    def toggle_control(self, ship_id: int) -> None:
        """Put ship ``ship_id`` under Control, or release it (refused past the Control rank)."""
        with self.guard():
            ctrl = set(self.fleet.controlled)
            self.fleet.ship(ship_id)
            ctrl ^= {ship_id}
            self.fleet.set_control(sorted(ctrl))

    def set_control(self, ids: list[int]) -> None:
        """Put exactly these ships under Control."""
        with self.guard():
            self.fleet.set_control(ids)

    def set_budget(self, amount: float) -> None:
        """Change the budget."""
        with self.guard():
            self.fleet.set_budget(amount)

    def roll_budget(self, seed: int | None = None) -> None:
        """Start over with a rolled starting budget (2d6+25 RU from ``seed``, recorded).

        Only an empty fleet can be re-rolled: the panel then holds a new
        :meth:`Fleet.starting <kit.successors.Fleet.starting>` fleet with the same owner and
        rules. A fleet with ships or orders keeps its budget (set it by hand instead).
        """
        with self.guard():
            if self.fleet.log.to_list():
                raise IllegalAction(
                    "the starting budget is rolled before buying; this fleet already has "
                    "ships or orders (set the budget by hand, or undo back to the start)"
                )
            self.fleet = Fleet.starting(self.fleet.owner, seed, rules=self.fleet.rules)

    def stow(self, carrier_id: int, ids: list[int]) -> None:
        """Put ships into a carrier's racks (refused past its capacity)."""
        with self.guard():
            self.fleet.stow(carrier_id, ids)

    def unload(self, carrier_id: int) -> None:
        """Empty a carrier's racks."""
        with self.guard():
            self.fleet.unload(carrier_id)

    def give(self, ids: list[int], to: str) -> list[int]:
        """Hand ships over to the fleet named ``to`` in ``others`` (a new owner)."""
        new: list[int] = []
        with self.guard():
            target = self.others.get(to)
            if target is None:
                raise InvalidInput(
                    f"no fleet named {to!r} to hand ships to; the panel knows "
                    f"{', '.join(map(repr, self.others)) or 'none (pass others=)'}"
                )
            new = self.fleet.transfer(ids, target)
        return new

    def undo(self) -> None:
        """Undo the last action on the fleet."""
        with self.guard():
            if not len(self.fleet.log.to_list()):
                raise InvalidInput("nothing to undo")
            self.fleet.undo()

    # ------------------------------------------------------------------ messages
    def _msg_buy(self, name: str, count: int = 1) -> None:
        self.buy(name, count)

    def _msg_remove_one(self, name: str) -> None:
        self.remove_one(name)

    def _msg_toggle(self, id: int) -> None:
        self.toggle_control(id)

    def _msg_clear_control(self) -> None:
        self.set_control([])

    def _msg_roll_budget(self, seed: int | None = None) -> None:
        self.roll_budget(seed)

    def _msg_budget(self, value: float) -> None:
        self.set_budget(value)

    def _msg_undo(self) -> None:
        self.undo()

    def _msg_load(self, carrier: int, id: int) -> None:
        self.stow(carrier, [id])

    def _msg_unload(self, carrier: int) -> None:
        self.unload(carrier)

    def _msg_give(self, id: int, to: str) -> None:
        self.give([id], to)

    # ------------------------------------------------------------------ view
    def refresh(self) -> None:
        """Re-derive the view from the fleet, then tell listeners (the charts) to redraw."""
        f = self.fleet
        groups: dict[str, FleetGroup] = {}
        carried = f.in_racks
        for s in f.ships:
            cat = s.catalog
            g = groups.setdefault(
                s.name,
                {
                    "name": s.name,
                    "role": cat.role if cat else "custom",
                    "cost": s.cost,
                    "battle": str(cat.battle_rank) if cat else str(s.design.battle_rank),
                    "describe": cat.describe() if cat else s.design.describe(),
                    "ships": [],
                },
            )
            g["ships"].append(
                {"id": s.id, "controlled": s.id in f.controlled, "carried": s.id in carried}
            )
        budget = f.current_budget
        by_role: dict[str, float] = {}
        for s in f.ships:
            role = s.catalog.role if s.catalog else "custom"
            by_role[role] = by_role.get(role, 0.0) + s.cost
        pools = {p: pool_text(f.attack_pool(p)) for p in PHASES if f.attack_pool(p)}
        owner: Entity | None = f.owner
        view: FleetView = {
            "owner": owner.name if owner else None,
            "owner_battle": str(owner.rank("battle")) if owner else None,
            "owner_control": str(owner.rank("control")) if owner else None,
            "budget": budget,
            "spent": f.spent,
            "remaining": f.remaining,
            "budget_roll": list(f.budget_roll) if f.budget_roll else None,
            "seed": f.seed,
            "by_role": [[r, by_role[r]] for r in (*ROLES, "custom") if r in by_role],
            "groups": list(groups.values()),
            "controlled": sorted(f.controlled),
            "control_limit": f.control_limit,
            "ships": len(f.ships),
            "pools": [{"phase": _PHASE_NAMES[p], "text": t} for p, t in pools.items()],
            "pool_all": pool_text(f.attack_pool()),
            "findings": [str(x) for x in f.findings()],
            "can_undo": bool(f.log.to_list()),
            "carriers": [
                {
                    "id": s.id,
                    "name": s.name,
                    "racks": s.design.racks,
                    "used": f.rack_load(s.id),
                    "held": sorted(f.carried.get(s.id, ())),
                }
                for s in f.ships
                if s.design.racks
            ],
            "loadable": [
                {"id": s.id, "name": s.name, "cost": s.cost}
                for s in f.ships
                if not s.design.racks and s.id not in carried
            ],
            "ship_ids": [{"id": s.id, "name": s.name} for s in f.ships],
            "others": sorted(self.others),
        }
        self.view = as_payload(view)
        for listener in self.on_change:
            listener()


class FleetBuilder(W.VBox):  # type: ignore[misc]  # ipywidgets ships no types
    """The fleet builder: :class:`FleetPanel` above the composition and hits charts.

    Args:
        fleet: the fleet to edit (default: an owner-less fleet with no budget).
        charts: draw the plotly charts (turn off for a lighter widget).
        others: other fleets by name, which ships can be handed over to (a new owner).

    >>> from kit.successors import Entity, Fleet
    >>> b = FleetBuilder(Fleet(Entity("Releata", battle=8, control=3), budget=32))
    >>> _ = b.buy("Battleship", 2)
    >>> b.fleet.spent
    24.0
    """

    def __init__(
        self,
        fleet: Fleet | None = None,
        *,
        charts: bool = True,
        others: Mapping[str, Fleet] | None = None,
        **kwargs: Any,
    ) -> None:
        check_kwargs("FleetBuilder", kwargs, {"layout"})
        self.panel = FleetPanel(fleet, others=others)
        self._charts_on = validate.boolean("charts", charts)
        self._composition: go.FigureWidget | None = None
        self._hits: go.FigureWidget | None = None
        self.charts = W.VBox([])
        self.charts.add_class("gmk-fleet-charts")
        super().__init__([self.panel, self.charts] if charts else [self.panel], **kwargs)
        self.add_class("gmk-fleet-builder")
        self.layout.max_width = "980px"
        self.on_msg(self._on_msg)
        if charts:
            # the panel shows at once; the charts join once the cell has run (a FigureWidget's
            # first import takes seconds in a kernel), or on first use of .composition / .hits
            soon(self._make_charts)

    def _make_charts(self) -> None:
        if self._composition is not None or not self._charts_on:
            return
        self._composition, self._hits = go.FigureWidget(), go.FigureWidget()
        self.charts.children = (self._composition, self._hits)
        self.panel.on_change.append(self.redraw)
        self.redraw()

    def _on_msg(self, _widget: Any, content: Any, buffers: Any) -> None:
        """A message sent to the builder goes through its panel's gate (and banner)."""
        self.panel._on_msg(self.panel, content, buffers)

    @property
    def error(self) -> str:
        """The error the panel's banner shows ('' when none; set '' to clear it)."""
        return str(self.panel.error)

    @error.setter
    def error(self, text: str) -> None:
        self.panel.error = text

    @property
    def composition(self) -> go.FigureWidget | None:
        """The fleet's composition chart (``None`` when built with ``charts=False``)."""
        self._make_charts()
        return self._composition

    @property
    def hits(self) -> go.FigureWidget | None:
        """The chart of hits the fleet's attack pool scores (``None`` without charts)."""
        self._make_charts()
        return self._hits

    @property
    def fleet(self) -> Fleet:
        """The fleet being built."""
        return self.panel.fleet

    def buy(self, name: str, count: int = 1) -> list[int]:
        """Buy ships (see :meth:`FleetPanel.buy`)."""
        return self.panel.buy(name, count)

    def toggle_control(self, ship_id: int) -> None:
        """Toggle Control of one ship (see :meth:`FleetPanel.toggle_control`)."""
        self.panel.toggle_control(ship_id)

    def redraw(self) -> None:
        """Rebuild both charts from the fleet."""
        if self._composition is None or self._hits is None:
            return
        phase = self.panel.phase or None
        _replace(self._composition, fleet_composition(self.fleet).update_layout(width=CHART_WIDTH))
        _replace(
            self._hits,
            attack_distribution(self.fleet, phase=phase).update_layout(width=CHART_WIDTH),
        )


def _replace(target: go.FigureWidget, new: go.Figure) -> None:
    with target.batch_update():
        target.data = []
        target.add_traces(list(new.data))
        target.layout = new.layout
