"""The core needs only the standard library: importing it pulls in no third-party package."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = [
    "numpy",
    "polars",
    "pyarrow",
    "lxml",
    "jinja2",
    "sqlalchemy",
    "fastapi",
    "dask",
    "weasyprint",
    "playwright",
    "endplay",
    "click",
    "rich",
]


def modules_after(code: str, packages: list[str] = HEAVY) -> list[str]:
    """Which of ``packages`` a fresh interpreter has loaded after running ``code``."""
    code += "\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    loaded = json.loads(
        subprocess.run(
            [sys.executable, "-c", code], check=True, capture_output=True, text=True
        ).stdout
    )
    return sorted({m.split(".")[0] for m in loaded if m.split(".")[0] in packages})


def test_importing_the_core_loads_no_third_party_package() -> None:
    assert modules_after("import bridgescore.core") == []


def test_importing_bridgescore_loads_no_third_party_package() -> None:
    # the application layer's names are there too: reading files needs no heavy library
    code = "import bridgescore\nbridgescore.score_file, bridgescore.load, bridgescore.vp_scale"
    assert modules_after(code) == []


def test_the_contract_command_does_not_load_heavy_libraries() -> None:
    code = (
        "from click.testing import CliRunner\n"
        "from bridgescore.cli import app\n"
        "CliRunner().invoke(app, ['contract', '4S=', '--json'])"
    )
    assert modules_after(code, HEAVY[:-2]) == []  # click and rich it needs


def test_every_public_name_is_importable() -> None:
    import bridgescore

    missing = [name for name in bridgescore.__all__ if not hasattr(bridgescore, name)]
    assert missing == [], "bridgescore.__all__ lists names it does not define"
