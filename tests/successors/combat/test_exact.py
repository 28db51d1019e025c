"""Exact battle odds (#36): hand-worked rounds, the one-round enumerator, and agreement with
the event-log engine's simulation on generated small battles with every extra.

The hand-worked figures use only the rule text: a die of rank r succeeds on a roll of r or
less and a 6 always fails; the damage table is 1-3 neutralized, 4-5 hulked, 6 vaporized; a
hit on a neutralized ship destroys it; a side that loses leaves its neutralized ships behind
(counted lost), a draw counts only the ships gone.
"""

from __future__ import annotations

import math
from fractions import Fraction as F
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.errors import IllegalAction
from kit.successors import Entity
from kit.successors.combat import (
    AutoPolicy,
    Battle,
    BattleOdds,
    DecisionNeeded,
    ExactTooLarge,
    InteractivePolicy,
    RetreatAfter,
    RetreatWhenLosses,
    Side,
    battle_odds,
    exact_odds,
    round_outcomes,
    simulate,
)
from kit.successors.combat import (
    advice as advise_battle,
)
from kit.successors.combat.events import in_fight
from kit.successors.design import ShipDesign

TOL = 1e-12


def _close(a: float, b: F | float) -> bool:
    return abs(a - float(b)) <= TOL


# ----------------------------------------------------------------------------- by hand
def test_one_round_of_two_single_die_ships_worked_by_hand() -> None:
    """A (one die of rank 3, 6 RU) against B (one die of rank 2, 4 RU), one round."""
    b = Battle([Side("A", ships=[ShipDesign(battle=3)]), Side("B", ships=[ShipDesign(battle=2)])])
    pa, pb = F(3, 6), F(2, 6)  # a die of rank r: faces 1..r succeed
    gone = F(3, 6)  # damage rows 4-6 take the ship out for good (hulked or vaporized)
    o = exact_odds(b, max_rounds=1)
    assert o.method == "exact" and o.n is None
    assert _close(o.won["A"], pa * (1 - pb))
    assert _close(o.won["B"], (1 - pa) * pb)
    both, neither = pa * pb, (1 - pa) * (1 - pb)
    assert _close(o.draw[0], both + neither) and _close(o.draw[1], both + neither)
    assert _close(o.lost["A"], (1 - pa) * pb)
    assert o.rounds == {1: 1.0}
    # A loses its 6 RU when it loses, or in the mutual-kill draw when its ship is gone
    assert _close(o.ru_lost["A"][6.0], (1 - pa) * pb + both * gone)
    assert _close(o.ru_lost["B"][4.0], pa * (1 - pb) + both * gone)
    assert _close(o.first_hits["A"][1], pa) and _close(o.first_hits["B"][0], 1 - pb)
    assert all(v == 0 for v in o.se.won) and o.se.rounds == {1: 0.0}


def test_one_round_with_a_split_rank_worked_by_hand() -> None:
    """A (rank 7 = 5+2: two dice, 14 RU) against B (rank 2, 4 RU): two hits on B's one ship
    neutralize it at worst, and the second then destroys it."""
    b = Battle([Side("A", ships=[ShipDesign(battle=7)]), Side("B", ships=[ShipDesign(battle=2)])])
    p5, p2, pb = F(5, 6), F(2, 6), F(2, 6)
    h = {0: (1 - p5) * (1 - p2), 1: p5 * (1 - p2) + (1 - p5) * p2, 2: p5 * p2}
    o = exact_odds(b, max_rounds=1)
    assert _close(o.first_hits["A"][0], h[0]) and _close(o.first_hits["A"][2], h[2])
    hit_b = h[1] + h[2]
    assert _close(o.won["A"], hit_b * (1 - pb))
    assert _close(o.won["B"], h[0] * pb)
    # B's 4 RU: lost outright, or gone in the mutual-kill draw (one hit: rows 4-6; two: always)
    b_gone = hit_b * (1 - pb) + pb * (h[1] * F(1, 2) + h[2])
    assert _close(o.ru_lost["B"][4.0], b_gone)
    assert _close(o.ru_lost["A"][14.0], h[0] * pb + hit_b * pb * F(1, 2))
    assert _close(sum(o.ru_lost["A"].values()), 1)


