r"""Score and rank a traveller CSV held in plain Python columns: the columnar path without numpy
or polars, for a file too big to give every line an object and too small to pay for importing
them (:mod:`bridgescore.fast.select` chooses by cost).

The rankings are :func:`bridgescore.core.pairs.score.score_session`'s, figure for figure: every
line's NS score comes from the small reader's own check (:func:`line_score`, once per distinct
result), each board is compared by the core's own functions on integers (matchpoints with
Neuberg as numerators over the board's denominator, cross-IMPs, Butler, total points), the
pairs' totals are exact, and the pairs engine ranks them (:func:`rank_fields`).

It answers only for clean files: a line it has any doubt about (a board, round or table number,
a lead, an adjusted score, a quote running over lines, a control character, a pair at two
tables of a board), a board over the expected number, something that looks like a teams event,
raises :class:`ExactEngineNeeded`; the exact engine then reads the file, and reports each
problem with its line or scores what is there.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "board.csv"
>>> _ = path.write_text("board,ns,ew,contract,declarer,result\n"
...                     "1,1,1,4S,N,=\n1,2,2,4S,N,+1\n1,3,3,3NT,N,=\n")
>>> event = score_file(path, PairsRules())
>>> [(e.rank_text, e.pair.label, str(e.score)) for e in event.ranking("NS").entries]
[('1', '2', '4'), ('2', '1', '2'), ('3', '3', '0')]
"""

from __future__ import annotations

__all__ = ["score_file"]

import csv
import io
import os
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import groupby
from pathlib import Path

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.numbers import parse_count
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.fields import FieldFacts, Fields, PairId, decide_fields, suffix_pattern
from bridgescore.core.pairs.rules import CompareMode, PairsMethod, PairsRules
from bridgescore.core.pairs.score import lonely_boards
from bridgescore.core.pairs.totals import PairTotal, rank_fields, rank_grouped
from bridgescore.core.scoring.butler import butler_datum
from bridgescore.core.scoring.crossimps import CrossNorm, cross_imp_totals
from bridgescore.core.scoring.imps import imps
from bridgescore.core.scoring.matchpoints import Scale, raw_matchpoints
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session, looks_like_teams
from bridgescore.fast import ExactEngineNeeded
from bridgescore.formats.csv import travellers
from bridgescore.formats.csv.traveller_line import LEAD, LineError, column_name, line_score
from bridgescore.formats.text import is_comment

