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
>>> with open("examples/board1.csv", encoding="utf-8") as file:  # an open file, or its text
...     opened = bridgescore.load(file)
>>> text = Path("examples/board1.csv").read_text(encoding="utf-8")
>>> opened == bridgescore.loads(text, format="csv", source="examples/board1.csv") == (
...     bridgescore.load("examples/board1.csv"))
True

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
>>> (again,) = bridgescore.analyse([board.deal])  # endplay's DDS: a tenth of a second
>>> again.table == board.table and again.par == board.par
True
>>> with tempfile.TemporaryDirectory() as folder:
...     bridgescore.dump_hands(hand_record, Path(folder) / "club.dup")  # for the dealing machine
...     machine = bridgescore.load_hands(Path(folder) / "club.dup")
>>> [r.deal for r in machine.records] == [r.deal for r in hand_record.records]
True

Every type the API gives back is importable from here too. A pairs event's rankings, pairs,
boards and lines:

>>> from bridgescore import FieldRanking, PairId, PairStanding, ScoredBoard, ScoredLine, Working
>>> ranking = event.ranking("NS")
>>> isinstance(ranking, FieldRanking), isinstance(ranking.entries[0], PairStanding)
(True, True)
>>> event.find_pair("12NS") == PairId("12", Side.NS), isinstance(event.board(1), ScoredBoard)
(True, True)
>>> line = event.board(1).lines[0]
>>> isinstance(line, ScoredLine), isinstance(line.working, Working), line.working.among
(True, True, 12)

The settings of :class:`PairsRules`, each its own type (a matchpoint scale given as ``"1/0.5"``
is read as :class:`Scale` too):

>>> from bridgescore import ButlerDrop, CompareMode, CrossNorm, Datum, DatumRounding, FieldMode, Scale
>>> from bridgescore import ShortBoards, SitOutScore, TieNotation, WeightedScores
>>> rules = PairsRules(scale=Scale.ACBL, short_boards=ShortBoards.SUM_OF_TOPS,
...                    sit_out=SitOutScore.parse("60%"), ties=TieNotation.PLAIN,
...                    weighted=WeightedScores.APART, field=FieldMode.TWO,
...                    compare=CompareMode.WITHIN)
>>> rules.scale is Scale.parse("1/0.5"), bridgescore.matchpoints([420, 450], scale=Scale.ACBL)
(True, [Fraction(0, 1), Fraction(1, 1)])
>>> butler_rules = PairsRules(method=PairsMethod.BUTLER, butler_drop=ButlerDrop(count=2),
...     datum=Datum.MEDIAN, datum_rounding=DatumRounding.EVEN, cross=CrossNorm.TOTAL)

The types of rubber and Chicago sheets, teams events, VP scales, USEBIO files and dealt sets:

>>> from bridgescore import Bye, Chukker, Draw, Entry, MatchSide, ScoredDeal, SideTotals
>>> from bridgescore import Standings, StandingsRow, VpRow
>>> isinstance(sheet.entries[0], Entry), isinstance(sheet.deals[0], ScoredDeal)
(True, True)
>>> isinstance(sheet.totals, SideTotals), isinstance(chicago.chukkers[0], Chukker)
(True, True)
>>> isinstance(teams.standings, Standings), isinstance(teams.standings.row("1"), StandingsRow)
(True, True)
>>> teams.event.byes, Bye(3, "2").team, Draw.__name__
((), '2', 'Draw')
>>> match.side_of("Lions") is MatchSide.HOME, isinstance(scale.table(8)[0], VpRow)
(True, True)
>>> from bridgescore import DealtSet, LineFigures, PairRef, Participant
>>> with tempfile.TemporaryDirectory() as folder:
...     bridgescore.dump(event, Path(folder) / "club.xml")
...     usebio = bridgescore.load(Path(folder) / "club.xml")
>>> usebio.pair_ref("1") == PairRef("1", "1"), usebio.line_figures(0) == LineFigures(17, 5)
(True, True)
>>> isinstance(usebio.participant("1NS"), Participant), isinstance(dealt, DealtSet)
(True, True)

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

It returns an :class:`ArchiveResult`: where it wrote, what it scored, the rankings table.

