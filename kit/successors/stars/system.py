"""Star systems as plain, frozen data: a star, its orbits, their bodies and moons.

A :class:`StarSystem` is what the generator (:func:`kit.successors.stars.generate_system`)
returns, and also what a GM builds by hand: every class here is a frozen dataclass with a
validating constructor, so ``dataclasses.replace`` or :meth:`StarSystem.with_orbit` edit a
system without touching the original. A generated system keeps the list of :class:`Roll`
entries that made it, so a reader can follow every table it came from.

Save files use :mod:`kit.store` with the format ``gm-kit/star-system``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict

from ... import store, validate
from ...errors import InvalidInput, InvalidType
from . import tables as T

if TYPE_CHECKING:
    from typing_extensions import Unpack


__all__ = [
    "FORMAT",
    "VERSION",
    "Body",
    "Moon",
    "Orbit",
    "OrbitChanges",
    "Roll",
    "Secret",
    "Star",
    "StarSystem",
]

FORMAT = "star-system"
VERSION = 1

SIZES = tuple(r.result for r in T.SIZE_TABLE)


class Roll(NamedTuple):
    """One recorded roll: which table, which dice, and the total they gave."""

    table: str
    """Table or purpose, for example ``"spectral class"`` or ``"orbit 4 body"``."""
    dice: str
    """The dice expression rolled."""
    result: int
    """The total."""


@dataclass(frozen=True)
class Star:
    """The star at the centre of a system."""

    spectral_class: str
    """O, B, A, F, G, K, M or D."""
    brightness: int = 5
    """0 (brightest) to 9 (dimmest)."""
    size: str = "Dwarf"
    """Supergiant, Giant, Dwarf (main sequence) or Subdwarf."""
    dust_cloud: bool = False
    """Type A only: a dust cloud adds a die to crust and core RU rolls."""
    spectral_roll: int | None = None
    """The 3d6 total that chose the class (kept, as the rules ask), or None if set by hand."""

    def __post_init__(self) -> None:
        validate.choice("star.spectral_class", self.spectral_class, T.SPECTRAL_CLASSES)
        validate.integer("star.brightness", self.brightness, 0, 9)
        validate.choice("star.size", self.size, SIZES)
        validate.boolean("star.dust_cloud", self.dust_cloud)
        if self.spectral_roll is not None:
            validate.integer("star.spectral_roll", self.spectral_roll, 3, 18)
        if self.spectral_class == "O" and self.size == "Giant":
            raise InvalidInput(
                "star.size of a Type O star cannot be 'Giant'; "
                "allowed: 'Supergiant', 'Dwarf', 'Subdwarf'"
            )
        if self.dust_cloud and self.spectral_class != "A":
            raise InvalidInput(
                f"star.dust_cloud is only for Type A stars, not {self.spectral_class!r}"
            )

    @property
    def planet_mod(self) -> int:
        """The class's modifier to the orbit-count roll."""
        return self.info.planet_mod

    @property
    def info(self) -> T.SpectralRow:
        """The spectral table row of this class."""
        return next(
            r.result for r in T.SPECTRAL_TABLE if r.result.spectral_class == self.spectral_class
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return {
            "spectral_class": self.spectral_class,
            "brightness": self.brightness,
            "size": self.size,
            "dust_cloud": self.dust_cloud,
            "spectral_roll": self.spectral_roll,
        }

    @classmethod
    def from_dict(cls, raw: object) -> Star:
        """Read :meth:`to_dict` output, naming any bad field."""
        raw = validate.mapping("star", raw)
        validate.no_unknown_keys("star", raw, cls.__dataclass_fields__)
        validate.require_keys("star", raw, ("spectral_class",))
        return cls(**raw)


@dataclass(frozen=True)
class Body:
    """A world or belt in an orbit (or a moon of one).

    ``kind`` is a class name from the orbit table (``"Planet, Large"``, ``"Asteroid Belt"``).
    """

    kind: str
    """Body class, one of ``tables.BODY_KINDS``."""
    diameter_km: int | None = None
    """Diameter in km; None for a belt."""
    crust_ru: int | None = None
    """Crust RU (for a belt, all its RU); None for gas giants."""
    core_ru: int | None = None
    """Core RU; None for a belt."""
    surface_ru: int = 0
    """Surface RU: a civilisation's works, taken from the crust."""
    biosphere: str | None = None
    """Biosphere result for planets in orbits 1-3 (None when never rolled)."""
    technology: str | None = None
    """Technology of a sentient world (None otherwise)."""
    composition: str | None = None
    """Belts only: Icy, Rocky, Mixed or Metallic."""
    density: str | None = None
    """Belts only: Scattered, Thin, Thick or Dense."""
    moons: tuple[Body, ...] = ()
    """Moons, each a Body of its own (moons have no moons)."""
    name: str = ""
    """Optional name given by the GM."""

    def __post_init__(self) -> None:
        validate.choice("body.kind", self.kind, T.BODY_KINDS)
        for f in ("diameter_km", "crust_ru", "core_ru"):
            v = getattr(self, f)
            if v is not None:
                validate.integer(f"body.{f}", v, 0)
        validate.integer("body.surface_ru", self.surface_ru, 0)
        if self.biosphere is not None:
            validate.choice("body.biosphere", self.biosphere, T.BIOSPHERE_LEVELS)
        if self.technology is not None:
            validate.choice(
                "body.technology", self.technology, [r.result.level for r in T.TECH_TABLE]
            )
            if self.biosphere != "Sentience":
                raise InvalidInput(
                    f"body.technology needs biosphere 'Sentience', got biosphere {self.biosphere!r}"
                )
        if self.composition is not None:
            validate.choice(
                "body.composition", self.composition, [r.result[0] for r in T.BELT_COMPOSITION]
            )
        if self.density is not None:
            validate.choice("body.density", self.density, [r.result[0] for r in T.BELT_DENSITY])
        object.__setattr__(self, "moons", tuple(self.moons))
        for m in self.moons:
            if not isinstance(m, Body):
                raise InvalidInput(f"body.moons must hold Body objects, got {m!r}")
        object.__setattr__(
            self, "name", validate.text("body.name", self.name, allow_empty=True, max_len=200)
        )

    @property
    def family(self) -> str:
        """``planetoid``, ``planet``, ``gas giant`` or ``belt``."""
        return "belt" if self.kind == "Asteroid Belt" else T.BODY_STATS[self.kind].kind

    @property
    def total_ru(self) -> int:
        """Surface + crust + core RU of the body itself (moons not included)."""
        return self.surface_ru + (self.crust_ru or 0) + (self.core_ru or 0)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form (defaults left out)."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in (
            "diameter_km",
            "crust_ru",
            "core_ru",
            "biosphere",
            "technology",
            "composition",
            "density",
        ):
            if getattr(self, f) is not None:
                out[f] = getattr(self, f)
        if self.surface_ru:
            out["surface_ru"] = self.surface_ru
        if self.name:
            out["name"] = self.name
        if self.moons:
            out["moons"] = [m.to_dict() for m in self.moons]
        return out

    def describe(self) -> str:
        """One line: class, diameter, crust and core RU, life, technology and moons."""
        if self.family == "belt":
            return f"Asteroid Belt ({self.composition}, {self.density}), {self.crust_ru} RU"
        crust = "-" if self.crust_ru is None else self.crust_ru
        text = f"{self.kind}, {self.diameter_km:,} km, crust {crust}, core {self.core_ru}"
        if self.biosphere and self.biosphere != "No life":
            text += f", {self.biosphere}"
        if self.technology:
            text += f" ({self.technology}, surface {self.surface_ru})"
        if self.moons:
            text += f", {len(self.moons)} moon{'s' if len(self.moons) > 1 else ''}"
        return text

    @classmethod
    def from_dict(cls, raw: object) -> Body:
        """Read :meth:`to_dict` output, naming any bad field."""
        raw = dict(validate.mapping("body", raw))
        validate.no_unknown_keys("body", raw, cls.__dataclass_fields__)
        validate.require_keys("body", raw, ("kind",))
        raw["moons"] = tuple(
            cls.from_dict(m) for m in validate.sequence("body.moons", raw.get("moons", []))
        )
        return cls(**raw)


