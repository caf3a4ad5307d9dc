"""Score a teams event from its file: what ``bridgescore teams``, ``swiss-draw`` and
``report-teams`` do before they print or write anything.

The results file is a traveller CSV whose ``ns`` and ``ew`` hold team numbers, or any other
format bridgescore reads (a USEBIO teams file names its teams and players). The teams file
(``team,name,players``) names the teams and gives their order; with it alone, before anything
is played, the event is there to draw round 1 (:func:`teams_event` with ``round_one``).

>>> scored = score_teams_file("examples/teams.csv", teams="examples/teams-names.csv")
>>> [(row["rank"], row["team"], row["vp"]) for row in scored.to_dict()["standings"]][:2]
[('1', 'Ashdown', 97.8), ('2', 'Brampton', 88.95)]
>>> vp_scale("wbf").vp(10, boards=16)
(Fraction(64, 5), Fraction(36, 5))
"""

from __future__ import annotations

__all__ = [
    "TeamsSetup",
    "load_results",
    "score_teams_file",
    "teams_conditions",
    "teams_event",
    "teams_setup",
    "vp_scale",
]

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from bridgescore.core.errors import FileFormatError, ScoringError, enum_value
from bridgescore.core.scoring.ranking import TieNotation
from bridgescore.core.scoring.vp import VpScale
from bridgescore.core.table.traveller import Session
from bridgescore.core.teams.event import Team, TeamsEvent, event_conditions
from bridgescore.core.teams.match import Method
from bridgescore.core.teams.scored import ScoredTeams
from bridgescore.core.teams.standings import ByeScore, Conditions
from bridgescore.core.teams.stated import StatedScoring, stated_scoring
from bridgescore.core.teams.tiebreaks import tie_break_order

StrPath = str | os.PathLike[str]


def vp_scale(name: str | os.PathLike[str]) -> VpScale:
    """The VP scale ``--vp`` names: ``wbf`` (the WBF 20-VP continuous scale), ``wbf-discrete``,
    ``acbl``, a scale shipped with bridgescore (``bridgescore vp --scales`` lists them all) or
    the path of a CSV scale file.

    >>> vp_scale("acbl").vp(10, boards=8), vp_scale("seed-7-boards").name
    ((Fraction(14, 1), Fraction(6, 1)), 'seed-7-boards')
    """
    from bridgescore.formats.csv.vp_scales import resolve_scale

    return resolve_scale(os.fspath(name))


def _method(method: Method | str) -> Method:
    if isinstance(method, Method):
        return method
    return enum_value(Method, method, "a teams match is scored by imps, bam, pab or total")


def teams_conditions(
    *,
    method: Method | str = Method.IMPS,
    vp: VpScale | str | os.PathLike[str] | None = "wbf",
    bye_score: ByeScore | str | None = None,
    tie_break: str | Sequence[str] = "ebu",
    ties: TieNotation | str = TieNotation.EQUALS,
) -> Conditions:
    """The conditions of contest: the VP scale (:func:`vp_scale`; ``None`` or ``"none"`` ranks
    by the matches' own points, as an event scored by ``bam``, ``pab`` or ``total`` must), a
    bye's worth (``12``, ``average``, ``12-or-average``; by default 12 VPs with a scale, else
    the average), the tie-break order (``ebu``, ``wbf``, ``none`` or step names) and how a
    shared place is written (``equals``: ``3=``, or ``plain``).

    >>> conditions = teams_conditions(vp=None, tie_break="wbf")
    >>> conditions.scale, str(conditions.bye), conditions.tie_breaks[0]
    (None, 'average', 'head-to-head')
    """
    scoring = _method(method)
    if isinstance(vp, str | os.PathLike) and os.fspath(vp).lower() == "none":
        vp = None
    scale = vp if vp is None or isinstance(vp, VpScale) else vp_scale(vp)
    bye = ByeScore.parse(bye_score) if isinstance(bye_score, str) else bye_score
    steps = tie_break_order(tie_break) if isinstance(tie_break, str) else tuple(tie_break)
    notation = ties if isinstance(ties, TieNotation) else TieNotation.parse(ties)
    return event_conditions(scoring, scale, bye, steps, notation)


def load_results(path: StrPath) -> tuple[Session, tuple[Team, ...]]:
    """The results in ``path``, whatever its format, and the teams it lists: a USEBIO teams
    file names its teams and players (used when they cover every team of the results)."""
    session, teams, _ = _load(path)
    return session, teams


