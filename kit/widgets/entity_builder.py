"""The Entity builder: make a Successors character by point-buy, with Edges, Flaws and a sheet.

The widget is a view of one immutable :class:`~kit.successors.Entity`, kept as ``.entity``
and synced as ``entity_data`` (its save file), so ``observe`` in Jupyter and a dependent cell
in marimo see every change.
Every click builds a new entity from the old one (``entity.replace(...)``) inside
:meth:`~kit.widgets._base.KitWidget.guard`, so bad input shows as an inline banner and the
entity stays as it was. Soft problems (points left, Flaws below Edges) are the entity's own
findings, shown as warnings. A short history gives undo.

>>> from kit.successors import Entity
>>> b = EntityBuilder(Entity("TanRac", points=10))
>>> b.add_points("battle", 3)
>>> b.entity.battle, b.view["points_left"]
(4, 7)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

import traitlets

from ..errors import InvalidInput, InvalidType
from ..rng import make_rng
from ..successors import ABILITIES, EDGES, FLAWS, SEXES, SIDES, Entity, Rank
from ..successors.edges import Trait
from ..successors.entities import require_ability as _ability
from ._base import FieldSpec, KitWidget, check_kwargs, esm, scoped_css, whole_number
from .payloads import EntityAbility, EntityView, as_payload

if TYPE_CHECKING:
    from ..successors.entities import EntityChanges

__all__ = ["EntityBuilder"]

_HISTORY = 50


def _trait_options(table: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "name": d.name,
            "cost": d.cost,
            "summary": d.summary,
            "parameter": d.parameter,
            "variable": d.variable_cost,
        }
        for d in table.values()
    ]


class EntityBuilder(KitWidget):
    """Build an entity: ability point-buy, seeded roll, Edges and Flaws, sheet and Markdown.

    Args:
        entity: the entity to start from (default: a fresh character with every ability at 1).
        seed: the seed the Roll button uses next (None: a new seed is drawn and recorded).
    """

    _esm = esm("entity_builder.js")
    _css = scoped_css("successors.css", ".gmk-successors")
    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {
        "add": {"ability": "text", "points": ("whole", "value")},
        "roll": {"spread": "bool"},
        "points": {"value": "whole?"},
        "name": {"value": "text"},
        "sex": {"value": "text"},
        "side": {"value": "text"},
        "add_trait": {"name": "text", "parameter": "text?", "points": "whole?"},
        "remove_trait": {"kind": "text", "index": "whole"},
        "undo": {},
    }

    view = traitlets.Dict(
        help="The entity as the builder draws it: ranks, dice, traits, sheet."
    ).tag(sync=True)
    options = traitlets.Dict(help="Edges, Flaws, sexes and sides offered by the pickers.").tag(
        sync=True
    )
    seed = traitlets.Unicode("", help="Seed for the next Roll ('' draws a new one).").tag(sync=True)
    entity_data = traitlets.Dict(
        help="The entity as built so far, as its save file (read-only: the builder writes it)."
    ).tag(sync=True)

    def __init__(
        self, entity: Entity | None = None, *, seed: int | None = None, **kwargs: object
    ) -> None:
        check_kwargs("EntityBuilder", kwargs, {"layout"})
        if entity is None:
            entity = Entity("New entity", sex="Neuter", side=SIDES[6])
        if not isinstance(entity, Entity):
            raise InvalidType(
                f"EntityBuilder needs a kit.successors.Entity, got {type(entity).__name__}"
            )
        self.entity = entity
        self._history: list[Entity] = []
        super().__init__(seed="" if seed is None else str(seed), **kwargs)
        self.options = {
            "edges": _trait_options(EDGES),
            "flaws": _trait_options(FLAWS),
            "sexes": list(SEXES),
            "sides": list(SIDES.values()),
            "abilities": list(ABILITIES),
        }
        self.refresh()

    # ------------------------------------------------------------------ actions
    def _set(self, new: Entity) -> None:
        if new != self.entity:
            self._history = [*self._history[-_HISTORY:], self.entity]
            self.entity = new

    def set_ability(self, ability: str, rank: int) -> None:
        """Set an ability's rank (as built)."""
        with self.guard():
            self._set(self.entity.replace(**cast("EntityChanges", {_ability(ability): rank})))

    def add_points(self, ability: str, points: int = 1) -> None:
        """Raise (or with a negative number lower) an ability by ``points``."""
        with self.guard():
            a = _ability(ability)
            rank = self.entity.base(a) + whole_number("points", points)
            self._set(self.entity.replace(**cast("EntityChanges", {a: rank})))

    def roll(self, seed: int | None = None, *, spread: bool = False) -> None:
        """Roll the ability points (2d6+3) from ``seed`` (or the seed box, or a new one).

        Every ability goes back to 1 and the rolled points wait to be spent; with ``spread``
        they are spread at random instead. Name, sex, side, Edges and Flaws are kept.
        """
        with self.guard():
            if seed is None:
                typed = self.seed.strip()
                seed = whole_number("seed", typed, 0) if typed else make_rng(None)[1]
            e = self.entity
            new = Entity.generate(
                e.name,
                seed,
                "random" if spread else {},
                sex=e.sex or "Neuter",
                side=e.side or SIDES[6],
                edges=e.edges,
                flaws=e.flaws,
            )
            self._set(new.replace(notes=e.notes))
            self.seed = str(new.seed)

    def set_points(self, points: int | None) -> None:
        """Set the ability points to spend (None: a free build without a budget)."""
        with self.guard():
            self._set(self.entity.replace(points=points, roll=None, seed=None))

    def rename(self, name: str) -> None:
        """Change the name (typed text; shown as text, never as HTML)."""
        with self.guard():
            self._set(self.entity.replace(name=name))

    def set_sex(self, sex: str) -> None:
        """Female, Male or Neuter."""
        with self.guard():
            self._set(self.entity.replace(sex=sex))

    def set_side(self, side: str) -> None:
        """One of the sides (or a GM's own)."""
        with self.guard():
            self._set(self.entity.replace(side=side))

    def add_trait(self, name: str, parameter: str | None = None, points: int | None = None) -> None:
        """Add an Edge or a Flaw (``parameter`` for Natural Aptitude / Mental Disadvantage)."""
        with self.guard():
            t = Trait(name, parameter or None, points)
            field = "edges" if t.kind == "edge" else "flaws"
            added = {field: (*getattr(self.entity, field), t)}
            self._set(self.entity.replace(**cast("EntityChanges", added)))

    def remove_trait(self, kind: str, index: int) -> None:
        """Remove the ``index``-th Edge (``kind="edge"``) or Flaw (``kind="flaw"``)."""
        with self.guard():
            field = {"edge": "edges", "flaw": "flaws"}.get(kind)
            if field is None:
                raise InvalidInput(f"kind must be 'edge' or 'flaw', got {kind!r}")
            items = list(getattr(self.entity, field))
            if not 0 <= int(index) < len(items):
                raise InvalidInput(f"no {kind} number {index!r}; there are {len(items)}")
            del items[int(index)]
            self._set(self.entity.replace(**cast("EntityChanges", {field: tuple(items)})))

    def undo(self) -> None:
        """Go back to the entity before the last change."""
        with self.guard():
            if not self._history:
                raise InvalidInput("nothing to undo")
            self.entity = self._history.pop()

    def to_markdown(self) -> str:
        """The character sheet as Markdown (for a handout or a campaign log)."""
        return self.entity.to_markdown()

    # ------------------------------------------------------------------ messages
    def _msg_add(self, ability: str, points: int = 1) -> None:
        self.add_points(ability, points)

    def _msg_roll(self, spread: bool = False) -> None:
        self.roll(spread=spread)

    def _msg_points(self, value: int | None = None) -> None:
        self.set_points(value)

    def _msg_name(self, value: str) -> None:
        self.rename(value)

    def _msg_sex(self, value: str) -> None:
        self.set_sex(value)

    def _msg_side(self, value: str) -> None:
        self.set_side(value)

    def _msg_add_trait(
        self, name: str, parameter: str | None = None, points: int | None = None
    ) -> None:
        self.add_trait(name, parameter or None, points)

    def _msg_remove_trait(self, kind: str, index: int) -> None:
        self.remove_trait(kind, index)

    def _msg_undo(self) -> None:
        self.undo()

    # ------------------------------------------------------------------ view
    def refresh(self) -> None:
        """Re-derive the view from the entity."""
        e = self.entity
        abilities: list[EntityAbility] = []
        for a in ABILITIES:
            base, cur = e.base(a), e.current(a)
            abilities.append(
                {
                    "name": a,
                    "rank": base,
                    "current": cur,
                    "text": str(Rank(cur)),
                    "dice": list(Rank(cur).dice),
                    "own": bool(e.dice(a)) or cur == 0,
                }
            )
        left = None if e.points is None else e.points - e.points_spent
        view: EntityView = {
            "name": e.name,
            "sex": e.sex or "",
            "side": e.side or "",
            "kind": e.kind,
            "abilities": abilities,
            "total": e.total_ranks,
            "signature": e.signature,
            "points": e.points,
            "points_spent": e.points_spent,
            "points_left": left,
            "roll": list(e.roll) if e.roll else None,
            "entity_seed": e.seed,
            "edges": [
                {"label": t.label(), "cost": t.cost, "summary": t.definition.summary}
                for t in e.edges
            ],
            "flaws": [
                {"label": t.label(), "cost": t.cost, "summary": t.definition.summary}
                for t in e.flaws
            ],
            "edge_points": e.edge_points,
            "flaw_points": e.flaw_points,
            "findings": [str(f) for f in e.findings()],
            "sheet": e.sheet(),
            "markdown": e.to_markdown(),
            "can_undo": bool(self._history),
        }
        self.view = as_payload(view)
        self.entity_data = e.to_dict()
