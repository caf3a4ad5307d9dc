"""The options that say how a pairs session is scored, shared by ``score``, ``explain``,
``report`` and ``export``, and the scoring itself through the application layer
(:func:`bridgescore.events.pairs.score_file`), its warnings printed for the director."""

from __future__ import annotations

__all__ = ["details_options", "scored_event", "scoring_options", "warn"]

from collections.abc import Callable
from typing import Any, TypeVar

import click

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.rules import CompareMode, FieldMode, PairsMethod
from bridgescore.core.scoring.butler import DatumRounding
from bridgescore.core.scoring.crossimps import CrossNorm

F = TypeVar("F", bound=Callable[..., Any])

_FILE = click.Path(exists=True, dir_okay=False)


def scoring_options(function: F) -> F:
    """The options that say how a pairs session is scored (shared by score, explain, report)."""
    options = [
        click.option("--names", type=_FILE, help="Names file: CSV with columns pair,names."),
        click.option(
            "--hands", type=_FILE, help="Hand records: a PBN (or other) file with the deals."
        ),
        click.option(
            "--lenient", is_flag=True, help="Skip bad lines with a warning instead of stopping."
        ),
        click.option(
            "--method",
            type=click.Choice([m.value for m in PairsMethod]),
            help="How results on a board are compared (default: as the file says, else mp).",
        ),
        click.option(
            "--rules",
            "preset",
            type=click.Choice(["ebu", "acbl", "wbf"]),
            default="ebu",
            show_default=True,
            help="Defaults of a governing body: ACBL is the 1/0.5 scale, 5%% Butler drops, datum 5s to even.",
        ),
        click.option(
            "--scale",
            type=click.Choice(["2/1", "1/0.5"]),
            help="Matchpoint scale (overrides --rules).",
        ),
        click.option(
            "--expected",
            type=click.IntRange(min=1),
            help="Results expected on each board (Neuberg's E).",
        ),
        click.option(
            "--fixed-averages", is_flag=True, help="Ave+/Ave/Ave- are always 60/50/40 %%."
        ),
        click.option(
            "--average-imps",
            type=click.IntRange(min=0),
            default=3,
            show_default=True,
            help="Average plus at IMPs (Average minus is its negative).",
        ),
        click.option(
            "--cross",
            type=click.Choice([c.value for c in CrossNorm]),
            help="Cross-IMPs: per comparison (average, the default), the total, or per score.",
        ),
        click.option(
            "--butler-drop",
            metavar="K|P%",
            help="Butler: scores dropped at each end for the datum (default 1 each with 4 or more).",
        ),
        click.option(
            "--datum-rounding",
            type=click.Choice([r.value for r in DatumRounding]),
            help="Butler datum ending in 5: away from zero (half-up) or to the even ten.",
        ),
        click.option(
            "--field",
            type=click.Choice([f.value for f in FieldMode]),
            default="auto",
            show_default=True,
            help="One field (Howell), two (Mitchell NS and EW) or detect from the travellers.",
        ),
        click.option(
            "--compare",
            type=click.Choice([c.value for c in CompareMode]),
            default="auto",
            show_default=True,
            help="Sections playing the same boards: across the field or within each section "
            "(auto: as the file says, else across).",
        ),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def details_options(function: F) -> F:
    """``--title``, ``--date`` and ``--club``: what the results are headed with, instead of
    what the file says (shared by score, report and export)."""
    options = [
        click.option("--title", help="The event's title on every page and export."),
        click.option("--date", help="The date of the session (as you want it shown)."),
        click.option("--club", help="The club's name."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def warn(message: str) -> None:
    """One warning for the director on standard error (never mixed into tables or JSON)."""
    click.echo(f"warning: {message}", err=True)


def scored_event(file: str, options: dict[str, Any], *, columnar: bool = False) -> PairsEvent:
    """FILE scored as the shared options say; the lines skipped and the engine's warnings are
    printed on standard error.

    With ``columnar``, a big traveller CSV is scored on the columnar path (rankings only, no
    boards).
    """
    from bridgescore.core.table.traveller import EventInfo
    from bridgescore.events.pairs import score_file
    from bridgescore.events.rules import SETTINGS

    # the options that are settings of the pairs rules, given to score_file when set
    settings = {name: options[name] for name in SETTINGS if options[name] not in (None, "")}
    preset: str | None = options["preset"]
    if file.lower().endswith(".toml"):  # a session file: its own rules, unless said here
        context = click.get_current_context()
        given = [
            name
            for name in (*settings, "preset")
            if context.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT
        ]
        settings = {name: value for name, value in settings.items() if name in given}
        preset = preset if "preset" in given else None
    details = None
    if any(options.get(key) for key in ("title", "date", "club")):
        details = EventInfo(
            title=options.get("title"), date=options.get("date"), club=options.get("club")
        )
    event = score_file(
        file,
        method=options["method"],
        names=options["names"],
        hands=options["hands"],
        rules=preset,
        lenient=options["lenient"],
        columnar=columnar,
        details=details,
        **settings,
    )
    for problem in event.session.problems:
        warn(f"{problem} (skipped)" if options["lenient"] else str(problem))
    for message in event.warnings:
        warn(message)
    return event
