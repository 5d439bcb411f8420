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
    from tests.positions import position

    i18n.set_language("tr")
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        position_ = position(
            [
                "R9 B1 K5 Y1",
                "Y6 K1 Y9",
                "Y2 Y3 B2 B3",
                "K10 K11 K12 K13 Y10 Y11 Y12 Y13 B11 B12 B13 R4 K7 R6 Y4 B1",
            ],
            table=("1:R1R2R3", "1:K4K5K6"),
            openings="-/m101/-/-",
            phase="p",
        )
        screen = await at_position(pilot, app, position_)
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
