"""Autosave and resume at the table, bad saves on the new-table screen, remembered settings."""

from __future__ import annotations

import random
import time

import pytest
from rendered import screen_text
from rich.cells import cell_len
from textual.widgets import Static
from ui_helpers import OPENING_SEED, wait_and_arrange, wait_for_human

from okey_tui import i18n, storage
from okey_tui.engine.match import Match
from okey_tui.engine.notation import format_position
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView, legal_actions
from okey_tui.messages import game_type_label
from okey_tui.settings import TableSettings, load_settings, save_settings
from okey_tui.ui.app import make_app
from okey_tui.ui.local_table import LocalTable
from okey_tui.ui.screens.setup import NewTableScreen, OptionRow, SaveRow, when_played
from okey_tui.ui.screens.table import TableScreen

SETTINGS = TableSettings(bots=("easy", "easy", "easy"), hands=3)


async def test_resume_continues_the_same_position_and_rack_order() -> None:
    """After a few moves and a rearranged rack, --resume shows exactly the same table."""
    app = make_app(settings=SETTINGS, ask=False, seed=9, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        if app.session.hand.phase.value == "d":
            await pilot.press("d")
        await pilot.press("s", "shift+right")
        await pilot.press("x")
        await wait_for_human(pilot, app)
        position = format_position(app.session.hand)
        slots = list(screen.rack.slots)
        totals = app.session.match.totals()
    assert len(storage.list_saves().entries) == 1

    again = make_app(settings=SETTINGS, ask=False, seed=123, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen)
        assert format_position(again.session.hand) == position
        assert screen.rack.slots == slots
        assert again.session.match.totals() == totals
        assert again.session.seed == 9


async def test_a_broken_save_is_set_aside_and_a_new_match_can_start() -> None:
    path = storage.save_path_for("20260101-120000-abcd")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "okey101-save", "version": 1, "rules": "classic/3", ', "utf-8")
    app = make_app(settings=SETTINGS, ask=True, seed=4, bot_delay=0, resume=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewTableScreen)
        notice = str(app.screen.query_one("#new-table-notice").render())
        assert "unusable" in notice and "kept as 20260101-120000-abcd.json.corrupt-" in notice
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    aside = list(path.parent.glob("20260101-120000-abcd.json.corrupt-*"))
    assert len(aside) == 1
    assert aside[0].read_text("utf-8").startswith('{"format": "okey101-save"')


async def test_the_new_table_screen_offers_the_saved_match() -> None:
    first = make_app(settings=SETTINGS, ask=False, seed=5, bot_delay=0)
    async with first.run_test(size=(120, 40)) as pilot:
        await wait_and_arrange(pilot, first)  # the player's own: the match is kept
        position = format_position(first.session.hand)
    app = make_app(seed=6, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewTableScreen)
        rows = list(app.screen.query(SaveRow))
        assert len(rows) == 1
        assert "resume  Classic · hand 1/3" in screen_text(app)
        # When it was last played (the list's order), not when it began: as a person
        # says it ("today 20:58"), not as a date to decode.
        entry = storage.list_saves().entries[0]
        clock = time.strftime("%H:%M", time.localtime(entry.saved_at))
        assert when_played(entry.saved_at, now=entry.saved_at) == f"today {clock}"
        assert f"played {when_played(entry.saved_at)}" in rows[0].text, rows[0].text
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert format_position(app.session.hand) == position


async def test_r_names_itself_by_what_it_does_where_the_cursor_is() -> None:
    """On a match's line Enter resumes it: the bar said "⏎ Resume  r Resume match", two
    names for one thing. There r is not shown (it still resumes that match); on another
    line it says what it does there, resume the latest."""
    first = make_app(settings=SETTINGS, ask=False, seed=5, bot_delay=0)
    async with first.run_test(size=(120, 40)) as pilot:
        await wait_and_arrange(pilot, first)
        position = format_position(first.session.hand)
    app = make_app(seed=6, bot_delay=0)

    async def bar_once(shows) -> str:  # type: ignore[no-untyped-def]
        """The key bar, once it is drawn for the line focused (bounded: a busy machine)."""
        for _ in range(100):
            bar = screen_text(app).splitlines()[-1]
            if shows(bar):
                break
            await pilot.pause(0.02)
        return bar

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        screen.query(SaveRow).first().focus()
        bar = await bar_once(lambda bar: "Resume" in bar and "Resume latest" not in bar)
        assert "Resume" in bar and "Resume latest" not in bar and " r " not in bar, bar
        screen.query(OptionRow).first().focus()
        bar = await bar_once(lambda bar: "r Resume latest" in bar)
        assert "r Resume latest" in bar, bar
        screen.query_one("#opt-name").focus()  # the name box: r is a letter there
        bar = await bar_once(lambda bar: "Resume latest" not in bar and "Help" in bar)
        assert "Resume latest" not in bar, bar
        screen.query(OptionRow).first().focus()
        await bar_once(lambda bar: "r Resume latest" in bar)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert format_position(app.session.hand) == position


def test_settings_round_trip_including_pace_look_and_colour_blind() -> None:
    chosen = SETTINGS.with_changes(bot_delay=1.2, theme="dark", colour_blind=True, name="Ayşe")
    save_settings(chosen)
    assert load_settings() == chosen.checked()


def test_settings_out_of_range_fall_back_to_defaults() -> None:
    odd = TableSettings().with_changes(bot_delay=99, theme="neon", hands=4)
    checked = odd.checked()
    assert checked.bot_delay == 10.0 and checked.theme == "felt" and checked.hands == 11


async def test_melds_staged_when_the_match_stops_come_back_whole_in_their_slots() -> None:
    """A tile moved while melds are staged keeps the rack order, staged melds included:
    a match that stops then (quit, a closed terminal) resumes with the melds staged again
    (tests/ui/test_ui_staged_kept.py), and Esc puts each in the slots it left, not
    scattered over the rack as new tiles."""
    app = make_app(settings=SETTINGS, ask=False, seed=OPENING_SEED, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("s")
        sorted_slots = list(screen.rack.slots)
        await pilot.press("o")  # every meld staged: the upper row is empty
        assert len(screen.staging.melds) == 4
        lower = screen.rack.cols
        first, second = sorted_slots[lower], sorted_slots[lower + 1]
        await pilot.press("home", "shift+right")  # two loose tiles change places
        await pilot.pause()
    expected = list(sorted_slots)
    expected[lower], expected[lower + 1] = second, first

    again = make_app(settings=SETTINGS, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen)
        assert len(screen.staging.melds) == 4
        await pilot.press("escape")
        await pilot.pause()
        assert screen.rack.slots == expected


async def test_a_resumed_rack_puts_the_cursor_on_a_tile() -> None:
    """A rack kept with its first slot empty resumes with the cursor on a tile, not on
    the empty slot, where x would throw nothing."""
    app = make_app(settings=SETTINGS, ask=False, seed=OPENING_SEED, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        # The first group moves on: slot 0 is empty.
        await pilot.press("s", "up", "home", "tab")
        await pilot.pause()
        assert screen.rack.slots[0] is None
    again = make_app(settings=SETTINGS, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen)
        assert screen.rack.slots[0] is None
        assert screen.rack.slots[screen.cursor] is not None


async def test_a_resumed_rack_puts_the_cursor_where_it_was_left() -> None:
    """The cursor came back on the first tile after --resume, wherever the player had left
    it (moving the cursor is no move, so it is kept as the match is left)."""
    app = make_app(settings=SETTINGS, ask=False, seed=OPENING_SEED, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("s", "end", "left", "left")
        await pilot.pause()
        left_at, tile = screen.cursor, screen.rack.slots[screen.cursor]
        assert tile is not None and left_at > 2
        slots = list(screen.rack.slots)
    again = make_app(settings=SETTINGS, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen)
        assert screen.rack.slots == slots
        assert screen.cursor == left_at and screen.rack.slots[screen.cursor] == tile


async def drawn_then_moved_away(pilot, app) -> tuple[TableScreen, set[int]]:  # type: ignore[no-untyped-def]
    """The player's turn: a draw (after the starter's first throw), then the cursor moved
    to the upper row's second slot. The table screen, and the drawn tile's slots."""
    await wait_for_human(pilot, app)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    if app.session.hand.phase.value != "d":
        await pilot.press("x")
        await wait_for_human(pilot, app)
    await pilot.press("d")
    await pilot.pause()
    drawn = set(screen.fresh)
    await pilot.press("up", "home", "right")
    await pilot.pause()
    return screen, drawn


async def test_resumed_after_a_draw_the_cursor_is_where_the_player_left_it() -> None:
    """The player drew, moved the cursor onto K4 and the match was left (kill -TERM):
    resumed, the cursor sat on the drawn tile, not on K4, though the save had it (a
    hot-seat person's came back where it was left). The drawn tile keeps its "new" mark."""
    app = make_app(settings=SETTINGS, ask=False, seed=OPENING_SEED, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, drawn = await drawn_then_moved_away(pilot, app)
        left_at, tile = screen.cursor, screen.rack.slots[screen.cursor]
        assert tile is not None and drawn and left_at not in drawn
    again = make_app(settings=SETTINGS, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen)
        assert screen.cursor == left_at and screen.rack.slots[left_at] == tile
        assert screen.fresh == drawn, "the drawn tile is still marked new"


async def test_ctrl_z_keeps_the_cursor_before_the_game_stops() -> None:
    """Ctrl+Z stops the game in the background (it did nothing); a stopped game may be
    killed, so the cursor moved since the last move is written first. (A headless app
    cannot be stopped: the write is what is checked.)"""
    app = make_app(settings=SETTINGS, ask=False, seed=OPENING_SEED, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, _drawn = await drawn_then_moved_away(pilot, app)
        session = app.session
        assert session.cursors != session.saved_cursors
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert session.saved_cursors == session.cursors == {0: screen.cursor}
        assert isinstance(app.screen, TableScreen)  # still playing


async def test_a_match_left_with_a_taken_discard_resumes_saying_it_must_be_laid() -> None:
    """Resumed after taking the left discard, the status said "play, then x discards" and
    the taken tile had lost its "new" mark: only x told the player the tile had to be laid.
    Now the resumed line says so, and the tile is marked new again."""
    app = make_app(settings=SETTINGS, ask=False, seed=9, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        if app.session.hand.phase.value != "d":
            await pilot.press("x")
            await wait_for_human(pilot, app)
        taken = app.session.hand.discards[app.session.hand.left_of(0)][-1]
        await pilot.press("t", "y")  # it brings no opening: t asks first
        assert app.session.hand.taken_pending()
        slots = list(app.screen.rack.slots)

    again = make_app(settings=SETTINGS, ask=False, seed=123, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen)
        assert screen.rack.slots == slots
        status = str(screen.query_one("#status", Static).render())
        assert "Match resumed." in status and f"lay down {taken}, taken from the left" in status
        assert [screen.rack.slots[i] for i in screen.fresh] == [taken]


async def test_giving_back_after_a_resume_takes_the_copy_taken_not_the_one_in_a_run() -> None:
    """Holding Y7 in a run Y7 Y8 Y9, the player took another Y7 from the left and quit.
    Resumed, the new mark sat under the run's Y7 (the first copy in the rack), and g gave
    that one back: the run lost a tile. The mark now goes to the copy apart from the groups."""
    from tests.positions import position

    app = make_app(settings=SETTINGS, ask=False, seed=OPENING_SEED, bot_delay=30)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        racks = ["Y7 Y8 Y9 K1 R5 B11", "K5 K6 K7 B8", "B1 B3 B4 Y3", "K4 K5 Y1 K8"]
        app.session.hand.restore(position(racks, phase="d", discards=("", "", "", "Y7")))
        screen.new_hand()
        await pilot.pause()
        await pilot.press("s", "t", "y")  # Y7 brings no opening: t asks first
        await pilot.pause()
        assert app.session.hand.taken_pending()
        slots = list(screen.rack.slots)
        run = next(g for g in screen.rack.groups() if len(g) == 3)
        assert [str(slots[i]) for i in run] == ["Y7", "Y8", "Y9"]
        [taken_at] = screen.fresh
        assert taken_at not in run

    again = make_app(settings=SETTINGS, ask=False, seed=123, bot_delay=30, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen)
        assert screen.rack.slots == slots
        assert screen.fresh == {taken_at}
        await pilot.press("g")
        await pilot.pause()
        assert not again.session.hand.taken_pending()
        assert [str(screen.rack.slots[i]) for i in run] == ["Y7", "Y8", "Y9"]
        assert [str(t) for t in screen.rack.tiles()].count("Y7") == 1  # then a draw came in


async def test_a_match_left_after_a_draw_resumes_with_the_drawn_tile_marked_new() -> None:
    """Resumed after drawing, the rack lost the "new" mark of the drawn tile and the cursor
    went to the first slot: the player had to find the tile again. Both come back."""
    app = make_app(settings=SETTINGS, ask=False, seed=9, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        if app.session.hand.phase.value != "d":
            await pilot.press("x")
            await wait_for_human(pilot, app)
        await pilot.press("d")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        [drawn_at] = screen.fresh
        drawn = screen.rack.slots[drawn_at]
        slots = list(screen.rack.slots)

    again = make_app(settings=SETTINGS, ask=False, seed=123, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen)
        assert screen.rack.slots == slots
        assert [screen.rack.slots[i] for i in screen.fresh] == [drawn]
        assert screen.cursor in screen.fresh


async def test_a_match_given_its_own_pace_keeps_it_when_resumed() -> None:
    """Played with --bot-delay 0, a match resumed with --resume alone went at the remembered
    pace (0.6 s a move): the flag is for this match, and a resume is the same match. A
    flag given on the resume is its pace from then on."""
    save_settings(SETTINGS.with_changes(bot_delay=0.6))
    app = make_app(settings=SETTINGS, ask=False, seed=9, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        assert app.bot_delay == 0
        if app.session.hand.phase.value == "d":
            await pilot.press("d")
        await pilot.press("x")  # a move: a match left untouched is not kept
        await wait_for_human(pilot, app)
    again = make_app(ask=False, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, TableScreen)
        assert again.bot_delay == 0 and load_settings().bot_delay == 0.6
    third = make_app(ask=False, resume=True, bot_delay=2.0)
    async with third.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert third.bot_delay == 2.0
        third.session.autosave()
    saved = storage.list_saves().entries[0].saved
    assert saved.extra["bot_delay"] == 2.0


@pytest.mark.parametrize(
    ("flag", "presses", "played", "own"),
    [
        (0.0, (), 0.0, True),  # --bot-delay instant, left so on the screen
        (0.3, ("right",), 0.0, False),  # --bot-delay fast, instant chosen on the screen
        (None, ("right", "right"), 0.0, False),  # no flag, instant chosen on the screen
    ],
)
async def test_a_pace_played_from_the_new_table_screen_is_played_again_on_resume(
    flag: float | None, presses: tuple[str, ...], played: float, own: bool
) -> None:
    """okey101 play --bot-delay instant, a table chosen on the new-table screen, q y, then
    play --resume: the bots went at the remembered pace (normal, 0.6 s a move). The
    screen dropped the flag's pace as the match started, so the save had none. The
    flag's pace is the match's own, saved with it; one chosen on the screen is the
    remembered pace, which a resume follows."""
    save_settings(SETTINGS.with_changes(bot_delay=0.6))
    app = make_app(seed=9, bot_delay=flag)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewTableScreen)
        app.screen.query_one("#opt-pace", OptionRow).focus()
        await pilot.press(*presses, "enter")
        await wait_and_arrange(pilot, app)
        assert app.bot_delay == played
        await pilot.press("q", "y")
        await pilot.pause()
    saved = storage.list_saves().entries[0].saved
    assert saved.extra.get("bot_delay") == (played if own else None)
    assert load_settings().bot_delay == (0.6 if own else played)
    again = make_app(ask=True, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, TableScreen)
        table = again.screen.table
        assert isinstance(table, LocalTable) and table.bot_delay == played  # the bots' pace


async def test_a_practice_match_left_with_its_hints_shown_resumes_with_them() -> None:
    """The hint panel was open when the player quit; resumed, the log showed in its place
    and h had to be pressed again. The match keeps the choice, and a resume shows them."""
    practice = SETTINGS.with_changes(practice=True, tips=False)
    app = make_app(settings=practice, ask=False, seed=9, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        await pilot.press("h", "s")  # the hints, then a sort: the match is saved
        await pilot.pause()
        assert app.screen.practice.hints_on
        app.session.autosave()
        await pilot.press("q", "y")
    assert storage.list_saves().entries[0].saved.extra["hints"] is True

    again = make_app(settings=practice, ask=False, seed=123, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen) and screen.practice.hints_on
        assert screen.query_one("#main").has_class("-hints")
        assert "Match resumed." in str(screen.query_one("#status", Static).render())


def partners_save(humans: list[int]) -> tuple[int, int]:
    """A Rising partners match saved after its first hand, ``humans`` sharing the terminal
    with the names left as they were: the two sides' match scores (seat 0's first)."""
    rng = random.Random(4)
    match = Match(RuleSet(hands=3, game_type=GameType.RISING, partners=True), seed=4)
    while not match.hand.is_over:
        hand = match.hand
        hand.apply(rng.choice(legal_actions(PlayerView.of(hand, hand.turn))))
    match.finish_hand()
    path = storage.save_path_for("20261201-100000-aaaa")
    path.parent.mkdir(parents=True, exist_ok=True)
    extra: storage.JSONObject = {"humans": humans, "levels": ["normal"] * 3}
    storage.save(match, extra, path)
    totals = match.totals()
    assert totals[0] != totals[1]  # the sides told apart by their scores
    return totals[0], totals[1]


async def resume_lines(size: tuple[int, int]) -> tuple[list[str], str]:
    """The lines of the only unfinished match beside "resume", and the whole row's text."""
    app = make_app(bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        (row,) = app.screen.query(SaveRow)
        lines = row.lines(row.size.width - cell_len(i18n._("resume")) - 2)
        for line in lines:
            assert line in screen_text(app), line
        return lines, row.text


@pytest.mark.parametrize("language", ["en", "tr"])
async def test_a_partners_row_names_both_sides_and_fits_at_80_columns(language: str) -> None:
    """Two partners at one terminal: the row read "Yükselen… · el 1/3 bitti · Player 1 505,
    Oyuncu 2 505", each partner with their side's total and not the other side's, the game
    type cut. The sides read as the end-of-hand summary names them, with their scores;
    at 80 columns "partners" and the bots' names give way, nothing is cut."""
    ours, theirs = partners_save([0, 2])
    i18n.set_language(language)
    players = i18n._("Player {n}")
    people = i18n._("{first} & {second}").format(
        first=players.format(n=1), second=players.format(n=2)
    )
    for size in ((80, 24), (120, 40)):
        (first, _second), whole = await resume_lines(size)
        # The whole row, as the summary names the sides.
        bots = i18n._("{first} & {second}").format(first="Ayşe", second="Zeynep")
        assert f"{people} {ours} · {bots} {theirs}" in whole, whole
        # Its first line as it fits: the people's side, and the other side's score.
        assert "…" not in first, first
        assert first.startswith(game_type_label(GameType.RISING) + " · "), first
        assert f"{people} {ours}" in first and first.endswith(str(theirs)), first
        if language == "en":
            assert first == f"Rising · hand 1/3 done · {people} {ours} vs {theirs}", first


@pytest.mark.parametrize(
    ("humans", "whole_sides", "at_80"),
    [
        # One person: their partner is a bot, and so are both opponents.
        (
            [0],
            "You & Mehmet {0} · Ayşe & Zeynep {1}",
            "Rising · hand 1/3 done · You & Mehmet {0} vs {1}",
        ),
        # Two people side by side are opponents, each with a bot: the bots' names give
        # way, and the kind still says "partners" (cut short by the last letters at most).
        (
            [0, 1],
            "Player 1 & Mehmet {0} · Player 2 & Zeynep {1}",
            "Rising, partne… · hand 1/3 · Player 1 {0} · Player 2 {1}",
        ),
    ],
)
async def test_every_partners_row_keeps_both_sides_scores_at_80_columns(
    humans: list[int], whole_sides: str, at_80: str
) -> None:
    ours, theirs = partners_save(humans)
    (first, _second), whole = await resume_lines((80, 24))
    assert whole_sides.format(ours, theirs) in whole, whole
    head, tail = at_80.format(ours, theirs).split("…") if "…" in at_80 else (at_80, "")
    assert first.startswith(head.format(ours, theirs)) and first.endswith(tail), first


async def test_resumed_while_a_bot_is_to_play_the_line_says_who_is_playing() -> None:
    """Resumed at a slow pace on a bot's turn, the line said only "Match resumed." through
    the bots' turns, and the table looked stuck: it says who is playing."""
    app = make_app(settings=SETTINGS, ask=False, seed=OPENING_SEED, bot_delay=10)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        await pilot.press("s", "x")  # the starter's first discard: the bot on the right is next
        await pilot.pause()
        assert app.session.hand.turn == 1
        await pilot.press("q", "y")
    again = make_app(settings=SETTINGS, ask=False, bot_delay=10, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen) and not screen.my_turn
        name = screen.table.seats()[1].name
        status = str(screen.query_one("#status", Static).render())
        assert status == f"Match resumed: {name} is playing", status


async def test_the_bots_wait_while_the_quit_question_is_open() -> None:
    """The bots played on under "Quit the game?" (a bot laid tiles while the person
    decided); they wait for the answer, and no lets them go on."""
    from okey_tui.ui.screens.dialogs import ConfirmScreen

    app = make_app(settings=SETTINGS, ask=False, seed=OPENING_SEED, bot_delay=0.1)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        await pilot.press("s", "x", "q")  # the first discard, then q at once
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        moves = len(app.session.events)
        assert app.session.hand.turn != 0
        await pilot.pause(0.5)  # five bots' pauses
        assert len(app.session.events) == moves and isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await wait_for_human(pilot, app)
        assert len(app.session.events) > moves and app.session.hand.turn == 0


async def test_a_drawn_tile_with_a_twin_on_the_rack_is_new_again_where_the_cursor_left_it() -> None:
    """The rack names tiles, not which copy came in: after a resume the "new" mark and the
    cursor went to the other B6 (the one most apart), not the drawn one the player had put
    in a run with the cursor on it."""
    from ui_helpers import at_position, set_rows

    from tests.positions import position

    rack = "B4 B5 B6 R1 R2 R3 Y7 Y8 Y9 K1 K2 K3 R10 R11 R12 Y1 Y3 K6 K9 B11 B13"
    app = make_app(settings=SETTINGS, ask=False, seed=OPENING_SEED, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(
            pilot, app, position([rack, "", "", ""], phase="d", middle="B6", rest="rack1")
        )
        await pilot.press("d")
        await pilot.pause()
        assert len(screen.rack.tiles()) == 22
        # The drawn B6 put beside B4 B5, the cursor on it; the other B6 alone on the right.
        set_rows(
            screen,
            "B4 B5 B6 . R1 R2 R3 . Y7 Y8 Y9 . K1 K2 K3",
            "R10 R11 R12 . Y1 Y3 K6 K9 B11 B13 . B6",
        )
        assert screen.rack.cols >= 15, screen.rack.cols
        screen.cursor, screen.fresh = 2, {2}
        screen.keep_rack()
        await pilot.press("q", "y")
    again = make_app(settings=SETTINGS, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen)
        twin = screen.rack.index(1, 11)
        assert screen.rack.slots[2] == screen.rack.slots[twin]  # the two B6
        assert screen.cursor == 2 and screen.fresh == {2}, (screen.cursor, screen.fresh)


async def test_a_match_killed_after_a_draw_marks_the_drawn_copy_not_a_twin_in_a_run() -> None:
    """The save the draw wrote kept the cursor of before the draw (on the B6 of a run): a
    match killed then, and resumed, marked that twin new, and x would have thrown it out
    of the run. The cursor is written with the rack, on the drawn tile."""
    from ui_helpers import at_position, set_rows

    from tests.positions import position

    rack = "B4 B5 B6 R1 R2 R3 Y7 Y8 Y9 K1 K2 K3 R10 R11 R12 Y1 Y3 K6 K9 B11 B13"
    app = make_app(settings=SETTINGS, ask=False, seed=OPENING_SEED, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(
            pilot, app, position([rack, "", "", ""], phase="d", middle="B6", rest="rack1")
        )
        set_rows(screen, "B4 B5 B6 . R1 R2 R3 . Y7 Y8 Y9 . K1 K2 K3", "R10 R11 R12 . Y1 Y3 K6 K9")
        screen.rack.slots[screen.rack.index(1, 10)] = Tile.parse("B11")
        screen.rack.slots[screen.rack.index(1, 12)] = Tile.parse("B13")
        screen.cursor = 2  # on the run's B6, and saved so
        screen.render_rack()
        screen.keep_rack()
        await pilot.press("d")
        path = storage.list_saves().entries[0].path
        killed = path.read_bytes()  # the save as the draw left it: no quit wrote it again
        await pilot.pause()
        drawn = screen.cursor
        assert drawn != 2 and screen.rack.slots[drawn] == Tile.parse("B6")
    path.write_bytes(killed)
    again = make_app(settings=SETTINGS, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen)
        assert screen.cursor == drawn and screen.fresh == {drawn}, (screen.cursor, drawn)


async def test_a_rack_order_wider_than_a_rack_is_not_laid_out() -> None:
    """A rack order of 52 slots (a hand-edited save, a table that kept what a client made
    up) was drawn 26 slots a row, over the status line at 80x24: the rack keeps its 16
    columns, every tile on it."""
    app = make_app(settings=SETTINGS, ask=False, seed=9, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        rack = [str(t) for t in app.session.hand.racks[0]]
        wide: list[str | None] = [None] * 52
        wide[: len(rack)] = list(reversed(rack))
        app.session.layouts[0] = wide
        screen.restore_layout()
        screen.render_all()
        await pilot.pause()
        assert screen.rack.cols == 16 and len(screen.rack.slots) == 32
        assert sorted(str(t) for t in screen.rack.tiles()) == sorted(rack)
        # The same order in a rack's 32 slots is laid out as kept.
        app.session.layouts[0] = wide[:32]
        screen.restore_layout()
        assert [None if t is None else str(t) for t in screen.rack.slots] == wide[:32]
        # Narrower than a rack ("R1 R2" sent by hand to a table): not laid out either (the
        # rack came back 11 columns wide, its tiles packed, for the rest of the hand).
        app.session.layouts[0] = rack[:2]
        screen.restore_layout()
        assert screen.rack.cols == 16 and len(screen.rack.slots) == 32
