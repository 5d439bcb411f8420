"""RULES.md sections 7, 11-13: the engine tells why a number or a refusal is what it is.

A Challenge payment carries the times its tile's value was paid, a penalty event its reason
as a code, and a refusal below the floor whether the floor rose over the other side (a
partners table) or held for an opening that finishes (a table option).
"""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import parse_action
from okey_tui.engine.errors import ErrorCode, OpeningError
from okey_tui.engine.scoring import penalty_notes
from okey_tui.engine.state import PenaltyReason
from okey_tui.engine.tiles import Tile

OKEY = Tile.parse("B8")  # the indicator is B7


def act(hand, text: str) -> None:  # noqa: ANN001
    hand.apply(parse_action(text, OKEY))


def taken_and_used(pos, top: str, rack: str, opening: str, play: str):  # noqa: ANN001, ANN201
    hand = pos(
        ["", rack, "", ""],
        rules="challenge/11",
        turn=1,
        phase="d",
        discards=[top, "", "", ""],
        openings=f"-/{opening}/-/-",
    )
    act(hand, "take")
    act(hand, play)
    return hand


@pytest.mark.parametrize(
    ("top", "rack", "opening", "play", "worth", "rate"),
    [
        ("R4", "R5 R6 K1 K2", "m101", "lay R4R5R6", 4, 10),
        ("R4", "R4 K1 K2", "p5", "lay R4R4", 4, 20),
        ("B8", "R5 R6 K1 K2", "m101", "lay R5R6*R7", 7, 20),
        ("B8", "R7 K1 K2", "p5", "lay R7*R7", 7, 40),
        ("F", "B9 B10 K1 K2", "m101", "lay FB9B10", 8, 10),
    ],
    ids=["tile in a run", "tile in a pair", "okey in a run", "okey in a pair", "false okey"],
)
def test_a_challenge_payment_notes_the_value_and_the_times_it_was_paid(
    pos, top: str, rack: str, opening: str, play: str, worth: int, rate: int
) -> None:
    hand = taken_and_used(pos, top, rack, opening, play)
    (note,) = penalty_notes(hand)
    assert note.reason is PenaltyReason.CHALLENGE_DISCARD
    assert (note.worth, note.rate, note.points) == (worth, rate, worth * rate)
    assert type(note.rate) is int  # "× 10", never "× 10.0"
    assert note.tile == Tile.parse(top)


def test_an_okey_paid_for_names_the_tile_it_stood_for_in_the_log(pos) -> None:
    hand = taken_and_used(pos, "B8", "R5 R6 K1 K2", "m101", "lay R5R6*R7")
    (paid,) = [e for e in hand.events if e.kind == "penalty"]
    assert paid.tiles == (OKEY, Tile.parse("R7")) and paid.value == 140


def test_other_penalties_have_no_rate(pos) -> None:
    hand = pos(["R6 K1", "", "", ""], openings="m101/-/-/-", table=["1:R3R4R5"])
    act(hand, "discard R6")
    (note,) = penalty_notes(hand)
    assert note.rate == 0 and note.worth == 0


def test_a_penalty_event_carries_its_reason_as_a_code(pos) -> None:
    hand = pos(["R6 K1", "", "", ""], openings="m101/-/-/-", table=["1:R3R4R5"])
    act(hand, "discard R6")
    (paid,) = [e for e in hand.events if e.kind == "penalty"]
    assert paid.code == PenaltyReason.PLAYABLE_DISCARD.value


BIG = "K10 K11 K12 K13 Y10 Y11 Y12 Y13"  # 92 points


def refusal(hand, text: str) -> OpeningError:  # noqa: ANN001
    with pytest.raises(OpeningError) as caught:
        act(hand, text)
    return caught.value


def test_a_partners_risen_floor_says_it_is_the_other_sides_opening(pos) -> None:
    hand = pos([BIG + " R1 R2 R3 R4 K1 K5", "", "", ""], rules="rising/11+p", openings="-/m105/-/-")
    exc = refusal(hand, "open K10K11K12K13 Y10Y11Y12Y13 R1R2R3R4")
    assert exc.code is ErrorCode.OPENING_BELOW_FLOOR
    assert exc.params["partners"] is True and exc.params["floor"] == 106
    assert "highest opening of the other side" in str(exc)


def test_an_opening_that_would_finish_below_the_floor_names_the_table_option(pos) -> None:
    hand = pos(["R1 R2 R3 K5", "", "", ""], rules="classic/11+f")
    exc = refusal(hand, "open R1R2R3")
    assert exc.code is ErrorCode.OPENING_BELOW_FLOOR
    assert exc.params["finishing"] is True
    assert "an opening that finishes the hand must reach it too" in str(exc)


