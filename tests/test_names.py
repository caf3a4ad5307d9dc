"""Every module (and name in one) that a docstring or a documentation page names exists: the
house as it is described is the house as it is. Modules are named by their dotted path
(``bridgescore.formats.pbn.lex``, never a bare ``pbn_lex``):
``bridgescore.core.pairs.score.score_session`` is looked up attribute by attribute from its
longest importable module; a source path ``bridgescore/fast/select.py`` must be a file. (The
changelog names what was, and is left out.)"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from functools import cache

import pytest

from tests.support.paths import ROOT

SRC = ROOT / "src"
DOTTED = re.compile(r"(?<![\w/.-])bridgescore(?:\.[A-Za-z_]\w*)+")
PATH = re.compile(r"(?<![\w.-])(?:src/)?bridgescore(?:/\w+)+\.py\b")


def _texts() -> Iterator[tuple[str, str]]:
    """Each docstring of the sources, and each documentation page, with where it is."""
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                text = ast.get_docstring(node, clean=False)
                if text:
                    yield f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 1)}", text
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")


def _exists(dotted: str) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


@cache
def named() -> list[tuple[str, str]]:
    """Each module, name or source path named, with where (read when a test asks, not while
    the tests are collected: every worker collects them)."""
    return sorted(
        {
            (where, name)
            for where, text in _texts()
            for name in [*DOTTED.findall(text), *PATH.findall(text)]
        }
    )


def test_names_are_found() -> None:
    assert len(named()) > 300  # (the test reads what it should)


def test_every_module_and_name_named_exists() -> None:
    missing = [
        f"{where}: {name}"
        for where, name in named()
        if not (
            (SRC / name.removeprefix("src/")).is_file() if name.endswith(".py") else _exists(name)
        )
    ]
    assert missing == []


@pytest.mark.parametrize("name", ["bridgescore.fast.plain", "bridgescore/fast/columnar.py"])
def test_a_module_that_is_gone_is_not_found(name: str) -> None:
    assert not (_exists(name) if not name.endswith(".py") else (SRC / name).is_file())
