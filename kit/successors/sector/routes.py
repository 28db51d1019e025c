"""Jump odds and route planning on a sector's jump graph.

**The time a jump takes.** Plotting a jump that needs ``s`` successes means rolling the
navigator's pool once a day (Information dice on a known or locked route, Information and
Sensors dice on an unknown one) and adding up the successes until they reach ``s``. The day
the total is reached the plot is done; the jump itself then takes ``jump_days`` (one) more
day. A ship plotting alone rolls rank 1 dice once every five days. So the days of one jump are
``time_factor * T + jump_days`` where ``T`` is the number of rolls. When several Hyper-Jump
ships travel with no entity to hand them a plot, each plots alone and the party jumps when the
last one is done: ``T`` is then the largest of ``plotters`` independent plotting times, whose
distribution is the single one's raised to that power. A Hyper Gate edge takes
``gate_days`` (one) with certainty, and only passes parties whose largest signature fits.

``T``'s distribution is exact: the successes of one roll come from
:func:`kit.successors.ranks.success_distribution`; :func:`plot_rolls_pmf` pushes the running
total forward day by day (a small Markov chain absorbed at ``s``), and
:func:`expected_plot_rolls` solves the renewal equations
``E[c] = (1 + sum_k p_k E[min(c + k, s)]) / (1 - p_0)`` with exact fractions.

**Route modes** (:func:`plan_route`):

* ``"days"`` - the fewest expected days (sum of each jump's expected days);
* ``"jumps"`` - the fewest jumps (ties broken by expected days);
* ``"chance"`` - the highest chance to arrive within ``within`` days. Chances do not add
  along a path, so the planner takes the ``candidates`` paths with the fewest expected days
  (networkx's k-shortest simple paths, Yen's algorithm), computes each path's exact chance by
  convolving its jumps' day distributions, and returns the best. It is exact whenever the best
  path is among those candidates (the tests check it against brute force on small graphs).

``avoid`` removes systems from the search; ``via`` forces waypoints in order (each leg is
planned on its own and the legs joined).

**How the search runs.** ``"days"`` and ``"jumps"`` search the sector's compact jump graph
(:attr:`~.sector.Sector.jump_graph`, numpy CSR arrays) with the edge weights worked out once
per edge kind (status, successes, gate): :func:`kit.successors.sector.search.shortest_path`
takes A* for short routes and a bidirectional bucketed search for long ones, both steered by
an admissible, consistent lower bound in days (:class:`~.search.Heuristic`, proven there).
They find the same costs as networkx's Dijkstra on the same weights (tested on many seeded
sectors). A recorded jump or gate changes its edge in place, so the next route rebuilds
nothing. ``"chance"`` enumerates its candidates on the networkx view (:attr:`~.sector.Sector.graph`).

When no route exists, :func:`plan_route` raises :class:`~kit.errors.IllegalAction` saying what
blocks it: the edges leaving the region the party can reach, each with its reason (a Hyper
Gate too small for the party and too long to jump, a system to avoid, no dice to plot), or
that no jump within range leaves that region at all.

This module works on any object shaped like a :class:`~.sector.Sector` (see
:class:`SectorLike`) and never imports the sector module: the sector calls into routing, not
the other way round.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import islice, pairwise, product
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from ... import validate
from ...errors import IllegalAction, InvalidInput
from ..ranks import split, success_distribution
from .graph import JumpGraph, Kind
from .search import Heuristic, NoPath, shortest_path

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

    from .rules import SectorRules

__all__ = [
    "MODES",
    "Heuristic",
    "Leg",
    "Navigator",
    "Route",
    "SectorLike",
    "days_graph",
    "expected_last_plot_rolls",
    "expected_plot_rolls",
    "jump_days_pmf",
    "plan_route",
    "plot_rolls_pmf",
    "pool_for",
]

MODES = ("days", "jumps", "chance")


class SectorLike(Protocol):
    """What routing reads of a sector (its public face); :class:`~.sector.Sector` fits."""

    @property
    def rules(self) -> SectorRules:
        """The sector's star travel options."""

    @property
    def graph(self) -> nx.Graph:
        """The jump graph as networkx (the ``"chance"`` mode's candidate paths)."""

    @property
    def jump_graph(self) -> JumpGraph:
        """The jump graph in compact form (what the searches use)."""

    @property
    def names(self) -> tuple[str, ...]:
        """System names by index."""

    @property
    def points(self) -> tuple[tuple[float, ...], ...]:
        """System positions as tuples."""

    @property
    def history(self) -> dict[tuple[int, int], int]:
        """Jumps made per route."""

    @property
    def gates(self) -> Sequence[Any]:
        """The Hyper Gates (``a``, ``b``, ``size``)."""

    def index(self, system: int | str) -> int:
        """A system's index from its index or name."""

    def distance(self, a: int | str, b: int | str) -> float:
        """Light years between two systems."""


