"""Sensors redaction: what a scanner learns at each level against the GM's full view."""

from __future__ import annotations

import pytest

from kit.errors import InvalidInput
from kit.successors.stars import (
    Body,
    Orbit,
    Secret,
    Star,
    StarSystem,
    fleet_data_level,
    generate_system,
    redact,
)


@pytest.fixture
def system():
    orbits = [
        Orbit(
            i,
            Body("Planetoid", 2000, 9, 40),
            secrets=(Secret(f"cache {i}"), Secret(f"vault {i}", level=7)),
        )
        for i in range(1, 7)
    ]
    return StarSystem(Star("G", 4, "Dwarf"), orbits, name="Scan")


def known(view):
    return view.known_orbits


def secrets(view):
    return sorted(s.text for o in view.orbits if o for s in o.secrets)


def test_zero_successes_gives_star_and_orbit_count_only(system):
    v = redact(system, 0, current_orbit=3)
    assert v.spectral_class == "G" and len(v.orbits) == 6 and known(v) == []


@pytest.mark.parametrize(
    "successes,orbits", [(1, [3]), (2, [2, 3, 4]), (3, [1, 2, 3, 4, 5, 6]), (9, [1, 2, 3, 4, 5, 6])]
)
def test_detail_grows_from_own_orbit_to_neighbours_to_system(system, successes, orbits):
    assert known(redact(system, successes, current_orbit=3)) == orbits


@pytest.mark.parametrize(
    "successes,found",
    [
        (2, []),
        (3, ["cache 3"]),
        (4, ["cache 2", "cache 3", "cache 4"]),
        (5, [f"cache {i}" for i in range(1, 7)]),
        (6, [f"cache {i}" for i in range(1, 7)]),
        (7, sorted([f"cache {i}" for i in range(1, 7)] + [f"vault {i}" for i in range(1, 7)])),
    ],
)
def test_secrets_by_level(system, successes, found):
    assert secrets(redact(system, successes, current_orbit=3)) == found


def test_outside_the_orbits_only_whole_system_levels_apply(system):
    assert known(redact(system, 2)) == []
    assert known(redact(system, 3)) == [1, 2, 3, 4, 5, 6]
    assert secrets(redact(system, 4)) == []
    assert len(secrets(redact(system, 5))) == 6


def test_gm_view_is_everything(system):
    v = redact(system, None)
    assert v.is_full and v.orbits == system.orbits


def test_fleet_data_is_one_level_lower_outside_the_current_orbit(system):
    # the rules' worked example: 3 successes -> fleet data 3 here, 2 in every other orbit
    v = redact(system, 3, current_orbit=2)
    assert v.fleet_level(2) == 3 and all(v.fleet_level(o) == 2 for o in (1, 3, 4, 5, 6))
    assert fleet_data_level(0, 1, 1) == 0 and fleet_data_level(0, 2, 1) is None


def test_redaction_never_leaks_hidden_fields():
    for seed in range(40):
        s = generate_system(seed=seed)
        if len(s.orbits) < 3:
            continue
        v = redact(s, 1, current_orbit=2)
        assert [o is not None for o in v.orbits] == [i == 2 for i in range(1, len(s.orbits) + 1)]
        assert "unknown" in v.summary()


def test_bad_input(system):
    with pytest.raises(InvalidInput, match="current_orbit"):
        redact(system, 1, current_orbit=9)
    with pytest.raises(InvalidInput, match="successes"):
        redact(system, -1)
    with pytest.raises(InvalidInput, match=r"secret\.level"):
        Secret("x", level=4)
