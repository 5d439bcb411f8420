"""Every refusal carries a stable code, its parameters and the rules section it enforces."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import okey_tui.engine
from okey_tui.engine import errors
from okey_tui.engine.errors import RULE_SECTIONS, ErrorCode, OkeyError

ENGINE = Path(okey_tui.engine.__file__).parent
ENGINE_ERRORS = {
    name
    for name, obj in vars(errors).items()
    if inspect.isclass(obj) and issubclass(obj, OkeyError)
}
# Not engine errors: internal invariants that no caller can cause.
INTERNAL = {"AssertionError"}


def problems(source: str, name: str) -> list[str]:
    """Each ``raise`` in ``source`` that is not an engine error raised with ``code=``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Raise) or node.exc is None:
            continue  # not a raise, or a bare re-raise
        exc = node.exc
        if isinstance(exc, ast.Name) and exc.id.startswith("_"):
            continue  # a private control-flow signal, caught in its module
        if not isinstance(exc, ast.Call) or not isinstance(exc.func, ast.Name):
            found.append(f"{name}:{node.lineno}: raises something that is not a call")
            continue
        kind = exc.func.id
        if kind in INTERNAL:
            continue
        if kind not in ENGINE_ERRORS:
            found.append(f"{name}:{node.lineno}: raises {kind}, not an engine error")
        elif not any(k.arg == "code" for k in exc.keywords):
            found.append(f"{name}:{node.lineno}: {kind} without code=")
    return found


def test_every_raise_in_the_engine_raises_an_engine_error_with_a_code() -> None:
    sources = {p.name: p.read_text(encoding="utf-8") for p in sorted(ENGINE.glob("*.py"))}
    assert sum(text.count("raise ") for text in sources.values()) > 80  # the scan sees them
    missing = [line for name, text in sources.items() for line in problems(text, name)]
    assert not missing, "\n".join(missing)


def test_the_scan_catches_a_raise_without_a_code_or_of_a_plain_error() -> None:
    assert problems('raise IllegalActionError("no")', "x.py") == [
        "x.py:1: IllegalActionError without code="
    ]
    assert problems('raise ValueError("no")', "x.py") == [
        "x.py:1: raises ValueError, not an engine error"
    ]
    assert problems('raise MeldError("no", code=ErrorCode.NOT_A_RUN)', "x.py") == []


def test_every_code_names_a_real_rules_section_or_none() -> None:
    titles = Path(ENGINE.parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
    for code in ErrorCode:
        if code.rule is not None:
            assert f"## {code.rule}. {RULE_SECTIONS[code.rule]}" in titles, code
    notation = [
        ErrorCode.NOT_A_TILE,
        ErrorCode.NOT_A_TILE_LIST,
        ErrorCode.NOT_A_MELD,
        ErrorCode.NOT_AN_ACTION,
        ErrorCode.NOT_A_TABLE_CODE,
        ErrorCode.NOT_A_POSITION,
    ]
    assert notation and all(c.rule is None for c in notation)


def test_codes_are_stable_slugs() -> None:
    values = [c.value for c in ErrorCode]
    assert len(values) == len(set(values))
    assert all(
        v == c.name.lower().replace("_", "-") for v, c in zip(values, ErrorCode, strict=True)
    )


@pytest.mark.parametrize(
    "call",
    [
        lambda: __import__("okey_tui.engine.rules", fromlist=["RuleSet"]).RuleSet(hands=4),
        lambda: __import__("okey_tui.engine.tiles", fromlist=["Tile"]).Tile.parse("X9"),
    ],
)
def test_setup_and_notation_errors_are_engine_errors_and_value_errors(call) -> None:
    with pytest.raises(OkeyError) as caught:
        call()
    assert isinstance(caught.value, ValueError) and caught.value.code is not None


def test_a_section_lists_its_codes_each_with_that_section_number() -> None:
    # The table of sections is built once at import; its builder is checked directly.
    codes = (ErrorCode.ALREADY_OPENED, ErrorCode.OPEN_FIRST)
    assert errors._sections(8, *codes) == {ErrorCode.ALREADY_OPENED: 8, ErrorCode.OPEN_FIRST: 8}
    assert errors._sections(10) == {}


def test_an_error_takes_its_rules_section_from_its_code_unless_one_is_named() -> None:
    from_code = OkeyError("no", code=ErrorCode.OPEN_FIRST)
    assert (from_code.rule, from_code.rule_title) == (8, "Opening")
    named = OkeyError("no", code=ErrorCode.OPEN_FIRST, rule=16)
    assert (named.rule, named.rule_title) == (16, "Table options")
    assert OkeyError("no", rule=7).rule == 7
    bare = OkeyError("no")
    assert (bare.code, bare.rule, bare.rule_title) == (None, None, None)
