"""The game type and the table options, as a player meets them: on the new-table screen,
on the help page of the table, in the opening floor, the log and the hand summary."""

from __future__ import annotations

import io

import pytest
from rendered import screen_text
from rich.console import Console
from textual.widgets import Static
from ui_helpers import OPENING_SEED, table_app, wait_for_human

from okey_tui import i18n
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import HandResult, PenaltyNote, SeatScore
from okey_tui.engine.state import EndKind, Event, Opening, OpeningKind, Outcome, PenaltyReason
from okey_tui.engine.tiles import Tile
from okey_tui.table import HandReport, SeatInfo
from okey_tui.ui.screens.help import HelpScreen
from okey_tui.ui.screens.summary import explain_hand
from okey_tui.ui.widgets.board import LayDownArea

NAMES = ["You", "Ayşe", "Mehmet", "Zeynep"]
SEATS = [SeatInfo(s, name, None) for s, name in enumerate(NAMES)]


def summary_lines(report: HandReport, width: int = 100) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(explain_hand(report, SEATS, 0))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def report_of(lines: list[SeatScore], notes: tuple[PenaltyNote, ...], rules: RuleSet) -> HandReport:
    outcome = Outcome(EndKind.FINISH, 2)
    totals = tuple(line.total for line in lines)
    return HandReport(
        1, 1, HandResult(outcome, tuple(lines)), Tile.parse("B7"), (), None, notes,
        (totals,), totals, True, (2,), rules, (False,) * 4,
    )  # fmt: skip


def seat_line(seat: int, finish: int, penalties: int = 0, bonus: int = 0, opened=None) -> SeatScore:  # noqa: ANN001
    total = finish + penalties + bonus
    return SeatScore(seat, finish, (), 0, 0, penalties, bonus, opened, total, "", str(finish))


def test_a_challenge_payment_shows_the_value_and_the_times_it_was_paid() -> None:
    """ "+60 their discard was taken and used: B6" did not say why 60: it is 6 × 10, and a
    tile that went into a pair is paid 20 times its value."""
    notes = (
        PenaltyNote(1, 60, PenaltyReason.CHALLENGE_DISCARD, 4, Tile.parse("B6"), 2, rate=10),
        PenaltyNote(3, 80, PenaltyReason.CHALLENGE_DISCARD, 7, Tile.parse("K4"), 0, rate=20),
        PenaltyNote(0, 160, PenaltyReason.CHALLENGE_DISCARD, 9, Tile.parse("B8"), 1, rate=20),
    )
    lines = [seat_line(0, 30, 160), seat_line(1, 202, 60), seat_line(2, -101), seat_line(3, 9, 80)]
    text = summary_lines(report_of(lines, notes, RuleSet.from_code("challenge/1")))
    assert "their discard was taken and used: B6 (6 × 10) by Mehmet" in text
    assert "K4 (4 × 20, in a pair) by you" in text
    # An okey is paid as the tile it stood for, twice over; 20 times is not yet a pair.
    assert "your discard was taken and used: B8★ (8 × 20) by Ayşe" in text


def test_the_big_opening_bonus_says_what_opening_earned_it() -> None:
    big = Opening(OpeningKind.MELDS, 165)
    pairs = Opening(OpeningKind.PAIRS, 9)
    lines = [
        seat_line(0, 11, bonus=-101, opened=big),
        seat_line(1, 202),
        seat_line(2, -101, bonus=-202, opened=pairs),
        seat_line(3, 9),
    ]
    text = summary_lines(report_of(lines, (), RuleSet.from_code("rising/1")))
    assert "- 101 big opening (165 points) = -90" in text
    assert "- 202 big opening (9 pairs) = -303" in text


