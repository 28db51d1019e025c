"""Were they lucky in a battle? (kit.successors.combat.luck), worked by hand on a fight whose
odds are known: a Frigate (one rank-2 die: a hit on 1 or 2, 1/3) against one unarmed Loader,
cut off after one round. The raiders win with chance 1/3 and otherwise draw, losing nothing
either way; the Loader's side loses it or draws."""

from __future__ import annotations

import math

import pytest

from kit.errors import IllegalAction, InvalidInput, InvalidType
from kit.successors.combat import Battle, CombatRules, Side
from kit.successors.combat.luck import hits_percentile, luck

N = 2000


def _played(seed: int) -> Battle:
    sides = [Side("Raiders", ships={"Frigate": 1}), Side("Post", ships={"Loader": 1})]
    return Battle(sides, rules=CombatRules(max_rounds=1), seed=seed).run()


def _one_of_each() -> tuple[Battle, Battle]:
    """A played battle the raiders won and one they drew (the first seeds that give them)."""
    won = drew = None
    for seed in range(40):
        b = _played(seed)
        if b.result["winner_index"] == 0:
            won = won or b
        else:
            drew = drew or b
        if won and drew:
            return won, drew
    raise AssertionError("forty seeds gave no win or no draw")


def _close(got: float, expected: float) -> None:
    se = math.sqrt(max(expected * (1 - expected), 1e-9) / N)
    assert got == pytest.approx(expected, abs=4 * se)


def test_the_ending_is_ranked_among_simulated_endings():
    won, drew = _one_of_each()
    # endings worst first: lost < retreated < draw < won; mid-rank of the played one
    a = luck(won, "Raiders", n=N, n_phase=0, seed=1, precision=None)
    assert a.outcome == "won" and a.n == N
    _close(a.chance, 1 / 3)
    _close(a.outcome_percentile, 2 / 3 + (1 / 3) / 2)  # every draw is worse
    b = luck(drew, "Raiders", n=N, n_phase=0, seed=1, precision=None)
    assert b.outcome == "draw"
    _close(b.outcome_percentile, (2 / 3) / 2)  # nothing worse, two in three the same
    assert b.stderr == pytest.approx(
        math.sqrt(b.outcome_percentile * (1 - b.outcome_percentile) / N)
    )


def test_an_attack_step_is_good_luck_for_the_side_rolling_it_and_bad_for_its_enemy():
    won, drew = _one_of_each()
    # one rank-2 die: P(0 hits) = 2/3, P(1) = 1/3; a hit sits at 2/3 + 1/6, a miss at 1/3
    assert hits_percentile([2], 1) == pytest.approx(5 / 6)
    assert hits_percentile([2], 0) == pytest.approx(1 / 3)
    for battle, p in ((won, 5 / 6), (drew, 1 / 3)):
        mine = luck(battle, 0, n=20, n_phase=0, seed=2)
        theirs = luck(battle, "Post", n=20, n_phase=0, seed=2)
        (attack,) = mine.details["attacks"]
        assert attack.dice == (2,) and attack.expected == pytest.approx(2 / 6)
        assert attack.side == "Raiders" and attack.percentile == pytest.approx(p)
        assert mine.steps[0].percentile == pytest.approx(p)
        assert theirs.steps[0].percentile == pytest.approx(1 - p)
        assert theirs.steps[0].total == 0 and mine.steps[0].total == attack.hits


def test_bad_questions_are_refused():
    won, _ = _one_of_each()
    with pytest.raises(InvalidType, match="luck\\(\\) needs a Battle, got str"):
        luck("battle")  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="side"):
        luck(won, "Pirates", n=20)
    with pytest.raises(InvalidInput, match="side"):
        luck(won, 2, n=20)
    with pytest.raises(InvalidInput, match="n"):
        luck(won, n=5)
    with pytest.raises(InvalidInput, match="precision"):
        luck(won, n=20, precision=2)
    fresh = Battle([Side("A", ships=["Frigate"]), Side("B", ships=["Loader"])])
    with pytest.raises(IllegalAction, match="no attack rolls yet"):
        luck(fresh, n=20)
