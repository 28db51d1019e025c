"""Were they lucky in the battle? A played battle against a Monte Carlo of the same fight.

A battle has no exact odds in the kit, so :func:`luck` measures it three ways, from the
point of view of one side (``side=``, the players'):

* the **outcome percentile**: where the battle's ending sits among ``n`` simulated battles of
  the same setup (:func:`~kit.successors.combat.simulate`, seeded, automatic policies).
  Endings rank lost < retreated < draw < won, and within one of those by fewer RU lost; the
  percentile is the mid-rank one, with its standard error ``sqrt(p(1 - p) / n)``;
* each **attack roll's percentile**: its hits among the exact distribution of hits of its
  dice. A die of rank ``r`` hits on a face from 1 to ``r`` and never on a 6, so with one kind
  of die the hits are binomial with ``min(r, 5) / 6`` per die;
* each attack phase's **percentile** from the side's point of view: the average, over the
  phase's attack rolls, of the side's own rolls' percentiles and one minus its enemies' (an
  enemy's poor roll is the side's good luck);
* the **turning points**: the attack phases that moved the side's chance of winning most. The
  chance before and after each attack phase is a small Monte Carlo (``n_phase`` battles
  continued from that point with automatic policies, the same seeds at every point so that
  the differences are less noisy); it is cheap, so read a swing smaller than about two
  standard errors as noise.

Progress in the steps is the side's running total of hits, against the hits its dice would
score on average.

>>> from kit.successors.combat import Battle, Side
>>> b = Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 3})], seed=4).run()
>>> report = luck(b, n=200, n_phase=10, seed=1)
>>> report.outcome, report.n
('lost', 200)
>>> first, second = report.attacks[0], report.attacks[1]
>>> round(first.percentile, 3), round(second.percentile, 3)
(0.778, 0.852)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ... import validate
from ...advising import Luck, LuckStep, mid_rank
from ...errors import IllegalAction, InvalidType
from ...log import EventLog
from ...rng import SeedLike, make_rng
from ..ranks import success_distribution
from .battle import Battle, describe_event
from .policies import AutoPolicy
from .simulate import OUTCOMES, simulate

__all__ = ["AttackLuck", "hits_percentile", "luck"]

#: How a side's endings rank, worst first.
RANK = {"lost": 0, "retreated": 1, "draw": 2, "won": 3}


def hits_percentile(dice: list[int] | tuple[int, ...], hits: int) -> float:
    """Mid-rank percentile of ``hits`` among the exact hits of ``dice`` (their ranks).

    >>> hits_percentile([3, 3], 1)  # each die hits half the time: P(0) = 1/4, P(1) = 1/2
    0.5
    """
    dist = success_distribution(dice)
    below = sum((p for k, p in dist.items() if k < hits), Fraction(0))
    return mid_rank(float(below), float(dist.get(hits, Fraction(0))))


@dataclass(frozen=True)
class AttackLuck:
    """One attack roll of the battle and where its hits fell."""

    round: int
    """The round it was rolled in."""
    phase: str
    """The attack phase ("first strike", "main", "last")."""
    side: str
    """The attacking side's name."""
    dice: tuple[int, ...]
    """The rank each die rolled against."""
    hits: int
    """Hits scored."""
    expected: float
    """Hits the dice score on average."""
    percentile: float
    """Mid-rank percentile of ``hits`` in the exact distribution of the dice's hits."""
    text: str
    """The battle log's line for it."""


def _rank_key(outcome: str, ru_lost: float) -> tuple[int, float]:
    return RANK[outcome], -float(ru_lost)


def _continue_chance(
    battle: Battle, prefix: list[Any], side: int, seeds: list[int], max_rounds: int | None
) -> float:
    """Share of battles continued from ``prefix`` (automatic policies) that ``side`` wins."""
    wins = 0
    for s in seeds:
        b = Battle(
            battle.sides,
            rules=battle.rules,
            seed=s,
            jammer=battle.jammer,
            orbit=battle.orbit,
            log=EventLog(prefix),
        )
        if not b.over:
            b.run(max_rounds, AutoPolicy())
        res = b.result
        wins += bool(res and res["winner_index"] == side)
    return wins / len(seeds)


