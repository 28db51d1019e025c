"""The Combat table: play a Successors battle phase by phase, allocate hits by clicking ships."""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from .. import validate
from ..advising import Advice
from ..errors import IllegalAction, InvalidType
from ..store import JSON
from ..successors.combat import AutoPolicy, Battle, DecisionNeeded, InteractivePolicy, simulate
from ..successors.combat.battle import describe_event
from ._base import FieldSpec, KitWidget, check_kwargs, esm, scoped_css, whole_number
from .payloads import (
    CombatAdvice,
    CombatShip,
    CombatSide,
    CombatSimulation,
    CombatView,
    LogLine,
    as_payload,
)

__all__ = ["ASKED", "CombatTable"]

#: The decisions a Combat table can ask the GM.
ASKED = ("allocate", "takeover", "retreat", "detonate")
_UNANSWERED: Any = object()  # _try() with no answer: step with the table's policy


def advice_json(advice: Advice | None) -> dict[str, Any] | None:
    """The advisor's answer as JSON: each option's chance, the best, how it was found."""
    if advice is None:
        return None
    return {
        "question": advice.question,
        "options": dict(advice.options),
        "best": advice.best,
        "exact": advice.exact,
        "stderr": None if advice.stderr is None else dict(advice.stderr),
        "n": advice.n,
    }


