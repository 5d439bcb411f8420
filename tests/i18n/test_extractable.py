"""Every translatable text is one the extractor finds. Babel's Python extractor does not look
inside f-strings, so ``f"… {_('rules')} …"`` never reached the catalogue and the Turkish
refusals said "(rules §6 …)"; ``pgettext`` inside an f-string likewise left "done" English in
``okey101 saves``."""

from __future__ import annotations

import ast
from pathlib import Path

import okey_tui

KEYWORDS = {"_", "N_", "ngettext", "pgettext"}
PACKAGE = Path(okey_tui.__file__).parent


def calls_in_fstrings(source: str) -> list[int]:
    """The lines of ``source`` where a translation call sits inside an f-string."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr):
            continue
        for inner in ast.walk(node):
            if (
                isinstance(inner, ast.Call)
                and isinstance(inner.func, ast.Name)
                and inner.func.id in KEYWORDS
            ):
                found.append(inner.lineno)
    return found


def test_the_check_finds_a_call_in_an_f_string() -> None:
    assert calls_in_fstrings("x = f\"({_('rules')} 6)\"") == [1]
    assert calls_in_fstrings("x = _('{a} (rules {b})').format(a=1, b=2)") == []


def test_no_translation_call_sits_inside_an_f_string() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line in calls_in_fstrings(path.read_text(encoding="utf-8"))
    ]
    assert not found, found


def test_a_refusal_names_its_rule_in_turkish() -> None:
    from okey_tui import i18n
    from okey_tui.engine.errors import ErrorCode, IllegalActionError
    from okey_tui.practice import why

    i18n.set_language("tr")
    said = why(IllegalActionError("...", code=ErrorCode.KEEP_ONE_TILE))
    assert "(kurallar §6" in said and "rules" not in said, said
