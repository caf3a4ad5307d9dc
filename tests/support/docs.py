"""The documentation's pages (README.md and docs/), the console runs they show, and running one.

A console run is a ``$ bridgescore ...`` line in a ``console`` block with the lines after it, up
to the next ``$`` line or the end of the block: what the command prints. A line ``...`` in the
lines shown stands for lines left out.

Runs are made the way a reader would make them, from the root of a checkout after ``make run``:
in a scratch directory that has the checkout's ``examples`` and ``tests`` (and ``../shared``
beside it) and an empty ``build``, so that the files a run writes (``build/site``, ``match.pbn``)
land in the scratch directory. The scratch directory is shown as ``/home/me/bridgescore`` where
a command prints an absolute path.
"""

from __future__ import annotations

import contextlib
import itertools
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from bridgescore.cli import app
from bridgescore.render.terminal.console import console
from tests.support.paths import ROOT, SHARED

README = ROOT / "README.md"
DOCS = ROOT / "docs"
SHOWN_CHECKOUT = "/home/me/bridgescore"  # how the docs show the root of the checkout
OUTPUT_OPTIONS = {"--usebio", "--pbn", "--csv", "--html", "--pdf", "--out", "--commit"}


def pages() -> dict[str, Path]:
    """Every page by name: ``README`` and the docs pages (``pairs``, ``api/index``)."""
    found = {"README": README}
    for path in sorted(DOCS.rglob("*.md")):
        found[path.relative_to(DOCS).with_suffix("").as_posix()] = path
    return found


def page_text(name: str) -> str:
    """The text of one page (``README``, ``teams``, ...)."""
    return pages()[name].read_text(encoding="utf-8")


def all_text() -> str:
    """Every page, one after the other."""
    return "\n".join(path.read_text(encoding="utf-8") for path in pages().values())


@dataclass(frozen=True)
class ConsoleRun:
    """One ``$ bridgescore ...`` line of a page and the output shown under it."""

    page: str
    line: int
    command: str  # after "$ "
    shown: str

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.command}"

    @property
    def args(self) -> list[str]:
        """The command's arguments after ``bridgescore``."""
        return shlex.split(self.command)[1:]

    @property
    def writes(self) -> set[str]:
        """The paths the command writes: the values of its output options, convert's OUT."""
        args = self.args
        written = {value for option, value in itertools.pairwise(args) if option in OUTPUT_OPTIONS}
        positional = [a for a in args if not a.startswith("-")]
        if args[:1] == ["convert"] and len(positional) >= 3:
            written.add(positional[2])
        if args[:2] == ["deals", "generate"] and len(positional) >= 3 and "--sets" not in args:
            written.add(positional[2])
        if args[:2] in (["deals", "analyse"], ["deals", "convert"]) and len(positional) >= 4:
            written.add(positional[3])
        return written

    @property
    def fails(self) -> bool:
        """The output shown is an error: the command exits with status 2."""
        return self.shown.startswith("error:")


def console_runs(page: str | None = None) -> list[ConsoleRun]:
    """The console runs of one page, or of every page (README first, then docs/)."""
    names = [page] if page is not None else list(pages())
    return [run for name in names for run in _runs(name, page_text(name))]


def _runs(page: str, text: str) -> Iterator[ConsoleRun]:
    lines = text.split("\n")
    block = False
    current: tuple[int, str, list[str]] | None = None
    for number, line in enumerate(lines, start=1):
        if line.startswith("```"):
            if current is not None:
                yield ConsoleRun(page, current[0], current[1], "".join(current[2]))
                current = None
            block = line == "```console"
        elif block and line.startswith("$ "):
            if current is not None:
                yield ConsoleRun(page, current[0], current[1], "".join(current[2]))
            current = (number, line[2:], [])
        elif block and current is not None:
            current[2].append(line + "\n")


def assert_shown(shown: str, printed: list[str]) -> None:
    """The lines shown are the lines printed (trailing spaces and blank lines aside); with a
    ``...`` line, every line shown is printed, in the same order."""
    wanted = "\n".join(line.rstrip() for line in shown.splitlines()).rstrip("\n").split("\n")
    printed = "\n".join(line.rstrip() for line in printed).rstrip("\n").split("\n")
    if "..." not in {line.strip() for line in wanted}:
        assert wanted == printed
        return
    position = 0
    for line in wanted:
        if line.strip() != "...":
            assert line in printed[position:], f"not printed (in this order): {line!r}"
            position = printed.index(line, position) + 1


def scratch_checkout(where: Path) -> Path:
    """A directory to run the docs' commands in, as if at the root of a checkout after
    ``make run`` (which leaves ``build``)."""
    root = where / "bridgescore"
    (root / "build").mkdir(parents=True)
    for name in ("examples", "tests"):
        (root / name).symlink_to(ROOT / name, target_is_directory=True)
    if SHARED.exists():
        (where / "shared").symlink_to(SHARED, target_is_directory=True)
    return root


def invoke(args: list[str], checkout: Path) -> tuple[int, list[str]]:
    """Run ``bridgescore ARGS`` in the checkout on a 100-column console: the exit status and
    what it printed (standard output and error as a terminal shows them), the checkout's
    absolute path as the docs show it."""
    console.cache_clear()  # the shared console is made afresh, 100 columns wide
    try:
        with contextlib.chdir(checkout):
            result = CliRunner().invoke(app, args, env={"COLUMNS": "100"})
    finally:
        console.cache_clear()
    output = result.output
    for path in {str(checkout), str(checkout.resolve())}:
        output = output.replace(path, SHOWN_CHECKOUT)
    return result.exit_code, output.splitlines()


def needed(run: ConsoleRun, checkout: Path) -> list[ConsoleRun]:
    """The earlier runs of the page that write files this run reads and that are not there yet
    (``score build/club.xml`` after the ``export`` that writes it), in page order."""
    if run.page not in pages():
        return []
    earlier = [r for r in console_runs(run.page) if r.line < run.line]
    reads = {arg for arg in run.args if not (checkout / arg).exists()}
    wanted = [r for r in earlier if r.writes & reads]
    return [r for w in wanted for r in needed(w, checkout)] + wanted


def check_run(run: ConsoleRun, checkout: Path) -> None:
    """Run what the page shows, in the checkout, and compare: the exit status
    (2 when the output shown is an error, else 0), the output shown, the files written."""
    for before in needed(run, checkout):
        status, printed = invoke(before.args, checkout)
        assert status == 0, f"{before} (run first):\n" + "\n".join(printed)
    status, printed = invoke(run.args, checkout)
    assert status == (2 if run.fails else 0), "\n".join(printed)
    if run.shown.strip():
        assert_shown(run.shown, printed)
    for path in run.writes:
        assert (checkout / path).exists(), f"{path} was not written"


SHARED_PATH = re.compile(r"(^|\s)\.\./shared/")


def needs_shared(run: ConsoleRun) -> bool:
    """The run reads the shared folder beside the checkout (seeds, other programs' files)."""
    return bool(SHARED_PATH.search(run.command))