@dataclass(frozen=True)
class Navigator:
    """Who plots the jumps: plain ranks and flags, no entity object needed."""

    information: int = 5
    """Information rank (rolled on every plot)."""
    sensors: int = 5
    """Sensors rank (added to the pool on unknown routes)."""
    time_factor: int = 1
    """Days per plotting roll (5 for a ship plotting alone)."""
    can_jump: bool = True
    """False for a party that cannot Hyper-Jump at all (No Hyper-Jump): gates only."""
    signature: int = 1
    """Largest signature in the party (decides which gates it fits through)."""
    name: str = "navigator"
    """Shown in logs."""
    plotters: int = 1
    """How many plot the same jump independently (ships alone, no entity); all must finish."""

    def __post_init__(self) -> None:
        validate.integer("plotters", self.plotters, 1, 100)
        validate.integer("information", self.information, 0, 60)
        validate.integer("sensors", self.sensors, 0, 60)
        validate.integer("time_factor", self.time_factor, 1, 100)
        validate.boolean("can_jump", self.can_jump)
        validate.integer("signature", self.signature, 0, 1000)

    @classmethod
    def lone_ship(cls, signature: int = 1, *, rank: int = 1, time_factor: int = 5) -> Navigator:
        """A Hyper-Jump ship plotting by itself: rank 1 and five times the time."""
        return cls(rank, rank, time_factor, True, signature, "ship alone")

    def pool(self, status: str) -> tuple[int, ...]:
        """The dice rolled each plotting day on a route of ``status``."""
        return pool_for(self.information, self.sensors, status)


def pool_for(information: int, sensors: int, status: str) -> tuple[int, ...]:
    """Dice of the plotting pool: Information, plus Sensors on an unknown route."""
    dice = split(information)
    if status == "unknown":
        dice = dice + split(sensors)
    return tuple(sorted(dice, reverse=True))


@lru_cache(maxsize=4096)
def _day_dist(pool: tuple[int, ...]) -> tuple[Fraction, ...]:
    d = success_distribution(pool)
    top = max(d) if d else 0
    return tuple(d.get(k, Fraction(0)) for k in range(top + 1))


@lru_cache(maxsize=4096)
def expected_plot_rolls(pool: tuple[int, ...], needed: int) -> Fraction | None:
    """Exact expected number of daily rolls until the successes reach ``needed``.

    None when the pool can never succeed (no dice). ``needed <= 0`` takes no rolls.
    """
    if needed <= 0:
        return Fraction(0)
    p = _day_dist(tuple(pool))
    if p[0] == 1:
        return None
    e = [Fraction(0)] * (needed + 1)
    for c in range(needed - 1, -1, -1):
        acc = Fraction(1)
        for k in range(1, len(p)):
            acc += p[k] * e[min(c + k, needed)]
        e[c] = acc / (1 - p[0])
    return e[0]


def plot_rolls_pmf(pool: Sequence[int], needed: int, horizon: int) -> np.ndarray:
    """``pmf[t]`` = chance the plot completes on roll ``t`` (t = 0..horizon), floats.

    The mass beyond ``horizon`` is ``1 - pmf.sum()``.
    """
    out = np.zeros(horizon + 1)
    if needed <= 0:
        out[0] = 1.0
        return out
    p = np.array([float(x) for x in _day_dist(tuple(pool))])
    state = np.zeros(needed + 1)  # running total 0..needed (needed absorbs)
    state[0] = 1.0
    for t in range(1, horizon + 1):
        new = np.zeros(needed + 1)
        for c in range(needed):
            if state[c] == 0.0:
                continue
            for k, pk in enumerate(p):
                new[min(c + k, needed)] += state[c] * pk
        out[t] = new[needed]
        new[needed] = 0.0
        state = new
    return out


