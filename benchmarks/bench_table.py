"""What a GM waits for at the table (issue #35): one figure per row, CPU seconds.

    python benchmarks/bench_table.py [--repeat 3] [--rows luck,takeover,...]

Each row is timed with ``time.process_time`` (the machine may be shared: CPU time, not wall),
the median of ``--repeat`` runs, through the public API, and its answers checked against an
independent reference where there is one:

* ``luck``: ``kit.luck(battle)`` after a played battle (the text's first example, and two
  generated battles of 12-19 ships a side). Goal: under 1 s, with the outcome percentile's
  and the win chance's standard error at most 2 points. Checked: the win chance against a
  plain ``simulate`` of the setup (20,000 battles) within 4.5 standard errors, and every
  attack phase's chance after it against engine battles continued from that point
  (``--reference`` of them).
* ``takeover``: ``kit.advice`` at a Take-Over target decision against generated fleets of
  30-40 ships of 16-20 types. Goal: under 1 s. Reference: the same advice played on the
  engine (``method="engine"``, ``--reference`` trials per answer); every answer's chance
  compared within 4.5 standard errors of the difference plus one reference trial's share.
* ``tuner``: ``tune_garrison`` over 16 sizes x 2,000 battles against a generated garrison
  (an entity's ships and Static Defenses beside the counted Frigates). Goal: under 1 s.
  Reference: each size simulated on its own; every chance compared within 4.5 SE.
* ``advised``: ``AdvisedCombatPolicy`` playing generated battles of 12-19 ships a side (its
  allocations advised, ``n=50``). Goal: under 0.5 s.
* ``import``: importing the engines as a multiple of importing numpy (fresh interpreters,
  see ``bench_combat.py``). Goal: at most 1.5.
* ``screen``: the player screen drawn after a reveal, the players knowing 1,100 systems of a
  generated sector. Goal: under 1 s.

Measured on the project's 2-core machine while shared (load average 7 to 11, so CPU times
swing by a third between runs), before (main at 2e82012) and after this branch:

=================================================  ===========  ===========
row                                                before       after
=================================================  ===========  ===========
luck, example one / generated seed 3 / seed 8      6.8/9.7/6.4  0.13/0.51/0.16 s (SE 0.020)
advice, TanRac v 30/16, 31/18, 40/20 (target)      0.95/1.09/0.65  0.74/1.07/0.64 s
advice, allocate / the duel's target               0.1-0.3      0.1-0.4 s
tune_garrison, generated garrison                  1.10-1.21    1.1-1.4 s (load)
AdvisedCombatPolicy, generated seed 3 / seed 8     0.60-0.98/0.21-0.41  0.73-1.04/0.21-0.34 s
import, engines / numpy                            1.71         1.03-1.08
player screen after a reveal                       0.54         0.54-0.62 s
=================================================  ===========  ===========

Re-measured for the ``speed`` branch on the same machine with the load average at 1.4 to 2.6
(``--rows takeover,tuner,advised --repeat 3``, median CPU), before (the branch's start,
dfc8f2a) and after (one cumulative sum per block of rows when a batch is small, bit-identical
battles). The takeover and tuner rows meet their goal on a less loaded machine with no
change: the table above was taken at load 7 to 11. Interleaved runs of the two versions
swing by a fifth under this load, so only the AdvisedCombatPolicy gain (about 8 %, quiet
runs) is the change's own:

=================================================  ===========  ===========
row                                                before       after
=================================================  ===========  ===========
advice, TanRac v 30/16, 31/18, 40/20 (target)      0.57/0.66/0.39  0.57-0.69/0.72-0.80/0.51-0.59 s
advice, allocate (30/16, 31/18, 40/20)             0.19/0.18/0.07  0.16-0.19/0.15-0.16/0.07-0.11 s
tune_garrison, generated garrison                  0.83-0.92    0.87-0.90 s
AdvisedCombatPolicy, generated seed 3 / seed 8     0.52-0.55/0.15-0.16  0.48-0.56/0.14-0.16 s
=================================================  ===========  ===========

The AdvisedCombatPolicy row (seed 3) stayed at the goal's edge: its time was numpy's per-call
overhead on 150-battle batches (about 100 phases per decision, 11 decisions), not array work,
and half of it went to the tail of long battles (10% of them last past 15 rounds): a phase
on 1-8 battles costs what it costs on 150.

Re-measured for the ``perf`` branch (quiet machine, load 1.0-1.9, ``--repeat 3``, median
CPU), before (main at e1364d7) and after. The changes: two small batches (with and without
owners) play as one below 64 battles together (seed 3's phase steps on batches of 8 battles
or fewer: 803 -> 515), whole-array tests call ``np.count_nonzero`` instead of
``ndarray.any()`` (35,000 calls a battle, each paying numpy's Python dispatch), a batch of at
most 1,024 battles rolls all five ranks in one binomial call (the same random stream: the
generator skips counts of 0 and walks rows in order), the policy is asked row by row for 8
battles or fewer and, for rows of a few small numbers, grouped by a mixed-radix code instead
of a sort. An interleaved A/B of the two versions under load 4 gave 0.49-0.53 -> 0.37-0.42 s
for seed 3 and, quiet, 0.88-0.89 -> 0.84-0.87 s for the tuner. This VM's speed drifts by a
fifth between hours (the tuner read 0.88-1.02 s on unchanged code one hour, 0.82-0.94 the
next); the ranges below are from the quiet hour, the last line from the whole table's run:

=================================================  ===========  ===========
row                                                before       after
=================================================  ===========  ===========
luck, example one / generated seed 3 / seed 8      0.13/0.51/0.16  0.10/0.22/0.09 s (SE 0.020)
advice, TanRac v 30/16, 31/18, 40/20 (target)      0.57-0.80    0.50-0.60/0.65-0.74/0.40-0.62 s
advice, allocate (30/16, 31/18, 40/20)             0.15-0.19    0.15-0.19/0.16-0.22/0.07-0.08 s
tune_garrison, generated garrison                  0.87-0.90    0.82-0.94 s
AdvisedCombatPolicy, generated seed 3 / seed 8     0.48-0.56/0.14-0.16  0.36-0.47/0.13 s
import, engines / numpy                            1.03-1.08    1.13-1.15
player screen after a reveal                       0.54-0.62    0.49-0.51 s
=================================================  ===========  ===========
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).parent))

import numpy as np

import kit
from kit.successors.combat import (
    AutoPolicy,
    Battle,
    DecisionNeeded,
    InteractivePolicy,
    Side,
    simulate,
)
from kit.successors.combat.advice import AdvisedCombatPolicy
from kit.successors.combat.advice import advice as advise_battle
from kit.successors.combat.tuning import garrison_battle, tune_garrison
from kit.successors.examples import example_one, example_two, releata, takeover_duel

#: Catalog types the generated fleets draw from: warships, pods, decoys, carriers, cargo,
#: first-strike, jump and support ships (no static defenses, no long-range guns).
TYPES = (
    "Gunboat", "Frigate", "Destroyer", "Cruiser", "Battleship", "Battlecruiser", "Drone",
    "Battle Pod", "Salvo Pod", "Mocker", "Shouter", "Tug", "Lt Carrier", "Loader", "Transport",
    "Freighter", "Darter", "Striker", "Scout", "Explorer", "Jammer", "Servo", "Repair", "Comp",
    "Relay", "Seeker",
)  # fmt: skip


def catalog_types() -> list[str]:
    return list(TYPES)


def cpu(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Median CPU seconds of ``repeat`` runs, and the last run's answer."""
    times, out = [], None
    for _ in range(repeat):
        t = time.process_time()
        out = fn()
        times.append(time.process_time() - t)
    return statistics.median(times), out