def test_a_partners_summary_adds_up_each_side_for_the_hand() -> None:
    """At 80x24 the score sheet is hidden: the sides' sums for the hand were nowhere."""
    lines = [seat_line(0, 0), seat_line(1, 202, 30), seat_line(2, -101, 80), seat_line(3, 38)]
    text = summary_lines(report_of(lines, (), RuleSet.from_code("challenge/1+p")), width=78)
    assert "This hand: You & Mehmet 0 - 21 = -21 · Ayşe & Zeynep 232 + 38 = 270" in text
    solo = summary_lines(report_of(lines, (), RuleSet.from_code("challenge/1")))
    assert "This hand:" not in solo


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_the_summary_writes_minus_one_way(lang: str) -> None:
    """ "Sen ve Mehmet 0 − 101 = -101": a take-away written with one sign (U+2212) and the
    negative sum with another (the ASCII one every score in the summary and the sheet has)."""
    i18n.set_language(lang)
    pairs = Opening(OpeningKind.PAIRS, 9)
    lines = [seat_line(0, 0), seat_line(1, 202), seat_line(2, -101, bonus=-202, opened=pairs)]
    lines.append(seat_line(3, 38))
    text = summary_lines(report_of(lines, (), RuleSet.from_code("challenge/1+p")), width=78)
    assert "0 - 303 = -303" in text, text
    assert "- 202" in text and "= -303" in text, text
    assert "\u2212" not in text, text


@pytest.mark.parametrize(
    ("lang", "own", "said"),
    [
        ("en", False, "+30: their discard was taken and used"),
        ("en", True, "+30: your discard was taken and used"),
        ("tr", False, "+30: attığı taş alınıp kullanıldı"),
    ],
)
def test_the_log_says_why_a_penalty_was_written_in_every_language(
    lang: str, own: bool, said: str
) -> None:
    """The Turkish log said only "+30: ceza"; the English one said "their" to the payer."""
    from okey_tui.engine.match import Match
    from okey_tui.messages import event_text

    i18n.set_language(lang)
    try:
        hand = Match(RuleSet(), 1).hand
        event = Event("penalty", 0, "+30: their discard was taken and used", (), 30)
        paid = Event(event.kind, 0, event.text, (), 30, code="challenge-discard")
        assert event_text(paid, hand, own=own) == said
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_help_page_lists_the_rules_of_this_table(size: tuple[int, int]) -> None:
    """--finisher-zero, --pairs-lay-off, --give-back-penalty were shown nowhere at the table."""
    app = table_app(
        OPENING_SEED,
        game_type="rising",
        finisher_scores_zero=True,
        pairs_opener_lays_off=True,
        give_back_penalty=True,
    )
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(screen_text(app).split())
        assert "This table" in text
        assert "Rising: a first opening must beat the highest one" in text
        assert "The finisher scores 0" in text
        assert "A pairs opener may add tiles to runs and sets" in text
        assert "An opening that finishes the hand (straight out) needs no floor" in text


async def test_the_new_table_screen_says_what_the_line_being_changed_means(_temp_config) -> None:
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.setup import NewTableScreen

    app = make_app(seed=3, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewTableScreen)

        def about() -> str:
            return str(app.screen.query_one("#new-table-about", Static).render()).strip()

        assert app.focused is not None and app.focused.id == "opt-practice"
        await pilot.press("down", "down")  # past the language: the game type
        await pilot.pause()
        assert about().startswith("Classic: open with 101 points")
        await pilot.press("right", "right")  # Challenge
        await pilot.pause()
        assert about().startswith("Challenge: Rising, and when the player on your right")
        assert "Challenge: Rising" in " ".join(screen_text(app).split())  # in sight at 80x24
        await pilot.press("down")
        await pilot.pause()
        assert about().startswith("Penalties: +101")
        await pilot.press("down", "down", "down")  # the right bot's level: how it plays
        await pilot.pause()
        assert about().startswith("Normal: keeps half-made runs and sets"), about()
        await pilot.press("right")
        await pilot.pause()
        assert about().startswith("Hard: also counts every tile it has seen"), about()
        app.screen.query_one("#opt-cb").focus()  # lines with no rule say what they do too
        await pilot.press("right")
        await pilot.pause()
        assert about() == (
            "Each colour has a shape too on your rack: ◆ red, ✚ yellow, ■ blue, ● black "
            "(elsewhere the letter, R Y B K, says the colour)."
        )
        app.screen.query_one("#opt-pace").focus()
        await pilot.pause()
        assert "s between the bots' moves" in about() or about() == "The bots move at once."
        app.screen.query_one("#opt-people").focus()
        await pilot.pause()
        assert about() == "You and three bots."
        app.screen.query_one("#opt-theme").focus()
        await pilot.pause()
        assert about() == "A green card table with cream tiles."
        app.screen.query_one("#opt-name").focus()
        await pilot.pause()
        assert about().startswith("Your name at the table, at most 16 characters")
        app.screen.query_one("#opt-lang").focus()
        await pilot.pause()
        assert about().startswith("The game's words, its help and its rules page")


