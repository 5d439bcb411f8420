"""Lines about the player's own seat speak to them ("açmadın", not "açmadı"), and an opening
is worded one way ("105 ile açtı") in the log, the status line, the panels and the summary.

Which line is said to the player is decided by seats, never by the name shown: a player who
gave no name is "Sen" in Turkish, and "Sen" takes a second-person verb.
"""

from __future__ import annotations

import io
import sys
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from rendered import screen_text  # noqa: E402
from ui_helpers import OPENING_SEED, finished_report, table_app  # noqa: E402

from okey_tui import i18n  # noqa: E402
from okey_tui.engine.match import Match  # noqa: E402
from okey_tui.engine.rules import RuleSet  # noqa: E402
from okey_tui.engine.scoring import HandResult, PenaltyNote, SeatScore, finish_parts  # noqa: E402
from okey_tui.engine.state import (  # noqa: E402
    EndKind,
    Event,
    Opening,
    OpeningKind,
    Outcome,
    PenaltyReason,
)
from okey_tui.engine.tiles import Tile  # noqa: E402
from okey_tui.messages import event_text  # noqa: E402
from okey_tui.table import HandReport, SeatInfo  # noqa: E402
from okey_tui.ui.screens.summary import explain_hand, winners_line  # noqa: E402

OPENED = Opening(OpeningKind.MELDS, 105)
PAIRS = Opening(OpeningKind.PAIRS, 6)


@pytest.fixture
def turkish() -> None:
    i18n.set_language("tr")


def report(
    openings: list[Opening | None],
    outcome: Outcome,
    notes: tuple[PenaltyNote, ...] = (),
    totals: tuple[int, ...] | None = None,
    winners: tuple[int, ...] = (),
    partners: bool = False,
) -> HandReport:
    left = (Tile.parse("R5"), Tile.parse("K9"))
    lines = []
    for seat, opening in enumerate(openings):
        finish, note, formula = finish_parts(outcome, seat, opening, 14, False, False)
        lines.append(SeatScore(seat, finish, left, 14, 0, 0, 0, opening, finish, note, formula))
    scored = tuple(line.total for line in lines)
    return HandReport(
        1, 5, HandResult(outcome, tuple(lines)), Tile.parse("B7"), (), None, notes,
        (scored,), totals or scored, winners != (), winners,
        RuleSet(hands=5, partners=partners), (False,) * 4,
    )  # fmt: skip


def seats(first: str) -> list[SeatInfo]:
    return [SeatInfo(s, name, None) for s, name in enumerate([first, "Ayşe", "Mehmet", "Zeynep"])]


def printed(hand: HandReport, you: int | None, first: str = "Sen") -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(explain_hand(hand, seats(first), you))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def seat_lines(text: str, name: str) -> str:
    """The lines under ``name`` in the summary's grid, up to the next seat's name."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(name + " "))
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i][:1].strip()),
        len(lines),
    )
    return "\n".join(lines[start:end])


def test_the_players_own_not_opened_is_said_to_them(turkish: None) -> None:
    text = printed(report([None, None, OPENED, OPENED], Outcome(EndKind.EMPTY_MIDDLE)), you=0)
    assert "202 (el açmadın)" in seat_lines(text, "Sen")
    assert "202 (el açmadı) =" in seat_lines(text, "Ayşe")  # another seat: third person


def test_the_players_own_finish_penalty_and_pairs_step_are_said_to_them(turkish: None) -> None:
    notes = (
        PenaltyNote(0, 101, PenaltyReason.OKEY_DISCARD, 3, Tile.parse("B8"), 0),
        PenaltyNote(1, 101, PenaltyReason.OKEY_TAKEN, 4, Tile.parse("B8"), 0),
    )
    finished = printed(
        report([OPENED, OPENED, PAIRS, OPENED], Outcome(EndKind.FINISH, 0), notes), 0
    )
    assert "El 1/5: Sen bitirdin" in finished and "Sen bitirdi," not in finished
    assert "okey attın" in seat_lines(finished, "Sen")
    assert "koyduğu okey alındı" in seat_lines(finished, "Ayşe")
    assert "(sen aldın)" in seat_lines(finished, "Ayşe") and "alan: Sen" not in finished
    # The pairs opener's doubling, said to the player when the pairs opener is them.
    stepped = printed(report([PAIRS, OPENED, OPENED, OPENED], Outcome(EndKind.FINISH, 3)), 0)
    assert "(iki katı: çift açtın)" in seat_lines(stepped, "Sen")
    partner = printed(
        report([OPENED, OPENED, OPENED, OPENED], Outcome(EndKind.FINISH, 2), partners=True), 0
    )
    assert "0 (eşin bitirdi)" in seat_lines(partner, "Sen")


def test_the_players_own_win_is_said_to_them(turkish: None) -> None:
    alone = report([OPENED] * 4, Outcome(EndKind.FINISH, 0), winners=(0,))
    total = min(alone.totals)
    assert winners_line(alone, seats("Sen"), 0) == f"Oyun bitti. {total} puanla kazandın."
    both = report([OPENED] * 4, Outcome(EndKind.FINISH, 0), winners=(0, 2), partners=True)
    line = winners_line(both, seats("Sen"), 0)
    # A side named as the sums and the score sheet name it ("Sen ve Mehmet"), spoken to.
    assert line.startswith("Oyun bitti. Sen ve Mehmet ") and line.endswith("puanla kazandınız.")
    assert winners_line(alone, seats("Ali"), None).startswith("Oyun bitti. Ali ")


def test_a_shared_screen_names_every_seat_in_the_third_person(turkish: None) -> None:
    """At a hot-seat table the summary is everyone's: no seat is spoken to."""
    text = printed(report([None, OPENED, OPENED, OPENED], Outcome(EndKind.FINISH, 0)), None, "Ali")
    assert "Ali bitirdi" in text and "202 (el açmadı)" not in text
    text = printed(report([None, None, OPENED, OPENED], Outcome(EndKind.EMPTY_MIDDLE)), None, "Ali")
    assert "202 (el açmadı) =" in seat_lines(text, "Ali") and "açmadın" not in text