#: A moon is a :class:`Body` (the moon table picks from the same classes).
Moon = Body


@dataclass(frozen=True)
class Secret:
    """Something hidden in an orbit, found only with enough Sensors successes."""

    text: str
    """What is found."""
    level: int | None = None
    """Successes needed when the GM sets a very-secret level (6 or more); None for ordinary."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", validate.text("secret.text", self.text))
        if self.level is not None:
            validate.integer("secret.level", self.level, 6)


class OrbitChanges(TypedDict, total=False):
    """What :meth:`StarSystem.with_orbit` may set on the orbit besides its body."""

    installations: str | None
    """Installations left by a space-faring world in an adjacent orbit (which one, in words)."""
    secrets: tuple[Secret, ...]
    """GM notes hidden from players until Sensors reveal them."""
    installations_ru: int
    """RU the installations are worth (1d6-3 each, at least 0); 0 without installations."""


@dataclass(frozen=True)
class Orbit:
    """One orbit of a system; ``body`` is None for an empty orbit."""

    number: int
    """1 for the orbit nearest the star."""
    body: Body | None = None
    """What is in the orbit, or None when empty."""
    installations: str | None = None
    """Installations left by a space-faring world in an adjacent orbit (which one, in words)."""
    secrets: tuple[Secret, ...] = ()
    """GM notes hidden from players until Sensors reveal them."""
    installations_ru: int = 0
    """RU the installations are worth (1d6-3 each, at least 0); 0 without installations."""

    def __post_init__(self) -> None:
        validate.integer("orbit.number", self.number, 1, 1000)
        if self.body is not None and not isinstance(self.body, Body):
            raise InvalidType(f"orbit.body must be a Body or None, got {self.body!r}")
        if self.installations is not None:
            object.__setattr__(
                self,
                "installations",
                validate.text("orbit.installations", self.installations, max_len=200),
            )
        validate.integer("orbit.installations_ru", self.installations_ru, 0, 1_000_000)
        if self.installations_ru and self.installations is None:
            raise InvalidInput(
                f"orbit.installations_ru is {self.installations_ru} but the orbit has no "
                "installations; describe them in orbit.installations"
            )
        if isinstance(self.secrets, (str, bytes)) or not isinstance(self.secrets, (list, tuple)):
            raise InvalidType(f"orbit.secrets must be a list of Secret, got {self.secrets!r}")
        object.__setattr__(self, "secrets", tuple(self.secrets))
        for s in self.secrets:
            if not isinstance(s, Secret):
                raise InvalidType(f"orbit.secrets must hold Secret objects, got {s!r}")

    @property
    def zone(self) -> int:
        """Orbit-table column: 0 (orbits 1-3), 1 (4-6) or 2 (7+)."""
        return T.zone_of(self.number)

    @property
    def empty(self) -> bool:
        """True when no body is here."""
        return self.body is None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        out: dict[str, Any] = {
            "number": self.number,
            "body": self.body.to_dict() if self.body else None,
        }
        if self.installations:
            out["installations"] = self.installations
        if self.installations_ru:
            out["installations_ru"] = self.installations_ru
        if self.secrets:
            out["secrets"] = [{"text": s.text, "level": s.level} for s in self.secrets]
        return out

    @classmethod
    def from_dict(cls, raw: object) -> Orbit:
        """Read :meth:`to_dict` output."""
        raw = validate.mapping("orbit", raw)
        validate.no_unknown_keys("orbit", raw, cls.__dataclass_fields__)
        body = raw.get("body")
        secrets = []
        for s in validate.sequence("orbit.secrets", raw.get("secrets", [])):
            s = validate.mapping("secret", s)
            validate.no_unknown_keys("secret", s, ("text", "level"))
            secrets.append(Secret(validate.text("secret.text", s.get("text")), s.get("level")))
        return cls(
            validate.integer("orbit.number", raw.get("number"), 1, 1000),
            Body.from_dict(body) if body is not None else None,
            raw.get("installations"),
            tuple(secrets),
            raw.get("installations_ru", 0),
        )


@dataclass(frozen=True)
class StarSystem:
    """A star and its orbits (one entry per orbit, empty orbits included).

    >>> s = StarSystem(Star("G"), [Orbit(1, Body("Planet", 9600, 30, 120))], name="Home")
    >>> s.spectral_class, len(s.orbits)
    ('G', 1)
    """

    star: Star
    """The central star."""
    orbits: tuple[Orbit, ...] = ()
    """Orbits from nearest to farthest; empty when the system has no planets."""
    name: str = ""
    """The system's name."""
    seed: int | None = None
    """The seed it was generated from (None when built by hand)."""
    rolls: tuple[Roll, ...] = field(default=(), compare=True)
    """Every roll that made it, in order (empty when built by hand)."""

    def __post_init__(self) -> None:
        if not isinstance(self.star, Star):
            raise InvalidInput(f"star must be a Star, got {self.star!r}")
        orbits = tuple(self.orbits)
        for i, o in enumerate(orbits, 1):
            if not isinstance(o, Orbit):
                raise InvalidInput(f"orbits[{i - 1}] must be an Orbit, got {o!r}")
            if o.number != i:
                raise InvalidInput(
                    f"orbits must be numbered 1, 2, 3...; orbit at position "
                    f"{i} has number {o.number!r}"
                )
        object.__setattr__(self, "orbits", orbits)
        object.__setattr__(self, "rolls", tuple(Roll(*r) for r in self.rolls))
        object.__setattr__(
            self, "name", validate.text("name", self.name, allow_empty=True, max_len=200)
        )

    # ------------------------------------------------------------------ reading
    @property
    def spectral_class(self) -> str:
        """The star's class letter."""
        return self.star.spectral_class

    @property
    def bodies(self) -> list[tuple[int, Body]]:
        """``(orbit number, body)`` for every occupied orbit."""
        return [(o.number, o.body) for o in self.orbits if o.body is not None]

    @property
    def total_ru(self) -> int:
        """All RU of bodies, their moons and installations (the star's own RU are not counted)."""
        bodies = sum(b.total_ru + sum(m.total_ru for m in b.moons) for _, b in self.bodies)
        return bodies + sum(o.installations_ru for o in self.orbits)

    def orbit(self, number: int) -> Orbit:
        """The orbit numbered ``number`` (1-based)."""
        validate.integer("orbit", number, 1, max(1, len(self.orbits)))
        if not self.orbits:
            raise InvalidInput("this system has no orbits")
        return self.orbits[number - 1]

    def summary(self) -> str:
        """One line per orbit, for printing."""
        s = self.star
        lines = [
            f"{self.name or 'System'}: Type {s.spectral_class} {s.size}, brightness "
            f"{s.brightness}{', dust cloud' if s.dust_cloud else ''}, "
            f"{len(self.orbits)} orbits"
        ]
        for o in self.orbits:
            b = o.body
            text = "empty" if b is None else b.describe()
            if o.installations:
                text += f" [installations {o.installations}, {o.installations_ru} RU]"
            lines.append(f"  {o.number:>2}. {text}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ editing
    def with_orbit(
        self, number: int, body: Body | None, **changes: Unpack[OrbitChanges]
    ) -> StarSystem:
        """A copy with orbit ``number`` holding ``body`` (one past the last adds an orbit)."""
        validate.integer("orbit", number, 1, len(self.orbits) + 1)
        new = Orbit(number, body, **changes)
        orbits = list(self.orbits)
        if number == len(orbits) + 1:
            orbits.append(new)
        else:
            orbits[number - 1] = replace(orbits[number - 1], body=body, **changes)
        return replace(self, orbits=tuple(orbits))

    def without_last_orbit(self) -> StarSystem:
        """A copy with the outermost orbit removed."""
        if not self.orbits:
            raise InvalidInput("this system has no orbits to remove")
        return replace(self, orbits=self.orbits[:-1])

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form."""
        return {
            "name": self.name,
            "seed": self.seed,
            "star": self.star.to_dict(),
            "orbits": [o.to_dict() for o in self.orbits],
            "rolls": [list(r) for r in self.rolls],
        }

    @classmethod
    def from_dict(cls, raw: object) -> StarSystem:
        """Read :meth:`to_dict` output, naming any bad field."""
        raw = validate.mapping("star system", raw)
        validate.no_unknown_keys("star system", raw, ("name", "seed", "star", "orbits", "rolls"))
        rolls = []
        for r in validate.sequence("rolls", raw.get("rolls", [])):
            r = validate.sequence("roll", r)
            if len(r) != 3:
                raise InvalidInput(f"each roll must be [table, dice, result], got {r!r}")
            rolls.append(
                Roll(
                    validate.text("roll.table", r[0]),
                    validate.text("roll.dice", r[1]),
                    validate.integer("roll.result", r[2]),
                )
            )
        seed = raw.get("seed")
        return cls(
            Star.from_dict(raw.get("star")),
            tuple(Orbit.from_dict(o) for o in validate.sequence("orbits", raw.get("orbits", []))),
            validate.text("name", raw.get("name", ""), allow_empty=True),
            None if seed is None else validate.integer("seed", seed, 0),
            tuple(rolls),
        )

    def to_json(self) -> str:
        """Versioned JSON text (``gm-kit/star-system``)."""
        return store.dumps(FORMAT, VERSION, self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> StarSystem:
        """Load text written by :meth:`to_json`."""
        return cls.from_dict(store.loads(text, FORMAT, VERSION))

    def _repr_html_(self) -> str:  # pragma: no cover - notebook display
        import html

        return f"<pre>{html.escape(self.summary())}</pre>"

    def __repr__(self) -> str:
        return (
            f"StarSystem(name={self.name!r}, spectral_class={self.spectral_class!r}, "
            f"orbits={len(self.orbits)}, seed={self.seed!r})"
        )
