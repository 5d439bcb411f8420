"""One's own moves in the log: "You laid R7 R8 R9" in English; a language whose verb
says who played leaves the subject out through its translation of "You {move}" (the
Turkish log read "Sen Y13 attın", the "Sen" saying twice what "attın" says)."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import parse_action
from okey_tui.engine.state import Event, Hand
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView
from okey_tui.table import SeatInfo
from okey_tui.ui.widgets import board
from okey_tui.ui.widgets.board import event_line
from tests.positions import position

OKEY = Tile.parse("B8")  # the positions' indicator is B7
SEATS = [SeatInfo(s, name, None) for s, name in enumerate(["You", "Ayşe", "Mehmet", "Zeynep"])]
OWN_FORM = "the log: your own move ({move}: what you did)"


def lines(hand: Hand, text: str, seat: int) -> list[str]:
    events: list[Event] = hand.apply(parse_action(text, OKEY))
    view = PlayerView.of(hand, 0)
    return [event_line(SEATS, e, view).plain for e in events if e.seat == seat]


def own_and_other() -> tuple[str, str]:
    mine = position(["R7 R8 R9 K1 K2", "", "", ""], openings="m101/-/-/-")
    own = lines(mine, "lay R7R8R9", 0)[0]
    theirs = position(["", "R7 R8 R9 K1 K2", "", ""], turn=1, openings="-/m101/-/-")
    other = lines(theirs, "lay R7R8R9", 1)[0]
    return own, other


def test_english_says_you() -> None:
    assert own_and_other() == ("You laid R7 R8 R9", "Ayşe laid R7 R8 R9")


def test_a_translation_may_leave_the_subject_out(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = board.pgettext

    def verb_says_who(context: str, message: str) -> str:
        return "{move}" if context == OWN_FORM else plain(context, message)

    monkeypatch.setattr(board, "pgettext", verb_says_who)
    own, other = own_and_other()
    assert own == "Laid R7 R8 R9", "the move alone, begun with a capital"
    assert other == "Ayşe laid R7 R8 R9", "another seat's move keeps its name"
