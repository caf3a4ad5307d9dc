"""PBN games and the project's :class:`Session`, both ways.

Reading (:func:`pbn_to_session`): each game's deal goes to ``session.deals``, its analysis to
``session.double_dummy``; a game with a ScoreTable gives one traveller line per row (PairId_NS,
PairId_EW, Contract, Declarer, Result, Score_NS/Score_EW, and Lead, Section, Table, Round when
present). A row with ``-`` or ``?`` for the contract is a score-only line; a ``^`` score is an
adjusted score: ``^A60/40`` (artificial), ``"^60% 4SN= 40% 4SN-1"`` (weighted) or ``^150`` (an
assigned NS score). Names come from Names_NS/Names_EW and the TotalScoreTable (PairId, Names). A
game without a ScoreTable but with Contract, Declarer and Result gives one line; its pairs are
PairNS/PairEW, else the players' names (``North - South``), else ``NS`` and ``EW``. The event comes
from Event, Site (venue), Date, Scoring, and the non-standard Club and Movement tags.

Writing (:func:`session_to_pbn`): one game a board, in the order boards first appear (with the
deal, Dealer, Vulnerable, double-dummy tags and a ScoreTable of its lines: ``?`` for a score-only
contract, adjusted scores as above). ``extra_columns[(board, i)]`` gives more ScoreTable columns for the ``i``-th line (from 0) of
``session.traveller(board)`` (``{"MP_NS": "7"}``; a column a line lacks is written ``-``), and
``total_table`` (a :class:`PbnTable`, a TotalScoreTable say) is put in the first game. Reading
what was written gives the same session (extra columns and tables stay in the PBN model).

>>> from bridgescore.core.table.result import Result
>>> line = TravellerLine.played(1, "3", "4", Result.parse("1NTN="))
>>> pbn = session_to_pbn(Session((line,)), extra_columns={(1, 0): {"IMP_NS": "5"}})
>>> pbn.games[0].tables[0].records()[0]["IMP_NS"], pbn_to_session(pbn).lines == (line,)
('5', True)
"""

from __future__ import annotations

__all__ = ["RowError", "pbn_to_session", "row_details", "row_line", "session_to_pbn"]

import re
from collections.abc import Mapping
from dataclasses import replace

from bridgescore.core.errors import (
    BridgeScoreError,
    FileFormatError,
    NotationError,
    Problem,
    quoted,
)
from bridgescore.core.numbers import parse_count, parse_signed
from bridgescore.core.pairs.rules import scoring_in
from bridgescore.core.table.adjusted import ArtificialScore, WeightedScore
from bridgescore.core.table.board import Board, Vulnerability
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.par import DoubleDummy
from bridgescore.core.table.result import Result, tricks_from_relative
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.traveller import (
    EventInfo,
    Session,
    TravellerLine,
    drop_played_twice,
)
from bridgescore.formats.pbn.hands import read_double_dummy, with_double_dummy
from bridgescore.formats.pbn.model import INFO_TAGS, PbnFile, PbnGame, event_info
from bridgescore.formats.pbn.tables import CellKind, PbnTable, cell_kind

_ISO_DATE = re.compile(r"^([0-9]{4})-([0-9]{2})-([0-9]{2})$")
_OPTIONAL = ("Section", "Table", "Round")


class RowError(Exception):
    """A problem with one ScoreTable row or game; becomes a located :class:`Problem`."""


class _Kept(RowError):
    """A row whose contract, declarer or result cannot be read but whose score can: read
    leniently, ``line`` is kept at that score."""

    def __init__(self, message: str, line: TravellerLine) -> None:
        super().__init__(message)
        self.line = line


# --- reading -------------------------------------------------------------------------------


def _score(row: Mapping[str, str | None]) -> int | None:
    ns, ew = row.get("Score_NS"), row.get("Score_EW")
    ns_score = None if ns is None else parse_signed(ns, 5)
    ew_score = None if ew is None else parse_signed(ew, 5)
    if (ns is not None and ns_score is None) or (ew is not None and ew_score is None):
        raise RowError(f"the score {quoted(ns if ns_score is None else ew)} is not a number")
    if ns_score is not None and ew_score is not None and ns_score != -ew_score:
        raise RowError(f"Score_NS {ns_score} and Score_EW {ew_score} do not agree")
    if ns_score is not None:
        return ns_score
    return None if ew_score is None else -ew_score


