"""Log lines read as English (issue 37).

Every event kind the combat engine emits (found by reading the engine's source for
``emit("kind", ...)``) has a line of its own in :func:`describe_event`, and every line, over a
sample event of each kind and over the events of seeded battles that use most of the rules,
is checked for what the issue found: doubled words ("at at"), unit keys ("0:E:information",
"1:3"), "s's" possessives ("TanRac's raiders's"), a count of zero "so far", "1 hits",
internal names with underscores, and Python's ``None``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import kit.successors.combat as combat_pkg
from kit.log import Event
from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, Side
from kit.successors.combat.battle import describe_event, label, possessive

RAIDERS = "TanRac's raiders"  # a side name ending in s
HOLLIS = "Hollis"  # an entity name ending in s


def emitted_kinds() -> set[str]:
    """Every event kind the engine's modules emit: the first argument of ``*.emit("...")``."""
    kinds = set()
    for path in Path(combat_pkg.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "emit"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                kinds.add(node.args[0].value)
    return kinds


def battle() -> Battle:
    hollis = Entity("Hollis", battle=6, control=3, handling=3, information=2, sensors=3)
    tanrac = Entity("TanRac", battle=8, control=3, handling=1, information=1, sensors=1)
    return Battle(
        [
            Side(RAIDERS, tanrac, ships={"Cruiser": 2, "Drone": 2}, controlled=(1,), sensors=3),
            Side("Keepers", hollis, ships={"Battleship": 1, "Tug": 1, "Drone": 2}, matrix=1),
        ],
        seed=3,
    )


#: A sample of each kind's data, as the engine writes it.
SAMPLES: dict[str, dict] = {
    "phase": {"round": 2, "phase": "first"},
    "attack": {"side": 0, "phase": "main", "target": 1, "dice": [5], "faces": [2], "hits": 1},
    "damage": {"unit": "1:1", "result": "hulked", "face": 4, "by": 0, "phase": "main"},
    "ability_hit": {"side": 0, "ability": "information", "by": 1, "phase": "main"},
    "entity_state": {"side": 1, "state": "neutralized"},
    "imprison": {"side": 0, "target": 1},
    "gather": {"side": 0, "unit": "1:2"},
    "repair": {"unit": "0:3", "side": 0},
    "recondition": {"unit": "1:2", "side": 0},
    "taken_over": {"unit": "1:2", "side": 0, "from_side": 1, "needs_recondition": True},
    "takeover_progress": {"unit": "1:2", "side": 0, "successes": {"0": 1}},
    "takeover_cancelled": {"unit": "1:2", "successes": 0},
    "eaten": {"unit": "0:3", "side": 1, "ru": 2},
    "control_release": {"side": 0, "units": ["0:1"], "by": 1, "phase": "main"},
    "control": {"side": 0, "units": ["0:1", "0:2"]},
    "release": {"unit": "1:3", "side": 0},
    "retreat": {"side": 1, "units": ["1:1"], "entity": True},
    "roll": {
        "side": 0,
        "purpose": "takeover",
        "target": "1:2",
        "dice": [5, 1],
        "faces": [3, 6],
        "successes": 1,
    },
    "decision": {
        "decision": "allocate",
        "side": 0,
        "hits": 2,
        "targets": ["0:3", "0:E:information"],
    },
    "fired": {"units": ["0:1"], "phase": "main"},
    "counter": {"unit": "1:1", "counter": 1, "by": 0, "phase": "main"},
    "end": {
        "winner": RAIDERS,
        "winner_index": 0,
        "reason": "one side left",
        "rounds": 2,
        "sides": [],
    },
    "structure_hit": {"side": 1, "code": "M", "state": "active"},
    "static_hit": {"side": 1, "by": 0, "phase": "last"},
    "sensors": {"side": 0, "target": 1, "successes": 1, "total": 4, "dice": [1], "faces": [1]},
    "buster": {"side": 0, "index": 0, "rank": 5},
    "note": {"text": "2 hit(s) on side 1 lost: nothing of it left to hit"},
    "load": {"unit": "1:3", "carrier": "1:2", "side": 1},
    "unload": {"unit": "1:3", "carrier": "1:2", "side": 1},
}

BAD = [
    (re.compile(r"\b(\w+)\s+\1\b", re.IGNORECASE), "a doubled word"),
    (re.compile(r"\b\d+:(?:E|S|M|T|\d+)\b"), "a unit key"),
    (re.compile(r"s's\b"), "an s's possessive"),
    (re.compile(r"\(0 so far\)|\b0 so far"), "a count of zero so far"),
    (re.compile(r"\b1 (?:hits|dice|ships|units|successes)\b"), "a singular count with a plural"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "an internal name"),
    (re.compile(r"\bNone\b"), "Python's None"),
]


def problems(text: str) -> list[str]:
    return [f"{why} in {text!r}" for rx, why in BAD if rx.search(text)]


def test_every_kind_the_engine_emits_has_a_sample_here():
    assert emitted_kinds() - {"roll"} <= set(SAMPLES), emitted_kinds() - set(SAMPLES)


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_each_kind_has_its_own_english_line(kind):
    b = battle()
    text = describe_event(b, Event(kind, SAMPLES[kind], 0))
    assert text != kind and text != kind.replace("_", " "), f"{kind} falls through to its name"
    assert not problems(text), problems(text)


def test_the_lines_the_issue_quoted_now_read_as_english():
    b = battle()
    lines = [
        describe_event(b, Event(k, SAMPLES[k], 0)) for k in ("ability_hit", "decision", "counter")
    ]
    assert "TanRac's raiders's" not in " ".join(lines)
    assert lines[1] == "TanRac's raiders takes 2 hits on Drone 3 and TanRac's Information"
    assert lines[2].startswith("Battleship 1 (Keepers) absorbs a hit (1 of ")
    assert lines[2].endswith(" toward a damage roll)")
    reset = describe_event(b, Event("counter", {"unit": "1:1", "counter": 0}, 0))
    assert "so far" not in reset and not problems(reset)


def test_possessives():
    assert possessive("TanRac") == "TanRac's"
    assert possessive(RAIDERS) == "TanRac's raiders'"
    assert possessive(HOLLIS) == "Hollis'"


def test_the_same_target_twice_is_counted_not_repeated():
    b = battle()
    d = {"decision": "allocate", "side": 1, "hits": 2, "targets": ["1:E:battle", "1:E:battle"]}
    text = describe_event(b, Event("decision", d, 0))
    assert text == "Keepers takes 2 hits on Hollis' Battle (2 times)"


def test_labels_name_things():
    b = battle()
    assert label(b, "1:E") == "Hollis"
    assert label(b, "0:E:battle") == "TanRac's Battle"
    assert label(b, "1:S") == "Keepers' Static Defenses"
    assert label(b, 0) == RAIDERS
    assert label(b, "0:2") == "Cruiser 2 (TanRac's raiders)"


def test_every_line_of_seeded_battles_reads_as_english():
    """Battles with Take-Overs, multi-hit ships, Busters, structures and retreats."""
    seen: set[str] = set()
    for seed in range(6):
        b = Battle(battle().sides, seed=seed)
        b.run(6, AutoPolicy(busters_at_first_chance=True))
        for e in b.log:
            text = describe_event(b, e)
            seen.add(e.kind)
            assert not problems(text), (e.kind, problems(text))
    assert {"attack", "damage", "decision", "phase", "end"} <= seen
