"""The matches of a teams event from its travellers: the two tables of every board paired up,
every problem reported with its line.

In the traveller file of a teams event ``ns`` and ``ew`` hold team numbers (or names) and the
``round`` column says the round. In each round two teams meet at two tables, A NS v B EW at one
and B NS v A EW at the other, on the same boards. :func:`build_event` pairs up the two results
of every board into a :class:`~bridgescore.core.teams.match.TeamsMatch`. The *home* team is the team
sitting NS at the lower-numbered table (without a ``table`` column: the NS team of the match's
first line); nets and IMPs are given from its side. A board played at only one table, by the
wrong teams, or a team with two matches in a round on the same boards is reported with its
line; two matches of a team in one round on other boards are three teams playing each other
(or multiple teams: each of the team's pairs in a match of its own).

Adjusted scores: an artificial score at either table (``A60/40``: NS Ave+, EW Ave-) settles
the board for the match (Ave+ / Ave- = +3 / -3 IMPs, 60 % / 40 % of the board at board-a-match)
and the other table's result is not compared; a weighted score is weighed result by result.

>>> from dataclasses import replace
>>> lines = [
...     TravellerLine(1, "1", "2", ns_score=620, round=1, table=1, line=2),
...     TravellerLine(1, "2", "1", ns_score=170, round=1, table=2, line=3),
...     TravellerLine(2, "2", "1", adjusted=ArtificialScore.parse("A40/60"), round=1, table=2, line=4),
... ]
>>> event = build_event(Session(tuple(lines)))
>>> match = event.matches[0]
>>> match.home, match.away, [b.net for b in match.boards], match.board_imps()[1]
('1', '2', [Fraction(450, 1), None], (Fraction(3, 1), Fraction(-3, 1)))
>>> build_event(Session(tuple(lines[:2] + [replace(lines[2], adjusted=None, ns_score=-50)])))
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: <teams>:4: round 1, board 2: only 2 NS v 1 EW has a result; the other table (1 NS v 2 EW) has none
"""

from __future__ import annotations

__all__ = ["build_event"]

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from bridgescore.core.errors import BridgeScoreError, FileFormatError, Problem
from bridgescore.core.table.adjusted import ArtificialScore, Average
from bridgescore.core.table.traveller import Seating, Session, TravellerLine, played_twice
from bridgescore.core.teams.event import PlayedMatch, Team, TeamsEvent, team_order
from bridgescore.core.teams.match import Method, TableScore, TeamsMatch

_Report = Callable[[TravellerLine | None, str], None]
_Key = tuple[int, frozenset[str]]
"""A match: its round and its two teams."""


def _at(line: TravellerLine) -> str:
    return "elsewhere" if line.line is None else f"line {line.line}"


def build_event(
    session: Session,
    *,
    teams: Sequence[Team] = (),
    method: Method = Method.IMPS,
    multiple: bool | None = None,
) -> TeamsEvent:
    """The matches and teams of a teams event from its travellers (the byes follow from them
    and the withdrawals: :attr:`TeamsEvent.byes`).

    ``teams`` (from a teams file) lists the teams in order with their names; without it the
    teams are those in the results. ``multiple``: multiple teams, as the file says; by default
    when a team plays more than one match in a round (then a team without a match in a round
    has no bye). Every problem is collected and raised at once as a :class:`FileFormatError`
    naming ``session.source`` and each line.
    """
    source = session.source or "<teams>"
    problems: list[Problem] = []

    def report(line: TravellerLine | None, message: str) -> None:
        problems.append(Problem(source, None if line is None else line.line, message))

    grouped = _group(session, {t.number for t in teams}, report)
    clashes = _clashes(grouped, report)
    played = []
    for key, lines in grouped.items():
        if key not in clashes:
            found = _match(key[0], lines, method, session, report)
            if found is not None:
                played.append(found)
    if problems:
        problems.sort(key=lambda p: (p.line is None, p.line or 0))
        raise FileFormatError.from_problems(problems)
    numbers = team_order(t for key in grouped for t in key[1])
    listed = tuple(teams) or tuple(Team(number) for number in numbers)
    if multiple is None:
        per_round = Counter((key[0], team) for key in grouped for team in key[1])
        multiple = any(count > 1 for count in per_round.values())
    return TeamsEvent(listed, tuple(played), method, warnings=session.problems, multiple=multiple)


def _group(session: Session, known: set[str], report: _Report) -> dict[_Key, list[TravellerLine]]:
    """The lines of each match, in file order; lines with unknown teams or no round reported."""
    with_rounds = any(line.round is not None for line in session.lines)
    grouped: dict[_Key, list[TravellerLine]] = {}
    for line in session.lines:
        unknown = [team for team in (line.ns, line.ew) if known and team not in known]
        if unknown:
            report(line, f"board {line.board}: team {unknown[0]} is not in the list of teams")
            continue
        if line.ns == line.ew:
            report(line, f"board {line.board}: team {line.ns} cannot play against itself")
            continue
        if line.round is None and with_rounds:
            report(
                line, f"board {line.board}: no round (each line of a teams event says its round)"
            )
            continue
        key = (line.round or 1, frozenset((line.ns, line.ew)))
        grouped.setdefault(key, []).append(line)
    return grouped


