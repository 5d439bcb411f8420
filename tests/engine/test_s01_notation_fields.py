"""RULES.md section 1 (notation): every flag of every position field, read back and written again.

Each flag is checked on its own (read into the hand, then written out the same), so a
flag read as another, or dropped on the way out, fails here even though a position
with all flags set would still round-trip.
"""

from __future__ import annotations

import itertools

import pytest

from okey_tui.engine.actions import AddTile, parse_action
from okey_tui.engine.errors import ErrorCode, NotationError
from okey_tui.engine.notation import format_position, parse_position
from okey_tui.engine.rules import MATCH_LENGTHS, GameType, RuleSet
from okey_tui.engine.state import EndKind, Opening, OpeningKind, Outcome, Penalty, PenaltyReason
from okey_tui.engine.tiles import Tile


def reads_back(text: str):  # noqa: ANN201 - a Hand
    hand = parse_position(text)
    assert format_position(hand) == text
    return hand


@pytest.mark.parametrize(("seat", "phase"), list(itertools.product(range(4), "dp")))
def test_the_seat_to_play_and_phase_read_back(pos, seat: int, phase: str) -> None:
    hand = reads_back(pos.text(["K1", "", "", ""], turn=seat, phase=phase))
    assert (hand.turn, hand.phase.value) == (seat, phase)


@pytest.mark.parametrize(
    ("item", "opening", "going_pairs"),
    [
        ("-", None, False),
        ("-!", None, True),
        ("m101", Opening(OpeningKind.MELDS, 101), False),
        ("m101!", Opening(OpeningKind.MELDS, 101), True),
        ("p5", Opening(OpeningKind.PAIRS, 5), False),
        ("p12!", Opening(OpeningKind.PAIRS, 12), True),
    ],
)
@pytest.mark.parametrize("seat", range(4))
def test_each_opening_and_going_pairs_reads_back_at_each_seat(
    pos, item: str, opening: Opening | None, going_pairs: bool, seat: int
) -> None:
    items = ["-"] * 4
    items[seat] = item
    hand = reads_back(pos.text(["K1", "", "", ""], rules="challenge/11", openings="/".join(items)))
    assert hand.openings == [opening if s == seat else None for s in range(4)]
    assert hand.going_pairs == [going_pairs and s == seat for s in range(4)]


@pytest.mark.parametrize("reason", list(PenaltyReason))
def test_every_penalty_reason_reads_back(pos, reason: PenaltyReason) -> None:
    text = pos.text(["K1", "", "", ""], penalties=f"3:40:{reason.value},0:101:{reason.value}")
    assert reads_back(text).penalties == [Penalty(3, 40, reason), Penalty(0, 101, reason)]


@pytest.mark.parametrize(
    ("flags", "opened", "from_going_pairs"),
    [("-", False, False), ("o", True, False), ("g", False, True), ("og", True, True)],
)
def test_each_take_lock_flag_reads_back(pos, flags, opened, from_going_pairs) -> None:
    hand = reads_back(pos.text(["K1 R4", "", "", ""], locks=f"take:R4:2:{flags}"))
    assert hand.taken is not None
    assert (hand.taken.tile, hand.taken.count) == (Tile.parse("R4"), 2)
    assert (hand.taken.opened, hand.taken.from_going_pairs) == (opened, from_going_pairs)
    assert hand.okey_limit is None


def test_both_turn_locks_read_back_together(pos) -> None:
    hand = reads_back(pos.text(["K1 R4", "", "", ""], locks="take:R4:1:o;okeys:2"))
    assert hand.okey_limit == 2 and hand.taken is not None and hand.taken.count == 1
    assert reads_back(pos.text(["K1", "", "", ""], locks="okeys:0")).taken is None


