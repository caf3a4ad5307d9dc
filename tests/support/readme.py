"""The README's pasted command runs, and whether a run printed what the README shows."""

from __future__ import annotations

from tests.support.paths import ROOT

README = ROOT / "README.md"


def readme_runs(section: str) -> list[tuple[str, str]]:
    """(command, output shown) for every ``$ bridgescore ...`` run in a README section's
    ``console`` blocks (the section between ``<!-- section: NAME -->`` and its end)."""
    readme = README.read_text(encoding="utf-8")
    text = readme[
        readme.index(f"<!-- section: {section} -->") : readme.index(f"<!-- /section: {section} -->")
    ]
    runs: list[tuple[str, str]] = []
    for block in text.split("```console\n")[1:]:
        for chunk in block[: block.index("```")].split("$ bridgescore ")[1:]:
            command, _, shown = chunk.partition("\n")
            runs.append((command, shown))
    return runs


def assert_shown(shown: str, printed: list[str]) -> None:
    """The lines shown are the lines printed; with a ``...`` line, every line shown is printed,
    in the same order."""
    wanted = shown.splitlines()
    if "..." not in {line.strip() for line in wanted}:
        assert wanted == printed
        return
    position = 0
    for line in wanted:
        if line.strip() != "...":
            position = printed.index(line, position) + 1
