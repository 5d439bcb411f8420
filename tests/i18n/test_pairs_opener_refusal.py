"""Rules §8: a pairs opener may not add tiles to runs and sets, nor take their okeys (the
default; a table option allows both), and nothing is ever added to a pair. Pressing a as a
pairs opener said "a pairs opener may not add tiles to the table", as if the pairs were
closed to them for some other reason too: the refusal names the runs and sets."""

from __future__ import annotations

import pytest

from okey_tui import i18n
from okey_tui.engine.actions import parse_action
from okey_tui.engine.errors import ErrorCode, IllegalActionError
from okey_tui.engine.state import Hand
from okey_tui.engine.tiles import Tile
from okey_tui.messages import describe
from okey_tui.table import ActionRefused
from tests.positions import position

OKEY = Tile.parse("B8")  # indicator B7


def pairs_opener(flag: str = "") -> Hand:
    """Seat 0 opened with 5 pairs; on the table a run R3 ★R4 R5 that R6 (or R4) fits."""
    return position(
        ["R6 R4 K1 K2", "", "", ""],
        rules=f"classic/11{flag}",
        openings="p5/-/-/-",
        table=["1:R3*R4R5"],
    )


def refusal(hand: Hand, action: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(parse_action(action, OKEY))
    assert caught.value.code is ErrorCode.PAIRS_OPENER_NO_TABLE
    return caught.value


@pytest.mark.parametrize(
    ("action", "said"),
    [
        (
            "add R6>0",
            "You opened with pairs: at this table you may not add tiles to runs and sets "
            "(only lay new pairs)",
        ),
        (
            "swap 0 R4",
            "You opened with pairs: at this table you may not take okeys from runs and sets "
            "(only lay new pairs)",
        ),
    ],
)
def test_the_refusal_names_runs_and_sets(action: str, said: str) -> None:
    error = refusal(pairs_opener(), action)
    assert describe(error) == said
    assert "runs and sets" in str(error)  # the engine's own words say it too


@pytest.mark.parametrize(
    ("action", "said"),
    [
        ("add R6>0", "Çift açtın: bu masada seri ve gruplara taş işleyemezsin (yalnız yeni çift "
         "indirebilirsin)"),
        ("swap 0 R4", "Çift açtın: bu masada seri ve gruplardan okey alamazsın (yalnız yeni çift "
         "indirebilirsin)"),
    ],
)  # fmt: skip
def test_the_refusal_in_turkish(action: str, said: str) -> None:
    error = refusal(pairs_opener(), action)
    i18n.set_language("tr")
    try:
        assert describe(error) == said
        # From another table, the refusal's plain parameters give the same words.
        sent = ActionRefused(
            "IllegalActionError", error.code.value, str(error), params=error.params
        )
        assert sent.text() == said
    finally:
        i18n.set_language("en")


def test_where_the_table_allows_it_there_is_no_refusal() -> None:
    hand = pairs_opener("+l")
    hand.apply(parse_action("add R6>0", OKEY))
    hand.apply(parse_action("swap 0 R4", OKEY))
    assert hand.table[0].meld.tiles == tuple(Tile.parse(t) for t in ("R3", "R4", "R5", "R6"))
