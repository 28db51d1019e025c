"""Write notebooks/04_successors_combat.ipynb; run tools/nbtool.py on it to store the checked outputs."""

from pathlib import Path

import nbformat as nbf

OUT = Path(__file__).resolve().parent.parent / "04_successors_combat.ipynb"

cells = []
md = lambda s: cells.append(nbf.v4.new_markdown_cell(s))
code = lambda s: cells.append(nbf.v4.new_code_cell(s))

md("""# Successors: combat, sensors, take-overs and repairs

This notebook plays the two battles of the rule book with the kit's combat engine, one phase at a
time, then asks how likely each outcome is, and ends with the long repair job that follows a big
fight. Everything is seeded, so the text below describes exactly what you see.

A battle is an **event log**: the setup (the sides) plus every roll and every change, phase by
phase. The state is rebuilt from the log, so a battle can be undone, saved half way and replayed
without rolling a die again.""")

code("""from kit.successors import Entity, pool_summary
from kit.successors.combat import (PHASES, AutoPolicy, Battle, Side, Workshop, fleet_view,
                                   phase_hits, round_outcomes, simulate)
from kit.successors.combat.battle import describe_event

print(" -> ".join(PHASES))""")

md("""## The first example: Releata walks into a garrison

Releata (Battle 5+3, Control 3, Combat Reflexes) brings two Battleships and eight Drones. She puts
the Battleships and one Drone under her Control. The orbit holds an old garrison: 2 Servos, 8
Drones, 5 Gunboats, 5 Frigates and 5 Cruisers, with no entity in charge.""")

code("""releata = Entity("Releata", battle=8, control=3, handling=1, information=1, sensors=1,
                 edges=["Combat Reflexes"], flaws=["Checkered Past", "No Memory"],
                 side="Kingdoms of Jukint")

def first_example(seed):
    return Battle([
        Side("Releata", releata, ships=[("Battleship", 2), ("Drone", 8)], controlled=(1, 2, 3)),
        Side("Garrison", ships=[("Servo", 2), ("Drone", 8), ("Gunboat", 5), ("Frigate", 5),
                                ("Cruiser", 5)], faction="Takeru Republic"),
    ], seed=seed)

battle = first_example(seed=12)
print(battle)""")

md("""### Who fires when

Combat Reflexes moves Releata and every ship under her Control into **First Strike**. Under a
split controller rank each die of a controlled ship becomes her whole 5+3 (ruling 2), so a
Battleship (5+1) rolls 5, 3, 5, 3 and a Drone (1) rolls 5, 3. The rule book's narration counts
seven dice of each; the ruling gives six of each. The uncontrolled Drones wait for the main
phase. The exact chance of each number of hits in her first strike comes straight from the
engine's own pool:""")

code("""dist = phase_hits(battle, 0, "first")
print("pool:", {5: 6, 3: 6})
for hits in range(4, 11):
    print(f"{hits:2d} hits: {float(dist[hits]):6.1%}")
print("mean:", round(float(sum(k * p for k, p in dist.items())), 3))""")

md("""### Playing round one, phase by phase

`step_phase()` plays the next phase with the automatic policy: the defender puts hits on decoys
first, then on its cheapest working ship, and on the entity last (ruling 4). Each phase prints
its events. Watch the Drones: they are *reloaders*, neutralized by their own shot.""")

code("""# NBVAL_CHECK_OUTPUT
for _ in range(8):
    events = battle.step_phase(AutoPolicy(takeover=False))
    phase = events[0]["phase"]
    lines = [describe_event(battle, e) for e in events[1:] if e.kind not in ("fired",)]
    print(f"-- {phase}: " + ("; ".join(lines[:6]) + (" ..." if len(lines) > 6 else "") if lines else "nothing happens"))""")

md("""Round one left the garrison battered but far from beaten. `run()` plays on until one side
is out of the fight (or the round limit), and the timeline shows every phase that mattered:
hits scored on top, what each side lost below. Hover a bar for the events behind it.""")

