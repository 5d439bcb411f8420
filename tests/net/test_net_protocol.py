"""The protocol's JSON forms: a view reads back equal, and carries every PlayerView field."""

from __future__ import annotations

import dataclasses
import json

import pytest

from okey_tui.bots.base import make_bot
from okey_tui.bots.driver import play_bot_step
from okey_tui.engine.match import Match
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.engine.view import PlayerView
from okey_tui.net.protocol import (
    PRIVATE_VIEW_FIELDS,
    ProtocolError,
    ViewReader,
    encode,
    encode_with,
    view_from_json,
    view_private_json,
    view_public_json,
    view_to_json,
)


@pytest.mark.parametrize("game_type", list(GameType))
def test_views_over_a_hand_read_back_equal(game_type: GameType) -> None:
    hand = Match(RuleSet(game_type=game_type, hands=1, partners=True), seed=5).hand
    bot = make_bot("easy")
    readers = [ViewReader() for _ in range(4)]
    for _ in range(400):
        shared = encode(view_public_json(PlayerView.of(hand, 0, (1, 2, 3, 4))))
        for seat in range(4):
            view = PlayerView.of(hand, seat, (1, 2, 3, 4))
            assert view_from_json(json.loads(encode(view_to_json(view)))) == view
            assert readers[seat].read(json.loads(encode(view_to_json(view)))) == view
            # The server encodes the seat-alike part once: it must be alike for every seat.
            assert encode(view_public_json(view)) == shared
            text = encode_with({"type": "state"}, "view", view_private_json(view), shared)
            assert json.loads(text) == {"type": "state", "view": view_to_json(view)}
        if hand.is_over:
            break
        play_bot_step(hand, bot)
    assert hand.is_over


def test_the_json_view_has_exactly_the_fields_of_player_view() -> None:
    view = PlayerView.of(Match(RuleSet(hands=1), seed=1).hand, 0)
    assert set(view_to_json(view)) == {f.name for f in dataclasses.fields(PlayerView)}
    assert set(view_private_json(view)) == set(PRIVATE_VIEW_FIELDS)
    assert not set(view_private_json(view)) & set(view_public_json(view))


def test_a_view_without_opened_this_turn_foretells_no_finish() -> None:
    """A table of an okey101 before the field: how a last discard would end the hand is
    not known, so nothing is foretold (it read as opened before: a straight out was said
    as a plain finish, a straight okey finish as ×2)."""
    from okey_tui.engine.actions import parse_action
    from tests.positions import position

    hand = position(["R1 R2 R3 K13", "", "", ""], openings="-/-/-/-")
    hand.apply(parse_action("open R1R2R3", hand.okey))
    view = PlayerView.of(hand, 0)
    assert view.opened_this_turn is True and view.finish_by_discard() is not None
    sent = view_to_json(view)
    assert view_from_json(json.loads(encode(sent))) == view
    older = {k: v for k, v in sent.items() if k != "opened_this_turn"}
    read = view_from_json(json.loads(encode(older)))
    assert read.opened_this_turn is None and read.finish_by_discard() is None


def test_a_malformed_view_is_a_protocol_error() -> None:
    view = view_to_json(PlayerView.of(Match(RuleSet(hands=1), seed=1).hand, 0))
    for broken in (
        {**view, "rack": ["Z9"]},
        {**view, "phase": "?"},
        {**view, "seat": "0"},
        {k: v for k, v in view.items() if k != "turn"},
        {**view, "table": [{"owner": 0}]},
        {**view, "opened_this_turn": "yes"},
    ):
        with pytest.raises(ProtocolError):
            view_from_json(broken)
        with pytest.raises(ProtocolError):
            ViewReader().read(broken)
    broken_meld = {**view, "table": [{"owner": 0, "kind": "?", "tiles": [], "stands_for": []}]}
    with pytest.raises(ProtocolError):
        ViewReader().read(broken_meld)


def test_a_view_the_screens_could_not_show_is_refused_whole() -> None:
    """Per-seat fields of another length than four, or a seat number past the four, read
    well as JSON and ended the person's app in an IndexError as the table was drawn."""
    hand = Match(RuleSet(hands=1), seed=1).hand
    view = view_to_json(PlayerView.of(hand, 0))
    meld = {
        "owner": 2,
        "kind": "run",
        "tiles": ["R1", "R2", "R3"],
        "stands_for": ["R1", "R2", "R3"],
    }
    broken = {
        "discards": {**view, "discards": view["discards"][:3]},
        "rack_counts": {**view, "rack_counts": [*view["rack_counts"], 21]},
        "openings": {**view, "openings": []},
        "going_pairs": {**view, "going_pairs": [False] * 5},
        "penalty_points": {**view, "penalty_points": [0]},
        "match_totals": {**view, "match_totals": [0, 0]},
        "seat": {**view, "seat": 4},
        "turn": {**view, "turn": -1},
        "table.owner": {**view, "table": [{**meld, "owner": 7, "okey_owners": []}]},
        "okey_owners": {**view, "table": [{**meld, "okey_owners": [["R2", 9]]}]},
        "rack": {**view, "rack": view["rack"] + ["R1"] * 10},
    }
    for field, data in broken.items():
        with pytest.raises(ProtocolError) as refused:
            view_from_json(json.loads(encode(data)))
        assert refused.value.message == f"view.{field} is out of range"
    # What a table sends reads: a melds on the table with its okey owners, a full rack.
    good = {**view, "table": [{**meld, "okey_owners": [["R2", 3]]}]}
    assert view_from_json(json.loads(encode(good))).table[0].owner == 2


