"""Where things are on the results site: a pair's link and the slug of its score card page,
a board traveller's anchor.

>>> from bridgescore.core.table.seats import Side
>>> pairs = [PairId("3", Side.NS), PairId("1A"), PairId("1a"), PairId("2", section="1a")]
>>> list(pair_slugs(pairs).values())
['1a', '1a-3', '3-ns', '1a-2']
>>> board_anchor(7, None), board_anchor(7, "A")
('board-7', 'board-7-a')
"""

from __future__ import annotations

__all__ = ["PairLink", "board_anchor", "match_slug", "pair_slugs"]

import re
from collections.abc import Iterable
from dataclasses import dataclass

from bridgescore.core.pairs.fields import PairId
from bridgescore.core.teams.event import PlayedMatch


@dataclass(frozen=True, slots=True)
class PairLink:
    """A pair as shown in a table cell: its label and the page of its score card."""

    label: str
    names: str | None
    slug: str
    direction: str | None


def pair_slugs(pairs: Iterable[PairId]) -> dict[PairId, str]:
    """A distinct, file-name-safe slug for each pair (``3-ns``, ``a-3-ew``, ``5``)."""

    def base(pair: PairId) -> str:
        parts = [pair.section or "", pair.label, pair.direction.value if pair.direction else ""]
        cleaned = [re.sub(r"[^a-z0-9]+", "_", part.lower()).strip("_") for part in parts]
        return "-".join(part for part in cleaned if part) or "pair"

    ordered = sorted(set(pairs), key=PairId.sort_key)
    bases = [base(pair) for pair in ordered]
    taken = set(bases)
    slugs: dict[PairId, str] = {}
    seen: set[str] = set()
    for pair, wanted in zip(ordered, bases, strict=True):
        slug, n = wanted, 2
        while slug in seen or (slug != wanted and slug in taken):
            slug, n = f"{wanted}-{n}", n + 1
        taken.add(slug)
        seen.add(slug)
        slugs[pair] = slug
    return slugs


def board_anchor(number: int, section: str | None) -> str:
    """The id of a board's traveller: ``board-7``, or ``board-7-a`` in section A."""
    if section is None:
        return f"board-{number}"
    return f"board-{number}-" + re.sub(r"[^a-z0-9]+", "_", section.lower())


def match_slug(played: PlayedMatch) -> str:
    """A match sheet's file name: ``r1-1-2`` for round 1, team 1 at home to team 2."""
    match = played.match
    parts = [f"r{match.round}" if match.round is not None else "", match.home, match.away]
    cleaned = [re.sub(r"[^a-z0-9]+", "_", p.lower()).strip("_") for p in parts]
    return "-".join(p for p in cleaned if p)
