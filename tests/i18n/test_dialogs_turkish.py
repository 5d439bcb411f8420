"""Yes/no questions in Turkish: e (evet) and h (hayır) answer, and the hint names them;
y and n answer too, in both languages. ``h`` is also the table's hint key: inside a
question it answers "hayır" and never reaches the table."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from rendered import screen_text  # noqa: E402
from ui_helpers import OPENING_SEED, table_app, wait_for_human  # noqa: E402

from okey_tui import i18n  # noqa: E402
from okey_tui.i18n import answer_keys  # noqa: E402
from okey_tui.ui.screens.dialogs import ConfirmScreen  # noqa: E402
from okey_tui.ui.screens.table import TableScreen  # noqa: E402


@pytest.fixture
def turkish() -> None:
    i18n.set_language("tr")


def test_the_answer_keys_follow_the_language() -> None:
    assert answer_keys() == ("y", "n")
    i18n.set_language("tr")
    assert answer_keys() == ("e", "h")


async def test_quit_is_answered_with_e_and_h_and_h_never_reaches_the_table(turkish: None) -> None:
    """At a practice table (where h shows the hints), q then h: the question is answered
    "hayır", the hints stay hidden; q then e quits."""
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and not screen.practice.hints_on
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        text = screen_text(app)
        assert "Oyundan çıkılsın mı?" in text and "e: evet · h: hayır" in text
        assert "y: evet" not in text
        # The key bar under the question shows its answers, not the table's keys.
        bar = text.splitlines()[-1]
        assert "e Evet" in bar and "h Hayır" in bar and "İpuçları" not in text
        await pilot.press("h")
        await pilot.pause()
        assert app.screen is screen
        assert not screen.practice.hints_on  # the h answered the question, nothing else
        await pilot.press("q", "e")
    assert app.return_code == 0


async def test_the_take_back_penalty_question_in_turkish(turkish: None) -> None:
    """At a penalty table b asks first: h leaves the opening on the table, e takes it back."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = app.session.hand
        await pilot.press("s", "o", "enter")
        assert hand.openings[0] is not None
        await pilot.press("b")
        assert isinstance(app.screen, ConfirmScreen) and "e: evet · h: hayır" in screen_text(app)
        await pilot.press("h")
        assert hand.openings[0] is not None and isinstance(app.screen, TableScreen)
        await pilot.press("b", "e")
        await pilot.pause()
        assert hand.openings[0] is None


async def test_going_pairs_is_declared_with_e_and_refused_with_h(turkish: None) -> None:
    app = table_app(OPENING_SEED, game_type="challenge")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        seat = screen.view.seat
        await pilot.press("P")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("h")
        assert not screen.view.going_pairs[seat] and app.screen is screen
        await pilot.press("P", "e")
        await pilot.pause()
        assert screen.view.going_pairs[seat]


async def test_y_and_n_still_answer_in_turkish(turkish: None) -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("q", "n")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q", "y")
    assert app.return_code == 0


async def test_in_english_y_and_n_answer_and_e_and_h_do_not() -> None:
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("q")
        text = screen_text(app)
        assert "y: yes · n: no" in text and "y Yes  n No" in text.splitlines()[-1]
        await pilot.press("e", "h")
        assert isinstance(app.screen, ConfirmScreen)  # still asking
        assert not screen.practice.hints_on
        await pilot.press("n")
        assert app.screen is screen
        await pilot.press("q", "y")
    assert app.return_code == 0


async def test_the_swap_chooser_names_the_tile_given_where_turkish_puts_it(turkish: None) -> None:
    """ "Take which okey?" with two melds to swap from: each line read "ver K13" (a verb
    before its object); it reads "K13 karşılığında"."""
    from ui_helpers import at_position

    from okey_tui.ui.screens.dialogs import ChooserScreen
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["K13 R9 Y1 B3 K5", "", "", ""],
            table=["3:R13Y13B13*K13", "3:*R9Y9B9K9"],
            openings="m101/-/-/m101",
        )
        await at_position(pilot, app, hand)
        await pilot.press("w")
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen)
        lines = [str(label) for label, _action in chooser.options]
        assert lines[0].endswith("K13 karşılığında"), lines
        assert lines[1].endswith("R9 karşılığında"), lines
        assert not any("ver" in line for line in lines), lines
