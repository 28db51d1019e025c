"""Build notebooks/02_complex_tasks.ipynb.

Run from the repository root: ``python notebooks/_build/build_02.py``. The script writes the
cells, executes the notebook once, keeps the stored output only of cells marked
``# NBVAL_CHECK_OUTPUT`` (seeded text that nbval compares) and clears every other output.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

OUT = Path(__file__).resolve().parents[1] / "02_complex_tasks.ipynb"
CHECK = "# NBVAL_CHECK_OUTPUT"

CELLS: list[tuple[str, str]] = [
    ("md", """\
# Complex Tasks: playing a task out on a board of cards

Some tasks are too big for one skill check: defusing a bomb, out-arguing a rival, running
across the rooftops with the watch on your heels. The Complex Tasks rules lay such a task out as
a **board**, a row of playing cards from the Dealer's *event deck*. Each check the players make
is compared with one card, and where the result lands on the row tells everyone how the task is
going.

`kit.boards` plays every kind of board from the text, and knows the odds:

| kind | what it models | class |
|---|---|---|
| standard | reach the goal card before failures cover it | `StandardBoard` |
| limit (n) | collect *n* successes, facing the cards in any order | `LimitBoard` |
| social contest | a tug of war; the goal slides toward whoever wins an exchange | `Contest` |
| chase | an escapee running right, a pursuer eating the row from the left | `Chase` |
| preparation | no goal; the successes measure how well a plan was laid | `PreparationBoard` |

The check numbers come from whatever game you run; you type them in. For odds and demos the kit
can stand in for the dice (`"2d6"` below). Every example is seeded, so you see exactly what the
text describes."""),
    ("code", """\
from kit.boards import (BoardRules, Card, Chase, CheckSource, Contest, EventDeck, LimitBoard,
                        PreparationBoard, StandardBoard, autoplay, deal_odds, exchange_odds,
                        next_check_odds, odds, simulate)
from kit.figures.boards import board_outcomes
from kit.widgets.boards import BoardWidget"""),
    ("md", """\
## 1. The event deck

The Dealer's event deck holds only the 4s to 8s of the four suits: twenty cards, so every
obstacle is somewhere between routine and hard. Cards are drawn without replacement; once the
deck is used up, the discards are shuffled back in. Each suit carries a theme you can use to
narrate what the card stands for; the themes are yours to rewrite."""),
    ("code", f"""\
{CHECK}
deck = EventDeck(seed=7)
print(len(deck), "cards in the deck")
row = deck.deal(5)
print("dealt:", " ".join(card.label for card in row))
for card in row[:2]:
    print(f"  {{card.label}}  {{deck.theme(card)}}")
print(len(deck), "cards left;", "drawn so far:", " ".join(c.label for c in deck.history))"""),
    ("md", """\
A GM with house rules can build any deck, for example all 52 cards, and give the suits other
themes. The deck is a log of draws and discards like everything in the kit: it undoes and saves."""),
    ("code", f"""\
{CHECK}
from kit.boards import full_deck
big = EventDeck(seed=1, cards=full_deck(), themes={{"hearts": "Love, loyalty and betrayal"}})
print(len(big), "cards;", big.draw().label, "drawn;", big.themes["hearts"])
deck.undo()          # take back the five-card deal
print(len(deck), "cards back in the deck")"""),
    ("md", """\
## 2. The standard board and the bomb

A standard board has a **goal** card somewhere along the row. The first check faces the first
card, the second check the second card, and so on. A success goes on the leftmost open slot, a
failure goes face down on the rightmost open slot. If a success lands on the goal, the task is
done. If a failure covers the goal, the goal is lost, but play continues until every slot is
full: how many successes the players still scrape together shapes what the Dealer narrates.

A check succeeds when it reaches the card's value, plus any modifier the Dealer put on that slot,
plus **+2 for every earlier use of the same specific skill on this board** (a general skill used
on its own counts the same way). The kit reads skill names as `"General: Specific"`.

