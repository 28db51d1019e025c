"""The ``gm-kit`` command: copy the teaching notebooks out of the package and open a front end.

The wheel carries the notebooks inside the package (``kit/notebooks``); a source checkout keeps
them in the repository's top-level ``notebooks/`` folder. Either way::

    gm-kit notebooks my-table      # copy them into ./my-table (never overwriting your edits)
    gm-kit lab my-table            # copy if needed, then open JupyterLab on the start-here notebook
    gm-kit notebook my-table       # the same in Jupyter Notebook 7
    gm-kit voila my-table          # the start-here notebook as a Voila app (outputs only)
    python -m kit lab              # the same, without the console script
    gm-kit schema campaign         # print the JSON Schema of a save format (gm-kit schema: list)

``gm-kit lab``, ``gm-kit notebook`` and ``gm-kit voila`` need the ``[lab]`` extra (``pip install
"gm-kit[lab]"``). Run as root (a container), the first two pass the Jupyter server the
``--allow-root`` it would otherwise refuse to start without. All three pass the kit's Voila
setting (:data:`VOILA_EXTENSION_DENYLIST`) on the command line, so a Voila page, standalone or
under ``/voila/render`` of the Jupyter server, is clean in an editable install too (the wheel
also installs it as ``etc/jupyter/jupyter_server_config.d/gm-kit-voila.json``). Options after
the folder go to the front end as they are (``gm-kit voila my-table --port 8867``).
"""

from __future__ import annotations

import argparse
import filecmp
import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "FRONT_ENDS",
    "START_HERE",
    "VOILA_EXTENSION_DENYLIST",
    "CopyReport",
    "copy_notebooks",
    "front_end_command",
    "front_end_env",
    "main",
    "notebooks_source",
    "server_options",
]

#: The notebook ``gm-kit lab`` opens.
START_HERE = "00_start_here.ipynb"

#: Where ``gm-kit lab`` puts the notebooks when no folder is named.
DEFAULT_DIR = "gm-kit-notebooks"

#: JupyterLab extensions Voila must not load: they need JupyterLab's document manager, which a
#: Voila page lacks, and only throw there (Notebook 7's lab extension, jupytext's). The same list
#: as ``jupyter-config/gm-kit-voila.json``, which the wheel installs.
VOILA_EXTENSION_DENYLIST = ("@jupyter-notebook/lab-extension", "jupyterlab-jupytext")

#: Each front end: its module, what it is called, and whether it is a Jupyter server (which
#: refuses to run as root without ``--allow-root``; standalone Voila has no such check).
FRONT_ENDS = {
    "lab": ("jupyterlab", "JupyterLab", True),
    "notebook": ("notebook", "Jupyter Notebook 7", True),
    "voila": ("voila", "Voila", False),
}


def notebooks_source() -> Path:
    """The folder the kit's notebooks are copied from.

    Inside an installed wheel that is ``kit/notebooks``; in a source checkout (or an editable
    install) it is the repository's ``notebooks/`` folder beside the package.
    """
    here = Path(__file__).resolve().parent
    for candidate in (here / "notebooks", here.parent / "notebooks"):
        if (candidate / START_HERE).is_file():
            return candidate
    raise FileNotFoundError(
        "the kit's notebooks are not installed with this copy of gm-kit "
        f"(looked in {here / 'notebooks'} and {here.parent / 'notebooks'})"
    )


@dataclass
class CopyReport:
    """What :func:`copy_notebooks` did with each notebook."""

    folder: Path
    """The folder the notebooks were copied into."""
    copied: list[str] = field(default_factory=list)
    """Notebooks written (new, or replaced with the reader's consent)."""
    unchanged: list[str] = field(default_factory=list)
    """Notebooks already there and identical to the kit's."""
    kept: list[str] = field(default_factory=list)
    """Notebooks already there with changes of the reader's, left as they were."""

    def summary(self) -> str:
        """One short paragraph for the terminal."""
        lines = [f"gm-kit notebooks in {self.folder}:"]
        if self.copied:
            lines.append(f"  copied {len(self.copied)}: {', '.join(self.copied)}")
        if self.unchanged:
            lines.append(f"  already up to date: {len(self.unchanged)}")
        if self.kept:
            lines.append(
                f"  kept your edited copies of {', '.join(self.kept)} "
                "(run with --force to replace them with the kit's)"
            )
        return "\n".join(lines)


