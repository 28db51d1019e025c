"""The Workshop: Handling operations out of combat, as days of rolls.

Outside a battle an entity and its ships spend their Handling dice day after day on the same
tasks as in a battle's repair phase (``operations`` module), plus the ones that take time and
RU: building, mining and recycling. Each success is one unit of work at the rates the rules
give (:data:`~.handling.MINING_RATES`, :data:`~.handling.RECYCLE_RU`, 5 RU a success into
a project and 3 into a ship). The repair-and-recondition example of the text runs here.

The names are also importable from ``kit.successors.combat.operations`` (their first home)
and from ``kit.successors.combat``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ... import limits, store, validate
from ...errors import IllegalAction, InvalidInput, InvalidType, KitError
from ...rng import SeedLike, make_rng, step_rng
from ..abilities import aptitude_attempt
from ..entities import Entity
from ..fleets import ability_pool
from ..projects import Project, check_hyper_gate, project, project_type
from ..rules import DEFAULT_RULES, SuccessorsRules
from ..ships import ship_type
from .events import RngRoller, Roller, ScriptedRoller
from .handling import MINING_RATES, RECYCLE_RU, TASKS, entity_repair_ability
from .state import Unit

if TYPE_CHECKING:
    from ..stars.system import StarSystem

__all__ = ["WORKSHOP_FORMAT", "BuildJob", "DayReport", "LooseObject", "Workshop"]

#: Save-file format kind and version of a Workshop.
WORKSHOP_FORMAT = ("successors-workshop", 1)
#: Unit states a saved Workshop may hold.
_UNIT_STATES = ("active", "destroyed")


def _system_or_none(label: str, value: object) -> StarSystem | None:
    """The check of :attr:`Workshop.system`: a StarSystem or None."""
    from ..stars.system import StarSystem

    if value is not None and not isinstance(value, StarSystem):
        raise InvalidType(f"{label} must be a StarSystem or None, got {value!r}")
    return value


#: Task kinds whose successes add up (each success is more RU); the others are one job each.
_QUANTITY_TASKS = ("build", "mine", "recycle")
#: Mining layers of a world or the star.
_LAYERS = tuple(MINING_RATES)


@dataclass
class DayReport:
    """One day of operations."""

    day: int
    """Day number (1-based)."""
    rolls: list[dict[str, Any]] = field(default_factory=list)
    """One row per die: task, target, die, face, success, done (and a Natural Aptitude bonus)."""
    events: list[dict[str, Any]] = field(default_factory=list)
    """What the day's successes changed: RU mined or gathered, builds finished."""


