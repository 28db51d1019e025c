"""The tuner as a widget: a job, board or battle set up at the chance of success the GM wants.

:class:`Tuner` puts the kit's three tuners behind one set of controls:

* **Job** (:func:`kit.regulus.tune`): a job type and a crew; every Difficulty and Clock from 3 to
  7, exact;
* **Board** (:func:`kit.boards.tune`): a board length, standard or limit, the players'
  check source and an optional skill used on every check; card values from the event deck's 4
  to 8 and every goal, exact;
* **Battle** (:func:`kit.successors.combat.tuning.tune_garrison` and ``tune_budget``): an attacking
  side and the garrison's ship type (or the types a budget buys, one of each in turn); every
  garrison size (or budget) of a range, simulated with a standard error.

A target slider ranks the setups nearest the target first. Each grid is computed once for its
inputs; moving the slider only ranks it again, in the tuner's own order. The button beside a
row hands that setup back to Python: :attr:`Tuner.chosen`, and :meth:`Tuner.job`,
:meth:`Tuner.board` or :meth:`Tuner.battle` build it. Input the tuner refuses shows in a banner
above the table; what was typed stays in its field to be corrected.

>>> t = Tuner(target=0.6)
>>> best = t.results[0]
>>> best.difficulty, best.clock, round(best.chance, 3)
(3, 6, 0.592)
>>> t.choose(0).job().difficulty
3
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Any, ClassVar

import traitlets

from .. import boards, regulus
from ..advising import Tuning, TuningRow
from ..boards import LimitBoard, StandardBoard
from ..errors import IllegalAction, InvalidInput, InvalidType
from ..regulus import JOB_TYPES, Condition, Job, Operative
from ..regulus.rules import DEFAULT_CONDITIONS
from ..store import JSON
from ..successors.combat import Battle, Side
from ..successors.combat.tuning import buy_garrison, garrison_battle, tune_budget, tune_garrison
from ._base import FieldSpec, KitWidget, check_kwargs, esm, real_number, scoped_css, whole_number
from .payloads import TunerRow, TunerView, as_payload

__all__ = ["Tuner"]

SYSTEMS = ("job", "board", "battle")

#: What the fields start with; every value is text, as typed in the page.
DEFAULT_INPUTS: dict[str, str] = {
    "job_type": "heist",
    "crew": "3",
    "length": "4",
    "kind": "standard",
    "checks": "2d6",
    "skill": "",
    "mode": "garrison",
    "attacker": "Cruiser: 3",
    "ships": "Frigate",
    "counts": "1-10",
    "budgets": "5-60/5",
    "n": "500",
    "seed": "0",
}

#: Card values the board tuner tries (the event deck's 4 to 8).
BOARD_VALUES = range(4, 9)

_RANGE = re.compile(r"^\s*(\d{1,6})\s*-\s*(\d{1,6})\s*(?:/\s*(\d{1,6}))?\s*$")


def parse_range(field: str, text: str) -> list[int]:
    """Whole numbers typed as ``"1-10"``, ``"5-60/5"`` (a step) or ``"2, 4, 8"``.

    >>> parse_range("counts", "5-20/5"), parse_range("counts", "3, 1, 3")
    ([5, 10, 15, 20], [1, 3])
    """
    m = _RANGE.match(text or "")
    if m:
        lo, hi, step = int(m[1]), int(m[2]), int(m[3] or 1)
        if lo > hi or step < 1:
            raise InvalidInput(f"{field}: {text!r} is not a range (write it low-high/step)")
        values = list(range(lo, hi + 1, step))
    else:
        parts = [p for p in re.split(r"[,\s]+", (text or "").strip()) if p]
        values = sorted({whole_number(field, p, 0, 1_000_000) for p in parts})
    if not values:
        raise InvalidInput(f"{field}: give a range such as 1-10 or numbers such as 2, 4, 8")
    if len(values) > 60:
        raise InvalidInput(f"{field}: {len(values)} values are too many to simulate (at most 60)")
    return values


def parse_ships(field: str, text: str) -> dict[str, int]:
    """Ships typed as ``"Cruiser: 3, Frigate 2"`` (a count after each name, 1 if none).

    >>> parse_ships("attacker", "Cruiser: 3, frigate")
    {'Cruiser': 3, 'frigate': 1}
    """
    out: dict[str, int] = {}
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        m = re.match(r"^(.*?)[\s:x×]*(\d{1,4})?$", part)
        name = (m[1] if m else part).strip(" :")
        count = int(m[2]) if m and m[2] else 1
        if not name:
            raise InvalidInput(f"{field}: {part!r} names no ship (write e.g. 'Cruiser: 3')")
        out[name] = out.get(name, 0) + count
    if not out:
        raise InvalidInput(f"{field}: name at least one ship, e.g. 'Cruiser: 3'")
    return out


def row_json(row: TuningRow | None) -> dict[str, Any] | None:
    """A tuning row as JSON: its setup as ``[name, value]`` pairs, its chance and error.

    >>> row_json(TuningRow((("cards", (5, 6)), ("goal", 2)), 0.5))
    {'setup': [['cards', [5, 6]], ['goal', 2]], 'chance': 0.5, 'stderr': None}
    """
    if row is None:
        return None
    setup = [[k, list(v) if isinstance(v, tuple) else v] for k, v in row.setup]
    return {"setup": setup, "chance": row.chance, "stderr": row.stderr}


def row_of(data: JSON) -> TuningRow | None:
    """The :class:`~kit.advising.TuningRow` of :func:`row_json`'s JSON (``None`` for none)."""
    if data is None:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("setup"), list):
        raise InvalidType(f"a tuning row must be an object with a setup, got {data!r:.80}")
    setup = tuple((str(k), tuple(v) if isinstance(v, list) else v) for k, v in data["setup"])
    return TuningRow(setup, float(data["chance"]), data.get("stderr"))