def luck(
    battle: Battle,
    side: int | str = 0,
    *,
    n: int = 500,
    n_phase: int = 20,
    seed: SeedLike = None,
    max_rounds: int | None = None,
) -> Luck:
    """Where ``battle``'s ending and each attack roll fell, for ``side`` (see the module).

    Args:
        battle: a played :class:`~kit.successors.combat.Battle` (finished or not).
        side: the side whose luck to judge, by index or name.
        n: simulated battles for the outcome percentile.
        n_phase: continued battles for each chance before and after an attack phase
            (0: skip them; the steps then carry the start chance throughout).
        seed: seeds both Monte Carlos (recorded in the report's ``method``).
        max_rounds: rounds before a draw (default the rules').

    Raises:
        InvalidType: ``battle`` is not a Battle.
        InvalidInput: ``side`` names no side, or ``n`` is out of range.
        IllegalAction: no attack has been rolled yet.
    """
    if not isinstance(battle, Battle):
        raise InvalidType(f"luck() needs a Battle, got {type(battle).__name__}")
    names = [s.name for s in battle.sides]
    if isinstance(side, str):
        side = names.index(validate.choice("side", side, names))
    me = validate.integer("side", side, 0, len(names) - 1)
    n = validate.integer("n", n, 10, 1_000_000)
    n_phase = validate.integer("n_phase", n_phase, 0, 10_000)
    events = battle.events
    if not any(e.kind == "attack" for e in events):
        raise IllegalAction("the battle has no attack rolls yet, so there is no luck to judge")
    rng, recorded = make_rng(seed)
    sim = simulate(battle, n, seed=int(rng.integers(0, 2**62)), max_rounds=max_rounds)
    chance = sim.probability(me, "won")
    seeds = [int(x) for x in rng.integers(0, 2**62, size=n_phase)]

    attacks: list[AttackLuck] = []
    steps: list[LuckStep] = []
    cuts = [i for i, e in enumerate(events) if e.kind == "phase"] + [len(events)]
    rnd, hits_so_far, expected_so_far = 0, 0, 0.0
    before = chance
    for a, b in itertools.pairwise(cuts):
        head = events[a]
        rnd = int(head.get("round", rnd))
        rolled = [
            e
            for e in events[a:b]
            if e.kind == "attack" and e.get("dice") and "stellar cannon" not in e.get("units", ())
        ]
        if not rolled:
            continue
        mine_dice: list[int] = []
        mine_hits = 0
        favour: list[float] = []
        for e in rolled:
            dice = tuple(int(d) for d in e["dice"])
            exp = float(sum(min(d, 5) for d in dice)) / 6
            attacks.append(
                AttackLuck(
                    rnd,
                    str(e["phase"]),
                    names[e["side"]],
                    dice,
                    int(e["hits"]),
                    exp,
                    hits_percentile(dice, int(e["hits"])),
                    describe_event(battle, e),
                )
            )
            p = attacks[-1].percentile
            favour.append(p if e["side"] == me else 1 - p)
            if e["side"] == me:
                mine_dice += dice
                mine_hits += int(e["hits"])
        hits_so_far += mine_hits
        expected_so_far += float(sum(min(d, 5) for d in mine_dice)) / 6
        after = _continue_chance(battle, events[:b], me, seeds, max_rounds) if seeds else before
        steps.append(
            LuckStep(
                index=len(steps) + 1,
                phase=f"R{rnd} {head.get('phase', '')}",
                total=mine_hits,
                incident="; ".join(a.text for a in attacks[-len(rolled) :]),
                percentile=sum(favour) / len(favour),
                chance_before=before,
                chance_after=after,
                progress=hits_so_far,
                expected_progress=expected_so_far,
            )
        )
        before = after

    res = battle.result
    outcome: str | None = None
    percentile: float | None = None
    stderr = 0.0
    ending = "still fighting"
    if res is not None:
        row = res["sides"][me]
        outcome = row["outcome"]
        key = _rank_key(row["outcome"], row["ru_lost"])
        keys = [
            _rank_key(OUTCOMES[int(o)], float(lost))
            for o, lost in zip(sim.outcome[:, me], sim.ru_lost[:, me])
        ]
        worse = sum(1 for k in keys if k < key) / sim.n
        same = sum(1 for k in keys if k == key) / sim.n
        percentile = mid_rank(worse, same)
        stderr = float(np.sqrt(max(percentile * (1 - percentile), 1e-12) / sim.n))
        ending = f"{outcome} after {res['rounds']} round(s), {row['ru_lost']:g} RU lost"
    se_win = float(np.sqrt(max(chance * (1 - chance), 1e-12) / sim.n))
    method = (
        f"Monte Carlo ({sim.engine}), n={sim.n}, seed {recorded}: win chance standard error "
        f"{se_win:.3f}, outcome percentile standard error {stderr:.3f}; "
        + (
            f"chances around each attack phase from {n_phase} continued battles"
            if n_phase
            else "turning points from the rolls' percentiles"
        )
    )
    return Luck(
        kind="battle",
        title=f"Battle: {' vs '.join(names)}" + (f" ({battle.orbit})" if battle.orbit else ""),
        outcome=outcome,
        ending=ending,
        chance=chance,
        outcome_percentile=percentile,
        steps=tuple(steps),
        difficulty=0,
        method=method,
        chance_label=f"{names[me]}'s chance of winning",
        progress_label="hits scored",
        n=sim.n,
        stderr=stderr,
        swings=bool(n_phase),
        details={"side": names[me], "n_phase": n_phase, "attacks": tuple(attacks)},
    )
