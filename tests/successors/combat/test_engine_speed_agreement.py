"""The event-log engine gives the very same battles after its speed work (issue #13).

The reference is ``data/engine_logs.json``, written by running this module as a script
(``python tests/successors/combat/test_engine_speed_agreement.py``) on the code as committed BEFORE the
engine was made faster. For every generated setup and seed it holds the SHA-256 of the
battle's whole event log (``Battle.to_dict()["events"]``, canonical JSON), the number of
events and the outcome. The setups cover what the default policy meets: two to four sides,
entities with Sensors (so Take-Overs lock on), ships under Control, reserves in racks, Static
Defenses, Busters, Rammers, a Matrix or Targeter, Cubes, decoys, Jammer Fields, retreat rules,
gathering and held reloaders. Any change in a die drawn, an event's data or their order changes
a digest, so the test fails on the first battle that plays differently.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kit.successors import Entity
from kit.successors.combat import (
    AutoPolicy,
    Battle,
    RetreatAfter,
    RetreatWhenLosses,
    Side,
    simulate,
)
from kit.successors.examples import example_one, example_two

DATA = Path(__file__).parent / "data" / "engine_logs.json"
SETUPS, SEEDS, MAX_ROUNDS = 36, 3, 6

TYPES = [
    "Drone",
    "Gunboat",
    "Frigate",
    "Destroyer",
    "Cruiser",
    "Battleship",
    "Battlecruiser",
    "Dreadnought",
    "Battle Pod",
    "Satellite",
    "Firepoint",
    "Point Cannon",
    "Mocker",
    "Shouter",
    "Darter",
    "Striker",
    "Jammer",
    "EW Unit",
    "Servo",
    "Repair",
    "Relay",
    "Seeker",
    "Loader",
]
CARRIERS = ["Tug", "Lt Carrier", "Carrier"]
EDGES = [(), ("Combat Reflexes",), ("Cross-Trained",), ("Strong Control",)]


def random_setup(i: int) -> tuple[Battle, AutoPolicy]:
    """Setup ``i``: a seeded random battle with many of the engine's features switched on."""
    rng = np.random.default_rng(7000 + i)
    n_sides = int(rng.choice([2, 2, 3, 4]))
    sides = []
    for s in range(n_sides):
        ships: list[Any] = [str(t) for t in rng.choice(TYPES, size=int(rng.integers(1, 8)))]
        carried: tuple[tuple[int, tuple[int, ...]], ...] = ()
        if rng.random() < 0.35:  # a carrier with Drones or Gunboats in its racks (reserves)
            ships.append(str(rng.choice(CARRIERS)))
            carrier = len(ships)
            k = int(rng.integers(1, 4))
            ships += [str(rng.choice(["Drone", "Gunboat"]))] * k
            carried = ((carrier, tuple(range(carrier + 1, carrier + 1 + k))),)
        ent, ctl = None, ()
        if rng.random() < 0.6:
            r = [int(x) for x in rng.integers(1, 7, size=5)]
            ent = Entity(
                f"E{s}",
                battle=r[0],
                control=r[1],
                handling=r[2],
                information=r[3],
                sensors=r[4],
                edges=list(EDGES[int(rng.integers(0, len(EDGES)))]),  # type: ignore[arg-type]
                side=f"Nation {s % 2}",
            )
            free = [j + 1 for j in range(len(ships)) if not any(j + 1 in v for _, v in carried)]
            k = int(rng.integers(0, min(len(free), r[1]) + 1))
            ctl = tuple(sorted(int(x) for x in rng.choice(free, size=k, replace=False)))
        extras: dict[str, Any] = {}
        if rng.random() < 0.3:
            extras["sensors"] = int(rng.integers(0, 5))
        if rng.random() < 0.2:
            extras["static_defenses"] = int(rng.integers(1, 9))
        if rng.random() < 0.15:
            extras["busters"] = (int(rng.integers(1, 6)),)
        if rng.random() < 0.15:
            extras["rammers"] = int(rng.integers(1, 3))
        if ent is not None and rng.random() < 0.15:
            extras["matrix" if rng.random() < 0.5 else "targeter"] = int(rng.integers(1, 3))
        if ent is not None and rng.random() < 0.15:
            extras["cubes"] = 1
        if rng.random() < 0.1:
            extras["ancient"] = True
        sides.append(
            Side(
                f"S{s}",
                ent,
                ships=ships,
                controlled=ctl,
                carried=carried,
                faction=f"Nation {s % 2}" if ent is None else None,
                **extras,
            )
        )
    retreat: dict[int, Any] = {}
    for s in range(n_sides):
        pick = int(rng.integers(0, 4))
        if pick == 1:
            retreat[s] = RetreatAfter(int(rng.integers(1, 4)))
        elif pick == 2:
            retreat[s] = RetreatWhenLosses(float(rng.choice([0.3, 0.5, 0.7])))
    policy = AutoPolicy(
        retreat_rules=retreat,
        gather=bool(rng.random() < 0.3),
        hold_reloaders=bool(rng.random() < 0.3),
        # the reference was written when the literal reading was the only one (ruling 9)
        busters_at_first_chance=True,
    )
    jammer = int(rng.integers(1, 3)) if rng.random() < 0.15 else 0
    return Battle(sides, seed=1, jammer=jammer), policy


