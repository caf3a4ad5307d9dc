"""DGE, Duplimate's deal file: a record of 128 bytes a board, the four hands as text.

A record holds North, East, South and West, each as 17 characters: a suit's sign followed by its
cards, highest first, for spades, hearts, diamonds and clubs (the signs are the DOS characters
6, 3, 4 and 5, the card symbols of code page 437; the ten is ``T``); 68 characters, then NUL
bytes to 128. Like BRI it has no board numbers: boards 1, 2, 3 ... in order.

>>> from bridgescore.core.table.deal import Deal
>>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> data = dumps([HandRecord(1, deal)])
>>> len(data), data[:17]
(128, b'\\x06AKQJ\\x03T98\\x04765\\x05432')
>>> loads(data, "board.dge")[0][0].deal == deal
True
"""

from __future__ import annotations

__all__ = ["HAND", "RECORD", "decode_deal", "dumps", "encode_deal", "loads"]

from collections.abc import Sequence

from bridgescore.core.errors import FileFormatError, NotationError, Problem
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.deal import SUITS_DOWN, Deal, Hand
from bridgescore.formats.hands.cards import SEATS, boards_in_records, consecutive_boards

RECORD = 128
HAND = 17
_SIGNS = {b"\x06"[0]: "S", b"\x03"[0]: "H", b"\x04"[0]: "D", b"\x05"[0]: "C"}
_SIGN_OF = {"S": b"\x06", "H": b"\x03", "D": b"\x04", "C": b"\x05"}


def encode_deal(deal: Deal) -> bytes:
    """The 68 characters of a complete deal."""
    out = b""
    for seat in SEATS:
        hand = deal.hand(seat)
        assert hand is not None
        for suit in SUITS_DOWN:
            out += _SIGN_OF[suit.letter] + hand.holding(suit).encode("ascii")
    return out


def decode_deal(text: bytes) -> Deal:
    """The deal of 68 characters (a :class:`NotationError` says what is wrong)."""
    shown = text.decode("latin-1")
    hands: list[str] = []
    suits: list[str] = []
    for byte in text:
        if byte in _SIGNS:
            if len(suits) == 4:
                hands.append(".".join(suits))
                suits = []
            suits.append("")
        elif not suits:
            raise NotationError(shown, "a DGE hand starts with a suit's sign")
        else:
            suits[-1] += chr(byte)
    hands.append(".".join(suits))
    if len(hands) != 4 or any(h.count(".") != 3 for h in hands):
        raise NotationError(shown, "a DGE deal is four hands of four suits")
    return Deal.of({seat: Hand.parse(hand) for seat, hand in zip(SEATS, hands, strict=True)})


def loads(data: bytes, source: str, *, first: int = 1) -> tuple[list[HandRecord], list[Problem]]:
    """The boards of a DGE file (numbered from ``first``), and the records that are not deals."""

    def decode(chunk: bytes) -> Deal:
        return decode_deal(chunk.rstrip(b" \0\r\n\x1a")[: 4 * HAND])

    return boards_in_records(data, source, RECORD, decode, first)


def dumps(records: Sequence[HandRecord], target: str = "<dge>") -> bytes:
    """The DGE file of boards 1, 2, 3 ... (each deal complete)."""
    first = consecutive_boards(records, target, "a DGE file")
    if first != 1:
        raise FileFormatError(target, None, f"a DGE file starts at board 1, not {first}")
    return b"".join(encode_deal(r.deal).ljust(RECORD, b"\0") for r in records)
