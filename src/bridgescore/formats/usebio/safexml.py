"""Parsing XML safely with lxml, and the few element helpers the reader needs.

Entities are never resolved, nothing is fetched from the network, the DTD is not loaded and
huge trees are refused, so a hostile file cannot read local files, call out or blow up in memory
(billion laughs): a file that declares or uses entities is refused with a located error, in
whatever encoding it is written (the parsed document's declarations are checked, not only its
bytes). The encoding is the one the file declares (UTF-8 when it declares none); a file that
declares none but is not UTF-8 is read as Windows-1252, as older club programs write it. No
text or attribute may hold a control character or a bidirectional override (see
:func:`~bridgescore.formats.text.unsafe`): every one is a located error.

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

import codecs
import re
from collections.abc import Iterator
from typing import Any, cast

from lxml import etree

from bridgescore.core.errors import FileFormatError, Problem
from bridgescore.formats.text import unsafe_field

Element = etree._Element

_DECLARATION = re.compile(rb"^\s*<\?xml[^>]*\?>")
_DECLARED_ENCODING = re.compile(rb"encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
_ENTITY = re.compile(r"<!ENTITY\b")
_WIDE = (  # how a document in UTF-32 or UTF-16 starts: a byte order mark, else "<" (XML §F.1)
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (b"\x00\x00\x00<", "utf-32-be"),
    (b"<\x00\x00\x00", "utf-32-le"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
    (b"\x00<", "utf-16-be"),
    (b"<\x00", "utf-16-le"),
)


def _as_text(data: bytes) -> str:
    """The document's text, near enough to find its markup: UTF-32 and UTF-16 by their start,
    any other encoding as Latin-1 (the markup of every ASCII-compatible encoding is ASCII)."""
    for start, encoding in _WIDE:
        if data.startswith(start):
            return data.decode(encoding, errors="replace")
    return data.decode("latin-1")


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
        text = _as_text(data)
        raw = _ENTITY.search(text)
        if raw is not None:
            _refuse_entities(source, text.count("\n", 0, raw.start()) + 1)
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
    _no_declared_entities(root, data, source)
    _no_unsafe_text(root, source)
    return root


def _no_declared_entities(root: Element, data: bytes | str, source: str) -> None:
    """Refuse a document whose internal DTD declares entities (general or parameter), however
    its bytes are encoded (``<!ENTITY`` in UTF-16 is not the bytes ``<!ENTITY``)."""
    info = root.getroottree().docinfo
    dtd = info.internalDTD
    if dtd is None or next(iter(cast(Any, dtd).iterentities()), None) is None:  # not in stubs
        return
    line = None
    if isinstance(data, bytes):
        try:
            data = data.decode(info.encoding or "utf-8")
        except (LookupError, UnicodeDecodeError):
            data = ""
    found = _ENTITY.search(data.lstrip("\ufeff"))
    if found is not None:
        line = data.lstrip("\ufeff").count("\n", 0, found.start()) + 1
    _refuse_entities(source, line)


def _no_unsafe_text(root: Element, source: str) -> None:
    """Refuse control characters and bidirectional overrides in texts and attributes."""
    problems = []
    for node in root.iter():
        if not isinstance(node.tag, str):
            continue
        fields = [
            (f"{node.tag} {name}", value)
            for name, value in node.attrib.items()
            if isinstance(name, str) and isinstance(value, str)
        ]
        if node.text is not None and len(node) == 0:
            fields.append((node.tag, node.text.strip()))
        unfit = unsafe_field(fields)
        if unfit is not None:
            problems.append(Problem(source, line_of(node), unfit))
    if problems:
        raise FileFormatError.from_problems(problems)


def _refuse_entities(source: str, line: int | None) -> None:
    raise FileFormatError(
        source, line, "the file declares or uses XML entities; USEBIO files have none"
    )


def line_of(node: etree._Element) -> int | None:
    """The line an element starts on (``None`` if lxml does not know)."""
    line = node.sourceline
    return line if isinstance(line, int) else None


def elements(parent: Element, tag: str | None = None) -> Iterator[Element]:
    """The child elements (not comments), all or those named ``tag`` (lxml picks them out: a
    plain ``tag`` names an element without a namespace, as ``node.tag == tag`` would)."""
    return parent.iterchildren(etree.Element if tag is None else tag)


def child(parent: Element, tag: str) -> Element | None:
    """The first child element named ``tag``."""
    return next(parent.iterchildren(tag), None)


def text(parent: Element, tag: str) -> str | None:
    """The stripped text of the child ``tag``; ``None`` when it is missing or empty."""
    node = child(parent, tag)
    if node is None:
        return None
    # (a leaf's text is all its text: most are leaves, read without walking them)
    value = (node.text or "") if len(node) == 0 else "".join(map(str, node.itertext()))
    return value.strip() or None


def at(parent: Element, tag: str) -> Element:
    """The child ``tag`` if there is one (to locate a problem), else the parent itself."""
    found = child(parent, tag)
    return parent if found is None else found
