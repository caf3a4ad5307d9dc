"""Table cards and personal guide cards of a movement, as an HTML page and as a PDF, from the
templates of the results site.

The page (``index.html`` with its style sheets) works on a phone; printed, or as the PDF, the
cards are four to an A4 page (``per_page``: or two, or one), the table cards first.
"""

from __future__ import annotations

__all__ = ["PER_PAGE", "cards_book", "render_cards", "render_cards_pdf"]

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bridgescore._version import __version__
from bridgescore.core.movements.cards import guide_cards, table_cards
from bridgescore.core.movements.movement import Movement
from bridgescore.render.html.publish import publish
from bridgescore.render.html.site import environment, stylesheet

_NOUN = {"individual": "Player", "teams": "Team"}

PER_PAGE = (4, 2, 1)
"""How many cards an A4 page may hold when printed (four by default)."""


def _context(movement: Movement, title: str | None, per_page: int) -> dict[str, Any]:
    if per_page not in PER_PAGE:
        raise ValueError(f"cards go 4, 2 or 1 to a page, not {per_page}")
    return {
        "per_page": per_page,
        "movement": movement,
        "title": title or movement.title,
        "tables": table_cards(movement),
        "guides": guide_cards(movement),
        "noun": _NOUN.get(movement.kind, "Pair"),
        "version": __version__,
    }


def render_cards(
    movement: Movement,
    out_dir: str | os.PathLike[str],
    *,
    title: str | None = None,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
    per_page: int = 4,
) -> Path:
    """Write the cards page into ``out_dir`` (created, or its files replaced when an earlier run
    wrote them; never over one of ``inputs``); return the path of its ``index.html``."""
    context = _context(movement, title, per_page)
    page = environment().get_template("cards.html").render(context, css="")

    def write(root: Path) -> None:
        (root / "index.html").write_text(page, encoding="utf-8")
        for name in ("site.css", "print.css", "cards.css", "favicon.svg"):
            (root / name).write_text(stylesheet(name), encoding="utf-8")

    return publish(out_dir, write, inputs=inputs) / "index.html"


def cards_book(movement: Movement, *, title: str | None = None, per_page: int = 4) -> str:
    """The cards as one HTML document with its styles inside, for the PDF."""
    css = "\n".join(stylesheet(name) for name in ("site.css", "print.css", "cards.css"))
    context = _context(movement, title, per_page)
    return environment().get_template("cards.html").render(context, css=css)


def render_cards_pdf(
    movement: Movement,
    path: str | os.PathLike[str],
    *,
    title: str | None = None,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
    per_page: int = 4,
) -> int:
    """Write the cards as a PDF, ``per_page`` cards an A4 page (never over one of ``inputs``);
    return the number of pages."""
    from bridgescore.render.html.pdf import write_pdf

    book = cards_book(movement, title=title, per_page=per_page)
    return write_pdf(book, path, inputs=inputs)
