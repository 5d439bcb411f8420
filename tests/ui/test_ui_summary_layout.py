"""The end-of-match summary at the supported sizes: who won and the keys always in sight."""

from __future__ import annotations

import shlex
from dataclasses import replace

import pytest
from rendered import screen_text
from textual.containers import VerticalScroll
from ui_helpers import last_hand_report, table_app

from okey_tui import i18n
from okey_tui.table import HandReport, SeatInfo
from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.session import Session

SEATS = [SeatInfo(s, name, None) for s, name in enumerate(["You", "Ayşe", "Mehmet", "Zeynep"])]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_end_of_an_eleven_hand_match_keeps_the_winner_and_the_keys_in_sight(
    size: tuple[int, int],
) -> None:
    """An 11-hand score sheet made the summary taller than a 120x40 screen: its own
    "n: new match · q: quit" line and the winner's line fell below the dialog. Both now
    stay under the part that scrolls, which says so and scrolls with the arrows to its
    last line."""
    app = table_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(HandSummaryScreen(last_hand_report(11), SEATS, 0))
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        body = app.screen.query_one("#summary-body", VerticalScroll)
        scrolls = body.max_scroll_y > 0
        assert scrolls or size == (80, 24)  # 80x24 leaves out the score sheet
        assert "The match is over. Mehmet won with -1111." in text
        keys = "Esc: see the table · Enter or n: new match · q: quit"
        assert (f"↑ ↓ scroll · {keys}" if scrolls else keys) in text
        dialog = app.screen.query_one("#summary")
        for line in ("#winners", ".dialog-hint"):
            region = app.screen.query_one(line).region
            assert dialog.content_region.contains_region(region), (line, region)
            assert not body.region.overlaps(region), line
        await pilot.press(*["pagedown"] * 4)
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
        # The sheet came first (a match of several hands is over): the last hand's
        # details and the match's totals end the part that scrolls.
        assert "Match totals: You 1771" in screen_text(app)
        await pilot.press(*["pageup"] * 4)
        await pilot.pause()
        assert body.scroll_y == 0 and "│ Total │ 1771 │" in screen_text(app)


def still_on(hands: int = 3) -> HandReport:
    """A match of 11 hands after its ``hands``-th: a score sheet of that many rows."""
    report = last_hand_report(11)
    sheet = report.sheet[:hands]
    totals = tuple(sum(column) for column in zip(*sheet, strict=True))
    return replace(report, number=hands, sheet=sheet, totals=totals, match_over=False, winners=())


@pytest.mark.parametrize(
    ("lang", "size", "you", "hands"),
    [
        ("en", (80, 24), 0, 3),
        ("en", (100, 30), 0, 6),
        ("tr", (80, 24), 0, 3),
        ("en", (80, 24), None, 2),  # hot-seat: the summary speaks to nobody in particular
    ],
)
async def test_a_small_terminal_scrolls_the_summary_down_to_the_score_sheet(
    lang: str, size: tuple[int, int], you: int | None, hands: int
) -> None:
    """At 80x24 (and 100x30) the summary of a hand before the match's last stopped at the
    match line: the score sheet of the hands before was hidden, nothing scrolled and no key
    showed it. It now lies below the fold, the frame says how many lines are below, the
    scroll keys bring its last row into sight and Home goes back, and the keys' line never
    scrolls away."""
    i18n.set_language(lang)
    app = table_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(HandSummaryScreen(still_on(hands), SEATS, you))
        await pilot.pause()
        await pilot.pause()
        body = app.screen.query_one("#summary-body", VerticalScroll)
        dialog = app.screen.query_one("#summary")
        hint = app.screen.query_one(".dialog-hint")
        keys = " · ".join(
            i18n._(part) for part in ("Esc: see the table", "Enter: next hand", "q: quit")
        )
        scroll = i18n._("↑ ↓ scroll") + " · " + keys
        more = i18n.ngettext("PgDn: {n} more line", "PgDn: {n} more lines", 2)
        more = more.split("{n}")[1]  # " more lines" / " satır daha"
        last_row = f" {hands} │ 161 │  262 │   -101 │    -41 │"
        total = f"{i18n._('Total')} │ {161 * hands} │ "

        def in_sight() -> None:
            text = screen_text(app)
            assert scroll in text
            region = hint.region
            assert dialog.content_region.contains_region(region), region
            assert not body.region.overlaps(region)

        text = screen_text(app)
        assert body.max_scroll_y > 0
        assert total not in text
        below = round(body.max_scroll_y)
        assert f"▼ PgDn: {below}{more}" in text  # on the frame's foot
        in_sight()
        for key in ("down", "pagedown"):
            await pilot.press(key)
            await pilot.pause()
            in_sight()
        await pilot.press("end")
        # Home and End scroll smoothly: looked at once the scrolling is done (on a busy
        # machine Home was found still under way, 6 lines from the top).
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        text = screen_text(app)
        assert body.scroll_y == body.max_scroll_y
        assert last_row in text and total in text
        assert "▼" not in text.splitlines()[dialog.region.bottom - 1]
        in_sight()
        await pilot.press("home")
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        assert body.scroll_y == 0
        assert total not in screen_text(app)
        in_sight()


