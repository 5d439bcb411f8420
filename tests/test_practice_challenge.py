"""At a Challenge table with penalties, the player on your right who lays your discard
makes you pay its value ×10 (×20 in a pair; rules §12). The safest discards of a practice
hint say that price with the risk ("the one risk: the player on your right may use it")
and rank a low tile before a high one as likely to be used; at other tables the risk has
no price of its own, and the higher tile goes first (fewer points left in hand)."""

from __future__ import annotations

from positions import position

from okey_tui.engine.view import PlayerView
from okey_tui.practice import safest_discards


def tips(rules: str, openings: str = "-/-/-/-") -> list[tuple[str, str]]:
    """Seat 0's safest discards, with R1 R2 R3 and two loose tiles (K5, Y9) as likely to be
    used by the player on its right."""
    hand = position(
        ["R1 R2 R3 K5 Y9", "", "", ""], indicator="B7", phase="p", rules=rules, openings=openings
    )
    found, _none = safest_discards(PlayerView.of(hand, 0))
    return [(str(tip.tile), tip.reason) for tip in found]


def test_at_a_challenge_table_the_price_of_the_risk_is_said_and_the_low_tile_goes_first() -> None:
    said = tips("challenge/3")
    assert [tile for tile, _reason in said[:2]] == ["K5", "Y9"]
    assert said[0][1].endswith("if they lay it, you pay 50 at this Challenge table (100 in a pair)")
    assert said[1][1].endswith("if they lay it, you pay 90 at this Challenge table (180 in a pair)")
    assert "Challenge" not in said[2][1]  # R1 breaks a meld: a tile to keep, no such risk


def test_a_right_seat_that_opened_with_melds_takes_no_tile_for_a_pair() -> None:
    said = tips("challenge/3", openings="-/m101/-/-")
    assert said[0][1].endswith("if they lay it, you pay 50 at this Challenge table")


def test_elsewhere_the_risk_has_no_price_and_the_high_tile_goes_first() -> None:
    for rules in ("classic/3", "challenge/3+n", "rising/3"):
        said = tips(rules)
        assert [tile for tile, _reason in said[:2]] == ["Y9", "K5"], rules
        assert not any("Challenge" in reason for _tile, reason in said), rules


def test_a_going_pairs_player_s_discards_are_said_as_taken_only_for_a_pair() -> None:
    """After declaring Going Pairs a discard may be taken only for a pair (rules §12-13):
    the hints spoke of the runs and sets the player on the right could make with it ("9
    unseen tiles meld with it"), priced as laid in a run; and once that player had opened
    with runs and sets, it could take nothing at all."""
    said = dict(tips("challenge/3", openings="-!/-/-/-"))
    # R1: only its twin or an okey (both unseen) pairs it for the right, priced in a pair.
    assert said["R1"] == (
        "in none of your pairs, no penalty; the one risk: the player on your right may use "
        "it (3 unseen tiles meld with it); if they lay it in a pair, you pay 20 at this "
        "Challenge table"
    ), said["R1"]
    said = dict(tips("challenge/3", openings="-!/m101/-/-"))
    assert said["K5"] == (
        "no penalty and no risk: you go pairs, so it may be taken only for a pair, and the "
        "player on your right opened with runs and sets"
    ), said["K5"]


def test_the_hint_s_never_opened_figure_is_doubled_after_going_pairs() -> None:
    """A hint on the last turn said "you score 202 whatever you discard" to a player who
    had declared Going Pairs; the summary then wrote 404 (202 × 2)."""
    from okey_tui.practice import _stakes

    for openings, figure in (("-/-/-/-", 202), ("-!/-/-/-", 404)):
        hand = position(["R1 R2 R3 K5 Y9", "", "", ""], rules="challenge/3", openings=openings)
        assert _stakes(PlayerView.of(hand, 0))["not_opened"] == figure, openings


def test_a_tile_is_not_dead_while_an_okey_that_pairs_it_is_unseen() -> None:
    """After Going Pairs, both R5s in sight, R5 was "dead: every tile it melds with is
    already in sight" while an okey (which pairs with any tile) was in the right player's
    hand; only with both okeys in sight is it dead."""
    rack = "R5 K5 Y9 R1 R2 R3"

    def said(discards: tuple[str, str, str, str]) -> str:
        hand = position(
            [rack, "", "", ""], rules="challenge/3", openings="-!/-/-/-", discards=discards
        )
        found, _none = safest_discards(PlayerView.of(hand, 0), limit=6)
        return next(tip.reason for tip in found if str(tip.tile) == "R5")

    other_r5 = ("R5", "", "", "")  # the other R5 in sight: only the okeys can pair it
    assert "(2 unseen tiles meld with it)" in said(other_r5)
    both_okeys = ("R5", "", "", "B8 B8")  # indicator B7: the okeys are B8
    assert said(both_okeys) == "dead: every tile it melds with is already in sight"
