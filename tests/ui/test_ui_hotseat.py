"""Hot-seat tables (okey101 play --humans 2): racks never meet another person's eyes."""

from __future__ import annotations

from rendered import screen_text, shows_tile
from ui_helpers import OPENING_SEED, goto, late_app, status_text, table_app, wait_for_screen

from okey_tui.bots.driver import safe_action as fallback_action
from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.privacy import PrivacyScreen
from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.rack import RackWidget


def hotseat_app(seed: int = OPENING_SEED, **changes: object):
    return table_app(seed, humans=2, human_names=("Mehmet",), name="Ayşe", **changes)


async def discard_last_tile(pilot, app) -> None:
    """The person at the terminal discards their rack's last tile; the terminal then passes
    (the privacy screen, at once), and the bots play behind it till a person is to play."""
    screen = app.screen
    filled = [i for i, t in enumerate(screen.rack.slots) if t is not None]
    await goto(pilot, screen, filled[-1])
    await pilot.press("x")
    await wait_for_screen(pilot, app, PrivacyScreen)
    await bots_done(pilot, app)


async def bots_done(pilot, app) -> None:
    """Until a person is to play (or the hand is over), and the screen has shown it."""
    session = app.session
    for _ in range(500):
        if session.human_to_play or session.hand.is_over:
            break
        await pilot.pause(0.01)
    for _ in range(4):  # the screen hears of the last move, and lays out its recap
        await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.wait_for_scheduled_animations()


async def to_mehmets_turn(pilot, app) -> None:
    """Ayşe takes the terminal, throws her last tile and passes it; Mehmet takes it."""
    await wait_for_screen(pilot, app, PrivacyScreen)
    await pilot.press("enter")
    await wait_for_screen(pilot, app, TableScreen)
    await discard_last_tile(pilot, app)
    await pilot.press("enter")
    await wait_for_screen(pilot, app, TableScreen)
    assert app.session.viewer == 2


def public_tiles(session) -> set[str]:
    """Tiles anybody at the table may see: the indicator, the discards and the table."""
    hand = session.hand
    seen = {str(hand.indicator), str(hand.okey)}
    seen |= {str(t) for pile in hand.discards for t in pile}
    seen |= {str(t) for tm in hand.table for t in tm.meld.stands_for}
    return seen


def assert_no_private_tile(session, text: str, seats: tuple[int, ...]) -> None:
    """No tile of the racks of ``seats`` that is not public shows in ``text``."""
    public = public_tiles(session)
    for seat in seats:
        for tile in session.hand.racks[seat]:
            if str(tile) not in public:
                assert not shows_tile(text, tile), f"{tile} of seat {seat} is on the screen"


