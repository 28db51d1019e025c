"""A Matrix or Targeter in use is a finished project that can be hit, neutralized and destroyed,
taking the entity inside with it."""

from types import SimpleNamespace

import pytest

from kit.errors import IllegalAction
from kit.successors import Entity
from kit.successors.combat import AutoPolicy, Battle, CombatRules, Side
from kit.successors.combat.damage import valid_target
from kit.successors.combat.phases import boosted_entity


class AimAt(AutoPolicy):
    """Put every hit on one side's structure (as a GM allocating by hand might)."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key

    def allocate(self, ctx, side, hits, phase, by):
        if self.key.startswith(f"{side}:") and valid_target(ctx.st, side, self.key):
            return [self.key] * hits
        return super().allocate(ctx, side, hits, phase, by)


def battle(rules=None, **side_options):
    scholar = Side(
        "Scholar",
        Entity("Ilun", battle=2, control=2, handling=1, information=3, sensors=2),
        **side_options,
    )
    raiders = Side("Raiders", ships=[("Cruiser", 6)])
    return Battle([raiders, scholar], seed=5, rules=rules or CombatRules())


def test_matrix_adds_ranks_while_it_works():
    b = battle(matrix=2)
    struct = b.state.sides[1].structures["M"]
    assert struct == {"level": 2, "capacity": 4, "hits": 0, "state": "active"}
    view = SimpleNamespace(st=b.state, sides=b.sides)
    assert boosted_entity(view, 1).current("information") == 5
    b.state.sides[1].structures["M"]["state"] = "neutralized"  # a neutralized Matrix adds nothing
    assert boosted_entity(view, 1).current("information") == 3


def test_hits_neutralize_then_destroy_the_matrix_and_the_entity_inside():
    b = battle(matrix=1)  # a level 1 Matrix: 10 RU, takes 1 hit
    policy = AimAt("1:M")
    for _ in range(6):
        if b.over:
            break
        b.step_round(policy)
    kinds = [(e["state"]) for e in b.log if e.kind == "structure_hit"]
    assert kinds[:2] == ["neutralized", "destroyed"]
    assert b.state.sides[1].structures["M"]["state"] == "destroyed"
    assert b.state.sides[1].entity_state == "destroyed"
    again = Battle.from_json(b.to_json())
    assert again.state.sides[1].entity_state == "destroyed"


def test_the_option_spares_the_entity():
    b = battle(CombatRules(structure_loss_destroys_entity=False), matrix=1)
    policy = AimAt("1:M")
    while b.state.sides[1].structures["M"]["state"] != "destroyed" and not b.over:
        b.step_round(policy)
    events = list(b.log)
    i = next(
        k for k, e in enumerate(events) if e.kind == "structure_hit" and e["state"] == "destroyed"
    )
    assert not any(
        e.kind == "entity_state" and e["state"] == "destroyed" for e in events[i : i + 2]
    )


def test_no_structure_no_target():
    b = battle()
    assert not valid_target(b.state, 1, "1:M") and not valid_target(b.state, 1, "1:T")
    assert valid_target(battle(targeter=1).state, 1, "1:T")
    assert not valid_target(battle(matrix=1).state, 0, "1:M")  # only the owner's hits go there


def test_bad_allocation_onto_a_missing_matrix_is_refused():
    class Always(AutoPolicy):
        def allocate(self, ctx, side, hits, phase, by):
            return ["1:M"] * hits if side == 1 else super().allocate(ctx, side, hits, phase, by)

    b = battle()
    with pytest.raises(IllegalAction, match="1:M"):
        for _ in range(5):
            b.step_round(Always())
    assert not any(e.kind == "structure_hit" for e in b.log)


def test_attackers_aim_at_a_matrix():
    """Aimed Shots let the attacker choose the Matrix; once neutralized every aimed die hits it."""

    class Sniper(AutoPolicy):
        def aim(self, ctx, side, phase, fire):
            if side == 0 and valid_target(ctx.st, 1, "1:M"):
                return {k: "1:M" for k in fire}
            return super().aim(ctx, side, phase, fire)

    b = battle(matrix=2)  # 40 RU: 4 hits to neutralize
    for _ in range(12):
        if b.over or b.state.sides[1].structures["M"]["state"] == "destroyed":
            break
        b.step_round(Sniper())
    aimed = [e for e in b.log if e.kind == "structure_hit"]
    assert aimed and all(e["by"] == 0 and e["aimed"] for e in aimed)
    states = [e["state"] for e in aimed]
    assert states[:4] == ["active", "active", "active", "neutralized"][: len(states[:4])]
