"""Write the static results site of a scored pairs event with the Jinja2 templates.

The site is plain HTML and CSS, no JavaScript::

    index.html          event header, the ranking of each field, the boards, the downloads
    boards/N.html       board N: hand diagram, dealer, vulnerability and each section's traveller
    pairs/SLUG.html     a pair's score card (``3-ns``, ``a-3-ew``, ``5``)
    downloads/...       the event's files (traveller CSV, USEBIO; see :mod:`.downloads`)
    site.css, phone.css, print.css   the style sheets (phone.css for narrow screens, print.css
                        for paper), and favicon.svg

Everything is written into a new directory beside the target and moved into place at the end,
so a failed run never leaves half a site; an existing directory is replaced only when it is
empty or a site this module wrote, and then only the files it wrote go (see
:mod:`bridgescore.render.html.publish`). The output is deterministic: the same event gives the
same bytes.
"""

from __future__ import annotations

__all__ = [
    "MARKER",
    "Links",
    "ReportError",
    "environment",
    "publish",
    "render_book",
    "render_site",
    "render_teams_book",
    "render_teams_site",
    "stylesheet",
    "write_assets",
]

import contextlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
import markupsafe

from bridgescore._version import __version__
from bridgescore.core.errors import ReportError
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.table.traveller import EventInfo, Session
from bridgescore.render.html import forked
from bridgescore.render.html.downloads import DOWNLOADS, TEAMS_DOWNLOADS, Download, offered
from bridgescore.render.html.links import PairLink
from bridgescore.render.html.model import build_site
from bridgescore.render.html.publish import MARKER, publish
from bridgescore.render.html.views import SiteModel

if TYPE_CHECKING:  # (the teams modules are loaded only for a teams site)
    from bridgescore.core.teams.event import TeamsEvent
    from bridgescore.core.teams.standings import Standings
    from bridgescore.render.html.teams_model import TeamsSite

STYLESHEETS = ("site.css", "print.css")
"""The style sheets of the book (the PDF): the site's own and paper's."""
ASSETS = (*STYLESHEETS, "phone.css", "favicon.svg")


@dataclass(frozen=True, slots=True)
class Links:
    """Where the templates' links point: relative file URLs in the site, fragments in the book."""

    prefix: str = ""
    book: bool = False

    def index(self) -> str:
        return "#index" if self.book else f"{self.prefix}index.html"

    def ranking(self, anchor: str) -> str:
        return f"#{anchor}" if self.book else f"{self.prefix}index.html#{anchor}"

    def board(self, number: int, anchor: str | None = None) -> str:
        if self.book:
            return f"#{anchor or f'board-page-{number}'}"
        page = f"{self.prefix}boards/{number}.html"
        return f"{page}#{anchor}" if anchor else page

    def pair(self, pair: PairLink) -> str:
        return f"#pair-{pair.slug}" if self.book else f"{self.prefix}pairs/{pair.slug}.html"

    def pair_link(self, pair: PairLink) -> markupsafe.Markup:
        """A link to the pair's score card, its names in the title (a template writes
        ``{{ links.pair_link(pair) }}``; a site makes each pair's once, and shows it on every
        score card row of its opponents)."""
        return _pair_link(self, pair)

    def match(self, slug: str) -> str:
        return f"#match-{slug}" if self.book else f"{self.prefix}matches/{slug}.html"

    def asset(self, name: str) -> str:
        return f"{self.prefix}{name}"


@lru_cache(maxsize=8192)
def _pair_link(links: Links, pair: PairLink) -> markupsafe.Markup:
    """A pair's link as its pages show it, kept for the next row that shows it (a site's pairs
    from both of their places; bounded, since a server publishes site after site)."""
    names = f' title="{markupsafe.escape(pair.names)}"' if pair.names else ""
    href = markupsafe.escape(links.pair(pair))
    return markupsafe.Markup(  # escaped above
        f'<a class="pair-link" href="{href}"{names}>{markupsafe.escape(pair.label)}</a>'
    )


