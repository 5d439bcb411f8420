"""The practice table's help, from one seat's view only (okey_tui.practice, no Textual)."""

from __future__ import annotations

from collections import Counter

import pytest
from positions import (
    left_discard_swaps_an_okey,
    okey_owed_in_a_long_finish,
    okey_owed_where_it_finishes,
)
from positions import position as pos_hand

from okey_tui import i18n
from okey_tui.bots.expert import Advice
from okey_tui.engine import solver
from okey_tui.engine.actions import (
    AddTile,
    Discard,
    DrawMiddle,
    GiveBack,
    Lay,
    Open,
    SwapOkey,
    TakeBack,
    TakeDiscard,
    parse_action,
)
from okey_tui.engine.errors import ErrorCode, IllegalActionError, OkeyError
from okey_tui.engine.notation import format_position, parse_position
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.engine.state import Hand, Phase
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView
from okey_tui.hotseat import human_seats, next_human, parse_names
from okey_tui.practice import (
    ExpertHint,
    TurnUndo,
    expert_hint,
    hint_for,
    left_discard_advice,
    meld_words,
    penalty_question,
    penalty_warning,
    rule_for,
    safest_discards,
    shortfall_text,
    why,
)
from okey_tui.settings import TableSettings, load_settings, save_settings
from okey_tui.ui.session import Session

INDICATOR = Tile.parse("B7")  # the okey is B8
OKEY = Tile.parse("B8")


def position(
    rack: str,
    *,
    left: str = "",
    table: tuple[str, ...] = (),
    phase: Phase = Phase.DRAW,
    opened: bool = False,
    rules: RuleSet | None = None,
) -> Hand:
    """A real 106-tile position, through the notation: seat 0 to play with ``rack``.

    Seat 3 (on its left) has thrown ``left``; seat 1 laid ``table`` (and opened).
    """
    openings = ["m101" if opened else "-", "m101" if table else "-", "-", "-"]
    return pos_hand(
        [rack, "R1 R2", "Y1 Y2", "K1"],
        indicator=str(INDICATOR),
        phase=phase.value,
        rules=(rules or RuleSet()).code(),
        middle="Y11 Y12 Y13",
        discards=("", "", "", left),
        table=tuple(f"1:{t}" for t in table),
        openings="/".join(openings),
    )


# 94 in runs and sets: K10-K13 (46), a set of 10s (30), R3-R6 (18).
NINETY_FOUR = "K10 K11 K12 K13 R10 Y10 B10 R3 R4 R5 R6 Y1 K2 B3"


def test_opening_shortfall_is_stated_in_points():
    """§8 Opening: the hint's total against the floor, and how many points are missing."""
    view = PlayerView.of(position(NINETY_FOUR), 0)
    hint = hint_for(view)
    check = solver.opening_check(list(view.rack), OKEY, 101, 5)
    assert hint.check is not None and hint.check.value == check.value == 94
    assert hint.opening_line() == "94 / 101: 7 points short"
    assert hint.pairs_line() == f"{check.pair_count} / 5 pairs: {5 - check.pair_count} pairs short"
    assert shortfall_text(101, 101) == "101 / 101: enough to open"
    assert shortfall_text(100, 101) == "100 / 101: 1 point short"


def test_hint_matches_the_solver_for_a_dealt_hand():
    """The hint reads the seat's own view: the same best opening as the solver on that rack."""
    session = Session(RuleSet(), 3)
    session.play_bots()
    view = session.view()
    hint = hint_for(view)
    check = solver.opening_check(session.hand.racks[0], session.hand.okey, 101, 5)
    assert hint.check is not None
    assert hint.check.value == check.value
    assert hint.check.pair_count == check.pair_count


def test_left_discard_that_completes_an_opening_is_worth_taking():
    """§7: a picked-up discard must go into the opening this turn; R7 makes R3-R7 and 101."""
    view = PlayerView.of(position(NINETY_FOUR, left="R7"), 0)
    advice = left_discard_advice(view)
    assert advice is not None and advice.worth
    assert "101 / 101" in advice.reason


@pytest.mark.parametrize("left", ["K10", "R3"])
def test_a_left_discard_the_opening_has_already_does_not_complete_it(left: str):
    """With 111 on the rack and K3 in it, a second K3 was said to "complete an opening
    (111 / 101)": the rack opened without it. It is left, as one the opening does not need."""
    rack = NINETY_FOUR.replace("Y1 K2 B3", "R7 K1") + " Y9"  # 111 with R3-R7
    view = PlayerView.of(position(rack, left=left), 0)
    assert solver.opening_check(list(view.rack), view.okey, 101, 5).can_open_melds
    advice = left_discard_advice(view)
    assert advice is not None and not advice.worth
    assert advice.reason.startswith("leave it: you can open without it"), advice.reason


def test_left_discard_that_completes_nothing_must_be_left():
    view = PlayerView.of(position(NINETY_FOUR, left="Y6"), 0)
    advice = left_discard_advice(view)
    assert advice is not None and not advice.worth
    assert advice.reason.startswith("leave it")


def test_a_left_discard_that_adds_nothing_says_so():
    """Y6 brings the 94 on the rack no nearer the floor: "with it 94 / 101" read as if it
    did. A tile that does bring it nearer, short all the same, says what it would make."""
    view = PlayerView.of(position(NINETY_FOUR, left="Y6"), 0)
    before = solver.opening_check(list(view.rack), view.okey, 101, 5).value
    advice = left_discard_advice(view)
    assert advice is not None and not advice.worth
    assert advice.reason == (
        f"leave it: it adds nothing to your best opening ({before} / 101: {101 - before} "
        "points short), and before opening a taken tile must go into an opening this turn"
    )
    nearer = PlayerView.of(position(NINETY_FOUR, left="R2"), 0)
    with_it = solver.opening_check([*nearer.rack, Tile.parse("R2")], nearer.okey, 101, 5).value
    assert before < with_it < 101
    advice = left_discard_advice(nearer)
    assert advice is not None and advice.reason == (
        "leave it: before opening it must go into an opening this turn "
        f"(with it {with_it} / 101: {101 - with_it} points short)"
    )


def test_left_discard_after_opening_worth_taking_for_a_lay_off():
    """§9: once open, a tile that extends a table run is worth taking."""
    view = PlayerView.of(position("Y1 K2 B3", left="R6", table=("R3R4R5",), opened=True), 0)
    advice = left_discard_advice(view)
    assert advice is not None and advice.worth and "meld 1" in advice.reason


def test_left_discard_after_opening_worth_taking_for_a_lay_off_after_a_tile_of_the_rack():
    """§9: R7 fits the table's R3 R4 R5 once the rack's R6 goes on first: worth taking (it
    said "leave it: it adds to no meld and makes none"), and the reason names the R6."""
    view = PlayerView.of(position("Y1 K2 R6", left="R7", table=("R3R4R5",), opened=True), 0)
    advice = left_discard_advice(view)
    assert advice is not None and advice.worth, advice
    assert advice.reason == "adds to meld 1 on the table after your R6", advice


def test_left_discard_after_opening_worth_taking_for_an_okey_swap():
    """§8: once open, a tile that takes an okey off a table meld is worth taking (the bots
    take it); the hint said "leave it: it adds to no meld and makes none" beside the
    expert's "Take K6 from the left"."""
    view = PlayerView.of(left_discard_swaps_an_okey(), 0)
    advice = left_discard_advice(view)
    assert advice is not None and advice.worth, advice
    assert "takes the okey off meld 3" in advice.reason, advice
    hint = expert_hint(view)
    assert hint is not None and hint.action == TakeDiscard(), hint
    assert hint.headline == "Take K6 from the left" and hint.covers_left, hint
    assert any("takes the okey off meld 3" in line for line in hint.lines), hint.lines


def test_safest_discards_skip_okeys_and_playable_tiles():
    """§12: an okey or a tile playable on the table costs +101, so neither is suggested."""
    hand = position("B8 R6 K2 Y13 K9", table=("R3R4R5",), phase=Phase.PLAY)
    tips, _ = safest_discards(PlayerView.of(hand, 0))
    thrown = {tip.tile for tip in tips}
    assert Tile.parse("B8") not in thrown and Tile.parse("R6") not in thrown
    assert thrown and all(tip.reason for tip in tips)


def test_a_tile_kept_for_an_okey_swap_is_not_called_a_free_discard():
    """The hint said "meld 2: give R12, take the okey" and listed R12 among the safest
    discards: a tile that can take an okey off the table is kept, and ranked last."""
    hand = position("R4 B8 K2 Y13 K9", table=("R3*R4R5",), phase=Phase.PLAY)
    tips, _ = safest_discards(PlayerView.of(hand, 0), limit=10)
    assert tips[-1].tile == Tile.parse("R4"), tips
    assert tips[-1].reason.startswith("keep it: it can take an okey off the table")
    assert all(tip.reason.startswith("in none of your melds") for tip in tips[:-1]), tips


def test_the_spare_of_two_alike_says_the_other_is_in_the_melds():
    """Of two K12, one in the best melds: "K12 — not in your melds" read as wrong beside
    a best opening that uses a K12."""
    hand = position(NINETY_FOUR + " K12", phase=Phase.PLAY)
    tips, _ = safest_discards(PlayerView.of(hand, 0), limit=20)
    spare = next(tip for tip in tips if tip.tile == Tile.parse("K12"))
    assert spare.reason.startswith("spare (your other K12 stays in your melds)"), spare


def test_a_safe_discard_says_what_makes_it_safe_before_the_risk_left():
    """ "B1 — your other B1 is in your melds, this one is spare; 5 unseen tiles meld with it"
    read as a reason not to throw it. The reason says first what makes it safe (no meld of
    the rack needs it, no penalty), then the one risk there is, with its count."""
    hand = position(NINETY_FOUR + " K12", phase=Phase.PLAY)
    tips, _ = safest_discards(PlayerView.of(hand, 0), limit=20)
    weighed = [tip for tip in tips if "risk" in tip.reason]
    assert len(weighed) >= 3, tips  # dead tiles, kept ones and the like say something else
    for tip in weighed:
        safe, said, risk = tip.reason.partition("; the one risk: ")
        assert said and "no penalty" in safe and "your melds" in safe, tip
        assert "player on your right may use it" in risk and "unseen" in risk, tip
    spare = next(tip for tip in weighed if tip.tile == Tile.parse("K12"))
    assert spare.reason.startswith("spare (your other K12 stays in your melds)"), spare


def test_no_safe_discard_says_why():
    hand = position("B8 R6", table=("R3R4R5",), phase=Phase.PLAY)
    tips, reason = safest_discards(PlayerView.of(hand, 0))
    assert tips == ()
    assert reason is not None and "okey" in reason and "playable" in reason
    assert reason.count("(+101)") == 2
    free = position("B8 R6", table=("R3R4R5",), phase=Phase.PLAY, rules=RuleSet(penalties=False))
    _, reason = safest_discards(PlayerView.of(free, 0))
    assert reason is not None and "okey" in reason and "+101" not in reason


def test_lay_offs_and_finish_after_opening():
    """§9 and §11: an opened seat sees its lay-offs, and a finish when one exists."""
    hand = position("R6 R7 K9", table=("R3R4R5",), phase=Phase.PLAY, opened=True)
    hint = hint_for(PlayerView.of(hand, 0))
    assert {(off.tile, off.index) for off in hint.lay_offs} == {(Tile.parse("R6"), 0)}
    assert hint.finish is not None and hint.finish.discard == Tile.parse("K9")