def _last_of(pmf: np.ndarray, plotters: int) -> np.ndarray:
    """The pmf of the largest of ``plotters`` independent draws from ``pmf`` (same horizon)."""
    if plotters == 1:
        return pmf
    cdf = np.cumsum(pmf) ** plotters
    return np.diff(np.concatenate(([0.0], cdf)))


def expected_last_plot_rolls(pool: tuple[int, ...], needed: int, plotters: int) -> float | None:
    """Expected rolls until the last of ``plotters`` independent plots is done (floats).

    ``E[max] = sum over t >= 0 of (1 - F(t) ** plotters)``, summed until the tail is below
    1e-13; with one plotter it is :func:`expected_plot_rolls`.
    """
    if plotters == 1 or needed <= 0:
        e = expected_plot_rolls(tuple(pool), needed)
        return None if e is None else float(e)
    if expected_plot_rolls(tuple(pool), needed) is None:
        return None
    horizon = 64
    while True:
        cdf = np.cumsum(plot_rolls_pmf(pool, needed, horizon))
        if 1.0 - cdf[-1] < 1e-15 or horizon >= 1 << 16:
            return float((1.0 - cdf**plotters).sum())
        horizon *= 4


def jump_days_pmf(
    pool: Sequence[int],
    needed: int,
    horizon: int,
    *,
    time_factor: int = 1,
    jump_days: int = 1,
    plotters: int = 1,
) -> np.ndarray:
    """``pmf[d]`` = chance a jump (plot, then the jump) takes exactly ``d`` days, d <= horizon."""
    rolls = _last_of(plot_rolls_pmf(pool, needed, max(0, horizon)), plotters)
    out = np.zeros(horizon + 1)
    for t, w in enumerate(rolls):
        d = t * time_factor + jump_days
        if d <= horizon:
            out[d] += w
    return out


@dataclass(frozen=True)
class Leg:
    """One step of a route: a jump or a Hyper Gate passage."""

    a: int
    """From (system index)."""
    b: int
    """To (system index)."""
    ly: float
    """Light years."""
    status: str
    """unknown, known or locked (for the jump)."""
    successes: int
    """Successes the jump needs (0 through a gate)."""
    gate: bool
    """True when the leg goes through a Hyper Gate."""
    pool: tuple[int, ...] = ()
    """The navigator's dice per plotting roll."""
    time_factor: int = 1
    """Days per plotting roll."""
    travel_days: int = 1
    """Days of the jump or gate passage itself."""
    plotters: int = 1
    """Independent plotters who must all finish (ships alone); 1 otherwise."""

    @property
    def expected_days(self) -> float:
        """Expected days of this leg."""
        if self.gate:
            return float(self.travel_days)
        e = expected_last_plot_rolls(self.pool, self.successes, self.plotters)
        return float("inf") if e is None else e * self.time_factor + self.travel_days

    def expected_days_exact(self) -> Fraction | None:
        """Expected days as an exact fraction (None if the jump is impossible).

        With several plotters the expectation is a float sum, returned as a Fraction of it.
        """
        if self.gate:
            return Fraction(self.travel_days)
        if self.plotters > 1:
            e2 = expected_last_plot_rolls(self.pool, self.successes, self.plotters)
            return None if e2 is None else Fraction(e2) * self.time_factor + self.travel_days
        e = expected_plot_rolls(self.pool, self.successes)
        return None if e is None else e * self.time_factor + self.travel_days

    def days_pmf(self, horizon: int) -> np.ndarray:
        """Distribution of this leg's days up to ``horizon``."""
        if self.gate:
            out = np.zeros(horizon + 1)
            if self.travel_days <= horizon:
                out[self.travel_days] = 1.0
            return out
        return jump_days_pmf(
            self.pool,
            self.successes,
            horizon,
            time_factor=self.time_factor,
            jump_days=self.travel_days,
            plotters=self.plotters,
        )


