"""A sector: named star systems at light-year coordinates, their jump history and Hyper Gates.

The rules measure jumps in light years but draw no map (docs/rulings.md Successors 8). A
:class:`Sector` places systems in a region, names them and generates each system lazily from
a seed derived from the sector's seed and the system's index, so a 10,000-system sector costs
nothing until a system is looked at.

The sector is a game in the kit's sense: a setup (positions, names, seed, rules) plus an
event log of jumps made, gates built or removed and systems edited by the GM. History and
gates are derived by replaying the log when a sector is made, loaded or undone, so ``undo``
and lossless save/load come for free; a new event is applied on its own, in constant time.
The jump graph (:attr:`Sector.jump_graph`, numpy CSR arrays, what routes search) and its
networkx view (:attr:`Sector.graph`) are built on first use; each event updates its one edge
in both, in place.

**Budgets** (:mod:`kit.limits`, checked when a sector is made or loaded, before any graph is
built): at most ``MAX_SYSTEMS`` (20,000) systems; at most ``MAX_SYSTEMS_PER_VOLUME`` (100)
systems in any square or cube one jump range wide; at most ``MAX_EDGES`` (500,000) jump edges,
bounded from the grid's cell counts and counted exactly only near the limit. A recorded jump or
gate that would add an edge past ``MAX_EDGES`` is refused. A crowded file (3,000 systems inside
7 light years, 4.5 million edges) is refused in a fraction of a second instead of being built.

The travel options are :class:`~.rules.SectorRules` (in :mod:`.rules`), the gates
:class:`~.gates.HyperGate` (in :mod:`.gates`) and seeded random sectors come from
:func:`~.generate.generate_sector` (in :mod:`.generate`, which builds on this module); the rules
and gates are still importable from here, and all three from :mod:`kit.successors.sector`.

>>> s = Sector([[0, 0], [3, 4], [20, 0]], ["Ka", "Ri", "Ve"], seed=1)
>>> s.distance("Ka", "Ri"), s.status("Ka", "Ri"), s.needed_successes("Ka", "Ri")
(5.0, 'unknown', 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ... import limits, store, validate
from ...errors import IllegalAction, InvalidInput, InvalidType
from ...log import EventLog, Observable
from ...rng import SeedLike, make_rng
from ..projects import GATE_SENSORS_NEEDED
from ..stars.generate import StarRules, generate_star, generate_system
from ..stars.system import Star, StarSystem
from .gates import HyperGate
from .graph import GridIndex, JumpGraph, edge_attributes
from .names import system_names
from .routes import Navigator, Route, days_graph, plan_route
from .rules import STATUSES, SectorRules

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

__all__ = [
    "FORMAT",
    "STATUSES",
    "VERSION",
    "HyperGate",
    "Sector",
    "SectorRules",
    "system_seed",
]

FORMAT = "sector"
VERSION = 1


def system_seed(sector_seed: int, index: int) -> int:
    """The seed of system ``index`` in a sector seeded with ``sector_seed``."""
    state = np.random.SeedSequence([int(sector_seed), int(index)]).generate_state(2, np.uint32)
    return int((int(state[0]) << 31) ^ int(state[1]))


class Sector(Observable):
    """Named systems at light-year coordinates, plus jump history, gates and GM edits.

    Use :func:`generate_sector` for a seeded random sector; build one by hand by giving
    ``positions`` (n x 2 or n x 3, light years) and optionally ``names``.
    """

    name = validate.Field(validate.text, max_len=limits.MAX_NAME, doc="The sector's name.")
    # fixed once the sector is made (see kit.validate.Field)
    seed: validate.Field[int] = validate.Field(fixed=True)
    rules: validate.Field[SectorRules] = validate.Field(fixed=True)
    star_rules: validate.Field[StarRules] = validate.Field(fixed=True)
    positions: validate.Field[npt.NDArray[np.float64]] = validate.Field(fixed=True)
    names: validate.Field[tuple[str, ...]] = validate.Field(fixed=True)
    log: validate.Field[EventLog] = validate.Field(fixed=True)

    def __init__(
        self,
        positions: npt.ArrayLike,
        names: Sequence[str] | None = None,
        *,
        seed: SeedLike = None,
        name: str = "Sector",
        rules: SectorRules | None = None,
        star_rules: StarRules | None = None,
    ) -> None:
        if isinstance(positions, (list, tuple, np.ndarray)) and len(positions) > limits.MAX_SYSTEMS:
            raise InvalidInput(
                f"a sector holds at most {limits.MAX_SYSTEMS:,} systems (kit.limits.MAX_SYSTEMS), "
                f"got {len(positions):,} positions"
            )
        try:
            pts = np.array(positions, dtype=float)
        except (TypeError, ValueError, OverflowError):
            raise InvalidInput(
                "positions must be a list of [x, y] or [x, y, z] light-year coordinates "
                "(numbers), one per system"
            ) from None
        if pts.ndim != 2 or pts.shape[1] not in (2, 3) or not len(pts):
            raise InvalidInput(
                f"positions must be a non-empty n x 2 or n x 3 list of light-year "
                f"coordinates, got shape {pts.shape!r}"
            )
        if not np.all(np.isfinite(pts)):
            raise InvalidInput("positions must be finite numbers")
        if len(pts) > limits.MAX_SYSTEMS:
            raise InvalidInput(
                f"a sector holds at most {limits.MAX_SYSTEMS:,} systems (kit.limits.MAX_SYSTEMS), "
                f"got {len(pts):,}"
            )
        rng, self.seed = make_rng(seed)
        self.rules = rules or SectorRules()
        self.star_rules = star_rules or StarRules()
        if not isinstance(self.rules, SectorRules):
            raise InvalidType(f"rules must be SectorRules, got {self.rules!r}")
        if not isinstance(self.star_rules, StarRules):
            raise InvalidType(f"star_rules must be StarRules, got {self.star_rules!r}")
        self.name = name
        self.positions = pts
        self.positions.setflags(write=False)
        if names is None:
            names = system_names(len(pts), rng)
        names = [
            validate.text(f"names[{k}]", x, max_len=limits.MAX_SYSTEM_NAME)
            for k, x in enumerate(names)
        ]
        if len(names) != len(pts):
            raise InvalidInput(
                f"names must have one entry per system ({len(pts)}), got {len(names)}"
            )
        if len(set(names)) != len(names):
            seen: set[str] = set()
            dup = next(x for x in names if x in seen or seen.add(x))  # type: ignore[func-returns-value]
            raise InvalidInput(f"names must be unique; {dup!r} appears more than once")
        self.names = tuple(names)
        self._index = {x: k for k, x in enumerate(self.names)}
        self.log = EventLog()
        self._systems: dict[int, StarSystem] = {}
        self._stars: dict[int, Star] = {}
        self._graph: nx.Graph | None = None
        self._jump_graph: JumpGraph | None = None
        self._points: tuple[tuple[float, ...], ...] | None = None
        self._spatial: GridIndex | None = None
        self._range_edges = self._check_budgets()
        self._derive()

    # ----------------------------------------------------------------- basics
    @property
    def n(self) -> int:
        """Number of systems."""
        return len(self.positions)

    @property
    def dims(self) -> int:
        """2 or 3."""
        return int(self.positions.shape[1])

    def index(self, system: int | str) -> int:
        """The index of ``system`` given by index or by name."""
        if isinstance(system, str):
            if system not in self._index:
                near = [x for x in self.names if x.lower().startswith(system[:2].lower())][:5]
                raise InvalidInput(
                    f"system {system!r} is not in this sector"
                    + (f"; similar names: {', '.join(near)}" if near else "")
                )
            return self._index[system]
        return validate.integer("system", system, 0, self.n - 1)

    def distance(self, a: int | str, b: int | str) -> float:
        """Light years between two systems."""
        i, j = self.index(a), self.index(b)
        return float(np.sqrt(((self.positions[i] - self.positions[j]) ** 2).sum()))

    @property
    def spatial_index(self) -> GridIndex:
        """The grid index of the systems (cell = the maximum jump range)."""
        if self._spatial is None:
            self._spatial = GridIndex(self.positions, self.rules.max_range)
        return self._spatial

    @property
    def points(self) -> tuple[tuple[float, ...], ...]:
        """The positions as plain tuples of floats (fast for ``math.dist`` in searches)."""
        if self._points is None:
            self._points = tuple(tuple(p) for p in self.positions.tolist())
        return self._points

    def near(self, system: int | str, radius: float) -> list[int]:
        """Indices of the systems within ``radius`` light years of ``system`` (itself excluded)."""
        i = self.index(system)
        return [int(k) for k in self.spatial_index.near(self.positions[i], radius) if k != i]

    def _check_budgets(self) -> int:
        """Refuse a sector too crowded to build, before any graph is made; return its range
        edges (or an upper bound on them).

        Two budgets from :mod:`kit.limits`: no square or cube one jump range wide may hold more
        than ``MAX_SYSTEMS_PER_VOLUME`` systems (such a cell lies inside the disc or ball of
        one range around its centre, so a fuller one means a point with more systems in range
        than allowed), and the jump graph may have at most ``MAX_EDGES`` edges. The edges are
        first bounded from the cell counts alone; only a sector near the budget has its pairs
        counted exactly (numpy, no graph).
        """
        index = self.spatial_index
        crowd, where = index.busiest_cell()
        if crowd > limits.MAX_SYSTEMS_PER_VOLUME:
            raise InvalidInput(
                f"{crowd:,} systems lie within one {self.rules.max_range:g} ly jump range "
                f"around {self.names[where]!r}; a sector allows at most "
                f"{limits.MAX_SYSTEMS_PER_VOLUME} (kit.limits.MAX_SYSTEMS_PER_VOLUME): spread "
                "the systems out or shorten max_range"
            )
        edges = index.pair_bound()
        if edges > limits.MAX_EDGES:
            edges = len(index.pairs_within(self.rules.max_range)[0])
        if edges > limits.MAX_EDGES:
            raise InvalidInput(
                f"this sector's jump graph would have {edges:,} edges within "
                f"{self.rules.max_range:g} ly; a sector allows at most {limits.MAX_EDGES:,} "
                "(kit.limits.MAX_EDGES): spread the systems out or shorten max_range"
            )
        return edges

    def _check_new_edge(self, i: int, j: int) -> None:
        """Refuse a jump record or gate that would add an edge past ``MAX_EDGES``."""
        key = _pair(i, j)
        if (
            key in self._history
            or key in self._gates
            or self.distance(i, j) <= self.rules.max_range
        ):
            return
        if self._range_edges + len(self._far) + 1 > limits.MAX_EDGES:
            raise IllegalAction(
                f"a new route between {self.names[i]!r} and {self.names[j]!r} would take the "
                f"jump graph past {limits.MAX_EDGES:,} edges (kit.limits.MAX_EDGES)"
            )

    # ----------------------------------------------------------------- systems
    def system(self, system: int | str) -> StarSystem:
        """The star system (generated on first use from its derived seed, or the GM's edit)."""
        i = self.index(system)
        if i in self._edits:
            return self._edits[i]
        if i not in self._systems:
            self._systems[i] = generate_system(
                system_seed(self.seed, i), name=self.names[i], rules=self.star_rules
            )
        return self._systems[i]

    def star(self, system: int | str) -> Star:
        """Only the star (cheap: the first rolls of the system's seed)."""
        i = self.index(system)
        if i in self._edits:
            return self._edits[i].star
        if i in self._systems:
            return self._systems[i].star
        if i not in self._stars:
            self._stars[i] = generate_star(system_seed(self.seed, i), rules=self.star_rules)
        return self._stars[i]

    def spectral_classes(self) -> list[str]:
        """Spectral class of every system, in index order."""
        return [self.star(i).spectral_class for i in range(self.n)]

    # ----------------------------------------------------------------- events
    def _derive(self) -> None:
        """Replay the whole log into history, gates and edits (on creation, load and undo)."""
        self._history: dict[tuple[int, int], int] = {}
        self._gates: dict[tuple[int, int], int] = {}
        self._edits: dict[int, StarSystem] = {}
        self._far: set[tuple[int, int]] = set()
        for e in self.log:
            self._apply(e)

    def _apply(self, e: Any) -> tuple[int, int] | None:
        """Apply one event to the derived state; return the pair of systems it touched.

        Recording a jump or a gate applies just its own event (constant time); only undo and
        loading replay the log.
        """
        if e.kind == "edit_system":
            self._edits[int(e["index"])] = StarSystem.from_dict(e["system"])
            return None
        key = _pair(e["a"], e["b"])
        if e.kind == "jump":
            self._history[key] = self._history.get(key, 0) + int(e["times"])
        elif e.kind == "gate":
            self._gates[key] = int(e["size"])
        elif e.kind == "remove_gate":
            self._gates.pop(key, None)
        if (key in self._history or key in self._gates) and (
            self.distance(*key) > self.rules.max_range
        ):
            self._far.add(key)
        else:
            self._far.discard(key)
        return key

    def _touch(self, a: int, b: int) -> None:
        """Bring the edge between a and b up to date in the graphs built so far (in place)."""
        key = _pair(a, b)
        jumps, gate = self._history.get(key, 0), self._gates.get(key, 0)
        if self._jump_graph is not None:
            self._jump_graph.update(*key, jumps, gate)
        if self._graph is None:
            return
        ly = self.distance(a, b)
        if jumps or gate or ly <= self.rules.max_range:
            self._graph.add_edge(*key, **edge_attributes(ly, jumps, gate, self.rules))
            self._graph.graph["span"] = max(self._graph.graph.get("span", 0.0), ly)
        elif self._graph.has_edge(*key):
            self._graph.remove_edge(*key)
            if self._jump_graph is not None:
                self._graph.graph["span"] = self._jump_graph.span

    def _record(self, kind: str, **data: Any) -> None:
        """Append one event and apply it (and only it) to the state and the graphs."""
        key = self._apply(self.log.append(kind, **data))
        if key is not None:
            self._touch(*key)
        self._changed()

    def record_jump(self, a: int | str, b: int | str, times: int = 1) -> None:
        """Record ``times`` jumps between two systems (routes become known, then locked)."""
        i, j = self.index(a), self.index(b)
        if i == j:
            raise IllegalAction(f"a jump needs two different systems, got {self.names[i]!r} twice")
        times = validate.integer("times", times, 1, 10_000)
        self._check_new_edge(i, j)
        self._record("jump", a=i, b=j, times=times)

    def add_gate(
        self,
        a: int | str,
        b: int | str,
        size: int = 1,
        *,
        sensors_known: tuple[int, int] | None = None,
    ) -> None:
        """Build (or resize) a pair of Hyper Gates between two systems.

        Args:
            a: one system (index or name).
            b: the other system.
            size: the largest signature that may pass (both ends share it).
            sensors_known: the builders' Sensors successes on ``a`` and ``b``; when given,
                each must reach ``GATE_SENSORS_NEEDED`` (10, in ``kit.successors.projects``)
                or the build is refused. The GM books the RU and Handling the build costs.
        """
        i, j = self.index(a), self.index(b)
        if i == j:
            raise IllegalAction(
                f"a Hyper Gate links two different systems, got {self.names[i]!r} twice"
            )
        size = validate.integer("size", size, 1, 1000)
        if sensors_known is not None:
            known = [validate.integer("sensors_known", k, 0) for k in sensors_known]
            if len(known) != 2:
                raise InvalidInput(f"sensors_known needs two numbers (a, b), got {sensors_known!r}")
            short = [self.names[x] for x, k in zip((i, j), known) if k < GATE_SENSORS_NEEDED]
            if short:
                raise IllegalAction(
                    f"a Hyper Gate needs {GATE_SENSORS_NEEDED} Sensors successes on both "
                    f"systems; not yet on {', '.join(map(repr, short))}"
                )
        self._check_new_edge(i, j)
        self._record("gate", a=i, b=j, size=size)

    def remove_gate(self, a: int | str, b: int | str) -> None:
        """Remove the Hyper Gates between two systems."""
        i, j = self.index(a), self.index(b)
        if _pair(i, j) not in self._gates:
            raise IllegalAction(
                f"there is no Hyper Gate between {self.names[i]!r} and {self.names[j]!r}"
            )
        self._record("remove_gate", a=i, b=j)

    def set_system(self, system: int | str, star_system: StarSystem) -> None:
        """Replace a system by the GM's own (built or edited by hand)."""
        i = self.index(system)
        if not isinstance(star_system, StarSystem):
            raise InvalidType(f"star_system must be a StarSystem, got {star_system!r}")
        self._record("edit_system", index=i, system=star_system.to_dict())

    def undo(self) -> None:
        """Undo the last jump record, gate change or system edit."""
        removed = self.log.undo()
        self._derive()
        for e in removed:
            if e.kind != "edit_system":
                self._touch(e["a"], e["b"])
        self._changed()

    @property
    def history(self) -> dict[tuple[int, int], int]:
        """Jumps made per route (index pairs, smaller first)."""
        return dict(self._history)

    @property
    def gates(self) -> list[HyperGate]:
        """The Hyper Gates."""
        return [HyperGate(a, b, s) for (a, b), s in sorted(self._gates.items())]

    def jumps_made(self, a: int | str, b: int | str) -> int:
        """How many jumps have been recorded between two systems."""
        return self._history.get(_pair(self.index(a), self.index(b)), 0)

    def status(self, a: int | str, b: int | str) -> str:
        """Route status between two systems: unknown, known or locked."""
        return self.rules.status(self.jumps_made(a, b))

    def needed_successes(self, a: int | str, b: int | str) -> int:
        """Successes a jump between two systems needs now."""
        return self.rules.needed(self.distance(a, b), self.status(a, b))

    # ----------------------------------------------------------------- graph and routes
    def days_graph(self, navigator: Navigator | None = None) -> nx.Graph:
        """The jump graph weighted in expected days for ``navigator``; see
        :func:`kit.successors.sector.routes.days_graph`."""
        return days_graph(self, navigator)

    @property
    def jump_graph(self) -> JumpGraph:
        """The jump graph in compact form (numpy CSR arrays), which route searches use.

        Built on first use; a recorded jump or gate updates its one edge in place.
        """
        if self._jump_graph is None:
            jg = JumpGraph(
                self.positions,
                self.rules.max_range,
                self.rules,
                self.spatial_index.pairs_within(self.rules.max_range),
            )
            for a, b in sorted(set(self._history) | set(self._gates)):
                jg.update(a, b, self._history.get((a, b), 0), self._gates.get((a, b), 0))
            self._jump_graph = jg
        return self._jump_graph

    @property
    def graph(self) -> nx.Graph:
        """The jump graph as networkx, for GMs (export, drawing, their own analysis).

        Built on first use from :attr:`jump_graph` and kept in step with every event; route
        planning does not need it (only the ``"chance"`` mode's candidate paths use it).
        """
        if self._graph is None:
            self._graph = self.jump_graph.to_networkx(self.names)
        return self._graph

    def gate_size(self, a: int | str, b: int | str) -> int:
        """The size of the Hyper Gate between two systems (0 when there is none)."""
        return self._gates.get(_pair(self.index(a), self.index(b)), 0)

    def route(
        self,
        origin: int | str,
        destination: int | str,
        *,
        mode: str = "days",
        information: int = 5,
        sensors: int = 5,
        navigator: Navigator | None = None,
        within: int | None = None,
        avoid: Iterable[int | str] = (),
        via: Iterable[int | str] = (),
        candidates: int = 25,
    ) -> Route:
        """Plan a route; see :func:`kit.successors.sector.routes.plan_route` for the options."""
        nav = navigator or Navigator(information=information, sensors=sensors)
        return plan_route(
            self,
            origin,
            destination,
            navigator=nav,
            mode=mode,
            within=within,
            avoid=avoid,
            via=via,
            candidates=candidates,
        )

    # ----------------------------------------------------------------- saving
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form: the setup plus the event log."""
        return {
            "name": self.name,
            "seed": self.seed,
            "positions": self.positions.tolist(),
            "names": list(self.names),
            "rules": self.rules.to_dict(),
            "star_rules": self.star_rules.to_dict(),
            "events": self.log.to_list(),
        }

    @classmethod
    def from_dict(cls, raw: object) -> Sector:
        """Read :meth:`to_dict` output, naming any bad field."""
        raw = validate.mapping("sector", raw)
        validate.no_unknown_keys(
            "sector", raw, ("name", "seed", "positions", "names", "rules", "star_rules", "events")
        )
        s = cls(
            validate.sequence("positions", raw.get("positions")),
            validate.sequence("names", raw.get("names")),
            seed=validate.integer("seed", raw.get("seed"), 0),
            name=raw.get("name", "Sector"),
            rules=SectorRules.from_dict(raw.get("rules", {})),
            star_rules=StarRules.from_dict(raw.get("star_rules", {})),
        )
        validate.restore(s, "log", EventLog.from_list(raw.get("events", [])))
        for e in s.log:
            validate.choice("event.kind", e.kind, ("jump", "gate", "remove_gate", "edit_system"))
            if e.kind == "edit_system":
                s.index(validate.integer("event.index", e.get("index"), 0))
                StarSystem.from_dict(e.get("system"))
                continue
            s.index(validate.integer("event.a", e.get("a"), 0))
            s.index(validate.integer("event.b", e.get("b"), 0))
            if e.kind == "jump":
                validate.integer("event.times", e.get("times"), 1)
            elif e.kind == "gate":
                validate.integer("event.size", e.get("size"), 1)
        s._derive()
        if s._range_edges + len(s._far) > limits.MAX_EDGES:
            raise InvalidInput(
                f"this sector's jump graph would have {s._range_edges + len(s._far):,} edges; a "
                f"sector allows at most {limits.MAX_EDGES:,} (kit.limits.MAX_EDGES)"
            )
        return s

    def to_json(self) -> str:
        """Versioned JSON text (``gm-kit/sector``) with history, gates and edits."""
        return store.dumps(FORMAT, VERSION, self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Sector:
        """Load text written by :meth:`to_json`."""
        return cls.from_dict(store.loads(text, FORMAT, VERSION))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sector):
            return NotImplemented
        return (
            self.name == other.name
            and self.seed == other.seed
            and np.array_equal(self.positions, other.positions)
            and self.names == other.names
            and self.rules == other.rules
            and self.star_rules == other.star_rules
            and self.log == other.log
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Sector(name={self.name!r}, n={self.n}, dims={self.dims}, seed={self.seed}, "
            f"jumps={sum(self._history.values())}, gates={len(self._gates)})"
        )


def _pair(a: int, b: int) -> tuple[int, int]:
    a, b = int(a), int(b)
    return (a, b) if a < b else (b, a)
