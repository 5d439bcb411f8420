"""``okey101 hint``: output shape, batch mode and bad input (exit 2, no traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from okey_tui.cli import main


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["hint", *args], input=stdin)
    return result.exit_code, result.output


def test_json_object_has_the_documented_shape() -> None:
    code, out = run("--indicator", "B7", "--json", "R1", "R2", "R3", "K9", "Y9", "B9", "F", "B8")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {
        "indicator", "okey", "value", "melds", "pairs", "can_open_melds", "can_open_pairs",
        "leftover", "pair_melds", "pairs_leftover", "straight_out",
    }  # fmt: skip
    assert data["straight_out"] is None  # 8 tiles: not a rack that goes out this turn
    assert data["indicator"] == "B7" and data["okey"] == "B8"
    assert data["value"] == sum(m["value"] for m in data["melds"])
    for meld in data["melds"]:
        assert set(meld) == {"kind", "tiles", "stands_for", "value"}
        assert len(meld["tiles"]) == len(meld["stands_for"])
    assert "B8" in [t for m in data["melds"] for t in m["tiles"]]  # the okey is laid
    assert data["can_open_melds"] is False


def test_rules_example_reaches_the_floor() -> None:
    hand = ["R3", "R4", "R5", "R6", "R7", "K10", "K11", "K12", "K13", "R10", "Y10", "B10", "Y1"]
    code, out = run("--indicator", "B7", "--json", *hand)
    assert code == 0
    data = json.loads(out)
    assert data["value"] == 101 and data["can_open_melds"] is True
    assert data["leftover"] == ["Y1"]
    code, out = run("--indicator", "B7", "--json", "--floor", "102", *hand)
    assert json.loads(out)["can_open_melds"] is False


def test_pairs_floor_option() -> None:
    hand = ["R1", "R1", "Y2", "Y2", "K5", "K5", "B1", "B1"]
    assert json.loads(run("-i", "B7", "--json", *hand)[1])["can_open_pairs"] is False
    data = json.loads(run("-i", "B7", "--json", "--pairs-floor", "4", *hand)[1])
    assert data["pairs"] == 4 and data["can_open_pairs"] is True


def test_rich_output_names_total_pairs_and_leftover() -> None:
    hand = ["R3", "R4", "R5", "R6", "R7", "K10", "K11", "K12", "K13", "R10", "Y10", "B10", "Y1"]
    code, out = run("--indicator", "B7", *hand)
    assert code == 0
    assert "101 / 101 — you can open" in out
    assert "Pairs: 0 / 5" in out
    assert "Y1" in out.split("Left:")[1]


def test_commas_and_lower_case_are_accepted() -> None:
    code, out = run("--indicator", "b7", "--json", "r1,r2,r3")
    assert code == 0 and json.loads(out)["value"] == 6


def test_batch_reports_bad_lines_and_goes_on() -> None:
    lines = "B7: R1 R2 R3\nnot a hand\nK13: R1 R1 R1\nR5: K1 K2 K3 F\n"
    code, out = run("--batch", "-", stdin=lines)
    assert code == 1
    rows = [json.loads(x) for x in out.splitlines()]
    assert len(rows) == 4
    assert rows[0]["value"] == 6
    assert rows[1]["line"] == 2 and "':'" in rows[1]["error"]
    assert rows[2]["line"] == 3 and "R1" in rows[2]["error"]
    assert rows[3]["okey"] == "R6" and rows[3]["value"] == 6
    # Every row names its line, a hand's as an error's (after comments, blank lines).
    code, out = run("--batch", "-", stdin="# hands\n\nB7: R1 R2 R3\n")
    assert [json.loads(x)["line"] for x in out.splitlines()] == [3]
    assert rows[0]["line"] == 1 and rows[3]["line"] == 4


def test_batch_quotes_a_huge_bad_line_in_a_few_words() -> None:
    """A bad line of 20 MB was said back whole in its error (20 MB of output a line)."""
    lines = "B7 " + "R1" * 100_000 + "\nB7: " + "X" * 100_000 + "\nB7: R1 R2 R3\n"
    code, out = run("--batch", "-", stdin=lines)
    assert code == 1
    rows = [json.loads(x) for x in out.splitlines()]
    assert [row.get("line") for row in rows[:2]] == [1, 2] and rows[2]["value"] == 6
    assert rows[0]["error"].startswith("'B7 R1R1") and "':'" in rows[0]["error"]
    assert rows[1]["error"].startswith("'XXX") and "is not a tile" in rows[1]["error"]
    assert all(len(row["error"]) < 400 for row in rows[:2]), [len(r["error"]) for r in rows]


def test_batch_all_good_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("B7: R1 R2 R3\nK13: K1 Y1 B1 R1\n")
    code, out = run("--batch", str(path))
    assert code == 0
    assert [json.loads(x)["okey"] for x in out.splitlines()] == ["B8", "K1"]


def test_batch_skips_blank_lines_and_comments() -> None:
    """A line whose first non-space character is ``#`` is a comment: skipped, not an error."""
    lines = "# hands from the club\n\nB7: R1 R2 R3\n   # a note\n  \nK13: K1 Y1 B1 R1\n"
    code, out = run("--batch", "-", stdin=lines)
    assert code == 0, out
    assert [json.loads(x)["okey"] for x in out.splitlines()] == ["B8", "K1"]


