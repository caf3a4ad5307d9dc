"""``bridgescore score FILE`` and ``bridgescore explain FILE``: a pairs session from its travellers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

import click

from bridgescore.cli.options import emit_json, json_option
from bridgescore.core.errors import FileFormatError, Problem
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.rules import FieldMode, PairsMethod, PairsRules, rules_from_scoring
from bridgescore.core.pairs.score import score_session
from bridgescore.core.scoring.butler import ButlerDrop, DatumRounding
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.scoring.matchpoints import Scale
from bridgescore.core.table.traveller import EventInfo, Session

if TYPE_CHECKING:
    from bridgescore.formats.dispatch import FileFormat

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
    ]
    for option in reversed(options):
        function = option(function)
    return function


def rules_from_options(options: dict[str, Any], scoring: str | None = None) -> PairsRules:
    """The scoring rules the shared options ask for, on top of what the file's ``scoring`` says."""
    changes: dict[str, Any] = rules_from_scoring(scoring) if not options["method"] else {}
    changes.setdefault("method", PairsMethod(options["method"] or "mp"))
    if options["cross"]:
        changes["cross"] = CrossNorm(options["cross"])
    changes |= {
        "fixed_averages": options["fixed_averages"],
        "average_imps": Fraction(options["average_imps"]),
        "field": FieldMode(options["field"]),
        "expected": options["expected"],
    }
    if options.get("scale"):
        changes["scale"] = Scale.parse(options["scale"])
    if options.get("butler_drop"):
        changes["butler_drop"] = ButlerDrop.parse(options["butler_drop"])
    if options.get("datum_rounding"):
        changes["datum_rounding"] = DatumRounding(options["datum_rounding"])
    return PairsRules.preset(options["preset"], **changes)


def _merged(info: EventInfo, more: EventInfo) -> EventInfo:
    """The event details of the results, completed from those of the hand-record file."""
    known = {f.name: getattr(info, f.name) for f in fields(info)}
    return replace(info, **{k: getattr(more, k) for k, v in known.items() if v is None})


def _load_session(file: str, *, lenient: bool, known: FileFormat | None = None) -> Session:
    """The session in FILE, whatever format it is (CSV, PBN, USEBIO, LIN).

    A format whose problems are warnings (BBO LIN leaves hands out on purpose) is read leniently.
    """
    from pathlib import Path

    from bridgescore.formats.dispatch import as_session, input_format

    file_format = input_format(file) if known is None else known
    assert file_format.load is not None
    lenient = lenient or file_format.warns
    return as_session(file_format.load(Path(file), lenient), lenient=lenient, pairs_only=True)


def warn(message: str) -> None:
    """One warning for the director on standard error (never mixed into tables or JSON)."""
    click.echo(f"warning: {message}", err=True)


def _check_hand_record(session: Session, hands_file: str) -> None:
    """Every board played must be in the hand record: another number is a typing mistake."""
    unknown = [line for line in session.lines if line.board not in session.deals]
    if not unknown:
        return
    problems = [
        Problem(
            session.source or "results",
            line.line,
            f"board {line.board} is not in the hand record {hands_file} "
            f"(boards {min(session.deals)}-{max(session.deals)})",
        )
        for line in unknown
    ]
    raise FileFormatError.from_problems(problems)


def scored_event(file: str, options: dict[str, Any], *, columnar: bool = False) -> PairsEvent:
    """Read FILE (and the names file) and score it as the options say.

    With ``columnar``, a big traveller CSV is scored on the columnar path (rankings only, no
    boards).
    """
    from bridgescore.fast.select import board_kernels, score_big_file
    from bridgescore.formats.csv import travellers
    from bridgescore.formats.dispatch import input_format

    names = travellers.load_names(options["names"]) if options.get("names") else {}
    file_format = input_format(file)
    if columnar and not options["lenient"] and file_format.name == "csv":
        event = score_big_file(file, rules_from_options(options), names)
        if event is not None:
            return event
    session = _load_session(file, lenient=options["lenient"], known=file_format)
    if names:
        session = session.with_names(names)
    if options.get("hands"):
        hands = _load_session(options["hands"], lenient=False)
        if not hands.deals:
            raise FileFormatError(options["hands"], None, "the file has no hand records")
        session = session.with_deals(hands.deals)
        session = replace(session, info=_merged(session.info, hands.info))
        _check_hand_record(session, options["hands"])
    rules = rules_from_options(options, session.info.scoring)
    event = score_session(session, rules, kernels=board_kernels())
    for problem in session.problems:
        warn(f"{problem} (skipped)" if options["lenient"] else str(problem))
    for message in event.warnings:
        warn(message)
    return event


@click.command()
@click.argument("file", type=_FILE)
@scoring_options
@click.option(
    "--travellers", is_flag=True, help="Print every board's traveller before the ranking."
)
@json_option
def score(file: str, travellers: bool, as_json: bool, **options: Any) -> None:
    """Score a pairs session from its travellers and rank the pairs.

    FILE is a traveller CSV: board,ns,ew,contract,declarer,result[,lead,score,section,round,table].
    """
    event = scored_event(file, options, columnar=not (travellers or as_json))
    if as_json:
        from bridgescore.render.terminal.pairs import pairs_json

        emit_json(pairs_json(event))
        return
    from bridgescore.render.terminal.console import console
    from bridgescore.render.terminal.pairs import print_event

    if not event.boards:  # the columnar path: tens of thousands of pairs
        from bridgescore.render.terminal.long import LongTableConsole

        print_event(event, LongTableConsole(highlight=False, soft_wrap=False, markup=False))
        return
    print_event(event, console(), travellers=travellers)


@click.command()
@click.argument("file", type=_FILE)
@click.option(
    "--board", "board_number", type=click.IntRange(min=1), required=True, help="The board."
)
@click.option("--pair", required=True, help="The pair, as on the traveller (3, 3NS, 3 EW).")
@scoring_options
def explain(file: str, board_number: int, pair: str, **options: Any) -> None:
    """Show how a pair's score on a board was reached."""
    from bridgescore.core.pairs.explain import explain as explain_score

    event = scored_event(file, options)
    click.echo(explain_score(event, board_number, pair).text)
