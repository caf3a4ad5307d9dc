"""The pure core: contracts, boards, results and the scoring rules. Standard library only, no I/O."""

from bridgescore.core.adjusted import ArtificialScore, Average, WeightedComponent, WeightedScore
from bridgescore.core.auction import Auction, AuctionCall, Call, CallKind
from bridgescore.core.board import Board, Vulnerability
from bridgescore.core.chicago import ChicagoRules, ChicagoSheet, score_chicago
from bridgescore.core.contract import Contract
from bridgescore.core.deal import Card, Deal, Hand, Suit
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
from bridgescore.core.match import TeamsBoard, TeamsMatch
from bridgescore.core.play import Play, PlayedCard, Trick
from bridgescore.core.result import Result
from bridgescore.core.rubber import RubberSheet, score_rubber
from bridgescore.core.seats import Seat, Side
from bridgescore.core.sheet import Honours, PlayedDeal
from bridgescore.core.strain import Doubling, Strain
from bridgescore.core.traveller import EventInfo, Session, TravellerLine
from bridgescore.core.vp import VpScale

__all__ = [
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
