"""A Griffe extension for the API reference: the kit's docstrings as the site should show them.

The kit's docstrings are written to be read in a terminal and run as doctests: examples are bare
``>>>`` lines and references are Sphinx roles (``:class:`Job```, ``:func:`~kit.regulus.odds```).
Markdown knows neither: it runs an example's lines together into one paragraph (reading ``>``
as a quote) and prints the roles as they are. Before mkdocstrings renders a docstring, this
extension

* fences every ``>>>`` example (with its output lines) as a ``pycon`` code block, except inside a
  Google-style ``Examples:`` section, which mkdocstrings already renders as code;
* turns every role into a cross-reference to the object it names, resolved the way Python would
  from where the docstring is (``:meth:`roll``` in a class means that class's ``roll``). A name
  the site does not document, or one outside the kit (``plotly.graph_objects.Figure``), stays as
  code with no link rather than failing the strict build.

Docstrings in the source are not changed; doctests still run them as written.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:class|func|meth|attr|data|mod|exc|obj|const):`([^`]+)`")
SECTION = re.compile(r"^(\s*)Examples:\s*$")  # the only examples section griffe knows
FENCE = re.compile(r"^\s*(```|~~~)")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def fence_examples(text: str) -> str:
    """Wrap each run of ``>>>`` lines and their output in a fenced ``pycon`` block.

    >>> print(fence_examples("Add:\\n\\n>>> 1 + 1\\n2\\n\\nDone."))
    Add:
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    Done.
    """
    lines = text.split("\n")
    out: list[str] = []
    in_fence = False
    section: int | None = None  # indentation of an Examples: header we are under
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence:
            header = SECTION.match(line)
            if header:
                section = len(header.group(1))
            elif section is not None and stripped and _indent(line) <= section:
                section = None
            if section is None and stripped.startswith(">>>"):
                base = _indent(line)
                block = []
                while i < len(lines) and lines[i].strip() and _indent(lines[i]) >= base:
                    block.append(lines[i])
                    i += 1
                pad = " " * base
                if out and out[-1].strip():
                    out.append("")
                out += [pad + "```pycon", *block, pad + "```"]
                if i < len(lines) and lines[i].strip():
                    out.append("")
                continue
        out.append(line)
        i += 1
    return "\n".join(out)


def _target(obj: griffe.Object, name: str) -> str | None:
    """The full path ``name`` means where ``obj``'s docstring is, or None if it cannot be found."""
    head, _, rest = name.partition(".")
    scope: Any = obj
    while scope is not None:
        try:
            found = scope.resolve(head)
        except (griffe.NameResolutionError, AttributeError, KeyError, ValueError):
            found = None
        if found:
            return found + ("." + rest if rest else "")
        scope = scope.parent
    if name.startswith("kit.") or name == "kit":
        return name
    return None


def link_roles(text: str, obj: griffe.Object) -> str:
    """Replace each Sphinx role with an optional cross-reference (plain code if unresolved)."""

    def replace(match: re.Match[str]) -> str:
        content = match.group(1).strip()
        explicit = re.match(r"^(.*?)\s*<([^>]+)>$", content)
        if explicit:
            shown, name = explicit.group(1), explicit.group(2)
        else:
            name = content.lstrip("~!.")
            shown = name.rsplit(".", 1)[-1] if content.startswith("~") else name
        name = name.lstrip("~!.")
        target = _target(obj, name) if name.split(".")[0].isidentifier() else None
        code = f"`{shown}`"
        if target is None:
            return code
        return f'<autoref identifier="{target}" optional>{code}</autoref>'

    return ROLE.sub(replace, text)


class KitDocstrings(griffe.Extension):
    """Rewrite every docstring of a loaded package for the site (see the module docstring)."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Walk the whole package once it is loaded (every name can then be resolved)."""
        seen: set[int] = set()
        todo: list[griffe.Object] = [pkg]
        while todo:
            obj = todo.pop()
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if obj.docstring is not None:
                text = fence_examples(obj.docstring.value)
                obj.docstring.value = link_roles(text, obj)
            todo.extend(m for m in obj.members.values() if not m.is_alias)  # type: ignore[misc]