def _load(path: StrPath) -> tuple[Session, tuple[Team, ...], StatedScoring]:
    """The results, the teams listed and the scoring the file states (with whether it says
    the event is multiple teams)."""
    from bridgescore.formats.dispatch import as_session, input_format
    from bridgescore.formats.usebio import UsebioEvent

    file_format = input_format(path)
    assert file_format.load is not None
    data = file_format.load(Path(path), False)
    session = as_session(data)
    if not isinstance(data, UsebioEvent):
        return session, (), stated_scoring(session.info.scoring)
    stated = stated_scoring(session.info.scoring, data.match_scoring)
    if data.is_multiple_teams:
        stated = replace(stated, multiple=True)
    if not data.is_teams:
        return session, (), stated
    teams = tuple(
        Team(p.label, p.team_name, ", ".join(x.name for x in p.players) or None)
        for p in data.participants
        if p.kind == "team"
    )
    playing = {team for line in session.lines for team in (line.ns, line.ew)}
    return session, teams if playing <= {t.number for t in teams} else (), stated


def _no_results(error: FileFormatError) -> bool:
    """Whether the reader refused the file only because it holds no results (a header and no
    lines): every reader words that case ``no results: ...``."""
    return len(error.problems) == 1 and error.problems[0].message.startswith("no results")


def _unplayed(teams: Sequence[Team], method: Method, why: str) -> TeamsEvent:
    """An event with no match played yet, from the teams file alone (to draw round 1)."""
    from bridgescore.core.teams.travellers import build_event

    if not teams:
        raise ScoringError(f"{why}: give the teams with --teams TEAMS.csv to draw round 1")
    return build_event(Session(()), teams=teams, method=method)


def _event(
    path: StrPath | None, teams: StrPath | None, method: Method | None, round_one: bool
) -> tuple[TeamsEvent, StatedScoring]:
    """The event scored by ``method``, else as the file states, else by IMPs; and what the
    file states."""
    from bridgescore.core.teams.travellers import build_event
    from bridgescore.formats.csv import teams_file

    named = teams_file.load(teams) if teams else ()
    if path is None:
        return _unplayed(named, method or Method.IMPS, "no results file"), StatedScoring()
    try:
        session, listed, stated = _load(path)
        scoring = method or stated.method or Method.IMPS
        multiple = True if stated.multiple else None  # else as the matches show
        event = build_event(session, teams=named or listed, method=scoring, multiple=multiple)
        return event, stated
    except FileFormatError as error:
        if not (round_one and _no_results(error)):
            raise
        return _unplayed(named, method or Method.IMPS, str(error)), StatedScoring()


def teams_event(
    path: StrPath | None,
    *,
    teams: StrPath | None = None,
    method: Method | str | None = None,
    round_one: bool = False,
) -> TeamsEvent:
    """The teams event in the results file ``path``, its teams named and ordered by the teams
    file ``teams`` (else by the results file, when it lists them), scored by ``method`` (by
    default as the file states, else by IMPs).

    With ``round_one`` the results file may be left out (``None``) or hold no results yet: the
    event is then the teams file's teams with nothing played, to draw round 1.
    """
    return _event(path, teams, None if method is None else _method(method), round_one)[0]


_TITLES = {
    Method.IMPS: "IMPs",
    Method.BAM: "board-a-match",
    Method.PAB: "point-a-board",
    Method.TOTAL: "total points",
}


def _conflicts(
    source: str, stated: StatedScoring, method: Method | None, vp: object
) -> tuple[str, ...]:
    """A warning for each option given that goes against what the file states."""
    warnings = []
    if method is not None and stated.method is not None and method is not stated.method:
        warnings.append(
            f"{source}: the file states {stated.words!r} ({_TITLES[stated.method]}); scored by "
            f"{_TITLES[method]} as --method says"
        )
    if vp != "auto" and stated.victory_points is not None:
        with_vps = vp is not None and not (isinstance(vp, str) and vp.lower() == "none")
        if with_vps != stated.victory_points:
            said = "in Victory Points" if stated.victory_points else "by their IMPs"
            done = "in Victory Points" if with_vps else "by their IMPs"
            warnings.append(
                f"{source}: the file states {stated.words!r} (matches ranked {said}); ranked "
                f"{done} as --vp says"
            )
    return tuple(warnings)


