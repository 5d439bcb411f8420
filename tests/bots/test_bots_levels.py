"""The three bot levels: legal play at every table type, and the match runner."""

from __future__ import annotations

import dataclasses

import pytest
from positions import (
    left_discard_swaps_an_okey,
    okey_owed_in_a_long_finish,
    okey_owed_where_it_finishes,
    position,
)

from okey_tui.bots import LEVELS, make_bot
from okey_tui.bots.arena import SeatRecord, play_match, run, safe_action, summarise
from okey_tui.bots.brain import PlannerBot
from okey_tui.bots.driver import play_bot_turn
from okey_tui.bots.expert import ExpertBot
from okey_tui.engine.actions import (
    Action,
    AddTile,
    Discard,
    DrawMiddle,
    Lay,
    Open,
    SwapOkey,
    TakeDiscard,
)
from okey_tui.engine.match import Match
from okey_tui.engine.melds import make_meld
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.engine.state import Hand, Opening, OpeningKind, TableMeld
from okey_tui.engine.tiles import Tile, parse_tiles
from okey_tui.engine.view import PlayerView

TABLES = [
    RuleSet(hands=1),
    RuleSet(hands=1, penalties=False),
    RuleSet(hands=1, game_type=GameType.RISING),
    RuleSet(hands=1, game_type=GameType.CHALLENGE, partners=True),
    RuleSet(hands=1, game_type=GameType.FIFTY_ONE),
]


def test_make_bot_gives_each_level() -> None:
    for level in LEVELS:
        assert make_bot(level).level == level
    with pytest.raises(ValueError, match="Unknown bot level"):
        make_bot("grandmaster")


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: r.code())
def test_bots_never_attempt_an_illegal_action(rules: RuleSet) -> None:
    """Every table type: a mixed table of all levels plays with zero illegal attempts."""
    records = [SeatRecord(s, lv) for s, lv in enumerate(["hard", "normal", "easy", "hard"])]
    for seed in (1, 2):
        report = play_match([r.bot for r in records], rules, seed, records)
        assert report.errors == 0
    assert all(r.hands == 2 for r in records)


def test_matches_are_deterministic_for_a_seed() -> None:
    rules = RuleSet(hands=1)
    a = play_match(["hard", "easy", "normal", "easy"], rules, 42)
    b = play_match(["hard", "easy", "normal", "easy"], rules, 42)
    assert (a.totals, a.winners) == (b.totals, b.winners)


class _Cheater:
    """Always tries to open with nothing: every attempt is illegal."""

    level = "cheater"

    def choose(self, view: PlayerView) -> Action:
        return Open(())


def test_illegal_attempts_are_counted_and_the_match_goes_on() -> None:
    bots = [_Cheater(), make_bot("easy"), make_bot("easy"), make_bot("easy")]
    records = [SeatRecord(s, b.level) for s, b in enumerate(bots)]
    report = play_match([b.level for b in bots], RuleSet(hands=1), 5, records, bots=bots)
    assert report.errors > 0
    assert records[0].errors == report.errors
    assert len(report.totals) == 4


def test_safe_action_prefers_a_penalty_free_discard() -> None:
    match = Match(RuleSet(), 3)
    view = PlayerView.of(match.hand, match.hand.turn)
    action = safe_action(view)
    assert isinstance(action, Discard)
    assert action.tile != view.okey


def test_run_counts_wins_and_hands() -> None:
    report = run(["normal", "easy", "easy", "easy"], RuleSet(hands=1), 2, seed=9)
    assert report.matches == 2 and report.errors == 0
    assert sum(r.wins for r in report.seats) >= 2
    assert all(r.hands == 2 for r in report.seats)
    assert set(report.decisions.summary()) == {"median", "p99", "max"}


def test_summarise_timings() -> None:
    assert summarise([]) == {"median": 0.0, "p99": 0.0, "max": 0.0}
    assert summarise([1.0, 2.0, 3.0])["max"] == 3.0