def _adjusted(
    raw: Mapping[str, str], vul: Vulnerability
) -> ArtificialScore | WeightedScore | int | None:
    for column, sign in (("Score_NS", 1), ("Score_EW", -1)):
        text = raw.get(column, "")
        if cell_kind(text) is not CellKind.ARTIFICIAL:
            continue
        body = text[1:].strip()
        if WeightedScore.looks_like(body):
            return WeightedScore.parse(body, vul)
        score = parse_signed(body)
        if score is not None:
            return sign * score
        return ArtificialScore.parse(body)
    return None


def _result(row: Mapping[str, str | None], contract: Contract) -> Result | None:
    if contract.is_pass:
        return Result.passed_out()
    declarer_text, result_text = row.get("Declarer"), row.get("Result")
    declarer = None if declarer_text is None else Seat.parse(declarer_text.lstrip("^"))
    if result_text is None:
        return None
    tricks = tricks_from_relative(contract, result_text, source=f"{contract} {result_text}")
    return Result(contract, declarer, tricks)


def row_line(
    board: int, ns: str, ew: str, raw: Mapping[str, str], vul: Vulnerability
) -> TravellerLine:
    """A row's (or a game's) traveller line from its values by column name, details aside."""
    blank = (CellKind.UNKNOWN, CellKind.IRRELEVANT)
    row = {name: (None if cell_kind(v) in blank else v) for name, v in raw.items()}
    if not ns or not ew:
        raise RowError(f"the {'NS' if not ns else 'EW'} pair is missing")
    adjusted = _adjusted(raw, vul)
    if isinstance(adjusted, int):
        return TravellerLine(board, ns, ew, ns_score=adjusted)
    if adjusted is not None:
        return TravellerLine(board, ns, ew, adjusted=adjusted)
    score = _score(row)
    contract_text = row.get("Contract")
    try:
        result = None if contract_text is None else _result(row, Contract.parse(contract_text))
    except BridgeScoreError as error:
        if score is None:
            raise
        raise _Kept(str(error), TravellerLine(board, ns, ew, ns_score=score)) from None
    if result is None or (result.declarer is None and not result.contract.is_pass):
        if score is None:
            raise RowError("no result and no score")
        return TravellerLine(board, ns, ew, result=result, ns_score=score)
    line = TravellerLine.played(board, ns, ew, result, vul)
    if score is not None and score != line.ns_score:
        raise RowError(f"the score {score} does not match {result} (NS {line.ns_score:+d})")
    return line


def row_details(line: TravellerLine, raw: Mapping[str, str], where: int | None) -> TravellerLine:
    """A ScoreTable row's line (:func:`row_line`) with the row's details (Lead, Section,
    Round, Table) and where the row stands in its file."""
    return replace(_details(line, raw), line=where)


def _details(line: TravellerLine, raw: Mapping[str, str]) -> TravellerLine:
    def number(name: str) -> int | None:
        text = raw.get(name, "-")
        if cell_kind(text) is not CellKind.VALUE:
            return None
        number = parse_count(text, least=1)
        if number is None:
            raise RowError(f"{name} {quoted(text)} is not a number from 1")
        return number

    lead, section = raw.get("Lead", "-"), raw.get("Section", "-")
    return replace(
        line,
        lead=lead.upper() if cell_kind(lead) is CellKind.VALUE else None,
        section=section if cell_kind(section) is CellKind.VALUE else None,
        round=number("Round"),
        table=number("Table"),
    )