async def test_privacy_screen_between_two_people_hides_both_racks_and_recaps_since_the_own_turn():
    """Ayşe (seat 0) throws; Mehmet (seat 2, across) is next after a bot: the terminal passes
    through a privacy screen that shows no tile of either rack, then shows Mehmet his own.

    Mehmet's draw tells him the tile he drew, as at a one-person table. He throws; the bot
    Zeynep plays. Ayşe's recap holds the bot Can's moves too: they came after her turn,
    though before the terminal left her (it listed only what followed Mehmet's turn). Her
    own throw is not in it, and it says which hand of the match it is of.

    The terminal is then made small (120x40 to 80x24) while the privacy screen is up: the
    next person's table kept the wide layout's log column, which squeezed the indicator to
    two letters a line. The table now takes the new size when it comes back."""
    app = hotseat_app()
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        assert session.humans == (0, 2)
        await wait_for_screen(pilot, app, PrivacyScreen)
        assert "Pass to Ayşe" in screen_text(app)
        # Who starts, and why that one has a tile more (the second of four names went
        # first, and nothing said why).
        note = str(app.screen.query_one("#privacy-note").render())
        assert "Ayşe starts this hand: 22 tiles, and the first turn is a discard" in note
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        screen = app.screen
        # The starter is told whose turn it is and that it begins with a throw.
        status = str(screen.query_one("#status").render())
        assert (
            status
            == "Ayşe, it is your turn: open if you can (o), then x discards the tile under the cursor"
        )
        await discard_last_tile(pilot, app)
        hand = session.hand
        assert hand.turn == 2
        text = screen_text(app)
        assert "Pass to Mehmet — press Enter when ready" in text
        assert "Ayşe discarded" in text  # what happened since the hand began
        assert "This hand so far" in text  # Mehmet's first turn: he had no last turn
        assert "Since your last turn" not in text
        assert "starts this hand" not in text  # said only to the starter
        assert not app.screen.query(RackWidget)
        assert_no_private_tile(session, text, (0, 2))
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        assert session.viewer == 2
        status = str(app.screen.query_one("#status").render())
        assert status.startswith("Mehmet, it is your turn: d draw from the middle, or t take")
        shown = sorted(str(t) for t in app.screen.rack.slots if t is not None)
        assert shown == sorted(str(t) for t in hand.racks[2])
        # Mehmet draws: the line says which tile came in.
        await pilot.press("d")
        await pilot.pause()
        await pilot.pause()
        drawn = app.screen.rack.slots[app.screen.cursor]
        status = str(app.screen.query_one("#status").render())
        assert status.startswith(f"You drew {drawn}: "), status
        # He throws; back to Ayşe, whose recap runs from her last turn.
        await discard_last_tile(pilot, app)
        text = screen_text(app)
        assert "Pass to Ayşe — press Enter when ready" in text
        assert "Since your last turn" in text
        assert "Mehmet discarded" in text
        assert "Ayşe discarded" not in text  # her own throw came before her last turn ended
        # Which hand of the match the recap is of (it said only "this hand").
        assert "Hand 1/11 · Since your last turn" in text
        events = session.events
        own = max(i for i, e in enumerate(events) if e.seat == 0 and e.kind == "discard")
        after = [e for e in events[own + 1 :] if e.kind == "discard"]
        assert [e.seat for e in after] == [1, 2, 3]
        for event, name in zip(after, ("Can", "Mehmet", "Zeynep"), strict=True):
            assert f"{name} discarded {event.tiles[0]}" in text
        assert f"Ayşe discarded {events[own].tiles[0]}" not in text
        # The terminal made small behind the privacy screen: the table takes the new size.
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        await pilot.pause()
        text = screen_text(app)
        assert "Log · l hides" not in text, text
        assert "Hand 1/11 · Classic" in text and "Indicator K3" in text, text


async def test_the_recap_at_a_hands_start_shows_what_the_bots_did_before_the_first_person():
    """Seed 7, Ayşe (seat 0) and Mehmet (seat 2): the bot Can starts and throws K4 before
    Mehmet's first turn. The privacy screen passing him the terminal came up as the hand
    began; once his turn comes its recap lists Can's discard, not only the indicator."""
    app = hotseat_app(7)
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        await wait_for_screen(pilot, app, PrivacyScreen)
        for _ in range(500):
            if session.hand.turn == 2:
                break
            await pilot.pause(0.01)
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        text = screen_text(app)
        assert "Pass to Mehmet" in text and "This hand so far" in text
        assert "Can discarded K4" in text
        assert not app.screen.query(RackWidget)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        assert session.viewer == 2


async def test_the_hand_summary_comes_after_a_privacy_screen():
    """At the end of a hand the last rack is hidden first; then the summary shows every rack.

    The hand is resumed a few turns before its end (see ``late_app``)."""
    app = late_app(7, humans=2, human_names=("Mehmet",), name="Ayşe")
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        assert session.humans == (0, 2)
        for _ in range(400):
            if session.hand.is_over:
                break
            if isinstance(app.screen, PrivacyScreen) and not session.hand.is_over:
                await pilot.press("enter")
            elif (
                session.human_to_play
                and isinstance(app.screen, TableScreen)
                and session.hand.turn == session.viewer
            ):
                table = app.screen.table
                await table.act(fallback_action(table.view()))
                if not session.hand.is_over:
                    await table.act(fallback_action(table.view()))
            await pilot.pause(0.01)
        await wait_for_screen(pilot, app, PrivacyScreen)
        assert "The hand is over" in screen_text(app)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, HandSummaryScreen)
        # Shown to all at the table: a bot's name says it is one (friends asked who
        # Zeynep was), a person's does not.
        shown = screen_text(app)
        for seat in app.screen.seats:
            tagged = f"{seat.name} (bot)" in shown
            assert tagged == (seat.level is not None), (seat, shown)


