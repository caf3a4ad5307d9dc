"""FILE and the options that say how a teams event is scored and ranked, shared by ``teams``,
``swiss-draw`` and ``report-teams``: the command is called with the ``event`` (through the
application layer, :mod:`bridgescore.events.teams`) and its ``conditions`` instead. The method
and the VP scale follow the file where they are not given; an option against the file is
warned about on standard error."""

from __future__ import annotations

__all__ = ["draw_options", "event_options"]

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar, cast

import click

from bridgescore.cli.options import warn
from bridgescore.core.errors import quoted
from bridgescore.core.numbers import POINT_DIGITS, parse_count, parse_decimal
from bridgescore.core.scoring.ranking import TieNotation
from bridgescore.core.teams.match import Method

F = TypeVar("F", bound=Callable[..., Any])
_FILE = click.Path(exists=True, dir_okay=False)


def _split_points(text: str) -> tuple[str, Fraction] | None:
    """``TEAM=POINTS`` as the team and the points (ASCII digits, a sign, a decimal point)."""
    team, equals, points = text.rpartition("=")
    value = parse_decimal(points.strip(), POINT_DIGITS)
    if not equals or not team.strip() or value is None:
        return None
    return team.strip(), value


def _team_points(option: str, text: str) -> tuple[str, Fraction]:
    found = _split_points(text)
    if found is None:
        raise click.BadParameter(f"{quoted(text)}: write TEAM=POINTS, like 3=2", param_hint=option)
    return found


def _round_team_points(option: str, text: str) -> tuple[int, str, Fraction]:
    round_text, colon, rest = text.partition(":")
    round_number = parse_count(round_text.strip())
    found = _split_points(rest)
    if not colon or round_number is None or found is None:
        raise click.BadParameter(
            f"{quoted(text)}: write ROUND:TEAM=IMPS, like 2:3=3", param_hint=option
        )
    return round_number, *found


def event_options(function: F) -> F:
    """FILE and the options ``teams``, ``swiss-draw`` and ``report-teams`` share (how the event
    is scored and ranked); the command is called with the ``event`` and its ``conditions``
    instead."""
    return _event_options(function, before_round_one=False)


def draw_options(function: F) -> F:
    """The options of :func:`event_options` for ``swiss-draw``, which can also draw round 1
    before anything is played: FILE may be left out, or hold no results, when ``--teams``
    lists the teams."""
    return _event_options(function, before_round_one=True)


def _event_options(function: F, *, before_round_one: bool) -> F:
    @functools.wraps(function)
    def command(
        file: str | None,
        method: str | None,
        scale_name: str | None,
        teams_file: str | None,
        bye_score: str | None,
        tie_break: str,
        penalty: tuple[str, ...],
        withdrawn: tuple[str, ...],
        imp_penalty: tuple[str, ...],
        carry_over: tuple[str, ...],
        ties: str | None,
        **rest: Any,
    ) -> Any:
        from bridgescore.events.teams import teams_setup

        setup = teams_setup(
            file,
            teams=teams_file,
            method=method,
            vp="auto" if scale_name is None else scale_name,
            bye_score=bye_score,
            tie_break=tie_break,
            round_one=before_round_one,
            ties=ties or "equals",
        )
        for message in [*map(str, setup.event.warnings), *setup.warnings]:
            warn(message)
        conditions = setup.conditions
        event = setup.event.with_director(
            penalties=[_team_points("--penalty", text) for text in penalty],
            withdrawn=withdrawn,
            match_penalties=[_round_team_points("--imp-penalty", text) for text in imp_penalty],
            carry_overs=[_round_team_points("--carry-over", text) for text in carry_over],
        )
        return function(event=event, conditions=conditions, **rest)

    options = [
        click.argument("file", type=_FILE, required=not before_round_one),
        click.option(
            "--method",
            type=click.Choice([m.value for m in Method]),
            help="imps, bam (board-a-match 1/0.5/0), pab (point-a-board 2/1/0) or total points "
            "(default: as the file says, else imps).",
        ),
        click.option(
            "--vp",
            "scale_name",
            metavar="SCALE",
            help="VP scale for IMP matches: wbf (default, unless the file ranks by IMPs), "
            "wbf-discrete, acbl, a named scale, a CSV scale, or none to rank by IMPs.",
        ),
        click.option(
            "--teams",
            "teams_file",
            type=_FILE,
            metavar="TEAMS.csv",
            help="Teams file (team,name,players): names and the order of the teams.",
        ),
        click.option(
            "--bye-score",
            metavar="SCORE",
            help="A bye's worth: 12, average or 12-or-average (default 12 with VPs, else average).",
        ),
        click.option(
            "--penalty",
            multiple=True,
            metavar="TEAM=POINTS",
            help="Deduct POINTS (VPs in a VP event) from TEAM's total; repeatable.",
        ),
        click.option(
            "--withdrawn", multiple=True, metavar="TEAM", help="TEAM withdrew: listed, not ranked."
        ),
        click.option(
            "--imp-penalty",
            multiple=True,
            metavar="ROUND:TEAM=IMPS",
            help="Deduct IMPS (the match's units) from TEAM in its match of ROUND; repeatable.",
        ),
        click.option(
            "--carry-over",
            multiple=True,
            metavar="ROUND:TEAM=IMPS",
            help="TEAM starts its match of ROUND with IMPS carried over; repeatable.",
        ),
        click.option(
            "--tie-break",
            default="ebu",
            show_default=True,
            help="Tie-break order: ebu (EBU White Book), wbf, none, or step names separated by "
            "commas, e.g. head-to-head,imp-quotient.",
        ),
        click.option(
            "--ties",
            type=click.Choice([t.value for t in TieNotation]),
            help="A shared place written 3= (equals, the default) or 3 (plain).",
        ),
    ]
    decorated: Any = command
    for option in reversed(options):
        decorated = option(decorated)
    return cast(F, decorated)