def close(p: float, n: int, q: float, m: int) -> bool:
    pooled = (p * n + q * m) / (n + m)
    se = np.sqrt(max(pooled * (1 - pooled), 1e-9) * (1 / n + 1 / m))
    return bool(abs(p - q) <= 4.5 * se + 1 / m)


def fleet(rng: np.random.Generator, ships: int, types: int) -> dict[str, int]:
    names = list(rng.choice(catalog_types(), size=types, replace=False))
    counts = dict.fromkeys(names, 1)
    for name in rng.choice(names, size=ships - types):
        counts[str(name)] += 1
    return counts


def generated_battle(seed: int) -> Battle:
    """Two fleets of 12-19 ships of 5-8 types a side, each led by an entity of ranks 2 to 4
    with its Control rank of ships under Control."""
    from kit.successors.entities import Entity

    rng = np.random.default_rng(seed)
    sides = []
    for name in ("Blue", "Red"):
        ranks = {a: int(rng.integers(2, 5)) for a in ("battle", "control", "handling")}
        leader = Entity(name, information=2, sensors=2, **ranks)
        ships = fleet(rng, int(rng.integers(12, 20)), int(rng.integers(5, 9)))
        control = tuple(range(1, ranks["control"] + 1))
        sides.append(Side(name, leader, ships=ships, controlled=control))
    return Battle(sides, seed=seed)


