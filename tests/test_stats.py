"""Statistics: records round-trip, the summary adds up, the command prints and resets."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from okey_tui import stats
from okey_tui.cli import main
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.view import PlayerView, legal_actions

NAMES = ["Ayşe", "Bot 1", "Bot 2", "Bot 3"]
KINDS = ["human", "easy", "easy", "easy"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OKEY101_DATA_DIR", str(tmp_path))
    return tmp_path


def play_match(seed: int, names: list[str] = NAMES) -> list[dict]:  # type: ignore[type-arg]
    match = Match(RuleSet(hands=3), seed=seed)
    rng = random.Random(seed)
    records = []
    while True:
        hand = match.hand
        while not hand.is_over:
            hand.apply(rng.choice(legal_actions(PlayerView.of(hand, hand.turn))))
        result = match.finish_hand()
        record = stats.hand_record(match, result, names, KINDS)
        stats.append(record)
        records.append(record)
        if match.is_over:
            return records
        match.next_hand()


def test_records_round_trip_through_the_file() -> None:
    written = play_match(1)
    assert stats.read() == json.loads(json.dumps(written))


def test_summary_adds_up_the_human_seat() -> None:
    records = play_match(2) + play_match(3)
    summary = stats.summarise(stats.read())
    assert list(summary) == ["Ayşe"]
    tally = summary["Ayşe"].as_dict()
    assert tally["hands"] == 6
    assert tally["matches"] == 2
    assert tally["mean_hand_score"] == round(sum(r["seats"][0]["score"] for r in records) / 6, 1)
    wins = sum(0 in r["winners"] for r in records if "winners" in r)
    assert tally["matches_won"] == wins
    assert summary["Ayşe"].by_type["classic"].hands == 6


def test_a_damaged_line_is_skipped() -> None:
    play_match(4)
    with open(stats.stats_path(), "a", encoding="utf-8") as handle:
        handle.write("{broken\n")
    assert len(stats.read()) == 3


def test_a_file_with_the_mark_some_editors_put_first_is_read_whole() -> None:
    """Saved in Notepad, the file starts with a byte order mark: its first hand was left
    out as a damaged line."""
    written = play_match(6)
    path = stats.stats_path()
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    found = stats.read_file()
    assert found.records == json.loads(json.dumps(written)) and found.skipped == 0


@pytest.mark.parametrize("cut", [0, 120], ids=["whole", "cut-short"])
def test_a_hand_after_a_last_line_with_no_end_is_kept_on_a_line_of_its_own(cut: int) -> None:
    """A hand's record was written onto the end of a last line with no newline (a write
    cut short, a file edited by hand): both were lost, the line being no JSON."""
    first, second, third = play_match(5)
    path = stats.stats_path()
    last = json.dumps(second, ensure_ascii=False)
    text = json.dumps(first, ensure_ascii=False) + "\n" + (last[:cut] if cut else last)
    path.write_text(text, "utf-8")
    stats.append(third)
    found = stats.read_file()
    kept = [first, third] if cut else [first, second, third]
    assert found.records == json.loads(json.dumps(kept))
    assert found.skipped == (1 if cut else 0)
    assert path.read_text("utf-8").startswith(text)  # what was there is left as it was


@pytest.mark.parametrize(
    "line",
    [
        {"seats": [{"kind": "human", "name": "Ayşe", "score": "abc"}]},
        {"seats": [{"kind": "human", "name": "Ayşe", "score": None}]},
        {"seats": [{"kind": "human", "name": "Ayşe", "score": 1e400}]},
        {"seats": [{"kind": "human", "name": "Ayşe", "score": 5, "opened": 5}]},
        {"seats": [{"kind": "human", "name": "Ayşe", "score": 5, "opened": {"value": "x"}}]},
        {"seats": [{"kind": "human", "name": "Ayşe", "score": 5}], "winners": 5},
        {"seats": [{"kind": "human", "name": "Ayşe", "score": 5}], "finisher": "0"},
    ],
)
def test_a_line_of_json_that_is_no_hand_record_is_skipped(line: dict) -> None:  # type: ignore[type-arg]
    """A line that reads as JSON but not as a hand (a damaged or hand-edited file) is
    skipped like a damaged one: ``okey101 stats`` ended in a traceback."""
    play_match(4)
    with open(stats.stats_path(), "a", encoding="utf-8") as handle:
        handle.write(json.dumps(line) + "\n")
    assert len(stats.read()) == 3
    result = CliRunner().invoke(main, ["stats", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"]["Ayşe"]["hands"] == 3
    # Left out, and said (on stderr: the JSON stays whole).
    assert "1 line of" in result.stderr and "left out" in result.stderr


def test_a_line_that_is_not_utf8_or_nests_too_deep_is_skipped() -> None:
    play_match(4)
    with open(stats.stats_path(), "ab") as handle:
        handle.write(b"\xff\xfe{\n" + b"[" * 100_000 + b"]" * 100_000 + b"\n")
    assert len(stats.read()) == 3
    result = CliRunner().invoke(main, ["stats"])
    assert result.exit_code == 0 and "hands played" in result.output, result.output


def test_stats_shows_a_game_type_that_looks_like_markup_as_written() -> None:
    play_match(5)
    record = stats.read()[0]
    stats.append({**record, "type": "x[/b]"})
    shown = CliRunner().invoke(main, ["stats"])
    assert shown.exit_code == 0 and "x[/b]" in shown.output, shown.output


def test_stats_command_prints_tables_and_json() -> None:
    play_match(5)
    runner = CliRunner()
    shown = runner.invoke(main, ["stats"])
    assert shown.exit_code == 0
    assert "hands played" in shown.output
    as_json = runner.invoke(main, ["stats", "--json"])
    document = json.loads(as_json.output)
    assert document["players"]["Ayşe"]["hands"] == 3
    # The table reads as a person would write it; the JSON keeps the raw figures.
    tally = document["players"]["Ayşe"]
    rate = next(line for line in shown.output.splitlines() if "open rate" in line)
    assert f"{round(tally['open_rate'] * 100)}%" in rate
    pairs = next(line for line in shown.output.splitlines() if "best pairs opening" in line)
    best_pairs = tally["best_pairs"]
    assert (f" {best_pairs} " if best_pairs else " - ") in pairs


def test_stats_shows_a_name_that_looks_like_markup_as_typed() -> None:
    """A name is text: "[/b]" in one heads its table as typed (it was read as console
    markup, and okey101 stats ended in a traceback)."""
    play_match(5, ["Ali [/b]", *NAMES[1:]])
    shown = CliRunner().invoke(main, ["stats"])
    assert shown.exit_code == 0 and "Ali [/b]" in shown.output


def test_stats_reset_asks_first() -> None:
    play_match(6)
    runner = CliRunner()
    kept = runner.invoke(main, ["stats", "--reset"], input="n\n")
    assert "Nothing deleted" in kept.output
    assert stats.read()
    gone = runner.invoke(main, ["stats", "--reset"], input="y\n")
    assert gone.exit_code == 0
    assert stats.read() == []


@pytest.mark.parametrize("empty_file", [False, True])
def test_stats_reset_with_nothing_kept_says_so_without_asking(
    data_dir: Path, empty_file: bool
) -> None:
    """No hand played yet (no file, or an empty one): --reset says there is nothing to
    delete, exit 0 (it asked "Delete all okey101 statistics?" and then deleted nothing)."""
    if empty_file:
        stats.stats_path().write_text("")
    result = CliRunner().invoke(main, ["stats", "--reset"], input="y\n")
    assert result.exit_code == 0, result.output
    assert "?" not in result.output
    assert "nothing to delete" in result.output
    assert stats.stats_path().exists() == empty_file  # nothing touched


def test_stats_reset_says_how_much_goes_and_what_stays(data_dir: Path) -> None:
    """The question gave no size, and no word of the unfinished matches and settings."""
    record = json.dumps({"seats": [{"kind": "human", "name": "Ayşe", "score": 12}]})
    stats.stats_path().write_text(f"{record}\n{record}\n", "utf-8")
    result = CliRunner().invoke(main, ["stats", "--reset"], input="n\n")
    assert result.exit_code == 0, result.output
    assert (
        "Delete all okey101 statistics (2 hands)? Unfinished matches and settings stay"
        in result.output
    ), result.output
    assert "Nothing deleted." in result.output and stats.stats_path().exists()


def test_a_table_records_every_finished_hand_and_drops_the_save_at_the_end(
    data_dir: Path,
) -> None:
    from okey_tui import storage
    from okey_tui.bots.driver import safe_action as fallback_action
    from okey_tui.ui.session import Session

    session = Session(RuleSet(hands=1), seed=8, name="Ayşe", levels=("easy", "easy", "easy"))
    session.save_path = storage.new_save_path()
    session.record_stats = True
    session.autosave()
    while not session.hand.is_over:
        if session.human_to_play:
            session.act(fallback_action(session.view()))
        else:
            session.apply_bot(*session.bot_action())
    assert session.save_path.exists()
    session.finish_hand()
    records = stats.read()
    assert len(records) == 1
    assert records[0]["seats"][0] == {
        "name": "Ayşe",
        "kind": "human",
        "score": session.match.results[0].seats[0].total,
        "opened": records[0]["seats"][0]["opened"],
    }
    assert [s["kind"] for s in records[0]["seats"][1:]] == ["easy", "easy", "easy"]
    assert "winners" in records[0]
    assert not session.save_path.exists()


def stats_titles(output: str, names: tuple[str, ...]) -> list[str]:
    """The players' table titles in ``okey101 stats``, in order (each on a line of its own)."""
    return [line.strip() for line in output.splitlines() if line.strip() in names]


