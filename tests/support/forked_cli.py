"""The ``bridgescore`` command line run in a process of its own for each run, forked from a
process that has imported it once (a zygote), for tests that run it hundreds of times.

Each run is a real process with its own exit status, standard output and standard error (files
the test reads), its working directory and environment those of the zygote: in it
:func:`bridgescore.cli.main` runs as the console script runs it (``sys.exit(main())``), and its
end is the interpreter's: an exception that escapes is printed with its traceback and the
status is 1, ``sys.exit``'s status is the process's, the ``atexit`` handlers run and the streams
are flushed. What a fork leaves out is the start of the interpreter and the imports (0.1 to 0.2
s of CPU a run): ``tests/cli/test_process.py`` and the other tests that run the installed
console script prove those.
"""

from __future__ import annotations

import json
import locale
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

ZYGOTE = r"""
import atexit, importlib, json, os, sys, threading, traceback
import bridgescore.cli as cli

for name, (target, _line) in cli.COMMANDS.items():
    if name not in cli.SERVES:
        importlib.import_module("bridgescore.cli." + target.split(":")[0])

def run(args, out, err):
    os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
    os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
    sys.argv = ["bridgescore", *args]
    code = 0
    try:
        try:
            cli.main()
        except SystemExit as done:
            if done.code is None:
                code = 0
            elif isinstance(done.code, int):
                code = done.code
            else:
                print(done.code, file=sys.stderr)
                code = 1
        except BaseException:
            traceback.print_exc()
            code = 1
        threading._shutdown()
        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BaseException:
                code = code or 120
    finally:
        os._exit(code & 0xFF)

for line in sys.stdin:
    args, out, err = json.loads(line)
    child = os.fork()
    if child == 0:
        run(args, out, err)
    _pid, status = os.waitpid(child, 0)
    sys.stdout.write(json.dumps(os.waitstatus_to_exitcode(status)) + "\n")
    sys.stdout.flush()
"""


@dataclass(frozen=True)
class Done:
    """One run: its exit status and what it wrote to standard output and error."""

    returncode: int
    stdout: str
    stderr: str


class ForkedCli:
    """A zygote in ``cwd`` with ``env``; :meth:`run` is one run of ``bridgescore ARGS``."""

    def __init__(self, cwd: Path, env: dict[str, str], scratch: Path) -> None:
        self.scratch = scratch
        self.process = subprocess.Popen(
            [sys.executable, "-P", "-c", ZYGOTE],
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def run(self, *args: str) -> Done:
        assert self.process.stdin is not None and self.process.stdout is not None
        out, err = self.scratch / "stdout", self.scratch / "stderr"
        self.process.stdin.write(json.dumps([list(args), str(out), str(err)]) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        assert answer, f"the zygote ended (status {self.process.wait()})"
        return Done(int(json.loads(answer)), _text(out), _text(err))

    def __enter__(self) -> ForkedCli:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def _text(path: Path) -> str:
    """What a run wrote, read as ``subprocess.run(..., text=True)`` reads it (the locale's
    encoding, universal newlines)."""
    text = path.read_bytes().decode(locale.getpreferredencoding(False))
    return text.replace("\r\n", "\n").replace("\r", "\n")