def test_a_duel_to_the_round_limit_is_a_geometric_series() -> None:
    """A Frigate (one die of rank 2) against a Gunboat (rank 1) over the rules' 30 rounds:
    each round ends the duel unless both miss (chance 4/6 * 5/6), so the Frigate wins with
    (2/6 * 5/6) * sum over k < 30 of (4/6 * 5/6)^k and round k ends it with the geometric
    chance; what is left at round 30 is a draw."""
    b = Battle([Side("A", ships={"Frigate": 1}), Side("B", ships={"Gunboat": 1})])
    pa, pb = F(2, 6), F(1, 6)
    miss = (1 - pa) * (1 - pb)
    o = exact_odds(b)
    assert o.extra["max_rounds"] == 30
    series = sum(miss**k for k in range(30))
    assert _close(o.won["A"], pa * (1 - pb) * series)
    assert _close(o.won["B"], (1 - pa) * pb * series)
    for k in range(1, 30):
        assert _close(o.rounds[k], miss ** (k - 1) * (1 - miss))
    assert _close(o.rounds[30], miss**29)
    assert _close(o.draw["A"], pa * pb * series + miss**30)


def test_max_rounds_one_matches_round_outcomes() -> None:
    for a, bb in [({"Cruiser": 1}, {"Frigate": 2}), ({"Frigate": 2}, {"Gunboat": 1, "Drone": 1})]:
        b = Battle([Side("A", ships=a), Side("B", ships=bb)], seed=3)
        one = round_outcomes(b, key=lambda s: (in_fight(s, 0), in_fight(s, 1)))
        o = exact_odds(b, max_rounds=1)
        assert _close(o.won[0], one.get((True, False), F(0)))
        assert _close(o.won[1], one.get((False, True), F(0)))
        assert _close(o.draw[0], one.get((True, True), F(0)) + one.get((False, False), F(0)))


def test_fraction_and_float_arithmetic_agree_and_state_the_bound() -> None:
    b = Battle([Side("A", ships={"Frigate": 1}), Side("B", ships={"Gunboat": 2})])
    q = exact_odds(b)
    f = exact_odds(b, arithmetic="float")
    assert q.error_bound == 0 and 0 < f.error_bound < 1e-12
    for i in range(2):
        assert abs(q.won[i] - f.won[i]) <= f.error_bound
    assert abs(sum(q.rounds.values()) - 1) < TOL
    assert q.states and "exact" in q.why and str(q.states) in q.why


def test_over_the_limit_raises_with_the_state_count_and_battle_odds_simulates() -> None:
    b = Battle([Side("A", ships={"Frigate": 3}), Side("B", ships={"Frigate": 3})])
    with pytest.raises(ExactTooLarge, match=r"\d+ states explored") as err:
        exact_odds(b, max_states=20)
    assert isinstance(err.value, IllegalAction) and err.value.states > 20
    o = battle_odds(b, n=500, seed=1)
    assert o.method == "simulated" and o.n == 500 and o.states is None
    assert "simulated" in o.why and o.se.won[0] > 0


def test_battle_odds_is_exact_for_a_small_battle_and_says_why() -> None:
    b = Battle([Side("A", ships={"Frigate": 1}), Side("B", ships={"Frigate": 1})])
    o = battle_odds(b)
    assert isinstance(o, BattleOdds) and o.method == "exact" and "states" in o.why
    assert _close(o.won["A"], o.won["B"])  # the same ship on both sides
    assert o.won["A"] == o.won[0] and list(o.won) == [o.won[0], o.won[1]]
    assert "A:" in o.summary()


def test_a_started_or_finished_battle_plays_on_from_where_it_is() -> None:
    b = Battle([Side("A", ships={"Frigate": 1}), Side("B", ships={"Gunboat": 2})], seed=3)
    b.step_round()
    o = exact_odds(b)
    assert min(o.rounds) >= b.round and abs(sum(o.rounds.values()) - 1) < TOL
    b.run()
    done = exact_odds(b)
    assert b.result is not None and done.rounds == {b.result["rounds"]: 1.0}
    for i, row in enumerate(b.result["sides"]):
        assert getattr(done, row["outcome"])[i] == 1.0
        assert done.ru_lost[i] == {float(row["ru_lost"]): 1.0}
    first = {e["side"]: e["hits"] for e in reversed(b.log) if e.kind == "attack"}
    assert all(done.first_hits[i] == {first[i]: 1.0} for i in first)


def test_per_side_values_answer_to_names_and_refuse_unknown_ones() -> None:
    o = exact_odds(Battle([Side("Red", ships={"Frigate": 1}), Side("Blue", ships={"Gunboat": 1})]))
    assert o.won["Red"] == o.won[0] and o.won.as_dict() == {"Red": o.won[0], "Blue": o.won[1]}
    with pytest.raises(KeyError, match="Green"):
        o.won["Green"]


