"""The table's looks at any size: the log as l left it after a resize, the dimming behind a
dialog, readable colours, the help's keys and scroll bar (pilot tests)."""

from __future__ import annotations

from pathlib import Path

from rendered import screen_text
from textual.color import Color
from textual.widgets import RichLog
from ui_helpers import OPENING_SEED, status_text, table_app

from okey_tui.ui.screens.table import Board, TableScreen


async def _settle(pilot) -> None:  # type: ignore[no-untyped-def]
    for _ in range(5):
        await pilot.pause()


def _log_and_board(screen: TableScreen) -> tuple[bool, bool]:
    """Whether the log and the table (the board) are on the screen."""
    log = screen.query_one("#log", RichLog)
    board = screen.query_one(Board)
    return log.display and log.size.width > 0, board.display and board.size.width > 0


async def test_a_log_hidden_by_l_stays_hidden_when_the_window_shrinks():
    """l at 120x40 hid the log; at 90x26 the log then covered the whole table (l's
    choice was a flip of what the size had)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("l")
        await _settle(pilot)
        said = status_text(screen)
        assert said.startswith("Log hidden · Your turn: open if you can (o)"), said
        assert _log_and_board(screen) == (False, True)
        await pilot.resize_terminal(90, 26)
        await _settle(pilot)
        assert not screen.log_shown()
        assert _log_and_board(screen) == (False, True)
        await pilot.resize_terminal(120, 40)
        await _settle(pilot)
        assert _log_and_board(screen) == (False, True)


async def test_a_log_shown_by_l_on_a_small_terminal_stays_when_the_window_grows():
    """l at 80x24 showed the log over the table; at 120x40 the log column was gone."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("l")
        await _settle(pilot)
        assert status_text(screen).startswith("Log shown")
        assert _log_and_board(screen) == (True, False)
        await pilot.resize_terminal(120, 40)
        await _settle(pilot)
        assert screen.log_shown()
        assert _log_and_board(screen) == (True, True)  # a column beside the table
        await pilot.press("l")  # and l hides it there
        await _settle(pilot)
        assert _log_and_board(screen) == (False, True)
        await pilot.resize_terminal(80, 24)
        await _settle(pilot)
        assert _log_and_board(screen) == (False, True)


async def test_the_log_in_the_hints_place_stays_when_the_window_grows():
    """Practice at 80x24, hints up, l: the log in the hints' place; at 120x40 neither
    the log nor the hints were shown. l then gives the place back to the hints."""
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        if not screen.practice.hints_on:
            await pilot.press("h")
            await _settle(pilot)
        await pilot.press("l")
        await _settle(pilot)
        assert "hints' place" in status_text(screen)
        assert _log_and_board(screen) == (True, False)
        await pilot.resize_terminal(120, 40)
        await _settle(pilot)
        assert _log_and_board(screen) == (True, True)
        await pilot.press("l")
        await _settle(pilot)
        assert screen.practice.hints_on
        assert _log_and_board(screen) == (False, True)
        await pilot.resize_terminal(80, 24)  # the hints over the table, the log as before
        await _settle(pilot)
        assert not screen.log_shown()


