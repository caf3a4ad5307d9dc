"""The plain text of scores and results, as every renderer shows them: the terminal tables
(:mod:`bridgescore.render.terminal`) and the results pages (:mod:`bridgescore.render.html`)
print the same words and figures because both take them from here. Nothing here draws: no
rich, no HTML.

>>> points(Fraction(43, 5)), vp_text(Fraction(64, 5), 2)
('8.60', '12.80')
>>> match = TeamsMatch.from_tables("Lions", "Tigers", {1: 620, 2: -100}, {1: 170, 2: 140})
>>> match_totals(match, None), net_text(match.boards[0]), won_text(Fraction(-6), match.method)
('IMPs 10-6', '450', '')
"""

from __future__ import annotations

__all__ = [
    "event_points",
    "field_title",
    "match_totals",
    "method_detail",
    "net_text",
    "points",
    "result_cells",
    "score_text",
    "vp_text",
    "won_text",
]

from fractions import Fraction

from bridgescore.core.pairs.event import FieldRanking, ScoredBoard
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.scoring.vp import VpScale
from bridgescore.core.table.traveller import TravellerLine
from bridgescore.core.teams.match import AWAY, HOME, Method, TeamsBoard, TeamsMatch

# --- figures -------------------------------------------------------------------------------


def points(value: int | Fraction | float, places: int = 2) -> str:
    """A score for display: whole numbers as they are, fractions rounded to ``places``.

    >>> points(420), points(-7600), points(Fraction(43, 5)), points(Fraction(-1, 4))
    ('420', '-7600', '8.60', '-0.25')
    """
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
        return str(int(value))
    return f"{float(value):.{places}f}"


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
    detail = rules.method.title
    if rules.method is PairsMethod.MP:
        detail += f", scale {rules.scale}"
    elif rules.method is PairsMethod.CROSSIMPS:
        detail += f", {rules.cross}"
    return detail


def result_cells(board: ScoredBoard, index: int) -> list[str]:
    """Contract, declarer, result, NS score and EW score of one traveller line, as text."""
    line = board.lines[index].line
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


def score_text(line: TravellerLine | None) -> str:
    """A table's NS score on a match sheet: blank for a missing line or an artificial score,
    the expected score of a weighted one.

    >>> score_text(TravellerLine(1, "1", "2", ns_score=-100)), score_text(None)
    ('-100', '')
    """
    if line is None or line.artificial_score is not None:
        return ""
    weighted = line.weighted_score
    if weighted is not None:
        return points(weighted.expected_ns_score)
    return "" if line.ns_score is None else str(line.ns_score)


def won_text(value: Fraction, method: Method) -> str:
    """A team's points on a board as a scorecard shows them: IMPs gained (blank when none)."""
    if method.signed:
        return points(value) if value > 0 else ""
    return points(value)


def net_text(board: TeamsBoard) -> str:
    """The home team's net score on a board (blank when the board has none)."""
    return "" if board.net is None else points(board.net)


def match_totals(match: TeamsMatch, scale: VpScale | None) -> str:
    """A match's score, and its VPs on ``scale``: ``IMPs 10-6, VPs 12.80-7.20``."""
    text = f"{match.method.unit} {points(match.score(HOME))}-{points(match.score(AWAY))}"
    if scale is None:
        return text
    home, away = (vp_text(v, scale.places) for v in match.vps(scale))
    return f"{text}, VPs {home}-{away}"


def event_points(value: Fraction, scale: VpScale | None) -> str:
    """A team's points in the event: VPs as ``scale`` publishes them, else IMPs or points."""
    return points(value) if scale is None else vp_text(value, scale.places)
