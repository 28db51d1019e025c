"""The same seed gives the same game on every run and machine: compared with stored fixtures.

Set ``GMKIT_REGENERATE_FIXTURES=1`` to rewrite the fixtures after a deliberate change to a
generator (and say why in the commit).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from kit.boards import Chase, CheckSource, EventDeck, StandardBoard, autoplay
from kit.regulus import Job, Operative
from kit.successors.sector import generate_sector
from kit.successors.stars import generate_system

FIXTURES = Path(__file__).parent / "fixtures"
REGENERATE = os.environ.get("GMKIT_REGENERATE_FIXTURES") == "1"


def seeded_job() -> str:
    crew = [
        Operative("Vex", "Face", ["invite"]),
        Operative("Oro", "Hacker", ["deck"]),
        Operative("Bo", "Muscle"),
    ]
    return Job("heist", 6, 7, crew, seed=20261202).play().to_json()


def seeded_board() -> str:
    deck = EventDeck(seed=77)
    board = StandardBoard(deck.deal(5), goal=4, title="Seeded board")
    autoplay(board, CheckSource("2d6+1", seed=78))
    chase = Chase(deck.deal(6), seed=79, npc_checks="2d6")
    autoplay(chase, CheckSource("2d6", seed=80))
    return json.dumps(
        {
            "deck": json.loads(deck.to_json()),
            "board": json.loads(board.to_json()),
            "chase": json.loads(chase.to_json()),
        },
        indent=1,
    )


def seeded_system() -> str:
    return generate_system(seed=1234).to_json()


def seeded_sector() -> str:
    sector = generate_sector(200, seed=99, dims=3)
    route = sector.route(0, sector.n - 1) if sector.n > 1 else None
    return json.dumps(
        {
            "sector": json.loads(sector.to_json()),
            "system_17": json.loads(sector.system(17).to_json()),
            "edges": sector.graph.number_of_edges(),
            "route": list(route.systems) if route is not None else None,
        },
        indent=1,
    )


def seeded_battle() -> str:
    from kit.successors.examples import example_one

    battle = example_one(seed=2026)
    battle.run(max_rounds=4)
    return battle.to_json()


CASES = {
    "battle": seeded_battle,
    "job": seeded_job,
    "board": seeded_board,
    "system": seeded_system,
    "sector": seeded_sector,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_same_seed_same_game(name):
    path = FIXTURES / f"{name}.json"
    produced = CASES[name]()
    if REGENERATE or not path.exists():
        path.write_text(produced)
        if not REGENERATE:
            pytest.fail(f"fixture {path.name} was missing and has been written; commit it")
    assert produced == path.read_text(), (
        f"{name} differs from its fixture: a seeded generator changed"
    )
    assert produced == CASES[name]()  # and twice in one process


def test_a_battle_saved_before_a_new_rule_option_still_loads_the_same():
    """Saves written before CombatRules gained structure_loss_destroys_entity replay unchanged."""
    from kit.successors.combat import Battle

    old = Battle.from_json((FIXTURES / "battle_v1_before_structure_option.json").read_text())
    new = Battle.from_json((FIXTURES / "battle.json").read_text())
    assert [e.to_dict() for e in old.log] == [e.to_dict() for e in new.log]
    assert old.summary() == new.summary()
