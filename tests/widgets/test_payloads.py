"""The widgets' view payloads match their declared structures (kit.widgets.payloads), on the
Python side (what the widgets really send, in many states) and on the script side (every key a
script reads from a payload is declared)."""

from __future__ import annotations

import re
import types
import typing
from pathlib import Path
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest

from kit.boards import Chase, Contest, LimitBoard, PreparationBoard, StandardBoard
from kit.regulus import Job, Operative
from kit.successors.combat import Battle, Side
from kit.successors.examples import example_one, releata_fleet, tanrac
from kit.successors.sector import generate_sector
from kit.successors.stars import generate_system
from kit.widgets import (
    BoardWidget,
    CombatTable,
    EntityBuilder,
    FleetPanel,
    JobTable,
    SectorExplorer,
    ShipDesigner,
    StarSystemExplorer,
)
from kit.widgets import payloads as P

STATIC = Path(P.__file__).parent / "static"


def _is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__required_keys__")


def problems(value: Any, tp: Any, path: str = "view") -> list[str]:
    """Where ``value`` departs from the type ``tp`` (empty when it conforms)."""
    if tp is Any:
        return []
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        options = [problems(value, t, path) for t in get_args(tp)]
        return [] if any(not o for o in options) else min(options, key=len)
    if tp is type(None):
        return [] if value is None else [f"{path}: expected None, got {value!r}"]
    if _is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{path}: expected an object ({tp.__name__}), got {type(value).__name__}"]
        hints = get_type_hints(tp, include_extras=True)
        out = [f"{path}: undeclared key {k!r}" for k in value if k not in hints]
        out += [f"{path}: missing key {k!r}" for k in tp.__required_keys__ if k not in value]
        for k, v in value.items():
            if k in hints:
                out += problems(v, hints[k], f"{path}.{k}")
        return out
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: expected a list, got {type(value).__name__}"]
        (item,) = get_args(tp)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{path}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: expected an object, got {type(value).__name__}"]
        _, vt = get_args(tp)
        out = [f"{path}: key {k!r} is not text" for k in value if not isinstance(k, str)]
        return out + [p for k, v in value.items() for p in problems(v, vt, f"{path}.{k}")]
    if tp is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{path}: expected a number, got {value!r}"]
    if tp is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{path}: expected a whole number, got {value!r}"]
    if isinstance(tp, type):
        return [] if isinstance(value, tp) else [f"{path}: expected {tp.__name__}, got {value!r}"]
    raise AssertionError(f"the checker does not know {tp!r}")  # pragma: no cover


def test_the_checker_finds_what_it_should() -> None:
    """The checker itself: a wrong key, a missing key and a wrong type each show."""
    good = {"name": "A", "gig": "Face", "contributions": ["x"]}
    assert problems(good, P.RosterRow) == []
    assert problems({**good, "extra": 1}, P.RosterRow) == ["view: undeclared key 'extra'"]
    assert problems({"name": "A", "gig": "Face"}, P.RosterRow) == [
        "view: missing key 'contributions'"
    ]
    assert problems({**good, "contributions": [1]}, P.RosterRow)
    assert problems(True, int) and problems(1, float) == [] and problems(None, int | None) == []


# ----------------------------------------------------------------------------- states
def _job_states() -> list[dict[str, Any]]:
    crew = [Operative("Vex", "Face", ["invite"]), Operative("Oro", "Hacker", ["deck"])]
    job = Job("heist", 4, 5, crew, seed=5)
    table = JobTable(job)
    table.hints = True
    out = [dict(table.view)]
    for value in (12, 10):  # 12 earns a token; 10 then asks whether to spend it
        table._on_msg(table, {"action": "enter", "value": value}, None)
        out.append(dict(table.view))
    table._on_msg(table, {"action": "token", "spend": True}, None)
    out.append(dict(table.view))
    while not job.ended:  # the automatic policy plays the rest, one step at a time
        job.step()
        out.append(dict(table.view))
    return out


def _board_states() -> list[dict[str, Any]]:
    out = []
    std = StandardBoard([6, 5, 7, 4], goal=3)
    w = BoardWidget(std, party={"Tinker": "2d6+3", "Persuasion": None})
    out.append(dict(w.view))
    std.check(9)
    std.check(2)
    out.append(dict(w.view))
    limit = LimitBoard([6, 8, 5, 7], 2)
    w = BoardWidget(limit)
    out.append(dict(w.view))
    limit.check(12, slot=1)
    out.append(dict(w.view))
    contest = Contest([6, 5, 7, 4, 8])
    w = BoardWidget(contest)
    out.append(dict(w.view))
    contest.exchange(9, 4)
    out.append(dict(w.view))
    chase = Chase([6, 5, 7, 4, 8], npc_checks="2d6", seed=1)
    w = BoardWidget(chase)
    chase.check(9)
    out.append(dict(w.view))
    prep = PreparationBoard([6, 5, 7, 4])
    w = BoardWidget(prep)
    prep.check(9)
    out.append(dict(w.view))
    return out


def _combat_states() -> list[dict[str, Any]]:
    out = []
    battle = example_one()
    table = CombatTable(battle, allocate_sides=[0, 1], hints=True)
    out.append(dict(table.view))
    while table.pending is None and not battle.over:
        table.step()  # the table asks where hits go as soon as a side scores some
        out.append(dict(table.view))
    assert table.pending is not None
    table.advise(n=20)
    assert table.view["advice"] is not None
    out.append(dict(table.view))
    table.allocate(None)
    out.append(dict(table.view))
    small = Battle([Side("A", ships={"Cruiser": 3}), Side("B", ships={"Frigate": 4})], seed=2)
    table = CombatTable(small)
    table.simulate(200)
    assert table.view["simulation"] is not None
    out.append(dict(table.view))
    table.run()
    out.append(dict(table.view))
    return out


