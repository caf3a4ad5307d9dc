"""The installed ``bridgescore`` console script, run as a real process from the checkout (the
examples' paths are relative to it), as a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.support.paths import ROOT

SCRIPT = Path(sys.executable).with_name("bridgescore")


def run_bridgescore(
    *args: str | os.PathLike[str], env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """One run of the console script; the exit status is the caller's to check."""
    return subprocess.run(
        [str(SCRIPT), *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **(env or {})},
    )


def bridgescore_json(*args: str | os.PathLike[str]) -> Any:
    """What ``bridgescore ARGS --json`` prints, parsed; the run must succeed."""
    done = run_bridgescore(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
