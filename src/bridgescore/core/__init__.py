"""The pure core: contracts, boards, results and the scoring rules. Standard library only, no I/O."""

from bridgescore.core.board import Board, Vulnerability
from bridgescore.core.contract import Contract
from bridgescore.core.errors import (
    BridgeScoreError,
    FileFormatError,
    InvalidResultError,
    NotationError,
    Problem,
    ScoringError,
)
from bridgescore.core.imps import imps
from bridgescore.core.law77 import ScoreBreakdown
from bridgescore.core.result import Result
from bridgescore.core.seats import Seat, Side
from bridgescore.core.strain import Doubling, Strain

__all__ = [
    "Board",
    "BridgeScoreError",
    "Contract",
    "Doubling",
    "FileFormatError",
    "InvalidResultError",
    "NotationError",
    "Problem",
    "Result",
    "ScoreBreakdown",
    "ScoringError",
    "Seat",
    "Side",
    "Strain",
    "Vulnerability",
    "imps",
]
