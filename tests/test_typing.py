"""No bare ``Any`` in a public signature of the kit (issue #33, "Types end to end").

A public function or method (its module, its class and its own name do not start with ``_``;
``__init__`` and ``__call__`` count, since a caller writes their arguments) may not annotate a
parameter or its return as ``Any`` or ``Any | None``. ``list[Any]`` and ``dict[str, Any]`` say
at least what the container is and are left alone. The one ``Any`` the kit allows is a JSON
value, written with its named alias :data:`kit.store.JSON`, which this test sees as ``JSON``
because every module of the kit keeps its annotations as strings.

Anything else bare is either typed or listed in :data:`EXEMPT` with the reason it stays ``Any``;
an exemption that is no longer needed fails the test too, so the list only shrinks.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import typing
from collections.abc import Callable, Iterator

import pytest

import kit

#: (module, qualified name, parameter or "return") -> why it stays a bare ``Any``. Empty since
#: 0.4.0: no public signature says a bare ``Any`` (a JSON value is ``kit.store.JSON``); a new
#: exemption needs its reason here.
EXEMPT: dict[tuple[str, str, str], str] = {}


def public_modules() -> list[str]:
    """Every module of the kit whose dotted name has no part starting with ``_``."""
    names = [info.name for info in pkgutil.walk_packages(kit.__path__, prefix="kit.")]
    return sorted(
        ["kit"] + [n for n in names if not any(p.startswith("_") for p in n.split(".")[1:])]
    )


def is_bare_any(annotation: object) -> bool:
    """Whether an annotation is ``Any`` itself, alone or in a union (``Any | None``)."""
    if not isinstance(annotation, str):
        return annotation is typing.Any
    try:
        node = ast.parse(annotation, mode="eval").body
    except SyntaxError:
        return False
    parts: list[ast.expr] = []

    def split(n: ast.expr) -> None:
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.BitOr):
            split(n.left)
            split(n.right)
        else:
            parts.append(n)

    split(node)
    return any(
        (isinstance(p, ast.Name) and p.id == "Any")
        or (isinstance(p, ast.Attribute) and p.attr == "Any")
        for p in parts
    )


def public_functions(module_name: str) -> Iterator[tuple[str, Callable[..., object]]]:
    """The functions a module defines and the methods of the classes it defines, by name."""
    module = importlib.import_module(module_name)
    for name, obj in vars(module).items():
        if name.startswith("_") or getattr(obj, "__module__", None) != module_name:
            continue
        if inspect.isfunction(obj):
            yield name, obj
        elif inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if attr.startswith("_") and attr not in ("__init__", "__call__"):
                    continue
                if isinstance(member, (staticmethod, classmethod)):
                    member = member.__func__
                if isinstance(member, property):
                    member = member.fget
                if inspect.isfunction(member):
                    yield f"{name}.{attr}", member


def bare_any_signatures() -> set[tuple[str, str, str]]:
    found = set()
    for module_name in public_modules():
        for qualname, fn in public_functions(module_name):
            for param, annotation in getattr(fn, "__annotations__", {}).items():
                if is_bare_any(annotation):
                    found.add((module_name, qualname, param))
    return found


@pytest.mark.parametrize(
    ("annotation", "bare"),
    [
        ("Any", True),
        ("Any | None", True),
        ("typing.Any", True),
        (typing.Any, True),
        ("list[Any]", False),
        ("dict[str, Any]", False),
        ("JSON", False),
        ("int | None", False),
        ("Callable[..., Any]", False),
    ],
)
def test_what_counts_as_a_bare_any(annotation, bare):
    assert is_bare_any(annotation) is bare


def test_no_bare_any_in_a_public_signature_but_json():
    found = bare_any_signatures()
    unexplained = sorted(found - EXEMPT.keys())
    assert not unexplained, (
        "a public signature says Any: type it (kit.store.JSON for a JSON value) or add it to "
        f"EXEMPT with a reason: {unexplained}"
    )
    stale = sorted(EXEMPT.keys() - found)
    assert not stale, f"no longer a bare Any, drop from EXEMPT: {stale}"


def test_every_exemption_gives_a_reason():
    assert all(reason.strip() for reason in EXEMPT.values())


def test_json_values_have_one_named_alias():
    from kit.store import JSON

    assert JSON is typing.Any
    source = inspect.getsource(importlib.import_module("kit.store"))
    assert "JSON: TypeAlias = Any" in source


def _overload_returns(fn: Callable[..., object]) -> dict[str, str]:
    """Collection name -> the return annotation of ``fn``'s overload for it (by its Literal)."""
    out = {}
    for item in typing.get_overloads(fn):
        hints = item.__annotations__
        literal = ast.parse(hints["collection"], mode="eval").body
        if isinstance(literal, ast.Subscript):  # Literal["jobs"]
            out[ast.literal_eval(literal.slice)] = hints["return"]
    return out


