"""The PBN auction and play sections (PBN 2.1 §3.5-3.7, 3.9): reading tokens, writing lines.

Calls and cards may carry a suffix (``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!``; turned into the
glyphs $1-$6 for calls, $7-$12 for cards), a note reference ``=n=`` and glyphs ``$n``. ``AP`` is
all pass, ``-`` an unknown card (or, before the dealer's first call, a seat not yet calling),
``*`` ends an incomplete section and ``+`` stands for the next call or card. ``^I`` marks an
insufficient bid, ``^S`` a skipped call, ``^R`` a revoke and ``^L`` a lead out of turn.

>>> auction, problems = read_auction(Seat.WEST, _tokens("- 1S ! =1= 2H $12 X AP"))
>>> [str(c) for c in auction.calls], auction.calls[0].nags, auction.calls[0].note, problems
(['1S', '2H', 'X', 'Pass', 'Pass', 'Pass'], (1,), 1, [])
>>> write_auction(auction)
['1S =1= $1 2H $12 X Pass', 'Pass Pass']
"""

from __future__ import annotations

__all__ = [
    "notes_from_alerts",
    "read_auction",
    "read_note",
    "read_play",
    "write_auction",
    "write_notes",
    "write_play",
]

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

from bridgescore.core.errors import NotationError
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.auction import Auction, AuctionCall, Call, CallKind
from bridgescore.core.table.deal import Card, Deal
from bridgescore.core.table.play import Play, PlayedCard, Trick
from bridgescore.core.table.seats import Seat
from bridgescore.formats.pbn.lex import Token

_PIECE = re.compile(r"=[0-9]+=|\$[0-9]+|[!?]{1,2}|\^[ISRLisrl]|\*|\+|[A-Za-z0-9-]+|\S")
_ANNOTATION = re.compile(r"=[0-9]+=|\$[0-9]+|[!?]{1,2}")
_SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
_NOTE = re.compile(r"^\s*([0-9]+)\s*:(.*)$", re.DOTALL)

Problems = list[tuple[int, str]]
_Annotated = TypeVar("_Annotated", AuctionCall, PlayedCard)


def _tokens(text: str) -> list[Token]:
    return [Token(word, 1) for word in text.split()]


def _pieces(tokens: Sequence[Token], problems: Problems, section: str) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for token in tokens:
        if token.quoted:
            problems.append((token.line, f"[{section}]: a quoted string has no place here"))
            continue
        out.extend((piece, token.line) for piece in _PIECE.findall(token.text))
    return out


def read_note(value: str) -> tuple[int, str]:
    """A Note tag's value ``"<index>:<text>"``, the index 1 to 32.

    >>> read_note("2:two colors: clubs and diamonds")
    (2, 'two colors: clubs and diamonds')
    """
    match = _NOTE.match(value)
    index = None if match is None else parse_count(match.group(1), least=1)
    if match is None or index is None or index > 32:
        raise NotationError(value, "a note is written '<number 1-32>:<text>'")
    return index, match.group(2)


def _annotate(item: _Annotated, piece: str, offset: int) -> _Annotated:
    if piece.startswith("="):
        if item.note is not None:
            raise NotationError(piece, "a call or card has one note reference at most")
        note = parse_count(piece.strip("="))
        if note is None:
            raise NotationError(piece, "a note reference is =1= to =32=")
        return replace(item, note=note)
    value = parse_count(piece[1:]) if piece.startswith("$") else _SUFFIX_NAGS[piece] + offset
    if value is None or value > 255:
        raise NotationError(piece, "an annotation glyph is $0 to $255")
    return replace(item, nags=tuple(sorted((*item.nags, value))))


def _is_annotation(piece: str) -> bool:
    return _ANNOTATION.fullmatch(piece) is not None


def read_auction(first: Seat, tokens: Sequence[Token]) -> tuple[Auction, Problems]:
    """The auction section's tokens, the first column's seat from the Auction tag."""
    problems: Problems = []
    dealer = first
    calls: list[AuctionCall] = []
    insufficient = False
    for piece, line in _pieces(tokens, problems, "Auction"):
        try:
            if piece in ("*", "+"):
                break
            if _is_annotation(piece):
                if not calls:
                    raise NotationError(piece, "an annotation follows a call")
                calls[-1] = _annotate(calls[-1], piece, 0)
            elif piece == "-":
                if calls:
                    raise NotationError(piece, "'-' stands only before the dealer's first call")
                dealer = dealer.next()
            elif piece.upper() == "^I":
                insufficient = True
            elif piece.upper() == "AP":
                while not Auction(dealer, tuple(calls)).is_complete:
                    calls.append(AuctionCall(Call(CallKind.PASS)))
            else:
                made = AuctionCall(Call.parse(piece), insufficient=insufficient)
                Auction(dealer, (*calls, made))
                calls.append(made)
                insufficient = False
        except NotationError as error:
            problems.append((line, f"[Auction]: {error}"))
    return Auction(dealer, tuple(calls)), problems


