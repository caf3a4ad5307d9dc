"""Dealing boards: every deal equally likely, from a cryptographic source, and verifiably.

A deal is the deal of a uniform number below 52!/(13!)^4 (:mod:`.numbering`); the number comes

* for a club, from the operating system's cryptographic generator (:func:`random_deal`):
  nobody, not even the program, can know or repeat it;
* for a congress, from a secret and a public value (:func:`secret_deal`): HMAC-SHA256 keyed
  with the secret, over the public value, the set and the board, 256 bits at a time, a draw
  at or above the largest multiple of 52!/(13!)^4 thrown away so that no deal is likelier
  than another. The organiser publishes :func:`commitment` of the secret before the public
  value is known (a share index's closing figure on a stated day, say), deals, and reveals
  the secret after play: anyone can then deal the same boards and compare.

No seed of 32 or 64 bits is used anywhere, and nothing shapes or selects a deal.

>>> secret = bytes.fromhex("00" * 31 + "01")
>>> commitment(secret)
'ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5'
>>> deal = secret_deal(secret, "FTSE 100 close 2026-11-19: 8123.4", 1, board=1)
>>> deal == secret_deal(secret, "FTSE 100 close 2026-11-19: 8123.4", 1, board=1)
True
>>> deal == secret_deal(secret, "FTSE 100 close 2026-11-19: 8123.4", 2, board=1)
False
>>> random_deal() != random_deal()  # two deals alike: one chance in 5 x 10^28
True
"""

from __future__ import annotations

__all__ = [
    "ALGORITHM",
    "commitment",
    "new_secret",
    "parse_secret",
    "random_deal",
    "secret_deal",
    "secret_number",
]

import hashlib
import hmac
import secrets

from bridgescore.core.errors import NotationError
from bridgescore.core.hands.numbering import DEALS, deal_of
from bridgescore.core.table.deal import Deal

ALGORITHM = "hmac-sha256-pavlicek-v1"
"""The name of the verifiable method, written in the files it deals (a change of method is a new
name, so old files can still be checked)."""

_LIMIT = (1 << 256) // DEALS * DEALS
"""Draws below this are used (``draw % DEALS``); the few above it are thrown away."""


def random_deal() -> Deal:
    """A deal from the operating system's cryptographic generator."""
    return deal_of(secrets.randbelow(DEALS))


def new_secret() -> bytes:
    """A new secret of 256 bits from the cryptographic generator."""
    return secrets.token_bytes(32)


def parse_secret(text: str) -> bytes:
    """A secret written as hexadecimal digits (at least 32 of them: 128 bits).

    >>> len(parse_secret("0f" * 32))
    32
    """
    body = "".join(text.split())
    try:
        secret = bytes.fromhex(body)
    except ValueError:
        raise NotationError(text[:16], "a secret is written in hexadecimal digits") from None
    if len(secret) < 16:
        raise NotationError(text[:16], "a secret has 128 bits (32 hexadecimal digits) at least")
    return secret


def commitment(secret: bytes) -> str:
    """The SHA-256 hash of the secret, in hexadecimal: published before the deals are known."""
    return hashlib.sha256(secret).hexdigest()


def secret_number(secret: bytes, public: str, deal_set: int, board: int) -> int:
    """The deal number of a board of a set from the secret and the public value."""
    for counter in range(1_000):
        message = f"{ALGORITHM}\n{public}\n{deal_set}\n{board}\n{counter}".encode()
        draw = int.from_bytes(hmac.new(secret, message, hashlib.sha256).digest(), "big")
        if draw < _LIMIT:
            return draw % DEALS
    raise AssertionError("a thousand draws above the limit: HMAC-SHA256 is broken")


def secret_deal(secret: bytes, public: str, deal_set: int, board: int) -> Deal:
    """The deal of a board of a set from the secret and the public value (see the module)."""
    return deal_of(secret_number(secret, public, deal_set, board))
