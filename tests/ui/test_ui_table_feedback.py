"""What just happened, a summary that explains, every size complete (pilot tests)."""

from __future__ import annotations

import io

import pytest
from rendered import screen_text
from rich.console import Console
from rich.text import Text
from textual.binding import Binding
from textual.widgets import RichLog, Static
from ui_helpers import (
    OPENING_SEED,
    at_position,
    goto,
    late_app,
    opened_beside_a_run,
    select_tiles,
    slot_of,
    status_text,
    table_app,
    wait_for_human,
)

from okey_tui.bots.driver import safe_action as fallback_action
from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.dialogs import ConfirmScreen
from okey_tui.ui.screens.help import key_rows
from okey_tui.ui.screens.summary import HandSummaryScreen, score_sheet
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.board import MeldsView, PilePanel, PlayerPanel, scroll_note

# Seed 9 (easy bots): a bot adds a tile to a table meld before the human's second turn.
LAY_OFF_SEED = 9
# Seed 17 (easy bots, the human only draws and discards): Zeynep finishes; two bots
# paid 101 for discarding a playable tile.
PENALTY_SEED = 17


async def play_human_plainly(pilot, app, until) -> None:
    """The human draws and discards (the engine's plain move) until ``until()`` holds."""
    session = app.session
    for _ in range(200):
        await wait_for_human(pilot, app)
        if until() or session.hand.is_over:
            return
        table = app.screen.table
        await table.act(fallback_action(table.view()))
        if session.human_to_play:
            await table.act(fallback_action(table.view()))
    raise AssertionError("never got there")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "{name} added {tile} to meld {n}"),
        # An okey player says "4 numaralı pere R5 işledi", not "R5 işledi: 4 numaralı per".
        ("tr", "{name} {n} numaralı pere {tile} işledi"),
    ],
)
async def test_a_bots_lay_off_is_marked_on_the_table_and_named_in_the_status_line(
    language: str, said: str
):
    from okey_tui import i18n

    i18n.set_language(language)
    try:
        app = table_app(LAY_OFF_SEED)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            hand = app.session.hand

            def laid_off():
                return any(e.kind == "add" and e.seat != 0 for e in hand.events)

            await play_human_plainly(pilot, app, laid_off)
            event = next(e for e in hand.events if e.kind == "add" and e.seat != 0)
            index = next(i for i, tm in enumerate(hand.table) if event.tiles[0] in tm.meld.tiles)
            name = app.session.seat_name(event.seat)
            assert screen.table_marks.marks.get(index) == event.seat
            line = said.format(name=name, tile=event.tiles[0], n=index + 1)
            assert line in status_text(screen), status_text(screen)
    finally:
        i18n.set_language("en")


async def test_the_summary_lists_the_winning_melds_and_each_penalty_with_its_reason():
    app = table_app(PENALTY_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_human_plainly(pilot, app, lambda: False)
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen)
        hand = app.session.hand
        finisher = hand.outcome.finisher
        text = screen_text(app)
        first = next(tm.meld for tm in hand.table if tm.owner == finisher)
        # Under the finisher's name: "Melds:" alone read as everybody's melds.
        summary = app.screen
        owner = "Your" if finisher == 0 else f"{summary.seats[finisher].name}'s"
        shown = f"{owner} melds: " + " ".join(map(str, first.tiles[:2]))
        assert shown in text.replace("★", ""), text
        assert f"last discard {hand.discards[finisher][-1]}" in text
        assert (
            "+101 discarded a playable tile: " in text
            and " on turn " in text
            and " of the hand" in text
        )
        result = app.session.match.results[-1]
        for line in result.seats:
            assert f"= {line.total}" in text
        assert "Enter: next hand" in text, "the whole summary fits at 80x24"


async def test_at_80x24_piles_and_panels_have_their_own_titles_every_footer_key_shows_and_l_shows_the_log():
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert_piles_and_panels_never_share_a_title(screen)
        text = screen_text(app)
        # Every key usable now; the greyed ones are left out below 100 columns (? lists them).
        shown = [
            (app.get_key_display(b), b.description)
            for _, b, enabled, _ in screen.active_bindings.values()
            if b.show and enabled
        ]
        assert len(shown) >= 7
        for key, description in shown:
            assert f"{key} {description}" in text, f"{key} {description} is cut off"
        log, board = screen.query_one("#log"), screen.query_one("#board")
        assert not log.display
        await pilot.press("l")
        await pilot.pause()  # the log's size is known once the screen is laid out again
        assert log.display and not board.display and log.size.width > 40
        assert "Log · l hides" in screen_text(app)  # over the table, it says what it is
        await pilot.press("l")
        assert not log.display and board.display
        await pilot.press("l")
        await pilot.pause()
        assert log.display and not board.display
        await pilot.press("escape")  # Esc closes it too, as it closes the help and the piles
        await pilot.pause()
        assert not log.display and board.display
        assert "Log hidden" in str(screen.query_one("#status").render())


async def test_at_120x40_piles_and_panels_have_their_own_titles_and_practice_keys_are_hidden():
    """Piles and panels never share a title; the practice keys are hidden outside practice,
    and h and u say why (u shows once a sort can be undone)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert_piles_and_panels_never_share_a_title(screen)
        assert "Hints" not in screen_text(app) and "Undo" not in screen_text(app)
        await pilot.press("h")
        assert "only at a practice table" in status_text(screen)
        await pilot.press("u")
        said = status_text(screen)
        assert "Nothing to undo" in said and "sort or a move of your tiles" in said, said
        assert "practice table" in said
        await pilot.press("s")
        assert "Undo" in screen_text(app), "u shows once a sort can be undone"


def assert_piles_and_panels_never_share_a_title(screen) -> None:  # type: ignore[no-untyped-def]
    titles = [w.border_title for w in screen.query(".player, .pile")]
    assert len(titles) == len(set(titles)) == 8, titles
    assert "Mehmet's pile" in titles or "Mehmet's" in titles, titles


async def test_the_players_own_pile_cut_short_reads_yours():
    """With the hints open at 120x40 the piles narrow: the player's own was titled "Your"
    over its "pile" subtitle; it reads "Yours", as another's reads "Mehmet's"."""
    app = table_app(OPENING_SEED, practice=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        await pilot.pause()
        assert str(app.screen.query_one("#pile-0").border_title) == "Yours"


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_tips_come_one_at_a_time_in_the_middle_row_and_n_puts_them_away(size):
    """At 80x24 too, a tip leaves the indicator and the okey in sight."""
    app = table_app(OPENING_SEED, practice=True, tips=True)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        tip = screen.query_one("#tip")
        assert tip.display and screen.practice.tip_shown is not None
        middle = screen.query_one("#mid-row").region
        assert middle.contains_region(tip.region)
        for other in ("#rack", "#laydown", "#pile-0", "#pile-1", "#log", "#hints"):
            assert not tip.region.overlaps(screen.query_one(other).region)
        info = screen.query_one("#centre-info")
        assert info.region.height >= 1
        assert screen.query_one("#centre").region.contains_region(info.region)
        assert "okey" in screen_text(app)
        # The panels of the seats, shorter beside the tip, still say who has opened: a line
        # that wraps would push it out of sight.
        console = Console(width=size[0])
        for panel in screen.query(PlayerPanel):
            width, height = panel.content_size
            lines = Text(panel.render().plain).wrap(console, width)
            assert len(lines) <= height, (panel.seat, [line.plain for line in lines])
            assert "not opened" in lines[-1].plain, (panel.seat, [line.plain for line in lines])
        first = screen.practice.tip_shown
        while screen.practice.tip_shown is not None:
            await pilot.press("n")
            assert screen.practice.tip_shown != first
        assert not tip.display

        # With the tip gone the panels are taller again, and they draw the score again
        # (once the new layout has reached them: a bounded wait).
        def scored() -> list[int]:
            return [p.seat for p in screen.query(PlayerPanel) if "score 0" not in p.render().plain]

        for _ in range(200):
            if not scored():
                break
            await pilot.pause(0.01)
        assert not scored()
        for panel in screen.query(PlayerPanel):
            width, height = panel.content_size
            assert len(Text(panel.render().plain).wrap(console, width)) <= height, panel.seat


async def test_the_help_says_there_is_more_below_and_pgdn_shows_it():
    """At 80x24 the keys fill the help box and the rules come after them: the footer says
    PgDn shows more, and it does, whichever part of the box has the focus."""
    from textual.containers import VerticalScroll

    from okey_tui.ui.screens.help import HelpScreen

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)

        def shown() -> str:
            return app.screen.active_bindings["pagedown"].binding.description

        assert shown() == "More, then the rules"
        box = app.screen.query_one("#help", VerticalScroll)
        assert box.scroll_y == 0 and box.max_scroll_y > 0
        app.screen.set_focus(None)
        await pilot.press("pagedown")
        for _ in range(50):  # the box scrolls smoothly: give it a few frames
            if box.scroll_y > 0:
                break
            await pilot.pause(0.01)
        assert box.scroll_y > 0
        assert app.screen.active_bindings["pagedown"].enabled
        # Down to the rules, the footer says more of them is below (it said "More: the keys,
        # then the rules" there too, when the keys were long gone).
        rules = app.screen.query_one("#rules")
        box.scroll_to(y=rules.virtual_region.y, animate=False, immediate=True)
        await pilot.pause()
        assert shown() == "More of the rules"
        assert app.screen.active_bindings["pagedown"].enabled
        await pilot.press("pagedown")  # the key still scrolls
        for _ in range(50):
            if box.scroll_y > rules.virtual_region.y:
                break
            await pilot.pause(0.01)
        assert box.scroll_y > rules.virtual_region.y
        # At the end of the rules there is nothing more: the key greys in the footer.
        box.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y
        assert shown() == "More of the rules"
        assert not app.screen.active_bindings["pagedown"].enabled


def test_help_lists_every_table_key_and_a_key_added_later():
    rows = key_rows([*TableScreen.BINDINGS, Binding("z", "zoom", "Zoom")], {})
    keys = " ".join(k for k, _ in rows)
    for binding in TableScreen.BINDINGS:
        assert isinstance(binding, Binding)
        for key in binding.key.split(","):  # each of a family's keys (? and F1)
            # (the ten digits as one row, "0-9")
            assert (key.removeprefix("shift+") if not key.isdigit() else "0-9") in keys
    assert ("z", "Zoom") in rows


async def test_the_end_of_match_summary_fits_at_80x24_and_its_key_bar_shows_only_its_keys():
    """The one hand of a match played to its end at 80x24: the summary's key bar, then what
    the summary says and how it scrolls; then Esc shows the table as the hand ended and
    Enter brings the summary back
    (``esc_shows_the_table_as_the_hand_ended_and_enter_brings_it_back``); last, q at the
    match's end quits at once (at a hand's summary it asks first)."""
    from textual.containers import VerticalScroll

    app = table_app(PENALTY_SEED, hands=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_human_plainly(pilot, app, lambda: False)
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen)
        assert app.session.match.is_over
        # The table's keys wrap to two lines at 80 columns: none of them may show under the
        # summary, where they do nothing (a one-line footer covered only the second line).
        last_lines = screen_text(app).splitlines()[-3:]
        assert not any("Draw" in line or "Discard" in line for line in last_lines)
        # Enter starts it too, as the summary says: the bar names it ("n New match" left it out).
        assert "Enter or n: new match" in screen_text(app)
        assert "enter/n New match" in last_lines[-1]
        # The match's end opens at its top, as every summary does: the hand's head line in
        # sight (opened on the score sheet's totals, it hid the hand above the fold); the
        # sheet lies below, its totals at the end.
        body = app.screen.query_one("#summary-body", VerticalScroll)
        assert body.max_scroll_y > 0 and body.scroll_y == 0
        text = screen_text(app)
        assert "Hand 1/1: " in text and "│ Total │" not in text
        body.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert "│ Total │" in screen_text(app)
        body.scroll_home(animate=False, immediate=True)
        await pilot.pause()
        text = screen_text(app)
        assert "The match is over. Zeynep won with -101." in text
        # A false okey left in hand: what the sum counted it as (F✦ alone did not say),
        # where the tiles count (a wrapped line read without the box's edges and scrollbar).
        okey = app.session.hand.okey
        inside = "".join(" " if ch == "┃" or "\u2580" <= ch <= "\u259f" else ch for ch in text)
        assert f"(F✦ counts as {okey})" in " ".join(inside.split()), text
        # Why, and where the others ended ("You won with 138" alone said neither).
        totals = app.session.match.totals()
        # The player, named "You" by default, is "you" mid-sentence.
        names = ["you", *(app.session.seat_name(s) for s in range(1, 4))]
        # Equal totals share a place: "you and Ayşe 303 (tied)".
        places: dict[int, list[str]] = {}
        for s in sorted((0, 1, 2), key=totals.__getitem__):
            places.setdefault(totals[s], []).append(names[s])
        then = ", ".join(
            f"{seats[0]} {total}" if len(seats) == 1 else f"{' and '.join(seats)} {total} (tied)"
            for total, seats in places.items()
        )
        assert f"The lowest total wins; then {then}." in " ".join(text.split()), text
        assert "Enter or n: new match · q: quit" in text
        # t: another table, chosen on the new-table screen, named in the key bar.
        assert "t Choose a table" in last_lines[-1], last_lines
        # The score sheet, hand by hand, at the end of the match: below the fold at 80x24,
        # and the hint says the summary scrolls.
        sheet = app.screen.query_one("#score-sheet")
        assert sheet.display and sheet.size.height > 0
        assert "↑ ↓ scroll" in text, text
        # Esc shows the table as the hand ended, Enter brings the summary back.
        await esc_shows_the_table_as_the_hand_ended_and_enter_brings_it_back(pilot, app)
        # At the end of the match q quits at once: there is nothing left to leave.
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0