def _waiting_for_allocation() -> Battle:
    """Side A of a small battle asked where its hits go (seeded: on some dice the battle ends
    before side A is ever asked to allocate)."""
    b = Battle(
        [Side("A", ships={"Frigate": 1, "Gunboat": 1}), Side("B", ships={"Cruiser": 1})], seed=1
    )
    ask = InteractivePolicy(ask=("allocate",), sides=(0,))
    with pytest.raises(DecisionNeeded):
        for _ in range(40):
            b.step_phase(ask)
    return b


def test_exact_advice_has_no_standard_error_and_agrees_with_the_simulated_advice() -> None:
    b = _waiting_for_allocation()
    exact = advise_battle(b)
    assert exact.exact and set(exact.stderr.values()) == {0.0} and exact.n is None
    assert exact.why.startswith("exact:") and "EXACT_ADVICE_STATES" in exact.why
    sim = advise_battle(b, method="engine", n=600, seed=2, precision=None)
    for label, p in exact.options.items():
        se = max(math.sqrt(p * (1 - p) / 600), 1 / 600)
        assert abs(sim.options[label] - p) <= 4 * se, label


def test_exact_advice_equals_the_exact_odds_of_the_battle_with_the_answer_taken() -> None:
    """The advisor's law: an answer's chance is the odds of the position with it forced."""
    sides = [Side("A", ships={"Frigate": 1, "Gunboat": 1}), Side("B", ships={"Cruiser": 1})]
    for seed in range(6):
        b = Battle(sides, seed=seed)
        ask = InteractivePolicy(ask=("retreat",), sides=(0,))
        try:
            for _ in range(40):
                b.step_phase(ask)
        except DecisionNeeded:
            pass
        if b.waiting is None:
            continue
        advice = advise_battle(b)
        assert advice.exact and set(advice.options) == {"stay", "retreat"}
        assert advice.options["retreat"] == 0  # a side that leaves does not win
        taken = Battle(sides, seed=seed, log=b.log.copy())
        taken.step_phase(InteractivePolicy(ask=()))  # the phase played with "stay" (no retreat)
        assert _close(advice.options["stay"], exact_odds(taken).won[0])
        return
    pytest.fail("no seed gave a retreat decision")


# ----------------------------------------------------------------------------- agreement
ENGINE_N, ROUNDS = 300, 4
FAMILIES = [
    "static",
    "busters",
    "rammers",
    "cannon",
    "takeover",
    "retreat",
    "racks",
    "jammer",
    "fragile",
    "self_repair",
]
SMALL = ["Drone", "Gunboat", "Frigate", "Darter"]


def _ent(rng: np.random.Generator, **kw: Any) -> Entity:
    r = [int(x) for x in rng.integers(1, 3, size=5)]
    return Entity("E", battle=r[0], control=r[1], handling=r[2], information=r[3], sensors=1, **kw)


def _ships(rng: np.random.Generator, lo: int, hi: int) -> list[str]:
    return [SMALL[j] for j in rng.integers(0, len(SMALL), size=int(rng.integers(lo, hi + 1)))]


def _setup(family: str, seed: int) -> tuple[Battle, AutoPolicy]:
    rng = np.random.default_rng([36, FAMILIES.index(family), seed])
    kw: dict[str, Any] = {}
    pol: dict[str, Any] = {"takeover": False}
    a = Side("A", ships=_ships(rng, 1, 2))
    b = Side("B", ships=_ships(rng, 1, 1))
    if family == "static":
        b = Side("B", ships=_ships(rng, 0, 1), static_defenses=int(rng.integers(1, 3)))
    elif family == "busters":
        a = Side("A", ships=_ships(rng, 1, 1), busters=(int(rng.integers(2, 6)),))
    elif family == "rammers":
        a = Side("A", ships=_ships(rng, 0, 1), rammers=1)
    elif family == "cannon":
        a = Side("A", _ent(rng).replace(battle=int(rng.integers(3, 6))), stellar_cannon=1)
    elif family == "takeover":
        a = Side("A", _ent(rng).replace(control=3), sensors=3)
        pol = {"takeover": True}
    elif family == "retreat":
        rule = RetreatAfter(1) if rng.random() < 0.5 else RetreatWhenLosses(0.3)
        pol["retreat_rules"] = {0: rule}
    elif family == "racks":
        a = Side("A", ships=["Tug", "Gunboat"], carried=((1, (2,)),))
        pol["retreat_rules"] = {0: RetreatAfter(1)}
    elif family == "jammer":
        a = Side("A", _ent(rng).replace(battle=int(rng.integers(3, 6))), ships=_ships(rng, 0, 1))
        kw["jammer"] = int(rng.integers(1, 3))
    elif family == "fragile":
        a = Side("A", _ent(rng, flaws=["Fragile"]))
    elif family == "self_repair":
        a = Side("A", _ent(rng, edges=["Self-Repairing"]))
    return Battle([a, b], seed=1, **kw), AutoPolicy(**pol)