async def test_the_first_hand_summary_keeps_to_one_small_screen() -> None:
    """After a match's first hand the score sheet would only say the match line again: at
    80x24 the summary leaves it out and all of it shows at once."""
    report = replace(last_hand_report(1), hands=11, match_over=False, winners=())
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(HandSummaryScreen(report, SEATS, 0))
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        body = app.screen.query_one("#summary-body", VerticalScroll)
        assert body.max_scroll_y == 0
        assert "Match totals: You 161" in text
        assert "Esc: see the table · Enter: next hand · q: quit" in text
        assert "scroll" not in text and "PgDn" not in text


async def opened(pilot, app, report: HandReport, answered=None):  # type: ignore[no-untyped-def]
    """``report``'s summary opened over the table, and laid out: the screen's text."""
    app.push_screen(HandSummaryScreen(report, SEATS, 0), answered)
    await pilot.pause()
    await pilot.pause()
    return screen_text(app)


async def closed(pilot, app, table) -> None:  # type: ignore[no-untyped-def]
    """The summary on top closed: the table again."""
    app.pop_screen()
    await pilot.pause()
    assert app.screen is table


def tiles_left_in_order(text: str, report: HandReport) -> None:
    """Each seat's tiles left read as a sorted rack (colour, then number), not in the order
    the seat happened to hold them: "B12 Y13 R5 Y12 K4 ..." was hard to count."""
    import re

    from okey_tui.engine.tiles import Tile

    shuffled = [s for s in report.result.seats if len(s.tiles_left) > 3]
    assert shuffled and any(
        list(s.tiles_left) != sorted(s.tiles_left, key=Tile.sort_key) for s in shuffled
    ), "the report holds racks out of order"
    lines = re.findall(r"\d+ tiles left: ([^\n]*)", text)
    assert len(lines) == len(shuffled)
    for line in lines:
        shown = [Tile.parse(word.lstrip("★")) for word in line.split() if word[:1] in "RYBK★"]
        assert len(shown) >= 3 and shown == sorted(shown, key=Tile.sort_key), line


async def test_at_120x40_summaries_that_fit_say_nothing_of_scrolling_and_enter_goes_on() -> None:
    """At 120x40, one summary after the other over one table: a hand's summary mid-match
    shows the score sheet without scrolling; the match's last summary says nothing of
    scrolling, and its tiles left read in order (``tiles_left_in_order``). Enter at the end
    of the match did nothing and said nothing (it dealt every next hand): it starts a new
    match there, as n does, and goes on to the next hand mid-match."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen
        text = await opened(pilot, app, still_on())
        assert app.screen.query_one("#summary-body", VerticalScroll).max_scroll_y == 0
        assert "│     3 │ 161 │  262 │   -101 │    -41 │" in text
        assert "Esc: see the table · Enter: next hand · q: quit" in text
        assert "scroll" not in text and "PgDn" not in text
        await closed(pilot, app, table)

        report = last_hand_report(1)
        text = await opened(pilot, app, report)
        assert "The match is over. Mehmet won with -101." in text
        assert "n: new match · q: quit" in text and "scroll" not in text
        tiles_left_in_order(text, report)
        await closed(pilot, app, table)

        for over in (True, False):
            said: list[str | None] = []
            await opened(pilot, app, last_hand_report(1) if over else still_on(3), said.append)
            await pilot.press("enter")
            await pilot.pause()
            assert said == (["new"] if over else ["next"]), over
            assert app.screen is table, over


async def test_q_quits_a_finished_match_at_once_from_the_table_as_from_its_summary() -> None:
    """After the last summary, Esc showed the table, and q there asked "Quit the game?"
    while q on the summary quit at once: a finished match has nothing to keep."""
    from test_ui_table_feedback import play_human_plainly

    app = table_app(hands=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_human_plainly(pilot, app, lambda: False)
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen) and app.session.match.is_over
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


def played_out(session: Session) -> None:
    """The match of one hand played to its end, every seat's moves at random (seeded)."""
    import random

    from okey_tui.engine.view import PlayerView, legal_actions

    rng = random.Random(1)
    hand = session.match.hand
    while not hand.is_over:
        hand.apply(rng.choice(legal_actions(PlayerView.of(hand, hand.turn))))
    session.finish_hand()


