"""A scored pairs event in the shapes the file writers take: our figures filled in.

In a two-field (Mitchell) event NS 3 and EW 3 are two pairs; files that key pairs by one id
(USEBIO, PBN) need ``3NS`` / ``3EW``. :func:`directed_session` gives the session with such ids
(ids that already say their direction are kept), and :func:`usebio_event` the USEBIO event with
every line's points, the Butler datums and each pair's total, percentage and place.

>>> from bridgescore.core.pairs.score import score_session
>>> from bridgescore.core.table.traveller import Session, TravellerLine
>>> event = score_session(Session((TravellerLine(1, "1", "1", ns_score=420),
...                                TravellerLine(1, "2", "2", ns_score=450))))
>>> [(line.ns, line.ew) for line in directed_session(event).lines]
[('1NS', '1EW'), ('2NS', '2EW')]
>>> figures = usebio_event(event).figures
>>> figures.points, figures.pairs["2NS"].total, figures.pairs["2NS"].place
('MATCH_POINTS', Decimal('2'), 1)
"""

from __future__ import annotations

__all__ = ["directed_session", "pair_key", "pbn_file", "pbn_scoring", "usebio_event"]

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.fields import PairId
from bridgescore.core.pairs.rules import PairsMethod, pbn_scoring, usebio_scoring
from bridgescore.core.pairs.scored import ScoredLine
from bridgescore.core.scoring.ranking import TieNotation
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session
from bridgescore.formats.usebio import Figures, LineFigures, PairFigures, UsebioEvent
from bridgescore.formats.usebio.event import carry_ids
from bridgescore.formats.usebio.model import section_key

if TYPE_CHECKING:  # (the PBN writer is loaded only for a PBN file: a USEBIO one does not pay)
    from bridgescore.formats.pbn.model import PbnFile

_POINTS = {
    PairsMethod.MP: "MATCH_POINTS",
    PairsMethod.BUTLER: "BUTLER_POINTS",
    PairsMethod.CROSSIMPS: "CROSS_IMPS",
    PairsMethod.TOTAL: None,
}
"""The per-line points USEBIO writes for each method (total points have none)."""


def pair_key(pair: PairId) -> str:
    """The pair's id in a file: ``3NS`` in a two-field event, ``3`` in a one-field one."""
    return pair.label if pair.direction is None else f"{pair.label}{pair.direction}"


def _scored_lines(event: PairsEvent) -> dict[int, ScoredLine]:
    return {id(scored.line): scored for board in event.boards for scored in board.lines}


def directed_session(event: PairsEvent, *, by_section: bool = False) -> Session:
    """The event's session with pair ids that say their direction in a two-field event.

    Its names are keyed by those ids; ``by_section`` keys them after the section too
    (``A 3NS``, as a USEBIO event keys its pairs), since numbers restart in each section.
    """
    scored = _scored_lines(event)
    lines = []
    names: dict[str, str] = {  # an individual event's players
        (_key(entry.pair) if by_section else pair_key(entry.pair)): entry.names
        for ranking in event.rankings
        if ranking.players
        for entry in ranking.entries
        if entry.names
    }
    for line in event.session.lines:
        found = scored[id(line)]
        ns, ew = pair_key(found.ns_pair), pair_key(found.ew_pair)
        lines.append(replace(line, ns=ns, ew=ew))
        for side in Side:
            pair = found.pair(side)
            text = pair.names(event.session.names)
            if text is not None:
                names[_key(pair) if by_section else pair_key(pair)] = text
    return replace(event.session, lines=tuple(lines), names=names)


def _key(pair: PairId) -> str:
    """The pair's key in a USEBIO event: its id after its section (``A 3NS``)."""
    return section_key(pair_key(pair), pair.section)


