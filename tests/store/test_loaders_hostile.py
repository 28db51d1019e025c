"""Only the kit's own errors come out of any loader (issue #11).

Every savable type is saved, then each place in the saved document (every value, container or
leaf, up to a budget of places per type) is replaced in turn by each of a fixed set of hostile
values: wrong types, out-of-range numbers, a lone surrogate, long text, empty and odd
containers. The loader must either load something that saves and loads back the same, or raise
a :class:`kit.errors.KitError`. A TypeError, KeyError, AttributeError, IndexError,
OverflowError or UnicodeEncodeError escaping is a bug.

Unlike the hypothesis fuzz (tests/store/test_fuzz.py), this walk is exhaustive over the
places it visits and deterministic, so a failure names the exact path and value.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

from kit import Campaign
from kit.boards import Chase, Contest, EventDeck, LimitBoard, PreparationBoard, StandardBoard
from kit.campaign import Crew
from kit.errors import KitError
from kit.regulus import Job, Operative

HOSTILE: list[Any] = [
    None,
    True,
    -1,
    0,
    2**62,
    10**19,
    1e30,
    0.5,
    -0.0,
    "",
    "x" * 300,
    "\ud800",
    "<a href=x>y</a>",
    [],
    [None],
    [[]],
    {},
    {"a": 1},
    {"": None},
    ["x", 1],
]
#: Places visited per sample (spread over the document); the whole walk stays under a minute.
PLACES = 60


def _samples() -> list[tuple[str, Any, Any]]:
    from kit.successors import Entity
    from kit.successors.combat import Battle
    from kit.successors.examples import example_one
    from kit.successors.fleets import Fleet
    from kit.successors.sector import Sector, generate_sector
    from kit.successors.stars import StarSystem, generate_system

    crew = [Operative("Vex", "Face", ["invite"]), Operative("Oro", "Hacker", ["deck"])]
    job = Job("heist", 4, 5, crew, seed=2).play()
    board = StandardBoard([6, 5, 7, 4], goal=3)
    for v in (6, 4):
        board.check(v)
    limit = LimitBoard([6, 5, 7, 4], need=2)
    contest = Contest([6, 5, 7, 4, 8])
    chase = Chase([6, 5, 7, 4, 8])
    prep = PreparationBoard([6, 5, 7])
    deck = EventDeck(seed=3)
    deck.draw()
    deck.draw()
    fleet = Fleet(Entity("TanRac", battle=4, control=4), budget=32)
    fleet.buy("GUNBOAT", 3)
    fleet.set_control([1, 2])
    sector = generate_sector(8, seed=4)
    if sector.graph.number_of_edges():
        a, b = sorted(sector.graph.edges)[0]
        sector.record_jump(a, b, times=2)
    battle = example_one(seed=3)
    battle.step_round()
    from kit.successors import Workshop

    workshop = Workshop(Entity("Releata", battle=8, control=3, handling=2), seed=4, ru=7)
    workshop.add("Servo", neutralized=True, maker="Takeru Republic")
    workshop.add_hulk("Frigate")
    workshop.start_ship("Drone")
    workshop.day([("repair", "0:1"), ("gather", "H1")], faces=[1, 1])
    camp = Campaign("Hostile", notes="n")
    camp.add(job, "job")
    camp.add(board, "board")
    camp.add(fleet, "fleet")
    camp.add_session("S1", "text", "today")
    return [
        ("Job", Job, job),
        ("StandardBoard", StandardBoard, board),
        ("LimitBoard", LimitBoard, limit),
        ("Contest", Contest, contest),
        ("Chase", Chase, chase),
        ("PreparationBoard", PreparationBoard, prep),
        ("EventDeck", EventDeck, deck),
        ("Entity", Entity, Entity("Releata", battle=8, control=3, notes=["a note"])),
        ("Fleet", Fleet, fleet),
        ("StarSystem", StarSystem, generate_system(seed=11)),
        ("Sector", Sector, sector),
        ("Battle", Battle, battle),
        ("Workshop", Workshop, workshop),
        ("Campaign", Campaign, camp),
        ("Crew", Crew, Crew(tuple(crew))),
    ]


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(doc, dict):
        for k in doc:
            yield from _paths(doc[k], prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:4]):  # the first few items of each list are enough
            yield from _paths(v, prefix + (i,))


def _replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    out = copy.deepcopy(doc)
    here = out
    for step in path[:-1]:
        here = here[step]
    here[path[-1]] = value
    return out


def _spread(paths: list[tuple[Any, ...]], n: int) -> list[tuple[Any, ...]]:
    if len(paths) <= n:
        return paths
    step = len(paths) / n
    return [paths[int(i * step)] for i in range(n)]


SAMPLES = _samples()


@pytest.mark.parametrize("name, cls, obj", SAMPLES, ids=[s[0] for s in SAMPLES])
def test_only_kit_errors_come_out_of_loaders(name, cls, obj):
    doc = json.loads(obj.to_json())
    # the envelope, then places inside "data"
    places = [("format",), ("version",), ()] + [
        ("data",) + p for p in _spread(list(_paths(doc["data"])), PLACES)
    ]
    leaks = []
    for path in places:
        for value in HOSTILE:
            text = json.dumps(_replaced(doc, path, value))  # "\ud800" is written as an escape
            try:
                loaded = cls.from_json(text)
            except KitError as exc:
                assert str(exc).strip()
                continue
            except Exception as exc:
                leaks.append(f"{'/'.join(map(str, path))} = {value!r}: {type(exc).__name__}: {exc}")
                continue
            try:
                again = cls.from_json(loaded.to_json())
            except Exception as exc:
                leaks.append(
                    f"{'/'.join(map(str, path))} = {value!r} loaded but does not save "
                    f"and load again: {type(exc).__name__}: {exc}"
                )
                continue
            if again != loaded:
                leaks.append(f"{'/'.join(map(str, path))} = {value!r} changed on a second load")
    assert not leaks, f"{len(leaks)} leak(s) in {name} loader:\n" + "\n".join(leaks[:15])
