"""The engine's own words for the refusals of a turn: what a log, a bot's trace or a
caller with no translation shows (callers that translate read the code and parameters,
tested beside each rule). Each names the rule and what to do instead."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from okey_tui.engine.actions import parse_action
from okey_tui.engine.errors import OkeyError
from okey_tui.engine.state import Hand
from okey_tui.engine.tiles import Tile

OKEY = Tile.parse("B8")  # indicator B7
BIG = "K10 K11 K12 K13 Y10 Y11 Y12 Y13"  # 92 points of runs
TABLE = ["1:K1K2K3", "1:R3*R4R5"]


def said(hand: Hand, *actions: str) -> str:
    """The words of the refusal of the last of ``actions`` (the others are played)."""
    for text in actions[:-1]:
        hand.apply(parse_action(text, OKEY))
    with pytest.raises(OkeyError) as caught:
        hand.apply(parse_action(actions[-1], OKEY))
    return str(caught.value)


CASES: list[tuple[str, Callable[..., Hand], tuple[str, ...], str]] = [
    (
        "a pairs opener adds",
        lambda pos: pos(["K4 R4 Y9", "", "", ""], openings="p5/-/-/-", table=TABLE),
        ("add K4>0",),
        "You opened with pairs: at this table a pairs opener may not add tiles to runs and "
        "sets (only lay new pairs)",
    ),
    (
        "a pairs opener swaps",
        lambda pos: pos(["K4 R4 Y9", "", "", ""], openings="p5/-/-/-", table=TABLE),
        ("swap 1 R4",),
        "You opened with pairs: at this table a pairs opener may not take okeys from runs and "
        "sets (only lay new pairs)",
    ),
    (
        "a pairs opener lays a run",
        lambda pos: pos(["K1 K2 K3 R9 R9 Y4", "", "", ""], openings="p5/-/-/-"),
        ("lay K1K2K3",),
        "You opened with pairs: you may lay only pairs",
    ),
    (
        "a melds opener lays a pair",
        lambda pos: pos(["K1 K2 K3 R9 R9 Y4", "", "", ""], openings="m101/-/-/-"),
        ("lay R9R9",),
        "You opened with runs and sets: pairs are only for pairs openers",
    ),
    (
        "nothing to give back",
        lambda pos: pos(["R1 R2 R3 K9", "", "", ""], openings="m101/-/-/-"),
        ("giveback",),
        "You have no taken discard to give back",
    ),
    (
        "a give-back after laying",
        lambda pos: pos(
            ["", "R1 R2 R3 K9 K10", "", ""],
            turn=1,
            phase="d",
            discards=["Y5", "", "", ""],
            openings="-/m101/-/-",
        ),
        ("take", "lay R1R2R3", "giveback"),
        "Take back what you laid this turn before giving the tile back",
    ),
    (
        "a Going Pairs discard in a run",
        lambda pos: pos(
            ["", "R5 R6 K1", "", ""],
            rules="challenge/11",
            turn=1,
            phase="d",
            discards=["R4", "", "", ""],
            openings="-!/m101/-/-",
        ),
        ("take", "lay R4R5R6"),
        "R4 was discarded by a Going Pairs player: it may only make a pair; use it in one or "
        "give it back",
    ),
    (
        "a Going Pairs discard in a melds opening",
        lambda pos: pos(
            ["", "K10 K11 K12 K13 Y10 Y11 Y12 Y13 R2 R3 K1", "", ""],
            rules="challenge/11",
            turn=1,
            phase="d",
            discards=["R4", "", "", ""],
            openings="-!/-/-/-",
        ),
        ("take", "open K10K11K12K13 Y10Y11Y12Y13 R2R3R4"),
        "R4 was discarded by a Going Pairs player: it may only open pairs; open with pairs or "
        "give it back",
    ),
    (
        "below the floor",
        lambda pos: pos([BIG + " R1 R2 R3 K1 K5", "", "", ""]),
        ("open K10K11K12K13 Y10Y11Y12Y13 R1R2R3",),
        "Your opening is 98 points; this table needs 101",
    ),
    (
        "below a risen floor",
        lambda pos: pos(
            [BIG + " R1 R2 R3 R4 K1 K5", "", "", ""], rules="rising/11", openings="-/m110/-/-"
        ),
        ("open K10K11K12K13 Y10Y11Y12Y13 R1R2R3R4",),
        "Your opening is 102 points; this table needs 111 (one more than the highest opening)",
    ),
    (
        "below a risen pairs floor",
        lambda pos: pos(
            ["R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 K9 K5", "", "", ""],
            rules="rising/11",
            openings="-/p5/-/-",
        ),
        ("open R1R1 R2R2 R3R3 R4R4 R5R5",),
        "Your opening is 5 pairs; this table needs 6 (one more than the highest pairs opening)",
    ),
    (
        "below the other side's risen floor",
        lambda pos: pos(
            [BIG + " R1 R2 R3 R4 K1 K5", "", "", ""], rules="rising/11+p", openings="-/m110/-/-"
        ),
        ("open K10K11K12K13 Y10Y11Y12Y13 R1R2R3R4",),
        "Your opening is 102 points; this table needs 111 (one more than the highest opening "
        "of the other side)",
    ),
    (
        "a finishing opening below a risen floor, where it must reach it",
        lambda pos: pos(
            [BIG + " R1 R2 R3 R4 K1", "", "", ""], rules="rising/11+f", openings="-/m110/-/-"
        ),
        ("open K10K11K12K13 Y10Y11Y12Y13 R1R2R3R4",),
        "Your opening is 102 points; this table needs 111 (one more than the highest opening) "
        "(at this table an opening that finishes the hand must reach it too)",
    ),
]


@pytest.mark.parametrize(
    ("build", "actions", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_each_refusal_says_its_rule_in_words(
    pos,  # noqa: ANN001
    build: Callable[..., Hand],
    actions: tuple[str, ...],
    words: str,
) -> None:
    hand = build(pos)
    before = hand.snapshot() if len(actions) == 1 else None
    assert said(hand, *actions) == words
    if before is not None:
        assert hand.snapshot() == before  # refused: nothing changed
