"""The checks of a session file's values, each mistake said with the file and the key it is
under (``sections[1].tables``): texts (printable, of a sensible length), counts, tables, keys.

>>> Checker("t.toml").text("Ann\\x1b[2J", "title")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: t.toml: title: 'Ann\\x1b[2J' has a control character (U+001B)
"""

from __future__ import annotations

__all__ = ["LONGEST", "Checker", "shown"]

from typing import Any

from bridgescore.core.errors import FileFormatError, quoted
from bridgescore.formats.text import unsafe

LONGEST = 200
"""The most characters a text of a session file may have (a name, a title, a file's name)."""


class Checker:
    """Checks values against what the schema says, naming the key of each mistake."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, message: str) -> FileFormatError:
        return FileFormatError(self.source, None, f"{where}: {message}")

    def text(self, value: object, where: str) -> str:
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise self.fail(where, f"a text, not {shown(value)}")
        text = str(value).strip()
        if not text:
            raise self.fail(where, "is empty")
        if len(text) > LONGEST:
            raise self.fail(where, f"is {len(text):,} characters long: at most {LONGEST}")
        reason = unsafe(text)
        if reason is not None:
            raise self.fail(where, f"{quoted(text)} {reason}")
        return text

    def texts(self, value: object, where: str) -> tuple[str, ...]:
        if isinstance(value, str):
            return (self.text(value, where),)
        if not isinstance(value, list):
            raise self.fail(where, f"a text or a list of texts, not {value!r}")
        return tuple(self.text(item, f"{where}[{i}]") for i, item in enumerate(value))

    def count(self, value: object, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise self.fail(where, f"a whole number from 1, not {value!r}")
        return value

    def table(self, value: object, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, "a table of keys")
        return value

    def keys(self, data: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            place = f"{where}.{unknown[0]}" if where else unknown[0]
            raise self.fail(place, f"unknown key (the keys here are {', '.join(allowed)})")


def shown(value: object) -> str:
    """A value as a message shows it: at most a line's worth."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."