@pytest.mark.parametrize(("size", "named"), [((120, 40), True), ((80, 24), False)])
async def test_a_risen_floor_names_the_opening_it_rose_over_where_there_is_room(
    size: tuple[int, int], named: bool
) -> None:
    from tests.positions import position

    app = table_app(OPENING_SEED, game_type="rising")
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        hand = app.session.hand
        hand.restore(
            position(
                ["K10 R4 Y5", "", "", ""],
                rules="rising/11",
                openings="-/m108/-/-",
                table=["1:R10R11R12R13", "1:K11K12K13", "1:Y11Y12Y13"],
            )
        )
        screen = app.screen
        screen.new_hand()
        await pilot.pause()
        shown = " ".join(str(screen.query_one(LayDownArea).render()).split())
        assert "Open: 109 pts" in shown
        assert ("(over 108)" in shown) is named


def test_a_penalty_reason_survives_a_save_and_the_network() -> None:
    """A resumed log and a friend's screen say why a penalty was written, as the table did."""
    from okey_tui.net.protocol import event_from_json as from_wire
    from okey_tui.net.protocol import event_to_json as to_wire
    from okey_tui.ui.session import event_from_json, event_to_json

    paid = Event(
        "penalty", 1, "+101: discarded an okey", (Tile.parse("B8"),), 101, code="okey-discard"
    )
    assert event_from_json(event_to_json(paid)) == paid
    assert from_wire(to_wire(paid)) == paid
    plain = Event("discard", 1, "discarded R5", (Tile.parse("R5"),))
    assert len(event_to_json(plain)) == 5  # as an older okey101 wrote and reads it
    assert event_from_json(event_to_json(plain)) == plain


