"""The options of a handout, checked once where they enter (:func:`kit.handouts.handout`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from .. import limits, validate
from ..errors import InvalidInput, InvalidType

if TYPE_CHECKING:
    from ..successors.knowledge import Knowledge
    from ..successors.sector.routes import Route

__all__ = ["HandoutArgs", "HandoutOptions", "check_options"]


class HandoutArgs(TypedDict, total=False):
    """The keyword options :func:`kit.handouts.handout` takes besides the audience and the
    format, as :func:`kit.handouts.save_handout` passes them on (each is described there)."""

    sensors: int | None
    """The players' Sensors successes on an entity, fleet or system (without a record)."""
    sig_class: int | None
    """The signature class a level-3 fleet scan looked at."""
    decoys_as: dict[str, str] | None
    """What decoys pretend to be below level 4."""
    current_orbit: int | None
    """The orbit the players' scanner is in (star systems, without a record)."""
    reveal: Iterable[int | str] | None
    """Sector systems (names or indices) the GM reveals (without a record)."""
    route: Route | None
    """A route to draw on the GM's sector map."""
    figures: bool
    """Whether an HTML handout embeds figures."""
    knowledge: Knowledge | None
    """The players' record."""
    name: str | None
    """The name the record knows the object by."""
    plotlyjs: str
    """How an HTML handout draws its figures: ``"svg"``, ``"cdn"`` or ``"inline"``."""


@dataclass(frozen=True)
class HandoutOptions:
    """What a handout renderer is told besides the object and the audience."""

    sensors: int | None = None
    """The players' Sensors successes on an entity, fleet or system (without a record)."""
    sig_class: int | None = None
    """The signature class a 3-success fleet reading looked into."""
    decoys_as: dict[str, str] | None = None
    """What decoys show themselves as below 4 successes."""
    current_orbit: int | None = None
    """The players' scanner's orbit (star systems, without a record)."""
    reveal: tuple[int | str, ...] | None = None
    """Sector systems (names or indices) the GM reveals (without a record)."""
    route: Route | None = None
    """A route to draw on the GM's sector map."""
    figures: bool = False
    """Whether figures are drawn (HTML only)."""
    knowledge: Knowledge | None = None
    """The players' record, if given."""
    name: str | None = None
    """The name the record knows the object by."""


def check_options(
    *,
    sensors: object,
    sig_class: object,
    decoys_as: object,
    current_orbit: object,
    reveal: object,
    route: Route | None,
    figures: object,
    knowledge: object,
    name: object,
) -> HandoutOptions:
    """The options, each checked (the kit's errors, naming the field)."""
    record = _record(knowledge, sensors=sensors, current_orbit=current_orbit, reveal=reveal)
    if sensors is not None:
        sensors = validate.integer("sensors", sensors, 0, 99)
    if sig_class is not None:
        sig_class = validate.integer("sig_class", sig_class, 0, 1000)
    if decoys_as is not None:
        decoys_as = {
            validate.text("decoys_as key", k, max_len=80): validate.text(
                f"decoys_as[{k!r}]", v, max_len=80
            )
            for k, v in validate.mapping("decoys_as", decoys_as).items()
        }
    if current_orbit is not None:
        current_orbit = validate.integer("current_orbit", current_orbit, 1, 1000)
    if reveal is not None:
        if not isinstance(reveal, (list, tuple, set, frozenset)):
            raise InvalidType(
                f"reveal must be a list of system names or indices, got {type(reveal).__name__}"
            )
        reveal = tuple(reveal)
    figures = validate.boolean("figures", figures)
    if name is not None:
        name = validate.text("name", name, max_len=limits.MAX_NAME)
    return HandoutOptions(
        sensors, sig_class, decoys_as, current_orbit, reveal, route, figures, record, name
    )


def _record(knowledge: object, **sensors_arguments: object) -> Knowledge | None:
    """The players' record, checked; refused beside the arguments it replaces."""
    if knowledge is None:
        return None
    from ..successors.knowledge import Knowledge

    if not isinstance(knowledge, Knowledge):
        raise InvalidType(
            "knowledge must be a kit.successors.knowledge.Knowledge (campaign.knowledge), "
            f"got {type(knowledge).__name__}"
        )
    given = [k for k, v in sensors_arguments.items() if v is not None]
    if given:
        raise InvalidInput(
            f"give either knowledge= or {'=, '.join(given)}=, not both: the record already "
            "holds what the players know"
        )
    return knowledge