def test_the_english_summary_reads_as_before_with_you_for_the_player() -> None:
    notes = (PenaltyNote(1, 101, PenaltyReason.OKEY_TAKEN, 4, Tile.parse("B8"), 0),)
    hand = report([OPENED, None, OPENED, OPENED], Outcome(EndKind.FINISH, 0), notes)
    text = printed(hand, 0, "You")
    assert "Hand 1/5: You finished, normal finish" in text
    assert "202 not opened" in seat_lines(text, "Ayşe")
    assert "an okey they placed was taken: B8★ by you" in seat_lines(text, "Ayşe")
    other = printed(report([None, OPENED, OPENED, OPENED], Outcome(EndKind.FINISH, 1)), 0, "You")
    assert "202 not opened" in seat_lines(other, "You")
    assert "Hand 1/5: Ayşe finished" in other


# -- one wording for an opening ----------------------------------------------------------------


def test_the_log_says_an_opening_as_the_panels_do(turkish: None) -> None:
    hand = Match(RuleSet(), OPENING_SEED).hand
    melds = Event("open", 1, "opened with 103 points", (), 103)
    assert event_text(melds, hand) == "103 ile açtı"
    assert event_text(melds, hand, own=True) == "103 ile açtın"
    paired = SimpleNamespace(
        openings=[None, PAIRS, None, None], okey=hand.okey, outcome=None, rules=hand.rules
    )
    pairs = Event("open", 1, "opened with 6 pairs", (), 6)
    assert event_text(pairs, paired) == "6 çiftle açtı"  # type: ignore[arg-type]


def test_a_bots_move_for_an_away_player_is_the_bots_in_every_log(turkish: None) -> None:
    """At a network table a bot plays the seat of a person who is away: their log says the
    bot played for them (a third-person verb), the others' logs that it played for them."""
    from okey_tui.engine.view import PlayerView
    from okey_tui.ui.widgets.board import event_line

    hand = Match(RuleSet(), OPENING_SEED).hand
    thrown = Event("discard", 0, "discarded R5", (Tile.parse("R5"),), bot=True)
    drawn = Event("draw", 0, "drew R5", (Tile.parse("R5"),), bot=True)
    for_me = PlayerView.of(hand, 0)
    for_ayse = PlayerView.of(hand, 1)
    assert event_line(seats("Sen"), thrown, for_me).plain == "Senin yerine bot R5 attı"
    assert event_line(seats("Sen"), drawn, for_me).plain == "Senin yerine bot ortadan çekti: R5"
    assert event_line(seats("Ali"), thrown, for_ayse).plain == "Ali yerine bot R5 attı"
    assert event_line(seats("Ali"), replace(drawn, tiles=()), for_ayse).plain == (
        "Ali yerine bot ortadan çekti"
    )


