"""Busters (ruling 9) on both paths: after a Take-Over, and the automatic policy's choice.

The worked case is one round: side A's entity (Control 6 = dice 5 and 1, Battle 0, its other
ranks 3) has a Sensors lock on side B and tries to take B's Loader (not under Control: 2
successes) while A's rank 5 Buster attacks every ship and entity in the orbit. B's entity
(every rank 1) repairs with its one Handling die in the repair phase. Its probability is
worked below from the rule text with fractions, by the tree of what can happen:

* Take-Over: both of A's dice succeed (5/6 * 1/6): the Loader is A's; one succeeds
  (5/6 * 5/6 + 1/6 * 1/6): the Loader is neutralized (half taken over) unless B's repair die
  (1/6) takes the success off; none (1/6 * 5/6): the Loader stays B's and operational.
* Main combat: the Buster rolls one rank 5 die (5/6) at the Loader, at A's entity and at B's
  entity. One hit neutralizes B's entity (every rank is 1) and puts an operational Loader out
  of action (every face of the damage table does). A's entity keeps its ranks above 1, and B's
  entity's one Battle die cannot put it out: A stays in the fight.
* A wins when, after Main combat, B has neither an operational ship nor an active entity.

The issue's own battle (two Loaders, no entity on B's side, so nothing repairs) is worked the
same way: 0.8140 by the text, where the fast path gave about 0.699 before the fix.
"""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest

from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, InteractivePolicy, Side, simulate
from kit.successors.combat.policies import DecisionNeeded, buster_stakes

HIT = F(5, 6)  # a rank 5 die
CTL5, CTL1 = F(5, 6), F(1, 6)  # Control 6 = 5 + 1
REPAIR = F(1, 6)  # B's Handling 1


def worked_case() -> Battle:
    a = Side(
        "A",
        Entity("Taker", battle=0, control=6, handling=3, information=3, sensors=3),
        busters=(5,),
        sensors=3,
    )
    b = Side(
        "B",
        Entity("Bee", battle=1, control=1, handling=1, information=1, sensors=1),
        ships=["Loader"],
    )
    return Battle([a, b], seed=1)


def worked_probability(*, buster_after_takeover: bool = True) -> F:
    both = CTL5 * CTL1
    one = CTL5 * (1 - CTL1) + (1 - CTL5) * CTL1
    none = (1 - CTL5) * (1 - CTL1)
    # taken: B is its entity alone, out when the Buster hits it
    taken = HIT if buster_after_takeover else F(0)
    # half taken: the Loader is out unless repaired; then B needs the Loader hit too
    half = (1 - REPAIR) * HIT + REPAIR * HIT * HIT
    kept = HIT * HIT
    return both * taken + one * half + none * kept


def test_the_worked_probability_is_what_the_tree_gives():
    assert worked_probability() == F(6200, 7776)
    # the fast path before the fix played the taken battles without their Buster
    assert worked_probability(buster_after_takeover=False) == F(5300, 7776)


@pytest.mark.parametrize("method,n", [("fast", 40000), ("engine", 1200)])
def test_a_buster_explodes_after_a_takeover_on_both_paths(method, n):
    pol = AutoPolicy(busters_at_first_chance=True)
    r = simulate(worked_case(), n, seed=7, policy=pol, method=method, max_rounds=1, progress=False)
    p = float(worked_probability())
    se = np.sqrt(p * (1 - p) / n)
    assert abs(r.probability(0, "won") - p) <= 4 * se, (method, r.probability(0, "won"), p)


def test_busters_in_battles_where_a_ship_changed_hands_still_explode_in_the_fast_path():
    """Per battle: the battles of the batch where the Loader was taken keep their Buster."""
    pol = AutoPolicy(busters_at_first_chance=True)
    r = simulate(
        worked_case(), 20000, seed=3, policy=pol, method="fast", max_rounds=1, progress=False
    )
    # B's entity is out in more than the battles where only the Loader fell: every battle
    # where A won with the Loader taken needed the Buster to land
    taken_share = float(CTL5 * CTL1)
    won = r.probability(0, "won")
    assert won > float(worked_probability(buster_after_takeover=False)) + 0.5 * taken_share * float(
        HIT
    )


# ---------------------------------------------------------------- the issue's own case
def issue_case() -> Battle:
    """The issue's battle: the same taker and Buster against two Loaders and no entity (so no
    repair can undo a Take-Over success)."""
    taker = Entity("Taker", battle=0, control=6, handling=3, information=3, sensors=3)
    return Battle(
        [Side("A", taker, busters=(5,), sensors=3), Side("B", ships=["Loader", "Loader"])], seed=1
    )


