"""The plain text of scores and results, as every renderer shows them: the terminal tables
(:mod:`bridgescore.render.terminal`) and the results pages (:mod:`bridgescore.render.html`)
print the same words and figures because both take them from here. Nothing here draws: no
rich, no HTML.

>>> points(Fraction(43, 5)), vp_text(Fraction(64, 5), 2)
('8.60', '12.80')
>>> from bridgescore.core.teams.match import TeamsMatch
>>> match = TeamsMatch.from_tables("Lions", "Tigers", {1: 620, 2: -100}, {1: 170, 2: 140})
>>> match_totals(match, None), figures([Fraction(1, 2), 3])
('IMPs 10-6', ['0.50', '3.00'])
"""

from __future__ import annotations

__all__ = [
    "MatchFigures",
    "cell_width",
    "cross_cells",
    "event_figures",
    "field_title",
    "figures",
    "match_figures",
    "match_totals",
    "method_detail",
    "padded",
    "points",
    "result_cells",
    "score_value",
    "vp_figures",
    "vp_text",
    "whole",
]

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import repeat
from operator import attrgetter
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:  # the pairs and teams rules are imported by their commands only
    from bridgescore.core.pairs.event import FieldRanking
    from bridgescore.core.pairs.rules import PairsRules
    from bridgescore.core.pairs.scored import ScoredBoard
    from bridgescore.core.scoring.vp import VpScale
    from bridgescore.core.table.traveller import TravellerLine
    from bridgescore.core.teams.event import PlayedMatch
    from bridgescore.core.teams.match import TeamsMatch
    from bridgescore.core.teams.standings import Standings

# --- text in columns ---------------------------------------------------------------------


def cell_width(text: str) -> int:
    """Columns a text takes in a fixed-width font: wide (East Asian) characters take two,
    combining marks none.

    >>> cell_width("Zoë"), cell_width("李"), cell_width("♠"), cell_width("Zoe\u0308")
    (3, 2, 1, 3)
    """
    if text.isascii():
        return len(text)
    return sum(_char_width(c) for c in text)


def _char_width(char: str) -> int:
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


def padded(columns: Sequence[Sequence[str]], right: Sequence[bool]) -> list[list[str]]:
    """Each column's texts padded to the column's width, to the right of it (``right``) or to
    the left, so that the columns line up in a fixed-width font.

    >>> padded([["Rank", "1", "10"], ["Names", "Ann & Bob", ""]], [True, False])
    [['Rank', '   1', '  10'], ['Names    ', 'Ann & Bob', '         ']]
    """
    found = []
    for texts, to_right in zip(columns, right, strict=True):
        if all(map(str.isascii, texts)):
            width = max(map(len, texts), default=0)
            pad = str.rjust if to_right else str.ljust
            found.append(list(map(pad, texts, repeat(width))))
            continue
        width = max(map(cell_width, texts), default=0)
        spaces = [" " * (width - cell_width(text)) for text in texts]
        found.append([s + t if to_right else t + s for t, s in zip(texts, spaces, strict=True)])
    return found


# --- figures -------------------------------------------------------------------------------


def points(value: int | Fraction | float, places: int = 2) -> str:
    """A score for display: whole numbers as they are, fractions rounded to ``places``.

    >>> points(420), points(-7600), points(Fraction(43, 5)), points(Fraction(-1, 4))
    ('420', '-7600', '8.60', '-0.25')
    """
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
        return str(int(value))
    return f"{float(value):.{places}f}"


def whole(value: int | Fraction | float | None) -> bool:
    """Whether a figure is a whole number (a blank counts as one)."""
    if value is None or isinstance(value, int):
        return True
    if isinstance(value, Fraction):
        return value.denominator == 1
    return float(value).is_integer()


_DENOMINATOR = attrgetter("denominator")
_NUMERATOR = attrgetter("numerator")


