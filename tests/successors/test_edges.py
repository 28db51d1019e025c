"""Edges and Flaws: the text's costs, their effect keywords, parameters and lookups."""

from __future__ import annotations

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.successors import EDGES, FLAWS, Entity, Trait
from kit.successors.edges import EFFECTS, lookup


def test_every_edge_and_flaw_has_cost_kind_and_known_effect():
    assert len(EDGES) == 13 and len(FLAWS) == 13
    costs = {d.name: d.cost for d in (*EDGES.values(), *FLAWS.values())}
    assert costs["Combat Reflexes"] == 4 and costs["Long Ranged"] == 6
    assert costs["No Hyper-Jump"] == 4 and costs["Tek Locked"] == 3 and costs["No Memory"] == 1
    assert costs["Large"] == costs["Small"] == 1 and costs["Checkered Past"] == 3
    for d in (*EDGES.values(), *FLAWS.values()):
        assert d.effect in EFFECTS


def test_mental_disadvantage_points_and_parameters():
    md = Trait.parse("Mental Disadvantage: Greedy", points=3)
    assert md.cost == 3 and md.parameter == "Greedy"
    e = Entity("a", edges=["Long Ranged"], flaws=[md, "Slow"], sex="neuter")
    assert e.flaw_points == 5 and e.edge_points == 6 and e.sex == "Neuter"
    assert Trait("Mental Disadvantage").cost == 1
    with pytest.raises(InvalidInput, match="costs exactly 2"):
        Trait("Fast", points=3)
    with pytest.raises(InvalidInput, match="takes no parameter"):
        Trait("Fast", "Mining")
    na = Trait.parse("Natural Aptitude - Mining")
    assert na == Trait("Natural Aptitude", "Mining") and na.label() == "Natural Aptitude (Mining)"


def test_trait_errors():
    with pytest.raises(InvalidInput, match="unknown edge or flaw 'Telepathy'"):
        Entity("a", edges=["Telepathy"])
    with pytest.raises(InvalidInput, match="is a flaw"):
        Entity("a", edges=["Slow"])
    with pytest.raises(InvalidInput, match="is an edge"):
        Entity("a", flaws=["Fast"])
    with pytest.raises(InvalidType):
        Entity("a", edges=[3])
    assert lookup("long range targeting").name == "Long Ranged"
    assert lookup("no hyper warp").name == "No Hyper-Jump"
