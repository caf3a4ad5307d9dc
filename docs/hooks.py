"""How the site reads its Markdown: the pages as GitHub does, and the docstrings as Markdown.

Two hooks of the docs build, neither changing a file:

- a mkdocs hook (``hooks:`` in ``mkdocs.yml``): in a table row, ``\\|`` inside a code span
  (``--field auto\\|one\\|two``, which GitHub needs so that the pipe does not end the cell) is
  a plain ``|``, as Python-Markdown wants it;
- a griffe extension for the API reference (``extensions:`` of mkdocstrings): the docstrings are
  written for ``help()`` and doctest, with examples as bare ``>>>`` lines, Sphinx roles such as
  :class:`Session` and ``::`` before a literal block. Each run of doctest lines (up to a blank
  line) is put in a ``pycon`` code block, a role becomes inline code, and ``::`` ending a line
  becomes ``:``.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:mod|class|func|meth|data|attr|exc|obj|const):`~?([^`]+)`")
CODE = re.compile(r"`[^`]*`")


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """The page with ``\\|`` in the code spans of its table rows read as ``|``.

    >>> on_page_markdown("| `--field auto\\\\|one` | detect |\\nnot `a\\\\|b`")
    '| `--field auto|one` | detect |\\nnot `a\\\\|b`'
    """
    return "\n".join(
        CODE.sub(lambda code: code[0].replace("\\|", "|"), line) if line.startswith("|") else line
        for line in markdown.split("\n")
    )


def docstring_markdown(text: str) -> str:
    """The docstring with its doctests fenced, its roles as code and ``::`` as ``:``.

    >>> docstring_markdown("Scores :class:`Contract`::\\n\\n>>> 1 + 1\\n2\\n\\nDone.").split("\\n")
    ['Scores `Contract`:', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    """
    out: list[str] = []
    in_example = in_fence = False
    for line in text.split("\n"):
        stripped = line.strip()
        if in_example and not stripped:
            out.append("```")
            in_example = False
        elif not in_example and stripped.startswith("```"):
            in_fence = not in_fence
        elif not in_example and not in_fence and stripped.startswith(">>>"):
            out.append(line[: len(line) - len(line.lstrip())] + "```pycon")
            in_example = True
        if in_example or in_fence:
            out.append(line)
        else:
            prose = ROLE.sub(r"`\1`", line)
            out.append(prose[:-1] if prose.endswith("::") else prose)
    if in_example:
        out.append("```")
    return "\n".join(out)


class ReadableDocstrings(griffe.Extension):
    """Rewrites every docstring with :func:`docstring_markdown` as griffe loads it."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = docstring_markdown(obj.docstring.value)
