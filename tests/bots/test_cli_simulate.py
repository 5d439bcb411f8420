"""``okey101 simulate``: bot-only matches, a table or one JSON object, clear errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from okey_tui.cli import main

ARGS = ["simulate", "--matches", "2", "--hands", "1", "--seed", "4"]


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, [*ARGS, *args])
    return result.exit_code, result.output


def test_json_has_the_documented_fields() -> None:
    code, out = _run("--seats", "hard,easy,normal,easy", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert {k: data[k] for k in ("matches", "hands", "seed")} == {
        "matches": 2,
        "hands": 1,
        "seed": 4,
    }
    assert data["errors"] == 0
    assert set(data["decision_ms"]) == {"median", "p99", "max"}
    assert [s["bot"] for s in data["seats"]] == ["hard", "easy", "normal", "easy"]
    for seat in data["seats"]:
        assert {
            "seat",
            "bot",
            "wins",
            "mean_total",
            "open_rate",
            "finish_rate",
            "penalties",
        } <= set(seat)
    assert sum(s["wins"] for s in data["seats"]) >= 2  # shared wins count for each winner


def test_json_is_deterministic_for_a_seed() -> None:
    def strip(out: str) -> list[dict[str, object]]:
        seats = json.loads(out)["seats"]
        for seat in seats:
            seat.pop("decision_ms")
        return seats

    assert strip(_run("--json")[1]) == strip(_run("--json")[1])


def test_table_output_without_progress_bar_when_not_a_terminal() -> None:
    code, out = _run("--type", "challenge", "--partners", "--no-penalty")
    assert code == 0, out
    assert "Level" in out and "hard" in out
    assert "Illegal attempts: 0" in out
    # The wins add up to twice the matches there: said why.
    assert "each seat's wins and mean total are its side's" in " ".join(out.split())
    assert "its side's" not in _run()[1]


def test_shared_wins_are_counted_and_said() -> None:
    """25 one-hand matches of easy bots (seed 0) had a tie for the lowest total: the wins
    added up to 26 with nothing said. The shared wins are counted, and the table says why
    the wins add up to more than the matches; a run without a tie says nothing."""
    args = ["simulate", "--matches", "25", "--hands", "1", "--seed", "0"]
    args += ["--seats", "easy,easy,easy,easy"]
    result = CliRunner().invoke(main, [*args, "--json"])
    seats = json.loads(result.output)["seats"]
    wins, shared = sum(s["wins"] for s in seats), sum(s["shared_wins"] for s in seats)
    assert shared >= 2 and wins > 25, seats  # each tie gives every seat in it a win
    assert wins - shared + shared // 2 <= 25, seats
    out = " ".join(CliRunner().invoke(main, args).output.split())
    assert f"{shared} wins were shared" in out, out
    assert "add up to more than the matches" in out, out
    assert "shared" not in _run()[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "hard,wizard,easy,easy"], "no bot level is called wizard"),
        (["--seats", "hard,easy"], "four bot levels"),
        (["--seats", "hard,easy"], "you gave 2"),
        # An empty level said "no bot level is called :".
        (["--seats", "easy,,hard,expert"], "a bot level is missing"),
        (["--seats", ",,,"], "a bot level is missing"),
        (["--seats", "easy,hard,expert,"], "a bot level is missing"),
        (["--seats", ""], "a bot level is missing"),
        (["--hands", "4"], "13 hands, not 4"),
        (["--hands", "15"], "13 hands, not 15"),
        (["--matches", "0"], "at least one match"),
        # Not a number at all: the same words, not click's "'abc' is not a valid integer."
        (["--matches", "abc"], "'--matches': a whole number, not abc"),
        (["--matches", "2.5"], "'--matches': a whole number, not 2.5"),
        (["--matches", "٣"], "'--matches': a whole number, not ٣"),
        # A number of 23 digits ran until killed.
        (
            ["--matches", "99999999999999999999999"],
            "'--matches': play at most 1000000 matches, not 99999999999999999999999",
        ),
        (["--seed", "abc"], "'--seed': a whole number, not abc"),
        (["--lang", "tr", "--matches", "abc"], "bir tam sayı, abc değil"),
        (["--type", "speed"], "speed"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["simulate", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert "not a valid" not in result.output


@pytest.mark.parametrize("language", ["en", "tr"])
def test_a_narrow_terminal_gets_every_figure_whole(language: str) -> None:
    """Below the table's width (a split pane) its numbers were cut ("-101…") and its last
    columns left out; the seats come one under the other, every figure and label whole."""
    args = ["--lang", language, *ARGS, "--seats", "hard,easy,easy,easy", "--json"]
    document = json.loads(CliRunner().invoke(main, args).output)
    for width in (40, 60):
        result = CliRunner().invoke(main, args[:-1], env={"COLUMNS": str(width)})
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        assert max(len(line) for line in lines) <= width, result.output
        assert "…" not in result.output, result.output
        # A number keeps its unit on its line ("ms." began one), and no line ends in a space.
        assert not any(line.startswith(("ms", "ms.")) for line in lines), result.output
        assert not any(line.endswith(" ") for line in lines), result.output
        for seat in document["seats"]:
            okeys = str(seat["okey_finishes"])
            block = result.output.split(f" {seat['seat'] + 1} · ")[1].split("\n\n")[0]
            assert block.splitlines()[-1].endswith(f"  {okeys}"), block
    wide = CliRunner().invoke(main, args[:-1], env={"COLUMNS": "80"}).output
    assert " · " not in wide.split("\n\n")[0] and "…" not in wide  # the table, whole
