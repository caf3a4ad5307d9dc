"""The results site of a scored event: static HTML pages from Jinja2 templates.

``render_site(event, out_dir)`` writes the site; ``render_book(event)`` gives every page in one
document for the PDF (:mod:`bridgescore.render.html.pdf`). Jinja2 is needed here and nowhere in the
core.
"""

from __future__ import annotations

__all__ = [
    "DOWNLOADS",
    "Download",
    "render_book",
    "render_site",
    "render_teams_book",
    "render_teams_site",
]

from bridgescore.render.html.downloads import DOWNLOADS, Download
from bridgescore.render.html.site import (
    render_book,
    render_site,
    render_teams_book,
    render_teams_site,
)