code("""battle.run(policy=AutoPolicy(takeover=False))
print(battle.result["winner"], "after", battle.result["rounds"], "rounds")
for s in battle.result["sides"]:
    print(f"  {s['name']}: {s['outcome']}, {s['ru_lost']:g} RU lost, hulks worth {s['hulk_ru']} RU")""")

code("""import kit.figures
kit.figures.combat_timeline(battle)""")

md("""Because the battle is a log, saving it and loading it gives the very same battle, and
undoing a phase then stepping again rolls the same dice (each phase draws from the battle's seed
and its own number):""")

code("""again = Battle.from_json(battle.to_json())
print(again == battle, len(again.log), "events")""")

md("""## Sensors: what the other side knows

Sensors successes pile up day after day against each enemy fleet. Each level reveals more: the
count of ships at 1, their signatures at 2, the types in one signature class at 3 (decoys still
look like whatever their owner wants), the whole list at 4 and exact abilities at 5. A
**player view** shows only what is known; the GM view adds the truth.""")

code("""from collections import Counter
probe = first_example(seed=1)
for level in (0, 1, 2, 3, 4):
    view = fleet_view(probe, 0, 1, level=level, sig_class=1)
    seen = sorted({str(r["type"]) for r in view["rows"] if r["type"]})
    sigs = Counter(r["sig"] for r in view["rows"] if r["sig"] is not None)
    print(f"level {level}: {view['count']} objects | signatures {dict(sorted(sigs.items()))} | types seen {seen}")""")

md("""## The second example: TanRac, hit and run

TanRac spent four days scanning first, so he enters with 5 Sensors successes on the garrison:
more than the 3 needed to lock on for **Take-Overs**. A ship not under an entity's Control falls
after 2 Take-Over successes; the first one already neutralizes it. Here we script his two rolls
from the text (a 1, then a 4 against his Control 4) on one of the Servos:""")

code("""tanrac = Entity("TanRac", battle=4, control=4, handling=3, information=2, sensors=2,
                edges=["Cross-Trained"], flaws=["Still at War"], side="Vontuni Empire")

def second_example(seed):
    return Battle([
        Side("TanRac", tanrac, ships=[("Gunboat", 5), ("Satellite", 10), ("Tug", 1), ("Servo", 2),
                                      ("Relay", 1)], controlled=(6, 7, 8, 9), sensors=5),
        Side("Garrison", ships=[("Servo", 2), ("Drone", 8), ("Gunboat", 5), ("Frigate", 5),
                                ("Cruiser", 5)], faction="Takeru Republic"),
    ], seed=seed)

class ServoFirst(AutoPolicy):
    def takeovers(self, ctx, side, users, targets):
        return {"0:E": "1:1"} if side == 0 else {}

raid = second_example(seed=5)
pol = ServoFirst(hold_reloaders=True)
for faces in ([1], [4]):
    while raid.next_phase != "takeover":
        raid.step_phase(pol)
    raid.step_phase(pol, faces=faces)
    servo = raid.state.units["1:1"]
    print(f"rolled {faces[0]}: Servo is {servo.status}, fights for side {servo.owner}, "
          f"needs reconditioning: {servo.needs_recondition}")""")

md("""Cross-Trained means TanRac can use the captured Servo at once. His main-phase pool matches
the book: five rank 4 dice (himself and four controlled Satellites) and twelve rank 1 dice.""")

code("""from kit.successors.combat.events import Ctx, RngRoller
from kit.successors.combat.phases import volley_pool
import numpy as np
fresh = second_example(seed=5)
ctx = Ctx(fresh.sides, fresh.state, fresh.rules, AutoPolicy(), RngRoller(np.random.default_rng(0)))
print("TanRac:", pool_summary(volley_pool(ctx, 0, "main")[2]))
print("Garrison:", pool_summary(volley_pool(ctx, 1, "main")[2]))""")

