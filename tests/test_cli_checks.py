"""The command line says what it does: bad input exits 2 naming the token, never a traceback;
``okey101 saves`` lists and deletes unfinished matches."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from okey_tui import storage
from okey_tui.cli import main
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.view import PlayerView, legal_actions
from okey_tui.i18n import ngettext
from okey_tui.net.server import TableServer
from okey_tui.ui.session import Session, bot_names


def run(*args: str, stdin: str | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=stdin, env={"COLUMNS": "80"})
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize(
    ("args", "tokens"),
    [
        (["play", "--humans", "0"], ["--humans", "a number from 1 to 4, not 0"]),
        (["play", "--humans", "5"], ["--humans", "a number from 1 to 4, not 5"]),
        (["play", "--humans", "2", "--names", "A,B,C"], ["--names", "3 names", "2 people"]),
        (["play", "--names", "A,B,C,D,E"], ["--names", "5 names", "at most 4"]),
        (["play", "--names", " , "], ["--names"]),
        (["play", "--names", "Ayşe,Mehmet,ayşe"], ["--names", "ayşe is given twice"]),
        # Each person is "You" on their turn: one named so was "You" to every other too.
        (["play", "--names", "Ayşe,You"], ["--names", "You is what the table calls"]),
        (["play", "--names", "SEN,Mehmet"], ["--names", "SEN is what the table calls"]),
        (["join", "127.0.0.1", "ABCDEF", "--name", "You"], ["--name", "You is what each"]),
        (["host", "--name", " sen "], ["--name", "sen is what each player"]),
        # An empty name is refused, not dropped (",Veli" made Veli the first person).
        (["play", "--humans", "2", "--names", ",Veli"], ["--names", "name 1 is empty"]),
        (["play", "--names", "Ayşe,  ,Mehmet"], ["--names", "name 2 is empty"]),
        (["play", "--humans", "2", "--names", "Ayşe,"], ["--names", "name 2 is empty"]),
        (["play", "--hands", "4"], ["--hands", "not 4"]),
        (["play", "--name", "  "], ["--name"]),
        # A name is at most 16 characters, as host and join say (the table cut it silently).
        # --bots wizard is refused after --name: without the check, the table would open.
        (["play", "--name", "A" * 17, "--bots", "wizard"], ["--name", "A" * 17, "17", "16"]),
        # The name too long is named, before the count is checked.
        (["play", "--humans", "2", "--names", f"Ayşe,{'B' * 20},C"], ["--names", "20", "16"]),
        # --json lists; --delete and --reset print no JSON: refused, not silently ignored.
        (["saves", "--delete", "nosuchmatch", "--json"], ["--json", "--delete"]),
        (["stats", "--reset", "--json"], ["--json", "--reset"]),
        (["stats", "--reset", "-y", "--json"], ["--json", "--reset"]),
        (["play", "--side-by-side"], ["--side-by-side"]),
        (["play", "--humans", "3", "--side-by-side"], ["--side-by-side", "not 3"]),
        (["play", "--resume", "--seed", "3"], ["--resume"]),
        (["play", "--resume", "nosuchmatch"], ["--resume", "nosuchmatch"]),
        # A blank ID (an empty shell variable) is not "the latest": refused, saying so.
        (["play", "--resume", ""], ["--resume", "the ID is empty", "--resume alone"]),
        (["host", "--resume", "  "], ["--resume", "the ID is empty", "--resume alone"]),
        (["saves", "--delete", ""], ["--delete", "the ID is empty"]),
        (["stats", "-y"], ["-y", "--reset"]),
        (["stats", "--yes"], ["--yes", "--reset"]),
        (["saves", "-y"], ["-y", "--delete"]),
        (["saves", "--delete", "nosuchmatch"], ["--delete", "nosuchmatch"]),
        (["web", "--port", "70000"], ["--port", "from 0 to 65535, not 70000"]),
        (["web", "--max-visitors", "0"], ["--max-visitors", "from 1 to 500, not 0"]),
        (["web", "--idle-minutes", "0"], ["--idle-minutes", "from 0.1 to 1440, not 0"]),
        (["web", "--bot-delay", "-1"], ["--bot-delay", "from 0 to 10, not -1"]),
        # Every command's --seed, in okey101's words ("'x' is not a valid integer." was click's).
        (["web", "--seed", "x"], ["'--seed': a whole number, not x"]),
        (["play", "--seed", "x"], ["'--seed': a whole number, not x"]),
        (["host", "--seed", "1.5"], ["'--seed': a whole number, not 1.5"]),
        (
            [
                "hint",
                "--indicator",
                "B7",
                *["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12"],
            ]
            + ["K1", "K2", "K3", "K4", "K5", "K6", "K7", "K8", "K9", "K10", "K11"],
            ["23 tiles", "at most 22"],
        ),
    ],
)
def test_bad_input_exits_2_naming_the_token(args: list[str], tokens: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    for token in tokens:
        assert token in result.output


def test_hint_takes_a_starters_22_tiles() -> None:
    tiles = [
        "R1",
        "R2",
        "R3",
        "R4",
        "R5",
        "R6",
        "R7",
        "R8",
        "R9",
        "R10",
        "R11",
        "R12",
        "K1",
        "K2",
        "K3",
        "K4",
        "K5",
        "K6",
        "K7",
        "K8",
        "K9",
        "K10",
    ]
    assert run("hint", "--indicator", "B7", "--json", *tiles).exit_code == 0


def test_simulate_says_1_hand_and_its_headers_fit_80_columns_whole() -> None:
    result = run("simulate", "--matches", "1", "--hands", "1", "--seed", "2")
    assert result.exit_code == 0
    assert "1 match of 1 hand," in result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    assert "…" not in result.output
    words = result.output.split()
    for word in ("Penalties", "Straight-", "outs", "finishes", "Finish", "total", "Level"):
        assert word in words
    assert ngettext("{n} match", "{n} matches", 3).format(n=3) == "3 matches"


def test_simulate_takes_the_table_options_play_takes() -> None:
    """Seed 3 (four hard bots, one hand): seat 4 finishes; with --finisher-zero it writes 0."""
    args = ("simulate", "--matches", "1", "--hands", "1", "--seed", "3", "--seats")
    plain = json.loads(run(*args, "hard,hard,hard,hard", "--json").output)
    zero = json.loads(run(*args, "hard,hard,hard,hard", "--json", "--finisher-zero").output)
    assert (plain["rules"], zero["rules"]) == ("classic/1", "classic/1+z")
    assert [s["mean_total"] for s in plain["seats"]][3] == -101
    assert [s["mean_total"] for s in zero["seats"]] == [
        *[s["mean_total"] for s in plain["seats"]][:3],
        0,
    ]
    table = run(*args, "hard,hard,hard,hard", "--give-back-penalty", "--pairs-lay-off")
    assert table.exit_code == 0
    assert "giving back costs +101" in table.output.replace("\n", " ")
    # Without penalties a give-back is free (the engine charges nothing): not said to cost.
    free = run(*args, "hard,hard,hard,hard", "--give-back-penalty", "--no-penalty")
    assert free.exit_code == 0
    assert "no penalties" in free.output and "giving back" not in free.output, free.output


def test_no_bot_takes_a_persons_name() -> None:
    session = Session(RuleSet(hands=1), seed=1, name="Ayşe")
    names = [session.seat_name(s) for s in range(4)]
    assert names[0] == "Ayşe" and len(set(names)) == 4
    assert len({n.casefold() for n in bot_names(["ayşe", "Can", "mehmet"])} | {"ayşe"}) == 4
    assert "Can" not in bot_names(["ayşe", "Can"])
    hot = Session(RuleSet(hands=1), seed=1, name="Zeynep", humans=(0, 2), human_names=("Can",))
    names = [hot.seat_name(s) for s in range(4)]
    assert len(set(names)) == 4 and names[2] == "Can"


def unfinished(seed: int, steps: int, name: str = "Ayşe") -> storage.SaveEntry:
    match = Match(RuleSet(hands=3), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        hand = match.hand
        hand.apply(rng.choice(legal_actions(PlayerView.of(hand, hand.turn))))
    path = storage.new_save_path()
    storage.save(match, {"name": name, "levels": ["easy", "normal", "hard"]}, path)
    entry = storage.list_saves().find(path.stem)
    assert entry is not None
    return entry


def test_saves_lists_every_unfinished_match() -> None:
    assert "No unfinished matches" in run("saves").output
    a, b = unfinished(1, 3), unfinished(2, 5)
    result = run("saves")
    assert result.exit_code == 0
    for text in (a.id, b.id, "Classic", "1/3", "Ayşe", "Mehmet (normal)", "Score", "Seats"):
        assert text in result.output
    document = json.loads(run("saves", "--json").output)
    assert {s["id"] for s in document["saves"]} == {a.id, b.id}
    first = document["saves"][0]
    assert first["hand"] == 1 and first["hands"] == 3 and first["type"] == "Classic"
    assert first["seats"][0] == "Ayşe" and first["score"] == 0 and first["scores"] == [0] * 4


def test_saves_says_when_each_match_was_last_played_its_order() -> None:
    """The list is the latest played first, and said only when each match started: a
    match started at 02:47 stood above one started at 02:48, and two matches of one table
    read the same but for their IDs. It says when each was last played."""
    older, newer = unfinished(1, 3), unfinished(1, 3)
    for entry, moment in ((older, "2026-12-07 09:30"), (newer, "2026-12-06 21:15")):
        document = json.loads(entry.path.read_text("utf-8"))
        document["saved_at"] = time.mktime(time.strptime(moment, "%Y-%m-%d %H:%M"))
        entry.path.write_text(json.dumps(document), "utf-8")
    lines = run("saves").output.splitlines()
    assert "Last played" in next(line for line in lines if line.startswith("ID"))
    rows = [line for line in lines if line.startswith(("2026", "20"))]
    assert rows[0].split()[:3] == [older.id, "2026-12-07", "09:30"], rows
    assert rows[1].split()[:3] == [newer.id, "2026-12-06", "21:15"], rows
    listed = json.loads(run("saves", "--json").output)["saves"]
    assert [(s["id"], s["played"]) for s in listed] == [
        (older.id, "2026-12-07 09:30"),
        (newer.id, "2026-12-06 21:15"),
    ]


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_saves_names_the_sides_of_a_partners_match(lang: str) -> None:
    """At a partners match each seat's score is its side's: the list puts the partners of
    a side one under the other ("& Mehmet"), the side's score once, and the JSON adds the
    sides (each partner showed the side's total, and nothing said so)."""
    match = Match(RuleSet(hands=3, partners=True), seed=4)
    rng = random.Random(4)
    while not match.hand.is_over:
        hand = match.hand
        hand.apply(rng.choice(legal_actions(PlayerView.of(hand, hand.turn))))
    match.finish_hand()
    match.next_hand()
    totals = match.totals()
    path = storage.new_save_path()
    storage.save(match, {"name": "You", "levels": ["easy", "normal", "hard"]}, path)
    output = run("--lang", lang, "saves").output
    lines = output.splitlines()
    assert max(len(line) for line in lines) <= 80
    heading = "Seats" if lang == "en" else "Koltuklar"
    [column] = [line.index(heading) for line in lines if heading in line]
    [at] = [i for i, line in enumerate(lines) if line[column:].startswith(("You ", "Sen "))]
    rows = lines[at : at + 4]
    seats = [line[column:].split(" (")[0].strip() for line in rows]
    scores = [line[:column].split()[-1] if line[column - 2] != " " else "" for line in rows]
    if lang == "en":
        assert seats == ["You", "& Mehmet", "Ayşe", "& Zeynep"]
    else:  # "Sen ve Mehmet": a side in Turkish is said with "ve"
        assert seats == ["Sen", "ve Mehmet", "Ayşe", "ve Zeynep"]
    assert scores == [str(totals[0]), "", str(totals[1]), ""]
    assert totals[0] != totals[1]
    document = json.loads(run("saves", "--json").output)
    [saved] = document["saves"]
    assert saved["scores"] == totals and saved["seats"][0] == "You"
    assert saved["sides"] == [
        {"seats": [0, 2], "score": totals[0]},
        {"seats": [1, 3], "score": totals[1]},
    ]


def test_saves_shows_a_name_that_looks_like_markup_as_typed() -> None:
    """A player's name is text: "[/b]" in one is listed as typed (it was read as console
    markup, and okey101 saves ended in a traceback)."""
    unfinished(1, 3, name="Ali [/b]")
    result = run("saves")
    assert result.exit_code == 0 and "Ali [/b]" in result.output


def test_saves_shows_file_names_and_saved_words_that_look_like_markup_as_written() -> None:
    """A save's file name ("match [copy].json", copied by hand), its start time as saved
    and a set-aside file's name are text: "[copy]" was dropped from the ID, and "[/bold]"
    in a start time ended the list in a traceback (the list says when a match was last
    played now; the JSON gives the start as saved)."""
    entry = unfinished(1, 3)
    document = json.loads(entry.path.read_text("utf-8"))
    document["extra"]["started"] = "[/bold] x"
    entry.path.write_text(json.dumps(document), "utf-8")
    entry.path.rename(entry.path.with_name("match [copy].json"))
    (storage.saves_dir() / "[red]one.json").write_text("{", "utf-8")
    result = run("saves")
    assert result.exit_code == 0, result.output
    for text in ("match [copy]", "[red]one.json.corrupt-"):
        assert text in result.output, (text, result.output)
    (listed,) = json.loads(run("saves", "--json").stdout)["saves"]
    assert listed["started"] == "[/bold] x"


def test_saves_reports_a_bad_file_and_still_lists_the_others() -> None:
    good = unfinished(3, 2)
    (storage.saves_dir() / "20200101-000000-bad0.json").write_text("{", "utf-8")
    result = CliRunner().invoke(main, ["saves", "--json"])
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    assert [s["id"] for s in document["saves"]] == [good.id]
    assert len(document["set_aside"]) == 1
    assert "20200101-000000-bad0" in result.stderr and "kept as" in result.stderr


def test_resume_of_an_unknown_id_still_reports_a_save_set_aside() -> None:
    """``play --resume ID`` sets a save that cannot be read aside, as ``saves`` does, and
    says so, also when it then refuses the ID (it may be that very match): the file was
    renamed without a word, and ``saves`` had nothing more to report."""
    good = unfinished(3, 2)
    bad = storage.saves_dir() / "20200101-000000-bad0.json"
    bad.write_text("{", "utf-8")
    result = CliRunner().invoke(main, ["play", "--resume", "20200101-000000-bad0"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    said = " ".join(result.stderr.split())
    assert "the match '20200101-000000-bad0' was set aside as 20200101-000000-bad0" in said
    assert "The saved match 20200101-000000-bad0 is unusable" in result.stderr
    assert "kept as 20200101-000000-bad0.json.corrupt-" in result.stderr
    assert not bad.exists() and good.path.exists()


@pytest.mark.parametrize(
    "damaged", [b"\xff\xfe{", b"[" * 100_000 + b"]" * 100_000], ids=["not-utf8", "nested"]
)
def test_a_settings_file_that_cannot_be_read_stops_no_command(damaged: bytes) -> None:
    """Every command peeks at the settings for the language: a file that is not UTF-8 (or
    nests past Python's limit) ended even ``okey101 --help`` in a traceback. It is damaged
    settings like any other: peeked past, then kept aside and said by the one that loads it."""
    from okey_tui.settings import TableSettings, load_settings, settings_path, take_problems

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(damaged)
    for args in (["--help"], ["saves"]):
        assert run(*args).exit_code == 0
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]
    assert load_settings() == TableSettings()
    [kept] = [p for p in path.parent.iterdir() if p.name.startswith("settings.json.corrupt-")]
    assert kept.read_bytes() == damaged
    [said] = take_problems()
    assert "Your settings could not be read" in said and kept.name in said


def test_a_folder_in_the_settings_files_place_is_said_and_left() -> None:
    """A folder where settings.json should be: the defaults were played and nothing said,
    till a choice made at the table was "not remembered" in a passing note."""
    from okey_tui.settings import TableSettings, load_settings, settings_path, take_problems

    path = settings_path()
    path.mkdir(parents=True)
    (path / "mine.txt").write_text("a note\n", "utf-8")
    assert load_settings() == TableSettings()
    [said] = take_problems()
    assert "Your settings could not be read" in said and str(path) in said, said
    assert "cannot remember choices" in said, said
    assert load_settings() == TableSettings() and not take_problems()  # said once a run
    assert (path / "mine.txt").read_text("utf-8") == "a note\n"


def test_saves_delete_asks_first() -> None:
    entry = unfinished(4, 2)
    result = run("saves", "--delete", entry.id, stdin="n\n")
    assert result.exit_code == 0 and "Nothing deleted" in result.output
    assert entry.path.exists()
    # An answer that is none, then the input ends: no (it ended "Aborted!", status 1).
    result = run("saves", "--delete", entry.id, stdin="maybe\n")
    assert result.exit_code == 0 and "Nothing deleted" in result.output, result.output
    assert "not an answer" in result.output and "Aborted" not in result.output
    assert entry.path.exists()
    result = run("saves", "--delete", entry.id[:-1], stdin="y\n")  # a unique start is enough
    assert result.exit_code == 0 and f"Deleted the unfinished match {entry.id}" in result.output
    assert not entry.path.exists()
    other = unfinished(5, 2)
    # Beside it, the lock file an older okey101 left: never listed, and deleted with it.
    storage.legacy_lock_path(other.path).touch()
    assert ".lock" not in run("saves").output
    assert run("saves", "--delete", other.id, "-y").exit_code == 0
    assert list(storage.saves_dir().iterdir()) == []
    assert list(storage.lock_path(other.path).parent.iterdir()) == []


def test_json_with_delete_or_reset_is_refused_and_changes_nothing() -> None:
    """``--json`` prints a list; deleting prints none: the pair is refused before anything is
    deleted (it was ignored, and the match deleted)."""
    entry = unfinished(4, 2)
    result = run("saves", "--delete", entry.id, "-y", "--json")
    assert result.exit_code == 2 and "--json" in result.output and "--delete" in result.output
    assert entry.path.exists()


def test_saves_never_deletes_a_match_being_played() -> None:
    entry = unfinished(6, 2)
    with storage.exclusive(entry.path):
        result = run("saves", "--delete", entry.id, "--yes")
    assert result.exit_code == 1 and "Another okey101" in result.output
    assert entry.path.exists()


def test_saves_lists_the_tables_this_computer_hosted() -> None:
    """A table served with ``okey101 host`` whose match is not over is listed too (with its
    join code, the people and the bots), and how to open it again."""
    from okey_tui.net.server import TableServer

    assert "No unfinished matches" in run("saves").output
    path = storage.new_save_path(storage.hosted_dir())
    server = TableServer(RuleSet(hands=3), 7, ("easy", "hard", "easy", "normal"), save_path=path)
    server.seats[0].name, server.seats[0].token = "Deniz [/b]", "t0"
    started(server)
    assert path.exists()
    result = run("saves")
    assert result.exit_code == 0
    assert "No unfinished matches" not in result.output
    for text in (
        "Tables you hosted",
        path.stem,
        server.code,
        "1/3",
        "Deniz [/b]",
        "Mehmet (bot, hard)",
    ):
        assert text in result.output, text
    assert "okey101 host --resume" in result.output
    # An older one too, the command whole on its line at 80 columns.
    assert any(line.endswith("okey101 host --resume ID.") for line in result.output.splitlines())
    document = json.loads(run("saves", "--json").output)
    assert document["saves"] == []
    [hosted] = document["hosted"]
    assert hosted["id"] == path.stem and hosted["code"] == server.code
    assert hosted["hand"] == 1 and hosted["hands"] == 3 and hosted["type"] == "Classic"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", hosted["started"]), hosted["started"]
    assert hosted["seats"] == [
        "Deniz [/b]",
        "Mehmet (hard)",
        "Zeynep (easy)",
        "Can (normal)",
    ]
    # The keys a match's entry has, the seat a person took without a level.
    assert (hosted["game_type"], hosted["partners"], hosted["penalties"]) == (
        "classic",
        False,
        True,
    )
    assert hosted["levels"] == [None, "hard", "easy", "normal"]
    assert hosted["scores"] == [0, 0, 0, 0]
    # A local match is listed as before, with the hosted table under it.
    unfinished(1, 3)
    both = run("saves").output
    assert both.index("Unfinished matches") < both.index("Tables you hosted")


def hot_seat_unfinished() -> storage.SaveEntry:
    """A hot-seat match (Ayşe in seat 0, Veli in seat 2, opponents side by side: Veli in
    seat 1) after its first hand, so the two have different scores."""
    from okey_tui.bots.driver import play_bot_step, safe_action

    session = Session(RuleSet(hands=3), seed=5, name="Ayşe", humans=(0, 1), human_names=("Veli",))
    hand = session.hand
    while not hand.is_over:
        if hand.turn in session.humans:
            hand.apply(safe_action(session.view(hand.turn)))
        else:
            bot = session.bots[hand.turn]
            assert bot is not None
            play_bot_step(hand, bot)
    session.finish_hand()
    session.next_hand()
    path = storage.new_save_path()
    storage.save(session.match, session.save_extra(), path)
    entry = storage.list_saves().find(path.stem)
    assert entry is not None
    return entry


def test_saves_gives_every_seat_its_own_score() -> None:
    """Each seat's score stands on the line of its name, under "Score": the people's of a
    hot-seat match and the bots' too (a bot's line was blank beside a person's score, as
    if its score were not known)."""
    single = unfinished(1, 3)
    entry = hot_seat_unfinished()
    totals = entry.saved.match.totals()
    assert totals[0] != totals[1]
    out = run("saves").output
    header = next(line for line in out.splitlines() if line.startswith("ID"))
    assert "Score" in header and "Your" not in out
    row = out.splitlines()
    first = next(i for i, line in enumerate(row) if line.startswith(entry.id))
    assert re.search(rf"\b{totals[0]}\s+Ayşe\s*$", row[first]), row[first]
    assert re.search(rf"\b{totals[1]}\s+Veli\s*$", row[first + 1]), row[first + 1]
    for seat in (2, 3):  # the bots'
        line = row[first + seat]
        assert re.search(rf"\s{totals[seat]}\s+\S+ \((easy|normal|hard)\)\s*$", line), line
    at = next(i for i, line in enumerate(row) if line.startswith(single.id))
    assert re.search(r"\b0\s+Ayşe\s*$", row[at])
    for line in row[at + 1 : at + 4]:
        assert re.search(r"\s0\s+\S+ \((easy|normal|hard)\)\s*$", line), line
    turkish = run("--lang", "tr", "saves").output
    assert "Puan " in turkish and "Puanın" not in turkish


def test_saves_json_gives_each_person_of_a_hot_seat_match_their_own_score() -> None:
    """The JSON lists the people of a hot-seat match with their seat, name and score; a
    one-person match has no one there (its score is "score", as before)."""
    single = unfinished(1, 3)
    entry = hot_seat_unfinished()
    totals = entry.saved.match.totals()
    saves = {s["id"]: s for s in json.loads(run("--lang", "tr", "saves", "--json").output)["saves"]}
    hot = saves[entry.id]
    assert hot["people"] == [
        {"seat": 0, "name": "Ayşe", "score": totals[0]},
        {"seat": 1, "name": "Veli", "score": totals[1]},
    ]
    assert hot["score"] == totals[0] and hot["seats"][:2] == ["Ayşe", "Veli"]
    assert hot["scores"] == totals  # every seat's, the bots' too
    assert saves[single.id]["people"] == []
    assert set(saves[single.id]) == {
        "id",
        "started",
        "played",
        "type",
        "game_type",
        "partners",
        "penalties",
        "practice",
        "levels",
        "hand",
        "hands",
        "score",
        "scores",
        "seats",
        "people",
        "sides",  # empty: not a partners table
        "hand_done",  # false: saved during a hand
    }
    assert saves[single.id]["sides"] == []
    # The table in the keys stats --json and the flags use, as "type" says it in words
    # ("Classic"; stats said "classic"), the same in every language.
    assert hot["type"] == "Classic" and hot["game_type"] == "classic"
    assert hot["levels"] == [None, None, "normal", "normal"]
    assert (hot["partners"], hot["penalties"], hot["practice"]) == (False, True, False)


def test_the_new_table_screen_line_of_a_hot_seat_match_names_each_score() -> None:
    from okey_tui.ui.session import summarise_save

    entry = hot_seat_unfinished()
    totals = entry.saved.match.totals()
    line = summarise_save(entry).line()
    assert f"Ayşe {totals[0]}, Veli {totals[1]}" in line and "score" not in line
    assert "score 0" in summarise_save(unfinished(1, 3)).line()


def test_an_id_start_that_names_several_matches_says_so() -> None:
    """ "The start of an ID is enough" when it names one match; a start that several ids
    share is not called a match that does not exist."""
    first, second = unfinished(6, 2), unfinished(7, 2)
    start = next(
        first.id[:n] for n in range(len(first.id), 0, -1) if second.id.startswith(first.id[:n])
    )
    for args in (["saves", "--delete", start, "-y"], ["play", "--resume", start]):
        result = run(*args)
        assert result.exit_code == 2
        assert f"'{start}' starts the ids of 2 unfinished matches" in result.output
        assert first.id in result.output and second.id in result.output
        assert "there is no unfinished match" not in result.output
    assert first.path.exists() and second.path.exists()
    result = run("play", "--resume", "zz")
    assert result.exit_code == 2 and "there is no unfinished match 'zz'" in result.output
    assert "okey101 saves lists them" in result.output


def hosted_table() -> Path:
    """The save of a table served with ``okey101 host`` whose match is not over."""
    from okey_tui.net.server import TableServer

    path = storage.new_save_path(storage.hosted_dir())
    server = TableServer(RuleSet(hands=3), 7, ("easy", "hard", "easy", "normal"), save_path=path)
    server.seats[0].name, server.seats[0].token = "Deniz", "t0"
    started(server)
    return path


def test_saves_deletes_a_hosted_table_it_lists_asking_first() -> None:
    """``okey101 saves`` lists the tables this computer hosted, with their ids; ``--delete``
    takes those ids too (host --resume opens only the latest, so a table that broke up
    stayed listed for good), asks first and names what it deletes."""
    path = hosted_table()
    local = unfinished(1, 3)
    kept = run("saves", "--delete", path.stem, stdin="n\n")
    assert kept.exit_code == 0 and path.exists(), kept.output
    assert "Delete the table you hosted" in kept.output and "1/3" in kept.output
    gone = run("saves", "--delete", path.stem, stdin="y\n")
    assert gone.exit_code == 0, gone.output
    assert not path.exists() and not storage.lock_path(path).exists()
    assert "Deleted the table you hosted" in gone.output
    assert local.path.exists()
    assert path.stem not in run("saves").output


def test_an_unknown_bot_level_is_named() -> None:
    """play --bots godlike said what a right value looks like, not which word was wrong
    (simulate --seats names it)."""
    from click.testing import CliRunner

    from okey_tui.cli import main

    result = CliRunner().invoke(main, ["play", "--bots", "easy,godlike,hard"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "no bot level is called godlike" in result.output, result.output
    # A level left empty is said missing ("easy," was taken for easy, "easy,,hard" told
    # only what a right value looks like).
    for value in ("easy,", "easy,,hard", "", ",normal,hard"):
        result = CliRunner().invoke(main, ["play", "--bots", value])
        assert result.exit_code == 2 and "a bot level is missing" in result.output, value


def test_simulate_names_a_wrong_level_and_takes_the_levels_as_play_does() -> None:
    """simulate --seats foo said "give four bot levels ..., not 1", and refused the levels
    as the new-table screen names them in Turkish, which play --bots takes."""
    from click.testing import CliRunner

    from okey_tui import i18n
    from okey_tui.cli import main

    result = CliRunner().invoke(main, ["simulate", "--matches", "1", "--seats", "foo"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "no bot level is called foo" in result.output, result.output
    seats = "kolay,Kolay,zor,uzman"
    args = ["--lang", "tr", "simulate", "--matches", "1", "--hands", "1", "--json"]
    try:
        result = CliRunner().invoke(main, [*args, "--seats", seats])
    finally:
        i18n.set_language("en")
    assert result.exit_code == 0, result.output
    levels = [s["bot"] for s in json.loads(result.output)["seats"]]
    assert levels == ["easy", "easy", "hard", "expert"]


def test_the_bot_delay_takes_the_paces_by_name() -> None:
    """--bot-delay fast was refused as no number, though the new-table screen names the
    paces so; a pace by name is taken, and a refusal names them."""
    from okey_tui.cli import Pace

    assert Pace().convert("fast", None, None) == 0.3
    assert Pace().convert("Slow", None, None) == 1.2
    assert Pace().convert("0,5", None, None) == 0.5
    result = run("play", "--bot-delay", "quick")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "not quick (or a pace: instant, fast, normal, slow)" in result.output


def test_web_takes_the_paces_by_name_as_play_and_host_do() -> None:
    """okey101 web --bot-delay fast was refused ("a number from 0 to 10, not fast")."""
    from okey_tui.cli import Pace
    from okey_tui.commands.web import web

    option = next(p for p in web.params if p.name == "bot_delay")
    assert isinstance(option.type, Pace)
    result = run("web", "--bot-delay", "quick")
    assert result.exit_code == 2 and "fast" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_saves_keeps_each_start_date_on_one_line_at_80_columns(lang: str) -> None:
    """At 80 columns a listed match's start ("2026-12-05 04:27") broke over two lines
    beside a type of two words ("Classic, practice"), and in Turkish a seat's level was
    cut at the edge."""
    match = Match(RuleSet(hands=3, penalties=False), seed=4)
    settings = {"name": "Ayşe", "levels": ["easy", "normal", "hard"], "practice": True}
    storage.save(match, settings, storage.new_save_path())
    unfinished(1, 3)
    hot_seat_unfinished()
    out = run("--lang", lang, "saves").output
    starts = [s.started for s in storage.list_saves().entries]
    assert starts
    for started in starts:
        assert started in out, out
    # Nor was a seat's level cut at the edge ("Mehmet (norma"), in Turkish.
    assert all(line.count("(") == line.count(")") for line in out.splitlines()), out


def test_bad_tokens_certificates_and_tile_letters_are_explained(tmp_path) -> None:
    """join --token xyz said only "a token is the text the table gave you"; a certificate
    that is no PEM gave OpenSSL's words alone; hint's English help never said which letter
    is which colour (its Turkish did)."""
    from click.testing import CliRunner

    from okey_tui.cli import main

    result = CliRunner().invoke(main, ["join", "127.0.0.1:18501", "--token", "xyz"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "8-64 letters, digits, - and _" in result.output, result.output
    bad = tmp_path / "not-a-certificate.pem"
    bad.write_text("hello\n")
    args = ["host", "--no-seat", "--port", "0", "--cert", str(bad), "--key", str(bad)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--cert/--key" in result.output and "PEM certificate" in result.output
    result = CliRunner().invoke(main, ["hint", "--help"])
    assert "R red, Y yellow, B blue, K black" in " ".join(result.output.split())


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_saves_on_a_narrow_terminal_keeps_ids_names_and_commands_whole(lang: str) -> None:
    """At 40 columns the list of saves cut every ID ("20261207-002728-2c…": ``--resume``
    needs it whole), the start time, the hand and every seat's name ("Meh"), and broke
    "okey101 play --resume" from its "ID". Where the columns do not fit, each match is a
    block under its ID, a seat's score before its name; the hosted tables and the saves
    set aside too; at 80 columns the list stays a table."""
    a = unfinished(1, 3, name="Ayşe Nur Yılmaz")
    path = storage.new_save_path(storage.hosted_dir())
    server = TableServer(RuleSet(hands=3), 7, ("easy", "hard", "easy", "normal"), save_path=path)
    server.seats[0].name, server.seats[0].token = "Deniz", "t0"
    started(server)
    bad = storage.save_path_for("20200101-000000-bad0")
    bad.write_text("garbage\n", "utf-8")
    run("saves")  # sets it aside
    aside = next(p.name for p in bad.parent.iterdir() if ".corrupt-" in p.name)
    for width in (40, 50, 60):
        result = CliRunner().invoke(main, ["--lang", lang, "saves"], env={"COLUMNS": str(width)})
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        assert "…" not in result.output, result.output
        assert all(len(line.rstrip()) <= width for line in lines), result.output
        for whole in (a.id, path.stem, a.started, "Ayşe Nur Yılmaz", "Deniz"):
            assert whole in result.output, (width, whole, result.output)
        assert aside in result.output.replace("\n", ""), result.output  # folded, not cut
        assert "0 Ayşe Nur Yılmaz" in result.output, result.output  # its score before it
        for command in ("okey101 play --resume", "okey101 host --resume", "saves --delete"):
            assert any(command in line for line in lines), (width, command, result.output)
    wide = CliRunner().invoke(main, ["--lang", lang, "saves"], env={"COLUMNS": "80"}).output
    assert any(line.startswith(a.id + " ") for line in wide.splitlines()), wide  # a table


def started(server: TableServer) -> None:
    """Start the match as the host's table does, in its event loop: a person seated with no
    connection is a seat held from the lobby, whose grace period is timed by the loop."""

    async def start() -> None:
        server.start_match()

    asyncio.run(start())


def between_hands(seed: int, extra: dict[str, object], folder: Path | None = None) -> Path:
    """A match of 3 hands saved between its hands 2 and 3: hand 2 over and scored (its
    summary showing), hand 3 not dealt."""
    match = Match(RuleSet(hands=3), seed=seed)
    rng = random.Random(seed)
    for number in range(2):
        while not match.hand.is_over:
            hand = match.hand
            hand.apply(rng.choice(legal_actions(PlayerView.of(hand, hand.turn))))
        match.finish_hand()
        if number == 0:
            match.next_hand()
    path = storage.new_save_path(folder)
    storage.save(match, extra, path)
    return path


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_saves_says_a_hand_saved_over_is_done(lang: str) -> None:
    """A match saved while a hand's summary showed was listed "Hand 2/3", as if hand 2
    were being played; the new-table screen says "hand 2/3 done": so does the list (the
    table, the JSON and the question of --delete), a hosted table's too, in 80 columns."""
    done = between_hands(4, {"name": "Ayşe", "levels": ["easy", "normal", "hard"]})
    playing = unfinished(1, 3)
    extra = {"table": {"seats": [{"name": "Deniz"}], "levels": [None, "easy", "easy", "easy"]}}
    hosted = between_hands(5, extra, storage.hosted_dir())
    output = run("--lang", lang, "saves").output
    lines = output.splitlines()
    assert max(len(line) for line in lines) <= 80
    word = "done" if lang == "en" else "bitti"
    for match_id in (done.stem, hosted.stem):
        [at] = [i for i, line in enumerate(lines) if line.startswith(match_id)]
        end = lines[at].index("2/3") + len("2/3")  # the column is right-aligned
        assert lines[at + 1][:end].split()[-1] == word, output
    [at] = [i for i, line in enumerate(lines) if line.startswith(playing.id)]
    assert word not in "\n".join(lines[at : at + 4]) and "1/3" in lines[at]
    document = json.loads(run("saves", "--json").output)
    flags = {s["id"]: (s["hand"], s["hand_done"]) for s in document["saves"]}
    assert flags == {done.stem: (2, True), playing.id: (1, False)}
    [table] = document["hosted"]
    assert (table["id"], table["hand"], table["hand_done"]) == (hosted.stem, 2, True)
    # Its scores are the match's after two hands, as a match's entry gives them.
    saved = storage.load(hosted)
    assert saved is not None
    assert table["scores"] == saved.match.totals() and any(table["scores"])
    for match_id in (done.stem, hosted.stem):
        asked = run("saves", "--delete", match_id, stdin="n\n").output
        assert "hand 2/3 done ·" in asked and "Nothing deleted" in asked, asked
    asked = run("saves", "--delete", playing.id, stdin="n\n").output
    assert "hand 1/3 ·" in asked, asked


def test_a_hosted_table_s_seats_line_up_with_its_levels_and_scores() -> None:
    """A hosted save naming nobody in a seat (no person, no bot level) left that seat out
    of ``seats``, while ``levels`` and ``scores`` kept four: seat 2's score read as seat
    1's. Every list has a place for each seat, in seat order."""
    seats = [{"name": "Deniz"}, {}, {"name": "Ayşe"}, {}]
    extra = {"table": {"seats": seats, "levels": [None, None, "hard"]}}
    hosted = between_hands(6, extra, storage.hosted_dir())
    [table] = json.loads(run("saves", "--json").output)["hosted"]
    assert table["id"] == hosted.stem
    assert table["seats"] == ["Deniz", None, "Ayşe", None]
    assert table["levels"] == [None, None, None, None]  # a person's "hard" is no bot
    assert len(table["scores"]) == 4
    assert "Deniz" in run("saves").output  # the table still lists it