async def test_t_at_the_end_of_a_match_opens_the_new_table_screen():
    """At a match's end Enter and n dealt the same table again: to play other bots or rules
    the player had to quit and start okey101 again. t opens the new-table screen on the
    table just played, and its Enter deals the table chosen there."""
    from okey_tui.settings import TableSettings, save_settings
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.setup import NewTableScreen

    save_settings(TableSettings(hands=11))  # the choices remembered: not this table's
    settings = TableSettings(bots=("easy", "easy", "easy"), hands=1)
    app = make_app(settings=settings, ask=False, seed=PENALTY_SEED, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_human_plainly(pilot, app, lambda: False)
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen) and app.session.match.is_over
        await pilot.press("t")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, NewTableScreen), app.screen
        # Its lines are the table just played (one hand), not the choices remembered.
        assert app.screen.chosen().hands == 1
        await pilot.press("enter")
        for _ in range(10):
            await pilot.pause()
        assert isinstance(app.screen, TableScreen), app.screen
        assert not app.session.match.is_over


async def test_clicking_a_key_in_the_key_bar_presses_it():
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        bar = screen.query_one("#keys")
        line, start, _, _ = next(span for span in bar._spans if span[3] == "l")
        await pilot.click("#keys", offset=(start, line))
        assert screen.query_one("#log").display


SUMMARY_NAMES = ["You", "Ayşe", "Mehmet", "Zeynep"]


def explained_hand(
    openings: list,  # type: ignore[type-arg]
    outcome,
    width: int = 200,
    rack: str = "",
    melds: tuple[str, ...] = (),
    names: list[str] = SUMMARY_NAMES,
    sheet: bool = False,
) -> list[str]:
    """The summary's lines for a hand of these openings and outcome, every seat holding
    ``rack`` (30 points left, whatever the rack), printed at ``width`` columns; ``melds``
    are the finisher's melds on the table, its last discard R1."""
    from okey_tui.engine.melds import parse_meld
    from okey_tui.engine.rules import RuleSet
    from okey_tui.engine.scoring import HandResult, SeatScore, finish_parts
    from okey_tui.engine.state import TableMeld
    from okey_tui.engine.tiles import Tile
    from okey_tui.table import HandReport, SeatInfo
    from okey_tui.ui.screens.summary import explain_hand, match_line, score_sheet

    seats = [SeatInfo(s, name, None) for s, name in enumerate(names)]
    left = tuple(Tile.parse(t) for t in rack.split())
    lines = []
    for seat, opening in enumerate(openings):
        finish, note, formula = finish_parts(outcome, seat, opening, 30, False, False)
        lines.append(SeatScore(seat, finish, left, 30, 0, 0, 0, opening, finish, note, formula))
    totals = tuple(line.total for line in lines)
    okey = Tile.parse("B8")  # the indicator is B7
    table = tuple(TableMeld(outcome.finisher, parse_meld(m.replace(" ", ""), okey)) for m in melds)
    last = Tile.parse("R1") if melds else None
    report = HandReport(
        1, 5, HandResult(outcome, tuple(lines)), Tile.parse("B7"), table, last, (),
        (totals,), totals, False, (), RuleSet(hands=5), (False,) * 4,
    )  # fmt: skip
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(explain_hand(report, seats))
    if sheet:  # the match line and the score sheet too
        console.print(match_line(report, seats))
        console.print(score_sheet(report, seats))
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_the_pairs_openers_step_is_noted_only_where_it_counts() -> None:
    """A pairs opener's tiles left count one step up, but a straight out writes a flat 404 for
    everyone who has not finished: the summary notes the step only when the sum shows it."""
    from okey_tui.engine.state import EndKind, Opening, OpeningKind, Outcome

    openings = [
        Opening(OpeningKind.MELDS, 105),
        None,
        Opening(OpeningKind.PAIRS, 6),
        Opening(OpeningKind.MELDS, 101),
    ]

    def explained(outcome: Outcome) -> list[str]:
        return explained_hand(openings, outcome)

    def mehmet(text: list[str]) -> str:
        return next(line for line in text if line.startswith("Mehmet"))

    straight = explained(Outcome(EndKind.FINISH, 3, straight=True))
    assert "404" in mehmet(straight)
    assert "opened with pairs" not in "\n".join(straight)
    empty = explained(Outcome(EndKind.EMPTY_MIDDLE))
    assert "30 in hand × 2" in mehmet(empty) and "(doubled: opened with pairs)" in mehmet(empty)
    normal = explained(Outcome(EndKind.FINISH, 3))
    assert "(doubled: opened with pairs)" in mehmet(normal)


def test_the_winning_melds_break_between_melds_only_at_80_columns() -> None:
    """The finisher's melds fill the summary's lines, each meld whole on one line (the
    80x24 summary showed "K5 K6" at the end of one line and "K7" on the next)."""
    from okey_tui.engine.state import EndKind, Opening, OpeningKind, Outcome

    melds = ("B1 B2 B3", "R2 Y2 K2", "R10 Y10 B10", "R12 Y12 B12", "Y13 B13 K13", "K5 K6 K7")
    opened = Opening(OpeningKind.MELDS, 105)
    text = explained_hand([opened] * 4, Outcome(EndKind.FINISH, 3), width=76, melds=melds)
    top = text[1 : text.index(next(line for line in text if line.startswith("You")))]
    assert len(top) == 2 and "melds: B1 B2 B3 · R2 Y2 K2" in top[0]
    for meld in melds:
        assert sum(meld in line for line in top) == 1, meld
    assert top[-1].endswith("K5 K6 K7 · last discard R1")
    # The break says so: "Y13 B13 K13" at a line's end and "K5 K6 K7" at the next one's
    # start read as one meld.
    assert top[0].rstrip().endswith(" ·"), top
    assert all(len(line) <= 76 for line in top), top


def test_names_that_look_like_markup_are_shown_as_typed_in_the_summary() -> None:
    """A name is text: "[/b]" or "[bold]" in one (typed at a hot-seat table, or a friend's
    at a network table) shows as typed in every part of the summary, and breaks nothing."""
    from okey_tui.engine.state import EndKind, Opening, OpeningKind, Outcome

    names = ["You", "[/b]", "Ali [bold]", "Zeynep"]
    opened = Opening(OpeningKind.MELDS, 105)
    text = "\n".join(
        explained_hand(
            [opened] * 4, Outcome(EndKind.FINISH, 2), names=names, melds=("R1 R2 R3",), sheet=True
        )
    )
    assert "[/b]" in text and "Ali [bold]" in text
    assert text.count("[/b]") == 3  # its score, the match line and the sheet's column


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        (
            "en",
            "28 in hand × 2 + 101 for an okey in hand + 101 penalties = 258",
            "28 in hand × 2 + 202 for 2 okeys in hand + 101 penalties = 359",
        ),
        (
            "tr",
            "elde kalan 28 × 2 + 101 (eldeki okey) + 101 ceza = 258",
            "elde kalan 28 × 2 + 202 (eldeki 2 okey) + 101 ceza = 359",
        ),
    ],
)
def test_the_points_for_okeys_in_hand_and_their_count_are_told_apart(
    lang: str, one: str, two: str
) -> None:
    """At a penalty table each okey kept in hand costs 101: the sum names the points and
    then what they are for. It read "+ 202 2 okeys in hand", two numbers in a row."""
    from okey_tui import i18n
    from okey_tui.engine.scoring import SeatScore
    from okey_tui.i18n import _
    from okey_tui.ui.screens.summary import arithmetic

    i18n.set_language(lang)
    formula = _("{total} in hand").format(total=28) + " × 2"
    for okeys, said in ((1, one), (2, two)):
        total = 56 + 101 * okeys + 101
        line = SeatScore(1, 56, (), 28, okeys, 101, 0, None, total, "", "")
        assert arithmetic(line, formula).plain == said


def test_a_full_rack_left_in_hand_wraps_under_the_seats_lines_at_80_columns() -> None:
    """21 tiles left do not fit on one line of the 80x24 summary: the rest of the list
    goes on under the seat's lines, never back under the names."""
    from okey_tui.engine.state import EndKind, Outcome

    rack = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8"
    text = explained_hand([None] * 4, Outcome(EndKind.EMPTY_MIDDLE), width=76, rack=rack)
    assert text[-1].startswith("202: ")  # where 202 comes from, under the seats' lines
    seat_lines = text[1:-1]  # after the head line
    column = seat_lines[0].index("202")  # where every seat's lines start
    assert all(line[:column].strip() in ("", *SUMMARY_NAMES) for line in seat_lines)
    continued = [line for line in seat_lines if not line[:column].strip()]
    assert any("Y8" in line for line in continued)  # the list did wrap
    # The count of tiles and the points they are worth are told apart.
    assert any("21 tiles left: R1" in line for line in seat_lines)
    assert not any(" 21 left" in line for line in seat_lines)
    assert all(line[column] != " " for line in continued if line.strip())


async def test_a_draw_and_a_take_say_which_tile_came_in():
    """The status line names the tile a draw brought in, and what a take asks of the player."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        left_pile = next(p for p in screen.query(PilePanel) if p.seat == screen.view.left)
        assert not screen.view.discards[screen.view.left]
        assert "t take" not in str(left_pile.render())  # nothing to take yet
        await pilot.press("x")  # the starter throws first
        await wait_for_human(pilot, app)
        assert "t take" in str(left_pile.render())
        await pilot.press("d")
        await pilot.pause()
        assert "t take" not in str(left_pile.render())  # one draw a turn: t works no more
        drawn = screen.rack.slots[screen.cursor]
        assert drawn is not None and screen.cursor in screen.fresh
        said = status_text(screen)
        if drawn == screen.view.okey:
            assert said.startswith(f"You drew {drawn}★, an okey")
        else:
            assert (
                said
                == f"You drew {drawn}: open if you can (o), then x discards the tile under the cursor"
            )
        await pilot.press("x")
        await wait_for_human(pilot, app)
        taken = screen.view.left_discard
        assert taken is not None
        await pilot.press("t")
        await pilot.pause()
        assert screen.view.taken is not None and screen.view.taken.tile == taken
        # Its set's other tiles lie in two groups: the line names them, and the opening
        # the rack makes with it (the set alone is far from the floor).
        said = status_text(screen)
        assert said == (
            f"You took {taken}: set 24 with Y8 K8 · lay it down this turn (g gives it back)"
            " · with it you can open: 113 points"
        )


async def test_giving_the_taken_discard_back_says_which_tile_was_drawn_instead():
    """g gives the taken tile back and draws: the status line names both (it was blank)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("x")  # the starter throws first
        await wait_for_human(pilot, app)
        taken = screen.view.left_discard
        assert taken is not None
        await pilot.press("t", "g")
        await pilot.pause()
        assert screen.view.taken is None and screen.view.left_discard == taken
        drawn = screen.rack.slots[screen.cursor]
        assert drawn is not None and screen.cursor in screen.fresh
        assert status_text(screen) == (
            f"You gave {taken} back and drew {drawn}: "
            "open if you can (o), then x discards the tile under the cursor"
        )


async def test_a_discard_is_told_until_the_others_move():
    """After x the status line names the tile thrown (it was blank while the others played,
    and stayed blank for as long as a person at a network table thought)."""
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app

    settings = TableSettings(bots=("easy", "easy", "easy"))
    app = make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=30, remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        tile = screen.rack.slots[screen.cursor]
        assert tile is not None
        await pilot.press("x")
        await pilot.pause()
        assert screen.view.discards[0][-1] == tile and screen.view.turn != 0
        assert status_text(screen) == f"You discarded {tile}"


async def test_beside_the_hints_the_lay_down_box_keeps_the_table_its_rows():
    """Beside the hints the lay-down box is narrower (at 110x40 more than at 120x40): the
    keys line (the footer has the keys) gives way rather than wrap the box taller than the
    piles beside it, and the floor line breaks between its pieces only."""
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        laydown = screen.query_one("#laydown")
        table_rows = screen.query_one("#mid-row").region.height
        await pilot.press("h")
        for _ in range(3):  # the box is narrowed, then drawn again at its new width
            await pilot.pause()
        assert screen.query_one("#hints").display
        assert "o stages your groups" not in str(laydown.render())
        assert (
            laydown.region.height == screen.query_one("#pile-0").region.height == 6
        )  # the row's own
        assert screen.query_one("#mid-row").region.height == table_rows
        # The line breaks between its pieces, never inside a floor ("101 / pts or 5 / pairs").
        lines = str(laydown.render()).splitlines()
        assert lines[:2] == ["Open: 101 pts", "or 5 pairs"]


