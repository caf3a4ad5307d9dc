"""The options that say how a pairs session is scored, shared by ``score``, ``explain``,
``report`` and ``export``, and the scoring itself through the application layer
(:func:`bridgescore.events.pairs.score_file`), its warnings printed for the director."""

from __future__ import annotations

__all__ = ["preset_option", "scored_event", "scoring_options", "warn", "warn_each"]

from collections.abc import Callable
from typing import Any, TypeVar

import click

from bridgescore.cli.options import WholeNumber, warn
from bridgescore.core.errors import SHOWN_PROBLEMS
from bridgescore.core.pairs.conventions import ShortBoards, TieNotation, WeightedScores
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.presets import PRESETS
from bridgescore.core.pairs.rules import CompareMode, FieldMode, PairsMethod
from bridgescore.core.scoring.butler import Datum, DatumRounding
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.table.traveller import EventInfo

F = TypeVar("F", bound=Callable[..., Any])

_FILE = click.Path(exists=True, dir_okay=False)


preset_option = click.option(
    "--rules",
    "preset",
    type=click.Choice(list(PRESETS)),
    default="ebu",
    show_default=True,
    help="Defaults of a governing body or a program (bridgescore rules show NAME).",
)
"""``--rules NAME``: a preset of :data:`~bridgescore.core.pairs.presets.PRESETS` (the pairs
commands and ``archive score``)."""


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
        preset_option,
        click.option(
            "--scale",
            type=click.Choice(["2/1", "1/0.5"]),
            help="Matchpoint scale (overrides --rules).",
        ),
        click.option(
            "--expected",
            type=WholeNumber(least=1),
            help="Results expected on each board (Neuberg's E).",
        ),
        click.option(
            "--fixed-averages/--variable-averages",
            default=None,
            help="Ave+/Ave- always 60/40 %, or (the default) the pair's other boards' % if better/worse.",
        ),
        click.option(
            "--average-imps",
            type=WholeNumber(),
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
            "--board-precision",
            type=click.IntRange(0, 6),
            metavar="N",
            help="Round each board's points to N decimals before adding them (default: exact).",
        ),
        click.option(
            "--short-boards",
            type=click.Choice([m.value for m in ShortBoards]),
            help="A board with fewer results: neuberg (default), unfactored, sum-of-tops or add-missing.",
        ),
        click.option(
            "--weighted",
            type=click.Choice([w.value for w in WeightedScores]),
            help="A weighted score: in the pool the others are compared with (default), or apart.",
        ),
        click.option(
            "--datum",
            type=click.Choice([d.value for d in Datum]),
            help="Butler datum: the mean without the drops (default) or the median of the scores.",
        ),
        click.option(
            "--sit-out-score",
            "sit_out",
            metavar="P%|IMPS",
            help="A missed board's worth, e.g. 60% (default: scored on the boards played).",
        ),
        click.option(
            "--ties",
            type=click.Choice([t.value for t in TieNotation]),
            help="A shared place written 3= (equals, the default) or 3 (plain).",
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


def scored_event(
    file: str,
    options: dict[str, Any],
    *,
    columnar: bool = False,
    info: EventInfo | None = None,
) -> PairsEvent:
    """FILE scored as the shared options say; the lines skipped and the engine's warnings are
    printed on standard error.

    With ``columnar``, a traveller CSV (or a big PBN file) is read in columns when it can be,
    each line made only when asked for (the same event); ``info`` holds the event's details
    given on the command line.
    """
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
    event = score_file(
        file,
        method=options["method"],
        names=options["names"],
        hands=options["hands"],
        rules=preset,
        lenient=options["lenient"],
        columnar=columnar,
        info=info,
        **settings,
    )
    skipped = [
        f"{problem} (skipped)" if options["lenient"] and not problem.kept else str(problem)
        for problem in event.session.problems
    ]
    warn_each([*skipped, *event.warnings])
    return event


def warn_each(messages: list[str]) -> None:
    """Warnings one a line, at most :data:`SHOWN_PROBLEMS` of them (the last line says how
    many more there are), as the errors are listed."""
    for message in messages[:SHOWN_PROBLEMS]:
        warn(message)
    more = len(messages) - SHOWN_PROBLEMS
    if more > 0:
        warn(f"... and {more} more")
