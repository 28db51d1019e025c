"""A battle in one orbit, kept as an event log and played phase by phase.

>>> from kit.successors import Entity
>>> b = Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 3})], seed=4)
>>> b.run().result["winner"] in ("A", "B", None)
True
>>> Battle.from_json(b.to_json()) == b
True

The unit of play is the phase: :meth:`Battle.step_phase` plays the next of the eight phases
(order of battle, Sensors, Take-Over, repair, First Strike, Main, Last, retreats) and appends
its events as one undoable action. Each phase draws its dice from a generator seeded by the
battle's seed and the phase's number, so replaying, undoing and stepping again give the same
dice, and a loaded battle continues exactly as the saved one would have.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ... import store, validate
from ...errors import IllegalAction, InvalidInput, InvalidType, KitError
from ...log import Event, EventLog, Observable
from ...rng import SeedLike, make_rng, step_rng
from ...store import JSON
from ..ships import ship_type
from .audit import check_recorded
from .core_rules import battle_end
from .events import (
    Ctx,
    LazyRngRoller,
    RngRoller,
    Roller,
    ScriptedRoller,
    apply_event,
    copy_state,
    phase_copy,
    plain_json,
)
from .phases import PHASE_FUNCTIONS
from .policies import AutoPolicy, DecisionNeeded
from .protocol import AnsweringPolicy, CombatPolicy
from .rules import DEFAULT_COMBAT_RULES, PHASES, CombatRules
from .state import GONE, BattleState, Side, initial_state

__all__ = ["BATTLE_FORMAT", "Battle", "describe_event", "label", "possessive", "summarize"]

#: Save-file format kind and version.
BATTLE_FORMAT = ("successors-battle", 1)


class _OwnState(validate.Field[BattleState]):
    """A battle's state: what its own log replays to. Setting it from outside is checked like
    any other field: only a state equal to that replay is taken (and the battle keeps its own
    copy), so the battle always saves and loads back equal; another battle's state, or a state
    edited by hand, is refused. The battle itself sets it through :func:`validate.restore`."""

    def __set__(self, obj: object, value: object) -> None:
        if not isinstance(value, BattleState):
            raise InvalidType(
                f"Battle.state must be the BattleState the battle's own log replays to, "
                f"got {type(value).__name__}"
            )
        assert isinstance(obj, Battle)
        own = obj._replay()
        if value != own:
            raise InvalidInput(
                f"Battle.state is replayed from the battle's own log (round {own.round}, "
                f"{own.phase_index} phases into it, {len(obj.log)} events); the state given "
                f"(round {value.round}, {value.phase_index} phases into it) is not that replay, "
                "perhaps another battle's. Change a battle by playing it (step_phase, run, "
                "answer) or undo; make a new Battle for another fight"
            )
        validate.restore(obj, "state", own)


class Battle(Observable):
    """A battle between two or more :class:`Side` s in one orbit (see the module docs)."""

    orbit = validate.Field(validate.text, allow_empty=True, max_len=80, doc="Where it is fought.")
    state = _OwnState(notify=False, doc="The derived state (replayed from the log; read only).")
    # fixed once the battle is made (see kit.validate.Field): its log was played with them
    sides: validate.Field[tuple[Side, ...]] = validate.Field(fixed=True)
    rules: validate.Field[CombatRules] = validate.Field(fixed=True)
    seed: validate.Field[int] = validate.Field(fixed=True)
    log: validate.Field[EventLog] = validate.Field(fixed=True)
    jammer = validate.Field(validate.integer, lo=0, hi=4, fixed=True, doc="Jammer strength.")

    def __init__(
        self,
        sides: Sequence[Side],
        *,
        rules: CombatRules = DEFAULT_COMBAT_RULES,
        seed: SeedLike = None,
        jammer: int = 0,
        orbit: str = "",
        log: EventLog | None = None,
    ) -> None:
        sides = list(validate.sequence("sides", list(sides)))
        if len(sides) < 2:
            raise InvalidInput(f"a battle needs at least 2 sides, got {len(sides)}")
        for s in sides:
            if not isinstance(s, Side):
                raise InvalidType(f"each side must be a Side, got {s!r}")
        if not isinstance(rules, CombatRules):
            raise InvalidType(f"rules must be CombatRules, got {rules!r}")
        _check_sides_apart(sides)
        self.sides = tuple(sides)
        self.rules = rules
        _, self.seed = make_rng(seed)
        self.jammer = jammer
        self.orbit = orbit
        self.log = log if log is not None else EventLog()
        validate.restore(self, "state", self._replay())
        #: (decision, policy) of the last step that stopped for a decision, until the battle
        #: moves on (see :attr:`waiting`)
        self._waiting: tuple[dict[str, Any], CombatPolicy] | None = None

    # ------------------------------------------------------------------ state
    def _replay(self) -> BattleState:
        st = initial_state(self.sides)
        for i, e in enumerate(self.log):
            check_recorded(st, self.rules, i, e.kind, e.data)  # a roll's result from its faces
            apply_event(st, e.kind, dict(e.data))
        return st

    @property
    def round(self) -> int:
        """The round being played."""
        return int(self.state.round)

    @property
    def next_phase(self) -> str:
        """Name of the phase :meth:`step_phase` plays next."""
        return PHASES[self.state.phase_index % len(PHASES)]

    @property
    def waiting(self) -> dict[str, Any] | None:
        """The decision the last :meth:`step_phase` stopped at (its
        :class:`~.policies.DecisionNeeded` dict), while nothing else has happened since; None
        otherwise.

        This is the one record of a waiting decision: :meth:`answer` answers it,
        ``kit.advice(battle)`` advises on it and the Combat table shows it, whichever policy
        asked (a cell's :class:`~.policies.InteractivePolicy` or the table's own)."""
        return None if self._waiting is None else self._waiting[0]

    @property
    def asked_by(self) -> CombatPolicy | None:
        """The policy whose question :attr:`waiting` is (None when nothing waits)."""
        return None if self._waiting is None else self._waiting[1]

    def answer(self, value: JSON = None) -> list[Event]:
        """Answer the :attr:`waiting` decision and play the phase it stopped; return its events.

        The answer goes to the policy that asked (:attr:`asked_by`) and the phase is played
        again with it, so a decision raised in one place can be answered in another. ``None``
        takes the decision's default; otherwise hit targets (a list of unit keys) for
        ``"allocate"``, a ship key or ``"none"`` for ``"takeover"``, true or false for
        ``"retreat"``. A refused answer raises and the decision stays waiting; a further
        decision in the same phase raises :class:`~.policies.DecisionNeeded` and waits in turn.

        Raises:
            IllegalAction: nothing is waiting.
        """
        if self._waiting is None:
            raise IllegalAction("no decision is waiting to be answered")
        decision, policy = self._waiting
        if value is None:
            value = decision.get("default")
        if decision.get("kind") == "retreat":
            value = validate.boolean("retreat", value)
        if not isinstance(policy, AnsweringPolicy):
            raise InvalidType(
                f"the policy that asked ({type(policy).__name__}) takes no answers; answer "
                "through an InteractivePolicy"
            )
        policy.answer(decision, value)
        return self.step_phase(policy)

    def cancel_decision(self) -> None:
        """Forget the :attr:`waiting` decision without answering it (the battle is unchanged:
        the phase it stopped is played again by the next :meth:`step_phase`)."""
        if self._waiting is not None:
            self._waiting = None
            self._changed()

    @property
    def over(self) -> bool:
        """True once the battle has ended."""
        return bool(self.state.over)

    @property
    def result(self) -> dict[str, Any] | None:
        """The outcome once over (see :func:`summarize`)."""
        return self.state.result

    @property
    def events(self) -> list[Event]:
        """Every event so far."""
        return list(self.log)

    def units(self, side: int | None = None) -> list[Any]:
        """Unit records (all, or of the side that owns them now)."""
        us = list(self.state.units.values())
        return us if side is None else [u for u in us if u.owner == side]

    # ------------------------------------------------------------------ playing
    def _ctx(self, st: BattleState, policy: CombatPolicy, roller: Roller, record: Any) -> Ctx:
        return Ctx(self.sides, st, self.rules, policy, roller, jammer=self.jammer, record=record)

    def step_phase(
        self, policy: CombatPolicy | None = None, *, faces: Sequence[int] | None = None
    ) -> list[Event]:
        """Play the next phase with ``policy`` (default :class:`AutoPolicy`); return its events.

        ``faces`` scripts the dice of this phase (worked examples); when they run out the
        seeded dice continue. A failing phase (an illegal choice, a decision still needed)
        raises and leaves the battle exactly as it was.
        """
        if self.over:
            raise IllegalAction("the battle is over")
        policy = policy if policy is not None else AutoPolicy()
        begin = getattr(policy, "begin_phase", None)
        if begin is not None:
            begin()
        # the phase plays on a copy: during the phase, self.state is still the state before it
        # (advice replays from it), and a failing phase leaves it untouched
        st = phase_copy(self.state)
        phase = PHASES[st.phase_index % len(PHASES)]
        rnd = st.round + (1 if st.phase_index >= len(PHASES) else 0)
        steps = st.steps
        roller: Roller = LazyRngRoller(lambda: step_rng(self.seed, steps))
        if faces is not None:
            roller = ScriptedRoller(list(faces), fallback=roller)
        pending: list[tuple[str, dict[str, Any]]] = []
        ctx = self._ctx(st, policy, roller, lambda k, d: pending.append((k, d)))
        ctx.emit("phase", round=rnd, phase=phase)
        try:
            PHASE_FUNCTIONS[phase](ctx)
        except DecisionNeeded as need:
            self._waiting = (need.decision, policy)
            self._changed()  # every view of the battle shows the question, wherever it was asked
            raise
        self._waiting = None
        end = _end_check(ctx, phase)
        if end is not None:
            ctx.emit("end", **end)
        with self.log.action():
            # plain JSON values (lists, not tuples), so a saved battle compares equal
            out = [self.log.append(k, **plain_json(d)) for k, d in pending]
        validate.restore(self, "state", st)
        self._changed()
        return out

    def step_round(self, policy: CombatPolicy | None = None) -> list[Event]:
        """Play phases until the current round's retreat phase is done (or the battle ends)."""
        out: list[Event] = []
        while not self.over:
            out += self.step_phase(policy)
            if out[0].kind == "phase" and PHASES[self.state.phase_index - 1] == "retreat":
                break
        return out

    def run(self, max_rounds: int | None = None, policy: CombatPolicy | None = None) -> Battle:
        """Play until the battle ends or ``max_rounds`` (default the rules') are done."""
        limit = max_rounds if max_rounds is not None else self.rules.max_rounds
        while not self.over:
            if self.state.phase_index >= len(PHASES) and self.state.round >= limit:
                with self.log.action():
                    ctx = self._ctx(
                        self.state,
                        policy or AutoPolicy(),
                        RngRoller(np.random.default_rng(0)),
                        None,
                    )
                    data = summarize(ctx, reason="round limit")
                    self.log.append("end", **data)
                apply_event(self.state, "end", data)
                self._changed()
                break
            self.step_phase(policy)
        return self

    def rammers_arrive(self, side: int | str, count: int) -> Event:
        """Rammers launched by a Hyper Cannon join ``side`` (its index or name) between rounds
        (before the first, or after a round's last phase); they attack from the next round.

        Raises:
            IllegalAction: the battle is over or in the middle of a round.
        """
        if self.over:
            raise IllegalAction("the battle is over: no Rammers can join it")
        if 0 < self.state.phase_index < len(PHASES):
            raise IllegalAction(
                f"Rammers join a battle between rounds; round {self.state.round} is being played"
            )
        names = [s.name for s in self.sides]
        if isinstance(side, str):
            i = validate.choice("side", side, names)
            side = names.index(i)
        side = validate.integer("side", side, 0, len(self.sides) - 1)
        count = validate.integer("count", count, 1, 5000)
        data = {"side": side, "count": count, "faction": self.sides[side].faction}
        with self.log.action():
            event = self.log.append("rammers_arrive", **data)
        st = copy_state(self.state)
        apply_event(st, "rammers_arrive", dict(data))
        validate.restore(self, "state", st)
        self._changed()
        return event

    def undo(self) -> None:
        """Remove the last phase (or other action) and rebuild the state."""
        self.log.undo()
        validate.restore(self, "state", self._replay())
        self._waiting = None
        self._changed()

    # ------------------------------------------------------------------ save/load
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form: setup plus events."""
        return {
            "sides": [s.to_dict() for s in self.sides],
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "jammer": self.jammer,
            "orbit": self.orbit,
            "events": self.log.to_list(),
        }

    @classmethod
    def from_dict(cls, raw: object) -> Battle:
        """Read :meth:`to_dict` output (replaying every event)."""
        raw = validate.mapping("battle", raw)
        validate.no_unknown_keys(
            "battle", raw, ("sides", "rules", "seed", "jammer", "orbit", "events")
        )
        try:
            return cls(
                [Side.from_dict(s) for s in raw["sides"]],
                rules=CombatRules.from_dict(raw.get("rules", {})),
                seed=raw["seed"],
                jammer=raw.get("jammer", 0),
                orbit=raw.get("orbit", ""),
                log=EventLog.from_list(raw.get("events", [])),
            )
        except KitError:
            raise
        except (KeyError, TypeError, AttributeError, ValueError, IndexError) as exc:
            raise InvalidInput(f"battle data is malformed: {exc!r}") from None

    def to_json(self) -> str:
        """Versioned JSON text (format ``gm-kit/successors-battle``)."""
        return store.dumps(*BATTLE_FORMAT, self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Battle:
        """Read :meth:`to_json` text."""
        return cls.from_dict(store.loads(text, *BATTLE_FORMAT))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Battle) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        names = " vs ".join(s.name for s in self.sides)
        return f"Battle({names}, round {self.round}, next {self.next_phase!r}, seed={self.seed})"

    # ------------------------------------------------------------------ views
    def summary(self) -> list[dict[str, Any]]:
        """Per side: name, counts of units by status, entity state, RU out of action."""
        rows = []
        for i, s in enumerate(self.sides):
            counts: dict[str, int] = {}
            for u in self.state.units.values():
                if u.origin == i:
                    st = u.status if u.owner == i else "taken"
                    counts[st] = counts.get(st, 0) + 1
            ss = self.state.sides[i]
            ent = ss.entity
            rows.append(
                {
                    "side": s.name,
                    "counts": counts,
                    "entity": None
                    if ent is None
                    else {
                        "name": ent.name,
                        "state": ss.entity_state,
                        "neutralized": ent.neutralized,
                        "ranks": ent.current_abilities,
                    },
                    "sensors": dict(ss.sensors),
                    "static_defenses": ss.static_defenses,
                }
            )
        return rows


def _check_sides_apart(sides: Sequence[Side]) -> None:
    """Refuse sides that are not apart: two with one name (logs and results name sides), one
    entity on two sides, or the same ships (one Fleet) on two sides: a result would have it
    both win and be destroyed."""
    seen: dict[str, int] = {}
    ships: dict[int, int] = {}
    for i, side in enumerate(sides):
        if side.name in seen:
            raise InvalidInput(
                f"sides {seen[side.name]} and {i} are both named {side.name!r}; each side of a "
                "battle needs a name of its own"
            )
        seen[side.name] = i
        for j in range(i):
            other = sides[j].entity
            if side.entity is not None and other is not None and side.entity == other:
                raise InvalidInput(
                    f"entity {side.entity.name!r} is on both side {sides[j].name!r} and side "
                    f"{side.name!r}; an entity fights on one side (give each side its own)"
                )
        for sh in side.ships:
            j = ships.setdefault(id(sh), i)
            if j != i:
                raise InvalidInput(
                    f"ship {sh.name} {sh.id} of side {side.name!r} is the very ship of side "
                    f"{sides[j].name!r} (the same Fleet or ships on both sides); a fleet fights "
                    "on one side (copy it, or give each side its own ships)"
                )


def _end_check(ctx: Ctx, phase: str) -> dict[str, Any] | None:
    alive = [i for i in range(len(ctx.sides)) if ctx.fighting(i) and not ctx.st.sides[i].retreated]
    if battle_end([i in alive for i in range(len(ctx.sides))])[0]:
        return summarize(
            ctx,
            reason="retreat"
            if any(s.retreated for s in ctx.st.sides)
            else "one side left"
            if alive
            else "no side left",
        )
    return None


def summarize(ctx: Ctx, reason: str = "") -> dict[str, Any]:
    """The outcome: winner, per side status, RU lost, hulks, rounds.

    A side's RU lost counts its ships destroyed, hulked, vaporized, eaten or taken over, and
    (``left_behind_counts_as_lost``) its neutralized ships left in the orbit when it lost or
    retreated. ``hulk_ru`` is the scrap its own hulked ships left; a side that gathered hulks
    (its own or others') also gets ``hulks_gathered`` (their keys) and ``hulk_ru_gathered``
    (their RU), which are its to use; one that put enemy entities in Cubes gets ``prisoners``
    (their sides' names), and those sides' ``entity`` reads ``"imprisoned"``.
    """
    st = ctx.st
    alive = [i for i in range(len(ctx.sides)) if ctx.fighting(i) and not st.sides[i].retreated]
    winner = alive[0] if len(alive) == 1 else None
    sides = []
    for i, s in enumerate(ctx.sides):
        ss = st.sides[i]
        if ss.retreated:
            outcome = "retreated"
        elif winner is None:
            outcome = "draw"
        else:
            outcome = "won" if winner == i else "lost"
        lost = 0.0
        for u in st.units.values():
            if u.origin != i:
                continue
            if (
                u.owner != i
                or (u.state in GONE and u.state != "retreated")
                or (u.state == "retreated" and u.held_by not in (None, i))
                or (
                    u.in_orbit
                    and u.status == "neutralized"
                    and outcome in ("lost", "retreated")
                    and ctx.rules.left_behind_counts_as_lost
                )
            ):
                lost += u.cost
        row: dict[str, Any] = {
            "name": s.name,
            "outcome": outcome,
            "ru_lost": lost,
            "entity": ss.entity_state,
            "hulk_ru": sum(
                u.hulk_ru for u in st.units.values() if u.origin == i and u.state == "hulked"
            ),
        }
        gathered = [u for u in st.units.values() if u.state == "hulked" and u.held_by == i]
        if gathered:  # only when there are any, so results of battles without them keep their form
            row["hulks_gathered"] = [u.key for u in gathered]
            row["hulk_ru_gathered"] = sum(u.hulk_ru for u in gathered)
        if ss.prisoners:
            row["prisoners"] = [ctx.sides[j].name for j in ss.prisoners]
        sides.append(row)
    return {
        "winner": ctx.sides[winner].name if winner is not None else None,
        "winner_index": winner,
        "rounds": st.round,
        "reason": reason,
        "sides": sides,
    }


def possessive(name: str) -> str:
    """``name``'s, or ``name``' for a name ending in s (an English plural, "the raiders'").

    >>> possessive("TanRac"), possessive("TanRac's raiders")
    ("TanRac's", "TanRac's raiders'")
    """
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


_STRUCTURES = {"M": "Matrix", "T": "Targeter", "S": "Static Defenses"}
_KEY = re.compile(r"\b(\d+):(E(?::[a-z]+)?|[MTS]|\d+)\b")


def _unit_name(name: str) -> str:
    """A catalog name as written in prose (``"BATTLE POD"`` -> ``"Battle Pod"``); a GM's own
    label as it was written."""
    if not name.isupper():
        return name
    try:
        catalog = ship_type(name).name == name
    except KitError:
        catalog = False
    return name.title() if catalog else name


def label(battle: Battle, key: object, *, owner: bool = True) -> str:
    """A unit key in words: ``"0:3"`` -> ``"Cruiser 3 (Releata's fleet)"``, ``"1:E"`` -> the
    entity's name, ``"1:E:information"`` -> ``"TanRac's Information"``, ``"0:S"`` -> the
    side's Static Defenses; side indices -> the side's name. ``owner=False`` leaves out a
    ship's side (where the line has named it already)."""
    if isinstance(key, int):
        return battle.sides[key].name if 0 <= key < len(battle.sides) else f"side {key}"
    if not isinstance(key, str):
        return str(key)
    m = _KEY.fullmatch(key)
    if m is None or int(m.group(1)) >= len(battle.sides):
        return key
    side, rest = int(m.group(1)), m.group(2)
    side_name = battle.sides[side].name
    if rest.startswith("E"):
        ent = battle.sides[side].entity
        who = ent.name if ent is not None else f"{possessive(side_name)} entity"
        ability = rest.partition(":")[2]
        return f"{possessive(who)} {ability.title()}" if ability else who
    if rest in _STRUCTURES:
        return f"{possessive(side_name)} {_STRUCTURES[rest]}"
    u = battle.state.units.get(key)
    name = _unit_name(u.name) if u is not None else "ship"
    return f"{name} {rest} ({side_name})" if owner else f"{name} {rest}"


def _labels(battle: Battle, keys: Sequence[object], *, owner: bool = True) -> str:
    counts: dict[str, int] = {}
    for k in keys:
        w = label(battle, k, owner=owner)
        counts[w] = counts.get(w, 0) + 1
    words = [w if n == 1 else f"{w} ({n} times)" for w, n in counts.items()]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _readable(battle: Battle, text: str) -> str:
    """Keys and side numbers in a recorded note put in words."""
    text = re.sub(r"\bside (\d+)\b", lambda m: label(battle, int(m.group(1))), text)
    return _KEY.sub(lambda m: label(battle, m.group(0)), text)


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def _entity_of(battle: Battle, side: int) -> str:
    ent = battle.sides[side].entity
    return ent.name if ent is not None else f"{possessive(battle.sides[side].name)} entity"


def describe_event(battle: Battle, e: Event) -> str:
    """One line of text for an event of ``battle`` (for logs, hovers and the widget): names
    in words (never unit keys), possessives and plurals as English has them."""
    d = e.data

    def side(i: int) -> str:
        return label(battle, i)

    if e.kind == "attack":
        who = side(d["side"])
        units = list(d.get("units", []))
        by = ""
        if units == ["buster"]:
            by = " with a Buster"
        elif units == ["stellar cannon"]:
            by = " with the Stellar Cannon"
        target = d["target"]
        what = ("aimed at " if d.get("aimed") else "at ") + label(battle, target)
        return f"{who} fires {_count(len(d['dice']), 'die', 'dice')}{by} {what}: {_count(d['hits'], 'hit')}"
    if e.kind == "damage":
        why = f" ({d['reason']})" if d.get("reason") else ""
        face = f" [rolled {d['face']}]" if d.get("face") else ""
        return f"{label(battle, d['unit'])} {d['result']}{face}{why}"
    if e.kind == "ability_hit":
        who = _entity_of(battle, d["side"])
        ability = str(d["ability"]).title()
        if d.get("hits", 1) < 0:
            return f"{possessive(who)} {ability} is repaired"
        return f"{who} loses 1 {ability}"
    if e.kind == "entity_state":
        return f"{_entity_of(battle, d['side'])} is {d['state']}"
    if e.kind == "imprison":
        return f"{side(d['side'])} puts {_entity_of(battle, d['target'])} in a Cube"
    if e.kind == "gather" and "hulk_ru" in d:
        return (
            f"{side(d['side'])} gathers the hulk of {label(battle, d['unit'])} ({d['hulk_ru']} RU)"
        )
    if e.kind == "gather":
        return f"{side(d['side'])} gathers {label(battle, d['unit'])}"
    if e.kind == "repair":
        return f"{label(battle, d['unit'])} is repaired"
    if e.kind == "recondition":
        return f"{label(battle, d['unit'])} is reconditioned"
    if e.kind == "taken_over":
        return (
            f"{label(battle, d['unit'])} is taken over by {side(d['side'])}"
            if "side" in d
            else f"{label(battle, d['unit'])} is taken over"
        )
    if e.kind == "takeover_progress":
        got = d.get("successes") or {}
        mine = (
            got.get(str(d.get("side")), got.get(d.get("side"), 0)) if isinstance(got, dict) else got
        )
        so_far = f" ({_count(int(mine), 'success', 'successes')} so far)" if mine else ""
        by = f" by {side(d['side'])}" if "side" in d else ""
        return f"Take-Over{by} under way on {label(battle, d['unit'])}{so_far}"
    if e.kind == "takeover_cancelled":
        return f"a repair undoes a Take-Over success on {label(battle, d['unit'])} ({d.get('successes', 0)} left)"
    if e.kind == "eaten":
        return f"{side(d['side'])} eats {d.get('ru', 0):g} RU of {label(battle, d['unit'])}"
    if e.kind == "control_release":
        return (
            f"{possessive(_entity_of(battle, d['side']))} Control is too low: "
            f"{_labels(battle, d['units'], owner=False)} no longer under Control"
        )
    if e.kind == "retreat":
        return f"{side(d['side'])} retreats with {_count(len(d['units']), 'ship')}"
    if e.kind == "rammers_arrive":
        return f"{_count(d['count'], 'Rammer')} launched by a Hyper Cannon join {side(d['side'])}"
    if e.kind == "phase":
        return f"Round {d['round']}: {PHASE_TITLES.get(d['phase'], d['phase'])}"
    if e.kind == "roll":
        tgt = d.get("target") if d.get("target") is not None else d.get("unit")
        on = f" on {label(battle, tgt)}" if tgt not in (None, "") else ""
        purpose = _PURPOSES.get(str(d["purpose"]), str(d["purpose"]).replace("_", " "))
        return (
            f"{side(d['side'])} rolls {purpose}{on}: {d['faces']} against {d['dice']}, "
            f"{_count(d['successes'], 'success', 'successes')}"
        )
    if e.kind == "decision":
        targets = _labels(battle, d["targets"], owner=False) or "nothing"  # its own
        return f"{side(d['side'])} takes {_count(d['hits'], 'hit')} on {targets}"
    if e.kind == "fired":
        return (
            f"{_count(len(d['units']), 'unit')} fired in {PHASE_TITLES.get(d['phase'], d['phase'])}"
        )
    if e.kind == "counter":
        u = battle.state.units.get(d["unit"])
        need = u.design.hits_per_damage if u is not None else None
        if not d["counter"]:
            return f"{label(battle, d['unit'])} has taken enough hits for a damage roll"
        of = f" of {need}" if need else ""
        return f"{label(battle, d['unit'])} absorbs a hit ({d['counter']}{of} toward a damage roll)"
    if e.kind == "end":
        return f"Battle over: {d['winner'] or 'no winner'} ({d['reason']})"
    if e.kind == "structure_hit":
        what = _STRUCTURES.get(d["code"], d["code"])
        return f"{possessive(side(d['side']))} {what} is hit ({d['state']})"
    if e.kind == "static_hit":
        return f"{side(d['side'])} loses a point of Static Defenses"
    if e.kind == "sensors":
        return (
            f"{possessive(side(d['side']))} Sensors on {side(d['target'])}: "
            f"+{d['successes']} ({d['total']} in all)"
        )
    if e.kind == "buster":
        return f"{side(d['side'])} explodes a rank {d['rank']} Buster"
    if e.kind == "note":
        return _readable(battle, str(d.get("text", "")))
    if e.kind in ("load", "unload"):
        into = "into the racks of" if e.kind == "load" else "out of the racks of"
        return f"{side(d['side'])} moves {label(battle, d['unit'])} {into} {label(battle, d['carrier'])}"
    if e.kind == "control":
        units = list(d.get("units", []))
        return f"{_entity_of(battle, d['side'])} has {_labels(battle, units) or 'no ship'} under Control"
    if e.kind == "release":
        return (
            f"{side(d['side'])} lets go of {label(battle, d['unit'])} (no Handling die to hold it)"
        )
    return e.kind.replace("_", " ")


#: Roll purposes as a log line shows them.
_PURPOSES = {"takeover": "Take-Over", "gather_cancelled": "a gather (cancelled)"}
#: Phase names as a log line shows them.
PHASE_TITLES = {
    "order": "order of battle",
    "sensors": "Sensors",
    "takeover": "Take-Over",
    "repair": "repairs",
    "first": "First Strike",
    "main": "Main combat",
    "last": "Last combat",
    "retreat": "retreats",
}


if TYPE_CHECKING:  # mypy holds a Battle to what the fleet view reads of one
    from .sensors import BattleView

    _read_by_fleet_view: type[BattleView] = Battle