def test_a_plain_refusal_names_neither(pos) -> None:
    hand = pos([BIG + " R1 R2 R3 K1 K5", "", "", ""])
    exc = refusal(hand, "open K10K11K12K13 Y10Y11Y12Y13 R1R2R3")
    assert "partners" not in exc.params and "finishing" not in exc.params


def test_the_big_opening_thresholds_are_the_engines_named_numbers(monkeypatch) -> None:
    """RULES.md section 12: 150+ points or 7+ pairs take 101 off, 180+ or 9+ take 202. The
    numbers were literals inside the scoring; the new-table screen now says them from the
    same names the scoring uses."""
    from okey_tui.engine import scoring
    from okey_tui.engine.state import Opening, OpeningKind

    assert (scoring.BIG_OPENING_POINTS, scoring.BIG_OPENING_PAIRS) == (150, 7)
    assert (scoring.BIGGER_OPENING_POINTS, scoring.BIGGER_OPENING_PAIRS) == (180, 9)
    assert scoring.BIG_OPENING_BONUS == 101
    opening = Opening(OpeningKind.MELDS, 155)
    assert scoring.big_opening_bonus(opening) == -101
    monkeypatch.setattr(scoring, "BIG_OPENING_POINTS", 160)
    assert scoring.big_opening_bonus(opening) == 0


def test_the_challenge_rates_are_the_engines_named_numbers(pos, monkeypatch) -> None:  # noqa: ANN001
    """RULES.md section 12: × 10, × 20 in a pair; an okey × 20, × 40 in a pair. The hand
    and the penalty notes each wrote these numbers themselves."""
    from okey_tui.engine import state

    assert state.CHALLENGE_RATES == (10, 20, 40)
    assert state.challenge_rate(okey=True, pair=True) == 40
    monkeypatch.setattr(state, "CHALLENGE_RATE", 5)
    hand = taken_and_used(pos, "R4", "R5 R6 K1 K2", "m101", "lay R4R5R6")
    assert [p.points for p in hand.penalties] == [4 * 5]


def older_log(hand, **penalty: object):  # noqa: ANN001, ANN201
    """The hand's log with its penalty event written as a log saved earlier wrote it."""
    from dataclasses import replace

    return [replace(e, **penalty) if e.kind == "penalty" else e for e in hand.events]


@pytest.mark.parametrize(
    ("top", "rack", "opening", "play", "rate"),
    [
        ("R4", "R5 R6 K1 K2", "m101", "lay R4R5R6", 10),
        ("B8", "R5 R6 K1 K2", "m101", "lay R5R6*R7", 20),
    ],
)
def test_a_challenge_payment_in_a_log_saved_before_the_reasons_still_has_its_rate(
    pos, top: str, rack: str, opening: str, play: str, rate: int
) -> None:  # noqa: ANN001
    """A log saved before penalty events carried a code ("") reads as a payment too."""
    hand = taken_and_used(pos, top, rack, opening, play)
    (note,) = penalty_notes(hand, older_log(hand, code=""))
    assert note.rate == rate


@pytest.mark.parametrize(
    ("rack", "opening", "play", "tiles"),
    [
        ("R5 R6 K1 K2", "m101", "lay R5R6*R7", ()),
        ("R5 R6 K1 K2", "m101", "lay R5R6*R7", (OKEY,)),
        # The okey (B8) stood for R8: its own face divides the 320 paid, but is not what
        # it counted as.
        ("R8 K1 K2", "p5", "lay R8*R8", (OKEY,)),
    ],
)
def test_a_challenge_payment_that_names_no_tile_it_counted_as_has_no_rate(
    pos, rack: str, opening: str, play: str, tiles: tuple[Tile, ...]
) -> None:  # noqa: ANN001
    """In a log saved before a payment named its tile (none), or the tile an okey stood
    for (the okey alone), the times it was paid cannot be read: none is said."""
    hand = taken_and_used(pos, "B8", rack, opening, play)
    (note,) = penalty_notes(hand, older_log(hand, tiles=tiles))
    assert note.reason is PenaltyReason.CHALLENGE_DISCARD and note.rate == 0


def test_the_notes_read_the_log_given_for_a_hand_resumed_with_a_new_one(pos) -> None:  # noqa: ANN001
    """A hand resumed from a save starts a new log: the notes read the whole log given."""
    hand = taken_and_used(pos, "R4", "R5 R6 K1 K2", "m101", "lay R4R5R6")
    whole = list(hand.events)
    hand.events.clear()
    (note,) = penalty_notes(hand, whole)
    assert note.rate == 10 and note.tile == Tile.parse("R4")
