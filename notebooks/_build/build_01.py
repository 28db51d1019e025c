import nbformat as nbf
nb = nbf.v4.new_notebook()
C = []
def md(s): C.append(nbf.v4.new_markdown_cell(s.strip()))
def code(s): C.append(nbf.v4.new_code_cell(s.strip()))

md("""
# Regulus jobs: rolling a job out, incident by incident

A Regulus *job* is a crime the crew takes on: a heist, a con, a hit. Instead of playing every
minute, the lead operative rolls **2d6** on the job type's *resolution table* until the job either
reaches its **Difficulty** in Progress or runs out of **Clock**. Each roll is an *incident*: a twist
that pushes the job forward or drags it back, sometimes at a price.

This notebook walks through the rules with the kit, one idea per cell:

1. the resolution table and the dice,
2. setting up a job (type, difficulty, clock, conditions, crew workup),
3. resolving it roll by roll, with companions, tokens and knockouts,
4. the exact odds before the crew commits,
5. figures, custom tables, house rules, widgets and saving.

Everything random takes a `seed`, so the results below are the ones you will see.
""")
code("""
from kit import dice
from kit.regulus import JOB_TYPES, Job, Operative, Condition, Incident, RegulusRules, odds, simulate
""")
md("""
## 1. The table and the dice

Every job type shares six rows (the even totals) and fills five rows (3, 5, 7, 9, 11) with its own
incidents. Totals of 7 and up tend to help, 6 and below tend to hurt. Here is the heist table:
""")
code("""
# NBVAL_CHECK_OUTPUT
heist = JOB_TYPES["heist"]
for total, incident in heist.table.items():
    print(f"{total:>2}  {incident.name:<15} {incident.effects_text()}")
""")
md("""
How likely is each row? `kit.dice` gives exact probabilities as fractions. A 7 comes up one time in
six; the two extremes, Knockout and Windfall, one time in thirty-six each.
""")
code("""
# NBVAL_CHECK_OUTPUT
two_d6 = dice.parse("2d6")
print({total: str(p) for total, p in two_d6.distribution().items()})
print("companion incidents roll", dice.parse("1d6+1"), "->", sorted(dice.parse("1d6+1").distribution()))
""")
md("""
A result of 7 or 8 brings a **companion incident**: a second roll on the same table, made with
1d6+1 (so it lands on 2..7) and costing no clock tick. A companion 7 brings yet another companion.

## 2. Setting up a job

A job needs a type, a **Difficulty** (3 for an easy job up to 7 for a legendary one), a **Clock**
(3 rolls for a rushed job up to 7), its **Conditions** and the **Crew Workup**: who is on the job,
their gig type (role), and what each brings. The first operative leads unless you say otherwise.

The default condition is that at least one crew gig type is still active when Progress reaches the
Difficulty. You can add stricter ones, such as "the Hacker must still be in".
""")
code("""
crew = [
    Operative("Vex", "Face", ["forged invitation", "silver tongue"]),
    Operative("Oro", "Hacker", ["cyberdeck", "vault backdoor"]),
    Operative("Brick", "Muscle", ["stun baton"]),
]
job = Job("heist", difficulty=4, clock=5, crew=crew,
          conditions=[Condition("crew_active"), Condition.gig_active("Hacker")],
          title="The Meridian vault", seed=2026)
job
""")
md("""
## 3. Resolving it, roll by roll

A GM with physical dice types the totals in with `job.roll(total)`; without a number the kit rolls
for you from the job's seed. Let's enter a few rolls that show the special rules.

**An Interruption (8) brings a companion**: Progress +1, and the next roll is a companion.
""")
code("""
# NBVAL_CHECK_OUTPUT
job.roll(8)
print(job.phase, "| turn", job.turn, "| progress", job.progress)
job.roll(4)   # companion: Bricked, a Major Consequence (+2 Threat)
print(job.phase, "| turn", job.turn, "| progress", job.progress, "| threat", job.threat)
""")
md("""
The companion did not spend a clock tick: we are still on turn 1.

**A Windfall (12)** gives +2 Progress and a *Postponed Minor Consequence*, a token the crew holds.
After any incident without a consequence, the lead may spend a token: take a Minor Consequence now
for +1 Progress. That is a decision, so the job stops and asks.
""")
code("""
# NBVAL_CHECK_OUTPUT
job.roll(12)
print("waiting for:", job.pending, "| tokens", job.tokens, "| progress", job.progress)
job.decide_token(False)   # keep it for later
print("tokens", job.tokens, "| phase", job.phase)
""")
md("""
**A Knockout (2)** costs a point of Progress and removes an operative; one of their contributions
stays in the workup. The GM chooses who. Losing Oro would break our condition (the Hacker must
stay), so the GM sends Brick home instead.
""")
code("""
# NBVAL_CHECK_OUTPUT
job.roll(2)
print("waiting for:", job.pending)
job.decide_knockout("Brick")
print("still on the job:", [op.name for op in job.roster], "| progress", job.progress)
print("waiting for:", job.pending)   # a Knockout imposes no consequence, so the token may be spent
job.decide_token(False)
""")
md("""
A Knockout imposes no consequence, so the lead could have spent the token right there; they kept
it. (Progress never drops below 0: that is a house-rule option, shown later.)

Now a Perfect (10) brings Progress to 3, one short. No consequence again, so the token is on the
table, and this time the lead spends it: a Minor Consequence (+1 Threat) for the last point of
Progress. Progress meets the Difficulty while the Hacker is still in, so the job succeeds at once.
""")
code("""
# NBVAL_CHECK_OUTPUT
job.roll(10)
print("progress", job.progress, "| waiting for:", job.pending)
job.decide_token(True)
print(job.outcome, "| reason:", job.reason, "| turns used:", job.turn, "of", job.clock, "| threat", job.threat)
""")
md("""
Every roll and decision went into the job's **event log**; the **Job Record** sheet is derived from
it. `job.undo()` takes back the last action, and the record follows. The record exports as Markdown
for your session notes:
""")
code("""
from IPython.display import Markdown
Markdown(job.to_markdown())
""")
md("""
### A whole job from a seed

`job.play(seed=...)` returns a copy played to the end with the automatic decisions from the
rulings (spend tokens at once; a Knockout removes the operative who joined last). The original job
is untouched, so you can try several seeds.
""")
code("""
# NBVAL_CHECK_OUTPUT
fresh = Job("con", difficulty=5, clock=6, crew=crew, title="The long con")
for seed in (1, 2, 3):
    played = fresh.play(seed=seed)
    rolls = " ".join(str(r.roll) for r in played.rows)
    print(f"seed {seed}: {played.outcome:<8} progress {played.progress}  threat {played.threat}  heat {played.heat}  rolls {rolls}")
""")
md("""
## 4. The odds before the crew commits

`odds(job)` computes the exact chance of success by walking every reachable state of the job through
the same rule functions the job itself uses. It also gives the chance of success by each clock tick,
how many rolls the job takes, and the expected Threat and Heat at the end.
""")
code("""
# NBVAL_CHECK_OUTPUT
plan = Job("heist", difficulty=5, clock=6, crew=crew)
o = odds(plan)
print(f"P(success)        {o.success:.4f}")
print("by clock tick     ", " ".join(f"{p:.3f}" for p in o.by_turn))
print(f"expected Threat   {o.expected_threat:.3f}")
print(f"expected Heat     {o.expected_heat:.3f}")
print("why it fails      ", {k: round(v, 4) for k, v in o.failure_reasons.items()})
""")
md("""
A Monte Carlo of the same rules agrees (it samples a transition table compiled from them, a
million jobs in well under a second):
""")
code("""
sim = simulate(plan, n=200_000, seed=7)
print(f"simulated {sim.success:.4f} ± {sim.success_se:.4f}  vs exact {o.success:.4f}")
""")
md("""
Odds also work mid-job: they start from wherever the job is now. The same heist after two good rolls:
""")
code("""
# NBVAL_CHECK_OUTPUT
midway = plan.copy()
midway.roll(10); midway.roll(9)
print(f"after two rolls: {odds(midway).success:.4f}")
""")
md("""
## 5. Figures

`kit.figures` turns jobs into plotly figures in the kit's own theme, which reads well in JupyterLab's
light and dark themes. The odds heatmap shows every Difficulty and Clock for a job type at once:
""")
code("""
import kit.figures as kf
kf.odds_heatmap("heist", crew=3)
""")
md("""
And a played job's progress track: each marker is an incident (companions just to the right of their
main roll), the dashed line is the Difficulty, the shaded strip past the last tick is where time ran out.
""")
code("""
kf.job_progress(fresh.play(seed=3))
""")
md("""
## 6. Your own tables and house rules

Tables are data. Edit a row, or start a new job type from a built-in one; the odds follow. Here a
heist where the 9 is a noisy "Silent Alarm" that adds 2 Heat:
""")
code("""
# NBVAL_CHECK_OUTPUT
loud = JOB_TYPES["heist"].renamed("loud heist").with_row(9, Incident("Silent Alarm", progress=1, heat=2))
print(f"{odds(Job(loud, 5, 6, crew)).expected_heat:.3f} expected Heat, against {odds(Job('heist', 5, 6, crew)).expected_heat:.3f}")
""")
md("""
Rulings the text leaves open are options of `RegulusRules`. Without the progress floor a bad start
digs a hole:
""")
code("""
# NBVAL_CHECK_OUTPUT
no_floor = Job("hit", 4, 5, crew, rules=RegulusRules(progress_floor=None))
no_floor.roll(6); no_floor.roll(3)
print("progress", no_floor.progress)
print(f"P(success) with floor {odds(Job('hit', 4, 5, crew)).success:.4f}, without {odds(Job('hit', 4, 5, crew, rules=RegulusRules(progress_floor=None))).success:.4f}")
""")
md("""
Bad input gets a clear message naming the field and what is allowed:
""")
code("""
# NBVAL_CHECK_OUTPUT
try:
    Job("heist", difficulty=9, clock=5, crew=crew)
except ValueError as err:
    print(err)
""")
md("""
## 7. At the table: the widgets

The **Job builder** sets up a job in a form and shows the exact odds as you change anything. The
**Job table** plays it: roll or type a physical roll, answer the Knockout and token prompts (or let
the kit decide), undo, and download the record as Markdown.
""")
code("""
from kit.widgets import JobBuilder, JobTable
JobBuilder()
""")
code("""
table = JobTable(Job("espionage", difficulty=4, clock=5, crew=crew, seed=11, title="Embassy files"))
table
""")
md("""
## 8. Saving

A job saves as versioned JSON (never pickle): the setup and every event. Loading replays the events,
so the loaded job is exactly the saved one, record and all.
""")
code("""
# NBVAL_CHECK_OUTPUT
text = job.to_json()
again = Job.from_json(text)
print(again == job, again.outcome, len(again.rows), "rows")
""")
nb.cells = C
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbf.write(nb, "notebooks/01_regulus_jobs.ipynb")