def test_the_default_name_is_shown_in_the_language_of_the_screen() -> None:
    """A player who gave no name is stored as "You" and shown as the language says it
    ("Sen" in Turkish); a typed name is shown as typed; the JSON keeps the stored name."""
    play_match(9, ["You", "Bot 1", "Bot 2", "Bot 3"])
    play_match(10)
    runner = CliRunner()
    names = ("You", "Sen", "Ayşe")
    turkish = runner.invoke(main, ["--lang", "tr", "stats"])
    assert turkish.exit_code == 0
    assert stats_titles(turkish.output, names) == ["Sen", "Ayşe"]
    english = runner.invoke(main, ["--lang", "en", "stats"])
    assert stats_titles(english.output, names) == ["You", "Ayşe"]
    document = json.loads(runner.invoke(main, ["--lang", "tr", "stats", "--json"]).output)
    assert list(document["players"]) == ["You", "Ayşe"]


def test_a_table_in_turkish_records_the_default_name_as_stored() -> None:
    """The table says "Sen", but the statistics keep "You": the same player whatever the
    language of the match, and shown in the language of the screen."""
    from okey_tui import i18n
    from okey_tui.bots.driver import safe_action as fallback_action
    from okey_tui.ui.session import DEFAULT_NAME, Session

    i18n.set_language("tr")
    session = Session(RuleSet(hands=1), seed=8, name=DEFAULT_NAME, levels=("easy", "easy", "easy"))
    session.record_stats = True
    assert session.seat_name(0) == "Sen"
    while not session.hand.is_over:
        if session.human_to_play:
            session.act(fallback_action(session.view()))
        else:
            session.apply_bot(*session.bot_action())
    session.finish_hand()
    assert stats.read()[0]["seats"][0]["name"] == "You"
    assert list(stats.summarise(stats.read())) == ["You"]


