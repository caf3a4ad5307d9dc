"""Score a session file: ``bridgescore score session.toml``.

The session file (:mod:`bridgescore.formats.session`) says everything a director knows before
the first result: the club, title and date, each section's movement and boards, the pairs with
their players' names and national numbers, the scoring rules, and where the results are. Here
it becomes a scored :class:`PairsEvent`:

1. each section's movement is made (or read) and its sets numbered from the section's first
   board;
2. the results files are read, each line given its section when the file is a section's own;
3. every line is checked against its section's movement (a wrong pair, board or round is a
   located error that suggests the fix), and the results the movement expects but the file
   lacks are listed as warnings (and given an average when ``missing = "average"``);
4. the session is scored with the file's rules, across the field or within each section.

>>> event = score_session_file("examples/club-session.toml")
>>> event.session.info.title, event.session.info.club
('Tuesday pairs', 'Riverside Bridge Club')
>>> [(e.rank_text, e.pair.label, e.names) for e in event.ranking("NS").entries][:1]
[('1', '12', 'Wendy Usher & Mary Moss')]
"""

from __future__ import annotations

__all__ = [
    "SessionPlan",
    "plan_results",
    "plan_session",
    "score_plan",
    "score_session_file",
    "section_movement",
]

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Unpack

from bridgescore.core.errors import FileFormatError, MovementError, Problem
from bridgescore.core.movements.movement import Movement
from bridgescore.core.movements.results import check_results
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.kept import KeptBoards
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.traveller import EventInfo, Session, TravellerLine
from bridgescore.events.files import load_session
from bridgescore.events.movements import movement_named
from bridgescore.events.rules import SETTINGS, PairsSettings, pairs_rules, with_hand_record
from bridgescore.events.sections import check_fit, check_names, check_sections
from bridgescore.formats import session as session_file
from bridgescore.formats.bounds import SESSION_BYTES
from bridgescore.formats.session import SectionEntry, SessionFile
from bridgescore.formats.text import read_text


def section_movement(section: SectionEntry, file: SessionFile) -> Movement:
    """A section's movement: named (made for its tables, rounds and board count) or read from
    a file, its boards numbered from the section's first board."""
    where = f"{file.source}: section {section.letter}" if section.letter else file.source
    try:
        movement = movement_named(
            section.movement, base=file.folder, tables=section.tables, rounds=section.rounds
        )
        if section.boards is not None and not section.movement.lower().endswith(".json"):
            wanted = section.boards[1] - section.boards[0] + 1
            if movement.boards != wanted:
                per_set, left = divmod(wanted, len(movement.sets))
                if left or per_set == 0:
                    raise MovementError(
                        f"boards {section.boards[0]}-{section.boards[1]} ({wanted}) do not share "
                        f"into the movement's {len(movement.sets)} sets"
                    )
                movement = movement_named(
                    section.movement,
                    base=file.folder,
                    tables=section.tables,
                    rounds=movement.rounds,
                    boards=movement.rounds * per_set,
                )
    except MovementError as error:
        raise FileFormatError(where, None, str(error)) from None
    check_fit(file, section, movement)
    if section.boards is not None:
        movement = movement.starting_at(section.boards[0])
    return movement


@dataclass(frozen=True, slots=True)
class SessionPlan:
    """A session file read, with each section's movement (keyed by letter, ``None`` for a
    single section without one) and its results, checked against the movements."""

    file: SessionFile
    movements: dict[str | None, Movement]
    session: Session
    missing: tuple[Problem, ...] = ()
    """The results the movements expect that the files lack (given an average, if asked)."""


def _names(file: SessionFile) -> dict[str, str]:
    names: dict[str, str] = {}
    for section in file.sections:
        for pair in section.pairs:
            if pair.names:
                key = pair.pair if section.letter is None else f"{section.letter} {pair.pair}"
                names[key] = pair.text
    return names


def _results(file: SessionFile, lenient: bool) -> list[Session]:
    """Every results file read, lines of a section's own file given its letter (a single
    section's letter too)."""
    read = []
    only = file.sections[0].letter if len(file.sections) == 1 else None
    wanted = [(name, only) for name in file.results]
    wanted += [(name, s.letter) for s in file.sections for name in s.results]
    for name, letter in wanted:
        results = load_session(file.path(name), lenient=lenient)
        if letter is not None:
            lines = tuple(
                line if line.section else replace(line, section=letter) for line in results.lines
            )
            results = replace(results, lines=lines)
        read.append(results)
    return read


def plan_session(
    path: str | os.PathLike[str], *, lenient: bool = False, average_missing: bool | None = None
) -> SessionPlan:
    """Read the session file at ``path``, make its movements, read its results and check them
    against the movements (steps 1-3 of the module docstring)."""
    text = read_text(path, limit=SESSION_BYTES)  # (a name of 60 MB: refused before it is parsed)
    file = session_file.loads(text, source=str(path), folder=Path(path).parent)
    movements = {s.letter: section_movement(s, file) for s in file.sections}
    check_sections(file, movements)
    parts = _results(file, lenient)
    return plan_results(file, movements, parts, lenient=lenient, average_missing=average_missing)