def test_the_log_names_the_melds_an_opening_laid() -> None:
    """ "Mehmet opened with 149 points" alone: the opener's melds, grown and swapped by the
    others since, left what the opening laid to guess. The log names them, an okey as the
    table writes it; the status line keeps its short form."""
    from okey_tui.engine.melds import parse_meld
    from okey_tui.engine.view import PlayerView
    from okey_tui.ui.widgets.board import event_line

    hand = Match(RuleSet(), OPENING_SEED).hand
    okey = hand.okey
    laid = (parse_meld("R1R2R3", okey), parse_meld("K5Y5B5", okey))
    opened = Event("open", 2, "opened with 21 points", (), 21, melds=laid)
    line = event_line(seats("You"), opened, PlayerView.of(hand, 0)).plain
    assert line == "Mehmet opened with 21 points: R1 R2 R3, Y5 B5 K5", line  # as meld_text
    assert event_text(opened, hand) == "opened with 21 points"


async def test_an_opening_is_worded_one_way_everywhere_in_turkish(turkish: None) -> None:
    """After the player opens (s o Enter, 105 points): the status line, the player's panel,
    the melds box and the log all say "105 ile açtın"; no other wording is left."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s", "o", "enter")
        await pilot.pause()
        assert app.session.hand.openings[0] is not None
        text = screen_text(app)
        assert text.count("105 ile açtın") >= 3, text  # status, panel, melds box (and log)
        assert "Sen — 105 ile açtın" in text
        # The log: the verb says who, no "Sen" before it.
        assert "Sen 105 ile açtın" not in text and "You 105" not in text
        assert "puanla açt" not in text and "puan ile açt" not in text


def test_the_note_of_a_swapped_okey_speaks_to_the_player_who_pays(turkish: None) -> None:
    """Another seat takes an okey the player laid: the player pays, and is told so in the
    second person ("sen +101 yazarsın", not "sen +101 yazar")."""
    from okey_tui.ui.widgets.board import TableMarks

    swap = Event("swap", 1, "took an okey from the table for R5", (Tile.parse("R5"),), 0)
    paid = Event("penalty", 0, "+101: penalty", (), 101)
    said = TableMarks.describe(seats("Sen"), None, swap, [paid], [2], 0)  # type: ignore[arg-type]
    assert said.endswith(": sen +101 yazarsın"), said
    to_mehmet = Event("penalty", 2, "+101: penalty", (), 101)
    said = TableMarks.describe(seats("Sen"), None, swap, [to_mehmet], [2], 0)  # type: ignore[arg-type]
    assert said.endswith(": Mehmet +101 yazar"), said


def test_the_english_summary_says_your_to_the_player_and_their_to_the_others() -> None:
    """A penalty of the player's own reads "your discard was taken and used", not "their"."""
    notes = (
        PenaltyNote(0, 130, PenaltyReason.CHALLENGE_DISCARD, 5, Tile.parse("Y13"), 1),
        PenaltyNote(0, 101, PenaltyReason.TAKE_BACK, 6, None, 0),
        PenaltyNote(0, 101, PenaltyReason.OKEY_TAKEN, 7, Tile.parse("B8"), 2),
        PenaltyNote(3, 101, PenaltyReason.TAKE_BACK, 8, None, 3),
    )
    text = printed(report([OPENED] * 4, Outcome(EndKind.FINISH, 1), notes), 0, "You")
    own = seat_lines(text, "You")
    assert "your discard was taken and used: Y13 by Ayşe" in own
    assert "took back your moves on the table" in own
    assert "an okey you placed was taken: B8★ by Mehmet" in own
    assert "their" not in own
    assert "took back their moves on the table" in seat_lines(text, "Zeynep")


def test_the_middle_running_out_is_the_tables_line_not_a_seats(turkish: None) -> None:
    """The log said "Can bot The middle is empty: the hand ends" ("Zeynep Ortada taş
    kalmadı: el bitiyor"): the seat to draw's name before a sentence of its own."""
    from okey_tui.engine.view import PlayerView
    from okey_tui.ui.widgets.board import event_line

    hand = Match(RuleSet(), OPENING_SEED).hand
    empty = Event("empty", 1, "The middle is empty: the hand ends")
    for viewer in (0, 1):
        line = event_line(seats("Sen"), empty, PlayerView.of(hand, viewer)).plain
        assert line == "Ortada taş kalmadı: el bitiyor"


def zeynep_finishes(*first: str) -> HandReport:
    """The report of a hand in which seat 1 plays ``first`` (with R11 to add to Zeynep's
    R7-R10), then Zeynep (seat 2) draws, adds Y5 to her own Y2-Y4 and goes out."""
    from positions import position

    hand = position(
        ["", "R11 K1 K5 Y9", "Y5", ""],
        turn=1,
        phase="p",
        table=["2:R7R8R9R10", "2:Y2Y3Y4"],
        openings="-/m101/m101/-",
        middle="K13",
        rest="rack3",
    )
    return finished_report(hand, (*first, "draw", "add Y5>1", "discard K13"))