md("""## Odds

For a small fight the kit computes one round's outcomes **exactly**: it runs the real phase code
and branches at every roll over the possible results with their probabilities. Here a Cruiser
and a Frigate face three Gunboats; each outcome counts (working, neutralized, gone, entity hits)
per side.""")

code("""small = Battle([Side("Pair", ships=["Cruiser", "Frigate"]), Side("Gunboats", ships={"Gunboat": 3})], seed=1)
for _ in range(4):
    small.step_phase()
exact = round_outcomes(small)
for outcome, p in sorted(exact.items(), key=lambda kv: -kv[1])[:5]:
    print(f"{float(p):6.1%}  Pair {outcome[0][:3]}  Gunboats {outcome[1][:3]}")""")

md("""Whole battles are simulated. With the automatic policy and no Take-Overs, thousands of
battles run at once as numpy arrays; the same statistics come out of the event-log engine (a
test checks it). Holding the uncontrolled Drones back as hit-soakers, as Releata does in the
book, changes her odds:""")

code("""fire_all = simulate(first_example(1), 20000, seed=2, policy=AutoPolicy(takeover=False), progress=False)
hold = simulate(first_example(1), 20000, seed=2,
                policy=AutoPolicy(takeover=False, hold_reloaders=True), progress=False)
print("fire everything:\\n" + fire_all.summary())
print("hold the drones:\\n" + hold.summary())""")

code("""kit.figures.combat_losses(hold)""")

code("""raids = simulate(second_example(1), 20000, seed=3, policy=AutoPolicy(takeover=False, hold_reloaders=True),
                 progress=False)
print(raids.summary())""")

md("""## At the table

The Combat table widget plays the same battle by clicking: step a phase or a round, and for the
sides listed in `allocate_sides` the battle stops with the hits to place; click the ships (or
the entity's abilities) that take them. The log runs beside the field, Undo takes a phase
back, and *Simulate* shows the odds and RU-loss spread of fresh battles from the same setup.""")

code("""from kit.widgets import CombatTable
CombatTable(first_example(seed=7), allocate_sides=[1])""")

md("""## After the battle: repairs and reconditioning

Handling dice do the work a day at a time: each success repairs a ship, reconditions one built
by another nation, gathers a wreck, mines RU or adds 3 RU to a build. The book's example:
Releata (Handling 1) repairs a captured Servo with rolls 5, 6, 3 and 1, reconditions it with a 1,
and from then on rolls one more die a day. We script those five days, then let the rest run.""")

code("""# NBVAL_CHECK_OUTPUT
shop = Workshop(releata.with_damage("control", 1), seed=4)
takeru = "Takeru Republic"
for name, count, maker in [("Servo", 2, takeru), ("Drone", 8, None), ("Drone", 10, takeru),
                           ("Gunboat", 5, takeru), ("Frigate", 5, takeru), ("Cruiser", 4, takeru),
                           ("Battleship", 1, None)]:
    for _ in range(count):
        shop.add(name, neutralized=True, maker=maker)
for face in (5, 6, 3, 1, 1):
    day = shop.day(faces=[face])
    r = day["rolls"][0]
    what = shop.units[r["target"]].name if r["target"] in shop.units else "Releata"
    print(f"day {day['day']}: {r['task']} {what}, rolled {r['face']} -> {'done' if r['done'] else 'not yet'}")
print("Handling dice now:", shop.dice())""")

code("""days = shop.run_until_done()
print(f"everything repaired and reconditioned after {5 + days} days in all "
      f"(the book's run took 102); Handling dice at the end: {len(shop.dice())}")""")

md("""The kit's default plan repairs the ships that add Handling dice first (the Servos), then
Releata's own Control hit, then the cheapest ships; each die takes the next job. A GM who wants
another order passes a plan per day: `shop.day([("repair", key), ("recondition", key2)])`.""")

nb = nbf.v4.new_notebook(cells=cells)
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbf.write(nb, OUT)  # then: python tools/nbtool.py notebooks/04_successors_combat.ipynb
