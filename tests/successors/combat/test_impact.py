"""What a house rule does to a battle (kit.successors.combat.impact), worked by hand on an
attacker that cannot lose: a Frigate (one rank-2 die: a hit on 1 or 2, 1/3 a round) against
unarmed Loaders, each taken out of the fight by one hit. The rule compared is the round
limit: k Loaders fall within r rounds only if the first k rolls all hit, so with k <= r the
win chance is P(at least k hits in r rolls)."""

from __future__ import annotations

import math

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.successors.combat import Battle, CombatRules, Side
from kit.successors.combat.impact import impact

RAIDERS = Side("Raiders", ships={"Frigate": 1})


def _at_least(k: int, r: int, p: float = 1 / 3) -> float:
    return sum(math.comb(r, j) * p**j * (1 - p) ** (r - j) for j in range(k, r + 1))


def test_a_battle_is_the_reference_and_its_second_side_the_garrison():
    # the battle's own garrison is one Loader; counts 0 and 1 add none or one more
    post = Battle([RAIDERS, Side("Post", ships=["Loader"])], rules=CombatRules(max_rounds=1))
    im = impact(post, CombatRules(max_rounds=2), ships="Loader", counts=[0, 1], n=3000, seed=4)
    assert (im.rows, im.cols) == (("LOADER",), (0, 1))
    expected = {
        0: (_at_least(1, 1), _at_least(1, 2)),  # 1/3, then 5/9
        1: (0.0, _at_least(2, 2)),  # two Loaders in one round: never; in two: 1/9
    }
    for cell in im.cells():
        before, after = expected[cell.col]
        se_before = math.sqrt(before * (1 - before) / 3000)
        assert cell.before == pytest.approx(before, abs=4 * se_before + 1e-12)
        assert cell.change == pytest.approx(after - before, abs=4 * im.error_at("LOADER", cell.col))
    assert im.cells()[1].before == 0.0  # no battle can be won in one round: exactly 0
    assert post.rules == CombatRules(max_rounds=1) and len(post.log) == 0  # untouched


def test_a_rule_this_battle_never_uses_changes_nothing_at_all():
    # no Stellar Cannon and no Reloader fights here: both rules play the very same battles
    house = CombatRules(stellar_cannon_hits="2d6", reloader_neutralized_before_hits=True)
    im = impact(None, house, RAIDERS, ["Loader", "Gunboat"], [1, 2], n=200, seed=1)
    assert im.max_change == 0.0
    assert all(c.before == c.after and im.error_at(c.row, c.col) == 0.0 for c in im.cells())


def test_bad_comparisons_are_refused():
    two = Battle([RAIDERS, Side("Post", ships=["Loader"])])
    three = Battle([RAIDERS, Side("B", ships=["Loader"]), Side("C", ships=["Drone"])])
    with pytest.raises(InvalidInput, match="this battle has 3 sides"):
        impact(three, None)
    with pytest.raises(InvalidInput, match="the battle has its own"):
        impact(two, None, RAIDERS)
    with pytest.raises(InvalidInput, match="the attacking Side is needed"):
        impact(None, CombatRules(max_rounds=2))
    with pytest.raises(InvalidType, match="rules_b must be a CombatRules or None, got str"):
        impact(None, "max_rounds=2", RAIDERS)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="at least one garrison ship type"):
        impact(None, None, RAIDERS, [], [1])
    with pytest.raises(InvalidInput, match="counts: 0 leaves the garrison empty"):
        impact(None, None, RAIDERS, ["Loader"], [0, 1])
    with pytest.raises(InvalidInput, match="n"):
        impact(None, None, RAIDERS, ["Loader"], [1], n=1)