# Seed 11 at a practice table: the human opens and swaps the okey (Y10) off meld 1, as the
# hint's finish says, and holds the okey, which must go on the table again this turn.
SWAPPED = (
    "classic/11 Y9 0p R6B9B10B2R6R3Y6B1Y3K1R7K10R9Y10K11K12B11K10B10R2FY2/"
    "B8R12K4B7R9Y13R5B5Y11B8Y7K8Y9K8K3Y11R13R8K9Y8K9/R5Y8Y4B3B7K7R4Y12/"
    "R11B5Y5B1B4Y7K6K5R12R7R4Y1K2B6R3R1Y12Y5R1Y2R13 K7R2R10B12K13Y4B2Y13K1K2B12B13Y3F "
    "B4/Y1/B3B13/B9B11 2:R8*R9R10R11,2:K3K4K5,2:K11K12K13,2:Y6B6K6 -/-/m104/- - - - | "
    "open B9B10B11 K10K11K12 R2Y2B2 R3Y3*K3 FB10K10;swap 0 R9"
)


def follow(hand: Hand, plan: solver.FinishPlan) -> None:
    """Play an opened seat's finish: swaps, melds, lay-offs, then the discard."""
    for swap in plan.swaps:
        hand.apply(SwapOkey(swap.index, swap.given))
    if plan.melds:
        hand.apply(Lay(plan.melds))
    for off in plan.lay_offs:
        before = hand.table[off.index].meld.stands_for
        meant = None
        if off.tile == hand.okey:
            meant = next(iter(Counter(off.result.stands_for) - Counter(before)))
        hand.apply(AddTile(off.tile, off.index, meant))
    hand.apply(Discard(plan.discard))


def test_a_finish_is_still_shown_while_a_swapped_okey_is_owed_to_the_table():
    """§9: after the swap the okey must be laid again this turn; the hint still shows how
    to finish from there (it used to show none), and following it goes out."""
    from okey_tui.ui.widgets.hints import hint_text

    hand = parse_position(SWAPPED)
    view = PlayerView.of(hand, 0)
    assert view.okeys_owed == 1
    hint = hint_for(view)
    finish = hint.finish
    assert finish is not None and finish.discard != hand.okey
    text = hint_text(hint).plain
    assert "You can finish now\nlay ★1 B1 K1\n" in text  # as o would stage the set
    assert "then discard Y6" in text
    # In Turkish the verb comes last, after the tiles ("indir ★1 B1 K1" read as English).
    i18n.set_language("tr")
    try:
        text = hint_text(hint_for(view)).plain
    finally:
        i18n.set_language("en")
    assert "\n★1 B1 K1 indir\n" in text and "\nsonra Y6 at" in text, text
    follow(hand, finish)
    assert hand.is_over and hand.outcome is not None and hand.outcome.finisher == 0


@pytest.mark.parametrize(("held", "thrown"), [("", "K13"), ("B8", "B8")])
def test_the_okey_owed_to_the_table_is_not_the_finishing_throw(held: str, thrown: str):
    """§9: the okey swapped off R3 ★R4 R5 must go on the table again, so the finish throws
    K13, not the okey; one okey of the seat's own may still be thrown last (x2)."""
    hand = position(f"R4 K10 K11 K12 K13 {held}", table=("R3*R4R5",), phase=Phase.PLAY, opened=True)
    hand.apply(SwapOkey(0, (Tile.parse("R4"),)))
    finish = hint_for(PlayerView.of(hand, 0)).finish
    assert finish is not None and finish.discard == Tile.parse(thrown)
    follow(hand, finish)
    assert hand.is_over and hand.outcome is not None and hand.outcome.finisher == 0


def test_the_experts_choice_is_the_finish_while_an_okey_is_owed():
    """With the okey swapped off the table still owed and 8 tiles, the panel's headline
    laid K10 K11 K12 and ★ Y6 K6 (so Y11 could not go) while its "You can finish now"
    lay everything off: following the headline lost the finish. It is now the finish's
    first step, and following the headline step by step goes out."""
    hand = okey_owed_in_a_long_finish()
    hint = hint_for(PlayerView.of(hand, 0))
    finish = hint.finish
    assert finish is not None and hint.expert is not None
    first = finish.lay_offs[0]
    assert hint.expert.action == AddTile(first.tile, first.index, None), hint.expert.action
    for _ in range(12):
        if hand.is_over:
            break
        expert = hint_for(PlayerView.of(hand, 0)).expert
        assert expert is not None
        hand.apply(expert.action)
    assert hand.outcome is not None and hand.outcome.finisher == 0


def test_a_finish_that_lays_the_taken_discard_off_is_not_offered():
    """Taken before opening, Y7 must go down in the opening (rules §7): the finishing
    search laid it off on Y8-Y11 after the opening, and "You can finish now" offered a
    plan the table refuses. No finish is offered (the search is checked to find that one)."""
    from okey_tui.engine.actions import TakeDiscard

    hand = pos_hand(
        ["R10 R11 R12 R13 B10 B11 B12 B13 K3 K4 K5 K9", "R1 R2", "Y1 Y2", "K1"],
        indicator="R6",
        phase="d",
        discards=("", "", "", "Y7"),
        table=("2:Y8Y9Y10Y11",),
        openings="-/-/m101/-",
    )
    hand.apply(TakeDiscard())
    view = PlayerView.of(hand, 0)
    table = [tm.meld for tm in view.table]
    laid_off = solver.finish_plan(
        view.rack, view.okey, table, None, True, view.melds_floor, barred=view.finish_barred()
    )
    assert laid_off is not None and laid_off.lay_offs[0].tile == Tile.parse("Y7")
    assert not view.allows_finish(laid_off)
    assert hint_for(view).finish is None


def test_a_discard_that_breaks_a_pair_says_why():
    """ "You hold two B13: discard one, keep the other" broke one of a learner's three pairs
    with no word why: the hint says the expert plays for the runs and sets, and what a
    pairs opening would need."""
    hand = pos_hand(
        [
            "R1 R1 Y2 Y2 B13 B13 R9 R10 R11 R12 K9 K10 K11 K12 Y5 Y6 Y7 B3 K1 Y13 R4 B6",
            "",
            "",
            "",
        ],
        phase="p",
    )
    hint = expert_hint(PlayerView.of(hand, 0))
    assert hint is not None and hint.action == Discard(Tile.parse("B13")), hint
    assert (
        "That breaks one of your 3 pairs: the expert plays for runs and sets here "
        "(102 / 101: enough to open); a pairs opening needs 5 pairs." in hint.lines
    ), hint.lines


def test_penalty_warnings_name_the_rule_and_the_points():
    """§12 Penalties: an okey, a playable tile and a take-back each cost +101."""
    hand = position("B8 R6 K2 Y13", table=("R3R4R5",), phase=Phase.PLAY)
    view = PlayerView.of(hand, 0)
    okey = penalty_warning(view, Discard(Tile.parse("B8")))
    assert okey is not None and "+101" in okey and "§12" in okey
    playable = penalty_warning(view, Discard(Tile.parse("R6")))
    assert playable is not None and "meld 1" in playable and "+101" in playable
    assert penalty_warning(view, Discard(Tile.parse("K2"))) is None
    assert "§10" in (penalty_warning(view, TakeBack()) or "")
    assert penalty_warning(view, GiveBack()) is None  # free by default


def test_penalty_warnings_write_tiles_as_the_rack_shows_them():
    """The warning said "F can be added to meld 1" where the rack shows F✦."""
    hand = position("B8 F K2 Y13", table=("B5B6B7",), phase=Phase.PLAY)
    view = PlayerView.of(hand, 0)
    false_okey = penalty_warning(view, Discard(Tile.parse("F")))
    assert false_okey is not None and false_okey.startswith("F✦ can be added to meld 1")
    okey = penalty_warning(view, Discard(Tile.parse("B8")))
    assert okey is not None and okey.startswith("B8★ is an okey")


def test_the_penalty_question_names_what_would_be_done():
    """The question under a warning said "Do it anyway?" whatever was asked ("Yine de
    yapılsın mı?"): it names the discard, the take-back or the give-back."""
    hand = position("B8 R6 K2 Y13", table=("R3R4R5",), phase=Phase.PLAY)
    view = PlayerView.of(hand, 0)
    assert penalty_question(view, Discard(Tile.parse("B8"))) == "Discard it anyway?"
    assert penalty_question(view, Discard(Tile.parse("R6"))) == "Discard it anyway?"
    assert penalty_question(view, TakeBack()) == "Take them back anyway?"


@pytest.mark.parametrize(
    ("openings", "rules", "said"),
    [
        ("m101/m101/-/-", RuleSet(), ""),
        ("-/m101/-/-", RuleSet(), "You cannot add it before you open"),
        ("p5/m101/-/-", RuleSet(), "a pairs opener may not add it either"),
        ("p5/m101/-/-", RuleSet(pairs_opener_lays_off=True), ""),
    ],
)
def test_a_playable_tile_the_seat_may_not_add_says_so(
    openings: str, rules: RuleSet, said: str
) -> None:
    """A pairs opener throwing K2 was told "K2 can be added to meld 1 … costs +101",
    pressed a and was refused: the warning says when the seat may not add it either."""
    hand = pos_hand(
        ["R6 K2 Y13 B9", "R1 R2", "Y1 Y2", "K1"],
        indicator=str(INDICATOR),
        phase="p",
        rules=rules.code(),
        middle="Y11 Y12 Y13",
        table=("1:R3R4R5",),
        openings=openings,
    )
    warning = penalty_warning(PlayerView.of(hand, 0), Discard(Tile.parse("R6")))
    assert warning is not None and warning.startswith("R6 can be added to meld 1"), warning
    if said:
        assert said in warning and warning.endswith("keep it, or pay."), warning
        assert "a adds it" not in warning, warning
    else:
        assert "keep it, or pay" not in warning, warning
        # A seat that may lay it off is told how, at no cost ("what do I do then?").
        assert warning.endswith("a adds it to that meld instead, at no cost."), warning


def test_no_penalty_table_and_the_finishing_throw_warn_of_nothing():
    free = position("B8 R6", table=("R3R4R5",), phase=Phase.PLAY, rules=RuleSet(penalties=False))
    assert penalty_warning(PlayerView.of(free, 0), Discard(Tile.parse("B8"))) is None
    last = position("B8", table=("R3R4R5",), phase=Phase.PLAY, opened=True)
    assert penalty_warning(PlayerView.of(last, 0), Discard(Tile.parse("B8"))) is None


def refusal(hand: Hand, action: str) -> OkeyError:
    """The engine's refusal of ``action`` (the hand is left unchanged)."""
    before = format_position(hand)
    with pytest.raises(OkeyError) as caught:
        hand.apply(parse_action(action, hand.okey))
    assert format_position(hand) == before
    return caught.value


