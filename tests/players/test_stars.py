"""The players' projection of star systems and sectors (kit.players.stars). A system shows what
the System Data column of successors.txt's Learning about the Universe table gives (the type of
star and the number of orbits at 0, the current orbit at 1, adjacent orbits at 2, the whole
system and the current orbit's secrets at 3, ...); a sector shows only the systems the record
knows and the routes between two of them, a hide winning over travel."""

from __future__ import annotations

import pytest

from kit.errors import InvalidInput, InvalidType
from kit.players.stars import gm_system, project_sector, project_system
from kit.successors.knowledge import Knowledge
from tests.factories import line_sector, marked_system


def shown_orbits(known) -> list[int]:
    return [o.number for o in known.orbits if o is not None and o.body is not None]


def secrets(known) -> list[str]:
    return [s for o in known.orbits if o is not None for s in o.secrets]


@pytest.mark.parametrize(
    "successes, orbits, told",
    [
        (0, [], []),  # the type of star and the number of orbits only
        (1, [2], []),  # the orbit the scanner is in
        (2, [1, 2, 3], []),  # and the adjacent orbits
        (3, [1, 2, 3, 4], ["SECRETMARK2"]),  # the whole system, the current orbit's secret
        (4, [1, 2, 3, 4], ["SECRETMARK1", "SECRETMARK2", "SECRETMARK3"]),
        (5, [1, 2, 3, 4], [f"SECRETMARK{i}" for i in range(1, 5)]),
    ],
)
def test_a_system_shows_what_its_sensors_successes_give(successes, orbits, told):
    known = project_system(marked_system(4), successes=successes, current_orbit=2)
    assert known.star.spectral_class == "G" and len(known.orbits) == 4
    assert shown_orbits(known) == orbits
    assert sorted(secrets(known)) == told
    assert (known.star.size == "Giant") == (successes >= 3)  # the size with the whole system


def test_the_gm_sees_everything_in_the_same_shape():
    gm = gm_system(marked_system(2))
    assert shown_orbits(gm) == [1, 2] and secrets(gm) == ["SECRETMARK1", "SECRETMARK2"]
    assert gm.star.size == "Giant" and gm.successes is None


def test_with_a_record_an_unknown_or_hidden_system_is_nothing_at_all():
    system = marked_system(2)
    k = Knowledge()
    assert project_system(system, k) is None  # never learned
    k.scan(system.name, 1, orbit=1)
    assert shown_orbits(project_system(system, k)) == [1]
    k.hide(system.name)
    assert project_system(system, k) is None  # a hide wins over the scan
    k.reveal(system.name)
    assert project_system(system, k).name == system.name


def test_bad_system_requests_name_what_is_wrong():
    with pytest.raises(InvalidType, match="system must be a StarSystem"):
        project_system("VEGAMARK")
    unnamed = marked_system(1, name="")
    with pytest.raises(InvalidInput, match="needs name="):
        project_system(unnamed, Knowledge())


def test_a_sector_shows_the_known_systems_and_the_routes_between_them():
    sector = line_sector(("Ana", "Bel", "Cor", "Dun"))
    k = Knowledge()
    k.travelled(("Ana", "Bel"))
    k.reveal("Dun")  # known, but no route to it is
    known = project_sector(sector, k)
    assert [p.name for p in known.systems] == ["Ana", "Bel", "Dun"]
    assert [(r.a, r.b) for r in known.routes] == [("Ana", "Bel")]
    assert known.systems[1].position == (6.0, 0.0)


def test_hiding_a_system_takes_back_every_route_to_it():
    sector = line_sector(("Ana", "Bel", "Cor"))
    k = Knowledge()
    k.travelled(("Ana", "Bel"))
    k.travelled(("Bel", "Cor"))
    before = project_sector(sector, k)
    k.hide("Cor")
    after = project_sector(sector, k)
    assert [p.name for p in after.systems] == ["Ana", "Bel"]
    assert [(r.a, r.b) for r in after.routes] == [("Ana", "Bel")]
    assert len(before.routes) == 2


def test_jumps_are_counted_over_known_routes_from_the_centre():
    sector = line_sector(("Ana", "Bel", "Cor", "Dun"))
    k = Knowledge()
    for leg in (("Ana", "Bel"), ("Bel", "Cor"), ("Cor", "Dun")):
        k.travelled(leg)
    near = project_sector(sector, k, center="Ana", within=2)
    assert [p.name for p in near.systems] == ["Ana", "Bel", "Cor"] and near.center == "Ana"
    with pytest.raises(InvalidInput, match="give center= too"):
        project_sector(sector, k, within=1)
