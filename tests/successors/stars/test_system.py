"""Star systems as plain frozen data (kit.successors.stars.system): a star, its orbits, bodies
and moons, built by hand, edited by copy, read back from their files; bad fields named.

The numbers come from the Successors text's star tables: a class's planet modifier (Type G -2,
Type M -3), the orbit zones of the orbit table (orbits 1-3, 4-6, 7 and beyond), and RU as the
surface, crust and core of a body plus what installations are worth.
"""

from __future__ import annotations

import pytest

from kit.errors import InvalidInput, InvalidType, SaveFileError
from kit.successors.stars import Body, Orbit, Secret, Star, StarSystem, generate_system


def test_hand_built_system_and_edits():
    s = StarSystem(
        Star("K", 3, "Dwarf"), [Orbit(1), Orbit(2, Body("Planet", 9000, 25, 100))], name="Hand"
    )
    s2 = s.with_orbit(1, Body("Planetoid", 2000, 8, 30))
    assert s.orbits[0].body is None and s2.orbits[0].body.kind == "Planetoid"
    s3 = s2.with_orbit(3, Body("Gas Giant", 60000, None, 300))
    assert len(s3.orbits) == 3 and s3.without_last_orbit() == s2
    assert StarSystem.from_json(s3.to_json()) == s3
    with pytest.raises(InvalidInput, match="spectral_class"):
        Star("X")
    with pytest.raises(InvalidInput, match="Giant"):
        Star("O", size="Giant")
    with pytest.raises(InvalidInput, match="dust_cloud"):
        Star("G", dust_cloud=True)
    with pytest.raises(InvalidInput, match="numbered"):
        StarSystem(Star("G"), [Orbit(2)])
    with pytest.raises(InvalidInput, match=r"body\.kind"):
        Body("Moonlet")
    with pytest.raises(InvalidInput, match="orbit must be"):
        s.with_orbit(5, None)


def test_load_refuses_bad_files():

    s = generate_system(seed=2)
    with pytest.raises(SaveFileError):
        StarSystem.from_json(s.to_json().replace("star-system", "sector"))
    bad = s.to_json().replace('"spectral_class": "', '"spectral_class": "Z')
    with pytest.raises(InvalidInput):
        StarSystem.from_json(bad)


def test_orbit_installation_fields_are_typed():

    with pytest.raises(InvalidType, match=r"orbit\.installations must be a string"):
        Orbit(1, installations=5)
    with pytest.raises(InvalidInput, match=r"orbit\.installations_ru"):
        Orbit(1, installations="a base", installations_ru=-1)
    with pytest.raises(InvalidInput, match="has no installations"):
        Orbit(1, installations_ru=2)
    with pytest.raises(InvalidType, match=r"orbit\.secrets"):
        Orbit(1, secrets="a secret")
    with pytest.raises(InvalidType):
        Orbit.from_dict({"number": 1, "installations": ["x"]})
    old = Orbit.from_dict({"number": 1, "body": None, "installations": "from orbit 2"})
    assert old.installations_ru == 0  # files written before installations had RU still load


@pytest.mark.parametrize(
    "cls, mod, colour",
    [("O", -9, "blue"), ("G", -2, "yellow"), ("M", -3, "red"), ("D", -4, "white")],
)
def test_a_star_reads_its_row_of_the_spectral_table(cls, mod, colour):
    star = Star(cls)
    assert star.planet_mod == mod and star.info.colour == colour
    assert Star.from_dict(star.to_dict()) == star


@pytest.mark.parametrize("number, zone", [(1, 0), (3, 0), (4, 1), (6, 1), (7, 2), (12, 2)])
def test_an_orbit_reads_the_column_of_its_zone(number, zone):
    assert Orbit(number).zone == zone and Orbit(number).empty


def test_ru_add_up_bodies_moons_and_installations():
    moon = Body("Planetoid, Small", 900, 5, 12)
    world = Body(
        "Planet", 9600, 20, 150, surface_ru=5, biosphere="Sentience", technology="Space faring"
    )
    giant = Body("Gas Giant", 60000, None, 300, moons=(moon,))
    belt = Body("Asteroid Belt", crust_ru=50, composition="Rocky", density="Thick")
    system = StarSystem(
        Star("G", 3, "Dwarf"),
        [
            Orbit(1, world),
            Orbit(2, installations="from orbit 1", installations_ru=2),
            Orbit(3, giant),
            Orbit(4, belt),
        ],
        name="Demo",
    )
    assert world.total_ru == 5 + 20 + 150 and giant.total_ru == 300 and belt.total_ru == 50
    assert system.total_ru == 175 + (300 + 17) + 50 + 2
    assert [n for n, _ in system.bodies] == [1, 3, 4]
    assert [b.family for _, b in system.bodies] == ["planet", "gas giant", "belt"]
    assert moon.family == "planetoid"
    assert system.orbit(3).body == giant and system.spectral_class == "G"
    assert belt.describe() == "Asteroid Belt (Rocky, Thick), 50 RU"
    assert giant.describe() == "Gas Giant, 60,000 km, crust -, core 300, 1 moon"
    lines = system.summary().splitlines()
    assert lines[0] == "Demo: Type G Dwarf, brightness 3, 4 orbits"
    assert lines[2] == "   2. empty [installations from orbit 1, 2 RU]"


def test_an_edit_is_a_copy_and_the_original_is_unchanged():
    s = StarSystem(Star("K"), [Orbit(1)], name="Hand")
    found = s.with_orbit(1, None, secrets=(Secret("a derelict", level=7),))
    assert s.orbits[0].secrets == () and found.orbits[0].secrets[0].level == 7
    assert StarSystem.from_json(found.to_json()) == found
    with pytest.raises(InvalidInput, match="no orbits"):
        StarSystem(Star("K")).without_last_orbit()
    with pytest.raises(InvalidInput, match="no orbits"):
        StarSystem(Star("K")).orbit(1)


def test_bad_secrets_bodies_and_stars_are_named():
    with pytest.raises(InvalidInput, match=r"secret\.level"):
        Secret("ordinary", level=3)  # a very-secret level is 6 or more
    with pytest.raises(InvalidInput, match=r"secret\.text"):
        Secret("")
    with pytest.raises(InvalidInput, match=r"body\.moons"):
        Body("Planet", 9000, 10, 100, moons=("a moon",))
    with pytest.raises(InvalidInput, match=r"star\.brightness"):
        Star("G", brightness=10)
    with pytest.raises(InvalidInput, match="star must be a Star"):
        StarSystem("G")
    with pytest.raises(InvalidInput, match="spectral_class"):
        Star.from_dict({"brightness": 3})