def figures(values: Iterable[int | Fraction | float | None], places: int = 2) -> list[str]:
    """A column of figures in one format: as whole numbers when every one is whole, else every
    one with ``places`` decimals (``None`` is a blank cell).

    >>> figures([248, Fraction(31891, 100), None]), figures([100, 45])
    (['248.00', '318.91', ''], ['100', '45'])
    """
    column = list(values)
    try:  # (whole numbers and fractions, no blank: each read in one step, as most columns are)
        numbers = set(map(_DENOMINATOR, cast("list[int | Fraction]", column)))
    except AttributeError:  # a blank or a float
        numbers = set()
    if numbers == {1}:
        return list(map(str, map(_NUMERATOR, cast("list[int | Fraction]", column))))
    if all(map(whole, column)):
        return ["" if v is None else str(int(v)) for v in column]
    shown = f"{{:.{places}f}}".format
    return ["" if v is None else shown(float(v)) for v in column]


def vp_figures(values: Iterable[Fraction | None], places: int) -> list[str]:
    """A column of VPs as the scale publishes them (:func:`vp_text`), in one format: a
    whole-number scale's column shows two decimals when a value is not whole.

    >>> vp_figures([Fraction(14), Fraction(25, 2), None], 0)
    ['14.00', '12.50', '']
    """
    column = list(values)
    if places == 0 and not all(whole(v) for v in column):
        places = 2
    return ["" if v is None else vp_text(v, places) for v in column]


def vp_text(value: Fraction, places: int) -> str:
    """VPs as the scale publishes them: ``12.80`` on the WBF scale, ``14`` on a whole-number one.

    >>> vp_text(Fraction(64, 5), 2), vp_text(Fraction(20), 2), vp_text(Fraction(-5), 0)
    ('12.80', '20.00', '-5')
    >>> vp_text(Fraction(25, 2), 0)
    '12.50'
    """
    if value.denominator != 1 and places == 0:
        places = 2
    rounded = round(value, places)
    return f"{float(rounded):.{places}f}" if places else str(int(rounded))


# --- pairs ---------------------------------------------------------------------------------


def field_title(ranking: FieldRanking) -> str:
    """``North-South``, ``East-West``, ``All pairs``, with the section when there is one."""
    field = {"NS": "North-South", "EW": "East-West", "ALL": "All pairs"}[ranking.field]
    if ranking.players:
        field = "Players"
    if ranking.overall:
        return f"Overall: {field}"
    return f"Section {ranking.section}: {field}" if ranking.section else field


def method_detail(rules: PairsRules) -> str:
    """The scoring method in words: ``Matchpoints, scale 2/1``, ``Cross-IMPs, average``."""
    from bridgescore.core.pairs.rules import PairsMethod

    detail = rules.method.title
    if rules.method is PairsMethod.MP:
        detail += f", scale {rules.scale}"
    elif rules.method is PairsMethod.CROSSIMPS:
        detail += f", {rules.cross}"
    return detail


def result_cells(board: ScoredBoard, index: int) -> list[str]:
    """Contract, declarer, result, NS score and EW score of one traveller line, as text."""
    return line_cells(board.lines[index].line)


def line_cells(line: TravellerLine) -> list[str]:
    """Contract, declarer, result, NS score and EW score of a traveller line, as text.

    >>> from bridgescore.core.table.traveller import TravellerLine
    >>> line_cells(TravellerLine(1, "1", "2", ns_score=-100))
    ['', '', '', '', '100']
    """
    if line.artificial_score is not None:
        score = line.artificial_score
        return [str(score), "", "", str(score.ns), str(score.ew)]
    if line.weighted_score is not None:
        return [str(line.weighted_score), "", "", "", ""]
    ns = line.ns_score or 0
    ns_text, ew_text = (str(ns), "") if ns > 0 else ("", str(-ns)) if ns < 0 else ("0", "0")
    if line.result is None:
        return ["", "", "", ns_text, ew_text]
    result = line.result
    contract = "PASS" if result.contract.is_pass else str(result.contract)
    declarer = "" if result.declarer is None else str(result.declarer)
    return [
        contract,
        declarer,
        "" if result.contract.is_pass else result.result_text,
        ns_text,
        ew_text,
    ]


