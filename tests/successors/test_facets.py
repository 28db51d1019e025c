"""Facets and spawns (the text's "Faceting" and "Spawning"): what they cost, the Control and
Handling successes they need, strengthening a facet and taking it back.
"""

from __future__ import annotations

import pytest

from kit.errors import IllegalAction, InvalidInput, InvalidType
from kit.successors import Entity, SuccessorsRules
from kit.successors.examples import releata, tanrac


def test_facet():
    t = tanrac().with_damage("sensors")
    f = t.facet()
    assert f.kind == "facet" and f.sensors == 1 and f.battle == 4
    assert t.facet_cost == 14 and f.signature == t.signature == 4
    assert f.edges == t.edges and f.flaws == t.flaws
    assert f.with_damage("battle").neutralized  # one hit neutralizes a facet
    g, used = f.strengthen(7)
    assert used == 6 and g.facet_hits == 4 and g.kind == "facet"
    h, used = g.strengthen(100)
    assert h.kind == "character" and used == 2 * (14 - 4)
    with pytest.raises(IllegalAction):
        t.strengthen(2)
    with pytest.raises(IllegalAction):
        t.with_damage("sensors", 5).facet()


def test_spawn():
    parent = Entity("P", sensors=5, battle=3, side="Amtik Commonwealth")
    after, kid = parent.spawn("Kid", lower=["sensors", "battle"])
    assert after.sensors == 4 and after.battle == 2
    assert kid.sensors == 4 and kid.battle == 2 and kid.control == 1 and kid.kind == "spawn"
    assert kid.side == parent.side
    with pytest.raises(IllegalAction, match="cannot lower control below 1"):
        parent.spawn("Kid", lower=["control"])
    _, k2 = parent.spawn(
        "K", lower=["control"], rules=SuccessorsRules(spawn_may_lower_to_zero=True)
    )
    assert k2.control == 0
    with pytest.raises(InvalidInput, match="more than once"):
        parent.spawn("Kid", lower=["sensors", "sensors"])


def _rolled_ok(row):
    # the text's die rule, independent of the kit: a face at or under the rank, never a 6
    return any(f <= d and f < 6 for d, f in zip(row["dice"], row["faces"]))


def test_making_a_facet_costs_its_ranks_and_needs_control_and_handling_successes():
    t = tanrac()  # Control 4, Handling 3: total of ranks 15
    outcomes = set()
    for seed in range(40):
        c = t.make_facet(ru=15, seed=seed)
        assert c.cost == 4 + 4 + 3 + 2 + 2 and c.seed == seed
        control, handling = c.rolls
        assert (control["ability"], control["dice"]) == ("control", [4])
        assert (handling["ability"], handling["dice"]) == ("handling", [3])
        ok = _rolled_ok(control) and _rolled_ok(handling)
        assert c.success == ok and c.ru_used == (15 if ok else 0)
        if ok:
            assert c.made.kind == "facet" and c.made.abilities == t.abilities
            assert c.made.signature == t.signature
        else:
            assert c.made is None
        assert t.make_facet(ru=15, seed=seed) == c  # same seed, same rolls
        outcomes.add(ok)
    assert outcomes == {True, False}
    with pytest.raises(IllegalAction, match="needs 15 RU"):
        t.make_facet(ru=14, seed=1)
    hurt = t.with_damage("battle", 2)
    assert hurt.make_facet(ru=13, seed=1).cost == 13  # current ranks
    with pytest.raises(IllegalAction, match="no Handling dice"):
        Entity("x", handling=2, flaws=["No Manipulation"]).make_facet(ru=10, seed=1)
    spent = SuccessorsRules(failed_creation_spends_ru=True)
    fails = [s for s in range(40) if not t.make_facet(ru=15, seed=s).success]
    assert t.make_facet(ru=15, seed=fails[0], rules=spent).ru_used == 15


def test_faceting_aptitude_rescues_a_failed_roll():
    e = Entity("Maker", control=1, handling=1, edges=["Natural Aptitude: Faceting"])
    results = [e.make_facet(ru=5, seed=s) for s in range(30)]
    for c in results:
        failed = [r for r in c.rolls if not _rolled_ok(r)]
        assert c.success == (len(failed) <= 1)  # one extra success for the task
    assert any(c.success and any(r["bonus"] for r in c.rolls) for c in results)


