"""Table cards and personal guide cards of a movement, as an HTML page and as a PDF (one card
an A4 page), from the templates of the results site.

The page (``index.html`` with its style sheets) works on a phone; printed, or as the PDF, each
card is a page of its own.
"""

from __future__ import annotations

__all__ = ["cards_book", "render_cards", "render_cards_pdf"]

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


def _context(movement: Movement, title: str | None) -> dict[str, Any]:
    return {
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
) -> Path:
    """Write the cards page into ``out_dir`` (created, or its files replaced when an earlier run
    wrote them; never over one of ``inputs``); return the path of its ``index.html``."""
    page = environment().get_template("cards.html").render(_context(movement, title), css="")

    def write(root: Path) -> None:
        (root / "index.html").write_text(page, encoding="utf-8")
        for name in ("site.css", "print.css", "cards.css", "favicon.svg"):
            (root / name).write_text(stylesheet(name), encoding="utf-8")

    return publish(out_dir, write, inputs=inputs) / "index.html"


def cards_book(movement: Movement, *, title: str | None = None) -> str:
    """The cards as one HTML document with its styles inside, for the PDF."""
    css = "\n".join(stylesheet(name) for name in ("site.css", "print.css", "cards.css"))
    return environment().get_template("cards.html").render(_context(movement, title), css=css)


def render_cards_pdf(
    movement: Movement,
    path: str | os.PathLike[str],
    *,
    title: str | None = None,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
) -> int:
    """Write the cards as a PDF, one card an A4 page (never over one of ``inputs``); return the
    number of pages."""
    from bridgescore.render.html.pdf import write_pdf

    return write_pdf(cards_book(movement, title=title), path, inputs=inputs)
