"""A huge pairs event's pairs, totalled and ranked in columns, exactly as the pure engine ranks
them (:func:`~bridgescore.core.pairs.totals.rank_fields`).

:func:`pair_table` sums each pair's points exactly from the scored lines of
:func:`~bridgescore.fast.columnar.score_frame`; :func:`rank_pairs` ranks each field by groups
of pairs with the same totals, so a field of a million pairs is ranked on the few thousand
totals they have, and its entries are :class:`~bridgescore.core.pairs.standings.RankedRows`.
"""

from __future__ import annotations

__all__ = ["PLAIN_NUMBER", "pair_table", "rank_pairs"]

from collections.abc import Mapping, Sequence
from fractions import Fraction

import numpy as np
import polars as pl

from bridgescore.core.pairs.event import FieldRanking
from bridgescore.core.pairs.fields import FieldName, PairId, label_order
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.standings import Figures, RankedRows
from bridgescore.core.pairs.totals import PairTotal, rank_fields, rank_groups
from bridgescore.core.table.seats import Side
from bridgescore.fast.kernels import exact_numerators


def pair_table(scored: pl.DataFrame, units: Sequence[str] = ("section",)) -> pl.DataFrame:
    """Per pair (``units``, ``direction``, ``pair``): its exact total as ``numerator`` over
    ``over`` (one denominator for all, not reduced; whole numbers, as text when too big for
    64 bits), ``boards`` and ``top``."""
    unit = list(units)
    sides = [
        scored.select(
            *unit,
            pl.col(f"direction_{side}").alias("direction"),
            pl.col(f"{side}_pair").alias("pair"),
            pl.col(f"{side}_points").alias("points"),
            "denominator",
            "top",
        )
        for side in ("ns", "ew")
    ]
    long = pl.concat(sides)
    keys = [*unit, "direction", "pair"]
    long = long.with_columns(index=(pl.struct(keys).rank("dense") - 1).cast(pl.Int64))
    index = long["index"].to_numpy()
    # each pair's first line, its boards and the sum of its tops, by its index (0, 1, ...)
    _, first = np.unique(index, return_index=True)
    tops = long["top"].to_numpy()
    if tops.size == 0 or int(np.abs(tops).max()) * tops.size < 2**53:
        top = np.rint(np.bincount(index, weights=tops, minlength=first.size)).astype(np.int64)
    else:  # (sums a float could round: added in 64 bits)
        top = long.group_by("index").agg(pl.col("top").sum()).sort("index")["top"].to_numpy()
    table = (
        long[first]
        .select(keys)
        .with_columns(
            boards=pl.Series(np.bincount(index, minlength=first.size), dtype=pl.UInt32),
            top=pl.Series(top, dtype=pl.Int64),
        )
    )
    totals, common = exact_numerators(
        index,
        long["points"].to_numpy(),
        long["denominator"].to_numpy(),
        table.height,
    )
    fits = not totals or (min(totals) > -_INT64 and max(totals) < _INT64)
    if common < _INT64 and fits:
        numerator, over = pl.Series(totals, dtype=pl.Int64), pl.lit(common, dtype=pl.Int64)
    else:
        numerator, over = pl.Series([str(t) for t in totals]), pl.lit(str(common))
    return table.with_columns(numerator=numerator, over=over)


_INT64 = 2**63

PLAIN_NUMBER = r"^(0|[1-9][0-9]{0,17})$"
"""A label that is a plain number without leading zeros, of up to 18 digits: its value (64
bits) sorts it in natural order."""

_Shared = tuple[tuple[Figures, ...], tuple[tuple[int, bool], ...]]
"""A field's groups of pairs: each group's figures, and its place and whether it is shared."""


