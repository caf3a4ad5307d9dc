"""The table cards a director prints when the session starts: each table's number, code and a
QR code of the log-on page with them filled in (segno makes the QR code as SVG), as a page or
a PDF (WeasyPrint)."""

from __future__ import annotations

__all__ = ["cards_response"]

from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import Response
from markupsafe import Markup

from bridgescore.server.domain.errors import ServerError
from bridgescore.server.web.access import club_of, public_base
from bridgescore.server.web.pages.common import TEMPLATES, page


def _qr(url: str) -> Markup:
    """The QR code of ``url`` as SVG that scales (a viewBox, no fixed size): the page sets its
    printed size."""
    import segno

    svg = segno.make(url, error="m").svg_inline(omitsize=True)
    return Markup(svg)  # segno writes the SVG itself, the URL escaped


def cards_response(request: Request, event_id: int, *, pdf: bool) -> Response:
    club = club_of(request)
    live = club.live(event_id)
    codes = club.codes(event_id)
    if not codes:
        raise ServerError("start the session first: the codes are made when it starts")
    base = public_base(request)
    per_page = 2 if request.query_params.get("per_page") == "2" else 4
    cards = []
    for place, code in codes.items():
        section, table = place
        query = urlencode({"event": event_id, "section": section, "table": table, "code": code})
        url = f"{base}/table?{query}"
        rounds = live.layout.rounds.get(place, ())
        card = {"section": section, "table": table, "code": code, "url": url, "qr": _qr(url)}
        cards.append({**card, "rounds": rounds})
    if not pdf:
        return page(request, "director_cards.html", live=live, cards=cards, per_page=per_page)
    from weasyprint import HTML

    html = TEMPLATES.get_template("director_cards.html").render(
        live=live, cards=cards, per_page=per_page, csrf="", version="", request=request
    )
    data = HTML(string=html, base_url=base).write_pdf()
    headers = {"Content-Disposition": f'inline; filename="event-{event_id}-table-cards.pdf"'}
    return Response(data, media_type="application/pdf", headers=headers)
