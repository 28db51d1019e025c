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
  chance before and after each attack phase is a Monte Carlo (``n_phase`` battles continued
  from that point with automatic policies, on the vectorised simulation where it covers the
  battle, the same random stream at every point so that the differences are less noisy);
  read a swing smaller than about two standard errors as noise.

The outcome's Monte Carlo plays the battle's setup (a fresh battle of the same sides, rules
and orbit) in blocks (first as many battles as a chance of one half needs to reach
``precision``, then 250 at a time) and stops once the win chance's and the outcome
percentile's standard errors are both at most ``precision`` (or at ``n``).

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
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from ... import validate
from ...advising import Luck, LuckStep, mid_rank
from ...errors import IllegalAction, InvalidType
from ...log import EventLog
from ...rng import SeedLike, make_rng
from ..ranks import success_distribution
from .battle import Battle, describe_event
from .policies import AutoPolicy
from .simulate import OUTCOMES, BattleSimulation, fast_supported, simulate
from .simulate.parallel import check_executor

if TYPE_CHECKING:
    from concurrent.futures import Executor

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


#: Battles per block of the outcome's Monte Carlo (``precision`` is checked after each).
BLOCK = 250


def _continue_fast(
    setup: Battle,
    starts: list[Any],
    side: int,
    n: int,
    seed: int,
    max_rounds: int | None,
) -> list[float] | None:
    """Share of ``n`` battles continued from each state of ``starts`` (between phases) that
    ``side`` wins, on the vectorised simulation (all of them in one batch on one stream); None
    when it does not cover the battle."""
    from .simulate.resume import resume

    policy = AutoPolicy()
    limit = max_rounds if max_rounds is not None else setup.rules.max_rounds
    won = OUTCOMES.index("won")
    out: list[float | None] = []
    going = []
    for st in starts:
        if st.over:
            res = st.result
            out.append(float(bool(res and res["winner_index"] == side)))
        else:
            out.append(None)
            going.append(st)
    if going:
        # every point's battles in one batch: the long tails are played once for all of them
        finish, play = np.random.SeedSequence(seed).spawn(2)
        r = resume(setup, policy, [(st, None) for st in going], [], None, n, finish, play, limit)
        if r is None:
            return None
        chances = iter(float(np.mean(x["outcome"][:, side] == won)) for x in r)
        out = [next(chances) if x is None else x for x in out]
    return [float(x) for x in out if x is not None]


def _states(battle: Battle, cuts: list[int]) -> list[Any]:
    """The battle's state after each prefix ``events[:cut]`` (one replay of the log)."""
    from .events import apply_event, copy_state
    from .state import initial_state

    st = initial_state(battle.sides)
    out = []
    events = battle.events
    done = 0
    for cut in cuts:
        for e in events[done:cut]:
            apply_event(st, e.kind, dict(e.data))
        done = cut
        out.append(copy_state(st))
    return out


def _outcomes(
    setup: Battle,
    n: int,
    seed: int,
    max_rounds: int | None,
    precision: float | None,
    me: int,
    result: dict[str, Any] | None,
    executor: Executor | None,
) -> BattleSimulation:
    """The outcome's Monte Carlo: blocks of :data:`BLOCK` battles (block ``k`` from the
    ``k``-th child of ``seed``'s SeedSequence) until ``n`` or ``precision`` is reached."""
    sizes = _blocks(n, precision)
    seeds = np.random.SeedSequence(seed).spawn(len(sizes))
    parts: list[BattleSimulation] = []
    done = 0
    while done < n:
        k = len(parts)
        size = sizes[k]
        entropy = int(seeds[k].generate_state(2, np.uint64)[0] >> np.uint64(2))
        parts.append(
            simulate(
                setup,
                size,
                seed=entropy,
                max_rounds=max_rounds,
                progress=False,
                executor=executor,
            )
        )
        done += size
        if precision is not None and done < n:
            sim = _joined(parts)
            p = sim.probability(me, "won")
            worst = p * (1 - p)
            if result is not None:
                q = _percentile(sim, me, result)
                worst = max(worst, q * (1 - q))
            if np.sqrt(worst / done) <= precision:
                break
    return _joined(parts)


def _blocks(n: int, precision: float | None) -> list[int]:
    """Battles per block of the outcome's Monte Carlo: first what any chance needs to reach
    ``precision`` (``0.25 / precision**2``, the error of a chance of one half), then
    :data:`BLOCK` at a time up to ``n``. A block costs about the same whatever its size (its
    slowest battles set the rounds played), so the first is made big enough to be the last.

    >>> _blocks(2000, 0.02)[:3], _blocks(100, 0.02), _blocks(600, None)
    ([626, 250, 250], [100], [250, 250, 100])
    """
    first = BLOCK
    if precision is not None and precision > 0:
        first = math.ceil(0.25 / precision**2) + 1
    sizes = [min(first, n)]
    while sum(sizes) < n:
        sizes.append(min(BLOCK, n - sum(sizes)))
    return sizes