class Tuner(KitWidget):
    """Set up a job, a board or a battle at a target chance: the nearest setups, best first.

    Args:
        system: which tuner shows first: ``"job"``, ``"board"`` or ``"battle"``.
        target: the chance wanted, 0 to 1.
        crew: the job's operatives (default: anonymous ones, as many as the crew field says;
            typing another crew size in the page swaps them for that many anonymous ones).
        conditions: what must hold at a job's success (default: a crew gig type remains).
        attacker: the attacking :class:`~kit.successors.combat.Side` (an entity, a fleet, ...);
            default: the ships typed in the attacker field.
        inputs: field values to start with (text, as typed: see :data:`DEFAULT_INPUTS`).
        rows: how many rows the table shows.
    """

    _esm = esm("tuner.js")
    _css = scoped_css("tuner.css", ".gmk-tuner")
    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {"choose": {"index": ("whole", "row")}}

    system = traitlets.Unicode("job", help="The tuner shown: job, board or battle.").tag(sync=True)
    target = traitlets.Float(0.6, help="The chance of success wanted, 0 to 1.").tag(sync=True)
    inputs = traitlets.Dict(help="Every field's text as typed in the page.").tag(sync=True)
    view = traitlets.Dict(help="The ranked results the page shows.").tag(sync=True)
    busy = traitlets.Bool(False, help="True while a grid is being computed.").tag(sync=True)
    chosen = traitlets.Instance(
        TuningRow,
        allow_none=True,
        help="The setup handed back by the page's Use button (or choose()); None until then.",
    ).tag(sync=True, to_json=lambda row, _w: row_json(row), from_json=lambda d, _w: row_of(d))
    chosen_system = traitlets.Unicode(
        None, allow_none=True, help="Which tuner the chosen row is from: job, board or battle."
    ).tag(sync=True)

    def __init__(
        self,
        system: str = "job",
        *,
        target: float = 0.6,
        crew: Iterable[Operative] | None = None,
        conditions: Iterable[Condition] = DEFAULT_CONDITIONS,
        attacker: Side | None = None,
        inputs: dict[str, Any] | None = None,
        rows: int = 8,
        **kwargs: object,
    ) -> None:
        check_kwargs("Tuner", kwargs, {"layout"})
        if system not in SYSTEMS:
            raise InvalidInput(f"system must be one of {', '.join(SYSTEMS)}, got {system!r}")
        if attacker is not None and not isinstance(attacker, Side):
            raise InvalidType(f"attacker must be a Side or None, got {type(attacker).__name__}")
        self.crew_ops = None if crew is None else list(crew)
        self.conditions = list(conditions)
        self.attacker_side = attacker
        self.rows = whole_number("rows", rows, 1, 100)
        self._grid: dict[str, Any] = {}
        self._spec: dict[str, Any] = {}
        extra = dict(inputs or {})
        unknown = sorted(set(extra) - set(DEFAULT_INPUTS))
        if unknown:
            raise InvalidInput(
                f"inputs: unknown field(s) {', '.join(map(repr, unknown))}; "
                f"the fields are {', '.join(DEFAULT_INPUTS)}"
            )
        start = {**DEFAULT_INPUTS, **{k: str(v) for k, v in extra.items()}}
        if crew is not None:
            start["crew"] = str(len(self.crew_ops or []))
        if attacker is not None:
            start["attacker"] = f"(from Python: {attacker.name})"
        super().__init__(
            system=system, target=real_number("target", target, 0, 1), inputs=start, **kwargs
        )
        with self.guard():
            self._compute()

    # ------------------------------------------------------------------ page
    def _msg_choose(self, index: int) -> None:
        self.choose(whole_number("row", index, 0))

    @traitlets.observe("inputs", "system")
    def _inputs_changed(self, _change: dict[str, Any]) -> None:
        if not hasattr(self, "_grid"):
            return
        with self.guard():
            if self.system not in SYSTEMS:
                raise InvalidInput(f"system must be one of {', '.join(SYSTEMS)}")
            self._compute()

    @traitlets.observe("target")
    def _target_changed(self, change: dict[str, Any]) -> None:
        if not hasattr(self, "_grid"):
            return
        with self.guard():
            try:
                real_number("target", change["new"], 0, 1)
            except InvalidInput:
                self.set_trait("target", change["old"])  # the table keeps its last good target
                raise

    # ------------------------------------------------------------------ work
    def _field(self, key: str) -> str:
        return str(self.inputs.get(key, DEFAULT_INPUTS[key]))

    def _attacker(self) -> Side:
        text = self._field("attacker")
        if self.attacker_side is not None and text.startswith("(from Python"):
            return self.attacker_side
        ships: Any = parse_ships("attacker", text)  # the constructor converts names
        return Side("Attacker", ships=ships)

    def _compute(self) -> None:
        """Compute the grid of the shown system for its inputs (kept when they are refused)."""
        system = self.system
        spec: dict[str, Any]
        key: tuple[Any, ...]
        if system == "job":
            job_type = self._field("job_type")
            if job_type not in JOB_TYPES:
                raise InvalidInput(f"job type must be one of {', '.join(JOB_TYPES)}")
            size = whole_number("crew", self._field("crew"), 1, 12)
            crew: list[Operative] | int = size
            if self.crew_ops is not None and size == len(self.crew_ops):
                crew = self.crew_ops
            spec = {"job_type": job_type, "crew": crew}
            key = (job_type, size, crew is self.crew_ops)
        elif system == "board":
            length = whole_number("length", self._field("length"), 3, 8)
            kind = self._field("kind")
            if kind not in ("standard", "limit"):
                raise InvalidInput(f"kind must be standard or limit, got {kind!r}")
            checks = self._field("checks").strip() or "2d6"
            skill = self._field("skill").strip() or None
            spec = {"length": length, "kind": kind, "checks": checks, "skills": skill}
            key = (length, kind, checks, skill)
        else:
            mode = self._field("mode")
            if mode not in ("garrison", "budget"):
                raise InvalidInput(f"mode must be garrison or budget, got {mode!r}")
            attacker = self._attacker()
            ships = list(parse_ships("garrison ships", self._field("ships")))
            grid = parse_range(
                "budgets" if mode == "budget" else "counts",
                self._field("budgets" if mode == "budget" else "counts"),
            )
            n = whole_number("battles per size", self._field("n"), 10, 20_000)
            seed = whole_number("seed", self._field("seed"), 0, 2**63 - 1)
            if mode == "garrison" and len(ships) != 1:
                raise InvalidInput(
                    "garrison ships: a garrison is counted in one ship type; "
                    "use the budget mode to buy several"
                )
            spec = {
                "mode": mode,
                "attacker": attacker,
                "ships": ships,
                "grid": grid,
                "n": n,
                "seed": seed,
            }
            key = (mode, self._field("attacker"), tuple(ships), tuple(grid), n, seed)
        if self._grid.get(system, (None,))[0] == key:
            return
        self.busy = True
        try:
            found = self._run(system, spec)
        finally:
            self.busy = False
        self._grid[system] = (key, found)
        self._spec[system] = spec

    def _run(self, system: str, spec: dict[str, Any]) -> Any:
        if system == "job":
            return regulus.tune(
                spec["job_type"], 0.5, crew=spec["crew"], conditions=self.conditions, n=25
            )
        if system == "board":
            length = spec["length"]
            every = math.comb(len(BOARD_VALUES) + length - 1, length) * length
            return boards.tune(
                length,
                0.5,
                spec["checks"],
                kind=spec["kind"],
                skills=spec["skills"],
                values=BOARD_VALUES,
                n=every,
            )
        if spec["mode"] == "garrison":
            return tune_garrison(
                spec["attacker"],
                spec["ships"][0],
                0.5,
                n=spec["n"],
                counts=spec["grid"],
                seed=spec["seed"],
            )
        return tune_budget(
            spec["attacker"],
            spec["ships"],
            0.5,
            n=spec["n"],
            budgets=spec["grid"],
            seed=spec["seed"],
        )

    @property
    def results(self) -> list[TuningRow]:
        """Every setup of the shown grid, nearest :attr:`target` first, in the tuner's order.

        Each is a :class:`~kit.advising.TuningRow`, as the tuners return them: a job's reads
        ``difficulty``, ``clock``, ``chance``; a board's ``cards``, ``goal``, ``chance``; a
        battle's ``count`` (ships, or RU for a budget), ``chance`` and ``stderr``.
        """
        if self.system not in self._grid:
            return []
        _key, found = self._grid[self.system]
        return list(found.retarget(float(self.target)).ranked())

    def tuning(self) -> Tuning:
        """The battle grid as the combat tuner returns it, for the current target."""
        if "battle" not in self._grid:
            raise IllegalAction("the battle tuner has no results yet: open its tab first")
        found: Tuning = self._grid["battle"][1]
        return found.retarget(float(self.target))

    # ------------------------------------------------------------------ hand back
    def choose(self, index: int = 0) -> Tuner:
        """Take the setup in row ``index`` of :attr:`results` (0: the nearest) as :attr:`chosen`."""
        rows = self.results
        index = whole_number("row", index, 0)
        if index >= len(rows):
            raise InvalidInput(f"row must be from 0 to {len(rows) - 1}, got {index}")
        with self.hold_trait_notifications():  # an observer of either sees both set
            self.chosen = rows[index]
            self.chosen_system = self.system
        self.refresh()
        return self

    def _picked(self, system: str) -> Any:
        if self.chosen is None or self.chosen_system != system:
            raise IllegalAction(
                f"no {system} setup chosen yet: press Use beside a row of the {system} tuner "
                "(or call choose())"
            )
        return self.chosen

    def job(self, *, title: str = "", seed: int | None = None) -> Job:
        """The chosen job setup as a new :class:`~kit.regulus.Job`."""
        row: TuningRow = self._picked("job")
        spec = self._spec["job"]
        crew = spec["crew"]
        ops = (
            crew
            if not isinstance(crew, int)
            else [Operative(f"Operative {i + 1}", "Crew") for i in range(crew)]
        )
        return Job(
            spec["job_type"],
            row.difficulty,
            row.clock,
            ops,
            self.conditions,
            title=title,
            seed=seed,
        )

    def board(self, *, title: str = "") -> StandardBoard | LimitBoard:
        """The chosen board setup as a new standard or limit board."""
        row: TuningRow = self._picked("board")
        if self._spec["board"]["kind"] == "standard":
            return StandardBoard(list(row.cards), goal=row.goal, title=title)
        return LimitBoard(list(row.cards), need=row.goal, title=title)

    def battle(self, *, seed: int | None = None) -> Battle:
        """The chosen battle: the attacker against the garrison of the chosen size or budget."""
        count, _chance = self._picked("battle")
        spec = self._spec["battle"]
        if spec["mode"] == "garrison":
            return garrison_battle(spec["attacker"], spec["ships"][0], count, seed=seed)
        bought = buy_garrison(spec["ships"], count)
        ships: Any = {k: v for k, v in bought.items() if v}  # the constructor converts names
        garrison = Side("Garrison", ships=ships)
        return Battle([spec["attacker"], garrison], seed=seed)

    # ------------------------------------------------------------------ view
    def _describe(self, system: str, row: Any) -> TunerRow:
        if system == "job":
            return {"cells": [row.difficulty, row.clock], "chance": row.chance, "stderr": None}
        if system == "board":
            return {
                "cells": [" ".join(map(str, row.cards)), row.goal],
                "chance": row.chance,
                "stderr": None,
            }
        found: Tuning = self._grid["battle"][1]
        count, chance = row
        if found.unit == "RU":
            bought = buy_garrison(self._spec["battle"]["ships"], count)
            what = ", ".join(f"{v} {k.title()}" for k, v in bought.items() if v)
            label = f"{count} RU ({what})"
        else:
            label = f"{count} × {found.ship.title()}"
        se = (chance * (1 - chance) / found.n) ** 0.5
        return {"cells": [label], "chance": chance, "stderr": se}

    def refresh(self) -> None:
        system = self.system if self.system in SYSTEMS else "job"
        heads = {
            "job": ["Difficulty", "Clock"],
            "board": ["cards", "goal" if self._field("kind") != "limit" else "need"],
            "battle": ["garrison"],
        }[system]
        rows = self.results if system in self._grid else []
        chosen = None
        if self.chosen is not None and self.chosen_system == system:
            chosen = self._describe(system, self.chosen)["cells"]
        notes = {
            "job": "exact chance of success; decisions by the automatic rulings",
            "board": "exact chance of reaching the goal; cards from the event deck's 4 to 8",
            "battle": "attacker's simulated win chance ± one standard error, same seed for every size",
        }
        hand_back = {"job": "tuner.job()", "board": "tuner.board()", "battle": "tuner.battle()"}
        stale = False
        if system in self._grid and self.error:
            stale = True
        view: TunerView = {
            "system": system,
            "heads": heads,
            "rows": [self._describe(system, r) for r in rows[: self.rows]],
            "total": len(rows),
            "exact": system != "battle",
            "note": notes[system],
            "chosen": chosen,
            "hand_back": hand_back[system],
            "stale": stale,
            "job_types": list(JOB_TYPES),
            "attacker_from_python": None if self.attacker_side is None else self.attacker_side.name,
        }
        self.view = as_payload(view)
