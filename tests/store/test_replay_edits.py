"""A save file is replayed before it is trusted (issue #37).

Every kind that keeps an event log of rolls (a battle, a Regulus job, a Complex Tasks board of
each kind, a journey) is rebuilt from its setup and log when it loads, and a file whose recorded
result is not what the rules give for its recorded dice is refused with a SaveFileError that
names the event (its index, where in the game it stands, what the file says and what the rules
give).

The law, over generated games: take a played game's saved file and make any single edit of a
recorded die or a recorded result; loading it either refuses it or gives a legal game, one
whose every recorded result is what the rules (stated here from the texts, independently of
the engine) give for its dice, and that saves and loads again unchanged.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kit.boards import Chase, Contest, EventDeck, LimitBoard, PreparationBoard, StandardBoard
from kit.errors import KitError, SaveFileError
from kit.regulus import Job, Operative
from kit.successors.combat import Battle, Side
from kit.successors.sector import Journey, Party, Sector, Traveller

# ----------------------------------------------------------------- oracles from the texts

#: Successors, "Damage Table": 1-3 neutralized, 4-5 hulked, 6 vaporized.
DAMAGE = {1: "neutralized", 2: "neutralized", 3: "neutralized", 4: "hulked", 5: "hulked"}
DAMAGE[6] = "vaporized"


def die_succeeds(part: int, face: int) -> bool:
    """Successors: a die succeeds at or under its rank's part; a 6 always fails."""
    return face <= part and face != 6


def battle_is_legal(data: dict[str, Any]) -> bool:
    for e in data["events"]:
        d = e["data"]
        if e["kind"] in ("attack", "sensors", "roll") and d.get("faces"):
            n = sum(die_succeeds(p, f) for p, f in zip(d["dice"], d["faces"]))
            if "stellar cannon" in d.get("units", ()):
                if (n == 0) != (d["hits"] == 0):
                    return False
            elif d["hits" if e["kind"] == "attack" else "successes"] != n:
                return False
        if e["kind"] == "damage" and d.get("face") is not None and DAMAGE[d["face"]] != d["result"]:
            return False
    return True


def job_is_legal(data: dict[str, Any]) -> bool:
    # Regulus: every incident is a 2d6 roll, its total the sum of the two dice
    return all(
        e["data"]["total"] == sum(e["data"]["dice"]) and len(e["data"]["dice"]) == 2
        for e in data["events"]
        if e["kind"] == "roll" and "dice" in e["data"]
    )


def board_is_legal(data: dict[str, Any]) -> bool:
    # Complex Tasks: a check succeeds when its value is at least its target
    return all(
        e["data"]["success"] == (e["data"]["value"] >= e["data"]["target"])
        for e in data["events"]
        if {"success", "value", "target"} <= set(e["data"])
    )


# ----------------------------------------------------------------- played games


def played_job(seed: int) -> Job:
    crew = [Operative("Vex", "Face"), Operative("Oro", "Hacker"), Operative("Brick", "Muscle")]
    return Job("heist", 4, 5, crew, seed=seed).play()


def played_board(kind: str, seed: int) -> Any:
    rng = np.random.default_rng(seed)
    cards = EventDeck(seed=seed).deal(5)
    values = [int(x) for x in rng.integers(2, 13, size=12)]
    if kind == "standard":
        board: Any = StandardBoard(cards, goal=4)
    elif kind == "preparation":
        board = PreparationBoard(cards)
    elif kind == "limit":
        board = LimitBoard(cards, need=3, hidden=[5])
    elif kind == "contest":
        board = Contest(cards)
    else:
        board = Chase(cards, seed=seed)
    for i, v in enumerate(values):
        if board.finished:
            break
        if kind == "limit":
            board.check(v, board.open_slots[0])
        elif kind == "contest":
            board.exchange(v, int(rng.integers(2, 13)))
        else:
            board.check(v, skill=["Tinker", "Athletics", None][i % 3])
    return board


def played_journey(seed: int) -> Journey:
    sector = Sector(np.array([[0, 0], [9, 0], [18, 0]], float), ["Ana", "Bel", "Cor"], seed=1)
    party = Party((Traveller("Vex", "entity", 3, 2, 2),))
    j = Journey.along(sector, sector.route("Ana", "Cor"), party, seed=seed)
    j.step()
    j.move(2)
    return j.run()