The text's example: a four-card board with the goal on the third card, so the team needs three
successes before two failures."""),
    ("code", f"""\
{CHECK}
bomb = StandardBoard([Card(6, "clubs"), Card(7, "spades"), Card(8, "hearts"), Card(4, "diamonds")],
                     goal=3, title="Disarm the bomb")
plays = [("Emily", 6, "Investigation: Mechanical Workings"), ("Emily", 5, "Tinker: Disable Device"),
         ("Jake", 8, "Persuasion: Calm"), ("Chelsea", 3, "Tinker: Repair")]
for who, value, skill in plays:
    r = bomb.check(value, skill)
    outcome = "success" if r.success else "failure"
    print(f"{{who:<8}} {{skill:<35}} {{value}} vs {{r.card.label}} (target {{r.target}}): {{outcome}}, "
          f"card on slot {{r.placed}}")
print(bomb.result, "| goal lost:", bomb.goal_lost)"""),
    ("md", """\
The second failure landed on slot 3, the goal, and the bomb went off. The widget below shows the
same board as cards: successes face up on the left, failures face down on the right, the goal
marked. Type a result, pick a skill (the chip shows the penalty it would carry), press **Check**
or **Undo** to try Chelsea's roll again."""),
    ("code", """\
BoardWidget(bomb)"""),
    ("md", """\
## 3. Odds before anyone rolls

`odds` computes exactly how a board ends, given how the checks are distributed and which skills
the players plan to use. With plain 2d6 checks and no repeated skill, the bomb board was not
hopeless; leaning on one specific skill for every check costs a lot, because each reuse adds 2."""),
    ("code", f"""\
{CHECK}
fresh = StandardBoard(bomb.cards, goal=3)
varied = odds(fresh, "2d6")
stubborn = odds(fresh, "2d6", skills=["Tinker: Repair"] * 4)
print(f"varied skills:       goal reached {{float(varied.success):.1%}}")
print(f"one skill each time: goal reached {{float(stubborn.success):.1%}}")
print("successes at the end:", {{k: f"{{float(p):.1%}}" for k, p in varied.successes.items()}})
print("before the deal (any 4 cards of the deck):", f"{{float(deal_odds(fresh, '2d6').success):.1%}}")"""),
    ("md", """\
The same numbers as a figure: how the board ends, and the spread of successes the Dealer will
narrate from."""),
    ("code", """\
board_outcomes(fresh, checks="2d6", title="Disarm the bomb: 2d6, varied skills")"""),
    ("md", """\
`next_check_odds` answers the question at the table: how likely is the next check to succeed,
with the skill the player wants to use?"""),
    ("code", f"""\
{CHECK}
half = StandardBoard(bomb.cards, goal=3)
half.check(6, "Tinker: Repair")
for skill in (None, "Tinker: Repair", "Tinker: Disable Device"):
    (slot, p), = next_check_odds(half, "2d6", skill).items()
    print(f"slot {{slot}} with {{skill or 'no skill'}}: {{float(p):.1%}} (penalty {{half.penalty_for(skill)}})")"""),
    ("md", """\
## 4. Limit boards: any order, some cards face down

A *limit board (n)* ends as soon as the players have *n* successes, and they pick which card to
face each time. Some cards can lie face down: their difficulty shows only once a check is
committed against them. The board fails as soon as too few cards remain to reach *n*.
The odds of a face-down card average over every card it could be."""),
    ("code", f"""\
{CHECK}
vault = LimitBoard([Card(6, "spades"), Card(8, "hearts"), Card(5, "diamonds"), Card(7, "clubs"),
                    Card(4, "hearts")], need=3, hidden=[2, 4], modifiers={{5: 2}}, title="Crack the vault")
for slot, p in next_check_odds(vault, "2d6").items():
    shown = "face down" if vault.is_face_down(slot) else vault.cards[slot - 1].label
    print(f"slot {{slot}} ({{shown}}): {{float(p):.1%}}")
print(f"limit met: {{float(odds(vault, '2d6').success):.1%}}")
r = vault.check(9, slot=2, skill="Tinker: Locks")
print(f"committed to slot 2: it was {{r.card.label}}, the check of 9 {{'succeeds' if r.success else 'fails'}}")"""),
    ("code", """\
BoardWidget(vault)"""),
    ("md", """\
## 5. A social contest

A contest is a tug of war on an odd row with the goal in the middle. Each exchange both sides
check against the card under the goal. If exactly one side succeeds, the goal slides one card
toward that side and the card farthest out on the *other* side leaves the board: the loser of
the exchange is worn down. When the goal slides off an end, that side has won. Ties (both succeed
or both fail) move nothing.

Here the players argue at the guild hall (their checks 2d6, the opponent's 1d6+3), dealt and
rolled from seeds."""),
    ("code", f"""\
{CHECK}
debate = Contest(EventDeck(seed=21).deal(5), title="Debate at the guild hall")
print("row:", " ".join(c.label for c in debate.cards), "| goal on slot", debate.goal)
exact = odds(debate, "2d6", opponent_checks="1d6+3")
print(f"players win {{exact.success:.1%}}, mean length {{exact.mean_length:.1f}} exchanges")
players, rival = CheckSource("2d6", seed=1), CheckSource("1d6+3", seed=101)
while not debate.finished:
    move = debate.exchange(players.roll(), rival.roll(), "Persuasion: Argue" if debate.exchanges % 2 else None)
    mine, theirs = debate.history[-2:]
    print(f"  {{mine.value:>2}} vs {{theirs.value:>2}} on {{mine.card.label}}: "
          f"{{['toward the opponent', 'no move', 'toward the players'][move + 1]}}; "
          f"{{'the goal leaves the board' if debate.finished else f'goal on slot {{debate.goal}}'}}")
print(debate.result)"""),
    ("code", """\
BoardWidget(debate)"""),
    ("md", """\
## 6. A chase

A chase needs at least five cards. The goal card is the escapee, starting on the first slot (or
the second with a big head start). Each round the escapee acts first: a success moves the goal one
card right. Then the pursuer acts: a success removes the leftmost card. Off the right end, the
escapee got away; if the card under the goal is removed, they are caught.

The players play one side; the NPC plays the other and, by default, always succeeds. Here the
NPC pursuer succeeds 60% of the time (`BoardRules(npc_chance=0.6)`), and its rolls come from the
chase's seed and are written in the log."""),
    ("code", f"""\
{CHECK}
chase = Chase(EventDeck(seed=1).deal(6), head_start=True, rules=BoardRules(npc_chance=0.6), seed=1,
              title="Rooftop chase")
moves = ["Athletics: Run", "Acrobatics: Leap", "Stealth: Hide", "Athletics: Climb", "Acrobatics: Swing",
         "Streetwise: Shortcut"]
print("row:", " ".join(c.label for c in chase.cards))
result = odds(chase, "2d6", skills=moves)
print(f"escape chance {{result.outcomes['escaped']:.1%}}, mean {{result.mean_length:.1f}} rounds")
runner = CheckSource("2d6", seed=8)
while not chase.finished:
    skill = moves[chase.rounds % len(moves)]
    r = chase.check(runner.roll(), skill)
    where = "off the row!" if chase.escaped else f"on slot {{chase.goal}}"
    print(f"  round {{chase.rounds}}: {{skill:<20}} {{r.value:>2}} vs {{r.target}}; escapee {{where}}, "
          f"cards removed {{chase.removed}}")
print(chase.result)"""),
    ("code", """\
BoardWidget(chase)"""),
    ("md", """\
Note what the default NPC means for pursuing players: an NPC escapee that never fails can never
be caught, because it always stays one card ahead. Give a quarry a chance below 1, or let it roll
its own checks (`npc_checks="2d6"`)."""),
    ("code", f"""\
{CHECK}
hunt = Chase([6, 7, 5, 8, 6], role="pursuer", npc_checks="2d6", seed=2)
print(f"catch the thief: {{odds(hunt, '2d6').outcomes['caught']:.1%}}")
print(f"always-lucky thief: {{odds(Chase([6, 7, 5, 8, 6], role='pursuer'), '2d6').outcomes['caught']:.1%}}")"""),
    ("md", """\
## 7. Preparation

A preparation board has three to eight cards and no goal. The players describe what they do and
check once per card; the number of successes is how strong the preparation turned out, and each
card shows which part of the plan came together."""),
    ("code", f"""\
{CHECK}
ambush = PreparationBoard(EventDeck(seed=9).deal(4), title="Ambush on the caravan road")
autoplay(ambush, CheckSource("2d6", seed=30), ["Stealth: Hide", "Tactics", "Survival: Track", "Tactics"])
for r in ambush.history:
    print(f"  {{r.card.label}}  {{r.skill:<16}} {{r.value:>2}} vs {{r.target:>2}}  {{'ready' if r.success else 'botched'}}")
print(ambush.result)
print("strength odds:", {{k: f"{{float(p):.0%}}" for k, p in odds(PreparationBoard(ambush.cards), "2d6").successes.items()}})"""),
    ("md", """\
## 8. Exact odds and a Monte Carlo agree

`simulate` plays many copies of a board with the same engine the widget uses and rolls from a
seed. Its estimates land within a few standard errors of the exact numbers (a test checks four)."""),
    ("code", f"""\
{CHECK}
for board, opts in [(fresh, {{}}), (Contest(debate.cards), {{"opponent_checks": "1d6+3"}}),
                    (Chase(chase.cards, head_start=True, rules=BoardRules(npc_chance=0.6)), {{}})]:
    e = odds(board, "2d6", **opts)
    s = simulate(board, "2d6", n=2000, seed=1, **opts)
    print(f"{{board.KIND:<9}} exact {{float(e.success):.3f}}  simulated {{s.success:.3f}} "
          f"(+/- {{s.stderr(e.success):.3f}})")"""),
    ("md", """\
## 9. Undo, save and load, house rules

Every board is a setup plus a log of checks. Undo drops the last check; `to_json` writes the
board as versioned JSON that `from_json` (or `kit.boards.load`) reads back exactly. Every choice
the text leaves open is a field of `BoardRules`, for tables that play differently."""),
    ("code", f"""\
{CHECK}
from kit.boards import load
saved = bomb.to_json()
bomb.undo()
print("after undo:", bomb.result)
print("loaded:", load(saved).result, "| identical:", load(saved) == StandardBoard.from_json(saved))
gentle = BoardRules(skill_penalty=1, track_general_skill=False)
print(BoardRules())
print(f"same bomb, +1 per repeat: {{float(odds(StandardBoard(bomb.cards, goal=3, rules=gentle), '2d6', ['Tinker: Repair'] * 4).success):.1%}}")"""),
    ("md", """\
Impossible boards and actions are refused with a message that says what is allowed, and the
board is left as it was:"""),
    ("code", f"""\
{CHECK}
for attempt in (lambda: StandardBoard([5, 6, 7, 8], goal=5), lambda: Contest([5, 6, 7, 8]),
                lambda: vault.check(7, slot=2), lambda: load(saved).check(9)):
    try:
        attempt()
    except ValueError as exc:
        print(type(exc).__name__ + ":", exc)"""),
]


def build() -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    for kind, src in CELLS:
        cell = nbformat.v4.new_markdown_cell(src) if kind == "md" else nbformat.v4.new_code_cell(src)
        nb.cells.append(cell)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


def main() -> None:
    nb = build()
    NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(OUT.parent)}}).execute()
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"c{i:02d}"
        if cell.cell_type != "code":
            continue
        cell.metadata = {}
        if cell.source.startswith(CHECK):
            text = "".join(o.get("text", "") for o in cell.outputs
                           if o.get("output_type") == "stream" and o.get("name") == "stdout")
            cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=text)]
        else:
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, OUT)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
