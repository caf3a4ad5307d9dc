"""The pure core: contracts, boards, results and the scoring rules. Standard library only, no I/O.

Internal: the public names are those exported here and by :mod:`bridgescore`; the modules of
``core.table``, ``core.scoring``, ``core.rubber``, ``core.pairs`` and ``core.teams`` are the
house they live in, documented and tested, but their paths may change between releases.
"""

from bridgescore.core.errors import (
    AnalysisError,
    ArchiveError,
    BridgeScoreError,
    FileFormatError,
    InvalidResultError,
    NotationError,
    Problem,
    ReportError,
    ScoringError,
)
from bridgescore.core.rubber.chicago import ChicagoRules, ChicagoSheet, score_chicago
from bridgescore.core.rubber.rubber import RubberSheet, score_rubber
from bridgescore.core.rubber.sheet import Honours, PlayedDeal
from bridgescore.core.scoring.imps import imps
from bridgescore.core.scoring.vp import VpScale
from bridgescore.core.table.adjusted import (
    ArtificialScore,
    Average,
    WeightedComponent,
    WeightedScore,
)
from bridgescore.core.table.auction import Auction, AuctionCall, Call, CallKind
from bridgescore.core.table.board import Board, Vulnerability
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.deal import Card, Deal, Hand, Suit
from bridgescore.core.table.law77 import ScoreBreakdown
from bridgescore.core.table.play import Play, PlayedCard, Trick
from bridgescore.core.table.result import Result
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.strain import Doubling, Strain
from bridgescore.core.table.traveller import EventInfo, Session, TravellerLine
from bridgescore.core.teams.match import TeamsBoard, TeamsMatch

__all__ = [
    "AnalysisError",
    "ArchiveError",
    "ArtificialScore",
    "Auction",
    "AuctionCall",
    "Average",
    "Board",
    "BridgeScoreError",
    "Call",
    "CallKind",
    "Card",
    "ChicagoRules",
    "ChicagoSheet",
    "Contract",
    "Deal",
    "Doubling",
    "EventInfo",
    "FileFormatError",
    "Hand",
    "Honours",
    "InvalidResultError",
    "NotationError",
    "Play",
    "PlayedCard",
    "PlayedDeal",
    "Problem",
    "ReportError",
    "Result",
    "RubberSheet",
    "ScoreBreakdown",
    "ScoringError",
    "Seat",
    "Session",
    "Side",
    "Strain",
    "Suit",
    "TeamsBoard",
    "TeamsMatch",
    "TravellerLine",
    "Trick",
    "VpScale",
    "Vulnerability",
    "WeightedComponent",
    "WeightedScore",
    "imps",
    "score_chicago",
    "score_rubber",
]