class CombatTable(KitWidget):
    """A view of one :class:`~kit.successors.combat.Battle`.

    Step a phase or a round, run to the end, undo. For the sides in ``allocate_sides`` the
    table asks the GM the decisions named in ``ask``: where incoming hits go (``"allocate"``:
    click that side's ships or its entity's abilities, then Confirm, or take the default),
    which enemy ship a Take-Over goes for (``"takeover"``: one button per ship the side has a
    lock on, or no attempt) and whether to retreat (``"retreat"``). With ``hints`` on, Advise
    shows each answer's simulated win chance beside the prompt. "Simulate" plays N fresh
    battles from the same setup and shows the odds and the RU lost.

    >>> from kit.successors.combat import Battle, Side
    >>> t = CombatTable(Battle([Side("A", ships={"Cruiser": 2}), Side("B", ships={"Frigate": 3})], seed=1))
    >>> " and ".join(side["name"] for side in t.view["sides"])
    'A and B'
    """

    _esm = esm("combat.js")
    _watches = ("battle",)
    _css = scoped_css("combat.css", ".gmk-combat")
    messages: ClassVar[dict[str, dict[str, FieldSpec]]] = {
        "step": {},
        "round": {},
        "run": {},
        "undo": {},
        "allocate": {"targets": "texts?"},
        "default": {},
        "answer": {"value": "bool|text|texts?"},
        "simulate": {"n": ("whole", "number of battles to simulate")},
        "advise": {},
    }

    view = traitlets.Dict(help="Everything the table shows, derived from the battle.").tag(
        sync=True
    )
    allocate_sides = traitlets.List(
        traitlets.Int(),
        help="Sides whose incoming hits the GM places by clicking (others use the default).",
    ).tag(sync=True)
    ask = traitlets.List(
        traitlets.Unicode(),
        ["allocate", "detonate"],
        help="Decisions the table asks for the sides in allocate_sides: "
        "'allocate', 'takeover', 'retreat', 'detonate' (whether the side's Busters explode: "
        "asked by default, as ruling Successors 9 has interactive play ask).",
    ).tag(sync=True)
    sim_n = traitlets.Int(2000, help="Battles to simulate.").tag(sync=True)
    log_size = traitlets.Int(40, help="How many of the latest events the log shows.").tag(sync=True)
    hints = traitlets.Bool(
        True, help="Offer the advisor at a pending allocation (simulated chances, for the GM)."
    ).tag(sync=True)
    advice = traitlets.Instance(
        Advice,
        allow_none=True,
        help="The advisor's last answer at a pending decision (Advise), None before.",
    ).tag(sync=True, to_json=lambda a, _w: advice_json(a), from_json=lambda _d, w: w.advice)

    def __init__(self, battle: Battle, **kwargs: object) -> None:
        check_kwargs(
            "CombatTable",
            kwargs,
            {"allocate_sides", "ask", "sim_n", "log_size", "hints", "layout"},
        )
        if not isinstance(battle, Battle):
            raise InvalidType(
                f"CombatTable needs a kit.successors.combat.Battle, got {type(battle).__name__}"
            )
        self.battle = battle
        self._advised_for: Any = None
        self.simulation: Any = None
        super().__init__(**kwargs)
        self.policy = self._policy()
        self.refresh()

    @traitlets.validate("ask")
    def _valid_ask(self, proposal: dict[str, Any]) -> list[str]:
        asked = [str(a) for a in proposal["value"]]
        for a in asked:
            validate.choice("ask", a, ASKED)
        return asked

    def _policy(self) -> InteractivePolicy:
        return InteractivePolicy(ask=tuple(self.ask), sides=tuple(self.allocate_sides))

    @property
    def pending(self) -> dict[str, Any] | None:
        """The decision waiting to be answered: the battle's own record of it
        (:attr:`Battle.waiting <kit.successors.combat.Battle.waiting>`), whether the table or a
        policy in a code cell asked."""
        return self.battle.waiting

    @traitlets.observe("allocate_sides", "ask")
    def _sides_changed(self, _change: dict[str, Any]) -> None:
        old, self.policy = getattr(self, "policy", None), self._policy()
        if old is not None and self.battle.asked_by is old:
            self.battle.cancel_decision()  # the table's question under the old settings
        self.refresh()

    # ------------------------------------------------------------------ actions
    # ------------------------------------------------------------------ messages
    def _msg_step(self) -> None:
        self.step()

    def _msg_round(self) -> None:
        self.step_round()

    def _msg_run(self) -> None:
        self.run()

    def _msg_undo(self) -> None:
        self.undo_last()

    def _msg_allocate(self, targets: list[str] | None = None) -> None:
        self.allocate(targets)

    def _msg_default(self) -> None:
        self.answer(None)

    def _msg_answer(self, value: Any = None) -> None:
        self.answer(value)

    def _msg_simulate(self, n: int | None = None) -> None:
        self.simulate(self.sim_n if n is None else n)

    def _msg_advise(self) -> None:
        self.advise()

    def _try(self, value: Any = _UNANSWERED) -> bool:
        """Play one phase (answering the waiting decision with ``value`` when one is given);
        False when the GM must decide first (the battle then holds the decision)."""
        try:
            if value is _UNANSWERED:
                self.battle.step_phase(self.policy)
            else:
                self.battle.answer(value)
        except DecisionNeeded:
            return False
        return True

    def advise(self, n: int = 400) -> Advice | None:
        """The advisor at the pending decision: each answer's simulated win chance.

        Plays the battle on from each answer ``n`` times at most on shared seeds, stopping
        early once one answer clearly leads (see
        :func:`~kit.successors.combat.advice.advice`); the hint shows beside the prompt.
        """
        from ..successors.combat.advice import advice

        if self.pending is None:
            raise IllegalAction("no decision is waiting: the advisor answers a pending decision")
        with self.guard():
            # the battle's waiting decision, played on under the policy that asked it
            self.advice = advice(self.battle, n=n, stop_when_clear=True)
            self._advised_for = self.pending
        return self.advice

    @traitlets.observe("hints")
    def _hints_changed(self, _change: dict[str, Any]) -> None:
        self.refresh()

    def step(self) -> None:
        """Play the next phase (or stop at a decision)."""
        self._try()
        self.refresh()

    def step_round(self) -> None:
        """Play phases up to the end of the round (stopping at a decision)."""
        while not self.battle.over and self._try():
            if self.battle.next_phase == "order":
                break
        self.refresh()

    def run(self) -> None:
        """Play to the end (stopping at a decision)."""
        limit = self.battle.rules.max_rounds
        while not self.battle.over and self._try():
            if self.battle.next_phase == "order" and self.battle.round >= limit:
                self.battle.run(limit, self.policy)
        self.refresh()

    def allocate(self, targets: list[str] | None) -> None:
        """Answer the pending allocation (``None``: the default one) and play the phase."""
        if self.pending is None:
            raise IllegalAction("no hits are waiting to be allocated")
        if targets is not None and not isinstance(targets, (list, tuple)):
            raise InvalidType(f"targets must be a list of ship keys, got {targets!r}")
        self._try(None if targets is None else list(targets))
        self.refresh()

    def answer(self, value: JSON = None) -> None:
        """Answer the pending decision, whatever its kind, and play on.

        ``None`` takes the decision's default. Otherwise: hit targets for ``"allocate"`` (see
        :meth:`allocate`), a ship key or ``"none"`` for ``"takeover"``, true or false for
        ``"retreat"``, true (every Buster), false or a list of Buster indices for
        ``"detonate"``. A refused answer shows in the banner and the decision stays.
        """
        if self.pending is None:
            raise IllegalAction("no decision is waiting to be answered")
        if self.pending.get("kind") == "allocate" and value is not None:
            self.allocate(value)
            return
        self._try(value)
        self.refresh()

    def undo_last(self) -> None:
        """Undo the last phase (or drop the pending decision)."""
        if self.pending is not None:
            self.battle.cancel_decision()
        else:
            self.battle.undo()
        self.refresh()

    def simulate(self, n: object) -> None:
        """Simulate ``n`` battles from this battle's setup with the automatic policy.

        ``n`` is checked first (a blank or ``null`` count from the page is the kit's error,
        shown in the banner); the table and any earlier simulation stay as they were.
        """
        n = whole_number("number of battles to simulate", n, 1, 1_000_000)
        fresh = Battle(
            self.battle.sides,
            rules=self.battle.rules,
            seed=self.battle.seed,
            jammer=self.battle.jammer,
        )
        # the automatic policy, Sensors and Take-Overs included (vectorised where it covers the
        # battle's extras, else the event-log engine)
        self.simulation = simulate(
            fresh, n, seed=self.battle.seed, policy=AutoPolicy(), progress=False
        )
        self.refresh()

    # ------------------------------------------------------------------ view
    def refresh(self) -> None:
        b = self.battle
        st = b.state
        sides: list[CombatSide] = []
        for i, side in enumerate(b.sides):
            ss = st.sides[i]
            ent = ss.entity
            ships: list[CombatShip] = []
            for u in st.units.values():
                if u.origin != i and u.owner != i:
                    continue
                status = u.status if u.owner == i else "taken"
                if u.origin != i:
                    status = "captured"
                ships.append(
                    {
                        "key": u.key,
                        "name": u.name.title(),
                        "status": status,
                        "cost": u.cost,
                        "hits": u.counter,
                        "k": u.design.hits_per_damage,
                        "controlled": u.controlled,
                        "held": u.held_by is not None,
                        "recondition": u.needs_recondition,
                    }
                )
            sides.append(
                {
                    "name": side.name,
                    "entity": None
                    if ent is None
                    else {
                        "name": ent.name,
                        "state": ss.entity_state,
                        "neutralized": ent.neutralized,
                        "ranks": ent.current_abilities,
                        "base": ent.abilities,
                    },
                    "ships": ships,
                    "sensors": {b.sides[j].name: n for j, n in ss.sensors.items()},
                    "static_defenses": ss.static_defenses,
                    "retreated": ss.retreated,
                }
            )
        log: list[LogLine] = [
            {"kind": e.kind, "text": describe_event(b, e)} for e in list(b.log)[-self.log_size :]
        ]
        sim: CombatSimulation | None = None
        if self.simulation is not None:
            r = self.simulation
            sim = {
                "n": r.n,
                "method": r.engine,
                "odds": r.odds(),
                "losses": [sorted(r.loss_distribution(i).items()) for i in range(len(r.sides))],
                "rounds": float(r.rounds.mean()),
            }
        view: CombatView = {
            "round": st.round,
            "next_phase": b.next_phase,
            "over": b.over,
            "result": b.result,
            "sides": sides,
            "log": log,
            "pending": self.pending,
            "advice": self._advice_view(),
            "can_undo": len(b.log) > 0 or self.pending is not None,
            "simulation": sim,
            "seed": b.seed,
        }
        self.view = as_payload(view)

    def _advice_view(self) -> CombatAdvice | None:
        """The hint for the prompt on screen (dropped once the decision it answered is gone)."""
        if self.advice is None or not self.hints or self.pending != self._advised_for:
            return None
        a = self.advice
        assert a.n is not None  # battle advice is Monte Carlo: it always counts its battles
        return {
            "options": dict(a.options),
            "stderr": dict(a.stderr or {}),
            "best": a.best,
            "n": a.n,
        }
