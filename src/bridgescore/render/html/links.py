"""Where things are on the results site: a pair's link and the slug of its score card page,
a board traveller's anchor, and slugs that are distinct file names whatever the labels are.

>>> from bridgescore.core.table.seats import Side
>>> pairs = [PairId("3", Side.NS), PairId("1A"), PairId("1a"), PairId("2", section="1a")]
>>> list(pair_slugs(pairs).values())
['1a', '1a-3', '3-ns', '1a-2']
>>> board_anchor(7, None), board_anchor(7, "A")
('board-7', 'board-7-a')
"""

from __future__ import annotations

__all__ = ["PairLink", "board_anchor", "match_slug", "pair_slugs", "slug_part", "unique_slugs"]

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bridgescore.core.pairs.fields import PairId

if TYPE_CHECKING:  # (a pairs site does not import the teams engine)
    from bridgescore.core.teams.event import PlayedMatch


@dataclass(frozen=True, slots=True)
class PairLink:
    """A pair as shown in a table cell: its label and the page of its score card."""

    label: str
    names: str | None
    slug: str
    direction: str | None


def slug_part(text: str) -> str:
    """``text`` as part of a file name: lower-case ASCII letters and digits, runs of anything
    else as ``_`` (accents dropped; a name in another script may leave nothing).

    >>> slug_part("Lions v. Tigers"), slug_part("Équipe Noël"), slug_part("Жуки")
    ('lions_v_tigers', 'equipe_noel', '')
    """
    if text.isascii() and text.isalnum():  # (a pair's number, a section's letter)
        return text.lower()
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "_", plain.lower()).strip("_")


def unique_slugs(wanted: Sequence[str]) -> list[str]:
    """A distinct slug for each wanted one, in order: the first keeps its slug, a later one
    equal to it (or to any wanted) gets ``-2``, ``-3``... (file names differ in any file system,
    whatever its case rules).

    >>> unique_slugs(["r1-lions", "r1", "r1", "r1-2", "r1-lions"])
    ['r1-lions', 'r1', 'r1-3', 'r1-2', 'r1-lions-2']
    """
    taken = set(wanted)
    seen: set[str] = set()
    slugs = []
    for base in wanted:
        slug, n = base, 2
        while slug in seen or (slug != base and slug in taken):
            slug, n = f"{base}-{n}", n + 1
        taken.add(slug)
        seen.add(slug)
        slugs.append(slug)
    return slugs


def pair_slugs(pairs: Iterable[PairId]) -> dict[PairId, str]:
    """A distinct, file-name-safe slug for each pair (``3-ns``, ``a-3-ew``, ``5``)."""

    def base(pair: PairId) -> str:
        parts = [pair.section or "", pair.label, pair.direction.value if pair.direction else ""]
        return "-".join(part for part in map(slug_part, parts) if part) or "pair"

    ordered = sorted(set(pairs), key=PairId.sort_key)
    return dict(zip(ordered, unique_slugs([base(pair) for pair in ordered]), strict=True))


def board_anchor(number: int, section: str | None) -> str:
    """The id of a board's traveller: ``board-7``, or ``board-7-a`` in section A."""
    if section is None:
        return f"board-{number}"
    return f"board-{number}-" + re.sub(r"[^a-z0-9]+", "_", section.lower())


def match_slug(played: PlayedMatch) -> str:
    """A match sheet's wanted file name: ``r1-1-2`` for round 1, team 1 at home to team 2;
    :func:`unique_slugs` tells apart those that come out alike (names in another script, or
    differing only in case)."""
    match = played.match
    parts = [f"r{match.round}" if match.round is not None else "", match.home, match.away]
    return "-".join(p for p in map(slug_part, parts) if p) or "match"