def test_a_lobby_without_each_of_the_four_seats_once_is_refused() -> None:
    from okey_tui.net.protocol import lobby_seats_from_json

    seat = {"name": "Ayşe", "level": None, "connected": True}
    four = [{**seat, "seat": n} for n in range(4)]
    assert [s.seat for s in lobby_seats_from_json(four)] == [0, 1, 2, 3]
    for seats in (four[:3], [*four, {**seat, "seat": 2}], [*four[:3], {**seat, "seat": 4}]):
        with pytest.raises(ProtocolError):
            lobby_seats_from_json(seats)


def test_a_report_or_result_the_summary_could_not_show_is_refused_whole() -> None:
    """A report with three seats' lines, or a score sheet row of two, read well as JSON and
    ended the person's app in an IndexError as the end-of-hand screen was built."""
    from okey_tui.net.protocol import (
        report_from_json,
        report_to_json,
        summary_from_json,
        summary_of,
        summary_to_json,
    )
    from okey_tui.table import hand_report

    match = Match(RuleSet(hands=3), seed=5)
    bot = make_bot("easy")
    while not match.hand.is_over:
        play_bot_step(match.hand, bot)
    match.finish_hand()
    report = hand_report(match)
    assert report is not None
    sent = json.loads(encode(report_to_json(report)))
    assert report_from_json(sent) == report
    note = {"seat": 5, "points": 101, "reason": "okey-discard", "turn": 3, "tile": "R1"}
    broken = {
        "seats": {**sent, "seats": sent["seats"][:3]},
        "totals": {**sent, "totals": [0, 0, 0]},
        "going_pairs": {**sent, "going_pairs": [False] * 5},
        "sheet": {**sent, "sheet": [[1, 2]]},
        "winners": {**sent, "winners": [4]},
        "notes.seat": {**sent, "notes": [note]},
        "table.owner": {**sent, "table": [{**sent["table"][0], "owner": -1}]},
    }
    for field, data in broken.items():
        with pytest.raises(ProtocolError) as refused:
            report_from_json(json.loads(encode(data)))
        assert refused.value.message == f"report.{field} is out of range"
    result = json.loads(encode(summary_to_json(summary_of(0, match.results[-1]))))
    assert summary_from_json(result) == summary_of(0, match.results[-1])
    for data in (
        {**result, "seats": result["seats"][1:]},
        {**result, "seats": result["seats"] * 2},
    ):
        with pytest.raises(ProtocolError):
            summary_from_json(data)


def test_a_hand_report_reads_back_equal_with_the_finishers_lay_offs() -> None:
    """A report sent to a friend's screen carries the tiles the finisher laid off on others'
    melds and what each stands for there (an okey as the table shows it)."""
    from okey_tui.engine.tiles import Tile
    from okey_tui.net.protocol import report_from_json, report_to_json
    from okey_tui.table import hand_report

    match = Match(RuleSet(hands=1), seed=5)
    bot = make_bot("easy")
    for _ in range(400):
        if match.hand.is_over:
            break
        play_bot_step(match.hand, bot)
    match.finish_hand()
    report = hand_report(match)
    assert report is not None
    okey = match.hand.okey
    report = dataclasses.replace(
        report,
        added=(okey, Tile.parse("R6")),
        added_meant=(Tile.parse("K5"), Tile.parse("R6")),
        added_swaps=(0, 1),
        others_added=((0, Tile.parse("R11")), (2, Tile.parse("Y5"))),
    )
    sent = json.loads(encode(report_to_json(report)))
    assert report_from_json(sent) == report
    # From a table before swaps were told apart: the same tiles, each said as laid off.
    del sent["added_swaps"]
    assert report_from_json(sent) == dataclasses.replace(report, added_swaps=())


def test_the_seat_to_draw_when_the_middle_ran_out_travels_and_an_older_outcome_reads() -> None:
    """The outcome names the seat whose draw found the middle empty, so that a friend's log
    and summary say who it was; a table from before the field sends none (not known), a
    finish sends the same fields as before, and a value that names no seat is not known."""
    from okey_tui.engine.state import EndKind, Outcome
    from okey_tui.net.protocol import outcome_from_json, outcome_to_json

    for seat in range(4):
        ran_out = Outcome(EndKind.EMPTY_MIDDLE, to_draw=seat)
        sent = json.loads(json.dumps(outcome_to_json(ran_out)))
        assert sent["to_draw"] == seat
        assert outcome_from_json(sent) == ran_out
    older = {"kind": "empty", "finisher": None, "okey": False, "straight": False, "pairs": False}
    assert outcome_from_json(older) == Outcome(EndKind.EMPTY_MIDDLE)
    assert outcome_from_json(older).to_draw is None
    assert outcome_to_json(Outcome(EndKind.FINISH, 2)).keys() == older.keys()
    for bad in (4, -1, "1", True, 1.0, None):
        assert outcome_from_json({**older, "to_draw": bad}).to_draw is None