def _hand_with(tiles: str, seed: int = 1) -> Match:
    """A dealt match whose player to move holds ``tiles`` (swapped in from elsewhere)."""
    match = Match(RuleSet(), seed)
    hand = match.hand
    seat = hand.turn
    want = parse_tiles(tiles)
    rack = hand.racks[seat]
    assert len(want) == len(rack)
    places = [hand.middle] + [hand.racks[s] for s in range(4) if s != seat]
    spare = list(rack)
    for tile in want:
        if tile in spare:
            spare.remove(tile)
            continue
        source = next(p for p in places if tile in p)
        source.remove(tile)
        source.append(spare.pop())
    hand.racks[seat] = list(want)
    assert hand.tile_count() == 106
    if hand.indicator in want or Tile.parse("F") in want:  # keep the test hands plain
        raise AssertionError("choose test tiles without the indicator")
    return match


OPENER = "R3 R4 R5 R6 R7 K10 K11 K12 K13 R10 Y10 B10 Y1 Y2 B4 K1 R9 Y6 B6 K5 Y13 B2"


@pytest.mark.parametrize("level", LEVELS)
def test_bot_opens_when_it_can(level: str) -> None:
    """Section 7: 101 points in runs and sets is an opening; every level makes it.

    The expert, by default, holds an opening back while draws are left (to go straight
    out later): it throws instead, and opens when told not to hold."""
    tiles = parse_tiles(OPENER)
    seed = next(
        s
        for s in range(1, 50)
        if Match(RuleSet(), s).hand.okey not in tiles
        and Match(RuleSet(), s).hand.indicator not in tiles
    )
    match = _hand_with(OPENER, seed)
    hand = match.hand
    view = PlayerView.of(hand, hand.turn)
    if level == "expert":
        # A budget no search reaches: the 300 ms cap on a loaded machine could stop the
        # first turn's search (22 tiles, five draws ahead) early, and it then opens.
        assert isinstance(ExpertBot(budget_ms=60_000).choose(view), Discard)
        action = ExpertBot(hold=False, budget_ms=60_000).choose(view)
    else:
        action = make_bot(level).choose(view)
    assert isinstance(action, Open)
    assert sum(m.value for m in action.melds) >= 101
    hand.apply(action)


# Starter's racks (22 tiles, no opening) that hold the okey B8 among loose tiles.
OKEY_RACKS = (
    "B8 R1 R5 R9 R12 Y2 Y6 Y10 Y13 B1 B4 B11 K3 K7 K11 R3 Y4 B6 K9 K13 F Y8",
    "B8 R2 R6 R10 R13 Y1 Y5 Y9 Y12 B2 B5 B12 K1 K5 K12 R7 Y3 B10 K8 K10 Y11 R4",
)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("rack", OKEY_RACKS)
def test_bot_keeps_the_okey(level: str, rack: str) -> None:
    """Section 12: throwing an okey costs 101; a bot holding one throws something else."""
    hand = position([rack, "", "", ""])
    okey = hand.okey
    assert hand.racks[0].count(okey) == 1 and hand.turn == 0  # the test is not vacuous
    errors = play_bot_turn(hand, make_bot(level))
    assert errors == 0
    assert hand.turn == 1 and len(hand.discards[0]) == 1  # the turn ended with a discard
    assert hand.discards[0][-1] != okey
    on_table = sum(tm.meld.tiles.count(okey) for tm in hand.table)
    assert hand.racks[0].count(okey) + on_table == 1
    assert hand.penalty_points(0) == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_does_not_take_a_useless_left_discard(level: str) -> None:
    """Section 6: a taken discard must be used this turn; a useless one is not taken."""
    match = Match(RuleSet(hands=1), 4)
    hand = match.hand
    bots = [make_bot(level) for _ in range(4)]
    seen_draw = False
    while not hand.is_over:
        view = PlayerView.of(hand, hand.turn)
        action = bots[hand.turn].choose(view)
        if isinstance(action, TakeDiscard):
            before = hand.penalty_points(hand.turn)
            hand.apply(action)
            assert hand.taken is not None
            # the same turn must put the tile down: the taker never gives it back
            while hand.taken is not None and hand.taken_pending():
                step = bots[hand.turn].choose(PlayerView.of(hand, hand.turn))
                assert step.__class__.__name__ not in ("GiveBack", "TakeBack")
                hand.apply(step)
            assert hand.penalty_points(hand.turn) == before
            continue
        seen_draw |= isinstance(action, DrawMiddle)
        hand.apply(action)
    assert seen_draw


