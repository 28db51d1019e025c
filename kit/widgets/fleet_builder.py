"""The Fleet builder: buy a starting fleet from the catalog, assign Control, see its firepower.

:class:`FleetPanel` is the anywidget view of one :class:`~kit.successors.Fleet` (an event
log): the catalog as a filterable table, the budget bar, the ships as tokens grouped by type
(click a token to put it under Control or take it out), the attack pool per phase, warnings
and undo. :class:`FleetBuilder` is the same panel with two plotly charts from
:mod:`kit.figures.successors` drawn inside it (composition by role and RU; exact distribution
of hits), redrawn after every change, and the fleet built so far as a synced trait. Both
expose the fleet as ``.fleet``; both are single anywidgets (no ipywidgets container).

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

import plotly.graph_objects as go
import traitlets

from .. import validate
from ..errors import IllegalAction, InvalidInput, InvalidType
from ..figures.successors import ROLE_COLORS, attack_distribution, fleet_composition, pool_text
from ..successors import SHIPS, Entity, Fleet
from ..successors.fleets import PHASES
from ..successors.ships import ROLES
from ._base import FieldSpec, KitWidget, check_kwargs, esm, scoped_css
from ._figures import FigureHost, figure_json
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
        **kwargs: object,
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


class FleetBuilder(FleetPanel, FigureHost):
    """The fleet builder: the :class:`FleetPanel` with its composition and hits charts inside.

    One anywidget: the charts travel as plotly JSON (``chart_0``: composition by role and RU,
    ``chart_1``: the exact distribution of hits for the chosen ``phase``) and the page draws
    them below the panel, redrawn after every change. The fleet built so far is the synced
    ``fleet_data`` trait (the fleet's save file, as JSON), so ``observe`` in Jupyter and a
    dependent cell in marimo see each purchase; :attr:`fleet` is the fleet itself.

    Args:
        fleet: the fleet to edit (default: an owner-less fleet with no budget).
        charts: draw the plotly charts (turn off for a lighter widget).
        others: other fleets by name, which ships can be handed over to (a new owner).

    >>> from kit.successors import Entity, Fleet
    >>> b = FleetBuilder(Fleet(Entity("Releata", battle=8, control=3), budget=32))
    >>> _ = b.buy("Battleship", 2)
    >>> b.fleet.spent, len(b.fleet_data["events"])
    (24.0, 1)
    """

    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {
        **FleetPanel.messages,
        **FigureHost.messages,
    }

    charts_on = traitlets.Bool(True, help="Whether the page draws the two charts.").tag(sync=True)
    chart_0 = traitlets.Dict(help="The composition chart as plotly JSON.").tag(sync=True)
    chart_1 = traitlets.Dict(help="The hits chart (for ``phase``) as plotly JSON.").tag(sync=True)
    fleet_data = traitlets.Dict(
        help="The fleet being built, as its save file (read-only: the panel writes it)."
    ).tag(sync=True)

    def __init__(
        self,
        fleet: Fleet | None = None,
        *,
        charts: bool = True,
        others: Mapping[str, Fleet] | None = None,
        **kwargs: object,
    ) -> None:
        check_kwargs("FleetBuilder", kwargs, {"layout", "phase"})
        self._charts_on = validate.boolean("charts", charts)
        super().__init__(fleet, others=others, **kwargs)
        self.charts_on = self._charts_on

    @property
    def panel(self) -> FleetBuilder:
        """The builder itself (it used to hold its panel apart; kept for older notebooks)."""
        return self

    @property
    def composition(self) -> go.Figure | None:
        """The fleet's composition chart as drawn (``None`` when built with ``charts=False``)."""
        return go.Figure(self.chart_0) if self._charts_on else None

    @property
    def hits(self) -> go.Figure | None:
        """The chart of hits the fleet's attack pool scores (``None`` without charts)."""
        return go.Figure(self.chart_1) if self._charts_on else None

    def refresh(self) -> None:
        """Re-derive the panel, the saved fleet and the charts from the fleet."""
        with self.hold_sync():
            super().refresh()
            self.fleet_data = self.fleet.to_dict()
            self.redraw()

    def redraw(self) -> None:
        """Rebuild both charts from the fleet."""
        if not self.__dict__.get("_charts_on", False):
            return
        phase = self.phase or None
        self.chart_0 = figure_json(fleet_composition(self.fleet).update_layout(width=CHART_WIDTH))
        self.chart_1 = figure_json(
            attack_distribution(self.fleet, phase=phase).update_layout(width=CHART_WIDTH)
        )
