import nbformat as nbf
nb = nbf.v4.new_notebook()
C = []
def md(s): C.append(nbf.v4.new_markdown_cell(s.strip()))
def code(s): C.append(nbf.v4.new_code_cell(s.strip()))
md("""
# gm-kit: start here

**gm-kit** is a game master's toolbox for JupyterLab. It runs three tabletop rule sets as Python
objects you build in cells and play with widgets:

| System | What you do with it | Notebook |
|---|---|---|
| **Regulus jobs** | set up a crew's job, roll it out incident by incident, know the exact odds first | [01 Regulus jobs](01_regulus_jobs.ipynb) |
| **Complex Task boards** | deal boards of cards (standard, limit, contest, chase, preparation) and play checks onto them | [02 Complex tasks](02_complex_tasks.ipynb) |
| **Successors** | build entities and fleets, design ships | [03 Entities and fleets](03_successors_entities_and_fleets.ipynb) |
| | fight battles through all eight phases, simulate thousands of them | [04 Combat](04_successors_combat.ipynb) |
| | generate star systems and whole sectors, plan hyper-jump routes | [05 Star systems](05_star_systems.ipynb), [06 Sectors and routes](06_sectors_and_routes.ipynb) |
| **Your campaign** | keep a whole prep in one file, export handouts | [07 GM prep](07_gm_prep.ipynb) |

A few things hold everywhere in the kit:

* **Everything random takes a `seed`.** Same seed, same job, board, battle or star system, on any
  machine. Rolls are stored, so a saved game never re-rolls.
* **Every game is a log of events.** That is what gives you *undo*, the record sheets and timelines,
  and saving without losing anything. Saved files are plain, versioned JSON.
* **Exact odds where they can be computed**, and fast Monte Carlo where they cannot.
* **You can always type your own dice.** Each widget takes a roll you made at the table.
* **Rulings are options.** Where the rules leave a gap the kit follows a documented ruling, and each
  one that is a choice can be switched in an options object.

Run the cells below in order (Shift+Enter) for a two-minute tour.
""")
md("""
## Dice

The kit reads every dice notation in the rule texts and knows their exact distributions.
""")
code("""
# NBVAL_CHECK_OUTPUT
from kit import dice
d = dice.parse("2d6")
print("P(7) =", d.distribution()[7], "| mean of 3d6x100 =", dice.parse("3d6x100").mean(),
      "| a seeded roll:", d.roll(seed := 42))
""")
md("""
## A job, and its odds

A heist of Difficulty 4 with five rolls on the Clock and a crew of two: what are the chances?
""")
code("""
# NBVAL_CHECK_OUTPUT
from kit.regulus import Job, Operative, odds
crew = [Operative("Vex", "Face", ["forged invitation"]), Operative("Oro", "Hacker", ["cyberdeck"])]
job = Job("heist", difficulty=4, clock=5, crew=crew, seed=1, title="First job")
print(f"chance of success: {odds(job).success:.1%}")
""")
md("""
Now play it. Click **Roll 2d6** until the job ends, or type rolls from your own dice. Decision
prompts (who gets knocked out, whether to spend a token) appear in the widget.
""")
code("""
from kit.widgets import JobTable
JobTable(job)
""")
md("""
The widget is a view of the `job` object: whatever you clicked is now in Python.
""")
code("""
print(job.outcome, "after", job.turn, "rolls; progress", job.progress)
""")
md("""
## A board

Complex tasks are played on a row of cards. The bomb from the rules: four cards, the goal on the
third. Successes fill from the left, failures face down from the right; reach the goal before a
failure covers it. Type check results into the widget, or let the odds tell you how it tends to go.
""")
code("""
# NBVAL_CHECK_OUTPUT
from kit.boards import StandardBoard, odds as board_odds
from kit.widgets import BoardWidget
bomb = StandardBoard([6, 5, 7, 4], goal=3, title="Disarm the bomb")
print(f"chance to reach the goal with 2d6 checks: {float(board_odds(bomb, checks='2d6').success):.1%}")
""")
code("""
BoardWidget(bomb)
""")
md("""
## A star system

Successors star systems come from the generation tables, rolled from a seed. Every roll is recorded.
""")
code("""
# NBVAL_CHECK_OUTPUT
from kit.successors.stars import generate_system
system = generate_system(seed=2)
print(system.summary())
""")
code("""
from kit.widgets import StarSystemExplorer
StarSystemExplorer(system)
""")
md("""
## Where next

* New to Regulus? [01 Regulus jobs](01_regulus_jobs.ipynb) teaches the rules step by step.
* Running a tense scene? [02 Complex tasks](02_complex_tasks.ipynb) covers boards, contests and chases.
* Starting a Successors campaign? Begin with [03 Entities and fleets](03_successors_entities_and_fleets.ipynb).
* Prepping a session? [07 GM prep](07_gm_prep.ipynb) builds a whole evening into one campaign file,
  with handouts for you and for the players.

Every notebook runs top to bottom as it is, and the test suite runs them all to make sure of that.
""")
nb.cells = C
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbf.write(nb, "notebooks/00_start_here.ipynb")  # run from the repository root