async def test_a_penalty_option_at_a_table_without_penalties_says_it_does_nothing(
    _temp_config,
) -> None:
    """Penalties off and "Give-back of left: +101": the screen took the pair without a word,
    though a table without penalties writes nothing for a give-back. The choice is marked
    "(no penalties)" and the line under the form says it is free at this table; the help
    page of such a table says so too."""
    from okey_tui.settings import TableSettings
    from okey_tui.ui.app import make_app
    from okey_tui.ui.screens.setup import NewTableScreen, OptionRow, rules_in_force

    settings = TableSettings(give_back_penalty=True)
    app = make_app(settings=settings, ask=True, seed=3, bot_delay=0, remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        give_back = screen.query_one("#opt-give-back-penalty", OptionRow)

        def about() -> str:
            return " ".join(str(screen.query_one("#new-table-about", Static).render()).split())

        assert "(no penalties)" not in str(give_back.render())
        await pilot.press("down", "down", "down", "right")  # past practice and language
        await pilot.pause()
        assert "(no penalties)" in str(give_back.render())
        # To the give-back row (nine rows down): focused directly, each key a row's
        # scroll and a new line under the form (the keys' path is not what is checked).
        give_back.focus()
        await pilot.pause()
        assert screen.focused is give_back
        assert "+101 applies only with penalties on" in about()
        await pilot.press("left")  # free: nothing to mark
        await pilot.pause()
        assert "(no penalties)" not in str(give_back.render())
        assert about() == "Giving back a left discard you could not use is free."
        await pilot.press("left")  # +101 again
        screen.query_one("#opt-pen", OptionRow).focus()
        await pilot.press("right")  # penalties on
        await pilot.pause()
        assert "(no penalties)" not in str(give_back.render())
    off = " ".join(rules_in_force(RuleSet(penalties=False, give_back_penalty=True)))
    assert "free at this table" in off and "costs +101" not in off
    assert "costs +101" in " ".join(rules_in_force(RuleSet(give_back_penalty=True)))


def test_the_rules_explained_take_every_number_from_the_engine() -> None:
    """The texts under the new-table form and on the help page wrote 101, 5 pairs, 51, 14
    tiles, 150/180, × 10 and +101 themselves: a rule changed in the engine would have been
    explained wrong. Their msgids now hold placeholders, filled with the engine's values."""
    import re

    from okey_tui.engine.rules import GameType
    from okey_tui.engine.scoring import (
        BIG_OPENING_PAIRS,
        BIG_OPENING_POINTS,
        BIGGER_OPENING_PAIRS,
        BIGGER_OPENING_POINTS,
        GOING_PAIRS_NOT_OPENED,
    )
    from okey_tui.engine.state import PENALTY, challenge_rate
    from okey_tui.ui.screens.setup import (
        GAME_TYPE_MEANING,
        OPTION_MEANING,
        WITHOUT_PENALTIES,
        option_meaning,
    )

    engine = {PENALTY, 2 * PENALTY, BIG_OPENING_POINTS, BIGGER_OPENING_POINTS}
    engine |= {BIG_OPENING_PAIRS, BIGGER_OPENING_PAIRS, GOING_PAIRS_NOT_OPENED}
    engine |= {challenge_rate(okey=False, pair=p) for p in (False, True)}
    for game_type in GameType:
        rules = RuleSet(game_type=game_type)
        engine |= {rules.melds_floor, rules.pairs_floor, rules.deal_size, rules.starter_deal_size}
    msgids = [
        *(text.removeprefix(f"{kind}:") for kind, text in GAME_TYPE_MEANING.items()),
        *(text for pair in OPTION_MEANING.values() for text in pair),
        *WITHOUT_PENALTIES.values(),
    ]
    for msgid in msgids:
        written = {int(n) for n in re.findall(r"\d+", msgid)}
        assert not written & engine, msgid
    for game_type in GameType:
        rules = RuleSet(game_type=game_type)
        said = option_meaning("game_type", game_type)
        if game_type is not GameType.RISING and game_type is not GameType.CHALLENGE:
            assert f"{rules.melds_floor} points or {rules.pairs_floor} pairs" in said
    assert "14 tiles (the starter 15)" in option_meaning("game_type", GameType.FIFTY_ONE)
    rising = option_meaning("game_type", GameType.RISING)
    assert "150+ points or 7+ pairs takes 101 off" in rising and "(180+ or 9+ pairs: 202)" in rising
    challenge = option_meaning("game_type", GameType.CHALLENGE)
    assert "× 10 (× 20 in a pair" in challenge and "404 if you never open" in challenge
    # The protected discard of §13 too: the table's help left it out.
    assert "your discards may be taken only for a pair" in challenge
    without = option_meaning("game_type", GameType.CHALLENGE, RuleSet(penalties=False))
    assert "your discards may be taken only for a pair" in without
    assert "Penalties: +101 for" in option_meaning("penalties", True)
    assert "The finisher scores -101" in option_meaning("finisher_scores_zero", False)


def test_a_challenge_table_without_penalties_pays_nothing_for_a_taken_discard() -> None:
    """The Challenge line said "you pay its value × 10" at a table without penalties, where
    nothing is paid; Going Pairs still doubles a hand never opened there."""
    from okey_tui.engine.rules import GameType, RuleSet
    from okey_tui.ui.screens.setup import rules_in_force

    challenge = RuleSet(game_type=GameType.CHALLENGE)
    with_penalties = rules_in_force(challenge)[0]
    without = rules_in_force(challenge.with_options(penalties=False))[0]
    assert "× 10" in with_penalties
    assert "× 10" not in without
    assert "Going Pairs" in without and "404" in without
    assert "needs penalties on" in without


def test_a_one_hand_match_is_one_hand_not_one_hands() -> None:
    """The help page of a one-hand table said "A match of 1 hands"."""
    from okey_tui.engine.rules import RuleSet
    from okey_tui.ui.screens.setup import rules_in_force

    assert rules_in_force(RuleSet(hands=1))[1].startswith("A match of 1 hand:")
    assert rules_in_force(RuleSet(hands=5))[1].startswith("A match of 5 hands:")


def test_the_help_explains_both_dots_on_the_rack() -> None:
    """The help explained the dot under a group, not the dot of an empty slot, which fills
    most of a fresh rack."""
    from rich.console import Console

    from okey_tui.ui.screens.help import rack_legend

    console = Console(width=100, record=True)
    console.print(rack_legend())
    text = console.export_text()
    assert "under a group: its tiles make no meld (yet)" in text
    assert "an empty slot on the rack: a gap between tiles ends a group" in text


async def test_a_challenge_payment_taken_back_is_said_cancelled_in_the_log() -> None:
    """Opened with the left discard at a Challenge table, then taken back: the left
    player's +110 came off their panel, and the log still said it, with no word of it
    coming back."""
    from ui_helpers import OPENING_SEED, at_position, table_app

    from okey_tui.ui.screens.dialogs import ConfirmScreen
    from tests.positions import position

    app = table_app(OPENING_SEED, game_type="challenge")
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R11 R12 R13 Y11 Y12 Y13 B12 B13 K1 Y4", "", "", ""],
            rules="challenge/11",
            phase="d",
            discards=["", "", "", "B11"],
        )
        screen = await at_position(pilot, app, hand)
        await pilot.press("t", "s", "o")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        played = app.session.hand
        assert played.openings[0] is not None
        assert any(p.seat == 3 and p.points == 110 for p in played.penalties)
        await pilot.press("b")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
            await pilot.pause()
        assert played.openings[0] is None
        assert not any(p.seat == 3 for p in played.penalties)
        zeynep = app.session.seat_name(3)
        logged = " ".join("".join(line.text for line in screen.game_log.lines).split())
        assert f"{zeynep}'s +110 no longer counts: the move that cost it was taken" in logged, (
            logged
        )