@pytest.mark.parametrize(
    ("make", "action", "code", "section"),
    [
        (
            lambda: position(NINETY_FOUR, phase=Phase.PLAY),
            "open K10K11K12K13 R10Y10B10 R3R4R5R6",
            ErrorCode.OPENING_BELOW_FLOOR,
            "§8 Opening",
        ),
        (lambda: position(NINETY_FOUR, left="R7"), "take", None, None),
        (
            lambda: position("R3 R4 R5", phase=Phase.PLAY, opened=True),
            "lay R3R4R5",
            ErrorCode.KEEP_ONE_TILE,
            "§6 A turn",
        ),
        (
            lambda: position(NINETY_FOUR, phase=Phase.PLAY, opened=True),
            "lay R3K2B3",
            ErrorCode.NOT_A_RUN_OR_SET,
            "§5 Melds",
        ),
        (
            lambda: position(NINETY_FOUR, phase=Phase.PLAY),
            "takeback",
            ErrorCode.NOTHING_TO_TAKE_BACK,
            "§10 Taking back",
        ),
        (
            lambda: position("R6 K2", table=("R3R4R5",), phase=Phase.PLAY),
            "add R6>0",
            ErrorCode.NOT_OPENED,
            "§9 After opening",
        ),
        (
            lambda: position("R9 K2", table=("R3R4R5",), phase=Phase.PLAY, opened=True),
            "add R9>0",
            ErrorCode.TILE_DOES_NOT_FIT,
            "§9 After opening",
        ),
    ],
)
def test_every_refusal_names_its_rule_from_its_code(make, action, code, section):
    """The rule a refusal cites comes from its code and rule, never from its words."""
    hand = make()
    if code is None:  # a taken discard that is then thrown away: §7
        hand.apply(TakeDiscard())
        action, code, section = "discard K2", ErrorCode.TAKEN_MUST_BE_USED, "§7"
    error = refusal(hand, action)
    assert error.code is code and error.rule == code.rule
    assert section in (rule_for(error) or "")
    assert why(error) == f"{error} (rules {rule_for(error)})"
    # The same words without a code cite nothing: the message is never read.
    assert rule_for(IllegalActionError(str(error))) is None
    assert rule_for(ValueError(str(error))) is None


def test_a_refusal_carries_its_numbers():
    error = refusal(position(NINETY_FOUR, phase=Phase.PLAY), "open K10K11K12K13 R10Y10B10 R3R4R5R6")
    assert error.params["value"] == 94 and error.params["floor"] == 101
    error = refusal(position("R9 K2", table=("R3R4R5",), phase=Phase.PLAY, opened=True), "add R9>0")
    assert error.params["tile"] == Tile.parse("R9")
    assert str(error.params["meld"]) == "R3 R4 R5"


def test_undo_restores_the_position_before_each_step():
    """Practice undo: the take and the opening are undone; the draw from the middle is not."""
    hand = position(NINETY_FOUR, left="R7")
    start = format_position(hand)
    undo = TurnUndo()
    undo.before(hand, TakeDiscard())
    hand.apply(TakeDiscard())
    undo.after(hand, TakeDiscard(), True)
    after_take = format_position(hand)
    best = solver.best_melds(hand.racks[0], OKEY)
    action = Open(best.melds)
    undo.before(hand, action)
    hand.apply(action)
    undo.after(hand, action, True)
    assert hand.openings[0] is not None
    assert undo.undo(hand) == "the opening"
    assert format_position(hand) == after_take and hand.openings[0] is None
    assert undo.undo(hand) == "taking the left discard"
    assert format_position(hand) == start and hand.phase is Phase.DRAW
    assert undo.undo(hand) is None


def test_hot_seat_seats():
    assert human_seats(1) == (0,)
    assert human_seats(2, together=True) == (0, 2)  # across (partners at a partners table)
    assert human_seats(2, together=False) == (0, 1)  # side by side (opponents there)
    assert human_seats(4) == (0, 1, 2, 3)
    assert next_human((0, 2), 1) == 2
    assert parse_names("Ayşe,Mehmet") == ("Ayşe", "Mehmet")


def test_hot_seat_session_names_and_turns():
    session = Session(RuleSet(), 125)
    session.humans = (0, 2)
    session.human_names = ("Mehmet",)
    assert session.seat_name(2) == "Mehmet" and session.seat_level(2) is None
    assert session.seat_level(1) == "normal"
    session.viewer = 2
    assert session.view().seat == 2


def test_old_settings_files_still_load(tmp_path, monkeypatch):
    monkeypatch.setenv("OKEY101_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text(
        '{"version": 1, "table": {"game_type": "rising", "name": "Can"}}', encoding="utf-8"
    )
    old = load_settings()
    assert old.game_type == "rising" and not old.practice and old.humans == 1
    save_settings(TableSettings(practice=True, humans=2, human_names=("Ayşe",)))
    again = load_settings()
    assert again.practice and again.humans == 2 and again.human_names == ("Ayşe",)


def advised(monkeypatch: pytest.MonkeyPatch, view: PlayerView, advice: Advice) -> ExpertHint | None:
    """The practice hint for ``view`` when the expert's search gives ``advice`` (crafted)."""
    from okey_tui.bots.expert import ExpertBot

    monkeypatch.setattr(ExpertBot, "advise", lambda self, view: advice)
    return expert_hint(view)


def test_an_expert_hint_never_calls_a_throw_better_than_the_one_it_gives() -> None:
    """The expert keeps its own throw unless the deals beat it clearly: a throw that came out
    a little better is named as about equally good (or, on a last turn where every throw
    writes the same, as doing about as well), never as "better" beside the choice."""
    from okey_tui import practice
    from okey_tui.bots.base import make_bot
    from okey_tui.bots.driver import play_bot_step
    from okey_tui.bots.expert import ExpertBot
    from okey_tui.engine.match import Match
    from okey_tui.practice import HINT_SAMPLES, expert_hint

    close_calls = 0
    # Hard bots, seed 2: seat 1 meets such a throw in the hand (a second one, on its last
    # turn, went once the expert took the best throw where no draw is left).
    hand = Match(RuleSet(hands=1), 2).hand
    bots = [make_bot("hard") for _ in range(4)]
    while not hand.is_over:
        if hand.turn == 0 and hand.phase is Phase.PLAY:
            view = PlayerView.of(hand, 0)
            hint = expert_hint(view)
            assert hint is not None
            # The hint's budget (the tests give it all the time it needs): with the bot's
            # own, a busy machine cut its search short and it threw another tile.
            advice = ExpertBot(samples=HINT_SAMPLES, budget_ms=practice.HINT_BUDGET_MS).advise(view)
            assert hint.action == advice.action
            for line in hint.lines:
                assert not ("instead:" in line and "better" in line), line
            chosen = next((o for o in advice.options if o.action == advice.action), None)
            if chosen is not None and any(
                round(o.score - chosen.score) > 0 for o in advice.options
            ):
                close_calls += 1
                close = ("about equally good", "would do about as well")
                assert any(c in line for line in hint.lines for c in close), hint.lines
        play_bot_step(hand, bots[hand.turn])
    assert close_calls >= 1


