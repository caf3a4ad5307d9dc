"""bridgescore: contract bridge scoring.

Everything a program needs is importable from here; the modules below are the house it lives
in (see each package's docstring). A tour of the public API, every example run by the tests
(paths are relative to the checkout).

A contract, a result and a board (Law 77; the board number gives the dealer and vulnerability):

>>> import bridgescore
>>> from bridgescore import Board, Contract, Doubling, Result, Seat, Side, Strain, Vulnerability
>>> Contract.parse("4HX").score(tricks=11, vulnerable=True)
990
>>> contract = Contract.parse("4SX")
>>> contract.level, contract.strain is Strain.SPADES, contract.doubling is Doubling.DOUBLED
(4, True, True)
>>> result = Result.parse("4SN+1")
>>> result.declarer is Seat.NORTH, result.tricks, result.ns_score(Vulnerability.NONE)
(True, 11, 450)
>>> Board(7).vulnerability is Vulnerability.BOTH, Board(7).dealer, Seat.SOUTH.side is Side.NS
(True, Seat.SOUTH, True)
>>> bridgescore.ScoreBreakdown is type(contract.breakdown(tricks=10, vulnerable=False))
True

The cards, the auction and the play:

>>> from bridgescore import Auction, AuctionCall, Call, CallKind, Card, Deal, Hand, Suit
>>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> isinstance(deal.hand(Seat.NORTH), Hand), deal.hand(Seat.NORTH).hcp, Card.parse("SQ").suit is Suit.SPADES
(True, 10, True)
>>> auction = Auction.parse(Seat.NORTH, "1S P 4S P P P")
>>> auction.contract, auction.declarer, isinstance(auction.calls[0], AuctionCall)
(Contract.parse('4S'), Seat.NORTH, True)
>>> Call.parse("X").kind is CallKind.DOUBLE
True
>>> from bridgescore import Play, PlayedCard, Trick
>>> play = Play.parse(Seat.EAST, ["SK S2 S3 S4"])
>>> isinstance(play.tricks[0], Trick), play.winners(Strain.NOTRUMP)
(True, (Seat.EAST,))
>>> seat, first = play.in_order(Strain.NOTRUMP)[0]
>>> seat, isinstance(first, PlayedCard), first.card
(Seat.EAST, True, Card.parse('SK'))

Rubber and Chicago sheets:

>>> from bridgescore import ChicagoRules, ChicagoSheet, Honours, PlayedDeal, RubberSheet
>>> sheet = bridgescore.score_rubber(PlayedDeal.parse(t) for t in ("4S N 10", "2H E 8", "3NT S 10"))
>>> isinstance(sheet, RubberSheet), sheet.totals.as_dict()
(True, {'NS': 950, 'EW': 60})
>>> chicago = bridgescore.score_chicago([PlayedDeal.parse("2H N 8")], ChicagoRules())
>>> isinstance(chicago, ChicagoSheet), Honours.__name__
(True, 'Honours')

One board's scores compared, exactly (fractions, never rounded):

>>> bridgescore.imps(450), bridgescore.imps(-720)
(10, -12)
>>> bridgescore.matchpoints([480, 450, 450, 420, 400])  # scale 2/1: top 2(n-1) = 8
[Fraction(8, 1), Fraction(5, 1), Fraction(5, 1), Fraction(2, 1), Fraction(0, 1)]
>>> [str(x) for x in bridgescore.matchpoints([480, 450, 450, 420, 400], scale="1/0.5")]
['4', '5/2', '5/2', '1', '0']
>>> [str(x) for x in bridgescore.cross_imps([480, 450, 450, 420, 400])]  # per comparison
['3/2', '1/2', '1/2', '-3/4', '-7/4']
>>> bridgescore.butler_datum([480, 450, 450, 420, 400]), bridgescore.butler([480, 450, 450, 420, 400])
(440, [1, 0, 0, -1, -1])

A pairs session from its file, as ``bridgescore score`` scores it; ``to_dict()`` is exactly what
``bridgescore score FILE --json`` prints:

>>> from bridgescore import PairsEvent, PairsMethod, PairsRules
>>> event = bridgescore.score_file("examples/club-session.csv", names="examples/club-names.csv")
>>> isinstance(event, PairsEvent), event.rules == PairsRules.preset("ebu")
(True, True)
>>> top = event.to_dict()["rankings"][0]["entries"][0]
>>> top["rank"], top["pair"], top["names"], top["percent"]
('1', '12', 'Wendy Usher & Mary Moss', 56.84573002754821)
>>> butler = bridgescore.score_file("examples/board1.csv", method="butler", rules="acbl")
>>> butler.rules.method is PairsMethod.BUTLER, str(butler.rules.scale), butler.board(1).datum
(True, '1/0.5', 440)

Travellers by hand, and the director's adjusted scores:

>>> from bridgescore import ArtificialScore, Average, EventInfo, Session, TravellerLine
>>> from bridgescore import WeightedComponent, WeightedScore
>>> lines = (TravellerLine.played(1, "1", "1", Result.parse("4SN=")),
...          TravellerLine(1, "2", "2", adjusted=ArtificialScore.parse("A60/40")),
...          TravellerLine(1, "3", "3", ns_score=-50))
>>> session = Session(lines, info=EventInfo(title="Tuesday pairs"))
>>> ArtificialScore.parse("A60/40").ns is Average.PLUS
True
>>> weighted = WeightedScore.parse("50% 4SN= 50% 4SN-1", Vulnerability.NONE)
>>> isinstance(weighted.components[0], WeightedComponent), weighted.expected_ns_score
(True, Fraction(185, 1))

Travellers already in hand (typed in, from a database) are scored by the same engine. Here two
real results are compared and Neuberg-factored to the three expected ((2 + 1) x 3/2 - 1 = 7/2
of a top of 4), and Ave+ is 60 % of the top:

>>> scored = bridgescore.score_session(session)
>>> [str(line.ns_points) for line in scored.board(1).lines], scored.board(1).top
(['7/2', '12/5', '1/2'], Fraction(4, 1))

Teams: a match, VP scales, a whole event (``to_dict()`` is what ``bridgescore teams FILE --json``
prints):

>>> from bridgescore import ScoredTeams, TeamsBoard, TeamsEvent, TeamsMatch, VpScale
>>> match = TeamsMatch.from_tables("Lions", "Tigers", {1: 620, 2: -100}, {1: 170, 2: 140})
>>> isinstance(match.boards[0], TeamsBoard), [int(p) for p in match.board_points(match.boards[0])]
(True, [10, -10])
>>> scale = bridgescore.vp_scale("wbf")  # or wbf-discrete, acbl, a shipped scale, a CSV file
>>> isinstance(scale, VpScale), [float(vp) for vp in match.vps(scale)]
(True, [13.12, 6.88])
>>> teams = bridgescore.score_teams_file("examples/teams.csv", teams="examples/teams-names.csv")
>>> isinstance(teams, ScoredTeams), isinstance(teams.event, TeamsEvent)
(True, True)
>>> [(row["rank"], row["team"], row["vp"]) for row in teams.to_dict()["standings"][:2]]
[('1', 'Ashdown', 97.8), ('2', 'Brampton', 88.95)]

Files in any format bridgescore knows, chosen from the content and the extension:

>>> import tempfile
>>> from pathlib import Path
>>> hands = bridgescore.load("examples/club-hands.pbn")
>>> isinstance(hands, bridgescore.PbnFile), len(hands.games)
(True, 26)
>>> with tempfile.TemporaryDirectory() as folder:
...     bridgescore.dump(event, Path(folder) / "club.xml")  # a scored event, with its figures
...     again = bridgescore.load(Path(folder) / "club.xml")
>>> isinstance(again, bridgescore.UsebioEvent), len(again.session.lines)
(True, 312)

Hand records: the deals, their double-dummy tables and par (PBN's OptimumResultTable,
DoubleDummyTricks, OptimumScore and ParContract), read and written in PBN, LIN and the dealing
machines' files. The bundled hand record was dealt from a secret, since revealed: anyone deals
the same boards from it and the public value.

>>> from bridgescore import DDTable, DoubleDummy, HandRecord, Par, ParContract, par
>>> hand_record = bridgescore.load_hands("examples/club-hands.pbn")
>>> isinstance(hand_record, bridgescore.HandRecords), len(hand_record.records)
(True, 26)
>>> board = hand_record.records[0]
>>> isinstance(board, HandRecord), board.dealer, board.vulnerability, board.deal_id
(True, Seat.NORTH, Vulnerability.NONE, '238FF5DC6CE2FC03A82A41F9')
>>> isinstance(board.table, DDTable), board.table[Seat.NORTH, Strain.NOTRUMP], str(board.par)
(True, 7, 'NS 100: EW 3SX-1')
>>> par(board.table, board.dealer, board.vulnerability) == board.par, isinstance(board.par, Par)
(True, True)
>>> isinstance(board.par.contracts[0], ParContract), board.double_dummy == DoubleDummy(board.table, board.par)
(True, True)
>>> (dealt,) = bridgescore.deal_sets([1, 2], secret=bytes.fromhex("5eed" * 16),
...                                  public="FTSE 100 close 2026-11-19")
>>> [r.deal for r in dealt.records] == [r.deal for r in hand_record.records[:2]]
True
>>> (again,) = bridgescore.analyse([HandRecord(1, board.deal)])  # endplay's DDS: a tenth of a second
>>> again.table == board.table and again.par == board.par
True
>>> with tempfile.TemporaryDirectory() as folder:
...     bridgescore.dump_hands(hand_record, Path(folder) / "club.dup")  # for the dealing machine
...     machine = bridgescore.load_hands(Path(folder) / "club.dup")
>>> [r.deal for r in machine.records] == [r.deal for r in hand_record.records]
True

Errors: one tree, every message written for a tournament director:

>>> from bridgescore import BridgeScoreError, FileFormatError, InvalidResultError, NotationError
>>> from bridgescore import AnalysisError, ArchiveError, Problem, ReportError, ScoringError
>>> Contract.parse("8NT")
Traceback (most recent call last):
...
bridgescore.core.errors.NotationError: '8NT': a contract's level is 1 to 7
>>> Result.parse("7NTN+1")
Traceback (most recent call last):
...
bridgescore.core.errors.InvalidResultError: '7NTN+1': 14 tricks taken; a deal has 13
>>> bridgescore.score_file("examples/rubber.txt")  # a rubber bridge score sheet
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: examples/rubber.txt: not a file bridgescore reads (USEBIO, PBN, BBO LIN, traveller CSV)
>>> all(issubclass(e, BridgeScoreError) for e in (ScoringError, ReportError, ArchiveError, AnalysisError))
True
>>> str(Problem("club.csv", 3, "board 0 does not exist"))
'club.csv:3: board 0 does not exist'

Movements: who plays whom, where, on which boards; made, checked, and read back from their
JSON (what ``bridgescore movement ... --json`` prints):

>>> from bridgescore import Movement, MovementCheck, MovementError, Sitting
>>> movement = bridgescore.mitchell(7)
>>> movement.title, movement.boards, isinstance(movement.schedule[0], Sitting)
('Mitchell, 7 tables, 7 rounds of 4 boards', 28, True)
>>> Movement.from_json(movement.to_json()) == movement
True
>>> report = bridgescore.check_movement(bridgescore.howell(5))
>>> isinstance(report, MovementCheck), report.ok, report.meetings
(True, True, 'every pair meets every other exactly once')
>>> bridgescore.howell(16)
Traceback (most recent call last):
...
bridgescore.core.errors.MovementError: a complete Howell is made for 3 to 15 tables, not 16

An archive of events (a partitioned Parquet dataset) is scored on a Dask cluster by
:func:`score_archive`, which loads Dask only when called:

>>> bridgescore.score_archive("no-such-dataset", "out")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: no-such-dataset: no such dataset
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgescore._version import __version__
from bridgescore.core import WHERE as CORE_NAMES
from bridgescore.core.lazy import lazy_names

# ruff: noqa: F405 - the core's names in __all__ come from its own list (the star below)
if TYPE_CHECKING:
    from bridgescore.core import *  # noqa: F403
    from bridgescore.core.errors import MovementError
    from bridgescore.core.hands.record import HandRecord
    from bridgescore.core.movements import (
        Movement,
        MovementCheck,
        Sitting,
        check_movement,
        howell,
        mitchell,
    )
    from bridgescore.core.pairs.event import PairsEvent
    from bridgescore.core.pairs.rules import PairsMethod, PairsRules
    from bridgescore.core.pairs.score import score_session
    from bridgescore.core.scoring.butler import butler, butler_datum
    from bridgescore.core.scoring.crossimps import cross_imps
    from bridgescore.core.scoring.matchpoints import matchpoints
    from bridgescore.core.table.ddtable import DDTable
    from bridgescore.core.table.par import DoubleDummy, Par, ParContract, par
    from bridgescore.core.teams.event import TeamsEvent
    from bridgescore.core.teams.scored import ScoredTeams
    from bridgescore.events.dealing import deal_sets
    from bridgescore.events.files import dump, load
    from bridgescore.events.pairs import score_file
    from bridgescore.events.teams import score_teams_file, vp_scale
    from bridgescore.fast.archive import score_archive
    from bridgescore.fast.double_dummy import analyse
    from bridgescore.formats.hands import HandRecords
    from bridgescore.formats.hands import dump as dump_hands
    from bridgescore.formats.hands import load as load_hands
    from bridgescore.formats.pbn.model import PbnFile
    from bridgescore.formats.usebio.event import UsebioEvent

_WHERE = {
    **CORE_NAMES,
    "analyse": "bridgescore.fast.double_dummy",
    "butler": "bridgescore.core.scoring.butler",
    "butler_datum": "bridgescore.core.scoring.butler",
    "check_movement": "bridgescore.core.movements",
    "cross_imps": "bridgescore.core.scoring.crossimps",
    "DDTable": "bridgescore.core.table.ddtable",
    "deal_sets": "bridgescore.events.dealing",
    "DoubleDummy": "bridgescore.core.table.par",
    "dump": "bridgescore.events.files",
    "dump_hands": "bridgescore.formats.hands:dump",
    "HandRecord": "bridgescore.core.hands.record",
    "HandRecords": "bridgescore.formats.hands",
    "howell": "bridgescore.core.movements",
    "load": "bridgescore.events.files",
    "load_hands": "bridgescore.formats.hands:load",
    "matchpoints": "bridgescore.core.scoring.matchpoints",
    "mitchell": "bridgescore.core.movements",
    "Movement": "bridgescore.core.movements",
    "MovementCheck": "bridgescore.core.movements",
    "MovementError": "bridgescore.core.errors",
    "PairsEvent": "bridgescore.core.pairs.event",
    "PairsMethod": "bridgescore.core.pairs.rules",
    "PairsRules": "bridgescore.core.pairs.rules",
    "par": "bridgescore.core.table.par",
    "Par": "bridgescore.core.table.par",
    "ParContract": "bridgescore.core.table.par",
    "PbnFile": "bridgescore.formats.pbn.model",
    "score_archive": "bridgescore.fast.archive",
    "score_file": "bridgescore.events.pairs",
    "score_session": "bridgescore.core.pairs.score",
    "score_teams_file": "bridgescore.events.teams",
    "ScoredTeams": "bridgescore.core.teams.scored",
    "Sitting": "bridgescore.core.movements",
    "TeamsEvent": "bridgescore.core.teams.event",
    "UsebioEvent": "bridgescore.formats.usebio.event",
    "vp_scale": "bridgescore.events.teams",
}
"""Where each public name lives. Each is imported on first use, so that ``import bridgescore``
(and the command line, which imports it) costs next to nothing: reading files needs the
formats, an archive Dask, double-dummy analysis endplay, a contract only the core's table of
scores (``module:attribute`` when the name there differs)."""


__getattr__, __dir__ = lazy_names("bridgescore", _WHERE, globals())


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
    "DDTable",
    "Deal",
    "DoubleDummy",
    "Doubling",
    "EventInfo",
    "FileFormatError",
    "Hand",
    "HandRecord",
    "HandRecords",
    "Honours",
    "InvalidResultError",
    "Movement",
    "MovementCheck",
    "MovementError",
    "NotationError",
    "PairsEvent",
    "PairsMethod",
    "PairsRules",
    "Par",
    "ParContract",
    "PbnFile",
    "Play",
    "PlayedCard",
    "PlayedDeal",
    "Problem",
    "ReportError",
    "Result",
    "RubberSheet",
    "ScoreBreakdown",
    "ScoredTeams",
    "ScoringError",
    "Seat",
    "Session",
    "Side",
    "Sitting",
    "Strain",
    "Suit",
    "TeamsBoard",
    "TeamsEvent",
    "TeamsMatch",
    "TravellerLine",
    "Trick",
    "UsebioEvent",
    "VpScale",
    "Vulnerability",
    "WeightedComponent",
    "WeightedScore",
    "__version__",
    "analyse",
    "butler",
    "butler_datum",
    "check_movement",
    "cross_imps",
    "deal_sets",
    "dump",
    "dump_hands",
    "howell",
    "imps",
    "load",
    "load_hands",
    "matchpoints",
    "mitchell",
    "par",
    "score_archive",
    "score_chicago",
    "score_file",
    "score_rubber",
    "score_session",
    "score_teams_file",
    "vp_scale",
]
