"""The modules of kit.successors.combat import one another without a cycle.

Every import between them counts, also those inside functions: a cycle hidden in a local
import still ties two modules into one. The graph is read from the source with ``ast``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import kit.successors.combat as combat

PACKAGE = Path(combat.__file__).parent


def imports_between_modules() -> dict[str, set[str]]:
    names = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    graph: dict[str, set[str]] = {n: set() for n in names}
    for name in names:
        tree = ast.parse((PACKAGE / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    target = node.module.split(".")[0]
                    if target in names:
                        graph[name].add(target)
                else:
                    graph[name] |= {a.name for a in node.names if a.name in names}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        path.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                return path[path.index(m) :] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        state[n] = 2
        path.pop()
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_no_import_cycle_in_combat():
    graph = imports_between_modules()
    assert graph["phases"] >= {"pools", "sensors", "takeover"}  # the graph is really read
    assert find_cycle(graph) is None, find_cycle(graph)


def test_the_checker_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