async def test_two_people_at_a_partners_table_can_be_opponents():
    app = table_app(OPENING_SEED, humans=2, partners=True, humans_partners=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.session.humans == (0, 1)
        assert app.session.seat_name(0) == "Player 1"
        assert app.session.seat_name(1) == "Player 2"


async def test_two_people_side_by_side_sit_next_to_each_other_at_any_table():
    """Two people side by side (``--side-by-side``, "2 side by side") sit at seats 0 and 1 at an
    individual table too, where the second takes the first one's discards. They sat across.
    (At a partners table: ``test_two_people_at_a_partners_table_can_be_opponents``.)"""
    app = table_app(OPENING_SEED, humans=2, humans_partners=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.session.humans == (0, 1)


def test_privacy_screen(snap_compare):
    """Seed 125, two people across (Ayşe and Mehmet): after Ayşe's first discard and the bot's
    reply, the privacy screen reads "Pass to Mehmet — press Enter when ready" and, under "This
    hand so far" (his first turn), lists the indicator, Ayşe's discard and the bot Can's draw
    and discard. No rack."""

    async def run_before(pilot) -> None:
        app = pilot.app
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        await discard_last_tile(pilot, app)

    assert snap_compare(hotseat_app(), terminal_size=(120, 40), run_before=run_before)


# Names Enter refuses, each with what it says.
REFUSED_NAMES = [
    # Two people with one name would both be told "Pass to Ayşe".
    ("Ayşe, AYŞE", "AYŞE is given twice: give every person their own name"),
    # ",Mehmet" would seat Mehmet first and leave the other person unnamed.
    (", Mehmet", "name 1 is empty: give every person a name, like Ayşe,Mehmet"),
    # Each person is "You" on their turn: one named so was "You" to the others too.
    (
        "Ayşe, Sen",
        "Sen is what the table calls the person at the screen: give every person a name of "
        "their own",
    ),
    # A name longer than a table takes was cut to 16 without a word.
    (
        "Ayşe, Abdurrahmangazi Yılmaz",
        "Abdurrahmangazi Yılmaz is 22 characters: give a name of at most 16",
    ),
]


async def test_the_new_table_screen_refuses_names_that_cannot_seat_two_people(_temp_config):
    """For each of ``REFUSED_NAMES`` in turn, on one new-table screen: Enter says what is
    wrong with the names (that one message), puts the cursor on them and
    starts nothing; then with two good names the table starts."""
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.setup import NewTableScreen

    app = make_app(seed=3, bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        screen.query_one("#opt-people").focus()
        await pilot.press("right")  # 2 people
        for typed, said in REFUSED_NAMES:
            app.clear_notifications()  # each refusal's own message, and nothing else
            screen.query_one("#opt-name").focus()
            await pilot.press("ctrl+u", *typed, "enter")
            await pilot.pause()
            assert app.screen is screen and app.focused is screen.query_one("#opt-name"), typed
            assert [n.message for n in app._notifications] == [said], typed
        await pilot.press("ctrl+u", *"Ayşe, Mehmet", "enter")
        await wait_for_screen(pilot, app, PrivacyScreen)  # the table, shared by two
        names = {app.session.seat_name(s) for s in app.session.humans}
        assert names == {"Ayşe", "Mehmet"}


async def test_the_names_line_asks_every_name_once_several_people_are_here(_temp_config):
    """The names line held "You" with two people here: typed names went after it
    ("YouAyşe"), and its label said "Your name". With several people a line holding only
    the default name is emptied, an example in its place, and labelled for every name; back
    to one person, the default name comes back."""
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.setup import NameBox, NewTableScreen

    app = make_app(seed=3, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        box = screen.query_one("#opt-name", NameBox)
        label = screen.query_one("#name-label")
        assert box.value == "You" and str(label.render()) == "Your name"
        screen.query_one("#opt-people").focus()
        await pilot.press("right")  # 2 people
        assert box.value == "" and box.placeholder == "like Ayşe, Mehmet"
        assert str(label.render()) == "Names: every person's, with commas"
        await pilot.press("right")  # 2 side by side
        await pilot.press("right")  # 3 people
        assert box.placeholder == "like Ayşe, Mehmet"  # three names were cut at its edge
        box.focus()
        await pilot.press(*"Ali, Veli, Cem")
        screen.query_one("#opt-people").focus()
        await pilot.press("right")  # 4 people: what was typed stays
        assert box.value == "Ali, Veli, Cem"
        box.value = ""
        for _ in range(4):  # back to 1 (you)
            await pilot.press("left")
        assert screen.query_one("#opt-people").value == (1, True)
        assert box.value == "You" and str(label.render()) == "Your name"


async def test_names_that_look_like_markup_are_shown_as_typed_at_a_shared_terminal():
    """Names are text: "[/b]" and "Ali [bold]" show as typed on the privacy screen and in
    the box titles (they were read as markup, and "[/b]" failed the screen)."""
    app = table_app(OPENING_SEED, humans=2, human_names=("Ali [bold]",), name="[/b]")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, app, PrivacyScreen)
        assert "Pass to [/b]" in screen_text(app)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        text = screen_text(app)
        assert "[/b]" in text and "Ali [bold]" in text


async def play_to_summary(pilot, app, arrange: bool = False) -> set[int]:
    """Play the people's turns by safe moves until the hand summary shows; with ``arrange``
    each person first sorts their rack by pairs (an order the table keeps). The people who
    arranged."""
    session = app.session
    arranged: set[int] = set()
    for _ in range(400):
        if isinstance(app.screen, HandSummaryScreen):
            break
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
        elif (
            session.human_to_play
            and isinstance(app.screen, TableScreen)
            and session.hand.turn == session.viewer
        ):
            if arrange and session.viewer not in arranged:
                arranged.add(session.viewer)
                await pilot.press("p")
            table = app.screen.table
            await table.act(fallback_action(table.view()))
            if not session.hand.is_over:
                await table.act(fallback_action(table.view()))
        await pilot.pause(0.01)
    await wait_for_screen(pilot, app, HandSummaryScreen)
    return arranged


async def test_a_match_resumed_at_the_summary_passes_the_terminal_once():
    """Quit at the hand summary and resumed: the racks are hidden, the summary follows, and
    the next hand is passed to its first person once. A privacy screen of the last hand
    (its recap, and a seat it would sit) came up again after the new hand's."""
    changes: dict[str, object] = {"humans": 2, "human_names": ("Mehmet",), "name": "Ayşe"}
    app = late_app(7, **changes)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to_summary(pilot, app)

    again = make_app(settings=app.settings, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, again, PrivacyScreen)
        assert "The hand is over" in screen_text(again)
        await pilot.press("enter")
        await wait_for_screen(pilot, again, HandSummaryScreen)
        await pilot.press("enter")  # the next hand
        await wait_for_screen(pilot, again, PrivacyScreen)
        session = again.session
        assert session.match.hand_number == 1
        first = session.seat_name(session.viewer)
        assert f"Pass to {first}" in screen_text(again)
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert isinstance(again.screen, TableScreen), screen_text(again)
        assert not any(isinstance(s, PrivacyScreen) for s in again.screen_stack)
        assert session.viewer == session.hand.turn or session.hand.turn not in session.humans


async def test_a_match_resumed_as_a_new_hand_begins_shows_the_new_deal_as_dealt():
    """Both people arrange their racks in hand 1; the match is quit on the next hand's
    first turn, before anybody touched the new rack. Resumed, the rack is the one the
    person saw, not the new tiles dropped into hand 1's order (its gaps and groups)."""
    changes: dict[str, object] = {"humans": 2, "human_names": ("Mehmet",), "name": "Ayşe"}
    app = late_app(7, **changes)
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        arranged = await play_to_summary(pilot, app, arrange=True)
        assert arranged == {0, 2}
        await pilot.press("enter")  # the next hand
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        for _ in range(500):
            if session.hand.turn == session.viewer:
                break
            await pilot.pause(0.01)
        screen = app.screen
        assert isinstance(screen, TableScreen) and session.hand.turn == session.viewer
        seat, slots = session.viewer, list(screen.rack.slots)

    again = make_app(settings=app.settings, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, again, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, again, TableScreen)
        assert again.session.viewer == seat
        assert again.screen.rack.slots == slots


def test_no_bot_shares_a_persons_name_whatever_its_case_or_accents():
    """--names Ayse,Mehmet seated a bot called Ayşe beside the person Ayse: the log read
    "Ayse discarded K13 / Ayşe took K13". Names are compared as they sound."""
    from okey_tui.table import folded_name
    from okey_tui.ui.session import bot_names

    for people in (["Ayse", "Mehmet"], ["AYŞE", "mehmet"], ["You", "ayse", "Zeynep", "can"]):
        bots = bot_names(people)
        heard = {folded_name(p) for p in people}
        assert not heard & {folded_name(b) for b in bots}, (people, bots)
        assert len({folded_name(b) for b in bots}) == 3


async def test_q_on_the_privacy_screen_asks_to_quit_as_at_the_table():
    """The handover screen answered only Enter: q (and Ctrl+C) did nothing there. They ask
    the table's quit question; no keeps the screen, and every rack stays hidden."""
    from okey_tui.ui.screens.dialogs import ConfirmScreen

    app = hotseat_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, app, PrivacyScreen)
        for key in ("q", "ctrl+c"):
            await pilot.press(key)
            await wait_for_screen(pilot, app, ConfirmScreen)
            assert "Quit the game?" in app.screen.question
            await pilot.press("n")
            await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.press("q", "y")
    assert app.return_code == 0


async def test_a_persons_turn_opens_with_the_cursor_on_one_of_their_tiles():
    """Ayşe left her first slot empty; when her next turn came through the privacy
    screen, the cursor sat on that empty slot (x would throw nothing). It goes to a tile."""
    app = hotseat_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        screen = app.screen
        assert screen.cursor == 0 and screen.rack.slots[0] is not None
        await pilot.press("shift+down")  # her first tile to the other row: slot 0 empty
        assert screen.rack.slots[0] is None
        await discard_last_tile(pilot, app)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        assert app.session.viewer == 2
        await pilot.press("d")
        await discard_last_tile(pilot, app)
        await pilot.press("enter")
        for _ in range(300):
            if isinstance(app.screen, TableScreen) and app.session.viewer == 0:
                break
            await pilot.pause(0.01)
        screen = app.screen
        assert isinstance(screen, TableScreen) and app.session.viewer == 0
        assert screen.rack.slots[0] is None, "her arrangement came back"
        assert screen.rack.slots[screen.cursor] is not None, screen.cursor


async def shown(pilot, app, *texts: str) -> str:  # type: ignore[no-untyped-def]
    """The screen once every one of ``texts`` is on it, or as it is after about 2 s: the
    recap's box is fitted, then scrolled, then its note said, each after a refresh."""
    text = screen_text(app)
    for _ in range(100):
        if all(t in text for t in texts):
            break
        await pilot.pause(0.02)
        text = screen_text(app)
    return text


async def test_on_a_small_terminal_the_recap_shows_its_newest_lines():
    """At 80x24 a long recap scrolls in its box: its last lines (the tile the left seat
    threw, on offer now) are in sight when the terminal passes, and again when the recap
    grows while the screen is up; the first lines are what scrolled away."""
    from rich.text import Text
    from textual.app import App

    lines = [f"Can discarded move {n}" for n in range(1, 31)]
    screen = PrivacyScreen("Pass to Mehmet", recap=Text("\n".join(lines)), first=True)
    async with App().run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(screen)
        text = await shown(pilot, pilot.app, "Can discarded move 30")
        assert "Can discarded move 30" in text
        assert "Can discarded move 1\n" not in text + "\n"
        screen.show_recap(Text("\n".join([*lines, "Zeynep discarded B7"])))
        assert "Zeynep discarded B7" in await shown(pilot, pilot.app, "Zeynep discarded B7")


async def test_at_80x24_a_long_recap_in_the_game_shows_its_newest_line_and_scrolls_back():
    """Seed 2, at 80x24, both people playing safe moves: the ninth pass of the terminal
    (to Mehmet) recaps 13 moves (Zeynep opens, naming her melds, and adds twice, Can adds four times), more
    than the frame has room for. The newest line, Can's discard (the tile on offer), is
    in sight and the frame's foot says lines are hidden above; PgUp brings the first
    line back, and Enter still hands the terminal over.

    The box was as tall as its lines, the frame cut its foot off: the last lines were
    out of sight and nothing scrolled (the box knew of no line hidden)."""
    app = hotseat_app(2)
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        lines: list[str] = []
        for _ in range(3000):
            assert not session.hand.is_over, "no recap taller than the frame's room"
            screen = app.screen
            if isinstance(screen, PrivacyScreen):
                await bots_done(pilot, app)
                lines = screen.recap.plain.splitlines() if screen.recap is not None else []
                if len(lines) >= 13:  # at 80x24 the frame has room for 11 lines of recap
                    break
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and session.hand.turn == session.viewer:
                table = screen.table
                await table.act(fallback_action(table.view()))
                if not session.hand.is_over and session.hand.turn == session.viewer:
                    await table.act(fallback_action(table.view()))
            await pilot.pause(0.01)
        assert lines[0] == "Zeynep drew from the middle"
        assert lines[-1] == "Can discarded B8"
        text = await shown(pilot, app, lines[-1], "PgUp: 3 lines above")
        assert "Pass to Mehmet" in text
        assert lines[-1] in text, text
        assert lines[0] not in text, "the first lines scrolled away"
        assert "PgUp: 3 lines above" in text
        await pilot.press("pageup")
        text = await shown(pilot, app, lines[0], "PgDn: 3 more lines")
        assert lines[0] in text, text
        assert lines[-1] not in text
        assert "PgDn: 3 more lines" in text
        await pilot.press("end")
        assert lines[-1] in await shown(pilot, app, lines[-1])
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        assert session.viewer == 2


async def test_each_person_finds_their_cursor_and_the_melds_box_where_they_left_them():
    """At a shared terminal the melds box kept the scrolling of whoever had it last, and the
    cursor went back to the first slot at every turn: Mehmet found the melds where Ayşe
    had paged them, and Ayşe lost her place. Each person gets their own back."""
    from okey_tui.ui.widgets.board import MeldsView
    from tests.positions import position

    app = hotseat_app(bots=("easy", "easy"), tips=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        hand = position(
            [
                "K7 Y12 B6 R12 K2 Y11 B11 R4",
                "R2 K7 Y12 B6 R11 K3",
                "R3 K6 Y13 B12 R10 K10 Y2 B2",
                "Y13 B7 R7 K13 Y10 B10",
            ],
            table=(
                "1:R1R2R3R4R5",
                "1:K1K2K3K4",
                "1:Y5Y6Y7Y8",
                "1:B9B10B11B12B13",
                "3:R9R10R11R12R13",
                "3:K9K10K11",
                "3:Y1Y2Y3",
                "3:B1B2B3B4",
                # More lines of melds than the box has at 80x24, even with runs
                # written by their ends and a seat's melds after another's.
                "1:R8Y8K8",
                "3:Y5B5K5",
                "3:Y9B9K9",
                "1:R1Y1B1",
                "3:Y4B4K4",
                "1:R5B5K5",
                "1:Y6Y7*Y8",
            ),
            openings="-/m101/-/m101",
            middle="Y11 K13 K6 Y10 R7",  # the draws, none of them fits the table
            phase="d",
        )
        app.session.hand.restore(hand)
        app.screen.new_hand()
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        screen = app.screen
        melds = screen.query_one(MeldsView)
        assert app.session.viewer == 0 and melds.max_scroll_y > 0
        await pilot.press("pagedown")
        aysegul_scroll = melds.scroll_y
        assert aysegul_scroll > 0
        await pilot.press("d", "right", "right", "right", "x")  # her fourth tile
        await wait_for_screen(pilot, app, PrivacyScreen)
        aysegul_cursor = screen.cursor  # where her discard left it, behind the privacy screen
        assert aysegul_cursor != 0 and melds.scroll_y == aysegul_scroll
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        assert app.session.viewer == 2
        await pilot.pause()
        assert melds.scroll_y == 0, "Mehmet sees the melds from the top, not where Ayşe left them"
        assert screen.cursor == 0
        await pilot.press("d", "x")  # the cursor on the tile he drew: K6
        for _ in range(300):
            if isinstance(app.screen, TableScreen) and app.session.viewer == 0:
                break
            if isinstance(app.screen, PrivacyScreen):
                await pilot.press("enter")
            await pilot.pause(0.01)
        assert app.session.viewer == 0 and not app.session.hand.is_over
        await pilot.pause()
        assert melds.scroll_y == aysegul_scroll
        assert screen.cursor == aysegul_cursor and screen.rack.slots[screen.cursor] is not None


async def test_resumed_after_a_draw_the_cursor_is_where_the_person_left_it():
    """Mehmet drew, moved his cursor, and the match was left: resumed, his cursor sat on the
    drawn tile, not where he had left it (the tile keeps its "new" mark)."""
    settings = TableSettings(bots=("easy",) * 3, humans=2, human_names=("Mehmet",), name="Ayşe")
    app = make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_mehmets_turn(pilot, app)
        screen = app.screen
        await pilot.press("d")
        await pilot.pause()
        drawn = set(screen.fresh)
        await pilot.press("up", "home")
        await pilot.pause()
        left_at, tile = screen.cursor, screen.rack.slots[screen.cursor]
        assert tile is not None and left_at not in drawn
    again = make_app(settings=app.settings, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, again, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, again, TableScreen)
        screen = again.screen
        assert screen.cursor == left_at and screen.rack.slots[left_at] == tile
        assert screen.fresh, "the drawn tile is still marked new"


async def test_slash_at_a_shared_terminal_says_chat_is_for_network_tables() -> None:
    """/ said "here the others are bots" to two friends at one screen."""

    app = hotseat_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        await pilot.press("slash")
        said = status_text(app.screen)
        assert said.startswith("/ says a line to friends at a table on the network"), said
        assert "bots" not in said


async def test_each_person_reads_the_moves_made_since_their_own_turn() -> None:
    """At a shared terminal the line said only "Mehmet, it is your turn: …": the others'
    moves were on the pass screen, gone as the person planned a move. Each person's line
    says the moves since their own last turn, once: a bot's opening is said to both people,
    each at their next turn, then no more (one bot opens in these rounds)."""
    app = hotseat_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await to_mehmets_turn(pilot, app)
        lines: list[tuple[int, str]] = []
        for _ in range(8):  # a hand's first rounds, the same for this deal each time
            await pilot.press("d")
            await pilot.pause()
            await discard_last_tile(pilot, app)
            if app.session.hand.is_over:
                break
            await pilot.press("enter")
            await wait_for_screen(pilot, app, TableScreen)
            lines.append((app.session.viewer, status_text(app.screen)))
        opened = [(seat, line) for seat, line in lines if " opened with " in line]
        assert len(opened) == 2, lines
        assert {seat for seat, _line in opened} == {0, 2}, opened  # each person once
        first = lines.index(opened[0])
        assert lines[first + 1] == opened[1], lines  # the other person, at their turn next


async def test_a_person_with_an_okey_on_the_last_turn_is_warned_as_a_player_alone_is() -> None:
    """The line at the turn after which the middle runs out says what an okey still in the
    rack will cost; at a shared terminal the person's line (made as the seat is taken)
    left it out. Ayşe holds an okey, the middle holds two tiles (seed 1)."""
    app = late_app(1, humans=2, human_names=("Mehmet",), name="Ayşe")
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        for _ in range(200):  # bounded: the resumed match asks for Ayşe first
            if isinstance(app.screen, TableScreen) and session.hand.turn == session.viewer:
                break
            if isinstance(app.screen, PrivacyScreen):
                await pilot.press("enter")
            await pilot.pause(0.01)
        await pilot.pause()
        view = session.view(session.viewer)
        assert view.rack.count(view.okey) and not view.later_draws, view.middle_count
        said = status_text(app.screen)
        assert "The middle runs out before your next turn" in said, said
        assert "costs +101" in said, said
