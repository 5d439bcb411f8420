"""Every engine refusal is worded outside the engine, from its code and parameters."""

from __future__ import annotations

import ast
import functools
import re
import string
from collections import defaultdict
from pathlib import Path

import pytest

from okey_tui import i18n
from okey_tui.engine.errors import ErrorCode, IllegalActionError, MeldError, NotationError
from okey_tui.engine.tiles import Tile, parse_tiles
from okey_tui.messages import DOING, TEMPLATES, describe, describe_with_rule

ENGINE = Path(__file__).resolve().parents[2] / "okey_tui" / "engine"


@functools.cache
def raise_sites() -> dict[str, set[str]]:
    """code name -> the parameters some raise site of the engine gives it."""
    params: dict[str, set[str]] = defaultdict(set)
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            code = next((k.value for k in node.keywords if k.arg == "code"), None)
            if isinstance(code, ast.Attribute) and ast.unparse(code).startswith("ErrorCode."):
                given = {k.arg for k in node.keywords if k.arg and k.arg != "code"}
                if any(k.arg is None for k in node.keywords):
                    given |= {"value", "floor", "kind"}  # **params of the opening check
                params[code.attr] |= given
    return params


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_code_has_a_template() -> None:
    assert set(ErrorCode) - set(TEMPLATES) == set()


@pytest.mark.parametrize("code", sorted(raise_sites()))
def test_a_template_names_only_what_the_engine_gives(code: str) -> None:
    given = raise_sites()[code]
    assert fields(TEMPLATES[ErrorCode[code]]) <= given | {"meld"}, code


def test_every_doing_the_engine_names_has_words() -> None:
    state = (ENGINE / "state.py").read_text(encoding="utf-8")
    doings = set(
        re.findall(r'_(?:need_phase|can_touch_table)\((?:Phase\.\w+, )?"([a-z ]+)"', state)
    )
    assert doings and doings <= set(DOING)


def test_turkish_refusals_are_made_from_the_parameters() -> None:
    i18n.set_language("tr")
    with pytest.raises(NotationError) as caught:
        parse_tiles("X9")
    assert describe(caught.value).startswith("'X9' bir taş")
    error = IllegalActionError("...", code=ErrorCode.DRAW_FIRST, doing="discard")
    assert describe(error) == "Henüz olmaz: taş atmak için önce taş çekmelisin"
    assert describe_with_rule(error).endswith("(kurallar §6 Bir tur)")
    meld = MeldError(
        "...", code=ErrorCode.NOT_A_RUN, tiles=parse_tiles("R1 R2 B4"), meld="R1 R2 B4"
    )
    assert describe(meld).startswith("R1 R2 B4: R1 R2 B4 seri değil")
    held = IllegalActionError(
        "...", code=ErrorCode.TILE_NOT_HELD, tile=Tile.parse("R5"), held=1, needed=2
    )
    assert describe(held) == "Elinde 1 tane R5 var, 2 değil"


def test_english_refusals_read_as_the_engine_words_them() -> None:
    for text in ("X9", "R14", "R1R"):
        with pytest.raises(NotationError) as caught:
            parse_tiles(text)
        if caught.value.code is ErrorCode.NOT_A_TILE:
            assert describe(caught.value) == str(caught.value)


def test_a_refusal_from_another_table_is_worded_again_from_its_code() -> None:
    """A host sends its engine's refusal as data (its English words, a code, plain
    parameters): the screen says it in the player's language, never reading the words."""
    from okey_tui.table import ActionRefused

    sent = ActionRefused(
        "IllegalActionError",
        ErrorCode.ALREADY_DRAWN.value,
        "You cannot draw now: you have already drawn or taken a tile this turn",
        rule=6,
        params={"doing": "draw"},
    )
    assert sent.text() == "You cannot draw now: you have already drawn or taken a tile this turn"
    i18n.set_language("tr")
    assert sent.text() == "Bu turda zaten taş çektin ya da aldın: şimdi taş çekmek olmaz"
    pairs = ActionRefused(
        "OpeningError",
        ErrorCode.OPENING_BELOW_FLOOR.value,
        "Your opening is 3 pairs; this table needs 5",
        params={"value": 3, "floor": 5, "kind": "OpeningKind.PAIRS", "risen": False},
    )
    assert pairs.text() == "Açılışın 3 çift; bu masada en az 5 gerekir"
    odd = ActionRefused("ProtocolError", "busy", "Too many connections: try later")
    assert odd.text() == "Too many connections: try later"  # not an engine code: as sent


def test_a_refusal_made_here_is_already_in_the_players_language() -> None:
    from okey_tui.engine.errors import OpeningError
    from okey_tui.table import ActionRefused

    i18n.set_language("tr")
    exc = OpeningError("...", code=ErrorCode.OPENING_BELOW_FLOOR, value=87, floor=101)
    refused = ActionRefused.from_error(exc)
    assert refused.worded and refused.text() == "Açılışın 87 puan; bu masada en az 101 gerekir"


def test_a_false_okey_in_a_refusal_is_written_as_the_rack_writes_it() -> None:
    """x while holding a false okey taken from the left said "You took F from the left":
    the rack, the piles and every other line write it F✦."""
    from okey_tui.engine.tiles import Tile
    from okey_tui.messages import describe

    error = IllegalActionError("...", code=ErrorCode.TAKEN_MUST_BE_USED, tile=Tile.parse("F"))
    assert describe(error).startswith("No discard yet: F✦, taken from the left")
