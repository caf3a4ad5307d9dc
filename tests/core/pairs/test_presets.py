"""The presets: each is the defaults with only what its body or program does differently, and
the conventions page tables them exactly as the code has them."""

from __future__ import annotations

from dataclasses import fields

from bridgescore.core.pairs.presets import PRESETS, setting_text
from bridgescore.core.pairs.rules import PairsRules
from tests.support.docs import page_text


def test_each_preset_changes_only_what_it_says() -> None:
    default = PairsRules()
    for name, preset in PRESETS.items():
        rules = PairsRules.preset(name)
        changed = {
            f.name for f in fields(PairsRules) if getattr(rules, f.name) != getattr(default, f.name)
        }
        assert changed == set(preset.changes), name
    assert PairsRules.preset("ebu") == PairsRules.preset("wbf") == default


def test_the_conventions_page_tables_the_presets_as_they_are() -> None:
    lines = page_text("conventions").splitlines()
    start = lines.index("| setting | " + " | ".join(PRESETS) + " |")
    rows = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        name, *values = (cell.strip() for cell in line.strip("|").split("|"))
        rows[name.replace(" ", "_")] = values
    shown = {"scale", "butler_drop", "datum_rounding", "datum", "board_precision"}
    shown |= {"short_boards", "weighted", "sit_out", "ties", "fixed_averages"}
    assert set(rows) == shown
    for setting, values in rows.items():
        expected = [setting_text(setting, getattr(PairsRules.preset(p), setting)) for p in PRESETS]
        assert values == expected, setting
    # what the table leaves out, every preset leaves at the default
    for f in fields(PairsRules):
        if f.name not in shown:
            assert all(f.name not in preset.changes for preset in PRESETS.values()), f.name
