"""Every docstring example in the kit runs, and so does the Python of the README and the docs.

The modules are found by walking the ``kit`` package (not by globbing files), so a module that
fails to import fails here by name. Each module is one test; a failing example is reported with
the doctest's own expected/got output.

The ```python blocks of README.md and of each page in docs/ run too, in order, in one namespace
per page (as a reader pasting them into a notebook would). A block followed by a ```text block
prints that text (compared as a doctest's output, ``...`` matching anything); a block that calls
``print`` prints something.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import kit

ROOT = Path(__file__).resolve().parents[1]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _kit_modules() -> list[str]:
    names = ["kit"]
    for info in pkgutil.walk_packages(kit.__path__, prefix="kit."):
        if info.name.endswith("__main__"):
            continue  # running it would start the command-line tool
        names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _kit_modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    failures: list[str] = []
    for test in finder.find(module, name):
        if not test.examples:
            continue
        out: list[str] = []
        result = runner.run(test, out=out.append, clear_globs=True)
        if result.failed:
            failures.append("".join(out))
    assert not failures, "\n".join(failures)


def _readme_python_blocks() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.DOTALL | re.MULTILINE)


def test_readme_has_python_examples() -> None:
    assert _readme_python_blocks(), "the README's Python blocks were not found"


def test_readme_python_blocks_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The blocks run in order in one namespace, as a reader pasting them into a notebook would."""
    monkeypatch.chdir(tmp_path)
    run_page("README.md", (ROOT / "README.md").read_text(encoding="utf-8"))


DOC_PAGES = ["README.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))]
#: What a page takes as given before its first block (it says so in its prose).
PRELUDES = {
    # the schemas page validates "the campaign file the README saves"
    "docs/schemas.md": "from kit import Campaign\nCampaign('The Drift Wars').save('drift-wars.json')\n",
}
_BLOCK = re.compile(
    r"^```python\n(?P<code>.*?)^```\n(?:[ \t]*\n)*(?:^```text\n(?P<out>.*?)^```\n)?",
    flags=re.DOTALL | re.MULTILINE,
)


def python_blocks(text: str) -> list[tuple[str, str | None]]:
    """The ```python blocks of a Markdown text, each with the ```text block right after it
    (its expected output) or None."""
    return [(m["code"], m["out"]) for m in _BLOCK.finditer(text)]


def run_page(page: str, text: str) -> None:
    """Run ``text``'s Python blocks in one namespace; raise AssertionError naming the block
    whose output is not what the page shows."""
    import contextlib
    import io

    namespace: dict[str, object] = {"__name__": "__docs__"}
    exec(PRELUDES.get(page, ""), {"__name__": "__prelude__"})
    checker = doctest.OutputChecker()
    for number, (code, want) in enumerate(python_blocks(text), start=1):
        where = f"{page} python block {number}"
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, where, "exec"), namespace)
        got = out.getvalue()
        if re.search(r"^\s*print\(", code, flags=re.MULTILINE):
            assert got.strip(), f"{where} calls print but prints nothing"
        if want is not None and not checker.check_output(want, got, FLAGS):
            raise AssertionError(
                f"{where} prints other than the page shows:\n--- shown\n{want}--- printed\n{got}"
            )


def test_every_page_with_python_has_its_blocks_found() -> None:
    pages = {page: python_blocks((ROOT / page).read_text(encoding="utf-8")) for page in DOC_PAGES}
    assert pages["docs/index.md"] and pages["docs/index.md"][0][1], "the front page shows output"
    for page, blocks in pages.items():
        count = (ROOT / page).read_text(encoding="utf-8").count("```python")
        assert len(blocks) == count, f"{page}: {count} python fences, {len(blocks)} blocks read"


@pytest.mark.parametrize("page", [p for p in DOC_PAGES if p != "README.md"])
def test_docs_python_blocks_run_and_print_what_they_show(
    page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    run_page(page, (ROOT / page).read_text(encoding="utf-8"))


def test_a_block_that_prints_other_than_it_shows_fails() -> None:
    """The check above can fail: the front page's old example (the Job Record of a job that
    ``play()`` left unplayed, since it returns a played copy) is caught."""
    old = (
        (ROOT / "docs/index.md")
        .read_text(encoding="utf-8")
        .replace("played = job.play()", "job.play()")
        .replace("print(played.to_markdown())", "print(job.to_markdown())")
    )
    with pytest.raises(AssertionError, match="prints other than the page shows"):
        run_page("docs/index.md", old)
    with pytest.raises(AssertionError, match="calls print but prints nothing"):
        run_page("x.md", "```python\nprint(end='')\n```\n")