#: What shows each family's extra at work in an engine battle's log.
AT_WORK = {
    "static": lambda e: e.kind == "static_hit",
    "busters": lambda e: e.kind == "buster",
    "rammers": lambda e: e.kind == "damage" and e.get("reason") == "imploder",
    "cannon": lambda e: e.kind == "attack" and e["units"] == ["stellar cannon"],
    "takeover": lambda e: e.kind in ("taken_over", "takeover_progress"),
    "retreat": lambda e: e.kind == "retreat",
    "racks": lambda e: e.kind == "retreat" and "0:2" in e["units"],
    "jammer": lambda e: e.kind == "attack" and e["side"] == 0 and len(e["dice"]) > 0,
    "fragile": lambda e: e.kind == "entity_state" and e["state"] == "destroyed",
    "self_repair": lambda e: e.kind == "ability_hit" and e.get("reason") == "self-repairing",
}


@pytest.mark.parametrize("family", FAMILIES)
def test_each_family_shows_its_extra_at_work(family: str) -> None:
    """So the agreement below covers the extra: some of the family's battles use it."""
    seen = 0
    for k in range(4):
        battle, policy = _setup(family, k)
        for s in range(10):
            b = Battle(battle.sides, rules=battle.rules, seed=s, jammer=battle.jammer)
            b.run(ROUNDS, policy)
            seen += any(AT_WORK[family](e) for e in b.log)
    assert seen >= 4, f"{family}: the extra worked in {seen} of 40 battles"


def _agree(exact: dict[Any, float], sim: dict[Any, float], n: int, what: str) -> None:
    for k in set(exact) | set(sim):
        p, q = exact.get(k, 0.0), sim.get(k, 0.0)
        se = math.sqrt(p * (1 - p) / n)
        assert abs(p - q) <= 4 * se + 1e-9, f"{what}[{k!r}]: exact {p:.4f}, simulated {q:.4f}"


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_exact_agrees_with_the_engine_simulation(family: str, seed: int) -> None:
    battle, policy = _setup(family, seed)
    ex = exact_odds(battle, policy, ROUNDS, max_states=5000, max_seconds=60)
    eng = simulate(battle, ENGINE_N, policy=policy, seed=seed, method="engine", max_rounds=ROUNDS)
    for i in range(2):
        for o in ("won", "lost", "draw", "retreated"):
            _agree({0: getattr(ex, o)[i]}, {0: eng.probability(i, o)}, ENGINE_N, f"{o}[{i}]")
        _agree(ex.ru_lost[i], eng.loss_distribution(i), ENGINE_N, f"ru_lost[{i}]")
        vals, counts = np.unique(eng.first_hits[:, i], return_counts=True)
        fh = {int(v): c / ENGINE_N for v, c in zip(vals, counts)}
        _agree(ex.first_hits[i], fh, ENGINE_N, f"first_hits[{i}]")
    _agree(ex.rounds, eng.rounds_distribution(), ENGINE_N, "rounds")


def test_exact_advice_is_chosen_by_state_count_not_by_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past kit.limits.EXACT_ADVICE_STATES (states of all the answers' chains together) the
    advisor simulates, and says why; a state count gives the same choice on any machine."""
    from kit import limits

    exact = advise_battle(_waiting_for_allocation())
    states = sum(int(note.rsplit("(", 1)[1].split()[0]) for note in exact.notes.values())
    assert exact.exact and f"{states} states together" in exact.why
    monkeypatch.setattr(limits, "EXACT_ADVICE_STATES", states)  # just enough: still exact
    assert advise_battle(_waiting_for_allocation()).exact
    monkeypatch.setattr(limits, "EXACT_ADVICE_STATES", states - 1)
    sim = advise_battle(_waiting_for_allocation(), n=200, seed=3)
    assert not sim.exact and sim.n
    assert sim.why.startswith("simulated:") and "EXACT_ADVICE_STATES" in sim.why


def test_simulated_advice_says_why() -> None:
    asked = advise_battle(_waiting_for_allocation(), method="engine", n=50, seed=1)
    assert asked.why.startswith("simulated as asked (method='engine')")
    assert "50 battles an answer on the event-log engine" in asked.why
