"""The results pages as one PDF, laid out by WeasyPrint from the same templates as the site.

WeasyPrint (a dependency of bridgescore) and the pango libraries it loads are needed only
here, and imported only when a PDF is asked for.
"""

from __future__ import annotations

__all__ = ["render_pdf", "write_pdf"]

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bridgescore.core.errors import ReportError
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.formats.atomic import atomic_path, input_clash
from bridgescore.render.html.site import render_book


def _weasyprint() -> Any:
    try:
        import weasyprint
    except ImportError:
        raise ReportError("--pdf needs WeasyPrint: pip install weasyprint") from None
    except OSError as error:  # the pango or harfbuzz libraries it loads are missing
        raise ReportError(
            f"WeasyPrint cannot load its libraries ({error}); "
            "install pango: apt-get install libpango-1.0-0 libpangoft2-1.0-0"
        ) from None
    return weasyprint


def render_pdf(
    event: PairsEvent,
    path: str | os.PathLike[str],
    *,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
) -> int:
    """Write every results page of ``event`` to the PDF ``path``; return its number of pages.

    ``path`` may not be one of the ``inputs`` (the event's own file is one).
    """
    return write_pdf(render_book(event), path, inputs=[event.session.source, *inputs])


def write_pdf(
    book: str,
    path: str | os.PathLike[str],
    *,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
) -> int:
    """Lay out one HTML document (a site's book) as the PDF ``path``; return its page count.

    ``path`` may not be one of the ``inputs``: the files the pages were made from.
    """
    target = Path(path)
    clash = input_clash(target, inputs)
    if clash is not None:
        raise ReportError(f"{target}: cannot write the PDF: {clash}")
    weasyprint = _weasyprint()
    document = weasyprint.HTML(string=book, base_url=str(target.parent)).render()
    try:
        with atomic_path(target) as temporary:
            document.write_pdf(temporary)
    except OSError as error:
        reason = error.strerror or str(error)
        raise ReportError(f"{target}: cannot write the PDF: {reason}") from None
    return len(document.pages)