@dataclass(frozen=True, slots=True)
class TeamsSetup:
    """A teams event, its conditions of contest, and warnings for the director (an option
    given against what the file states)."""

    event: TeamsEvent
    conditions: Conditions
    warnings: tuple[str, ...] = ()


def teams_setup(
    path: StrPath | None,
    *,
    teams: StrPath | None = None,
    method: Method | str | None = None,
    vp: VpScale | str | os.PathLike[str] | None = "auto",
    bye_score: ByeScore | str | None = None,
    tie_break: str | Sequence[str] = "ebu",
    round_one: bool = False,
    ties: TieNotation | str = TieNotation.EQUALS,
) -> TeamsSetup:
    """The event in ``path`` (as :func:`teams_event`) and its conditions
    (:func:`teams_conditions`), the method and the VP scale following the file where they
    are not given: a USEBIO ``BOARD_SCORING_METHOD`` or PBN ``Scoring`` of ``BAM``, ``PAB`` or
    ``AGGREGATE`` scores the boards so, a ``MATCH_SCORING_METHOD`` of ``IMPS`` ranks by IMPs
    and ``VPS`` by Victory Points. ``vp="auto"``: as the file says, else the WBF scale for IMP
    matches and none for the others. An option that goes against the file wins, with a
    warning.
    """
    given = None if method is None else _method(method)
    event, stated = _event(path, teams, given, round_one)
    warnings = _conflicts(str(path), stated, given, vp)
    if isinstance(vp, str) and vp == "auto":
        with_vps = event.method is Method.IMPS and stated.victory_points is not False
        vp = "wbf" if with_vps else None
    conditions = teams_conditions(
        method=event.method, vp=vp, bye_score=bye_score, tie_break=tie_break, ties=ties
    )
    return TeamsSetup(event, conditions, warnings)


def score_teams_file(
    path: StrPath,
    *,
    teams: StrPath | None = None,
    vp: VpScale | str | os.PathLike[str] | None = "auto",
    method: Method | str | None = None,
    bye_score: ByeScore | str | None = None,
    tie_break: str | Sequence[str] = "ebu",
    penalties: Iterable[tuple[str, Fraction | int]] = (),
    withdrawn: Iterable[str] = (),
    imp_penalties: Iterable[tuple[int, str, Fraction | int]] = (),
    carry_overs: Iterable[tuple[int, str, Fraction | int]] = (),
    ties: TieNotation | str = TieNotation.EQUALS,
) -> ScoredTeams:
    """Score the teams event in ``path`` and rank it, as ``bridgescore teams`` does with the
    same options: ``to_dict()`` of the result is what ``bridgescore teams FILE --json`` prints.

    ``teams`` is the teams file; ``method`` the board scoring and ``vp`` the VP scale of IMP
    matches (:func:`vp_scale`; ``None`` ranks by IMPs), by default as the file states, else
    IMPs on the WBF scale (:func:`teams_setup`: an option against the file wins, and the
    warning is in ``warnings`` of the result); ``bye_score`` and ``tie_break`` as
    :func:`teams_conditions` says, as ``ties`` (a shared place ``3=`` or plain). The
    director's decisions, each for a team by number or name:
    ``penalties`` ``(team, points)`` off the event total (VPs in a VP event), ``withdrawn``
    teams, ``imp_penalties`` ``(round, team, IMPs)`` in one match, and ``carry_overs``
    ``(round, team, IMPs)`` a team starts that match with.

    >>> scored = score_teams_file("examples/teams.csv", teams="examples/teams-names.csv")
    >>> [(row["rank"], row["team"]) for row in scored.to_dict()["standings"]][:2]
    [('1', 'Ashdown'), ('2', 'Brampton')]
    >>> score_teams_file("examples/teams.csv", vp="no-such-scale")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ScoringError: 'no-such-scale' is not a VP scale: use one of ...
    """
    setup = teams_setup(
        path,
        teams=teams,
        method=method,
        vp=vp,
        bye_score=bye_score,
        tie_break=tie_break,
        ties=ties,
    )
    event = setup.event.with_director(
        penalties=[(team, Fraction(points)) for team, points in penalties],
        withdrawn=withdrawn,
        match_penalties=[(r, team, Fraction(points)) for r, team, points in imp_penalties],
        carry_overs=[(r, team, Fraction(points)) for r, team, points in carry_overs],
    )
    return ScoredTeams(event, event.standings(setup.conditions), setup.warnings)
