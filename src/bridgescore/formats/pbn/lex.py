r"""The PBN lexer: text to games, each a list of tags, tokens and comments with their lines.

It applies the file rules of PBN 2.1 (§2-3): ``%`` in column 1 escapes the line (the ones before
the first game are the file's header), a semi-empty line ends a game (except inside a ``{}``
comment), tag pairs ``[Name "value"]`` with ``\"`` and ``\\`` escapes may span lines, ``;``
comments run to the end of the line. Other text is cut into tokens (calls, cards, table elements,
quoted strings). Problems are ``(line, message)`` pairs; the reader names the file. A tag
value, string, token or comment with a control character or a bidirectional override (see
:func:`~bridgescore.formats.text.unsafe`) is a problem, and is kept with ``?`` in its place.

>>> lexed = lex('% PBN 2.1\n[Event "Club \\"night\\""] ; first\n[Board "1"]\n\n[Board "2"]\n')
>>> lexed.header
[(1, 'PBN 2.1')]
>>> [[str(item) for item in game] for game in lexed.games]
[['[Event "Club \\"night\\""]', '; first', '[Board "1"]'], ['[Board "2"]']]
"""

from __future__ import annotations

__all__ = ["Comment", "Item", "Lexed", "Tag", "Token", "escape", "lex"]

import re
from dataclasses import dataclass, field

from bridgescore.core.errors import quoted
from bridgescore.formats.text import masked, unsafe

# (possessive: a run of plain characters is one step, never backtracked into, so a tag of
# 20,000,000 characters takes its length in memory, not 160 times it)
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]++|\\[^\n])*+)"\s*\]')
_STRING = re.compile(r'"((?:[^"\\\n]++|\\[^\n])*+)"')
_TOKEN = re.compile(r'[^\s\[\]{};"]+')
_ESCAPE = re.compile(r"\\([\"\\])")
_BLANK = " \t\v\f"


def unescape(text: str) -> str:
    r"""A string token's text: ``\"`` is a quote, ``\\`` a backslash; other ``\`` stay as they are
    (column widths ``Score_NS\6R``, suit symbols ``\S``)."""
    return _ESCAPE.sub(lambda m: m.group(1), text)


def escape(text: str) -> str:
    r"""The string token for ``text``: quotes and backslashes escaped where reading needs it.

    >>> escape('say "hi"'), escape("Score_NS\\6R"), escape("a\\\\b"), escape("end\\")
    ('say \\"hi\\"', 'Score_NS\\6R', 'a\\\\\\b', 'end\\\\')
    """
    out: list[str] = []
    for index, char in enumerate(text):
        following = text[index + 1 : index + 2]
        if char == '"' or (char == "\\" and following in ("", '"', "\\")):
            out.append("\\" + char)
        else:
            out.append(char)
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Tag:
    name: str
    value: str
    line: int

    def __str__(self) -> str:
        return f'[{self.name} "{escape(self.value)}"]'


@dataclass(frozen=True, slots=True)
class Token:
    """A token outside tags: a call, a card, an annotation or a table element."""

    text: str
    line: int
    quoted: bool = False

    def __str__(self) -> str:
        return f'"{escape(self.text)}"' if self.quoted else self.text


@dataclass(frozen=True, slots=True)
class Comment:
    text: str
    line: int
    brace: bool = True

    def __str__(self) -> str:
        return f"{{{self.text}}}" if self.brace else f";{self.text}"


Item = Tag | Token | Comment


@dataclass
class Lexed:
    """The header lines (``%`` lines before the first game), the games and the problems."""

    header: list[tuple[int, str]] = field(default_factory=list)
    games: list[list[Item]] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)


class _Lexer:
    def __init__(self, text: str) -> None:
        self.text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
        self.pos = 0
        self.line = 1
        self.out = Lexed()
        self.game: list[Item] = []
        self.started = False

    def end_game(self) -> None:
        if any(not isinstance(item, Comment) for item in self.game):
            self.out.games.append(self.game)
            self.game = []

    def skip_line(self) -> None:
        end = self.text.find("\n", self.pos)
        self.pos = len(self.text) if end < 0 else end

    def line_start(self) -> bool:
        """Handle a ``%`` line or a semi-empty line at the start of a line; True if handled."""
        end = self.text.find("\n", self.pos)
        content = self.text[self.pos : len(self.text) if end < 0 else end]
        if content.startswith("%"):
            if not self.started:
                self.out.header.append((self.line, content[1:].strip()))
        elif content.strip(_BLANK) == "":
            self.end_game()
        else:
            return False
        self.pos += len(content)
        if self.pos < len(self.text):
            self.pos += 1
            self.line += 1
        return True

    def run(self) -> Lexed:
        text = self.text
        while self.pos < len(text):
            if (self.pos == 0 or text[self.pos - 1] == "\n") and self.line_start():
                continue
            char = text[self.pos]
            if char == "\n":
                self.line += 1
                self.pos += 1
            elif char.isspace():
                self.pos += 1
            elif char == "{":
                self.brace_comment()
            elif char == ";":
                end = text.find("\n", self.pos)
                end = len(text) if end < 0 else end
                body = self.checked(text[self.pos + 1 : end], "a comment ", lines=True)
                self.game.append(Comment(body, self.line, brace=False))
                self.pos = end
            elif char == "[":
                self.tag()
            elif char == '"':
                self.string()
            elif char in "]}":
                self.problem(f"a stray {char!r}")
                self.pos += 1
            else:
                match = _TOKEN.match(text, self.pos)
                assert match is not None
                self.game.append(Token(self.checked(match.group(0), ""), self.line))
                self.started = True
                self.pos = match.end()
        self.end_game()
        if self.game:
            self.out.games.append(self.game)
        return self.out

    def problem(self, message: str) -> None:
        self.out.problems.append((self.line, message))

    def checked(self, text: str, what: str, *, lines: bool = False) -> str:
        """``text`` with each unsafe character as ``?``, each reported (a comment's line ends
        and tabs are its own)."""
        reason = unsafe(text, lines=lines)
        if reason is None:
            return text
        self.problem(f"{what}{quoted(text)} {reason}")
        return masked(text, lines=lines)

    def brace_comment(self) -> None:
        close = self.text.find("}", self.pos + 1)
        if close < 0:
            self.problem("a comment '{' is never closed with '}'")
            close = len(self.text)
        body = self.text[self.pos + 1 : close]
        self.game.append(Comment(self.checked(body, "a comment ", lines=True), self.line))
        self.line += body.count("\n")
        self.pos = close + 1

    def tag(self) -> None:
        match = _TAG.match(self.text, self.pos)
        if match is None:
            self.problem('a tag is written [Name "value"]')
            self.skip_line()
            return
        name = match.group(1)
        value = self.checked(unescape(match.group(2)), f"[{name}]: ")
        self.game.append(Tag(name, value, self.line))
        self.started = True
        self.line += match.group(0).count("\n")
        self.pos = match.end()

    def string(self) -> None:
        match = _STRING.match(self.text, self.pos)
        if match is None:
            self.problem("a string '\"' is not closed on its line")
            self.skip_line()
            return
        self.game.append(Token(self.checked(unescape(match.group(1)), ""), self.line, quoted=True))
        self.started = True
        self.pos = match.end()


def lex(text: str) -> Lexed:
    """Cut PBN text into header lines and games (see the module docstring)."""
    return _Lexer(text).run()