@dataclass(frozen=True)
class Route:
    """A planned route: systems in order and the legs between them."""

    systems: tuple[int, ...]
    """System indices from origin to destination."""
    names: tuple[str, ...]
    """Their names."""
    legs: tuple[Leg, ...]
    """One per step."""
    mode: str = "days"
    """How it was chosen."""
    within: int | None = None
    """The day limit of a ``chance`` route."""
    navigator: Navigator = field(default_factory=Navigator)
    """Who plots."""

    @property
    def jumps(self) -> int:
        """Number of legs."""
        return len(self.legs)

    @property
    def expected_days(self) -> float:
        """Expected total days (sum over legs)."""
        return float(sum(leg.expected_days for leg in self.legs))

    @property
    def ly(self) -> float:
        """Total light years."""
        return float(sum(leg.ly for leg in self.legs))

    def days_pmf(self, horizon: int) -> np.ndarray:
        """Distribution of the total days up to ``horizon`` (convolution of the legs)."""
        horizon = validate.integer("horizon", horizon, 0, 100_000)
        total = np.zeros(horizon + 1)
        total[0] = 1.0
        for leg in self.legs:
            total = np.convolve(total, leg.days_pmf(horizon))[: horizon + 1]
        return total

    def chance_within(self, days: int) -> float:
        """Chance of arriving within ``days`` days."""
        return float(self.days_pmf(days).sum())

    def summary(self) -> str:
        """One line per leg."""
        lines = [
            f"{' -> '.join(self.names)}: {self.jumps} legs, {self.ly:.1f} ly, "
            f"{self.expected_days:.2f} expected days"
        ]
        for leg, (x, y) in zip(self.legs, zip(self.names, self.names[1:])):
            how = (
                "gate"
                if leg.gate
                else (f"{leg.status}, {leg.successes} success{'es' if leg.successes != 1 else ''}")
            )
            lines.append(f"  {x} -> {y}: {leg.ly:.1f} ly ({how}), {leg.expected_days:.2f} days")
        if self.within is not None:
            lines.append(
                f"  chance within {self.within} days: {self.chance_within(self.within):.3f}"
            )
        return "\n".join(lines)


class _Weights:
    """Edge weights (expected days) for one navigator, memoised by (status, successes)."""

    def __init__(self, sector: SectorLike, nav: Navigator, avoid: set[int]) -> None:
        self.rules = sector.rules
        self.nav = nav
        self.avoid = avoid
        self.cache: dict[tuple[str, int], float | None] = {}
        self.pools: dict[str, tuple[int, ...]] = {}

    def pool(self, status: str) -> tuple[int, ...]:
        """The navigator's plotting dice on a route of ``status`` (memoised)."""
        if status not in self.pools:
            self.pools[status] = self.nav.pool(status)
        return self.pools[status]

    def jump_cost(self, status: str, successes: int) -> float | None:
        key = (status, successes)
        if key not in self.cache:
            e = (
                expected_last_plot_rolls(self.pool(status), successes, self.nav.plotters)
                if self.nav.can_jump
                else None
            )
            self.cache[key] = None if e is None else e * self.nav.time_factor + self.rules.jump_days
        return self.cache[key]

    def gate_ok(self, d: dict[str, Any]) -> bool:
        return bool(d["gate"] > 0 and d["gate"] >= max(1, self.nav.signature))

    def __call__(self, u: int, v: int, d: dict[str, Any]) -> float | None:
        if u in self.avoid or v in self.avoid:
            return None
        return self.edge(d)

    def kind_cost(self, kind: Kind) -> float | None:
        """Expected days of an edge of this kind for the navigator (None: unusable).

        A gate the party fits through takes ``gate_days``; an edge beyond the jump range
        that was never jumped (a gate the party does not fit) cannot be used; any other edge
        is a jump needing its successes on its status's pool.
        """
        status, successes, gate, far = kind
        if gate > 0 and gate >= max(1, self.nav.signature):
            return float(self.rules.gate_days)
        if far and status == "unknown":
            return None
        return self.jump_cost(status, successes)

    def edge(self, d: dict[str, Any]) -> float | None:
        """Expected days of an edge (given by its attributes) for this navigator."""
        far = d["ly"] > self.rules.max_range
        return self.kind_cost((d["status"], d["successes"], d["gate"], far))

    def hops(self, d: dict[str, Any]) -> float | None:
        """Weight for fewest jumps: one per edge, expected days as a tie-break."""
        w = self.edge(d)
        return None if w is None else _hop_weight(w)

    def legs(self, sector: SectorLike, path: Sequence[int]) -> list[Leg]:
        """The legs along ``path``."""
        edges = sector.jump_graph.along(path)
        return [self.leg_of(u, v, d) for (u, v), d in zip(pairwise(path), edges)]

    def leg_of(self, u: int, v: int, d: dict[str, Any]) -> Leg:
        """The leg from ``u`` to ``v`` over an edge with attributes ``d``."""
        if self.gate_ok(d):
            return Leg(u, v, d["ly"], d["status"], 0, True, (), 1, self.rules.gate_days)
        return Leg(
            u,
            v,
            d["ly"],
            d["status"],
            d["successes"],
            False,
            self.pool(d["status"]),
            self.nav.time_factor,
            self.rules.jump_days,
            self.nav.plotters,
        )