def note(goal: bool) -> str:
    return "met" if goal else "NOT met"


# ------------------------------------------------------------------ rows
def luck_row(repeat: int, reference: int) -> None:
    from kit.successors.combat.luck import _continue_chance

    print(f"{'kit.luck after a played battle':<44}{'CPU':>7} {'SE':>6}  answers")
    for label, make in (
        ("the text's first example", example_one),
        ("generated battle (seed 3)", lambda: generated_battle(3)),
        ("generated battle (seed 8)", lambda: generated_battle(8)),
    ):
        battle = make().run()
        kit.luck(battle, seed=99)  # warm up (tables)
        t, report = cpu(lambda b=battle: kit.luck(b, seed=0), repeat)
        se_win = float(np.sqrt(max(report.chance * (1 - report.chance), 1e-12) / report.n))
        se = max(report.stderr, se_win)
        fresh = Battle(battle.sides, rules=battle.rules, jammer=battle.jammer)
        ref = simulate(fresh, 20000, seed=5, progress=False).probability(0, "won")
        same = close(report.chance, report.n, ref, 20000)
        events = battle.events
        cuts = [i for i, e in enumerate(events) if e.kind == "phase"] + [len(events)]
        rolled = [
            b
            for a, b in itertools.pairwise(cuts)
            if any(e.kind == "attack" and e.get("dice") for e in events[a:b])
        ]
        seeds = [int(s) for s in np.random.default_rng(1).integers(0, 2**62, reference)]
        n_phase = int(report.details["n_phase"])
        for step, b in list(zip(report.steps, rolled))[:4]:
            eng = _continue_chance(battle, events[:b], 0, seeds, None)
            same = same and close(step.chance_after, n_phase, eng, reference)
        print(
            f"  {label:<42}{t:>6.2f}s {se:>6.3f}  {'same' if same else 'DIFFERENT'} (n={report.n},"
            f" {len(report.steps)} steps; goal < 1 s, SE <= 0.02: {note(t < 1 and se <= 0.02)})"
        )


def stopped(battle: Battle, kind: str) -> Battle:
    ask = InteractivePolicy(ask=(kind,))
    while True:
        try:
            battle.step_phase(ask)
        except DecisionNeeded:  # noqa: PERF203 - the loop stops at the decision
            return battle


def tanrac_against(seed: int, ships: int, types: int) -> Battle:
    """TanRac's fleet (example two, a lock on the enemy) against a generated garrison."""
    rng = np.random.default_rng(seed)
    them = Side("Garrison", ships=fleet(rng, ships, types))
    return Battle([example_two().sides[0], them], seed=seed)


def takeover_row(repeat: int, reference: int) -> None:
    print(f"{'battle advice, generated fleets':<44}{'CPU':>7} {'answers':>8}  reference")
    cases: list[tuple[str, Callable[[], Battle], str]] = []
    for s, k, seed in ((30, 16, 1), (31, 18, 2), (40, 20, 3)):
        names = tuple(
            n for n, c in fleet(np.random.default_rng(seed), s, k).items() for _ in range(c)
        )
        cases += [
            (
                f"TanRac v {s} ships/{k} types, target",
                lambda seed=seed, s=s, k=k: tanrac_against(seed, s, k),
                "takeover",
            ),
            (
                f"TanRac v {s} ships/{k} types, allocate",
                lambda seed=seed, s=s, k=k: tanrac_against(seed, s, k),
                "allocate",
            ),
            (
                f"duel v {s} ships/{k} types, target",
                lambda names=names: takeover_duel(ships=names),
                "takeover",
            ),
        ]
    for label, make, kind in cases:
        battle = stopped(make(), kind)
        kit.advice(battle, n=50, seed=9)  # warm up (tables)
        t, adv = cpu(lambda b=battle: kit.advice(b, seed=0), repeat)
        t_ref, ref = cpu(
            lambda b=battle: advise_battle(b, n=reference, seed=1, method="engine", precision=None),
            1,
        )
        same = all(close(p, adv.n, ref.options[k], reference) for k, p in adv.options.items())
        print(
            f"  {label:<42}{t:>6.2f}s {len(adv.options):>8}  "
            f"engine {t_ref * adv.n / reference:.1f}s for the same trials, "
            f"{'same' if same else 'DIFFERENT'} (n={adv.n}; goal < 1 s: {note(t < 1)})"
        )


