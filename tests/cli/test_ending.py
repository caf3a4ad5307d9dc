"""A command that only prints ends as soon as its output is written, without taking its objects
apart one by one: all of its output is there, whatever reads it, and it ends that way only when
nothing else is left to do."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import COMMANDS, PRINTS_ONLY, app
from tests.support.generated import event, write_frame
from tests.support.paths import EXAMPLES

BRIDGESCORE = [sys.executable, "-c", "from bridgescore.cli import main; main()"]
BUFFERED = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
"""The environment as a user's: the output held in Python's buffers until it is flushed."""


@pytest.fixture(scope="module")
def howell(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Howell of 600 tables: 1,200 pairs to print, a line each."""
    return write_frame(tmp_path_factory.mktemp("howell"), event(4, 600, seed=3, howell=True))


@pytest.mark.parametrize(
    ("event", "output"),
    [
        ("howell", "table"),
        ("howell", "plain"),
        ("howell", "csv"),
        ("howell", "json"),
        ("club", "table"),
    ],
)
def test_all_of_the_output_is_written_to_a_file_and_a_pipe(
    howell: Path, tmp_path: Path, event: str, output: str
) -> None:
    """A big ranking (written at once) and a small one (held in the output's buffer)."""
    path = howell if event == "howell" else EXAMPLES / "club-session.csv"
    arguments = ["score", str(path), "--method", "crossimps", "--format", output]
    want = CliRunner().invoke(app, arguments)
    assert want.exit_code == 0, want.output
    written = tmp_path / "out.txt"
    with written.open("w") as file:
        done = subprocess.run([*BRIDGESCORE, *arguments], stdout=file, env=BUFFERED, check=False)
    assert done.returncode == 0
    assert written.read_text() == want.stdout
    piped = subprocess.run(
        [*BRIDGESCORE, *arguments], capture_output=True, text=True, env=BUFFERED, check=False
    )
    assert (piped.returncode, piped.stdout, piped.stderr) == (0, want.stdout, "")


def test_a_failing_command_still_says_why(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n1,3,4,9S,N,=\n")
    done = subprocess.run(
        [*BRIDGESCORE, "score", str(bad)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert (
        done.stderr
        == f"error: {bad}:3: board 1: 9S is not a contract: a contract's level is 1 to 7\n"
    )


@pytest.mark.parametrize(
    "setup",
    [
        "threading.Thread(target=threading.Event().wait, daemon=True).start()",
        "atexit.register(print, 'at exit')",
    ],
    ids=["a thread", "work at exit"],
)
def test_it_ends_the_usual_way_when_something_else_is_left(setup: str) -> None:
    """Another thread running, or something registered to run at exit: the process goes on
    (and ends the usual way)."""
    script = (
        "import atexit, threading\n"
        "from bridgescore.cli import _end_at_once\n"
        f"{setup}\n"
        "_end_at_once()\n"
        "print('went on')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("went on\n")


def test_only_commands_that_print_end_at_once() -> None:
    assert set(COMMANDS) >= PRINTS_ONLY
    for writer in ("report", "report-teams", "export", "convert", "deals", "serve", "archive"):
        assert writer not in PRINTS_ONLY
