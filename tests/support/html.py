"""The results site's pages read back with lxml's HTML parser, typed: an XPath that finds
elements gives elements, one that finds attribute values or text gives strings (anything else
fails the test)."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import lxml.html
from lxml.html import HtmlElement

Found = TypeVar("Found")


def parse(path: Path) -> HtmlElement:
    return lxml.html.fromstring(path.read_bytes())


def _found(root: HtmlElement, xpath: str, kind: type[Found]) -> list[Found]:
    """What ``xpath`` finds under ``root``, each of it a ``kind``."""
    found = root.xpath(xpath)
    assert isinstance(found, list), f"{xpath} finds {found!r}, not a list"
    result: list[Found] = []
    for item in found:
        assert isinstance(item, kind), f"{xpath} finds {item!r}, not a {kind.__name__}"
        result.append(item)
    return result


def elements(root: HtmlElement, xpath: str) -> list[HtmlElement]:
    """The elements ``xpath`` finds under ``root``."""
    return _found(root, xpath, HtmlElement)


def strings(root: HtmlElement, xpath: str) -> list[str]:
    """The attribute values or text nodes ``xpath`` finds under ``root`` (``//a/@href``)."""
    return [str(item) for item in _found(root, xpath, str)]


def texts(root: HtmlElement, xpath: str) -> list[str]:
    """The text of each element ``xpath`` finds, stripped."""
    return [element.text_content().strip() for element in elements(root, xpath)]