class _Reader:
    def __init__(self, pbn: PbnFile, lenient: bool) -> None:
        self.lenient = lenient
        self.source = pbn.source or "<pbn>"
        self.lines: list[TravellerLine] = []
        self.names: dict[str, str] = {}
        self.deals: dict[int, Deal] = {}
        self.double_dummy: dict[int, DoubleDummy] = {}
        self.problems: list[Problem] = []

    def problem(self, line: int | None, message: str) -> None:
        self.problems.append(Problem(self.source, line, message))

    def table_lines(self, board: int, vul: Vulnerability, table: PbnTable) -> None:
        for index, raw in enumerate(table.records()):
            where = table.line_of(index)
            try:
                ns, ew = table.value(index, "PairId_NS"), table.value(index, "PairId_EW")
                try:
                    line = row_line(board, ns or "", ew or "", raw, vul)
                except _Kept as kept:
                    if not self.lenient or kept.line.ns_score is None:
                        raise
                    told = f"board {board}: [ScoreTable]: {kept}"
                    self.problems.append(
                        Problem.kept_at(self.source, where, told, kept.line.ns_score)
                    )
                    line = kept.line
                self.lines.append(row_details(line, raw, where))
            except (RowError, BridgeScoreError) as error:
                self.problem(where, f"board {board}: [ScoreTable]: {error}")
                continue
            for column, pair in (("Names_NS", line.ns), ("Names_EW", line.ew)):
                name = table.value(index, column)
                if name:
                    self.names.setdefault(pair, name)

    def game_line(self, board: int, vul: Vulnerability, game: PbnGame) -> None:
        contract = game.contract
        if contract is None or (game.tag("Result") is None and not contract.is_pass):
            return
        ns = game.tag("PairNS") or _players(game, Seat.NORTH, Seat.SOUTH) or "NS"
        ew = game.tag("PairEW") or _players(game, Seat.EAST, Seat.WEST) or "EW"
        tricks = game.declarer_tricks
        raw = {
            "Contract": game.tags["Contract"],
            "Declarer": game.tags.get("Declarer", "?"),
            "Result": "?" if tricks is None else str(tricks),
        }
        try:
            self.lines.append(replace(row_line(board, ns, ew, raw, vul), line=game.line))
        except (RowError, BridgeScoreError) as error:
            self.problem(game.line, f"board {board}: {error}")

    def game(self, game: PbnGame) -> None:
        board = game.board
        if board is None:
            if game.tables or game.tag("Contract") is not None or game.deal is not None:
                self.problem(game.line, "[Board]: the game has no board number")
            return
        if game.deal is not None and self.deals.setdefault(board, game.deal) != game.deal:
            self.problem(game.line, f"board {board}: [Deal]: two different deals")
        elif game.deal is not None and board not in self.double_dummy:
            analysis, messages = read_double_dummy(game, f"board {board}: ")
            self.problems.extend(Problem(self.source, game.line, m) for m in messages)
            self.double_dummy.update({} if analysis is None else {board: analysis})
        vul = game.vulnerability or Board(board).vulnerability
        table = game.table("ScoreTable")
        if table is not None:
            self.table_lines(board, vul, table)
        else:
            self.game_line(board, vul, game)
        totals = game.table("TotalScoreTable")
        if totals is not None:
            for index in range(len(totals.rows)):
                pair, names = totals.value(index, "PairId"), totals.value(index, "Names")
                if pair is not None and names:
                    self.names.setdefault(pair, names)


def _players(game: PbnGame, first: Seat, second: Seat) -> str | None:
    names = [game.tag(seat.name.title()) for seat in (first, second)]
    return " - ".join(n for n in names if n) or None


def _info(pbn: PbnFile) -> EventInfo:
    given = (
        (tag, next((g.tag(tag) for g in pbn.games if g.tag(tag) is not None), None))
        for _, tag in INFO_TAGS
    )
    return event_info({tag: value for tag, value in given if value is not None})


def pbn_to_session(pbn: PbnFile, *, lenient: bool = False) -> Session:
    """The session a PBN file records (see the module docstring).

    Strictly (the default) any problem raises :class:`FileFormatError` listing them all, with
    the problems found reading the file; with ``lenient`` they are kept in ``session.problems``
    (a ScoreTable row whose result cannot be read but whose score can is kept at that score).
    """
    reader = _Reader(pbn, lenient)
    for game in pbn.games:
        reader.game(game)
    lines, clashes = drop_played_twice(reader.lines, reader.source)
    problems = [*pbn.problems, *reader.problems, *clashes]
    if problems and not lenient:
        raise FileFormatError.from_problems(problems)
    return Session(
        tuple(lines), reader.names, _info(pbn), pbn.source, tuple(problems), reader.deals
    ).with_deals({}, reader.double_dummy)