>>> bridgescore.ArchiveResult.__dataclass_fields__.keys()
dict_keys(['out', 'events', 'lines', 'rankings'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgescore._version import __version__ as __version__
from bridgescore.core.lazy import lazy_names

if TYPE_CHECKING:  # the public names, each from the module it lives in: the one list of them
    from bridgescore.core.errors import AnalysisError as AnalysisError
    from bridgescore.core.errors import ArchiveError as ArchiveError
    from bridgescore.core.errors import BridgeScoreError as BridgeScoreError
    from bridgescore.core.errors import FileFormatError as FileFormatError
    from bridgescore.core.errors import InvalidResultError as InvalidResultError
    from bridgescore.core.errors import MovementError as MovementError
    from bridgescore.core.errors import NotationError as NotationError
    from bridgescore.core.errors import Problem as Problem
    from bridgescore.core.errors import ReportError as ReportError
    from bridgescore.core.errors import ScoringError as ScoringError
    from bridgescore.core.hands.record import HandRecord as HandRecord
    from bridgescore.core.movements import Movement as Movement
    from bridgescore.core.movements import MovementCheck as MovementCheck
    from bridgescore.core.movements import Sitting as Sitting
    from bridgescore.core.movements import check_movement as check_movement
    from bridgescore.core.movements import howell as howell
    from bridgescore.core.movements import mitchell as mitchell
    from bridgescore.core.pairs.conventions import ShortBoards as ShortBoards
    from bridgescore.core.pairs.conventions import SitOutScore as SitOutScore
    from bridgescore.core.pairs.conventions import TieNotation as TieNotation
    from bridgescore.core.pairs.conventions import WeightedScores as WeightedScores
    from bridgescore.core.pairs.event import FieldRanking as FieldRanking
    from bridgescore.core.pairs.event import PairsEvent as PairsEvent
    from bridgescore.core.pairs.event import PairStanding as PairStanding
    from bridgescore.core.pairs.fields import PairId as PairId
    from bridgescore.core.pairs.rules import CompareMode as CompareMode
    from bridgescore.core.pairs.rules import FieldMode as FieldMode
    from bridgescore.core.pairs.rules import PairsMethod as PairsMethod
    from bridgescore.core.pairs.rules import PairsRules as PairsRules
    from bridgescore.core.pairs.score import score_session as score_session
    from bridgescore.core.pairs.scored import ScoredBoard as ScoredBoard
    from bridgescore.core.pairs.scored import ScoredLine as ScoredLine
    from bridgescore.core.pairs.scored import Working as Working
    from bridgescore.core.rubber.chicago import ChicagoRules as ChicagoRules
    from bridgescore.core.rubber.chicago import ChicagoSheet as ChicagoSheet
    from bridgescore.core.rubber.chicago import Chukker as Chukker
    from bridgescore.core.rubber.chicago import score_chicago as score_chicago
    from bridgescore.core.rubber.rubber import RubberSheet as RubberSheet
    from bridgescore.core.rubber.rubber import score_rubber as score_rubber
    from bridgescore.core.rubber.sheet import Entry as Entry
    from bridgescore.core.rubber.sheet import Honours as Honours
    from bridgescore.core.rubber.sheet import PlayedDeal as PlayedDeal
    from bridgescore.core.rubber.sheet import ScoredDeal as ScoredDeal
    from bridgescore.core.rubber.sheet import SideTotals as SideTotals
    from bridgescore.core.scoring.butler import ButlerDrop as ButlerDrop
    from bridgescore.core.scoring.butler import Datum as Datum
    from bridgescore.core.scoring.butler import DatumRounding as DatumRounding
    from bridgescore.core.scoring.butler import butler as butler
    from bridgescore.core.scoring.butler import butler_datum as butler_datum
    from bridgescore.core.scoring.crossimps import CrossNorm as CrossNorm
    from bridgescore.core.scoring.crossimps import cross_imps as cross_imps
    from bridgescore.core.scoring.imps import imps as imps
    from bridgescore.core.scoring.matchpoints import Scale as Scale
    from bridgescore.core.scoring.matchpoints import matchpoints as matchpoints
    from bridgescore.core.scoring.vp import VpRow as VpRow
    from bridgescore.core.scoring.vp import VpScale as VpScale
    from bridgescore.core.table.adjusted import ArtificialScore as ArtificialScore
    from bridgescore.core.table.adjusted import Average as Average
    from bridgescore.core.table.adjusted import WeightedComponent as WeightedComponent
    from bridgescore.core.table.adjusted import WeightedScore as WeightedScore
    from bridgescore.core.table.auction import Auction as Auction
    from bridgescore.core.table.auction import AuctionCall as AuctionCall
    from bridgescore.core.table.auction import Call as Call
    from bridgescore.core.table.auction import CallKind as CallKind
    from bridgescore.core.table.board import Board as Board
    from bridgescore.core.table.board import Vulnerability as Vulnerability
    from bridgescore.core.table.contract import Contract as Contract
    from bridgescore.core.table.ddtable import DDTable as DDTable
    from bridgescore.core.table.deal import Card as Card
    from bridgescore.core.table.deal import Deal as Deal
    from bridgescore.core.table.deal import Hand as Hand
    from bridgescore.core.table.deal import Suit as Suit
    from bridgescore.core.table.law77 import ScoreBreakdown as ScoreBreakdown
    from bridgescore.core.table.par import DoubleDummy as DoubleDummy
    from bridgescore.core.table.par import Par as Par
    from bridgescore.core.table.par import ParContract as ParContract
    from bridgescore.core.table.par import par as par
    from bridgescore.core.table.play import Play as Play
    from bridgescore.core.table.play import PlayedCard as PlayedCard
    from bridgescore.core.table.play import Trick as Trick
    from bridgescore.core.table.result import Result as Result
    from bridgescore.core.table.seats import Seat as Seat
    from bridgescore.core.table.seats import Side as Side
    from bridgescore.core.table.strain import Doubling as Doubling
    from bridgescore.core.table.strain import Strain as Strain
    from bridgescore.core.table.traveller import EventInfo as EventInfo
    from bridgescore.core.table.traveller import Session as Session
    from bridgescore.core.table.traveller import TravellerLine as TravellerLine
    from bridgescore.core.teams.event import TeamsEvent as TeamsEvent
    from bridgescore.core.teams.match import MatchSide as MatchSide
    from bridgescore.core.teams.match import TeamsBoard as TeamsBoard
    from bridgescore.core.teams.match import TeamsMatch as TeamsMatch
    from bridgescore.core.teams.rows import StandingsRow as StandingsRow
    from bridgescore.core.teams.scored import ScoredTeams as ScoredTeams
    from bridgescore.core.teams.standings import Bye as Bye
    from bridgescore.core.teams.standings import Standings as Standings
    from bridgescore.core.teams.swiss import Draw as Draw
    from bridgescore.events.analysis import analyse as analyse
    from bridgescore.events.dealing import DealtSet as DealtSet
    from bridgescore.events.dealing import deal_sets as deal_sets
    from bridgescore.events.files import dump as dump
    from bridgescore.events.files import dump_hands as dump_hands
    from bridgescore.events.files import load as load
    from bridgescore.events.files import load_hands as load_hands
    from bridgescore.events.files import loads as loads
    from bridgescore.events.pairs import score_file as score_file
    from bridgescore.events.teams import score_teams_file as score_teams_file
    from bridgescore.events.teams import vp_scale as vp_scale
    from bridgescore.fast.archive import ArchiveResult as ArchiveResult
    from bridgescore.fast.archive import score_archive as score_archive
    from bridgescore.formats.hands import HandRecords as HandRecords
    from bridgescore.formats.pbn.model import PbnFile as PbnFile
    from bridgescore.formats.usebio.event import UsebioEvent as UsebioEvent
    from bridgescore.formats.usebio.model import LineFigures as LineFigures
    from bridgescore.formats.usebio.model import PairRef as PairRef
    from bridgescore.formats.usebio.model import Participant as Participant

__all__: list[str]  # (made from the list above when first asked for)
__getattr__, __dir__ = lazy_names("bridgescore", __file__, globals())
"""Each public name is imported from its module when first asked for: ``import bridgescore``
(and the command line) costs next to nothing; reading files needs the formats, an archive Dask,
double-dummy analysis endplay, a contract only the core's table of scores."""
