"""Campaigns and games for tests, built one way (issue #33).

:func:`make_campaign` is the one small, seeded campaign the tests share: a sector of three
systems on a line, a star system the players have scanned, an owner and its fleet, a Regulus
job, a standard board, a Successors battle and a session note. Every call builds a fresh,
equal campaign, so a test may change its copy. :func:`repairs` and :func:`clock_campaign` are
the workshop and the campaign with something on its clock that the clock's tests use::

    from tests.factories import make_campaign

    camp = make_campaign()
    assert camp.sectors["Line"].names == ("Ana", "Bel", "Cor")
"""

from __future__ import annotations

from kit import Campaign
from kit.boards import StandardBoard
from kit.players import key
from kit.regulus import Job, Operative
from kit.successors import Entity, Workshop
from kit.successors.combat import Battle, Side
from kit.successors.fleets import Fleet
from kit.successors.sector import Sector, SectorRules
from kit.successors.stars.system import Body, Orbit, Secret, Star, StarSystem

#: The three systems of the campaign's sector, 6 ly apart on a line (a jump reaches 10 ly, so
#: only neighbours are joined: Ana - Bel - Cor).
SYSTEMS = ("Ana", "Bel", "Cor")
#: The crew of the campaign's job.
CREW = (Operative("Vex", "Face", ["invite"]), Operative("Oro", "Hacker", ["deck"]))
#: The secret kept in the scanned system's first orbit (the players have not learned it yet).
SECRET = "the vault under the ice"


def line_sector(names: tuple[str, ...] = SYSTEMS, seed: int = 1) -> Sector:
    """Systems 6 ly apart on a line with a 10 ly jump: each one reaches only its neighbours."""
    return Sector(
        [[6.0 * i, 0.0] for i in range(len(names))],
        list(names),
        seed=seed,
        name="Line",
        rules=SectorRules(max_range=10.0),
    )


def scanned_system(name: str = "Ana") -> StarSystem:
    """A giant G star with one planet (a dock and a secret) and its moon."""
    planet = Body("Planet", 9000, 20, 90, moons=(Body("Planetoid, Small", 900, 1, 2),))
    orbit = Orbit(1, planet, installations="dock", secrets=(Secret(SECRET),))
    return StarSystem(Star("G", 3, "Giant"), [orbit], name=name)


def repairs(name: str = "Smith", seed: int = 1) -> Workshop:
    """A workshop mending one rank of Control on ``name``, one drone helping (neutralized)."""
    workshop = Workshop(Entity(name, handling=2, control=1).with_damage("control", 1), seed=seed)
    workshop.add("Drone", neutralized=True)
    return workshop


def clock_campaign(title: str = "Clock", seed: int = 4) -> Campaign:
    """A campaign whose clock runs one activity: :func:`repairs` under the name "repairs"."""
    camp = Campaign(title, seed=seed)
    camp.schedule(repairs(), "repairs")
    return camp


def make_campaign(title: str = "Reach", seed: int = 1) -> Campaign:
    """The shared small campaign, seeded by ``seed``.

    What is in it, by collection and name:

    * sector "Line" (:func:`line_sector`); the players flew Ana - Bel and scanned Ana from
      orbit 1 with 2 Sensors successes: the orbits, but not yet the secret, which the sensors
      table of the Successors text gives at 3 successes in that orbit;
    * star system "Ana" (:func:`scanned_system`);
    * entity "Vorn" (Battle 3, Control 2) and fleet "raiders": two cruisers Vorn owns with a
      budget of 40, met by the players;
    * job "vault": a heist of difficulty 4 and clock 5 for :data:`CREW`, not yet rolled;
    * board "bomb": a standard board of three 7s, goal 2;
    * battle "skirmish": two cruisers against three frigates, not yet fought;
    * session note "Session 1".
    """
    camp = Campaign(title, seed=seed)
    camp.add(line_sector(seed=seed), "Line")
    camp.add(scanned_system("Ana"), "Ana")
    vorn = Entity("Vorn", battle=3, control=2)
    fleet = Fleet(vorn, budget=40)
    fleet.buy("CRUISER", 2)
    camp.add(vorn, "Vorn")
    camp.add(fleet, "raiders")
    camp.add(Job("heist", 4, 5, list(CREW), seed=seed, title="Vault"), "vault")
    camp.add(StandardBoard([7, 7, 7], goal=2, title="Bomb"), "bomb")
    battle = Battle(
        [Side("Raiders", ships={"Cruiser": 2}), Side("Guards", ships={"Frigate": 3})], seed=seed
    )
    camp.add(battle, "skirmish")
    camp.add_session("Session 1", "The crew reached Bel.", "2026-11-01")
    k = camp.knowledge
    k.travelled(("Ana", "Bel"))
    k.scan("Ana", 2, orbit=1)
    k.scan_fleet(key("fleets", "raiders"), 5)
    return camp


#: The eight systems of :func:`marked_campaign`'s sector and its one star system: every name
#: is a marker string, so a test can search anything the players are served for it.
MARKED_NAMES = tuple(f"ZQ{i}SYSMARK" for i in range(8))
MARKED_SYSTEM = "VEGAMARK"
#: Every secret of :func:`marked_campaign`, as the marker a leak would show.
MARKERS = (
    list(MARKED_NAMES)
    + [MARKED_SYSTEM, "Giant", "OWNERMARK", "SIDEMARK", "NOTEMARK-GMONLY"]
    + [f"INSTMARK{i}" for i in range(1, 5)]
    + [f"SECRETMARK{i}" for i in range(1, 5)]
)


def marked_system(planets: int = 4, name: str = MARKED_SYSTEM) -> StarSystem:
    """A Giant star's system of ``planets`` planets; orbit i has diameter 10,0i1 km, an
    installation ``INSTMARKi`` and a secret ``SECRETMARKi``."""
    orbits = [
        Orbit(
            i,
            Body("Planet", 10_001 + 10 * i, 20, 90),
            installations=f"INSTMARK{i}",
            secrets=(Secret(f"SECRETMARK{i}"),),
        )
        for i in range(1, planets + 1)
    ]
    return StarSystem(Star("G", 3, "Giant"), orbits, name=name)


def marked_campaign(*, zigzag: bool = False) -> Campaign:
    """A campaign whose every secret is a unique marker (for the player screen's leak tests):
    eight systems 6.25 ly apart with a 10 ly jump (neighbours only; ``zigzag`` staggers them
    for a map that reads better in a browser), a Giant star system of four orbits with marked
    installations and secrets, a rival's fleet and a GM-only note."""
    camp = Campaign("Neon Reach")
    camp.add(
        Sector(
            [[6.25 * i, 1.5 + (i % 3 if zigzag else 0)] for i in range(8)],
            list(MARKED_NAMES),
            seed=5,
            name="Line",
            rules=SectorRules(max_range=10.0),
        )
    )
    camp.add(marked_system())
    fleet = Fleet(Entity("OWNERMARK", battle=3, control=2, side="SIDEMARK"), budget=40)
    fleet.buy("CRUISER", 2)
    camp.add(fleet, "rivals")
    camp.knowledge.note("NOTEMARK-GMONLY a trap in orbit 2", player_visible=False)
    return camp