def read_play(
    leader: Seat, tokens: Sequence[Token], deal: Deal | None = None
) -> tuple[Play, Problems]:
    """The play section's tokens: four cards a trick in seat columns from ``leader``; each card
    known to be in another hand of ``deal`` is a problem."""
    problems: Problems = []
    slots: list[PlayedCard | None] = []
    lines: list[int] = []
    seen: set[Card] = set()
    irregularity: str | None = None
    for piece, line in _pieces(tokens, problems, "Play"):
        try:
            if piece == "*":
                break
            if _is_annotation(piece):
                last = slots[-1] if slots else None
                if last is not None:
                    slots[-1] = _annotate(last, piece, 6)
            elif piece in ("-", "+"):
                slots.append(None)
                lines.append(line)
            elif piece.upper() in ("^R", "^L"):
                irregularity = piece[1].upper()
            else:
                card = Card.parse(piece)
                if card in seen:
                    raise NotationError(piece, "the card is played twice")
                seat = leader.next(len(slots))
                hand = None if deal is None else deal.hand(seat)
                if hand is not None and card not in hand.cards:
                    raise NotationError(piece, f"{seat.name.title()} does not hold this card")
                seen.add(card)
                slots.append(PlayedCard(card, irregularity=irregularity))
                lines.append(line)
                irregularity = None
        except NotationError as error:
            problems.append((line, f"[Play]: {error}"))
    if len(slots) > 52:
        problems.append((lines[52], "[Play]: more than 13 tricks"))
        del slots[52:]
    tricks = [
        Trick.of({leader.next(step): card for step, card in enumerate(slots[start : start + 4])})
        for start in range(0, len(slots), 4)
    ]
    return Play(leader, tuple(tricks)), problems


def _annotations(item: AuctionCall | PlayedCard) -> list[str]:
    note = [] if item.note is None else [f"={item.note}="]
    return note + [f"${nag}" for nag in sorted(item.nags)]


def _call_text(made: AuctionCall) -> str:
    prefix = ["^I"] if made.insufficient else []
    return " ".join([*prefix, str(made.call), *_annotations(made)])


def write_auction(auction: Auction) -> list[str]:
    """The auction's lines: four calls a line from the dealer, ``*`` if it is not complete."""
    texts = [_call_text(made) for made in auction.calls]
    lines = [" ".join(texts[start : start + 4]) for start in range(0, len(texts), 4)]
    if not auction.is_complete:
        lines.append("*")
    return lines


def _card_text(played: PlayedCard | None) -> str:
    if played is None:
        return "-"
    prefix = [] if played.irregularity is None else [f"^{played.irregularity}"]
    return " ".join([*prefix, str(played.card), *_annotations(played)])


def write_play(play: Play) -> list[str]:
    """The play's lines: a trick a line in seat columns from the leader, ``*`` before 13."""
    lines = [
        " ".join(_card_text(trick.card(play.leader.next(step))) for step in range(4))
        for trick in play.tricks
    ]
    if len(play.tricks) < 13:
        lines.append("*")
    return lines


def write_notes(notes: Mapping[int, str]) -> list[tuple[str, str]]:
    """The Note tags of a section: ``("Note", "<index>:<text>")`` in index order."""
    return [("Note", f"{index}:{notes[index]}") for index in sorted(notes)]


def notes_from_alerts(auction: Auction) -> tuple[Auction, list[str]]:
    """The auction with a note for each alerted or explained call that has none (the text is
    the explanation, or ``alert``); and what did not fit in PBN's 32 notes.

    >>> auction = Auction(Seat.NORTH, (AuctionCall(Call.parse("1C"), alert=True,
    ...                                             explanation="16+ any"),))
    >>> noted, dropped = notes_from_alerts(auction)
    >>> noted.calls[0].note, dict(noted.notes), dropped
    (1, {1: '16+ any'}, [])
    """
    notes = dict(auction.notes)
    calls: list[AuctionCall] = []
    dropped: list[str] = []
    for made in auction.calls:
        noted = made
        if (made.alert or made.explanation) and made.note is None:
            text = made.explanation or "alert"
            free = next((n for n in range(1, 33) if n not in notes), None)
            if free is None:
                dropped.append(f"{made.call}: {text}")
            else:
                notes[free] = text
                noted = replace(made, note=free)
        calls.append(noted)
    return replace(auction, calls=tuple(calls), notes=notes), dropped