async def test_a_wide_terminal_shows_the_hints_beside_the_log_and_the_seats_whole():
    """At 200x50 the hints took the log's place and the seats' panels shrank as at 120x40
    ("Mehmet's" over a pile, a seat's score on a line of its own) beside a lay-down area
    120 columns wide. With room for both, the hints stand beside the log, the piles and
    seats at their own widths, the log wider; l hides and shows the log there, the hints
    staying. At 120x40 the hints take the log's place again."""
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        hints, log = screen.query_one("#hints"), screen.query_one("#log", RichLog)
        if not screen.practice.hints_on:
            await pilot.press("h")
            await _settle(pilot)
        assert hints.display and log.display, (hints.display, log.display)
        assert log.size.width > 0 and hints.size.width > 0
        assert log.region.right <= hints.region.x  # side by side
        assert log.outer_size.width == 40  # at 28 columns a line wrapped over two or three
        for pile in screen.query(".pile"):
            assert pile.outer_size.width == 19, (pile.id, pile.outer_size)
        for seat in ("#seat-0", "#seat-1", "#seat-3"):
            assert screen.query_one(seat).outer_size.width == 22, seat
        text = screen_text(app)
        assert "Mehmet's pile" in text and "21 tiles · score 0" in text, text
        await pilot.press("l")
        await _settle(pilot)
        assert hints.display and not log.display and screen.practice.hints_on
        assert status_text(screen).startswith("Log hidden"), status_text(screen)
        await pilot.press("l")
        await _settle(pilot)
        assert hints.display and log.display
        # A wide terminal of few lines too (at 200x30 the log was 26 columns, its title
        # cut, beside 130 columns of felt).
        await pilot.resize_terminal(200, 30)
        await _settle(pilot)
        assert hints.display and log.display and log.outer_size.width == 40
        assert hints.outer_size.width == 46
        await pilot.resize_terminal(120, 40)
        await _settle(pilot)
        assert hints.display and not log.display
        assert screen.query_one("#pile-1").outer_size.width == 15