def _opened_view(rack: str, table: list[TableMeld], seed: int = 1) -> PlayerView:
    """The view of the player to move, opened with melds, after the draw."""
    hand = Match(RuleSet(), seed).hand
    view = PlayerView.of(hand, hand.turn)
    openings = tuple(
        Opening(OpeningKind.MELDS, 101) if s in (view.seat, view.right) else None for s in range(4)
    )
    return dataclasses.replace(
        view, rack=tuple(parse_tiles(rack)), table=tuple(table), openings=openings
    )


def test_hard_swaps_out_an_opponents_okey_it_can_lay_again() -> None:
    """Section 11: taking another seat's okey costs them 101; hard does it when safe."""
    hand = Match(RuleSet(), 1).hand
    okey = hand.okey
    other = next(c for c in ("R", "K") if c != okey.colour.letter)  # type: ignore[union-attr]
    meld = make_meld(
        (Tile.parse(f"{other}5"), Tile.parse(f"{other}6"), okey),
        (Tile.parse(f"{other}5"), Tile.parse(f"{other}6"), Tile.parse(f"{other}7")),
        okey,
    )
    view = _opened_view(f"{other}7 {other}12 Y2 B9", [])
    seat = view.seat
    view = dataclasses.replace(view, table=(TableMeld((seat + 2) % 4, meld),))
    action = make_bot("hard").choose(view)
    assert isinstance(action, SwapOkey)
    assert action.tiles == (Tile.parse(f"{other}7"),)


def test_hard_keeps_the_tile_its_own_okey_stands_for() -> None:
    """Throwing it would let the next player swap our okey out (+101 to us)."""
    hand = Match(RuleSet(), 1).hand
    okey = hand.okey
    other = next(c for c in ("R", "K") if c != okey.colour.letter)  # type: ignore[union-attr]
    meld = make_meld(
        (Tile.parse(f"{other}5"), Tile.parse(f"{other}6"), okey),
        (Tile.parse(f"{other}5"), Tile.parse(f"{other}6"), Tile.parse(f"{other}7")),
        okey,
    )
    view = _opened_view(f"{other}7 Y2", [])
    view = dataclasses.replace(view, table=(TableMeld(view.seat, meld),))
    bot = make_bot("hard")
    assert isinstance(bot, PlannerBot)
    assert bot._discard(view) == Discard(Tile.parse("Y2"))


def _okey_swapped_off(safe_y8: bool) -> Hand:
    """Seat 0 (opened) has just swapped the okey (R13) off seat 2's K5 ★K6 K7 and must lay
    it again this turn; Y3 Y5 would take it as Y4, whose copies it has not seen. Meld 1
    (R8 B8 K8) would take it as Y8: out of reach when both Y8 are in the discards."""
    hand = position(
        ["K6 Y3 Y5 K10 R2 B12 Y1", "R1 R2", "Y1 Y2", "K1"],
        indicator="R12",
        phase="p",
        discards=("Y8", "Y8", "", "") if safe_y8 else ("", "", "", ""),
        table=("0:R8B8K8", "0:R1B1K1", "2:K5*K6K7"),
        openings="m101/-/m101/-",
    )
    hand.apply(SwapOkey(2, (Tile.parse("K6"),)))
    return hand


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_an_owed_okey_goes_where_nobody_can_swap_it(level: str) -> None:
    """Section 12: another seat swapping out an okey we laid costs us 101. Laying it as Y4
    (both unseen) when it could stand for Y8 (both in sight) ran that risk for nothing."""
    hand = _okey_swapped_off(safe_y8=True)
    view = PlayerView.of(hand, 0)
    assert view.okeys_owed == 1
    action = make_bot(level).choose(view)
    assert action == AddTile(hand.okey, 0, Tile.parse("Y8")), action


