"""``bridgescore teams FILE`` (matches, cross table, standings) and ``bridgescore swiss-draw
FILE --round N`` (the next round of a Swiss) from a teams event's results file: a traveller CSV,
or any other format bridgescore reads (a USEBIO teams file, say, whose teams it lists)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar, cast

import click

from bridgescore.cli.options import emit_json, json_option
from bridgescore.core.errors import FileFormatError, ScoringError
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.traveller import Session
from bridgescore.core.teams.event import Team, TeamsEvent, event_conditions
from bridgescore.core.teams.match import Method
from bridgescore.core.teams.standings import ByeScore, Conditions
from bridgescore.core.teams.tiebreaks import tie_break_order
from bridgescore.core.teams.travellers import build_event

F = TypeVar("F", bound=Callable[..., Any])
_FILE = click.Path(exists=True, dir_okay=False)


def _team_points(option: str, text: str) -> tuple[str, Fraction]:
    team, equals, points = text.rpartition("=")
    try:
        if not equals or not team.strip():
            raise ValueError
        return team.strip(), Fraction(points.strip())
    except ValueError:
        raise click.BadParameter(
            f"{text!r}: write TEAM=POINTS, like 3=2", param_hint=option
        ) from None


def _round_team_points(option: str, text: str) -> tuple[int, str, Fraction]:
    round_text, colon, rest = text.partition(":")
    round_number = parse_count(round_text.strip())
    if not colon or round_number is None:
        raise click.BadParameter(f"{text!r}: write ROUND:TEAM=IMPS, like 2:3=3", param_hint=option)
    team, points = _team_points(option, rest)
    return round_number, team, points


def load_results(file: str) -> tuple[Session, tuple[Team, ...]]:
    """The results in FILE, whatever its format, and the teams it lists: a USEBIO teams file
    names its teams and players (used when they cover every team of the results)."""
    from bridgescore.formats.dispatch import as_session, input_format
    from bridgescore.formats.usebio import UsebioEvent

    file_format = input_format(file)
    assert file_format.load is not None
    data = file_format.load(Path(file), False)
    session = as_session(data)
    if not isinstance(data, UsebioEvent) or not data.is_teams:
        return session, ()
    teams = tuple(
        Team(p.label, p.team_name, ", ".join(x.name for x in p.players) or None)
        for p in data.participants
        if p.kind == "team"
    )
    playing = {team for line in session.lines for team in (line.ns, line.ew)}
    return session, teams if playing <= {t.number for t in teams} else ()


def _no_results(error: FileFormatError) -> bool:
    """Whether the reader refused the file only because it holds no results (a header and no
    lines): every reader words that case ``no results: ...``."""
    return len(error.problems) == 1 and error.problems[0].message.startswith("no results")


def _unplayed(teams: Sequence[Team], method: Method, why: str) -> TeamsEvent:
    """An event with no match played yet, from the teams file alone (to draw round 1)."""
    if not teams:
        raise ScoringError(f"{why}: give the teams with --teams TEAMS.csv to draw round 1")
    return build_event(Session(()), teams=teams, method=method)


def event_options(function: F) -> F:
    """FILE and the options ``teams`` and ``swiss-draw`` share (how the event is scored and
    ranked); the command is called with the ``event`` and its ``conditions`` instead."""
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
        method: str,
        scale_name: str | None,
        teams_file: str | None,
        bye_score: str | None,
        tie_break: str,
        penalty: tuple[str, ...],
        withdrawn: tuple[str, ...],
        imp_penalty: tuple[str, ...],
        carry_over: tuple[str, ...],
        **rest: Any,
    ) -> Any:
        from bridgescore.formats.csv import teams_file as teams_reader
        from bridgescore.formats.csv.vp_scales import resolve_scale

        scoring = Method(method)
        if scale_name is None:
            scale_name = "wbf" if scoring is Method.IMPS else "none"
        scale = None if scale_name.lower() == "none" else resolve_scale(scale_name)
        bye = None if bye_score is None else ByeScore.parse(bye_score)
        conditions = event_conditions(scoring, scale, bye, tie_break_order(tie_break))
        named = teams_reader.load(teams_file) if teams_file else ()
        if file is None:
            event = _unplayed(named, scoring, "no results file")
        else:
            try:
                session, listed = load_results(file)
                event = build_event(session, teams=named or listed, method=scoring)
            except FileFormatError as error:
                if not (before_round_one and _no_results(error)):
                    raise
                event = _unplayed(named, scoring, str(error))
        event = event.with_director(
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
            default="imps",
            show_default=True,
            help="imps, bam (board-a-match 1/0.5/0), pab (point-a-board 2/1/0) or total points.",
        ),
        click.option(
            "--vp",
            "scale_name",
            metavar="SCALE",
            help="VP scale for IMP matches: wbf (default), wbf-discrete, acbl, a named scale, "
            "a CSV scale, or none to rank by IMPs.",
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
    ]
    decorated: Any = command
    for option in reversed(options):
        decorated = option(decorated)
    return cast(F, decorated)


@click.command()
@event_options
@json_option
def teams(event: TeamsEvent, conditions: Conditions, as_json: bool) -> None:
    """Score a teams event in FILE: each match, the cross table and the standings.

    FILE is a traveller CSV whose ns and ew columns hold team numbers and whose round column
    says the round (in each round two teams play the same boards at two tables), or a results
    file in another format, such as a USEBIO teams file.
    """
    from bridgescore.render.terminal.console import console
    from bridgescore.render.terminal.teams import print_event, teams_json

    table = event.standings(conditions)
    if as_json:
        emit_json(teams_json(event, table))
    else:
        print_event(event, table, console())


@click.command("swiss-draw")
@click.option(
    "--round",
    "round_number",
    type=int,
    help="The round to draw (default: the one after the last round in FILE).",
)
@draw_options
@json_option
def swiss_draw(
    event: TeamsEvent, conditions: Conditions, round_number: int | None, as_json: bool
) -> None:
    """Propose round N of a Swiss in FILE from the results of the rounds before it.

    The teams are ranked (tie-breaks applied) and paired top-down with no repeat meetings; the
    bye goes to the lowest-ranked team that has not had one. Every deviation is explained.
    Round 1 is drawn from the teams file alone (FILE left out, or with no results yet): the
    teams in its order, first v second, third v fourth, ..., the bye to the last.
    """
    from bridgescore.render.terminal.console import console
    from bridgescore.render.terminal.teams import draw_json, print_draw

    draw = event.draw(conditions, round_number)
    table = event.before(draw.round).standings(conditions)
    if as_json:
        emit_json(draw_json(event, draw, table))
    else:
        print_draw(event, draw, table, console())