def test_the_finish_shows_what_others_added_in_brackets() -> None:
    """ "Ayşe's finish: B2 B3 B4 B5" counted B5, which the player had added to her run; left
    out, "B9 B11 B12 B13" read as no run. The whole meld shows, others' tiles in brackets,
    and the line says what the brackets mean."""
    from okey_tui.ui.screens.summary import winning_melds

    report = zeynep_finishes("add R11>0", "discard K1")
    assert report.others_added == ((0, Tile.parse("R11")),)
    line = winning_melds(report, seats("Sen"))
    assert line is not None
    text = " ".join(p.plain for p in line.pieces)
    assert "R7 R8 R9 R10 (R11)" in text
    assert "Y2 Y3 Y4 Y5" in text and "(Y5)" not in text  # the finisher's own lay-off
    assert "(in brackets: tiles other players added)" in text
    # The hand's melds, not its last turn's: "Mehmet's finish" read as all laid at once.
    assert text.startswith("Mehmet's melds: "), text
    assert [tm.meld.tiles[-1] for tm in report.table][0] == Tile.parse("R11")


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "meld 1: give R4, take the okey"), ("tr", "1 numaralı per: R4 ver, okeyi al")],
)
def test_an_okey_swap_hint_puts_the_tiles_where_the_language_does(language: str, said: str) -> None:
    """The hint read "8 numaralı per: ver K11, okeyi al": the verb before its object."""
    from positions import position

    from okey_tui.engine.view import PlayerView
    from okey_tui.practice import hint_for
    from okey_tui.ui.widgets.hints import hint_text

    i18n.set_language(language)
    hand = position(["R4 K10 K11 Y2", "", "", ""], table=["1:R3*R4R5"], openings="m101/m101/-/-")
    text = hint_text(hint_for(PlayerView.of(hand, 0))).plain
    assert said in text, text


def test_a_tile_swapped_into_the_finishers_meld_is_bracketed_too() -> None:
    """The finish said "(in brackets: tiles other players added)" and showed R8 bare where
    another player had swapped it in for the okey: a swap puts a tile there as an add does."""
    from positions import position

    from okey_tui.ui.screens.summary import winning_melds

    hand = position(
        ["", "R8 K1 K5 Y9", "Y5", ""],
        turn=1,
        phase="p",
        table=["2:R7*R8R9R10", "2:Y2Y3Y4"],
        openings="-/m101/m101/-",
        middle="K13",
        rest="rack3",
    )
    steps = ("swap 0 R8", "add *Y1>1", "discard K1", "draw", "add Y5>1", "discard K13")
    report = finished_report(hand, steps)
    assert set(report.others_added) == {(0, Tile.parse("R8")), (1, Tile.parse("Y1"))}
    line = winning_melds(report, seats("Sen"))
    assert line is not None
    text = " ".join(p.plain for p in line.pieces)
    assert "R7 (R8) R9 R10" in text, text


def test_the_finishers_own_swap_is_among_its_tiles_given_to_others_melds() -> None:
    """A tile the finisher swapped into another seat's meld for the okey was missing from
    the finish: every tile it held is accounted for, a swap said as a swap (it was listed
    under "added to others' melds")."""
    from positions import position

    from okey_tui.ui.screens.summary import winning_melds

    hand = position(
        ["", "", "R8 Y5", ""],
        turn=2,
        phase="d",
        table=["1:R7*R8R9R10", "2:Y2Y3Y4"],
        openings="-/m101/m101/-",
        middle="K13",
        rest="rack3",
    )
    report = finished_report(hand, ("draw", "swap 0 R8", "add *Y1>1", "add Y5>1", "discard K13"))
    assert report.added == (Tile.parse("R8"),) and report.added_meant == (Tile.parse("R8"),)
    assert report.added_swaps == (1,)
    line = winning_melds(report, seats("Sen"))
    assert line is not None
    text = " ".join(p.plain for p in line.pieces)
    assert "swapped R8 for an okey" in text, text
    assert "added to others' melds" not in text, text


def test_a_tile_added_then_taken_back_is_not_in_the_finish() -> None:
    """A lay-off taken back (b) stayed in the summary: "added to others' melds K11 K11",
    one of them back in the rack and then on a discard pile."""
    report = zeynep_finishes("add R11>0", "takeback", "discard R11")
    assert report.others_added == ()
    assert [str(t) for t in report.table[0].meld.tiles] == ["R7", "R8", "R9", "R10"]