@pytest.mark.skipif(not hasattr(typing, "get_overloads"), reason="typing.get_overloads: 3.11+")
def test_campaign_get_is_typed_for_every_registered_collection():
    """Campaign.get and remove name, for each collection the registry knows, a class that every
    kind kept there is (a board kind is a Board)."""
    from kit import registry
    from kit.campaign import Campaign

    typed = _overload_returns(Campaign.get)
    assert _overload_returns(Campaign.remove) == typed
    own = {  # the kit's own kinds (a test may register one of its own for a while)
        collection: [k for k in kinds if k.cls.__module__.startswith("kit.")]
        for collection, kinds in registry.collections().items()
    }
    own = {collection: kinds for collection, kinds in own.items() if kinds}
    assert set(typed) == set(own)
    for collection, kinds in own.items():
        name = typed[collection].partition("[")[0]
        for kind in kinds:
            assert name in {c.__name__ for c in kind.cls.__mro__}, (collection, kind.name)


def _params(*fns: Callable[..., object], drop: tuple[str, ...] = ()) -> set[str]:
    """The names of the parameters ``fns`` take between them, but ``self`` and ``drop``."""
    names = {n for fn in fns for n in inspect.signature(fn).parameters}
    return names - {"self", *drop}


def _fields(cls: type, drop: tuple[str, ...] = ()) -> set[str]:
    import dataclasses

    return {f.name for f in dataclasses.fields(cls) if f.init} - set(drop)


def _option_dicts() -> dict[str, tuple[type, set[str]]]:
    from kit import validate
    from kit.boards import Chase, Contest, LimitBoard, PreparationBoard, StandardBoard
    from kit.boards.advice import AdviceOptions, card_advice, skill_advice
    from kit.boards.cards import BoardSetup
    from kit.boards.odds import OddsOptions, odds
    from kit.handouts import HandoutArgs, handout
    from kit.successors.combat import Battle, Side
    from kit.successors.combat.policies import AutoOptions, AutoPolicy
    from kit.successors.combat.tuning import TuneOptions, tune_budget, tune_garrison
    from kit.successors.design import DesignChanges, ShipDesign
    from kit.successors.entities import Entity, EntityChanges
    from kit.successors.examples import BattleOptions, GarrisonOptions
    from kit.successors.stars.system import Orbit, OrbitChanges

    boards = (StandardBoard, PreparationBoard, LimitBoard, Contest, Chase)
    checks = (validate.text, validate.integer, validate.number, validate.instance)
    return {
        "BoardSetup": (BoardSetup, _params(*(b.__init__ for b in boards))),
        "AdviceOptions": (AdviceOptions, _params(card_advice, skill_advice, drop=("board",))),
        "OddsOptions": (OddsOptions, _params(odds, drop=("board", "checks", "skills"))),
        "HandoutArgs": (HandoutArgs, _params(handout, drop=("obj", "audience", "fmt"))),
        "TuneOptions": (
            TuneOptions,
            _params(tune_garrison, tune_budget, drop=("attacker_side", "ship", "ships", "target")),
        ),
        "AutoOptions": (AutoOptions, _fields(AutoPolicy)),
        "DesignChanges": (DesignChanges, _fields(ShipDesign)),
        "EntityChanges": (EntityChanges, _fields(Entity)),
        "OrbitChanges": (OrbitChanges, _fields(Orbit, drop=("number", "body"))),
        "GarrisonOptions": (GarrisonOptions, _fields(Side, drop=("name", "ships", "faction"))),
        "BattleOptions": (BattleOptions, _params(Battle.__init__, drop=("sides", "seed"))),
        "CheckOptions": (
            validate.CheckOptions,
            _params(*checks, validate.choice, drop=("field", "value")),
        ),
    }


OPTION_DICTS = [
    "BoardSetup",
    "AdviceOptions",
    "OddsOptions",
    "HandoutArgs",
    "TuneOptions",
    "AutoOptions",
    "DesignChanges",
    "EntityChanges",
    "OrbitChanges",
    "GarrisonOptions",
    "BattleOptions",
    "CheckOptions",
]


def test_every_option_dict_is_checked():
    assert sorted(_option_dicts()) == sorted(OPTION_DICTS)


@pytest.mark.parametrize("name", OPTION_DICTS)
def test_option_dicts_list_what_their_callee_takes(name):
    """A TypedDict that types ``**options`` names exactly what the function it passes them to
    takes (or the dataclass fields a ``replace`` changes): one added there shows up here."""
    options, takes = _option_dicts()[name]
    assert set(options.__annotations__) == takes
