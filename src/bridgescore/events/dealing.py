"""Dealing sets of boards into files, and checking a dealt set against its revealed secret: what
``bridgescore deals generate`` and ``deals verify`` do.

A club deals at random (:func:`deal_sets` without a secret). A congress commits first
(:func:`make_secret` writes the secret and gives its hash to publish), deals from the secret and
a public value nobody knew when the hash was published (:func:`deal_sets` with both), and after
play publishes the secret: :func:`verify_file` deals the boards again and compares.

>>> secret = bytes.fromhex("ab" * 32)
>>> (first,) = deal_sets(parse_boards("1-4"), secret=secret, public="FTSE 8123.4")
>>> [r.board for r in first.records], first.header[1][:20]
([1, 2, 3, 4], 'commitment: sha256 9')
>>> parse_boards("1-3, 7, 9-10")
[1, 2, 3, 7, 9, 10]
"""

from __future__ import annotations

__all__ = [
    "DealtSet",
    "Verified",
    "deal_sets",
    "make_secret",
    "parse_boards",
    "read_secret",
    "set_paths",
    "verify_file",
    "write_sets",
]

import os
import re
from dataclasses import dataclass
from pathlib import Path

from bridgescore._version import __version__
from bridgescore.core.errors import FileFormatError, NotationError
from bridgescore.core.hands.dealing import (
    ALGORITHM,
    commitment,
    new_secret,
    parse_secret,
    random_deal,
    secret_deal,
)
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.numbers import parse_count
from bridgescore.formats import hands
from bridgescore.formats.atomic import write_text_atomic
from bridgescore.formats.hands import HandRecords
from bridgescore.formats.pbn.hands import records_to_pbn
from bridgescore.formats.text import read_text

_HEADER = re.compile(r"^(commitment|public value|set|method):\s*(.*)$")


def parse_boards(text: str) -> list[int]:
    """Board numbers written as ranges and single boards: ``1-32``, ``1-16, 21-24``."""
    boards: list[int] = []
    for part in text.replace(" ", "").split(","):
        low_text, dash, high_text = part.partition("-")
        low = parse_count(low_text, least=1)
        high = parse_count(high_text, least=1) if dash else low
        if low is None or high is None or high < low or high - low >= 1000:
            raise NotationError(text, "boards are written like 1-32 or 1-16,21-24")
        boards += [b for b in range(low, high + 1) if b not in boards]
    return boards


@dataclass(frozen=True, slots=True)
class DealtSet:
    """One set of dealt boards: its number (from 1), its records, and the header lines its PBN
    file carries (how it was dealt)."""

    number: int
    records: tuple[HandRecord, ...]
    header: tuple[str, ...]


def deal_sets(
    boards: list[int],
    sets: int = 1,
    *,
    secret: bytes | None = None,
    public: str | None = None,
) -> list[DealtSet]:
    """``sets`` sets of ``boards``: at random, or from a secret and a public value (both)."""
    if (secret is None) != (public is None):
        raise NotationError("", "dealing from a secret needs the public value too, and back")
    dealt: list[DealtSet] = []
    header: tuple[str, ...]
    for number in range(1, sets + 1):
        if secret is None or public is None:
            records = tuple(HandRecord(board, random_deal()) for board in boards)
            header = (
                f"method: random (the operating system's generator), bridgescore {__version__}",
            )
        else:
            records = tuple(
                HandRecord(board, secret_deal(secret, public, number, board)) for board in boards
            )
            header = (
                f"method: {ALGORITHM}, bridgescore {__version__}",
                f"commitment: sha256 {commitment(secret)}",
                f"public value: {public}",
                f"set: {number}",
            )
        dealt.append(DealtSet(number, records, header))
    return dealt


def set_paths(target: str | os.PathLike[str], sets: int) -> list[Path]:
    """Where each set goes: ``target`` for one set, ``name-1.pbn``, ``name-2.pbn``... for more."""
    path = Path(target)
    if sets == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{n}{path.suffix}") for n in range(1, sets + 1)]


def write_sets(
    dealt: list[DealtSet], target: str | os.PathLike[str], *, title: str | None = None
) -> list[Path]:
    """Write each set to its file (:func:`set_paths`), in the format of the extension; a PBN
    file gets the header lines (how it was dealt) and each board its ``DealId``."""
    paths = set_paths(target, len(dealt))
    file_format = hands.output_format(target)
    for dealt_set, path in zip(dealt, paths, strict=True):
        if file_format.name == "pbn":
            from bridgescore.formats import pbn
            from bridgescore.formats.pbn.write import latin_1

            event = {"Event": title} if title else {}
            written = records_to_pbn(list(dealt_set.records), event=event, header=dealt_set.header)
            write_text_atomic(path, latin_1(pbn.dumps(written)), encoding="latin-1")
        else:
            hands.dump(HandRecords(dealt_set.records, title=title), path)
    return paths


def make_secret(path: str | os.PathLike[str]) -> str:
    """Write a new secret (hexadecimal) to ``path``, which must not exist, and return the
    commitment to publish."""
    target = Path(path)
    if target.exists():
        raise FileFormatError(
            str(path), None, "already exists: a secret is made once, never replaced"
        )
    secret = new_secret()
    write_text_atomic(target, secret.hex() + "\n")
    return commitment(secret)


def read_secret(text_or_path: str) -> bytes:
    """A secret given as hexadecimal digits, or as the file :func:`make_secret` wrote."""
    path = Path(text_or_path)
    if path.is_file():
        return parse_secret(read_text(path))
    return parse_secret(text_or_path)


@dataclass(frozen=True, slots=True)
class Verified:
    """What :func:`verify_file` found: the boards that match, those that do not, whether the
    file's commitment is the secret's hash (``None``: the file has none), the set and public
    value used."""

    matching: tuple[int, ...]
    differing: tuple[int, ...]
    commitment_ok: bool | None
    deal_set: int
    public: str


def verify_file(
    path: str | os.PathLike[str],
    secret: bytes,
    *,
    public: str | None = None,
    deal_set: int | None = None,
) -> Verified:
    """Deal the boards of a dealt file again from the revealed secret and compare. The public
    value and the set number come from the file's header (PBN) unless given."""
    read = hands.load(path)
    recorded = _header(read)
    public = public if public is not None else recorded.get("public value")
    if public is None:
        raise FileFormatError(str(path), None, "the file does not say its public value: give it")
    number = deal_set if deal_set is not None else parse_count(recorded.get("set", "1")) or 1
    matching: list[int] = []
    differing: list[int] = []
    for record in read.records:
        again = secret_deal(secret, public, number, record.board)
        (matching if again == record.deal else differing).append(record.board)
    said = recorded.get("commitment")
    ok = None if said is None else said.split()[-1].lower() == commitment(secret)
    return Verified(tuple(matching), tuple(differing), ok, number, public)


def _header(read: HandRecords) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in read.pbn.header if read.pbn is not None else ():
        match = _HEADER.match(line.strip())
        if match:
            found.setdefault(match.group(1), match.group(2).strip())
    return found
