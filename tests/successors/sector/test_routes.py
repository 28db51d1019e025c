"""Jump odds (exact, against Monte Carlo) and route planning against brute force."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kit.errors import IllegalAction, InvalidInput
from kit.successors.ranks import roll_successes
from kit.successors.sector import (
    Leg,
    Navigator,
    Sector,
    expected_plot_rolls,
    generate_sector,
    jump_days_pmf,
    plot_rolls_pmf,
    pool_for,
)


def test_pools():
    assert pool_for(7, 3, "known") == (5, 2)
    assert pool_for(7, 3, "locked") == (5, 2)
    assert pool_for(7, 3, "unknown") == (5, 3, 2)
    assert pool_for(0, 0, "unknown") == ()


@pytest.mark.parametrize(
    "pool,needed,expected",
    [
        ((5,), 1, Fraction(6, 5)),  # geometric, p = 5/6
        ((1,), 1, Fraction(6)),  # p = 1/6
        ((3,), 2, Fraction(4)),  # negative binomial: 2 / (1/2)
        ((3,), 0, Fraction(0)),
        ((5, 5), 1, Fraction(36, 35)),  # 1 - (1/6)^2 per day
    ],
)
def test_expected_plot_rolls_exact(pool, needed, expected):
    assert expected_plot_rolls(pool, needed) == expected


def test_impossible_pool():
    assert expected_plot_rolls((), 2) is None
    assert expected_plot_rolls((0,), 1) is None


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 5), min_size=1, max_size=4), st.integers(1, 7))
def test_pmf_mean_equals_exact_expectation(pool, needed):
    pmf = plot_rolls_pmf(pool, needed, 400)
    assert pmf.sum() == pytest.approx(1.0, abs=1e-9)
    assert (np.arange(401) * pmf).sum() == pytest.approx(
        float(expected_plot_rolls(tuple(pool), needed)), rel=1e-9
    )


def test_monte_carlo_agrees_with_exact_days():
    pool, needed = (5, 3, 2), 4
    rng = np.random.default_rng(3)
    n = 20_000
    days = np.empty(n)
    for k in range(n):
        total = t = 0
        while total < needed:
            total += roll_successes(pool, rng)
            t += 1
        days[k] = t + 1  # plus the jump day
    leg = Leg(0, 1, 10.0, "unknown", needed, False, pool, 1, 1)
    se = days.std(ddof=1) / math.sqrt(n)
    assert abs(days.mean() - leg.expected_days) < 4 * se
    pmf = leg.days_pmf(40)
    assert pmf[2] == 0 and not (days == 2).any()  # three dice cannot give four successes at once
    for d in (3, 4, 5, 6):
        p = pmf[d]
        assert abs((days == d).mean() - p) < 4 * math.sqrt(p * (1 - p) / n)


def test_lone_ship_takes_five_times_the_time():
    nav = Navigator.lone_ship()
    assert nav.pool("known") == (1,) and nav.pool("unknown") == (1, 1)
    pmf = jump_days_pmf(nav.pool("known"), 1, 30, time_factor=5, jump_days=1)
    assert pmf[6] == pytest.approx(1 / 6) and pmf[11] == pytest.approx(5 / 36)
    assert pmf[7] == 0


# ------------------------------------------------------------------ brute force on small graphs
def random_sector(seed, n=9):
    rng = np.random.default_rng(seed)
    s = Sector(rng.uniform(0, 22, size=(n, 2)), [f"S{i}" for i in range(n)], seed=seed)
    for _ in range(int(rng.integers(0, 4))):
        a, b = rng.choice(n, 2, replace=False)
        s.record_jump(int(a), int(b), int(rng.integers(1, 12)))
    if rng.random() < 0.5:
        a, b = rng.choice(n, 2, replace=False)
        s.add_gate(int(a), int(b), int(rng.integers(1, 3)))
    return s


def all_routes(s, a, b, nav, avoid=()):
    g = s.graph.subgraph([k for k in s.graph if k not in avoid or k in (a, b)])
    for path in nx.all_simple_paths(g, a, b):
        legs = []
        for u, v in itertools.pairwise(path):
            d = s.graph.edges[u, v]
            if d["gate"] >= max(1, nav.signature) and d["gate"]:
                legs.append(Leg(u, v, d["ly"], d["status"], 0, True, (), 1, 1))
            elif d["ly"] > s.rules.max_range and not d["jumps"]:
                break  # a gate the party does not fit, too far to jump: not a route
            else:
                legs.append(
                    Leg(
                        u,
                        v,
                        d["ly"],
                        d["status"],
                        d["successes"],
                        False,
                        nav.pool(d["status"]),
                        nav.time_factor,
                        1,
                    )
                )
        else:
            yield path, legs


def chance(legs, k):
    total = np.zeros(k + 1)
    total[0] = 1
    for leg in legs:
        total = np.convolve(total, leg.days_pmf(k))[: k + 1]
    return total.sum()


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 5000),
    info=st.integers(1, 8),
    sensors=st.integers(0, 8),
    sig=st.integers(0, 2),
)
# issue #17: every path is blocked (the only way on is a size-1 gate the signature-2 party
# does not fit, 10.4 ly long, beyond the 10 ly jump range)
@example(seed=1471, info=1, sensors=0, sig=2)
def test_routes_match_brute_force(seed, info, sensors, sig):
    s = random_sector(seed)
    nav = Navigator(info, sensors, signature=sig)
    comp = max(nx.connected_components(s.graph), key=len)
    if len(comp) < 2:
        return
    a, b = sorted(comp)[0], sorted(comp)[-1]
    routes = list(all_routes(s, a, b, nav))
    if not routes:  # the planner must say so, and why, in every mode
        for mode in ("days", "jumps", "chance"):
            with pytest.raises(IllegalAction, match=r"no route from .*: .+"):
                s.route(a, b, navigator=nav, mode=mode, within=10)
        return
    best_days = min(sum(leg.expected_days for leg in legs) for _, legs in routes)
    r = s.route(a, b, navigator=nav)
    assert r.expected_days == pytest.approx(best_days, rel=1e-9)
    best_hops = min(len(p) - 1 for p, _ in routes)
    assert s.route(a, b, navigator=nav, mode="jumps").jumps == best_hops
    if len(routes) > 1000:  # more simple paths than the planner's candidate limit
        return
    k = max(2, int(best_days) + 1)
    best_chance = max(chance(legs, k) for _, legs in routes)
    rc = s.route(a, b, navigator=nav, mode="chance", within=k, candidates=len(routes))
    assert rc.chance_within(k) == pytest.approx(best_chance, abs=1e-12)


def test_avoid_and_via_against_brute_force():
    for seed in range(30):
        s = random_sector(seed, n=10)
        comp = sorted(max(nx.connected_components(s.graph), key=len))
        if len(comp) < 4:
            continue
        a, b, w, x = comp[0], comp[-1], comp[1], comp[2]
        nav = Navigator(5, 5)
        try:
            r = s.route(a, b, navigator=nav, avoid=[x])
        except IllegalAction:
            assert not list(all_routes(s, a, b, nav, avoid={x}))
            continue
        assert x not in r.systems
        best = min(
            sum(leg.expected_days for leg in legs)
            for _, legs in all_routes(s, a, b, nav, avoid={x})
        )
        assert r.expected_days == pytest.approx(best)
        v = s.route(a, b, navigator=nav, via=[w])
        assert w in v.systems and v.systems[0] == a and v.systems[-1] == b
        first = s.route(a, w, navigator=nav).expected_days
        second = s.route(w, b, navigator=nav).expected_days
        assert v.expected_days == pytest.approx(first + second)


def test_hyper_gate_changes_the_route_and_respects_size():
    xs = np.array([[0, 0], [8, 0], [16, 0], [24, 0], [32, 0]], float)
    s = Sector(xs, list("ABCDE"), seed=1)
    before = s.route("A", "E")
    assert before.jumps == 4 and before.expected_days > 4 * 2
    s.add_gate("A", "E", size=2)
    after = s.route("A", "E")
    assert after.systems == (0, 4) and after.legs[0].gate and after.expected_days == 1
    assert after.chance_within(1) == 1.0
    big = s.route("A", "E", navigator=Navigator(5, 5, signature=3))
    assert big.jumps == 4  # too big for a size 2 gate
    gates_only = Navigator(5, 5, can_jump=False)
    assert s.route("A", "E", navigator=gates_only).systems == (0, 4)
    with pytest.raises(IllegalAction, match="no route"):
        s.route("A", "D", navigator=gates_only)


def test_route_errors():
    s = generate_sector(40, seed=1)
    with pytest.raises(InvalidInput, match="within"):
        s.route(0, 1, mode="chance")
    with pytest.raises(InvalidInput, match="mode"):
        s.route(0, 1, mode="fastest")
    with pytest.raises(InvalidInput, match="avoid"):
        s.route(0, 1, avoid=[1])


def test_large_sector_route_equals_networkx_dijkstra():
    s = generate_sector(3000, seed=12)
    from kit.successors.sector.routes import _Weights

    w = _Weights(s, Navigator(4, 2), set())
    comp = max(nx.connected_components(s.graph), key=len)
    nodes = sorted(comp)
    rng = np.random.default_rng(0)
    for _ in range(5):
        a, b = (int(x) for x in rng.choice(nodes, 2, replace=False))
        cost = nx.dijkstra_path_length(s.graph, a, b, weight=w)
        assert s.route(a, b, information=4, sensors=2).expected_days == pytest.approx(cost)


def test_no_route_names_the_gate_too_small_and_too_far():
    # issue #17, by hand: A-B is 8 ly (a jump), B-C is 12 ly: beyond the 10 ly range, and
    # the size-1 gate there does not pass a signature-2 party
    s = Sector([[0, 0], [8, 0], [20, 0]], ["A", "B", "C"], seed=1)
    s.add_gate("B", "C", size=1)
    assert s.route("A", "C").systems == (0, 1, 2)  # signature 1 fits the gate
    with pytest.raises(IllegalAction) as err:
        s.route("A", "C", navigator=Navigator(5, 5, signature=2))
    msg = str(err.value)
    assert "no route from 'A' to 'C'" in msg
    assert "Hyper Gate to 'C' passes signature 1 or less" in msg and "largest is 2" in msg
    assert "12.0 ly are beyond the 10 ly jump range" in msg


def test_no_route_names_an_isolated_region_and_avoided_systems():
    s = Sector([[0, 0], [8, 0], [16, 0], [40, 0]], list("ABCD"), seed=1)
    with pytest.raises(IllegalAction, match=r"no jump of at most 10 ly.*3 systems reachable"):
        s.route("A", "D")
    with pytest.raises(IllegalAction, match="'B' is to be avoided"):
        s.route("A", "C", avoid=["B"])
    with pytest.raises(IllegalAction, match="cannot Hyper-Jump to 'B'"):
        s.route("A", "C", navigator=Navigator(5, 5, can_jump=False))
    with pytest.raises(IllegalAction, match="no dice to plot the unknown jump to 'B'"):
        s.route("A", "C", navigator=Navigator(0, 0))


def test_routing_does_not_reach_back_into_the_sector_module():
    """Issue #9: routes.py imports nothing of sector.py and touches no private attribute."""
    import ast
    from pathlib import Path

    import kit.successors.sector.routes as routes

    tree = ast.parse(Path(routes.__file__).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.module not in ("sector", "kit.successors.sector.sector"), node.module
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "sector"
        ):
            assert not node.attr.startswith("_"), node.attr
