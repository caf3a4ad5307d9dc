"""Read a big PBN file's results in columns, for the pairs engine, with no object per game.

A PBN file of results is most often games of tags (Board, Dealer, Vulnerable, the event's
details), a deal, a ScoreTable and now and then a TotalScoreTable with the pairs' names.
:func:`read_columns` reads such games in columns (polars), and checks each distinct value once
by the PBN reader's own rules (:meth:`~bridgescore.core.table.deal.Deal.parse`,
:func:`~bridgescore.formats.pbn.model.canonical`, the ScoreTable row reader
:func:`~bridgescore.formats.pbn.session.row_line`; see :mod:`bridgescore.fast.pbn_tables` for
the tables). Each traveller line and each deal is made by the PBN reader's own functions only
when it is asked for. A pair playing a board twice, which the PBN reader reports, the engine
refuses too: the caller then reads the file with the PBN reader, which says where.

Anything else (comments, escapes, copied values, auctions, play, other tables, analysis tags,
one result per game in tags, adjusted scores, two deals for a board, a problem of any kind)
raises :class:`~bridgescore.fast.ExactEngineNeeded`: the PBN reader then reads the file and
reports each problem where it stands. So what is read here is what
:func:`~bridgescore.formats.pbn.session.pbn_to_session` reads, line for line.

>>> from pathlib import Path
>>> from tempfile import TemporaryDirectory
>>> from bridgescore.formats import pbn
>>> from bridgescore.formats.pbn.session import pbn_to_session
>>> with TemporaryDirectory() as folder:
...     path = Path(folder, "club.pbn")
...     _ = path.write_text('[Event "Club night"]\\n[Board "1"]\\n'
...         '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\\n'
...         '1 2 4S N 10\\n3 4 3NT S 8\\n', encoding="utf-8")
...     session, lines = read_columns(path)
...     same = session == pbn_to_session(pbn.load(path))
>>> lines.board, lines.ns, lines.compared, lines.number, session.info.title, same
([1, 1], ['1', '3'], [420, -50], [4, 5], 'Club night', True)
"""

from __future__ import annotations

__all__ = ["read_columns"]

import os
from functools import partial
from pathlib import PurePath

import polars as pl

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.lazy import Made, MadeMapping
from bridgescore.core.numbers import MAX_DIGITS
from bridgescore.core.pairs.lines import Lines
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.traveller import EventInfo, Session, TravellerLine
from bridgescore.fast.pbn_tables import (
    SCORE_COLUMNS,
    each,
    ensure,
    leave,
    pair_names,
    scored_rows,
    table_rows,
)
from bridgescore.formats.pbn.hands import DD_TAGS
from bridgescore.formats.pbn.model import INFO_TAGS, SECTION_TAGS, canonical, event_info
from bridgescore.formats.pbn.read import TABLES
from bridgescore.formats.pbn.session import row_details, row_line
from bridgescore.formats.text import read_text

# a string holds no escape (a backslash before any other character stays, as the lexer has it)
_STRING = r'"(?:[^"\\]|\\[^"\\])*"'
_TAG = rf"^\[(?P<name>[A-Za-z0-9_]+) (?P<value>{_STRING})\] *$"
_TOKEN = rf'{_STRING}|[^\s\[\]{{}};"]+'
_ROW = rf"^ *(?:{_TOKEN})(?: +(?:{_TOKEN}))* *$"
_ODD = r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|[^\S ]"
"""What leaves a file to the PBN reader at once: a control character or a bidirectional
override (which it reports), whitespace other than spaces and line ends."""
_LEFT_TO_THE_READER = sorted(
    {*(SECTION_TAGS - {"Deal"}), *DD_TAGS, *(TABLES - {"ScoreTable", "TotalScoreTable"})}
)
"""Tags this reader leaves to the PBN reader: sections, analysis, tables but the ScoreTable and
the TotalScoreTable (whose names it reads)."""
_RESULT_TAGS = ("Contract", "Declarer", "Result")
_TYPED_TAGS = ("Dealer", "Vulnerable", *_RESULT_TAGS)
_INFO_TAGS = tuple(tag for _, tag in INFO_TAGS)
_READ_TABLES = ("ScoreTable", "TotalScoreTable")
_GAME_TAGS = ("Board", "Deal", *_READ_TABLES, *_TYPED_TAGS, *_INFO_TAGS)
_BLANK = ("", "?")
_RANKS = "[AKQJT98765432]"
_HAND = rf"({_RANKS}*)\.({_RANKS}*)\.({_RANKS}*)\.({_RANKS}*)"
_DEAL = rf"^[NESW]:{_HAND} {_HAND} {_HAND} {_HAND}$"


def _is_blank(column: str) -> pl.Expr:
    """A tag missing, empty or unknown (``?``): what the PBN reader takes for no value."""
    text = pl.col(column).str.strip_chars(" ")
    return text.is_null() | text.is_in(_BLANK)