@pytest.mark.parametrize("seat", range(4))
@pytest.mark.parametrize("flags", ["-", "o", "s", "p", "os", "op", "sp", "osp"])
def test_each_ending_flag_reads_back(pos, seat: int, flags: str) -> None:
    racks = ["K1", "K2", "K3", "K4"]
    racks[seat] = ""
    hand = reads_back(pos.text(racks, phase="x", end=f"finish:{seat}:{flags}"))
    assert hand.outcome == Outcome(
        EndKind.FINISH, seat, okey="o" in flags, straight="s" in flags, pairs="p" in flags
    )


@pytest.mark.parametrize("seat", range(4))
def test_the_empty_middle_ending_reads_back(pos, seat: int) -> None:
    """The hand ended at the turn of the seat that was to draw: the position's turn says
    who it was, in a save from before the outcome kept it as well."""
    text = pos.text(["K1", "K2", "", ""], turn=seat, phase="x", end="empty", rest="rack2")
    hand = reads_back(text)
    assert hand.outcome == Outcome(EndKind.EMPTY_MIDDLE, to_draw=seat)


def test_an_okey_placed_by_another_seat_reads_back_and_one_by_the_owner_is_not_marked(pos) -> None:
    hand = reads_back(pos.text(["K1", "", "", ""], table=["1:R3*R4@2R5", "3:*Y9@0B9K9"]))
    assert hand.table[0].okey_owners == ((Tile.parse("R4"), 2),)
    assert hand.table[1].okey_owners == ((Tile.parse("Y9"), 0),)
    own = pos.text(["K1", "", "", ""], table=["1:R3*R4@2R5"]).replace("@2", "@1")
    assert " 1:R3*R4R5 " in format_position(parse_position(own))


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("turn", "0"),
        ("turn", "0pp"),
        ("turn", "4p"),
        ("turn", "0q"),
        ("turn", "Xp"),
        ("turn", "0X"),
        ("racks", "-/K1/-"),
        ("discards", "-/-/-"),
        ("table", "4:R1R2R3"),
        ("fields", "one field too many"),
        ("openings", "m/-/-/-"),
        ("openings", "x5/-/-/-"),
        ("openings", "5/-/-/-"),
        ("openings", "!/-/-/-"),
        ("openings", "X5/-/-/-"),
        ("penalties", "4:101:take-back"),
        ("penalties", "-1:101:take-back"),
        ("penalties", "0:101"),
        ("penalties", "0:101:late"),
        ("locks", "take:R4:x:o"),
        ("locks", "take:R4:1"),
        ("locks", "okeys:x"),
        ("locks", "okeys"),
        ("locks", "hold:R4:1:o"),
        ("end", "finish:4:o"),
        ("end", "finish::o"),
        ("end", "finish:1"),
        ("end", "finish:1:o:s"),
        ("end", "done:1:o"),
        ("end", "finish:01:o"),
        ("end", "finish:23:-"),
    ],
)
def test_a_malformed_field_is_refused(pos, field: str, bad: str) -> None:
    fields = pos.text(["", "K1", "", ""], phase="x", end="finish:0:-", rest="rack2").split()
    if field == "fields":
        fields.append(bad)
    else:
        at = {"turn": 2, "racks": 3, "discards": 5, "table": 6, "openings": 7}
        at |= {"penalties": 8, "locks": 9, "end": 10}
        fields[at[field]] = bad
    with pytest.raises(NotationError) as caught:
        parse_position(" ".join(fields))
    assert caught.value.code.value == "not-a-position"


@pytest.mark.parametrize(
    ("at", "what"), [(3, "the racks"), (5, "the discard piles"), (7, "the openings")]
)
def test_a_field_of_three_parts_is_named_in_the_refusal(pos, at: int, what: str) -> None:
    fields = pos.text(["K1", "", "", ""]).split()
    fields[at] = "-/-/-"
    with pytest.raises(NotationError, match=f"^'-/-/-': {what} needs four parts separated by '/'$"):
        parse_position(" ".join(fields))


