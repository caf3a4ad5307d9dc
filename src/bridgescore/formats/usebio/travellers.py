"""What one ``TRAVELLER_LINE`` says happened: a played result, a score or an adjusted score.

>>> lead_card("7H"), lead_card("td"), lead_card("SA")
('H7', 'DT', 'SA')

A ``SCORE`` of ``Adj`` (some programs' marker for an adjusted line) names no score, so the line
cannot be scored: strictly it is an error with a hint, leniently the line is left out. A line
whose contract, declarer or tricks cannot be read but whose ``SCORE`` is a score is kept at that
score when the file is read leniently (:attr:`Skip.kept`).
"""

from __future__ import annotations

__all__ = ["Skip", "lead_card", "outcome", "reason"]

import re

from bridgescore.core.errors import BridgeScoreError, quoted
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.adjusted import ArtificialScore, Average, WeightedScore
from bridgescore.core.table.board import Board
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.deal import Card
from bridgescore.core.table.law77 import possible_scores
from bridgescore.core.table.result import Result
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.traveller import TravellerLine
from bridgescore.formats.usebio.safexml import Element, at, text

_SCORE = re.compile(r"^[+-]?[0-9]{1,5}$")
_ARTIFICIAL = re.compile(r"^A\s*(40|50|60)\s*/?\s*(40|50|60)$", re.IGNORECASE)
_MARKER = re.compile(r"^adj(usted|\.)?$", re.IGNORECASE)


class Skip(Exception):
    """A problem that makes one element unreadable; it becomes a located :class:`Problem`.

    ``hint`` says what the director can do about it when the file is read strictly.
    """

    def __init__(self, node: Element, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.node = node
        self.hint = hint
        self.kept: TravellerLine | None = None
        """The line at its recorded score, where only its result cannot be read."""

    def told(self, lenient: bool) -> str:
        """The message with the hint (strictly) or what became of the line (leniently)."""
        if self.hint is None:
            return str(self)
        return f"{self}: {'the line is left out' if lenient else self.hint}"


def reason(error: BridgeScoreError) -> str:
    """What is wrong, without the quoted input when the error has one."""
    return str(getattr(error, "reason", error))


def lead_card(text_: str) -> str:
    """``7H`` (USEBIO: rank then suit) or ``H7``, as the canonical card ``H7``."""
    word = text_.strip().upper()
    if len(word) >= 2 and word[-1] in "SHDC" and word[0] not in "SHDC":
        word = word[-1] + word[:-1]
    return str(Card.parse(word))


def _possible(board: int, score: int) -> bool:
    vulnerability = Board(board).vulnerability
    return score in possible_scores(vulnerability.is_vulnerable(Side.NS)) or -score in (
        possible_scores(vulnerability.is_vulnerable(Side.EW))
    )


def _adjusted(line: Element, board: int) -> ArtificialScore | WeightedScore | None:
    written = text(line, "SCORE")
    if written is None or _SCORE.match(written):
        return None
    if _MARKER.match(written.strip()):
        raise Skip(
            at(line, "SCORE"),
            f"SCORE {quoted(written)} says the score was adjusted but not to what, "
            "so the line cannot be scored",
            "write the adjusted score instead (A6040, A5050, AVE+) "
            "or read the file with --lenient to leave the line out",
        )
    try:
        if "%" in written:
            return WeightedScore.parse(written, Board(board).vulnerability)
        compact = _ARTIFICIAL.match(written)
        if compact is not None:
            return ArtificialScore(Average(int(compact[1])), Average(int(compact[2])))
        return ArtificialScore.parse(written)
    except BridgeScoreError:
        raise Skip(
            at(line, "SCORE"),
            f"SCORE {quoted(written)} is not a score or an adjusted score (A6040, A5050, AVE+)",
        ) from None


def _result(line: Element) -> Result:
    written = text(line, "CONTRACT") or ""
    try:
        contract = Contract.parse(written)
    except BridgeScoreError as error:
        raise Skip(
            at(line, "CONTRACT"),
            f"CONTRACT {quoted(written)} is not a contract: {reason(error)}",
        ) from None
    tricks = text(line, "TRICKS")
    if contract.is_pass:
        if tricks not in (None, "0"):
            raise Skip(at(line, "TRICKS"), f"TRICKS {quoted(tricks)} on a passed-out board")
        return Result.passed_out()
    by = text(line, "PLAYED_BY")
    if by is None:
        raise Skip(line, f"PLAYED_BY is missing for {contract}")
    try:
        declarer = Seat.parse(by)
    except BridgeScoreError:
        raise Skip(at(line, "PLAYED_BY"), f"PLAYED_BY {quoted(by)} is not N, E, S or W") from None
    if tricks is None:
        raise Skip(line, f"TRICKS is missing for {contract} by {declarer}")
    taken = parse_count(tricks)
    if taken is None or taken > 13:
        raise Skip(at(line, "TRICKS"), f"TRICKS {quoted(tricks)} is not 0 to 13")
    return Result(contract, declarer, taken)


def outcome(line: Element, board: int, ns: str, ew: str) -> TravellerLine:
    """The line's result, score or adjusted score between ``ns`` and ``ew`` (``Skip`` if bad)."""
    adjusted = _adjusted(line, board)
    written = text(line, "SCORE")
    if adjusted is not None:
        if text(line, "CONTRACT") is not None:
            raise Skip(line, f"both a CONTRACT and the adjusted score {written}")
        return TravellerLine(board, ns, ew, adjusted=adjusted)
    score = None
    if written is not None:
        score = int(written)
        if not _possible(board, score):
            raise Skip(
                at(line, "SCORE"),
                f"SCORE {score} cannot happen on board {board} "
                f"(vulnerable {Board(board).vulnerability})",
            )
    if text(line, "CONTRACT") is not None:
        try:
            result = _result(line)
        except Skip as skip:
            if score is not None:
                skip.kept = TravellerLine(board, ns, ew, ns_score=score)
            raise
        played = TravellerLine.played(board, ns, ew, result)
        if score is not None and score != played.ns_score:
            raise Skip(
                at(line, "SCORE"),
                f"SCORE {score} does not match {played.result} on board {board} "
                f"(NS {played.ns_score:+d})",
            )
        return played
    if score is None:
        raise Skip(line, "no CONTRACT and no SCORE")
    return TravellerLine(board, ns, ew, ns_score=score)
