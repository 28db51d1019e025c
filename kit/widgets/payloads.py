"""What each widget sends its script: the view payloads, as typed structures.

Every kit widget derives a plain JSON object from the engine object it shows (its ``view``
trait, and for the sector explorer ``route_view`` and ``system_view``) and its script draws
only from that. The structures below are that contract, one per payload, written once: each
widget's ``refresh`` is annotated with its type, mypy checks the Python side, and
``tests/widgets/test_payloads.py`` checks both sides at run time: the payloads the widgets
really send in many states carry exactly these keys with values of these types, and every
``view.<key>`` a script reads is a key declared here.

Keys that exist only for some kinds (a contest's ``exchange``, a chase's ``npc``) sit in a
``total=False`` part of the structure. A value that is ``None`` means "not known or not applicable now"; the
scripts show a dash or leave the part out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

__all__ = [
    "BoardAdvice",
    "BoardView",
    "CardFace",
    "CheckRow",
    "ClockActivity",
    "ClockLine",
    "ClockView",
    "CombatAdvice",
    "CombatEntity",
    "CombatShip",
    "CombatSide",
    "CombatSimulation",
    "CombatView",
    "CrewRow",
    "EntityAbility",
    "EntityTrait",
    "EntityView",
    "FleetCarrier",
    "FleetGroup",
    "FleetView",
    "JobAdvice",
    "JobView",
    "LogLine",
    "OrbitRow",
    "PlacedCheck",
    "RouteRow",
    "RouteView",
    "SectorSystemView",
    "ShipDesignView",
    "SkillHint",
    "SlotView",
    "StarSystemView",
    "TunerRow",
    "TunerView",
    "as_payload",
]


# ----------------------------------------------------------------------------- Regulus
class CrewRow(TypedDict):
    """One operative of the crew as the Job table lists it."""

    name: str
    gig: str
    contributions: list[str]
    lead: bool
    active: bool
    """Still in the roster (not knocked out)."""


class RosterRow(TypedDict):
    """One operative still in the job."""

    name: str
    gig: str
    contributions: list[str]


class JobAdvice(TypedDict):
    """The GM-only hint beside a pending decision: chance of success per answer."""

    options: dict[str, float]
    best: str
    exact: bool


class JobView(TypedDict):
    """:class:`~kit.widgets.JobTable`'s payload (script ``job_table.js``)."""

    title: str
    job_type: str
    difficulty: int
    clock: int
    turn: int
    progress: int
    threat: int
    heat: int
    tokens: int
    phase: str
    outcome: str | None
    reason: str | None
    conditions: list[str]
    crew: list[CrewRow]
    roster: list[RosterRow]
    rows: list[dict[str, Any]]
    """The Job Record's rows (:meth:`kit.regulus.record.RecordRow.to_dict`)."""
    dice: str
    """The dice of the next roll ("2d6" or the companion's die)."""
    odds: float | None
    """The exact chance of success from here (None when hidden or finished)."""
    advice: JobAdvice | None
    can_undo: bool
    markdown: str
    seed: int | None


# ----------------------------------------------------------------------------- boards
class CardFace(TypedDict):
    """A card as drawn on a slot."""

    rank: int
    suit: str | None
    face: str
    symbol: str
    red: bool
    label: str


class PlacedCheck(TypedDict):
    """The check placed on a slot."""

    success: bool
    value: int
    number: int
    skill: str | None


class SlotView(TypedDict):
    """One slot of a board."""

    slot: int
    card: CardFace | None
    """None while the card lies face down."""
    modifier: int
    difficulty: int | None
    goal: bool
    facing: bool
    face_down: bool
    removed: bool
    placed: PlacedCheck | None


class CheckRow(TypedDict):
    """One check in the board's history."""

    number: int
    slot: int | None
    card: str | None
    value: int | None
    skill: str | None
    modifier: int
    penalty: int
    target: int | None
    success: bool
    side: str
    placed: int | None


class BoardAdvice(TypedDict):
    """The GM-only hint on a limit board: the board's chance of success per next card."""

    options: dict[str, float]
    best: str
    best_slot: int | None
    exact: bool


class SkillHint(TypedDict):
    """The GM hint on which of the party's skills the next check should use."""

    options: dict[str, float]
    """Skill -> the board's chance of success if it makes the next check (best play after)."""
    best: str | None
    notes: dict[str, str]
    """Skill -> the next check's own chance and penalty (and the card, on a limit board)."""
    error: str
    """Why there is no hint (too many positions to walk ...); empty when there is one."""


class _BoardKindKeys(TypedDict, total=False):
    """Keys only some kinds of board have."""

    # standard boards
    goal_lost: bool
    # limit boards
    need: int
    # contests
    winner: str | None
    exchanges: int
    last: dict[str, Any] | None
    opponent_skill_uses: dict[str, int]
    exchange: dict[str, float]
    opponent_penalty: int
    # chases
    role: str
    npc_role: str
    rounds: int
    chase_outcome: str | None
    gap: int
    npc_results: list[Any]
    npc: str
    # preparation boards
    strength: int