def test_faceting_aptitude_that_needs_a_success_cannot_rescue_a_failed_roll():
    # Before: the facet and spawn rolls gave Natural Aptitude's success to a failed roll even
    # with aptitude_bonus_needs_a_success=True, which the Workshop and combat already honoured.
    maker = Entity("Maker", control=1, handling=5, edges=["Natural Aptitude: Faceting"])
    strict = SuccessorsRules(aptitude_bonus_needs_a_success=True)
    seeds = [
        s
        for s in range(200)
        if [r["successes"] for r in maker.make_facet(ru=10, seed=s).rolls] == [0, 1]
    ]
    assert seeds  # Control (rank 1) missed, Handling (rank 5) hit
    for seed in seeds[:5]:
        lenient = maker.make_facet(ru=10, seed=seed)
        assert lenient.success and [r["bonus"] for r in lenient.rolls] == [1, 0]
        c = maker.make_facet(ru=10, seed=seed, rules=strict)
        assert not c.success and c.made is None and c.ru_used == 0
        assert [r["bonus"] for r in c.rolls] == [0, 1]  # the extra success joins the hit


def test_facet_and_spawn_functions_match_the_methods():
    from kit.successors import Creation, make_facet, make_spawn, reabsorb, strengthen

    t = tanrac()
    assert make_facet(t, "F", ru=15, seed=3) == t.make_facet("F", ru=15, seed=3)
    c = make_spawn(t, "Kid", ["battle"], ru=12, seed=4)
    assert isinstance(c, Creation) and c == t.make_spawn("Kid", ["battle"], ru=12, seed=4)
    f = t.facet().replace(notes=("saw a Cube",))
    assert reabsorb(t, f, willing=True) == t.reabsorb(f, willing=True)
    assert strengthen(f, 4) == f.strengthen(4)
    with pytest.raises(InvalidType, match="entity must be an Entity"):
        make_facet("TanRac", ru=15)
    with pytest.raises(InvalidType, match="facet must be an Entity"):
        reabsorb(t, "a facet", willing=True)


def test_a_strengthened_facet_can_cap_at_its_highest_rank():
    f = tanrac().facet()
    g, used = f.strengthen(100, rules=SuccessorsRules(facet_cap_is_total_ranks=False))
    assert g.kind == "character" and used == 2 * (4 - 1)  # highest rank 4, starts at 1 hit


def test_reabsorbing_a_facet_willing_or_neutralized():
    t = tanrac()
    f = t.facet().replace(notes=("found a Cube",))
    back = t.reabsorb(f, willing=True)
    assert back.notes == ("found a Cube",) and back.abilities == t.abilities
    with pytest.raises(IllegalAction, match="neutralized first"):
        t.reabsorb(f, willing=False)
    assert t.reabsorb(f.with_damage("battle"), willing=False).notes == ("found a Cube",)
    with pytest.raises(IllegalAction, match="not a facet"):
        t.reabsorb(releata(), willing=True)


def test_making_a_spawn_with_assistants():
    parent = Entity("P", battle=3, control=5, handling=5, sensors=5, side="Amtik Commonwealth")
    helper = Entity("H", battle=6, control=5, handling=5)
    with pytest.raises(IllegalAction, match="needs 12 RU"):
        parent.make_spawn("Kid", ["sensors"], ru=11, seed=1)
    outcomes = set()
    for seed in range(40):
        c = parent.make_spawn(
            "Kid", ["sensors"], ru=12, assistants=[(helper, ["battle"])], seed=seed
        )
        assert [(r["entity"], r["ability"]) for r in c.rolls] == [
            ("P", "control"),
            ("P", "handling"),
            ("H", "control"),
            ("H", "handling"),
        ]
        ok = all(_rolled_ok(r) for r in c.rolls)  # each maker needs both successes
        assert c.success == ok and c.ru_used == (12 if ok else 0)
        if ok:
            kid = c.made
            assert kid.kind == "spawn" and kid.sensors == 4 and c.parent.sensors == 4
            assert kid.battle == 5 and c.assistants[0].battle == 5  # the helper's lowered 6
            assert (kid.control, kid.handling, kid.information) == (1, 1, 1)
        outcomes.add(ok)
    assert outcomes == {True, False}