def _clashes(grouped: Mapping[_Key, list[TravellerLine]], report: _Report) -> set[_Key]:
    """Matches whose teams already have another match in the same round on some of the same
    boards, each reported once. A team may play two matches in a round on other boards (three
    teams playing each other, multiple teams: one match with each of its pairs).

    The matches with the most lines are taken first, so a stray line is the one reported."""
    seen: dict[tuple[int, str], list[tuple[str, TravellerLine, frozenset[int]]]] = {}
    clashes: set[_Key] = set()
    for key, lines in sorted(grouped.items(), key=lambda item: -len(item[1])):
        round_, pair = key
        first = lines[0]
        boards = frozenset(line.board for line in lines)
        for team in sorted(pair):
            other = next(iter(pair - {team}))
            earlier = seen.setdefault((round_, team), [])
            clash = next((e for e in earlier if e[0] != other and e[2] & boards), None)
            if clash is not None and key not in clashes:
                report(
                    first,
                    f"round {round_}, board {first.board}: team {team} plays two matches in "
                    f"the round: against {clash[0]} ({_at(clash[1])}) and against {other}",
                )
                clashes.add(key)
            earlier.append((other, first, boards))
    return clashes


def _home(lines: Sequence[TravellerLine]) -> str:
    tabled = [(line.table, line.ns) for line in lines if line.table is not None]
    return min(tabled)[1] if tabled else lines[0].ns


def _match(
    round_: int,
    lines: Sequence[TravellerLine],
    method: Method,
    session: Session,
    report: _Report,
) -> PlayedMatch | None:
    """One match from its lines, or None when a board of it could not be paired up."""
    home = _home(lines)
    away = lines[0].ew if lines[0].ns == home else lines[0].ns
    seatings = [Seating(line.board, line.ns, line.ew, line.line, None, round_) for line in lines]
    twice = played_twice(seatings)
    for found in twice:
        report(lines[found.index], found.message)
    dropped = {found.index for found in twice}
    tables: dict[str, dict[int, TravellerLine]] = {home: {}, away: {}}
    for index, line in enumerate(lines):
        if index not in dropped:
            tables[line.ns][line.board] = line
    bad = bool(twice)
    table1, table2 = tables[home], tables[away]
    scores: tuple[dict[int, TableScore], dict[int, TableScore]] = ({}, {})
    artificial: dict[int, tuple[Fraction, Fraction]] = {}
    for board in sorted(set(table1) | set(table2)):
        pair = (table1.get(board), table2.get(board))
        if any(line is not None and line.artificial_score for line in pair):
            where = f"round {round_}, board {board}"
            settled = _artificial(where, (home, away), pair, method, report)
            if settled is None:
                bad = True
            else:
                artificial[board] = settled
            continue
        if pair[0] is None or pair[1] is None:
            only = pair[0] or pair[1]
            assert only is not None
            report(only, _one_table(round_, only, session))
            bad = True
            continue
        for side, played in zip(scores, pair, strict=True):
            side[board] = _table_score(played)
    if bad:
        return None
    match = TeamsMatch.from_tables(
        home, away, *scores, method=method, round=round_, artificial=artificial
    )
    return PlayedMatch(match, table1, table2)


def _table_score(line: TravellerLine | None) -> TableScore:
    """A real table score: the NS score, or a weighted score."""
    assert line is not None
    if line.weighted_score is not None:
        return line.weighted_score
    assert line.ns_score is not None
    return line.ns_score


def _artificial(
    where: str,
    teams: tuple[str, str],
    pair: tuple[TravellerLine | None, TravellerLine | None],
    method: Method,
    report: _Report,
) -> tuple[Fraction, Fraction] | None:
    """Home's and away's points for a board with an artificial score at one or both tables."""
    given: list[tuple[TravellerLine, ArtificialScore, tuple[Average, Average]]] = []
    for index, line in enumerate(pair):
        score = None if line is None else line.artificial_score
        if line is not None and score is not None:
            # at table 1 the home team is NS, at table 2 it is EW
            averages = (score.ns, score.ew) if index == 0 else (score.ew, score.ns)
            given.append((line, score, averages))

    def gives(score: ArtificialScore, averages: tuple[Average, Average]) -> str:
        return f"{score} gives {teams[0]} {averages[0]} and {teams[1]} {averages[1]}"

    (line, score, averages), *rest = given
    for other, other_score, other_averages in rest:
        if other_averages != averages:
            report(
                other,
                f"{where}: the two tables' artificial scores disagree: "
                f"{gives(score, averages)} ({_at(line)}), {gives(other_score, other_averages)}",
            )
            return None
    try:
        return method.average(averages[0]), method.average(averages[1])
    except BridgeScoreError as error:
        report(line, f"{where}: {error}")
        return None


def _one_table(round_: int, line: TravellerLine, session: Session) -> str:
    """Why a board has a result at one table only, with a hint where the other one went."""
    message = (
        f"round {round_}, board {line.board}: only {line.ns} NS v {line.ew} EW has a result; "
        f"the other table ({line.ew} NS v {line.ns} EW) has none"
    )
    for other in session.traveller(line.board):
        other_round = other.round or 1
        if (other.ns, other.ew) == (line.ew, line.ns) and other_round != round_:
            return f"{message} ({_at(other)} has it in round {other_round})"
        if other_round == round_ and (other.ns == line.ew) != (other.ew == line.ns):
            return f"{message} ({_at(other)} has {other.ns} NS v {other.ew} EW: wrong teams?)"
    return message