def played_battle(seed: int) -> Battle:
    sides = [
        Side("Raiders", ships={"Cruiser": 2, "Frigate": 2}),
        Side("Guard", ships={"Frigate": 3, "Gunboat": 2}),
    ]
    return Battle(sides, seed=seed).run()


KINDS = ["battle", "job", "journey", "standard", "preparation", "limit", "contest", "chase"]


def played(kind: str, seed: int) -> Any:
    if kind == "battle":
        return played_battle(seed)
    if kind == "job":
        return played_job(seed)
    if kind == "journey":
        return played_journey(seed)
    return played_board(kind, seed)


#: Fields of an event that are a die or a result of one.
RECORDED = {
    "faces",
    "face",
    "dice",
    "hits",
    "successes",
    "total",
    "totals",
    "result",
    "hulk_ru",
    "value",
    "npc_value",
    "npc_success",
    "success",
    "player_success",
    "target",
    "outcome",
    "day",
}
RESULTS = ("neutralized", "hulked", "vaporized", "destroyed")


def edits(data: dict[str, Any]) -> list[tuple[int, str, int | None]]:
    """Every (event index, field, list position or None) that records a die or a result."""
    out = []
    for i, e in enumerate(data["events"]):
        for key, value in e["data"].items():
            if key not in RECORDED:
                continue
            if isinstance(value, list):
                out += [(i, key, k) for k, x in enumerate(value) if isinstance(x, int)]
            elif isinstance(value, (int, str)) or value is None:
                out.append((i, key, None))
    return out


def edited(value: Any, shift: int) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        new = value + shift
        return new if 1 <= value <= 6 and 1 <= new <= 6 else (value % 6) + 1
    if value in RESULTS:
        return RESULTS[(RESULTS.index(value) + shift) % len(RESULTS)]
    return "caught" if value != "caught" else "escaped"


def load(kind: str, text: str) -> Any:
    cls = {
        "battle": Battle,
        "job": Job,
        "journey": Journey,
        "standard": StandardBoard,
        "preparation": PreparationBoard,
        "limit": LimitBoard,
        "contest": Contest,
        "chase": Chase,
    }[kind]
    return cls.from_json(text)


LEGAL = {"battle": battle_is_legal, "job": job_is_legal}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(KINDS),
    seed=st.integers(0, 2**16),
    pick=st.integers(0, 10**6),
    shift=st.sampled_from([1, 2, 3, 5, -1]),
)
@example(kind="battle", seed=4, pick=0, shift=5)
@example(kind="job", seed=1, pick=0, shift=1)
@example(kind="journey", seed=5, pick=3, shift=1)
@example(kind="chase", seed=2, pick=1, shift=1)
def test_any_single_edit_of_a_die_or_result_is_refused_or_legal(kind, seed, pick, shift):
    game = played(kind, seed)
    text = game.to_json()
    raw = json.loads(text)
    data = raw["data"]
    spots = edits(data)
    if not spots:
        return
    i, key, k = spots[pick % len(spots)]
    event = data["events"][i]["data"]
    if k is None:
        event[key] = edited(event[key], shift)
    else:
        event[key][k] = edited(event[key][k], shift)
    bad = json.dumps(raw)
    try:
        loaded = load(kind, bad)
    except SaveFileError:
        return
    except KitError as exc:  # refused another way a kit error says (an impossible event)
        assert str(exc)
        return
    again = json.loads(loaded.to_json())["data"]
    assert again == data, "the loaded game is the file as written"
    assert load(kind, loaded.to_json()) == loaded
    if kind in LEGAL:
        assert LEGAL[kind](again), f"{kind} event {i} {key} edited and loaded as an illegal game"
    elif kind == "journey":
        fresh = played_journey(seed)
        assert [(e.kind, dict(e.data)) for e in loaded.log] == [
            (e.kind, dict(e.data)) for e in fresh.log
        ]
    else:
        assert board_is_legal(again)


# ----------------------------------------------------------------- the named cases