# --- writing -------------------------------------------------------------------------------


def _score_cells(line: TravellerLine) -> tuple[str, str]:
    if line.adjusted is not None:
        return f"^{line.adjusted}", "-"
    assert line.ns_score is not None
    if line.ns_score >= 0:
        return str(line.ns_score), "-"
    return "-", str(-line.ns_score)


def _result_cells(line: TravellerLine) -> tuple[str, str, str]:
    if line.adjusted is not None:
        return "-", "-", "-"
    result = line.result
    if result is None:
        return "?", "?", "?"
    if result.contract.is_pass:
        return "Pass", "-", "-"
    declarer = "?" if result.declarer is None else str(result.declarer)
    return str(result.contract), declarer, str(result.tricks)


def _optional(value: object) -> str:
    return "-" if value is None else str(value)


def _score_table(
    session: Session, board: int, extra: Mapping[tuple[int, int], Mapping[str, str]]
) -> PbnTable:
    lines = session.traveller(board)
    optional = [n for n in _OPTIONAL if any(getattr(x, n.lower()) is not None for x in lines)]
    named = any(pair in session.names for line in lines for pair in (line.ns, line.ew))
    leads = any(line.lead is not None for line in lines)
    columns = [*optional, "PairId_NS", "PairId_EW"]
    columns += ["Names_NS", "Names_EW"] if named else []
    columns += [
        "Contract",
        "Declarer",
        "Result",
        *(["Lead"] if leads else []),
        "Score_NS",
        "Score_EW",
    ]
    added: list[str] = []
    for index in range(len(lines)):
        for name in extra.get((board, index), {}):
            if name in columns:
                raise NotationError(name, "bridgescore writes this ScoreTable column itself")
            if name not in added:
                added.append(name)
    rows = []
    for index, line in enumerate(lines):
        row = [_optional(getattr(line, n.lower())) for n in optional] + [line.ns, line.ew]
        if named:
            row += [session.names.get(line.ns, "?"), session.names.get(line.ew, "?")]
        row += [*_result_cells(line), *([_optional(line.lead)] if leads else [])]
        row += _score_cells(line)
        given = extra.get((board, index), {})
        rows.append(row + [given.get(name, "-") for name in added])
    return PbnTable.build("ScoreTable", [*columns, *added], rows)


def _event_tags(info: EventInfo) -> dict[str, str]:
    tags = dict.fromkeys(("Event", "Site", "Date", "Scoring"), "?")
    for field_name, tag in INFO_TAGS:
        value = getattr(info, field_name)
        if tag == "Scoring":
            value = scoring_in(value, "pbn")
        if value is not None:
            if tag == "Date" and (match := _ISO_DATE.match(value)):
                value = ".".join(match.groups())
            tags[tag] = value
    return tags


def session_to_pbn(
    session: Session,
    extra_columns: Mapping[tuple[int, int], Mapping[str, str]] | None = None,
    total_table: PbnTable | None = None,
) -> PbnFile:
    """The session as PBN games, one per board (see the module docstring for the two hooks)."""
    extra = extra_columns or {}
    boards = list(dict.fromkeys(line.board for line in session.lines))
    boards += sorted(set(session.deals) - set(boards))
    event = _event_tags(session.info)
    games: list[PbnGame] = []
    for board in boards:
        number = Board(board)
        tags = {
            **event,
            "Board": str(board),
            **dict.fromkeys(("West", "North", "East", "South"), ""),
            "Dealer": str(number.dealer),
            "Vulnerable": str(number.vulnerability),
            **dict.fromkeys(("Declarer", "Contract", "Result"), ""),
        }
        tables = [_score_table(session, board, extra)] if session.traveller(board) else []
        if total_table is not None and not games:
            tables.append(total_table)
        game = PbnGame(tags, session.deals.get(board), tables=tuple(tables))
        games.append(with_double_dummy(game, session.double_dummy.get(board)))
    return PbnFile(tuple(games), source=session.source, problems=session.problems)
