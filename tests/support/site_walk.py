"""Every page of a site proved in chromium at a phone's width (390 px): no broken local link,
no Python object's repr in the text or an attribute, no number cell wrapped; and, when asked,
no sideways scroll on the screens given (a phone's, a desktop's).

:func:`walk_site` loads each page once, from the start pages given, following the local links
within ``scope`` (a URL prefix: the site's folder); every other local link (a stylesheet, a
download, a page of the server outside the site) is fetched once to see that it is there. It
works on any site served over HTTP: a folder of files (:func:`walk_folder` serves one on
localhost and starts from each of its HTML files) or the club server's pages. What it finds:

* a broken local link: ``href`` or ``src`` whose page or file answers with an error, or whose
  ``#fragment`` is no ``id`` of the page it points to;
* a Python object's repr in the text or in an attribute: ``TeamsBoardPage(number=1, ...``,
  ``<Diagram object at 0x7f...>``, ``=<...``;
* a number cell wrapped: a figure (``97.80``, ``6.88-13.12``, ``1=``) or a word (``Rank``) in a
  table cell broken over two lines;
* with ``screens``: a page wider than the window on one of them
  (``document.documentElement.scrollWidth`` above ``window.innerWidth``), the page loaded once
  and laid out at each size in turn, from the size the page before left the window at.

Each problem names the page (relative to the scope) and what is wrong; the test asserts there
are none. A test may also ``look`` at each page at 390 px with a script of its own (what it
returns is kept, by page, for the test to judge) and have a phone's screenshot kept of some
(``shots``), in the same load of the page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag

from playwright.sync_api import BrowserContext, Page, ViewportSize

from tests.support.browser import served

PHONE: ViewportSize = {"width": 390, "height": 844}
DESK: ViewportSize = {"width": 1280, "height": 900}

REPRS = [
    re.compile(r"object at 0x[0-9a-fA-F]+"),
    re.compile(r"=<"),
    re.compile(r"\b[A-Z][A-Za-z]*\((?:[a-z_]+=|\))"),  # Page(number=1, ...), Session()
    re.compile(r"Page\("),
]
"""What a Python object's repr looks like in a page (``str()`` of a dataclass or an object)."""

_GATHER = r"""() => {
  const skip = new Set(["SCRIPT", "STYLE"]);
  const texts = [];
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!skip.has(node.parentElement.tagName)) texts.push(node.data);
  }
  const attributes = [];
  const links = [];
  for (const element of document.querySelectorAll("*")) {
    for (const attribute of element.attributes) {
      attributes.push(attribute.value);
    }
    for (const name of ["href", "src"]) {
      const raw = element.getAttribute(name);
      if (raw !== null && element.tagName !== "BASE") {
        links.push([raw, new URL(raw, document.baseURI).href]);
      }
    }
  }
  const ids = [...document.querySelectorAll("[id], a[name]")].map(e => e.id || e.name);
  const figure = /^[-+\u2212\u2013=\d.,:\/%\s]+$/;
  const wrapped = [];
  for (const cell of document.querySelectorAll("td, th")) {
    const inner = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = inner.nextNode(); node; node = inner.nextNode()) {
      const text = node.data.trim();
      if (!text || text.length > 24 || !(figure.test(text) && /\d/.test(text) || !/\s/.test(text))) {
        continue;
      }
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
      const tops = lines.map(r => r.top);
      if (lines.length > 1 && Math.max(...tops) - Math.min(...tops) > lines[0].height / 2) {
        wrapped.push(cell.textContent.trim());
      }
    }
  }
  return {texts, attributes, links, ids, wrapped};
}"""


@dataclass
class Walked:
    """What a walk saw: the pages loaded (URLs, in order), the problems found and what the
    walk's ``look`` returned on each page (by URL)."""

    scope: str
    pages: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    looks: dict[str, Any] = field(default_factory=dict)

    def shown(self, url: str) -> str:
        """A URL as a problem names it: relative to the scope when within it."""
        return url.removeprefix(self.scope) if url.startswith(self.scope) else url


def _origin(url: str) -> str:
    found = re.match(r"^https?://[^/]+", url)
    return found.group(0) if found else ""


def _short(text: str) -> str:
    return text if len(text) <= 80 else f"{text[:77]}..."


def _is_page(url: str) -> bool:
    path = url.split("?", maxsplit=1)[0]
    return path.endswith((".html", ".htm", "/")) or "." not in path.rsplit("/", 1)[-1]