async def test_the_more_melds_note_goes_when_the_tip_that_hid_them_goes():
    """At 80x25 a tip takes the middle row's rows but one (at 80x24, where it would leave
    the melds no line, it gives way: test_ui_practice.py); once put away, every meld shows
    again and the box no longer says PgUp PgDn shows more."""
    app = table_app(46, practice=True, tips=True, bots=("hard", "hard", "hard"))
    async with app.run_test(size=(80, 25)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert screen.view.table, "seed 46: melds on the table before the human's first turn"
        melds = screen.query_one(MeldsView)
        centre = screen.query_one("#centre")

        def more_note() -> str:
            # (the box shows the newest meld the others laid: the lines above it, or below)
            return scroll_note(melds.scroll_y, melds.max_scroll_y)

        # Laid out with the tip, then told what it hides; the practice hint beside it may
        # come a moment later and lay the box out again, so wait for the note to agree.
        for _ in range(200):
            if centre.border_subtitle and centre.border_subtitle == more_note():
                break
            await pilot.pause(0.02)
        assert melds.max_scroll_y > 0
        assert centre.border_subtitle == more_note()
        while screen.practice.tip_shown is not None:
            await pilot.press("n")
        for _ in range(200):  # laid out without the tip, then told every meld shows
            if not centre.border_subtitle and not melds.max_scroll_y:
                break
            await pilot.pause(0.02)
        assert melds.max_scroll_y == 0
        assert not centre.border_subtitle


async def test_a_bots_opening_is_said_though_two_adds_came_after_it():
    """The line says the others' last two moves: a bot that opened and then laid off two
    tiles left "Zeynep added K9 to meld 7 · Zeynep added Y5 to meld 6 · Your turn", and
    at 80x24 nothing on the screen said it had opened. An opening is said whatever came
    after it."""
    from tests.positions import a_bot_opens_and_adds_after_seat_0_discards

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_position(pilot, app, a_bot_opens_and_adds_after_seat_0_discards())
        hand = app.session.hand
        await discard_then_wait(pilot, screen, "Y1", lambda: hand.turn == 0 or hand.is_over)
        await pilot.pause()
        zeynep = app.session.seat_name(3)
        adds = [e for e in hand.events if e.kind == "add" and e.seat == 3]
        assert hand.openings[3] is not None and len(adds) >= 2, [e.text for e in hand.events]
        said = status_text(screen)
        assert f"{zeynep} opened" in said and "Your turn" in said, said


async def test_behind_a_bots_finish_the_line_says_how_the_hand_ended():
    """A bot went out: behind the summary the line said "Mehmet laid meld 2", its last
    move on the table, not that it finished."""
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        position_ = position(
            ["R5 B9 K13 Y1", "K1 K2 K3", "Y2 Y3 Y4 B1", "B2 B3 R11 R12"],
            table=("1:Y9Y10Y11Y12Y13",),
            openings="-/m101/-/-",
            middle="K12",
            phase="p",
        )
        screen = await at_position(pilot, app, position_)
        hand = app.session.hand
        await discard_then_wait(pilot, screen, "R5", lambda: hand.is_over)
        await pilot.pause()
        assert hand.outcome is not None and hand.outcome.finisher == 1
        said = status_text(screen)
        assert said.startswith(f"{app.session.seat_name(1)} finished"), said


async def test_at_80x24_every_line_of_melds_says_whose_they_are():
    """At 80x24 the melds box shows two lines: a line of its own named the owner ("Zeynep —
    opened with 115 points"), so a line scrolled to with PgDn could be anyone's, and the
    header took one of the two lines. Each line now starts with the owner's name."""
    app = table_app(33, bots=("hard", "hard", "hard"), tips=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        view = screen.view
        assert view.table, "seed 33: Zeynep opens before the human's first turn"
        lines = str(screen.query_one(MeldsView).melds_text.render()).splitlines()
        names = {tm.owner: app.session.seat_name(tm.owner) for tm in view.table}
        assert lines and all(
            any(line.startswith(f"{name}: ") for name in names.values()) for line in lines
        ), lines
        assert not any("—" in line or "=" in line for line in lines), lines
    wide = table_app(33, bots=("hard", "hard", "hard"), tips=False)
    async with wide.run_test(size=(120, 40)) as pilot:  # room: the owner over the melds
        await wait_for_human(pilot, wide)
        lines = str(wide.screen.query_one(MeldsView).melds_text.render()).splitlines()
        assert "—" in lines[0] and "=" in lines[1], lines


async def test_a_meld_the_player_adds_to_is_brought_into_sight():
    """At 80x24 the melds box shows a few lines: after a added Y9 to meld 1 the box stayed
    scrolled on other melds, and the player could not see what the add did."""
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        position_ = position(
            ["R4 K13 Y13", "R8 R9", "Y11 Y12", "B11 B12"],
            table=(
                "0:R1R2R3",
                "1:Y1Y2Y3",
                "1:Y5Y6Y7",
                "2:B1B2B3",
                "2:B5B6B7",
                "3:K1K2K3",
                "3:K5K6K7",
                # More melds than the box's lines, even with a seat's melds on the line
                # of the seat before them.
                "1:K9K10K11",
                "2:R10R11R12",
                "3:Y8Y9Y10",
                "1:R13Y13B13",
                "2:R6Y6K6",
                "3:R5Y5B5",
                "1:R9Y9K9",
            ),
            openings="m101/m101/m101/m101",
            phase="p",
        )
        screen = await at_position(pilot, app, position_)
        melds = screen.query_one(MeldsView)
        await pilot.pause()
        assert melds.max_scroll_y > 0, "more melds than the box shows"
        for _ in range(5):
            await pilot.press("pagedown")
        await pilot.pause()

        def in_sight() -> list[str]:
            lines = str(melds.melds_text.render()).splitlines()
            top = round(melds.scroll_y)
            return lines[top : top + melds.scrollable_content_region.height]

        assert not any("1:R1 R2 R3" in line for line in in_sight()), "meld 1 scrolled away"
        # The box says where the player is among the lines: all above, none below.
        above = round(melds.scroll_y)
        centre = screen.query_one("#centre")
        assert centre.border_subtitle == f"PgUp: {above} line{'s' if above > 1 else ''} above"
        await goto(pilot, screen, slot_of(screen, Tile.parse("R4")))
        await pilot.press("a")
        await pilot.pause()
        await pilot.pause()
        assert app.session.hand.table[0].meld.text(app.session.hand.okey) == "R1R2R3R4"
        # So many melds have their runs of four written by their ends.
        assert any("1:R1–R4" in line for line in in_sight()), in_sight()


async def help_lists_going_pairs(pilot, app) -> bool:  # type: ignore[no-untyped-def]
    """Whether the help (? opens it, Esc closes it) lists the key declaring Going Pairs."""
    from okey_tui.ui.screens.help import HelpScreen

    table = app.screen
    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    listed = any(b.action == "declare_pairs" for b in app.screen.table_bindings)
    await pilot.press("escape")
    await pilot.pause()
    assert app.screen is table
    return listed


async def test_at_a_challenge_table_shift_p_declares_going_pairs_after_asking():
    """The help lists the key (the help of a Classic table listed it too, where it does
    nothing); P asks first, n does nothing, y declares, and a second P says why not."""
    app = table_app(OPENING_SEED, game_type="challenge")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        assert await help_lists_going_pairs(pilot, app)
        screen = app.screen
        assert "P Go pairs" in screen_text(app)
        await pilot.press("P")
        assert isinstance(app.screen, ConfirmScreen)
        assert "you score 404 instead of 202" in app.screen.question
        await pilot.press("n")
        assert not screen.view.going_pairs[screen.view.seat]
        assert status_text(screen) == "Nothing done: you may still open with melds"
        await pilot.press("P", "y")
        await pilot.pause()
        assert screen.view.going_pairs[screen.view.seat]
        assert app.session.hand.going_pairs[screen.view.seat]
        assert "Going Pairs: open with 5 pairs" in str(screen.query_one("#laydown").render())
        # Never again this hand: the key bar leaves it out (it stayed there, greyed).
        assert "Go pairs" not in screen_text(app)
        await pilot.press("P")  # once is enough: the engine says why not again
        assert not isinstance(app.screen, ConfirmScreen)
        assert status_text(screen) == "You have already declared Going Pairs"


async def test_at_a_classic_table_there_is_no_going_pairs_key_and_p_says_why():
    """Neither the key bar nor the help lists the key declaring Going Pairs (the help
    listed "P declare Going Pairs … (Challenge)", a key that does nothing there); P says why."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        assert not await help_lists_going_pairs(pilot, app)
        screen = app.screen
        assert "Go pairs" not in screen_text(app)
        await pilot.press("P")
        assert not isinstance(app.screen, ConfirmScreen)
        assert "Going Pairs is a Challenge rule" in status_text(screen)
        assert not screen.view.going_pairs[screen.view.seat]


async def test_at_a_partners_table_the_partner_is_marked_and_the_match_is_scored_by_side():
    app = table_app(PENALTY_SEED, partners=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        across = screen.query_one("#seat-2")
        assert across.border_subtitle == "easy · partner"
        assert "partner" not in str(screen.query_one("#seat-1").border_subtitle)
        await play_human_plainly(pilot, app, lambda: False)
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen)
        match = app.session.match
        totals = match.totals()
        line = str(app.screen.query_one("#match-line").render())
        assert line.startswith(
            f"Match totals: You & Mehmet {totals[0]} · Ayşe & Zeynep {totals[1]} · "
        )
        # Who is ahead, and that the lowest total is (only the last summary said so).
        ahead = ["You & Mehmet", "Ayşe & Zeynep"][totals[1] < totals[0]]
        said = (
            "all level (the lowest total wins)"
            if totals[0] == totals[1]
            else f"ahead: {ahead} (the lowest total wins)"
        )
        assert line.endswith(" · " + said), line
        hand = match.results[-1].totals()
        console = Console(file=io.StringIO(), width=100)
        console.print(score_sheet(app.screen.report, app.screen.seats))
        rows = console.file.getvalue().splitlines()
        assert "You & Mehmet" in rows[2] and "Ayşe & Zeynep" in rows[2]
        first = next(r for r in rows if r.strip(" │").startswith("1 "))
        assert [int(x) for x in first.replace("│", " ").split()] == [
            1,
            hand[0] + hand[2],
            hand[1] + hand[3],
        ]


async def test_the_starter_is_told_at_once_how_the_first_turn_goes():
    app = table_app(OPENING_SEED)  # the human starts, with 22 tiles
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert len(screen.view.rack) == 22
        assert (
            status_text(screen)
            == "Your turn: open if you can (o), then x discards the tile under the cursor"
        )


async def test_first_hand_tips_give_the_short_way_to_open_and_at_challenge_going_pairs():
    app = table_app(OPENING_SEED, practice=True, tips=True, game_type="challenge")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        shown = []
        for _ in range(10):
            if screen.practice.tip_shown is None:
                break
            shown.append(str(screen.practice.tip_shown))
            await pilot.press("n")
        text = "\n".join(shown)
        assert "declare Going Pairs with P (shift+p)" in text
        assert "you score 404 instead of 202" in text
        # The three keys that open an arranged hand (README: s o Enter), not one meld at a time.
        assert "Press s to sort it into groups, o to stage every meld, then Enter" in text
        await pilot.press("s", "o", "enter")
        assert screen.view.opening is not None


async def test_at_a_practice_table_u_takes_a_going_pairs_declaration_back():
    app = table_app(OPENING_SEED, game_type="challenge", practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        await pilot.press("P", "y")
        await pilot.pause()
        assert screen.view.going_pairs[screen.view.seat]
        await pilot.press("u")
        await pilot.pause()
        assert not screen.view.going_pairs[screen.view.seat]
        assert status_text(screen) == "Undone: declaring Going Pairs"
        assert "Open: 101 pts or 5 pairs" in str(screen.query_one("#laydown").render())


def test_moves_told_together_each_name_only_their_own_melds() -> None:
    """At full bot speed one screen update can bring several seats' openings and lay-offs:
    each line names only the melds that move laid or changed ("Mehmet opened … (melds 6,
    7)", not every meld new since the last update), and only those are marked as his."""
    import random

    from okey_tui.bots.base import make_bot
    from okey_tui.bots.driver import play_bot_turn
    from okey_tui.engine.rules import RuleSet
    from okey_tui.engine.state import Hand
    from okey_tui.engine.view import PlayerView
    from okey_tui.table import SeatInfo
    from okey_tui.ui.widgets.board import TableMarks

    seats = [SeatInfo(i, name, "normal") for i, name in enumerate(SUMMARY_NAMES)]
    bots = [make_bot("normal") for _ in range(4)]
    found = 0
    for seed in range(40):
        hand = Hand.deal(RuleSet(), random.Random(seed), starter=1)
        marks = TableMarks()
        # Seat 0 watches: everything from the deal until two other seats have opened
        # reaches it in one update.
        while not hand.is_over and sum(o is not None for o in hand.openings[1:]) < 2:
            play_bot_turn(hand, bots[hand.turn])
        if hand.is_over:
            continue
        found += 1
        lines = marks.update(seats, hand.events, PlayerView.of(hand, 0), viewer=0)
        opens = [e for e in hand.events if e.kind == "open" and e.seat != 0]
        said = [line for line in lines if " opened with " in line]
        assert len(said) == len(opens)
        for event, line in zip(opens, said, strict=True):
            numbers = [
                n
                for part in line.rsplit("(melds ", 1)[1].rstrip(")").split(", ")
                for n in (
                    range(int(part.split("-")[0]), int(part.split("-")[1]) + 1)
                    if "-" in part
                    else [int(part)]
                )
            ]
            owners = {hand.table[int(n) - 1].owner for n in numbers}
            assert owners == {event.seat}, line
            laid = sum(len(hand.table[int(n) - 1].meld.tiles) for n in numbers)
            assert laid >= len(event.tiles), line
        for index, seat in marks.marks.items():
            assert hand.table[index].owner == seat or any(
                e.kind in ("add", "swap") and e.seat == seat for e in hand.events
            )
        if found == 5:
            break
    assert found == 5


def test_fill_breaks_lines_between_pieces_only() -> None:
    from okey_tui.ui.widgets.board import fill

    assert fill(["Open:", "101 pts", "or 5 pairs"], 12) == "Open:\n101 pts\nor 5 pairs"
    assert fill(["Open:", "101 pts", "or 5 pairs"], 13) == "Open: 101 pts\nor 5 pairs"
    assert fill(["Open:", "101 pts", "or 5 pairs"], 0) == "Open: 101 pts or 5 pairs"


def test_meld_numbers_say_a_run_of_melds_as_a_range() -> None:
    from okey_tui.ui.widgets.board import meld_numbers

    assert meld_numbers([5, 6, 7, 8, 9]) == "6-10"
    assert meld_numbers([0, 1]) == "1, 2"
    assert meld_numbers([0, 2, 3, 4, 7]) == "1, 3-5, 8"
    assert meld_numbers([]) == ""


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_penalty_shows_in_the_players_panel_at_every_size(size):
    """At 80x24 "not opened · +101 penalty" is wider than the player's panel: the line
    breaks between the two, and the panel shortens the match score before either leaves
    sight. The number says what it is (a bare "+101" left players guessing)."""
    from okey_tui.engine.state import Penalty, PenaltyReason

    app = table_app(OPENING_SEED)
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        app.session.hand.penalties.append(Penalty(0, 101, PenaltyReason.OKEY_DISCARD))
        screen.render_all()
        await pilot.pause()
        panel = next(p for p in screen.query(PlayerPanel) if p.seat == 0)
        width, height = panel.content_size
        lines = Text(panel.render().plain).wrap(Console(width=size[0]), width)
        shown = [line.plain for line in lines]
        assert len(lines) <= height, shown
        assert any("+101 penalty" in line for line in shown), shown
        assert any("not opened" in line for line in shown), shown
        assert not any(line.rstrip().endswith("·") for line in shown), shown


async def test_a_long_name_titles_its_narrow_pile_by_its_first_word():
    """At 80x24 "Mehmet Can's" does not fit a pile's title: "Mehmet's" does, and no
    other seat's name starts with Mehmet. A wider pile keeps the whole name."""
    from okey_tui.ui.screens.privacy import PrivacyScreen

    app = table_app(OPENING_SEED, humans=2, human_names=("Mehmet Can",), name="Ayşe")
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            if isinstance(app.screen, PrivacyScreen):
                break
            await pilot.pause(0.01)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        pile = next(p for p in screen.query(PilePanel) if p.seat == 2)
        assert pile.border_title == "Mehmet's"
        await pilot.resize_terminal(160, 50)
        for _ in range(3):
            await pilot.pause()
        assert pile.border_title.startswith("Mehmet Can's")


async def test_a_meld_never_breaks_over_two_lines_when_the_melds_need_scrolling():
    """At 80x24, late in a hand, the melds overflow their box and its scroll bar takes
    columns: the lines are laid out for the width left, so no meld wraps in two."""
    app = late_app(8, turns_left=1, bots=("hard", "hard", "hard"), tips=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        await pilot.pause()
        melds = app.screen.query_one(MeldsView)
        assert melds.max_scroll_y > 0, "seed 8: the melds overflow the box late in hand 1"
        lines = melds.melds_text.render().plain.splitlines()  # type: ignore[union-attr]
        assert len(lines) > 3
        assert max(len(line) for line in lines) <= melds.melds_text.content_size.width


async def test_a_penalised_discard_says_what_it_cost_in_the_status_line():
    """Throwing R4 beside a table run R1-R3 costs 101: the status line said only "You
    discarded R4", and the +101 showed in the log and the panel alone."""
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app
    from tests.positions import position

    settings = TableSettings(bots=("easy", "easy", "easy"))
    app = make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=30, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        app.session.hand.restore(
            position(
                ["R4 K9 Y11 B2", "K5 K6 K7 B8", "B1 B3 B4 Y3", "K4 K5 Y7 K8 R8"],
                table=("1:R1R2R3",),
                openings="-/m101/-/-",
                middle="Y1 Y2 B6 B7",
            )
        )
        screen.new_hand()
        await pilot.pause()
        screen.cursor = slot_of(screen, Tile.parse("R4"))
        await pilot.press("x", "y")  # y: the question before a penalty
        await pilot.pause()
        assert screen.view.penalty_points[0] == 101
        assert status_text(screen) == "You discarded R4 · +101: discarded a playable tile"


async def test_a_tip_about_the_draw_goes_once_the_seat_has_drawn():
    """The first tip says the turn starts with a draw; it stayed over the table after the
    draw, unread, as if the draw were still to come. Once drawn it goes, and the tips of the
    moment (here: the hand can open) take its place."""
    from okey_tui.engine.state import Phase
    from okey_tui.ui.tips import FIRST_DRAW

    app = table_app(11, practice=True, tips=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert screen.view.phase is Phase.DRAW, "a seed whose first turn starts with a draw"
        practice = screen.practice
        assert practice.tip is not None and practice.tip.text == FIRST_DRAW
        await pilot.press("d")
        await pilot.pause()
        assert screen.view.phase is Phase.PLAY
        assert practice.tip is not None and practice.tip.text != FIRST_DRAW
        assert "starts with a draw" not in screen_text(app)
        # The basics (the okey and melds, the opening floor) come next, then the opening
        # (at 80x24 in their fewer words: the tips' full text is read here).
        tip = practice.tip.text
        assert "is this hand's okey" in tip, tip
        await pilot.press("n")
        assert practice.tip is not None and "opening floor" in practice.tip.text
        await pilot.press("n")
        tip = practice.tip.text if practice.tip is not None else None
        assert tip is not None and "You can open" in tip
        # The expert's hint may say to hold the opening: the tip says h tells which.
        assert "h: whether the expert would open now or hold it back" in tip, tip


async def test_the_starters_tip_goes_once_the_first_turn_is_over():
    """The starter's tip (22 tiles, no draw this turn) stayed over the table on the next
    turn, unread, saying there was no draw while the status asked for one. Once the first
    turn is over it goes."""
    from okey_tui.engine.state import Phase
    from okey_tui.ui.tips import FIRST_START

    app = table_app(practice=True, tips=True)  # the person starts with 22 tiles
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert screen.view.phase is Phase.PLAY and len(screen.view.rack) == 22
        assert screen.practice.tip_shown == FIRST_START.format(n=22)
        await pilot.press("x")  # the first turn ends, the tip unread
        await wait_for_human(pilot, app)
        assert screen.view.phase is Phase.DRAW
        assert screen.practice.tip_shown != FIRST_START.format(n=22)
        assert "22 tiles" not in screen_text(app)


async def test_the_starters_tip_goes_as_the_first_discard_is_made():
    """The starter's tip (22 tiles, no draw this turn) stayed on the screen through the
    bots' turns after the first discard: it goes as the turn ends."""
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app
    from okey_tui.ui.tips import FIRST_START

    settings = TableSettings(bots=("easy", "easy", "easy"), practice=True, tips=True)
    app = make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=30, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.practice.tip_shown == FIRST_START.format(n=22)
        await pilot.press("x")
        await pilot.pause()
        assert app.session.hand.turn != 0  # the bots' turns, at their slow pace
        assert screen.practice.tip_shown != FIRST_START.format(n=22)
        assert "22 tiles" not in screen_text(app)


async def test_enter_with_nothing_staged_says_what_to_do():
    """Enter with nothing staged did nothing at all (the last message stayed): it says how to
    stage; with tiles selected it stages them, as o does."""
    app = table_app()  # the person starts, with 22 tiles
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        await pilot.press("enter")
        assert status_text(screen).startswith("Nothing is staged: press o to stage your groups")
        await pilot.press("s")
        groups = screen.rack.groups()
        assert groups, "seed 125 sorts into melds"
        # The cursor stays on its tile, wherever sorting put it: to the first group, then
        # m selects the group under the cursor.
        await pilot.press("up", "home", "m")
        await pilot.pause()
        assert screen.selected
        await pilot.press("enter")
        await pilot.pause()
        assert screen.staging.melds and not screen.selected


async def test_a_staged_meld_wider_than_the_box_breaks_with_its_rest_indented():
    """A meld wider than the lay-down box (R1 to R13, beside the hints): R12 Y12 B12 broke
    as "R12 Y12" and "B12", which read as two melds. The rest of a meld too wide is
    indented, and the next meld starts a line of its own."""
    from okey_tui.ui.tiles import meld_chips
    from okey_tui.ui.widgets.board import LayDownArea
    from tests.positions import position

    app = table_app(practice=True)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2 Y3 K5 K6 K7 B9 B11 K13", "", "", ""],
            phase="p",
        )
        screen = await at_position(pilot, app, hand)
        await pilot.press("s", "o", "h")
        await pilot.pause()
        area = screen.query_one(LayDownArea)
        width = area.content_size.width
        melds = [meld_chips(m, screen.view.okey).plain for m in screen.staging.melds]
        lines = str(area.render()).split("\n")[1:]  # under the running total
        assert all(len(line) <= width for line in lines), (width, lines)
        assert any(line.startswith("  ") for line in lines), "R1-R13: a meld wider than the box"
        shown: list[str] = []
        for line in lines:
            if line.startswith("  ") and shown:
                shown[-1] += " " + line.strip()
            else:
                shown.append(line)
        assert [m for line in shown for m in line.split("  ")] == melds, (lines, melds)


async def test_at_80x24_pagedown_shows_the_next_melds_not_one_line_more():
    """The melds box at 80x24 has a few lines: PgDn moves it by a page (all of them in a
    box of three lines or fewer, else all but one, kept to read on from), so the next press
    shows melds not seen yet; PgUp goes back."""
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        # Runs of three in every colour, most of them twice: each seat's melds on lines.
        runs = [f"{c}{n}{c}{n + 1}{c}{n + 2}" for n in (1, 4, 7, 10, 1, 4, 7) for c in "RYBK"]
        table = [f"{k % 4}:{run}" for k, run in enumerate(runs)]
        crowded = position(
            ["R13", "", "", ""], indicator="K12", table=table, phase="d", openings="m9/m9/m9/m9"
        )
        await at_position(pilot, app, crowded)
        await pilot.pause()
        melds = app.screen.query_one(MeldsView)
        height = melds.size.height
        assert melds.max_scroll_y > height and height <= 5, (melds.max_scroll_y, height)
        centre = app.screen.query_one("#centre")
        below = round(melds.max_scroll_y)
        assert centre.border_subtitle == f"PgDn: {below} more lines"
        await pilot.press("pagedown")
        page = height if height <= 3 else height - 1
        assert melds.scroll_y == min(page, melds.max_scroll_y)
        # Lines above and below: the box says how many of each, and the keys.
        above = f"{page} line{'s' if page > 1 else ''} above"
        assert centre.border_subtitle == f"PgUp PgDn: {above}, {below - page} below"
        await pilot.press("pageup")
        assert melds.scroll_y == 0
        assert centre.border_subtitle == f"PgDn: {below} more lines"


async def test_the_pile_view_lists_each_pile_newest_first_as_the_table_does():
    """`v` lists every discard pile in the order the table's pile boxes show them: the
    newest (the one a player may take) first."""
    from okey_tui.ui.screens.dialogs import PilesScreen

    app = late_app(8, turns_left=1, bots=("hard", "hard", "hard"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        pile = screen.view.discards[3]  # the left seat's pile: its last tile can be taken
        assert len(pile) >= 2
        await pilot.press("v")
        assert isinstance(app.screen, PilesScreen)
        text = screen_text(app)
        assert "newest first" in text
        newest = " ".join(str(t) for t in reversed(pile))
        assert newest in " ".join(text.split()), (newest, text)


async def test_the_tip_on_how_to_open_goes_once_the_seat_has_opened():
    """ "You can open: …" stayed over the table after the opening, unread or not: at 80x24
    it hid every meld just laid until n put it away. Opening puts it away."""
    app = table_app(OPENING_SEED, practice=True, tips=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        practice = screen.practice
        for _ in range(5):  # the tips before it (how a first turn goes) put away
            if practice.tip is None or practice.tip.opening:
                break
            await pilot.press("n")
        assert practice.tip is not None and practice.tip.opening, practice.tip_shown
        await pilot.press("s", "o", "enter")
        assert screen.view.opening is not None, "the seat opened"
        assert practice.tip is None or not practice.tip.opening, practice.tip_shown
        assert not any(tip.opening for tip in practice.tips_waiting)
        assert practice.tip is not None or not screen.query_one("#tip").display


async def draw_swapped_in(pilot, app, wanted) -> str:  # type: ignore[no-untyped-def]
    """After the starter's first throw, the person's draw brings a tile that ``wanted``
    holds for (swapped into the middle's top from wherever one lies, never seat 0's rack):
    the status line after the draw."""
    await pilot.press("x")  # the starter's first turn: 22 tiles, no draw
    await wait_for_human(pilot, app)
    hand = app.session.hand
    where = [hand.middle, *hand.racks[1:]]
    pile, i = next((p, i) for p in where for i, t in enumerate(p) if wanted(t))
    hand.middle[0], pile[i] = pile[i], hand.middle[0]
    await pilot.press("d")
    return str(app.screen.query_one("#status", Static).render())


async def test_a_drawn_okey_is_told_with_what_discarding_it_costs():
    """ "You drew B4, an okey: it stands for any tile · x discards" read as an invitation,
    and a newcomer threw it for +101. The line now says to keep it and what a discard of it
    costs (the engine's figure); at a table without penalties it says only what it is."""
    for penalties, said in ((True, "discarding it costs +101"), (False, "x discards")):
        app = table_app(bots=("normal",) * 3, penalties=penalties)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            okey = app.session.hand.okey
            status = await draw_swapped_in(pilot, app, lambda t, okey=okey: t == okey)
            assert status.startswith(f"You drew {okey}★, an okey"), status
            assert said in status, (penalties, status)


async def test_a_drawn_false_okey_is_named_as_the_rack_shows_it():
    """The line said "You drew F", a tile the rack shows as F✦; then "You drew F✦: play…",
    where a drawn okey is explained: it now says what the false okey plays as."""
    app = table_app(bots=("normal",) * 3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        okey = app.session.hand.okey
        status = await draw_swapped_in(pilot, app, lambda t: t.is_false_okey)
        assert status.startswith(f"You drew F✦, the false okey: it plays as {okey} · "), status


async def test_a_swapped_okey_is_told_with_the_rule_that_comes_with_it():
    """After w took an okey off the table the status line went blank; the okey must be laid
    again this turn (rules: an okey swap), and the line now says so."""
    from okey_tui.engine.actions import SwapOkey
    from okey_tui.engine.tiles import Tile

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        said = screen.came_in_text(SwapOkey(2, (Tile.parse("R7"),)), [])
        assert said.startswith("You took the okey from meld 3 for R7"), said
        assert "this turn" in said and "discarded" in said, said


@pytest.mark.parametrize(("size", "times"), [((120, 40), 3), ((80, 24), 2)])
async def test_a_message_on_two_lines_leaves_the_rack_where_it_was(size, times) -> None:
    """A message too long for one line (a refusal) took a second line and pushed the rack
    a row up, and the next key brought it back: the rack jumped under the player's eyes.
    The status line keeps room for two lines; a short terminal, with no row to spare,
    takes it from the key bar while the message shows (the keys usable now, help and
    quit stay), and gives it back after."""
    app = table_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        rack = screen.query_one("#rack")
        before = rack.region
        said = "a refusal that says which tile, which rule and what to do " * times
        screen.set_status(said.strip(), True)  # two lines at this width
        await pilot.pause()
        status = screen.query_one("#status", Static)
        assert status.size.height == 2  # the whole message, on two lines
        assert rack.region == before
        bar = str(screen.query_one("#keys").render())
        assert "? Help" in bar and "q Quit" in bar and "x Discard" in bar, bar
        screen.set_status("a short message")
        await pilot.pause()
        assert rack.region == before
        assert "l Log" in str(screen.query_one("#keys").render())  # every key again


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_staged_melds_are_never_split_across_two_lines(size) -> None:
    """The lay-down box broke its lines anywhere: "B5 B6 B7  R9 Y9 B9  R12" over
    "Y12 B12  Y8 B8 K8", a set cut in two. Lines now break between melds."""
    app = table_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("s", "o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        melds = screen.staging.melds
        assert len(melds) == 4
        box = screen.query_one("#laydown").content_region
        lines = screen_text(app).splitlines()
        shown = [lines[y][box.x : box.right] for y in range(box.y, box.bottom)]
        for meld in melds:
            chips = " ".join(str(t) for t in meld.tiles)
            assert any(chips in line for line in shown), (chips, shown)


async def test_selecting_a_tile_leaves_the_table_where_it_was() -> None:
    """At 120x40, space added "Selected: R9" to the lay-down box, which grew a line and
    moved the whole table up a row (Esc moved it back). The box has room for it."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        watched = [screen.query_one(f"#{name}") for name in ("rack", "laydown", "top-row")]
        before = [w.region for w in watched]
        await pilot.press("space")
        await pilot.pause()
        assert screen.selected
        assert "Selected:" in str(screen.query_one("#laydown").render())
        assert [w.region for w in watched] == before
        await pilot.press("escape")
        await pilot.pause()
        assert [w.region for w in watched] == before


async def test_w_says_why_the_okey_of_a_three_tile_set_cannot_be_taken() -> None:
    """The okey in R9 Y9 ★9 stands for B9 or K9, and the player holds B9: w said "No okey on
    the table stands for a tile you hold", which the table plainly contradicts. A 3-tile
    set gives up its okey only for both missing colours: w says so, and which tiles."""
    from tests.positions import position

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["B9 K1 K2 K3 Y1", "", "", ""], openings="m101/m101/-/-", table=["1:R9Y9*B9"]
        )
        screen = await at_position(pilot, app, hand)
        assert isinstance(screen, TableScreen)
        await pilot.press("w")
        await pilot.pause()
        status = str(screen.query_one("#status", Static).render())
        assert status == (
            "To take the okey from the 3-tile set R9 Y9 ★9, give both missing colours at "
            "once: B9 K9"
        )


def bots_played_by_the_test():  # type: ignore[no-untyped-def]
    """A table whose bots wait 30 s: the test plays their moves itself (``others_play``)."""
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app

    settings = TableSettings(bots=("easy", "easy", "easy"))
    return make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=30, remember=False)


async def others_play(pilot, screen, moves: list[str]) -> None:  # type: ignore[no-untyped-def]
    """The other seats' ``moves`` (the engine's text), played through the engine, each
    shown on the screen as the table shows a move."""
    from okey_tui.engine.actions import parse_action

    hand = screen.app.session.hand
    for text in moves:
        hand.apply(parse_action(text, hand.okey))
        screen.table_moved()
        await pilot.pause()


async def test_an_okey_swapped_out_of_your_meld_is_said_at_your_turn_with_what_it_cost():
    """Mehmet swapped the okey out of the player's run (+101 to the player), then two more
    table moves came before the player's turn: the status line named only the last two,
    and the +101 on the player's panel went unexplained. A move that cost the player
    points is always said at their turn."""
    from tests.positions import position

    app = bots_played_by_the_test()
    async with app.run_test(size=(120, 40)) as pilot:
        position_ = position(
            ["R1 R2 R3 K9 Y11", "R7 K1 K2 B1 Y5", "Y1 Y2 Y3 B9 K13 Y4", "K4 K10 Y7 K8 Y12"],
            table=("0:R5R6*R7", "1:B2B3B4", "2:K5K6K7", "3:Y9Y10Y11"),
            openings="m101/m101/m101/m101",
            turn=1,
            phase="p",
            middle="B12 B13 R12 R13",
        )
        screen = await at_position(pilot, app, position_)
        hand = app.session.hand
        moves = ["swap 0 R7", "lay K1K2*K3", "discard Y5", "draw", "lay Y1Y2Y3", "discard B9"]
        await others_play(pilot, screen, [*moves, "draw", "add Y12>3", "discard K10"])
        assert hand.turn == 0 and hand.penalty_points(0) == 101
        said = status_text(screen)
        assert "swapped the okey out of meld 1: +101 to you" in said, said
        assert "added" in said and "Your turn" in said, said


async def test_after_the_others_moves_an_empty_middle_is_still_said():
    """Middle: 0, and after a bot's move the line said only "Ayşe opened … · Your turn":
    the others' news took the place of the prompt, and d ended the hand unlooked for.
    With the middle empty the prompt follows the news whole."""
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app
    from tests.positions import position

    settings = TableSettings(bots=("easy", "easy", "easy"))
    app = make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=0, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        racks = [
            "R1 R2 R3 K9 Y11 B5",
            "R7 K1 K2 B1 Y5",
            "Y1 Y2 Y3 B9 K12",
            "K10 K11 K12 K13 Y10 Y11 Y12 Y13 B11 B12 B13 B1 B3 Y7",  # opens with 128
        ]
        hand = app.session.hand
        # The three others draw the middle's last three tiles; the left seat opens.
        hand.restore(position(racks, phase="p", middle="K13 R13 Y13", rest="discard1"))
        assert len(hand.middle) == 3
        screen.new_hand()
        await pilot.pause()
        await discard_then_wait(pilot, screen, "Y11", lambda: hand.turn == 0)
        await pilot.pause()
        assert hand.turn == 0 and not hand.is_over and not hand.middle
        said = status_text(screen)
        assert "opened" in said and "d ends the hand" in said, said


@pytest.mark.parametrize(
    ("left", "openings", "table", "then"),
    [
        ("K13", "m101/-/-/-", ["0:K10K11K12"], "t takes K13 if you lay it this turn"),
        ("K13", "-/-/-/-", [], "K13 on your left could not be laid this turn"),
        ("", "-/-/-/-", [], None),
    ],
)
async def test_with_the_middle_empty_the_turn_says_d_ends_the_hand(
    left: str, openings: str, table: list[str], then: str | None
):
    """Middle: 0, and the prompt still said "d draw from the middle": d ends the hand
    (rules §10), and a left discard may still be taken to lay it this turn. One that
    could not be laid is not offered (t would only ask, and giving it back end the hand):
    the line says why."""
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app
    from tests.positions import position

    settings = TableSettings(bots=("easy", "easy", "easy"))
    app = make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=30, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        racks = ["R1 R2 R3 K9 Y11", "R7 K1 K2 B1 Y5", "Y1 Y2 Y3 B9 K12 Y4", "K4 K10 Y7 K8 Y12"]
        discards = ("", "", "", left)
        hand = app.session.hand
        hand.restore(
            position(
                racks,
                phase="d",
                discards=discards,
                rest="discard1",
                openings=openings,
                table=table,
            )
        )
        assert not hand.middle
        screen.new_hand()
        await pilot.pause()
        said = status_text(screen)
        assert "the middle is empty" in said and said.endswith("d ends the hand"), said
        assert "draw from the middle" not in said, said
        assert ("t takes" in said) == (then is not None and then.startswith("t takes")), said
        assert then is None or then in said, said


async def test_d_on_an_empty_middle_asks_first_when_the_left_discard_could_be_laid():
    """With the middle empty, d ends the hand (rules §10). A d out of habit gave up a left
    discard the player could still take and lay: now it asks, and no keeps the hand."""
    from okey_tui.engine.state import EndKind
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.dialogs import ConfirmScreen
    from tests.positions import position

    settings = TableSettings(bots=("easy", "easy", "easy"))
    app = make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=30, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        racks = [
            "K10 K11 K12 Y13 B13 R13 Y10 Y11 Y12 B5",
            "R7 K1 K2 B1 Y5",
            "Y1 Y2 Y3 B9 K12 Y4",
            "K4 K10 Y7 K8 Y12",
        ]
        hand = app.session.hand
        hand.restore(position(racks, phase="d", discards=("", "", "", "K13"), rest="discard1"))
        screen.new_hand()
        await pilot.pause()
        assert screen.view.can_use_taken(screen.view.left_discard)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "K13" in app.screen.question and "End the hand?" in app.screen.question
        # A seat scores what it holds: "writes" was the Turkish "yazar" calqued.
        assert "every seat scores what it holds" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and not hand.is_over
        assert "t takes K13" in status_text(screen)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert hand.is_over and hand.outcome is not None
        assert hand.outcome.kind is EndKind.EMPTY_MIDDLE


async def test_the_log_hidden_and_shown_again_at_80x24_is_not_wrapped_narrow():
    """At 80x24 the log comes over the table with l. Lines written while it was hidden
    again were wrapped at 16 cells for good ("Ayşe drew from" / "the middle"); and PgDn
    scrolled the melds behind it, not the log."""
    app = table_app(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one("#log", RichLog)
        await pilot.press("l", "l")  # shown, then hidden: the log has had a size
        await pilot.press("x")
        for _ in range(100):
            if app.session.hand.turn == 0:
                break
            await pilot.pause(0.02)
        await pilot.press("l")
        await pilot.pause()
        draws = [s.text for s in log.lines if "drew" in s.text]
        assert draws and all("drew from the middle" in line for line in draws), draws
        assert log.scrollable_content_region.width > 60
        for _ in range(12):  # more lines than the box holds: it scrolls
            log.write("·")
        await pilot.pause()
        log.scroll_end(animate=False, immediate=True)
        bottom = log.scroll_y
        assert bottom > 0
        await pilot.press("pageup")
        assert log.scroll_y < bottom


@pytest.mark.parametrize("language", ["en", "tr"])
def test_the_help_says_what_the_marks_on_the_rack_mean(language: str):
    """The dots under groups that make no meld, the cursor, the selection, the new tile,
    the okey's star and the false okey were explained nowhere in the game."""
    from rich.console import Console

    from okey_tui import i18n
    from okey_tui.engine.tiles import Tile, parse_tiles
    from okey_tui.ui.screens.help import rack_legend
    from okey_tui.ui.widgets.rack import group_label, short_label

    i18n.set_language(language)
    console = Console(width=120, record=True, color_system=None)
    console.print(rack_legend())
    text = console.export_text()
    okey = Tile.parse("B8")
    for tiles in ("R1 R2 R3", "K9 Y9 R9", "B4 B4"):
        kind = group_label(parse_tiles(tiles), okey)[0].split()[0]  # as the rack writes it
        assert kind in text, (kind, text)
    for mark in ("·", "▲", "▔▔▔", "★", "F✦", i18n._("new"), "+"):
        assert f"\n{mark} " in "\n" + "\n".join(line.strip() for line in text.splitlines()), mark
    # The value's short form, as a crowded line writes it ("r18", Turkish "s18").
    run = group_label(parse_tiles("R1 R2 R3"), okey)[0].split()[0]
    assert short_label(f"{run} 18") in text, (short_label(f"{run} 18"), text)


async def add_with_the_okey(pilot, app, tile: str, meld: str):  # type: ignore[no-untyped-def]
    """The player, opened, holds ``tile`` and the okey (B8), another seat laid ``meld``:
    both are selected and a pressed. The table screen is returned."""
    from tests.positions import position

    hand = position(
        [f"{tile} B8 K1 K2 K9", "R1 R2 R3", "Y1 Y2 Y3", "K4 K5 K6"],
        table=(f"1:{meld}",),
        openings="m101/m101/-/-",
        phase="p",
    )
    screen = await at_position(pilot, app, hand)
    for held in (tile, "B8"):
        await goto(pilot, screen, slot_of(screen, Tile.parse(held)))
        await pilot.press("space")
    await pilot.press("a")
    await pilot.pause()
    return screen


async def test_adding_a_tile_and_the_okey_asks_which_tile_the_okey_stands_for():
    """B10 and the okey selected, a on the run B6-B9: the okey went on as B5 without a
    word, though it could stand for B11 (and whoever holds that tile may take it). The
    chooser offers both readings; the one chosen is laid."""
    from okey_tui.ui.screens.dialogs import ChooserScreen

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await add_with_the_okey(pilot, app, "B10", "B6B7*B8B9")
        hand = app.session.hand
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen), status_text(screen)
        labels = [str(label) for label, _steps in chooser.options]
        assert len(labels) == 2 and "(okey as B5)" in labels[0] and "(okey as B11)" in labels[1]
        await pilot.press("end", "enter")  # the second (it may open on either)
        await pilot.pause()
        assert hand.table[0].meld.text(hand.okey) == "B6B7*B8B9B10*B11"
        assert "Added B10 ★B11 to meld 1" in status_text(screen)


async def discard_then_wait(pilot, screen, tile: str, until) -> None:  # type: ignore[no-untyped-def]
    """Discard ``tile`` and let the others play until ``until()`` holds (4 s at most)."""
    await goto(pilot, screen, slot_of(screen, Tile.parse(tile)))
    await pilot.press("x")
    for _ in range(200):
        if until():
            break
        await pilot.pause(0.02)


async def finish_with(pilot, app, screen, tile: str) -> str:  # type: ignore[no-untyped-def]
    """Discard ``tile``, the last, and wait for the hand's summary: its text, one line."""
    await discard_then_wait(pilot, screen, tile, lambda: isinstance(app.screen, HandSummaryScreen))
    return " ".join(screen_text(app).split())


async def test_the_summary_names_the_tiles_the_finisher_added_to_others_melds():
    """A finisher's line showed its own melds and its last discard: the tiles it had laid
    off on other seats' melds were missing, so its tiles did not add up."""
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        position_ = position(
            ["R6 K9", "R1 R2 Y5", "Y1 Y2 Y3", "K4 K5 K6"],
            table=("0:B1B2B3", "1:R3R4R5"),
            openings="m101/m101/-/-",
            phase="p",
        )
        screen = await at_position(pilot, app, position_)
        hand = app.session.hand
        await goto(pilot, screen, slot_of(screen, Tile.parse("R6")))
        await pilot.press("a")
        text = await finish_with(pilot, app, screen, "K9")
        assert hand.outcome is not None and hand.outcome.finisher == 0
        assert "Your melds: B1 B2 B3 · added to others' melds R6 · last discard K9" in text
        # The finisher's -101 says what it is ("You -101 = -101" did not).
        assert "You -101 for finishing = -101" in text, text


async def test_the_summary_shows_an_okey_the_finisher_added_as_the_table_shows_it():
    """The summary listed an okey laid off on another seat's set as its own face (B8★),
    where the table showed it as the tile it stands for (★R5): now as the table does."""
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        position_ = position(  # indicator B7: the okey is B8
            ["B8 K9", "R1 R2 Y6", "Y1 Y2 Y3", "K4 K6 K7"],
            table=("0:B1B2B3", "1:Y5B5K5"),
            openings="m101/m101/-/-",
            phase="p",
        )
        screen = await at_position(pilot, app, position_)
        hand = app.session.hand
        await goto(pilot, screen, slot_of(screen, Tile.parse("B8")))
        await pilot.press("a")  # the okey fits both melds: the chooser asks which
        await pilot.pause()
        from okey_tui.ui.screens.dialogs import ChooserScreen

        chooser = app.screen
        assert isinstance(chooser, ChooserScreen)
        labels = [str(label) for label, _steps in chooser.options]
        # Each says whose meld it is: the chooser does not group them by owner.
        assert labels[0].endswith("· yours"), labels
        assert labels[1].endswith(f"· {app.session.seat_name(1)}"), labels
        await pilot.press("down", "enter")  # "2: Y5 B5 K5 (okey as R5)"
        await pilot.pause()
        assert hand.table[1].meld.text(hand.okey) == "*R5Y5B5K5", status_text(screen)
        text = await finish_with(pilot, app, screen, "K9")
        assert hand.outcome is not None and hand.outcome.finisher == 0
        assert "added to others' melds ★R5 · last discard K9" in text, text


async def test_the_log_written_in_a_small_window_is_wrapped_again_when_the_window_grows():
    """In a browser made smaller (no log column) then larger again, the lines written
    meanwhile stayed wrapped at 16 cells in the 28-cell log column."""
    app = table_app(5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.screen.query_one("#log", RichLog)
        for size in ((100, 30), (120, 40), (88, 25)):  # the log's width changes, then it hides
            await pilot.resize_terminal(*size)
            await pilot.pause()
        assert not log.display or not log.scrollable_content_region.width
        await pilot.press("x")
        for _ in range(100):
            if app.session.hand.turn == 0:
                break
            await pilot.pause(0.02)
        await pilot.resize_terminal(120, 40)
        for _ in range(20):
            await pilot.pause()
        width = log.scrollable_content_region.width
        lines = [s.text.rstrip() for s in log.lines]
        assert width >= len("Ayşe drew from the middle"), width
        assert "Ayşe drew from the middle" in lines, lines


async def test_log_shown_is_not_said_after_the_window_shrank_and_the_log_went():
    """l at 120x40 hid the log column, then the window shrank to 88x25 where l's choice
    shows the log over the table... and the other way round: "Log shown: l hides it"
    stayed while the log was out of sight. The line then says what is true now."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("l", "l")  # hidden, then shown again: "Log shown: l hides it"
        await pilot.pause()
        assert status_text(screen) == "Log shown: l hides it"
        await pilot.resize_terminal(88, 25)  # too small for the log column: it goes
        for _ in range(5):
            await pilot.pause()
        assert not screen.log_shown()
        assert "Log shown" not in status_text(screen), status_text(screen)


async def test_a_tile_and_the_okey_that_must_stand_between_go_on_in_one_add():
    """R12 and the okey onto R7-R10: the okey can only stand for R11 there. The add
    planned without a reading put the okey first, as R6, and said "R12 does not fit"."""

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await add_with_the_okey(pilot, app, "R12", "R7R8R9R10")
        hand = app.session.hand
        assert hand.table[0].meld.text(hand.okey) == "R7R8R9R10*R11R12", status_text(screen)
        assert "Added" in status_text(screen)


async def test_a_long_turn_line_drops_older_news_never_the_prompt():
    """At 80x24 an opening and a swap kept in the line, two more moves and the empty
    middle's prompt ran past the status rows: "…t takes B7 if you lay it this" was all a
    player saw of what d does. The older news goes (the log keeps it), what was kept on
    purpose last, the prompt never: at 80x24 in two lines (the key bar lends the second,
    and the table does not move)."""
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        racks = ["R1 R2 R3 K9 Y11", "R7 K1 K2 B1 Y5", "Y1 Y2 Y3 B9 K12 Y4", "K4 K10 Y7 K8 Y12"]
        empty = position(racks, phase="d", discards=("", "", "", "B7"), rest="discard1")
        screen = await at_position(pilot, app, empty)
        opened = "Ayşe opened with 128 points (melds 1-4)"
        swapped = "Mehmet swapped the okey out of meld 1: +101 to you"
        adds = [f"Mehmet added {t} to meld {n}" for n, t in ((5, "K13"), (6, "Y13"), (7, "R13"))]
        screen.moves_seen[:] = [opened, swapped, *adds]
        screen.moves_kept[:] = [True, True, False, False, False]
        screen.turn_came()
        await pilot.pause()
        status = screen.query_one("#status")
        said = status_text(screen)
        lines = Text(said).wrap(app.console, status.content_size.width)
        assert len(lines) <= 2, (said, status.content_size)
        assert said.endswith("(B7 on your left could not be laid this turn): d ends the hand")
        # What cost the player 101 stays; the moves after it and the opening before it go.
        assert said.startswith(swapped), said
        assert not any(add in said for add in adds) and opened not in said, said
        # Where the status has its three rows, the opening stays too.
        await pilot.resize_terminal(80, 40)
        await pilot.pause()
        screen.turn_came()
        await pilot.pause()
        said = status_text(screen)
        assert said.startswith(f"{opened} · {swapped}"), said
        assert said.endswith("d ends the hand"), said


async def test_a_host_quitting_at_the_summary_is_asked_first():
    """q at the hand's summary closed a hosted table for everyone at once (mid-hand, q
    asks). Where quitting closes the table for others, the summary asks too: n keeps the
    summary, y quits. (A local table stands in for the host's: it says it is one.)"""
    from okey_tui.ui.screens.summary import HandSummaryScreen

    app = table_app(PENALTY_SEED, hands=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen.table
        table.quit_closes_table = lambda: True  # type: ignore[method-assign]
        await play_human_plainly(pilot, app, lambda: False)
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen)
        await pilot.press("q")
        for _ in range(50):
            if isinstance(app.screen, ConfirmScreen):
                break
            await pilot.pause(0.01)
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith("Quit the game?")
        await pilot.press("n")
        for _ in range(50):
            if isinstance(app.screen, HandSummaryScreen):
                break
            await pilot.pause(0.01)
        assert isinstance(app.screen, HandSummaryScreen) and app.return_code is None
        await pilot.press("q", "y")
    assert app.return_code == 0


async def test_the_opening_tip_goes_when_the_taken_tile_that_made_it_is_given_back():
    """t took K5, the fifth pair: "You can open with 5 pairs: press p …". g gave K5 back,
    and the tip stayed, though p then sorted only 4 pairs. It goes with the opening."""
    from tests.positions import position

    app = table_app(OPENING_SEED, practice=True, tips=True)
    async with app.run_test(size=(120, 40)) as pilot:
        racks = ["R1 R1 Y3 Y3 B9 B9 K9 K9 K5 R12 B2", "R7 K1", "Y1 Y2", "K4 K10"]
        four = position(racks, phase="d", discards=("", "", "", "K5"))
        screen = await at_position(pilot, app, four)
        practice = screen.practice
        practice.walkthrough.shown.clear()  # the deal's own tips forgotten: a fresh turn
        practice.drop_tips()
        await pilot.press("t")
        for _ in range(5):  # the tips before it put away
            if practice.tip is None or practice.tip.opening:
                break
            await pilot.press("n")
        assert practice.tip is not None and "open with 5 pairs" in (practice.tip_shown or "")
        await pilot.press("g")
        await pilot.pause()
        assert screen.view.taken is None and screen.view.phase.value == "p"
        assert practice.tip is None or not practice.tip.opening, practice.tip_shown
        assert not any(tip.opening for tip in practice.tips_waiting)


async def test_a_pairs_opener_sorting_by_melds_is_told_it_lays_only_pairs():
    """After opening with pairs, s said "Sorted: 27 points in runs and sets · o stages the
    groups", and o then refused them: a pairs opener lays only pairs. s says so."""
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        racks = ["R1 R2 R3 Y8 Y9 Y10 K2 B6", "R7 K1", "Y1 Y2", "K4 K10"]
        table = ("0:R11R11", "0:Y4Y4", "0:B12B12", "0:K7K7", "0:R5R5")
        opened = position(racks, phase="p", table=table, openings="p5/-/-/-")
        screen = await at_position(pilot, app, opened)
        await pilot.press("s")
        assert status_text(screen).startswith("Sorted: 33 points in runs and sets · you lay only")
        # The rack does not call the runs melds either: it said "run 6" under R1 R2 R3.
        from okey_tui.ui.widgets.rack import RackWidget

        widget = screen.query_one(RackWidget)
        labels = [label for label, _ok, _n in widget.labels().values()]
        assert labels and not any(label.startswith(("run", "set")) for label in labels), labels
        await pilot.press("p")
        # p is the sort for them: not told to press p; with no pair on the rack, o has
        # nothing to stage.
        said = status_text(screen)
        assert said.startswith("Sorted: 0 pairs") and "p sorts by pairs" not in said, said
        assert said.endswith("· no group to lay down yet"), said


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_l_shows_the_log_in_the_hints_place_and_l_again_gives_it_back(
    size: tuple[int, int],
) -> None:
    """With the hints up, l said "Log shown: l hides it" and "Log hidden" in turn while the
    hints went on covering the log's place. l shows the log in their place, and says so.

    Then, from the table as it opened (h puts the hints away again): l showed the log in the
    hints' place, and l again hid the log and left the place empty: it gives the place back
    to the hints. With the hints put away by h, l hides the log as anywhere."""
    app = table_app(OPENING_SEED, practice=True)
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        hints, log = screen.query_one("#hints"), screen.query_one("#log")
        opened = (hints.display, log.display)
        await pilot.press("h")
        assert hints.display and not log.display
        await pilot.press("l")
        await pilot.pause()
        assert not hints.display and log.display
        assert status_text(screen) == "Log shown in the hints' place: l or h shows the hints again"
        await pilot.press("h")
        assert hints.display

        await pilot.press("h")  # the hints put away: the table as it opened
        await pilot.pause()
        assert (hints.display, log.display) == opened
        await pilot.press("h", "l")
        assert str(log.border_title) == "Log · l shows the hints"
        await pilot.press("l")
        await pilot.pause()
        assert hints.display and not log.display
        assert str(log.border_title) == "Log · l hides"
        await pilot.press("l", "h", "h")  # the log in their place, then h shows and hides them
        await pilot.pause()
        log_before = log.display
        await pilot.press("l")
        await pilot.pause()
        assert not hints.display
        assert log.display != log_before


# Ten melds, three lines of them past the two an 80x24 melds box shows; K12 fits the last.
CROWDED_TABLE = (
    "1:R1R2R3",
    "1:Y1Y2Y3",
    "1:B1B2B3",
    "1:K1K2K3",
    "2:R5R6R7",
    "2:Y5Y6Y7",
    "2:B5B6B7",
    "3:R10R11R12",
    "3:Y10Y11Y12",
    "3:K9K10K11",
    "0:R8R9R10",
    "0:Y8Y9Y10",
)


@pytest.mark.parametrize("how", ["cursor", "draw"])
async def test_at_80x24_the_meld_the_tile_under_the_cursor_fits_comes_into_sight(how: str):
    """The melds box shows a few lines at 80x24: a player paged (PgDn, three times) to find
    the meld their tile went on. The cursor moved onto a tile that fits a table meld, or
    waiting on a drawn tile that does, brings that meld into sight."""
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        rack = "Y13 R13 B13 B8 K5"
        if how == "cursor":
            hand = position(
                [f"K12 {rack}", "", "", ""],
                table=CROWDED_TABLE,
                openings="m101/m101/m101/m101",
                phase="p",
            )
        else:
            hand = position(
                [rack, "", "", ""],
                table=CROWDED_TABLE,
                openings="m101/m101/m101/m101",
                phase="d",
                middle="K12",
            )
        screen = await at_position(pilot, app, hand)
        melds = screen.query_one(MeldsView)
        await pilot.pause()
        last = melds.meld_line[9]  # K9 K10 K11: the last line
        height = melds.scrollable_content_region.height
        assert last >= height and melds.scroll_y == 0  # out of sight
        if how == "cursor":
            await goto(pilot, screen, slot_of(screen, Tile.parse("K12")))
        else:
            await pilot.press("d")
        await pilot.pause()
        assert screen.rack.slots[screen.cursor] == Tile.parse("K12")
        assert melds.scroll_y <= last < melds.scroll_y + height


async def test_after_the_others_moves_the_line_says_what_this_turn_can_do_where_it_fits():
    """After the others' moves the line said "Zeynep added … · Your turn" and left out the
    turn's keys ("d draw from the middle, or t take K10") though the line had room."""
    from tests.positions import position

    app = bots_played_by_the_test()
    async with app.run_test(size=(120, 40)) as pilot:
        position_ = position(
            ["R1 R2 R3 K9 Y11", "R7 K1 K2 B1 Y5", "Y1 Y2 Y3 B9 K13 Y4", "K4 K10 Y7 K8 Y12"],
            table=("0:R5R6R7", "1:B2B3B4", "2:K5K6K7", "3:Y9Y10Y11"),
            openings="m101/m101/m101/m101",
            turn=1,
            phase="p",
            middle="B12 B13 R12 R13",
        )
        screen = await at_position(pilot, app, position_)
        hand = app.session.hand
        await others_play(
            pilot, screen, ["discard Y5", "draw", "discard B9", "draw", "add Y12>3", "discard K10"]
        )
        assert hand.turn == 0
        said = status_text(screen)
        assert "added Y12 to meld 4" in said, said
        assert said.endswith("Your turn: d draw from the middle, or t take K10"), said


async def esc_shows_the_table_as_the_hand_ended_and_enter_brings_it_back(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """At the summary (a hand's, or the match's last) nothing showed the table as the hand
    ended: Esc and l did nothing. Esc now shows it, with its melds and log to read back
    (l, PgDn), the table's changes do not bring the summary back over it, and Enter does.
    Ends at the summary brought back."""
    summary = app.screen
    assert isinstance(summary, HandSummaryScreen)
    assert "Esc: see the table" in screen_text(app)
    under = app.screen_stack[-2]
    assert isinstance(under, TableScreen)
    said = status_text(under)  # the line under the summary
    await pilot.press("escape")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, TableScreen)
    assert "Enter brings back the summary" in status_text(screen)
    assert "⏎ Summary" in screen_text(app)  # in the key bar
    # The lay-down box and the hints no longer speak of moves (lay more, discard).
    from okey_tui.practice import hint_for
    from okey_tui.ui.widgets.board import LayDownArea
    from okey_tui.ui.widgets.hints import hint_text

    assert screen.query_one(LayDownArea).text.plain == "The hand is over"
    over = hint_text(hint_for(screen.view)).plain
    assert over.startswith("The hand is over") and "discard" not in over
    assert screen.check_action("toggle_log", ()) and screen.check_action("scroll_melds", ())
    assert not screen.check_action("discard", ())
    screen.table_moved()  # the table's changes meanwhile leave the player looking
    await pilot.pause()
    assert app.screen is screen
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, HandSummaryScreen) and app.screen is not summary
    # Under the summary brought back the line says again what it said (it went on
    # saying "Enter brings back the summary" under the summary and the quit question).
    assert status_text(screen) == said and "Enter brings back" not in said


async def test_esc_on_a_hands_summary_shows_the_table_and_enter_brings_it_back_and_q_asks():
    """Hand 1 of 2 played to its end at 80x24. Esc shows the table as the hand ended, and
    Enter brings the summary back (``esc_shows_the_table_as_the_hand_ended_and_enter_brings_it_back``).
    Then Esc and Enter at once: under the summary brought back (and the quit question over
    it) the line went on saying "The hand as it ended: Enter brings back the summary".
    Then q: at a hand's summary it quit at once, though the help says q asks first;
    mid-match it now asks, as at the table, and n keeps the summary. Last, Enter deals the
    next hand."""
    app = table_app(PENALTY_SEED, hands=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_human_plainly(pilot, app, lambda: False)
        await pilot.pause()
        await esc_shows_the_table_as_the_hand_ended_and_enter_brings_it_back(pilot, app)
        # Esc, then Enter at once.
        under = app.screen_stack[-2]
        assert isinstance(app.screen, HandSummaryScreen) and isinstance(under, TableScreen)
        said = status_text(under)
        await pilot.press("escape", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen)
        assert status_text(under) == said and "Enter brings back" not in said
        # q asks mid-match.
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith("Quit the game?")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen) and app.return_code is None
        await pilot.press("enter")  # the next hand, as before (counted from 0)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.table.hand_number == 1
        # Dealt because the player asked: nothing of a wait between hands running out.
        assert app.screen.dealt_unready_line() not in status_text(app.screen)


async def test_a_hand_ending_by_the_empty_middle_says_so_once_in_the_log():
    """The log said "The middle is empty: the hand ends" and then "The hand is over (the
    middle ran out)": the same news twice, in a magenta hard to read on the felt."""
    from rich.color import Color

    from okey_tui.engine.state import EndKind

    app = late_app(3, turns_left=1, bots=("normal", "normal", "normal"))  # ends so
    async with app.run_test(size=(120, 40)) as pilot:
        await play_human_plainly(pilot, app, lambda: False)
        await pilot.pause()
        outcome = app.session.hand.outcome
        assert outcome is not None and outcome.kind is EndKind.EMPTY_MIDDLE
        await pilot.press("escape")  # the table as the hand ended
        await pilot.pause()
        log = app.screen.query_one("#log", RichLog)
        lines = ["".join(seg.text for seg in strip) for strip in log.lines]
        said = " ".join(" ".join(lines).split())
        # Who was to draw from the empty middle, by name (or "you" for the player).
        to_draw = outcome.to_draw
        assert to_draw is not None
        who = "you were" if to_draw == 0 else f"{app.screen.table.seats()[to_draw].name} was"
        assert f"The hand is over (the middle ran out as {who} to draw)" in said, said
        assert "The middle is empty" not in said, said
        ended = next(s for s in log.lines if "middle ran out" in "".join(g.text for g in s))
        colour = next(g.style.color for g in ended if g.style and g.style.color)
        assert colour == Color.parse("#f5a3ff")


async def test_with_a_swapped_okey_in_hand_the_turn_line_does_not_say_x_discards():
    """After an okey swap the line read "play, then x discards the tile under the cursor",
    with the cursor on the okey, and x was refused: the okey must go on the table first."""
    from ui_helpers import at_position

    from okey_tui.engine.notation import parse_position

    swapped = (
        "classic/11 Y9 0p R6B9B10B2R6R3Y6B1Y3K1R7K10R9Y10K11K12B11K10B10R2FY2/"
        "B8R12K4B7R9Y13R5B5Y11B8Y7K8Y9K8K3Y11R13R8K9Y8K9/R5Y8Y4B3B7K7R4Y12/"
        "R11B5Y5B1B4Y7K6K5R12R7R4Y1K2B6R3R1Y12Y5R1Y2R13 K7R2R10B12K13Y4B2Y13K1K2B12B13Y3F "
        "B4/Y1/B3B13/B9B11 2:R8*R9R10R11,2:K3K4K5,2:K11K12K13,2:Y6B6K6 -/-/m104/- - - - | "
        "open B9B10B11 K10K11K12 R2Y2B2 R3Y3*K3 FB10K10;swap 0 R9"
    )
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, parse_position(swapped))
        assert screen.view.okeys_owed
        steps = screen.turn_steps()
        assert "lay the okey you took off the table" in steps, steps
        assert "x discards the tile under the cursor" not in steps


@pytest.mark.parametrize("rack", ["R1 R2 R3 K9 Y11", "R1 R2 R3 K9 B8"])
async def test_k_says_when_there_is_no_okey_to_mark(rack: str):
    """k said "Okeys marked on the rack" over a rack holding none, which read as a mark
    that failed to show: it says there is none now (B8 is the okey under B7)."""
    from tests.positions import position

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await at_position(pilot, app, position([rack, "", "", ""], phase="d"))
        await pilot.press("k")
        await pilot.pause()
        said = status_text(app.screen)
        holds = "B8" in rack
        assert said.startswith("Okeys marked on the rack"), said
        assert ("you hold none now" in said) == (not holds), said
        await pilot.press("k")
        await pilot.pause()
        assert status_text(app.screen) == "Okey marks off"


async def test_the_o_key_is_named_meld_once_the_seat_has_opened():
    """The key bar said "o Open" after the opening, where o stages new melds: a player read
    it as a second opening. Unopened it says Open, opened Meld, and o still stages."""
    from okey_tui.ui.widgets.keybar import KeyBar
    from tests.positions import position

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position(["R1 R2 R3 K9", "", "", ""], phase="d"))
        labels = [label.plain for _key, label in screen.query_one("#keys", KeyBar).items()]
        assert "o Open" in labels and "o Meld" not in labels, labels
        screen = await opened_beside_a_run(pilot, app, "Y3 Y4 Y5 B1", "R13")
        await pilot.press("d")
        await pilot.pause()
        labels = [label.plain for _key, label in screen.query_one("#keys", KeyBar).items()]
        assert "o Meld" in labels and "o Open" not in labels, labels
        await select_tiles(pilot, screen, "Y3 Y4 Y5")
        await pilot.press("o")
        await pilot.pause()
        assert [m.tiles for m in screen.staging.melds] == [
            tuple(Tile.parse(t) for t in ("Y3", "Y4", "Y5"))
        ]


@pytest.mark.parametrize(
    ("rack", "said"),
    [
        ("R1 R2 R3 K9 Y11", "Sorted: 6 points in runs and sets · an opening needs 101"),
        (
            "K10 K11 K12 Y13 B13 R13 Y10 Y11 Y12 B5",
            "Sorted: 105 points in runs and sets · o stages the groups",
        ),
        # Five pairs, short in runs and sets: said that the pairs open (it said only what
        # an opening of runs and sets needs).
        (
            "R1 R1 Y3 Y3 B5 B5 K7 K7 R9 R9 K11",
            "Sorted: 0 points in runs and sets · an opening needs 101, and your pairs open: "
            "p sorts by pairs",
        ),
    ],
)
async def test_a_sort_short_of_the_floor_does_not_invite_o(rack: str, said: str):
    """s said "Sorted: 45 points in runs and sets · o stages the groups" to a player who
    could not open, and Enter was then refused: short of the floor it says what an opening
    needs instead."""
    from tests.positions import position

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position([rack, "", "", ""], phase="p"))
        await pilot.press("s")
        assert status_text(screen) == said


async def discarded_to_the_right_seat_s_opening(pilot, app, rules: str) -> TableScreen:  # type: ignore[no-untyped-def]
    """Seat 0 discards R11, which seat 1 (the player on its right) takes and opens with
    (133 points); the others play on until seat 0's next turn."""
    from tests.positions import position

    hand = position(
        [
            "R11 B1 K5 Y1",
            "K12 K13 Y11 Y12 Y13 B11 B12 B13 R12 R13 R3 K1",
            "Y2 Y3 B2 B3",
            "K2 K3 Y5 Y6",
        ],
        rules=rules,
        phase="p",
    )
    screen = await at_position(pilot, app, hand)
    hand = app.session.hand
    await discard_then_wait(pilot, screen, "R11", lambda: hand.turn == 0 or hand.is_over)
    await pilot.pause()
    assert not hand.is_over and hand.turn == 0
    return screen


async def test_the_line_says_when_the_player_on_the_right_took_your_discard():
    """The player on the right took the discard and opened with it: only the log said
    so ("Ayşe took R11 from the left"), the line spoke of the others' later moves, and
    the player's pile went empty with no word. Said whatever came after it."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await discarded_to_the_right_seat_s_opening(pilot, app, "classic/11")
        hand = app.session.hand
        takes = [e for e in hand.events if e.kind == "take"]
        assert [(e.seat, str(e.tiles[0])) for e in takes] == [(1, "R11")]
        right = app.session.seat_name(1)
        said = status_text(screen)
        assert said.startswith(f"{right} took your R11 · {right} opened"), said
        assert said.endswith(screen.turn_hint()), said


async def test_an_own_okey_swap_says_what_it_asks_and_what_it_cost_the_owner():
    """w took the okey off seat 1's meld: the line said only "Your turn: lay the okey you
    took off the table …" (the owner's +101, a penalty event of another seat, read as the
    turn gone round), and the +101 on that seat's panel had no word of why where the log
    is out of sight."""
    from tests.positions import position

    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        hand = position(
            ["R5 K1 K2 Y9 B3 R11", "", "", ""],
            phase="p",
            openings="m101/m101/-/-",
            table=("0:K10K11K12", "1:R4*R5R6"),
        )
        screen = await at_position(pilot, app, hand)
        await select_tiles(pilot, screen, "R5")
        await pilot.press("w")
        await pilot.pause()
        assert [e.kind for e in app.session.hand.events[-2:]] == ["swap", "penalty"]
        owner = app.session.seat_name(1)
        said = " ".join(status_text(screen).split())
        assert said.startswith("You took the okey from meld 2 for R5: lay it on the table"), said
        assert f"{owner} +101: an okey they placed was taken" in said, said


async def test_at_a_challenge_table_the_line_says_what_a_discard_taken_and_used_cost():
    """The player on the right took the discard and opened with it: at a Challenge table
    that costs the discarder ten times the tile, and the line said "Ayşe took your R11 ·
    Ayşe opened …", the +110 on the panel explained only in the log."""
    app = table_app(OPENING_SEED, game_type="challenge")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await discarded_to_the_right_seat_s_opening(pilot, app, "challenge/11")
        hand = app.session.hand
        paid = [e for e in hand.events if e.kind == "penalty" and e.seat == 0]
        assert len(paid) == 1, [e.text for e in hand.events]
        said = status_text(screen)
        assert f"+{paid[0].value} to you: your discard was taken and used" in said, said
        assert said.endswith(screen.turn_hint()), said


def test_the_starters_tip_counts_the_tiles_of_the_game_type() -> None:
    """At a 51 table the starter holds 15 tiles, and the first tip said "You start with 22
    tiles"."""
    from okey_tui.engine.match import Match
    from okey_tui.engine.rules import GameType, RuleSet
    from okey_tui.engine.view import PlayerView
    from okey_tui.ui.tips import Walkthrough

    for game_type, tiles in ((GameType.CLASSIC, 22), (GameType.FIFTY_ONE, 15)):
        hand = Match(RuleSet(game_type=game_type, hands=1), seed=3).hand
        view = PlayerView.of(hand, hand.turn)  # the starter, before its first discard
        said = [tip.text for tip in Walkthrough().due(view)]
        assert any(text.startswith(f"You start with {tiles} tiles") for text in said), said


def test_an_okey_taken_from_a_meld_is_kept_on_the_line_as_an_opening_is() -> None:
    """A round of an opening, an okey swapped out (+101 to its layer) and three adds said
    only the opening and the last two adds: the swap, the round's most costly move, went
    unsaid with room to spare. It is kept as an opening is, whatever comes after it."""
    import random

    from okey_tui.bots.base import make_bot
    from okey_tui.bots.driver import play_bot_turn
    from okey_tui.engine.rules import RuleSet
    from okey_tui.engine.state import Hand
    from okey_tui.engine.view import PlayerView
    from okey_tui.table import SeatInfo
    from okey_tui.ui.widgets.board import TableMarks

    seats = [SeatInfo(i, name, "normal") for i, name in enumerate(SUMMARY_NAMES)]
    bots = [make_bot("normal") for _ in range(4)]
    hand = Hand.deal(RuleSet(), random.Random(0), starter=1)  # seat 2 swaps an okey out
    while not any(e.kind == "swap" and e.seat not in (None, 0) for e in hand.events):
        assert not hand.is_over, "no swap in this deal"
        play_bot_turn(hand, bots[hand.turn])
    marks = TableMarks()
    lines = marks.update(seats, hand.events, PlayerView.of(hand, 0), viewer=0)
    swapped = [n for n, line in enumerate(lines) if "swapped the okey out" in line]
    assert swapped, lines
    assert all(marks.kept[n] >= 1 for n in swapped), (lines, marks.kept)


@pytest.mark.parametrize("pace", [0.0, 0.05])
async def test_a_bots_adds_after_its_opening_are_said_in_one_line(pace: float) -> None:
    """The line keeps the last two moves: a bot that opened and laid off three tiles had
    one of them go unsaid, nothing on the line saying so. Its adds are said together,
    "Zeynep added K7 to meld 2, R4 to meld 3, R4 to meld 1", at full speed (one update)
    and at a bot's pace (an update for each move); both copies of R4, one on a run and one
    on a set, each on its own meld (both were said to go on the first)."""
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app
    from tests.positions import position

    settings = TableSettings(bots=("easy", "easy", "easy"))
    app = make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=pace, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            [
                "R9 B1 K5 Y1",
                "Y6 K1 Y9",
                "Y2 Y3 B2 B3",
                "K10 K11 K12 K13 Y10 Y11 Y12 Y13 B11 B12 B13 R4 R4 K7 B1 Y8",
            ],
            table=("1:R1R2R3", "1:K4K5K6", "1:Y4B4K4"),
            openings="-/m101/-/-",
            phase="p",
        )
        screen = await at_position(pilot, app, hand)
        played = app.session.hand
        await discard_then_wait(pilot, screen, "Y1", lambda: played.turn == 0 or played.is_over)
        await pilot.pause()
        zeynep = app.session.seat_name(3)
        adds = [e for e in played.events if e.kind == "add" and e.seat == 3]
        assert len(adds) == 3, [e.text for e in played.events]
        said = status_text(screen)
        assert said.count(f"{zeynep} added") == 1, said
        assert "K7 to meld 2" in said, said
        assert "R4 to meld 1" in said and "R4 to meld 3" in said, said
        assert f"{zeynep} opened" in said and "Your turn" in said, said


@pytest.mark.parametrize(
    ("rules", "words"),
    [("classic/11", "(g gives it back)"), ("classic/11+g", "(g gives it back, +101)")],
)
async def test_a_take_says_what_giving_it_back_costs_at_the_table(rules: str, words: str) -> None:
    """At a table where giving the discard back costs +101 the take said "(g gives it
    back)" as anywhere else; the cost came only once g asked to be sure."""
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R5 R6 Y1 B3 K9 K12", "", "", ""],
            discards=("", "", "", "R7"),
            table=["0:K1K2K3"],
            openings="m101/-/-/-",
            phase="d",
            rules=rules,
        )
        screen = await at_position(pilot, app, hand)
        await pilot.press("t")
        await pilot.pause()
        assert screen.view.taken is not None
        said = status_text(screen)
        assert said.startswith("You took R7") and words in said, said


