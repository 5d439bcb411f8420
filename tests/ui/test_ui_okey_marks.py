"""The okey's mark in words: the log, the status line and the hints write a meld as the
table panel does (``R7 ★R8 R9``: a real okey as a star and the tile it stands for), and
a plain okey as the rack shows it (``B8★``), in English and in Turkish.

The log once printed "Ayşe added B9 to Y9 B9 K9" (B9 the okey standing for B9, reading
like a repeated colour in a set) and the status line "Staged R7 R8 R9 (24)"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.widgets import Static
from ui_helpers import OPENING_SEED, at_position, goto, slot_of, table_app

from okey_tui import i18n
from okey_tui.engine.actions import Action, parse_action
from okey_tui.engine.melds import parse_meld
from okey_tui.engine.state import Event, Hand
from okey_tui.engine.tiles import Tile, parse_tiles
from okey_tui.messages import event_text, meld_text
from okey_tui.net.protocol import event_from_json as from_wire
from okey_tui.net.protocol import event_to_json as to_wire
from okey_tui.practice import meld_words
from okey_tui.table import SeatInfo
from okey_tui.ui.session import event_from_json, event_to_json
from okey_tui.ui.tiles import meld_chips
from okey_tui.ui.widgets.board import TAKEN_RANK, TableMarks, event_line
from tests.positions import position

OKEY = Tile.parse("B8")  # the positions' indicator is B7
SEATS = [SeatInfo(s, name, None) for s, name in enumerate(["You", "Ayşe", "Mehmet", "Zeynep"])]


@pytest.fixture
def turkish() -> Iterator[None]:
    i18n.set_language("tr")
    yield
    i18n.set_language("en")


def played(hand: Hand, text: str) -> list[Event]:
    action: Action = parse_action(text, OKEY)
    return hand.apply(action)


def said(hand: Hand, text: str, seat: int = 1) -> list[str]:
    """The log lines of ``text`` played by ``seat`` (a bot: "Ayşe …"), as the table shows them."""
    from okey_tui.engine.view import PlayerView

    events = played(hand, text)
    view = PlayerView.of(hand, 0)
    return [event_line(SEATS, e, view).plain for e in events if e.seat == seat]


def laid_hand() -> Hand:
    return position(["", "R7 B8 R9 K1 K2", "", ""], turn=1, openings="-/m101/-/-")


def test_a_lay_with_an_okey_is_logged_with_its_star() -> None:
    assert said(laid_hand(), "lay R7*R8R9") == ["Ayşe laid R7 ★R8 R9"]


def test_an_okey_laid_off_is_logged_as_the_tile_it_stands_for() -> None:
    """§9: an okey added to a set reads "★B9", the tile it counts as, not a plain B8."""
    hand = position(
        ["", "B8 K1 K2", "", ""], turn=1, openings="m101/m101/-/-", table=["0:R9Y9K9", "0:R3R4R5"]
    )
    lines = said(hand, "add B8>0")
    assert lines == ["Ayşe added ★B9 to R9 Y9 K9"]


def test_a_lay_off_onto_a_meld_holding_the_okey_marks_it() -> None:
    hand = position(["", "R6 K1 K2", "", ""], turn=1, openings="m101/m101/-/-", table=["0:R3*R4R5"])
    assert said(hand, "add R6>0") == ["Ayşe added R6 to R3 ★R4 R5"]


def test_a_swap_names_the_meld_with_its_okey_marked() -> None:
    hand = position(["", "R4 K1 K2", "", ""], turn=1, openings="m101/m101/-/-", table=["1:R3*R4R5"])
    assert said(hand, "swap 0 R4")[0] == "Ayşe took the okey from R3 ★R4 R5 for R4"


def test_a_discarded_okey_shows_its_star() -> None:
    hand = position(["", "B8 K1 K2", "", ""], turn=1)
    assert said(hand, "discard B8")[0] == "Ayşe discarded B8★"


def test_the_players_own_lay_is_marked_too() -> None:
    from okey_tui.engine.view import PlayerView

    hand = position(["R7 B8 R9 K1 K2", "", "", ""], openings="m101/-/-/-")
    event = played(hand, "lay R7*R8R9")[0]
    assert event_line(SEATS, event, PlayerView.of(hand, 0)).plain == "You laid R7 ★R8 R9"


def test_the_marks_are_the_same_in_turkish(turkish: None) -> None:
    from okey_tui.engine.view import PlayerView

    hand = laid_hand()
    event = played(hand, "lay R7*R8R9")[0]
    assert "R7 ★R8 R9" in event_text(event, PlayerView.of(hand, 0))
    hand = position(["", "B8 K1 K2", "", ""], turn=1, openings="m101/m101/-/-", table=["0:R3*R4R5"])
    event = played(hand, "add B8>0")[0]
    line = event_text(event, PlayerView.of(hand, 0))
    assert ("★R2" in line or "★R6" in line) and "R3 ★R4 R5" in line


def test_the_status_line_names_an_okey_laid_off_as_the_table_shows_it() -> None:
    """The status line's "Ayşe added … to meld 1" (TableMarks) marks an okey laid off."""
    from okey_tui.engine.view import PlayerView

    hand = position(["", "B8 K1 K2", "", ""], turn=1, openings="m101/m101/-/-", table=["0:R3R4R5"])
    marks = TableMarks()
    marks.reset(hand.events, hand.table)
    played(hand, "add B8>0")
    lines = marks.update(SEATS, hand.events, PlayerView.of(hand, 0), 0)
    assert lines in (["Ayşe added ★R6 to meld 1"], ["Ayşe added ★R2 to meld 1"])


