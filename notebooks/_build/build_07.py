"""Write notebooks/07_gm_prep.ipynb (run from the repository root, then tools/nbtool.py on it)."""

from pathlib import Path

import nbformat as nbf

OUT = Path(__file__).resolve().parent.parent / "07_gm_prep.ipynb"
C = []


def md(s):
    C.append(nbf.v4.new_markdown_cell(s.strip()))


def code(s):
    C.append(nbf.v4.new_code_cell(s.strip()))


md("""
# GM prep: a whole session in one campaign file

This notebook prepares a Successors-and-Regulus evening from scratch and keeps all of it in one
**campaign** file:

1. a sector of space and the star system the players will reach,
2. a rival entity and the fleet waiting there,
3. a Regulus job the crew might take, with its odds,
4. a chase board for when things go wrong,
5. save the campaign, load it back, and export handouts for the GM and for the players.

Every step is seeded, so what you read below is what you get. Change a seed to prep another night.
""")
code("""
from pathlib import Path
from kit import Campaign
from kit.handouts import handout, save_handout

camp = Campaign("The Drift Wars", notes="Players: TanRac (Joe), Releata (Lisa).")
out = Path("gm-prep-output")   # handouts land here, next to this notebook
out.mkdir(exist_ok=True)
""")
md("""
## 1. Where the session happens

A 60-system sector, then the cheapest route (in expected days of plotting) from the players' home
to the system they are heading for, for a navigator with Information 2 and Sensors 2, like TanRac.
""")
code("""
# NBVAL_CHECK_OUTPUT
from kit.successors.sector import generate_sector, Navigator

sector = generate_sector(60, seed=7, name="The Drift")
home, target = sector.names[0], sector.names[41]
tanrac_nav = Navigator(information=2, sensors=2, name="TanRac")
route = sector.route(home, target, navigator=tanrac_nav)
camp.add(sector, "The Drift")
print(route.summary())
print(f"chance to arrive within 30 days: {route.chance_within(30):.1%}")
""")
md("""
The target system, generated from its own seed inside the sector. The GM sees everything; the
players will only see what their Sensors rolls reveal.
""")
code("""
# NBVAL_CHECK_OUTPUT
system = sector.system(target)
camp.add(system, target)
print(system.summary())
""")
code("""
import kit.figures as kf
kf.star_system_figure(system)
""")
md("""
## 2. The rival waiting there

A rival entity rolled from a seed (2d6+3 points spread at random), and a fleet bought for it. The
builder-style findings tell you if the build breaks a rule (Flaws must at least match Edges; spending
past the budget).
""")
code("""
# NBVAL_CHECK_OUTPUT
from kit.successors import Entity
from kit.successors.fleets import Fleet

rival = Entity.generate("Vorakh", seed=31, sex="Neuter", side="Takeru Republic")
print(rival.sheet())
fleet = Fleet(rival, budget=40)
fleet.buy("CRUISER", 2)
fleet.buy("FRIGATE", 3)
fleet.buy("MOCKER", 2)
fleet.buy("DRONE", 6)
camp.add(rival, "Vorakh")
camp.add(fleet, "Vorakh's fleet")
print(f"{len(fleet.ships)} ships, {fleet.spent:g} of 40 RU;", [f.message for f in fleet.findings()] or "no findings")
""")
md("""
## 3. A job for the crew

On the station in that system, the crew can take a heist. Before offering it, check the odds:
""")
code("""
# NBVAL_CHECK_OUTPUT
from kit.regulus import Job, Operative, odds

crew = [Operative("Vex", "Face", ["forged codes"]), Operative("Oro", "Hacker", ["cyberdeck"]),
        Operative("Bo", "Muscle", ["breaching charge"])]
camp.add_crew("station crew", crew)
job = Job("heist", difficulty=5, clock=6, crew=crew, seed=12, title="Vorakh's vault")
camp.add(job)
o = odds(job)
print(f"P(success) {o.success:.1%}; expected Threat {o.expected_threat:.2f}, Heat {o.expected_heat:.2f}")
""")
md("""
## 4. When it goes wrong: a chase

A six-card chase board from the event deck, the crew escaping with a head start; the NPC pursuer
succeeds 60% of the time (a house-rule option instead of the default "always succeeds"). The odds
of getting away, with the crew's checks on 2d6+1:
""")
code("""
# NBVAL_CHECK_OUTPUT
from kit.boards import EventDeck, Chase, BoardRules, odds as board_odds

deck = EventDeck(seed=4)
chase = Chase(deck.deal(6), head_start=True, seed=5, rules=BoardRules(npc_chance=0.6), title="Docking-ring chase")
camp.add(chase)
result = board_odds(chase, checks="2d6+1")
print({k: round(float(v), 3) for k, v in result.outcomes.items()})
""")
md("""
## 5. Save, reload, hand out

The campaign saves as one versioned JSON file, atomically (a crash mid-save leaves the old file
intact). Loading rebuilds every object from its event log.
""")
code("""
# NBVAL_CHECK_OUTPUT
camp.add_session("Session 12", "Arrival in the target system; the vault job is offered.")
path = out / "drift-wars.json"
camp.save(path)
again = Campaign.load(path)
print(again == camp)
print(again.summary())
""")
md("""
Handouts come in two versions. The GM's shows everything; the players' shows only what their
Sensors successes allow. Here the players have scanned the rival's fleet to 2 successes (they see
signatures, not ship types) and the system to 1 success from the outermost orbit.
""")
code("""
# NBVAL_CHECK_OUTPUT
print(handout(fleet, audience="player", sensors=2))
""")
code("""
files = [
    save_handout(system, out / "system-gm.html"),
    save_handout(system, out / "system-players.html", audience="player", sensors=1, current_orbit=len(system.orbits) or None),
    save_handout(fleet, out / "rival-fleet-players.md", audience="player", sensors=2),
    save_handout(rival, out / "rival-gm.md"),
    save_handout(job, out / "job-gm.md"),
    save_handout(sector, out / "sector-gm.html", route=route),
]
[f.name for f in files]
""")
md("""
During the session, open widgets on the campaign's objects with `camp.open(collection, name)`;
what you click is written back into the campaign, so `camp.save(path)` at the end of the night
keeps it all.
""")
code("""
camp.open("jobs", "Vorakh's vault")
""")
nb = nbf.v4.new_notebook()
nb.cells = C
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbf.write(nb, OUT)
print("wrote", OUT)
