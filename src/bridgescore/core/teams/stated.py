"""What a teams results file says about its scoring, in its own words: the board scoring (PBN
``Scoring``, USEBIO ``BOARD_SCORING_METHOD``) and whether the matches are turned into Victory
Points (USEBIO ``MATCH_SCORING_METHOD``).

>>> bam = stated_scoring("BAM")
>>> str(bam.method), bam.victory_points, bam.words
('bam', None, 'BAM')
>>> stated_scoring("IMPS", "VPS").victory_points, str(stated_scoring("IMP;IMP_1961").method)
(True, 'imps')
>>> stated_scoring("MATCH_POINTS").method, stated_scoring(None, "IMPS").victory_points
(None, False)
"""

from __future__ import annotations

__all__ = ["StatedScoring", "stated_scoring"]

from collections.abc import Mapping
from dataclasses import dataclass

from bridgescore.core.teams.match import Method

_METHODS: Mapping[str, Method] = {
    "IMP": Method.IMPS,
    "IMPS": Method.IMPS,
    "IMP_1948": Method.IMPS,
    "IMP_1961": Method.IMPS,
    "VP": Method.IMPS,
    "VPS": Method.IMPS,
    "BAM": Method.BAM,
    "BOARD_A_MATCH": Method.BAM,
    "PAB": Method.PAB,
    "POINT_A_BOARD": Method.PAB,
    "AGGREGATE": Method.TOTAL,
    "TOTAL": Method.TOTAL,
    "TOTAL_POINTS": Method.TOTAL,
}
"""The words of PBN and USEBIO for a teams board scoring."""

_VICTORY_POINTS: Mapping[str, bool] = {"VP": True, "VPS": True, "IMP": False, "IMPS": False}
"""Match scoring words: Victory Points, or the IMPs themselves."""


@dataclass(frozen=True, slots=True)
class StatedScoring:
    """A file's teams scoring: the board ``method`` and whether matches become
    ``victory_points`` (``None`` where the file does not say), and its ``words``; ``multiple``
    when the file says the event is multiple teams (several short matches a round)."""

    method: Method | None = None
    victory_points: bool | None = None
    words: str = ""
    multiple: bool = False


def _words(text: str | None) -> list[str]:
    return [w.strip().upper() for w in (text or "").replace(",", ";").split(";") if w.strip()]


def stated_scoring(board: str | None, match: str | None = None) -> StatedScoring:
    """The scoring a file states: ``board`` is its board scoring (PBN ``Scoring``, USEBIO
    ``BOARD_SCORING_METHOD``), ``match`` its USEBIO ``MATCH_SCORING_METHOD``. Words naming no
    teams scoring (a pairs method such as ``MATCH_POINTS``) say nothing."""
    board_words, match_words = _words(board), _words(match)
    method = next((_METHODS[w] for w in board_words if w in _METHODS), None)
    if method is None:
        method = next((_METHODS[w] for w in match_words if w in _METHODS), None)
    victory_points = next((_VICTORY_POINTS[w] for w in match_words if w in _VICTORY_POINTS), None)
    if victory_points is None and any(w in ("VP", "VPS") for w in board_words):
        victory_points = True
    said = [text for text in (board, match) if text and _words(text)]
    words = " / ".join(said) if method is not None or victory_points is not None else ""
    return StatedScoring(method, victory_points, words)