def test_a_position_with_wrong_tiles_names_them_in_tile_order(pos) -> None:
    text = pos.text(["K2 R4 Y3 B1", "", "", ""])
    wrong = text.replace("K2R4Y3B1/", "K1K1R1R1/", 1)
    with pytest.raises(NotationError) as caught:
        parse_position(wrong)
    assert str(caught.value).endswith("too many R1R1K1K1, missing R4Y3B1K2")
    assert caught.value.code.value == "not-a-position"


RULE_FLAGS = {
    "n": ("penalties", False),
    "p": ("partners", True),
    "z": ("finisher_scores_zero", True),
    "l": ("pairs_opener_lays_off", True),
    "f": ("finish_opening_needs_floor", True),
    "g": ("give_back_penalty", True),
}


@pytest.mark.parametrize("letter", list(RULE_FLAGS))
def test_each_table_option_letter_reads_back_alone(letter: str) -> None:
    rules = RuleSet.from_code(f"rising/7+{letter}")
    for name, value in RULE_FLAGS.values():
        expected = value if RULE_FLAGS[letter][0] == name else getattr(RuleSet(), name)
        assert getattr(rules, name) == expected, name
    assert (rules.game_type, rules.hands) == (GameType.RISING, 7)
    assert rules.code() == f"rising/7+{letter}"


@pytest.mark.parametrize("game_type", list(GameType))
@pytest.mark.parametrize("hands", MATCH_LENGTHS)
def test_every_game_type_and_match_length_reads_back(game_type: GameType, hands: int) -> None:
    rules = RuleSet.from_code(f"{game_type.value}/{hands}")
    assert (rules.game_type, rules.hands) == (game_type, hands)
    assert rules == RuleSet(game_type=game_type, hands=hands)
    assert rules.code() == f"{game_type.value}/{hands}"


def test_all_option_letters_read_back_in_their_order() -> None:
    rules = RuleSet.from_code("51/1+gflzpn")
    assert rules.code() == "51/1+npzlfg"
    assert RuleSet.from_code("classic") == RuleSet()