def test_a_shared_terminal_records_its_default_names_as_stored() -> None:
    """At a hot-seat table in Turkish the statistics kept "Oyuncu 1", "Oyuncu 2", in
    English "Player 1", "Player 2": the same two people counted as four, and shown in
    the language of the match's day. They are stored in English and shown in the
    language of the screen; lines written the old way count with them."""
    from okey_tui import i18n
    from okey_tui.bots.driver import safe_action as fallback_action
    from okey_tui.ui.session import DEFAULT_NAME, Session

    i18n.set_language("tr")
    session = Session(RuleSet(hands=1), seed=8, name=DEFAULT_NAME, levels=("easy", "easy", "easy"))
    session.humans = [0, 2]
    session.record_stats = True
    assert (session.seat_name(0), session.seat_name(2)) == ("Oyuncu 1", "Oyuncu 2")
    while not session.hand.is_over:
        if session.human_to_play:
            session.act(fallback_action(session.view(session.hand.turn)))
        else:
            session.apply_bot(*session.bot_action())
    session.finish_hand()
    (record,) = stats.read()
    assert [record["seats"][seat]["name"] for seat in (0, 2)] == ["Player 1", "Player 2"]
    old = json.loads(json.dumps(record))  # as an older okey101 wrote it in Turkish
    old["seats"][0]["name"], old["seats"][2]["name"] = "Oyuncu 1", "Oyuncu 2"
    stats.append(old)
    summary = stats.summarise(stats.read())
    assert {name: tally.hands for name, tally in summary.items()} == {
        "Player 1": 2,
        "Player 2": 2,
    }
    runner = CliRunner()
    names = ("Player 1", "Player 2", "Oyuncu 1", "Oyuncu 2")
    turkish = runner.invoke(main, ["--lang", "tr", "stats"])
    assert stats_titles(turkish.output, names) == ["Oyuncu 1", "Oyuncu 2"]
    english = runner.invoke(main, ["--lang", "en", "stats"])
    assert stats_titles(english.output, names) == ["Player 1", "Player 2"]