@dataclass
class _Walk:
    """One walk under way: the pages to load, and what the pages loaded have shown."""

    context: BrowserContext
    walked: Walked
    queue: list[str]
    screens: Sequence[ViewportSize] = ()
    look: str | None = None
    shots: Mapping[str, Path] = field(default_factory=dict)
    linked: dict[str, tuple[str, str]] = field(default_factory=dict)
    """A page to load: the first page that links it, and the link as written."""
    ids: dict[str, set[str]] = field(default_factory=dict)
    fragments: list[tuple[str, str, str]] = field(default_factory=list)
    fetched: dict[str, int] = field(default_factory=dict)

    def broken(self, where: str, raw: str, status: int) -> None:
        self.walked.problems.append(
            f"{self.walked.shown(where)}: broken link {_short(raw)!r} (answers {status})"
        )

    def load(self, page: Page, url: str) -> None:
        """Load one page and check it; queue the pages it links that are not seen yet."""
        response = page.goto(url)
        status = response.status if response is not None else 0
        if not 200 <= status < 400:
            where, raw = self.linked.get(url, (url, url))
            self.broken(where, raw, status)
            return
        self.walked.pages.append(url)
        found, wide = self.lay_out(page, url)
        self.ids[url] = set(found["ids"])
        _check_page(self.walked, url, found)
        self.walked.problems += wide
        for raw, target in found["links"]:
            if _origin(target) == _origin(url):
                self.follow(url, raw, target)

    def follow(self, url: str, raw: str, target: str) -> None:
        """A local link of the page at ``url``: a page to walk, or a file to fetch once."""
        address, fragment = urldefrag(target)
        if fragment:
            self.fragments.append((url, address, fragment))
        if address.startswith(self.walked.scope) and _is_page(address):
            if address not in self.linked and address not in self.queue:
                self.linked[address] = (url, raw)
                self.queue.append(address)
            return
        if address not in self.fetched:
            self.fetched[address] = _fetch(self.context, address)
        if self.fetched[address] >= 400:
            self.broken(url, raw, self.fetched[address])

    def lay_out(self, page: Page, url: str) -> tuple[dict[str, Any], list[str]]:
        """What the page shows at a phone's width (:data:`_GATHER`; the walk's ``look`` and
        screenshot too), and its sideways scroll on each of the screens (problems, in the order
        of the screens). The page is laid out at each size once, starting with the size the
        window has (the page before left it there), so that a page costs one resize, not a
        resize out to the desktop and one back."""
        sizes = [PHONE, *(screen for screen in self.screens if screen != PHONE)]
        sizes.sort(key=lambda size: size != page.viewport_size)
        found: dict[str, Any] = {}
        wide: dict[int, str] = {}
        for size in sizes:
            if size != page.viewport_size:
                page.set_viewport_size(size)
            if size == PHONE:
                found = page.evaluate(_GATHER)
                if self.look is not None:
                    self.walked.looks[url] = page.evaluate(self.look)
                if url in self.shots:
                    page.screenshot(path=str(self.shots[url]), full_page=True)
            if size not in self.screens:
                continue
            scroll, inner = page.evaluate(
                "[document.documentElement.scrollWidth, window.innerWidth]"
            )
            if scroll > inner:
                where = self.walked.shown(url)
                wide[list(self.screens).index(size)] = (
                    f"{where}: {scroll} px wide at {size['width']} px"
                )
        return found, [wide[index] for index in sorted(wide)]

    def check_fragments(self) -> None:
        for url, address, fragment in self.fragments:
            if address in self.ids and fragment not in self.ids[address]:
                self.walked.problems.append(
                    f"{self.walked.shown(url)}: broken link to {self.walked.shown(address)}"
                    f"#{fragment} (no such id there)"
                )


def walk_site(
    context: BrowserContext,
    start: Sequence[str],
    *,
    scope: str | None = None,
    screens: Sequence[ViewportSize] = (),
    look: str | None = None,
    shots: Mapping[str, Path] | None = None,
) -> Walked:
    """Load every page reached from ``start`` within ``scope`` (by default the folder of the
    first start page) once and check it at 390 px (see the module docstring), on each of
    ``screens`` too; at 390 px, evaluate ``look`` (a script) on each page and keep a full
    page's screenshot of each page of ``shots`` (URL: file)."""
    walk = _Walk(
        context,
        Walked(scope or start[0].rsplit("/", 1)[0] + "/"),
        list(dict.fromkeys(urldefrag(url).url for url in start)),
        screens=screens,
        look=look,
        shots=shots or {},
    )
    page = context.new_page()
    page.set_viewport_size(PHONE)
    try:
        done: set[str] = set()
        while walk.queue:
            url = walk.queue.pop(0)
            if url not in done:
                done.add(url)
                walk.load(page, url)
    finally:
        page.close()
    walk.check_fragments()
    return walk.walked


def _fetch(context: BrowserContext, url: str) -> int:
    answer = context.request.get(url, max_redirects=5)
    try:
        return answer.status
    finally:
        answer.dispose()


def _check_page(walked: Walked, url: str, found: dict[str, list[str]]) -> None:
    where = walked.shown(url)
    for kind, values in (("text", found["texts"]), ("attribute", found["attributes"])):
        for value in values:
            for pattern in REPRS:
                match = pattern.search(value)
                if match is not None:
                    start = max(0, match.start() - 20)
                    walked.problems.append(
                        f"{where}: a Python object in the {kind}: {_short(value[start:])!r}"
                    )
                    break
    walked.problems += [
        f"{where}: the cell {text!r} takes two lines at 390 px" for text in found["wrapped"]
    ]


def walk_folder(
    context: BrowserContext,
    folder: Path,
    *,
    screens: Sequence[ViewportSize] = (),
    look: str | None = None,
    shots: Mapping[str, Path] | None = None,
) -> Walked:
    """Serve ``folder`` on localhost and walk it from each of its HTML files (so that a page
    no link reaches is proved too), on each of ``screens`` too; ``look`` and ``shots`` as for
    :func:`walk_site`, the shots' pages named relative to the folder."""
    pages = sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*.html"))
    assert pages, f"{folder} has no HTML page"
    with served(folder) as base:
        return walk_site(
            context,
            [base + page for page in pages],
            scope=base,
            screens=screens,
            look=look,
            shots={base + page: shot for page, shot in (shots or {}).items()},
        )