@cache
def environment() -> jinja2.Environment:
    """The Jinja2 environment: package templates, autoescaping on, undefined names are errors."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("bridgescore.render.html", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=_template_cache(),
    )
    env.filters["suits"] = _red_suits
    return env


@cache
def _template_cache() -> jinja2.BytecodeCache | None:
    """The templates compiled once and kept in the user's cache folder
    (``$XDG_CACHE_HOME/bridgescore/templates``, else ``~/.cache/bridgescore/templates``; each
    entry checked against its template's text); none when that folder cannot be made."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    folder = Path(base) / "bridgescore" / "templates"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK):
        return None
    return _TemplateCache(str(folder))


class _TemplateCache(jinja2.FileSystemBytecodeCache):
    """Jinja2's cache of compiled templates, which a full or read-only disk only slows down."""

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        with contextlib.suppress(OSError):  # (the template is compiled again next time)
            super().dump_bytecode(bucket)


def _red_suits(text: str) -> markupsafe.Markup:
    """Text with its red suit symbols marked for the style sheet (escaped first)."""
    escaped = str(markupsafe.escape(text))
    for symbol in ("♥", "♦"):
        escaped = escaped.replace(symbol, f'<span class="suit red">{symbol}</span>')
    return markupsafe.Markup(escaped)  # escaped above; only our own spans added


def stylesheet(name: str) -> str:
    """A style sheet (or asset) of the package, as text."""
    return (resources.files("bridgescore.render.html") / "static" / name).read_text("utf-8")


def _context(model: SiteModel | TeamsSite) -> dict[str, Any]:
    return {"model": model, "header": model.header, "version": __version__}


def _choose(downloads: Iterable[str] | None) -> list[Download[PairsEvent]]:
    if downloads is None:
        return list(DOWNLOADS.values())
    chosen = []
    for name in downloads:
        if name not in DOWNLOADS:
            known = ", ".join(DOWNLOADS)
            raise ReportError(f"there is no {name!r} download (there are: {known})")
        chosen.append(DOWNLOADS[name])
    return chosen


def _download_name(session: Session, download: Download[PairsEvent] | Download[Session]) -> str:
    stem = Path(session.source).stem if session.source and session.source[0] != "<" else ""
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in stem) or "event"
    return f"downloads/{safe}{download.suffix}"


def write_assets(root: Path) -> None:
    """The style sheets, the icon and the marker that says the directory is a site of ours."""
    for name in ASSETS:
        (root / name).write_text(stylesheet(name), encoding="utf-8")


def _write_pages(event: PairsEvent, downloads: list[Download[PairsEvent]], root: Path) -> None:
    """The pages and the downloads: the downloads and the board pages in a forked child, the
    index and the score cards here, each share building the part of the site model it shows
    (:mod:`.forked`; the same files either way)."""
    env = environment()
    templates = {n: env.get_template(f"{n}.html") for n in ("index", "board", "pair")}
    named = [(_download_name(event.session, d), d) for d in downloads]
    for folder in ("downloads", "boards", "pairs"):
        (root / folder).mkdir()
    nested = Links("../")
    whole = None if forked.can_fork() else build_site(event)  # (in turn: the model made once)

    def files_and_boards() -> None:
        for name, download in named:
            (root / name).write_bytes(download.write(event))
        model = whole or build_site(event, cards=False)
        context = _context(model)
        for board in model.boards:
            page = templates["board"].render(context, links=nested, page=board)
            (root / "boards" / f"{board.number}.html").write_text(page, encoding="utf-8")

    def index_and_cards() -> None:
        model = whole or build_site(event, boards=False)
        context = _context(model)
        offered = [{"label": d.label, "path": name} for name, d in named]
        page = templates["index"].render(context, links=Links(), downloads=offered)
        (root / "index.html").write_text(page, encoding="utf-8")
        for card in model.cards:
            page = templates["pair"].render(context, links=nested, card=card)
            (root / "pairs" / f"{card.pair.slug}.html").write_text(page, encoding="utf-8")
        write_assets(root)

    forked.side_by_side(index_and_cards, files_and_boards)


