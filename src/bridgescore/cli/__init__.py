"""The ``bridgescore`` command line: a thin click app over the library.

Each command lives in its own module and is imported only when it runs, so a command pays
only for the libraries it uses. Errors in the user's input (any :class:`BridgeScoreError`)
print one clear message and exit with status 2; there is never a traceback for bad input. Every
error, a wrong option as much as a bad file, is one line that starts ``error:``.

A command parses its options, calls the application layer (:mod:`bridgescore.events`) and
renders; no command module imports another's (the options they share live in ``options``,
``pairs_options`` and ``teams_options``). Internal: the interface is the command line itself.

Around every command (:func:`main`): a character the terminal's encoding cannot show is printed
as ``?``; output that cannot be written (a full disk) is one line of error and status 2; and
SIGTERM ends a command as Ctrl-C does, so the temporary files of a write in progress go (status
143). A module of an extra that is not installed is one line of error naming the extra. Only
:func:`main`, which owns the process, changes the process's settings (the cycle collector's);
importing this package changes none.
"""

from __future__ import annotations

__all__ = ["BATCH_COLLECTOR", "COMMANDS", "PRINTS_ONLY", "SERVES", "app", "main"]

import errno
import gc
import importlib
import os
import signal
import sys
from types import FrameType
from typing import Any

import click

from bridgescore.core.errors import BridgeScoreError

# command name -> ("module:attribute" of a click.Command, its line in the command list);
# imported on first use, so that ``bridgescore --help`` imports none of them.
COMMANDS: dict[str, tuple[str, str]] = {
    "contract": ("contract_cmd:contract", "Score one contract: 4HX+1 --vul, 3NT=, 4S --tricks 8."),
    "board": ("contract_cmd:board", "Dealer and vulnerability of a board number."),
    "rubber": ("rubber_cmd:rubber", "Score a rubber bridge session: the We/They pad."),
    "chicago": ("rubber_cmd:chicago", "Score a Chicago (four-deal bridge) session."),
    "vp": ("vp_cmd:vp", "Victory Points for an IMP margin, or a whole VP scale."),
    "archive": ("archive_cmd:archive", "Score an archive of many events on a Dask cluster."),
    "score": ("score_cmd:score", "Score a pairs session and rank the pairs."),
    "explain": ("score_cmd:explain", "Show how a pair's score on a board was reached."),
    "export": ("export_cmd:export", "Score a pairs session and write it as USEBIO, PBN or CSV."),
    "teams": ("teams_cmd:teams", "Score a teams event: matches, cross table, standings."),
    "swiss-draw": ("teams_cmd:swiss_draw", "Propose the next round of a Swiss teams event."),
    "report": ("report_cmd:report", "Write a pairs session's results site and PDF."),
    "report-teams": (
        "report_teams_cmd:report_teams",
        "Write a teams event's results site and PDF.",
    ),
    "convert": ("convert_cmd:convert", "Convert a results or deals file to another format."),
    "deals": ("deals_cmd:deals", "Hand records: deal, analyse double dummy, convert, print."),
    "rules": ("rules_cmd:rules", "The presets of scoring conventions: list them, show one."),
    "movement": ("movement_cmd:movement", "Make, check and print movements and their cards."),
    "session": ("session_cmd:session", "Session files: write a starter, print the schema."),
    "serve": ("serve_cmd:serve", "Run the club server: phones at the tables, live results."),
}
PRINTS_ONLY = frozenset(
    {"contract", "board", "rubber", "chicago", "vp", "score", "explain", "teams", "rules"}
)
"""The commands whose only output is what they print (no file written, nothing served)."""
SERVES = frozenset({"serve"})
"""The commands that run until they are stopped: the process keeps Python's own settings."""
BATCH_COLLECTOR = (700_000, 10, 10)
"""The cycle collector's thresholds for a command that runs and ends (see :func:`main`)."""