def test_a_hold_hint_says_why_a_throw_with_more_straight_outs_was_passed_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hold ranks its throws by the straight outs and by how near the rest stays to one:
    the hint gives that reason for a throw that went straight out in more deals."""
    from okey_tui.bots.expert import Advice, Option
    from okey_tui.engine.match import Match

    hand = Match(RuleSet(hands=1), 3).hand
    view = PlayerView.of(hand, hand.turn)
    first, second = sorted(set(view.rack), key=Tile.sort_key)[:2]
    kept, other = Discard(first), Discard(second)
    advice = Advice(
        kept,
        (
            Option(kept, 0.0, 1.0, 0.0, 0.0, short=2.0),
            Option(other, 404 / 32, 1.0, 1 / 32, 0.0, short=6.0),
        ),
        32,
        "hold",
    )
    hint = advised(monkeypatch, view, advice)
    assert hint is not None and hint.action == kept
    text = "\n".join(hint.lines)
    assert f"Discarding {second} went straight out a little more often" in text
    assert "(in 1 more guess)" in text and "further from a straight out" in text
    assert "instead:" not in text


# 179 in runs: R9-R13 and Y9-Y13 (55 each), B11-B13 (36), K10-K12 (33); the rest loose.
BIG_HOLD = "R9 R10 R11 R12 R13 Y9 Y10 Y11 Y12 Y13 B11 B12 B13 K10 K11 K12 R1 Y3 B5 K7 B2 B6"


@pytest.mark.parametrize("at", ["discard", "draw"])
@pytest.mark.parametrize(
    ("game_type", "partners", "bonus", "rises"),
    [
        (GameType.RISING, False, True, "another player"),
        (GameType.RISING, True, True, "an opponent"),
        (GameType.FIFTY_ONE, False, False, "another player"),
        (GameType.CLASSIC, False, False, None),
    ],
)
def test_a_hold_hint_says_what_else_waiting_puts_at_stake_at_this_table(
    monkeypatch: pytest.MonkeyPatch,
    game_type: GameType,
    partners: bool,
    bonus: bool,
    rises: str | None,
    at: str,
) -> None:
    """Holding an opening back risks more than the 202 of a hand never opened where the
    table gives a big opening its bonus (Rising, Challenge: 179 points take 101 off the
    hand's score when opened, lost if someone goes out first), and where each opening
    raises the floor (another player's opening of as many points first leaves the held one
    short: at a partners table, the other side's opening). A table with neither says
    neither. So says a hold's discard, and a hold's draw instead of the left discard that
    would force the opening down."""
    from okey_tui.bots.expert import Option

    rules = RuleSet(game_type=game_type, partners=partners)
    action: Discard | DrawMiddle
    if at == "discard":
        hand = position(BIG_HOLD, phase=Phase.PLAY, rules=rules)
        action = Discard(Tile.parse("B6"))
    else:
        hand = position(BIG_HOLD.removesuffix(" B6"), left="R8", rules=rules)
        action = DrawMiddle()
    view = PlayerView.of(hand, 0)
    advice = Advice(action, (Option(action, 0.0, 1.0, 0.0, 0.0),), 8, "hold")
    hint = advised(monkeypatch, view, advice)
    assert hint is not None and hint.action == action, hint
    text = "\n".join(hint.lines)
    assert "Hold" in hint.headline or "Hold the opening back" in text, (hint.headline, text)
    said_bonus = "Opened now, your 179 points also take 101 off your score for this hand"
    said_rise = "opens with 179 points or more before you, your 179 points are no longer enough"
    assert (said_bonus in text) is bonus, text
    assert (said_rise in text) is (rises is not None), text
    if rises is not None:
        assert f"if {rises} opens with 179 points" in text, text


@pytest.mark.parametrize(
    ("rate", "said"),
    [
        (0.375, "Drawing, you go out in one turn before the middle runs out in 3 of the 8 guesses"),
        (
            0.0,
            "In none of the 8 guesses the expert made at the tiles you cannot see do you go out in one turn",
        ),
        # Held without weighing the odds (as the expert does by default): no odds to give.
        (None, "Taking K9 would make your only opening and force it down now"),
    ],
)
def test_a_hold_at_the_draw_gives_its_odds(
    monkeypatch: pytest.MonkeyPatch, rate: float | None, said: str
) -> None:
    """ "Draw from the middle: taking K9 would force you to open now … every other player
    then scores 404": a learner passing up a sure opening was not told how often the
    straight out came, as a hold's discard tells it. Then, once, the take that opens as
    the safer alternative, not as a second answer ("If you would rather not take that
    risk, take K9 and open" named a risk it had not said)."""
    from okey_tui.bots.expert import Option

    hand = pos_hand(["K10 K11 R5 R6 R7", "", "", ""], phase="d", discards=["", "", "", "K9"])
    view = PlayerView.of(hand, 0)
    draw, take = DrawMiddle(), TakeDiscard()
    options = (
        (Option(draw, 40.0, 1.0, rate, 0.0), Option(take, 30.0, 1.0, 0.0, 0.0))
        if rate is not None
        else ()
    )
    hint = advised(monkeypatch, view, Advice(draw, options, 8 if options else 0, "hold"))
    assert hint is not None and hint.headline == "Draw from the middle"
    text = " ".join(hint.lines)
    assert said in text, hint.lines
    safer = (
        "Taking K9 and opening now instead is safer: if an opponent goes out before you "
        "open, you score 202, as a hand never opened."
    )
    assert text.count(safer) == 1 and text.index(said) < text.index(safer), hint.lines
    assert "rather not" not in text and "safe choice" not in text


@pytest.mark.parametrize(
    ("rack", "first", "pairs"),
    [
        # An opening in hand already: the take forces it down; the hint says hold it back.
        (
            "K10 K11 K12 K13 R10 Y10 B10 R13 Y13 B13 R5",
            "Taking K9 would force you to open now",
            False,
        ),
        # K9 makes the only opening (K9 K10 K11 beside two sets: 105): nothing is held yet.
        (
            "K10 K11 R12 Y12 B12 R13 Y13 B13 R5 Y7",
            "Taking K9 would make your only opening and force it down now",
            False,
        ),
        # K9 makes a fifth pair, the only opening: laid now, no straight out is left.
        (
            "R1 R1 Y2 Y2 B3 B3 K4 K4 K9 R6 Y8",
            "Taking K9 would make your only opening and force it down now",
            True,
        ),
    ],
)
def test_a_hold_at_the_draw_says_what_the_take_would_open(
    monkeypatch: pytest.MonkeyPatch, rack: str, first: str, pairs: bool
) -> None:
    """ "Taking B9 would force you to open now … Hold the opening back" was said to a
    learner whose rack held no opening (B9 made their fifth pair): the hint now tells an
    opening held back from one the take would make, and says when that one is pairs."""
    from okey_tui.bots.expert import Option

    hand = pos_hand([rack, "", "", ""], phase="d", discards=["", "", "", "K9"])
    view = PlayerView.of(hand, 0)
    draw, take = DrawMiddle(), TakeDiscard()
    options = (Option(draw, 40.0, 1.0, 0.25, 0.0), Option(take, 30.0, 1.0, 0.0, 0.0))
    hint = advised(monkeypatch, view, Advice(draw, options, 8, "hold"))
    assert hint is not None and hint.headline == "Draw from the middle"
    assert hint.lines[0].startswith(first), hint.lines
    assert (f"With {view.middle_count} tiles still in the middle" in hint.lines[0]) is (
        "only opening" in first
    )
    said_pairs = [line for line in hint.lines if line.startswith("The opening K9 makes is pairs")]
    assert bool(said_pairs) is pairs, hint.lines
    # Opening this turn as the safer alternative: an opening in hand can also go down after
    # the draw ("Taking K9 and opening now" was said as if the take were the only way).
    safer = (
        "Taking K9 and opening now instead is safer"
        if "only opening" in first
        else "Opening this turn instead is safer (after the draw, or by taking K9): if an "
        "opponent goes out before you open, you score 202, as a hand never opened."
    )
    assert sum(safer in line for line in hint.lines) == 1, hint.lines


def test_an_opened_last_turn_hint_splits_a_cost_into_points_in_hand_and_what_it_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Opened, the middle running out: "the hand ends with what you hold", then "R3
    instead: about 11 points worse" beside a K13 kept (10 more in hand): a learner adding
    it up could not follow. A cost past the points kept says where the rest comes from."""
    from okey_tui.bots.expert import Option

    hand = pos_hand(
        ["B1 B2 K1 K1 Y3 R9 K13", "", "", ""],
        phase="p",
        middle="R13 Y13",
        rest="rack1",
        openings="m101/-/-/-",
    )
    view = PlayerView.of(hand, 0)
    assert view.later_draws == 0
    kept, plain, fed = (Discard(Tile.parse(t)) for t in ("K13", "Y3", "R9"))
    options = (
        Option(kept, -8.0, 0.0, 0.0, 0.0),
        Option(plain, -18.0, 0.0, 0.0, 0.0),  # 10 more in hand: all of it
        Option(fed, -19.0, 0.0, 0.0, 0.05),  # 4 more in hand, 7 for what it gives
    )
    hint = advised(monkeypatch, view, Advice(kept, options, 8, "discard"))
    assert hint is not None and hint.action == kept
    text = "\n".join(hint.lines)
    assert "the hand ends with what you hold" in text
    assert "Discarding Y3 instead: about 10 points worse.\n" in text + "\n", text
    assert (
        "Discarding R9 instead: about 11 points worse: 4 more points in hand, the rest for "
        "what it would give the player on your right." in text
    ), text


def test_a_holds_other_throw_that_never_goes_out_says_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hold's alternatives are said in guesses: "in 0 of the 8 guesses" read badly."""
    from okey_tui.bots.expert import Option

    hand = pos_hand(["R10 R11 R12 R13 B10 B11 B12 B13 K3 K4 K5 K9 Y1 Y2", "", "", ""], phase="p")
    view = PlayerView.of(hand, 0)
    held, other = Discard(Tile.parse("K9")), Discard(Tile.parse("Y1"))
    options = (
        Option(held, 50.0, 1.0, 0.25, 0.0, 1.0),
        Option(other, 0.0, 1.0, 0.0, 0.0, 2.0),
    )
    hint = advised(monkeypatch, view, Advice(held, options, 8, "hold"))
    assert hint is not None and hint.action == held
    assert "Discarding Y1 instead: you go out in one turn in none of the 8 guesses." in (
        hint.lines
    ), hint.lines


def test_a_pairs_openers_last_turn_hint_counts_the_points_in_hand_double(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Opened with pairs, the middle running out: "Y2 instead: 8 more points in hand"
    where the summary then counted 16 (a pairs opener's tiles count double)."""
    from okey_tui.bots.expert import Option

    hand = pos_hand(
        ["B1 B2 K1 K1 Y3 R9 K13", "", "", ""],
        phase="p",
        middle="R13 Y13",
        rest="rack1",
        openings="p5/-/-/-",
    )
    view = PlayerView.of(hand, 0)
    assert view.later_draws == 0
    kept, fed = Discard(Tile.parse("K13")), Discard(Tile.parse("R9"))
    options = (
        Option(kept, -16.0, 0.0, 0.0, 0.0),
        Option(fed, -40.0, 0.0, 0.0, 0.05),  # 8 more in hand (4 doubled), 16 for what it gives
    )
    hint = advised(monkeypatch, view, Advice(kept, options, 8, "discard"))
    assert hint is not None and hint.action == kept
    assert (
        "Discarding R9 instead: about 24 points worse: 8 more points in hand (a pairs "
        "opener's count double), the rest for what it would give the player on your right."
        in hint.lines
    ), hint.lines


@pytest.mark.parametrize("opened", [True, False])
def test_a_last_turn_hint_says_why_a_throw_that_keeps_fewer_points_is_worse(
    monkeypatch: pytest.MonkeyPatch, opened: bool
) -> None:
    """The middle runs out before the seat's next turn. Opened, a hint said "Discard B1 …
    Y3 instead: about 14 points worse" though Y3 left fewer points in hand: the cost was
    feeding the right seat, and the hint now names it. Unopened, every throw writes 202:
    the hint said "about 1 point worse" (how near the floor the rack stayed); now it
    says so, and only what the others get sets the throws apart."""
    from okey_tui.bots.expert import Advice, Option

    hand = pos_hand(
        ["B1 B2 K1 K1 Y3 R9", "", "", ""],
        phase="p",
        middle="R13 Y13",
        rest="rack1",
        openings="m101/-/-/-" if opened else "-/-/-/-",
    )
    view = PlayerView.of(hand, 0)
    assert view.later_draws == 0
    kept, fed, near = (
        Discard(Tile.parse("B1")),
        Discard(Tile.parse("Y3")),
        Discard(Tile.parse("R9")),
    )
    advice = Advice(
        kept,
        (
            Option(kept, -7.0, 0.0, 0.0, 0.0),
            Option(near, -8.0, 0.0, 0.0, 0.05),
            Option(fed, -19.0, 0.0, 0.0, 0.75),
        ),
        8,
        "discard",
    )
    hint = advised(monkeypatch, view, advice)
    assert hint is not None and hint.action == kept
    text = "\n".join(hint.lines)
    assert (
        "Discarding Y3 instead: about 12 points worse: it would help the player on your "
        "right in 6 of the 8 racks the expert guessed they could hold." in text
    ), text
    if opened:
        assert "Discarding R9 instead: about 1 point worse." in text, text
    else:
        assert "you score 202 whatever you discard" in text, text
        assert "R9 would do about as well." in text and "R9 instead" not in text, text
        # With the other choices, not after the note on what their points mean.
        note = next(i for i, line in enumerate(hint.lines) if line.startswith("(Points:"))
        assert hint.lines.index("R9 would do about as well.") < note, hint.lines


def test_a_last_turn_hint_unopened_says_a_penalty_discard_costs_more_than_202(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Unopened, with the middle running out: "you score 202 whatever you discard" was said
    to a player holding R9, which fits a table meld: discarding it writes +101 more."""
    from okey_tui.bots.expert import Advice, Option

    hand = pos_hand(
        ["B1 B2 K1 K1 Y3 R9", "", "", ""],
        phase="p",
        middle="R13 Y13",
        rest="rack1",
        table=["1:R6R7R8"],
        openings="-/m101/-/-",
    )
    view = PlayerView.of(hand, 0)
    assert view.later_draws == 0 and view.penalty_for(Discard(Tile.parse("R9"))) is not None
    kept = Discard(Tile.parse("B1"))
    advice = Advice(kept, (Option(kept, -7.0, 0.0, 0.0, 0.0),), 8, "discard")
    hint = advised(monkeypatch, view, advice)
    assert hint is not None
    text = "\n".join(hint.lines)
    assert "whatever you discard" not in text, text
    assert (
        "you have not opened: you score 202, and +101 more for a discard that costs a "
        "penalty (a tile that fits a table meld, or the okey)." in text
    ), text


def test_the_expert_hint_counts_the_hidden_tiles_in_plain_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The expert makes a few guesses at the tiles the player cannot see. The hint says in
    how many of them a discard reaches the floor, and what another discard or a take costs
    on average, in plain words: no "deals", in English or in Turkish."""
    from okey_tui import i18n
    from okey_tui.bots.expert import Advice, ExpertBot, Option
    from okey_tui.engine.actions import DrawMiddle
    from okey_tui.practice import expert_hint

    def said(view: PlayerView) -> str:
        hint = expert_hint(view)
        assert hint is not None
        return "\n".join(hint.lines)

    view = PlayerView.of(position(NINETY_FOUR, phase=Phase.PLAY), 0)
    kept, other = Discard(Tile.parse("Y1")), Discard(Tile.parse("K2"))
    thrown = Advice(
        kept,
        (Option(kept, -20.0, 5 / 8, 0.0, 0.0), Option(other, -32.0, 2 / 8, 0.0, 0.0)),
        8,
        "discard",
    )
    drawn = Advice(
        DrawMiddle(),
        (Option(DrawMiddle(), -20.0, 0, 0, 0), Option(TakeDiscard(), -27.0, 0, 0, 0)),
        8,
        "draw",
    )
    monkeypatch.setattr(ExpertBot, "advise", lambda self, view: thrown)
    text = said(view)
    assert "in 5 of the 8 guesses the expert made at the tiles you cannot see." in text
    assert "K2 instead: about 12 points worse." in text
    assert "deal" not in text
    monkeypatch.setattr(ExpertBot, "advise", lambda self, view: drawn)
    draw_view = PlayerView.of(position(NINETY_FOUR, left="Y6"), 0)
    text = said(draw_view)
    assert "Taking it instead: about 7 points worse on average" in text
    assert (
        "over the 8 guesses the expert made at the tiles you cannot see" in text
        and "deal" not in text
    )

    i18n.set_language("tr")
    assert "yaklaşık 7 puan daha kötü" in said(draw_view)
    monkeypatch.setattr(ExpertBot, "advise", lambda self, view: thrown)
    text = said(view)
    assert "uzmanın görmediğin taşlar için yaptığı 8 denemenin 5 tanesinde" in text
    assert "yaklaşık 12 puan daha kötü" in text
    assert "dağılım" not in text and "dağıtım" not in text


def test_the_take_tip_never_says_take_what_the_expert_would_leave():
    """§7 and §8: B9 on the left completes a pairs opening, but the expert draws instead (it
    holds the opening back for a straight out). The first-hand tip must not tell the learner
    to take it while the hint panel says to draw; it still teaches the draw."""
    from positions import position as deal

    from okey_tui.engine.actions import DrawMiddle
    from okey_tui.practice import expert_hint
    from okey_tui.ui.tips import FIRST_DRAW, Walkthrough

    rack = "R2 R3 R6 R6 R7 R9 Y3 Y6 Y10 B1 B2 B4 B9 B10 B10 B11 K1 K10 K10 K11 K12"
    hand = deal([rack, "", "", ""], indicator="Y9", phase="d", discards=("", "", "", "B9"))
    view = PlayerView.of(hand, 0)
    advice = left_discard_advice(view)
    assert advice is not None and advice.worth
    expert = expert_hint(view)
    assert expert is not None and isinstance(expert.action, DrawMiddle)
    walkthrough = Walkthrough()
    tips = [tip.text for tip in walkthrough.due(view)]
    assert tips[0] == FIRST_DRAW and not any("worth taking" in tip for tip in tips), tips
    assert (0, "take") not in walkthrough.shown  # kept for a tile the expert would take
    opened = position("Y1 K2 B3 K9 K11 Y7", left="R6", table=("R3R4R5",), opened=True)
    tips = walkthrough.due(PlayerView.of(opened, 0))
    assert len(tips) == 1 and "R6" in tips[0].text and "Press t" in tips[0].text
    assert tips[0].draw_phase


def test_the_experts_melds_read_as_the_panel_shows_them():
    """The expert's headline names the melds to lay as the panel and the table show them,
    tile by tile, an okey as a star and what it stands for: not in the notation of the tests
    ("Y1Y2*Y3")."""
    from okey_tui.practice import meld_words

    table = ("R3*R4R5",)
    hand = position("K10 K11 K12 K13 R11 Y11 B11 R12 Y12 B12 Y1 Y2 B8 K2", phase=Phase.PLAY)
    hint = hint_for(PlayerView.of(hand, 0))
    assert hint.expert is not None and "*" not in hint.expert.headline + "".join(hint.expert.lines)
    laid = position("Y1 Y2 B8 K2 K5", table=table, phase=Phase.PLAY, opened=True)
    hint = hint_for(PlayerView.of(laid, 0))
    assert hint.expert is not None and isinstance(hint.expert.action, Lay)
    assert hint.expert.headline == f"Lay {meld_words(hint.expert.action.melds[0], OKEY)} now"
    assert "★" in hint.expert.headline and "*" not in hint.expert.headline


def test_a_finish_that_would_throw_the_taken_discard_gives_way_to_one_that_uses_it():
    """§6: a taken discard must be used this turn. Throwing K13, the highest tile, after
    laying K10 K11 K12 and adding B5 is not allowed with K13 taken; the hint finds the
    finish that lays K11 K12 K13 and throws K10 (it used to show no finish at all)."""
    hand = position("K10 K11 K12 B5", left="K13", table=("B2B3B4",), opened=True)
    hand.apply(TakeDiscard())
    finish = hint_for(PlayerView.of(hand, 0)).finish
    assert finish is not None and finish.discard == Tile.parse("K10")
    follow(hand, finish)
    assert hand.is_over and hand.outcome is not None and hand.outcome.finisher == 0


def test_the_expert_hint_counts_no_more_draws_than_the_middle_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The expert looks three draws ahead, fewer when the middle runs out first: with 4
    tiles left in the middle the hint speaks of 1 draw, not of 3 the seat will never make;
    with 3 the others empty it before the seat's turn, and the hint says the hand ends."""
    from okey_tui.bots.expert import Advice, ExpertBot, Option
    from okey_tui.practice import expert_hint

    kept, other = Discard(Tile.parse("Y1")), Discard(Tile.parse("K2"))
    thrown = Advice(
        kept,
        (Option(kept, -20.0, 5 / 8, 0.0, 0.0), Option(other, -32.0, 2 / 8, 0.0, 0.0)),
        8,
        "discard",
    )
    monkeypatch.setattr(ExpertBot, "advise", lambda self, view: thrown)

    def said(hand: Hand) -> str:
        hint = expert_hint(PlayerView.of(hand, 0))
        assert hint is not None
        return "\n".join(hint.lines)

    early = said(position(NINETY_FOUR, phase=Phase.PLAY))
    assert "you could open (101 points or 5 pairs) within 3 draws in 5 of the 8 guesses" in early
    late = pos_hand([NINETY_FOUR, "", "", ""], phase="p", middle="R1 R2 Y2 Y3", rest="discard1")
    assert len(late.middle) == 4  # the three others draw three: one is left for the seat
    text = said(late)
    assert "within 1 draw in 5 of the 8 guesses" in text and "3 draws" not in text
    last = pos_hand([NINETY_FOUR, "", "", ""], phase="p", middle="R1 R2 Y2", rest="discard1")
    text = said(last)  # the three others empty the middle: the seat draws no more
    assert "If the others all draw from the middle, it runs out before your next turn" in text
    assert "within" not in text, text  # no draw of its own is counted


def test_the_expert_hint_says_when_the_discard_is_one_of_two_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "Discard Y1" beside a best opening that starts with Y1 read as bad advice when the
    rack held two Y1: the hint says to discard one and keep the other."""
    from okey_tui.bots.expert import Advice, ExpertBot, Option
    from okey_tui.practice import expert_hint

    kept = Discard(Tile.parse("R3"))
    advice = Advice(kept, (Option(kept, -20.0, 5 / 8, 0.0, 0.0),), 8, "discard")
    monkeypatch.setattr(ExpertBot, "advise", lambda self, view: advice)

    def said(rack: str) -> list[str]:
        hint = expert_hint(PlayerView.of(position(rack, phase=Phase.PLAY), 0))
        assert hint is not None and hint.headline == "Discard R3"
        return list(hint.lines)

    two = NINETY_FOUR.replace("K2", "R3")
    assert "You hold two R3: discard one, keep the other." in said(two)
    assert not any("You hold two" in line for line in said(NINETY_FOUR))


def test_a_hint_whose_guesses_never_open_says_it_is_unlikely_not_0_of_8(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hint "you could open within 3 draws in 0 of the 8 guesses" read as an odd promise:
    with no guess reaching it, the hint says opening (or going out) that soon is unlikely."""
    from okey_tui import i18n
    from okey_tui.bots.expert import Advice, Option
    from okey_tui.practice import expert_hint

    view = PlayerView.of(position(NINETY_FOUR, phase=Phase.PLAY), 0)
    kept, other = Discard(Tile.parse("Y1")), Discard(Tile.parse("K2"))
    never = Advice(
        kept,
        (Option(kept, -20.0, 0.0, 0.0, 0.0), Option(other, -32.0, 0.0, 0.0, 0.0)),
        8,
        "discard",
    )
    hint = advised(monkeypatch, view, never)
    assert hint is not None
    text = "\n".join(hint.lines)
    assert "in 0 of the 8" not in text, text
    assert "Opening (101 points or 5 pairs) within" in text and "is unlikely" in text, text
    assert "none of the 8 guesses the expert made at the tiles you cannot see" in text, text
    i18n.set_language("tr")
    hint = expert_hint(view)
    assert hint is not None and "0 tanesinde" not in "\n".join(hint.lines)


def test_hints_at_the_end_of_the_middle_say_the_hand_ends() -> None:
    """With no draw of the seat's own left (the middle empties before its next turn) the
    hint said "you could go out within 1 draw in 2 of the 8 guesses"; with the middle
    empty it said "Draw from the middle" and listed lay-offs that no longer come."""
    from okey_tui.practice import expert_hint, hint_for

    rack = "R3 R4 R5 R6 K10 K11 K12 Y10 B10 R10 Y1 K2 B3 R12"
    late = pos_hand(
        [rack, "", "", ""],
        indicator=str(INDICATOR),
        phase="p",
        middle="Y11 Y12 Y13",
        rest="rack1",
    )
    view = PlayerView.of(late, 0)
    assert view.middle_count == 3
    hint = expert_hint(view)
    assert hint is not None
    text = "\n".join(hint.lines)
    assert "it runs out before your next turn" in text, text
    assert "within" not in text, text

    empty = pos_hand(
        ["R10 K2 K9 Y4", "B1 B2 B3", "", ""],
        indicator=str(INDICATOR),
        phase="d",
        middle="",
        rest="rack2",
        table=("1:R7R8R9",),
        openings="m101/m101/-/-",
    )
    view = PlayerView.of(empty, 0)
    assert view.middle_count == 0 and view.left_discard is None
    hint = expert_hint(view)
    assert hint is not None and hint.headline == "Draw: the middle is empty, so the hand ends"
    assert hint_for(view).lay_offs == ()
    # Nor discards: "Safest discards" was listed under it.
    assert hint_for(view).discards == ()
    assert hint_for(view).no_safe_discard == (
        "none: your draw ends the hand, with nothing to discard"
    )


def test_a_hint_with_the_middle_empty_says_so_not_that_it_runs_out() -> None:
    """With the middle at 0 the hint said "If the others all draw from the middle, it runs
    out before your next turn": it has run out. It says the middle is empty."""
    from okey_tui.practice import expert_hint

    empty = pos_hand(
        ["K2 K9 Y4 B13 Y7", "B1 B2 B3", "", ""],
        indicator=str(INDICATOR),
        phase="p",
        middle="",
        rest="rack2",
        table=("1:R7R8R9",),
        openings="m101/m101/-/-",
    )
    view = PlayerView.of(empty, 0)
    assert view.middle_count == 0
    hint = expert_hint(view)
    assert hint is not None
    text = " ".join("\n".join(hint.lines).split())
    assert "runs out before your next turn" not in text, text
    assert "The middle is empty: unless each of the others takes a discard" in text, text


def test_a_discard_as_near_as_the_ones_within_the_margin_is_not_called_worse(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "Y3 came out about 5 points better: too close to call", and two lines below "R1
    instead: about 5 points worse": the same 5 points a toss-up one way and a loss the
    other. A discard within the expert's margin is said to be about as good too."""
    from okey_tui.bots.expert import Advice, Option

    view = PlayerView.of(position(NINETY_FOUR, phase=Phase.PLAY), 0)
    kept = Discard(Tile.parse("Y1"))
    better, near, far = (Discard(Tile.parse(t)) for t in ("K2", "R1", "R2"))
    advice = Advice(
        kept,
        (
            Option(better, -16.0, 0.5, 0.0, 0.0),
            Option(kept, -20.0, 0.5, 0.0, 0.0),
            Option(near, -24.0, 0.5, 0.0, 0.0),
            Option(far, -40.0, 0.5, 0.0, 0.0),
        ),
        8,
        "discard",
    )
    hint = advised(monkeypatch, view, advice)
    assert hint is not None
    text = "\n".join(hint.lines)
    assert (
        "K2 came out only about 4 points better, a gap so few guesses cannot tell from luck: "
        "they are about equally good." in text
    )
    assert "Discarding R1 instead: about 4 points worse, a gap as small: about as good too." in text
    assert "Discarding R2 instead: about 20 points worse." in text


def test_a_discard_that_came_out_a_little_better_is_explained_after_the_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 7, first turn: "The expert would: Discard B5" and then "Discarding Y12 came out
    about 1 point better on average, but ... within the noise": the better-sounding tile
    came first and read as the advice. The line starts from the tile chosen, says the
    expert keeps it unless another scores more than its margin better, and only then
    names the tile that scored a little better, as about equally good."""
    from okey_tui.bots.expert import TRUST, Advice, Option

    view = PlayerView.of(position(NINETY_FOUR, phase=Phase.PLAY), 0)
    kept, better = Discard(Tile.parse("Y1")), Discard(Tile.parse("K2"))
    advice = Advice(
        kept,
        (Option(better, -19.0, 0.5, 0.0, 0.0), Option(kept, -20.0, 0.5, 0.0, 0.0)),
        8,
        "discard",
    )
    hint = advised(monkeypatch, view, advice)
    assert hint is not None and hint.headline == "Discard Y1"
    assert not any(line.startswith("Discarding K2") for line in hint.lines), hint.lines
    line = next(line for line in hint.lines if "K2" in line)
    assert line == (
        "Y1 is the tile your rack needs least, and the expert keeps to it unless another "
        f"discard scores more than {round(TRUST)} points better over its guesses at the tiles "
        "you cannot see: K2 came out only about 1 point better, a gap so few guesses cannot "
        "tell from luck: they are about equally good."
    ), line


def test_a_false_okey_thrown_on_the_right_is_named_as_the_pile_shows_it() -> None:
    """The hint said "the player on your right discarded B8" when the pile showed F✦ (the
    false okey, which stands for the okey's tile, B8 here): it names F✦."""
    hand = pos_hand(
        ["B7 R1 R5 K9 Y12 K2", "R2", "Y1 Y2", "K1"],
        indicator=str(INDICATOR),
        phase="p",
        middle="Y11 Y12 Y13",
        discards=("", "F", "", ""),
    )
    view = PlayerView.of(hand, 0)
    assert view.right == 1
    tips, _none = safest_discards(view, limit=6)
    said = {str(tip.tile): tip.reason for tip in tips}
    assert said.get("B7") == (
        "the player on your right discarded F✦: they may not be collecting around it"
    ), said


@pytest.mark.parametrize("right_opened", [False, True])
def test_a_tile_whose_twin_is_hidden_is_dead_only_when_the_right_seat_cannot_pair_it(
    right_opened: bool,
) -> None:
    """Y5 with every Y4, Y6, R5, B5 and K5 in sight was called "dead", while the other Y5
    was hidden: the player on the right, not yet opened, took it for a pair. It is dead
    only once that player has opened with runs and sets, which lay no pairs."""
    hand = pos_hand(
        ["Y5 R1 K9 B12 Y12", "R2 R3", "Y1 Y2", "K1"],
        indicator=str(INDICATOR),
        phase="p",
        middle="Y11 Y13 Y5",
        discards=("", "", "R5 R5 B5 B5 Y4 Y4", "K5 K5 Y6 Y6"),
        table=("1:K10K11K12K13",) if right_opened else (),
        openings="-/m101/-/-" if right_opened else "-/-/-/-",
    )
    view = PlayerView.of(hand, 0)
    assert view.right == 1
    tips, _none = safest_discards(view, limit=6)
    said = {str(tip.tile): tip.reason for tip in tips}
    dead = "dead: every tile it melds with is already in sight"
    assert (said["Y5"] == dead) is right_opened, said


def test_with_only_a_pairs_opening_the_hint_keeps_the_pairs_and_says_what_pairs_do() -> None:
    """The hint said "Open now with 5 pairs" with a reason for runs and sets ("you can add
    to the table"), and its safest discards listed a tile of one of those pairs."""
    from okey_tui.practice import expert_hint

    rack = "R1 R1 R2 R3 R4 R4 R5 R5 R8 R11 Y3 Y5 Y5 Y8 Y11 B1 B7 B8 B12 B12 K1 K8"
    hand = pos_hand([rack, "", "", ""], indicator="R8", middle="R7 K2 Y6 B4 R6 K6 Y7", rest="rack1")
    view = PlayerView.of(hand, 0)
    paired = {"R1", "R4", "R5", "Y5", "B12"}
    tips, _none = safest_discards(view, limit=6)
    assert tips and not {str(t.tile) for t in tips} & paired, [str(t.tile) for t in tips]
    hint = expert_hint(view)
    assert hint is not None and hint.headline == "Open now with 5 pairs", hint.headline
    assert hint.lines[0] == "The opening: B12 B12, R5 R5, Y5 Y5, R4 R4, R1 R1.", hint.lines
    assert "pairs add nothing to runs and sets" in hint.lines[1], hint.lines
    assert "you can add to the table" not in hint.lines[0]


def test_safest_discards_from_the_pairs_never_call_a_tile_of_the_melds_shown_in_none() -> None:
    """Seed 554008, first turn: "Best opening on your rack: R1 R2 R3  B9 B10 ★B11 B12  Y4
    B4 K4" (60 points) and, in the same panel, "B4 — in none of your melds", "R2 — in none
    of your melds": the reasons came from the five pairs (the only opening). They say
    pairs, and a tile of the melds shown goes after the tiles in neither, naming its meld."""
    rack = "R1 R1 R2 R3 R5 R7 Y4 Y4 Y6 Y6 Y11 B1 B4 B6 B7 B9 B10 B12 K3 K4 K4 K9"
    view = PlayerView.of(pos_hand([rack, "", "", ""], indicator="B5", rest="rack1"), 0)
    check = solver.opening_check(list(view.rack), view.okey, 101, 5)
    assert check.can_open_pairs and not check.can_open_melds
    shown = {t for m in check.melds.melds for t in m.tiles}
    paired = {t for m in check.pairs.melds for t in m.tiles}
    tips, _none = safest_discards(view, limit=22)
    assert tips
    for tip in tips:
        assert "in none of your melds" not in tip.reason, tip
        if tip.tile in paired:
            assert tip.reason.startswith("breaks your"), tip
        elif tip.tile in shown:
            meld = next(m for m in check.melds.melds if tip.tile in m.tiles)
            assert tip.reason.startswith(
                f"in none of your pairs, but it breaks your {meld_words(meld, view.okey)}"
            ), tip
    order = [tip.tile for tip in tips if tip.tile not in paired]
    free = [t for t in order if t not in shown]
    assert free and order[: len(free)] == free, [str(t) for t in order]
    b1 = next(tip for tip in tips if str(tip.tile) == "B1")
    assert b1.reason.startswith("in none of your pairs or melds, no penalty"), b1


def _breaks_a_pair(view: PlayerView, tile: Tile) -> bool:
    """Whether the solver finds fewer pairs in the rack once ``tile`` is discarded."""
    rest = list(view.rack)
    rest.remove(tile)
    whole = solver.best_pairs(list(view.rack), view.okey).pairs
    return solver.best_pairs(rest, view.okey).pairs < whole


@pytest.mark.parametrize(
    "rack",
    [
        # Hand 1 of a practice table: "4 / 5 pairs: 1 pair short" and no meld.
        "R1 R1 Y1 Y1 B5 B5 K9 K9 R3 R7 Y4 Y9 Y12 B2 B10 B11 K6 K12 R10 Y6 B13 K3",
        # The okey (B8) pairs a single (B13): discarding it leaves the okey to pair another.
        "R1 R1 Y1 Y1 B5 B5 B8 K12 R3 R7 Y4 Y9 Y12 B2 B10 R11 K6 K9 R10 Y6 B13 K3",
        # One R1 is in the melds (R1 R2 R3), the other spare for them but not for the pairs.
        "R1 R1 Y1 Y1 B5 B5 K9 K9 R2 R3 Y4 Y9 Y12 B2 B10 B11 K6 K12 R10 Y6 B13 K3",
    ],
)
def test_a_pair_half_is_not_a_free_discard_while_the_pairs_are_the_nearer_opening(
    rack: str,
) -> None:
    """The panel read "4 / 5 pairs: 1 pair short" and, below it, "R1 — in none of your
    melds, no penalty" and "Y1 — in none of your melds": halves of R1 R1 and Y1 Y1, two of
    those four pairs. With neither opening in hand and the pairs nearer their floor than
    the melds' points, a tile that breaks a pair names it and goes after the loose tiles."""
    view = PlayerView.of(pos_hand([rack, "", "", ""], indicator="B7"), 0)
    check = solver.opening_check(list(view.rack), view.okey, 101, 5)
    assert not check.can_open_melds and not check.can_open_pairs
    assert check.pair_count / check.pairs_floor > check.value / check.floor
    melded = {t for m in check.melds.melds for t in m.tiles}
    tips, _none = safest_discards(view, limit=22)
    breaking = [tip for tip in tips if _breaks_a_pair(view, tip.tile)]
    assert breaking, [str(tip.tile) for tip in tips]
    for tip in tips:
        pair = next((m for m in check.pairs.melds if tip.tile in m.tiles), None)
        if tip in breaking:
            assert pair is not None
            said = (
                f"spare for your melds (your other {tip.tile} stays in them)"
                if tip.tile in melded
                else "in none of your melds"
            )
            assert tip.reason.startswith(
                f"{said}, but it breaks one of your pairs ({meld_words(pair, view.okey)})"
            ), tip
        else:
            assert "pairs" not in tip.reason, tip
    kept = ("breaks your", "keep it")  # a tile of the melds shown, or of a swap
    free = [tip for tip in tips if tip not in breaking and not tip.reason.startswith(kept)]
    assert list(tips[: len(free)]) == free, [str(tip.tile) for tip in tips]
    shown, _none = safest_discards(view)
    assert shown and not set(shown) & set(breaking), [str(tip.tile) for tip in shown]


@pytest.mark.parametrize(
    "rack",
    [
        "R1 R1 Y1 Y1 B5 B6 K9 R3 R7 Y4 Y9 Y12 B2 B10 B11 K10 K11 K12 K13 Y13 B13 K3",
        # One R1 is in the melds (R1 R2 R3), the other spare for them but not for the pairs.
        "R1 R1 Y1 Y1 B5 B6 K9 R2 R3 Y4 Y9 Y12 B2 B10 B11 K10 K11 K12 K13 Y13 B13 K3",
    ],
)
def test_a_pair_half_offered_while_the_melds_are_nearer_names_the_pair_it_breaks(
    rack: str,
) -> None:
    """With 80-odd points of melds and two pairs, R1 (of R1 R1) may still be the safest
    discard, but its reason says which pair it breaks, not only "in none of your melds"."""
    view = PlayerView.of(pos_hand([rack, "", "", ""], indicator="B7"), 0)
    check = solver.opening_check(list(view.rack), view.okey, 101, 5)
    assert not check.can_open_melds and not check.can_open_pairs
    assert check.pair_count / check.pairs_floor < check.value / check.floor
    melded = {t for m in check.melds.melds for t in m.tiles}
    tips, _none = safest_discards(view, limit=22)
    order = [_breaks_a_pair(view, tip.tile) for tip in tips]
    # Ranked by their risk alone: some tile that breaks a pair comes before a loose one.
    assert True in order and False in order[order.index(True) :], order
    for tip, breaks in zip(tips, order, strict=True):
        pair = next((m for m in check.pairs.melds if tip.tile in m.tiles), None)
        if breaks:
            assert pair is not None
            said = (
                f"spare (your other {tip.tile} stays in your melds)"
                if tip.tile in melded
                else "in none of your melds"
            )
            assert tip.reason.startswith(
                f"{said}, no penalty, though it breaks one of your pairs "
                f"({meld_words(pair, view.okey)}): your melds are nearer an opening; "
                "the one risk: "
            ), tip
        else:
            assert "pairs" not in tip.reason, tip


def test_a_draw_instead_of_a_take_that_makes_runs_and_sets_beside_pairs_says_both() -> None:
    """Five pairs in hand, 94 in runs and sets, and R7 on the left makes R3-R7 and 101:
    the expert draws. The hint names the opening the take would force down (runs and
    sets), not "your only opening" (the pairs are one), and says the pairs stay open."""
    rack = NINETY_FOUR.replace(" Y1 K2 B3", "") + " Y3 Y3 B2 B2 Y5 Y5 B12 B12 R9 R9"
    view = PlayerView.of(position(rack, left="R7"), 0)
    hint = expert_hint(view)
    assert hint is not None and hint.headline == "Draw from the middle"
    assert hint.lines[0] == (
        "Taking R7 would make an opening of runs and sets and force it down now (a taken tile "
        "is laid this turn)."
    )
    assert hint.lines[1].startswith("Your runs and sets come to 94 of 101"), hint.lines
    assert not any("your only opening" in line for line in hint.lines), hint.lines


def test_the_expert_hint_says_to_keep_a_tile_that_could_take_an_okey_off_the_table() -> None:
    """Unopened, the expert does not discard K1, which takes the okey out of seat 1's run
    once the seat opens (a wild tile for its melds, or for a straight out): the hint says
    why, so a learner who would have discarded it sees what it is for."""
    rack = "R3 R4 R5 K9 Y9 B9 Y11 Y12 K1 R13 B2 B5 Y7 K6 R10"
    hand = pos_hand(
        [rack, "R1 R2 Y1 Y2 K2 K3", "B1 B3 B4 Y3", "K4 K5 K7 K8 R8"],
        openings="-/m101/-/-",
        table=["1:*K1K2K3"],
    )
    hint = expert_hint(PlayerView.of(hand, 0))
    assert hint is not None and isinstance(hint.action, Discard)
    assert hint.action.tile != Tile.parse("K1")
    said = "Keep K1: once you open, it can take an okey off the table (a swap)"
    assert any(line.startswith(said) for line in hint.lines), hint.lines
    # A seat going pairs never lays runs or sets, so never swaps: nothing to keep it for.
    hand.going_pairs[0] = True
    hint = expert_hint(PlayerView.of(hand, 0))
    assert hint is not None and not any(line.startswith("Keep ") for line in hint.lines)
    # Without such a meld on the table there is nothing to say.
    plain = pos_hand([rack, "R1 R2 Y1 Y2 K2 K3", "B1 B3 B4 Y3", "K4 K5 K7 K8 R8"])
    hint = expert_hint(PlayerView.of(plain, 0))
    assert hint is not None and not any(line.startswith("Keep ") for line in hint.lines)


def test_the_same_view_gets_the_hint_already_worked_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint panel is drawn again at every key (a cursor move): the expert's search ran
    each time, up to its whole budget. The same view, in the same language, searches once."""
    from okey_tui import i18n
    from okey_tui.bots.expert import ExpertBot

    searched = []
    advise = ExpertBot.advise

    def counted(self: ExpertBot, view: PlayerView) -> Advice:
        searched.append(view)
        return advise(self, view)

    monkeypatch.setattr(ExpertBot, "advise", counted)
    view = PlayerView.of(position(NINETY_FOUR, phase=Phase.PLAY), 0)
    first = expert_hint(view)
    assert first is not None and expert_hint(view) == first and len(searched) == 1
    i18n.set_language("tr")
    try:
        said = expert_hint(view)
    finally:
        i18n.set_language("en")
    assert len(searched) == 2 and said is not None and said.headline != first.headline
    other = PlayerView.of(position(NINETY_FOUR.replace("B3", "B4"), phase=Phase.PLAY), 0)
    expert_hint(other)
    assert len(searched) == 3


def _okey_swapped_off(y8_in_sight: bool, rules: RuleSet | None = None) -> Hand:
    """Seat 0 (opened) has swapped the okey (R13) off seat 2's K5 ★K6 K7 and must lay it
    again this turn. Y3 Y5 take it as Y4 (both unseen: a player holding one can take it);
    meld 1 (R8 B8 K8) takes it as Y8, out of reach once both Y8 are in the discards."""
    hand = pos_hand(
        ["K6 Y3 Y5 K10 R2 B12 Y1", "R1 R2", "Y1 Y2", "K1"],
        indicator="R12",
        phase="p",
        rules=(rules or RuleSet()).code(),
        discards=("Y8", "Y8", "", "") if y8_in_sight else ("", "", "", ""),
        table=("0:R8B8K8", "0:R1B1K1", "2:K5*K6K7"),
        openings="m101/-/m101/-",
    )
    hand.apply(SwapOkey(2, (Tile.parse("K6"),)))
    return hand


def test_a_hint_that_lays_an_okey_others_can_swap_out_says_so() -> None:
    """§12: "Lay Y3 ★Y4 Y5 now" said nothing of the +101 the lay-down box warned of only
    once it was staged. The hint names the okey at risk, the tile that takes it and the
    cost, and that no meld on the table would keep it safe."""
    hand = _okey_swapped_off(y8_in_sight=False)
    hint = expert_hint(PlayerView.of(hand, 0))
    assert hint is not None and isinstance(hint.action, Lay)
    assert any(hand.okey in meld.tiles for meld in hint.action.melds)
    risk = [line for line in hint.lines if "+101" in line]
    assert len(risk) == 1 and "★Y4" in risk[0] and "holds Y4" in risk[0], hint.lines
    assert any("No meld on the table" in line for line in hint.lines), hint.lines


def test_a_hint_lays_the_okey_where_nobody_can_swap_it_out() -> None:
    """With both Y8 in sight, R8 B8 K8 takes the okey as Y8 where nobody can take it: the
    expert lays it there (not as Y4 in Y3 ★Y4 Y5) and the hint says why it is safe."""
    hand = _okey_swapped_off(y8_in_sight=True)
    hint = expert_hint(PlayerView.of(hand, 0))
    assert hint is not None
    assert hint.action == AddTile(hand.okey, 0, Tile.parse("Y8")), hint.action
    assert "meld 1 as Y8" in hint.headline
    assert not any("+101" in line for line in hint.lines), hint.lines
    assert any("both Y8 are in sight" in line for line in hint.lines), hint.lines


def test_a_table_without_penalties_has_no_okey_risk_to_tell() -> None:
    """No penalties, no +101: the hint says nothing of swaps."""
    hand = _okey_swapped_off(y8_in_sight=False, rules=RuleSet(penalties=False))
    hint = expert_hint(PlayerView.of(hand, 0))
    assert hint is not None and not any("+101" in line for line in hint.lines), hint.lines


def test_an_okey_laid_on_a_turn_that_goes_out_is_not_called_at_risk() -> None:
    """Laid as Y11 in ★Y11 Y12 Y13 the okey lets the seat go out this turn: nobody gets a
    turn to swap it, so the hint names no +101: it is the finish's first step."""
    hand = okey_owed_where_it_finishes()
    hint = expert_hint(PlayerView.of(hand, 0))
    assert hint is not None and isinstance(hint.action, Lay), hint
    assert any(hand.okey in meld.tiles for meld in hint.action.melds)
    assert not any("+101" in line for line in hint.lines), hint.lines
    finish = hint_for(PlayerView.of(hand, 0)).finish
    assert finish is not None and hint.action == Lay(finish.melds)


def test_several_tiles_added_are_said_in_the_order_they_stand_in_the_meld():
    """R8 then R7 go onto R9 R10 R11 (the order the rules need): the line and the undo said
    "Added R8 R7 to meld 1"; they read "R7 R8", as the meld shows them. An okey added with
    them is said as what it stands for, in its place."""
    from okey_tui.messages import added_tiles_text

    hand = pos_hand(
        ["R7 R8 R13 K1 K2", "Y1 Y2", "Y3 Y4", "B1"],
        indicator="R12",
        phase="p",
        table=("0:R9R10R11",),
        openings="m101/-/-/-",
    )
    for tile in ("R8", "R7"):
        hand.apply(AddTile(Tile.parse(tile), 0, None))
    hand.apply(AddTile(Tile.parse("R13"), 0, Tile.parse("R12")))  # the okey, as R12
    adds = [e for e in hand.events if e.kind == "add"]
    assert added_tiles_text(adds, hand.okey) == "R7 R8 ★R12"
    assert added_tiles_text(adds[:2], hand.okey) == "R7 R8"


def test_the_hints_write_a_false_okey_and_an_okey_as_the_rack_shows_them():
    """A play-tester read "F — leave it" in a hint, beside F✦ everywhere else: the hints
    write tiles as the rack does (F✦ for the false okey, B8★ for an okey)."""
    view = PlayerView.of(position(NINETY_FOUR, left="F"), 0)
    advice = left_discard_advice(view)
    assert advice is not None and not advice.worth
    hint = expert_hint(view)
    assert hint is not None and hint.action == DrawMiddle(), hint
    assert any(line.startswith("F✦ — leave it") for line in hint.lines), hint.lines
    assert not any(line.startswith("F ") for line in hint.lines), hint.lines
    # An okey among the tiles the safest discards leave out is starred too.
    hand = position("B8 R6", table=("R3R4R5",), phase=Phase.PLAY)
    tips, none_reason = safest_discards(PlayerView.of(hand, 0))
    assert not tips and none_reason is not None
    assert "B8★ is an okey" in none_reason, none_reason


# Four pairs and the okey (Y9 under indicator Y8): a fifth pair with any tile.
FOUR_PAIRS_AND_THE_OKEY = "R9 R9 Y2 Y2 Y3 Y4 Y7 Y7 Y9 Y11 Y13 B1 B5 B6 K1 K2 K4 K8 K12 K12 F"


def test_a_give_back_hint_never_says_the_taken_tile_fits_no_opening_when_it_does():
    """§7 and §8: Y12 taken from the left makes a fifth pair with the okey (Y12 ★Y12), and
    the engine takes that opening. The expert gives Y12 back (its own opening pairs the
    okey with Y13); the hint says the tile fits, names the opening with it and the expert's
    own, and never says it does not fit an opening."""
    from okey_tui.engine.actions import GiveBack, Open
    from okey_tui.engine.view import taken_opening
    from okey_tui.practice import expert_hint, meld_words

    hand = pos_hand(
        [FOUR_PAIRS_AND_THE_OKEY, "", "", ""],
        indicator="Y8",
        phase="d",
        discards=("", "", "", "Y12"),
    )
    hand.apply(TakeDiscard())
    view = PlayerView.of(hand, 0)
    opening = taken_opening(view)
    assert opening is not None and Tile.parse("Y12") in [t for m in opening for t in m.tiles]
    hint = expert_hint(view)
    assert hint is not None and isinstance(hint.action, GiveBack)
    text = "\n".join(hint.lines)
    assert "reaches the floor" not in text
    home = next(m for m in opening if Tile.parse("Y12") in m.tiles)
    assert meld_words(home, view.okey) in text
    opened = hand.copy()
    opened.apply(Open(opening))  # the engine takes the opening the hint names
    assert opened.openings[0] is not None


def test_a_give_back_hint_says_the_taken_tile_fits_no_opening_when_none_takes_it():
    """§7: with no opening in the rack, the taken tile fits none: the hint says so."""
    from okey_tui.engine.actions import GiveBack
    from okey_tui.engine.view import taken_opening
    from okey_tui.practice import expert_hint

    rack = "R1 Y3 B5 K7 R9 Y11 B13 K2 R4 Y6 B8 K10 R12 Y1 B3 K5 R7 Y13 B11 K13 Y5"
    hand = pos_hand([rack, "", "", ""], indicator="Y8", phase="d", discards=("", "", "", "B1"))
    hand.apply(TakeDiscard())
    view = PlayerView.of(hand, 0)
    assert taken_opening(view) is None
    hint = expert_hint(view)
    assert hint is not None and isinstance(hint.action, GiveBack)
    # Not "does not fit an opening": the tile may sit in the best opening shown under the
    # hint, short of the floor, and that read as a contradiction.
    assert hint.lines == ("No opening with B1 reaches the floor (101) this turn.",)


def test_a_lay_off_line_shows_the_meld_as_it_stands_then_what_it_becomes():
    """§9: the lay-off line showed only the meld after the add ("R6 → meld 1: R3 R4 R5 R6"),
    which read as if the meld held R6 already. It shows the meld on the table now, then what
    it becomes; a narrow panel breaks the line between these, never inside a meld."""
    from okey_tui.ui.widgets.hints import hint_text

    hand = position("R6 K9 Y1", table=("R3R4R5",), phase=Phase.PLAY, opened=True)
    hint = hint_for(PlayerView.of(hand, 0))
    lines = hint_text(hint).plain.splitlines()
    assert "R6 → meld 1 (R3 R4 R5): R3 R4 R5 R6" in lines, lines
    narrow = hint_text(hint, width=30).plain.splitlines()
    at = narrow.index("R6 → meld 1 (R3 R4 R5):")
    assert narrow[at + 1] == "  R3 R4 R5 R6", narrow


@pytest.mark.parametrize(
    ("rules", "straight", "finisher"),
    [("classic/3", 404, -202), ("classic/3+z", 404, 0), ("classic/3+p", 404, -202)],
)
def test_the_hold_hint_names_what_this_table_writes_for_a_straight_out(
    rules: str, straight: int, finisher: int
) -> None:
    """The hold hint said "every other player scores 404, you -202" at every table: at a
    partners table the partner writes 0 (the opponents 404), and where the finisher writes
    0 the seat going out writes 0, not -202."""
    from okey_tui.practice import _never_line

    hand = pos_hand(["R1 R2 R3 K5 Y9", "", "", ""], rules=rules)
    line = _never_line(PlayerView.of(hand, 0), 8, None, None)
    assert f"none before: each opponent scores {straight}, you {finisher})" in line, line
    assert "every other player" not in line


def test_a_discard_hint_says_first_what_the_rack_says_of_the_tile() -> None:
    """A hint's first line after "Discard R1" was a forecast ("Opening within 3 draws is
    unlikely"), no reason for R1; after opening, "Discard R10" did not say it was the
    highest loose tile, counting 10 if someone went out."""
    from okey_tui.practice import _why_this_discard

    def why(rack: str, tile: str, openings: str = "-/-/-/-") -> str | None:
        hand = pos_hand([rack, "", "", ""], phase="p", openings=openings)
        return _why_this_discard(PlayerView.of(hand, 0), Tile.parse(tile))

    assert why("R3 R4 R5 K9 Y9 B9 K1 R13", "K1") == (
        "K1 is in none of the runs and sets your rack holds now."
    )
    opened = "m101/-/-/-"
    assert why("R3 R4 R5 K2 R10 Y7", "R10", opened) == (
        "R10 is in none of your melds and the highest tile outside them: it would count 10 "
        "against you if someone went out."
    )
    assert why("R3 R4 R5 K2 R10 Y7", "K2", opened) == "K2 is in none of your melds."
    assert why("R3 R4 R5 K2 R10 Y7", "R4", opened) is None  # in the run: no plain reason
    assert why("R3 R4 R5 K2 K2 Y7", "K2") is None  # a copy kept may make a pair


def test_a_swap_hint_says_who_pays_for_the_okey_and_the_risk_of_laying_it_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The swap hint said only "the okey must go back on the table this turn"; the +101 its
    owner writes and the +101 the learner risks laying it again came after w."""
    from okey_tui.bots.expert import Advice

    hand = pos_hand(
        ["R5 K9 K10 K11 Y2", "", "", ""],
        phase="p",
        table=["2:R3R4*R5"],
        openings="m101/-/m101/-",
    )
    view = PlayerView.of(hand, 0)
    swap = SwapOkey(0, (Tile.parse("R5"),))
    assert view.penalty_for(swap) is not None
    hint = advised(monkeypatch, view, Advice(swap, (), 8, "swap"))
    assert hint is not None and hint.headline == "Take the okey from meld 1"
    assert hint.lines == (
        "Give the real tile for it; the okey must go back on the table this turn.",
        "The player across from you laid that okey: they write +101.",
        "Lay it again where no player can swap it out, or it may cost you +101: the line "
        "names the tile that could take it.",
    ), hint.lines


def test_a_safe_discard_the_expert_found_clearly_worse_is_said_so_beside_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "Safest discards" called Y10 safe ("the player on your right discarded Y11") under
    the expert's "Discarding Y10 instead: about 17 points worse": the same tile safe and
    costly in one panel. A tile the expert found worse beyond its margin is said so beside
    it; one within the margin is not."""
    from dataclasses import replace

    from okey_tui.bots.expert import Advice, Option
    from okey_tui.practice import forget_hints, hint_for
    from okey_tui.ui.widgets.hints import hint_text

    view = PlayerView.of(position(NINETY_FOUR, phase=Phase.PLAY), 0)
    plain = hint_for(view)
    forget_hints()  # the expert's own hint, worked out with it, is not the one asked below
    listed = [tip.tile for tip in plain.discards]
    assert len(listed) >= 2, plain.discards
    kept = Discard(Tile.parse("R6"))
    worse, near = Discard(listed[0]), Discard(listed[1])
    advice = Advice(
        kept,
        (
            Option(kept, -20.0, 0.5, 0.0, 0.0),
            Option(worse, -37.0, 0.5, 0.0, 0.0),
            Option(near, -22.0, 0.5, 0.0, 0.0),
        ),
        8,
        "discard",
    )
    expert = advised(monkeypatch, view, advice)
    assert expert is not None and expert.worse_discards == (listed[0],)
    text = hint_text(replace(plain, expert=expert)).plain
    lines = text.split("\n")
    first = next(line for line in lines if line.startswith(f"{listed[0]} — "))
    second = next(line for line in lines if line.startswith(f"{listed[1]} — "))
    assert first.endswith("the expert's guesses found it worse (above)"), first
    assert "found it worse" not in second, second


def test_a_throw_with_an_opening_in_hand_is_said_as_a_hold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hard bot's own hold (two tiles left over, the middle full), kept by the expert,
    came as an ordinary throw: "Discard B1 · Keeping the rest, you could open within 3
    draws" beside "140 / 101: enough to open". A throw with an opening of runs and sets in
    hand is said as a hold, and opening now as the safer play."""
    from okey_tui.bots.expert import Advice, Option
    from okey_tui.engine.match import Match
    from okey_tui.settings import TableSettings

    rules = TableSettings().with_changes(hands=1, finish_opening_needs_floor=True).rules()
    view = PlayerView.of(Match(rules, 416).hand, 0)  # 22 tiles, 140 points of melds
    thrown = Discard(Tile.parse("B1"))
    other = Discard(Tile.parse("Y6"))
    advice = Advice(
        thrown,
        (Option(thrown, -20.0, 1.0, 0.0, 0.0), Option(other, -21.0, 1.0, 0.0, 0.0)),
        8,
        "discard",
    )
    hint = advised(monkeypatch, view, advice)
    assert hint is not None
    assert hint.headline == "Hold your opening back: discard B1", hint.headline
    assert hint.gamble
    text = " ".join(hint.lines)
    assert "you could open" not in text, text
    assert "Opening now instead is safer" in text, text


def test_the_broken_pair_line_reads_the_runs_and_sets_as_the_best_opening_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "the expert plays for runs and sets here (113 / 101)" stood beside the panel's best
    opening "103 / 101": the line read the melds at their highest, the panel with the okey
    where nobody can swap it. The line reads them as the panel does (the sort's guard)."""
    from okey_tui import practice
    from okey_tui.practice import _broken_pair_line

    rack = "B1 B1 Y5 Y5 B9 B9 K10 K11 K12 R3 R4 R5 Y7 Y8 Y9 B12 K2 R13 B13 K13 B3"
    view = PlayerView.of(position(rack, phase=Phase.PLAY), 0)
    assert "(108 / 101: enough to open)" in str(_broken_pair_line(view))
    guard = practice.guarded_melds
    # As if the guard gave up the first meld for an okey's sake: the line says so too.
    monkeypatch.setattr(
        practice, "guarded_melds", lambda v, melds, *a, **k: guard(v, melds, *a, **k)[1:]
    )
    said = str(_broken_pair_line(view))
    assert "(108 / 101" not in said and " / 101" in said, said


def test_a_playable_tile_warning_names_every_meld_it_fits() -> None:
    """x on K10 warned "K10 can be added to meld 11 (K11 K12 K13)" alone, and K10 fitted
    meld 19 (R10 Y10 B10) as well: the others are named too."""
    hand = pos_hand(
        ["K10 Y13 B9", "R1 R2", "Y1 Y2", "K1"],
        indicator=str(INDICATOR),
        phase="p",
        middle="Y11 Y12 Y13",
        table=("1:K11K12K13", "1:R3R4R5", "1:R10Y10B10"),
        openings="m101/m101/-/-",
    )
    warning = penalty_warning(PlayerView.of(hand, 0), Discard(Tile.parse("K10")))
    assert warning is not None and warning.startswith("K10 can be added to meld 1 "), warning
    assert "It fits meld 3 too." in warning, warning
