"""Who may do what: director passwords (argon2), log-on tokens, table codes, CSRF tokens for
the pages' forms and a rate limit on log-on attempts.

A token is a random secret handed to the device once; the database keeps only its SHA-256
digest, so a copy of the database logs nobody on. A table code is six characters a player can
read off a card and type on a phone (no 0/O or 1/I/L to confuse).

>>> hashed = hash_password("correct horse")
>>> verify_password(hashed, "correct horse"), verify_password(hashed, "wrong")
(True, False)
>>> len(table_code()), digest("abc") == digest("abc")
(6, True)
>>> limiter = RateLimit(attempts=2, seconds=60)
>>> limiter.failed("10.0.0.1", now=0.0); limiter.allow("10.0.0.1", now=0.5)
True
>>> limiter.failed("10.0.0.1", now=1.0); limiter.allow("10.0.0.1", now=2.0)
False
>>> limiter.allow("10.0.0.1", now=70.0)
True
"""

from __future__ import annotations

__all__ = [
    "CODE_LETTERS",
    "RateLimit",
    "csrf_token",
    "digest",
    "hash_password",
    "new_token",
    "same_csrf",
    "table_code",
    "verify_password",
]

import hashlib
import hmac
import secrets
import threading
import time
from collections import deque

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The letters of a table code: none that reads as another (0/O, 1/I/L)."""


def hash_password(password: str) -> str:
    """The argon2id hash of ``password`` (argon2-cffi's defaults)."""
    from argon2 import PasswordHasher

    return PasswordHasher().hash(password)


def verify_password(hashed: str, password: str) -> bool:
    """Whether ``password`` is the one ``hashed`` was made from."""
    from argon2 import PasswordHasher
    from argon2.exceptions import InvalidHashError, VerificationError

    try:
        return PasswordHasher().verify(hashed, password)
    except (VerificationError, InvalidHashError):
        return False


def new_token() -> str:
    """A fresh log-on token (256 random bits)."""
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def table_code() -> str:
    """A fresh six-letter table code."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(6))


def csrf_token(key: str, token: str) -> str:
    """The CSRF token of a logged-on browser: an HMAC of its log-on token under the server's
    key, put in every form and checked on every post."""
    return hmac.new(key.encode(), token.encode(), hashlib.sha256).hexdigest()


def same_csrf(key: str, token: str, given: str) -> bool:
    return hmac.compare_digest(csrf_token(key, token), given)


class RateLimit:
    """At most ``attempts`` failed log-ons per ``seconds`` from one place (an address, or a
    table being guessed at): a whole club logging on from behind one router is never
    slowed, a guesser is."""

    def __init__(self, attempts: int = 10, seconds: float = 60.0) -> None:
        self.attempts, self.seconds = attempts, seconds
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, where: str, moment: float) -> deque[float]:
        seen = self._seen.setdefault(where, deque())
        while seen and seen[0] <= moment - self.seconds:
            seen.popleft()
        return seen

    def allow(self, where: str, now: float | None = None) -> bool:
        """Whether another attempt from ``where`` may be tried now."""
        moment = time.monotonic() if now is None else now
        with self._lock:
            return len(self._recent(where, moment)) < self.attempts

    def failed(self, where: str, now: float | None = None) -> None:
        """Count a failed attempt from ``where``."""
        moment = time.monotonic() if now is None else now
        with self._lock:
            self._recent(where, moment).append(moment)
