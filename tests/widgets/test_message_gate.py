"""Every widget the kit ships checks every message at one gate (#23).

The widget classes are found by walking ``kit.widgets``' modules (every ``ipywidgets.DOMWidget``
subclass defined there, anywidget and container widgets alike), so a new widget is covered
without editing this file. Each is built on every sample engine object it accepts, then sent
malformed and hostile messages - not an object, unknown actions, unknown fields, and for every
declared field of every action values of the wrong kind: ``None``, ``NaN``, ``inf``, ``"²"``,
huge text, deep nesting, ... - through the standard custom-message callbacks.

Laws: no exception escapes a handler; a message the gate refuses shows the banner and leaves the
engine object's save text as it was; a message it lets through either works or shows the
banner with the object unchanged. Before: StarSystemExplorer and SectorExplorer raised
AttributeError for a message that was not an object, and SectorExplorer raised ValueError for
``{"action": "plan", "information": "²"}`` (``"²".isdigit()`` is true, ``int("²")`` fails).
"""

from __future__ import annotations

import importlib
import inspect
import json
import math
import pkgutil
from typing import Any

import ipywidgets
import pytest

import kit.widgets
from kit import validate
from kit.errors import KitError
from kit.widgets._base import KitWidget, read_message, undeclared_handlers
from tests.factories import clock_campaign


def shipped_widgets() -> list[type]:
    """Every widget class defined in kit.widgets' modules (the abstract base aside)."""
    found: set[type] = set()
    for info in pkgutil.iter_modules(kit.widgets.__path__, "kit.widgets."):
        module = importlib.import_module(info.name)
        found.update(
            obj
            for obj in vars(module).values()
            if inspect.isclass(obj)
            and obj.__module__ == module.__name__
            and issubclass(obj, ipywidgets.DOMWidget)
            and obj is not KitWidget
        )
    return sorted(found, key=lambda c: c.__qualname__)


def samples() -> list[tuple[str, Any]]:
    """Engine objects a widget may show (tried as its first argument, one by one)."""
    from kit.boards import Chase, Contest, LimitBoard, PreparationBoard, StandardBoard
    from kit.regulus import Job, Operative
    from kit.successors import Entity, Fleet, ShipDesign
    from kit.successors.combat import Battle, Side
    from kit.successors.sector import generate_sector
    from kit.successors.stars import generate_system

    crew = [Operative("Vex", "Face", ["invite"]), Operative("Oro", "Hacker", ["deck"])]
    fleet = Fleet(Entity("TanRac", battle=4, control=4), budget=32)
    fleet.buy("GUNBOAT", 2)
    return [
        ("job", Job("heist", 4, 5, crew, seed=2)),
        ("standard board", StandardBoard([6, 5, 7, 4], goal=3, title="Vault")),
        ("limit board", LimitBoard([6, 5, 7, 4], need=2)),
        ("contest", Contest([6, 5, 7, 4, 8])),
        ("chase", Chase([6, 5, 7, 4, 8], seed=1)),
        ("preparation", PreparationBoard([6, 5, 7])),
        (
            "battle",
            Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 3})], seed=1),
        ),
        ("sector", generate_sector(12, seed=4)),
        ("entity", Entity("Releata", battle=8, control=3)),
        ("fleet", fleet),
        ("star system", generate_system(seed=11)),
        ("ship design", ShipDesign(battle=2)),
        ("campaign", clock_campaign("Gate", seed=1)),
    ]


def build(cls: type, *args: Any) -> Any:
    """``cls(*args)``, or None when the widget does not show that kind of object."""
    try:
        return cls(*args)
    except (KitError, TypeError):
        return None


def instances() -> list[tuple[str, Any]]:
    out = []
    for cls in shipped_widgets():
        tries = [(f"{cls.__name__}()", ())]
        tries += [(f"{cls.__name__}({name})", (sample,)) for name, sample in samples()]
        built = [(label, w) for label, args in tries if (w := build(cls, *args)) is not None]
        assert built, f"no sample builds a {cls.__name__}: add one to samples()"
        out += built
    return out


def deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


DEEP = deep(20_000)
HUGE = "x" * 200_000
NOT_MESSAGES: list[Any] = [
    None,
    [],
    "roll",
    7,
    math.nan,
    "²",
    True,
    {},
    DEEP,
    {"action": None},
    {"action": 7},
    {"action": ["roll"]},
    {"action": "no such action"},
    {"action": "²"},
    {"action": HUGE},
    {"action": DEEP},
    {"action": {"nested": DEEP}},
    {1: "not a text key"},
    {f"field{i}": i for i in range(5_000)},
]
#: Values thrown at every declared field (some are right for some kinds: those may work).
FIELD_VALUES: list[Any] = [
    None,
    "",
    "   ",
    "²",
    "abc",
    math.nan,
    math.inf,
    -math.inf,
    1.5,
    -1,
    10**30,
    True,
    [],
    {},
    [1, 2],
    ["x"],
    DEEP,
    HUGE,
    {"a": DEEP},
]