def copy_notebooks(
    dest: str | os.PathLike[str],
    *,
    force: bool = False,
    ask: Callable[[str], bool] | None = None,
) -> CopyReport:
    """Copy the kit's notebooks into ``dest`` (created if needed) and report what happened.

    A notebook already in ``dest`` that differs from the kit's copy is the reader's work: it is
    replaced only with ``force=True`` or when ``ask(name)`` returns True, and kept otherwise.
    """
    src = notebooks_source()
    folder = Path(dest).expanduser()
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{folder} exists and is not a folder")
    folder.mkdir(parents=True, exist_ok=True)
    report = CopyReport(folder.resolve())
    for nb in sorted(src.glob("*.ipynb")):
        target = folder / nb.name
        if target.exists():
            if filecmp.cmp(nb, target, shallow=False):
                report.unchanged.append(nb.name)
                continue
            if not (force or (ask is not None and ask(nb.name))):
                report.kept.append(nb.name)
                continue
        shutil.copyfile(nb, target)
        report.copied.append(nb.name)
    return report


def _ask_on_terminal(name: str) -> bool:
    if not sys.stdin.isatty():
        return False
    answer = input(f"{name} has changes of yours; replace it with the kit's copy? [y/N] ")
    return answer.strip().lower() in ("y", "yes")


#: The kit's Voila template (``kit/jupyter/voila/templates/gm-kit``): Voila's "lab" template
#: without the style sheets it fetches from a CDN.
VOILA_TEMPLATE = "gm-kit"

#: The data folder holding the kit's Voila template; :func:`front_end_env` puts it on
#: ``JUPYTER_PATH`` (the wheel also installs the template into ``share/jupyter``).
JUPYTER_DATA = Path(__file__).resolve().parent / "jupyter"


def server_options(server: bool = True) -> list[str]:
    """The options every front end the kit starts gets: Voila's extension denylist and template.

    They apply to standalone Voila and to the ``/voila/render`` pages of a Jupyter server alike;
    the template is found through :func:`front_end_env`. A Jupyter server (``server``) also
    leaves MathJax's address unset ("null"), as standalone Voila does: its Voila pages then use
    the MathJax bundled with them instead of fetching one from a CDN (JupyterLab and Notebook 7
    use their bundled MathJax either way).
    """
    names = ",".join(repr(n) for n in VOILA_EXTENSION_DENYLIST)
    options = [
        f"--VoilaConfiguration.extension_denylist=[{names}]",
        f"--VoilaConfiguration.template={VOILA_TEMPLATE}",
    ]
    if server:
        options += [
            "--ServerApp.tornado_settings=mathjax_url=null",
            "--ServerApp.tornado_settings=mathjax_config=null",
        ]
    return options


