"""How a command's process runs and ends: the cycle collector set for a batch (the club server
keeps Python's defaults), and a command that only prints ends the usual way, all of its output
there whatever reads it, every exit handler run and every thread waited for, without searching
what it leaves for cycles."""

from __future__ import annotations

import json
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


LEFT = """
import atexit, threading

atexit.register(print, "at exit")
waits = threading.main_thread()
threading.Thread(target=lambda: (waits.join(), print("thread done", flush=True))).start()
from bridgescore.cli import main

main()
"""


def test_what_else_is_left_to_do_is_done_before_the_end() -> None:
    """A thread still running and work registered for the exit: both are done, after the
    command's own output, and the status is the command's."""
    command = [sys.executable, "-c", LEFT, "contract", "4S=", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, env=BUFFERED, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    printed, left = done.stdout.split("}\n}\n")
    assert json.loads(printed + "}}")["score"] == 420
    assert left == "thread done\nat exit\n"


SETTINGS_AT_EXIT = """
import atexit, gc, sys

atexit.register(lambda: print(gc.get_threshold(), gc.get_freeze_count() > 0, file=sys.stderr))
from bridgescore.cli import main

main()
"""


@pytest.mark.parametrize(
    ("arguments", "settings"),
    [
        (["contract", "4S="], "(700000, 10, 10) True"),
        (["score", str(EXAMPLES / "club-session.csv")], "(700000, 10, 10) True"),
        (["export", str(EXAMPLES / "board1.csv"), "--csv", "OUT"], "(700000, 10, 10) False"),
        (["serve", "--help"], "(700, 10, 10) False"),
    ],
    ids=["contract", "score", "export", "serve"],
)
def test_a_command_sets_the_collector_for_a_batch_and_the_server_keeps_pythons(
    tmp_path: Path, arguments: list[str], settings: str
) -> None:
    """The collector's thresholds in the process at its end, and whether what was left was
    frozen out of its reach: a command that runs and ends collects a thousand times less often,
    one that only printed freezes what it leaves; ``serve --help`` keeps Python's (a
    serving process sets its own: ``tests/server/test_serve_cmd.py``)."""
    arguments = [str(tmp_path / "out.csv") if a == "OUT" else a for a in arguments]
    command = [sys.executable, "-c", SETTINGS_AT_EXIT, *arguments]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, f"{settings}\n")


def test_importing_the_command_line_changes_no_setting_of_the_process() -> None:
    code = "import gc\nimport bridgescore.cli\nprint(gc.get_threshold(), gc.get_freeze_count())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "(700, 10, 10) 0\n"


def test_only_commands_that_print_freeze_what_they_leave() -> None:
    assert set(COMMANDS) >= PRINTS_ONLY
    for writer in ("report", "report-teams", "export", "convert", "deals", "serve", "archive"):
        assert writer not in PRINTS_ONLY