def issue_probability(*, buster_after_takeover: bool = True) -> F:
    """The tree as above: A's entity goes for one Loader; B is out once both Loaders are. The
    Loader taken (both dice) or half taken (one die) is out already; the other Loader falls to
    the Buster (5/6); with no success both must fall to it."""
    both = CTL5 * CTL1
    one = CTL5 * (1 - CTL1) + (1 - CTL5) * CTL1
    none = (1 - CTL5) * (1 - CTL1)
    return both * (HIT if buster_after_takeover else 0) + one * HIT + none * HIT * HIT


def test_the_issues_case_is_0_8140_by_the_text():
    assert round(float(issue_probability()), 4) == 0.8140
    # what the fast path gave before: the Buster removed wherever the Loader was taken
    assert round(float(issue_probability(buster_after_takeover=False)), 3) == 0.698


@pytest.mark.parametrize("method,n", [("fast", 40000), ("engine", 1200)])
def test_the_issues_case_on_both_paths(method, n):
    pol = AutoPolicy(busters_at_first_chance=True)  # the issue's battle explodes at once
    r = simulate(issue_case(), n, seed=11, policy=pol, method=method, max_rounds=1, progress=False)
    p = float(issue_probability())
    assert abs(r.probability(0, "won") - p) <= 4 * np.sqrt(p * (1 - p) / n), (method, p)


# ---------------------------------------------------------------- ruling 9: the choice
def _crowded() -> Battle:
    """A's Buster in an orbit holding eight of A's ships and its entity, and two enemy Drones."""
    a = Side(
        "A",
        Entity("Own", battle=3, control=3, handling=2, information=2, sensors=2),
        ships={"Cruiser": 8},
        busters=(5,),
    )
    b = Side("B", ships={"Drone": 2})
    return Battle([a, b], seed=2)


def _ru(battle: Battle, side: int) -> tuple[float, float]:
    own = sum(u.cost for u in battle.state.units.values() if u.owner == side)
    enemy = sum(u.cost for u in battle.state.units.values() if u.owner != side)
    return own, enemy


def test_the_default_policy_keeps_a_buster_that_would_cost_its_own_side_more():
    b = _crowded()
    own, enemy = _ru(b, 0)
    assert own > enemy  # 8 Cruisers against 2 Drones
    b.run(1, AutoPolicy())
    assert not [e for e in b.log if e.kind == "buster"]
    assert b.state.sides[0].busters == [5]


def test_the_literal_option_explodes_at_the_first_chance():
    b = _crowded()
    b.run(1, AutoPolicy(busters_at_first_chance=True))
    assert [e["side"] for e in b.log if e.kind == "buster"] == [0]


def test_the_default_policy_explodes_when_the_enemy_stands_to_lose_more():
    a = Side("A", ships=["Drone"], busters=(5,))
    b = Side("B", ships={"Cruiser": 3})
    battle = Battle([a, b], seed=2)
    battle.run(1, AutoPolicy())
    assert [e["side"] for e in battle.log if e.kind == "buster"] == [0]


def test_buster_stakes_are_the_chance_of_a_hit_times_the_ru():
    b = _crowded()
    own, enemy = _ru(b, 0)
    chance = 1 - (1 - F(5, 6)) * (1 - F(3, 6))  # rank 8 = dice 5 and 3
    o, e = buster_stakes(b.state, 0, 8)
    assert o == pytest.approx(float(chance) * own)
    assert e == pytest.approx(float(chance) * enemy)


def test_the_fast_path_follows_the_default_choice():
    """The crowded orbit: the default keeps the Buster on both paths, the literal option
    explodes it on both (A's RU lost shows it: a Buster hit on a Cruiser rolls damage)."""
    means = {}
    for literal in (False, True):
        pol = AutoPolicy(busters_at_first_chance=literal)
        fast = simulate(
            _crowded(), 4000, seed=1, policy=pol, method="fast", max_rounds=1, progress=False
        )
        slow = simulate(
            _crowded(), 400, seed=1, policy=pol, method="engine", max_rounds=1, progress=False
        )
        a, b = fast.ru_lost[:, 0], slow.ru_lost[:, 0]
        se = np.sqrt(np.concatenate([a, b]).var(ddof=1) * (1 / len(a) + 1 / len(b)))
        assert abs(a.mean() - b.mean()) <= 4 * se + 1e-9, (literal, a.mean(), b.mean())
        means[literal] = a.mean()
    assert means[True] > means[False] + 5  # eight Cruisers, each hit at 5/6, rolling damage


def test_interactive_play_asks_before_a_buster_explodes():
    assert "detonate" in InteractivePolicy().ask  # asked unless the GM says otherwise
    b = _crowded()
    ask = InteractivePolicy(ask=("detonate",))
    with pytest.raises(DecisionNeeded) as got:
        for _ in range(8):
            b.step_phase(ask)
    assert got.value.decision["kind"] == "detonate"
    assert got.value.decision["default"] == []  # the automatic choice: keep it
    b.answer(True)
    assert [e["side"] for e in b.log if e.kind == "buster"] == [0]