def tuner_row(repeat: int) -> None:
    from kit.successors.entities import Entity

    rel = Side("Releata", releata(), ships={"Battleship": 2, "Drone": 8}, controlled=(1, 2, 3))
    keeper = Entity("Keeper", battle=3, control=2, handling=2, information=1, sensors=2)
    base = Side("Garrison", keeper, ships={"Cruiser": 2, "Servo": 3, "Drone": 4})
    counts = range(5, 21)
    tune_garrison(rel, "Frigate", 0.5, n=200, counts=counts, garrison=base, seed=9)  # warm up
    t, tuned = cpu(
        lambda: tune_garrison(rel, "Frigate", 0.5, n=2000, counts=counts, garrison=base, seed=1),
        repeat,
    )
    ref = {
        c: simulate(
            garrison_battle(rel, "Frigate", c, garrison=base), 2000, seed=2, progress=False
        ).probability(0, "won")
        for c in counts
    }
    same = all(close(tuned.chances[c], 2000, ref[c], 2000) for c in counts)
    print(
        f"{'tune_garrison, generated garrison, 16x2,000':<44}{t:>6.2f}s  method {tuned.method}, "
        f"chances {'same' if same else 'DIFFERENT'} as one size at a time within 4.5 SE "
        f"(goal < 1 s: {note(t < 1)})"
    )


def advised_row(repeat: int) -> None:
    for seed in (3, 8):

        def play(s: int = seed) -> Battle:
            battle = generated_battle(s)
            battle.run(policy=AdvisedCombatPolicy(battle, n=50))
            return battle

        t, battle = cpu(play, repeat)
        sizes = [len(s.ships) for s in battle.sides]
        print(
            f"{f'AdvisedCombatPolicy, generated (seed {seed})':<44}{t:>6.2f}s  ships {sizes}, "
            f"{battle.result['rounds']} rounds (goal < 0.5 s: {note(t < 0.5)})"
        )


def import_row(runs: int) -> None:
    from bench_combat import import_row as timed_import

    ratio = timed_import(runs)
    print(f"  (goal <= 1.5: {note(ratio <= 1.5)})")


def screen_row(repeat: int) -> None:
    from kit import Campaign
    from kit.screen import PlayerScreen
    from kit.successors.sector.generate import generate_sector

    camp = Campaign("Wide")
    sector = generate_sector(1100, seed=4, name="Wide")
    camp.add(sector)
    names = list(sector.names)
    for name in names[:-5]:
        camp.knowledge.reveal(name)
    screen = PlayerScreen(camp)
    screen.content()  # warm up (imports, the first drawing)
    left = iter(names[-5:])

    def after_reveal() -> Any:
        camp.knowledge.reveal(next(left))
        return screen.content()

    t, shown = cpu(after_reveal, min(repeat, 5))
    print(
        f"{'player screen after a reveal, 1,100 known':<44}{t:>6.2f}s  "
        f"{len(shown['sections'])} sections (goal < 1 s: {note(t < 1)})"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--repeat", type=int, default=3, help="runs per row (the median is shown)")
    p.add_argument("--reference", type=int, default=100, help="engine trials per answer")
    p.add_argument("--imports", type=int, default=11, help="fresh interpreters per import")
    p.add_argument("--rows", default="luck,takeover,tuner,advised,import,screen")
    args = p.parse_args()
    rows = args.rows.split(",")
    _ = AutoPolicy  # the automatic policy is every row's default
    if "luck" in rows:
        luck_row(args.repeat, args.reference)
    if "takeover" in rows:
        takeover_row(args.repeat, args.reference)
    if "tuner" in rows:
        tuner_row(args.repeat)
    if "advised" in rows:
        advised_row(args.repeat)
    if "import" in rows:
        import_row(args.imports)
    if "screen" in rows:
        screen_row(args.repeat)


if __name__ == "__main__":
    main()