def _joined(parts: list[BattleSimulation]) -> BattleSimulation:
    if len(parts) == 1:
        return parts[0]
    first = parts[0]
    return BattleSimulation(
        first.sides,
        np.concatenate([p.outcome for p in parts]),
        np.concatenate([p.ru_lost for p in parts]),
        np.concatenate([p.rounds for p in parts]),
        first.seed,
        first.engine,
        np.concatenate([p.first_hits for p in parts]),
    )


def _percentile(sim: BattleSimulation, me: int, result: dict[str, Any]) -> float:
    """Mid-rank percentile of the played ending among the simulated ones."""
    row = result["sides"][me]
    key = _rank_key(row["outcome"], row["ru_lost"])
    keys = [
        _rank_key(OUTCOMES[int(o)], float(lost))
        for o, lost in zip(sim.outcome[:, me], sim.ru_lost[:, me])
    ]
    worse = sum(1 for k in keys if k < key) / sim.n
    same = sum(1 for k in keys if k == key) / sim.n
    return mid_rank(worse, same)


def luck(
    battle: Battle,
    side: int | str = 0,
    *,
    n: int = 2000,
    n_phase: int | None = None,
    seed: SeedLike = None,
    max_rounds: int | None = None,
    precision: float | None = 0.02,
    executor: Executor | None = None,
) -> Luck:
    """Where ``battle``'s ending and each attack roll fell, for ``side`` (see the module).

    Args:
        battle: a played :class:`~kit.successors.combat.Battle` (finished or not).
        side: the side whose luck to judge, by index or name.
        n: simulated battles for the outcome percentile, at most (see ``precision``).
        n_phase: continued battles for each chance before and after an attack phase
            (0: skip them; the steps then carry the start chance throughout). Default 400
            on the vectorised simulation, 20 where the battle needs the engine.
        seed: seeds both Monte Carlos (recorded in the report's ``method``).
        max_rounds: rounds before a draw (default the rules').
        precision: stop the outcome's Monte Carlo once the win chance's and the outcome
            percentile's standard errors are both at most this (checked after each block;
            None plays all ``n``).
        executor: any :class:`concurrent.futures.Executor` to play the outcome's Monte Carlo
            on (see :func:`~kit.successors.combat.simulate`).

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
    if n_phase is not None:
        n_phase = validate.integer("n_phase", n_phase, 0, 10_000)
    if precision is not None:
        precision = validate.number("precision", precision, 0, 1)
    executor = check_executor(executor)
    events = battle.events
    if not any(e.kind == "attack" for e in events):
        raise IllegalAction("the battle has no attack rolls yet, so there is no luck to judge")
    rng, recorded = make_rng(seed)
    setup = Battle(battle.sides, rules=battle.rules, jammer=battle.jammer, orbit=battle.orbit)
    sim_seed = int(rng.integers(0, 2**62))
    phase_seed = int(rng.integers(0, 2**62))
    res = battle.result
    sim = _outcomes(setup, n, sim_seed, max_rounds, precision, me, res, executor)
    chance = sim.probability(me, "won")

    cuts = [i for i, e in enumerate(events) if e.kind == "phase"] + [len(events)]
    rolled_at = [
        b
        for a, b in itertools.pairwise(cuts)
        if any(
            e.kind == "attack" and e.get("dice") and "stellar cannon" not in e.get("units", ())
            for e in events[a:b]
        )
    ]
    fast = fast_supported(setup, AutoPolicy(), started=True) is None
    if n_phase is None:
        n_phase = 400 if fast else 20
    after_chances: dict[int, float] = {}
    if n_phase:
        found = None
        if fast:
            found = _continue_fast(
                setup, _states(battle, rolled_at), me, n_phase, phase_seed, max_rounds
            )
        if found is None:
            seeds = [int(x) for x in np.random.default_rng(phase_seed).integers(0, 2**62, n_phase)]
            found = [_continue_chance(battle, events[:b], me, seeds, max_rounds) for b in rolled_at]
        after_chances = dict(zip(rolled_at, found))

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
        after = after_chances.get(b, before)
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

    outcome: str | None = None
    percentile: float | None = None
    stderr = 0.0
    ending = "still fighting"
    if res is not None:
        row = res["sides"][me]
        outcome = row["outcome"]
        percentile = _percentile(sim, me, res)
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