def _hop_weight(days: float) -> float:
    """The ``"jumps"`` mode's weight of an edge of ``days`` expected days."""
    return 1.0 + days * 1e-6


def _chance(legs: Sequence[Leg], within: int) -> float:
    total = np.zeros(within + 1)
    total[0] = 1.0
    for leg in legs:
        total = np.convolve(total, leg.days_pmf(within))[: within + 1]
    return float(total.sum())


def days_graph(sector: SectorLike, navigator: Navigator | None = None) -> nx.Graph:
    """A copy of the jump graph whose edges carry ``days``: the expected days of each jump
    (or gate passage) for ``navigator``; edges it cannot use are left out."""
    w = _Weights(sector, navigator or Navigator(), set())
    g = sector.graph.copy()
    drop = []
    for u, v, d in g.edges(data=True):
        days = w.edge(d)
        if days is None:
            drop.append((u, v))
        else:
            d["days"] = days
    g.remove_edges_from(drop)
    return g


def _blocked_because(w: _Weights, sector: SectorLike, d: dict[str, Any], v: int) -> str:
    """Why an edge of the jump graph is closed to the navigator (``v`` is its far end)."""
    rules, nav = sector.rules, w.nav
    if v in w.avoid:
        return f"{sector.names[v]!r} is to be avoided"
    far = d["ly"] > rules.max_range and d["jumps"] == 0
    if d["gate"] and far:
        return (
            f"the Hyper Gate to {sector.names[v]!r} passes signature {d['gate']} or less but "
            f"the party's largest is {nav.signature}, and its {d['ly']:.1f} ly are beyond the "
            f"{rules.max_range:g} ly jump range"
        )
    if far:
        return f"{d['ly']:.1f} ly to {sector.names[v]!r} is beyond the {rules.max_range:g} ly range"
    if not nav.can_jump:
        gate = (
            f" and the Hyper Gate passes signature {d['gate']} or less (party: {nav.signature})"
            if d["gate"]
            else ""
        )
        return f"{nav.name} cannot Hyper-Jump to {sector.names[v]!r}{gate}"
    return (
        f"{nav.name} has no dice to plot the {d['status']} jump to {sector.names[v]!r} "
        f"(Information {nav.information}, Sensors {nav.sensors})"
    )


