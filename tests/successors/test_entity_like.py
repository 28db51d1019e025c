"""What the entity's mixins read of an entity (kit.successors.entity_like.EntityLike).

The facet and sheet mixins reach the entity through ``cast(EntityLike, self)``, which a type
checker takes on trust. These tests hold the entity class to the protocol at run time: every
member the protocol names exists on Entity as the same kind of thing (a read-out property or a
method), and on real entities each read-out gives a value of the type the protocol declares.
"""

from __future__ import annotations

import collections.abc
import inspect
import types
import typing

import pytest

from kit.successors import Entity, entity_like
from kit.successors.edges import Trait
from kit.successors.entity_like import EntityLike
from kit.successors.examples import releata, tanrac
from kit.successors.ranks import Rank

MEMBERS = sorted(
    name
    for name, value in vars(EntityLike).items()
    if not name.startswith("_") and (isinstance(value, property) or inspect.isfunction(value))
)
PROPERTIES = [n for n in MEMBERS if isinstance(vars(EntityLike)[n], property)]
METHODS = [n for n in MEMBERS if n not in PROPERTIES]


def test_the_protocol_names_the_read_outs_and_the_dice_methods():
    # what a sheet and a facet need: names, traits, points, ranks, dice and effects
    assert {"name", "abilities", "current_abilities", "traits", "signature"} <= set(PROPERTIES)
    assert set(METHODS) == {"base", "current", "rank", "dice", "has", "aptitude_bonus"}


@pytest.mark.parametrize("name", MEMBERS)
def test_entity_has_each_member_as_the_same_kind_of_thing(name):
    if name in PROPERTIES:
        # a dataclass field (an attribute of each entity) or a read-only property
        if name not in Entity.__dataclass_fields__:
            assert isinstance(inspect.getattr_static(Entity, name), property), name
    else:
        assert inspect.isfunction(inspect.getattr_static(Entity, name)), name


def _matches(value: object, hint: object) -> bool:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if origin is tuple:
        inner = typing.get_args(hint)[0]
        return isinstance(value, tuple) and all(_matches(v, inner) for v in value)
    if origin is collections.abc.Mapping:
        k, v = typing.get_args(hint)
        return isinstance(value, collections.abc.Mapping) and all(
            _matches(a, k) and _matches(b, v) for a, b in value.items()
        )
    return isinstance(value, hint)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "entity",
    [tanrac(), releata().with_damage("control"), tanrac().facet(), Entity("Bare", kind="creature")],
    ids=["TanRac", "Releata hit", "a facet", "a creature"],
)
def test_each_read_out_of_a_real_entity_has_the_declared_type(entity):
    names = {**vars(entity_like), "Trait": Trait, "Rank": Rank}
    hints = {name: typing.get_type_hints(vars(EntityLike)[name].fget, names) for name in PROPERTIES}
    for name in PROPERTIES:
        declared = hints[name]["return"]
        assert _matches(getattr(entity, name), declared), (name, getattr(entity, name), declared)
    for name in METHODS:
        declared = typing.get_type_hints(vars(EntityLike)[name], names)
        arg = "battle" if name != "has" and name != "aptitude_bonus" else "mine"
        assert _matches(getattr(entity, name)(arg), declared["return"]), name