@pytest.mark.parametrize(
    "bad", ["poker/11", "classic/x", "classic/11+q", "classic/12", "classic/11+nx"]
)
def test_a_bad_table_code_is_refused_with_its_code(bad: str) -> None:
    with pytest.raises(NotationError) as caught:
        RuleSet.from_code(bad)
    expected = "match-length" if bad == "classic/12" else "not-a-table-code"
    assert caught.value.code.value == expected


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("poker/11", "'poker/11' is not a table code (like classic/11+n)"),
        ("classic/11+xqX", "'classic/11+xqX': unknown table option letters Xqx"),
        ("classic/12+n", "A match is 1, 3, 5, 7, 9, 11 or 13 hands, not 12"),
    ],
)
def test_a_bad_table_code_is_refused_naming_it(bad: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        RuleSet.from_code(bad)
    assert str(caught.value) == message
    expected = {"hands": 12} if bad == "classic/12+n" else {"text": bad}
    assert caught.value.params == expected


def test_game_type_labels() -> None:
    assert [t.label for t in GameType] == ["Classic", "Rising", "Challenge", "51"]


# -- action text --------------------------------------------------------------------

OKEY = Tile.parse("B8")


@pytest.mark.parametrize(
    ("text", "short"),
    [
        ("draw", "<DrawMiddle>"),
        ("take", "<TakeDiscard>"),
        ("giveback", "<GiveBack>"),
        ("takeback", "<TakeBack>"),
        ("pairs", "<DeclarePairs>"),
        ("discard K13", "<Discard K13>"),
        ("add R1>0", "<AddTile R1>0>"),
        ("add *R13>11", "<AddTile *R13>11>"),
        ("swap 3 R9K9", "<SwapOkey 3 R9K9>"),
        ("open R1R2R3 Y13*B13K13", "<Open R1R2R3 Y13*B13K13>"),
        ("lay R5R5 *K1K1", "<Lay R5R5 *K1K1>"),
    ],
)
def test_every_action_reads_back_with_a_short_repr(text: str, short: str) -> None:
    action = parse_action(text, OKEY)
    assert action.text(OKEY) == text and repr(action) == short
    assert parse_action(f"  {text.upper()}  ", OKEY) == action


def test_an_okey_added_as_itself_is_written_plainly() -> None:
    assert AddTile(OKEY, 2).text(OKEY) == "add B8>2"
    assert AddTile(Tile.parse("R4"), 2, Tile.parse("R4")).text(OKEY) == "add R4>2"


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "   ",
        "open",
        "lay",
        "discard R1 R2",
        "add",
        "add R1>0 R2",
        "add R1>2>3",
        "add R1>",
        "add R1>-1",
        "add R1",
        "swap 1",
        "swap x R5",
        "take R5",
    ],
)
def test_a_malformed_action_is_refused_with_its_code(bad: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(bad, OKEY)
    assert caught.value.code is ErrorCode.NOT_AN_ACTION


@pytest.mark.parametrize("owner", ["@4", "@9"])
def test_an_okey_owner_is_one_of_the_four_seats(pos, owner: str) -> None:
    text = pos.text(["K1", "", "", ""], table=["1:R3*R4@2R5"]).replace("@2", owner)
    with pytest.raises(NotationError, match="okey owner"):
        parse_position(text)


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("  ", "An empty action"),
        (
            " fly ",
            "'fly' is not an action (draw, take, giveback, open M.., lay M.., "
            "add T>N, swap N TT, takeback, pairs, discard T)",
        ),
        ("add R1>x", "'add R1>x': 'x' is not a table meld number"),
        ("swap y R1", "'swap y R1': 'y' is not a table meld number"),
    ],
)
def test_an_action_refusal_says_what_was_wrong(bad: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(bad, OKEY)
    assert str(caught.value) == message


def test_two_okeys_in_one_run_keep_their_own_placers(pos) -> None:
    # *R1 is a prefix of *R10: marking one okey's placer must not touch the other.
    run = "1:*R1@2R2R3R4R5R6R7R8R9*R10"
    hand = reads_back(pos.text(["K1", "", "", ""], table=[run]))
    assert dict(hand.table[0].okey_owners) == {Tile.parse("R1"): 2}
    other = "1:*R1R2R3R4R5R6R7R8R9*R10@3"
    hand = reads_back(pos.text(["K1", "", "", ""], table=[other]))
    assert dict(hand.table[0].okey_owners) == {Tile.parse("R10"): 3}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda t: t.replace(" 0p ", " 0x "),
            "A position is over exactly when it records an ending",
        ),
        (
            lambda t: t.replace(" 0p ", " 0d ") + " | draw",
            "Actions after '|' are only for the play phase",
        ),
        (lambda t: t.replace("K1R4/", "K1R4K2/"), "A position holds 106 tiles, this one 107"),
        (
            lambda t: t.replace("K1R4/", "K1K1/"),
            "A position holds each tile of the 106-tile set exactly (two of each, two F): too many K1, missing R4",
        ),
    ],
)
def test_a_refused_position_says_which_rule_of_the_notation_it_breaks(pos, change, message) -> None:  # noqa: ANN001
    text = pos.text(["K1 R4", "", "", ""])
    with pytest.raises(NotationError) as caught:
        parse_position(change(text))
    assert str(caught.value) == message
    assert caught.value.code.value == "not-a-position"


def test_an_okey_owner_that_names_no_okey_is_refused_with_its_code(pos) -> None:
    text = pos.text(["K1", "", "", ""], table=["1:R3*R4@2R5"]).replace("*R4@2", "*R4@9")
    with pytest.raises(NotationError) as caught:
        parse_position(text)
    assert caught.value.code.value == "not-a-position"


def test_an_action_that_cannot_be_replayed_names_it_and_its_cause(pos) -> None:
    text = pos.text(["K1 R4", "", "", ""]) + " | discard Y13"
    with pytest.raises(NotationError) as caught:
        parse_position(text)
    assert caught.value.code.value == "not-a-position"
    assert caught.value.params["action"] == "discard Y13"
    assert caught.value.params["cause"] is not None
