"""bridgescore: contract bridge scoring.

>>> from bridgescore import Contract
>>> Contract.parse("4HX").score(tricks=11, vulnerable=True)
990
"""

from bridgescore.core import (
    Board,
    BridgeScoreError,
    ChicagoRules,
    ChicagoSheet,
    Contract,
    Doubling,
    FileFormatError,
    Honours,
    InvalidResultError,
    NotationError,
    PlayedDeal,
    Problem,
    Result,
    RubberSheet,
    ScoreBreakdown,
    ScoringError,
    Seat,
    Side,
    Strain,
    Vulnerability,
    imps,
    score_chicago,
    score_rubber,
)

__version__ = "0.1.0"

__all__ = [
    "ArtificialScore",
    "Average",
    "Board",
    "BridgeScoreError",
    "ChicagoRules",
    "ChicagoSheet",
    "Contract",
    "Doubling",
    "EventInfo",
    "FileFormatError",
    "Honours",
    "InvalidResultError",
    "NotationError",
    "PlayedDeal",
    "Problem",
    "Result",
    "RubberSheet",
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
    "score_chicago",
    "score_rubber",
]
