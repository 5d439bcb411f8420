"""At 80x24 what the player must do now stays whole: the status line keeps the turn's
instruction and shortens or leaves out the news before it (the log keeps the news)."""

from __future__ import annotations

from test_ui_table_feedback import at_position, discard_then_wait, status_text
from ui_helpers import OPENING_SEED, table_app

from okey_tui import i18n


async def test_news_before_the_turn_never_cuts_the_instruction():
    """In Turkish three moves of a bot (its opening, two adds) and "Your turn: d draw …"
    take more than the two rows of the status line: the line said "… · Sıra sende", the
    keys gone. The instruction stays whole; the opening is still said, an add goes."""
    from tests.positions import a_bot_opens_and_adds_after_seat_0_discards

    i18n.set_language("tr")
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_position(pilot, app, a_bot_opens_and_adds_after_seat_0_discards())
        hand = app.session.hand
        await discard_then_wait(pilot, screen, "Y1", lambda: hand.turn == 0 or hand.is_over)
        await pilot.pause()
        assert hand.turn == 0 and not hand.is_over
        said = status_text(screen)
        turn = screen.turn_hint()
        assert ":" in turn  # the instruction, not a bare "Sıra sende"
        assert said.endswith(" · " + turn), said
        assert screen.status_lines(said) <= 2, said
        zeynep = app.session.seat_name(3)
        assert said.startswith(f"{zeynep} 128 ile açtı"), said  # kept on purpose


def test_a_bots_move_for_an_absent_player_outlasts_the_other_news():
    """A line too long drops the other moves first, then what was kept on purpose (an
    opening, a penalty), and what a bot did for this seat last: on a busy machine a
    friend's line lost "A bot for you …" first, while an opening stayed."""
    from okey_tui.ui.screens.table import BOT_FOR_YOU_RANK, news_that_fits

    said = [
        ("A bot for you discarded B1", BOT_FOR_YOU_RANK),
        ("Zeynep opened with 128 points", 1),
        ("Ali added K9", 0),
        ("Zeynep added Y4", 0),
    ]
    room = {4: said, 3: said[:2] + said[3:], 2: said[:2], 1: said[:1]}
    for fits, left in room.items():
        news = news_that_fits(said, lambda news, fits=fits: len(news) <= fits)  # type: ignore[misc]
        assert news == [m for m, _rank in left], (fits, news)
    # Nothing fits: one piece of news is left (the caller shortens it), the highest.
    assert news_that_fits(said, lambda news: False) == ["A bot for you discarded B1"]


def test_your_discard_taken_outlasts_the_openings_said_after_it():
    """At 80x24 "Ayşe took your B11" went first, the oldest of the news kept on purpose,
    and two openings after it filled the line: the player's pile had emptied unexplained."""
    from okey_tui.ui.screens.table import BOT_FOR_YOU_RANK, news_that_fits
    from okey_tui.ui.widgets.board import TAKEN_RANK

    said = [
        ("Ayşe took your B11", TAKEN_RANK),
        ("Ayşe opened with 111 points (melds 6-9)", 1),
        ("Mehmet opened with 107 points (melds 10-13)", 1),
    ]
    assert news_that_fits(said, lambda news: len(news) <= 2) == [
        "Ayşe took your B11",
        "Mehmet opened with 107 points (melds 10-13)",
    ]
    covered = [("A bot for you discarded B1", BOT_FOR_YOU_RANK), *said]
    assert news_that_fits(covered, lambda news: len(news) <= 2) == [
        "A bot for you discarded B1",
        "Ayşe took your B11",
    ]