def test_batch_json_keeps_turkish_letters_as_saves_json_does() -> None:
    """JSON lines are UTF-8 text: "satırında", not "sat\\u0131r\\u0131nda"."""
    result = CliRunner().invoke(main, ["--lang", "tr", "hint", "--batch", "-"], input="el yok\n")
    assert result.exit_code == 1
    assert "\\u" not in result.output and "ı" in result.output
    assert json.loads(result.output)["error"] in result.output


def test_batch_line_not_utf8_is_reported_and_the_others_solved(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(b"B7: R1 R2 R3\nB7: R1 R2 \xff\nK13: K1 Y1 B1 R1\n")
    result = CliRunner().invoke(main, ["hint", "--batch", str(path)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)  # no traceback
    rows = [json.loads(x) for x in result.output.splitlines()]
    assert [row.get("okey") for row in rows] == ["B8", None, "K1"]
    assert rows[1]["line"] == 2 and rows[1]["error"]


@pytest.mark.parametrize(
    ("args", "named", "rule"),
    [
        (["--indicator", "B7", "R1", "Q5"], "Q5", "not a tile"),
        (["--indicator", "B7", "R14"], "R14", "1 to 13"),
        (["--indicator", "B7", "R1", "R1", "R1"], "R1", "two copies"),
        (["--indicator", "B7", "F", "F", "F"], "F", "two false okeys"),
        (["--indicator", "B7", "B7", "B7"], "B7", "indicator"),
        (["--indicator", "F", "R1"], "F", "indicator"),
        (["--indicator", "B7"], "empty", "empty"),
        (["R1", "R2"], "--indicator", "indicator"),
        (["--batch", "-", "R1"], "--batch", "--batch"),
        # Digits 0-9 only: an Arabic-Indic or a full-width 7 was read as 7.
        (["--indicator", "B7", "R\u0667"], "R\u0667", "not a tile"),
        (["--indicator", "B7", "R\uff17"], "R\uff17", "not a tile"),
        (["--indicator", "B\u0667", "R1"], "B\u0667", "not a tile"),
        # An indicator left empty was "'' is not a tile … or F for a false okey".
        (["--indicator", "", "R7"], "--indicator", "the indicator is missing"),
        # A character that shows nothing is written as its code, not quoted unseen.
        (["--indicator", "B7", "R7\u200b"], "'R7\\u200b'", "not a tile"),
    ],
)
def test_bad_input_exits_2_naming_the_token(args: list[str], named: str, rule: str) -> None:
    code, out = run(*args)
    assert code == 2
    assert "Traceback" not in out
    assert named in out and rule in out


def test_indicator_copy_once_is_fine() -> None:
    code, out = run("--indicator", "B7", "--json", "B7", "B6", "F")
    assert code == 0 and json.loads(out)["value"] == 21


def test_pairs_short_of_an_opening_are_named() -> None:
    """ "Pairs: 3 / 5" and, under Left, R1 R1 Y3 Y3 K5 K5 with nothing saying which."""
    code, out = run("-i", "B7", "R1", "R1", "K5", "K5", "Y3", "Y3", "B9")
    assert code == 0
    rows = [" ".join(line.split()) for line in out.splitlines()]
    said = next(row for row in rows if row.startswith("Pairs:"))
    assert said.startswith("Pairs: 3 / 5 — 2 pairs short:"), said
    for pair in ("R1 R1", "Y3 Y3", "K5 K5"):
        assert pair in said, said


PAIRS_HAND = ["R1", "R1", "Y2", "Y2", "K5", "K5", "B9", "B9", "R13", "R13", "B8", "F", "K1"]


def test_when_pairs_open_and_melds_do_not_the_pairs_are_shown() -> None:
    """The hand opens with 6 pairs, its best melds (F=B8 B9 B8★ as B10, 27) do not: the output
    showed that run and listed the pairs' tiles as left over."""
    code, out = run("-i", "B7", *PAIRS_HAND)
    assert code == 0
    assert "Pairs: 6 / 5 — you can open with pairs" in out
    rows = [" ".join(line.split()) for line in out.splitlines()]
    for pair in ("R1 R1", "Y2 Y2", "K5 K5", "B9 B9", "R13 R13", "F=B8 B8★"):
        assert any(row.startswith(f"pair {pair} ") for row in rows), out
    assert not any(row.startswith("run ") for row in rows), out
    left = next(row for row in rows if row.startswith("Left:"))
    assert left == "Left: K1 (sum 1)", out


def test_when_melds_open_the_melds_are_shown() -> None:
    hand = ["R3", "R4", "R5", "R6", "R7", "K10", "K11", "K12", "K13", "R10", "Y10", "B10", "Y1"]
    rows = [" ".join(line.split()) for line in run("-i", "B7", *hand)[1].splitlines()]
    assert any(row.startswith("run R3 R4 R5 R6 R7 ") for row in rows), rows
    assert not any(row.startswith("pair ") for row in rows), rows


def test_okeys_are_written_as_the_table_writes_them() -> None:
    """hint wrote an okey as *R3 (the position notation's mark) and one left over as *B8,
    and its sum left out the +101 an okey left in hand costs at a penalty table."""
    rows = [" ".join(line.split()) for line in run("-i", "B7", "R1", "R2", "B8")[1].splitlines()]
    assert any(row.startswith("run R1 R2 ★R3 ") for row in rows), rows
    rows = [" ".join(line.split()) for line in run("-i", "B7", "Y5", "K5", "B8")[1].splitlines()]
    assert any(row.startswith("set ★5 Y5 K5 ") for row in rows), rows  # any colour it misses
    out = run("-i", "K1", "R1", "K2", "B8")[1]
    left = " ".join(next(line for line in out.splitlines() if line.startswith("Left:")).split())
    assert left.startswith("Left: R1 B8 K2★ (sum 9; +101 for the okey left in hand"), left


# A 22-tile hand of seven sets of three and K1: 85 points, short of 101, yet it goes out
# at once, laying all but one tile (rules §7: a straight out needs no floor).
STRAIGHT = [f"{colour}{number}" for colour in "RYB" for number in range(1, 8)] + ["K1"]


def test_a_hand_that_goes_out_straight_out_is_said_to() -> None:
    """It said "16 points short" and "Left: nothing" (22 tiles, one to discard)."""
    code, out = run("-i", "K9", *STRAIGHT)
    assert code == 0
    assert "85 / 101 — 16 points short" in out
    said = out.split("Straight out: lay down these, then discard ")[1]
    discard = said.split()[0]
    assert "You go out at once (a straight out needs no floor)" in said
    data = json.loads(run("-i", "K9", "--json", *STRAIGHT)[1])
    plan = data["straight_out"]
    assert plan["kind"] == "melds" and plan["discard"] == discard
    laid = sorted(tile for meld in plan["melds"] for tile in meld["tiles"])
    assert sorted([*laid, discard]) == sorted(STRAIGHT)
    # One tile short of a full rack: a hand that must draw before it can go out.
    assert json.loads(run("-i", "K9", "--json", *STRAIGHT[:-1])[1])["straight_out"] is None
    # An okey kept to discard doubles the hand, and the plan throws it.
    with_okey = [*STRAIGHT[:-2], "K10"]  # B7 out, the okey (K10) in
    code, out = run("-i", "K9", *with_okey, "K1")
    assert "then discard K10" in out and "the okey discarded doubles the hand" in out, out


def test_the_json_gives_the_pairs_the_text_shows() -> None:
    """The text listed five pairs (one with the okey) and "Left: Y1"; the JSON had no pairs
    and named the paired tiles left over."""
    hand = ["K5", "R5", "R5", "Y7", "Y7", "B2", "B2", "K13", "K13", "K6", "Y1", "B11"]
    data = json.loads(run("-i", hand[0], "--json", *hand[1:])[1])
    assert data["pairs"] == 5 and data["can_open_pairs"] is True
    assert len(data["pair_melds"]) == 5 and data["pairs_leftover"] == ["Y1"]
    assert all(meld["kind"] == "pair" for meld in data["pair_melds"])
    paired = sorted(tile for meld in data["pair_melds"] for tile in meld["tiles"])
    assert sorted([*paired, "Y1"]) == sorted(hand[1:])
    assert "Left:  Y1" in run("-i", hand[0], *hand[1:])[1]


@pytest.mark.parametrize(("flag", "value"), [("--floor", "0"), ("--pairs-floor", "0"),
    ("--floor", "99999999999999999999"), ("--pairs-floor", "12")])  # fmt: skip
def test_a_floor_no_opening_has_is_refused(flag: str, value: str) -> None:
    """A floor of 0 said "Melds: 0 / 0 — you can open" of a hand with no meld."""
    code, out = run("-i", "K3", flag, value, "R1", "Y5")
    assert code == 2 and "Traceback" not in out and "not " + value in out, out


def test_a_batch_file_that_cannot_be_opened_is_said_in_the_players_language() -> None:
    """On a Turkish screen it said "'nofile.txt': No such file or directory"."""
    result = CliRunner().invoke(main, ["--lang", "tr", "hint", "--batch", "nofile.txt"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "böyle bir dosya ya da klasör yok: nofile.txt" in result.output, result.output
    assert "No such file" not in result.output
