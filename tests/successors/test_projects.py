"""Engineering projects: cost formulas, successes, hits and the text's cost series."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.successors import PROJECTS, Project, SuccessorsRules, build_successes, project
from kit.successors.combat import Side


def test_every_project_in_the_text():
    assert {p.name for p in PROJECTS.values()} == {
        "Buster",
        "Core Tap",
        "Cube",
        "Hyper Cannon",
        "Hyper Gate",
        "Jammer Field",
        "Matrix",
        "Rammers",
        "Static Defenses",
        "Targeter",
        "Stellar Cannon",
        "Stellar Tap",
    }
    for p in PROJECTS.values():
        assert p.notes and p.effect


def test_jammer_series():
    assert [project("Jammer Field", n).cost for n in (1, 2, 3, 4)] == [50, 400, 1350, 3200]
    with pytest.raises(InvalidInput, match="Jammer Field level must be an integer from 1 to 4"):
        project("Jammer Field", 5)


def test_matrix_and_targeter_series():
    assert [project("Matrix", n).cost for n in (1, 2, 3, 4)] == [10, 40, 90, 160]
    assert [project("Targeter", n).cost for n in (1, 2, 3)] == [2, 8, 18]


def test_hyper_gate_example():
    gate = project("Hyper Gate", 1)
    assert gate.cost == 50 and gate.successes == 10 and gate.hits == 5
    assert gate.total_cost == 100  # one gate at each end
    assert project("Hyper Gate", 3).cost == 150


@pytest.mark.parametrize(
    "name,level,cost",
    [
        ("Buster", 4, 20),
        ("Core Tap", 1, 15),
        ("Cube", 1, 20),
        ("Hyper Cannon", 3, 30),
        ("Rammers", 5, 15),
        ("Stellar Cannon", 1, 30),
        ("Stellar Tap", 1, 50),
    ],
)
def test_costs(name, level, cost):
    assert project(name, level).cost == cost


def test_static_defenses_three_points_per_two_ru():
    assert project("Static Defenses", 12).cost == 8
    assert project("Static Defenses", 30).cost == 20
    assert project("Static Defenses", 10).cost == Fraction(20, 3)
    assert project("Static Defenses", 12).hits == 12  # a hit destroys one point


def test_successes_and_hits_rounding():
    assert project("Core Tap").successes == 3 and project("Core Tap").hits == 1
    assert project("Targeter", 1).successes == 1 and project("Targeter", 1).hits == 1
    assert project("Buster", 3).successes == 3 and project("Buster", 3).hits == 1
    generous = SuccessorsRules(project_ru_per_success=10, project_min_hits=0)
    assert Project(PROJECTS["TARGETER"], 1, generous).hits == 0
    assert Project(PROJECTS["CUBE"], 1, generous).successes == 2
    assert Project.UNFINISHED_HITS == 1


def test_flat_projects_take_no_level_and_lookup():
    with pytest.raises(InvalidInput, match="Cube level"):
        project("Cube", 2)
    assert project("rammer", 2).name == "Rammers" and project("matrix").level == 1
    with pytest.raises(InvalidInput, match="unknown project 'Death Ray'"):
        project("Death Ray")
    with pytest.raises(InvalidType):
        project(5)
    p = project("Matrix", 3)
    assert Project.from_dict(p.to_dict()) == p
    assert "Matrix level 3: 90 RU, 18 Handling successes, 9 hits" in p.describe()


def test_ship_building_successes():
    assert build_successes(12) == 4 and build_successes(31) == 11 and build_successes(1) == 1


# ---------------------------------------------------------------- Hyper Cannon and Cube
def test_hyper_cannon_launches_up_to_its_level_a_day_with_a_spotter():
    from kit.errors import IllegalAction
    from kit.successors import Entity
    from kit.successors.projects import HyperCannon

    cannon = HyperCannon(3)
    assert cannon.project.cost == 3 * 10  # "10RU per level"
    assert Side.launched(cannon, 3, spotters=["Seeker"]).rammers == 3
    with pytest.raises(IllegalAction, match="at most 3 Rammers a day"):
        Side.launched(cannon, 4, spotters=["Seeker"])
    with pytest.raises(IllegalAction, match="at most 3"):
        Side.launched(cannon, 2, spotters=["Seeker"], launched_today=2)
    # fire control: an entity, or a ship with Sensors, in the target system
    with pytest.raises(IllegalAction, match="fire control"):
        Side.launched(cannon, 1, spotters=["Gunboat", "Tug"])
    with pytest.raises(IllegalAction, match="fire control"):
        Side.launched(cannon, 1, spotters=[])
    assert Side.launched(cannon, 1, spotters=[Entity("Eye")]).rammers == 1
    down = Entity("Eye", sensors=1).with_damage("sensors", 1)
    with pytest.raises(IllegalAction, match="fire control"):
        Side.launched(cannon, 1, spotters=[down])  # a neutralized entity feeds no fire control


def test_launched_rammers_attack_once_at_rank_5_and_are_gone():
    from kit.successors.combat import Battle, Side
    from kit.successors.projects import HyperCannon

    rammers = Side.launched(HyperCannon(2), 2, spotters=["Relay"])
    b = Battle([Side("Target", ships=["Freighter"]), rammers], seed=3)
    ev = b.step_round()
    (attack,) = [e for e in ev if e.kind == "attack" and e["side"] == 1]
    assert attack["dice"] == [5, 5]  # "a single attack at rank 5" each
    assert [b.state.units[k].state for k in ("1:R1", "1:R2")] == ["destroyed", "destroyed"]


def test_a_cube_holds_a_willing_or_neutralized_entity_and_allows_only_sensors_there():
    from kit.errors import IllegalAction
    from kit.successors import Entity
    from kit.successors.projects import Cube

    foe = Entity("Foe", battle=4, control=2, handling=2, information=1, sensors=3)
    with pytest.raises(IllegalAction, match="not neutralized"):
        Cube(orbit=2).imprison(foe, willing=False)
    beaten = foe.with_damage("control", 2)
    cube = Cube(orbit=2).imprison(beaten, willing=False)
    assert cube.prisoner is beaten
    guest = Cube(orbit=2).imprison(foe, willing=True)
    assert guest.dice("sensors", orbit=2) == (3,)
    assert guest.dice("sensors", orbit=3) == ()  # only the Cube's orbit
    for a in ("battle", "control", "handling", "information"):
        assert guest.dice(a, orbit=2) == () and not guest.can_use(a)
    assert guest.moved(5).dice("sensors", orbit=5) == (3,)
    with pytest.raises(IllegalAction, match="already holds"):
        guest.imprison(beaten, willing=False)
    empty, out = guest.release()
    assert out is foe and empty.prisoner is None
    with pytest.raises(IllegalAction, match="empty"):
        empty.release()
    assert project("Cube").cost == 20
