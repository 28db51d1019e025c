"""The attack phases with their extras (:mod:`kit.successors.combat.simulate.attack` and the
batch it builds on): the vectorised simulation against the event-log engine on battles with
extras.

One family of generated setups per extra the fast path covers: Static Defenses, Busters, a
Stellar Cannon, a Jammer Field, a Matrix or Targeter, a side fighting from an adjacent orbit (Long Ranged ships and
entities), ships carried in racks (their carrier retreating), Rammers, Fragile,
Self-Repairing and facet entities, controllers without weapons or Handling of their own, and a side retreating that
leaves its immobile ships behind.
Each family's setups are checked twice:

* the engine's own event logs show the extra at work in those setups (a Static Defense hit, a
  Buster exploding, the Stellar Cannon hitting,
  dice changed by the Jammer or the Matrix, only Long Ranged attackers, a carrier leaving
  with its racks, a Rammer's attack, a Fragile or facet entity destroyed, a self-repair, a
  controlled ship firing for an unarmed controller, a retreat leaving immobile ships), so the agreement covers it;
* every side's win and loss rates, mean RU lost and the mean rounds agree between the two
  paths within the tolerance of ``test_fast`` (4.5 pooled standard errors plus one
  engine battle's share of the range).

A last family (issue 37) COMBINES Take-Overs with the extras: a side with the Control and a
Sensors lock to take ships over, four extras at once per setup (Static Defenses, either side's
Busters, Rammers, a Stellar Cannon, a retreat, racks, a Jammer Field, a Fragile or
Self-Repairing entity), and the same comparison of every side's outcome, RU lost and rounds.

``GMKIT_LONG=1`` plays three times the setups and three times the battles.

Last, one phase played directly on a batch: reloaders spent after the phase's hits (ruling 12),
the +1 against Static Defenses (ruling 4) and no fire across orbits without Long Range.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, RetreatAfter, Side, simulate
from kit.successors.combat.simulate import OUTCOMES, fast_supported
from kit.successors.combat.simulate.attack import Attacks
from kit.successors.combat.simulate.tables import Tables

LONG = os.environ.get("GMKIT_LONG") == "1"
PER_FAMILY, ENGINE_N, FAST_N, ROUNDS = (9, 360, 4000, 8) if LONG else (3, 120, 4000, 8)
SHIPS = ["Drone", "Gunboat", "Frigate", "Cruiser", "Battleship", "Mocker", "Servo", "Darter"]
LONG_RANGED = ["Point Cannon", "Long Gun"]


def _entity(rng: np.random.Generator, name: str, **kw: Any) -> Entity:
    r = [int(x) for x in rng.integers(1, 6, size=5)]
    return Entity(
        name,
        battle=r[0],
        control=max(r[1], 2),
        handling=r[2],
        information=r[3],
        sensors=r[4],
        **kw,
    )


def _ships(rng: np.random.Generator, pool: list[str], lo: int = 1, hi: int = 6) -> list[str]:
    return [pool[j] for j in rng.integers(0, len(pool), size=int(rng.integers(lo, hi + 1)))]


def _side(rng, name, ships, ent=None, **kw) -> Side:
    ctl = ()
    if ent is not None:
        k = int(rng.integers(0, min(len(ships), ent.base("control")) + 1))
        ctl = tuple(sorted(int(x) + 1 for x in rng.choice(len(ships), size=k, replace=False)))
    return Side(name, ent, ships=ships, controlled=ctl, **kw)


# ----------------------------------------------------------------------------- families
def static(rng):
    ships = ["Cruiser", *_ships(rng, SHIPS)]
    a = _side(rng, "A", ships, _entity(rng, "E") if rng.random() < 0.5 else None)
    b = _side(rng, "B", _ships(rng, SHIPS, 0, 2), static_defenses=int(rng.integers(3, 13)))
    return [a, b], {}


def jammer(rng):
    a = _side(
        rng, "A", _ships(rng, SHIPS), _entity(rng, "E"), jammer_attuned=bool(rng.random() < 0.5)
    )
    b = _side(rng, "B", _ships(rng, SHIPS))
    return [a, b], {"jammer": int(rng.integers(1, 4))}


def matrix(rng):
    lvl = {"matrix": int(rng.integers(1, 3))} if rng.random() < 0.5 else {"targeter": 2}
    a = _side(rng, "A", _ships(rng, SHIPS), _entity(rng, "E"), **lvl)
    b = _side(rng, "B", _ships(rng, SHIPS, 3, 8))
    return [a, b], {}


def adjacent(rng):
    ent = _entity(rng, "E", edges=["Long Ranged"]) if rng.random() < 0.5 else None
    a = _side(rng, "A", _ships(rng, SHIPS + LONG_RANGED, 2, 6), ent, adjacent=True)
    b = _side(rng, "B", [*_ships(rng, SHIPS + LONG_RANGED, 2, 6), "Point Cannon"])
    return [a, b], {}


def racks(rng):
    ships = ["Tug", *_ships(rng, ["Drone", "Gunboat", "Frigate"], 1, 3), *_ships(rng, SHIPS)]
    a = Side("A", ships=ships, carried=((1, (2,)),))
    b = _side(rng, "B", _ships(rng, SHIPS, 4, 8))
    return [a, b], {"retreat": {0: RetreatAfter(1)}}


def immobile(rng):
    ships = [*_ships(rng, ["Satellite", "Firepoint", "Strongpoint"], 1, 3), *_ships(rng, SHIPS)]
    a = _side(rng, "A", ships, _entity(rng, "E") if rng.random() < 0.5 else None)
    b = _side(rng, "B", _ships(rng, SHIPS, 4, 8))
    return [a, b], {"retreat": {0: RetreatAfter(1)}}


def busters(rng):
    a = _side(
        rng,
        "A",
        _ships(rng, SHIPS[:3], 1, 3),
        busters=tuple(int(x) for x in rng.integers(2, 9, size=int(rng.integers(1, 3)))),
    )
    b = _side(rng, "B", _ships(rng, SHIPS, 3, 7), _entity(rng, "E") if rng.random() < 0.5 else None)
    # ruling 9's choice (the default) or the literal reading
    return [a, b], {"busters_at_first_chance": bool(rng.random() < 0.5)}


def cannon(rng):
    ent = _entity(rng, "E").replace(battle=int(rng.integers(3, 9)))
    orbit = int(rng.integers(1, 3))
    a = _side(rng, "A", _ships(rng, SHIPS, 0, 3), ent, stellar_cannon=orbit)
    b = _side(rng, "B", _ships(rng, SHIPS, 3, 7))
    return [a, b], {}


def rammers(rng):
    a = _side(rng, "A", _ships(rng, SHIPS, 0, 3), rammers=int(rng.integers(1, 4)))
    b = _side(rng, "B", _ships(rng, SHIPS))
    return [a, b], {}


def creatures(rng, k):
    kind = ["fragile", "self_repair", "facet"][k % 3]
    kw: dict[str, Any] = {
        "fragile": {"flaws": ["Fragile"]},
        "self_repair": {"edges": ["Self-Repairing"]},
        "facet": {"kind": "facet", "facet_hits": int(rng.integers(1, 4))},
    }[kind]
    a = _side(rng, "A", _ships(rng, SHIPS, 0, 1), _entity(rng, "E", **kw))
    b = _side(rng, "B", _ships(rng, ["Frigate", "Cruiser", "Battleship", "Darter"], 3, 6))
    return [a, b], {}


def unarmed(rng):
    flaws = [["No Weapon Systems"], ["No Manipulation"], ["No Weapon Systems", "No Manipulation"]]
    ent = _entity(rng, "E", flaws=flaws[int(rng.integers(0, 3))], edges=["Combat Reflexes"])
    ships = ["Cruiser", *_ships(rng, SHIPS, 1, 4), "Servo"]  # the Cruiser is under Control
    a = Side("A", ent, ships=ships, controlled=(1, len(ships)))
    b = _side(rng, "B", _ships(rng, SHIPS))
    return [a, b], {}


def _has(kinds: Callable[[Any], bool]) -> Callable[[list[Any], Battle], bool]:
    return lambda logs, _: any(kinds(e) for log in logs for e in log)


def _dice_differ(change: Callable[[Battle], Battle]) -> Callable[[list[Any], Battle], bool]:
    """The attack dice differ from the same battle without the extra (same seeds)."""

    def check(logs: list[Any], battle: Battle) -> bool:
        plain = change(battle)
        for seed, log in enumerate(logs):
            other = Battle(plain.sides, rules=plain.rules, seed=seed, jammer=plain.jammer)
            other.run(ROUNDS, AutoPolicy(takeover=False))
            dice = [e["dice"] for e in log if e.kind == "attack"]
            if dice != [e["dice"] for e in other.log if e.kind == "attack"]:
                return True
        return False

    return check


def _no_matrix(b: Battle) -> Battle:
    import dataclasses

    sides = [dataclasses.replace(s, matrix=0, targeter=0) for s in b.sides]
    return Battle(sides, rules=b.rules, jammer=b.jammer)


def _only_long_ranged(logs: list[Any], battle: Battle) -> bool:
    lr = {
        f"{i}:{sh.id}"
        for i, s in enumerate(battle.sides)
        for sh in s.ships
        if sh.design.long_ranged
    }
    units = [k for log in logs for e in log if e.kind == "attack" for k in e["units"]]
    return bool(units) and all(k in lr or k.endswith(":E") for k in units)


FAMILIES: dict[str, tuple[Callable[..., Any], Callable[[list[Any], Battle], bool]]] = {
    "static": (static, _has(lambda e: e.kind == "static_hit")),
    "jammer": (jammer, _dice_differ(lambda b: Battle(b.sides, rules=b.rules))),
    "matrix": (matrix, _dice_differ(_no_matrix)),
    "adjacent": (adjacent, _only_long_ranged),
    "racks": (racks, _has(lambda e: e.kind == "retreat" and "0:2" in e["units"])),
    "immobile": (
        immobile,
        _has(lambda e: e.kind == "retreat" and e["side"] == 0),
    ),
    "busters": (busters, _has(lambda e: e.kind == "buster")),
    "cannon": (
        cannon,
        _has(lambda e: e.kind == "attack" and e["units"] == ["stellar cannon"] and e["hits"] > 0),
    ),
    "rammers": (rammers, _has(lambda e: e.kind == "damage" and e.get("reason") == "imploder")),
    "creatures": (
        creatures,
        _has(
            lambda e: (
                (e.kind == "entity_state" and e["state"] == "destroyed")
                or (e.kind == "ability_hit" and e.get("reason") == "self-repairing")
            )
        ),
    ),
    "unarmed": (unarmed, _has(lambda e: e.kind == "attack" and "0:1" in e["units"])),
}


def _setup(family: str, k: int) -> tuple[Battle, AutoPolicy]:
    rng = np.random.default_rng([2026, list(FAMILIES).index(family), k])
    make = FAMILIES[family][0]
    sides, opts = make(rng, k) if family == "creatures" else make(rng)
    policy = AutoPolicy(
        takeover=False,
        retreat_rules=opts.pop("retreat", {}),
        busters_at_first_chance=opts.pop("busters_at_first_chance", False),
    )
    return Battle(sides, seed=1, **opts), policy


SETUPS = [(f, k, *_setup(f, k)) for f in FAMILIES for k in range(PER_FAMILY)]
IDS = [f"{f}-{k}" for f, k, _, _ in SETUPS]


def _close(a: np.ndarray, b: np.ndarray) -> bool:
    both = np.concatenate([a, b])
    se = np.sqrt(both.var(ddof=1) * (1 / len(a) + 1 / len(b)))
    one_battle = (both.max() - both.min()) / len(b)
    return bool(abs(a.mean() - b.mean()) <= 4.5 * se + one_battle + 1e-9)


@pytest.mark.parametrize("i", range(len(SETUPS)), ids=IDS)
def test_fast_and_engine_agree_with_extras(i):
    family, _, battle, policy = SETUPS[i]
    assert fast_supported(battle, policy) is None, family
    fast = simulate(battle, FAST_N, seed=i, policy=policy, method="fast", max_rounds=ROUNDS)
    slow = simulate(battle, ENGINE_N, seed=i, policy=policy, method="engine", max_rounds=ROUNDS)
    for side in range(len(battle.sides)):
        for outcome in ("won", "lost"):
            code = OUTCOMES.index(outcome)
            a = (fast.outcome[:, side] == code).astype(float)
            b = (slow.outcome[:, side] == code).astype(float)
            assert _close(a, b), (family, side, outcome, a.mean(), b.mean())
        assert _close(fast.ru_lost[:, side], slow.ru_lost[:, side]), (family, side)
    assert _close(fast.rounds.astype(float), slow.rounds.astype(float)), family


@pytest.mark.parametrize("family", list(FAMILIES))
def test_each_family_exercises_its_extra_in_the_engine(family):
    """Hand-checkable premise: in the family's setups the engine's logs show the extra."""
    check = FAMILIES[family][1]
    for f, _, battle, policy in SETUPS:
        if f != family:
            continue
        logs = []
        for seed in range(30):
            b = Battle(battle.sides, rules=battle.rules, seed=seed, jammer=battle.jammer)
            b.run(ROUNDS, policy)
            logs.append(list(b.log))
        assert check(logs, battle), (family, [s.name for s in battle.sides])


# ----------------------------------------------------------------------------- Take-Overs with extras
# Issue 37: battles where a ship changed hands play on in a batch of their own in the fast
# path, so every extra must keep working there. Each setup below has a side whose entity holds
# a Sensors lock and the Control to take ships over (ships built by another nation, so a taken
# ship needs reconditioning) TOGETHER with several extras at once; across the setups every
# extra meets Take-Overs more than once.
COMBINED_EXTRAS = (
    "static",
    "busters_taker",
    "busters_target",
    "rammers",
    "cannon",
    "retreat",
    "racks",
    "jammer",
    "fragile",
    "self_repair",
)
COMBINED_N = 12 if LONG else 6


def _combined_extras(k: int) -> set[str]:
    """Four extras per setup, walking the list so each appears in every few setups."""
    n = len(COMBINED_EXTRAS)
    return {COMBINED_EXTRAS[(3 * k + j) % n] for j in range(4)}


def combined(k: int) -> tuple[Battle, AutoPolicy, set[str]]:
    rng = np.random.default_rng([2037, k])
    extras = _combined_extras(k)
    edges = ["Self-Repairing"] if "self_repair" in extras else []
    flaws = ["Fragile"] if "fragile" in extras else []
    taker = Entity(
        "Taker",
        battle=int(rng.integers(3, 8)),
        control=int(rng.integers(5, 8)),
        handling=int(rng.integers(2, 5)),
        information=int(rng.integers(2, 4)),
        sensors=int(rng.integers(3, 6)),
        edges=edges,  # type: ignore[arg-type]
        flaws=flaws,  # type: ignore[arg-type]
        side="Vontuni Empire",
    )
    a_ships = _ships(rng, ["Gunboat", "Frigate", "Drone"], 1, 3)
    a = Side(
        "Takers",
        taker,
        ships=a_ships,
        sensors=3,
        busters=(int(rng.integers(3, 8)),) if "busters_taker" in extras else (),
        rammers=int(rng.integers(1, 3)) if "rammers" in extras else 0,
        stellar_cannon=int(rng.integers(1, 3)) if "cannon" in extras else None,
    )
    b_ships = _ships(rng, ["Loader", "Frigate", "Cruiser", "Servo", "Darter", "Gunboat"], 3, 6)
    if "fragile" in extras:  # enough fire to put a Fragile entity out now and then
        b_ships = ["Battleship", "Battleship", *b_ships]
    carried: tuple = ()
    if "racks" in extras:
        b_ships = ["Tug", "Drone", *b_ships]
        carried = ((1, (2,)),)
    b = Side(
        "Targets",
        ships=b_ships,
        carried=carried,
        faction="Kingdoms of Jukint",
        static_defenses=int(rng.integers(3, 9)) if "static" in extras else 0,
        busters=(int(rng.integers(3, 8)),) if "busters_target" in extras else (),
    )
    retreat = {1: RetreatAfter(int(rng.integers(2, 4)))} if "retreat" in extras else {}
    policy = AutoPolicy(
        takeover=True,
        retreat_rules=retreat,
        busters_at_first_chance=bool(k % 2),
    )
    jammer = int(rng.integers(1, 3)) if "jammer" in extras else 0
    return Battle([a, b], seed=1, jammer=jammer), policy, extras


COMBINED = [combined(k) for k in range(COMBINED_N)]


def test_every_extra_meets_takeovers_in_two_setups_or_more():
    for extra in COMBINED_EXTRAS:
        assert sum(extra in ex for _, _, ex in COMBINED) >= 2, extra


@pytest.mark.parametrize(
    "k", range(COMBINED_N), ids=lambda k: "+".join(sorted(_combined_extras(k)))
)
def test_fast_and_engine_agree_with_takeovers_and_extras_together(k):
    battle, policy, extras = COMBINED[k]
    assert fast_supported(battle, policy) is None, extras
    fast = simulate(battle, FAST_N, seed=k, policy=policy, method="fast", max_rounds=ROUNDS)
    slow = simulate(battle, ENGINE_N, seed=k, policy=policy, method="engine", max_rounds=ROUNDS)
    for side in range(2):
        for outcome in ("won", "lost", "retreated"):
            code = OUTCOMES.index(outcome)
            a = (fast.outcome[:, side] == code).astype(float)
            b = (slow.outcome[:, side] == code).astype(float)
            assert _close(a, b), (extras, side, outcome, a.mean(), b.mean())
        assert _close(fast.ru_lost[:, side], slow.ru_lost[:, side]), (extras, side)
    assert _close(fast.rounds.astype(float), slow.rounds.astype(float)), extras


def test_takeovers_land_where_the_extras_are_at_work():
    """Premise: in the engine's logs of each setup a ship changes hands (or a Take-Over
    success lands) in some battle, and across the setups each extra acts in a battle where a
    Take-Over has landed first."""
    acted: set[str] = set()
    marks = {
        "static": lambda e: e.kind == "static_hit",
        "busters_taker": lambda e: e.kind == "buster" and e["side"] == 0,
        "busters_target": lambda e: e.kind == "buster" and e["side"] == 1,
        "rammers": lambda e: e.kind == "damage" and e.get("reason") == "imploder",
        "cannon": lambda e: e.kind == "attack" and e["units"] == ["stellar cannon"],
        "retreat": lambda e: e.kind == "retreat",
        "racks": lambda e: e.kind == "taken_over" and e["unit"] in ("1:1", "1:2"),
        "jammer": lambda e: e.kind == "attack",
        "fragile": lambda e: e.kind == "entity_state" and e["side"] == 0,
        "self_repair": lambda e: e.kind == "ability_hit" and e.get("reason") == "self-repairing",
    }
    for battle, policy, extras in COMBINED:
        took = False
        for seed in range(25):
            b = Battle(battle.sides, rules=battle.rules, seed=seed, jammer=battle.jammer)
            b.run(ROUNDS, policy)
            landed = False
            for e in b.log:
                landed |= e.kind in ("taken_over", "takeover_progress")
                if landed:
                    acted |= {x for x in extras if marks[x](e)}
            took |= landed
        assert took, extras
    assert acted >= set(COMBINED_EXTRAS) - {"racks"}, set(COMBINED_EXTRAS) - acted


# ----------------------------------------------------------------------------- one phase, directly
def _attacks(a: Side, b: Side, n: int) -> tuple[Attacks, Tables]:
    battle = Battle([a, b], seed=1)
    policy = AutoPolicy()
    T = Tables(battle, policy)
    return Attacks(battle, policy, T, n, np.random.default_rng(4)), T


def test_reloaders_that_fired_are_neutralized_after_the_phases_hits():
    # ruling 12: three Drones fire in Main combat and are neutralized at its end; the third is
    # never hit (a 5+1 Battleship scores at most 2 and the Drones take them in order), so its
    # own shot is what neutralizes it
    x, T = _attacks(Side("A", ships=["Drone"] * 3), Side("B", ships=["Battleship"]), 500)
    x.attack_phase(1)
    drones = [T.keys.index(k) for k in ("0:1", "0:2", "0:3")]
    assert (x.state[drones] != 0).all()
    assert (x.state[T.keys.index("0:3")] == 1).all()  # neutralized (DMG), nothing else


def test_every_shot_at_a_side_with_only_static_defenses_gets_the_bonus():
    # ruling 4: +1 against Static Defenses; a Cruiser's rank 4 die hits on 5 of 6 faces there
    n = 4000
    x, _ = _attacks(Side("A", ships=["Cruiser"]), Side("B", static_defenses=3), n)
    landings = x.volleys(1, [0])[0]
    (k1, s1, where1, h1), (k2, s2, where2, h2) = landings
    assert (k1, s1, k2, s2) == ("hits", 0, "static", 0)
    assert (where1 == -1).all() and (where2 == 1).all()  # every hit aimed at B's points
    assert h1 is h2
    assert abs(h2.mean() - 5 / 6) <= 4.5 * np.sqrt(5 / 36 / n)
    x.land_volleys(*x.volleys(1, [0]))
    assert set(np.unique(x.static[1]).tolist()) <= {2, 3}


def test_ships_without_long_range_do_not_fire_across_orbits():
    x, _ = _attacks(Side("A", ships=["Cruiser"], adjacent=True), Side("B", ships=["Cruiser"]), 50)
    for kind, _, where, hits in x.volleys(1, [0, 1])[0]:
        assert kind == "hits" and not hits.any() and (where == -1).all()
