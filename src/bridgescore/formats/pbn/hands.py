r"""Hand records in PBN: the deal of each game and the double-dummy tags that go with it.

A game's analysis is read from

* ``OptimumResultTable`` (PBN 2.1 §5.5): columns ``Declarer``, ``Denomination`` and ``Result``,
  the 20 rows ``N NT 4`` ... (declarer W/N/E/S, strain NT/S/H/D/C, tricks 0-13); a table
  with fewer rows stays in the game but is no double-dummy table;
* ``DoubleDummyTricks``: the same 20 results as hexadecimal digits (declarers N, S, E, W, each
  with the strains NT, S, H, D, C), written by several programs;
* ``OptimumScore``: the par score, ``NS 420`` or ``EW 620`` (and the form ``EW 4S; -620``);
* ``ParContract``: the par contracts, ``NS 4S``, ``EW 5DX-2; EW 5CX-2``, ``Pass``.

A table without a par gets the par worked out from it (for the game's dealer and
vulnerability). Writing puts all four back, the table both ways, so every program finds the
spelling it reads; the game's other tags stay as they were.

>>> game = PbnGame({"Board": "1", "Dealer": "N", "Vulnerable": "None",
...                 "DoubleDummyTricks": "aa89aaa8993353333533"})
>>> analysis, problems = read_double_dummy(game)
>>> str(analysis.par), problems
('NS 430: NS 3NT+1', [])
>>> written = with_double_dummy(PbnGame({"Board": "1"}), analysis)
>>> written.tags["OptimumScore"], written.tags["ParContract"]
('NS 430', 'NS 3NT+1')
>>> print("\n".join(written.table("OptimumResultTable").format_rows()[:3]))
N NT 10
N  S 10
N  H  8
"""

from __future__ import annotations

__all__ = [
    "DD_TAGS",
    "read_double_dummy",
    "records_from_pbn",
    "records_to_pbn",
    "with_double_dummy",
]

from dataclasses import replace

from bridgescore.core.errors import BridgeScoreError, NotationError, Problem
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.board import Board
from bridgescore.core.table.ddtable import DD_SEATS, DD_STRAINS, DDTable
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.par import DoubleDummy, Par, par, read_optimum_score, read_par_contracts
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.strain import Strain
from bridgescore.formats.pbn.model import PbnFile, PbnGame
from bridgescore.formats.pbn.tables import PbnColumn, PbnTable

DD_TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract")
"""The double-dummy tags (besides the ``OptimumResultTable`` table)."""

_RESULT_COLUMNS = (
    PbnColumn("Declarer"),
    PbnColumn("Denomination", width=2, align="R"),
    PbnColumn("Result", width=2, align="R"),
)


def _result_table(table: PbnTable) -> DDTable | None:
    """The double-dummy table of an OptimumResultTable; ``None`` when it has fewer than the
    20 results (PBN's own example has three)."""
    found: dict[tuple[Seat, Strain], int] = {}
    for index, row in enumerate(table.records()):
        try:
            seat = Seat.parse(row.get("Declarer", "?"))
            strain = Strain.parse(row.get("Denomination", "?"))
            tricks = parse_count(row.get("Result", "?"), 2)
        except NotationError as error:
            raise NotationError(" ".join(table.rows[index]), error.reason) from None
        if tricks is None or tricks > 13:
            raise NotationError(" ".join(table.rows[index]), "a result is 0 to 13 tricks")
        if found.setdefault((seat, strain), tricks) != tricks:
            raise NotationError(" ".join(table.rows[index]), "two results for one declarer")
    return DDTable.of(found) if len(found) == 20 else None


def read_double_dummy(game: PbnGame, where: str = "") -> tuple[DoubleDummy | None, list[str]]:
    """A game's double-dummy table and par, and what could not be read (messages naming the
    tag, after ``where``). The par is worked out from the table when the game has none."""
    problems: list[str] = []
    tables: list[DDTable] = []
    result_table = game.table("OptimumResultTable")
    if result_table is not None and result_table.rows:
        try:
            full = _result_table(result_table)
            tables += [full] if full is not None else []
        except NotationError as error:
            problems.append(f"[OptimumResultTable]: {error}")
    tricks = game.tag("DoubleDummyTricks")
    if tricks is not None:
        try:
            tables.append(DDTable.parse(tricks))
        except NotationError as error:
            problems.append(f"[DoubleDummyTricks]: {error}")
    if len(tables) == 2 and tables[0] != tables[1]:
        problems.append("[DoubleDummyTricks]: the tricks differ from the OptimumResultTable")
    table = tables[0] if tables else None
    found = _par(game, problems)
    if table is not None and found is None:
        board = game.board
        dealer = game.dealer or (Board(board).dealer if board else None)
        vulnerability = game.vulnerability or (Board(board).vulnerability if board else None)
        if dealer is not None and vulnerability is not None:
            found = par(table, dealer, vulnerability)
    problems = [where + problem for problem in problems]
    if table is None and found is None:
        return None, problems
    return DoubleDummy(table, found), problems


def _par(game: PbnGame, problems: list[str]) -> Par | None:
    score_text, contracts_text = game.tag("OptimumScore"), game.tag("ParContract")
    if score_text is None:
        if contracts_text is not None:
            problems.append("[ParContract]: the par contracts need an OptimumScore")
        return None
    try:
        score = read_optimum_score(score_text)
    except NotationError as error:
        problems.append(f"[OptimumScore]: {error}")
        return None
    try:
        return Par(score, read_par_contracts(contracts_text or ""))
    except BridgeScoreError as error:
        problems.append(f"[ParContract]: {error}")
        return Par(score)