def rank_pairs(
    table: pl.DataFrame,
    rules: PairsRules,
    names: Mapping[str, str] | None = None,
    unit_names: Sequence[str] = ("section",),
) -> dict[tuple[object, ...], tuple[FieldRanking, ...]]:
    """Rank each field as the pure engine does; keyed by the units before ``section``.

    Pairs with the same totals are ranked as one group (:func:`rank_groups`), and a field's
    entries are :class:`RankedRows`, columns with no object for each pair; with ``names``
    every pair is ranked on its own by :func:`rank_fields`, which looks up its names.
    """
    if names:
        return _rank_each(table, rules, names, unit_names)
    fields = [*unit_names, "direction"]
    totals = ["numerator", "over", "boards", "top"]
    groups = (
        table.group_by(*fields, *totals)
        .agg(count=pl.len())
        .with_columns(group=pl.int_range(pl.len()).over(fields).cast(pl.Int64))
    )
    mp = rules.method is PairsMethod.MP
    ranked_groups = []
    found: dict[tuple[object, ...], list[tuple[tuple[object, ...], _Shared]]] = {}
    for key, rows in groups.sort("group").group_by(fields, maintain_order=True):
        given = [
            PairTotal(Fraction(int(numerator), int(over)), boards, Fraction(top) if mp else None)
            for numerator, over, boards, top in rows.select(totals).iter_rows()
        ]
        figures, placed = rank_groups(given, rows["count"].to_list(), rules)
        order = sorted(placed)  # by group
        ranked_groups.append(
            rows.select(
                *fields,
                "group",
                place=pl.Series([place for _, place, _ in order], dtype=pl.Int64),
            )
        )
        shared = (figures, tuple((place, tied) for _, place, tied in order))
        found.setdefault(tuple(key[:-2]), []).append((tuple(key), shared))
    if not ranked_groups:
        return {}
    members = table.join(groups, on=[*fields, *totals]).join(
        pl.concat(ranked_groups), on=[*fields, "group"]
    )
    sides = {"NS": Side.NS, "EW": Side.EW, "": None}
    members = _natural(members)
    # each field's order (by place, then label) as one number: a sort on one column is a
    # fraction of one on two (place and the label's rank are each below the pairs' count)
    size = members.height + 1
    natural = pl.col("natural").rank("dense").cast(pl.Int64)
    members = members.with_columns(order=pl.col("place") * size + natural)
    by_field = dict(members.partition_by(fields, as_dict=True, maintain_order=True))
    result: dict[tuple[object, ...], tuple[FieldRanking, ...]] = {}
    for outer, field_keys in found.items():
        rankings = []
        for key, (figures, places) in sorted(field_keys, key=lambda kf: _field_order(kf[0])):
            pairs = by_field[key].sort("order")
            *_, section, direction = key
            side = sides[str(direction)]
            entries = RankedRows(
                str(section) if section else None,
                side,
                pairs["pair"].to_list(),
                pairs["group"].to_list(),
                places,
                figures,
                ties=rules.ties,
            )
            field_name: FieldName = "ALL" if side is None else ("NS" if side is Side.NS else "EW")
            rankings.append(FieldRanking(entries.section, field_name, entries))
        result[outer] = tuple(rankings)
    return result


def _field_order(key: tuple[object, ...]) -> tuple[object, ...]:
    """Fields as the pure engine orders them (by section, then one field, NS, EW)."""
    *_, section, direction = key
    side = {"NS": Side.NS, "EW": Side.EW}.get(str(direction))
    return PairId("", side, str(section or "")).sort_key()[:2]


def _natural(members: pl.DataFrame) -> pl.DataFrame:
    """``natural``: a number for each pair that sorts its field's labels in their natural
    order (``2`` before ``10``): a label's value when every label is a plain number without
    leading zeros (the value is then unique), else its place by the pure key."""
    labels = members["pair"]
    if labels.str.contains(PLAIN_NUMBER).all():
        return members.with_columns(natural=labels.cast(pl.Int64))
    distinct = sorted(labels.unique().to_list(), key=label_order)
    position = {label: n for n, label in enumerate(distinct)}
    return members.with_columns(natural=labels.replace_strict(position, return_dtype=pl.Int64))


def _rank_each(
    table: pl.DataFrame,
    rules: PairsRules,
    names: Mapping[str, str],
    unit_names: Sequence[str],
) -> dict[tuple[object, ...], tuple[FieldRanking, ...]]:
    """Each pair's total given to :func:`rank_fields` (which names the pairs)."""
    mp = rules.method is PairsMethod.MP
    found: dict[tuple[object, ...], dict[PairId, PairTotal]] = {}
    columns = [*unit_names, "direction", "pair", "numerator", "over", "boards", "top"]
    tops: dict[int, Fraction] = {}  # (a few distinct sums of tops, each made a Fraction once)
    sides = {"NS": Side.NS, "EW": Side.EW, "": None}
    for *unit, direction, label, numerator, over, boards, top in table.select(columns).iter_rows():
        pair = PairId(label, sides[direction], unit[-1] or None)
        if mp and top not in tops:
            tops[top] = Fraction(top)
        found.setdefault(tuple(unit[:-1]), {})[pair] = PairTotal(
            Fraction(int(numerator), int(over)), boards, tops[top] if mp else None
        )
    return {outer: rank_fields(pairs, rules, names) for outer, pairs in found.items()}