def _lines(text: str) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The file's tags (``line``, ``game``, ``name``, ``value``) and table rows (``line``,
    ``game``, ``opened``: the table, ``elements``); games are separated by blank lines, as the
    lexer has it."""
    frame = pl.DataFrame({"text": text.split("\n")}, schema={"text": pl.String})
    text_ = pl.col("text")
    ensure(not frame.select(text_.str.contains(_ODD).any()).item(), "unusual characters")
    blank = text_.str.strip_chars(" ") == ""
    line = pl.int_range(1, pl.len() + 1, dtype=pl.Int64)
    frame = frame.with_columns(
        line.alias("line"), blank.cum_sum().alias("game"), text_.str.starts_with("[").alias("tag")
    )
    tagged = frame.filter("tag")
    ensure(tagged.height > 0, "no tags")
    header = text_.str.starts_with("%") & (pl.col("line") < tagged["line"][0])
    frame = frame.filter(~blank & ~header)
    parts = pl.when("tag").then(text_.str.extract_groups(_TAG))
    frame = frame.with_columns(
        parts.struct.field("name").alias("name"),
        parts.struct.field("value").str.slice(1).str.head(-1).alias("value"),
    )
    tags = frame.filter("tag")
    ensure(tags["name"].null_count() == 0, "a line is not one tag alone")
    value = pl.col("value")
    ensure(
        not tags.select(
            (value.eq("#") | value.str.starts_with("##")).any()
            | pl.col("name").is_in(_LEFT_TO_THE_READER).any()
            | pl.struct("game", "name").is_duplicated().any()
        ).item(),
        "a value copied, a tag it leaves, or a tag twice in a game",
    )
    # a row belongs to the table tag just before it (after any other tag it is stray)
    opened = pl.col("name").forward_fill().over("game")
    rows = frame.with_columns(opened.alias("opened")).filter(~pl.col("tag"))
    ensure(
        rows.select(
            pl.col("opened").is_in(_READ_TABLES).fill_null(False)
            & ~text_.str.starts_with("%")  # (the lexer skips such a line)
            & text_.str.contains(_ROW)
        )
        .to_series()
        .all(),
        "a line that is not a row of a table",
    )
    quoted = text_.str.contains('"', literal=True)
    bare = text_.str.split(" ").list.eval(pl.element().filter(pl.element() != ""))
    unquoted = pl.element().str.replace(r'^"(.*)"$', "${1}")
    rows = pl.concat(
        [
            rows.filter(~quoted).select("line", "game", "opened", bare.alias("elements")),
            rows.filter(quoted).select(
                "line",
                "game",
                "opened",
                text_.str.extract_all(_TOKEN).list.eval(unquoted).alias("elements"),
            ),
        ]
    ).sort("line")
    return tags.select("line", "game", "name", "value"), rows


def _games(tags: pl.DataFrame) -> tuple[pl.DataFrame, EventInfo, MadeMapping[int, Deal]]:
    """Each game's tags as columns, checked (``game``, ``board``, ``vul`` and the two tables'
    tag values), the event's details, and each board's deal (the first a game gives it),
    made when asked for."""
    wanted = tags.filter(pl.col("name").is_in(_GAME_TAGS))
    games = tags.select("game").unique()
    if wanted.height:
        spread = wanted.pivot(on="name", index="game", values="value")
        games = games.join(spread, on="game", how="left")
    games = games.with_columns(
        pl.lit(None, pl.String).alias(name) for name in _GAME_TAGS if name not in games.columns
    ).sort("game")
    first: dict[str, str] = {}  # (the first value a game gives each tag, as the PBN reader has it)
    for tag in _INFO_TAGS:
        given = games.filter(~pl.col(tag).is_in(_BLANK) & pl.col(tag).is_not_null())[tag]
        if given.len():
            first[tag] = given[0]
    for name in _TYPED_TAGS:
        each(games[name], partial(canonical, name))
    results_in_tags = pl.any_horizontal(~_is_blank(name) for name in _RESULT_TAGS)
    no_board = games.filter(_is_blank("Board"))
    ensure(
        not no_board.select(
            (
                pl.col("ScoreTable").is_not_null()
                | pl.col("TotalScoreTable").is_not_null()
                | ~_is_blank("Deal")
                | results_in_tags
            ).any()
        ).item(),
        "a game with no board number",
    )
    games = games.filter(~_is_blank("Board"))
    ensure(
        not games.select((pl.col("ScoreTable").is_null() & results_in_tags).any()).item(),
        "a game with its result in tags",
    )
    board_text = pl.col("Board").str.strip_chars(" ")
    plain = board_text.str.contains(f"^[0-9]{{1,{MAX_DIGITS}}}$")
    games = games.with_columns(
        pl.when(plain).then(board_text.cast(pl.Int64, strict=False)).alias("board")
    )
    # (a board number the PBN reader reads is a plain number from 1, of up to MAX_DIGITS)
    ensure(games.filter(pl.col("board").fill_null(0) < 1).height == 0, "a bad board number")
    _check_deals(
        games.filter(~_is_blank("Deal")).select("board", pl.col("Deal").str.strip_chars(" "))
    )
    cycle = {k: Vulnerability.for_board(k + 1).value for k in range(16)}
    written = games.filter(~_is_blank("Vulnerable"))["Vulnerable"].unique().to_list()
    spelt = {text: Vulnerability.parse(text).value for text in written}
    vul = (
        pl.when(_is_blank("Vulnerable"))
        .then(((pl.col("board") - 1) % 16).replace_strict(cycle, return_dtype=pl.String))
        .otherwise(pl.col("Vulnerable").replace_strict(spelt, default=None, return_dtype=pl.String))
    )
    dealt = games.filter(~_is_blank("Deal")).unique("board", keep="first", maintain_order=True)
    deals = MadeMapping(dict(dealt.select("board", "Deal").iter_rows()), Deal.parse)
    games = games.select("game", "board", vul.alias("vul"), *_READ_TABLES)
    return games, event_info(first), deals


def _check_deals(deals: pl.DataFrame) -> None:
    """Every deal one the PBN reader reads (most in the usual form, checked in columns), and one
    deal a board."""
    unique = deals.select(pl.col("Deal").unique())
    holdings = pl.col("Deal").str.extract_groups(_DEAL)

    def part(index: int) -> pl.Expr:
        return holdings.struct.field(str(index))

    hands = [
        pl.sum_horizontal(part(4 * hand + suit).str.len_bytes() for suit in range(1, 5)) == 13
        for hand in range(4)
    ]
    suits = [
        pl.concat_str(part(4 * hand + suit) for hand in range(4)).str.split("").list.n_unique()
        == 13
        for suit in range(1, 5)
    ]
    usual = (
        pl.col("Deal").str.contains(_DEAL)
        & pl.all_horizontal(*hands, *suits)
        & (pl.col("Deal").str.len_bytes() == 69)
    )
    others = unique.filter(~usual.fill_null(False))["Deal"]
    each(others, Deal.parse)
    twice = deals.unique().filter(pl.col("board").is_duplicated())
    for _, group in twice.group_by("board"):
        parsed = {Deal.parse(text) for text in group["Deal"].to_list()}
        ensure(len(parsed) == 1, "a board with two different deals")


def read_columns(path: str | os.PathLike[str]) -> tuple[Session, Lines]:
    """The session of a PBN file of results and its lines in columns (see the module
    docstring); raises :class:`~bridgescore.fast.ExactEngineNeeded` for a file the PBN reader
    reads instead."""
    try:
        text = read_text(path)
    except BridgeScoreError as error:
        raise leave(str(error)) from None
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    try:
        return _read(text, str(PurePath(path)))
    except pl.exceptions.PolarsError as error:  # pragma: no cover - none known: the PBN reader
        raise leave(f"polars: {error}") from None


_ELEMENTS = (
    "Contract",
    "Declarer",
    "Result",
    "Score_NS",
    "Score_EW",
    "Lead",
    "Section",
    "Round",
    "Table",
)
"""The elements of a ScoreTable row its traveller line is made of (``-`` where a table has no
such column)."""


def _read(text: str, source: str) -> tuple[Session, Lines]:
    tags, rows = _lines(text)
    games, info, deals = _games(tags)
    scored = scored_rows(table_rows(rows, games, "ScoreTable", SCORE_COLUMNS))
    ensure(scored.height > 0, "no results")
    totals = table_rows(rows, games, "TotalScoreTable", ("PairId", "Names"))
    frame = scored.select(
        "section",
        "board",
        pl.col("PairId_NS").alias("ns"),
        pl.col("PairId_EW").alias("ew"),
        "ns_score",
        "line",
        "round",
    )
    boards, ns, ew = frame["board"].to_list(), frame["ns"].to_list(), frame["ew"].to_list()
    numbers, vuls = frame["line"].to_list(), scored["vul"].to_list()
    elements = scored.select(_ELEMENTS).rows()

    def line(index: int) -> TravellerLine:
        raw = dict(zip(_ELEMENTS, elements[index], strict=True))
        made = row_line(boards[index], ns[index], ew[index], raw, Vulnerability(vuls[index]))
        return row_details(made, raw, numbers[index])

    made = Made(len(boards), line)
    session = Session(made, pair_names(scored, totals), info, source, deals=deals)
    lines = Lines(
        boards,
        [section or None for section in frame["section"].to_list()],
        [number or None for number in frame["round"].to_list()],
        ns,
        ew,
        frame["ns_score"].to_list(),
        numbers,
        made,
    )
    return session, lines