def with_double_dummy(game: PbnGame, analysis: DoubleDummy | None) -> PbnGame:
    """The game with these double-dummy tags (and none of the old ones)."""
    tags = {name: value for name, value in game.tags.items() if name not in DD_TAGS}
    tables = [table for table in game.tables if table.name != "OptimumResultTable"]
    if analysis is not None and analysis.table is not None:
        table = analysis.table
        tags["DoubleDummyTricks"] = str(table)
        rows = [
            (str(seat), strain.letter, str(table[seat, strain]))
            for seat in DD_SEATS
            for strain in DD_STRAINS
        ]
        tables.append(PbnTable("OptimumResultTable", _RESULT_COLUMNS, tuple(rows)))
    if analysis is not None and analysis.par is not None:
        tags["OptimumScore"] = analysis.par.optimum_score
        tags["ParContract"] = analysis.par.par_contract
    return replace(game, tags=tags, tables=tuple(tables))


def records_from_pbn(pbn: PbnFile) -> tuple[list[HandRecord], list[Problem]]:
    """The hand records of a PBN file (its games with a deal and a board number), and the
    problems: a game whose deal has no board number, a board given twice, unreadable tags."""
    source = pbn.source or "<pbn>"
    records: list[HandRecord] = []
    problems: list[Problem] = []
    seen: dict[int, PbnGame] = {}
    for game in pbn.games:
        if game.deal is None or game.deal.is_empty:
            continue
        board = game.board
        if board is None:
            problems.append(Problem(source, game.line, "[Board]: the deal has no board number"))
            continue
        if board in seen:
            again = _second_room(seen[board], game)
            if again is not None:
                problems.append(Problem(source, game.line, f"board {board}: {again}"))
            continue
        seen[board] = game
        analysis, messages = read_double_dummy(game, f"board {board}: ")
        problems += [Problem(source, game.line, m) for m in messages]
        record = HandRecord(board, game.deal, game.dealer, game.vulnerability)
        records.append(record.with_double_dummy(analysis) if analysis else record)
    return records, problems


def _second_room(first: PbnGame, game: PbnGame) -> str | None:
    """What is wrong with a second game of a board, or ``None`` when it is the same deal played
    in the other room (``[Room "Open"]`` then ``"Closed"``, as a LIN file's ``qx|o1``/``qx|c1``
    give): a teams match has each board once a room, with the same cards.

    >>> deal = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 -")
    >>> first = PbnGame({"Board": "1", "Room": "Open"}, deal, line=4)
    >>> _second_room(first, replace(first, tags={"Board": "1", "Room": "Closed"})) is None
    True
    >>> other = Deal.parse("N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 6543.876.876.876 -")
    >>> _second_room(first, PbnGame({"Board": "1", "Room": "Closed"}, other))
    "the closed room's cards differ from the open room's (line 4): which deal was played?"
    >>> _second_room(first, first)
    'a second deal'
    """
    rooms = (first.tag("Room"), game.tag("Room"))
    if None in rooms or rooms[0] == rooms[1]:
        return "a second deal"
    first_deal, deal = first.deal, game.deal
    assert first_deal is not None and deal is not None
    if _same_cards(first_deal, deal):
        return None
    where = "" if first.line is None else f" (line {first.line})"
    return (
        f"the {str(rooms[1]).lower()} room's cards differ from the {str(rooms[0]).lower()} "
        f"room's{where}: which deal was played?"
    )


def _same_cards(one: Deal, other: Deal) -> bool:
    """The two deals agree on every hand both of them know (a room may leave a hand out)."""
    return all(
        one.hand(seat) is None or other.hand(seat) is None or one.hand(seat) == other.hand(seat)
        for seat in Seat
    )


def _game(record: HandRecord, event: dict[str, str]) -> PbnGame:
    tags = {
        **event,
        "Board": str(record.board),
        **dict.fromkeys(("West", "North", "East", "South"), ""),
        "Dealer": str(record.dealer),
        "Vulnerable": str(record.vulnerability),
        **dict.fromkeys(("Declarer", "Contract", "Result"), ""),
    }
    if record.deal_id is not None:
        tags["DealId"] = record.deal_id
    return with_double_dummy(PbnGame(tags, record.deal), record.double_dummy)


def records_to_pbn(
    records: list[HandRecord],
    *,
    like: PbnFile | None = None,
    event: dict[str, str] | None = None,
    header: tuple[str, ...] = (),
) -> PbnFile:
    """The hand records as a PBN file, one game a board.

    With ``like`` (the file the records were read from) each board's game is that file's,
    with the record's analysis put in and every other tag and table kept; a board the file does
    not have gets a new game. ``event`` gives tags for the new games (``Event``, ``Date``...).
    """
    by_board = {record.board: record for record in records}
    games: list[PbnGame] = []
    for game in () if like is None else like.games:
        record = by_board.get(game.board) if game.board is not None else None
        if game.deal is not None and record is not None and record.deal == game.deal:
            games.append(with_double_dummy(game, record.double_dummy))
            del by_board[record.board]
        else:
            games.append(game)
    games += [_game(record, event or {}) for record in records if record.board in by_board]
    if like is not None:
        return replace(like, games=tuple(games), problems=())
    return PbnFile(tuple(games), header)
