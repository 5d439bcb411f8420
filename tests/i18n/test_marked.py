"""Every string a person reads is marked for translation.

The test walks the code of okey_tui/ and looks at what reaches the screen:
the text given to click (echo, help, errors, questions), to Rich (print,
Text, tables), to Textual (Static, Binding descriptions, titles, notices)
and to the practice and summary helpers. A literal with words in it that is
not inside ``_()``, ``N_()`` or ``ngettext()`` fails the test; so does an
f-string with words (it cannot be translated: use ``_("… {x}").format(x=…)``).
The marked ones must be in the catalogue: test_catalogue.py checks that.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "okey_tui"

# Language-free by design: the engine words nothing for people (okey_tui.messages does).
LANGUAGE_FREE = ("engine/",)
# Tools for developers, not players: the bot arena's and the autoplay script's output.
DEVELOPER_TOOLS = ("bots/", "autoplay.py")
SKIPPED = LANGUAGE_FREE + DEVELOPER_TOOLS

MARKERS = {"_", "N_", "ngettext", "gettext", "pgettext"}
# Calls whose first argument (or every positional one) is text for people.
FIRST_ARG = {
    "echo",
    "secho",
    "print",
    "Text",
    "Static",
    "Label",
    "Button",
    "append",
    "add_column",
    "UsageError",
    "BadParameter",
    "ClickException",
    "confirm",
    "prompt",
    "notify",
    "set_status",
    "heading",
    "show_message",
    "Option",
    "LeftDiscard",
    "DiscardTip",
    "NotationError",
    "SaveError",
    "SaveInUseError",
    "ConfirmScreen",
    "ChooserScreen",
    "PrivacyScreen",
    "OptionRow",
}
ALL_ARGS = {"add_row"}
KEYWORDS = {"help", "title", "description", "tooltip", "message", "prompt", "short_help", "epilog"}
ATTRIBUTES = {"border_title", "border_subtitle", "title_text", "sub_title"}
WORDS = re.compile(r"[^\W\d_]{2,}")
# Words that are names, not language: the program, tile letters, key names in hints.
NOT_WORDS = re.compile(r"okey101|\bID\b|\bPgUp\b|\bPgDn\b|\bEsc\b|\bEnter\b")


def _wordy(text: str) -> bool:
    text = re.sub(r"\{[^{}]*\}", " ", text)
    text = re.sub(r"\[/?[a-z ]*\]", " ", text)  # Rich markup
    return bool(WORDS.search(NOT_WORDS.sub(" ", text)))


def _unmarked(node: ast.AST) -> list[str]:
    """Words in ``node`` that no marker covers."""
    if isinstance(node, ast.Call) and _name(node.func) in MARKERS:
        return []
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if _wordy(node.value) else []
    if isinstance(node, ast.JoinedStr):
        parts = "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
        return [ast.unparse(node)] if _wordy(parts) else []
    if isinstance(node, ast.BinOp):
        return _unmarked(node.left) + _unmarked(node.right)
    if isinstance(node, ast.IfExp):
        return _unmarked(node.body) + _unmarked(node.orelse)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("format", "join")
    ):
        return _unmarked(node.func.value)
    return []


def _name(func: ast.AST) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def unmarked_in(path: Path) -> list[str]:
    found: list[str] = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        texts: list[ast.AST] = []
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in FIRST_ARG and node.args:
                texts.append(node.args[0])
            if name in ALL_ARGS:
                texts.extend(node.args)
            if name == "Binding" and len(node.args) >= 3:
                texts.append(node.args[2])
            texts.extend(k.value for k in node.keywords if k.arg in KEYWORDS)
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Attribute) and t.attr in ATTRIBUTES for t in node.targets
        ):
            texts.append(node.value)
        for text in texts:
            found.extend(f"{path.relative_to(PACKAGE)}:{text.lineno}: {s}" for s in _unmarked(text))  # type: ignore[attr-defined]
    return found


def files() -> list[Path]:
    return [
        p
        for p in sorted(PACKAGE.rglob("*.py"))
        if not str(p.relative_to(PACKAGE)).startswith(SKIPPED)
    ]


def test_the_scan_sees_an_unmarked_string() -> None:
    tree = ast.parse('click.echo("Nothing deleted.")\nclick.echo(_("Nothing deleted."))')
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _name(n.func) == "echo"]
    assert _unmarked(calls[0].args[0]) == ["Nothing deleted."]
    assert _unmarked(calls[1].args[0]) == []


@pytest.mark.parametrize("path", files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_visible_string_is_marked(path: Path) -> None:
    assert unmarked_in(path) == []


def loose_words_in(path: Path) -> list[str]:
    """Every literal of two words or more outside a marker: the strict scan of the code.

    Left out: docstrings, dict keys (the engine's English vocabulary that
    okey_tui.messages maps to marked words), CSS classes and Rich styles, and
    what goes to the log (for developers, like the logging of the engine).
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (_name(node.func) in MARKERS or _is_logging(node.func)):
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.Call):
            skip.update(id(k.value) for k in node.keywords if k.arg in ("classes", "style"))
            if _name(node.func) in ("Text", "append") and len(node.args) > 1:
                skip.update(id(n) for n in ast.walk(node.args[1]))
        if isinstance(node, ast.Dict):
            skip.update(id(k) for k in node.keys if k is not None)
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skip.add(id(body[0].value))
    return [
        f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.value}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and re.search(r"[^\W\d_]{2,} [^\W\d_]{2,}", node.value)
        and not _is_style(node.value)
    ]


def _is_logging(func: ast.AST) -> bool:
    """``log.exception(...)``, ``logger.warning(...)``: a line for the log, not for players."""
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id in ("log", "logger")
        and func.attr in ("debug", "info", "warning", "error", "exception")
    )


def _is_style(text: str) -> bool:
    """A Rich style such as ``bold red1 on grey11``, not words."""
    from rich.color import ANSI_COLOR_NAMES

    attributes = {"bold", "dim", "italic", "underline", "reverse", "strike", "blink", "on", "not"}
    return all(w in attributes or w in ANSI_COLOR_NAMES or w.startswith("#") for w in text.split())


@pytest.mark.parametrize("path", files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_words_outside_a_marker(path: Path) -> None:
    assert loose_words_in(path) == []
