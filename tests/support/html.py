"""The results site's pages read back with lxml's HTML parser, typed: an XPath that finds
elements gives elements, one that finds attribute values or text gives strings (anything else
fails the test)."""

from __future__ import annotations

from pathlib import Path

import lxml.html
from lxml.html import HtmlElement


def parse(path: Path) -> HtmlElement:
    return lxml.html.fromstring(path.read_bytes())


def elements(root: HtmlElement, xpath: str) -> list[HtmlElement]:
    """The elements ``xpath`` finds under ``root``."""
    found = root.xpath(xpath)
    assert isinstance(found, list), f"{xpath} finds {found!r}, not elements"
    result: list[HtmlElement] = []
    for item in found:
        assert isinstance(item, HtmlElement), f"{xpath} finds {item!r}, not an element"
        result.append(item)
    return result


def strings(root: HtmlElement, xpath: str) -> list[str]:
    """The attribute values or text nodes ``xpath`` finds under ``root`` (``//a/@href``)."""
    found = root.xpath(xpath)
    assert isinstance(found, list), f"{xpath} finds {found!r}, not strings"
    result: list[str] = []
    for item in found:
        assert isinstance(item, str), f"{xpath} finds {item!r}, not a string"
        result.append(str(item))
    return result


def texts(root: HtmlElement, xpath: str) -> list[str]:
    """The text of each element ``xpath`` finds, stripped."""
    return [element.text_content().strip() for element in elements(root, xpath)]
