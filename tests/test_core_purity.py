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
    "click",
    "rich",
]


def test_importing_the_core_loads_no_third_party_package() -> None:
    code = "import sys, json, bridgescore.core; print(json.dumps(sorted(sys.modules)))"
    loaded = json.loads(
        subprocess.run(
            [sys.executable, "-c", code], check=True, capture_output=True, text=True
        ).stdout
    )
    assert [m for m in loaded if m.split(".")[0] in HEAVY] == []


def test_the_contract_command_does_not_load_heavy_libraries() -> None:
    code = (
        "import sys, json\n"
        "from click.testing import CliRunner\n"
        "from bridgescore.cli import app\n"
        "CliRunner().invoke(app, ['contract', '4S=', '--json'])\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    loaded = json.loads(
        subprocess.run(
            [sys.executable, "-c", code], check=True, capture_output=True, text=True
        ).stdout
    )
    heavy = [m for m in loaded if m.split(".")[0] in HEAVY[:-2]]
    assert heavy == []


def test_every_public_name_is_importable() -> None:
    import bridgescore
    import bridgescore.core

    for module in (bridgescore, bridgescore.core):
        missing = [name for name in module.__all__ if not hasattr(module, name)]
        assert missing == [], f"{module.__name__}.__all__ lists names it does not define"
