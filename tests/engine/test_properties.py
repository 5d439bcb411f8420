"""Properties of random legal play over many seeded hands (hypothesis).

A simple greedy player opens and lays the runs, sets and pairs it finds and
otherwise picks among ``legal_actions`` of its view. Whatever it does:
the 106 tiles are conserved exactly, a rejected action changes nothing,
positions and actions read back from their text, and the hand's scores
follow the finish table of RULES.md section 10.
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from okey_tui.engine.actions import (
    Action,
    AddTile,
    Discard,
    GiveBack,
    Lay,
    Open,
    SwapOkey,
    TakeBack,
    parse_action,
)
from okey_tui.engine.errors import IllegalActionError
from okey_tui.engine.melds import Meld, MeldKind, effective, make_meld, readings
from okey_tui.engine.notation import format_position, parse_position
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.engine.scoring import score_hand
from okey_tui.engine.state import EndKind, Hand, OpeningKind, Phase
from okey_tui.engine.tiles import COLOURS, Tile, full_set
from okey_tui.engine.view import PlayerView, legal_actions

FULL = Counter(full_set())


# -- a greedy player ---------------------------------------------------------------


def greedy_melds(rack: list[Tile], okey: Tile) -> list[Meld]:
    """Runs, then sets, then okey-completed groups, found greedily in the rack."""
    left = [t for t in rack if t != okey]
    wild = [t for t in rack if t == okey]
    found: list[Meld] = []
    for colour in COLOURS:
        numbers = sorted(
            {effective(t, okey).number for t in left if effective(t, okey).colour == colour}
        )
        run: list[int] = []
        for n in [*numbers, 99]:
            if run and n == run[-1] + 1:
                run.append(n)
                continue
            if len(run) >= 3:
                laid = [_take(left, Tile(colour, k), okey) for k in run]
                found.append(make_meld(laid, [Tile(colour, k) for k in run], okey))
            run = [n]
    for number in range(1, 14):
        colours = {effective(t, okey).colour for t in left if effective(t, okey).number == number}
        if len(colours) >= 3:
            meant = [Tile(c, number) for c in COLOURS if c in colours]
            laid = [_take(left, t, okey) for t in meant]
            found.append(make_meld(laid, meant, okey))
    for _ in list(wild):
        for a in list(left):
            partner = next(
                (b for b in left if b is not a and _near(effective(a, okey), effective(b, okey))),
                None,
            )
            if partner is not None:
                options = readings([a, partner, okey], okey, [MeldKind.RUN, MeldKind.SET])
                if options:
                    left.remove(a)
                    left.remove(partner)
                    wild.remove(okey)
                    found.append(options[0])
                    break
    return found


def _near(a: Tile, b: Tile) -> bool:
    same_colour = a.colour == b.colour and 1 <= abs(a.number - b.number) <= 2
    return same_colour or (a.number == b.number and a.colour != b.colour)


def _take(left: list[Tile], meant: Tile, okey: Tile) -> Tile:
    for t in left:
        if effective(t, okey) == meant:
            left.remove(t)
            return t
    raise AssertionError(meant)  # pragma: no cover


def greedy_pairs(rack: list[Tile], okey: Tile) -> list[Meld]:
    counts = Counter(t for t in rack if t != okey)
    pairs = [make_meld([t, t], [effective(t, okey)] * 2, okey) for t, n in counts.items() if n >= 2]
    wild = rack.count(okey)
    singles = [t for t, n in counts.items() if n == 1]
    for t in singles[:wild]:
        pairs.append(make_meld([t, okey], [effective(t, okey)] * 2, okey))
    return pairs


def fit(melds: list[Meld], rack_size: int) -> list[Meld]:
    """Drop melds until at least one tile stays in hand."""
    while melds and sum(len(m.tiles) for m in melds) >= rack_size:
        melds = melds[:-1]
    return melds


def greedy_plays(hand: Hand) -> list[Action]:
    """Openings and new melds the greedy player would try now."""
    seat, okey, rack = hand.turn, hand.okey, hand.racks[hand.turn]
    opening = hand.openings[seat]
    melds = fit(greedy_melds(rack, okey), len(rack))
    pairs = fit(greedy_pairs(rack, okey), len(rack))
    if opening is None:
        return [Open(tuple(melds))] * bool(melds) + [Open(tuple(pairs))] * bool(pairs)
    if opening.kind is OpeningKind.PAIRS:
        return [Lay(tuple(pairs))] * bool(pairs)
    return [Lay(tuple(melds))] * bool(melds)


def choose(hand: Hand, rng: random.Random) -> Action:
    view = PlayerView.of(hand, hand.turn)
    actions = legal_actions(view)
    if hand.phase is Phase.PLAY:
        for play in greedy_plays(hand):
            if hand.is_legal(play):
                return play
    if view.taken is not None or view.okeys_owed:
        urgent = [
            a
            for a in actions
            if isinstance(a, AddTile) and (view.okeys_owed == 0 or a.tile == view.okey)
        ]
        fallback = [a for a in actions if isinstance(a, GiveBack | TakeBack)]
        return rng.choice(urgent or fallback or actions)
    table_moves = [a for a in actions if isinstance(a, AddTile | SwapOkey)]
    if table_moves and rng.random() < 0.6:
        return rng.choice(table_moves)
    if (
        hand.phase is Phase.PLAY
        and rng.random() < 0.03
        and any(isinstance(a, TakeBack) for a in actions)
    ):
        return TakeBack()
    plain = [a for a in actions if not isinstance(a, TakeBack)]
    return rng.choice(plain or actions)


# -- the properties -------------------------------------------------------------


def tiles_in(hand: Hand) -> Counter[Tile]:
    held: Counter[Tile] = Counter([hand.indicator])
    for group in [*hand.racks, hand.middle, *hand.discards]:
        held.update(group)
    for tm in hand.table:
        held.update(tm.meld.tiles)
    return held


def assert_conserved(hand: Hand) -> None:
    assert hand.tile_count() == 106
    assert tiles_in(hand) == FULL


def assert_round_trips(hand: Hand) -> None:
    text = format_position(hand)
    again = parse_position(text)
    assert format_position(again) == text
    assert again.racks == hand.racks and again.table == hand.table


def assert_action_text_round_trips(action: Action, okey: Tile) -> None:
    text = action.text(okey)
    back = parse_action(text, okey)
    assert back.text(okey) == text
    if not isinstance(action, Open | Lay):
        assert back == action


def bad_actions(hand: Hand, rng: random.Random) -> list[Action]:
    """Actions that are mostly illegal: wrong tiles, wrong targets, wrong moments."""
    tiles = [Tile.from_index(rng.randrange(53)) for _ in range(4)]
    rack = hand.racks[hand.turn]
    some = rng.sample(rack, min(3, len(rack)))
    bad: list[Action] = [
        Discard(tiles[0]),
        AddTile(tiles[1], rng.randrange(len(hand.table) + 2)),
        SwapOkey(rng.randrange(len(hand.table) + 1), (tiles[2],)),
        GiveBack(),
        TakeBack(),
        parse_action(rng.choice(["draw", "take", "pairs"]), hand.okey),
    ]
    with contextlib.suppress(IllegalActionError):
        bad.append(
            Open(
                (
                    make_meld(
                        some,
                        [
                            effective(t, hand.okey) if t != hand.okey else Tile.parse("R1")
                            for t in some
                        ],
                        hand.okey,
                    ),
                )
            )
        )
    return bad


def assert_rejection_changes_nothing(hand: Hand, action: Action) -> None:
    before = format_position(hand)
    racks = [list(r) for r in hand.racks]
    events = len(hand.events)
    try:
        hand.check(action)
    except IllegalActionError:
        legal = False
    else:
        legal = True
    assert hand.is_legal(action) is legal
    if legal:
        return
    try:
        hand.apply(action)
    except IllegalActionError as exc:
        # Every refusal says why in a code, and which rules section it enforces.
        assert exc.code is not None and exc.rule is not None, exc
    else:  # pragma: no cover - check() and apply() disagree
        raise AssertionError(f"{action} passed apply but not check")
    assert format_position(hand) == before
    assert hand.racks == racks and len(hand.events) == events


# expected finish-table entries, written from RULES.md section 10
def expected_finish(hand: Hand, seat: int) -> int:
    outcome = hand.outcome
    assert outcome is not None
    rules = hand.rules
    opening = hand.openings[seat]
    okey = hand.okey
    s = sum(okey.number if t.is_false_okey else t.number for t in hand.racks[seat] if t != okey)
    doublings = int(outcome.okey) + int(outcome.straight) + int(outcome.pairs)
    if outcome.finisher == seat:
        return 0 if rules.finisher_scores_zero else -101 * 2**doublings
    if rules.partners and outcome.finisher is not None and (outcome.finisher + 2) % 4 == seat:
        return 0
    if opening is None:
        return 202 * 2**doublings * (2 if hand.going_pairs[seat] else 1)
    if outcome.straight:
        return 202 * 2**doublings
    step = 1 if opening.kind is OpeningKind.PAIRS else 0
    return s * 2 ** (int(outcome.okey) + int(outcome.pairs) + step)


def assert_scores_follow_the_finish_table(hand: Hand) -> None:
    result = score_hand(hand)
    for seat, line in enumerate(result.seats):
        assert line.finish == expected_finish(hand, seat)
        paid = sum(p.points for p in hand.penalties if p.seat == seat)
        partner_zero = (
            hand.rules.partners
            and result.outcome.finisher is not None
            and (result.outcome.finisher + 2) % 4 == seat
        )
        okeys = (
            0
            if partner_zero or not hand.rules.penalties
            else 101 * hand.racks[seat].count(hand.okey)
        )
        assert line.total == line.finish + okeys + paid + line.bonus


RULESETS = st.sampled_from(
    [
        RuleSet(),
        RuleSet(penalties=False),
        RuleSet(game_type=GameType.RISING),
        RuleSet(game_type=GameType.CHALLENGE, partners=True),
        RuleSet(game_type=GameType.FIFTY_ONE, pairs_opener_lays_off=True),
        RuleSet(finisher_scores_zero=True, give_back_penalty=True, finish_opening_needs_floor=True),
    ]
)


def play_hand(rules: RuleSet, seed: int, check_every: int) -> Hand:
    rng = random.Random(seed)
    hand = Hand.deal(rules, rng, seed % 4)
    for step in range(250):
        if hand.is_over:
            break
        if step % check_every == 0:
            assert_round_trips(hand)
            for bad in bad_actions(hand, rng):
                assert_rejection_changes_nothing(hand, bad)
        action = choose(hand, rng)
        if rules.challenge and rng.random() < 0.05 and hand.openings[hand.turn] is None:
            action = parse_action("pairs", hand.okey) if not hand.going_pairs[hand.turn] else action
        assert_action_text_round_trips(action, hand.okey)
        hand.apply(action)
        assert_conserved(hand)
    return hand


@settings(deadline=None, max_examples=30)
@given(rules=RULESETS, seed=st.integers(0, 10**6))
def test_random_legal_play_conserves_tiles_and_scores_by_the_finish_table(
    rules: RuleSet, seed: int
) -> None:
    hand = play_hand(rules, seed, check_every=7)
    assert_conserved(hand)
    assert_round_trips(hand)
    if hand.is_over:
        assert_scores_follow_the_finish_table(hand)
        assert hand.outcome is not None
        if hand.outcome.kind is EndKind.FINISH:
            assert hand.racks[hand.outcome.finisher] == []  # type: ignore[index]


@settings(deadline=None, max_examples=25)
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 60))
def test_position_notation_round_trips_mid_turn(seed: int, cut: int) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(RuleSet(), rng, seed % 4)
    for _ in range(cut):
        if hand.is_over:
            break
        hand.apply(choose(hand, rng))
    text = format_position(hand)
    assert format_position(parse_position(text)) == text
    assert parse_position(text).tile_count() == 106


@settings(deadline=None, max_examples=60)
@given(seed=st.integers(0, 10**6), actions=st.lists(st.integers(0, 10**6), min_size=1, max_size=6))
def test_a_rejected_action_never_changes_the_state(seed: int, actions: list[int]) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(RuleSet(game_type=GameType.CHALLENGE), rng, seed % 4)
    for pick in actions:
        if hand.is_over:
            break
        for bad in bad_actions(hand, random.Random(pick)):
            assert_rejection_changes_nothing(hand, bad)
        hand.apply(choose(hand, rng))