class BoardView(_BoardKindKeys):
    """:class:`~kit.widgets.BoardWidget`'s payload (script ``board.js``): the board's own
    state (:attr:`kit.boards.base.Board.state`) and the widget's odds and hints."""

    kind: str
    title: str
    length: int
    finished: bool
    result: str
    outcome: str | None
    successes: int
    failures: int
    skill_uses: dict[str, int]
    history: list[CheckRow]
    can_undo: bool
    slots: list[SlotView]
    goal: int | None
    open: list[int]
    penalties: dict[str, int]
    """Skill offered in the picker -> its repeated-skill penalty now."""
    penalty: int
    """The penalty of the skill picked for the next check."""
    odds: dict[str, float]
    """The next check: total rolled (as text) -> chance, or slot -> chance of success."""
    board_odds: float | None
    odds_error: str
    checks: str
    advice: BoardAdvice | None
    skill_advice: SkillHint | None
    can_advise_skill: bool
    """The "Which skill?" button is offered (the last walk was too long to follow each check)."""


# ----------------------------------------------------------------------------- combat
class CombatEntity(TypedDict):
    """A side's entity in the Combat table."""

    name: str
    state: str
    neutralized: bool
    ranks: dict[str, int]
    """Abilities as they stand (after damage)."""
    base: dict[str, int]


class CombatShip(TypedDict):
    """One ship token."""

    key: str
    name: str
    status: str
    """operational, neutralized, hulked, vaporized, retreated, taken or captured."""
    cost: float
    hits: int
    k: int
    """Hits it takes per damage roll."""
    controlled: bool
    held: bool
    recondition: bool


class CombatSide(TypedDict):
    """One side of the battle."""

    name: str
    entity: CombatEntity | None
    ships: list[CombatShip]
    sensors: dict[str, int]
    """Enemy side name -> this side's Sensors successes on it."""
    static_defenses: int
    retreated: bool


class LogLine(TypedDict):
    """One line of the battle log."""

    kind: str
    text: str


class CombatSimulation(TypedDict):
    """The last Monte Carlo run from the table's setup."""

    n: int
    method: str
    odds: list[dict[str, Any]]
    """Per side: outcome shares and RU-loss quantiles (:meth:`BattleSimulation.odds`)."""
    losses: list[list[Any]]
    """Per side: (RU lost, share) pairs."""
    rounds: float


class CombatAdvice(TypedDict):
    """The GM-only hint beside a pending decision: win chance per answer, with errors."""

    options: dict[str, float]
    stderr: dict[str, float]
    best: str
    n: int


class CombatView(TypedDict):
    """:class:`~kit.widgets.CombatTable`'s payload (script ``combat.js``)."""

    round: int
    next_phase: str | None
    over: bool
    result: dict[str, Any] | None
    sides: list[CombatSide]
    log: list[LogLine]
    pending: dict[str, Any] | None
    """The decision the table waits for (kind, side, options, default), as the engine asks."""
    advice: CombatAdvice | None
    can_undo: bool
    simulation: CombatSimulation | None
    seed: int | None


# ----------------------------------------------------------------------------- entities, fleets, ships
class EntityAbility(TypedDict):
    """One ability row of the Entity builder."""

    name: str
    rank: int
    current: int
    text: str
    dice: list[int]
    own: bool
    """The entity rolls it itself (else it lends it only to ships)."""


class EntityTrait(TypedDict):
    """An Edge or Flaw taken."""

    label: str
    cost: int
    summary: str


class EntityView(TypedDict):
    """:class:`~kit.widgets.EntityBuilder`'s payload (script ``entity_builder.js``)."""

    name: str
    sex: str
    side: str
    kind: str
    abilities: list[EntityAbility]
    total: int
    signature: int
    points: int | None
    points_spent: int
    points_left: int | None
    roll: list[int] | None
    entity_seed: int | None
    edges: list[EntityTrait]
    flaws: list[EntityTrait]
    edge_points: int
    flaw_points: int
    findings: list[str]
    sheet: str
    markdown: str
    can_undo: bool


class FleetShipRef(TypedDict):
    """A ship of a group: its id and where it is."""

    id: int
    controlled: bool
    carried: bool


class FleetGroup(TypedDict):
    """The ships of one type."""

    name: str
    role: str
    cost: float
    battle: str
    describe: str
    ships: list[FleetShipRef]


class FleetCarrier(TypedDict):
    """A ship with racks and what it carries."""

    id: int
    name: str
    racks: int
    used: float
    held: list[int]


