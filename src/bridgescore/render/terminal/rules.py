"""The presets of the pairs rules on the terminal: the list, and one preset's every setting."""

from __future__ import annotations

__all__ = ["SettingRow", "preset_settings", "preset_table", "presets_table"]

from collections.abc import Mapping
from dataclasses import dataclass, fields

from rich.table import Table

from bridgescore.core.pairs.presets import PRESETS, Preset, setting_text
from bridgescore.core.pairs.rules import PairsRules


@dataclass(frozen=True, slots=True)
class SettingRow:
    """One setting of a preset: its value, the option that gives it, whether the preset changes
    it from the defaults."""

    name: str
    value: str
    option: str
    changed: bool


def preset_settings(
    rules: PairsRules, preset: Preset, options: Mapping[str, str]
) -> list[SettingRow]:
    """Every setting of ``rules`` (the preset's), in the order of :class:`PairsRules`."""
    return [
        SettingRow(
            f.name,
            setting_text(f.name, getattr(rules, f.name)),
            options[f.name],
            f.name in preset.changes,
        )
        for f in fields(PairsRules)
    ]


def preset_table(preset: Preset, rows: list[SettingRow]) -> Table:
    """One preset: each setting, its value (``*`` where the preset changes it), its option."""
    table = Table(title=f"{preset.name}: {preset.description}", title_justify="left")
    table.add_column("Setting")
    table.add_column("Value")
    table.add_column("", width=1)
    table.add_column("Option")
    for row in rows:
        table.add_row(row.name.replace("_", " "), row.value, "*" if row.changed else "", row.option)
    return table


def presets_table() -> Table:
    """The presets ``--rules`` knows."""
    table = Table(title="Rules presets", title_justify="left")
    table.add_column("Name")
    table.add_column("What it is")
    for preset in PRESETS.values():
        table.add_row(preset.name, preset.description)
    return table
