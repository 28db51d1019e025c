"""The Ship designer: every design option, the live cost and signature, and a catalog comparison.

The widget is a view of one immutable :class:`~kit.successors.ShipDesign`, kept as
``.design`` and synced as ``design_data`` (its save file, for ``observe`` and marimo); each change builds a new design with ``design.replace(...)`` inside the guard, so
an impossible combination (First Strike with a slow weapon, cargo not in tens) shows as the
inline error and the design stays as it was. Picking a catalog ship to compare with shows
its printed cost and signature beside the design's and lists the options that differ;
"Start from it" loads that ship's design.

>>> d = ShipDesigner(compare="Fortress")
>>> d.set_option("battle", 11); d.set_option("extra_hits", 2); d.set_option("drive", "immobile")
>>> d.view["cost"], d.view["compare"]["cost"], d.view["compare"]["same"]
(14.0, 14, True)
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

import traitlets

from ..errors import InvalidInput, InvalidType, KitError
from ..store import JSON
from ..successors import DRIVES, SHIPS, WEAPONS, ShipDesign, build_successes, ship_type
from ._base import FieldSpec, KitWidget, check_kwargs, esm, scoped_css, whole_number

__all__ = ["DESIGN_FIELDS", "ShipDesigner"]

#: The form, in the order the design rules add things up: (group, field, kind, label, help).
DESIGN_FIELDS: tuple[tuple[str, str, str, str, str], ...] = (
    ("Weapon system", "battle", "int", "Battle rank", "0 means no weapons: it cannot attack"),
    (
        "Weapon system",
        "weapon",
        "choice",
        "Weapon",
        "reloader: neutralized after firing; imploder: destroyed",
    ),
    (
        "Weapon system",
        "long_ranged",
        "bool",
        "Long Ranged",
        "may attack an adjacent orbit (cost x2.5)",
    ),
    (
        "Weapon system",
        "first_strike",
        "bool",
        "First Strike",
        "attacks before the main combat (x1.5)",
    ),
    ("Weapon system", "slow", "bool", "Fires last", "bare operating system, last combat (x0.75)"),
    (
        "Secondary systems",
        "extra_hits",
        "int",
        "Extra hits",
        "hits beyond the first per damage roll, 3 RU each",
    ),
    ("Secondary systems", "hyper_jump", "bool", "Hyper-Jump", "jumps itself and its cargo, 4 RU"),
    ("Secondary systems", "stealth", "int", "Stealth", "-1 signature per RU"),
    ("Secondary systems", "decoy", "int", "Decoy", "+1 signature per RU"),
    ("Secondary systems", "cargo", "int10", "Cargo units", "1 RU per 10 units"),
    ("Secondary systems", "racks", "int10", "Rack units", "carried ships, 1 RU per 10 units"),
    ("Secondary systems", "control", "int", "Control", "3 RU per rank"),
    ("Secondary systems", "handling", "int", "Handling", "3 RU per rank"),
    ("Secondary systems", "information", "int", "Information", "3 RU per rank"),
    ("Secondary systems", "sensors", "int", "Sensors", "3 RU per rank"),
    ("Movement", "drive", "choice", "Drive", "immobile x0.5, slow x0.75, standard x1, fast x1.25"),
)
_KINDS = {f: k for _, f, k, _, _ in DESIGN_FIELDS}


class ShipDesigner(KitWidget):
    """Design a ship option by option, with live cost, signature and a catalog comparison.

    Args:
        design: the design to start from (a :class:`ShipDesign` or a catalog name).
        compare: a catalog ship to compare with ('' for none).
    """

    _esm = esm("ship_designer.js")
    _css = scoped_css("successors.css", ".gmk-successors")
    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {
        "set": {"field": "text", "value": "bool|number|text"},
        "load": {"name": "text"},
    }

    view = traitlets.Dict(
        help="The design's options, cost breakdown, signature and comparison."
    ).tag(sync=True)
    design_data = traitlets.Dict(
        help="The design as it stands, as its save file (read-only: the designer writes it)."
    ).tag(sync=True)
    fields = traitlets.List(
        traitlets.Dict(), help="The form: group, field, kind, label and help of each option."
    ).tag(sync=True)
    compare = traitlets.Unicode("", help="Catalog ship to compare with ('' for none).").tag(
        sync=True
    )

    def __init__(
        self, design: ShipDesign | str | None = None, *, compare: str = "", **kwargs: object
    ) -> None:
        check_kwargs("ShipDesigner", kwargs, {"layout"})
        if isinstance(design, str):
            design = ship_type(design).design
        if design is None:
            design = ShipDesign(battle=1)
        if not isinstance(design, ShipDesign):
            raise InvalidType(
                f"ShipDesigner needs a ShipDesign or a catalog name, got {type(design).__name__}"
            )
        self.design = design
        if compare:
            compare = ship_type(compare).name
        super().__init__(compare=compare, **kwargs)
        self.fields = [
            {
                "group": g,
                "field": f,
                "kind": k,
                "label": lab,
                "help": hlp,
                "choices": list(WEAPONS if f == "weapon" else DRIVES) if k == "choice" else None,
            }
            for g, f, k, lab, hlp in DESIGN_FIELDS
        ]
        self.observe(self._on_compare, names=["compare"])
        self.refresh()

    # ------------------------------------------------------------------ actions
    def set_option(self, field: str, value: JSON) -> None:
        """Change one option of the design (validated by the design itself)."""
        with self.guard():
            self.design = self.design.replace(**{field: _value(field, value)})

    def start_from(self, name: str) -> None:
        """Start from a catalog ship's design."""
        with self.guard():
            self.design = ship_type(name).design

    def _on_compare(self, change: dict[str, Any]) -> None:
        with self.guard():
            if change["new"]:
                name = ship_type(change["new"]).name
                if name != change["new"]:
                    self.compare = name
                    return

    def _msg_set(self, field: str, value: Any) -> None:
        self.set_option(field, value)

    def _msg_load(self, name: str) -> None:
        self.start_from(name)

    # ------------------------------------------------------------------ view
    def refresh(self) -> None:
        """Re-derive the view from the design."""
        d = self.design
        view: dict[str, Any] = {
            "options": {f.name: getattr(d, f.name) for f in dataclasses.fields(d)},
            "cost": d.cost,
            "signature": d.signature,
            "battle": str(d.battle_rank),
            "phase": {"first": "First Strike", "main": "Main combat", "last": "Last combat"}.get(
                d.phase or "", "cannot attack"
            ),
            "hits_per_damage": d.hits_per_damage,
            "describe": d.describe(),
            "breakdown": [list(r) for r in d.breakdown()],
            "build_successes": build_successes(d.cost),
            "catalog": list(SHIPS),
            "compare": None,
            "matches": [t.name for t in SHIPS.values() if t.design == d],
        }
        if self.compare:
            try:
                t = ship_type(self.compare)
            except KitError:
                t = None
            if t is not None:
                diffs = [
                    {
                        "field": f.name,
                        "design": getattr(d, f.name),
                        "catalog": getattr(t.design, f.name),
                    }
                    for f in dataclasses.fields(d)
                    if getattr(d, f.name) != getattr(t.design, f.name)
                ]
                view["compare"] = {
                    "name": t.name,
                    "cost": t.cost,
                    "sig": t.sig,
                    "rules_sig": t.rules_sig,
                    "design_cost": t.design.cost,
                    "battle": str(t.battle_rank),
                    "describe": t.describe(),
                    "diffs": diffs,
                    "same": not diffs,
                }
        self.view = view
        self.design_data = d.to_dict()


def _value(field: str, value: Any) -> Any:
    kind = _KINDS.get(field)
    if kind is None:
        raise InvalidInput(f"unknown design option {field!r}; options are {', '.join(_KINDS)}")
    if kind == "bool":
        if isinstance(value, str):
            return value.strip().lower() in ("1", "true", "yes", "on")
        return bool(value)
    if kind in ("int", "int10"):
        return whole_number(field, value)
    return value