def test_an_owed_okey_with_no_safe_place_still_goes_down() -> None:
    """With no place out of reach the okey is still laid, where it takes most tiles along."""
    hand = _okey_swapped_off(safe_y8=False)
    action = make_bot("hard").choose(PlayerView.of(hand, 0))
    assert isinstance(action, Lay) and hand.okey in action.melds[0].tiles, action


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_an_owed_okey_that_finishes_the_hand_stays_in_its_meld(level: str) -> None:
    """On a turn that goes out the okey is never exposed (the hand ends first): laid as Y11
    in ★Y11 Y12 Y13 it finishes, while laid off as Y8 where it is safe it would leave
    Y12 Y13 in hand (a straight out was lost that way, benchmark seed 5372)."""
    hand = okey_owed_where_it_finishes()
    assert PlayerView.of(hand, 0).okeys_owed == 1 and len(hand.racks[0]) == 10
    play_bot_turn(hand, make_bot(level))
    assert hand.outcome is not None and hand.outcome.finisher == 0, hand.events[-3:]


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
@pytest.mark.parametrize("middle", ["K1 K2 K3", "K1 K2 K3 K4"])
def test_an_okey_kept_for_the_last_throw_is_laid_on_the_last_turn(level: str, middle: str) -> None:
    """Opened, holding the okey, B13 and K5 after the draw: the okey kept to be thrown
    last (x2) waits for a turn, but with 3 tiles left in the middle the other seats' draws
    empty it first and the okey stays in hand, +101 (normal and hard bots paid it in 11 of
    600 hands). Then it goes onto Y10 Y11 Y12 and B13 is thrown; with 4 left it is kept."""
    hand = position(
        ["R13 B13 K5", "R1 R2", "Y1 Y2", "K9"],
        indicator="R12",
        phase="p",
        middle=middle,
        rest="discard3",
        table=("2:Y10Y11Y12",),
        openings="m101/-/m101/-",
    )
    assert PlayerView.of(hand, 0).middle_count == len(middle.split())
    play_bot_turn(hand, make_bot(level))
    assert hand.turn != 0 and not hand.is_over
    if len(middle.split()) == 4:
        assert sorted(map(str, hand.racks[0])) == ["K5", "R13"], hand.events[-2:]
    else:
        assert hand.racks[0] == [Tile.parse("K5")], hand.events[-3:]
        assert hand.okey in hand.table[0].meld.tiles


@pytest.mark.parametrize("second_okey", [False, True])
def test_an_owed_okey_does_not_stop_the_expert_finishing(second_okey: bool) -> None:
    """Owing the okey it had just swapped off the table, the expert (and the hint that
    follows it) laid K10 K11 K12 and ★ Y6 K6 and kept Y11 K2: every tile but K2 went out
    as a lay-off, the okey as Y10 (a player who followed the hint lost the finish). A
    second okey swapped out while one is owed goes down in the same finish."""
    hand = okey_owed_in_a_long_finish(second_okey)
    assert PlayerView.of(hand, 0).okeys_owed == 1 and len(hand.racks[0]) == 8 + second_okey
    play_bot_turn(hand, make_bot("expert"))
    assert hand.outcome is not None and hand.outcome.finisher == 0, hand.events[-3:]
    thrown = Tile.parse("R5" if second_okey else "K2")
    assert hand.events[-3].tiles == (thrown,)  # the discard that went out
    if second_okey:
        swaps = [e for e in hand.events if e.kind == "swap"]
        assert [e.tiles for e in swaps] == [(Tile.parse("B6"),), (Tile.parse("B2"),)]


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_a_left_discard_that_takes_an_okey_off_the_table_is_taken(level: str) -> None:
    """Section 11: another seat's okey swapped out costs them 101. The tile that does it lay
    on the left pile and the hard bot drew from the middle instead: it took a left discard
    only for a meld or a lay-off (a player saw one pass by with 4 tiles left to go)."""
    hand = left_discard_swaps_an_okey()
    bot = make_bot(level)
    assert bot.choose(PlayerView.of(hand, 0)) == TakeDiscard()
    play_bot_turn(hand, bot)
    assert hand.penalty_points(2) == 101
    kept = hand.table[2].meld
    assert Tile.parse("K6") in kept.tiles and hand.okey not in kept.tiles
    assert hand.okey not in hand.racks[0] and hand.turn != 0