def _digest(battle: Battle) -> dict[str, Any]:
    events = battle.to_dict()["events"]
    text = json.dumps(events, sort_keys=True, separators=(",", ":"))
    res = battle.result or {}
    return {
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "events": len(events),
        "winner": res.get("winner"),
        "rounds": res.get("rounds"),
        "outcomes": [r["outcome"] for r in res.get("sides", [])],
    }


def play(i: int) -> list[dict[str, Any]]:
    """Digests of setup ``i`` played with seeds 0..SEEDS-1 under its policy."""
    setup, policy = random_setup(i)
    out = []
    for seed in range(SEEDS):
        b = Battle(setup.sides, rules=setup.rules, seed=seed, jammer=setup.jammer)
        b.run(MAX_ROUNDS, policy)
        out.append(_digest(b))
    return out


def play_examples() -> dict[str, Any]:
    """The text's two examples with the default policy, whole battles, and a short simulate."""
    out: dict[str, Any] = {}
    for name, make in (("example_one", example_one), ("example_two", example_two)):
        rows = []
        for seed in range(4):
            b = make(seed=seed)
            b.run(policy=AutoPolicy())
            rows.append(_digest(b))
        out[name] = rows
        r = simulate(make(), 40, seed=3, method="engine", progress=False)
        out[name + " simulate"] = {
            "outcome": r.outcome.tolist(),
            "ru_lost": r.ru_lost.tolist(),
            "rounds": r.rounds.tolist(),
            "first_hits": r.first_hits.tolist(),
        }
    return out


def _stored() -> dict[str, Any]:
    return json.loads(DATA.read_text())


@pytest.mark.parametrize("i", range(SETUPS))
def test_generated_setup_plays_as_before(i):
    assert play(i) == _stored()["setups"][i]


def test_examples_play_as_before():
    assert play_examples() == _stored()["examples"]


def test_the_setups_reach_the_features_they_are_meant_to():
    """The reference is only worth as much as what it exercises: across the setups, battles
    with three or four sides, Take-Overs, reserves unloaded or fought over, gathering, Static
    Defenses, Busters and retreats all happen."""
    kinds: set[str] = set()
    many_sides = 0
    for i in range(SETUPS):
        setup, policy = random_setup(i)
        many_sides += len(setup.sides) > 2
        b = Battle(setup.sides, rules=setup.rules, seed=0, jammer=setup.jammer)
        b.run(MAX_ROUNDS, policy)
        kinds |= {e.kind for e in b.log}
    assert many_sides >= 8
    for kind in ("taken_over", "takeover_progress", "retreat", "static_hit", "buster", "sensors"):
        assert kind in kinds, kind


def _units_view(st: Any) -> dict[str, dict[str, Any]]:
    return {k: {**vars(u), "takeover": dict(u.takeover)} for k, u in st.units.items()}


def test_a_phase_never_changes_the_state_it_started_from():
    """Phases share unit records with the state before them until an event changes one
    (copy on write): the earlier state must stay exactly as it was, phase after phase."""
    b = example_one(seed=2)
    while not b.over:
        old = b.state
        snapshot = _units_view(old)
        sides = [(s.entity, s.entity_state, dict(s.sensors)) for s in old.sides]
        b.step_phase()
        assert _units_view(old) == snapshot
        assert [(s.entity, s.entity_state, dict(s.sensors)) for s in old.sides] == sides


def test_a_failing_phase_leaves_the_battle_as_it_was():
    """A policy that fails halfway through a phase (after hits have landed) changes nothing."""

    class FailsAfterHits(AutoPolicy):
        def self_destruct(self, ctx: Any, side: int, phase: str) -> list[str]:
            raise RuntimeError("stop")

    b = example_one(seed=3)
    while b.next_phase != "first":
        b.step_phase()
    before = _units_view(b.state)
    n_events = len(b.log)
    with pytest.raises(RuntimeError):
        b.step_phase(FailsAfterHits())
    assert _units_view(b.state) == before and len(b.log) == n_events
    b.step_phase()  # and the phase then plays as it would have
    assert any(e.kind == "damage" for e in b.log[n_events:])


if __name__ == "__main__":  # write the reference from the code as it stands
    if "--write" not in sys.argv:
        sys.exit("pass --write to overwrite " + str(DATA))
    DATA.parent.mkdir(exist_ok=True)
    data = {
        "about": "event-log digests of the engine before the issue #13 speed work",
        "setups": [play(i) for i in range(SETUPS)],
        "examples": play_examples(),
    }
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    sys.stdout.write(f"wrote {DATA} ({DATA.stat().st_size} bytes)\n")