_UNSAFE = re.compile(r"[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What the exact reader refuses in a field (:data:`~bridgescore.formats.text.UNSAFE_CHARACTERS`),
line ends aside."""
_DIRECTED = tuple(re.compile(suffix_pattern(side)) for side in Side)
_LEAD = re.compile(LEAD)
_SUFFIX = {side: re.compile(suffix_pattern(side)) for side in Side}

_ZERO = Fraction(0)

Board = tuple[str | None, int]
"""A board of a section: (section, board number)."""


class _Columns:
    """The clean lines of a traveller file, column by column."""

    board: list[int]
    section: list[str | None]
    round: list[int | None]
    ns: list[str]
    ew: list[str]
    score: list[int]
    line: list[int]


def _text(path: str | os.PathLike[str], source: str) -> str:
    try:
        data = Path(path).read_bytes()
    except OSError:
        raise ExactEngineNeeded(f"{source} cannot be read") from None
    try:
        text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError:
        raise ExactEngineNeeded(f"{source} is not UTF-8 text") from None
    if _UNSAFE.search(text):
        raise ExactEngineNeeded(f"{source} has control characters")
    if text.count("\r") != text.count("\r\n"):
        raise ExactEngineNeeded(f"{source} has lines ending in a CR alone")
    return text


def _numbers(texts: Sequence[str], *, blank: bool = False) -> list[int | None]:
    """A column of board, round or table numbers (from 1; a blank is ``None`` where allowed),
    each distinct text read once; anything else needs the exact engine."""
    read = {}
    for text in set(texts):
        number = None if blank and not text else parse_count(text, least=1)
        if number is None and not (blank and not text):
            raise ExactEngineNeeded(f"{text!r} is not a number from 1")
        read[text] = number
    return list(map(read.__getitem__, texts))


def _rows(text: str, source: str, width: int) -> tuple[list[list[str]], list[int]]:
    """The rows after the header with their line numbers; blank and comment rows left out."""
    try:
        rows = list(csv.reader(io.StringIO(text)))
    except csv.Error:  # a field over the csv module's limit, say: the exact reader says why
        raise ExactEngineNeeded(f"{source}: a line to check") from None
    if len(rows) != text.count("\n") + (not text.endswith("\n")):
        raise ExactEngineNeeded(f"{source}: a quoted field runs over lines")
    body = rows[1:]
    if " " in text:
        body = [[cell.strip() for cell in row] for row in body]
    if all(len(row) == width and row[0][:1] != "#" for row in body) and all(map(any, body)):
        return body, list(range(2, len(body) + 2))
    kept, numbers = [], []
    for number, row in enumerate(body, start=2):
        if not any(row) or is_comment(row[0]):
            continue
        if len(row) > width:
            raise ExactEngineNeeded(f"{source}:{number}: more fields than the header")
        kept.append(row + [""] * (width - len(row)))
        numbers.append(number)
    return kept, numbers


def read_columns(path: str | os.PathLike[str]) -> _Columns:
    """The lines of a clean traveller CSV, checked (see the module); else
    :class:`ExactEngineNeeded`, or a :class:`FileFormatError` for a header that is wrong."""
    source = str(path)
    text = _text(path, source)
    header_line = text.split("\n", 1)[0].rstrip("\r")
    travellers.check_header(header_line, source)
    try:
        header = [column_name(cell.strip()) for cell in next(csv.reader([header_line]))]
    except csv.Error:
        raise ExactEngineNeeded(f"{source}: a header to check") from None
    rows, numbers = _rows(text, source, len(header))
    if not rows:
        raise ExactEngineNeeded(f"{source} has no results")
    found: dict[str, Sequence[str]] = dict(zip(header, zip(*rows, strict=True), strict=True))
    blank = ("",) * len(rows)

    def get(name: str) -> Sequence[str]:
        return found.get(name, blank)

    columns = _Columns()
    board_texts = get("board")
    columns.board = [b for b in _numbers(board_texts) if b is not None]
    columns.ns, columns.ew = list(get("ns")), list(get("ew"))
    if "" in columns.ns or "" in columns.ew:
        raise ExactEngineNeeded(f"{source}: a pair is missing")
    if any(
        ns == ew and any(d.match(ns) for d in _DIRECTED)
        for ns, ew in zip(columns.ns, columns.ew, strict=True)
    ) or any(pair.startswith("#") for pair in {*columns.ns, *columns.ew}):
        raise ExactEngineNeeded(f"{source}: a pair to check")
    if any(lead and not _LEAD.match(lead.upper()) for lead in set(get("lead"))):
        raise ExactEngineNeeded(f"{source}: a lead to check")
    columns.round = _numbers(get("round"), blank=True)
    _numbers(get("table"), blank=True)
    columns.section = [section or None for section in get("section")]
    vulnerability = {b: (n - 1) % 16 for b, n in zip(board_texts, columns.board, strict=True)}
    results = list(
        zip(
            map(vulnerability.__getitem__, board_texts),
            *(get(name) for name in ("contract", "declarer", "result", "score")),
            strict=True,
        )
    )
    scores = {result: _score(*result) for result in set(results)}
    columns.score = list(map(scores.__getitem__, results))
    columns.line = numbers
    return columns


def _score(vul: int, contract: str, declarer: str, result: str, score: str) -> int:
    try:
        ns_score = line_score(vul + 1, contract, declarer, result, score)
    except (LineError, BridgeScoreError):
        raise ExactEngineNeeded("a result to check") from None
    if ns_score is None:
        raise ExactEngineNeeded("an adjusted score")
    return ns_score


def _fields(columns: _Columns, rules: PairsRules) -> Fields:
    """Each section's fields, decided by the pairs engine's rule from its tables."""
    sections = set(columns.section)
    two: dict[str | None, bool] = {}
    reasons: dict[str | None, str] = {}
    suffixed = set()
    for section in sections:
        if len(sections) == 1:
            boards, ns, ew = columns.board, columns.ns, columns.ew
        else:
            rows = [i for i, s in enumerate(columns.section) if s == section]
            boards = [columns.board[i] for i in rows]
            ns, ew = [columns.ns[i] for i in rows], [columns.ew[i] for i in rows]
        facts = FieldFacts.of_columns(boards, ns, ew)
        two[section], reasons[section] = decide_fields(facts, rules.field)
        if facts.suffixed:
            suffixed.add(section)
    return Fields(two, frozenset(suffixed), reasons)


def _label(label: str, side: Side) -> str:
    match = _SUFFIX[side].match(label)
    return label if match is None else match.group(1)


Points = tuple[list[int], list[int], int, int]
"""A board's points: NS and EW numerators (line by line) over one denominator, and its top."""


def _board_points(scores: list[int], expected: int, rules: PairsRules) -> Points:
    """One board's points, as the pairs engine gives them, as integers over a denominator."""
    actual = len(scores)
    method = rules.method
    if method is PairsMethod.MP:
        units = raw_matchpoints(scores)
        most = 2 * (actual - 1)
        ns, ew = units, [most - u for u in units]
        denominator = 1
        if actual != expected:  # Neuberg: (MP + 1) x E/A - 1
            ns = [(u + 1) * expected - actual for u in ns]
            ew = [(u + 1) * expected - actual for u in ew]
            denominator = actual
        top = 2 * (expected - 1)
        if rules.scale is Scale.ACBL:
            return ns, ew, 2 * denominator, top // 2
        return ns, ew, denominator, top
    if method is PairsMethod.TOTAL:
        return scores, [-s for s in scores], 1, 0
    if method is PairsMethod.BUTLER:
        drop = rules.butler_drop.count_for(actual)
        datum = butler_datum(sorted(scores), drop, rules.datum_rounding)
        against = {s: imps(s - datum) for s in set(scores)}
        ns = [against[s] for s in scores]
        return ns, [-p for p in ns], 1, 0
    if actual < 2:
        return [0] * actual, [0] * actual, 1, 0
    totals = cross_imp_totals(scores)
    if rules.cross is CrossNorm.PER_SCORE:
        return totals, [-t for t in totals], actual, 0
    if rules.cross is CrossNorm.TOTAL:
        totals = [t * (expected - 1) for t in totals]
    return totals, [-t for t in totals], actual - 1, 0


def _boards(columns: _Columns) -> dict[Board, list[int]]:
    """Each board's lines (their indexes, in file order), board by board within each section."""
    keys = list(zip([section or "" for section in columns.section], columns.board, strict=True))
    ordered = sorted(range(len(keys)), key=keys.__getitem__)
    boards: dict[Board, list[int]] = {}
    for (section, board), lines in groupby(ordered, key=keys.__getitem__):
        boards[section or None, board] = list(lines)
    return boards


def _expected(boards: Mapping[Board, Sequence[int]], rules: PairsRules) -> dict[str | None, int]:
    """Neuberg's E of each section: the rules', or the most results on any of its boards."""
    most: dict[str | None, int] = {}
    for (section, _), lines in boards.items():
        most[section] = max(most.get(section, 0), len(lines))
    if rules.expected is None:
        return most
    if any(count > rules.expected for count in most.values()):
        raise ExactEngineNeeded("a board has more results than expected")
    return dict.fromkeys(most, rules.expected)


class _Pairs:
    """The pairs of an event, numbered 0, 1, ... in the order met: each line's NS and EW pair
    by number, and each number's pair."""

    def __init__(self, columns: _Columns, fields: Fields) -> None:
        self.ids: dict[tuple[str | None, str, str], int] = {}
        self.pairs: list[PairId] = []
        self.ns = self._side(columns, columns.ns, Side.NS, fields)
        self.ew = self._side(columns, columns.ew, Side.EW, fields)

    def _side(self, columns: _Columns, written: list[str], side: Side, fields: Fields) -> list[int]:
        keys = list(zip(columns.section, written, strict=True))
        numbers = {}
        ids, pairs = self.ids, self.pairs
        directions = {
            section: (side, side.value) if fields.is_two_field(section) else (None, "")
            for section in set(columns.section)
        }
        for key in dict.fromkeys(keys):
            section, label = key
            if section in fields.suffixed:
                label = _label(label, side)
            direction, value = directions[section]
            number = ids.get((section, value, label))
            if number is None:
                number = ids[section, value, label] = len(pairs)
                pairs.append(PairId(label, direction, section))
            numbers[key] = number
        return list(map(numbers.__getitem__, keys))


def _totals(
    columns: _Columns, fields: Fields, rules: PairsRules
) -> tuple[dict[PairId, PairTotal], dict[Board, list[int]]]:
    """Every pair's exact total, boards played and (matchpoints) sum of the tops."""
    boards = _boards(columns)
    expected = _expected(boards, rules)
    pairs = _Pairs(columns, fields)
    count = len(pairs.pairs)
    sums: dict[int, list[int]] = {}  # by denominator: each pair's numerators
    tops = [0] * count
    scores = columns.score
    for (section, _), lines in boards.items():
        ns_ids, ew_ids = [pairs.ns[i] for i in lines], [pairs.ew[i] for i in lines]
        seated = ns_ids + ew_ids if not fields.is_two_field(section) else ns_ids
        if len(set(seated)) != len(seated) or len(set(ew_ids)) != len(ew_ids):
            raise ExactEngineNeeded("a pair plays a board twice")
        points = _board_points([scores[i] for i in lines], expected[section], rules)
        ns, ew, denominator, top = points
        numerators = sums.get(denominator)
        if numerators is None:
            numerators = sums[denominator] = [0] * count
        for ids, values in ((ns_ids, ns), (ew_ids, ew)):
            for pair, value in zip(ids, values, strict=True):
                numerators[pair] += value
            if top:
                for pair in ids:
                    tops[pair] += top
    played = Counter(pairs.ns)
    played.update(pairs.ew)
    if len(sums) == 1:  # one denominator for every board: a fraction a pair
        ((denominator, numerators),) = sums.items()
        exact = {n: Fraction(n, denominator) for n in set(numerators)}
        score = list(map(exact.__getitem__, numerators))
    else:
        score = [sum((Fraction(n[i], d) for d, n in sums.items()), _ZERO) for i in range(count)]
    maxima = {top: Fraction(top) for top in set(tops)} if rules.method is PairsMethod.MP else {}
    totals = {
        pair: PairTotal(score[i], played[i], maxima.get(tops[i]))
        for i, pair in enumerate(pairs.pairs)
    }
    return totals, boards


def _sections_share_boards(columns: _Columns) -> bool:
    """Whether a board is played in two sections (the engine compares them across the field;
    this path compares each section alone)."""
    found: dict[int, str | None] = {}
    for board, section in zip(columns.board, columns.section, strict=True):
        if found.setdefault(board, section) != section:
            return True
    return False


def score_file(
    path: str | os.PathLike[str],
    rules: PairsRules,
    names: Mapping[str, str] | None = None,
) -> PairsEvent:
    """The rankings of a clean traveller CSV (a :class:`PairsEvent` without boards), or
    :class:`ExactEngineNeeded` (see the module)."""
    source = str(path)
    columns = read_columns(path)
    tables = zip(columns.board, columns.section, columns.round, columns.ns, columns.ew, strict=True)
    if looks_like_teams(tables):
        raise ExactEngineNeeded(f"{source} looks like a teams event")
    if rules.compare is not CompareMode.WITHIN and _sections_share_boards(columns):
        raise ExactEngineNeeded(f"{source}: sections compared across the field")
    fields = _fields(columns, rules)
    totals, boards = _totals(columns, fields, rules)
    rankings = rank_fields(totals, rules, names) if names else rank_grouped(totals, rules)
    first = {key: (len(lines), columns.line[lines[0]]) for key, lines in boards.items()}
    warnings = lonely_boards(source, {(board, section): v for (section, board), v in first.items()})
    session = Session((), source=source)
    return PairsEvent(session, rules, (), rankings, fields, warnings)
