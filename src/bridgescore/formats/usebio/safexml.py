"""Parsing XML safely with lxml, and the few element helpers the reader needs.

Entities are never resolved, nothing is fetched from the network, the DTD is not loaded and
huge trees are refused, so a hostile file cannot read local files, call out or blow up in memory
(billion laughs): a file that declares or uses entities is refused with a located error. The
encoding is the one the file declares (UTF-8 when it declares none); a file that declares none
but is not UTF-8 is read as Windows-1252, as older club programs write it.

>>> root = parse(b'<?xml version="1.0"?><USEBIO Version="1.2"><CLUB/></USEBIO>', "a.xml")
>>> root.tag, [child.tag for child in elements(root)]
('USEBIO', ['CLUB'])
>>> parse(b"<USEBIO><CLUB></USEBIO>", "a.xml")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: a.xml:1: not well-formed XML: Opening and ending tag mismatch: CLUB line 1 and USEBIO
"""

from __future__ import annotations

__all__ = ["Element", "at", "child", "elements", "line_of", "parse", "text"]

import re
from collections.abc import Iterator

from lxml import etree

from bridgescore.core.errors import FileFormatError

Element = etree._Element

_DECLARATION = re.compile(rb"^\s*<\?xml[^>]*\?>")
_DECLARED_ENCODING = re.compile(rb"encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
_ENTITY = re.compile(r"<!ENTITY\b")
_ENTITY_BYTES = re.compile(rb"<!ENTITY\b")


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )


def _decoded(data: bytes) -> str | None:
    """Undeclared, non-UTF-8 bytes as Windows-1252 text (else ``None``: lxml decodes them)."""
    head = _DECLARATION.match(data)
    if head is not None and _DECLARED_ENCODING.search(head.group(0)):
        return None
    if data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        return None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")
    return None


def parse(data: bytes | str, source: str) -> Element:
    """The root element of an XML document; any problem is a located :class:`FileFormatError`."""
    if not data.strip():
        raise FileFormatError(source, None, "the file is empty")
    if isinstance(data, bytes):
        raw = _ENTITY_BYTES.search(data)
        if raw is not None:
            _refuse_entities(source, data.count(b"\n", 0, raw.start()) + 1)
        decoded = _decoded(data)
        if decoded is not None:
            data = decoded
    if isinstance(data, str):
        declared = _ENTITY.search(data)
        if declared is not None:
            _refuse_entities(source, data.count("\n", 0, declared.start()) + 1)
        # lxml refuses text that declares an encoding: blank the declaration, keeping the lines.
        stripped = data.lstrip("\ufeff \t\r\n")
        if stripped.startswith("<?xml") and "?>" in stripped:
            offset = len(data) - len(stripped)
            end = offset + stripped.index("?>") + 2
            data = data[:offset] + " " * (end - offset) + data[end:]
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as error:
        line = error.lineno if isinstance(error.lineno, int) and error.lineno > 0 else None
        message = str(error.msg).split(", line ")[0].strip() if error.msg else "not XML"
        raise FileFormatError(source, line, f"not well-formed XML: {message}") from None
    except (ValueError, LookupError) as error:
        raise FileFormatError(source, None, f"not XML: {error}") from None
    if root is None:
        raise FileFormatError(source, None, "not XML: there is no root element")
    for node in root.iter():
        if isinstance(node, etree._Entity):
            _refuse_entities(source, line_of(node))
    return root


def _refuse_entities(source: str, line: int | None) -> None:
    raise FileFormatError(
        source, line, "the file declares or uses XML entities; USEBIO files have none"
    )


def line_of(node: etree._Element) -> int | None:
    """The line an element starts on (``None`` if lxml does not know)."""
    line = node.sourceline
    return line if isinstance(line, int) else None


def elements(parent: Element, tag: str | None = None) -> Iterator[Element]:
    """The child elements (not comments), all or those named ``tag``."""
    for node in parent:
        if isinstance(node.tag, str) and (tag is None or node.tag == tag):
            yield node


def child(parent: Element, tag: str) -> Element | None:
    """The first child element named ``tag``."""
    return next(elements(parent, tag), None)


def text(parent: Element, tag: str) -> str | None:
    """The stripped text of the child ``tag``; ``None`` when it is missing or empty."""
    node = child(parent, tag)
    if node is None:
        return None
    value = "".join(str(part) for part in node.itertext()).strip()
    return value or None


def at(parent: Element, tag: str) -> Element:
    """The child ``tag`` if there is one (to locate a problem), else the parent itself."""
    found = child(parent, tag)
    return parent if found is None else found
