"""The ``okey101 rules`` command and the rules page it prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from okey_tui.cli import main
from okey_tui.commands.rules import rules, rules_text

REPO = Path(__file__).resolve().parents[1]
WIDE = {"COLUMNS": "200", "NO_COLOR": "1"}


def _flat(text: str) -> str:
    """Lower case, no Markdown emphasis or code marks, single spaces."""
    return re.sub(r"\s+", " ", text.replace("*", "").replace("`", "")).lower()


def _decision_paragraphs(markdown: str) -> list[str]:
    """The text of every paragraph or bullet that carries a Decision label."""
    found = []
    for match in re.finditer(r"\*\*Decision:\*\*", markdown):
        rest = markdown[match.end() :]
        end = re.search(r"\n\s*\n|\n\s*- |\n\|", rest)
        found.append(_flat(rest[: end.start() if end else len(rest)]))
    return found


@pytest.fixture(scope="module")
def rendered() -> str:
    result = CliRunner().invoke(main, ["rules"], env=WIDE)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def plain() -> str:
    result = CliRunner().invoke(main, ["rules", "--plain"])
    assert result.exit_code == 0, result.output
    return result.output


def test_rules_command_runs_through_the_group(rendered: str) -> None:
    assert "At a glance" in rendered
    assert "101 Okey" in rendered


def test_rules_command_object_runs_directly() -> None:
    result = CliRunner().invoke(rules, [], env=WIDE)
    assert result.exit_code == 0
    assert "Going Pairs" in result.output


def test_help_lists_rules() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    assert "rules" in result.output


@pytest.mark.parametrize(
    "needle", ["101", "202", "404", "808", "1616", "Going Pairs", "Decision", "−101", "−404"]
)
def test_rendered_page_has_key_numbers(rendered: str, needle: str) -> None:
    assert needle in rendered


def test_rendered_output_is_not_raw_markdown(rendered: str) -> None:
    assert "**Decision:**" not in rendered
    assert not re.search(r"^#+ ", rendered, re.MULTILINE)


def test_plain_prints_markdown_headings(plain: str) -> None:
    assert plain.startswith("# ")
    assert "\n## At a glance\n" in plain
    assert "\n## 11. The end of a hand\n" in plain
    assert "**Decision:**" in plain
    assert plain == rules_text()


def test_plain_with_pager_still_prints_the_text() -> None:
    result = CliRunner().invoke(main, ["rules", "--plain", "--pager"])
    assert result.exit_code == 0
    assert "## At a glance" in result.output


def test_at_a_glance_comes_first(plain: str) -> None:
    headings = re.findall(r"^## (.+)$", plain, re.MULTILINE)
    assert headings[0] == "At a glance"


@pytest.mark.parametrize(
    "row",
    [
        "| Normal finish | −101 | 202 | S |",
        "| With an okey (the last tile discarded is a real okey) | −202 | 404 | 2S |",
        "| Straight out (first lay-down and finish in one turn) | −202 | 404 | 404 |",
        "| With pairs (the finisher opened with pairs) | −202 | 404 | 2S |",
        "| Straight out + okey | −404 | 808 | 808 |",
        "| Pairs + okey | −404 | 808 | 4S |",
        "| The middle ran out | — | 202 | S |",
        "| Straight out + pairs + okey | −808 | 1616 | 1616 |",
        "| Pairs + okey | 4S | 8S |",
        "| Tiles dealt | 21 (starter 22) | 21 (22) | 21 (22) | 14 (15) |",
        "| Melds floor | 101 | 101 | 101 | 51 |",
        "| Melds floor rises | no | +1 over highest | +1 | +1 |",
        "| Pairs floor | 5 | 5 | 5 | 4 |",
        "| Pairs floor rises | no | +1 pair | +1 pair | no |",
        "| Big opening bonus | no | yes | yes | no |",
        "| Challenge rules | no | no | yes | no |",
        "| 150 points or more, or 7 pairs or more | −101 |",
        "| 180 points or more, or 9 pairs or more | −202 |",
        "| A normal tile | its value × 10 | its value × 20 |",
        "| Taking back your melds | +101 |",
    ],
)
def test_tables_reproduce_the_rule_book(plain: str, row: str) -> None:
    assert row in plain


# One phrase per decision of RULES.md (marked *(decision)* or naming the seed a
# default follows) and per engine decision; each must sit in a Decision paragraph.
DECISION_TOPICS = {
    "starter of hand 1 and later hands": "drawn at random from the match seed",
    "no finisher: next seat starts": "if nobody finished it",
    "false okey as indicator": "slid back into the stack",
    "both okeys in one meld": "both okeys may sit in the same meld",
    "choice of okey reading": "the player picks the reading",
    "helper offers the highest reading": "highest-scoring reading",
    "okey's colour in a set": "it does not matter which missing colour",
    "runs kept in order": "sorts a run for you",
    "give back the left discard": "giving the tile back costs nothing",
    "empty middle": "may still pick up the left discard",
    "drawing from the empty middle": "the hand ends there",
    "finish-hand opening has no floor": "the opening needs no floor when it finishes the hand",
    "finish-hand exemption needs one tile left": "leaves exactly one tile",
    "pairs opener and lay-offs": "a pairs opener may not add tiles to runs and sets",
    "okey swap from a 3-tile set": "both missing colours at once",
    "taking back undoes the turn": "undoes everything you did on the table this turn",
    "taking back keeps the draw": "the tile you drew stays in your hand",
    "straight out: opened or not": "whether they had opened or not",
    "doublings combine": "the doublings add up",
    "pairs step only for S": "the pairs step only ever multiplies s",
    "okey left in hand": "every real okey still in a player's hand",
    "playable discard for everyone": "applies to every player, opened or not",
    "direction of play": "turns go anticlockwise",
}


@pytest.mark.parametrize("topic", sorted(DECISION_TOPICS))
def test_every_decision_is_marked(plain: str, topic: str) -> None:
    phrase = DECISION_TOPICS[topic]
    paragraphs = _decision_paragraphs(plain)
    assert any(phrase in p for p in paragraphs), f"{topic!r}: {phrase!r} not in a Decision"


def test_decisions_also_render(rendered: str) -> None:
    flat = _flat(rendered)
    assert flat.count("decision:") == _flat(rules_text()).count("decision:") >= 19


def test_table_options_have_default_and_alternative(plain: str) -> None:
    section = plain.split("## 16. Table options", 1)[1]
    for row in [
        "| Penalties | on | off |",
        "| Partners | off | on |",
        "| Hands in a match | 11 | any odd number from 1 to 13 |",
        "| Giving back an unused left discard | free | +101 |",
        "| The finish-hand opening must reach the floor | no | yes |",
        "| A pairs opener may add to runs and sets | no | yes |",
        "| What the finisher scores | −101 and its doublings | 0 (everyone else scores as usual) |",
    ]:
        assert row in section


def test_points_are_scored_not_written(plain: str) -> None:
    """A seat "scores 202", as English players say it; "writes 202" (Turkish "yazar") left a
    newcomer lost. The only writing on the page is how okey101 writes a tile."""
    assert "The finisher scores **−101**" in plain
    assert "a player who never opened scores **202**" in plain
    assert "\n### What everyone scores\n" in plain
    writing = re.findall(r"[^.\n]*\b(?:writes?|written|wrote|writing)\b[^.\n]*", plain)
    assert writing and all("writes a tile" in line for line in writing), writing


def test_the_finisher_zero_option_says_the_finisher_scores_0() -> None:
    result = CliRunner().invoke(main, ["play", "--help"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "the finisher scores 0 instead of -101" in re.sub(r"\s+", " ", result.output)


def test_repo_docs_link_points_at_the_package_page() -> None:
    link = REPO / "docs" / "rules.md"
    if not link.exists():
        pytest.skip("not running from a source checkout")
    assert link.is_symlink()
    assert not Path(link.readlink()).is_absolute()
    assert link.read_text(encoding="utf-8") == rules_text()


@pytest.mark.parametrize("plain", [False, True], ids=["rendered", "plain"])
@pytest.mark.parametrize(
    ("terminal", "args", "paged"),
    [
        (True, [], True),  # a terminal: paged, as git does (it printed 468 lines straight)
        (True, ["--no-pager"], False),
        (False, [], False),  # piped: the text alone
        (False, ["--pager"], True),  # asked for: as before
        (True, ["--pager"], True),
    ],
)
def test_rules_page_in_a_pager_when_the_output_is_a_terminal(
    monkeypatch: pytest.MonkeyPatch, plain: bool, terminal: bool, args: list[str], paged: bool
) -> None:
    import pydoc

    import click

    from okey_tui.commands import rules as module

    shown: list[str] = []
    monkeypatch.setattr(module, "stdout_is_terminal", lambda: terminal)
    monkeypatch.setattr(pydoc, "pager", shown.append)  # rich's pager
    monkeypatch.setattr(click, "echo_via_pager", shown.append)
    monkeypatch.setenv("LESS", "")  # put back as it was after the test
    monkeypatch.delenv("LESS")
    args = [*args, "--plain"] if plain else args
    result = CliRunner().invoke(main, ["rules", *args], env=WIDE)
    assert result.exit_code == 0, result.output
    page = "".join(shown) if paged else result.output
    assert "At a glance" in page and bool(shown) == paged
    if paged:  # less shows the colours and leaves a page that fits, as for git
        assert "At a glance" not in result.output
        assert module.os.environ["LESS"] == "FRX"


def test_rules_pager_keeps_the_players_less_options(monkeypatch: pytest.MonkeyPatch) -> None:
    import pydoc

    from okey_tui.commands import rules as module

    monkeypatch.setattr(module, "stdout_is_terminal", lambda: True)
    monkeypatch.setattr(pydoc, "pager", lambda text: None)
    monkeypatch.setenv("LESS", "-S")
    assert CliRunner().invoke(main, ["rules"], env=WIDE).exit_code == 0
    assert module.os.environ["LESS"] == "-S"


def test_rules_help_says_when_it_pages() -> None:
    result = CliRunner().invoke(main, ["rules", "--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert "--pager / --no-pager" in result.output
    assert "a pager when the output is a terminal" in re.sub(r"\s+", " ", result.output)


def test_a_pager_that_is_not_there_still_shows_the_rules() -> None:
    """With PAGER naming no program, the page was lost to "/bin/sh: 1: /nonexistent: not
    found", exit 0. It is printed straight, and the player told why."""
    env = {**WIDE, "PAGER": "/nonexistent/pager -R", "MANPAGER": ""}
    result = CliRunner().invoke(main, ["rules", "--pager"], env=env)
    assert result.exit_code == 0, result.output
    said = "okey101: the pager PAGER=/nonexistent/pager -R was not found here"
    assert said in result.stderr, result.stderr
    assert "At a glance" in result.stdout
    found = CliRunner().invoke(main, ["rules", "--pager"], env={**env, "PAGER": "cat"})
    assert "was not found" not in found.stderr and "At a glance" in found.stdout


def test_the_page_piped_has_no_lines_padded_with_spaces(rendered: str) -> None:
    """Piped, 364 of its 471 lines ended in spaces to the terminal's width."""
    lines = rendered.splitlines()
    assert len(lines) > 100
    assert [line for line in lines if line != line.rstrip()] == []