def test_a_take_back_cancels_only_what_its_own_turn_charged() -> None:
    """Ali threw a playable tile (+101, his), Zeynep laid and took it back: the log said
    "Ali's +101 no longer counts", the last turn's penalty read as Zeynep's. Only what
    the taker's turn charged others is said cancelled."""
    from okey_tui.ui.widgets.board import cancelled_lines

    seats = [SeatInfo(s, name, None) for s, name in enumerate(["Ali", "Zeynep", "Can", "Ece"])]
    events = [
        Event("deal", 0, "dealt"),
        Event("discard", 0, "discarded K5", (Tile.parse("K5"),)),
        Event("penalty", 0, "+101", (Tile.parse("K5"),), 101, code="playable-discard"),
        Event("take", 1, "took K5", (Tile.parse("K5"),)),
        Event("open", 1, "opened"),
        Event("penalty", 0, "+50", (Tile.parse("K5"),), 50, code="challenge-discard"),
        Event("takeback", 1, "took back"),
    ]
    lines = [line.plain for line in cancelled_lines(seats, events, len(events) - 1, 1)]
    assert lines == ["Ali's +50 no longer counts: the move that cost it was taken back"], lines
    # The first turn of the hand's starter: from the deal on.
    events = [
        Event("deal", 1, "dealt"),
        Event("open", 1, "opened"),
        Event("penalty", 0, "+101", (), 101, code="okey-taken"),
        Event("takeback", 1, "took back"),
    ]
    lines = [line.plain for line in cancelled_lines(seats, events, 3, 0)]
    assert lines == ["Your +101 no longer counts: the move that cost it was taken back"], lines