@dataclass
class BuildJob:
    """A ship or one copy of an engineering project under construction in a :class:`Workshop`.

    Each Handling success adds up to ``ru_per_success`` RU (5 for projects, 3 for ships and
    anything else; ``SuccessorsRules``), taken from the RU at hand. An unfinished project is a
    1-hit object; a finished one takes the project's hits.
    """

    key: str
    """Name of the job in the Workshop."""
    kind: str
    """``"project"`` or ``"ship"``."""
    name: str
    """Project or catalog ship name."""
    cost: float
    """RU the finished object holds."""
    ru_per_success: int
    """RU one Handling success adds."""
    level: int = 1
    """Project level, size, rank, count or points (1 for ships)."""
    site: str | None = None
    """Where a project stands (``"3"`` for orbit 3, ``"3.1"`` for its first moon, ``"star"``)."""
    ru: float = 0.0
    """RU put in so far."""
    successes: int = 0
    """Handling successes spent on it so far."""

    @property
    def finished(self) -> bool:
        """All its RU are in."""
        return self.ru >= self.cost

    @property
    def successes_needed(self) -> int:
        """Handling successes the whole build takes (1 per ``ru_per_success`` RU, rounded up)."""
        return max(1, -int(-self.cost // self.ru_per_success))

    @property
    def hits(self) -> int:
        """Hits it takes now: 1 while unfinished, the project's hits once finished."""
        if self.kind != "project" or not self.finished:
            return Project.UNFINISHED_HITS
        return Project(project_type(self.name), self.level).hits

    def to_dict(self) -> dict[str, Any]:
        """Plain form (for reports)."""
        return {
            "key": self.key,
            "kind": self.kind,
            "name": self.name,
            "level": self.level,
            "site": self.site,
            "cost": self.cost,
            "ru": self.ru,
            "successes": self.successes,
            "finished": self.finished,
        }


@dataclass
class LooseObject:
    """A hulk or other loose object lying in the orbit, worth its RU once gathered."""

    key: str
    """``"H1"`` for hulks, ``"O1"`` for other objects."""
    name: str
    """What it is (``"Frigate hulk"``)."""
    ru: int
    """RU it yields (a hulk: half its ship's cost, rounded down)."""
    gathered: bool = False
    """Already gathered (its RU are at hand)."""


class Workshop:
    """Repairs, reconditioning, gathering, building, mining and recycling as days of rolls.

    Ships are :class:`~.state.Unit` records like in a battle, so the same pool helpers give
    the dice: the entity's Handling plus every usable ship with Handling (ships under
    Control roll at the entity's rank or their own, whichever is higher).

    Targets of a day's plan, by task:

    * ``repair``: a unit key, or ``"0:E"`` for the entity's own hits;
    * ``recondition``: a unit key (refused for a Tek Locked entity: it cannot use other
      sides' equipment at all and must trade or recycle it);
    * ``gather``: a hulk or loose object key (:meth:`add_hulk`, :meth:`add_object`); its RU
      come to hand;
    * ``build``: a job key from :meth:`start_project` or :meth:`start_ship` (a bare project
      name starts that project at level 1);
    * ``mine``: ``"surface"``, ``"crust"`` or ``"core"`` when no star system is given; with a
      ``system``, ``"<orbit>:<layer>"`` (``"3:crust"``), ``"<orbit>.<moon>:<layer>"`` for a
      moon, or ``"star:core"`` / ``"star:surface"`` through a Stellar Tap. The world's RU go
      down as they are mined, and an exhausted layer is refused;
    * ``recycle``: a unit key (5 RU a success, never more than its cost).

    Natural Aptitude adds one success a day to each task of its area the plan attempts (to
    the first attempt of that task that failed, else the first one).

    >>> rel = Entity("Releata", battle=8, control=3, handling=1, information=1, sensors=1)
    >>> ws = Workshop(rel, faction="Kingdoms of Jukint", seed=1)
    >>> k = ws.add("Servo", neutralized=True, maker="Takeru Republic")
    >>> rolls = ws.day(faces=[1]).get("rolls")
    >>> print(*(r.get("task") for r in rolls))
    repair
    """

    # every public attribute is a kit.validate.Field: checked when set (the campaign clock and
    # a GM's notebook both change a Workshop between days)
    entity = validate.Field(validate.instance, of=Entity, doc="The entity at work (its hits).")
    faction = validate.Field(
        lambda label, value: (
            None if value is None else validate.text(label, value, max_len=limits.MAX_NAME)
        ),
        doc="The side whose ships need no reconditioning (None: every ship does).",
    )
    rng = validate.Field(
        validate.instance, of=np.random.Generator, doc="Where the dice of :meth:`day` come from."
    )
    ru = validate.Field(validate.number, lo=0, hi=1e12, doc="RU at hand.")
    system = validate.Field(
        lambda label, value: _system_or_none(label, value),
        doc="The star system worked in (None: mining draws on no particular world).",
    )
    seed: validate.Field[int] = validate.Field(fixed=True, doc="The recorded seed.")
    rules: validate.Field[SuccessorsRules] = validate.Field(
        fixed=True, doc="The rules options the days are played under."
    )
    units: validate.Field[dict[str, Unit]] = validate.Field(fixed=True, doc="Ships by key.")
    days: validate.Field[list[DayReport]] = validate.Field(fixed=True, doc="Days rolled so far.")
    projects: validate.Field[dict[str, BuildJob]] = validate.Field(
        fixed=True, doc="Builds by key, finished ones included."
    )
    loose: validate.Field[dict[str, LooseObject]] = validate.Field(
        fixed=True, doc="Hulks and loose objects in the orbit, by key."
    )

    def __init__(
        self,
        entity: Entity,
        *,
        faction: str | None = None,
        seed: SeedLike = None,
        ru: float = 0,
        system: StarSystem | None = None,
        rules: SuccessorsRules = DEFAULT_RULES,
    ) -> None:
        if not isinstance(entity, Entity):
            raise InvalidType(f"entity must be an Entity, got {entity!r}")
        if not isinstance(rules, SuccessorsRules):
            raise InvalidType(f"rules must be SuccessorsRules, got {rules!r}")
        self.entity = entity
        self.faction = faction if faction is not None else entity.side
        self.rng, self.seed = make_rng(seed)
        self.units = {}
        self.days = []
        self.ru = ru
        self.rules = rules
        self.system = system
        self.projects = {}
        self.loose = {}

    # ------------------------------------------------------------------ setting up
    def add(self, name: str, *, neutralized: bool = False, maker: str | None = None) -> str:
        """Add a ship (catalog name); return its key. ``maker`` other than ours needs reconditioning."""
        t = ship_type(name)
        key = f"0:{len(self.units) + 1}"
        maker = maker if maker is not None else self.faction
        self.units[key] = Unit(
            key,
            0,
            0,
            t.name,
            t.design,
            float(t.cost),
            maker,
            sig=t.sig,
            damaged=neutralized,
            needs_recondition=maker != self.faction and not self.entity.has("no_recondition"),
        )
        return key

    def add_hulk(self, name: str) -> str:
        """A hulk of a catalog ship: scrap worth half the ship's RU, rounded down."""
        t = ship_type(name)
        return self.add_object(f"{t.name} hulk", int(t.cost // 2), prefix="H")

    def add_object(self, name: str, ru: int, *, prefix: str = "O") -> str:
        """A loose object worth ``ru`` RU once gathered; return its key."""
        name = validate.text("name", name, max_len=120)
        ru = validate.integer("ru", ru, 0, 10**9)
        key = f"{prefix}{sum(1 for k in self.loose if k.startswith(prefix)) + 1}"
        self.loose[key] = LooseObject(key, name, ru)
        return key

    def start_project(
        self,
        name: str,
        level: int = 1,
        *,
        site: str | None = None,
        sensors: Sequence[int] | Mapping[str, int] | None = None,
        other_end: BuildJob | int | None = None,
    ) -> str:
        """Start one copy of an engineering project (one Handling success per 5 RU); its key.

        ``site`` names where it stands: an orbit (``"3"``), a moon (``"3.1"``) or ``"star"``.
        A Core Tap needs a world with a core, a Stellar Tap the star.

        A Hyper Gate (``level`` is its size) is one end of a pair: its builders must know of
        10 Sensors successes in both systems, given as ``sensors=(here, there)`` or as a
        mapping of the two systems' names to their successes, and when the far end already
        stands or is under way, ``other_end`` (its :class:`BuildJob` or its size) must be the
        same size. Otherwise IllegalAction names what is missing
        (:func:`~kit.successors.projects.check_hyper_gate`).
        """
        p = project(name, level, self.rules)
        if p.type.effect == "gate":
            if isinstance(other_end, BuildJob):
                if other_end.kind != "project" or project_type(other_end.name) is not p.type:
                    raise InvalidInput(
                        f"other_end must be the far Hyper Gate's job, got a {other_end.name!r} job"
                    )
                other_end = other_end.level
            check_hyper_gate(p.level, sensors, other_end=other_end)
        elif sensors is not None or other_end is not None:
            raise InvalidInput(f"sensors and other_end belong to a Hyper Gate, not to a {p.name}")
        if site is not None:
            site = self._site(site)
        if p.type.effect == "core_mining" and (site is None or site == "star"):
            raise InvalidInput(f"a Core Tap needs site=<orbit> of a world, got {site!r}")
        if p.type.effect == "stellar_mining" and site not in (None, "star"):
            raise InvalidInput(f"a Stellar Tap stands on the star: site='star', got {site!r}")
        if p.type.effect == "stellar_mining":
            site = "star"
        key = self._new_key(p.name)
        self.projects[key] = BuildJob(
            key,
            "project",
            p.name,
            float(p.unit_cost),
            self.rules.project_ru_per_success,
            p.level,
            site,
        )
        return key

    def start_ship(self, name: str) -> str:
        """Start building a catalog ship of our side (one Handling success per 3 RU); its key."""
        t = ship_type(name)
        key = self._new_key(t.name)
        self.projects[key] = BuildJob(
            key, "ship", t.name, float(t.cost), self.rules.build_ru_per_success
        )
        return key

    def install(
        self,
        name: str,
        level: int = 1,
        *,
        site: str | None = None,
        sensors: Sequence[int] | Mapping[str, int] | None = None,
        other_end: BuildJob | int | None = None,
    ) -> str:
        """Record a finished project already standing here (a Core Tap built long ago).

        A Hyper Gate is checked as in :meth:`start_project`.
        """
        key = self.start_project(name, level, site=site, sensors=sensors, other_end=other_end)
        job = self.projects[key]
        job.ru, job.successes = job.cost, job.successes_needed
        return key

    def installed(self, name: str, site: str | None = None) -> list[BuildJob]:
        """Finished projects called ``name`` (at ``site`` if given)."""
        p = project_type(name)
        return [
            j
            for j in self.projects.values()
            if j.kind == "project"
            and j.name == p.name
            and j.finished
            and (site is None or j.site == site)
        ]

    def _new_key(self, name: str) -> str:
        key, n = name, 1
        while key in self.projects:
            n += 1
            key = f"{name} #{n}"
        return key

    # ------------------------------------------------------------------ dice and plans
    @property
    def usable(self) -> list[Unit]:
        """Ships in working order and of usable make."""
        return [u for u in self.units.values() if u.operational]

    @property
    def control_limit(self) -> int:
        """Most ships the entity may hold under Control: its current Control rank times
        ``rules.control_limit_per_rank`` (ruling 2: the rank itself); 0 when neutralized."""
        if self.entity.neutralized:
            return 0
        return int(self.entity.current("control") * self.rules.control_limit_per_rank)

    def control(self, keys: list[str]) -> None:
        """Put usable ships under the entity's Control (at most :attr:`control_limit`)."""
        if len(keys) > self.control_limit:
            raise IllegalAction(
                f"{self.entity.name} can Control {self.control_limit} ships, {len(keys)} were asked"
            )
        for k in keys:
            if k not in self.units or not self.units[k].operational:
                raise IllegalAction(f"{k!r} is not a usable ship")
        for u in self.units.values():
            u.controlled = u.key in keys

    def dice(self) -> list[int]:
        """Today's Handling dice (highest first)."""
        ships = self.usable
        ctl: Any = {u.key for u in ships if u.controlled}  # unit keys stand in for ship ids
        return ability_pool("handling", self.entity, ships, ctl, rules=self.rules)

    def pending(self) -> list[tuple[str, str]]:
        """Jobs still to do, in the default order: ships with Handling first (they add dice),
        then the entity's own hits (first of all if it is neutralized), then the cheapest."""
        jobs = []
        order = sorted(self.units.values(), key=lambda u: (-u.design.handling, u.cost, u.key))
        entity_done = not any(self.entity.damage)
        for u in order:
            if not entity_done and (self.entity.neutralized or not u.design.handling):
                jobs.append(("repair", "0:E"))  # after the ships that add Handling dice
                entity_done = True
            if not u.in_orbit:
                continue
            if u.damaged:
                jobs.append(("repair", u.key))
            elif u.needs_recondition and not self.entity.has("tek_locked"):
                jobs.append(("recondition", u.key))
        if not entity_done:
            jobs.append(("repair", "0:E"))
        return jobs

    def check(self, task: str, target: object) -> None:
        """Raise unless ``task`` on ``target`` can be attempted at all (before any roll).

        IllegalAction for what the rules forbid (a Tek Locked entity reconditioning, mining
        an exhausted layer or a star without a Stellar Tap); InvalidInput for unknown names.
        """
        validate.choice("task", task, TASKS)
        if task == "recondition" and self.entity.has("tek_locked"):
            raise IllegalAction(
                f"{self.entity.name} is Tek Locked: it cannot recondition {target!r}; "
                "equipment of other sides must be traded or recycled"
            )
        if task in ("repair", "recondition", "recycle"):
            if task == "repair" and target == "0:E":
                return
            if target not in self.units:
                raise InvalidInput(f"{task} target must be a unit key, one of {list(self.units)}")
        elif task == "gather":
            if target not in self.loose:
                raise InvalidInput(
                    f"gather target must be a hulk or object key, one of {list(self.loose)}"
                )
        elif task == "mine":
            self._mine_rate(target)
        elif task == "build":
            if not isinstance(target, str):
                raise InvalidType(f"build target must be a job key or project name, got {target!r}")
            if target not in self.projects and project_type(target).effect == "gate":
                raise IllegalAction(
                    f"{target!r} is no job here: start a Hyper Gate with "
                    "start_project('Hyper Gate', size, sensors=(here, there)), then build its key"
                )  # a bare project name starts that project; a gate needs its sensors first

    def day(
        self, plan: list[tuple[str, Any]] | None = None, *, faces: list[int] | None = None
    ) -> dict[str, Any]:
        """Roll one day. ``plan`` gives (task, target) per die; default: the pending jobs.

        Usable Handling ships are put under Control first when there is room (default plan).
        The whole plan is checked before a die is rolled (see :meth:`check`).
        """
        if plan is None:
            room = self.control_limit
            helpers = [u.key for u in self.usable if u.design.handling][:room]
            self.control(helpers)
            plan = self.pending()
        dice = self.dice()
        plan = list(plan)[: len(dice)]
        for task, target in plan:
            self.check(task, target)
        roller: Roller = ScriptedRoller(faces) if faces is not None else RngRoller(self.rng)
        got = roller.faces(len(plan))
        report = DayReport(len(self.days) + 1)
        rows = [
            {
                "task": task,
                "target": target,
                "die": die,
                "face": face,
                "success": face <= die and face < 6,
                "bonus": 0,
            }
            for (task, target), die, face in zip(plan, dice, got)
        ]
        self._aptitude(rows)
        for row in rows:
            times = int(row["success"]) + row["bonus"]
            done = False
            for _ in range(times if row["task"] in _QUANTITY_TASKS else min(times, 1)):
                done = self._do(row["task"], row["target"], report) or done
            row["done"] = done
            if not row["bonus"]:
                del row["bonus"]
        report.rolls = rows
        self.days.append(report)
        return {"day": report.day, "rolls": report.rolls, "events": report.events}

    def _aptitude(self, rows: list[dict[str, Any]]) -> None:
        """Natural Aptitude: one extra success a day per task of its area in the plan."""
        needs = self.rules.aptitude_bonus_needs_a_success
        for task in dict.fromkeys(r["task"] for r in rows):
            mine = [r for r in rows if r["task"] == task]
            at = aptitude_attempt([r["success"] for r in mine], needs_a_success=needs)
            if at is not None:
                mine[at]["bonus"] += self.entity.aptitude_bonus(task)

    # ------------------------------------------------------------------ doing the work
    def _do(self, task: str, target: Any, report: DayReport) -> bool:
        if task == "mine":
            return self._mine(target, report)
        if task == "build":
            return self._build(str(target), report)
        if task == "gather":
            obj = self.loose[target]
            if obj.gathered:
                return False
            obj.gathered = True
            self.ru += obj.ru
            report.events.append({"kind": "gathered", "target": target, "ru": obj.ru})
            return True
        if target == "0:E":
            a = entity_repair_ability(self.entity)
            if a is None:
                return False
            self.entity = self.entity.with_damage(a, -1)
            return True
        u = self.units.get(target)
        if u is None or not u.in_orbit:
            return False
        if task == "repair" and u.damaged:
            u.damaged = False
            return True
        if task == "recondition" and u.needs_recondition and not u.damaged:
            u.needs_recondition = False
            return True
        if task == "recycle":
            take = min(RECYCLE_RU, u.cost - u.eaten)
            u.eaten += take
            u.damaged = True
            self.ru += take
            if u.eaten >= u.cost:
                u.state = "destroyed"
            return take > 0
        return False

    def _build(self, key: str, report: DayReport) -> bool:
        job = self.projects.get(key)
        if job is None:
            self.start_project(key)
            job = self.projects[key]
        if job.finished:
            return False
        add = min(float(job.ru_per_success), job.cost - job.ru, self.ru)
        if add <= 0:
            return False
        job.ru += add
        job.successes += 1
        self.ru -= add
        if job.finished:
            report.events.append({"kind": "finished", "job": key, "name": job.name})
            if job.kind == "ship":
                report.events[-1]["unit"] = self.add(job.name)
        return True

    # ------------------------------------------------------------------ mining
    def _site(self, site: Any) -> str:
        """Validate a site name: ``"star"``, ``"<orbit>"`` or ``"<orbit>.<moon>"``."""
        text = validate.text("site", str(site), max_len=20).strip().lower()
        if text == "star":
            return text
        if self.system is None:
            return text
        self._body(text)
        return text

    def _body(self, site: str) -> Any:
        """The Body at ``site`` of the system (InvalidInput naming what exists)."""
        if self.system is None:
            raise IllegalAction(f"mining {site!r} needs a star system: Workshop(..., system=...)")
        orbit, _, moon = site.partition(".")
        try:
            o = self.system.orbit(int(orbit))
        except (ValueError, InvalidInput):
            raise InvalidInput(
                f"site {site!r}: orbit must be one of 1..{len(self.system.orbits)}"
            ) from None
        body = o.body
        if body is None:
            raise IllegalAction(f"orbit {orbit} is empty: there is nothing to mine")
        if moon:
            i = validate.integer(
                "moon", int(moon) if validate.is_whole_text(moon) else moon, 1, len(body.moons)
            )
            body = body.moons[i - 1]
        return body

    def _mine_rate(self, target: Any) -> tuple[str | None, str, int]:
        """(site, layer, RU per success) for a mining target; raise when it cannot be mined."""
        text = validate.text("mine target", str(target), max_len=30).strip().lower()
        site, _, layer = text.rpartition(":")
        validate.choice("mining layer", layer, _LAYERS)
        if not site:
            if self.system is not None:
                raise InvalidInput(
                    f"with a star system, mine '<orbit>:{layer}' or 'star:{layer}', got {target!r}"
                )
            return None, layer, MINING_RATES[layer]
        if site == "star":
            if not self.installed("Stellar Tap", "star"):
                raise IllegalAction("mining a star needs a finished Stellar Tap")
            if layer == "core":
                return site, layer, MINING_RATES["core"]
            star = self.system.star.spectral_class if self.system is not None else None
            if layer == "surface" and star == "D":
                return site, layer, MINING_RATES["surface"]
            raise IllegalAction(
                f"a Stellar Tap mines a star's core; surface mining needs a Type D star "
                f"(this one is {star!r}); got {target!r}"
            )
        body = self._body(self._site(site))
        left = self._left(body, layer)
        if left is None:
            raise IllegalAction(f"{body.kind} at {site} has no {layer} to mine")
        if left <= 0:
            raise IllegalAction(f"the {layer} RU of {body.kind} at {site} are exhausted")
        rate = MINING_RATES[layer]
        if layer == "core" and self.installed("Core Tap", site):
            rate = MINING_RATES["crust"]  # a Core Tap lets crust mining reach the core
        return site, layer, rate

    @staticmethod
    def _left(body: Any, layer: str) -> int | None:
        return cast(
            "int | None",
            {"surface": body.surface_ru, "crust": body.crust_ru, "core": body.core_ru}[layer],
        )

    def _mine(self, target: Any, report: DayReport) -> bool:
        try:
            site, layer, rate = self._mine_rate(target)
        except IllegalAction:
            return False  # exhausted by an earlier die today
        take = rate
        if site is not None and site != "star":
            body = self._body(site)
            left = self._left(body, layer) or 0
            take = min(rate, left)
            attr = f"{layer}_ru"
            self._set_body(site, dataclasses.replace(body, **{attr: left - take}))
        self.ru += take
        report.events.append({"kind": "mined", "target": str(target), "ru": take})
        return take > 0

    def _set_body(self, site: str, body: Any) -> None:
        orbit, _, moon = site.partition(".")
        n = int(orbit)
        assert self.system is not None
        if moon:
            host = self.system.orbit(n).body
            assert host is not None  # _site checked that the orbit holds a world with the moon
            moons = list(host.moons)
            moons[int(moon) - 1] = body
            body = dataclasses.replace(host, moons=tuple(moons))
        self.system = self.system.with_orbit(n, body)

    def run_until_done(self, max_days: int = 10000) -> int:
        """Roll default days until nothing is pending; return the days it took."""
        start = len(self.days)
        while self.pending():
            if len(self.days) - start >= max_days:
                raise IllegalAction(f"not done after {max_days} days")
            self.day()
        return len(self.days) - start

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form: the entity, the ships, the builds, the loose objects and the days.

        The dice of days still to come are drawn after a load from a generator seeded by the
        Workshop's seed and the number of days rolled so far (the campaign clock gives each
        day its own dice anyway, see :mod:`kit.clock`).
        """
        return {
            "entity": self.entity.to_dict(),
            "faction": self.faction,
            "seed": self.seed,
            "ru": self.ru,
            "rules": self.rules.to_dict(),
            "system": None if self.system is None else self.system.to_dict(),
            "units": [
                {
                    "key": u.key,
                    "name": u.name,
                    "maker": u.maker,
                    "damaged": u.damaged,
                    "needs_recondition": u.needs_recondition,
                    "controlled": u.controlled,
                    "eaten": u.eaten,
                    "state": u.state,
                }
                for u in self.units.values()
            ],
            "projects": [
                {k: v for k, v in j.to_dict().items() if k != "finished"}
                | {"ru_per_success": j.ru_per_success}
                for j in self.projects.values()
            ],
            "loose": [dataclasses.asdict(o) for o in self.loose.values()],
            "days": [{"day": d.day, "rolls": d.rolls, "events": d.events} for d in self.days],
        }

    @classmethod
    def from_dict(cls, raw: object) -> Workshop:
        """Read :meth:`to_dict` output; any bad field raises the kit's errors, naming it."""
        from ..stars.system import StarSystem

        raw = validate.mapping("workshop", raw)
        keys = ("entity", "faction", "seed", "ru", "rules", "system", "units", "projects")
        validate.no_unknown_keys("workshop", raw, (*keys, "loose", "days"))
        validate.require_keys("workshop", raw, ("entity", "seed"))
        system = raw.get("system")
        faction = raw.get("faction")
        ws = cls(
            Entity.from_dict(raw["entity"]),
            faction=None
            if faction is None
            else validate.text("faction", faction, max_len=limits.MAX_NAME),
            seed=validate.integer("seed", raw["seed"], 0, limits.MAX_INT),
            ru=raw.get("ru", 0),
            system=None if system is None else StarSystem.from_dict(system),
            rules=SuccessorsRules.from_dict(raw.get("rules", {})),
        )
        units = validate.sequence("units", raw.get("units", []))
        if len(units) > limits.MAX_SHIPS_PER_FLEET:
            raise InvalidInput(
                f"a workshop holds at most {limits.MAX_SHIPS_PER_FLEET} ships, got {len(units)}"
            )
        for k, u in enumerate(units):
            f = f"units[{k}]"
            u = validate.mapping(f, u)
            validate.no_unknown_keys(
                f,
                u,
                (
                    "key",
                    "name",
                    "maker",
                    "damaged",
                    "needs_recondition",
                    "controlled",
                    "eaten",
                    "state",
                ),
            )
            validate.require_keys(f, u, ("key", "name"))
            maker = u.get("maker")
            key = ws.add(
                validate.text(f"{f}.name", u["name"], max_len=limits.MAX_NAME),
                neutralized=validate.boolean(f"{f}.damaged", u.get("damaged", False)),
                maker=None if maker is None else validate.text(f"{f}.maker", maker),
            )
            if u["key"] != key:
                raise InvalidInput(f"{f}.key must be {key!r} (units are numbered in order)")
            unit = ws.units[key]
            unit.needs_recondition = validate.boolean(
                f"{f}.needs_recondition", u.get("needs_recondition", False)
            )
            unit.controlled = validate.boolean(f"{f}.controlled", u.get("controlled", False))
            unit.eaten = float(validate.number(f"{f}.eaten", u.get("eaten", 0), 0, unit.cost))
            unit.state = validate.choice(f"{f}.state", u.get("state", "active"), _UNIT_STATES)
        for k, j in enumerate(validate.sequence("projects", raw.get("projects", []))):
            f = f"projects[{k}]"
            j = validate.mapping(f, j)
            fields = [x.name for x in dataclasses.fields(BuildJob)]
            validate.no_unknown_keys(f, j, fields)
            validate.require_keys(f, j, ("key", "kind", "name", "cost", "ru_per_success"))
            job = BuildJob(
                validate.text(f"{f}.key", j["key"], max_len=limits.MAX_NAME),
                validate.choice(f"{f}.kind", j["kind"], ("project", "ship")),
                validate.text(f"{f}.name", j["name"], max_len=limits.MAX_NAME),
                float(validate.number(f"{f}.cost", j["cost"], 0, 1e9)),
                validate.integer(f"{f}.ru_per_success", j["ru_per_success"], 1, 1000),
                validate.integer(f"{f}.level", j.get("level", 1), 1, 10_000),
                None if j.get("site") is None else validate.text(f"{f}.site", j["site"]),
                float(validate.number(f"{f}.ru", j.get("ru", 0), 0, 1e9)),
                validate.integer(f"{f}.successes", j.get("successes", 0), 0, limits.MAX_INT),
            )
            ws.projects[job.key] = job
        for k, o in enumerate(validate.sequence("loose", raw.get("loose", []))):
            f = f"loose[{k}]"
            o = validate.mapping(f, o)
            validate.no_unknown_keys(f, o, ("key", "name", "ru", "gathered"))
            validate.require_keys(f, o, ("key", "name", "ru"))
            obj = LooseObject(
                validate.text(f"{f}.key", o["key"], max_len=20),
                validate.text(f"{f}.name", o["name"], max_len=120),
                validate.integer(f"{f}.ru", o["ru"], 0, 10**9),
                validate.boolean(f"{f}.gathered", o.get("gathered", False)),
            )
            ws.loose[obj.key] = obj
        days = validate.sequence("days", raw.get("days", []))
        if len(days) > limits.MAX_EVENTS:
            raise InvalidInput(
                f"a workshop keeps at most {limits.MAX_EVENTS} days, got {len(days)}"
            )
        for k, d in enumerate(days):
            f = f"days[{k}]"
            d = validate.mapping(f, d)
            validate.no_unknown_keys(f, d, ("day", "rolls", "events"))
            if d.get("day") != k + 1:
                raise InvalidInput(f"{f}.day must be {k + 1} (days are numbered in order)")
            rolls = [dict(validate.mapping(f"{f}.rolls", r)) for r in d.get("rolls", [])]
            events = [dict(validate.mapping(f"{f}.events", e)) for e in d.get("events", [])]
            ws.days.append(DayReport(k + 1, rolls, events))
        ws.rng = step_rng(ws.seed, len(ws.days))
        return ws

    def to_json(self) -> str:
        """Versioned JSON text (format ``gm-kit/successors-workshop``)."""
        return store.dumps(*WORKSHOP_FORMAT, self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Workshop:
        """Read :meth:`to_json` text."""
        try:
            return cls.from_dict(store.loads(text, *WORKSHOP_FORMAT))
        except KitError:
            raise
        except (KeyError, TypeError, AttributeError, ValueError, IndexError) as exc:
            raise InvalidInput(f"workshop data is malformed: {exc!r}") from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Workshop):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Workshop({self.entity.name!r}, {len(self.units)} ships, day {len(self.days)}, "
            f"{len(self.pending())} jobs pending)"
        )