class UserInputError(click.ClickException):
    """Bad input from the user: one message, exit status 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        from bridgescore.cli.options import say

        say(f"error: {self.format_message()}")


class LazyGroup(click.Group):
    """A group whose commands are imported when they are asked for; ``ran`` is the command
    that last ran."""

    ran: str | None = None

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        known = COMMANDS.get(cmd_name)
        if known is None:
            return super().get_command(ctx, cmd_name)
        module_name, _, attribute = known[0].partition(":")
        command = getattr(importlib.import_module(f"bridgescore.cli.{module_name}"), attribute)
        assert isinstance(command, click.Command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands, each with its whole line (no command is imported for it)."""
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as error:
            raise UserInputError(_usage_message(error)) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BridgeScoreError as error:
            raise UserInputError(str(error)) from None
        except click.UsageError as error:  # a command's arguments or options
            raise UserInputError(_usage_message(error)) from None
        except ModuleNotFoundError as error:  # a part of an extra the command found missing
            top = (error.name or "bridgescore").partition(".")[0]
            if top == "bridgescore":
                raise
            from bridgescore.cli.extras import extra_of, message

            command = f"bridgescore {ctx.invoked_subcommand}"
            raise UserInputError(message(command, extra_of(top), [top])) from None
        finally:
            self.ran = ctx.invoked_subcommand


def _usage_message(error: click.UsageError) -> str:
    """A usage error in the words of the other errors, and where to read the usage:
    ``no such option: --bogus (bridgescore score --help shows the options)``."""
    message = error.format_message().rstrip(".")
    if message[:1].isupper() and not message[1:2].isupper():
        message = message[0].lower() + message[1:]
    where = error.ctx.command_path if error.ctx is not None else "bridgescore"
    return f"{message} ({where} --help shows how to use it)"


@click.group("bridgescore", cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="bridgescore")
def app() -> None:
    """Score contract bridge: contracts, rubber and Chicago sheets, pairs and teams events."""


_REASONS = {errno.ENOSPC: "no space left on the device", errno.EDQUOT: "the disk quota is used up"}


def _forgiving_streams() -> None:
    """Characters the output's encoding lacks become ``?`` (``\\uXXXX`` in messages), not an
    error: ``PYTHONIOENCODING=latin-1`` and Cyrillic names still print."""
    for stream, errors in ((sys.stdout, "replace"), (sys.stderr, "backslashreplace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=errors)


def _terminated(signum: int, frame: FrameType | None) -> None:
    """SIGTERM ends the command the way Ctrl-C does, through every ``finally`` and ``except
    BaseException`` (the atomic writers remove their temporary files), with the status a
    shell gives a terminated command."""
    raise SystemExit(128 + signum)


def _output_failed(error: OSError) -> int:
    """Say once that the output could not be written; the rest of it goes nowhere."""
    if error.errno == errno.EPIPE:  # the reader went away (| head): nothing to say
        code = 1
    else:
        reason = _REASONS.get(error.errno or 0, (error.strerror or str(error)).lower())
        click.echo(f"error: cannot write the output: {reason}", err=True)
        code = 2
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())  # what is still buffered is dropped quietly
    except (OSError, ValueError):
        pass
    return code


def main() -> None:
    """Entry point of the ``bridgescore`` console script.

    A command's run is short and makes its objects in big batches (a line of every table, a
    standing of every pair) that live to the end: the cycle collector runs a thousand times
    less often than by default (:data:`BATCH_COLLECTOR`; it would scan them again and again for
    cycles they do not have), not never, so that no run's memory is left to grow. The club
    server (:data:`SERVES`) runs for hours and settles its own process once it is about to
    serve (:func:`bridgescore.server.web.app.settle`). A command that only
    printed ends without searching what is left for cycles (:func:`_end_of_printing`)."""
    if _command(sys.argv[1:]) not in SERVES:
        gc.set_threshold(*BATCH_COLLECTOR)
    _forgiving_streams()
    signal.signal(signal.SIGTERM, _terminated)
    try:
        try:
            app(prog_name="bridgescore")
        except SystemExit as done:
            if done.code in (0, None) and app.ran in PRINTS_ONLY:
                _end_of_printing()
            raise
        finally:
            sys.stdout.flush()
    except OSError as error:
        sys.exit(_output_failed(error))


def _command(arguments: list[str]) -> str | None:
    """The command named by the arguments after ``bridgescore`` (the group's own options,
    ``--help`` and ``--version``, take no value).

    >>> _command(["--help"]), _command(["serve", "--port", "8001"]), _command(["-h", "score"])
    (None, 'serve', 'score')
    """
    return next((word for word in arguments if not word.startswith("-")), None)


def _end_of_printing() -> None:
    """What a command that only printed leaves (its modules, their caches, the objects of a big
    event) is frozen out of the cycle collector's reach: the process still ends the usual way,
    every exit handler run, every thread waited for, the output flushed by Python, and what is
    left is taken apart without being searched for cycles first, two or three times over (a
    twentieth of a club night's run). Only after printing alone: such a command writes no file,
    so nothing unfinished can be left in one."""
    gc.freeze()