async def test_the_end_of_a_match_says_the_command_that_deals_it_again() -> None:
    """A player could not replay or share a deal: its seed was shown nowhere. Once the
    match is over, the summary says the command that deals it again (the table's seed and
    rules); before its end it says nothing of it (the seed would tell the hidden tiles)."""
    from test_storage_robust import play_to_the_end

    from okey_tui.engine.rules import GameType, RuleSet
    from okey_tui.settings import replay_command
    from okey_tui.ui.local_table import LocalTable
    from okey_tui.ui.session import Session

    session = Session(RuleSet(game_type=GameType.RISING, hands=1), seed=125)
    table = LocalTable(session)
    assert table.replay_command() is None  # the match under way
    play_to_the_end(session)
    command = table.replay_command()
    assert command == "okey101 play --seed 125 --defaults --type rising --hands 1", command
    # At a shared terminal the same people in the same seats (it seated one person
    # against three bots): by the names they gave, side by side when they sat so.
    for names, seats, flags in (
        (("Ayşe", "Mehmet", "Gülşen"), (0, 1, 2), "--humans 3 --names 'Ayşe,Mehmet,Gülşen'"),
        (("Ayşe", "Mehmet"), (0, 1), "--humans 2 --names 'Ayşe,Mehmet' --side-by-side"),
    ):
        shared = Session(RuleSet(hands=1), seed=7, name=names[0])
        shared.humans, shared.human_names = seats, names[1:]
        played_out(shared)
        said = LocalTable(shared).replay_command()
        assert said == f"okey101 play --seed 7 --defaults {flags} --hands 1", said
    unnamed = Session(RuleSet(hands=1), seed=7)
    unnamed.humans = (0, 2)  # "Player 1", "Player 2": no --names
    played_out(unnamed)
    said = LocalTable(unnamed).replay_command()
    assert said == "okey101 play --seed 7 --defaults --humans 2 --hands 1", said
    # The same bots and a practice table again (it dealt a learner's match again without
    # hints, against the default bots).
    learner = Session(RuleSet(hands=1), seed=7, levels=("easy", "hard", "hard"), practice=True)
    played_out(learner)
    said = LocalTable(learner).replay_command()
    assert said == "okey101 play --seed 7 --defaults --hands 1 --bots easy,hard,hard --practice", (
        said
    )
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(HandSummaryScreen(last_hand_report(11), SEATS, 0, replay=command))
        await pilot.pause()
        await pilot.press(*["pagedown"] * 10)  # to the summary's last line
        await pilot.pause()
        text = screen_text(app)
        assert "The same deals again:" in text and f"  {command}" in text, text
        app.pop_screen()
        # Longer than the window: on lines a shell takes pasted (wrapped by the window,
        # its second line began at the margin, and the first alone dealt another table).
        long = replay_command(
            8,
            RuleSet(hands=1, finisher_scores_zero=True, give_back_penalty=True),
            levels=("hard",) * 3,
            practice=True,
            tips=False,
        )
        app.push_screen(HandSummaryScreen(last_hand_report(11), SEATS, 0, replay=long))
        await pilot.pause()
        await pilot.press(*["pagedown"] * 10)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        start = next(i for i, line in enumerate(lines) if "okey101 play" in line)
        shown = []
        for line in lines[start:]:
            inner = line.strip("┃ ")
            shown.append(inner.removesuffix("\\").strip())
            if not inner.endswith("\\"):
                break
        assert len(shown) > 1 and all(len(line) <= 80 for line in lines), shown
        assert shlex.split(" ".join(shown)) == shlex.split(long), shown
        assert lines[start + 1].startswith("┃     --"), lines[start + 1]  # indented
        app.pop_screen()
        app.push_screen(HandSummaryScreen(still_on(3), SEATS, 0, replay=command))
        await pilot.pause()
        assert not app.screen.query("#replay")  # not before the match's end
