"""The ``bridgescore`` command line: a thin click app over the library.

Each command lives in its own module and is imported only when it runs, so a command pays
only for the libraries it uses. Errors in the user's input (any :class:`BridgeScoreError`)
print one clear message and exit with status 2; there is never a traceback for bad input.

A command parses its options, calls the application layer (:mod:`bridgescore.events`) and
renders; no command module imports another's (the options they share live in ``options``,
``pairs_options`` and ``teams_options``). Internal: the interface is the command line itself.
"""

from __future__ import annotations

__all__ = ["COMMANDS", "app", "main"]

import importlib
from typing import Any

import click

from bridgescore.core.errors import BridgeScoreError

# command name -> "module:attribute" of a click.Command; imported on first use.
COMMANDS: dict[str, str] = {
    "contract": "bridgescore.cli.contract_cmd:contract",
    "board": "bridgescore.cli.contract_cmd:board",
    "rubber": "bridgescore.cli.rubber_cmd:rubber",
    "chicago": "bridgescore.cli.rubber_cmd:chicago",
    "vp": "bridgescore.cli.vp_cmd:vp",
    "archive": "bridgescore.cli.archive_cmd:archive",
    "score": "bridgescore.cli.score_cmd:score",
    "explain": "bridgescore.cli.score_cmd:explain",
    "export": "bridgescore.cli.export_cmd:export",
    "teams": "bridgescore.cli.teams_cmd:teams",
    "swiss-draw": "bridgescore.cli.teams_cmd:swiss_draw",
    "report": "bridgescore.cli.report_cmd:report",
    "report-teams": "bridgescore.cli.report_cmd:report_teams",
    "convert": "bridgescore.cli.convert_cmd:convert",
    "movement": "bridgescore.cli.movement_cmd:movement",
    "session": "bridgescore.cli.session_cmd:session",
}


class UserInputError(click.ClickException):
    """Bad input from the user: one message, exit status 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


class LazyGroup(click.Group):
    """A group whose commands are imported when they are asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return super().get_command(ctx, cmd_name)
        module_name, _, attribute = target.partition(":")
        command = getattr(importlib.import_module(module_name), attribute)
        assert isinstance(command, click.Command)
        return command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BridgeScoreError as error:
            raise UserInputError(str(error)) from None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="bridgescore")
def app() -> None:
    """Score contract bridge: contracts, rubber and Chicago sheets, pairs and teams events."""


def main() -> None:
    """Entry point of the ``bridgescore`` console script."""
    app(prog_name="bridgescore")
