"""Who a view is for: the game master, who sees everything, or the players.

:data:`Audience` is the one type every renderer takes (handouts, figures, the session recap,
the player screen); :func:`audience` checks a value once, where it enters, and the renderers
pass the checked value on.

>>> audience("player")
'player'
>>> audience("everyone")
Traceback (most recent call last):
...
kit.errors.InvalidInput: audience must be one of 'gm', 'player'; got 'everyone'
"""

from __future__ import annotations

from typing import Literal, get_args

from .errors import InvalidInput, InvalidType

__all__ = ["AUDIENCES", "GM", "PLAYER", "Audience", "audience"]

Audience = Literal["gm", "player"]
"""``"gm"``: everything, secrets marked; ``"player"``: only what the players know."""

AUDIENCES: tuple[Audience, ...] = get_args(Audience)
"""Every audience, in the order error messages list them."""

GM: Audience = "gm"
PLAYER: Audience = "player"


def audience(value: object, field: str = "audience") -> Audience:
    """``value`` checked as an :data:`Audience`.

    Raises:
        InvalidType: it is not a string.
        InvalidInput: it is a string other than ``"gm"`` or ``"player"``.
    """
    if not isinstance(value, str):
        raise InvalidType(f"{field} must be a string, 'gm' or 'player'; got {value!r}")
    if value == "gm":
        return GM
    if value == "player":
        return PLAYER
    raise InvalidInput(f"{field} must be one of {', '.join(map(repr, AUDIENCES))}; got {value!r}")