def bots_play_on(racks: list[str]):  # type: ignore[no-untyped-def]
    """Every seat opened; seat 0 (you) to discard, your meld 1 K6 K7 K8 on the table."""
    from tests.positions import position

    return position(
        racks,
        table=("0:K6K7K8", "2:B10B11B12", "1:Y5Y6Y7", "3:R10R11R12"),
        openings="m101/m101/m101/m101",
        phase="p",
    )


async def test_an_add_to_your_own_meld_is_said_whatever_came_after_it():
    """Ayşe added K9 to your meld 1, then Mehmet and Zeynep each laid a meld: the line
    kept the last two moves, and your meld grew with no word of it."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = bots_play_on(["R9 B1 Y1 K13", "K9 Y2 R2", "R8 B8 K8 Y3 B2", "R4 Y4 K4 B5 R1"])
        screen = await at_position(pilot, app, hand)
        played = app.session.hand
        await discard_then_wait(pilot, screen, "Y1", lambda: played.turn == 0 or played.is_over)
        await pilot.pause()
        moves = [e.kind for e in played.events if e.seat in (1, 2, 3) and e.kind in ("add", "lay")]
        assert moves == ["add", "lay", "lay"], [e.text for e in played.events]
        said = status_text(screen)
        ayse = app.session.seat_name(1)
        assert said.startswith(f"{ayse} added K9 to meld 1 · "), said
        assert said.count(" laid meld ") == 2, said


async def test_moves_left_off_the_line_are_counted():
    """Four moves of three bots: the line says the last two and that the log has the
    rest, "2 more moves in the log (l)" (a bot's fourth move went unsaid, no word of it)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = bots_play_on(
            ["R9 B1 Y1 K13", "R4 Y4 K4 B13 R2", "R8 B8 K8 Y2 Y3", "K5 K9 Y13 R13 B5"]
        )
        screen = await at_position(pilot, app, hand)
        played = app.session.hand
        await discard_then_wait(pilot, screen, "Y1", lambda: played.turn == 0 or played.is_over)
        await pilot.pause()
        said = status_text(screen)
        zeynep = app.session.seat_name(3)
        assert f"{zeynep} added R13 to meld 4, K5 K9 to meld 1" in said, said
        assert "2 more moves in the log (l)" in said, said


