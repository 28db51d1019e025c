"""How an entity reads on paper: the character sheet, its Markdown form and its findings.

The plain-text sheet follows the layout of the rule book's generation examples (TanRac and
Releata), so a test can compare it with the book line by line. The Markdown form is what a
notebook shows for an entity; every name a player typed is escaped there. :meth:`findings`
lists the soft problems of a character build (Flaws below Edges, points unspent): data a
builder shows, never an exception.

The entity class takes these as methods through :class:`SheetMixin`; this module does not
import it at run time.

>>> from kit.successors import Entity
>>> print(Entity("Rex", battle=3, edges=["Fast"], flaws=["Slow"]).edges_and_flaws_text())
Fast, Slow.
"""

from __future__ import annotations

from typing import cast

from .abilities import ABILITIES
from .entity_like import EntityLike
from .ranks import Rank
from .rules import Finding

__all__ = ["SheetMixin", "markdown_escape"]


def markdown_escape(text: str) -> str:
    """``text`` with the Markdown characters a table or emphasis would read escaped.

    >>> markdown_escape("a|b_*c*")
    'a\\\\|b\\\\_\\\\*c\\\\*'
    """
    for ch in ("\\", "|", "*", "_", "[", "]", "<", ">", "`"):
        text = text.replace(ch, "\\" + ch)
    return text


class SheetMixin:
    """Sheet, Markdown and findings as methods of :class:`~kit.successors.entities.Entity`."""

    __slots__ = ()

    def edges_and_flaws_text(self) -> str:
        """``"Cross-Trained, Still at War."`` (empty when it has none)."""
        labels = [t.label() for t in cast(EntityLike, self).traits]
        return (", ".join(labels) + ".") if labels else ""

    def sheet(self) -> str:
        """The character sheet as plain text, laid out like the rule book's examples."""
        e = cast(EntityLike, self)

        def r(a: str) -> str:
            return str(e.rank(a))

        head = f"NAME: {e.name}\t\tSEX: {e.sex or '-'}\t\tSIDE: {e.side or '-'}"
        row1 = f"\tBATTLE\t{r('battle')}\tHANDLING\t{r('handling')}\tSENSORS\t{r('sensors')}"
        row2 = (
            f"\tCONTROL\t{r('control')}\tINFORMATION\t{r('information')}\tSIGNATURE\t{e.signature}"
        )
        ef = self.edges_and_flaws_text()
        return "\n".join([head, row1, row2, "EDGES&FLAWS:" + (" " + ef if ef else "")])

    def to_markdown(self) -> str:
        """The character sheet as a Markdown table (names escaped)."""
        e = cast(EntityLike, self)
        md = markdown_escape

        def r(a: str) -> str:
            cur, base = e.current(a), e.base(a)
            return str(Rank(cur)) + (f" (of {Rank(base)})" if cur != base else "")

        edges = ", ".join(t.label() for t in e.edges) or "none"
        flaws = ", ".join(t.label() for t in e.flaws) or "none"
        lines = [
            f"**{md(e.name)}** ({e.kind}) | Sex: {e.sex or '-'} | Side: {md(e.side or '-')}",
            "",
            "| Ability | Rank | Ability | Rank |",
            "|---|---|---|---|",
            f"| Battle | {r('battle')} | Information | {r('information')} |",
            f"| Control | {r('control')} | Sensors | {r('sensors')} |",
            f"| Handling | {r('handling')} | Signature | {e.signature} |",
            "",
            f"Edges ({e.edge_points}): {md(edges)}  ",
            f"Flaws ({e.flaw_points}): {md(flaws)}",
        ]
        lines.extend(f"- {md(n)}" for n in e.notes)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.sheet()

    def _repr_markdown_(self) -> str:
        return self.to_markdown()

    def findings(self) -> list[Finding]:
        """Soft problems of a character build (empty when the build is legal).

        The build rules (Flaws at least the Edges, points spent, 1 in every ability) apply
        to characters only; facets, spawns and bestiary creatures are not built from points.
        Contradictory and repeated traits are reported for every kind.
        """
        e = cast(EntityLike, self)
        out: list[Finding] = []
        character = e.kind == "character"
        if character and e.flaw_points < e.edge_points:
            out.append(
                Finding(
                    "flaws_below_edges",
                    f"Flaws total {e.flaw_points} points but Edges total {e.edge_points}; "
                    "Flaws must be at least the Edges.",
                )
            )
        if character and e.points is not None:
            diff = e.points - e.points_spent
            if diff > 0:
                out.append(
                    Finding("points_unspent", f"{diff} of {e.points} ability points unspent.")
                )
            elif diff < 0:
                out.append(
                    Finding(
                        "points_overspent",
                        f"{-diff} points more than the {e.points} rolled were spent.",
                    )
                )
        low = [a for a in ABILITIES if e.base(a) < 1]
        if character and low:
            out.append(
                Finding(
                    "ability_below_1", f"Characters start at 1 in every ability: {', '.join(low)}."
                )
            )
        for a, b, what in (
            ("fast", "slow", "Fast and Slow"),
            ("sig+1", "sig-1", "Large and Small"),
        ):
            if e.has(a) and e.has(b):
                out.append(Finding("contradictory_traits", f"{what} cancel each other."))
        seen: set[tuple[str, str | None]] = set()
        for t in e.traits:
            key = (t.name, t.parameter)
            if key in seen:
                out.append(Finding("duplicate_trait", f"{t.label()} is taken more than once."))
            seen.add(key)
        return out
