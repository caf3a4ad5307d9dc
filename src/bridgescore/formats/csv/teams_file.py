"""The teams file of a teams event: CSV with the header ``team,name,players``, a team a line.

``team`` is the team as the result file writes it in ``ns`` and ``ew`` (a number or a name);
``name`` is shown instead of it; the ``players`` column is optional (the members, as one field:
quote it when it holds commas). Lines of ``#`` alone or ``#`` and a space (comments) and blank
lines are skipped; a team written ``#3`` is refused. The teams
are listed in the order of the file, which is also the seeding of a Swiss's first round.

>>> teams = loads('team,name,players\\n1,Lions,"Ann Bell, Bob Hart"\\n2,Tigers\\n')
>>> [(t.number, t.label, t.players) for t in teams]
[('1', 'Lions', 'Ann Bell, Bob Hart'), ('2', 'Tigers', None)]
>>> loads("team,name\\n1,Lions\\n1,Tigers\\n,Bears\\n", source="teams.csv")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: teams.csv:3: team 1 is listed twice (also line 2)
teams.csv:4: the team (its number in the results) is missing
"""

from __future__ import annotations

__all__ = ["COLUMNS", "load", "loads"]

import os

from bridgescore.core.errors import FileFormatError, Problem, quoted
from bridgescore.core.teams.event import Team
from bridgescore.formats.text import csv_rows, is_comment, read_text, unsafe_field

COLUMNS = ("team", "name", "players")


def loads(text: str, *, source: str = "<teams>") -> tuple[Team, ...]:
    """The teams in the text of a teams file; every bad line is reported with its number."""
    problems: list[Problem] = []
    header: list[str] | None = None
    teams: list[Team] = []
    seen: dict[str, int] = {}
    for number, row in csv_rows(text, source, problems):
        cells = [cell.strip() for cell in row]
        if not any(cells) or is_comment(cells[0]):
            continue
        if header is None:
            header = [cell.lower() for cell in cells]
            if header[:2] != ["team", "name"] or not set(header) <= set(COLUMNS):
                raise FileFormatError(
                    source, number, f"a teams file starts with the header {','.join(COLUMNS)}"
                )
            continue
        if len(cells) > len(header):
            problems.append(
                Problem(source, number, f"{len(cells)} fields but the header has {len(header)}")
            )
            continue
        fields = dict(zip(header, cells, strict=False))
        team = fields.get("team", "")
        unfit = unsafe_field(fields.items())
        if unfit is not None:
            problems.append(Problem(source, number, unfit))
        elif team.startswith("#"):
            problems.append(
                Problem(
                    source,
                    number,
                    f"team {quoted(team)} starts with #: a comment line is # alone or # and a "
                    "space, and a team is written without #",
                )
            )
        elif not team:
            problems.append(
                Problem(source, number, "the team (its number in the results) is missing")
            )
        elif team in seen:
            problems.append(
                Problem(source, number, f"team {team} is listed twice (also line {seen[team]})")
            )
        else:
            seen[team] = number
            teams.append(Team(team, fields.get("name") or None, fields.get("players") or None))
    if problems:
        raise FileFormatError.from_problems(problems)
    if not teams:
        raise FileFormatError(source, None, "no teams: write one team a line under the header")
    return tuple(teams)


def load(path: str | os.PathLike[str]) -> tuple[Team, ...]:
    """The teams in a teams file (see :func:`loads`)."""
    return loads(read_text(path), source=str(path))
