"""Numbers with a fraction a person reads are written as the language writes them: "0,6"
and "154,5" in Turkish, "0.6" in English; the JSON a script reads keeps its points."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from okey_tui.cli import main

SIMULATE = ["simulate", "--matches", "2", "--hands", "1", "--seed", "3"]
A_POINT = re.compile(r"\d\.\d")
A_COMMA = re.compile(r"\d,\d")


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_simulate_in_turkish_writes_its_means_and_times_with_a_comma() -> None:
    """``--lang tr simulate`` printed "154.5" and "medyan 0.42 ms"."""
    out = run("--lang", "tr", *SIMULATE)
    lines = out.splitlines()
    rows = [line for line in lines if "(%" in line]  # a seat's wins: "1 (%50)"
    assert len(rows) == 4, out
    for row in rows:  # each seat's two means, with one digit after the comma
        assert len(re.findall(r"-?\d+,\d\b", row)) == 2, row
    # The decision times' line, as one line however the console wrapped it.
    flat = " ".join(out.split())
    assert len(re.findall(r"\d+,\d\d ms", flat)) == 3, out
    assert not A_POINT.search(out), out


def test_simulate_in_english_keeps_its_points() -> None:
    out = run("--lang", "en", *SIMULATE)
    assert len(re.findall(r"\d+\.\d\d ms", out.splitlines()[-1])) == 3, out
    assert not A_COMMA.search(out), out


def test_simulate_json_stays_machine_readable_in_turkish() -> None:
    document = json.loads(run("--lang", "tr", *SIMULATE, "--json"))
    assert isinstance(document["decision_ms"]["max"], float)
    assert all(isinstance(seat["mean_total"], int | float) for seat in document["seats"])


def test_the_bot_delay_help_names_the_default_as_the_language_writes_it() -> None:
    """``play --help`` (and host's, which shares the flag) said "o da yoksa 0.6" in Turkish."""
    from okey_tui.settings import TableSettings

    assert TableSettings.bot_delay == 0.6  # what the help below names
    for command in ("play", "host"):
        turkish = " ".join(run("--lang", "tr", command, "--help").split())
        english = " ".join(run("--lang", "en", command, "--help").split())
        assert "0,6)" in turkish and "0.6" not in turkish, turkish
        assert "else 0.6)" in english and "0,6" not in english, english
        assert "{seconds}" not in turkish + english


def test_a_range_in_help_and_in_a_refusal_writes_its_bounds_as_the_language_does() -> None:
    """click wrote ``[0<=x<=10.0]`` and ``0.1`` whatever the language."""
    assert "[0<=x<=10]" in " ".join(run("--lang", "en", "play", "--help").split())
    turkish = " ".join(run("--lang", "tr", "web", "--help").split())
    assert "0,1<=x<=1440]" in turkish and "0.1<=" not in turkish, turkish
    result = CliRunner().invoke(main, ["--lang", "tr", "web", "--idle-minutes", "0.01"])
    assert result.exit_code == 2 and "0,1 ile 1440" in result.output, result.output