class FleetView(TypedDict):
    """:class:`~kit.widgets.FleetPanel`'s payload (script ``fleet_builder.js``)."""

    owner: str | None
    owner_battle: str | None
    owner_control: str | None
    budget: float | None
    spent: float
    remaining: float | None
    budget_roll: list[int] | None
    seed: int | None
    by_role: list[list[Any]]
    """(role, RU) pairs in the catalog's role order."""
    groups: list[FleetGroup]
    controlled: list[int]
    control_limit: int
    ships: int
    pools: list[dict[str, str]]
    """Per attack phase: ``{"phase", "text"}``."""
    pool_all: str
    findings: list[str]
    can_undo: bool
    carriers: list[FleetCarrier]
    loadable: list[dict[str, Any]]
    """Ships that fit in racks: ``{"id", "name", "cost"}``."""
    ship_ids: list[dict[str, Any]]
    """Every ship: ``{"id", "name"}``."""
    others: list[str]
    """Names of the fleets ships can be given to."""


class ShipDesignView(TypedDict):
    """:class:`~kit.widgets.ShipDesigner`'s payload (script ``ship_designer.js``)."""

    options: dict[str, Any]
    """The design's options by field (see the designer's ``fields``)."""
    cost: float
    signature: int
    battle: str
    phase: str
    hits_per_damage: int
    describe: str
    breakdown: list[list[Any]]
    """(item, RU) lines of the cost."""
    build_successes: int
    catalog: list[str]
    compare: dict[str, Any] | None
    """The catalog ship compared with, and the fields that differ."""
    matches: list[str]


# ----------------------------------------------------------------------------- tuner
class TunerRow(TypedDict):
    """One setup in the tuner's table."""

    cells: list[Any]
    """The setup as the table's columns show it (Difficulty and Clock; cards and goal; garrison)."""
    chance: float
    stderr: float | None
    """One standard error for a simulated chance (battles); None when exact."""


class TunerView(TypedDict):
    """:class:`~kit.widgets.Tuner`'s payload (script ``tuner.js``)."""

    system: str
    """The tab shown: "job", "board" or "battle"."""
    heads: list[str]
    rows: list[TunerRow]
    total: int
    """Setups on the whole grid (the table shows the nearest few)."""
    exact: bool
    note: str
    chosen: list[Any] | None
    """The cells of the row handed back with Use, when it belongs to this tab."""
    hand_back: str
    """The Python call that builds the chosen setup."""
    stale: bool
    """The table is the last good one: the inputs now hold an error."""
    job_types: list[str]
    attacker_from_python: str | None


# ----------------------------------------------------------------------------- stars and sectors
class _OrbitDetails(TypedDict, total=False):
    """What a known orbit adds (installations and secrets), and a known body (the rest)."""

    installations: str
    secrets: list[str]
    diameter: int | None
    crust: int | float | None
    core: int | float | None
    surface: int | float | None
    biosphere: str
    technology: str
    composition: str
    density: str
    moons: list[str]


class OrbitRow(_OrbitDetails):
    """One orbit as the explorers list it (details only when a body is known)."""

    number: int
    known: bool
    kind: str
    family: str


class StarSystemView(TypedDict):
    """:class:`~kit.widgets.StarSystemExplorer`'s payload (script ``stars.js``)."""

    name: str
    seed: int | None
    star: dict[str, Any]
    """class, size, brightness, dust_cloud, colour."""
    orbits: list[OrbitRow]
    rolls: int
    total_ru: int | float
    summary: str


class RouteRow(TypedDict):
    """One stop of a planned route."""

    index: int
    name: str
    ly: float
    how: str
    days: float


class RouteView(TypedDict):
    """:class:`~kit.widgets.SectorExplorer`'s ``route_view`` (an empty object while no route
    is planned)."""

    rows: list[RouteRow]
    jumps: int
    ly: float
    expected_days: float
    within: int
    chance: float
    mode: str


class SectorSystemView(TypedDict):
    """:class:`~kit.widgets.SectorExplorer`'s ``system_view``: the opened system (an empty
    object while none is open)."""

    index: int
    name: str
    summary: str
    orbits: list[OrbitRow]
    star: dict[str, Any]


# ----------------------------------------------------------------------------- the clock
class ClockActivity(TypedDict):
    """One activity on the campaign clock as the clock widget lists it."""

    name: str
    kind: str
    progress: float
    running: bool
    done: bool
    when: str


class ClockLine(TypedDict):
    """One dated line of the timeline."""

    date: str
    activity: str
    text: str


class ClockView(TypedDict):
    """What the clock widget shows: today, what runs, what happened lately, what comes next."""

    name: str
    today: int
    date: str
    activities: list[ClockActivity]
    recent: list[ClockLine]
    next: ClockLine | None
    reason: str
    can_undo: bool


def as_payload(view: Mapping[str, Any]) -> dict[str, Any]:
    """A typed payload as the plain object a widget's ``view`` trait holds.

    >>> as_payload(RouteRow(index=0, name="Sol", ly=0.0, how="start", days=0.0))["how"]
    'start'
    """
    return dict(view)