def plan_results(
    file: SessionFile,
    movements: Mapping[str | None, Movement],
    parts: Sequence[Session],
    *,
    lenient: bool = False,
    average_missing: bool | None = None,
) -> SessionPlan:
    """The session of ``file`` with the results ``parts`` (each a file's, or the club
    server's), checked against the sections' ``movements`` (step 3 of the module docstring)."""
    flag = file.scoring.get("missing", "not-played")
    average = flag == "average" if average_missing is None else average_missing
    lines: list[TravellerLine] = []
    problems: list[Problem] = []
    warnings = [problem for part in parts for problem in part.problems]
    missing: tuple[Problem, ...] = ()
    if movements:
        checked = check_results(parts, movements, average=average)
        problems.extend(checked.problems)
        missing = checked.missing
        lines.extend(checked.lines)
    else:
        lines.extend(line for part in parts for line in part.lines)
    if problems and not lenient:
        raise FileFormatError.from_problems(problems)
    titles = sorted({m.title for m in movements.values()})
    info = EventInfo(
        title=file.title,
        club=file.club,
        date=file.date,
        venue=file.venue,
        scoring=parts[0].info.scoring if parts else None,
        movement="; ".join(titles) or None,
    )
    session = Session(
        tuple(lines),
        names=_names(file),
        info=info,
        source=parts[0].source if len(parts) == 1 else file.source,
        problems=tuple(problems) + tuple(warnings),
        deals={board: deal for part in parts for board, deal in part.deals.items()},
    )
    return SessionPlan(file, dict(movements), session, missing)


def score_session_file(
    path: str | os.PathLike[str],
    *,
    rules: PairsRules | str | None = None,
    method: PairsMethod | str | None = None,
    names: str | os.PathLike[str] | None = None,
    hands: str | os.PathLike[str] | None = None,
    lenient: bool = False,
    info: EventInfo | None = None,
    **settings: Unpack[PairsSettings],
) -> PairsEvent:
    """Score the session file at ``path`` (see the module docstring). The rules are the file's
    ``[scoring]`` (a preset and settings), with ``rules``, ``method`` and ``settings`` given
    here over them; ``info`` (title, date, club) over the file's."""
    plan = plan_session(path, lenient=lenient)
    return score_plan(
        plan, rules=rules, method=method, names=names, hands=hands, info=info, **settings
    )


def score_plan(
    plan: SessionPlan,
    *,
    rules: PairsRules | str | None = None,
    method: PairsMethod | str | None = None,
    names: str | os.PathLike[str] | None = None,
    hands: str | os.PathLike[str] | None = None,
    info: EventInfo | None = None,
    kept: KeptBoards | None = None,
    **settings: Unpack[PairsSettings],
) -> PairsEvent:
    """Score a planned session (step 4 of the module docstring): the file's names and hand
    record added, then ``names`` and ``hands`` given here, scored with the file's rules and
    those given here over them (``kept``: the boards of the last scoring of this session,
    :mod:`~bridgescore.core.pairs.kept`)."""
    from bridgescore.fast.select import board_kernels
    from bridgescore.formats.csv import travellers

    file, session = plan.file, plan.session
    tables = [travellers.load_names(p) for p in (file.names and file.path(file.names), names) if p]
    for table in tables:
        check_names(table.entries(), table.source, plan.movements)
    if file.names:
        session = session.with_names({**tables[0], **session.names})
    if names:
        session = session.with_names(tables[-1])
    for record in [file.path(file.hands)] if file.hands else []:
        session = with_hand_record(session, record)
    if hands:
        session = with_hand_record(session, hands)
    if info is not None:
        given = {f.name: getattr(info, f.name) for f in fields(info)}
        known = {name: value for name, value in given.items() if value is not None}
        session = replace(session, info=replace(session.info, **known))
    chosen = _rules(file, rules, method, session, settings)
    event = score_session(session, chosen, kernels=board_kernels(), kept=kept)
    return replace(event, warnings=(*map(str, plan.missing), *event.warnings))


def _rules(
    file: SessionFile,
    rules: PairsRules | str | None,
    method: PairsMethod | str | None,
    session: Session,
    settings: PairsSettings,
) -> PairsRules:
    scoring = file.scoring
    from_file: dict[str, Any] = {k: scoring[k] for k in SETTINGS if k in scoring}
    merged: dict[str, Any] = {**from_file, **settings}
    return pairs_rules(
        rules if rules is not None else scoring.get("rules"),
        method=method if method is not None else scoring.get("method"),
        scoring=session.info.scoring,
        **merged,
    )
