"""Running bridgescore's commands in-process, as the CLI tests do."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner, Result

from bridgescore.cli import app
from bridgescore.render.terminal.console import console


def run(*args: str) -> Result:
    """Invoke the command with a 100-column console (the shared console is built afresh so
    that the width does not depend on which test printed first)."""
    console.cache_clear()
    try:
        return CliRunner().invoke(app, list(args), env={"COLUMNS": "100"})
    finally:
        console.cache_clear()


def as_json(*args: str) -> Any:
    """The command's ``--json`` output, read; the command must succeed."""
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)