async def test_while_the_others_play_the_line_keeps_an_opening_beside_the_last_move():
    """Waiting for the others, the line said the last move alone: Ayşe opened, laid off a
    tile, and "Ayşe added R4 to meld 1 · waiting for …" was all it said of her opening."""
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app
    from tests.positions import position

    settings = TableSettings(bots=("easy", "easy", "easy"))
    app = make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=0.3, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            [
                "R9 B1 K5 Y1",
                "K10 K11 K12 K13 Y10 Y11 Y12 Y13 B11 B12 B13 R4 B1 Y8",
                "Y2 Y3 B2 B3",
                "Y6 K1 Y9",
            ],
            table=("3:R1R2R3", "3:K4K5K6"),
            openings="-/-/-/m101",
            phase="p",
        )
        screen = await at_position(pilot, app, hand)
        played = app.session.hand
        await pilot.press("x")  # the cursor's tile: a discard, then the bots play
        for _ in range(400):  # bounded: Ayşe's turn is over, Mehmet's not begun
            if played.turn == 2 or played.is_over:
                break
            await pilot.pause(0.01)
        await pilot.pause(0.05)
        assert played.turn == 2 and played.openings[1] is not None
        assert any(e.kind == "add" and e.seat == 1 for e in played.events)
        said = status_text(screen)
        ayse = app.session.seat_name(1)
        assert said.startswith(f"{ayse} opened with "), said
        assert f"{ayse} added R4 to meld 1" in said, said