def _drawn(app, region) -> list[tuple[str, object]]:  # type: ignore[no-untyped-def]
    """(text, style) of every piece drawn on the screen inside ``region`` (a dialog's
    screen drawn with the screens it leaves in sight under it, as a terminal shows it)."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    pieces = []
    for y, line in enumerate(update.strips):
        if not region.y <= y < region.bottom:
            continue
        x = 0
        for strip in line:
            for segment in strip:
                width = segment.cell_length
                if x < region.right and x + width > region.x:
                    pieces.append((segment.text, segment.style))
                x += width
    return pieces


async def test_the_rack_behind_a_dialog_is_not_dark_red_in_256_colours():
    """Every dialog dimmed the wooden rack behind it to #352211: dark red (#5f0000) in a
    256-colour terminal (tmux's own), as if something were wrong. Dimmed, the wood keeps
    a brown, olive or grey there."""
    import colorsys

    from rich.color import ColorSystem

    from okey_tui.ui.screens.dialogs import ConfirmScreen

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        rack = app.screen.query_one("#rack").region
        app.push_screen(ConfirmScreen("Quit the game?", quits=True))
        await _settle(pilot)
        woods = set()
        for _text, style in _drawn(app, rack):
            if style is None or style.bgcolor is None:
                continue
            colour = style.bgcolor.downgrade(ColorSystem.EIGHT_BIT).get_truecolor()
            woods.add(colour.hex)
            h, _l, s = colorsys.rgb_to_hls(*(c / 255 for c in colour))
            assert s < 0.15 or 20 / 360 <= h <= 180 / 360, (style.bgcolor.name, colour.hex)
        assert woods


async def test_the_summarys_keys_in_the_key_bar_read_behind_it():
    """The hand's summary shows its keys (esc, ⏎, q) in the table's key bar, under the
    dimming of the summary's screen: gold at 3.5:1 on the bar, they looked disabled."""
    from test_ui_looks import contrast
    from ui_helpers import last_hand_report

    from okey_tui.table import SeatInfo
    from okey_tui.ui.screens.summary import HandSummaryScreen

    seats = [SeatInfo(s, name, None) for s, name in enumerate(["You", "Ayşe", "Mehmet", "Zeynep"])]
    for theme in ("felt", "dark"):
        app = table_app(OPENING_SEED, theme=theme)
        async with app.run_test(size=(120, 40)) as pilot:
            await _settle(pilot)
            keys = app.screen.query_one("#keys").region
            app.push_screen(HandSummaryScreen(last_hand_report(3), seats, 0))
            await _settle(pilot)
            seen = []
            for text, style in _drawn(app, keys):
                if not text.strip() or style is None or style.color is None:
                    continue
                ink, paper = style.color.get_truecolor().hex, style.bgcolor.get_truecolor().hex
                seen.append(text.strip())
                assert contrast(ink, paper) >= 4.5, (theme, text, ink, paper)
            assert {"esc", "q", "Quit"} <= set(seen), (theme, seen)


async def test_the_quiet_words_on_the_panels_read_in_every_colour_depth():
    """ "not opened" on your own highlighted panel was 3.6:1 (2.8:1 in 256 colours), and
    "empty" and "No melds on the table yet" 4.35:1: each reads at 4.5:1 or more now, in
    truecolor and in a 256-colour terminal."""
    from rich.color import ColorSystem
    from test_ui_looks import contrast

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        seen = set()
        for text, style in _drawn(app, app.screen.region):
            words = text.strip()
            if not any(w in words for w in ("not opened", "empty", "No melds")):
                continue
            assert style is not None and style.color is not None and style.bgcolor is not None
            if style.dim:  # the terminal dims it: Textual mixes it with the background
                ink = Color.from_rich_color(style.color).blend(
                    Color.from_rich_color(style.bgcolor), 0.34
                )
                colour = ink.rich_color
            else:
                colour = style.color
            for depth in (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT):
                ink_hex = colour.downgrade(depth).get_truecolor().hex
                paper = style.bgcolor.downgrade(depth).get_truecolor().hex
                assert contrast(ink_hex, paper) >= 4.5, (words, depth, ink_hex, paper)
            seen.add(words)
        assert {"not opened", "empty", "No melds on the table yet."} <= seen, seen


def test_the_yellow_ink_reads_on_the_face_and_under_the_cursor():
    """Yellow's ink was 4.1:1 on the cream face and 3.5:1 under the cursor. It reads at
    4.5:1 or more there now, and stays a gold: apart from red and black in hue."""
    import colorsys

    from rich.color import Color as RichColor
    from rich.color import ColorSystem
    from test_ui_looks import contrast

    from okey_tui.engine.tiles import Colour
    from okey_tui.ui import tiles

    yellow = tiles.INK[Colour.YELLOW]
    for face in (tiles.FACE, tiles.FACE_CURSOR, tiles.FACE_TOP):
        assert contrast(yellow, face) >= 4.5, (face, contrast(yellow, face))
    for depth in (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT):
        shown = RichColor.parse(yellow).downgrade(depth).get_truecolor()
        hue, _l, saturation = colorsys.rgb_to_hls(*(c / 255 for c in shown))
        assert 30 / 360 <= hue <= 60 / 360 and saturation > 0.5, (depth, shown.hex)


async def test_the_hints_and_the_help_keep_a_column_between_text_and_scroll_bar():
    """The scroll bar sits inside a panel's padding: the hints' and the help's text ran
    into its thumb ("…it guessed they▃"). A column stays free between them."""
    from okey_tui.ui.screens.help import HelpScreen
    from okey_tui.ui.widgets.hints import HintPanel

    for size in ((80, 24), (120, 40)):
        app = table_app(3, practice=True, tips=False)
        async with app.run_test(size=size) as pilot:
            await _settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            if not screen.practice.hints_on:
                await pilot.press("h")
                await _settle(pilot)
            hints = screen.query_one(HintPanel)
            text = hints.query_one("#hints-text")
            bar = hints.vertical_scrollbar.region
            if size == (80, 24):  # the hints run past the panel: the bar is shown
                assert bar.width, bar
            if bar.width:
                assert text.content_region.right < bar.x, (size, text.content_region, bar)
            await pilot.press("question_mark")
            await _settle(pilot)
            assert isinstance(app.screen, HelpScreen)
            box = app.screen.query_one("#help")
            bar = box.vertical_scrollbar.region
            assert box.vertical_scrollbar.display and bar.width
            for part in box.children:
                assert part.content_region.right < bar.x, (size, part.id, bar)


async def test_the_help_shows_its_keys_in_the_key_bar_never_the_tables():
    """At 98 columns in Turkish at a practice table the key bar takes two lines, and the
    help's footer covered only the last: above it the table's keys, which do nothing
    under the help ("d Çek  t Al  g Geri ver …"). The bar shows the help's keys, a click
    on one presses it, and a click beside the help closes it."""
    from okey_tui import i18n
    from okey_tui.ui.screens.help import HelpScreen
    from okey_tui.ui.widgets.keybar import KeyBar

    i18n.set_language("tr")
    try:
        app = table_app(OPENING_SEED, practice=True)
        # (At 110 columns the bar keeps to one line now, two greyed keys left out.)
        async with app.run_test(size=(98, 40)) as pilot:
            await _settle(pilot)
            bar = app.screen.query_one("#keys", KeyBar)
            assert bar.size.height == 2, str(bar.render())
            await pilot.press("question_mark")
            await _settle(pilot)
            helped = app.screen
            assert isinstance(helped, HelpScreen)
            assert {key for key, _label in bar.items()} == {"pagedown", "escape"}
            lines = screen_text(app).splitlines()
            assert lines[-1] == " pgdn Devamı, sonra kurallar  esc Kapat", lines[-3:]
            assert not any("Çek" in line for line in lines[-3:]), lines[-3:]
            assert helped.query_one("#help").region.bottom <= bar.region.y  # the bar in sight
            for _ in range(60):  # PgDn up to the rules: the bar says so
                if i18n._("More of the rules") in str(bar.render()):
                    break
                await pilot.press("pagedown")
                await pilot.pause()
            assert i18n._("More of the rules") in str(bar.render()), str(bar.render())
            await pilot.click(offset=(1, 1))  # beside the box: it closes
            await _settle(pilot)
            assert isinstance(app.screen, TableScreen)
    finally:
        i18n.set_language("en")


async def test_the_name_box_closes_on_a_click_beside_it():
    """The name box of a network table's lobby took no click beside it, where every other
    dialog closes: it is cancelled, the name kept."""
    from okey_tui.ui.remote import NameScreen

    app = table_app(OPENING_SEED)
    answers: list[str | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        app.push_screen(NameScreen("Guest"), answers.append)
        await _settle(pilot)
        assert isinstance(app.screen, NameScreen)
        await pilot.click(offset=(1, 1))
        await _settle(pilot)
        assert not isinstance(app.screen, NameScreen)
        assert answers == [None]


def test_the_help_says_a_click_on_a_keys_words_presses_it() -> None:
    from rich.console import Console

    from okey_tui.ui.screens.help import mouse_legend

    console = Console(width=200, record=True, color_system=None)
    console.print(mouse_legend())
    text = " ".join(console.export_text().split())
    for said in ("click a key's words", '"y: yes"', '"Esc: close"', '"⏎ lay down"', '"Esc back"'):
        assert said in text, said


def test_the_mark_of_a_group_that_is_no_meld_reads_on_the_wood_of_both_looks() -> None:
    """The "·" under a group that is no meld was 2.1:1 on the felt's wood and 2.7:1 on the
    dark look's: it says something, and reads at 4.5:1 or more on both, in 256 colours
    too."""
    from rich.color import Color as RichColor
    from rich.color import ColorSystem
    from test_ui_looks import contrast

    from okey_tui.ui.widgets.rack import LABEL_NONE

    css = (Path(__file__).parents[2] / "okey_tui" / "ui" / "okey.tcss").read_text()
    for wood in ("#6b4423", "#3a3f47"):  # the rack's background in the felt and dark looks
        assert wood in css, wood
        for depth in (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT):
            ink = RichColor.parse(LABEL_NONE).downgrade(depth).get_truecolor().hex
            paper = RichColor.parse(wood).downgrade(depth).get_truecolor().hex
            assert contrast(ink, paper) >= 4.5, (wood, depth, ink, paper)
