"""``bridgescore rules list`` and ``bridgescore rules show NAME``: the presets ``--rules`` names,
each body's or program's settings of a pairs event's scoring."""

from __future__ import annotations

import click

from bridgescore.cli.options import emit_json, json_option
from bridgescore.core.pairs.presets import PRESETS

OPTIONS = {
    "method": "--method",
    "scale": "--scale",
    "expected": "--expected",
    "cross": "--cross",
    "butler_drop": "--butler-drop",
    "datum_rounding": "--datum-rounding",
    "fixed_averages": "--fixed-averages/--variable-averages",
    "average_imps": "--average-imps",
    "field": "--field",
    "compare": "--compare",
    "board_precision": "--board-precision",
    "short_boards": "--short-boards",
    "weighted": "--weighted",
    "datum": "--datum",
    "sit_out": "--sit-out-score",
    "ties": "--ties",
}
"""Each setting of the pairs rules and the option of ``score`` (and the other pairs commands)
that gives it."""


@click.group()
def rules() -> None:
    """The presets --rules names: how a body or a program scores a pairs event."""


@rules.command("list")
@json_option
def list_presets(as_json: bool) -> None:
    """List the presets with what each is."""
    if as_json:
        emit_json(
            {"presets": [{"name": p.name, "description": p.description} for p in PRESETS.values()]}
        )
        return
    from bridgescore.render.terminal.console import console
    from bridgescore.render.terminal.rules import presets_table

    console().print(presets_table())


@rules.command("show")
@click.argument("name", type=click.Choice(list(PRESETS), case_sensitive=False))
@json_option
def show(name: str, as_json: bool) -> None:
    """Print every setting of the preset NAME: its value, the option that changes it, and * where
    the preset differs from the defaults."""
    from bridgescore.core.pairs.presets import preset
    from bridgescore.core.pairs.rules import PairsRules
    from bridgescore.render.terminal.rules import preset_settings, preset_table

    chosen = preset(name)
    rows = preset_settings(PairsRules.preset(chosen.name), chosen, OPTIONS)
    if as_json:
        emit_json(
            {
                "name": chosen.name,
                "description": chosen.description,
                "settings": [
                    {"setting": r.name, "value": r.value, "option": r.option, "changed": r.changed}
                    for r in rows
                ],
            }
        )
        return
    from bridgescore.render.terminal.console import console

    console().print(preset_table(chosen, rows))