def test_stats_says_what_its_figures_count_within_80_columns() -> None:
    """Five hands of an unfinished match read "matches played 0, hands played 5", and a
    mean score of 303 reads as good or bad only to who knows the sheet: the page says
    that matches count finished ones, hands every hand, and that lower is better."""
    play_match(5)
    shown = CliRunner().invoke(main, ["stats"], terminal_width=80)
    assert shown.exit_code == 0
    text = " ".join(shown.output.split())
    assert "Matches: finished ones only" in text
    assert "lower is better" in text
    assert max(len(line) for line in shown.output.splitlines()) <= 80


def test_stats_in_turkish_write_decimals_with_a_comma() -> None:
    """okey101 --lang tr stats showed "ortalama el puanı 37.8": Turkish writes 37,8."""
    play_match(9)
    document = json.loads(CliRunner().invoke(main, ["stats", "--json"]).output)
    mean = document["players"]["Ayşe"]["mean_hand_score"]
    shown = CliRunner().invoke(main, ["--lang", "tr", "stats"])
    assert shown.exit_code == 0
    written = f"{mean:g}".replace(".", ",")
    assert "," in written  # a mean with a decimal, or the test proves nothing
    assert any(written in line.split() for line in shown.output.splitlines()), shown.output


def test_every_mean_is_written_with_one_place() -> None:
    """ "68.6" beside "35" in one row: a whole mean is written "35.0", as the others are."""
    from okey_tui.commands.stats import _cell

    assert _cell("mean_hand_score", 35.0) == "35.0"
    assert _cell("mean_hand_score", 68.6) == "68.6"
    assert _cell("hands", 5) == "5"  # counts stay whole


def test_an_opening_or_finish_a_stand_in_bot_made_is_not_counted_as_the_persons() -> None:
    """At a network table a bot plays an away person's seat: the hand and its score are
    theirs, but the bot's opening and finish were counted as the person's own."""
    from okey_tui.engine.actions import parse_action
    from okey_tui.engine.scoring import score_hand
    from tests.positions import position

    hand = position(["R1 R2 R3 K13", "K1 K2", "R3 K7", "R2 K4"], openings="-/-/m101/m101")
    for text in ("open R1R2R3", "discard K13"):  # a straight out
        hand.apply(parse_action(text, hand.okey))
    result = score_hand(hand)

    def tally(stand_in: set[str]) -> stats.Tally:
        record = stats.record_of(
            result,
            match="m",
            game_type="classic",
            hand=1,
            hands=1,
            names=NAMES,
            kinds=KINDS,
            play=stats.NETWORK,
            stand_in=stand_in,
        )
        return stats.summarise(json.loads(json.dumps([record])))["Ayşe"]

    own = tally(set())
    assert (own.hands, own.opened, own.hands_won, own.straight_outs) == (1, 1, 1, 1)
    covered = tally({stats.BOT_OPENED, stats.BOT_FINISHED})
    assert (covered.hands, covered.opened, covered.hands_won, covered.straight_outs) == (
        1,
        0,
        0,
        0,
    )
    assert covered.score_sum == own.score_sum == result.seats[0].total
    assert covered.best_opening == 0 and own.best_opening > 0


def test_the_stand_in_bots_moves_are_read_from_the_hands_events() -> None:
    """The events a bot played for the seat (``bot``) say what it did: its opening, and
    the finishing discard when it was the seat's last move."""
    from types import SimpleNamespace

    from okey_tui.engine.state import EndKind, Event, Outcome
    from okey_tui.ui.remote import stand_in_of

    def table(events: list[Event], finisher: int | None):  # type: ignore[no-untyped-def]
        outcome = Outcome(EndKind.FINISH, finisher) if finisher is not None else None
        view = SimpleNamespace(outcome=outcome)
        return SimpleNamespace(events=events, seat=0, view=lambda: view)

    opened_by_bot = Event("open", 0, "opened", bot=True)
    thrown_by_bot = Event("discard", 0, "discarded", bot=True)
    thrown = Event("discard", 0, "discarded")
    others = Event("open", 1, "opened", bot=True)
    assert stand_in_of(table([opened_by_bot, thrown], 0)) == {stats.BOT_OPENED}
    assert stand_in_of(table([thrown_by_bot], 0)) == {stats.BOT_FINISHED}
    assert stand_in_of(table([thrown_by_bot, thrown], 0)) == set()  # back before the end
    assert stand_in_of(table([thrown_by_bot], 1)) == set()  # another seat finished
    assert stand_in_of(table([others], None)) == set()