INSTANCES = instances()
IDS = [name for name, _ in INSTANCES]


def engine_texts(widget: Any) -> dict[str, str]:
    """The save text of every engine object the widget (or a widget inside it) holds."""
    out: dict[str, str] = {}
    stack = [("", widget)]
    while stack:
        prefix, w = stack.pop()
        for name, value in vars(w).items():
            module = type(value).__module__
            if isinstance(value, ipywidgets.DOMWidget) and module.startswith("kit.widgets"):
                stack.append((f"{prefix}{name}.", value))
            elif module.startswith("kit.") and hasattr(value, "to_json"):
                out[prefix + name] = value.to_json()
            elif module.startswith("kit.") and hasattr(value, "to_dict"):
                out[prefix + name] = json.dumps(value.to_dict(), sort_keys=True)
    return out


def send(widget: Any, content: Any) -> None:
    """Deliver a custom message as the comm does, letting any exception out (no swallowing)."""
    callbacks = widget._msg_callbacks.callbacks
    assert callbacks, f"{type(widget).__name__} registers no message handler"
    for callback in callbacks:
        callback(widget, content, [])


def declared(widget: Any) -> dict[str, dict[str, Any]]:
    target = widget.panel if hasattr(widget, "panel") else widget
    return dict(getattr(target, "messages", {}))


def test_discovery_finds_every_widget_the_kit_exports():
    found = {cls.__name__ for cls in shipped_widgets()}
    assert set(kit.widgets.__all__) - {"KitWidget"} <= found
    assert {"SectorExplorer", "StarSystemExplorer", "JobBuilder", "FleetBuilder"} <= found


@pytest.mark.parametrize("cls", shipped_widgets(), ids=lambda c: c.__name__)
def test_declared_messages_match_their_handlers(cls):
    assert undeclared_handlers(cls) == []


@pytest.mark.parametrize("name, widget", INSTANCES, ids=IDS)
def test_malformed_messages_show_the_banner_and_change_nothing(name, widget):
    for content in NOT_MESSAGES:
        before = engine_texts(widget)
        widget.error = ""
        send(widget, content)
        what = validate.shown(content)
        assert widget.error, f"{name}: no banner for {what}"
        assert engine_texts(widget) == before, f"{name}: {what} changed the object"


@pytest.mark.parametrize("name, widget", INSTANCES, ids=IDS)
def test_every_declared_field_is_checked_at_the_gate(name, widget):
    for action, fields in declared(widget).items():
        before = engine_texts(widget)
        send(widget, {"action": action, "not a field": 1})
        assert "unknown field" in widget.error and engine_texts(widget) == before
        for field in fields:
            for value in FIELD_VALUES:
                content = {"action": action, field: value}
                before = engine_texts(widget)
                try:
                    read_message(content, declared(widget), name)
                    refused = False
                except KitError:
                    refused = True
                send(widget, content)
                shown = f"{name}: {action}.{field} = {validate.shown(value)}"
                if refused:
                    assert widget.error, f"{shown}: refused without a banner"
                if widget.error:
                    assert engine_texts(widget) == before, f"{shown}: changed the object"


# ---------------------------------------------------------------- the cases
@pytest.mark.parametrize("content", [None, [], "roll", 7])
def test_explorers_show_non_objects_in_the_banner(content):
    from kit.successors.sector import generate_sector
    from kit.widgets import SectorExplorer, StarSystemExplorer

    for widget in (StarSystemExplorer(seed=3), SectorExplorer(generate_sector(12, seed=4))):
        before = engine_texts(widget)
        widget._handle_custom_msg(content, [])
        assert "must be an object" in widget.error
        assert engine_texts(widget) == before


def test_a_superscript_two_is_not_a_whole_number_anywhere():
    from kit.successors.sector import generate_sector
    from kit.widgets import SectorExplorer

    widget = SectorExplorer(generate_sector(12, seed=4))
    route = widget.route
    widget._handle_custom_msg({"action": "plan", "information": "²"}, [])
    superscript = widget.error
    widget._handle_custom_msg({"action": "plan", "information": "abc"}, [])
    assert superscript == "Information must be a whole number, got '²'"
    assert widget.error == "Information must be a whole number, got 'abc'"
    assert widget.route is route and widget.information == 5
