"""What the entity's mixins read of an entity: :class:`EntityLike`, a structural type.

The facet and spawn operations (:mod:`~kit.successors.facets`) and the sheet
(:mod:`~kit.successors.sheets`) are mixed into :class:`~kit.successors.entities.Entity`, which
imports them; so that neither has to import the entity class back (not even for type checking:
no circle of any kind in the import graph), they name what they use of an entity here, and a
type checker matches the entity class against it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from .edges import Trait
from .ranks import Rank

__all__ = ["EntityLike"]


class EntityLike(Protocol):
    """The fields and read-outs of an entity the mixins and their functions use."""

    @property
    def name(self) -> str:
        """The entity's name."""
        ...

    @property
    def sex(self) -> str | None:
        """Its sex, or None."""
        ...

    @property
    def side(self) -> str | None:
        """The side it belongs to, or None."""
        ...

    @property
    def kind(self) -> str:
        """``"character"``, ``"facet"``, ``"spawn"`` or a creature kind."""
        ...

    @property
    def notes(self) -> tuple[str, ...]:
        """The GM's notes."""
        ...

    @property
    def edges(self) -> tuple[Trait, ...]:
        """Its Edges."""
        ...

    @property
    def flaws(self) -> tuple[Trait, ...]:
        """Its Flaws."""
        ...

    @property
    def traits(self) -> tuple[Trait, ...]:
        """Edges then Flaws."""
        ...

    @property
    def points(self) -> int | None:
        """Ability points rolled at generation (None: not generated)."""
        ...

    @property
    def points_spent(self) -> int:
        """Points put on top of the starting 1 in each ability."""
        ...

    @property
    def edge_points(self) -> int:
        """Points its Edges are worth."""
        ...

    @property
    def flaw_points(self) -> int:
        """Points its Flaws are worth."""
        ...

    @property
    def signature(self) -> int:
        """Its signature."""
        ...

    @property
    def facet_hits(self) -> int:
        """Hits a facet takes before it is neutralized."""
        ...

    @property
    def abilities(self) -> Mapping[str, int]:
        """Ability ranks as built."""
        ...

    @property
    def current_abilities(self) -> Mapping[str, int]:
        """Ability ranks after damage."""
        ...

    @property
    def total_ranks(self) -> int:
        """The sum of its built ranks."""
        ...

    @property
    def facet_cost(self) -> int:
        """RU a facet of it costs."""
        ...

    @property
    def neutralized(self) -> bool:
        """Whether damage has neutralized it."""
        ...

    def base(self, ability: str) -> int:
        """The built rank of ``ability``."""
        ...

    def current(self, ability: str) -> int:
        """The rank of ``ability`` after damage."""
        ...

    def rank(self, ability: str) -> Rank:
        """The rank of ``ability`` as the sheet writes it."""
        ...

    def dice(self, ability: str) -> tuple[int, ...]:
        """The dice ``ability`` rolls."""
        ...

    def has(self, effect_or_name: str) -> bool:
        """Whether it has a trait of that effect or name."""
        ...

    def aptitude_bonus(self, task: str) -> int:
        """Extra successes Natural Aptitude gives on ``task``."""
        ...
