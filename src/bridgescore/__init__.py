"""bridgescore: contract bridge scoring.

>>> from bridgescore import Contract
>>> Contract.parse("4HX").score(tricks=11, vulnerable=True)
990
"""

from bridgescore.core import (
    ArtificialScore,
    Average,
    Board,
    BridgeScoreError,
    Contract,
    Doubling,
    EventInfo,
    FileFormatError,
    InvalidResultError,
    NotationError,
    Problem,
    Result,
    ScoreBreakdown,
    ScoringError,
    Seat,
    Session,
    Side,
    Strain,
    TravellerLine,
    Vulnerability,
    WeightedComponent,
    WeightedScore,
    imps,
)

__version__ = "0.1.0"

__all__ = [
    "ArtificialScore",
    "Average",
    "Board",
    "BridgeScoreError",
    "Contract",
    "Doubling",
    "EventInfo",
    "FileFormatError",
    "InvalidResultError",
    "NotationError",
    "Problem",
    "Result",
    "ScoreBreakdown",
    "ScoringError",
    "Seat",
    "Session",
    "Side",
    "Strain",
    "TravellerLine",
    "Vulnerability",
    "WeightedComponent",
    "WeightedScore",
    "__version__",
    "imps",
]