def _no_route(sector: SectorLike, w: _Weights, a: int, b: int) -> IllegalAction:
    """The error for a missing route, naming what blocks it."""
    jg = sector.jump_graph
    reach = {a}
    todo = [a]
    while todo:
        u = todo.pop()
        for v in jg.neighbours(u):
            if v not in reach and w(u, v, jg.edge(u, v)) is not None:
                reach.add(v)
                todo.append(v)
    reasons = sorted(
        {
            _blocked_because(w, sector, jg.edge(u, v), v)
            for u in reach
            for v in jg.neighbours(u)
            if v not in reach
        }
    )
    head = f"no route from {sector.names[a]!r} to {sector.names[b]!r} for {w.nav.name!r}: "
    if not reasons:
        return IllegalAction(
            head + f"no jump of at most {sector.rules.max_range:g} ly and no Hyper Gate leads out "
            f"of the {len(reach)} system{'s' if len(reach) != 1 else ''} reachable from "
            f"{sector.names[a]!r}"
        )
    more = f" (and {len(reasons) - 3} more)" if len(reasons) > 3 else ""
    return IllegalAction(head + "; ".join(reasons[:3]) + more)


def plan_route(
    sector: SectorLike,
    origin: int | str,
    destination: int | str,
    *,
    navigator: Navigator | None = None,
    mode: str = "days",
    within: int | None = None,
    avoid: Iterable[int | str] = (),
    via: Iterable[int | str] = (),
    candidates: int = 25,
) -> Route:
    """Plan a route through ``sector``'s jump graph.

    Args:
        sector: the sector.
        origin: the first system, by index or name.
        destination: the last system, by index or name.
        navigator: who plots (ranks, time factor, signature); default Information 5, Sensors 5.
        mode: ``"days"``, ``"jumps"`` or ``"chance"`` (see the module docs).
        within: the day limit for ``"chance"`` (required there).
        avoid: systems the route must not touch.
        via: waypoints visited in order.
        candidates: paths per leg tried by ``"chance"``.

    Raises:
        InvalidInput: bad systems or options. IllegalAction: no route exists.
    """
    nav = navigator or Navigator()
    mode = validate.choice("mode", mode, MODES)
    if mode == "chance":
        if within is None:
            raise InvalidInput("within (a day limit) is required for mode 'chance'")
        within = validate.integer("within", within, 1, 10_000)
    candidates = validate.integer("candidates", candidates, 1, 1000)
    stops = [sector.index(origin)] + [sector.index(v) for v in via] + [sector.index(destination)]
    avoid_set = {sector.index(a) for a in avoid}
    bad = [sector.names[s] for s in stops if s in avoid_set]
    if bad:
        raise InvalidInput(
            f"avoid includes {bad[0]!r}, which is the origin, the destination or a waypoint"
        )
    w = _Weights(sector, nav, avoid_set)

    def leg_paths(a: int, b: int) -> list[list[int]]:
        if a == b:
            return [[a]]
        if mode in ("jumps", "days"):
            jg = sector.jump_graph
            costs = [math.inf if c is None else c for c in map(w.kind_cost, jg.kinds)]
            if mode == "jumps":
                costs = [_hop_weight(c) for c in costs]
            h = Heuristic.for_costs(costs, jg.kind_ly)
            try:
                return [shortest_path(jg, a, b, costs, h, avoid_set)]
            except NoPath:
                raise _no_route(sector, w, a, b) from None
        import networkx as nx

        try:
            return list(islice(nx.shortest_simple_paths(sector.graph, a, b, weight=w), candidates))
        except nx.NetworkXNoPath:
            raise _no_route(sector, w, a, b) from None

    per_leg = [leg_paths(a, b) for a, b in pairwise(stops)]
    best: tuple[float, float, list[int], list[Leg]] | None = None
    combos = product(*per_leg) if mode == "chance" else [tuple(p[0] for p in per_leg)]
    for n_combo, combo in enumerate(combos):
        if n_combo >= 2000:
            break
        path = list(combo[0])
        for part in combo[1:]:
            path += list(part[1:])
        trial = w.legs(sector, path)
        if mode != "chance":  # one candidate, nothing to compare
            best = (0.0, 0.0, path, trial)
            break
        exp = float(sum(leg.expected_days for leg in trial))
        score = _chance(trial, within) if within else 0.0
        if best is None or (-score, exp) < best[:2]:
            best = (-score, exp, path, trial)
    assert best is not None
    path, legs = best[2], tuple(best[3])
    return Route(
        tuple(path),
        tuple(sector.names[k] for k in path),
        legs,
        mode,
        within if mode == "chance" else None,
        nav,
    )