def test_a_battle_damage_die_changed_from_1_to_6_with_the_result_left_is_refused():
    for seed in range(200):
        battle = played_battle(seed)
        data = json.loads(battle.to_json())
        found = [
            (i, e)
            for i, e in enumerate(data["data"]["events"])
            if e["kind"] == "damage" and e["data"].get("face") == 1
        ]
        if found:
            break
    else:  # pragma: no cover - the generated battles always roll a 1 somewhere
        pytest.fail("no damage die of 1 in 200 battles")
    i, e = found[0]
    assert e["data"]["result"] == "neutralized"  # the table: 1 neutralizes
    e["data"]["face"] = 6
    with pytest.raises(SaveFileError) as err:
        Battle.from_json(json.dumps(data))
    text = str(err.value)
    assert f"battle event {i} (damage, round " in text and "phase" in text
    assert "the file says result = 'neutralized', the rules give 'vaporized'" in text
    assert "damage die 6" in text


def test_a_battle_attack_with_its_hits_edited_is_refused_naming_the_dice():
    data = json.loads(played_battle(3).to_json())
    i, e = next((i, e) for i, e in enumerate(data["data"]["events"]) if e["kind"] == "attack")
    d = e["data"]
    hits = sum(die_succeeds(p, f) for p, f in zip(d["dice"], d["faces"]))
    assert d["hits"] == hits
    d["hits"] = hits + 1
    with pytest.raises(SaveFileError, match=f"battle event {i} \\(attack, round 1, "):
        Battle.from_json(json.dumps(data))


def test_a_job_roll_whose_total_is_not_its_dice_is_refused():
    data = json.loads(played_job(1).to_json())
    roll = data["data"]["events"][2]
    assert roll["kind"] == "roll"
    faces = roll["data"]["dice"]
    roll["data"]["total"] = sum(faces) % 11 + 2 if sum(faces) % 11 + 2 != sum(faces) else 3
    with pytest.raises(SaveFileError) as err:
        Job.from_json(json.dumps(data))
    text = str(err.value)
    assert "job event 2 (the " in text and f"the file says total {roll['data']['total']}" in text
    assert f"the rules give {sum(faces)} for its dice {faces}" in text


def test_a_journey_with_a_plotting_die_edited_is_refused():
    j = played_journey(5)
    data = json.loads(j.to_json())
    i, e = next((i, e) for i, e in enumerate(data["data"]["events"]) if e["kind"] == "plot")
    e["data"]["faces"][0] = e["data"]["faces"][0] % 6 + 1
    with pytest.raises(SaveFileError) as err:
        Journey.from_json(json.dumps(data))
    assert f"journey event {i} (plot, leg 0, day" in str(err.value)
    assert "the file says faces = " in str(err.value) and "the rules give" in str(err.value)


@pytest.mark.parametrize("kind", ["standard", "preparation", "limit", "contest", "chase"])
def test_a_board_with_a_result_edited_is_refused_naming_the_event(kind):
    board = played_board(kind, 7)
    data = json.loads(board.to_json())
    events = data["data"]["events"]
    # a result the rules derive (the NPC's own roll in a chase is a recorded die, not a result)
    derived = ("success", "player_success")
    i, e = next((i, e) for i, e in enumerate(events) if any(k in e["data"] for k in derived))
    key = next(k for k in derived if k in e["data"])
    e["data"][key] = not e["data"][key]
    with pytest.raises(SaveFileError, match=f"at event {i} .*the file says {key} = "):
        type(board).from_json(json.dumps(data))


def test_a_campaign_holding_an_edited_battle_is_refused_naming_where_and_the_event(tmp_path):
    from kit import Campaign

    camp = Campaign("Drift")
    camp.add(played_battle(3), "Skirmish")
    camp.add(played_job(1), "Heist")
    path = tmp_path / "drift.json"
    camp.save(path)
    raw = json.loads(path.read_text())
    text = json.dumps(raw)
    # find the battle's first attack wherever the campaign keeps it, and add a hit to it
    marker = '"kind": "attack"'
    assert marker in text
    battle_raw = json.loads(text)

    def bump(node: Any) -> bool:
        if isinstance(node, dict):
            if node.get("kind") == "attack" and isinstance(node.get("data"), dict):
                node["data"]["hits"] += 1
                return True
            return any(bump(v) for v in node.values())
        if isinstance(node, list):
            return any(bump(v) for v in node)
        return False

    assert bump(battle_raw)
    path.write_text(json.dumps(battle_raw))
    with pytest.raises(SaveFileError) as err:
        Campaign.load(path)
    assert "battle event" in str(err.value) and "the file says hits = " in str(err.value)