async def test_the_last_turn_before_the_middle_runs_out_warns_of_an_okey_in_hand():
    """A learner kept the okey as the hints advised and met its +101 first on the summary:
    at the turn after which the middle runs out, the line says what it will cost."""
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["B8 R9 Y1 K13", "Y6 K1 Y9", "Y2 Y3 B2 B3", "K2 K3 B12"],
            middle="R1 R2 R3 R4 R5 R6",
            phase="p",
            rest="discard2",  # the other tiles under a pile: six in the middle
        )
        screen = await at_position(pilot, app, hand)
        played = app.session.hand
        await discard_then_wait(pilot, screen, "Y1", lambda: played.turn == 0 or played.is_over)
        await pilot.pause()
        assert played.turn == 0 and 0 < len(played.middle) <= 4, played.middle
        said = status_text(screen)
        assert (
            "The middle runs out before your next turn if the others draw from it: an okey" in said
        )
        assert "costs +101" in said, said


async def test_a_sort_that_leaves_one_tile_out_of_melds_says_it_goes_out_with_no_floor():
    """69 points in runs and sets and one tile over: the sort said "an opening needs 101",
    and o then said "69 / 101: you go out with it, no floor needed"."""
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["R1 R2 R3 B4 B5 B6 K7 K8 K9 Y13", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        await pilot.press("s")
        await pilot.pause()
        said = status_text(screen)
        assert said == (
            "Sorted: 45 points in runs and sets · all but one tile in melds: o and Enter, then x "
            "goes out"
        ), said
        # Before the draw (the turn's last tile not in yet) the floor is said, as before.
        hand = position(["R1 R2 R3 B4 B5 B6 K7 K8 K9", "", "", ""], phase="d", middle="Y13")
        screen = await at_position(pilot, app, hand)
        await pilot.press("s")
        await pilot.pause()
        said = status_text(screen)
        assert said.endswith("an opening needs 101"), said


async def test_the_news_a_turn_came_with_comes_back_after_a_sort_before_the_draw():
    """s first thing put "Sorted: …" over "Zeynep laid meld 10 · Your turn: d draw …, or
    t take Y12", and the next key brought back only "Your turn: …": the others' moves were
    lost to the line. Before the draw the next key brings the whole line back."""
    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            [
                "B8 R9 Y1 K13 R2",
                "R10 R11 R12 R13 B10 B11 B12 B13 K10 K11 K12 K13 Y5",
                "Y2 Y3 B2 B3",
                "K2 K3 B12 K7",
            ],
            middle="R1 R2 R3 R4 R5 R6 K9 Y10 Y11 Y12",
            phase="p",
        )
        screen = await at_position(pilot, app, hand)
        played = app.session.hand
        await discard_then_wait(pilot, screen, "Y1", lambda: played.turn == 0 or played.is_over)
        await pilot.pause()
        assert played.turn == 0 and screen.view.phase.name == "DRAW"
        came = status_text(screen)
        assert f"{app.session.seat_name(1)} opened with " in came and "Your turn" in came, came
        await pilot.press("s")
        await pilot.pause()
        assert status_text(screen).startswith("Sorted: "), status_text(screen)
        before = screen.cursor
        await pilot.press("left")
        await pilot.pause()
        assert screen.cursor != before, before
        assert status_text(screen) == came, status_text(screen)
        # Once drawn, the turn's step (the news is in the log).
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("s", "left")
        await pilot.pause()
        said = status_text(screen)
        assert said != came and " opened with " not in said, said