def _entity_states() -> list[dict[str, Any]]:
    empty = EntityBuilder()
    built = EntityBuilder(tanrac())
    return [dict(empty.view), dict(built.view)]


def _fleet_states() -> list[dict[str, Any]]:
    from kit.successors import Fleet

    panel = FleetPanel(Fleet(budget=100))
    out = [dict(panel.view)]
    panel = FleetPanel(releata_fleet())
    out.append(dict(panel.view))
    return out


def _designer_states() -> list[dict[str, Any]]:
    d = ShipDesigner()
    out = [dict(d.view)]
    d.compare = "Cruiser"
    out.append(dict(d.view))
    return out


def _system_states() -> list[dict[str, Any]]:
    out = []
    for seed in (3, 5, 11):
        ex = StarSystemExplorer(generate_system(seed=seed))
        out.append(dict(ex.view))
        ex.mode = "player"
        ex.successes = 2
        out.append(dict(ex.view))
    return out


def _tuner_states() -> list[dict[str, Any]]:
    from kit.successors.combat import Side
    from kit.widgets import Tuner

    t = Tuner(target=0.5)
    out = [dict(t.view)]
    t.choose(0)
    out.append(dict(t.view))
    t.system = "board"
    t.inputs = {**t.inputs, "length": "4"}
    out.append(dict(t.view))
    t.inputs = {**t.inputs, "length": "12"}  # refused: the last good table stays, marked stale
    out.append(dict(t.view))
    raiders = Side("Raiders", ships={"Cruiser": 3})
    b = Tuner("battle", target=0.5, attacker=raiders, inputs={"counts": "2-4", "n": "50"})
    out.append(dict(b.view))
    return out


def _clock_states() -> list[dict[str, Any]]:
    from kit import Campaign
    from kit.successors import Entity, Workshop
    from kit.widgets import ClockWidget

    camp = Campaign("Clock", seed=2)
    ws = Workshop(Entity("Smith", handling=2, control=1).with_damage("control", 1), seed=1)
    ws.add("Drone", neutralized=True)
    camp.schedule(ws, "repairs")
    camp.plan(9, "the patrol returns")
    w = ClockWidget(camp)
    out = [dict(w.view)]
    w.advance(3)
    out.append(dict(w.view))
    w.advance_until()
    out.append(dict(w.view))
    return out


def _sector() -> SectorExplorer:
    ex = SectorExplorer(generate_sector(60, seed=7), origin=0, destination=10)
    ex.selected = 3
    return ex


CASES = [
    ("JobTable", P.JobView, _job_states),
    ("BoardWidget", P.BoardView, _board_states),
    ("CombatTable", P.CombatView, _combat_states),
    ("EntityBuilder", P.EntityView, _entity_states),
    ("FleetPanel", P.FleetView, _fleet_states),
    ("ShipDesigner", P.ShipDesignView, _designer_states),
    ("StarSystemExplorer", P.StarSystemView, _system_states),
    ("Tuner", P.TunerView, _tuner_states),
    ("ClockWidget", P.ClockView, _clock_states),
    ("SectorExplorer route", P.RouteView, lambda: [dict(_sector().route_view)]),
    ("SectorExplorer system", P.SectorSystemView, lambda: [dict(_sector().system_view)]),
]


@pytest.mark.parametrize(("name", "payload", "states"), CASES, ids=[c[0] for c in CASES])
def test_payloads_carry_exactly_the_declared_keys_and_types(name, payload, states) -> None:
    views = states()
    assert len(views) >= 1
    for i, view in enumerate(views):
        assert problems(view, payload, f"{name} state {i}") == []


# ----------------------------------------------------------------------------- scripts
SCRIPTS = [
    ("job_table.js", {"v": P.JobView}),
    ("board.js", {"v": P.BoardView}),
    ("combat.js", {"v": P.CombatView}),
    ("entity_builder.js", {"v": P.EntityView}),
    ("fleet_builder.js", {"v": P.FleetView}),
    ("ship_designer.js", {"v": P.ShipDesignView}),
    ("stars.js", {"v": P.StarSystemView, "rv": P.RouteView, "sv": P.SectorSystemView}),
    ("tuner.js", {"v": P.TunerView}),
    ("clock.js", {"v": P.ClockView}),
]


def _reads(script: str, name: str) -> set[str]:
    """Keys a script reads from the payload bound to ``name`` (``v.key`` and ``v["key"]``)."""
    text = (STATIC / script).read_text(encoding="utf-8")
    dotted = re.findall(rf"(?<![\w.]){name}\.([A-Za-z_]\w*)", text)
    indexed = re.findall(rf"(?<![\w.]){name}\[\"(\w+)\"\]", text)
    return set(dotted) | set(indexed)


@pytest.mark.parametrize(("script", "names"), SCRIPTS, ids=[s for s, _ in SCRIPTS])
def test_scripts_read_only_declared_keys(script, names) -> None:
    text = (STATIC / script).read_text(encoding="utf-8")
    for name, payload in names.items():
        trait = {"v": "view", "rv": "route_view", "sv": "system_view"}[name]
        assert re.search(rf"const {name} = model\.get\(\"{trait}\"\)", text), (script, name)
        read = _reads(script, name)
        assert read, f"{script} reads nothing through {name}"
        declared = set(typing.get_type_hints(payload))
        assert read <= declared, f"{script} reads undeclared keys {sorted(read - declared)}"
    if script == "entity_builder.js":
        direct = set(re.findall(r"model\.get\(\"view\"\)\.(\w+)", text))
        assert direct <= set(typing.get_type_hints(P.EntityView))