def test_the_normal_bot_does_not_take_a_discard_for_an_okey_swap() -> None:
    """The normal bot never hunts okeys: it draws (the hard bot's edge stays its own)."""
    hand = left_discard_swaps_an_okey()
    assert make_bot("normal").choose(PlayerView.of(hand, 0)) == DrawMiddle()


# Melds worth less than 101 (no opening) and four loose tiles: a low pair R1 R2
# and a high pair K11 K12, each a half-made run.
NO_OPENER = "Y3 Y4 Y5 Y6 Y7 B3 B4 B5 B6 B7 K3 K4 K5 K6 K7 R8 Y8 B8 R1 R2 K11 K12"


def test_hard_keeps_high_partials_before_opening() -> None:
    """Before opening only the floor counts: hard throws from the low half-run."""
    tiles = parse_tiles(NO_OPENER)
    seed = next(
        s
        for s in range(1, 80)
        if Match(RuleSet(), s).hand.okey not in tiles
        and Match(RuleSet(), s).hand.indicator not in tiles
    )
    match = _hand_with(NO_OPENER, seed)
    hand = match.hand
    view = PlayerView.of(hand, hand.turn)
    action = make_bot("hard").choose(view)
    assert isinstance(action, Discard)
    assert str(action.tile) in ("R1", "R2")


def _pairs_opened(rack: str) -> Hand:
    """Seat 1 opened with five pairs and holds ``rack``; the left discard is K9; the
    indicator B4 makes B5 the okey."""
    return position(
        [rack, "", "", ""],
        indicator="B4",
        phase="d",
        openings="p5/-/-/-",
        table=["0:K13K13", "0:Y8Y8", "0:B2B2", "0:K2K2", "0:K1K1"],
        discards=("", "", "", "K9"),
        middle="R13 R12 Y11 Y10",
        rest="rack1",
    )


# The okey pairs better with B10 than with K9: holding the okey does not make K9 a pair.
NO_PAIR_FOR_K9 = "R4 B10 B9 Y1 B5 B9 B7 K5 Y4"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_pairs_opener_takes_a_discard_only_for_a_pair_it_lays(level: str) -> None:
    """Section 6: a pairs opener takes the left discard only when its pairs use it."""
    bot = make_bot(level)
    assert isinstance(bot.choose(PlayerView.of(_pairs_opened(NO_PAIR_FOR_K9), 0)), DrawMiddle)
    twin = _pairs_opened("R4 B10 K9 Y1 B7 K5 Y4 R11 Y6")
    assert isinstance(bot.choose(PlayerView.of(twin, 0)), TakeDiscard)
    play_bot_turn(twin, bot, (0, 0, 0, 0))
    assert twin.penalty_points(0) == 0
    assert any(m.meld.tiles == tuple(parse_tiles("K9 K9")) for m in twin.table)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_pairs_opener_gives_back_a_discard_it_cannot_pair(level: str) -> None:
    """Once taken, a tile its pairs cannot use is given back at once (free): before the
    fix the bot laid other pairs, took them back (+101) and laid them again, 30 times."""
    hand = _pairs_opened(NO_PAIR_FOR_K9)
    hand.apply(TakeDiscard())
    play_bot_turn(hand, make_bot(level), (0, 0, 0, 0))
    assert hand.penalty_points(0) == 0
    assert hand.turn == 1
    assert hand.discards[3][-1:] == [Tile.parse("K9")]