# --- teams ---------------------------------------------------------------------------------


def score_value(line: TravellerLine | None) -> int | Fraction | None:
    """A table's NS score on a match sheet: none for a missing line or an artificial score,
    the expected score of a weighted one.

    >>> from bridgescore.core.table.traveller import TravellerLine
    >>> score_value(TravellerLine(1, "1", "2", ns_score=-100)), score_value(None)
    (-100, None)
    """
    if line is None or line.artificial_score is not None:
        return None
    weighted = line.weighted_score
    if weighted is not None:
        return weighted.expected_ns_score
    return line.ns_score


@dataclass(frozen=True, slots=True)
class MatchFigures:
    """A match's figures board by board, each column in one number format: both tables' NS
    scores, the home team's net, the points each team won (blank for none at IMPs)."""

    score1: tuple[str, ...]
    score2: tuple[str, ...]
    net: tuple[str, ...]
    home: tuple[str, ...]
    away: tuple[str, ...]


def match_figures(played: PlayedMatch) -> MatchFigures:
    """The figures of each board of a match, as the terminal and the match sheet show them.

    >>> from bridgescore.core.teams.event import PlayedMatch
    >>> from bridgescore.core.teams.match import TeamsMatch
    >>> match = TeamsMatch.from_tables("Lions", "Tigers", {1: 620, 2: -100}, {1: 170, 2: 140})
    >>> shown = match_figures(PlayedMatch(match, {}, {}))
    >>> shown.net, shown.home, shown.away
    (('450', '-240'), ('10', ''), ('', '6'))
    """
    match = played.match
    boards = match.boards
    count = len(boards)
    first = [score_value(played.table1.get(b.number)) for b in boards]
    second = [score_value(played.table2.get(b.number)) for b in boards]
    scores = figures(first + second)
    won = [match.board_points(board) for board in boards]
    signed = match.method.signed
    shown = figures([None if signed and p[side] <= 0 else p[side] for side in (0, 1) for p in won])
    return MatchFigures(
        tuple(scores[:count]),
        tuple(scores[count:]),
        tuple(figures(board.net for board in boards)),
        tuple(shown[:count]),
        tuple(shown[count:]),
    )


def match_totals(match: TeamsMatch, scale: VpScale | None) -> str:
    """A match's score, and its VPs on ``scale``: ``IMPs 10-6, VPs 12.80-7.20``."""
    from bridgescore.core.teams.match import AWAY, HOME

    text = f"{match.method.unit} {points(match.score(HOME))}-{points(match.score(AWAY))}"
    if scale is None:
        return text
    home, away = vp_figures(match.vps(scale), scale.places)
    return f"{text}, VPs {home}-{away}"


def event_figures(values: Iterable[Fraction | None], scale: VpScale | None) -> list[str]:
    """A column of teams' points in the event: VPs as ``scale`` publishes them, else IMPs or
    points; one number format for the column."""
    return figures(values) if scale is None else vp_figures(values, scale.places)


def cross_cells(table: Standings) -> tuple[dict[tuple[str, str], str], list[str]]:
    """The cross table's cells, by (team, opponent), in ranking order: the points against the
    opponent (``a / b`` when they met twice, ``—`` for the team itself); and each team's total.
    One number format for them all."""
    order = [row.team for row in table.rows]
    met = {
        (row.team, team): [m.points for m in row.matches if m.opponent == team]
        for row in table.rows
        for team in order
    }
    values = [p for found in met.values() for p in found]
    totals = [row.total for row in table.rows]
    shown = iter(event_figures(values + totals, table.conditions.scale))
    cells = {key: " / ".join(next(shown) for _ in found) for key, found in met.items()}
    for team in order:
        cells[team, team] = "—"
    return cells, list(shown)