def usebio_event(event: PairsEvent, original: UsebioEvent | None = None) -> UsebioEvent:
    """The USEBIO event of a scored pairs event, with our figures, its event type and scoring
    method those of the rules it was scored with (:func:`usebio_scoring`).

    ``original`` is the USEBIO event it was read from, if it was: its club and event ids,
    ``TITLE`` and players' national numbers, which the session does not carry, are kept.
    """
    points = _POINTS[event.rules.method]
    event_type, scoring = usebio_scoring(event.rules)
    scored = _scored_lines(event)
    lines: list[LineFigures | None] = []
    for line in event.session.lines:
        found = scored[id(line)]
        lines.append(None if points is None else LineFigures.of(found.ns_points, found.ew_points))
    datums = {b.board: Decimal(b.datum) for b in event.boards if b.datum is not None}
    pairs = {
        _key(entry.pair): PairFigures.of(
            total=entry.scaled,
            percentage=entry.percent,
            place=entry.rank,
            tied=entry.tied and entry.ties is TieNotation.EQUALS,  # PLACE as the rules write it
            boards_played=entry.boards,
        )
        for ranking in event.rankings
        for entry in ranking.entries
    }
    figures = Figures(points=points, lines=tuple(lines), datums=datums, pairs=pairs)
    session = directed_session(event, by_section=True)
    session = replace(session, info=replace(session.info, scoring=scoring))
    if any(ranking.players for ranking in event.rankings):
        event_type = "INDIVIDUAL"
    built = UsebioEvent.from_session(session, figures, event_type=event_type)
    return built if original is None else carry_ids(built, original)


def _figure(value: Fraction | int | None) -> str:
    if value is None:
        return "-"
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


def _line_columns(event: PairsEvent, line: ScoredLine, datum: int | None) -> dict[str, str]:
    method = event.rules.method
    if method is PairsMethod.MP:
        top = event.board(line.line.board, line.line.section).top or Fraction(1)
        return {
            "MP_NS": _figure(line.ns_points),
            "MP_EW": _figure(line.ew_points),
            "Percentage_NS": _figure(line.ns_points / top * 100),
            "Percentage_EW": _figure(line.ew_points / top * 100),
        }
    if method.is_imps:
        columns = {"IMP_NS": _figure(line.ns_points), "IMP_EW": _figure(line.ew_points)}
        if datum is not None:
            columns["ButlerDatum"] = str(datum)
        return columns
    return {}


def pbn_file(event: PairsEvent) -> PbnFile:
    """The scored event as PBN: a ScoreTable per board with our points, and a TotalScoreTable.

    The ``Scoring`` tag says the method (:func:`pbn_scoring`), so ``bridgescore score`` on the
    file scores it the same way again.
    """
    from bridgescore.formats.pbn.session import session_to_pbn
    from bridgescore.formats.pbn.tables import PbnTable

    session = directed_session(event)
    session = replace(session, info=replace(session.info, scoring=pbn_scoring(event.rules)))
    scored = _scored_lines(event)
    position: dict[int, int] = {}
    extra: dict[tuple[int, int], dict[str, str]] = {}
    for line in event.session.lines:
        index = position.get(line.board, 0)
        position[line.board] = index + 1
        found = scored[id(line)]
        datum = event.board(line.board, line.section).datum
        extra[(line.board, index)] = _line_columns(event, found, datum)
    total = {
        PairsMethod.MP: "TotalMP",
        PairsMethod.BUTLER: "TotalIMP",
        PairsMethod.CROSSIMPS: "TotalIMP",
        PairsMethod.TOTAL: "TotalScore",
    }[event.rules.method]
    mp = event.rules.method is PairsMethod.MP
    columns = ["Rank", "PairId", "Names", total, *(["TotalPercentage"] if mp else []), "NrBoards"]
    rows = [
        [
            entry.rank_text,
            pair_key(entry.pair),
            entry.names or "",
            _figure(entry.score),
            *([_figure(entry.percent)] if mp else []),
            str(entry.boards),
        ]
        for ranking in event.rankings
        for entry in ranking.entries
    ]
    table = PbnTable.build("TotalScoreTable", columns, rows)
    return session_to_pbn(session, extra, table)