def front_end_env(base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment a front end runs in: ``base`` (the process's) with the kit's data folder
    first on ``JUPYTER_PATH``, where Voila looks for templates."""
    env = dict(os.environ if base is None else base)
    paths = [str(JUPYTER_DATA), *filter(None, env.get("JUPYTER_PATH", "").split(os.pathsep))]
    env["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))
    return env


def front_end_command(front_end: str, folder: Path, extra: Sequence[str] = ()) -> list[str]:
    """The command line that opens ``front_end`` on the start-here notebook in ``folder``.

    >>> cmd = front_end_command("voila", Path("t"))
    >>> cmd[1:4], "--allow-root" in cmd
    (['-m', 'voila', '00_start_here.ipynb'], False)
    """
    module, _, server = FRONT_ENDS[front_end]
    cmd = [sys.executable, "-m", module, START_HERE]
    if server:
        cmd.append(f"--ServerApp.root_dir={folder}")
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")
    else:
        cmd.append(f"--Voila.root_dir={folder}")
    return [*cmd, *server_options(server), *extra]


def lab_command(folder: Path, extra: Sequence[str] = ()) -> list[str]:
    """The command line that opens JupyterLab on the start-here notebook in ``folder``."""
    return front_end_command("lab", folder, extra)


def _schema(kind: str | None) -> int:
    """Print the JSON Schema of ``kind`` (or, without one, the kinds there are)."""
    import json

    from . import store
    from .errors import KitError

    if kind is None:
        print("\n".join(store.schema_kinds()))
        return 0
    try:
        print(json.dumps(store.schema(kind), indent=1, ensure_ascii=False))
    except KitError as exc:
        print(f"gm-kit schema: {exc}", file=sys.stderr)
        return 2
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``gm-kit`` command; returns the process exit code.

    A reader that stops early (``gm-kit schema campaign | head -3``) closes the pipe the
    command prints into; the command then stops quietly, as Unix tools do, instead of ending
    in a ``BrokenPipeError`` traceback (the way the Python documentation's "Note on SIGPIPE"
    recommends: stdout is pointed at the null device so the final flush cannot fail again).
    """
    try:
        code = _main(argv)
        sys.stdout.flush()  # a failing write shows up here, not at interpreter exit
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 1
    return code


def _main(argv: Sequence[str] | None) -> int:
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="gm-kit",
        description="Copy gm-kit's teaching notebooks into a folder and open them in JupyterLab, "
        "Jupyter Notebook 7 or Voila.",
    )
    parser.add_argument("--version", action="version", version=f"gm-kit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p_nb = sub.add_parser("notebooks", help="copy the notebooks into DIR")
    p_nb.add_argument("dir", metavar="DIR", help="folder to copy the notebooks into")
    p_nb.add_argument("--force", action="store_true", help="replace notebooks you have edited")
    for name, (_, title, _) in FRONT_ENDS.items():
        p_fe = sub.add_parser(name, help=f"copy the notebooks if needed and open {title}")
        p_fe.add_argument("dir", metavar="DIR", nargs="?", default=DEFAULT_DIR)
        p_fe.add_argument("--force", action="store_true", help="replace notebooks you have edited")
        p_fe.add_argument("--dry-run", action="store_true", help=f"print the {title} command only")
    sub.add_parser("where", help="print the folder the notebooks are copied from")
    p_schema = sub.add_parser("schema", help="print the JSON Schema of a save format (KIND)")
    p_schema.add_argument("kind", metavar="KIND", nargs="?", help="for example 'campaign'")
    args, extra = parser.parse_known_args(argv)
    if args.command not in FRONT_ENDS and extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")

    if args.command is None:
        parser.print_help()
        return 0
    if args.command == "schema":
        return _schema(args.kind)
    try:
        if args.command == "where":
            print(notebooks_source())
            return 0
        report = copy_notebooks(args.dir, force=args.force, ask=_ask_on_terminal)
    except BrokenPipeError:
        raise  # the reader went away (see main), not a problem with the files
    except (OSError, FileNotFoundError) as exc:
        print(f"gm-kit: {exc}", file=sys.stderr)
        return 1
    print(report.summary())
    if args.command == "notebooks":
        return 0
    cmd = front_end_command(args.command, report.folder, extra)
    if args.dry_run:
        print(" ".join(cmd))
        return 0
    module, title, _ = FRONT_ENDS[args.command]
    if importlib.util.find_spec(module) is None:
        print(
            f"gm-kit: {title} is not installed; install it with: pip install 'gm-kit[lab]'",
            file=sys.stderr,
        )
        return 1
    return subprocess.call(cmd, cwd=report.folder, env=front_end_env())


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
