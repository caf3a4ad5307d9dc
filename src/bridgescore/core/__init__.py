"""The pure core: contracts, boards, results and the scoring rules. Standard library only, no I/O.

Internal: the public names are those exported here and by :mod:`bridgescore`; the modules of
``core.table``, ``core.scoring``, ``core.rubber``, ``core.pairs`` and ``core.teams`` are the
house they live in, documented and tested, but their paths may change between releases.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgescore.core.lazy import lazy_names

if TYPE_CHECKING:
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

WHERE = {
    "AnalysisError": "bridgescore.core.errors",
    "ArchiveError": "bridgescore.core.errors",
    "ArtificialScore": "bridgescore.core.table.adjusted",
    "Auction": "bridgescore.core.table.auction",
    "AuctionCall": "bridgescore.core.table.auction",
    "Average": "bridgescore.core.table.adjusted",
    "Board": "bridgescore.core.table.board",
    "BridgeScoreError": "bridgescore.core.errors",
    "Call": "bridgescore.core.table.auction",
    "CallKind": "bridgescore.core.table.auction",
    "Card": "bridgescore.core.table.deal",
    "ChicagoRules": "bridgescore.core.rubber.chicago",
    "ChicagoSheet": "bridgescore.core.rubber.chicago",
    "Contract": "bridgescore.core.table.contract",
    "Deal": "bridgescore.core.table.deal",
    "Doubling": "bridgescore.core.table.strain",
    "EventInfo": "bridgescore.core.table.traveller",
    "FileFormatError": "bridgescore.core.errors",
    "Hand": "bridgescore.core.table.deal",
    "Honours": "bridgescore.core.rubber.sheet",
    "imps": "bridgescore.core.scoring.imps",
    "InvalidResultError": "bridgescore.core.errors",
    "NotationError": "bridgescore.core.errors",
    "Play": "bridgescore.core.table.play",
    "PlayedCard": "bridgescore.core.table.play",
    "PlayedDeal": "bridgescore.core.rubber.sheet",
    "Problem": "bridgescore.core.errors",
    "ReportError": "bridgescore.core.errors",
    "Result": "bridgescore.core.table.result",
    "RubberSheet": "bridgescore.core.rubber.rubber",
    "score_chicago": "bridgescore.core.rubber.chicago",
    "score_rubber": "bridgescore.core.rubber.rubber",
    "ScoreBreakdown": "bridgescore.core.table.law77",
    "ScoringError": "bridgescore.core.errors",
    "Seat": "bridgescore.core.table.seats",
    "Session": "bridgescore.core.table.traveller",
    "Side": "bridgescore.core.table.seats",
    "Strain": "bridgescore.core.table.strain",
    "Suit": "bridgescore.core.table.deal",
    "TeamsBoard": "bridgescore.core.teams.match",
    "TeamsMatch": "bridgescore.core.teams.match",
    "TravellerLine": "bridgescore.core.table.traveller",
    "Trick": "bridgescore.core.table.play",
    "VpScale": "bridgescore.core.scoring.vp",
    "Vulnerability": "bridgescore.core.table.board",
    "WeightedComponent": "bridgescore.core.table.adjusted",
    "WeightedScore": "bridgescore.core.table.adjusted",
}
"""Where each name lives; each is imported on first use (``import bridgescore.core.table.law77``
does not pull in the teams or the rubber rules)."""

__getattr__, __dir__ = lazy_names("bridgescore.core", WHERE, globals())


__all__ = [
    "WHERE",
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