def test_the_log_the_hints_and_the_table_write_a_meld_alike() -> None:
    """One way to write a meld: the table panel's chips, the hints' words, the log's."""
    for text in ("R7*R8R9", "R9Y9*B9K9", "R8Y8F", "*R1R2R3", "R5Y5*B5"):
        meld = parse_meld(text, OKEY)
        assert meld_text(meld, OKEY) == meld_chips(meld, OKEY).plain == meld_words(meld, OKEY)


def test_the_melds_of_a_move_survive_a_save_and_the_network() -> None:
    """A resumed log and a friend's screen mark the okey as the table did."""
    hand = laid_hand()
    event = played(hand, "lay R7*R8R9")[0]
    assert event.melds == (parse_meld("R7*R8R9", OKEY),)
    assert event_from_json(event_to_json(event)) == event
    assert from_wire(to_wire(event)) == event
    plain = Event("discard", 1, "discarded R5", tuple(parse_tiles("R5")))
    assert len(event_to_json(plain)) == 5  # as an older okey101 wrote and reads it


async def test_staging_a_meld_with_an_okey_says_it_with_its_star() -> None:
    """The status line after staging reads "Staged R7 ★R8 R9 (24)", as the lay-down area
    shows the meld, not "Staged R7 R8 R9"."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["R7 B8 R9 K1 K2 K3 Y5", "", "", ""], openings="m101/-/-/-")
        screen = await at_position(pilot, app, hand)
        for tile in parse_tiles("R7 B8 R9"):
            await goto(pilot, screen, slot_of(screen, tile))
            await pilot.press("space")
        await pilot.press("o")
        await pilot.pause()
        status = str(screen.query_one("#status", Static).render())
        assert "Staged R7 ★R8 R9 (24)" in status


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["the run R7 ★R8 R9", "The okey in R7 ★R8 R9 stands for R8"]),
        ("tr", ["R7 ★R8 R9 serisine", "R7 ★R8 R9 perindeki okey R8"]),
    ],
)
def test_a_refusal_that_names_a_table_meld_marks_its_okey(
    language: str, expected: list[str]
) -> None:
    """'R12 does not fit the run R7 ★R8 R9', as the table shows that meld, not 'R7 R8 R9'."""
    from okey_tui.engine.errors import MeldError
    from okey_tui.engine.melds import extend, swap_okey
    from okey_tui.messages import describe

    meld = parse_meld("R7*R8R9", OKEY)
    said: list[str] = []
    for refused in (
        lambda: extend(meld, Tile.parse("R12"), None, OKEY),
        lambda: swap_okey(meld, parse_tiles("R5"), OKEY),
    ):
        with pytest.raises(MeldError) as caught:
            refused()
        i18n.set_language(language)
        try:
            said.append(describe(caught.value))
        finally:
            i18n.set_language("en")
    assert all(part in text for part, text in zip(expected, said, strict=True)), said


def test_a_discard_taken_and_given_back_is_not_left_said_taken() -> None:
    """The player on the right took the discard and gave it back: "Ayşe took your Y3"
    stayed on the line for three turns, the tile back on the pile. Given back in the same
    batch, the take goes unsaid; given back later, the line says so."""
    from okey_tui.engine.view import PlayerView

    racks = ["R1 R2", "B8 K1 K2", "", ""]
    for batched in (True, False):
        hand = position(racks, turn=1, phase="d", discards=("Y3", "", "", ""))
        marks = TableMarks()
        marks.reset(hand.events, hand.table)
        played(hand, "take")
        if not batched:
            lines = marks.update(SEATS, hand.events, PlayerView.of(hand, 0), 0)
            assert lines == ["Ayşe took your Y3"] and marks.kept == [TAKEN_RANK]
        played(hand, "giveback")
        lines = marks.update(SEATS, hand.events, PlayerView.of(hand, 0), 0)
        expected = [] if batched else ["Ayşe gave back your Y3"]
        assert lines == expected and marks.kept == [TAKEN_RANK] * len(expected)
        assert [str(t) for t in hand.discards[0]] == ["Y3"]


def test_a_shared_terminal_says_whose_discard_was_taken_by_name() -> None:
    """At a terminal two people share, Zeynep took Veli's R11 and Ali read "Zeynep took
    your R11" (the line was made for whoever sat there then, and each person reads it).
    There the take of a person's discard names its owner; a bot's is not said."""
    from okey_tui.engine.view import PlayerView

    seats = [
        SeatInfo(0, "Ali", None),
        SeatInfo(1, "Ayşe", "normal"),
        SeatInfo(2, "Veli", None),
        SeatInfo(3, "Zeynep", "normal"),
    ]
    racks = ["R1 R2", "B8 K1 K2", "", ""]
    hand = position(racks, turn=1, phase="d", discards=("Y3", "", "", ""))
    marks = TableMarks()
    marks.reset(hand.events, hand.table)
    played(hand, "take")
    lines = marks.update(seats, hand.events, PlayerView.of(hand, 2), None)
    assert lines == ["Ayşe took Ali's Y3"], lines
    played(hand, "giveback")
    lines = marks.update(seats, hand.events, PlayerView.of(hand, 2), None)
    assert lines == ["Ayşe gave back Ali's Y3"], lines
    # A bot's discard taken: no one's at the terminal, nothing said.
    hand = position(racks, turn=2, phase="d", discards=("", "Y3", "", ""))
    marks = TableMarks()
    marks.reset(hand.events, hand.table)
    played(hand, "take")
    assert marks.update(seats, hand.events, PlayerView.of(hand, 0), None) == []
