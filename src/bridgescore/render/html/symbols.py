"""Text with a suit symbol, for the pages to colour: a contract (``4♥X``), an opening lead
(``♦10``), a card's rank as printed (``10`` for ``T``).

>>> Symbolic.contract(Contract.parse("4HX"))
Symbolic(before='4', symbol='♥', red=True, after='X')
>>> Symbolic.card("D10").text, Symbolic.card("?").text, Symbolic.contract(Contract.parse("3NT")).text
('♦10', '?', '3NT')
"""

from __future__ import annotations

__all__ = ["Symbolic", "card_rank"]

from dataclasses import dataclass

from markupsafe import escape

from bridgescore.core.errors import NotationError
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.deal import Card
from bridgescore.core.table.strain import Strain


def card_rank(letter: str) -> str:
    """A card's rank as the pages print it: ``10`` for ``T``, any other letter as it is.

    >>> card_rank("T"), card_rank("Q")
    ('10', 'Q')
    """
    return "10" if letter == "T" else letter


@dataclass(frozen=True, slots=True)
class Symbolic:
    """Text around at most one suit symbol: ``4`` ``♥`` ``X``; the symbol is red or black."""

    before: str
    symbol: str = ""
    red: bool = False
    after: str = ""

    @property
    def text(self) -> str:
        return f"{self.before}{self.symbol}{self.after}"

    def __html__(self) -> str:
        """The text as the pages show it (a template writes ``{{ contract }}``): escaped, the
        symbol in a span the style sheet colours.

        >>> Symbolic.contract(Contract.parse("4HX")).__html__()
        '4<span class="suit red">♥</span>X'
        """
        if not self.symbol:
            return str(escape(self.text))
        kind = "suit red" if self.red else "suit"
        return f'{escape(self.before)}<span class="{kind}">{self.symbol}</span>{escape(self.after)}'

    @classmethod
    def contract(cls, contract: Contract) -> Symbolic:
        """``4♠X``; ``3NT`` and ``PASS`` have no symbol."""
        strain = contract.strain
        if strain is None or strain is Strain.NOTRUMP:
            return cls(contract.symbol)
        red = strain in (Strain.HEARTS, Strain.DIAMONDS)
        return cls(str(contract.level), strain.symbol, red, str(contract.doubling))

    @classmethod
    def card(cls, text: str | None) -> Symbolic:
        """An opening lead as written (``SA``, ``H10``); kept as it is when it is not a card."""
        if not text:
            return cls("")
        try:
            card = Card.parse(text)
        except NotationError:
            return cls(text)
        return cls("", card.suit.symbol, card.suit.is_red, card_rank(card.rank_letter))