def _write_teams_pages(model: TeamsSite, session: Session, root: Path) -> None:
    env = environment()
    context = _context(model)
    (root / "downloads").mkdir()
    files = []
    for download in offered(TEAMS_DOWNLOADS.values(), session):
        name = _download_name(session, download)
        (root / name).write_bytes(download.write(session))
        files.append({"label": download.label, "path": name})
    page = env.get_template("teams.html").render(context, links=Links(), downloads=files)
    (root / "index.html").write_text(page, encoding="utf-8")
    (root / "matches").mkdir()
    for sheet in model.sheets:
        page = env.get_template("match.html").render(context, links=Links("../"), sheet=sheet)
        (root / "matches" / f"{sheet.slug}.html").write_text(page, encoding="utf-8")
    if model.boards:
        (root / "boards").mkdir()
    for board in model.boards:
        page = env.get_template("teams_board.html").render(context, links=Links("../"), page=board)
        (root / "boards" / f"{board.number}.html").write_text(page, encoding="utf-8")
    write_assets(root)


def render_site(
    event: PairsEvent,
    out_dir: str | os.PathLike[str],
    *,
    downloads: Iterable[str] | None = None,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
) -> Path:
    """Write the results site of ``event`` into ``out_dir``; return the path of its index.html.

    ``downloads`` names the files offered (keys of :data:`DOWNLOADS`); by default all of them.
    ``out_dir`` may not hold the event's file or any of ``inputs`` (the names file, say).
    """
    chosen = offered(_choose(downloads), event.session)
    pages = partial(_write_pages, event, chosen)
    return publish(out_dir, pages, inputs=[event.session.source, *inputs]) / "index.html"


def render_teams_site(
    event: TeamsEvent,
    table: Standings,
    out_dir: str | os.PathLike[str],
    *,
    info: EventInfo | None = None,
    hands: Session | None = None,
    source: str | None = None,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
) -> Path:
    """Write a teams event's site (standings, cross table, match sheets, downloads, and with
    ``hands``, a session holding the hand record, a page for each of its boards) into
    ``out_dir``, which may not hold the ``source`` file or any of ``inputs``: the event's
    details from ``info``; ``source`` (the results file) names the downloads."""
    from bridgescore.render.html.teams_model import build_teams_site

    model = build_teams_site(event, table, info, hands)
    session = _teams_session(event, info, hands, source)
    pages = partial(_write_teams_pages, model, session)
    return publish(out_dir, pages, inputs=[source, *inputs]) / "index.html"


def _teams_session(
    event: TeamsEvent,
    info: EventInfo | None,
    hands: Session | None,
    source: str | None,
) -> Session:
    """A teams event's travellers (both tables of every match, in file order), for downloads,
    with the hand record's deals and their analysis."""
    lines = [line for p in event.played for line in (*p.table1.values(), *p.table2.values())]
    lines.sort(key=lambda line: (line.line or 0, line.board))
    session = Session(tuple(lines), info=info or EventInfo(), source=source)
    return session.with_deals(hands.deals, hands.double_dummy) if hands else session


def _book(template: str, model: SiteModel | TeamsSite) -> str:
    css = "\n".join(stylesheet(name) for name in STYLESHEETS)
    return (
        environment()
        .get_template(template)
        .render(_context(model), links=Links(book=True), downloads=[], css=css)
    )


def render_teams_book(
    event: TeamsEvent,
    table: Standings,
    *,
    info: EventInfo | None = None,
    hands: Session | None = None,
) -> str:
    """Every page of a teams event's site in one HTML document (for the PDF)."""
    from bridgescore.render.html.teams_model import build_teams_site

    return _book("teams_book.html", build_teams_site(event, table, info, hands))


def render_book(event: PairsEvent) -> str:
    """Every page of the site in one HTML document (for the PDF), linked by fragments."""
    return _book("book.html", build_site(event))
